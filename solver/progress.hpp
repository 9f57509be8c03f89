#pragma once
// Progress of a long command on stderr: on a terminal one line rewritten in place as often as
// asked; otherwise (a log, a pipe, CI) a plain line every few seconds, so that nothing is silent
// for minutes and a log is not flooded.
#include <chrono>
#include <iosfwd>
#include <memory>
#include <string>
#include <thread>

namespace arbiter {

// Seconds between progress lines off a terminal: 5, or ARBITER_PROGRESS_SECONDS when set (tests
// use a short one).
double progress_line_interval();

class Progress {
 public:
  explicit Progress(std::ostream& out, double seconds_between_lines = progress_line_interval());
  ~Progress();
  bool terminal() const { return terminal_; }
  // Cheap enough to call often: the text is built only when a line is due.
  template <class Text>
  void update(const Text& text) {
    if (due()) show(text());
  }
  void show(const std::string& line);  // prints now (rewritten in place on a terminal)
  void clear();                        // removes the in-place line on a terminal

 private:
  bool due();
  std::ostream& out_;
  bool terminal_;
  std::chrono::steady_clock::duration every_;
  std::chrono::steady_clock::time_point last_;
  bool shown_ = false;
};

// For one long step that cannot report by itself (a Z3 check): while it lives, a line
// "<what>: N s" every few seconds from a background thread, in the same manner as Progress.
class Heartbeat {
 public:
  Heartbeat(std::ostream& out, bool terminal, std::string what,
            double seconds_between_lines = progress_line_interval());
  ~Heartbeat();
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

 private:
  struct Shared;
  std::unique_ptr<Shared> shared_;
  std::thread thread_;
};

}  // namespace arbiter

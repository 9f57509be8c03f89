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

// Seconds between progress lines off a terminal: 5, or ARBITER_PROGRESS_SECONDS when set and not
// empty (tests use a short one). A value that is not a decimal number (model/core/numbers.hpp:
// "0.5", "1e3") above 0 and at most 3600 ("abc", "-1", "0", "2s", "1e9") throws InputError naming
// it; the CLI reads it once each command has read its options (cli/command.cpp, after --help), so
// that the error comes before any work and never from a worker thread.
double progress_line_interval();

// Whether stderr is a terminal that takes "\r\033[K" (a line rewritten in place): a terminal
// whose TERM is neither "dumb" nor unset. A dumb terminal (Emacs' shell, some CI consoles) showed
// the escape sequences as text; it gets the plain lines a log gets.
bool stderr_rewrites_lines();

// The columns of the terminal on stderr (80 when it does not say).
int terminal_columns();

// A status line: rewritten in place on a terminal (`in_place`), otherwise printed as a plain line
// each time. A line wider than the terminal wraps onto several rows, and "\r\033[K" clears only the
// last of them: the rows above would pile up, one copy per update. So the rows the shown line
// takes (at the terminal's width now) are all cleared.
class StatusLine {
 public:
  StatusLine(std::ostream& out, bool in_place, int (*columns)() = terminal_columns)
      : out_(out), in_place_(in_place), columns_(columns) {}
  // In place: clears the shown line, then prints this one (no newline). Otherwise: the line and a newline.
  void show(const std::string& line);
  void clear();  // in place: removes the shown line; otherwise nothing to do

 private:
  std::ostream& out_;
  bool in_place_;
  int (*columns_)();
  std::size_t shown_width_ = 0;  // characters of the line shown (UTF-8 code points)
  bool shown_ = false;
};

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
  bool terminal_;
  std::chrono::steady_clock::duration every_;
  std::chrono::steady_clock::time_point last_;
  StatusLine line_;
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

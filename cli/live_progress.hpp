#pragma once
// Progress of work that cannot report by itself (the solver's threads): a background thread asks
// `describe` for the current state and shows it like solver/progress.hpp does, in place about
// twice a second on a terminal, otherwise a full line every progress_line_interval() seconds.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

#include "solver/progress.hpp"

namespace arbiter::cli {

class LiveProgress {
 public:
  // `describe` is called from the reporter's thread and must be safe to call concurrently with
  // the work (read atomics, or take the work's lock).
  explicit LiveProgress(std::function<std::string()> describe);
  ~LiveProgress();  // stops the thread, clears the terminal line and prints the notes not yet printed
  // A line of its own on stderr (a warning) that the progress line must not overwrite or run
  // into: printed by the reporter's thread at its next turn, above the progress line. Takes no
  // lock `describe` takes, so it may be called under the work's lock.
  void note(const std::string& line);
  // Runs `print`, which writes the work's own output (rows on stdout), with the progress line off
  // the terminal while it does, and shows the line again after it: on a terminal where stdout and
  // stderr share the screen, a row would otherwise run into the line. Off a terminal it only runs
  // `print`. Takes the reporter's lock and calls `describe`: not to be called under a lock
  // `describe` takes.
  void above(const std::function<void()>& print);
  LiveProgress(const LiveProgress&) = delete;
  LiveProgress& operator=(const LiveProgress&) = delete;

 private:
  void run();
  void print_notes();  // under mutex_
  std::function<std::string()> describe_;
  bool terminal_;
  std::chrono::milliseconds period_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::mutex notes_mutex_;
  std::string notes_;  // lines, each ending in a newline, not yet printed
  StatusLine line_{std::cerr, terminal_};  // after terminal_, before thread_, which uses it
  std::thread thread_;
};

}  // namespace arbiter::cli

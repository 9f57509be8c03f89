#pragma once
// Progress of long commands on stderr: on a terminal one line rewritten in place about twice a
// second; otherwise (piped, logged) a full line every `piped_seconds`, so that a log shows the
// work is alive without flooding it.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace arbiter::cli {

class ProgressReporter {
 public:
  // `describe` is called from the reporter's thread and must be safe to call concurrently with
  // the work (read atomics, or take the work's lock).
  ProgressReporter(std::function<std::string()> describe, double piped_seconds = 5.0);
  ~ProgressReporter();  // stops the thread and clears the terminal line
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

 private:
  void run();
  std::function<std::string()> describe_;
  bool terminal_;
  std::chrono::milliseconds period_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace arbiter::cli

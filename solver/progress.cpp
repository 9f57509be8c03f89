#include "solver/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <condition_variable>
#include <iostream>
#include <mutex>

namespace arbiter {

double progress_line_interval() {
  if (const char* text = std::getenv("ARBITER_PROGRESS_SECONDS")) {
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    if (end != text && seconds > 0 && seconds < 3600) return seconds;
  }
  return 5.0;
}

Progress::Progress(std::ostream& out, double seconds_between_lines)
    : out_(out),
      terminal_(&out == &std::cerr && isatty(STDERR_FILENO) != 0),
      every_(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(terminal_ ? 0.2 : seconds_between_lines))),
      last_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { clear(); }

bool Progress::due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < every_) return false;
  last_ = now;
  return true;
}

void Progress::show(const std::string& line) {
  if (terminal_) {
    out_ << "\r\033[K" << line << std::flush;
    shown_ = true;
  } else {
    out_ << line << "\n" << std::flush;
  }
}

void Progress::clear() {
  if (terminal_ && shown_) out_ << "\r\033[K" << std::flush;
  shown_ = false;
}

struct Heartbeat::Shared {
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
};

Heartbeat::Heartbeat(std::ostream& out, bool terminal, std::string what, double seconds_between_lines)
    : shared_(std::make_unique<Shared>()) {
  const auto every = std::chrono::duration<double>(seconds_between_lines);
  thread_ = std::thread([&out, terminal, what = std::move(what), every, shared = shared_.get()] {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(shared->mutex);
    while (!shared->wake.wait_for(lock, every, [shared] { return shared->done; })) {
      const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      out << (terminal ? "\r\033[K" : "") << what << ": " << seconds << " s" << (terminal ? "" : "\n") << std::flush;
    }
  });
}

Heartbeat::~Heartbeat() {
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->done = true;
  }
  shared_->wake.notify_one();
  thread_.join();
}

}  // namespace arbiter

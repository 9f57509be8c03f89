#include "solver/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <condition_variable>
#include <iostream>
#include <mutex>

#include "model/core/errors.hpp"
#include "model/core/numbers.hpp"
#include "model/core/text.hpp"

namespace arbiter {

bool stderr_rewrites_lines() {
  if (isatty(STDERR_FILENO) == 0) return false;
  const char* term = std::getenv("TERM");
  return term != nullptr && *term != '\0' && std::string(term) != "dumb";
}

double progress_line_interval() {
  const char* text = std::getenv("ARBITER_PROGRESS_SECONDS");
  if (text == nullptr || *text == '\0') return 5.0;
  // Read as every command reads a number of seconds (model/core/numbers.hpp): "0.5" and "1e3" are
  // numbers; " 2", "-1", "inf", "nan", "0x10" and "2s" are not.
  double seconds = 0;
  if (const std::string problem = read_number(text, DecimalRange{0, false, 3600}, seconds); !problem.empty()) {
    throw InputError("ARBITER_PROGRESS_SECONDS: " + problem + " (the seconds between progress lines off a terminal)");
  }
  return seconds;
}

int terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

void StatusLine::clear() {
  if (!shown_) return;
  const std::size_t columns = static_cast<std::size_t>(std::max(columns_(), 1));
  const std::size_t rows = std::max<std::size_t>((shown_width_ + columns - 1) / columns, 1);
  out_ << "\r\033[K";
  for (std::size_t row = 1; row < rows; ++row) out_ << "\033[A\033[K";  // up a row, and clear it
  out_ << std::flush;
  shown_ = false;
}

void StatusLine::show(const std::string& line) {
  if (!in_place_) {
    out_ << line << "\n" << std::flush;
    return;
  }
  clear();
  out_ << line << std::flush;
  shown_width_ = characters(line);
  shown_ = true;
}

Progress::Progress(std::ostream& out, double seconds_between_lines)
    : terminal_(&out == &std::cerr && stderr_rewrites_lines()),
      every_(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(terminal_ ? 0.2 : seconds_between_lines))),
      last_(std::chrono::steady_clock::now()),
      line_(out, terminal_) {}

Progress::~Progress() { clear(); }

bool Progress::due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < every_) return false;
  last_ = now;
  return true;
}

void Progress::show(const std::string& line) { line_.show(line); }

void Progress::clear() { line_.clear(); }

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
    StatusLine line(out, terminal);
    std::unique_lock<std::mutex> lock(shared->mutex);
    while (!shared->wake.wait_for(lock, every, [shared] { return shared->done; })) {
      const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      line.show(what + ": " + std::to_string(seconds) + " s");
    }
    line.clear();  // what follows the step starts on a clean row
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

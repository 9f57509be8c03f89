#include "cli/live_progress.hpp"
#include "solver/progress.hpp"

#include <cstdio>
#include <iostream>

#include <unistd.h>

namespace arbiter::cli {

LiveProgress::LiveProgress(std::function<std::string()> describe)
    : describe_(std::move(describe)),
      terminal_(stderr_rewrites_lines()),
      period_(terminal_ ? std::chrono::milliseconds(500)
                        : std::chrono::milliseconds(static_cast<long>(progress_line_interval() * 1000))),
      thread_([this] { run(); }) {}

LiveProgress::~LiveProgress() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
  line_.clear();
  print_notes();
}

void LiveProgress::note(const std::string& line) {
  std::lock_guard<std::mutex> lock(notes_mutex_);
  notes_ += line + "\n";
}

void LiveProgress::above(const std::function<void()>& print) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!terminal_) {
    print();
    return;
  }
  line_.clear();
  print();
  print_notes();
  line_.show(describe_());
}

void LiveProgress::print_notes() {
  std::string notes;
  {
    std::lock_guard<std::mutex> lock(notes_mutex_);
    notes.swap(notes_);
  }
  if (notes.empty()) return;
  line_.clear();
  std::cerr << notes << std::flush;
}

void LiveProgress::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, period_, [this] { return done_; })) {
    print_notes();
    line_.show(describe_());
  }
}

}  // namespace arbiter::cli

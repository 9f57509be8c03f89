#include "cli/stop_signals.hpp"

#include <csignal>

namespace arbiter::cli {
namespace {

std::atomic<bool> stop_requested{false};
volatile std::sig_atomic_t received = 0;

extern "C" void on_stop_signal(int signal) {
  received = signal;
  stop_requested.store(true, std::memory_order_relaxed);
}

}  // namespace

const std::atomic<bool>& install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return stop_requested;
}

int stop_signal() { return received; }

}  // namespace arbiter::cli

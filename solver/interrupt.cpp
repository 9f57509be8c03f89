#include "solver/interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter {
namespace {

volatile std::sig_atomic_t g_signal = 0;
std::atomic<int> g_saving{0};

extern "C" void on_stop_signal(int signal) {
  if (g_signal != 0) _exit(128 + g_signal);
  g_signal = signal;
}

std::mutex& hooks_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::vector<std::function<void()>>& hooks() {
  static std::vector<std::function<void()>> all;
  return all;
}

// Hooks may take locks (Z3's interrupt does), which a signal handler must not: a watcher thread
// notices the flag and runs them.
void watch() {
  while (g_signal == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  {
    std::lock_guard<std::mutex> lock(hooks_mutex());
    for (const auto& hook : hooks()) hook();
  }
  // Some work does not notice the request soon (a Z3 check deep in preprocessing); after a grace
  // period the process ends anyway. Finished results are already written and flushed by then.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  if (g_saving.load() > 0) {
    const std::string note = "arbiter: saving what the search proved, for --resume (a second signal abandons it)\n";
    if (write(STDERR_FILENO, note.data(), note.size()) < 0) {
      // The note is a courtesy; the save goes on either way.
    }
    while (g_saving.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    // The saver's own thread finishes the command and exits with the interrupted status; this
    // thread gives it the time to do so.
    std::this_thread::sleep_for(std::chrono::seconds(3));
  }
  const std::string message = "arbiter: interrupted by " + stop_signal_name() +
                              "; the step under way did not stop within 3 s and was abandoned (finished results are kept)\n";
  if (write(STDERR_FILENO, message.data(), message.size()) < 0) {
    // Nothing more can be reported; the exit status still says what happened.
  }
  _exit(interrupted_exit_status());
}

}  // namespace

void install_stop_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    std::thread(watch).detach();
  });
}

void add_stop_hook(std::function<void()> hook) {
  std::lock_guard<std::mutex> lock(hooks_mutex());
  hooks().push_back(std::move(hook));
}

bool stop_requested() { return g_signal != 0; }

SavingForResume::SavingForResume() { g_saving.fetch_add(1); }
SavingForResume::~SavingForResume() { g_saving.fetch_sub(1); }

std::string stop_signal_name() {
  return g_signal == SIGINT ? "SIGINT" : g_signal == SIGTERM ? "SIGTERM" : g_signal != 0 ? "a signal" : "";
}

int interrupted_exit_status() { return g_signal == 0 ? 0 : 128 + g_signal; }

}  // namespace arbiter

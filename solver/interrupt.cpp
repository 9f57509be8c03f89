#include "solver/interrupt.hpp"

#include <time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter {
namespace {

// Set by the signal handler, read by every thread: lock-free atomics are safe in both places.
std::atomic<int> g_signal{0};
std::atomic<long long> g_first_signal_ns{0};  // CLOCK_MONOTONIC when the first stop signal came
std::atomic<int> g_saving{0};
std::atomic<const char*> g_saving_doing{kSavingTableNotice};  // the latest SavingForResume's
std::atomic<bool> g_report_at_once{false};
std::atomic<bool> g_silent{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<long long>::is_always_lock_free);

constexpr long long kRepeatWindowNs = static_cast<long long>(kRepeatWindowSeconds) * 1000000000LL;

long long monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec;
}

void write_stderr(const char* text, std::size_t length) {
  if (write(STDERR_FILENO, text, length) < 0) {
    // Nothing more can be reported; the exit status still says what happened.
  }
}

// A repeat of a stop signal soon after the first is the same stop: GNU timeout sends its signal to
// the child and then to the child's process group, so two arrive microseconds apart (before, the
// second ended the process at once, with nothing printed and a solve's table half-written). A
// repeat later than kRepeatWindowSeconds is a user who wants out now: the process ends at once.
extern "C" void on_stop_signal(int signal) {
  const long long now = monotonic_ns();
  int first = 0;
  if (g_signal.compare_exchange_strong(first, signal)) {
    g_first_signal_ns.store(now);
    return;
  }
  const long long since = g_first_signal_ns.load();
  if (since == 0 || now - since < kRepeatWindowNs) return;
  static const char message[] = "arbiter: ended at once by a second stop signal; the step under way was abandoned\n";
  write_stderr(message, sizeof message - 1);
  _exit(128 + first);
}

std::mutex& hooks_mutex() {
  static auto* mutex = new std::mutex;  // never destroyed: the watcher may outlive static destructors
  return *mutex;
}

std::vector<std::function<void()>>& hooks() {
  static auto* all = new std::vector<std::function<void()>>;
  return *all;
}

std::timed_mutex& output_mutex() {
  static auto* mutex = new std::timed_mutex;
  return *mutex;
}

std::function<std::string()>& abandon_report() {  // guarded by output_mutex()
  static auto* report = new std::function<std::string()>;
  return *report;
}

// Hooks may take locks (Z3's interrupt does), which a signal handler must not: a watcher thread
// notices the flag and runs them.
void watch() {
  while (g_signal.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  {
    std::lock_guard<std::mutex> lock(hooks_mutex());
    for (const auto& hook : hooks()) hook();
  }
  // The command's report of what finished, under the output lock, and the closing line; "" when
  // no report is set. Run once.
  const auto say_report = [](const std::string& unfinished) {
    std::string finished;
    std::unique_lock<std::timed_mutex> output(output_mutex(), std::defer_lock);
    if (output.try_lock_for(std::chrono::seconds(2)) && abandon_report()) {
      try {
        finished = abandon_report()();
      } catch (const std::exception&) {
        finished.clear();  // the closing line below is still said
      }
    }
    std::string message = "arbiter: interrupted by " + stop_signal_name();
    if (!finished.empty()) message += "; " + finished;
    if (!unfinished.empty()) message += "; " + unfinished + (finished.empty() ? " (finished results are kept)" : "");
    message += "\n";
    // At once, a report that returns "" has said it, or leaves it to the command.
    if (!g_silent.load() && !(finished.empty() && unfinished.empty())) write_stderr(message.data(), message.size());
    return output;
  };
  if (g_report_at_once.load() && !g_silent.load()) {
    say_report("");
    g_silent.store(true);  // said: nothing more, whatever happens next
  }
  // Some work does not notice the request soon (a Z3 check deep in preprocessing); after a grace
  // period the process ends anyway. Finished results are already written and flushed by then.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  if (g_saving.load() > 0) {
    const std::string note =
        std::string("arbiter: ") + g_saving_doing.load() + " (another Ctrl-C or SIGTERM now abandons it)\n";
    write_stderr(note.data(), note.size());
    while (g_saving.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    // The saver's own thread finishes the command and exits with the interrupted status; this
    // thread gives it the time to do so.
    std::this_thread::sleep_for(std::chrono::seconds(3));
  }
  // The command's report of what finished, printed here since its own thread is still in the step.
  // The output lock is kept to the end: the command's thread, should the step end now, writes
  // nothing more.
  std::unique_lock<std::timed_mutex> output;
  if (!g_silent.load()) output = say_report("the step under way did not stop within 3 s and was abandoned");
  _exit(interrupted_exit_status());
}

}  // namespace

void install_stop_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);  // one handler at a time on a thread
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // SIGHUP (the terminal closed, an ssh session dropped) is a stop like SIGTERM: before, its
    // default action ended the process with nothing said and nothing saved (exit 129). A process
    // started to ignore it (nohup, or a shell's disown -h) keeps ignoring it.
    struct sigaction hangup {};
    if (sigaction(SIGHUP, nullptr, &hangup) == 0 && hangup.sa_handler != SIG_IGN) sigaction(SIGHUP, &action, nullptr);
    std::thread(watch).detach();
  });
}

void add_stop_hook(std::function<void()> hook) {
  std::lock_guard<std::mutex> lock(hooks_mutex());
  hooks().push_back(std::move(hook));
}

std::unique_lock<std::timed_mutex> output_lock() { return std::unique_lock<std::timed_mutex>(output_mutex()); }

void set_abandon_report(std::function<std::string()> report) {
  const auto lock = output_lock();
  abandon_report() = std::move(report);
}

AbandonReport::AbandonReport(std::function<std::string()> report) { set_abandon_report(std::move(report)); }
AbandonReport::~AbandonReport() { set_abandon_report(nullptr); }

void report_stop_at_once() { g_report_at_once.store(true); }
void stay_silent_on_stop() { g_silent.store(true); }

bool stop_requested() { return g_signal.load() != 0; }

long long stop_requested_at_ns() { return g_signal.load() != 0 ? g_first_signal_ns.load() : 0; }

SavingForResume::SavingForResume(const char* doing) {
  g_saving_doing.store(doing);
  g_saving.fetch_add(1);
}
SavingForResume::~SavingForResume() { g_saving.fetch_sub(1); }

std::string stop_signal_name() {
  const int signal = g_signal.load();
  return signal == SIGINT    ? "SIGINT"
         : signal == SIGTERM ? "SIGTERM"
         : signal == SIGHUP  ? "SIGHUP"
         : signal != 0       ? "a signal"
                             : "";
}

int interrupted_exit_status() {
  const int signal = g_signal.load();
  return signal == 0 ? 0 : 128 + signal;
}

}  // namespace arbiter

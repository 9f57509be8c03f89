#pragma once
// SIGINT, SIGTERM and SIGHUP as a request to stop (SIGHUP only when not ignored: nohup keeps it so). A long command installs the handlers, polls
// stop_requested() where its finished results are safe, keeps them, and exits with
// interrupted_exit_status() so that scripts can tell an interrupted run from a finished one.
#include <functional>
#include <mutex>
#include <string>

namespace arbiter {

// Repeats of a stop signal within this many seconds of the first are the same stop (GNU timeout
// signals the child and then its process group: two arrive at once). A repeat after that ends the
// process at once, saying so on stderr.
inline constexpr int kRepeatWindowSeconds = 2;

// Idempotent.
void install_stop_handlers();
// Runs once, from an ordinary thread (never inside the signal handler), when a stop is requested:
// for work that cannot poll, such as a Z3 check in progress.
void add_stop_hook(std::function<void()> hook);
bool stop_requested();
std::string stop_signal_name();  // "SIGINT", "SIGTERM", "SIGHUP", or "" when none arrived
// When the first stop signal came, in the steady clock's nanoseconds since its epoch
// (CLOCK_MONOTONIC, which std::chrono::steady_clock reads on Linux); 0 when none came. A step cut
// short measures its seconds up to here, not up to when it stopped (the shutdown after it).
long long stop_requested_at_ns();
int interrupted_exit_status();   // 128 + the signal: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP; 0 when none

// A step that does not stop within 3 s of the request is abandoned: the process ends from another
// thread while the command's own thread is still inside it. Before that, the abandon report (if
// one is set) prints what finished, as the command would have printed it, and returns a clause for
// the closing stderr line ("" for none). It runs on the watcher thread, holding output_lock(): a
// command holds the same lock while it writes its output or changes what its report reads, so the
// two never interleave, and once the report has run the command writes nothing more.
std::unique_lock<std::timed_mutex> output_lock();
// Not to be called while holding output_lock().
void set_abandon_report(std::function<std::string()> report);
// Sets the report for its lifetime: the report may use the command's locals.
class AbandonReport {
 public:
  explicit AbandonReport(std::function<std::string()> report);
  ~AbandonReport();
  AbandonReport(const AbandonReport&) = delete;
  AbandonReport& operator=(const AbandonReport&) = delete;
};

// From now on, the abandon report runs as soon as a stop is requested (right after the hooks),
// not after the grace period, and the closing line says what it returns ("arbiter: interrupted by
// SIGTERM; <clause>"; no line for "": the command has said it, or will); should the step then
// outlast the grace period, the process ends without another word. For a process that may be killed a second after the signal: rank 0 under Open
// MPI's mpirun, which passes SIGINT and SIGTERM on and sends SIGKILL one second later. Idempotent.
void report_stop_at_once();
// From now on, a stop prints nothing of its own (the process still ends after the grace period
// when the step does not stop): for a process whose output another writes, a rank other than 0
// under mpirun (only rank 0 speaks). Idempotent.
void stay_silent_on_stop();

// While one is alive, a stop request does not end the process after its grace period: what is
// being written is what --resume needs (a solve's table can take seconds to save), or what the
// search was for (its certificate file). A repeated signal later than kRepeatWindowSeconds still
// ends the process at once. `doing` is what the notice printed after the grace period says is
// under way ("arbiter: <doing> (another Ctrl-C or SIGTERM now abandons it)"): a string literal.
inline constexpr const char* kSavingTableNotice = "saving what the search proved, for --resume";
class SavingForResume {
 public:
  explicit SavingForResume(const char* doing = kSavingTableNotice);
  ~SavingForResume();
  SavingForResume(const SavingForResume&) = delete;
  SavingForResume& operator=(const SavingForResume&) = delete;
};

}  // namespace arbiter

#pragma once
// SIGINT and SIGTERM as a request to stop. A long command installs the handlers, polls
// stop_requested() where its finished results are safe, keeps them, and exits with
// interrupted_exit_status() so that scripts can tell an interrupted run from a finished one.
#include <functional>
#include <string>

namespace arbiter {

// Idempotent. A second signal while the first is being honoured ends the process at once.
void install_stop_handlers();
// Runs once, from an ordinary thread (never inside the signal handler), when a stop is requested:
// for work that cannot poll, such as a Z3 check in progress.
void add_stop_hook(std::function<void()> hook);
bool stop_requested();
std::string stop_signal_name();  // "SIGINT", "SIGTERM", or "" when none arrived
int interrupted_exit_status();   // 128 + the signal: 130 for SIGINT, 143 for SIGTERM; 0 when none

// While one is alive, a stop request does not end the process after its grace period: what is
// being written is what --resume needs (a solve's table can take seconds to save). A second
// signal still ends the process at once.
class SavingForResume {
 public:
  SavingForResume();
  ~SavingForResume();
  SavingForResume(const SavingForResume&) = delete;
  SavingForResume& operator=(const SavingForResume&) = delete;
};

}  // namespace arbiter

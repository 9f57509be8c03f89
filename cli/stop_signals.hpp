#pragma once
// Ctrl-C and SIGTERM for long commands: the first signal asks the work to stop (searches poll the
// flag and finish their current step), finished results are kept, and the command exits with
// 128 + the signal number, as shells report a process killed by it.
#include <atomic>

namespace arbiter::cli {

// Installs the handlers (idempotent) and returns the flag they set.
const std::atomic<bool>& install_stop_handlers();
// 0 while no stop signal arrived, otherwise the signal's number.
int stop_signal();
// The exit status for a command stopped by a signal: 130 for SIGINT, 143 for SIGTERM.
inline int stopped_exit_status() { return 128 + stop_signal(); }

}  // namespace arbiter::cli

// arbiter: executable rules for the games model/registry.cpp lists, and the checks built on them.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/command.hpp"
#include "distributed/farm.hpp"
#include "model/core/errors.hpp"
#include "model/core/version.hpp"
#include "solver/interrupt.hpp"

namespace {

void print_overview() {
  std::cout << "usage: arbiter COMMAND [ARGS...]   (arbiter COMMAND --help for details; arbiter --version)\n\n"
               "commands:\n";
  auto sorted = arbiter::cli::commands();
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const auto& command : sorted) {
    std::cout << "  " << command.name << std::string(14 - std::min<std::size_t>(13, command.name.size()), ' ')
              << command.summary << "\n";
  }
  // The documents the helps name as docs/... are installed with the program (CMakeLists.txt).
  std::cout << "\ndocs/... and README.md, which the helps name, are in the source tree, and in share/doc/arbiter/ "
               "where arbiter is installed (docs/schemas/ is share/doc/arbiter/schemas/, /usr/share/doc/arbiter/schemas/ "
               "for a program in /usr/bin).\n"
               "exit statuses: 0 done, 1 a command's own \"no\" (its help says when), 2 bad input, 70 internal error, "
               "128+signal when stopped (130 SIGINT, 143 SIGTERM, 129 SIGHUP); every command's in README.md, \"Exit statuses\".\n";
}

// Only rank 0 speaks: under mpirun every rank meets the same bad input, and one line says it.
bool this_rank_reports() {
  try {
    return arbiter::distributed::world().coordinator();
  } catch (const arbiter::InputError&) {
    const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
    if (rank == nullptr) rank = std::getenv("PMI_RANK");
    return rank == nullptr || std::string(rank) == "0";
  }
}

int run(const std::vector<std::string>& words) {
  try {
    const arbiter::distributed::World& world = arbiter::distributed::world();
    if (!world.coordinator()) {
      // Only rank 0 speaks, of a stop too (the watcher's line when a step outlasts its grace period).
      arbiter::stay_silent_on_stop();
      // A rank that SIGTERM would kill at once (one idle in MPI_Finalize while rank 0 runs a command
      // alone) makes mpirun end the job: rank 0 was then killed before it could say what it kept
      // or remove the --report folder it made. Handled, the signal lets rank 0 finish its stop.
      arbiter::install_stop_handlers();
    }
    for (const auto& command : arbiter::cli::commands()) {
      if (command.name != words[0]) continue;
      if (world.size > 1 && !command.distributed) {
        // Commands without units of work run once, on rank 0; the other ranks have nothing to do.
        if (!world.coordinator()) return 0;
        std::cerr << "note: arbiter " << command.name << " does not distribute its work: rank 0 runs it alone\n";
      }
      return command.run({words.begin() + 1, words.end()});
    }
    throw arbiter::InputError("unknown command " + arbiter::quote_input(words[0]) + " (try `arbiter --help`)");
  } catch (const arbiter::distributed::Abandoned&) {
    return 2;  // rank 0 failed before handing out work and printed why
  } catch (const arbiter::InputError& error) {
    if (this_rank_reports()) std::cerr << "arbiter: error: " << error.what() << "\n";
    arbiter::distributed::abandon_workers();
    return 2;
  } catch (const boost::program_options::error& error) {
    if (this_rank_reports()) std::cerr << "arbiter: error: " << error.what() << "\n";
    arbiter::distributed::abandon_workers();
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "arbiter: internal error: " << error.what() << "\n";
    arbiter::distributed::abandon_workers();
    return arbiter::distributed::kInternalErrorExit;
  }
}

// A full disk or a closed file under standard output must not pass for a run that printed its
// result: the stream only records the failure, so look once everything is written. `status` is
// returned when everything was written, else 2 with one line saying so.
int written(int status) {
  errno = 0;
  std::cout.flush();
  // JSON and some tables are written with stdio, which keeps its own error flag.
  const bool stdio_failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!std::cout || stdio_failed) {
    int cause = errno;
    if (cause == 0) {
      // The write that failed came earlier and its reason is gone: a long text (a command's
      // help) stops the stream at its first failed write, and nothing is left to flush. One byte
      // more through the descriptor says why ('solve --help > /dev/full' gave no reason where the
      // short 'arbiter --help' said "No space left on device").
      std::clearerr(stdout);
      errno = 0;
      if (::write(STDOUT_FILENO, "\n", 1) < 0) cause = errno;
    }
    std::cerr << "arbiter: error: cannot write to standard output" << (cause != 0 ? std::string(": ") + std::strerror(cause) : "")
              << "\n";
    return 2;
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // A file past the size limit (ulimit -f, RLIMIT_FSIZE) is a write that fails, with EFBIG, as a
  // full disk's does with ENOSPC, and takes the same paths: a journal or certificate not written
  // is named and what was kept is said. SIGXFSZ's default action killed the run instead (exit 153,
  // nothing said).
  std::signal(SIGXFSZ, SIG_IGN);
  const std::vector<std::string> words(argv + 1, argv + argc);
  // --help wins over the words beside it where no command comes first: 'arbiter --threads 0 --help'
  // shows the overview (it said "unknown command '--threads'"). After a command, the command's
  // own help wins the same way (cli/command.cpp).
  const auto is_help = [](const std::string& word) { return word == "--help" || word == "-h"; };
  const bool help_before_command = !words.empty() && words[0].rfind('-', 0) == 0 &&
                                   std::any_of(words.begin(), std::find(words.begin(), words.end(), "--"), is_help);
  // 'arbiter --help solve' (or 'arbiter help solve') is solve's help: it showed the overview.
  if (words.size() >= 2 && (is_help(words[0]) || words[0] == "help")) {
    const auto& all = arbiter::cli::commands();
    if (std::any_of(all.begin(), all.end(), [&](const auto& command) { return command.name == words[1]; })) {
      const int status = run({words[1], "--help"});
      arbiter::distributed::finish();
      return written(status);
    }
  }
  if (words.empty() || help_before_command || words[0] == "help") {
    print_overview();
    // (`arbiter --help > /dev/full` exited 0, saying nothing, where every command says so.)
    if (!words.empty()) return written(0);
    std::cerr << "arbiter: error: missing COMMAND: choose one of the commands listed above\n";
    return 2;
  }
  if (words[0] == "--version") {
    if (words.size() > 1) {
      std::cerr << "arbiter: error: --version takes no arguments, got " << arbiter::quote_input(words[1]) << "\n";
      return 2;
    }
    std::cout << arbiter::version_string() << "\n"
              << "mpi: " << (arbiter::distributed::mpi_built() ? arbiter::distributed::mpi_library_version() : "not built") << "\n";
    return written(0);
  }
  const int status = run(words);
  arbiter::distributed::finish();
  return written(status);
}

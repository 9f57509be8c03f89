#pragma once
// The per-size driver behind `arbiter prove`: decides a game's claims size by size, shows progress,
// and keeps finished verdicts in a results file so that an interrupted run resumes where it
// stopped. An unknown verdict is kept with the timeout it had and tried again only with a larger
// one (or --fresh); a check cut short by SIGINT/SIGTERM is not kept and ends the run.
#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

struct ProveRequest {
  const GameDescriptor* game = nullptr;
  std::vector<std::string> claims;  // claim names; {"all"} for every claim
  int min_size = 0, max_size = 0;
  double timeout_seconds = 60;
  std::vector<std::string> rulings;  // NAME=VALUE
  bool fresh = false;                // ignore and overwrite stored verdicts
  std::string results_file;          // "" = no resuming
  // Under mpirun, the claims Z3 decides are shared among the ranks (docs/scale.md): every rank
  // must then call run_proofs with the same request, and rank 0 alone prints and keeps verdicts.
  // Off (a command that runs on rank 0 alone, such as audit): this process decides everything.
  bool shared_among_ranks = false;
  // The most positions the model's play walks in looking for a drawn game where a no-draw
  // argument fails (Claim::refuted_by_a_drawn_game), for all the sizes it tries together; audit
  // walks fewer (docs/proofs.md says what each costs).
  long draw_search_positions = 1'000'000;
};

struct ProveRow {
  std::string claim;
  int size = 0;       // for a size-independent claim: the size it was run with, which it is not about
  Verdict verdict;
  bool from_results_file = false;
  double stored_budget = 0;  // from the results file: the timeout an unknown verdict had
  std::string stored_by = {};  // from the results file: the arbiter that kept it ("" if the record is older)
  bool interrupted = false;  // the check was cut short by a stop request (the run ends here)
  // Interrupted before anything of it began (the stop came first): "not reached", not "stopped".
  // After a stop the rows left are still given, with no check begun: one decided earlier in the
  // run (as a premise) or derivable from decided premises keeps its verdict; only the rest read so.
  bool not_reached = false;
  // Decided with no query of its own (from its premises, or implied by a lemma about every size):
  // its verdict's variables and assertions are its premises', not its own.
  bool derived = false;
  bool every_size = false;   // a claim about every size at once (`size` is not its subject)
};

// What a run did with its results file: verdicts decided and appended to it, and stored ones
// reused (each claim and size once, premises included). Atomic: a command whose step under way is
// abandoned reads it from another thread (solver/interrupt.hpp).
struct ProveTally {
  std::atomic<int> kept{0};
  std::atomic<int> reused{0};
  // When the check under way began (the steady clock's nanoseconds; 0 while none is), so that the
  // row of a check abandoned after a stop request shows the seconds it ran.
  std::atomic<std::int64_t> step_started{0};
  // The seconds the check under way has run (0 while none is), up to the stop request when one
  // came: a stopped row's seconds leave out the time its check took to stop.
  double seconds_in_step() const;

  // What the run has decided so far, for the report of a run whose check under way is abandoned
  // (rows_after_abandoned): each claim's row by (claim, size; 0 for a claim about every size), and
  // the check under way (its claim and key; "" while none is). Guarded by `mutex`.
  mutable std::mutex mutex;
  std::map<std::pair<std::string, int>, ProveRow> decided;
  std::pair<std::string, int> step{};
};

// The rows of the request from the `first`-th on, as a run whose check under way was abandoned
// after a stop shows them (the driver's own thread is still in that check): a row decided before
// keeps its verdict, the abandoned check's own row reads stopped, and the rest not reached.
std::vector<ProveRow> rows_after_abandoned(const ProveRequest& request, const ProveTally& tally, std::size_t first);

// A claim about every size refuted, as far as that is shown: "refuted: counterexample at size 3;
// the claim for every size is false" (one board's counterexample, not a verdict at each size).
std::string refuted_words(const Verdict& verdict);

// How a verdict read from the results file is marked: "reused; stored by arbiter 0.4.0 (commit
// abc1234)"; "" for a verdict decided by this run.
std::string reuse_mark(const ProveRow& row);

// The claims the request names, in the game's order; throws InputError for an unknown name.
std::vector<Claim> selected_claims(const ProveRequest& request);

// The rows run_proofs shows, in its order, each as it reads when a stop cuts its step short
// ("interrupted by SIGINT"): when the step under way is abandoned, the command shows the one after
// the rows it has shown.
std::vector<ProveRow> interrupted_rows(const ProveRequest& request);

// Runs the request; on_row is called as each verdict is known. progress gets a status line per
// step (rewritten in place with '\r' when it is a terminal). A verdict that cannot be appended to
// the results file throws InputError naming the file and the reason.
// Throws InputError when `file` exists and holds text but no verdict record: another kind of file,
// which appending verdicts would damage.
void check_results_file(const std::string& file);

std::vector<ProveRow> run_proofs(const ProveRequest& request, const std::function<void(const ProveRow&)>& on_row,
                                 std::ostream& progress, bool progress_is_terminal, ProveTally* tally = nullptr);

// Where stored verdicts live unless --state says otherwise: $XDG_CACHE_HOME/arbiter, else
// ~/.cache/arbiter (as other command-line tools keep caches); InputError when neither is set.
std::string default_state_directory();
// The results file of a game in a state directory: DIR/prove-<game>.tsv.
std::string results_file_in(const std::string& state_directory, const GameDescriptor& game);
// The verdict records in a results file, for `arbiter state`: lines that are records (of any
// version), and of them the ones not used (failing their checksum, or kept without one).
struct ResultsFileCount {
  std::size_t records = 0;
  std::size_t unusable = 0;
};
ResultsFileCount count_results(const std::string& file);

}  // namespace arbiter

#pragma once
// Puzzle generation: positions from several sources, each examined by the exact solver for one
// solution (exactly one winning first move, every other move proved not to win), not trivial,
// rated, explained and stored. Generic: a game takes part through the interface alone.
//
// Determinism: candidate number i is built from (seed, i) alone and examined on one thread with
// searches of its own, and results are stored in candidate order, so the same seed gives the same
// puzzles whatever the number of threads or of MPI ranks (generate() hands candidates out through
// distributed/farm.hpp).
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/game.hpp"
#include "puzzles/puzzle.hpp"
#include "puzzles/store.hpp"

namespace arbiter::generators {

struct GeneratorOptions {
  std::string game;
  int size = 0;
  std::vector<std::string> rulings;  // NAME=VALUE overrides
  puzzles::PuzzleKind kind = puzzles::PuzzleKind::WinsWithin;
  int within = 2;  // k for WinsWithin (1..4)
  std::string theme;  // "" for any; otherwise the key move must have this theme
  // "" for either side; otherwise the side to move in every puzzle, as side_word names it
  // ("black"): the sources then cut games that side won (candidate_position).
  std::string to_move;
  std::uint64_t seed = 1;
  int threads = 1;
  // A candidate is given up when one of its searches (the quick test, the solve of all its moves)
  // needs more nodes than this: the generic test of whether a game's full solve, or a deep
  // bounded one, is in reach from the positions it offers. Node counts do not depend on timing,
  // so neither do the puzzles. The slower-win test of each wrong move gets a tenth of it.
  std::uint64_t node_budget = 400000;
  // Where a run ends although the store does not yet hold the count asked for, so that a request
  // no position can meet (a board too small for the kind) does not search for ever: after this
  // many candidates (0: no limit; deterministic) or once this many seconds have passed (0: no
  // limit; the candidates already handed out are finished). The cursor keeps what was examined,
  // so the same command continues.
  std::uint64_t max_positions = 0;
  double time_limit_seconds = 0;
};

// Which source built a candidate (candidate i uses source i mod kSources).
enum class Source : int { TruncatedRandom = 0, PlayoutGuided = 1, SolverLine = 2, ThreatAware = 3 };
inline constexpr int kSources = 4;
std::string source_name(Source source);

// Candidate position number `index` of a run (nullptr when the source found nothing to offer).
// Where options.to_move asks for a side, the sources play games until that side wins one (up to
// kGamesForASide) and cut it where that side is to move: a within-K position is cut from near the
// end of a won game, where the winner is the side with a short win, and in a game where random play
// favours one side (one side won 97.5% of one 7x7 board's random games: docs/puzzles.md, "Side to
// move") the other side was rarely the winner, so rarely to move in a puzzle. Without a side the
// candidates are those of before.
std::unique_ptr<State> candidate_position(const Game& game, const GeneratorOptions& options, std::uint64_t index);
inline constexpr int kGamesForASide = 64;

// Why a candidate did not become a puzzle, for the generator's account of where its time goes.
enum class Rejection : int {
  None = 0,       // it became a puzzle (or the run was interrupted)
  NoPosition,     // the source offered nothing, or a finished game, or a single legal move
  NoWin,          // the side to move does not win within k (kind wins: it wins at once)
  FasterWin,      // it already wins within k-1: trivial
  OverBudget,     // a search needed more nodes than the budget
  SeveralWins,    // a second winning first move
  WrongTheme,     // the key move has another theme than the one asked for
  KeyOffBoard,    // the one winning move has no place on the board (a pass, the pie swap): trivial
  NearPlyCap,     // a line of its proof, or of a wrong move's slower win, reaches the game's ply cap
  OtherSide,      // the other side is to move than the one asked for (GeneratorOptions::to_move)
};
inline constexpr int kRejections = 10;
std::string rejection_name(Rejection why);

// Everything the solver settles about one position as a puzzle of the options' kind, taken as its
// diagram shows it (State::as_shown: a history of earlier positions is dropped); nullopt when
// it is not one (no win, several winning moves, trivial, over the node budget, wrong theme, a key
// move without a place on the board, a proof that reaches the ply cap: Game::ply_cap), and
// then `why` (when given) says which. A stop request (solver/interrupt.hpp) makes it return
// nullopt with `interrupted` set.
std::optional<puzzles::Puzzle> examine(const Game& game, const State& position, const GeneratorOptions& options,
                                       bool& interrupted, Rejection* why = nullptr);

// Counts shown by the progress line (read from another thread).
struct GeneratorProgress {
  std::atomic<std::uint64_t> candidates{0};  // examined in this run (a live count: see GenerationReport)
  std::atomic<std::int64_t> stored{0};       // puzzles of this run's kind now in the store
  std::atomic<std::int64_t> stored_at_start{0};  // ... when this run began
  std::atomic<std::uint64_t> over_budget{0};     // examined and given up: a search needed more nodes
};

struct GenerationReport {
  std::int64_t stored_before = 0;
  std::int64_t stored_after = 0;
  std::uint64_t first_candidate = 0;  // where this run resumed
  std::uint64_t next_candidate = 0;   // where the next run will resume
  std::int64_t duplicates = 0;        // found again, already stored (under a symmetry or not)
  // The candidates first_candidate..next_candidate-1 that were not puzzles, by Rejection. Counted
  // as the candidates are taken in order, never as they arrive, so that the numbers do not
  // depend on how many threads or ranks examined candidates past the last one kept.
  std::array<std::uint64_t, kRejections> rejected{};
  bool interrupted = false;       // ended before the count was reached (a stop request or a limit)
  bool position_limit = false;    // ended by max_positions
  bool time_limit = false;        // ended by time_limit_seconds
  // Why the store could not be written part way (a full disk, a write lock another program held
  // past the busy timeout): the run ended there, keeping what was stored before; "" otherwise.
  std::string write_error;
  // Ended by time_limit_seconds while next_candidate's search was under way: the limit cut it
  // short after cut_seconds of search. A cut search is not kept (docs/puzzles.md), so a run that
  // examined nothing else (next_candidate == first_candidate) would stop there again under the
  // same limit.
  bool candidate_cut = false;
  double cut_seconds = 0;
  // The store's runs of the same game, size, rulings, kind, theme, side to move and seed under
  // another node budget (a run is continued by its own budget alone): each budget and its next candidate.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> other_budgets;
  // Who examined the candidates before first_candidate, as the store records it (run_history).
  std::vector<puzzles::ExaminedStretch> examined_before;
};

// Adds puzzles to the store until it holds `count` of this game, size, rulings, kind, theme and
// side to move, resuming from the run's stored cursor; stops promptly on a stop request
// (solver/interrupt.hpp), keeping every puzzle stored so far.
GenerationReport generate(puzzles::PuzzleStore& store, const GeneratorOptions& options, std::int64_t count,
                          GeneratorProgress& progress);

// A rank other than 0 of a distributed `puzzles generate` (distributed/farm.hpp): examines the
// candidates rank 0 hands out and sends back what it found; rank 0 alone runs generate().
void serve_generation(const GeneratorOptions& options);

// One thing a re-check found that no longer holds, and the stored wrong move it is about, if any
// (show marks that wrong move's line by it).
struct RecheckProblem {
  RecheckProblem(std::string what) : what(std::move(what)) {}  // about the puzzle as a whole
  RecheckProblem(std::size_t refutation, std::string move, std::string what)
      : refutation(refutation), move(std::move(move)), what(std::move(what)) {}
  std::optional<std::size_t> refutation;  // the wrong move's index in Puzzle::refutations
  std::string move;                       // ... and its text as stored
  std::string what;
  // As show, export, verify and book print it: "wrong move M: what" for a wrong move, else what.
  std::string text() const;
};

// The problems' texts separated by "; ", as every command that reports a re-check prints them.
std::string problems_text(const std::vector<RecheckProblem>& problems);

// Re-proves a stored puzzle from scratch: the solver's per-move values (fast implementation)
// give exactly the key move and the puzzle is not trivial, and check_without_search holds.
// Returns what no longer holds (empty: sound).
std::vector<RecheckProblem> recheck(const puzzles::Puzzle& puzzle);

// The part of recheck that needs no search, which `arbiter book` and `puzzles show` make for every
// puzzle they print: the stored main line plays from the position, key move first, and ends in
// the solver's win; the stored certificate has the stored SHA-256, verifies on the game's
// reference implementation (verify_certificate) and is an analysis of every legal move, of the
// puzzle's kind and bound, that proves the key move alone does what the puzzle says (a partial
// analysis or a single claim proves no "one solution"); each stored wrong move is a legal move
// other than the key move, given once, its defence plays after it, its sentence agrees with the
// move, its defence and the certificate's claims for it, and a "cannot win within K", "wins" or
// "holds a draw" names the defence the certificate refutes the move with; and the position is as its diagram
// shows it (no history: State::as_shown). Returns what no longer holds (empty:
// sound), one line each; a position that does not read back is one such problem. Where
// `keep_going` (null: never stop) says stop while the certificate is read or verified (a large one
// takes seconds), throws solver::SearchInterrupted: nothing was decided.
std::vector<RecheckProblem> check_without_search(const puzzles::Puzzle& puzzle, const std::function<bool()>& keep_going = {});

// The sentence a wrong move's claim is written as (docs/puzzles.md), the one place its wording is
// made: the generator writes it for the claim it makes, and check_without_search compares a stored
// sentence with it. The player is the one who makes `move` (its colour after it: a move that
// exchanges the players gives it the other one); an answer, the defence's first move, is named only
// where the opponent is to move after `move`. Nothing for a claim that cannot be said of the move:
// Kind::None, EndsGame for a move that does not end the game, AnswerWins without an answer.
std::optional<std::string> refutation_sentence(const Game& game, const State& position, Move move,
                                               const std::vector<std::string>& defence, const puzzles::RefutationClaim& claim);

// The theme of the puzzle's key move, State::move_theme in its position as the generator gives it,
// which its stored theme must be (check_without_search); nothing when the position or the key move
// does not read. Cheap: no search.
std::optional<std::string> key_move_theme(const puzzles::Puzzle& puzzle);

// Lower-case hex SHA-256 of the text.
std::string sha256_hex(const std::string& text);

// The difficulty level 1..5 for the measured quantities (docs/puzzles.md).
int difficulty_level(const puzzles::DifficultyMeasures& measures, puzzles::PuzzleKind kind, int within);

}  // namespace arbiter::generators

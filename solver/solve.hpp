#pragma once
// Solving a position: the value of every legal move (one unit of work each, spread over threads
// that share one table), the position's value, a principal line, and the certificate that proves
// all of it. Values never depend on the number of threads; node counts, and which of several
// winning replies a certificate names inside its tree, may.
#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "solver/certificate.hpp"
#include "solver/search.hpp"

namespace arbiter::solver {

enum class Value : std::uint8_t {
  Win,         // the side to move (at the root) wins by this move / this position
  Loss,
  Draw,
  WinWithin,   // bounded search: wins within k of its own moves
  NoWinWithin, // bounded search: every defence holds for k moves
  Unknown,     // not settled within the limits
};
std::string value_word(Value v);  // "win", "loss", "draw", "win", "no win", "unknown"
// Whether the mover wins (or, in a bounded search, wins within the bound) / does not.
inline bool is_win(Value v) { return v == Value::Win || v == Value::WinWithin; }
inline bool is_loss(Value v) { return v == Value::Loss || v == Value::NoWinWithin; }

struct SolveOptions {
  int within = 0;  // 0: exact game-theoretic value; k >= 1: "wins within k of its own moves"
  int threads = 1;
  std::size_t table_megabytes = 256;  // one table, shared by all threads
  SearchControl control;              // stop flag and deadline shared by all units
  // Where a stopped solve leaves its table's solved entries and a resumed one picks them up
  // ("" for neither): <directory>/table.
  std::string table_directory;
  // The code that proved the saved table's entries, as its identity records it with the position
  // (the command line gives the commit and a hash of the sources, cli/source_hash.hpp): a table
  // saved by other code is not read back. "": version_commit().
  std::string code_version;
  // Told, in a line, what went wrong with that table: one that did not read back whole (what it
  // lost is searched again) or could not be saved (the next --resume searches again what it held).
  // The results never depend on it. Empty: not told.
  std::function<void(const std::string&)> warn;
  // Whether exact solves extract each unit's certificate (needed for --proof, and for the
  // principal line the certificate allows). Without, a unit's value comes from the search alone
  // and its line is read off the table (Dfpn::table_line); extraction walks the whole proof tree,
  // which can cost as much as the search.
  bool certificates = true;
  // Stop once the root's value is proved. Exact: two searches share the table, df-pn of the root
  // itself (which goes to the most promising moves first and switches between them by their
  // numbers) and the root's moves taken in turn, each to its end, centre first (search_order with
  // MoveTies::MiddleFirst); on one thread they alternate in slices of nodes that double, so that
  // the move named does not depend on timing (race_root: a thread each). Proved, the first move
  // in legal order that the table shows winning is solved as a unit and named, the others are
  // reported unknown (not searched), except, without certificates, the moves the search in turn
  // refuted by the opponent's win (and their symmetric images): losses, reported (on_done) as
  // they are found, whether or not the root is then proved. Bounded (within): the moves are searched in search_order()
  // and the first winning one ends the search, so every move before it in that order is settled
  // and every move after it is reported unknown, whatever the threads did. A root without a
  // winning move is searched whole, as usual (over the table the root search filled).
  bool value_only = false;
  // value_only, exact, threads >= 2: the two searches run at once, a thread each, and the first to
  // settle the root ends both (on a 5x5 board, 1.1-1.6 s against 2.1-2.8 s alternated on one
  // thread: docs/solver.md, "The root's moves in turn"). The value is the same, but which winning
  // move is named (the first in legal order the table then shows winning), its line and the node
  // counts depend on timing, so the output may differ between runs. Off: one thread, reproducible.
  bool race_root = false;
  // value_only, exact: where the root's own search stands, for a progress report (nullptr: not
  // reported). The moves' own searches never write it.
  RootFocus* root_focus = nullptr;
  // Where exact units write their certificates as they extract them, as parts (see
  // write_certificate_parts), instead of keeping them in memory: "" for in memory. A large
  // solve's certificates take more memory than the machine has.
  std::string parts_directory;
  std::string made_by;  // what part files say wrote them
  // Exact searches leave out the moves that a threat of the opponent's within this many of its
  // moves refutes, in games whose moves are local (solver/threat_zones.hpp); 0: none.
  int threat_depth = 2;
  // Exact searches try each defence's siblings with its refutation as a model (Kawano's
  // simulation), walking at most this many positions per sibling; 0: not tried. Only proofs
  // that the table and play confirm are stored, so values never depend on it.
  long simulation_steps = kDefaultSimulationSteps;
  // Exact, not value_only: before the moves are searched, a bounded look (within 2 of the mover's
  // moves, at most 2 s of the clock) puts a move it finds winning first. For a user's solve under a
  // time limit; off for callers that budget their searches in nodes (the puzzle generator), whose
  // results must not depend on the clock and whose every candidate would pay for the look.
  bool look_for_short_wins = false;
  static constexpr long kDefaultSimulationSteps = 1000;
};

struct MoveResult {
  Move move = 0;
  std::string text;
  Value value = Value::Unknown;
  SearchStats stats;
  double seconds = 0;
  // The unit's certificate nodes; `claims` are the ids of the child position's claims in it.
  Certificate certificate;
  std::vector<int> claims;
  bool certified = false;  // certificate and claims (or parts) hold the proof of the value
  // Where the proof went to files of its own instead (write_certificate_parts): one per claim.
  struct Part {
    Claim claim;
    std::string file;  // relative to the directory of the certificate that refers to it
  };
  std::vector<Part> parts;
  // Why the unit's part files could not be written (a full disk under parts_directory), if they
  // could not: the value stands, without a certificate (certified is false).
  std::string unwritten;
  std::vector<std::string> line;  // principal line after this move (moves that follow it)
  // What finish_line said of `line` when it finished it (whether the line then ends the game), so
  // that whoever shows the line does not play it out again; nothing where it was not finished (a
  // line read off the table, or read from a journal).
  std::optional<bool> line_ends;
  bool resumed = false;  // read from an earlier run's journal (SolveJournal::load): its stats are that run's
  bool not_searched = false;  // value_only: left alone once a winning move was named (so: unknown)
};

struct SolveResult {
  Value value = Value::Unknown;  // for the side to move
  std::vector<MoveResult> moves; // in legal-move order
  SearchStats stats;              // this run's searches
  SearchStats earlier;            // of the moves settled by earlier runs (MoveResult::resumed)
  std::size_t earlier_moves = 0;  // how many those are
  double seconds = 0;
  // Entries in use at the end and entries, summed over the tables: the one df-pn table, or a
  // bounded search's (within > 0), one on each thread that searched.
  std::size_t table_used = 0;
  std::size_t table_capacity = 0;
  int tables = 0;
  // Solved entries read back from a stopped run's saved table (--resume): in use without a store
  // of this run's. stats.tt_stores counts every write of this run's searches to the table.
  std::size_t table_read_back = 0;
  bool interrupted = false;      // a stop request or the deadline cut some unit short
  std::size_t not_searched = 0;  // value_only: moves after the first winning one, left unknown
  SearchStats root_search;       // value_only: the exact search of the root itself
};

// The size in MiB of each table a search with `options` keeps (options.table_megabytes for df-pn;
// a bounded search takes at most 64, see BoundedSearch).
std::size_t table_megabytes_of(const SolveOptions& options);

// A move of `root` reported as not settled: its move and text, nothing searched or proved.
MoveResult unsettled_move(const State& root, Move move);

// How search_order breaks ties of the estimate: in legal-move order, or nearest the middle of the
// moves' places on the board first (State::move_anchor), then in legal-move order.
enum class MoveTies { LegalOrder, MiddleFirst };

// The order value_only searches the moves in (indices into the legal moves): most promising
// first by the game's estimate after the move (the mover's distance to its win less the
// opponent's), ties as `ties` says. Only which winning move is found depends on it.
std::vector<std::size_t> search_order(const State& root, const std::vector<Move>& moves,
                                      MoveTies ties = MoveTies::LegalOrder);

// Called from worker threads (serialised by the caller's lock) when a unit finishes.
using UnitDone = std::function<void(std::size_t index, const MoveResult&)>;

// Solves every legal move of `root` (which must not be over). `finished` holds units from an
// earlier run (by legal-move index) that are taken as they are instead of being searched again.
SolveResult solve_moves(const State& root, const SolveOptions& options,
                        const std::vector<std::optional<MoveResult>>& finished = {},
                        const UnitDone& on_done = {});

// One move of the root settled alone, with a table of its own (options.table_megabytes): its
// value, certificate, line and node count depend on nothing else that ran in the process, which
// is what a distributed solve needs (its units run on any rank, in any order).
MoveResult solve_move_alone(const State& root, Move move, const SolveOptions& options);

// The position's value, summed statistics (this run's and, apart, the resumed moves') and
// `interrupted` from `result.moves`.
void summarise_moves(SolveResult& result, const SolveOptions& options);

// A unit's result as text (the journal's file format, also what ranks send each other), and
// back: nullopt when the text does not read whole.
void write_move_result(std::ostream& out, const MoveResult& result);
std::optional<MoveResult> read_move_result(std::istream& in, const std::string& name);

// What a journal holds the units of: its directory's name is text_key_hex(key_text()), and its
// `identity` file (written by each run that uses it, since commit fc2f787) records these
// fields, so that `arbiter state` can say what a journal is for without the command that made it.
struct JournalIdentity {
  std::string position;      // the root's one-line form (game, size, stones, rulings not the defaults)
  int within = 0;            // --within K; 0 for an exact solve
  std::string version;       // the code that wrote the units: the command line's build_identity() (cli/source_hash.hpp)
  bool independent = false;  // moves solved alone (--independent-moves, --max-units, mpirun)
  // "POSITION|within=K|VERSION[|independent]": what the units' checksums and the folder's name key.
  std::string key_text() const;
};

// Finished units kept on disk, one file per legal-move index, so that a stopped solve resumes
// without redoing them. Files are written whole (to a temporary name, then renamed).
class SolveJournal {
 public:
  // `identity` is what the units are results of (the position, the kind of search, the code
  // version: what the directory's name is a key of); each unit file ends with a checksum of its
  // text keyed by it and by the unit's index, so that a file changed on disk, or put there from
  // another journal or place, is told from one this run's search wrote.
  explicit SolveJournal(std::string directory, std::string identity = "");
  const std::string& directory() const { return directory_; }
  // The settled units by legal-move index (marked resumed). A file there that does not read
  // back whole or fails its checksum is left out (its unit is searched again): its index and what
  // is wrong with it ("does not read back whole") are added to `damaged`.
  std::vector<std::optional<MoveResult>> load(std::size_t moves,
                                              std::vector<std::pair<std::size_t, std::string>>* damaged = nullptr) const;
  std::string path_of(std::size_t index) const;  // a unit's file
  // Throws InputError, naming the file and why, when it cannot be written (nothing is left
  // half-written).
  void save(std::size_t index, const MoveResult& result) const;
  // Whether the directory holds anything of a run: a unit's file or a saved table.
  bool holds_a_run() const;
  void clear() const;
  // Writes the `identity` file (whole, as units are); throws InputError when it cannot.
  void record_identity(const JournalIdentity& identity) const;

  // What a journal directory holds, read without searching anything: for `arbiter state`.
  struct Survey {
    // The identity file's fields, or nullopt with `identity_problem` saying why ("has no identity
    // file (written by a version before fc2f787, which added them)", "its identity file does not
    // read back whole", ...).
    std::optional<JournalIdentity> identity;
    std::string identity_problem;
    bool identity_missing = false;  // no identity file at all: written by an earlier version
    std::size_t unit_files = 0;     // files named as units are
    std::size_t units = 0;          // of them, the ones that read back whole and pass their checksum
    std::size_t damaged_units = 0;  // the ones that do not (none counted when the identity is unknown:
                                    // without it no checksum can be checked)
    std::size_t parts = 0;          // certificate part files the settled units name (--proof-parts)
    bool table = false;             // a table saved by a stopped run, for --resume
    std::uintmax_t bytes = 0;       // every file in the directory
    std::int64_t modified = 0;      // the newest modification time of the directory and its files (Unix seconds)
  };
  // Never throws for what is on disk: a journal that cannot be read is surveyed as damaged.
  static Survey survey(const std::string& directory);

 private:
  SolveJournal() = default;
  static SolveJournal unmade(std::string directory, std::string identity) {
    SolveJournal journal;
    journal.directory_ = std::move(directory);
    journal.identity_ = std::move(identity);
    return journal;
  }
  // One unit's file as load reads it; nullopt with `problem` set when it is not taken.
  std::optional<MoveResult> load_one(std::size_t index, std::string& problem) const;
  std::string directory_;
  std::string identity_;
};

// The certificate of a result: an analysis of every move when all are settled; under value_only
// (moves left unsearched) the claim that the mover wins by the first winning move found;
// otherwise (a solve stopped by its limits) a partial analysis of every settled move. Throws
// std::logic_error when nothing was proved.
Certificate analysis_certificate(const Game& game, const State& root, const SolveResult& result,
                                 const std::string& made_by);
// The same certificate written straight to `out` from the units' certificates, without a copy of
// them (a large solve's certificate takes gigabytes): its size and what kind of root it has.
struct CertificateSummary {
  int nodes = 0;
  bool analysis = false;
  bool partial = false;
};
CertificateSummary write_analysis_certificate(std::ostream& out, const Game& game, const State& root,
                                              const SolveResult& result, const std::string& made_by);

// Writes a unit's proof as certificates of their own, one per claim, rooted at the position after
// its move, in `directory` (created if need be), named after the move's text; returns
// the parts, with their file names relative to `directory`'s parent (where the certificate that
// refers to them is written). An analysis certificate lists such a unit's claims as part nodes.
// A unit's result whose proof is in `parts`: everything but its certificate, which is not copied.
MoveResult with_parts(const MoveResult& unit, std::vector<MoveResult::Part> parts);
std::vector<MoveResult::Part> write_certificate_parts(const Game& game, const State& root, const MoveResult& unit,
                                                      const std::string& directory,
                                                      const std::string& made_by);

// The longest line the certificate allows from node `id` (the chooser's named move, the
// defence that lasts longest), as move texts.
std::vector<std::string> principal_line(const Certificate& certificate, int id);
// Plays `line` from `from`; where a side to move on it can win at once but the line plays another
// move, the line ends with that win instead (the first in legal order). Where it stops at a
// position in which every reply loses at once (a certificate answers such replies with one move,
// its default answer, instead of listing them), adds a reply and the move that wins after it (or
// a reply alone, when each one ends the game lost). Says whether the line then ends the game.
bool finish_line(const State& from, std::vector<std::string>& line);

}  // namespace arbiter::solver

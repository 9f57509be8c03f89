#pragma once
// The puzzle store: one SQLite file holding verified puzzles (puzzles/puzzle.hpp) and, per
// generator run, how far the run got, so that a stopped run resumes where it stopped. Every write
// is one transaction, so a run killed at any moment leaves whole puzzles or none. Generic: a
// puzzle's canonical form is computed through the game interface (State::canonical_key).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/version.hpp"
#include "puzzles/puzzle.hpp"

struct sqlite3;

namespace arbiter::puzzles {

// Which puzzles to read. Order is fixed: by game, then difficulty, then id.
struct PuzzleQuery {
  std::string game;  // "" for every game
  int min_difficulty = 1, max_difficulty = 5;
  int limit = 0;     // 0 for no limit
  std::string theme; // "" for any theme
  // "" for either side; otherwise only the puzzles whose position has this side to move, as
  // side_word names it ("black"). Read from the position: a row whose position does not read
  // has no side to move.
  std::string to_move;
};

// One generator run, identified by everything that decides which puzzles it produces (the node
// budget too: a candidate one budget gives up may be a puzzle under a larger one); `next` is the
// first candidate number it has not yet examined.
struct RunCursor {
  std::string game;
  int size = 0;
  std::vector<std::string> rulings;
  PuzzleKind kind = PuzzleKind::WinsWithin;
  int within = 0;
  std::string theme;
  std::string to_move;  // "" for either side, else side_word's ("black"): GeneratorOptions::to_move
  std::uint64_t seed = 0;
  std::uint64_t node_budget = 0;
  std::uint64_t next = 0;
  // The arbiter version that moves the cursor (insert_batch records it with the candidates it
  // examined): this build's, unless a test plays another.
  std::string version = version_string();
};

// A stretch of a run's candidates, first..next-1, and the arbiter version that examined them
// ("" for one that recorded none: every version before the runs table's examined_by column, of
// 29 November 2026). A newer generator may judge a candidate differently (accept one an older
// refused, or refuse one it accepted, or even draw another position under the same number), so a
// run continued by another version says who examined the candidates it does not examine again.
struct ExaminedStretch {
  std::uint64_t first = 0, next = 0;
  std::string version;
};

std::string kind_name(PuzzleKind kind, int within);  // "within-2", "wins"
// The kinds a puzzle can be: within-1 .. within-kMaxWithin, and wins.
constexpr int kMaxWithin = 4;
// Reads a kind's name ("within-2", "wins"; within is 0 for wins); false for any other text.
bool kind_from_name(const std::string& name, PuzzleKind& kind, int& within);
std::string known_kinds();  // "within-1 .. within-4, wins"

// A stored row that does not read as a puzzle (a field changed by other software).
struct DamagedRow {
  std::int64_t id = 0;
  std::string what;  // "puzzle 4 has a damaged field main_line: 'e2 a2' is not a JSON list of moves"
};

// The SQLite URI that opens `path` as immutable (read-only media, where the -shm file of a
// write-ahead log cannot be created): "file:" and the path, each byte other than an unreserved
// character or '/' written %XX, then "?immutable=1".
std::string immutable_uri(const std::string& path);

// A writer's store no longer named by its path (renamed, or removed, during the run): what was
// committed before is in the file the writer opened, wherever it now is; the rest is rolled back.
// An InputError, so that a caller that does not look for it still ends with its one line.
class StoreMoved : public InputError {
 public:
  using InputError::InputError;
  bool removed = false;  // the file has no name left: what this run stored is lost with it
  // Where the name names nothing: the store's -wal and -shm beside it that were left, and why (they
  // are removed where they are the ones the writer's connection opened); empty when none was.
  std::string left_behind;
};

class PuzzleStore {
 public:
  // The schema version this code writes (PRAGMA user_version). Version 1 (before 28 November 2026)
  // kept no node budget with a run's cursor; versions 1 and 2 (before 29 November 2026) no claim
  // beside a wrong move's sentence (Refutation::claim); versions 1 to 3 no side to move in a run's
  // key (RunCursor::to_move). All are read as they are, each claim read from its sentence
  // (claim_of_sentence), and a writer upgrades them: version 1's runs get the only default budget
  // there was, kVersion1NodeBudget, every wrong move the claim of its sentence, read once, and
  // every run the side to move it had, either ("").
  static constexpr int kSchemaVersion = 4;
  static constexpr std::uint64_t kVersion1NodeBudget = 400000;
  // The first arbiter builds that read kSchemaVersion (main's merge of schema 4): a build before it
  // refuses a store once a writer has upgraded it ("schema version 4, this arbiter reads versions
  // 1 to 3"), which `puzzles generate` says when it upgrades one. Schema 4 keys a run by its side
  // to move: a build before it would read a run of either side as the run of one side, and
  // continue it (a runs table keyed as before has one cursor for all three).
  static constexpr const char* kSchemaFirstReader = "commit 70c9b5e (29 November 2026)";

  // Opens (or, when allowed, creates) the store at `path`; when creating is allowed (a writer), a
  // store of schema version 1 to 3 is upgraded. Throws InputError, one line naming the
  // file, for a missing file, an unreadable or corrupt one, or one of another schema version;
  // when not creating, also for an empty file (nothing is written into a file only read). When not
  // creating, the file is opened read-only, as immutable where it cannot be written (read-only
  // media, a folder the user cannot write: immutable_uri).
  // `option`, when given (the CLI's "--db"), names the file in those messages as the user gave it.
  // A writer holds an exclusive flock on the file itself (not on its name) while it is open: a
  // second writer that reaches the same file under another name (a hard link, the name it was
  // renamed to) is refused, an InputError; SQLite's own locks are fcntl locks, which Linux keeps
  // apart from flock, and a write-ahead log is per name, so two names would each have one.
  // A writer's upgrade keeps the runs' examined_by records; a runs table without the column
  // (schema 2, or 3 before the column) gets it, empty: its candidates then read as examined by an
  // earlier version.
  static PuzzleStore open(const std::string& path, bool create_if_missing, const std::string& option = "");

  PuzzleStore(PuzzleStore&&) noexcept;
  PuzzleStore& operator=(PuzzleStore&&) noexcept;
  ~PuzzleStore();

  struct Added {
    std::int64_t id = 0;
    bool inserted = false;  // false: an equal puzzle was already stored, `id` is that one's
  };
  // Stores one puzzle in one transaction. A puzzle equal to a stored one (same game, size,
  // rulings, kind, bound and position up to the game's symmetries) is not stored again.
  Added insert(const Puzzle& puzzle);
  std::int64_t add(const Puzzle& puzzle) { return insert(puzzle).id; }
  // Stores the puzzles and moves the run's cursor, all in one transaction; the candidates from the
  // stored cursor to cursor.next are recorded as examined by cursor.version.
  std::vector<Added> insert_batch(const std::vector<Puzzle>& puzzles, const RunCursor& cursor);

  // The puzzles the query matches. A damaged row is an InputError naming the store, the (first)
  // damaged puzzle and its field.
  std::vector<Puzzle> select(const PuzzleQuery& query) const;
  // The same, but a damaged row is added to `damaged` and the read goes on (`puzzles verify`).
  std::vector<Puzzle> select(const PuzzleQuery& query, std::vector<DamagedRow>& damaged) const;
  std::optional<Puzzle> find(std::int64_t id) const;
  // Puzzles of this game, size, rulings, kind and bound (and theme, and side to move, unless "").
  std::int64_t count(const RunCursor& run) const;
  // The cursor stored for this run (its `next`), or 0 when the run never stored one.
  std::uint64_t run_next(const RunCursor& run) const;
  // Who examined the run's candidates 0..run_next(run)-1: stretches in order, covering them all,
  // "" for those no version was recorded for; empty for a run that never stored a cursor.
  std::vector<ExaminedStretch> run_history(const RunCursor& run) const;
  // The stored runs that differ from `run` in their node budget alone, by budget.
  std::vector<RunCursor> runs_with_other_budgets(const RunCursor& run) const;
  std::int64_t total() const;

  const std::string& path() const { return path_; }
  // A writer's check that its path still names the file it opened (device and inode); throws
  // StoreMoved, naming what became of it, when not. insert and insert_batch make it before each
  // commit (rolling back); a caller makes it again before it reports success.
  void check_still_named() const;
  // The schema version this writer's open upgraded the file from (1 to 3), or 0 when it did not
  // (a new store, one of this version, or a reader).
  int upgraded_from() const { return upgraded_from_; }

  // The string two equal puzzles share: the game's canonical key of the position, in hex.
  static std::string canonical_form(const Puzzle& puzzle);

 private:
  PuzzleStore(sqlite3* db, std::string path, std::string name);
  void execute(const char* sql) const;
  void add_claims();  // the upgrade from versions 1 and 2: every wrong move's claim, from its sentence
  void key_runs_by_side();  // the upgrade from versions 2 and 3: runs keyed by their side to move too
  Added insert_one(const Puzzle& puzzle);
  [[noreturn]] void fail(const std::string& what) const;

  sqlite3* db_ = nullptr;
  int file_lock_ = -1;  // a writer's descriptor of the file, flocked; closed after db_
  std::string path_;
  std::string name_;  // how errors name the file: "puzzle database 'PATH'" or "--db 'PATH'"
  int version_ = kSchemaVersion;  // the file's schema version, as read
  int upgraded_from_ = 0;
};

}  // namespace arbiter::puzzles

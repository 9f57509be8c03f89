#include "puzzles/store.hpp"

#include <sqlite3.h>
#include <pwd.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/puzzle_json.hpp"

namespace arbiter::puzzles {
namespace {

using nlohmann::json;

// Columns after id, in the order every statement below uses them.
constexpr const char* kColumns =
    "game, size, rulings, position, canonical, kind, within, theme, key_move, main_line, refutations, "
    "difficulty, solver_nodes, solution_plies, tempting_moves, defences, certificate, certificate_sha256, "
    "seed, version";

// A run's cursor, keyed by everything that decides its puzzles (version 2: the node budget too;
// version 4: the side to move, "" for either). examined_by (added within version 3; NULL before,
// and in a row a build without it wrote) is who examined the candidates before `next`: a JSON
// list of [first, next, version] stretches, in order (ExaminedStretch).
constexpr const char* kRunsTable = R"(CREATE TABLE runs (
  game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL, kind TEXT NOT NULL,
  within INTEGER NOT NULL, theme TEXT NOT NULL, seed INTEGER NOT NULL, node_budget INTEGER NOT NULL,
  to_move TEXT NOT NULL, next INTEGER NOT NULL, examined_by TEXT,
  PRIMARY KEY (game, size, rulings, kind, within, theme, seed, node_budget, to_move));
)";
// The key columns of a run, matched as ?1..?9 (bind_run_key), with its node budget (`budget`: "=" or
// "<>"). A runs table before schema 4 (a reader's) keys no side to move: each of its runs is one of
// either side ("").
std::string run_key(int version, const std::string& budget = "=") {
  return "game=?1 AND size=?2 AND rulings=?3 AND kind=?4 AND within=?5 AND theme=?6 AND seed=?7 AND node_budget" + budget +
         "?8 AND " + (version >= 4 ? "to_move=?9" : "?9=''");
}

const std::string kSchema = R"(
CREATE TABLE puzzles (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL,
  position TEXT NOT NULL, canonical TEXT NOT NULL,
  kind TEXT NOT NULL, within INTEGER NOT NULL, theme TEXT NOT NULL,
  key_move TEXT NOT NULL, main_line TEXT NOT NULL, refutations TEXT NOT NULL,
  difficulty INTEGER NOT NULL, solver_nodes INTEGER NOT NULL, solution_plies INTEGER NOT NULL,
  tempting_moves INTEGER NOT NULL, defences INTEGER NOT NULL,
  certificate TEXT NOT NULL, certificate_sha256 TEXT NOT NULL,
  seed INTEGER NOT NULL, version TEXT NOT NULL,
  UNIQUE (game, size, rulings, canonical, kind, within));
CREATE INDEX puzzles_by_difficulty ON puzzles (game, difficulty, id);
)" + std::string(kRunsTable);

// Version 1's runs, keyed without the node budget, get the one default budget version 1 had (a
// run given another --node-budget then is continued from 0 by that budget); versions 1 to 3 keyed
// no side to move: every run was one of either side ("").
const std::string kUpgradeFrom1 = "ALTER TABLE runs RENAME TO runs_version_1;\n" + std::string(kRunsTable) +
                                  "INSERT INTO runs (game, size, rulings, kind, within, theme, seed, node_budget, to_move, next) "
                                  "SELECT game, size, rulings, kind, within, theme, seed, " +
                                  std::to_string(PuzzleStore::kVersion1NodeBudget) +
                                  ", '', next FROM runs_version_1;\n"
                                  "DROP TABLE runs_version_1;\n";
// Versions 2 and 3's runs (with examined_by) become runs of either side.
const std::string kKeyRunsBySide = "ALTER TABLE runs RENAME TO runs_version_3;\n" + std::string(kRunsTable) +
                                   "INSERT INTO runs (game, size, rulings, kind, within, theme, seed, node_budget, to_move, next, "
                                   "examined_by) SELECT game, size, rulings, kind, within, theme, seed, node_budget, '', next, "
                                   "examined_by FROM runs_version_3;\n"
                                   "DROP TABLE runs_version_3;\n";

std::string join_json(const std::vector<std::string>& items) { return json(items).dump(); }

// SQLite's words for the last error on `db`, `message`, and for a write or read the system
// refused, the system's reason: "disk I/O error" alone was all a file past the size limit (ulimit
// -f: EFBIG) said. SQLite keeps the reason only for some failures (sqlite3_system_errno was 0 for
// a failed write to the write-ahead log); then, for an I/O error, it is this thread's errno
// (`errno_now`, read before anything else), when that is a reason a write fails: other values
// may be left by calls SQLite expects to fail (a journal that is not there).
std::string error_words(sqlite3* db, const std::string& message, int errno_now) {
  const int code = sqlite3_extended_errcode(db) & 0xff;
  int cause = sqlite3_system_errno(db);
  const bool write_failure = errno_now == EFBIG || errno_now == ENOSPC || errno_now == EDQUOT || errno_now == EIO;
  if (cause == 0 && code == SQLITE_IOERR && write_failure) cause = errno_now;
  if ((code != SQLITE_IOERR && code != SQLITE_FULL) || cause == 0) return message;
  return message + " (" + std::strerror(cause) + ")";
}

// SQLite's "attempt to write a readonly database" for a writer whose -wal or -shm file belongs
// to another user: a reader in a shared folder made them (SQLite reads a store in WAL mode through
// its -shm, and makes both where it can), with the store's permissions but its own owner, and a
// writer cannot write through them. The message then says so (it named no cause before); else "".
std::string foreign_log_note(sqlite3* db) {
  if ((sqlite3_errcode(db) & 0xff) != SQLITE_READONLY || sqlite3_db_readonly(db, "main") != 0) return "";
  const char* file = sqlite3_db_filename(db, "main");
  if (file == nullptr || *file == '\0') return "";
  for (const char* ending : {"-shm", "-wal"}) {
    const std::string log = std::string(file) + ending;
    struct stat info{};
    if (::stat(log.c_str(), &info) != 0 || info.st_uid == ::geteuid()) continue;
    const struct passwd* owner = ::getpwuid(info.st_uid);
    return " (" + quote_input(log) + " belongs to another user, " +
           (owner != nullptr ? std::string(owner->pw_name) : "uid " + std::to_string(info.st_uid)) +
           ", who opened the store here, and this user cannot write through it: while no run uses the store, "
           "its owner or the folder's can remove the store's -wal and -shm files, or make them writable to this user)";
  }
  return "";
}

// One prepared statement; errors name the store's file (`name`, as the store names it).
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql, const std::string& name) : db_(db), name_(name) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& text) {
    check(sqlite3_bind_text(stmt_, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int i, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_, i, value));
    return *this;
  }
  // Binds the values to ?1, ?2, ... in order.
  template <class... Values>
  Statement& bind_all(const Values&... values) {
    int index = 0;
    (bind(++index, values), ...);
    return *this;
  }
  Statement& bind(int i, int value) { return bind(i, static_cast<std::int64_t>(value)); }
  // True while a row is available.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail();
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
  std::string text(int column) const {
    const auto* p = sqlite3_column_text(stmt_, column);
    return p == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(p),
                                                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail();
  }
  [[noreturn]] void fail() const {
    const int cause = errno;
    throw InputError(name_ + ": " + error_words(db_, sqlite3_errmsg(db_), cause) + foreign_log_note(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  const std::string& name_;
};

// Whether the store's `table` has `column` (one added within a schema version may be missing).
bool has_column(sqlite3* db, const std::string& table, const std::string& column, const std::string& name) {
  Statement info(db, "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2", name);
  info.bind(1, table).bind(2, column);
  info.step();
  return info.integer(0) > 0;
}

// What a file claiming a schema version (its user_version) lacks of that version's tables: "" when
// nothing, else "no table 'runs'" or "no column 'game' in table 'puzzles'". Another program's file
// may carry a user_version of 1 to 4 too; read as a store, it failed with SQLite's own words
// ("no such column: game").
std::string missing_from_schema(sqlite3* db, std::int64_t version, const std::string& name) {
  std::vector<std::string> puzzles = {"id"}, runs = {"game", "size", "rulings", "kind", "within", "theme", "seed", "next"};
  std::istringstream columns(kColumns);
  for (std::string column; std::getline(columns, column, ',');) {
    puzzles.push_back(column.substr(column.find_first_not_of(' ')));
  }
  if (version >= 2) runs.push_back("node_budget");
  if (version >= 4) runs.push_back("to_move");
  for (const auto& [table, wanted] : {std::pair{std::string("puzzles"), puzzles}, std::pair{std::string("runs"), runs}}) {
    Statement info(db, "SELECT name FROM pragma_table_info(?1)", name);
    info.bind(1, table);
    std::vector<std::string> have;
    while (info.step()) have.push_back(info.text(0));
    if (have.empty()) return "no table '" + table + "'";
    for (const std::string& column : wanted) {
      if (std::find(have.begin(), have.end(), column) == have.end()) return "no column '" + column + "' in table '" + table + "'";
    }
  }
  return "";
}

// Binds a run's key to ?1..?9, in run_key's order.
void bind_run_key(Statement& statement, const RunCursor& run) {
  statement.bind(1, run.game).bind(2, run.size).bind(3, join_json(run.rulings)).bind(4, kind_name(run.kind, run.within));
  statement.bind(5, run.within).bind(6, run.theme).bind(7, static_cast<std::int64_t>(run.seed));
  statement.bind(8, static_cast<std::int64_t>(run.node_budget)).bind(9, run.to_move);
}

// The stretches of a stored examined_by (text, "" for NULL) covering candidates 0..next-1 in order:
// what it records, and "" (no version recorded) for the rest. A record that does not read, or
// does not fit the cursor (a build without the column moved it), keeps what fits.
std::vector<ExaminedStretch> read_history(const std::string& text, std::uint64_t next) {
  std::vector<ExaminedStretch> recorded;
  const json list = json::parse(text.empty() ? "[]" : text, nullptr, false);
  if (list.is_array()) {
    for (const json& item : list) {
      if (!item.is_array() || item.size() != 3 || !item[0].is_number_unsigned() || !item[1].is_number_unsigned() ||
          !item[2].is_string()) {
        continue;
      }
      recorded.push_back({item[0].get<std::uint64_t>(), item[1].get<std::uint64_t>(), item[2].get<std::string>()});
    }
  }
  std::vector<ExaminedStretch> out;
  std::uint64_t at = 0;
  const auto add = [&out](std::uint64_t first, std::uint64_t end, const std::string& version) {
    if (first >= end) return;
    if (!out.empty() && out.back().version == version && out.back().next == first) {
      out.back().next = end;
    } else {
      out.push_back({first, end, version});
    }
  };
  for (const ExaminedStretch& stretch : recorded) {
    if (stretch.first < at || stretch.next > next || stretch.first >= stretch.next) continue;
    add(at, stretch.first, "");
    add(stretch.first, stretch.next, stretch.version);
    at = stretch.next;
  }
  add(at, next, "");
  return out;
}

std::string history_text(const std::vector<ExaminedStretch>& stretches) {
  json list = json::array();
  for (const ExaminedStretch& stretch : stretches) {
    if (!stretch.version.empty()) list.push_back(json::array({stretch.first, stretch.next, stretch.version}));
  }
  return list.dump();
}

// Whether a stored position has the side to move PuzzleQuery::to_move and RunCursor::to_move ask
// for ("" for either), read through its game, made once per game, size and rulings. A position
// that does not read has none: `unreadable`, when given, then gets why, so that a selection reports
// the row as damaged rather than leaving it out in silence (`verify --to-move` said "13 hold" of a
// store with 14, one of them broken).
class SideToMove {
 public:
  explicit SideToMove(std::string to_move) : to_move_(std::move(to_move)) {}
  bool matches(const std::string& game, int size, const std::vector<std::string>& rulings, const std::string& position,
               std::string* unreadable = nullptr) {
    if (to_move_.empty()) return true;
    std::unique_ptr<Game>& made = games_[game + " " + std::to_string(size) + " " + join_json(rulings)];
    try {
      if (!made) made = make_game(find_game(game), size, rulings);
      return side_word(made->descriptor(), made->parse_position(position)->side_to_move()) == to_move_;
    } catch (const InputError& e) {
      if (unreadable != nullptr) *unreadable = e.what();
      return false;
    }
  }

 private:
  std::string to_move_;
  std::map<std::string, std::unique_ptr<Game>> games_;
};

// A field of a row that does not read: `field` is its column, `problem` says what is wrong in the
// user's words (never the JSON library's).
struct DamagedField {
  std::string field, problem;
};

// The stored text, quoted and cut short: enough to recognise it.
std::string stored_text(const std::string& text) {
  return quote_input(text.size() > 40 ? text.substr(0, 37) + "..." : text);
}

// The kind and its bound, which the row keeps twice (kind "within-2", within 2): both must be a
// kind this arbiter makes, and agree.
void kind_fields(const std::string& name, std::int64_t stored_within, Puzzle& p) {
  if (!kind_from_name(name, p.kind, p.within)) {
    throw DamagedField{"kind", stored_text(name) + " is not a puzzle kind (known: " + known_kinds() + ")"};
  }
  if (stored_within != p.within) {
    throw DamagedField{"within", std::to_string(stored_within) + " does not agree with its kind " + quote_input(name)};
  }
}

// A difficulty outside 1..5 would leave the row out of every list (they select 1-5 by default).
int difficulty_field(std::int64_t stored) {
  if (stored < 1 || stored > 5) throw DamagedField{"difficulty", std::to_string(stored) + " is not a difficulty (1 to 5)"};
  return static_cast<int>(stored);
}

// `what` names what the field should hold ("a JSON list of moves").
json json_field(const std::string& field, const std::string& text, const std::string& what) {
  json parsed = json::parse(text, nullptr, false);
  if (parsed.is_discarded()) throw DamagedField{field, stored_text(text) + " is not " + what};
  return parsed;
}

std::vector<std::string> strings_field(const std::string& field, const std::string& text, const std::string& what) {
  const json parsed = json_field(field, text, what);
  try {
    return parsed.get<std::vector<std::string>>();
  } catch (const json::exception&) {
    throw DamagedField{field, stored_text(text) + " is not " + what};
  }
}

std::string game_field(const std::string& name) {
  for (const GameDescriptor* game : registered_games()) {
    if (game->name == name) return name;
  }
  throw DamagedField{"game", stored_text(name) + " is not a game this arbiter knows"};
}

// `claims_stored`: the store's schema version keeps a claim beside each wrong move's sentence (3);
// before, each is read from its sentence.
Puzzle read_fields(const Statement& row, bool claims_stored) {
  Puzzle p;
  int c = 0;
  p.id = row.integer(c++);
  p.game = game_field(row.text(c++));
  p.size = static_cast<int>(row.integer(c++));
  p.rulings = strings_field("rulings", row.text(c++), "a JSON list of rulings");
  p.position = row.text(c++);
  ++c;  // canonical
  const std::string kind = row.text(c++);
  kind_fields(kind, row.integer(c++), p);
  p.theme = row.text(c++);
  p.key_move = row.text(c++);
  p.main_line = strings_field("main_line", row.text(c++), "a JSON list of moves");
  const std::string refutations = row.text(c++);
  try {
    p.refutations = refutations_from_json(json_field("refutations", refutations, "a JSON list of refutations"), claims_stored);
  } catch (const json::exception&) {
    throw DamagedField{"refutations", stored_text(refutations) + " is not a JSON list of refutations"};
  }
  p.difficulty = difficulty_field(row.integer(c++));
  p.measures.solver_nodes = static_cast<std::uint64_t>(row.integer(c++));
  p.measures.solution_plies = static_cast<int>(row.integer(c++));
  p.measures.tempting_moves = static_cast<int>(row.integer(c++));
  p.measures.defences = static_cast<int>(row.integer(c++));
  p.certificate = row.text(c++);
  p.certificate_sha256 = row.text(c++);
  p.seed = static_cast<std::uint64_t>(row.integer(c++));
  p.version = row.text(c++);
  return p;
}

// A row damaged by other software (by hand, a script) is bad input like a damaged file: it is
// named with its field, not reported as an internal error. Either the puzzle, or what is wrong.
std::variant<Puzzle, DamagedRow> read_row(const Statement& row, bool claims_stored) {
  try {
    return read_fields(row, claims_stored);
  } catch (const DamagedField& damaged) {
    return DamagedRow{row.integer(0), "puzzle " + std::to_string(row.integer(0)) + " has a damaged field " +
                                          damaged.field + ": " + damaged.problem};
  }
}

// The error of a command that needs every puzzle it reads (`puzzles verify` reads past damaged rows
// and lists them all).
InputError damaged_store(const std::string& store_name, const DamagedRow& damaged) {
  return InputError(store_name + ": " + damaged.what + " (arbiter puzzles verify lists every damaged puzzle)");
}

}  // namespace

std::string kind_name(PuzzleKind kind, int within) {
  return kind == PuzzleKind::Wins ? "wins" : "within-" + std::to_string(within);
}

bool kind_from_name(const std::string& name, PuzzleKind& kind, int& within) {
  if (name == "wins") {
    kind = PuzzleKind::Wins;
    within = 0;
    return true;
  }
  for (int k = 1; k <= kMaxWithin; ++k) {
    if (name == kind_name(PuzzleKind::WinsWithin, k)) {
      kind = PuzzleKind::WinsWithin;
      within = k;
      return true;
    }
  }
  return false;
}

std::string known_kinds() { return "within-1 .. within-" + std::to_string(kMaxWithin) + ", wins"; }

std::string PuzzleStore::canonical_form(const Puzzle& puzzle) {
  const auto game = make_game(find_game(puzzle.game), puzzle.size, puzzle.rulings);
  const auto state = game->parse_position(puzzle.position);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(state->canonical_key()));
  return hex;
}

PuzzleStore::PuzzleStore(sqlite3* db, std::string path, std::string name)
    : db_(db), path_(std::move(path)), name_(std::move(name)) {}
PuzzleStore::PuzzleStore(PuzzleStore&& other) noexcept
    : db_(other.db_),
      file_lock_(other.file_lock_),
      path_(std::move(other.path_)),
      name_(std::move(other.name_)),
      version_(other.version_),
      upgraded_from_(other.upgraded_from_) {
  other.db_ = nullptr;
  other.file_lock_ = -1;
}
PuzzleStore& PuzzleStore::operator=(PuzzleStore&& other) noexcept {
  if (this != &other) {
    sqlite3_close(db_);
    if (file_lock_ >= 0) ::close(file_lock_);
    db_ = other.db_;
    file_lock_ = other.file_lock_;
    path_ = std::move(other.path_);
    name_ = std::move(other.name_);
    version_ = other.version_;
    upgraded_from_ = other.upgraded_from_;
    other.db_ = nullptr;
    other.file_lock_ = -1;
  }
  return *this;
}
// The flocked descriptor is closed after SQLite's connection: closing any descriptor of a file
// drops the process's fcntl locks on it, SQLite's among them.
// A writer whose file was renamed after its last check has its log copied into the file first
// (check_still_named), which SQLite's close would not do.
PuzzleStore::~PuzzleStore() {
  if (file_lock_ >= 0) {
    try {
      check_still_named();
    } catch (...) {  // said, where it matters, by the check before each commit and the caller's
    }
  }
  sqlite3_close(db_);
  if (file_lock_ >= 0) ::close(file_lock_);
}

namespace {

// The name the file open as `fd` has now, where the system tells it (Linux: /proc/self/fd/FD,
// which gives the path, or the old one with " (deleted)" after it), checked to name that file;
// empty where it cannot be found.
std::string current_name(int fd, const struct stat& held) {
  char target[PATH_MAX];
  const std::string link = "/proc/self/fd/" + std::to_string(fd);
  const ssize_t length = ::readlink(link.c_str(), target, sizeof target - 1);
  if (length <= 0) return {};
  const std::string name(target, static_cast<std::size_t>(length));
  struct stat now{};
  if (::stat(name.c_str(), &now) != 0 || now.st_dev != held.st_dev || now.st_ino != held.st_ino) return {};
  return name;
}

// The folder the file system of `path`'s folder is mounted on (the last one up from it on the same
// device), where `find -xdev -inum` looks for a file of that file system.
std::string mount_folder(const std::string& path, dev_t device) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::absolute(path, ec).parent_path();
  if (ec) return "/";
  for (;;) {
    const std::filesystem::path up = folder.parent_path();
    struct stat above{};
    if (up == folder || ::stat(up.c_str(), &above) != 0 || above.st_dev != device) return folder.string();
    folder = up;
  }
}

// The files (device, inode) this process holds open, from /proc/self/fd; none where the system
// does not tell.
std::optional<std::set<std::pair<dev_t, ino_t>>> open_files() {
  DIR* folder = ::opendir("/proc/self/fd");
  if (folder == nullptr) return std::nullopt;
  std::set<std::pair<dev_t, ino_t>> held;
  while (const dirent* entry = ::readdir(folder)) {
    struct stat st{};
    const std::string link = std::string("/proc/self/fd/") + entry->d_name;
    if (entry->d_name[0] != '.' && ::stat(link.c_str(), &st) == 0) held.emplace(st.st_dev, st.st_ino);
  }
  ::closedir(folder);
  return held;
}

// Removes PATH-wal and PATH-shm beside a name that names nothing now, where they are the files this
// process holds open (its connection's log and index), never ones another run made since under the
// name. The names of those left (ones it cannot tell are its own).
std::vector<std::string> remove_own_logs(const std::string& path) {
  const auto held = open_files();
  std::vector<std::string> left;
  for (const char* ending : {"-wal", "-shm"}) {
    const std::string name = path + ending;
    struct stat st{};
    if (::lstat(name.c_str(), &st) != 0) continue;
    if (held && held->count({st.st_dev, st.st_ino}) > 0 && ::unlink(name.c_str()) == 0) continue;
    left.push_back(name);
  }
  return left;
}

}  // namespace

void PuzzleStore::check_still_named() const {
  if (file_lock_ < 0) return;
  struct stat held{}, named{};
  if (::fstat(file_lock_, &held) != 0) return;
  const bool named_ok = ::stat(path_.c_str(), &named) == 0;
  if (named_ok && named.st_dev == held.st_dev && named.st_ino == held.st_ino) return;
  const std::string now = named_ok ? quote_input(path_) + " names another file now" : quote_input(path_) + " names no file now";
  std::string opened;
  if (held.st_nlink == 0) {
    opened = ", and the file this run opened has no name left (it was removed)";
  } else if (const std::string name = current_name(file_lock_, held); !name.empty()) {
    opened = ", and the file this run opened is named " + quote_input(name) + " now";
  } else {
    // Another link left after the name was removed, or a system that does not say: its inode
    // number finds it.
    opened = ", and the file this run opened has another name (it was renamed, or another link to it remains; find " +
             quote_input(mount_folder(path_, held.st_dev)) + " -xdev -inum " + std::to_string(held.st_ino) + " finds it)";
  }
  if (held.st_nlink > 0) {
    // SQLite's close leaves the write-ahead log as it is when the file has moved (it names the
    // old name, and may be another file's): what was committed would stay in OLD-wal beside the old
    // name, not in the file. Copied into the file now, so that the file under its new name holds
    // every commit.
    if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
  }
  StoreMoved moved(name_ + ": the store was moved or removed during the run: " + now + opened);
  moved.removed = held.st_nlink == 0;
  if (!named_ok) {
    // The log and its index beside a name that names nothing are removed (SQLite's close leaves
    // them when the file has moved or was removed), where they are the ones this connection opened.
    const std::vector<std::string> left = remove_own_logs(path_);
    for (std::size_t i = 0; i < left.size(); ++i) moved.left_behind += (i == 0 ? "" : " and ") + quote_input(left[i]);
    if (!left.empty()) {
      const bool one = left.size() == 1;
      moved.left_behind += std::string(one ? " is left beside the name (this run cannot tell it is the one it opened; "
                                             "another run may use it): remove it"
                                           : " are left beside the name (this run cannot tell they are the ones it "
                                             "opened; another run may use them): remove them") +
                           " if no run uses " + quote_input(path_);
    }
  }
  throw moved;
}

void PuzzleStore::fail(const std::string& what) const {
  throw InputError(name_ + ": " + what);
}

void PuzzleStore::execute(const char* sql) const {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const int cause = errno;
    const std::string text = error_words(db_, message != nullptr ? message : sqlite3_errmsg(db_), cause);
    sqlite3_free(message);
    fail(text + foreign_log_note(db_));
  }
}

std::string immutable_uri(const std::string& path) {
  // RFC 3986's unreserved characters and '/' stay as they are; every other byte is %XX, so that a
  // '?', '#' or '%' in a file's name is part of the name, not of the URI's query.
  static const char hex[] = "0123456789ABCDEF";
  std::string uri = "file:";
  for (const unsigned char c : path) {
    if (std::isalnum(c) != 0 || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri + "?immutable=1";
}

PuzzleStore PuzzleStore::open(const std::string& path, bool create_if_missing, const std::string& option) {
  const std::string name = (option.empty() ? "puzzle database" : option) + " " + quote_input(path);
  std::error_code ec;
  const bool exists = std::filesystem::exists(path, ec);
  if (!exists && !create_if_missing) throw InputError(name + ": no such file");
  if (exists && std::filesystem::is_directory(path, ec)) throw InputError(name + ": it is a directory");
  // A device (/dev/zero) reads to SQLite as an empty file: it was called a database no puzzles were
  // ever generated into.
  if (exists && !std::filesystem::is_regular_file(path, ec)) {
    throw InputError(name + ": not a puzzle database (not a regular file: a puzzle database is an SQLite file)");
  }
  // SQLite keeps a writer's write-ahead log and its index beside the store, in PATH-wal and
  // PATH-shm: a directory there (or a device, a pipe) failed the writer with "unable to open
  // database file", "disk I/O error" or "attempt to write a readonly database", naming neither.
  // A reader is left alone: it reads the store without them (the immutable open below).
  if (create_if_missing) {
    for (const auto& [ending, kept] : {std::pair<const char*, const char*>{"-wal", "write-ahead log"},
                                      std::pair<const char*, const char*>{"-shm", "write-ahead log's index"}}) {
      const std::string beside = path + ending;
      const std::filesystem::file_status status = std::filesystem::status(beside, ec);
      if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) continue;
      throw InputError(name + ": " + quote_input(beside) + ", where SQLite keeps the store's " + kept + ", is " +
                       (std::filesystem::is_directory(status) ? "a directory" : "not a regular file") +
                       ": move it away (it holds nothing of the store), or give the store another name");
    }
  }
  // A reading command opens the file read-only. A store in write-ahead-log mode (every store a
  // writer has opened) needs its -shm file to be read, which SQLite cannot create on read-only
  // media (a read-only mount, a directory the user cannot write): there the file is opened as
  // immutable (the URI's immutable=1: no locks, no -shm), which is safe because nothing can
  // write it there either. Before, every reading command failed "unable to open database file".
  const auto open_with = [&name](const std::string& where, int flags) {
    sqlite3* opened = nullptr;
    if (sqlite3_open_v2(where.c_str(), &opened, flags, nullptr) != SQLITE_OK) {
      const std::string message = opened != nullptr ? sqlite3_errmsg(opened) : "out of memory";
      sqlite3_close(opened);
      throw InputError(name + ": cannot open it: " + message);
    }
    return opened;
  };
  sqlite3* db = open_with(path, create_if_missing ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY);
  // SQLite says SQLITE_CANTOPEN on a read-only mount, SQLITE_READONLY (3.40.1) in a folder this user
  // cannot write, where only the immutable open was tried on the first.
  const int first_read = sqlite3_exec(db, "PRAGMA user_version", nullptr, nullptr, nullptr) & 0xff;
  if (!create_if_missing && (first_read == SQLITE_CANTOPEN || first_read == SQLITE_READONLY)) {
    sqlite3_close(db);
    // An immutable open ignores the write-ahead log: one with commits not yet copied into the file
    // (a writer killed, then the media made read-only) would be read as if they were not there.
    const auto log_size = std::filesystem::file_size(path + "-wal", ec);
    if (!ec && log_size > 0) {
      throw InputError(name + ": cannot read it where it cannot be written (read-only media, or a folder this user cannot "
                       "write): its write-ahead log " + quote_input(path + "-wal") +
                       " holds commits not yet in the file (copy both to writable storage and read the copy)");
    }
    db = open_with(immutable_uri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  }
  PuzzleStore store(db, path, name);
  if (create_if_missing) {
    // The writer's exclusion by the file, not by its name (distributed/output_lock.hpp keys on the
    // name): a rename or a hard link gave two writers one store, each with its own write-ahead log,
    // and the store was damaged or lost puzzles. SQLite has made the file by now.
    store.file_lock_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (store.file_lock_ < 0) store.fail(std::string("cannot open it: ") + std::strerror(errno));
    // flock is per open file, apart from SQLite's fcntl locks on Linux (flock(2)); on NFS it is an
    // fcntl lock of the whole file, which needs a descriptor open for writing and fails here: there,
    // as on any file system without flock, the lock file beside the name is the only exclusion.
    if (::flock(store.file_lock_, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
      store.fail("in use by another run that opened the same file under another name (a hard link to it, or the "
                 "name it had before a rename): wait for that run to end");
    }
  }
  sqlite3_busy_timeout(db, 10000);
  // A corrupt or foreign file shows itself at the first read.
  std::int64_t found = 0, objects = 0;
  {
    Statement version(db, "PRAGMA user_version", store.name_);
    version.step();
    found = version.integer(0);
    Statement tables(db, "SELECT count(*) FROM sqlite_master", store.name_);
    tables.step();
    objects = tables.integer(0);
  }
  if (found == 0 && objects == 0 && !create_if_missing) {
    // An empty file (`touch x.db`) holds no puzzles; a reading command must not write a schema
    // into a file it was only asked to read.
    store.fail("empty: no puzzles were ever generated into it (arbiter puzzles generate ... --db FILE)");
  }
  if (found >= 1 && found <= kSchemaVersion) {
    if (const std::string missing = missing_from_schema(db, found, store.name_); !missing.empty()) {
      store.fail("not a puzzle database (an SQLite file without Arbiter's schema: " + missing + ", though its user_version is " +
                 std::to_string(found) + ")");
    }
  }
  if (found == 0 && objects == 0) {
    store.execute("BEGIN IMMEDIATE");
    store.execute(kSchema.c_str());
    store.execute(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
    store.execute("COMMIT");
  } else if (found == 0) {
    store.fail("not a puzzle database (an SQLite file without Arbiter's schema)");
  } else if (found < kSchemaVersion && create_if_missing) {
    // Version 1: its runs' cursors gain their node budget; versions 1 and 2: each wrong move gains
    // the claim its sentence makes, read from it once; versions 1 to 3: each run is keyed by its
    // side to move, either. A reading command leaves the file as it is (and reads each claim from
    // its sentence).
    store.execute("BEGIN IMMEDIATE");
    try {
      if (found == 1) store.execute(kUpgradeFrom1.c_str());
      if (found < 3) store.add_claims();
      if (found >= 2) store.key_runs_by_side();
      store.execute(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
      store.execute("COMMIT");
    } catch (...) {
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
    store.upgraded_from_ = static_cast<int>(found);
  } else if (found < 1 || found > kSchemaVersion) {
    store.fail("schema version " + std::to_string(found) + ", this arbiter reads versions 1 to " +
               std::to_string(kSchemaVersion));
  }
  store.version_ = found == 0 ? kSchemaVersion : create_if_missing ? kSchemaVersion : static_cast<int>(found);
  // Write-ahead log with normal syncing: a commit is durable against a killed process (what
  // "stop at any moment" needs) without an fsync per transaction, which cost ~30 ms each and
  // dominated generation time; only a power loss can take back the last commits.
  // (A writer's setting: a reading command leaves the file as it is.)
  if (create_if_missing) {
    Statement journal(db, "PRAGMA journal_mode = WAL", store.name_);
    journal.step();
    store.execute("PRAGMA synchronous = NORMAL");
  }
  // Whole-file check is too slow for large stores; a quick one catches damaged pages we will read.
  // SQLite answers "ok" or its problems, one a line under a "*** in database main ***" heading,
  // up to 100: the error stays one line, naming the first and counting them.
  Statement check(db, "PRAGMA quick_check", store.name_);
  std::vector<std::string> problems;
  std::string answer;
  while (check.step()) {
    answer += check.text(0);
    std::istringstream lines(check.text(0));
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line != "ok" && line.rfind("*** in database ", 0) != 0) problems.push_back(line);
    }
  }
  if (answer != "ok") {
    if (problems.empty()) problems.push_back(answer.empty() ? "no answer" : answer);
    store.fail("damaged: SQLite's integrity check reports " +
               (problems.size() == 1 ? "a problem: " + problems.front()
                                     : std::to_string(problems.size()) + " problems" +
                                           (problems.size() >= 100 ? " (it stops at 100)" : "") + ", the first: " + problems.front()));
  }
  return store;
}

void PuzzleStore::key_runs_by_side() {
  // A runs table of version 3 written before the examined_by column, or of version 2, has no
  // record to keep: it gains the column, empty, first.
  if (!has_column(db_, "runs", "examined_by", name_)) execute("ALTER TABLE runs ADD COLUMN examined_by TEXT");
  execute(kKeyRunsBySide.c_str());
}

void PuzzleStore::add_claims() {
  std::vector<std::pair<std::int64_t, std::string>> rows;
  {
    Statement select(db_, "SELECT id, refutations FROM puzzles", name_);
    while (select.step()) rows.emplace_back(select.integer(0), select.text(1));
  }
  for (const auto& [id, text] : rows) {
    // A row whose refutations do not read is left as it is: the readers name it damaged.
    const json list = json::parse(text, nullptr, false);
    if (list.is_discarded()) continue;
    std::vector<Refutation> refutations;
    try {
      refutations = refutations_from_json(list, false);
    } catch (const json::exception&) {
      continue;
    }
    Statement update(db_, "UPDATE puzzles SET refutations = ?1 WHERE id = ?2", name_);
    update.bind(1, refutations_to_json(refutations).dump()).bind(2, id);
    update.step();
  }
}

PuzzleStore::Added PuzzleStore::insert_one(const Puzzle& p) {
  const std::string rulings = join_json(p.rulings);
  const std::string canonical = canonical_form(p);
  const std::string kind = kind_name(p.kind, p.within);
  {
    Statement existing(db_, "SELECT id FROM puzzles WHERE game=?1 AND size=?2 AND rulings=?3 AND canonical=?4 "
                            "AND kind=?5 AND within=?6", name_);
    existing.bind(1, p.game).bind(2, p.size).bind(3, rulings).bind(4, canonical).bind(5, kind).bind(6, p.within);
    if (existing.step()) return {existing.integer(0), false};
  }
  Statement insert(db_, std::string("INSERT INTO puzzles (") + kColumns +
                            ") VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20)", name_);
  insert.bind_all(p.game, p.size, rulings, p.position, canonical, kind, p.within, p.theme, p.key_move,
                  join_json(p.main_line), refutations_to_json(p.refutations).dump(), p.difficulty,
                  static_cast<std::int64_t>(p.measures.solver_nodes), p.measures.solution_plies,
                  p.measures.tempting_moves, p.measures.defences, p.certificate, p.certificate_sha256,
                  static_cast<std::int64_t>(p.seed), p.version);
  insert.step();
  return {sqlite3_last_insert_rowid(db_), true};
}

PuzzleStore::Added PuzzleStore::insert(const Puzzle& puzzle) {
  execute("BEGIN IMMEDIATE");
  try {
    const Added added = insert_one(puzzle);
    check_still_named();
    execute("COMMIT");
    return added;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<PuzzleStore::Added> PuzzleStore::insert_batch(const std::vector<Puzzle>& puzzles, const RunCursor& run) {
  execute("BEGIN IMMEDIATE");
  try {
    std::vector<Added> added;
    for (const Puzzle& p : puzzles) added.push_back(insert_one(p));
    // The candidates from the stored cursor to the new one were examined by run.version.
    std::vector<ExaminedStretch> history = run_history(run);
    const std::uint64_t from = history.empty() ? 0 : history.back().next;
    if (run.next > from) {
      if (!history.empty() && history.back().version == run.version) {
        history.back().next = run.next;
      } else {
        history.push_back({from, run.next, run.version});
      }
    }
    Statement cursor(db_, "INSERT OR REPLACE INTO runs (game, size, rulings, kind, within, theme, seed, node_budget, to_move, "
                          "next, examined_by) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)", name_);
    bind_run_key(cursor, run);
    cursor.bind(10, static_cast<std::int64_t>(run.next)).bind(11, history_text(history));
    cursor.step();
    check_still_named();
    execute("COMMIT");
    return added;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<Puzzle> PuzzleStore::select(const PuzzleQuery& query) const {
  std::vector<DamagedRow> damaged;
  std::vector<Puzzle> out = select(query, damaged);
  if (!damaged.empty()) throw damaged_store(name_, damaged.front());
  return out;
}

std::vector<Puzzle> PuzzleStore::select(const PuzzleQuery& query, std::vector<DamagedRow>& damaged) const {
  // A row whose difficulty no range holds is read whatever range is asked, to be reported damaged
  // instead of left out in silence.
  std::string sql = std::string("SELECT id, ") + kColumns +
                    " FROM puzzles WHERE (?1 = '' OR game = ?1) AND (difficulty BETWEEN ?2 AND ?3 OR difficulty NOT BETWEEN 1 AND 5)"
                    " AND (?4 = '' OR theme = ?4) ORDER BY game, difficulty, id";
  // The side to move is read from each row's position, past SQL: the limit is counted here then.
  if (query.limit > 0 && query.to_move.empty()) sql += " LIMIT " + std::to_string(query.limit);
  Statement rows(db_, sql, name_);
  rows.bind(1, query.game).bind(2, query.min_difficulty).bind(3, query.max_difficulty).bind(4, query.theme);
  SideToMove side(query.to_move);
  std::vector<Puzzle> out;
  const std::size_t damaged_before = damaged.size();
  const auto room = [&] {
    return query.limit <= 0 || out.size() + damaged.size() - damaged_before < static_cast<std::size_t>(query.limit);
  };
  while (room() && rows.step()) {
    auto read = read_row(rows, version_ >= 3);
    if (auto* puzzle = std::get_if<Puzzle>(&read)) {
      std::string unreadable;
      if (side.matches(puzzle->game, puzzle->size, puzzle->rulings, puzzle->position, &unreadable)) {
        out.push_back(std::move(*puzzle));
      } else if (!unreadable.empty()) {
        damaged.push_back({puzzle->id, "puzzle " + std::to_string(puzzle->id) + " has a position that does not read, so --to-move " +
                                           query.to_move + " cannot tell its side to move: " + unreadable});
      }
    } else {
      damaged.push_back(std::get<DamagedRow>(std::move(read)));
    }
  }
  return out;
}

std::optional<Puzzle> PuzzleStore::find(std::int64_t id) const {
  Statement row(db_, std::string("SELECT id, ") + kColumns + " FROM puzzles WHERE id = ?1", name_);
  row.bind(1, id);
  if (!row.step()) return std::nullopt;
  auto read = read_row(row, version_ >= 3);
  if (const auto* damaged = std::get_if<DamagedRow>(&read)) throw damaged_store(name_, *damaged);
  return std::get<Puzzle>(std::move(read));
}

std::int64_t PuzzleStore::count(const RunCursor& run) const {
  Statement n(db_, "SELECT position FROM puzzles WHERE game=?1 AND size=?2 AND rulings=?3 AND kind=?4 AND within=?5 "
                   "AND (?6 = '' OR theme = ?6)", name_);
  n.bind(1, run.game).bind(2, run.size).bind(3, join_json(run.rulings)).bind(4, kind_name(run.kind, run.within));
  n.bind(5, run.within).bind(6, run.theme);
  SideToMove side(run.to_move);
  std::int64_t matched = 0;
  while (n.step()) matched += side.matches(run.game, run.size, run.rulings, n.text(0)) ? 1 : 0;
  return matched;
}

std::uint64_t PuzzleStore::run_next(const RunCursor& run) const {
  Statement n(db_, "SELECT next FROM runs WHERE " + run_key(version_), name_);
  bind_run_key(n, run);
  return n.step() ? static_cast<std::uint64_t>(n.integer(0)) : 0;
}

std::vector<ExaminedStretch> PuzzleStore::run_history(const RunCursor& run) const {
  // A store a writer has not opened since the column came (read by a reader) has none.
  const bool recorded = has_column(db_, "runs", "examined_by", name_);
  Statement n(db_, std::string("SELECT next") + (recorded ? ", examined_by" : "") + " FROM runs WHERE " + run_key(version_), name_);
  bind_run_key(n, run);
  if (!n.step()) return {};
  return read_history(recorded ? n.text(1) : "", static_cast<std::uint64_t>(n.integer(0)));
}

std::vector<RunCursor> PuzzleStore::runs_with_other_budgets(const RunCursor& run) const {
  Statement n(db_, "SELECT node_budget, next FROM runs WHERE " + run_key(version_, "<>") + " ORDER BY node_budget", name_);
  bind_run_key(n, run);
  std::vector<RunCursor> out;
  while (n.step()) {
    RunCursor other = run;
    other.node_budget = static_cast<std::uint64_t>(n.integer(0));
    other.next = static_cast<std::uint64_t>(n.integer(1));
    out.push_back(other);
  }
  return out;
}

std::int64_t PuzzleStore::total() const {
  Statement n(db_, "SELECT count(*) FROM puzzles", name_);
  n.step();
  return n.integer(0);
}

}  // namespace arbiter::puzzles

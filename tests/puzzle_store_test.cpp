// The puzzle store: what goes in comes out, equal puzzles are stored once (also under a
// symmetry), and a file of another schema version or a corrupt one is refused with InputError.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/store.hpp"

namespace arbiter::puzzles {
namespace {

namespace fs = std::filesystem;

// ["a=b","c=d"]: the rulings as the store writes them (a JSON list of strings without quotes inside).
std::string nlohmann_free_json(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "\"" : ",\"") + items[i] + "\"";
  return out + "]";
}

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("arbiter_store_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // Runs SQL on p.db as another program would (an older arbiter's schema, a changed row).
  void sql(const std::string& text) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path("p.db").c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, text.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  int user_version() const {
    sqlite3* check = nullptr;
    EXPECT_EQ(sqlite3_open(path("p.db").c_str(), &check), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(check, "PRAGMA user_version", -1, &stmt, nullptr);
    sqlite3_step(stmt);
    const int version = sqlite3_column_int(stmt, 0);
    sqlite3_finalize(stmt);
    sqlite3_close(check);
    return version;
  }

  // A record of the first registered game after a couple of moves, every field set.
  static Puzzle sample(int moves_played) {
    const GameDescriptor& descriptor = *registered_games().front();
    const auto game = make_game(descriptor, descriptor.default_size);
    auto state = game->initial_state();
    std::vector<Move> moves;
    for (int i = 0; i < moves_played; ++i) {
      state->legal_moves(moves);
      state->apply(moves[moves.size() / 2]);
    }
    Puzzle p;
    p.game = descriptor.name;
    p.size = descriptor.default_size;
    for (const auto& [name, value] : game->config().rulings) p.rulings.push_back(name + "=" + value);
    p.position = state->line();
    p.kind = PuzzleKind::WinsWithin;
    p.within = 2;
    p.theme = "fill";
    p.key_move = "a1";
    p.main_line = {"a1", "b2", "c3"};
    p.refutations = {Refutation{"d4", {"e5", "f6"}, "because \"quoted\" text survives", RefutationClaim{RefutationClaim::Kind::Loses, 0, 0, {"e5", "f6", "g7"}}}};
    p.difficulty = 3;
    p.measures = DifficultyMeasures{123456789012ULL, 3, 2, 17};
    p.certificate = "certificate text\nline 2\n";
    p.certificate_sha256 = std::string(64, 'a');
    p.seed = 0xFFFFFFFFFFFFFFF0ULL;
    p.version = "0.4.0 test";
    return p;
  }

  // sample(2), stored in p.db, whose runs table is then an older schema's: `columns` its columns and
  // key, `run` one run's values after its game, size and rulings, user_version `version`. A reading
  // command reads it as it is, leaving its version.
  Puzzle store_of_schema(int version, const std::string& columns, const std::string& run) {
    const Puzzle p = sample(2);
    {
      auto store = PuzzleStore::open(path("p.db"), true);
      store.add(p);
    }
    sql("DROP TABLE runs; CREATE TABLE runs (" + columns + "); INSERT INTO runs VALUES ('" + p.game + "', " +
        std::to_string(p.size) + ", '" + nlohmann_free_json(p.rulings) + "', " + run + "); PRAGMA user_version = " +
        std::to_string(version) + ";");
    {
      const auto reader = PuzzleStore::open(path("p.db"), false);
      EXPECT_EQ(reader.total(), 1);
      EXPECT_EQ(reader.upgraded_from(), 0);
    }
    EXPECT_EQ(user_version(), version) << "a reading command upgraded the store";
    return p;
  }

  fs::path dir_;
};

void expect_same(const Puzzle& a, const Puzzle& b) {
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.size, b.size);
  EXPECT_EQ(a.rulings, b.rulings);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.within, b.within);
  EXPECT_EQ(a.theme, b.theme);
  EXPECT_EQ(a.key_move, b.key_move);
  EXPECT_EQ(a.main_line, b.main_line);
  ASSERT_EQ(a.refutations.size(), b.refutations.size());
  for (std::size_t i = 0; i < a.refutations.size(); ++i) {
    EXPECT_EQ(a.refutations[i].move, b.refutations[i].move);
    EXPECT_EQ(a.refutations[i].defence, b.refutations[i].defence);
    EXPECT_EQ(a.refutations[i].why, b.refutations[i].why);
    EXPECT_TRUE(a.refutations[i].claim == b.refutations[i].claim) << i;
  }
  EXPECT_EQ(a.difficulty, b.difficulty);
  EXPECT_EQ(a.measures.solver_nodes, b.measures.solver_nodes);
  EXPECT_EQ(a.measures.solution_plies, b.measures.solution_plies);
  EXPECT_EQ(a.measures.tempting_moves, b.measures.tempting_moves);
  EXPECT_EQ(a.measures.defences, b.measures.defences);
  EXPECT_EQ(a.certificate, b.certificate);
  EXPECT_EQ(a.certificate_sha256, b.certificate_sha256);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.version, b.version);
}

TEST_F(StoreTest, RoundTripKeepsEveryFieldAcrossReopening) {
  const Puzzle p = sample(2);
  std::int64_t id = 0;
  {
    auto store = PuzzleStore::open(path("p.db"), true);
    id = store.add(p);
    EXPECT_GT(id, 0);
  }
  auto store = PuzzleStore::open(path("p.db"), false);
  const auto back = store.find(id);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->id, id);
  expect_same(p, *back);
  EXPECT_FALSE(store.find(id + 1).has_value());
  const auto all = store.select(PuzzleQuery{});
  ASSERT_EQ(all.size(), 1u);
  expect_same(p, all[0]);
}

TEST_F(StoreTest, DuplicateIsStoredOnceAndOtherKindIsNot) {
  auto store = PuzzleStore::open(path("p.db"), true);
  const Puzzle p = sample(2);
  const auto first = store.insert(p);
  EXPECT_TRUE(first.inserted);
  Puzzle same = p;
  same.key_move = "other";  // same position, kind and bound: the same puzzle
  const auto second = store.insert(same);
  EXPECT_FALSE(second.inserted);
  EXPECT_EQ(second.id, first.id);
  Puzzle deeper = p;
  deeper.within = 3;
  EXPECT_TRUE(store.insert(deeper).inserted);
  EXPECT_TRUE(store.insert(sample(3)).inserted);
  EXPECT_EQ(store.total(), 3);
}

TEST_F(StoreTest, SelectionOrderAndFilters) {
  auto store = PuzzleStore::open(path("p.db"), true);
  for (int moves = 1; moves <= 5; ++moves) {
    Puzzle p = sample(moves);
    p.difficulty = 6 - moves;
    store.add(p);
  }
  const auto all = store.select(PuzzleQuery{});
  ASSERT_EQ(all.size(), 5u);
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].difficulty, all[i].difficulty);
  PuzzleQuery middle;
  middle.min_difficulty = 2;
  middle.max_difficulty = 3;
  EXPECT_EQ(store.select(middle).size(), 2u);
  middle.limit = 1;
  ASSERT_EQ(store.select(middle).size(), 1u);
  EXPECT_EQ(store.select(middle)[0].difficulty, 2);
  PuzzleQuery other_game;
  other_game.game = "no-such-game";
  EXPECT_TRUE(store.select(other_game).empty());
}

TEST_F(StoreTest, RunCursorIsWrittenWithItsPuzzles) {
  auto store = PuzzleStore::open(path("p.db"), true);
  const Puzzle p = sample(2);
  RunCursor run{p.game, p.size, p.rulings, p.kind, p.within, "", "", 7, 400000, 0};
  EXPECT_EQ(store.run_next(run), 0u);
  run.next = 41;
  store.insert_batch({p, sample(4)}, run);
  EXPECT_EQ(store.run_next(run), 41u);
  EXPECT_EQ(store.count(run), 2);
  RunCursor other_seed = run;
  other_seed.seed = 8;
  EXPECT_EQ(store.run_next(other_seed), 0u);
  // The node budget decides which candidates become puzzles: a run under another budget is a run
  // of its own, from candidate 0 (before, it took over the cursor of the first budget's run).
  RunCursor other_budget = run;
  other_budget.node_budget = 3000;
  EXPECT_EQ(store.run_next(other_budget), 0u);
  other_budget.next = 5;
  store.insert_batch({}, other_budget);
  EXPECT_EQ(store.run_next(run), 41u);
  EXPECT_EQ(store.run_next(other_budget), 5u);
  const auto others = store.runs_with_other_budgets(run);
  ASSERT_EQ(others.size(), 1u);
  EXPECT_EQ(others[0].node_budget, 3000u);
  EXPECT_EQ(others[0].next, 5u);
  EXPECT_TRUE(store.runs_with_other_budgets(other_seed).empty());
}

// A store of schema version 1 (runs keyed without their budget) is read as it is by a reading
// command and upgraded by a writer, its runs given the one default budget version 1 had.
TEST_F(StoreTest, VersionOneStoreIsReadAndUpgradedByAWriter) {
  const Puzzle p = store_of_schema(1,
                                   "game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL, kind TEXT NOT NULL, "
                                   "within INTEGER NOT NULL, theme TEXT NOT NULL, seed INTEGER NOT NULL, next INTEGER NOT NULL, "
                                   "PRIMARY KEY (game, size, rulings, kind, within, theme, seed)",
                                   "'within-2', 2, '', 7, 41");
  auto writer = PuzzleStore::open(path("p.db"), true);
  EXPECT_EQ(user_version(), PuzzleStore::kSchemaVersion);
  EXPECT_EQ(writer.total(), 1);
  RunCursor run{p.game, p.size, p.rulings, p.kind, p.within, "", "", 7, PuzzleStore::kVersion1NodeBudget, 0};
  EXPECT_EQ(writer.run_next(run), 41u);
  run.node_budget = 3000;
  EXPECT_EQ(writer.run_next(run), 0u);
}

// Who examined each stretch of a run's candidates is recorded with its cursor. A store of schema 2
// (a runs table without the record) is upgraded by a writer, which says so (upgraded_from); its
// runs' candidates read as examined by an earlier version, and a version continuing the run adds
// its own stretch. A build without the record that moves the cursor leaves it empty (NULL).
TEST_F(StoreTest, RunsRecordWhichVersionExaminedTheirCandidates) {
  const Puzzle p = sample(2);
  {
    auto store = PuzzleStore::open(path("p.db"), true);
    EXPECT_EQ(store.upgraded_from(), 0);
    store.add(p);
  }
  sql("DROP TABLE runs; CREATE TABLE runs (game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL, "
      "kind TEXT NOT NULL, within INTEGER NOT NULL, theme TEXT NOT NULL, seed INTEGER NOT NULL, node_budget INTEGER NOT NULL, "
      "next INTEGER NOT NULL, PRIMARY KEY (game, size, rulings, kind, within, theme, seed, node_budget)); "
      "INSERT INTO runs VALUES ('" + p.game + "', " + std::to_string(p.size) + ", '" + nlohmann_free_json(p.rulings) +
      "', 'within-2', 2, '', 7, 400000, 9); PRAGMA user_version = 2;");
  RunCursor run{p.game, p.size, p.rulings, p.kind, p.within, "", "", 7, 400000, 0};
  const auto expect_history = [](const std::vector<ExaminedStretch>& got, const std::vector<ExaminedStretch>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].first, want[i].first) << i;
      EXPECT_EQ(got[i].next, want[i].next) << i;
      EXPECT_EQ(got[i].version, want[i].version) << i;
    }
  };
  {
    const auto reader = PuzzleStore::open(path("p.db"), false);
    EXPECT_EQ(reader.upgraded_from(), 0);
    expect_history(reader.run_history(run), {{0, 9, ""}});
  }
  auto writer = PuzzleStore::open(path("p.db"), true);
  EXPECT_EQ(writer.upgraded_from(), 2);
  expect_history(writer.run_history(run), {{0, 9, ""}});
  run.version = "arbiter B";
  run.next = 12;
  writer.insert_batch({}, run);
  run.next = 15;
  writer.insert_batch({}, run);
  expect_history(writer.run_history(run), {{0, 9, ""}, {9, 15, "arbiter B"}});
  run.version = "arbiter C";
  run.next = 20;
  writer.insert_batch({}, run);
  expect_history(writer.run_history(run), {{0, 9, ""}, {9, 15, "arbiter B"}, {15, 20, "arbiter C"}});
  EXPECT_EQ(writer.run_next(run), 20u);
  // A run never stored has no history; a record a build without it wrote over (NULL) reads as
  // examined by an earlier version.
  RunCursor other = run;
  other.seed = 8;
  EXPECT_TRUE(writer.run_history(other).empty());
  sql("UPDATE runs SET examined_by = NULL, next = 25");
  expect_history(writer.run_history(run), {{0, 25, ""}});
  // Reopened by a writer of this version (one writer at a time): no upgrade to say.
  { const auto closed = std::move(writer); }
  EXPECT_EQ(PuzzleStore::open(path("p.db"), true).upgraded_from(), 0);
}

// A run is keyed by the side to move it asks for too ("" for either): runs that differ in it alone
// have cursors of their own, and a run's count is of the puzzles with its side to move, read from
// their positions (as select's --to-move filter reads them). Before schema 4 there was one cursor
// for them all.
TEST_F(StoreTest, RunsOfAnotherSideToMoveAreKeptApart) {
  auto store = PuzzleStore::open(path("p.db"), true);
  const GameDescriptor& descriptor = *registered_games().front();
  const auto game = make_game(descriptor, descriptor.default_size);
  const auto word_of = [&](const Puzzle& p) { return side_word(descriptor, game->parse_position(p.position)->side_to_move()); };
  const std::vector<Puzzle> puzzles = {sample(1), sample(2), sample(3)};
  const std::string first = word_of(puzzles[0]), second = word_of(puzzles[1]);
  ASSERT_NE(first, second);
  const Puzzle& p = puzzles[0];
  RunCursor either{p.game, p.size, p.rulings, p.kind, p.within, "", "", 7, 400000, 30};
  store.insert_batch(puzzles, either);
  RunCursor one_side = either;
  one_side.to_move = first;
  one_side.next = 12;
  store.insert_batch({}, one_side);
  RunCursor other_side = either;
  other_side.to_move = second;
  EXPECT_EQ(store.run_next(either), 30u);
  EXPECT_EQ(store.run_next(one_side), 12u);
  EXPECT_EQ(store.run_next(other_side), 0u);
  EXPECT_TRUE(store.runs_with_other_budgets(one_side).empty());
  EXPECT_EQ(store.run_history(one_side).size(), 1u);
  std::int64_t firsts = 0;
  for (const Puzzle& each : puzzles) firsts += word_of(each) == first ? 1 : 0;
  EXPECT_EQ(store.count(either), 3);
  EXPECT_EQ(store.count(one_side), firsts);
  EXPECT_EQ(store.count(other_side), 3 - firsts);
  PuzzleQuery query;
  query.to_move = second;
  const auto selected = store.select(query);
  EXPECT_EQ(static_cast<std::int64_t>(selected.size()), 3 - firsts);
  for (const Puzzle& each : selected) EXPECT_EQ(word_of(each), second);
  // The limit counts the puzzles of the side, not the rows read before them.
  query.to_move = first;
  query.limit = 1;
  ASSERT_EQ(store.select(query).size(), 1u);
  EXPECT_EQ(word_of(store.select(query).front()), first);
  // A position that does not read has no side to move.
  sql("UPDATE puzzles SET position = 'no position' WHERE id = 1");
  EXPECT_EQ(store.count(either), 3);
  EXPECT_EQ(store.count(one_side) + store.count(other_side), 2);
}

// A store of schema version 3 keys its runs without a side to move: a reading command reads it as it
// is, and a writer upgrades it, each run one of either side, its record of who examined it kept.
TEST_F(StoreTest, VersionThreeStoreIsUpgradedToRunsOfEitherSide) {
  const Puzzle p = store_of_schema(3,
                                   "game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL, kind TEXT NOT NULL, "
                                   "within INTEGER NOT NULL, theme TEXT NOT NULL, seed INTEGER NOT NULL, node_budget INTEGER NOT NULL, "
                                   "next INTEGER NOT NULL, examined_by TEXT, "
                                   "PRIMARY KEY (game, size, rulings, kind, within, theme, seed, node_budget)",
                                   "'within-2', 2, '', 7, 400000, 9, '[[0, 9, \"arbiter A\"]]'");
  const auto writer = PuzzleStore::open(path("p.db"), true);
  EXPECT_EQ(writer.upgraded_from(), 3);
  EXPECT_EQ(user_version(), PuzzleStore::kSchemaVersion);
  RunCursor run{p.game, p.size, p.rulings, p.kind, p.within, "", "", 7, 400000, 0};
  EXPECT_EQ(writer.run_next(run), 9u);
  const auto history = writer.run_history(run);
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].next, 9u);
  EXPECT_EQ(history[0].version, "arbiter A");
  RunCursor side_0 = run, side_1 = run;
  side_0.to_move = side_word(find_game(p.game), 0);
  side_1.to_move = side_word(find_game(p.game), 1);
  EXPECT_EQ(writer.run_next(side_0), 0u);
  EXPECT_EQ(writer.count(side_0) + writer.count(side_1), 1);
}

// A store of schema version 2 keeps no claim beside a wrong move's sentence: a reading command reads
// each from its sentence, leaving the file as it is, and a writer stores them, read once. In a store
// of version 3 a wrong move without its claim is a damaged row.
TEST_F(StoreTest, VersionTwoStoreGetsItsClaimsFromItsSentences) {
  Puzzle p = sample(2);
  const std::string why = "After d4, Black answers e5 and White cannot win within 2 moves. White still wins, but needs 3 moves "
                          "from the puzzle position, d4 counted.";
  {
    auto store = PuzzleStore::open(path("p.db"), true);
    p.id = store.add(p);
  }
  const std::string no_claim = R"([{"move": "d4", "defence": ["e5", "f6"], "why": ")" + why + R"("}])";
  sql("UPDATE puzzles SET refutations = '" + no_claim + "'");
  // Version 3 reads it as damaged: the claim is missing.
  try {
    PuzzleStore::open(path("p.db"), false).find(p.id);
    FAIL() << "read a wrong move without its claim from a store of version 3";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("has a damaged field refutations"), std::string::npos) << e.what();
  }
  sql("PRAGMA user_version = 2");
  RefutationClaim claim;
  claim.kind = RefutationClaim::Kind::NoWinWithin;
  claim.within = 2;
  claim.slower_win = 3;
  {
    const auto reader = PuzzleStore::open(path("p.db"), false);
    const auto read = reader.find(p.id);
    ASSERT_TRUE(read);
    ASSERT_EQ(read->refutations.size(), 1u);
    EXPECT_TRUE(read->refutations[0].claim == claim);
    EXPECT_EQ(read->refutations[0].why, why);
  }
  {
    const auto writer = PuzzleStore::open(path("p.db"), true);
  }
  // Read as version 3 whatever the writer did: the claim must now be stored beside the sentence.
  sql("PRAGMA user_version = 3");
  const auto upgraded = PuzzleStore::open(path("p.db"), false).find(p.id);
  ASSERT_TRUE(upgraded);
  EXPECT_TRUE(upgraded->refutations[0].claim == claim);
  EXPECT_EQ(upgraded->refutations[0].why, why);
}

TEST_F(StoreTest, MissingFileIsAnErrorUnlessCreating) {
  EXPECT_THROW(PuzzleStore::open(path("absent.db"), false), InputError);
  EXPECT_FALSE(fs::exists(path("absent.db")));
}

// A store on read-only media is opened through this URI: a name with '?', '#', '%' or a space
// stays a name (the CLI test cli.environment reads a store on a read-only mount where it can).
TEST_F(StoreTest, ImmutableUriNamesTheFileWhateverItsCharacters) {
  EXPECT_EQ(immutable_uri("/a b/c?#%.db"), "file:/a%20b/c%3F%23%25.db?immutable=1");
  EXPECT_EQ(immutable_uri("rel/p-1_x.~db"), "file:rel/p-1_x.~db?immutable=1");
  const std::string odd = path("odd ?#%&=name.db");
  {
    auto store = PuzzleStore::open(odd, true);
    store.insert(sample(2));
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(immutable_uri(odd).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr), SQLITE_OK);
  sqlite3_stmt* count = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM puzzles", -1, &count, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  ASSERT_EQ(sqlite3_step(count), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(count, 0), 1);
  sqlite3_finalize(count);
  sqlite3_close(db);
}

// A reading command changes nothing in the file: a store in rollback-journal mode stays so (a
// reader once switched it to write-ahead-log mode).
TEST_F(StoreTest, AReaderLeavesTheJournalModeAsItIs) {
  { PuzzleStore::open(path("p.db"), true).insert(sample(2)); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path("p.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  { EXPECT_EQ(PuzzleStore::open(path("p.db"), false).total(), 1); }
  std::ifstream file(path("p.db"), std::ios::binary);
  char header[20] = {};
  file.read(header, sizeof header);
  EXPECT_EQ(header[18], 1) << "the file's write version: 1 rollback journal, 2 write-ahead log";
}

TEST_F(StoreTest, OtherSchemaVersionIsRefused) {
  { PuzzleStore::open(path("p.db"), true); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path("p.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  try {
    PuzzleStore::open(path("p.db"), false);
    FAIL() << "opened a store of schema version 99";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("version 99"), std::string::npos) << e.what();
  }
}

TEST_F(StoreTest, ForeignSqliteFileIsRefused) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path("other.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE t (x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  EXPECT_THROW(PuzzleStore::open(path("other.db"), true), InputError);
}

// Another program's SQLite file may carry a user_version of 1 to 4 too: it is "not a puzzle
// database", naming what it lacks, not SQLite's "no such column: game" or "no such table: runs".
TEST_F(StoreTest, ForeignSqliteFileWithAStoresVersionIsRefusedAsNotAPuzzleDatabase) {
  const auto make = [&](const std::string& name, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path(name).c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  };
  make("a.db", "CREATE TABLE puzzles (x); CREATE TABLE runs (y); PRAGMA user_version = 3");
  make("b.db", "CREATE TABLE t (x); PRAGMA user_version = 1");
  { PuzzleStore::open(path("c.db"), true); }
  make("c.db", "DROP TABLE runs");
  for (const char* name : {"a.db", "b.db", "c.db"}) {
    for (const bool writer : {false, true}) {
      try {
        PuzzleStore::open(path(name), writer);
        FAIL() << name << " opened as a store";
      } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("not a puzzle database"), std::string::npos) << what;
        EXPECT_EQ(what.find("no such"), std::string::npos) << what;
      }
    }
  }
}

TEST_F(StoreTest, CorruptFileIsRefused) {
  { std::ofstream(path("junk.db")) << "this is not an SQLite database, just some text\n" << std::string(5000, 'x'); }
  EXPECT_THROW(PuzzleStore::open(path("junk.db"), false), InputError);
  // A real store with its pages overwritten in the middle.
  {
    auto store = PuzzleStore::open(path("p.db"), true);
    for (int moves = 1; moves <= 8; ++moves) store.add(sample(moves));
  }
  {
    std::fstream f(path("p.db"), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(0);
    f << std::string(100, '\x5a');
  }
  EXPECT_THROW(PuzzleStore::open(path("p.db"), false), InputError);
}

// One store, one writer, whatever its name: a second writer through a hard link or through the
// name a rename gave the file is refused (the lock file beside the name missed both, and the two
// runs, each with its own write-ahead log, damaged the store); a writer whose store was renamed or
// removed under it stops at its next commit, saying so, and what it committed before is in the
// file under its new name.
TEST_F(StoreTest, ASecondWriterUnderAnotherNameIsRefused) {
  // The second writer is another process, forked before this one opens anything: SQLite shares its
  // locks between the connections of one process to one file, and a forked child would inherit
  // them. It tries each name when told, and exits 0 when each was refused as in use.
  int go[2], done[2];
  ASSERT_EQ(::pipe(go), 0);
  ASSERT_EQ(::pipe(done), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    int refused = 0;
    char byte = 0;
    for (const char* name : {"hard.db", "renamed.db"}) {
      if (::read(go[0], &byte, 1) != 1) ::_exit(3);
      try {
        PuzzleStore::open(path(name), true);
      } catch (const InputError& e) {
        if (std::string(e.what()).find("in use by another run") != std::string::npos) ++refused;
      }
      if (::write(done[1], &byte, 1) != 1) ::_exit(3);
    }
    ::_exit(refused == 2 ? 0 : 1);
  }
  char byte = 'x';
  {
    auto writer = PuzzleStore::open(path("p.db"), true);
    writer.add(sample(1));
    fs::create_hard_link(path("p.db"), path("hard.db"));
    ASSERT_EQ(::write(go[1], &byte, 1), 1);
    ASSERT_EQ(::read(done[0], &byte, 1), 1);
    fs::rename(path("p.db"), path("renamed.db"));
    ASSERT_EQ(::write(go[1], &byte, 1), 1);
    ASSERT_EQ(::read(done[0], &byte, 1), 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a second writer opened the store under another name";
  for (const int fd : {go[0], go[1], done[0], done[1]}) ::close(fd);
  EXPECT_EQ(PuzzleStore::open(path("renamed.db"), false).total(), 1);
}

TEST_F(StoreTest, AWriterWhoseStoreIsRenamedStopsAtItsNextCommit) {
  {
    auto writer = PuzzleStore::open(path("p.db"), true);
    writer.add(sample(1));
    fs::rename(path("p.db"), path("renamed.db"));
    try {
      writer.add(sample(2));
      FAIL() << "a commit went into a store renamed under the writer";
    } catch (const StoreMoved& e) {
      EXPECT_FALSE(e.removed);
      EXPECT_NE(std::string(e.what()).find("names no file now"), std::string::npos) << e.what();
    }
  }
  EXPECT_FALSE(fs::exists(path("p.db")));
  EXPECT_EQ(PuzzleStore::open(path("renamed.db"), false).total(), 1);
  {
    auto writer = PuzzleStore::open(path("gone.db"), true);
    writer.add(sample(1));
    fs::remove(path("gone.db"));
    try {
      writer.check_still_named();
      FAIL() << "a store removed under the writer went unnoticed";
    } catch (const StoreMoved& e) {
      EXPECT_TRUE(e.removed);
      EXPECT_EQ(e.left_behind, "");
    }
    // The log and its index the writer's connection opened are removed with the name (SQLite's
    // close left them, beside a name that names nothing).
    EXPECT_FALSE(fs::exists(path("gone.db-wal")));
    EXPECT_FALSE(fs::exists(path("gone.db-shm")));
  }
  EXPECT_FALSE(fs::exists(path("gone.db-wal")));
  EXPECT_FALSE(fs::exists(path("gone.db-shm")));
}

// A renamed store is named where the system tells its new name (Linux's /proc/self/fd), and the
// log beside its old name is emptied into it and removed.
TEST_F(StoreTest, AMovedStoreIsNamed) {
  {
    auto writer = PuzzleStore::open(path("p.db"), true);
    writer.add(sample(1));
    fs::rename(path("p.db"), path("renamed.db"));
    try {
      writer.check_still_named();
      FAIL() << "a renamed store went unnoticed";
    } catch (const StoreMoved& e) {
      EXPECT_FALSE(e.removed);
      if (fs::exists("/proc/self/fd")) {
        EXPECT_NE(std::string(e.what()).find("is named '" + fs::canonical(path("renamed.db")).string() + "' now"),
                  std::string::npos)
            << e.what();
      }
    }
    EXPECT_FALSE(fs::exists(path("p.db-wal")));
    EXPECT_FALSE(fs::exists(path("p.db-shm")));
  }
  EXPECT_EQ(PuzzleStore::open(path("renamed.db"), false).total(), 1);
  // Its name removed while another link to it remains: no system tells that one, the inode
  // number finds it.
  {
    auto writer = PuzzleStore::open(path("q.db"), true);
    writer.add(sample(1));
    fs::create_hard_link(path("q.db"), path("link.db"));
    fs::remove(path("q.db"));
    struct stat st{};
    ASSERT_EQ(::stat(path("link.db").c_str(), &st), 0);
    try {
      writer.check_still_named();
      FAIL() << "a store whose name was removed went unnoticed";
    } catch (const StoreMoved& e) {
      EXPECT_FALSE(e.removed);
      EXPECT_NE(std::string(e.what()).find(" -xdev -inum " + std::to_string(st.st_ino) + " finds it)"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_EQ(PuzzleStore::open(path("link.db"), false).total(), 1);
  // A log another run made beside the name since is not this run's to remove: left, and said.
  {
    auto writer = PuzzleStore::open(path("r.db"), true);
    writer.add(sample(1));
    fs::remove(path("r.db"));
    fs::remove(path("r.db-wal"));
    std::ofstream(path("r.db-wal")) << "another run's";
    try {
      writer.check_still_named();
      FAIL() << "a store removed under the writer went unnoticed";
    } catch (const StoreMoved& e) {
      EXPECT_TRUE(e.removed);
      EXPECT_NE(e.left_behind.find("'" + path("r.db-wal") + "' is left beside the name"), std::string::npos) << e.left_behind;
    }
    EXPECT_TRUE(fs::exists(path("r.db-wal")));
    EXPECT_FALSE(fs::exists(path("r.db-shm")));
  }
}

}  // namespace
}  // namespace arbiter::puzzles

// The prove driver (solver/prove.hpp) as the honesty rules demand: a stored verdict is
// reused only under the encoding version that made it; a claim derived from premises is proved only
// where every premise is, and otherwise names the premise that is refuted or not proved. Also the
// window kinds behind the every-size window lemmas cover every cell of every board.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "model/core/errors.hpp"
#include "model/core/zobrist.hpp"
#include "solver/connection_claims.hpp"
#include "solver/interrupt.hpp"
#include "solver/prove.hpp"
#include "solver/z3_encoding.hpp"
#include "solver/testing/claim_test_support.hpp"

namespace arbiter {
namespace {

int decisions = 0;

Verdict refuted_with(const std::string& counterexample, const std::string& note) {
  Verdict v;
  v.kind = Verdict::Kind::Refuted;
  v.counterexample = counterexample;
  v.note = note;
  return v;
}

std::vector<Claim> planted_claims(const std::string& version) {
  const auto counted = [](Verdict v) {
    return [v](const Game&, double) {
      ++decisions;
      return v;
    };
  };
  std::vector<Claim> claims{
      {"holds", "planted: proved", "test", false, counted(Verdict::proved())},
      {"fails", "planted: refuted", "test", false, counted(refuted_with("BOARD\n", "reachable: planted"))},
      {"open", "planted: unknown", "test", false, counted(Verdict::unknown("timeout"))},
      {"holds-everywhere", "planted: proved for every size", "test", true, counted(Verdict::proved())},
      {"both-hold", "derived", "test", false, nullptr, {}, {}, {"holds", "holds-everywhere"}},
      {"one-fails", "derived", "test", false, nullptr, {}, {}, {"holds", "fails", "open"}},
      {"fails-for-all", "planted: refuted by a game that contradicts what is derived from it", "test", false,
       counted([] {
         Verdict v = refuted_with("BOARD\n", "reachable: planted, ends drawn");
         v.refutes_derived_claims = true;
         return v;
       }())},
      {"one-fails-for-all", "derived", "test", false, nullptr, {}, {}, {"holds", "fails-for-all"}},
      {"one-open", "derived", "test", false, nullptr, {}, {}, {"holds", "open"}},
      {"every-size", "derived", "test", true, nullptr, {}, {}, {"holds-everywhere", "holds"}},
      {"open-everywhere", "planted: unknown for every size", "test", true, counted(Verdict::unknown("timeout"))},
      {"open-here-lemma-holds", "planted: unknown at the size, implied by a proved lemma", "test", false,
       counted(Verdict::unknown("timeout")), {}, {}, {}, "z3", "holds-everywhere"},
      {"holds-here-lemma-open", "planted: proved at the size, implied by an open lemma", "test", false,
       counted(Verdict::proved()), {}, {}, {}, "z3", "open-everywhere"},
      {"fails-here-lemma-open", "planted: refuted at the size, implied by an open lemma", "test", false,
       counted(refuted_with("BOARD\n", "reachable: planted")), {}, {}, {}, "z3", "open-everywhere"},
      // Refuted for every size by a game drawn at the size it is decided at (as Brique's
      // turns-place-stones under pass=allowed), and read from the rulings, not a Z3 query.
      {"drawn-everywhere", "planted: refuted by a drawn game of the size decided", "test", true,
       [](const Game& game, double) {
         ++decisions;
         Verdict v = refuted_with("BOARD " + std::to_string(game.config().size) + "\n", "reachable: planted, ends drawn");
         v.refutes_derived_claims = true;
         return v;
       }, {}, {}, {}, "rulings"},
      {"drawn-here", "derived", "test", false, nullptr, {}, {}, {"holds", "drawn-everywhere"}},
      // Refuted for every size by a counterexample on a 3x3 board of its own (a window lemma's).
      {"fails-everywhere", "planted: refuted for every size on a board of its own", "test", true,
       counted([] {
         Verdict v = refuted_with("BOARD 3\n", "a window's counterexample");
         v.counterexample_size = 3;
         return v;
       }())},
      {"rests-on-fails-everywhere", "derived", "test", true, nullptr, {}, {}, {"holds-everywhere", "fails-everywhere"}},
  };
  return with_encoding_version(std::move(claims), version);
}

GameDescriptor planted_game(std::vector<Claim> (*claims)()) {
  GameDescriptor descriptor = testing::claims_only_descriptor();
  descriptor.make = [](const GameDescriptor& d, const Config& c) -> std::unique_ptr<Game> {
    return std::make_unique<testing::ConfigOnlyGame>(d, c);
  };
  descriptor.claims = claims;
  return descriptor;
}

// `said`, when given, gets what the run wrote on its progress stream (warnings included).
ProveRow prove_one(const GameDescriptor& game, const std::string& claim, const std::string& file = "",
                   std::string* said = nullptr) {
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.min_size = request.max_size = 4;
  request.results_file = file;
  std::ostringstream progress;
  const auto rows = run_proofs(request, {}, progress, false);
  if (said != nullptr) *said = progress.str();
  EXPECT_EQ(rows.size(), 1u);
  return rows.front();
}

std::string read_text(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ProveDriver, AStoredVerdictIsNotReusedAfterTheEncodingChanges) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-version-test.tsv").string();
  std::filesystem::remove(file);
  const GameDescriptor v1 = planted_game([] { return planted_claims("v1"); });
  const GameDescriptor v2 = planted_game([] { return planted_claims("v2"); });
  decisions = 0;
  EXPECT_FALSE(prove_one(v1, "holds", file).from_results_file);
  EXPECT_TRUE(prove_one(v1, "holds", file).from_results_file);
  EXPECT_EQ(decisions, 1);
  const ProveRow changed = prove_one(v2, "holds", file);
  EXPECT_FALSE(changed.from_results_file);
  EXPECT_EQ(decisions, 2);
  EXPECT_TRUE(prove_one(v2, "holds", file).from_results_file);
  // The version is written into each record.
  const std::string text = read_text(file);
  EXPECT_NE(text.find("encoding=v1"), std::string::npos);
  EXPECT_NE(text.find("encoding=v2"), std::string::npos);
  std::filesystem::remove(file);
}

TEST(ProveDriver, ARecordWithoutAVersionIsNeverReused) {
  // A line as written before verdicts carried versions: the key has no encoding field.
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-old-record.tsv").string();
  {
    std::ofstream out(file);
    out << "claims-test\tholds\t" << std::hash<std::string>{}("planted: proved")
        << "\t4\t\tproved\t0.1\t1\t1\tsize 4\t\t\t\t\n";
  }
  const GameDescriptor v1 = planted_game([] { return planted_claims("v1"); });
  EXPECT_FALSE(prove_one(v1, "holds", file).from_results_file);
  std::filesystem::remove(file);
}

// A stored verdict changed after it was kept is not reused: it is named on the progress stream
// and decided again (an edit of "refuted" to "proved" in a results file printed "proved (reused
// ...)", exit 0; "proved" to "refuted" printed a refutation without a counterexample). The other
// records of the file are still reused, and the new record supersedes the damaged one. A record
// kept before records had checksums is decided again likewise.
TEST(ProveDriver, AStoredVerdictChangedAfterItWasKeptIsDecidedAgain) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-damaged-record.tsv").string();
  const GameDescriptor game = planted_game([] { return planted_claims("v1"); });
  const auto prove = [&](const std::string& claim, std::string* said = nullptr) { return prove_one(game, claim, file, said); };
  const auto edit = [&](const std::string& from, const std::string& to) {
    std::string text = read_text(file);
    const auto at = text.find(from, text.rfind('\n', text.size() - 2));  // in the last record, the claim's
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(file, std::ios::trunc) << text;
  };
  for (const auto& [claim, from, to] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"fails", "\trefuted\t", "\tproved\t"},
           {"holds", "\tproved\t", "\trefuted\t"},
           {"holds", "\t4\t", "\t5\t"},  // kept at size 4: not a verdict about size 5
           {"fails", "BOARD", "BOARE"}}) {
    std::filesystem::remove(file);
    prove("open");  // another record of the file, reused all along
    const Verdict::Kind kind = prove(claim).verdict.kind;
    edit(from, to);
    decisions = 0;
    std::string said;
    const ProveRow again = prove(claim, &said);
    EXPECT_FALSE(again.from_results_file) << claim << from;
    EXPECT_EQ(again.verdict.kind, kind) << claim << from;
    EXPECT_EQ(decisions, 1) << claim << from;
    if (from != "\t4\t") {
      EXPECT_NE(said.find("arbiter: warning: " + file + ": the stored verdict of " + claim +
                          " size 4 fails its checksum (changed since it was kept): it is decided again\n"),
                std::string::npos)
          << said;
    }
    EXPECT_TRUE(prove("open").from_results_file) << claim << from;
    said.clear();
    EXPECT_TRUE(prove(claim, &said).from_results_file) << claim << from;  // the new record supersedes it
    EXPECT_EQ(said.find("warning"), std::string::npos) << said;
  }
  // As kept before 28 November 2026: the record without its checksum field, nor the two fields
  // added since (the counterexample's size, the moves that reach it). A line cut short at a field's
  // end can look the same: the warning says both.
  std::filesystem::remove(file);
  prove("holds");
  const std::string kept = read_text(file);
  std::string text = kept;
  for (int field = 0; field < 3; ++field) text.erase(text.rfind('\t'));
  std::ofstream(file, std::ios::trunc) << text << "\n";
  std::string said;
  EXPECT_FALSE(prove("holds", &said).from_results_file);
  EXPECT_NE(said.find("the stored verdict of holds size 4 has no checksum (kept by an older arbiter, or cut short by a run "
                      "that ended while keeping it): it is decided again"),
            std::string::npos)
      << said;
  // Without the checksum alone it has more fields than an older arbiter's record had: cut short
  // (it was said to be an older arbiter's once a later record had ended its line).
  text = kept;
  text.erase(text.rfind('\t'));
  std::ofstream(file, std::ios::trunc) << text << "\n";
  said.clear();
  EXPECT_FALSE(prove("holds", &said).from_results_file);
  EXPECT_NE(said.find("the stored verdict of holds size 4 was cut short (a run ended while keeping it; a later run ended "
                      "its line): it is decided again"),
            std::string::npos)
      << said;
  std::filesystem::remove(file);
}

// A default that changes is a change of ruling: the verdict kept under the old default is not
// reused under the new one, though neither run names the ruling.
TEST(ProveDriver, AStoredVerdictIsReusedOnlyUnderTheSameValueOfEveryRuling) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-ruling-default.tsv").string();
  std::filesystem::remove(file);
  const auto with_default = [](const std::string& value) {
    GameDescriptor game = planted_game([] { return planted_claims("v1"); });
    game.rulings = {Ruling{"T-1", "reading", "planted", {{"a", "one reading"}, {"b", "another"}}, value, Provenance::Sourced, "planted"}};
    return game;
  };
  const GameDescriptor under_a = with_default("a");
  const GameDescriptor under_b = with_default("b");
  EXPECT_FALSE(prove_one(under_a, "holds", file).from_results_file);
  EXPECT_TRUE(prove_one(under_a, "holds", file).from_results_file);
  EXPECT_FALSE(prove_one(under_b, "holds", file).from_results_file);
  EXPECT_NE(read_text(file).find("reading=a"), std::string::npos) << "the record names the ruling's value";
  std::filesystem::remove(file);
}

// The results file turned into a directory under the run: the verdict cannot be appended, and
// the run ends with the file and the reason instead of going on as if it were kept.
std::string blocked_file;
std::vector<Claim> blocking_claims() {
  const auto block = [](const Game&, double) {
    std::filesystem::remove(blocked_file);
    std::filesystem::create_directory(blocked_file);
    return Verdict::proved();
  };
  return with_encoding_version({{"blocks", "planted", "test", false, block}}, "v1");
}

TEST(ProveDriver, AVerdictThatCannotBeKeptEndsTheRunWithTheReason) {
  blocked_file = (std::filesystem::temp_directory_path() / "arbiter-prove-blocked.tsv").string();
  std::filesystem::remove_all(blocked_file);
  const GameDescriptor game = planted_game(blocking_claims);
  try {
    prove_one(game, "blocks", blocked_file);
    ADD_FAILURE() << "a verdict that could not be kept passed unnoticed";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("cannot keep a verdict in the results file '" + blocked_file + "'"),
              std::string::npos)
        << error.what();
  }
  std::filesystem::remove_all(blocked_file);
}

TEST(ProveDriver, ADerivedClaimIsProvedOnlyWhereEveryPremiseIs) {
  const GameDescriptor game = planted_game([] { return planted_claims(""); });
  const ProveRow both = prove_one(game, "both-hold");
  EXPECT_EQ(both.verdict.kind, Verdict::Kind::Proved);
  EXPECT_NE(both.verdict.derivation.find("holds (size 4): proved"), std::string::npos) << both.verdict.derivation;
  EXPECT_NE(both.verdict.derivation.find("holds-everywhere (all sizes (lemma)): proved"), std::string::npos);

  // A refuted premise shows only that the argument fails: the claim itself is not refuted by it...
  const ProveRow fails = prove_one(game, "one-fails");
  ASSERT_EQ(fails.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(fails.verdict.reason.find("the argument fails: premise fails is refuted"), std::string::npos)
      << fails.verdict.reason;
  EXPECT_NE(fails.verdict.reason.find("(arbiter prove " + game.name + " fails --sizes 4 shows it)"), std::string::npos)
      << fails.verdict.reason;
  EXPECT_NE(fails.verdict.derivation.find("fails (size 4): refuted"), std::string::npos) << fails.verdict.derivation;

  // ...unless its counterexample contradicts the claim too (a game reached that ends drawn).
  const ProveRow contradicted = prove_one(game, "one-fails-for-all");
  ASSERT_EQ(contradicted.verdict.kind, Verdict::Kind::Refuted);
  EXPECT_NE(contradicted.verdict.counterexample.find("premise fails-for-all is refuted"), std::string::npos);
  EXPECT_NE(contradicted.verdict.counterexample.find("BOARD"), std::string::npos);
  EXPECT_NE(contradicted.verdict.note.find("reachable: planted, ends drawn"), std::string::npos);
  // The premise's verdict, read back from the results file, still says so.
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-contradicting-premise.tsv").string();
  std::filesystem::remove(file);
  EXPECT_EQ(prove_one(game, "one-fails-for-all", file).verdict.kind, Verdict::Kind::Refuted);
  const int decided_before = decisions;
  EXPECT_EQ(prove_one(game, "one-fails-for-all", file).verdict.kind, Verdict::Kind::Refuted);
  EXPECT_EQ(decisions, decided_before) << "the second run should read its premises from " << file;
  std::filesystem::remove(file);

  const ProveRow open = prove_one(game, "one-open");
  ASSERT_EQ(open.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(open.verdict.reason.find("open (timeout)"), std::string::npos) << open.verdict.reason;

  // A per-size premise cannot carry a claim about every size, however it fares on one size.
  const ProveRow every = prove_one(game, "every-size");
  ASSERT_EQ(every.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(every.verdict.reason.find("holds (no every-size argument)"), std::string::npos) << every.verdict.reason;
}

// A per-size claim implied by an every-size lemma: proved from the lemma without a query where the
// lemma is proved; decided at the size, whatever it finds, where the lemma is not.
TEST(ProveDriver, APerSizeClaimIsDerivedFromItsEverySizeLemmaOnlyWhereTheLemmaIsProved) {
  const GameDescriptor game = planted_game([] { return planted_claims(""); });
  decisions = 0;
  const ProveRow implied = prove_one(game, "open-here-lemma-holds");
  EXPECT_EQ(implied.verdict.kind, Verdict::Kind::Proved);
  EXPECT_EQ(decisions, 1) << "only the lemma is decided";
  EXPECT_NE(implied.verdict.derivation.find("holds-everywhere (all sizes (lemma)): proved"), std::string::npos)
      << implied.verdict.derivation;
  EXPECT_NE(implied.verdict.scope.find("derived"), std::string::npos);

  decisions = 0;
  const ProveRow direct = prove_one(game, "holds-here-lemma-open");
  EXPECT_EQ(direct.verdict.kind, Verdict::Kind::Proved);
  EXPECT_EQ(decisions, 2) << "the lemma, then the size";
  EXPECT_TRUE(direct.verdict.derivation.empty());

  const ProveRow refuted = prove_one(game, "fails-here-lemma-open");
  EXPECT_EQ(refuted.verdict.kind, Verdict::Kind::Refuted);
}

ProveRow prove_at(const GameDescriptor& game, const std::string& claim, int size, const std::string& file);
Verdict always_proved(const Game&, double) { return Verdict::proved(); }

// A lemma about every size that is not proved, and the same lemma at one size (the per-size claim it
// implies): proved at size 4, unknown at size 5. A claim at a size that rests on the lemma rests on
// it at that size.
std::vector<Claim> lemma_at_size_claims() {
  const auto at_four = [](const Game& game, double) {
    ++decisions;
    return game.config().size == 4 ? Verdict::proved() : Verdict::unknown("timeout");
  };
  return with_encoding_version(
      {{"lemma", "planted: unknown for every size", "test", true,
        [](const Game&, double) { return Verdict::unknown("no every-size argument here"); }},
       {"lemma-here", "planted: the lemma at one size", "test", false, at_four, {}, {}, {}, "z3", "lemma"},
       {"holds", "planted: proved", "test", false, always_proved},
       {"rests-on-lemma", "derived", "test", false, nullptr, {}, {}, {"lemma", "holds"}},
       {"rests-on-lemma-everywhere", "derived", "test", true, nullptr, {}, {}, {"lemma"}}},
      "v1");
}

// Where the lemma about every size is not proved, a claim at one size follows from the lemma proved
// at that size, and says so (Quentin's no-draw at size 3 under diagonal-rule=mover-only was unknown
// although invariant-inductive was proved at size 3: it looked at invariant-inductive-every-size alone).
TEST(ProveDriver, AClaimAtASizeRestsOnTheLemmaProvedAtThatSizeWhereTheEverySizeLemmaIsNot) {
  const GameDescriptor game = planted_game(lemma_at_size_claims);
  const ProveRow four = prove_at(game, "rests-on-lemma", 4, "");
  EXPECT_EQ(four.verdict.kind, Verdict::Kind::Proved) << four.verdict.reason;
  EXPECT_TRUE(four.derived);
  const std::string& derivation = four.verdict.derivation;
  EXPECT_NE(derivation.find("lemma (all sizes (lemma)): unknown - no every-size argument here\n"), std::string::npos)
      << derivation;
  EXPECT_NE(derivation.find("lemma-here (size 4, in place of lemma): proved\n"), std::string::npos) << derivation;
  EXPECT_NE(derivation.find("holds (size 4): proved"), std::string::npos) << derivation;
  EXPECT_EQ(four.verdict.note, "at this size it rests on lemma-here (size 4) in place of lemma, which is not proved for every size");

  // Not proved at the size either: unknown, naming the lemma at the size and why.
  const ProveRow five = prove_at(game, "rests-on-lemma", 5, "");
  EXPECT_EQ(five.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(five.verdict.reason.find("premise not proved: lemma-here (timeout)"), std::string::npos) << five.verdict.reason;

  // A claim about every size still needs the lemma for every size.
  ProveRequest request;
  request.game = &game;
  request.claims = {"rests-on-lemma-everywhere"};
  request.min_size = request.max_size = 4;
  std::ostringstream progress;
  const auto every = run_proofs(request, {}, progress, false);
  ASSERT_EQ(every.size(), 1u);
  EXPECT_EQ(every[0].verdict.kind, Verdict::Kind::Unknown);
  EXPECT_EQ(every[0].verdict.derivation.find("lemma-here"), std::string::npos) << every[0].verdict.derivation;
}

ProveRow prove_at(const GameDescriptor& game, const std::string& claim, int size, const std::string& file) {
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.min_size = request.max_size = size;
  request.results_file = file;
  std::ostringstream progress;
  const auto rows = run_proofs(request, {}, progress, false);
  EXPECT_EQ(rows.size(), 1u);
  return rows.front();
}

// A claim about one size refuted through a lemma about every size shows a counterexample of its
// own size: the lemma's stored verdict, decided at another size, is decided again at this one (it
// showed a 15x15 board under "no-draw size 3"). A claim about every size says it has no size of
// its own, and where its counterexample is drawn.
TEST(ProveDriver, ACounterexampleIsDrawnAtTheSizeItRefutes) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-counterexample-size.tsv").string();
  std::filesystem::remove(file);
  const GameDescriptor game = planted_game([] { return planted_claims("v1"); });
  const ProveRow lemma = prove_at(game, "drawn-everywhere", 6, file);
  EXPECT_TRUE(lemma.every_size);
  EXPECT_EQ(lemma.verdict.counterexample_size, 6);
  EXPECT_EQ(lemma.verdict.scope, "all sizes (read from the rulings)");
  const ProveRow reused = prove_at(game, "drawn-everywhere", 4, file);
  EXPECT_TRUE(reused.from_results_file);
  EXPECT_EQ(reused.verdict.counterexample_size, 6) << "the stored record keeps its board's size";

  const ProveRow derived = prove_at(game, "drawn-here", 4, file);
  EXPECT_FALSE(derived.every_size);
  ASSERT_EQ(derived.verdict.kind, Verdict::Kind::Refuted);
  EXPECT_EQ(derived.verdict.counterexample_size, 4);
  EXPECT_NE(derived.verdict.counterexample.find("BOARD 4"), std::string::npos) << derived.verdict.counterexample;
  EXPECT_EQ(derived.verdict.counterexample.find("BOARD 6"), std::string::npos) << derived.verdict.counterexample;
  EXPECT_NE(derived.verdict.derivation.find("drawn-everywhere (all sizes (read from the rulings)): refuted"),
            std::string::npos) << derived.verdict.derivation;
  // At the size it was decided at, the stored verdict serves as it is.
  const ProveRow at_six = prove_at(game, "drawn-here", 6, file);
  EXPECT_NE(at_six.verdict.counterexample.find("BOARD 6"), std::string::npos) << at_six.verdict.counterexample;
  EXPECT_NE(at_six.verdict.derivation.find("drawn-everywhere (all sizes (read from the rulings)): refuted: counterexample "
                                           "at size 6; the claim for every size is false (reused"),
            std::string::npos) << at_six.verdict.derivation;
  std::filesystem::remove(file);
}

// A counterexample found by play keeps, in its record, the moves that reach it from the empty board
// (a reused verdict lost them, and prove --json's line_from_empty read null on the rerun); a record
// kept before that field (one field fewer) is still reused, without them.
TEST(ProveDriver, AStoredRefutationKeepsTheMovesThatReachIt) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-reached-by.tsv").string();
  std::filesystem::remove(file);
  const GameDescriptor game = planted_game([] {
    Verdict found = refuted_with("BOARD\n", "reachable: planted");
    found.moves = {"c3"};
    found.reached_by = {"a1", "b2"};
    return with_encoding_version(
        {{"found-by-play", "planted: refuted by play", "test", false, [found](const Game&, double) { return found; }}}, "v1");
  });
  EXPECT_FALSE(prove_one(game, "found-by-play", file).from_results_file);
  const ProveRow reused = prove_one(game, "found-by-play", file);
  EXPECT_TRUE(reused.from_results_file);
  EXPECT_EQ(reused.verdict.reached_by, (std::vector<std::string>{"a1", "b2"}));
  EXPECT_EQ(reused.verdict.moves, std::vector<std::string>{"c3"});

  // The record as an arbiter before the field wrote it: without its last field before the checksum.
  std::string record = read_text(file);
  record.pop_back();  // the newline
  const auto check = record.rfind('\t');
  const auto last_field = record.rfind('\t', check - 1);
  ASSERT_EQ(record.substr(last_field, check - last_field), "\ta1 b2");
  const std::string older = record.substr(0, last_field);
  std::ofstream(file, std::ios::trunc) << older << "\tcheck=" << text_key_hex(older) << "\n";
  const ProveRow old = prove_one(game, "found-by-play", file);
  EXPECT_TRUE(old.from_results_file);
  EXPECT_EQ(old.verdict.kind, Verdict::Kind::Refuted);
  EXPECT_TRUE(old.verdict.reached_by.empty());
  EXPECT_EQ(old.verdict.moves, std::vector<std::string>{"c3"});
  std::filesystem::remove(file);
}

TEST(ProveDriver, DerivedVerdictsAreNotStoredButTheirPremisesAre) {
  const auto file = (std::filesystem::temp_directory_path() / "arbiter-prove-derived.tsv").string();
  std::filesystem::remove(file);
  const GameDescriptor game = planted_game([] { return planted_claims("v1"); });
  prove_one(game, "both-hold", file);
  const std::string text = read_text(file);
  EXPECT_EQ(text.find("both-hold"), std::string::npos);
  EXPECT_NE(text.find("\tholds\t"), std::string::npos);
  std::filesystem::remove(file);
}

// Each claim is decided in a Z3 context of its own (a context filled by large encodings slowed a
// later 2x2 lemma from 0.15 s to a timeout), and the process's context is back afterwards.
std::vector<const z3::context*> contexts_seen;
std::vector<Claim> context_claims() {
  const auto note_context = [](const Game&, double) {
    contexts_seen.push_back(&smt::shared_context());
    smt::Encoding e(smt::Encoding::Engine::Sat);
    e.require(e.fresh_bool("x") && !e.fresh_bool("x"));  // distinct names: x#1 and x#2
    return e.verdict(e.check(5), {});
  };
  return with_encoding_version({{"first", "planted", "test", false, note_context},
                                {"second", "planted", "test", false, note_context}},
                               "v1");
}

TEST(ProveDriver, EachClaimIsDecidedInAFreshZ3Context) {
  const z3::context* process = &smt::shared_context();
  contexts_seen.clear();
  const GameDescriptor game = planted_game(context_claims);
  ProveRequest request;
  request.game = &game;
  request.claims = {"first", "second"};
  request.min_size = request.max_size = 4;
  std::ostringstream progress;
  const auto rows = run_proofs(request, {}, progress, false);
  ASSERT_EQ(contexts_seen.size(), 2u);
  for (const z3::context* seen : contexts_seen) EXPECT_NE(seen, process);
  EXPECT_EQ(&smt::shared_context(), process);
  for (const auto& row : rows) EXPECT_EQ(row.verdict.kind, Verdict::Kind::Refuted) << row.claim;
}

// A claim about every size refuted on one board is refuted as far as that board shows, in the
// premise's line and the derived claim's reason: "refuted (all sizes (lemma))" read as if every size
// had been decided. A derived row and one implied by its lemma are marked derived (no query of their
// own: their counts are their premises').
TEST(ProveDriver, AnEverySizeRefutationNamesItsCounterexamplesSize) {
  const GameDescriptor game = planted_game([] { return planted_claims(""); });
  const ProveRow row = prove_one(game, "rests-on-fails-everywhere");
  ASSERT_EQ(row.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_TRUE(row.derived);
  EXPECT_NE(row.verdict.derivation.find(
                "fails-everywhere (all sizes (lemma)): refuted: counterexample at size 3; the claim for every size is false"),
            std::string::npos)
      << row.verdict.derivation;
  EXPECT_NE(row.verdict.reason.find(
                "premise fails-everywhere is refuted (counterexample at size 3; the claim for every size is false), and"),
            std::string::npos)
      << row.verdict.reason;
  EXPECT_TRUE(prove_one(game, "open-here-lemma-holds").derived);
  EXPECT_FALSE(prove_one(game, "holds-here-lemma-open").derived);
}

// Planted checks: one that asks the run to stop (as SIGTERM from outside would) while it runs, and
// one that proves its claim.
Verdict asks_to_stop(const Game&, double) {
  std::raise(SIGTERM);
  return Verdict::proved();
}
Verdict always_holds(const Game&, double) { return Verdict::proved(); }

// A derived claim whose first premise is cut short by a stop request: that premise reads
// "stopped", the one after it, never begun, "not reached"; neither reads "unknown", which is Z3's
// own answer (both did: "someone-can-move (size 9): unknown - interrupted by SIGINT").
std::vector<Claim> stopping_claims() {
  return with_encoding_version({{"stops", "planted", "test", false, asks_to_stop},
                                {"after", "planted", "test", true, always_holds},
                                {"rests-on-both", "derived", "test", false, nullptr, {}, {}, {"stops", "after"}}},
                               "v1");
}

// The rows of one claim at size 4, in a process whose stop handlers are installed (a death test's).
std::vector<ProveRow> rows_with_stop_handlers(std::vector<Claim> (*claims)(), const std::string& claim) {
  install_stop_handlers();
  const GameDescriptor game = planted_game(claims);
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.min_size = request.max_size = 4;
  std::ostringstream progress;
  return run_proofs(request, {}, progress, false);
}

void stop_in_a_premise() {
  const auto rows = rows_with_stop_handlers(stopping_claims, "rests-on-both");
  const bool ok = rows.size() == 1 && rows[0].interrupted && !rows[0].not_reached &&
                  rows[0].verdict.derivation == "stops (size 4): stopped - interrupted by SIGTERM\n"
                                                "after (all sizes (lemma)): not reached\n" &&
                  rows[0].verdict.reason.find("stops (stopped - interrupted by SIGTERM); after (not reached)") != std::string::npos;
  std::fprintf(stderr, "derivation:\n%s", rows.empty() ? "" : rows[0].verdict.derivation.c_str());
  std::_Exit(ok ? 0 : 1);
}

TEST(ProveDriverDeathTest, AStoppedPremiseIsStoppedAndTheOneAfterItNotReached) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_in_a_premise(), ::testing::ExitedWithCode(0), "derivation");
}

// A run of every claim stopped in its second row. The rows after it are still given: a lemma proved
// as the first row's premise keeps "proved", a claim derived from it is proved, one resting on the
// stopped check reads stopped, and only the rows whose own check never began read "not reached"
// (a tester's stopped `prove quentin all` listed lemmas it had proved, and claims derived from
// them alone, as not reached).
std::vector<Claim> stopped_in_the_middle_claims() {
  return with_encoding_version({{"early", "derived", "test", false, nullptr, {}, {}, {"lemma"}},
                                {"stops", "planted", "test", false, asks_to_stop},
                                {"lemma", "planted", "test", true, always_holds},
                                {"unbegun", "planted", "test", false, always_holds},
                                {"late", "derived", "test", false, nullptr, {}, {}, {"lemma"}},
                                {"on-stopped", "derived", "test", false, nullptr, {}, {}, {"lemma", "stops"}},
                                {"on-unbegun", "derived", "test", false, nullptr, {}, {}, {"lemma", "unbegun"}}},
                               "v1");
}

void stop_in_the_middle() {
  const auto rows = rows_with_stop_handlers(stopped_in_the_middle_claims, "all");
  std::string seen;
  for (const ProveRow& row : rows) {
    seen += row.claim + ": " + (row.not_reached ? "not reached" : row.interrupted ? "stopped" : verdict_name(row.verdict.kind)) + "\n";
  }
  // A row not reached was not derived either (on-unbegun, a derived claim, said it was).
  const bool none_derived = std::none_of(rows.begin(), rows.end(), [](const ProveRow& row) { return row.not_reached && row.derived; });
  const bool ok = none_derived && seen == "early: proved\nstops: stopped\nlemma: proved\nunbegun: not reached\nlate: proved\n"
                                          "on-stopped: stopped\non-unbegun: not reached\n";
  if (!none_derived) std::fprintf(stderr, "a row not reached is marked derived\n");
  std::fprintf(stderr, "rows:\n%s", seen.c_str());
  std::_Exit(ok ? 0 : 1);
}

TEST(ProveDriverDeathTest, AfterAStopDecidedRowsKeepTheirVerdictAndOnlyUnbegunOnesAreNotReached) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_in_the_middle(), ::testing::ExitedWithCode(0), "rows");
}

// A run whose check under way is abandoned after a stop: the command reports the rows after it
// while the driver's thread is still in the check. The planted check takes that report itself, as
// the watcher thread would. A lemma decided earlier in the run keeps its verdict and the abandoned
// check's own row reads stopped (both read "not reached": a tester's abandoned `prove quentin all`
// listed lemmas it had proved as not reached).
ProveTally* g_tally = nullptr;
const ProveRequest* g_request = nullptr;
std::vector<ProveRow> g_reported;

std::vector<Claim> abandoned_claims() {
  const auto gets_stuck = [](const Game&, double) {
    g_reported = rows_after_abandoned(*g_request, *g_tally, 1);
    return Verdict::proved();
  };
  return with_encoding_version({{"on-stuck", "derived", "test", false, nullptr, {}, {}, {"lemma", "stuck"}},
                                {"stuck", "planted", "test", false, gets_stuck},
                                {"lemma", "planted", "test", true, always_holds},
                                {"unbegun", "planted", "test", false, always_holds},
                                {"late", "derived", "test", false, nullptr, {}, {}, {"lemma"}}},
                               "v1");
}

TEST(ProveDriver, TheRowsAfterAnAbandonedCheckKeepWhatWasDecidedAndTheCheckReadsStopped) {
  const GameDescriptor game = planted_game(abandoned_claims);
  ProveRequest request;
  request.game = &game;
  request.claims = {"all"};
  request.min_size = request.max_size = 4;
  ProveTally tally;
  g_tally = &tally;
  g_request = &request;
  g_reported.clear();
  std::ostringstream progress;
  run_proofs(request, {}, progress, false, &tally);
  std::string seen;
  for (const ProveRow& row : g_reported) {
    seen += row.claim + ": " + (row.not_reached ? "not reached" : row.interrupted ? "stopped" : verdict_name(row.verdict.kind)) +
            (row.derived ? " (derived)" : "") + "\n";
  }
  EXPECT_EQ(seen, "stuck: stopped\nlemma: proved\nunbegun: not reached\nlate: not reached\n");
  // Once the check is over, nothing is under way: the report would read its row as decided.
  EXPECT_EQ(tally.step, (std::pair<std::string, int>{}));
  EXPECT_EQ(tally.decided.count({"stuck", 4}), 1u);
}

// A claim whose check runs 0.2 s, is asked to stop, and takes 0.6 s more to stop (a Z3 check, or
// the model play around it, that notices the request late).
std::vector<Claim> slow_to_stop_claims() {
  const auto slow = [](const Game&, double) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    std::raise(SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    return Verdict::proved();
  };
  return with_encoding_version({{"slow-to-stop", "planted", "test", false, slow}}, "v1");
}

// The stopped row's seconds are the ones its check ran until the stop request, not the time it
// then took to stop: they read 0.8 (a tester's kill at 8 s showed 9.23 s).
void stop_a_check_that_is_slow_to_stop() {
  const auto rows = rows_with_stop_handlers(slow_to_stop_claims, "slow-to-stop");
  const double seconds = rows.size() == 1 && rows[0].interrupted ? rows[0].verdict.seconds : -1;
  std::fprintf(stderr, "stopped row: %.2f s\n", seconds);
  std::_Exit(seconds >= 0.15 && seconds < 0.5 ? 0 : 1);
}

TEST(ProveDriverDeathTest, AStoppedRowsSecondsEndAtTheStopRequest) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_a_check_that_is_slow_to_stop(), ::testing::ExitedWithCode(0), "stopped row");
}

TEST(WindowKinds, TheRepresentativeSizesCoverEveryCellOfEveryBoard) {
  for (int radius = 1; radius <= 3; ++radius) {
    std::set<smt::WindowKind> kinds;
    for (const auto& rep : smt::window_representatives(radius)) {
      EXPECT_LE(rep.n, smt::window_representative_sizes(radius));
      EXPECT_TRUE(smt::window_kind(rep.n, rep.cell, radius) == rep.kind);
      kinds.insert(rep.kind);
    }
    for (int n = 2; n <= 80; ++n)
      for (int cell = 0; cell < n * n; ++cell) {
        EXPECT_TRUE(kinds.count(smt::window_kind(n, cell, radius)))
            << "radius " << radius << ", size " << n << ", cell " << cell;
      }
  }
}

}  // namespace
}  // namespace arbiter

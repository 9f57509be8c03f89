// Brique's Z3 claims: true claims are proved on small boards, planted false variants are refuted
// with counterexamples that replay, and a forced timeout is never reported as a proof.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "model/brique/claims.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "solver/connection_claims.hpp"
#include "solver/prove.hpp"
#include "solver/testing/claim_test_support.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

using testing::decide_claim;

constexpr int kLargest = arbiter::testing::when_sanitized(3, 5);

TEST(BriqueClaims, TrueClaimsAreProvedOnSmallBoards) {
  for (const char* claim : {"invariant-inductive", "one-fill-round", "full-board-winner", "only-mover-wins",
                            "no-two-winners"}) {
    for (int n = 2; n <= kLargest; ++n) {
      const Verdict v = decide_claim(brique_claims(), claim, n);
      EXPECT_EQ(v.kind, Verdict::Kind::Proved) << claim << " size " << n << ": " << v.reason << v.counterexample;
      EXPECT_GT(v.variables, 0u);
      EXPECT_GT(v.assertions, 0u);
    }
  }
}

TEST(BriqueClaims, TheLocalLemmaIsProvedUnderEveryEncodedRuling) {
  for (const char* light : {"even", "odd"}) {
    for (const char* directions : {"board", "facing"}) {
      for (const char* claim : {"no-checkerboard-lemma", "full-board-winner-every-size"}) {
        const Verdict v = decide_claim(brique_claims(), claim, 5,
                                       {{"light-squares", light}, {"escort-directions", directions}});
        EXPECT_EQ(v.kind, Verdict::Kind::Proved) << claim << " " << light << " " << directions;
      }
    }
  }
}

TEST(BriqueClaims, OtherShadingKeepsTheClaims) {
  for (const char* claim : {"invariant-inductive", "one-fill-round", "full-board-winner"}) {
    EXPECT_EQ(decide_claim(brique_claims(), claim, 4, {{"light-squares", "odd"}}).kind, Verdict::Kind::Proved) << claim;
  }
}

TEST(BriqueClaims, FacingEscortsBreakTheInvariant) {
  // Under escort-directions=facing a Black fill can land on a square that two White stones escort
  // as White reads the directions: the invariant is not inductive (a finding, see docs/proofs.md).
  const Verdict v = decide_claim(brique_claims(), "invariant-inductive", 3, {{"escort-directions", "facing"}});
  ASSERT_EQ(v.kind, Verdict::Kind::Refuted);
  EXPECT_EQ(decide_claim(brique_claims(), "one-fill-round", 4, {{"escort-directions", "facing"}}).kind,
            Verdict::Kind::Proved);
}

// Plain C++ (not the encoding): squares whose two escorts hold `colour` but which do not.
std::vector<int> invariant_violations(const brique_smt::Geometry& g, const std::vector<char>& cells) {
  std::vector<int> bad;
  for (int i = 0; i < g.n * g.n; ++i) {
    for (char colour : {'B', 'W'}) {
      const auto e = g.escorts(i, colour == 'B');
      if (e.size() == 2 && cells[static_cast<std::size_t>(e[0])] == colour &&
          cells[static_cast<std::size_t>(e[1])] == colour && cells[static_cast<std::size_t>(i)] != colour) {
        bad.push_back(i);
      }
    }
  }
  return bad;
}

TEST(BriqueClaims, KeepingEnemyStonesIsRefutedWithAReplayableCounterexample) {
  const Verdict v = decide_claim(brique_claims(), "invariant-inductive", 4, {{"fill", "keep-enemy"}});
  ASSERT_EQ(v.kind, Verdict::Kind::Refuted);
  ASSERT_EQ(v.moves.size(), 1u);
  const auto split = v.counterexample.find("after ");
  ASSERT_NE(split, std::string::npos);
  const auto before = smt::cells_from_text(v.counterexample.substr(0, split));
  const auto after = smt::cells_from_text(v.counterexample.substr(split));
  ASSERT_EQ(before.size(), 16u);
  ASSERT_EQ(after.size(), 16u);
  Config config;
  config.size = 4;
  config.rulings = {{"fill", "keep-enemy"}};
  const auto g = brique_smt::Geometry::from(config);
  EXPECT_TRUE(invariant_violations(g, before).empty());
  EXPECT_FALSE(invariant_violations(g, after).empty());
  // Replay by hand: the mover places on the named square, then fills empty squares escorted by two
  // of its stones; the result must be the reported position.
  const char mover = v.counterexample.substr(0, split).find("Black to move") != std::string::npos ? 'B' : 'W';
  const int target = (v.moves[0][1] - '1') * 4 + (v.moves[0][0] - 'a');
  std::vector<char> replay = before;
  ASSERT_EQ(replay[static_cast<std::size_t>(target)], '.');
  replay[static_cast<std::size_t>(target)] = mover;
  const std::vector<char> placed = replay;
  for (int i = 0; i < 16; ++i) {
    const auto e = g.escorts(i, mover == 'B');
    if (e.size() == 2 && placed[static_cast<std::size_t>(e[0])] == mover &&
        placed[static_cast<std::size_t>(e[1])] == mover && placed[static_cast<std::size_t>(i)] == '.') {
      replay[static_cast<std::size_t>(i)] = mover;
    }
  }
  EXPECT_EQ(std::string(replay.begin(), replay.end()), std::string(after.begin(), after.end()));
}

TEST(BriqueTurnEncoding, FillReplacesAnEnemyStoneOnTheEscortedSquare) {
  // c3 is light (row+column even): its escorts are c2 (in front) and b3 (left). Black b3 joins c2.
  const std::vector<char> before = smt::cells_from_text(R"(
   a b c d e
 1 . . . . .
 2 . . B . .
 3 . . W . .
 4 . . . . .
 5 . . . . .
)");
  const std::vector<char> expected = smt::cells_from_text(R"(
   a b c d e
 1 . . . . .
 2 . . B . .
 3 . B B . .
 4 . . . . .
 5 . . . . .
)");
  Config config;
  config.size = 5;
  const auto g = brique_smt::Geometry::from(config);
  smt::Encoding encoding;
  const auto board = smt::constant_board(encoding.ctx(), 5, before);
  std::vector<z3::expr> move;
  for (int i = 0; i < 25; ++i) move.push_back(encoding.ctx().bool_val(i == 2 * 5 + 1));
  const auto after = brique_smt::turn(encoding, g, board, true, move);
  ASSERT_EQ(encoding.check(30), smt::Encoding::Answer::Counterexample);
  const auto cells = after.cells(encoding);
  EXPECT_EQ(std::string(cells.begin(), cells.end()), std::string(expected.begin(), expected.end()));
}

TEST(BriqueClaims, ADrawIsFoundWhenNoInvariantHolds) {
  // The generic no-draw check without Brique's invariant: the 2x2 checkerboard has no winner.
  const Verdict v = smt::decide_full_board_has_winner(2, [](smt::Encoding&, const smt::SymbolicBoard&) {}, false, 30);
  ASSERT_EQ(v.kind, Verdict::Kind::Refuted);
  const auto cells = smt::cells_from_text(v.counterexample);
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_FALSE(testing::has_chain(2, cells, 'B'));
  EXPECT_FALSE(testing::has_chain(2, cells, 'W'));
}

// Z3 checks its timer only now and then, and on a loaded machine the timer thread may not run
// within the millisecond: a finished search is then a proof. What must never happen is a
// timeout reported as proved, so a "proved" here must be the claim's true verdict.
TEST(BriqueClaims, ATinyTimeoutGivesUnknownNeverProved) {
  const Verdict v = decide_claim(brique_claims(), "full-board-winner", 12, {}, 0.001);
  if (v.kind == Verdict::Kind::Proved) {
    EXPECT_EQ(decide_claim(brique_claims(), "full-board-winner", 12, {}, 600).kind, Verdict::Kind::Proved);
    return;
  }
  EXPECT_EQ(v.kind, Verdict::Kind::Unknown);
  EXPECT_FALSE(v.reason.empty());
}

TEST(BriqueClaims, AnUnencodedRulingGivesUnknown) {
  const Verdict v = decide_claim(brique_claims(), "invariant-inductive", 3, {{"fill", "repeat"}});
  EXPECT_EQ(v.kind, Verdict::Kind::Unknown);
  EXPECT_NE(v.reason.find("fill=repeat"), std::string::npos);
}

TEST(ProveDriver, StoresFinishedVerdictsAndResumes) {
  static int decisions = 0;
  GameDescriptor descriptor = testing::claims_only_descriptor();
  descriptor.make = [](const GameDescriptor& d, const Config& c) -> std::unique_ptr<Game> {
    return std::make_unique<testing::ConfigOnlyGame>(d, c);
  };
  descriptor.claims = [] {
    return std::vector<Claim>{
        {"even-size-fails", "planted: sizes are odd", "test", false, [](const Game& game, double) {
           ++decisions;
           Verdict v = game.config().size % 2 ? Verdict::proved() : Verdict::unknown("even");
           return v;
         }}};
  };
  const auto file = std::filesystem::temp_directory_path() / "arbiter-prove-driver-test.tsv";
  std::filesystem::remove(file);
  ProveRequest request;
  request.game = &descriptor;
  request.claims = {"all"};
  request.min_size = 3;
  request.max_size = 6;
  request.results_file = file.string();
  std::ostringstream progress;
  auto rows = run_proofs(request, {}, progress, false);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(decisions, 4);
  EXPECT_EQ(rows[0].verdict.scope, "size 3");
  EXPECT_EQ(rows[1].verdict.kind, Verdict::Kind::Unknown);
  rows = run_proofs(request, {}, progress, false);
  EXPECT_EQ(decisions, 4);  // the same timeout would not change an unknown (issue 13 item 2)
  EXPECT_TRUE(rows[0].from_results_file);
  EXPECT_TRUE(rows[1].from_results_file);
  EXPECT_EQ(rows[1].stored_budget, request.timeout_seconds);
  request.timeout_seconds *= 2;
  rows = run_proofs(request, {}, progress, false);
  EXPECT_EQ(decisions, 6);  // a larger timeout decides only the two unknown sizes again
  EXPECT_TRUE(rows[0].from_results_file);
  EXPECT_FALSE(rows[1].from_results_file);
  request.fresh = true;
  run_proofs(request, {}, progress, false);
  EXPECT_EQ(decisions, 10);
  request.claims = {"no-such-claim"};
  EXPECT_THROW(run_proofs(request, {}, progress, false), InputError);
  std::filesystem::remove(file);
}

TEST(BriqueClaims, TheTurnLemmasHoldOnEveryBoardSizeByWindows) {
#ifdef ARBITER_SANITIZED
  for (const char* light : {"even"}) {  // 102 window checks each: slow under the sanitizers
#else
  for (const char* light : {"even", "odd"}) {
#endif
    for (const char* claim : {"invariant-inductive-every-size", "one-fill-round-every-size"}) {
      const Verdict v = decide_claim(brique_claims(), claim, 5, {{"light-squares", light}});
      EXPECT_EQ(v.kind, Verdict::Kind::Proved) << claim << " " << light << ": " << v.reason << v.counterexample;
      EXPECT_NE(v.note.find("window kinds"), std::string::npos);
    }
  }
}

TEST(BriqueClaims, TheWindowLemmaRefutesWithAWholeBoardWhereTheInvariantBreaks) {
  // Facing escorts and keep-enemy fills break the invariant (see FacingEscortsBreakTheInvariant):
  // the window lemma must find that too, as a counterexample on a whole board.
  for (const auto& [name, value] : {std::pair{"escort-directions", "facing"}, std::pair{"fill", "keep-enemy"}}) {
    const Verdict v = decide_claim(brique_claims(), "invariant-inductive-every-size", 5, {{name, value}});
    ASSERT_EQ(v.kind, Verdict::Kind::Refuted) << value;
    EXPECT_NE(v.note.find("whole-board counterexample"), std::string::npos) << v.note;
    const auto split = v.counterexample.find("after ");
    ASSERT_NE(split, std::string::npos);
    Config config;
    config.size = static_cast<int>(std::lround(std::sqrt(smt::cells_from_text(v.counterexample.substr(0, split)).size())));
    config.rulings = {{name, value}};
    const auto g = brique_smt::Geometry::from(config);
    EXPECT_TRUE(invariant_violations(g, smt::cells_from_text(v.counterexample.substr(0, split))).empty());
    EXPECT_FALSE(invariant_violations(g, smt::cells_from_text(v.counterexample.substr(split))).empty());
  }
  EXPECT_EQ(decide_claim(brique_claims(), "one-fill-round-every-size", 5, {{"escort-directions", "facing"}}).kind,
            Verdict::Kind::Proved);
}

TEST(BriqueClaims, EveryClaimCarriesTheEncodingVersion) {
  for (const Claim& claim : brique_claims()) EXPECT_EQ(claim.encoding_version.size(), 16u) << claim.name;
}

ProveRow prove_brique(const std::string& claim, int size, const std::vector<std::string>& rulings = {},
                      double timeout = 60) {
  ProveRequest request;
  request.timeout_seconds = timeout;
  request.game = &find_game("brique");
  request.claims = {claim};
  request.min_size = request.max_size = size;
  request.rulings = rulings;
  std::ostringstream progress;
  return run_proofs(request, {}, progress, false).front();
}

TEST(BriqueDerivedClaims, NoDrawOnEveryBoardSizeIsDerivedFromItsPremises) {
  const ProveRow row = prove_brique("no-draw-every-size", 5);
  EXPECT_EQ(row.verdict.kind, Verdict::Kind::Proved) << row.verdict.reason << row.verdict.counterexample;
  EXPECT_EQ(row.verdict.scope, "every size (derived)");
  // The lemma read from the rulings says so, not "lemma" (a Z3 query).
  EXPECT_NE(row.verdict.derivation.find("turns-place-stones (all sizes (read from the rulings)): proved"), std::string::npos)
      << row.verdict.derivation;
  for (const char* premise : {"invariant-inductive-every-size", "full-board-winner-every-size"}) {
    EXPECT_NE(row.verdict.derivation.find(std::string(premise) + " (all sizes (lemma)): proved"), std::string::npos)
        << row.verdict.derivation;
  }
  EXPECT_EQ(prove_brique("no-draw", 4).verdict.kind, Verdict::Kind::Proved);
}

TEST(BriqueDerivedClaims, NoDrawIsNotProvedWhereAPremiseFails) {
  // Under facing the invariant is not inductive (a premise refuted by a reachable position), but
  // no drawn game is shown: the argument fails, the model's play finds no drawn game on 2x2 and 3x3
  // (their whole trees, the smaller first), and the claim stays unknown, not refuted.
  const ProveRow facing = prove_brique("no-draw-every-size", 3, {"escort-directions=facing"});
  ASSERT_EQ(facing.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(facing.verdict.reason.find("; no drawn game of sizes 2 to 3 found by the model's play (a depth-first walk "
                                       "of the game tree at each size, smallest first, size 2: "),
            std::string::npos)
      << facing.verdict.reason;
  EXPECT_NE(facing.verdict.reason.find("; size 3: 4,266 positions, "), std::string::npos) << facing.verdict.reason;
  EXPECT_NE(facing.verdict.reason.find("the whole tree"), std::string::npos) << facing.verdict.reason;
  // The sizes above the one it is run at are named as not walked (the audit, run at 3, said only
  // "no drawn game of sizes 2 to 3 found", as if that were every size).
  EXPECT_NE(facing.verdict.reason.find("; size 4 and larger not walked: the walk goes no further than the size the claim is "
                                       "run at, 3)"),
            std::string::npos)
      << facing.verdict.reason;
  EXPECT_NE(facing.verdict.reason.find("the argument fails: premise invariant-inductive-every-size is refuted"),
            std::string::npos)
      << facing.verdict.reason;
  // The command it names shows the counterexample only under the same rulings.
  EXPECT_NE(facing.verdict.reason.find(
                "(arbiter prove brique invariant-inductive-every-size --rule escort-directions=facing shows it)"),
            std::string::npos)
      << facing.verdict.reason;
  EXPECT_NE(facing.verdict.derivation.find("invariant-inductive-every-size (all sizes (lemma)): refuted"), std::string::npos)
      << facing.verdict.derivation;

  // Under pass=allowed two passes end a game drawn: the premise's counterexample refutes the claim.

  const ProveRow pass = prove_brique("no-draw", 4, {"pass=allowed"});
  ASSERT_EQ(pass.verdict.kind, Verdict::Kind::Refuted);
  EXPECT_NE(pass.verdict.counterexample.find("premise turns-place-stones is refuted"), std::string::npos);
  EXPECT_NE(pass.verdict.note.find("reachable: the model plays pass, pass"), std::string::npos) << pass.verdict.note;

  const ProveRow repeat = prove_brique("no-draw-every-size", 4, {"fill=repeat"});
  ASSERT_EQ(repeat.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(repeat.verdict.reason.find("not encoded: ruling fill=repeat"), std::string::npos) << repeat.verdict.reason;
  const ProveRow mirror = prove_brique("no-draw", 4, {"pie=mirror"});
  ASSERT_EQ(mirror.verdict.kind, Verdict::Kind::Unknown);
  EXPECT_NE(mirror.verdict.reason.find("not encoded: ruling pie=mirror"), std::string::npos) << mirror.verdict.reason;
}

// Under fill=keep-enemy the argument fails (invariant-inductive is refuted) and the rule text's
// claim is false too: a1 b1 b2 a2 ends drawn on 2x2. The driver looks for a drawn game before it
// answers unknown, and shows the one it finds, which the model replays to a draw. Under the default
// rulings no-draw stays proved, with no search.
TEST(BriqueDerivedClaims, NoDrawIsRefutedByADrawnGameWhereTheArgumentFails) {
  for (const char* claim : {"no-draw", "no-draw-every-size"}) {
    const ProveRow row = prove_brique(claim, 2, {"fill=keep-enemy"}, 10);
    ASSERT_EQ(row.verdict.kind, Verdict::Kind::Refuted) << claim << ": " << row.verdict.reason;
    EXPECT_EQ(row.verdict.counterexample_size, 2) << claim;
    EXPECT_NE(row.verdict.counterexample.find("a game of size 2 that ends drawn"), std::string::npos)
        << row.verdict.counterexample;
    EXPECT_NE(row.verdict.counterexample.find("Draw, ply 4"), std::string::npos) << row.verdict.counterexample;
    EXPECT_NE(row.verdict.note.find("premise invariant-inductive"), std::string::npos) << row.verdict.note;
    const auto game = make_game(find_game("brique"), 2, {"fill=keep-enemy"});
    auto state = game->initial_state();
    for (const std::string& move : row.verdict.reached_by) state->apply(state->parse_move(move));
    EXPECT_EQ(state->outcome().kind, Outcome::Kind::Draw) << claim;
  }
  EXPECT_EQ(prove_brique("no-draw", 2).verdict.kind, Verdict::Kind::Proved);
}

// A claim about every size run at a larger size shows the smallest drawn game found: the sizes are
// walked from the smallest up (until 29 November 2026 only the size it was run at, so
// `prove brique no-draw-every-size --rule fill=keep-enemy` showed a 15x15 game). The claim at one
// size still shows a game of that size.
TEST(BriqueDerivedClaims, NoDrawEverySizeShowsTheSmallestDrawnGame) {
  const ProveRow every = prove_brique("no-draw-every-size", 4, {"fill=keep-enemy"}, 10);
  ASSERT_EQ(every.verdict.kind, Verdict::Kind::Refuted) << every.verdict.reason;
  EXPECT_EQ(every.verdict.counterexample_size, 2);
  EXPECT_NE(every.verdict.counterexample.find("a game of size 2 that ends drawn"), std::string::npos)
      << every.verdict.counterexample;
  EXPECT_NE(every.verdict.note.find("at each size from the smallest up, found this drawn game of size 2 after"),
            std::string::npos)
      << every.verdict.note;
  const ProveRow at_four = prove_brique("no-draw", 4, {"fill=keep-enemy"}, 10);
  ASSERT_EQ(at_four.verdict.kind, Verdict::Kind::Refuted) << at_four.verdict.reason;
  EXPECT_EQ(at_four.verdict.counterexample_size, 4);
}

// Issue 12: every claim under every non-default ruling value either models that value (as its
// encoding declares) or says "not encoded", instead of borrowing the default ruling's verdict.
TEST(BriqueClaims, EveryRulingValueAClaimDoesNotModelIsNotEncoded) {
  EXPECT_EQ(testing::unmodelled_values_not_encoded(find_game("brique"), brique_claims(), brique_smt::claim_modelled_rulings, 2), "");
  EXPECT_EQ(decide_claim(brique_claims(), "one-fill-round", 2, {{"fill", "repeat"}}).reason,
            "not encoded: ruling fill=repeat");
}

}  // namespace
}  // namespace arbiter

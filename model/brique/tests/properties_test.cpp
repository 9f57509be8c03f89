// Brique's property suite: it holds on random play under every ruling, and every property
// reports a deliberately broken transition or position.
#include <gtest/gtest.h>

#include "model/core/zobrist.hpp"
#include "model/brique/verification.hpp"
#include "model/brique/states.hpp"
#include "model/brique/tests/fixtures.hpp"
#include "model/core/property_suite.hpp"
#include "properties/property_runner.hpp"
#include "tests/game_param.hpp"
#include "tests/suite_checks.hpp"

namespace arbiter::brique {
namespace {

const int kCases = arbiter::testing::scaled(40);

Property named(const std::string& name) { return find_property(verification_suite(), name); }

// A position from rows drawn as text: 'B' black, 'W' white, '.' empty.
Position drawn(const std::vector<std::string>& rows, int side = kBlack, int ply = 0, const Rules& base = Rules{}) {
  Rules rules = base;
  rules.n = static_cast<int>(rows.size());
  Position p = Position::initial(rules);
  for (int r = 0; r < rules.n; ++r) {
    for (int c = 0; c < rules.n; ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      p.cells[static_cast<std::size_t>(p.index(r, c))] = ch == 'B' ? kBlackStone : ch == 'W' ? kWhiteStone : kEmpty;
    }
  }
  p.side = side;
  p.ply = ply;
  return p;
}

PropertyVerdict transition(const std::string& name, const Position& before, Move m, const Position& after) {
  const auto game = brique_test::game(before.n());
  return named(name).transition(*game, *make_fast_state(before), m, *make_fast_state(after));
}

PropertyVerdict position(const std::string& name, const State& state) {
  const auto game = brique_test::game(dynamic_cast<const BriqueState&>(state).snapshot().n());
  return named(name).position(*game, state);
}

class SuiteUnderRuling : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(SuiteUnderRuling, EveryPropertyHoldsOnRandomPlay) {
  // no-draws, a claim of the text, is reported by `arbiter check` (docs/properties.md).
  for (int size : {4, 5}) {
    testing::expect_suite_holds(*brique_test::game(size, GetParam()), verification_suite(), kCases, "size " + std::to_string(size));
  }
}

INSTANTIATE_TEST_SUITE_P(BriqueRulings, SuiteUnderRuling,
                         ::testing::Values(std::vector<std::string>{}, std::vector<std::string>{"light-squares=odd"},
                                           std::vector<std::string>{"escort-directions=facing"},
                                           std::vector<std::string>{"fill=repeat"}, std::vector<std::string>{"fill=keep-enemy"},
                                           std::vector<std::string>{"pie=mirror"}, std::vector<std::string>{"pie=off"},
                                           std::vector<std::string>{"pass=allowed"}),
                         arbiter::testing::ruling_mix_name);

TEST(BriqueProperties, WhatDoesNotApplyUnderWhichRuling) {
  using Names = std::vector<std::string>;
  EXPECT_EQ(testing::not_applicable_names(*brique_test::game(5), verification_suite()), Names{});
  EXPECT_EQ(testing::not_applicable_names(*brique_test::game(5, {"escort-directions=facing"}), verification_suite()),
            (Names{"small-turns", "end-of-turn-invariant", "full-board-one-winner", "settled-full-board-one-winner"}));
  EXPECT_EQ(testing::not_applicable_names(*brique_test::game(5, {"fill=keep-enemy"}), verification_suite()),
            (Names{"full-board-one-winner", "settled-full-board-one-winner"}));
}

TEST(BriqueProperties, UnderFacingEscortsATurnCanReplaceTwoEnemyStones) {
  // Why small-turns is stated for board directions only (docs/properties.md): White's b2 went on
  // a square Black's escorts b1 and a2 already claim; Black's c3 fills c2 and refills b2.
  const auto game = brique_test::game(4, {"escort-directions=facing"});
  auto state = game->initial_state();
  for (const char* move : {"d2", "a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3"}) state->apply(state->parse_move(move));
  const Position before = dynamic_cast<const BriqueState&>(*state).snapshot();
  state->apply(state->parse_move("c3"));
  const Position after = dynamic_cast<const BriqueState&>(*state).snapshot();
  int replaced = 0;
  for (std::size_t i = 0; i < before.cells.size(); ++i) replaced += before.cells[i] == kWhiteStone && after.cells[i] == kBlackStone;
  EXPECT_EQ(replaced, 2);
  // So under facing small-turns is not applicable (never run, never reported as holding); its
  // check would report this turn.
  EXPECT_NE(named("small-turns").not_applicable(*game), "");
  EXPECT_EQ(named("small-turns").not_applicable(*brique_test::game(4)), "");
  EXPECT_FALSE(named("small-turns").transition(*game, *make_fast_state(before), 10, *state).holds);
}

TEST(BriqueProperties, AStrayStoneIsNotAPlacementOrAFill) {
  const Position before = drawn({".....", ".....", ".....", ".....", "....."});
  const Position after = drawn({"B....",  // a1 changed: neither placed nor escorted
                                ".....", "..B..", ".....", "....."}, kWhite, 1);
  EXPECT_FALSE(transition("touches-only-placed-and-filled", before, 12, after).holds);
  const Position honest = drawn({".....", ".....", "..B..", ".....", "....."}, kWhite, 1);
  EXPECT_TRUE(transition("touches-only-placed-and-filled", before, 12, honest).holds);
}

TEST(BriqueProperties, AnUnfilledEscortedSquareIsReported) {
  // c3 is light; its escorts c2 (in front) and b3 (to the left) are Black, c3 is still empty.
  const Position before = drawn({".....", ".....", ".B...", ".....", "....."}, kBlack, 2);
  const Position after = drawn({".....", "..B..", ".B...", ".....", "....."}, kWhite, 3);
  EXPECT_FALSE(transition("fill-settles", before, 7, after).holds);
  EXPECT_FALSE(position("end-of-turn-invariant", *make_fast_state(after)).holds);
}

TEST(BriqueProperties, TwoReplacedEnemyStonesAndTheNonMoversChainAreReported) {
  struct Turn {
    const char* property;
    Position before;
    Move move;
    Position after;
  };
  const Turn turns[] = {
      // c3 replaces two White stones far from it.
      {"small-turns", drawn({"W....", ".....", ".....", ".....", "....W"}, kBlack, 2), 12,
       drawn({"B....", ".....", "..B..", ".....", "....B"}, kWhite, 3)},
      // Black's d3 completes White's chain.
      {"only-mover-wins", drawn({".....", ".....", "WWW.W", ".....", "....."}, kBlack, 4), 13,
       drawn({".....", ".....", "WWWWW", ".....", "....."}, kWhite, 5)},
  };
  for (const Turn& t : turns) EXPECT_FALSE(transition(t.property, t.before, t.move, t.after).holds) << t.property;
}

// A Brique state whose result is forged, to show the property reads the stones itself.
class ForgedResult final : public BriqueState {
 public:
  ForgedResult(const Position& p, Outcome forged) : position_(p), forged_(forged) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<ForgedResult>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const ForgedResult&>(other); }
  std::uint64_t key() const override { return text_key(line()); }
  int side_to_move() const override { return position_.side; }
  Outcome outcome() const override { return forged_; }
  int ply() const override { return position_.ply; }
  void legal_moves(std::vector<Move>& out) const override { out.clear(); }
  void apply(Move) override {}
  Position snapshot() const override { return position_; }

 private:
  Position position_;
  Outcome forged_;
};

TEST(BriqueProperties, AResultThatIgnoresAChainIsReported) {
  const Position p = drawn({"..B..", "..B..", "..B..", "..B..", "..B.."}, kWhite, 9);
  EXPECT_FALSE(position("never-two-winners", ForgedResult(p, Outcome::ongoing())).holds);
  EXPECT_FALSE(position("never-two-winners", ForgedResult(p, Outcome::win(kWhite))).holds);
  EXPECT_TRUE(position("never-two-winners", ForgedResult(p, Outcome::win(kBlack))).holds);
}

TEST(BriqueProperties, ADrawIsReportedAgainstTheNoDrawsClaim) {
  const Position p = drawn({"BW", "WB"}, kBlack, 4);
  EXPECT_FALSE(position("no-draws", ForgedResult(p, Outcome::draw())).holds);
  EXPECT_TRUE(position("no-draws", ForgedResult(p, Outcome::win(kBlack))).holds);
}

TEST(BriqueProperties, AFullBoardWithoutAChainIsReported) {
  // Neither colour connects: the diagonal pairs are not joined (the board breaks the invariant).
  const Position p = drawn({"BW", "WB"}, kBlack, 4);
  EXPECT_FALSE(position("full-board-one-winner", ForgedResult(p, Outcome::draw())).holds);
  EXPECT_FALSE(exactly_one_connects(p).holds);
}

TEST(BriqueProperties, SettledRandomFullBoardsSatisfyTheInvariant) {
  Rng rng(11);
  Rules rules;
  rules.n = 6;
  Position board;
  int settled = 0;
  for (int i = 0; i < 50; ++i) {
    if (!random_settled_full_board(rules, rng, board)) continue;
    ++settled;
    EXPECT_TRUE(fillable_squares(board, kBlack).empty());
    EXPECT_TRUE(fillable_squares(board, kWhite).empty());
    EXPECT_FALSE(board.has_empty_square());
  }
  EXPECT_GT(settled, 25);
}

TEST(BriqueProperties, TheHalfTurnIsNotASymmetryOfOneLightSquaresRuling) {
  // The half turn reverses the escort directions: without switching the light squares, the
  // image of a game is not a game (the property must notice).
  const auto game = brique_test::game(5);
  const auto flipped = brique_test::game(5, {"light-squares=odd"});
  int refuted = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed), again(seed);
    refuted += !rotation_maps_games_to_games(*game, *game, rng).holds;
    EXPECT_TRUE(rotation_maps_games_to_games(*game, *flipped, again).holds);
  }
  EXPECT_GT(refuted, 5);
}

}  // namespace
}  // namespace arbiter::brique

// Quentin's property suite: it holds on random play under the rulings where it should, every
// property reports a deliberately broken transition or position, and the forced-pass statistics
// of docs/properties.md are measured here.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "model/quentin/verification.hpp"
#include "model/quentin/reference.hpp"
#include "model/quentin/tests/fixtures.hpp"
#include "model/core/property_suite.hpp"
#include "properties/property_runner.hpp"
#include "tests/game_param.hpp"
#include "tests/delegating_state.hpp"
#include "tests/suite_checks.hpp"

namespace arbiter::quentin {
namespace {

const int kCases = arbiter::testing::scaled(40);

Property named(const std::string& name) { return find_property(verification_suite(), name); }

// A position drawn row by row ('B', 'W', '.'); the side to move follows from the ply.
Position drawn(const std::vector<std::string>& rows, int ply) {
  Position p = Position::empty(static_cast<int>(rows.size()));
  for (int r = 0; r < p.size; ++r) {
    for (int c = 0; c < p.size; ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      p.cells[static_cast<std::size_t>(p.point(r, c))] = ch == 'B' ? kBlackStone : ch == 'W' ? kWhiteStone : kEmpty;
    }
  }
  p.ply = ply;
  return p;
}

struct Judged {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
};

// The reference state of a drawn position, taken as it is (no fill, no validation).
Judged raw(const Position& p, const std::vector<std::string>& rulings = {}) {
  Judged j;
  j.game = make_game(quentin_game(), p.size, rulings);
  j.state = reference::make_state(*j.game, Rules::from(j.game->config()), p);
  return j;
}

// A state that answers like `real` except for a forged result or a withheld legal move.
class Forged final : public testing::DelegatingState {
 public:
  Forged(const State& real, Outcome outcome, bool drop_first_move)
      : DelegatingState(real.clone()), outcome_(outcome), drop_(drop_first_move) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<Forged>(*this); }
  void copy_from(const State& other) override {
    DelegatingState::copy_from(other);
    const auto& o = static_cast<const Forged&>(other);
    outcome_ = o.outcome_;
    drop_ = o.drop_;
  }
  Outcome outcome() const override { return outcome_; }
  void legal_moves(std::vector<Move>& out) const override {
    real_->legal_moves(out);
    if (drop_ && !out.empty()) out.erase(out.begin());
  }

 private:
  Outcome outcome_;
  bool drop_;
};

class SuiteUnderRuling : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(SuiteUnderRuling, EveryArbiterPropertyHoldsOnRandomPlay) {
  // The claims of the text are measured and reported separately (ForcedPasses below).
  for (int size : {3, 4, 5}) {
    testing::expect_suite_holds(*make_game(quentin_game(), size, GetParam()), verification_suite(), kCases,
                                "size " + std::to_string(size));
  }
}

INSTANTIATE_TEST_SUITE_P(QuentinRulings, SuiteUnderRuling,
                         ::testing::Values(std::vector<std::string>{}, std::vector<std::string>{"edges-count=yes"},
                                           std::vector<std::string>{"majority=adjacencies"},
                                           std::vector<std::string>{"fill=until-none"},
                                           std::vector<std::string>{"diagonal-rule=mover-only"},
                                           std::vector<std::string>{"opponent-chain=mover-wins"},
                                           std::vector<std::string>{"opponent-chain=illegal"},
                                           std::vector<std::string>{"no-moves=side-to-move-loses"},
                                           std::vector<std::string>{"pie=off"}),
                         arbiter::testing::ruling_mix_name);

TEST(QuentinProperties, AStrayStoneIsNotAPlacementOrAFill) {
  const auto before = raw(drawn({"....", "....", "....", "...."}, 0));
  const auto stray = raw(drawn({"B...", ".B..", "....", "...."}, 1));
  const auto honest = raw(drawn({"....", ".B..", "....", "...."}, 1));
  const Property p = named("touches-only-placed-and-filled");
  EXPECT_FALSE(p.transition(*before.game, *before.state, 5, *stray.state).holds);
  EXPECT_TRUE(p.transition(*before.game, *before.state, 5, *honest.state).holds);
}

TEST(QuentinProperties, AnUnfilledTerritoryAndAnUnsupportedDiagonalAreReported) {
  const Property p = named("end-of-turn-invariant");
  const auto expect_reported = [&p](const std::vector<std::string>& rows, const std::string& complaint) {
    const auto broken = raw(drawn(rows, 2));
    const PropertyVerdict v = p.position(*broken.game, *broken.state);
    EXPECT_FALSE(v.holds);
    EXPECT_NE(v.why.find(complaint), std::string::npos) << v.why;
  };
  // a1 touches two Black stones: a territory that was not filled.
  expect_reported({".B.",
                   "B..",
                   "..."}, "territory");
  // a1 and b2 are a diagonal pair whose common neighbours b1 and a2 are empty.
  expect_reported({"B..",
                   ".B.",
                   "..."}, "diagonal");
}

TEST(QuentinProperties, APositionTheOtherFillRulingDoesNotReachIsReported) {
  const auto before = raw(drawn({"...", "...", "..."}, 0));
  const auto forged_after = raw(drawn({"B..", ".B.", "..."}, 1));
  const Property p = named("single-pass-equals-until-none");
  EXPECT_FALSE(p.transition(*before.game, *before.state, 4, *forged_after.state).holds);
}

TEST(QuentinProperties, LegalMovesTheOtherDiagonalReadingDiffersOnAreReported) {
  const auto start = raw(drawn({"...", "...", "..."}, 0));
  const Forged withheld(*start.state, Outcome::ongoing(), true);
  EXPECT_FALSE(named("diagonal-readings-agree").position(*start.game, withheld).holds);
  EXPECT_TRUE(named("diagonal-readings-agree").position(*start.game, *start.state).holds);
}

TEST(QuentinProperties, AChainThatDoesNotEndTheGameIsReported) {
  const auto chain = raw(drawn({".B.",
                                ".B.",
                                ".B."}, 5));
  const Forged ongoing(*chain.state, Outcome::ongoing(), false);
  EXPECT_FALSE(named("never-two-winners").position(*chain.game, ongoing).holds);
  EXPECT_TRUE(named("never-two-winners").position(*chain.game, *chain.state).holds);
}

TEST(QuentinProperties, AFullBoardWithoutAChainIsReportedAndLeavesNoMove) {
  // Neither colour joins its edges; nobody can place a stone either.
  const auto full = raw(drawn({"BW",
                               "WB"}, 4));
  EXPECT_FALSE(named("full-board-one-winner").position(*full.game, *full.state).holds);
  EXPECT_FALSE(named("move-always-available").position(*full.game, *full.state).holds);
  // The game's own claims see the same board as a stuck, drawn end.
  EXPECT_FALSE(named("someone-can-move").position(*full.game, *full.state).holds);
  EXPECT_FALSE(named("no-draws").position(*full.game, *full.state).holds);
}

TEST(QuentinProperties, TheGamesOwnInvariantsReportATerritoryAndAnUnsupportedDiagonal) {
  const auto territory = raw(drawn({".B.",
                                    "B..",
                                    "..."}, 2));
  EXPECT_FALSE(named("no-territory-left").position(*territory.game, *territory.state).holds);
  const auto diagonal = raw(drawn({"B..",
                                   ".B.",
                                   "..."}, 2));
  EXPECT_FALSE(named("diagonals-supported").position(*diagonal.game, *diagonal.state).holds);
  EXPECT_TRUE(named("no-territory-left").position(*diagonal.game, *diagonal.state).holds);
}

TEST(QuentinProperties, TheSymmetryCheckNoticesAnImageUnderOtherRules) {
  const auto with_pie = make_game(quentin_game(), 4, {});
  const auto without_pie = make_game(quentin_game(), 4, {"pie=off"});
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed), again(seed);
    EXPECT_FALSE(symmetry_maps_games_to_games(*with_pie, *without_pie, 0, rng).holds);
    EXPECT_TRUE(symmetry_maps_games_to_games(*with_pie, *with_pie, 1, again).holds);
  }
}

TEST(QuentinProperties, TheMappedPointsFormTheSymmetriesOfTheBoard) {
  // a1 of a 4x4 board: the half turn sends it to d4, the mirrors to d1 and a4.
  EXPECT_EQ(mapped_point(4, 0, 0), 15);
  EXPECT_EQ(mapped_point(4, 1, 0), 3);
  EXPECT_EQ(mapped_point(4, 2, 0), 12);
  for (int s = 0; s < 3; ++s) {
    for (int point = 0; point < 16; ++point) EXPECT_EQ(mapped_point(4, s, mapped_point(4, s, point)), point);
  }
}

// The measurement behind docs/properties.md: how often a player is forced to pass in random
// games, the earliest such position found, and whether the rule text's claim (the other player
// then has a move) held every time. Two players: uniformly random, and "chain-averse" (a random
// move that does not end the game when there is one), which fills boards far more.
TEST(QuentinProperties, ForcedPasses) {
  const int games_per_size = arbiter::testing::when_sanitized(20, 2000);
  Rng rng(20261122);
  std::vector<Move> legal;
  for (const bool averse : {false, true}) {
    for (int size = 2; size <= 9; ++size) {
      const auto game = make_game(quentin_game(), size, {});
      long passes = 0, games_with_pass = 0, claim_failures = 0;
      int earliest_ply = -1;
      std::string earliest;
      for (int g = 0; g < games_per_size; ++g) {
        auto state = game->initial_state();
        std::string moves;
        bool passed = false;
        while (!state->is_terminal()) {
          state->legal_moves(legal);
          if (legal.size() == 1 && legal[0] == kPass) {
            ++passes;
            passed = true;
            if (earliest_ply < 0 || state->ply() < earliest_ply) {
              earliest_ply = state->ply();
              earliest = moves + "\n" + state->diagram();
            }
            const Position p = position_of(*state);
            claim_failures += !reference::has_legal_placement(Rules::from(game->config()), p, 1 - p.side_to_move());
          }
          // Fisher-Yates from the back: the first move that keeps the game going, if averse.
          Move m = legal[0];
          for (std::size_t left = legal.size(); left > 0; --left) {
            std::swap(legal[left - 1], legal[rng.below(static_cast<std::uint32_t>(left))]);
            m = legal[left - 1];
            if (!averse) break;
            auto trial = state->clone();
            trial->apply(m);
            if (!trial->is_terminal()) break;
          }
          moves += " " + state->move_text(m);
          state->apply(m);
        }
        games_with_pass += passed;
        // The text's claim also rules out the stuck end (no-moves=draw): a finished game is won.
        claim_failures += state->outcome().kind == Outcome::Kind::Draw;
      }
      std::cout << (averse ? "chain-averse" : "uniform") << " play, size " << size << ": " << games_with_pass << " of "
                << games_per_size << " games had a forced pass; " << passes << " forced passes; claim failures "
                << claim_failures << "\n";
      if (earliest_ply >= 0) std::cout << "  earliest forced pass at ply " << earliest_ply << " after" << earliest;
      EXPECT_EQ(claim_failures, 0) << "size " << size;
    }
  }
}

}  // namespace
}  // namespace arbiter::quentin

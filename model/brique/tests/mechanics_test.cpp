// The mechanic counts of the fast engine (State::apply_counting, read by `arbiter metrics`) against
// the stones counted on the board before and after each move.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/brique/states.hpp"
#include "model/brique/tests/fixtures.hpp"
#include "tests/game_param.hpp"
#include "tests/random_games.hpp"

namespace arbiter {
namespace {

using brique_test::game;

int stones(const brique::Position& position, int side) {
  return static_cast<int>(std::count(position.cells.begin(), position.cells.end(), brique::stone_of(side)));
}

void check_counts_in_random_games(const std::vector<std::string>& rulings, std::array<std::uint64_t, 4>& totals) {
  const auto g = game(7, rulings);
  ASSERT_EQ(g->mechanics().size(), totals.size());
  // 200 games, not scaled: every kind must occur.
  testing::play_random_games(200, 7, [&] { return g->initial_state("fast"); }, [&](State& state, Move move) {
      const brique::Position before = dynamic_cast<const brique::BriqueState&>(state).snapshot();
      const std::string text = state.move_text(move);
      const auto counts = testing::apply_counted(state, move, totals);
      const brique::Position after = dynamic_cast<const brique::BriqueState&>(state).snapshot();
      const int mover = before.side;
      if (text == "swap" || text == "pass") {
        EXPECT_EQ(counts[brique::kFills] + counts[brique::kRemovals], 0u) << text;
        EXPECT_EQ(counts[text == "swap" ? brique::kSwaps : brique::kPasses], 1u) << text;
      } else {
        EXPECT_EQ(counts[brique::kSwaps] + counts[brique::kPasses], 0u) << text;
        EXPECT_EQ(static_cast<int>(counts[brique::kFills]), stones(after, mover) - stones(before, mover) - 1) << text;
        EXPECT_EQ(static_cast<int>(counts[brique::kRemovals]), stones(before, 1 - mover) - stones(after, 1 - mover))
            << text;
      }
  });
}

TEST(BriqueMechanics, CountsMatchTheStonesOnTheBoard) {
  std::array<std::uint64_t, 4> totals{};
  check_counts_in_random_games({}, totals);
  check_counts_in_random_games({"escort-directions=facing", "pass=allowed", "fill=repeat"}, totals);
  // Random play on 7x7 fills, removes, swaps and passes: the checks above saw every kind.
  for (std::size_t i = 0; i < totals.size(); ++i) EXPECT_GT(totals[i], 0u) << brique::kMechanicNames[i];
}

TEST(BriqueMechanics, NamedByTheGame) {
  EXPECT_EQ(game(5)->mechanics(), (std::vector<std::string>{"fills", "removals", "swaps", "passes"}));
}

}  // namespace
}  // namespace arbiter

// The mechanic counts of the fast engine (State::apply_counting, read by `arbiter metrics`) against
// the stones of the diagram before and after each move.
#include <gtest/gtest.h>

#include <sstream>

#include "model/quentin/tests/fixtures.hpp"
#include "tests/game_param.hpp"
#include "tests/random_games.hpp"

namespace arbiter::quentin {
namespace {

// Stones on the board, read from the diagram's board rows (those that start with a row number),
// so that the status line's words are not counted.
int stones_in(const State& state) {
  std::istringstream rows(state.diagram());
  int stones = 0;
  for (std::string row; std::getline(rows, row);) {
    const auto first = row.find_first_not_of(' ');
    if (first == std::string::npos || !std::isdigit(static_cast<unsigned char>(row[first]))) continue;
    for (char c : row) stones += c == 'B' || c == 'W';
  }
  return stones;
}

void check_random_games(int size, const std::vector<std::string>& rulings, int games, std::array<std::uint64_t, 4>& totals) {
  const auto game = make_game(quentin_game(), size, rulings);
  ASSERT_EQ(game->mechanics().size(), kMechanicNames.size());
  testing::play_random_games(games, 11, [&] { return game->initial_state("fast"); }, [&](State& state, Move move) {
      const std::string text = state.move_text(move);
      const int before = stones_in(state);
      const auto counts = testing::apply_counted(state, move, totals);
      const int added = stones_in(state) - before;
      if (text == "pass" || text == "swap") {
        EXPECT_EQ(added, 0);
        EXPECT_EQ(counts[text == "pass" ? kForcedPasses : kSwaps], 1u);
        EXPECT_EQ(counts[kFillingTurns] + counts[kFilledPoints], 0u);
      } else {
        EXPECT_EQ(static_cast<int>(counts[kFilledPoints]), added - 1) << text;
        EXPECT_EQ(counts[kFillingTurns], added > 1 ? 1u : 0u) << text;
        EXPECT_EQ(counts[kForcedPasses] + counts[kSwaps], 0u);
      }
  });
}

TEST(QuentinMechanics, CountsMatchTheStonesOnTheBoard) {
  std::array<std::uint64_t, 4> totals{};
  check_random_games(6, {}, 200, totals);  // not scaled: every kind must occur
  // Forced passes are rare in random play; on 4x4 with opponent-chain=illegal a few games in a
  // hundred have one (short games: not scaled down under sanitizers).
  check_random_games(4, {"opponent-chain=illegal"}, 300, totals);
  for (std::size_t i = 0; i < totals.size(); ++i) EXPECT_GT(totals[i], 0u) << kMechanicNames[i];
}

}  // namespace
}  // namespace arbiter::quentin

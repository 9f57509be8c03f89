// The stones each colour must have for play to reach a position (notation.cpp, check_colour_counts):
// positions that break it are refused, and every position random play reaches, under every ruling
// combination, reads back (a condition too strict fails here).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "tests/random_games.hpp"
#include "model/quentin/tests/fixtures.hpp"
#include "tests/reachability_checks.hpp"

namespace arbiter::quentin {
namespace {

void expect_unreachable(const std::string& text, const std::string& says, const std::vector<std::string>& rulings = {}) {
  arbiter::testing::expect_unreachable(*make_game(quentin_game(), std::stoi(text.substr(8)), rulings), text, says);
}

TEST(QuentinReachability, EachColourHasAStoneForEveryMoveThatWasNotAPass) {
  // Black moved first and twice in four plies, and passes never come two in a row nor first.
  expect_unreachable("quentin 4 WWWW/..../..../.... black 4",
                     "Black has 0 stones and White 4 stones at ply 4, so at least 2 of Black's 2 moves were passes");
  expect_unreachable("quentin 4 WWWW/..../..../.... black 4 pie=off", "at least 2 of Black's 2 moves were passes", {"pie=off"});
  // One pass each in B W B W cannot avoid being neighbours; the swap places nothing.
  expect_unreachable("quentin 4 B.../..../..../...W black 4", "at least 1 of Black's 2 moves and 1 of White's 2 moves were passes");
  expect_unreachable("quentin 4 B.../..../..../...W black 5 swapped", "at ply 5 (swapped), so at least 1 of Black's 2 moves");
}

TEST(QuentinReachability, WhiteWithoutAStonePassedWhenItHadAMove) {
  // White's only move was a pass, but it could swap (pie=on) or, under pie=off, place.
  expect_unreachable("quentin 3 B.B/.../... white 3", "so its first move (ply 1) was a pass, but after Black's first stone on a1 White could swap");
  expect_unreachable("quentin 3 B.B/.../... white 3 pie=off", "White could place on", {"pie=off"});
  expect_unreachable("quentin 4 B..B/..../..../.... white 4 swapped", "so its first move (ply 2) was a pass");
}

// Random games on the small boards under every ruling combination (rules-version only renames
// diagonal-rule): every position's line and diagram read back in both implementations.
TEST(QuentinReachability, EveryPositionRandomPlayReachesIsAccepted) {
  const auto combinations = arbiter::testing::every_ruling_combination(quentin_game(), {ruling_name::kRulesVersion});
  long positions = 0, swapped = 0, filled = 0;
  std::uint64_t seed = 46;
  for (const auto& rulings : combinations) {
    for (int size : {2, 3, 4, 5}) {
      const auto game = make_game(quentin_game(), size, rulings);
      const int games = (size <= 3 ? 4 : 2) / static_cast<int>(kHeavyDivisor) + 1;
      // Every position after a move (the initial one is the opening's own check).
      arbiter::testing::play_random_games(games, ++seed, [&] { return game->initial_state(); },
                                          [&](State& state, Move move) {
                                            state.apply(move);
                                            ASSERT_EQ(arbiter::testing::refusal(*game, state), "")
                                                << arbiter::testing::describe_combination(rulings, size);
                                            ++positions;
                                            const std::string line = state.line();
                                            const bool was_swapped = line.find(" swapped") != std::string::npos;
                                            const std::string rows = line.substr(0, line.find(' ', 10));
                                            const long stones = std::count(rows.begin(), rows.end(), 'B') + std::count(rows.begin(), rows.end(), 'W');
                                            swapped += was_swapped;
                                            filled += stones > state.ply() - (was_swapped ? 1 : 0);
                                          });
    }
  }
  EXPECT_GT(positions, 20000 / kHeavyDivisor);
  EXPECT_GT(swapped, 600 / kHeavyDivisor);
  EXPECT_GT(filled, 6000 / kHeavyDivisor);
  std::cout << positions << " positions read back, " << swapped << " after the swap, " << filled << " with filled points\n";
}

}  // namespace
}  // namespace arbiter::quentin

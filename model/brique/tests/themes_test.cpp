// Brique's puzzle themes (State::move_theme): fills that win, fills that remove an enemy stone.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "tests/move_theme_checks.hpp"

namespace arbiter {
namespace {

using testing::for_every_move_of_random_games;
using testing::mover_won;
using testing::seed_example_theme;


TEST(BriqueThemes, SeedExamples) {
  EXPECT_EQ(seed_example_theme("brique", "escorts"), "fill-capture");  // the white stone on c2 removed
  EXPECT_EQ(seed_example_theme("brique", "black-wins"), "fill-win");   // the fill of c3 completes the chain
  EXPECT_EQ(seed_example_theme("brique", "white-wins"), "fill-win");
  EXPECT_EQ(seed_example_theme("brique", "escorts-on-the-edges"), "");  // no fill at all
}

TEST(BriqueThemes, RandomGamesAgreeWithTheDefinition) {
  int fills = 0;
  for_every_move_of_random_games("brique", 6, 40, [&](const State& before, Move, const std::string& theme, const State& after) {
    if (theme == "fill-win") {
      EXPECT_TRUE(mover_won(before, after)) << before.line();
    }
    if (!theme.empty()) ++fills;
    EXPECT_TRUE(theme.empty() || theme == "fill" || theme == "fill-win" || theme == "fill-capture") << theme;
  });
  EXPECT_GT(fills, 0);
}

}  // namespace
}  // namespace arbiter

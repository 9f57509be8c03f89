// Quentin's puzzle themes (State::move_theme): territory fills, winning ones, forced passes.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "tests/move_theme_checks.hpp"

namespace arbiter {
namespace {

using testing::for_every_move_of_random_games;
using testing::mover_won;
using testing::seed_example_theme;


TEST(QuentinThemes, SeedExamples) {
  EXPECT_EQ(seed_example_theme("quentin", "regions-and-territories"), "territory-fill");
  EXPECT_EQ(seed_example_theme("quentin", "black-wins"), "");  // a plain placement completes the chain
}

TEST(QuentinThemes, RandomGamesAgreeWithTheDefinition) {
  int themed = 0;
  for_every_move_of_random_games("quentin", 5, 60, [&](const State& before, Move, const std::string& theme, const State& after) {
    std::vector<Move> replies;
    after.legal_moves(replies);
    const bool only_pass = !after.is_terminal() && replies.size() == 1 && after.move_text(replies.front()) == "pass";
    if (theme == "territory-win") {
      EXPECT_TRUE(mover_won(before, after)) << before.line();
    }
    if (!mover_won(before, after)) {
      EXPECT_EQ(theme == "forced-pass", only_pass) << before.line() << " " << theme;
    }
    themed += theme.empty() ? 0 : 1;
  });
  EXPECT_GT(themed, 0);
}

}  // namespace
}  // namespace arbiter

// Hexabrae's puzzle themes (State::move_theme): enclosures, and those closed by a rotation.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "tests/move_theme_checks.hpp"
#include "model/hexabrae/hexabrae.hpp"
namespace arbiter {
namespace {

using testing::for_every_move_of_random_games;
using testing::mover_won;
using testing::seed_example_theme;


TEST(HexabraeThemes, SeedExamples) {
  EXPECT_EQ(seed_example_theme("hexabrae", "valid-enclosure"), "enclosure");  // closed by a slide
  EXPECT_EQ(seed_example_theme("hexabrae", "enclosure-one-colour"), "");      // no valid enclosure
}

// The seed example's enclosure, with the closing bar already on its field but turned: some
// rotation closes it, and every winning move is named by how it moves.
TEST(HexabraeThemes, RotationClosesTheEnclosure) {
  const auto game = make_game(find_game("hexabrae"), 4);
  const auto state = game->parse_position("hexabrae 4 We4/0 Be5/2 Wf4/0 white 6");
  std::vector<Move> legal;
  state->legal_moves(legal);
  int rotations = 0;
  for (const Move m : legal) {
    auto after = state->clone();
    after->apply(m);
    const std::string theme = state->move_theme(m);
    if (!mover_won(*state, *after)) {
      EXPECT_EQ(theme, "") << state->move_text(m);
      continue;
    }
    const auto kind = hexabrae::decode_move(m).kind;
    const bool rotates = kind == hexabrae::MoveKind::Rotate || kind == hexabrae::MoveKind::SlideRotate ||
                         kind == hexabrae::MoveKind::RotateSlide;
    EXPECT_EQ(theme, rotates ? "rotation-enclosure" : "enclosure") << state->move_text(m);
    rotations += theme == "rotation-enclosure" ? 1 : 0;
  }
  EXPECT_GT(rotations, 0);
}

}  // namespace
}  // namespace arbiter

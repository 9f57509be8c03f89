// The mechanic counts of State::apply_counting (read by `arbiter metrics`) against the pieces on
// the board before and after each move and the kind of the move.
#include <gtest/gtest.h>

#include "model/brochs/tests/fixtures.hpp"
#include "tests/random_games.hpp"

namespace arbiter::brochs {
namespace {

void check_random_games(const std::vector<std::string>& rulings, std::array<std::uint64_t, 6>& totals) {
  const auto start = [&] { return testing::start(9, rulings); };
  arbiter::testing::play_random_games(60 / testing::kScale, 5, start, [&](State& played, Move move) {
      auto& state = static_cast<BrochsState&>(played);
      const int before = testing::pieces_on_board(state);
      const MoveKind kind = move_kind(move);
      const auto counts = arbiter::testing::apply_counted(state, move, totals);
      const int arrived = kind == MoveKind::Set || kind == MoveKind::SetMain ? 1 : 0;
      const std::uint64_t removed = counts[kCapturesC1] + counts[kCapturesC2] + counts[kCapturesC4] +
                                    counts[kEntryCaptures] + counts[kCurses];
      EXPECT_EQ(static_cast<int>(removed), before + arrived - testing::pieces_on_board(state));
      EXPECT_EQ(counts[kCurses], kind == MoveKind::Curse ? 1u : 0u);
      EXPECT_EQ(counts[kPasses], kind == MoveKind::Pass ? 1u : 0u);
  });
}

TEST(BrochsMechanics, CountsMatchThePiecesRemoved) {
  const auto game = make_game(descriptor(), 9, {});
  EXPECT_EQ(game->mechanics().size(), kMechanicNames.size());
  std::array<std::uint64_t, 6> totals{};
  check_random_games({}, totals);
  check_random_games({"entry=captured"}, totals);
  // Random play removes pieces by the line capture and by curses, and passes, on 9x9.
  for (Mechanic seen : {kCapturesC1, kCurses, kPasses, kEntryCaptures}) {
    EXPECT_GT(totals[seen], 0u) << kMechanicNames[seen];
  }
}

}  // namespace
}  // namespace arbiter::brochs

// The mechanic counts of State::apply_counting (read by `arbiter metrics`) against the pieces on
// the board before and after each move and the kind of the move.
#include <gtest/gtest.h>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs {
namespace {

int pieces_on_board(const BrochsState& state) {
  const int n = state.tables().n;
  int pieces = 0;
  for (int cell = 0; cell < n * n; ++cell) pieces += state.at(cell) != Empty;
  return pieces;
}

void check_random_games(const std::vector<std::string>& rulings, std::array<std::uint64_t, 6>& totals) {
  Rng rng(5);
  std::vector<Move> moves;
  for (int played = 0; played < 60 / testing::kScale; ++played) {
    auto state = testing::start(9, rulings);
    while (!state->is_terminal()) {
      state->legal_moves(moves);
      const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const int before = pieces_on_board(*state);
      const MoveKind kind = move_kind(move);
      std::array<std::uint64_t, 6> counts{};
      state->apply_counting(move, counts);
      const int arrived = kind == MoveKind::Set || kind == MoveKind::SetMain ? 1 : 0;
      const std::uint64_t removed = counts[kCapturesC1] + counts[kCapturesC2] + counts[kCapturesC4] +
                                    counts[kEntryCaptures] + counts[kCurses];
      EXPECT_EQ(static_cast<int>(removed), before + arrived - pieces_on_board(*state));
      EXPECT_EQ(counts[kCurses], kind == MoveKind::Curse ? 1u : 0u);
      EXPECT_EQ(counts[kPasses], kind == MoveKind::Pass ? 1u : 0u);
      for (std::size_t i = 0; i < totals.size(); ++i) totals[i] += counts[i];
    }
  }
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

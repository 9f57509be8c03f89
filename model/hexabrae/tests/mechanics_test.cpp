// The mechanic counts of State::apply_counting (read by `arbiter metrics`) against a full
// judgement of each move's enclosures, the one explain prints.
#include <gtest/gtest.h>

#include "model/hexabrae/engine.hpp"
#include "model/registry.hpp"
#include "tests/random_games.hpp"

namespace arbiter::hexabrae {
namespace {

#ifdef ARBITER_SANITIZED
constexpr int kMechanicsGames = 20;
#else
constexpr int kMechanicsGames = 200;
#endif

void check_random_games(const std::vector<std::string>& rulings, std::array<std::uint64_t, 3>& totals) {
  const auto game = make_game(find_game("hexabrae"), 3, rulings);
  ASSERT_EQ(game->mechanics().size(), kMechanicNames.size());
  testing::play_random_games(kMechanicsGames, 3, [&] { return game->initial_state("fast"); }, [&](State& state, Move move) {
      const auto& before = dynamic_cast<const HexabraeState&>(state);
      const MoveParts parts = decode_move(move);
      int made = 0, tied = 0;
      if (parts.kind != MoveKind::Pass) {
        const EnclosureJudgement j = before.judge(before.position().cells, before.cells_after(parts),
                                                  before.position().side, true);
        for (int i = 0; i < j.after.size; ++i) {
          const auto ui = static_cast<std::size_t>(i);
          if (!j.counted[ui] || j.winner[ui] == -2) continue;
          ++made;
          tied += j.winner[ui] == -1;
        }
      }
      const auto counts = testing::apply_counted(state, move, totals);
      EXPECT_EQ(static_cast<int>(counts[kEnclosures]), made);
      EXPECT_EQ(static_cast<int>(counts[kTiedEnclosures]), tied);
      EXPECT_EQ(counts[kPasses], parts.kind == MoveKind::Pass ? 1u : 0u);
  });
}

TEST(HexabraeMechanics, CountsMatchTheJudgementOfEachMove) {
  std::array<std::uint64_t, 3> totals{};
  check_random_games({}, totals);
  // Under mover-only, an enclosure won by the opponent's colour counts as tied.
  check_random_games({"enclosure-owner=mover-only"}, totals);
  EXPECT_GT(totals[kEnclosures], 0u);
  EXPECT_GT(totals[kTiedEnclosures], 0u);
}

}  // namespace
}  // namespace arbiter::hexabrae

// Differential test: the fast engine and the plain reference model agree move by move (legal
// moves, resulting positions, results) over random games in every size and many rulings.
#include <algorithm>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

TEST(Reference, AgreesWithTheFastEngineOnRandomGames) {
  const std::vector<std::vector<std::string>> rulings = {
      {},
      {"keeps=outer", "set-squares=anywhere", "entry=captured"},
      {"keeps=inner", "start=north-row", "keep-two-piece=yes", "main-diagonal=main-in-pair"},
      {"curse-cost=free", "empty-keeps=hostile", "black-turn=set-first", "end=keeps-main"},
      {"empty-keeps=blocked", "white-pass=only-when-stuck", "end=keeps-draw", "ply-cap=200"},
      {"set-squares=anywhere", "start=north-row", "entry=captured", "keep-two-piece=yes", "empty-keeps=hostile"},
      {"edge-captures=edges", "isolated=unsupported", "curse-holder=ordinary", "keep-setting=after-capture", "keep-entry=captured"},
      {"edge-captures=corners", "entry=captured", "keep-entry=protected", "set-squares=keeps", "keep-setting=after-capture"},
  };
  Rng rng(21);
  long compared = 0;
  int captures_seen = 0, curses_seen = 0;
  for (const auto& r : rulings) {
    for (int size = kMinSize; size <= kMaxSize; size += 2) {
      auto game = make_game(descriptor(), size, r);
      for (int g = 0; g < 3; ++g) {
        auto fast_state = game->initial_state("fast");
        auto& fast = static_cast<BrochsState&>(*fast_state);
        auto reference = game->initial_state("reference");
        const int plies = 250 / kScale;
        for (int ply = 0; ply < plies; ++ply) {
          ASSERT_EQ(fast.line(), reference->line());
          ASSERT_EQ(fast.outcome(), reference->outcome()) << fast.diagram();
          std::vector<Move> a, b;
          fast.legal_moves(a);
          reference->legal_moves(b);
          std::sort(a.begin(), a.end());
          std::sort(b.begin(), b.end());
          ASSERT_EQ(a, b) << fast.diagram();
          if (a.empty()) break;
          // Prefer captures and curses now and then, so that every rule is exercised.
          Move m = a[rng.below(static_cast<std::uint32_t>(a.size()))];
          if (rng.below(3) == 0) {
            for (Move candidate : a) {
              if (fast.captures_of(candidate).count > 0) {
                m = candidate;
                break;
              }
            }
          }
          captures_seen += fast.captures_of(m).count > 0;
          curses_seen += move_kind(m) == MoveKind::Curse;
          fast.apply(m);
          reference->apply(m);
          ++compared;
        }
        // The reference also reads positions back: its parsed copy continues identically.
        auto reread = game->parse_position(fast.line(), "reference");
        EXPECT_EQ(reread->line(), fast.line());
      }
    }
  }
  EXPECT_GT(compared, 5000 / kScale);
  EXPECT_GT(captures_seen, 100 / kScale);
  EXPECT_GT(curses_seen, 0);
}

}  // namespace
}  // namespace arbiter::brochs::testing

// The fast engine must not allocate in apply() or in its random playout (design.md, performance).
// This test binary counts every call of the global operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "model/hexabrae/engine.hpp"

namespace {
std::atomic<long> allocations{0};
}  // namespace

// GCC 12 sees the inlined replacement pair and wrongly reports malloc/free as mismatched with new.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace arbiter::hexabrae {
namespace {

TEST(HexabraeAllocation, ApplyAndRandomPlayoutDoNotAllocate) {
  {  // the counter sees allocations at all
    const long before = allocations.load();
    std::vector<Move> unreserved;
    make_game(hexabrae_game(), 4)->initial_state()->legal_moves(unreserved);
    EXPECT_GT(allocations.load(), before);
  }
  for (const std::vector<std::string>& rulings :
       {std::vector<std::string>{}, {"islands=included", "rim=wall", "enclosure-majority=half"}}) {
    auto game = make_game(hexabrae_game(), 4, rulings);
    Rng rng(3);
    for (int n = 0; n < 20; ++n) {
      auto state = game->initial_state();
      std::vector<Move> moves;
      moves.reserve(4096);
      long during_apply = 0;
      while (!state->is_terminal()) {
        moves.clear();
        state->legal_moves(moves);
        const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        const long before = allocations.load();
        state->apply(m);
        during_apply += allocations.load() - before;
      }
      EXPECT_EQ(during_apply, 0);
      auto fresh = game->initial_state();
      const long before = allocations.load();
      fresh->random_playout(rng);
      EXPECT_EQ(allocations.load() - before, 0);
    }
  }
}

}  // namespace
}  // namespace arbiter::hexabrae

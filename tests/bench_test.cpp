// `bench` (solver/perft.hpp, bench_playouts) runs for about the time asked, however long one
// playout takes: it used to read the clock only after batches that doubled in size, so a playout
// of 20 ms ran 15 of them (0.3 s and more) for 0.2 s asked.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "model/core/game.hpp"
#include "model/core/rng.hpp"
#include "model/registry.hpp"
#include "solver/perft.hpp"
#include "tests/delegating_state.hpp"

namespace arbiter {
namespace {

// A state of the first registered game whose random playouts each take at least 20 ms more.
class SlowPlayouts final : public testing::DelegatingState {
 public:
  using DelegatingState::DelegatingState;
  std::unique_ptr<State> clone() const override { return std::make_unique<SlowPlayouts>(*this); }
  Outcome random_playout(Rng& rng) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return real_->random_playout(rng);
  }
};

TEST(Bench, StopsWithinAPlayoutOfTheTimeAskedHoweverSlowThePlayouts) {
  const GameDescriptor& descriptor = *registered_games().front();
  const auto game = make_game(descriptor, descriptor.default_size, {});
  const SlowPlayouts slow(game->initial_state());
  const BenchResult r = bench_playouts(slow, 0.2, 1);
  EXPECT_GE(r.seconds, 0.2);
  // Each playout takes 20 ms or more, so 10 reach 0.2 s; batches of 1, 2, 4, 8 ran 15.
  EXPECT_LE(r.playouts, 11) << r.seconds << " s";
  EXPECT_GT(r.moves, 0);
}

}  // namespace
}  // namespace arbiter

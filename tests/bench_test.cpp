// `bench` (solver/perft.hpp, bench_playouts) runs for about the time asked, however long one
// playout takes: it used to read the clock only after batches that doubled in size, so a playout
// of 20 ms ran 15 of them (0.3 s and more) for 0.2 s asked.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "model/core/game.hpp"
#include "model/core/rng.hpp"
#include "model/registry.hpp"
#include "solver/perft.hpp"

namespace arbiter {
namespace {

// A state of the first registered game whose random playouts each take at least 20 ms more.
class SlowPlayouts final : public State {
 public:
  explicit SlowPlayouts(std::unique_ptr<State> real) : real_(std::move(real)) {}
  SlowPlayouts(const SlowPlayouts& other) : State(), real_(other.real_->clone()) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<SlowPlayouts>(*this); }
  void copy_from(const State& other) override { real_ = static_cast<const SlowPlayouts&>(other).real_->clone(); }
  std::uint64_t key() const override { return real_->key(); }
  int side_to_move() const override { return real_->side_to_move(); }
  Outcome outcome() const override { return real_->outcome(); }
  int ply() const override { return real_->ply(); }
  void legal_moves(std::vector<Move>& out) const override { real_->legal_moves(out); }
  void apply(Move m) override { real_->apply(m); }
  std::string move_text(Move m) const override { return real_->move_text(m); }
  Move parse_move(std::string_view text) const override { return real_->parse_move(text); }
  std::string diagram() const override { return real_->diagram(); }
  std::string line() const override { return real_->line(); }
  Drawing drawing() const override { return real_->drawing(); }
  std::string explain(Move m) const override { return real_->explain(m); }
  Outcome random_playout(Rng& rng) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return real_->random_playout(rng);
  }

 private:
  std::unique_ptr<State> real_;
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

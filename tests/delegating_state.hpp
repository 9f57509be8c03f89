#pragma once
// A State that answers as another one does, for tests that change one answer (a slower playout, a
// forged outcome, a withheld move): a subclass overrides only what it changes, and clone().
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::testing {

class DelegatingState : public State {
 public:
  explicit DelegatingState(std::unique_ptr<State> real) : real_(std::move(real)) {}
  DelegatingState(const DelegatingState& other) : State(), real_(other.real_->clone()) {}
  void copy_from(const State& other) override { real_ = static_cast<const DelegatingState&>(other).real_->clone(); }
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

 protected:
  std::unique_ptr<State> real_;
};

}  // namespace arbiter::testing

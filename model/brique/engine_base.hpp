#pragma once
// What Brique's two fast engines (the flat one in engine.cpp, the bit-set one in bit_engine.cpp)
// share: the turn around the placement (pie swap, passes, whose turn) and the random playout,
// which must draw the same games from one seed in both. `Derived` provides:
//   auto apply_placement(int cell);      // an empty square: the stone, its fills, the result
//   void mirror_board();                 // pie=mirror's swap of the stones
//   int square_count() const; bool square_empty(int cell) const;
//   int empty_count() const; int empty_at(int i) const;  // the empty squares, in the list order
//                                                        // both engines keep alike
//   void apply_placement_counting(int cell, std::span<std::uint64_t> counts);  // with its fills
//                                                        // and removals counted
#include <cstdint>
#include <span>
#include <vector>

#include "model/brique/states.hpp"

namespace arbiter::brique {

template <class Derived>
class EngineBase : public BriqueState {
 public:
  int side_to_move() const override { return side_; }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return ply_; }
  int board_side() const override { return rules_.n; }

  void apply(Move m) override {
    if (m < kSwapMove) {
      self().apply_placement(static_cast<int>(m));
    } else if (m == kSwapMove) {
      ++ply_;
      swapped_ = true;
      passes_ = 0;
      if (rules_.pie == PieMode::Mirror) self().mirror_board();
      side_ = rules_.side_to_move(ply_, swapped_);
    } else {
      ++ply_;
      side_ = 1 - side_;
      if (++passes_ >= 2) outcome_ = Outcome::draw();
    }
  }

  void apply_counting(Move m, std::span<std::uint64_t> counts) override {
    if (m < kSwapMove) {
      self().apply_placement_counting(static_cast<int>(m), counts);
      return;
    }
    ++counts[m == kSwapMove ? kSwaps : kPasses];
    apply(m);
  }

  bool apply_if_legal(Move m) override {
    if (outcome_.over()) return false;
    const bool legal = m < kSwapMove   ? m < static_cast<Move>(self().square_count()) && self().square_empty(static_cast<int>(m))
                       : m == kSwapMove ? swap_available()
                                        : m == kPassMove && rules_.pass_allowed;
    if (legal) apply(m);
    return legal;
  }

  Outcome random_playout(Rng& rng) override {
    while (!outcome_.over()) {
      const auto empties = static_cast<std::uint32_t>(self().empty_count());
      if (!rules_.pass_allowed && !swap_available()) {
        self().apply_placement(self().empty_at(static_cast<int>(rng.below(empties))));
        continue;
      }
      const std::uint32_t swap = swap_available() ? 1 : 0;
      const std::uint32_t choice = rng.below(empties + swap + (rules_.pass_allowed ? 1 : 0));
      apply(choice < empties ? static_cast<Move>(self().empty_at(static_cast<int>(choice)))
            : choice == empties && swap ? kSwapMove
                                        : kPassMove);
    }
    return outcome_;
  }

 protected:
  explicit EngineBase(const Position& position)
      : rules_(position.rules), side_(position.side), ply_(position.ply), passes_(position.passes), swapped_(position.swapped) {}

  bool swap_available() const { return rules_.pie != PieMode::Off && ply_ == 1 && !swapped_ && side_ == kWhite; }
  // legal_moves after the squares: the swap and the pass where the rulings allow them.
  void add_swap_and_pass(std::vector<Move>& out) const {
    if (swap_available()) out.push_back(kSwapMove);
    if (rules_.pass_allowed) out.push_back(kPassMove);
  }
  // The position's fields but the squares, for Position snapshots.
  void describe_turn(Position& p) const {
    p.side = side_;
    p.ply = ply_;
    p.swapped = swapped_;
    p.passes = passes_;
  }
  // A placement's turn: the next side moves, the passes in a row end.
  int start_placement() {
    const int mover = side_;
    ++ply_;
    passes_ = 0;
    side_ = 1 - mover;
    return mover;
  }

  Rules rules_;
  int side_ = kBlack;
  int ply_ = 0;
  int passes_ = 0;
  bool swapped_ = false;
  Outcome outcome_;

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace arbiter::brique

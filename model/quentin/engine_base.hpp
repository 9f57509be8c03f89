#pragma once
// What Quentin's two fast engines (the flat one in engine.cpp, the bit-set one in
// bit_engine.cpp) share: the turn order (swap, forced pass, the no-moves ruling) around the
// placement each engine makes its own way, and everything a State says in words or pictures,
// which is read off the plain Position. `Derived` provides the constructor
// Derived(game, rules, position) and:
//   Position position() const;
//   bool place(int point);  // an empty point: the placement with its fills if legal (ply and a
//                           // completed chain's result included, no settling); false: unchanged
//   bool has_legal_placement(int side);  // the board as it was after
//   bool point_empty(int point) const; int point_count() const;
//   int empty_count() const; int stone_count(int side) const;
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/square_grid.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/rules.hpp"

namespace arbiter::quentin::engine {

// The board symmetries every ruling combination is invariant under, as cell maps: identity, then
// mirror-columns, mirror-rows, rotate-180 (engine::symmetries() names the last three).
inline int symmetric_point(int symmetry, int size, int point) {
  const int r = point / size, c = point % size;
  const int rr = (symmetry & 2) != 0 ? size - 1 - r : r;
  const int cc = (symmetry & 1) != 0 ? size - 1 - c : c;
  return rr * size + cc;
}

template <class Derived>
class EngineBase : public State {
 public:
  int side_to_move() const override { return (ply_ + (swapped_ ? 1 : 0)) % 2; }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return ply_; }

  void apply(Move move) override {
    if (move < kSwap) {
      if (!self().place(static_cast<int>(move))) throw std::logic_error("quentin: apply() was given an illegal move");
    } else {
      if (move == kSwap) swapped_ = true;
      ++ply_;
    }
    if (!outcome_.over()) settle_if_stuck();
  }

  bool apply_if_legal(Move move) override {
    if (outcome_.over()) return false;
    if (move < kSwap) {
      const int point = static_cast<int>(move);
      if (point >= self().point_count() || !self().point_empty(point) || !self().place(point)) return false;
      if (!outcome_.over()) settle_if_stuck();
      return true;
    }
    // A pass is legal only when nothing else is.
    const bool legal = move == kSwap   ? swap_available()
                       : move == kPass ? !swap_available() && !self().has_legal_placement(side_to_move())
                                       : false;
    if (legal) apply(move);
    return legal;
  }

  void apply_counting(Move move, std::span<std::uint64_t> counts) override {
    const int empties_before = self().empty_count();
    apply(move);
    if (move == kPass) {
      ++counts[kForcedPasses];  // a pass is legal only when no placement is
    } else if (move == kSwap) {
      ++counts[kSwaps];
    } else if (const int filled = empties_before - self().empty_count() - 1; filled > 0) {
      ++counts[kFillingTurns];
      counts[kFilledPoints] += static_cast<std::uint64_t>(filled);
    }
  }

  // From the size alone, not a copy of the position: certificates name every move they write.
  std::string move_text(Move move) const override { return move_name(self().board_size(), move); }
  Move parse_move(std::string_view text) const override {
    return read_move(rules_, self().position(), self().outcome(), text);
  }
  std::string diagram() const override { return diagram_text(self().position(), self().outcome()); }
  std::string line() const override { return line_text(*game_, self().position()); }
  // line() without the ply and the swap mark, which the key leaves out (notation.hpp).
  std::string equivalence_text() const override { return equivalence_line_text(*game_, self().position(), swap_available()); }
  Drawing drawing() const override { return draw_position(self().position(), self().outcome()); }
  std::optional<MoveAnchor> move_anchor(Move m) const override { return draw_anchor(self().position().size, m); }
  MoveTrace move_trace(Move m) const override {
    Derived after(self());
    after.apply(m);
    return draw_trace(self().position(), after.position(), m);
  }
  std::string move_words(Move m) const override {
    Derived after(self());
    after.apply(m);
    return fill_words(self().position(), after.position(), m);
  }
  bool exchanges_players(Move m) const override { return m == kSwap; }
  std::vector<std::string> status_notes() const override { return quentin::status_notes(self().position()); }
  std::vector<std::string> puzzle_notes() const override { return quentin::puzzle_notes(*this, self().position()); }
  std::string explain(Move move) const override {
    return explain_move(rules_, self().position(), self().outcome(), move);
  }
  std::vector<std::string> candidate_moves() const override {
    return SquareGrid::of(self().position().size).names_and({"swap", "pass"});
  }
  std::string explain_text(std::string_view text) const override {
    return explain(read_move_words(self().position(), text));
  }
  std::unique_ptr<State> symmetric_image(int symmetry) const override {
    // The same position under the symmetry, read in afresh.
    const Position before = self().position();
    Position p = before;
    const int points = before.size * before.size;
    for (int q = 0; q < points; ++q) {
      p.cells[static_cast<std::size_t>(symmetric_point(symmetry, before.size, q))] = before.cells[static_cast<std::size_t>(q)];
    }
    return std::make_unique<Derived>(*game_, rules_, p);
  }
  Move symmetric_move(int symmetry, Move m) const override {
    if (m >= kSwap) return m;
    return static_cast<Move>(symmetric_point(symmetry, self().position().size, static_cast<int>(m)));
  }

  // "territory-win" (a territory fill completes the winning chain), "forced-pass" (the opponent
  // is left with nothing but a pass), "territory-fill", or "".
  std::string move_theme(Move m) const override {
    if (m >= kSwap) return {};
    const Position before = self().position();
    Derived after(self());
    after.apply(m);
    const Position filled = after.position();
    const std::int8_t own = stone_of(self().side_to_move());
    int fills = 0;
    for (std::size_t i = 0; i < before.cells.size(); ++i) {
      fills += (i != m && before.cells[i] == kEmpty && filled.cells[i] != kEmpty) ? 1 : 0;
    }
    const Outcome o = after.outcome();
    if (o.kind == Outcome::Kind::Win && o.winner == self().side_to_move()) {
      if (fills == 0) return {};
      // The fill decides when the placed stone alone would not have connected.
      Position placed_only = before;
      placed_only.cells[m] = own;
      placed_only.ply = before.ply + 1;
      const Derived without_fills(*game_, rules_, placed_only);
      return without_fills.outcome() == o ? "" : "territory-win";
    }
    if (!o.over()) {
      std::vector<Move> replies;
      after.legal_moves(replies);
      if (replies.size() == 1 && replies.front() == kPass) return "forced-pass";
    }
    return fills > 0 ? "territory-fill" : "";
  }

 protected:
  EngineBase(const Game& game, const Rules& rules, const Position& position)
      : game_(&game), rules_(rules), ply_(position.ply), swapped_(position.swapped) {}

  bool swap_available() const { return rules_.pie && ply_ == 1 && !swapped_; }

  // Plays uniformly random legal moves to the end: empty points (and the swap) are drawn without
  // replacement until one is legal, so each legal move is equally likely to come first. The
  // engine keeps the untried points in slots 0..listed()-1: point_at(i) reads slot i,
  // place_at(point, mover) places there if legal (taking the points it fills off the list, no
  // settling) and says whether it did, retire(i, last) swaps slots i and last.
  template <class Listed, class PointAt, class PlaceAt, class Retire>
  Outcome play_randomly(Rng& rng, Listed listed, PointAt point_at, PlaceAt place_at, Retire retire) {
    while (!outcome_.over()) {
      const int mover = side_to_move();
      int untried = listed();
      const bool swap_open = swap_available();
      bool moved = false;
      while (!moved && (untried > 0 || swap_open)) {
        const int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(untried + (swap_open ? 1 : 0))));
        if (pick == untried) {
          swapped_ = true;
          ++ply_;
          moved = true;
        } else if (place_at(point_at(pick), mover)) {
          moved = true;
        } else {
          retire(pick, --untried);
        }
      }
      if (moved) continue;
      if (self().has_legal_placement(1 - mover)) {
        ++ply_;  // forced pass
      } else {
        outcome_ = no_moves_outcome();
      }
    }
    return outcome_;
  }

  // The result of a position as read in, from the side whose chain joins its edges (or -1).
  void settle_read_position(int completed) {
    outcome_ = completed < 0 ? Outcome::ongoing() : chain_winner(completed, 1 - side_to_move());
    if (!outcome_.over()) settle_if_stuck();
  }

  Outcome chain_winner(int owner, int mover) const {
    const bool mover_takes_it = rules_.opponent_chain == Rules::OpponentChain::MoverWins && ply_ > 0;
    return Outcome::win(mover_takes_it ? mover : owner);
  }

  // A side without a legal move passes; if its opponent could not move either, the no-moves
  // ruling ends the game.
  void settle_if_stuck() {
    const int mover = side_to_move();
    if (swap_available() || self().has_legal_placement(mover)) return;
    if (self().has_legal_placement(1 - mover)) return;
    outcome_ = no_moves_outcome();
  }

  Outcome no_moves_outcome() const {
    switch (rules_.no_moves) {
      case Rules::NoMoves::Draw: return Outcome::draw();
      case Rules::NoMoves::SideToMoveLoses: return Outcome::win(1 - side_to_move());
      case Rules::NoMoves::MoreStones: {
        const int black = self().stone_count(kBlackSide), white = self().stone_count(kWhiteSide);
        if (black == white) return Outcome::draw();
        return Outcome::win(black > white ? kBlackSide : kWhiteSide);
      }
    }
    return Outcome::draw();
  }

  const Game* game_;
  Rules rules_;
  int ply_ = 0;
  bool swapped_ = false;
  Outcome outcome_;

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace arbiter::quentin::engine

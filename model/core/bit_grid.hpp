#pragma once
// A square board of at most 64 cells as bit sets (bit r*n+c is row r, column c), where side 0
// joins the first and last rows and side 1 the first and last columns with orthogonal chains:
// the geometry Brique's and Quentin's bit-set engines share, and the witnesses of wins and of
// wins not yet made that the solver's zones are built from (State::win_witness, no_win_witness).
#include <array>
#include <cstdint>

namespace arbiter {

class BitGrid {
 public:
  using Bits = std::uint64_t;
  static constexpr int kMaxSize = 8;

  // The grid of one size (1..kMaxSize), built on first use and shared.
  static const BitGrid& of(int n);

  int size() const { return n_; }
  Bits board() const { return board_; }
  Bits first_edge(int side) const { return side == 0 ? first_row_ : first_column_; }
  Bits second_edge(int side) const { return side == 0 ? last_row_ : last_column_; }

  // The orthogonal neighbours of the cells of `s` (not `s` itself unless a neighbour of another).
  Bits neighbours(Bits s) const {
    return ((s << n_) & board_) | (s >> n_) | ((s << 1) & ~first_column_ & board_) | ((s >> 1) & ~last_column_);
  }
  // The orthogonal and diagonal neighbours, `s` itself left out.
  Bits king_neighbours(Bits s) const {
    const Bits rows = s | ((s << n_) & board_) | (s >> n_);
    return (rows | ((rows << 1) & ~first_column_ & board_) | ((rows >> 1) & ~last_column_)) & ~s;
  }
  // The part of `within` orthogonally connected to `seed` (seed included).
  Bits flood(Bits seed, Bits within) const;
  // The same with king steps.
  Bits king_flood(Bits seed, Bits within) const;

  // A shortest path of steps (king steps or orthogonal ones) within `within` from a cell of `from`
  // to a cell of `to`; all cells when there is none.
  Bits shortest_path(Bits from, Bits to, Bits within, bool king) const;

  // A shortest chain of `own` joining `side`'s edges; all cells when there is none.
  Bits chain(int side, Bits own) const { return shortest_path(own & first_edge(side), second_edge(side), own, false); }
  // Cells without `side`'s stones (`side_stones`), joined by king steps, crossing from one of the
  // other side's edges to the other: no orthogonal chain of `side` can pass them, so `side` has not
  // joined its edges. Cells of `prefer` first (where they cross alone, all of those that reach
  // across), then a shortest way through as few others as the search finds. All cells when `side`
  // has a chain.
  Bits blocking_line(int side, Bits side_stones, Bits prefer) const;

 private:
  BitGrid() = default;
  explicit BitGrid(int n);
  int n_ = 0;
  Bits board_ = 0, first_row_ = 0, last_row_ = 0, first_column_ = 0, last_column_ = 0;
};

}  // namespace arbiter

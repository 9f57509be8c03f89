#include "model/core/bit_grid.hpp"

#include <stdexcept>

namespace arbiter {

const BitGrid& BitGrid::of(int n) {
  static const auto grids = [] {
    std::array<BitGrid, kMaxSize + 1> all{};
    for (int size = 1; size <= kMaxSize; ++size) all[static_cast<std::size_t>(size)] = BitGrid(size);
    return all;
  }();
  if (n < 1 || n > kMaxSize) throw std::logic_error("BitGrid: boards of 1x1 to 8x8 only");
  return grids[static_cast<std::size_t>(n)];
}

BitGrid::BitGrid(int n) : n_(n) {
  board_ = n * n == 64 ? ~Bits{0} : (Bits{1} << (n * n)) - 1;
  first_row_ = (Bits{1} << n) - 1;
  last_row_ = first_row_ << (n * (n - 1));
  for (int r = 0; r < n; ++r) first_column_ |= Bits{1} << (r * n);
  last_column_ = first_column_ << (n - 1);
}

BitGrid::Bits BitGrid::flood(Bits seed, Bits within) const {
  for (;;) {
    const Bits next = seed | (neighbours(seed) & within);
    if (next == seed) return seed;
    seed = next;
  }
}

BitGrid::Bits BitGrid::king_flood(Bits seed, Bits within) const {
  for (;;) {
    const Bits next = seed | (king_neighbours(seed) & within);
    if (next == seed) return seed;
    seed = next;
  }
}

BitGrid::Bits BitGrid::shortest_path(Bits from, Bits to, Bits within, bool king) const {
  std::array<Bits, 65> level;  // only levels 0..last are read
  level[0] = from & within;
  Bits seen = level[0];
  int last = 0;
  while ((level[static_cast<std::size_t>(last)] & to) == 0) {
    const Bits here = level[static_cast<std::size_t>(last)];
    const Bits next = (king ? king_neighbours(here) : neighbours(here)) & within & ~seen;
    if (next == 0 || last == 64) return ~Bits{0};
    level[static_cast<std::size_t>(++last)] = next;
    seen |= next;
  }
  Bits at = level[static_cast<std::size_t>(last)] & to;
  at &= ~at + 1;
  Bits path = at;
  for (int d = last - 1; d >= 0; --d) {
    const Bits before = level[static_cast<std::size_t>(d)] & (king ? king_neighbours(at) : neighbours(at));
    at = before & (~before + 1);
    path |= at;
  }
  return path;
}

BitGrid::Bits BitGrid::blocking_line(int side, Bits side_stones, Bits prefer) const {
  const Bits open = board_ & ~side_stones;
  const int other = 1 - side;
  const Bits start = open & first_edge(other), goal = second_edge(other);
  // The cells reachable at each cost (cells outside `prefer` cost one), grown a level at a time.
  Bits reached = king_flood(start & prefer, open & prefer);
  if ((reached & goal) != 0) return reached;
  for (;;) {
    const Bits grown = king_flood(reached | ((king_neighbours(reached) | start) & open), open & prefer);
    if (grown == reached) return ~Bits{0};
    reached = grown;
    if ((reached & goal) != 0) break;
  }
  return shortest_path(start & reached, goal, reached, true);
}

}  // namespace arbiter

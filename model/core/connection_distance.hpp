#pragma once
// The fewest empty cells a side must still fill to join its two edges (own stones free, enemy
// stones impassable): a 0-1 breadth-first search. Connection games give it to the solver as
// their distance_to_win estimate.
#include <array>
#include <cstdint>
#include <utility>

namespace arbiter {

// cost(cell): 0 own stone, 1 empty, -1 blocked. for_each_neighbour(cell, f) calls f(n) for the
// on-board neighbours. starts(cell) / goal(cell): the cell lies on the first / second edge.
// Returns `cells + 1` when the edges cannot be joined.
template <int MaxCells, class Cost, class Neighbours, class Starts, class Goal>
int connection_distance(int cells, Cost&& cost, Neighbours&& for_each_neighbour, Starts&& starts, Goal&& goal) {
  std::array<std::uint16_t, MaxCells> dist;
  std::array<std::int16_t, 2 * MaxCells> first, second;
  std::int16_t* current = first.data();  // cells at the level being expanded
  std::int16_t* next = second.data();    // cells one empty cell further
  int current_size = 0, next_size = 0;
  for (int c = 0; c < cells; ++c) dist[static_cast<std::size_t>(c)] = 0xFFFF;
  for (int c = 0; c < cells; ++c) {
    if (!starts(c)) continue;
    const int k = cost(c);
    if (k < 0) continue;
    dist[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(k);
    if (k == 0) {
      current[current_size++] = static_cast<std::int16_t>(c);
    } else {
      next[next_size++] = static_cast<std::int16_t>(c);
    }
  }
  for (int level = 0; current_size > 0 || next_size > 0; ++level) {
    while (current_size > 0) {
      const int c = current[--current_size];
      if (dist[static_cast<std::size_t>(c)] != level) continue;
      if (goal(c)) return level;
      for_each_neighbour(c, [&](int n) {
        const int k = cost(n);
        if (k < 0) return;
        const int d = level + k;
        if (d >= dist[static_cast<std::size_t>(n)]) return;
        dist[static_cast<std::size_t>(n)] = static_cast<std::uint16_t>(d);
        if (k == 0) {
          current[current_size++] = static_cast<std::int16_t>(n);
        } else {
          next[next_size++] = static_cast<std::int16_t>(n);
        }
      });
    }
    std::swap(current, next);
    current_size = next_size;
    next_size = 0;
  }
  return cells + 1;
}

// The same distance on an n x n square grid (4 neighbours) of at most 64 cells, on bit sets: bit
// r * n + c is the cell in row r, column c. Side 0 joins the first and last rows, side 1 the first
// and last columns. Level d is the set of cells at most d empty cells away from the side's first
// edge, grown from level d - 1 by its empty neighbours and then along own stones; a few word
// operations per level instead of a queue per cell. Returns n * n + 1 when the edges cannot be
// joined, like connection_distance.
//
// With Adjacency::WithAntiDiagonal a cell also neighbours its NE and SW diagonal cells (r-1,c+1)
// and (r+1,c-1): the six neighbours of a hex board drawn as a rhombus. Brique's escort fill joins
// every such diagonal pair of friendly stones, so that is the geometry its chains really have.
class GridDistance {
 public:
  static constexpr int kMaxSize = 8;
  enum class Adjacency : std::uint8_t { Orthogonal, WithAntiDiagonal };

  static const GridDistance& of(int n, Adjacency adjacency = Adjacency::Orthogonal) {
    static const auto grids = [] {
      std::array<std::array<GridDistance, kMaxSize + 1>, 2> all{};
      for (int size = 1; size <= kMaxSize; ++size) {
        all[0][static_cast<std::size_t>(size)] = GridDistance(size, false);
        all[1][static_cast<std::size_t>(size)] = GridDistance(size, true);
      }
      return all;
    }();
    return grids[adjacency == Adjacency::WithAntiDiagonal ? 1 : 0][static_cast<std::size_t>(n)];
  }

  int distance(int side, std::uint64_t own, std::uint64_t empty) const {
    const std::uint64_t start = side == 0 ? first_row_ : first_column_;
    const std::uint64_t goal = side == 0 ? last_row_ : last_column_;
    // `next_to` is the spread of `reached`, grown with it (a spread of a union is the union of the
    // spreads): one spread per step instead of one of the whole set and another to see it closed.
    std::uint64_t reached = start & own;
    std::uint64_t next_to = spread(reached);
    for (int level = 0;;) {
      const std::uint64_t joined = next_to & own & ~reached;
      if (joined != 0) {
        reached |= joined;
        next_to |= spread(joined);
        continue;
      }
      if (reached & goal) return level;
      const std::uint64_t grown = (next_to | start) & empty & ~reached;
      if (grown == 0) return n_ * n_ + 1;
      reached |= grown;
      next_to |= spread(grown);
      ++level;
    }
  }

 private:
  GridDistance() = default;
  GridDistance(int n, bool anti_diagonal) : n_(n), anti_diagonal_(anti_diagonal) {
    board_ = n * n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n * n)) - 1;
    first_row_ = (std::uint64_t{1} << n) - 1;
    last_row_ = first_row_ << (n * (n - 1));
    for (int r = 0; r < n; ++r) first_column_ |= std::uint64_t{1} << (r * n);
    last_column_ = first_column_ << (n - 1);
  }
  std::uint64_t spread(std::uint64_t s) const {
    const std::uint64_t orthogonal =
        ((s << 1) & ~first_column_ & board_) | ((s >> 1) & ~last_column_) | ((s << n_) & board_) | (s >> n_);
    if (!anti_diagonal_) return orthogonal;
    // (r-1, c+1) is bit - (n-1), (r+1, c-1) is bit + (n-1); a wrap across a row lands in the
    // first or last column, which such a step never reaches.
    return orthogonal | ((s >> (n_ - 1)) & ~first_column_) | ((s << (n_ - 1)) & ~last_column_ & board_);
  }

  int n_ = 0;
  bool anti_diagonal_ = false;
  std::uint64_t board_ = 0, first_row_ = 0, last_row_ = 0, first_column_ = 0, last_column_ = 0;
};

}  // namespace arbiter

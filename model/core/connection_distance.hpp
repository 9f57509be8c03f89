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

}  // namespace arbiter

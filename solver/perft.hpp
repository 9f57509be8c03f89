#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

// Perft, as chess engines use it to cross-check move generators: for each depth d, the number of
// legal move sequences of exactly d moves from the root, and how many of them end the game.
struct PerftRow {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::uint64_t finished = 0;
};

// Rows for depths 0..max_depth. progress (may be empty) is called with each finished row; poll
// (may be empty) every 65,536 positions with the depth being counted and the positions visited
// for it, and returning false stops the count: the rows of the depths finished so far come back.
std::vector<PerftRow> perft(const State& root, int max_depth,
                            const std::function<void(const PerftRow&)>& progress = {},
                            const std::function<bool(int depth, std::uint64_t visited)>& poll = {});

struct BenchResult {
  std::string implementation;
  long playouts = 0;
  long moves = 0;  // plies applied during the playouts
  double seconds = 0;
  double playouts_per_second() const { return seconds > 0 ? static_cast<double>(playouts) / seconds : 0; }
  double moves_per_second() const { return seconds > 0 ? static_cast<double>(moves) / seconds : 0; }
  long wins[2] = {0, 0};
  long draws = 0;
};

// Random playouts from `root` for about `seconds` of wall time (at least one), single thread,
// ending early (after the playout in progress) once `keep_going` says no.
BenchResult bench_playouts(const State& root, double seconds, std::uint64_t seed,
                           const std::function<bool()>& keep_going = {});

}  // namespace arbiter

#pragma once
// The reference model: the rule text of seed 002 transcribed step by step, with whole-board
// scans and no cleverness. The fast engine is checked against it, and explanations are built
// from its step reports.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/quentin/rules.hpp"

namespace arbiter::quentin::reference {

// One region (a maximal orthogonally connected set of empty points) as the rules judge it.
struct RegionReport {
  std::vector<int> points;
  int weak_point = -1;       // a point with fewer than two adjacent stones; -1: a territory
  int weak_point_count = 0;  // how many it has (edges included when the ruling counts them)
  std::vector<int> black_stones;  // distinct stones orthogonally adjacent to the region
  std::vector<int> white_stones;
  int black_adjacencies = 0;  // (point, stone) adjacent pairs, for majority=adjacencies
  int white_adjacencies = 0;
  int black_votes = 0;  // the numbers the majority compares under the configured ruling
  int white_votes = 0;
  std::int8_t fill = kEmpty;  // the colour a territory is filled with

  bool territory() const { return weak_point < 0; }
  bool tie() const { return black_votes == white_votes; }
};

// Everything that happens when the side `mover` places a stone on `point`.
struct TurnReport {
  int point = -1;
  int mover = 0;
  std::vector<std::vector<RegionReport>> passes;  // regions judged in each fill pass
  std::vector<std::int8_t> cells_after;
  std::optional<std::pair<int, int>> unsupported;  // an unsupported diagonal pair, if any
  int completed_side = -1;                         // the side whose chain now joins its edges
  std::vector<int> completed_chain;
  bool legal = false;

  // Whether any region was a territory, that is, whether the turn filled anything.
  bool filled() const {
    for (const std::vector<RegionReport>& pass : passes) {
      for (const RegionReport& region : pass) {
        if (region.territory()) return true;
      }
    }
    return false;
  }
};

// Stones (and, if the ruling says so, board edges) orthogonally adjacent to a point.
int adjacent_support(const Rules& rules, int size, const std::vector<std::int8_t>& cells, int point);
std::vector<std::vector<int>> empty_regions(int size, const std::vector<std::int8_t>& cells);
RegionReport judge_region(const Rules& rules, int size, const std::vector<std::int8_t>& cells,
                          const std::vector<int>& region, int mover);
std::optional<std::pair<int, int>> unsupported_diagonal(const Rules& rules, int size,
                                                        const std::vector<std::int8_t>& cells, int mover);
// A chain of `side` touching both of that side's edges, or empty.
std::vector<int> winning_chain(int size, const std::vector<std::int8_t>& cells, int side);

TurnReport play_placement(const Rules& rules, const Position& position, int point, int mover);
bool has_legal_placement(const Rules& rules, const Position& position, int mover);
bool swap_available(const Rules& rules, const Position& position);
// The outcome of a position reached at the end of a turn (chains, then the no-moves ruling).
Outcome settle(const Rules& rules, const Position& position);

std::unique_ptr<State> make_state(const Game& game, const Rules& rules, Position position);

}  // namespace arbiter::quentin::reference

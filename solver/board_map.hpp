// The board map of `solve --openings` and `metrics`: a position's diagram with each move's value
// written on the cell the move fills, so that a reader sees the values where the moves are.
#pragma once

#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "solver/solve.hpp"

namespace arbiter::solver {

// '*' win (or win within the bound), '-' loss (or no win within it), '=' draw, '?' unknown.
char value_mark(Value v);

// `mapped[i]` says whether moves[i] has its mark on the map; the moves that are not are listed by
// the caller. Where the diagram already shows a mark's character on a cell, nothing is mapped.
std::string board_map(const State& root, const std::vector<MoveResult>& moves, std::vector<bool>& mapped);

}  // namespace arbiter::solver

#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::brochs {
// The examples and statements of seed 003, as positions replayed by the tests and `arbiter audit`.
std::vector<SeedExample> seed_examples();

// The diagram of a 9x9 board under keeps=centres (keeps c3, g3, c7, g7; the cross on row 5 and
// column e) with `pieces` placed and `status` as its last line, e.g.
// diagram_9x9("S b6; B b2 d4; W c2; w c3", "Black to move, ply 0, reserve 8, passes 0"): groups
// separated by ';', each a diagram letter and its squares (lower case: a piece on a keep). The
// examples and the tests describe their positions this way so that the empty board is drawn once.
std::string diagram_9x9(std::string_view pieces, std::string_view status);
}  // namespace arbiter::brochs

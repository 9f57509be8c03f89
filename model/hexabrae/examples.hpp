#pragma once
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::hexabrae {

// The statements of seed 004 as replayable examples (properties/seed_examples.hpp).
std::vector<SeedExample> seed_examples();

}  // namespace arbiter::hexabrae

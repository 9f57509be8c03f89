#pragma once
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::quentin {

// The examples of seed 002's "Examples" section, reconstructed on 5x5 boards.
std::vector<SeedExample> seed_examples();

}  // namespace arbiter::quentin

#pragma once
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::brochs {
// The examples and statements of seed 003, as positions replayed by the tests and `arbiter audit`.
std::vector<SeedExample> seed_examples();
}  // namespace arbiter::brochs

#pragma once
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::brique {

// Every example the rule text (seed 000) works through, as positions on the designer's 5x5
// diagrams (reconstructed from the text and the diagrams' decoding in research/rules.md).
std::vector<SeedExample> seed_examples();

}  // namespace arbiter::brique

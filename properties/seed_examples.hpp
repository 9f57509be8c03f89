#pragma once
#include <string>

#include "model/core/game.hpp"

namespace arbiter {

struct ExampleVerdict {
  bool passed = false;
  std::string detail;  // on failure: what differed; on success: a one-line summary
};

// Replays one example of a rule text and compares with what the text says happens, through
// the game's implementation `implementation` ("" = the fast one).
ExampleVerdict run_seed_example(const GameDescriptor& game, const SeedExample& example,
                                std::string_view implementation = {});

}  // namespace arbiter

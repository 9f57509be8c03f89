#pragma once
// The seed examples a game draws once (model/<game>/examples.cpp) and its tests replay by name.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

// An example with the fields every game fills; the others keep their defaults (no rulings, the
// last move legal, nothing checked after the moves) until the game sets them.
inline SeedExample seed_example(std::string name, std::string source, std::string claim, int size, std::string before,
                                std::vector<std::string> moves) {
  SeedExample example;
  example.name = std::move(name);
  example.source = std::move(source);
  example.claim = std::move(claim);
  example.size = size;
  example.before = std::move(before);
  example.moves = std::move(moves);
  return example;
}

inline SeedExample find_seed_example(const GameDescriptor& game, const std::string& name) {
  if (game.seed_examples) {
    for (SeedExample& example : game.seed_examples()) {
      if (example.name == name) return example;
    }
  }
  throw std::logic_error(game.name + " has no seed example " + name);
}

}  // namespace arbiter

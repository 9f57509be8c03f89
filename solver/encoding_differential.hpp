#pragma once
// The Z3 turn encoding of a game against its executable model, on random (position, move) pairs.
// Positions come from random legal play of random length from the initial position; the game's
// compare_turn_encoding hook picks the move (legal or not) and compares both verdicts and results.
#include <cstdint>
#include <functional>
#include <string>

#include "model/core/game.hpp"

namespace arbiter {

struct DifferentialResult {
  long pairs = 0;          // pairs compared
  long legal = 0;          // of which the model found the move legal
  std::string disagreement;  // the first one (position, move, both results); "" when all agree
  double seconds = 0;
};

// Compares up to `pairs` pairs, stopping at the first disagreement. progress(done) is called
// after each pair. Deterministic for a given seed. Throws InputError if the game has no encoding.
DifferentialResult compare_encoding_with_model(const Game& game, long pairs, std::uint64_t seed,
                                               const std::function<void(long done)>& progress = {});

}  // namespace arbiter

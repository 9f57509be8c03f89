#pragma once
// Brique's whole property suite for `arbiter check brique` (docs/properties.md): the game's own
// properties (properties.hpp) followed by the verification properties of verification.cpp.
#include <vector>

#include "model/brique/reference.hpp"
#include "model/core/property.hpp"

namespace arbiter::brique {

std::vector<Property> verification_suite();

// Pieces of the suite the tests drive directly.
// Exactly one colour connects on the full board p.
PropertyVerdict exactly_one_connects(const Position& p);
// A random full board satisfying the end-of-turn invariant; false if the settling cycled.
bool random_settled_full_board(const Rules& rules, Rng& rng, Position& board);
// Plays a random game of `game` and its half-turned image in `turned_game`, move by move.
PropertyVerdict rotation_maps_games_to_games(const Game& game, const Game& turned_game, Rng& rng);

}  // namespace arbiter::brique

#pragma once
// Hexabrae's whole property suite for `arbiter check hexabrae` (docs/properties.md): the game's
// own properties (properties.hpp) followed by the verification properties of verification.cpp.
#include <vector>

#include "model/core/property.hpp"
#include "model/hexabrae/board.hpp"

namespace arbiter::hexabrae {

std::vector<Property> verification_suite();

// Plays a random game of `game` and its image under `symmetry` in `image_game`, move by move.
PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng);

}  // namespace arbiter::hexabrae

#pragma once
// Quentin's whole property suite for `arbiter check quentin` (docs/properties.md): the game's own
// properties (properties.hpp) followed by the verification properties of verification.cpp.
#include <vector>

#include "model/core/property.hpp"
#include "model/quentin/rules.hpp"

namespace arbiter::quentin {

std::vector<Property> verification_suite();

// The stones, ply and swap of any Quentin state, read from its printed diagram (no validation, so
// that a deliberately broken state can be judged too).
Position position_of(const State& state);

// A board symmetry: 0 half turn, 1 left-right mirror, 2 top-bottom mirror. Each keeps both
// colours' edges, so it maps games to games of the same rules.
int mapped_point(int size, int symmetry, int point);
// Plays a random game of `game` and its image under `symmetry` in `image_game`, move by move.
PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng);

}  // namespace arbiter::quentin

#pragma once
// Brochs' whole property suite for `arbiter check brochs` (docs/properties.md): the game's own
// properties (properties.hpp) followed by the verification properties of
// verification.cpp.
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::brochs {

std::vector<Property> verification_suite();

class BrochsState;
// Checks each side's goal directly on the board against a result (the state's own, or a forged one
// in the tests).
PropertyVerdict judge_goals(const BrochsState& state, Outcome result);

// Plays a random game of `game` and its image under board symmetry `symmetry` (engine.hpp's
// numbering) in `image_game`, move by move.
PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng);

}  // namespace arbiter::brochs

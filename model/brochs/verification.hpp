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

// The West-East mirror of a cell of an n x n board, and of a move.
int mirrored_cell(int n, int cell);
Move mirrored_move(int n, Move m);
// Plays a random game of `game` and its mirror image in `image_game`, move by move.
PropertyVerdict mirror_maps_games_to_games(const Game& game, const Game& image_game, Rng& rng);

}  // namespace arbiter::brochs

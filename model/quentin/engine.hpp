#pragma once
// The fast engine: flat fixed-size state, neighbour tables per size, incremental support counts,
// a union-find over chains, and only the regions next to the placed stone examined.
#include <memory>
#include <string>
#include <vector>

#include "model/quentin/rules.hpp"

namespace arbiter::quentin::engine {

// The board symmetries every ruling combination is invariant under: the two mirrors that keep
// each side's pair of edges (and their product). Numbered from 1 for State::symmetric_image.
const std::vector<std::string>& symmetries();

std::unique_ptr<State> make_state(const Game& game, const Rules& rules, const Position& position);

}  // namespace arbiter::quentin::engine

#pragma once
// The fast engine: flat fixed-size state, neighbour tables per size, incremental support counts,
// a union-find over chains, and only the regions next to the placed stone examined.
#include <memory>

#include "model/quentin/rules.hpp"

namespace arbiter::quentin::engine {

std::unique_ptr<State> make_state(const Game& game, const Rules& rules, const Position& position);

}  // namespace arbiter::quentin::engine

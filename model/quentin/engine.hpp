#pragma once
// The fast engines. Up to 8x8 (bit_engine.cpp): the stones as two 64-bit sets, regions, chains and
// the diagonal rule by whole-word operations, so a state is a few words to copy. Larger boards
// (engine.cpp): flat fixed-size arrays, neighbour tables per size, incremental support counts, a
// union-find over chains. Both examine only the regions next to the placed stone.
#include <memory>
#include <string>
#include <vector>

#include "model/quentin/rules.hpp"

namespace arbiter::quentin::engine {

// The board symmetries every ruling combination is invariant under: the two mirrors that keep
// each side's pair of edges (and their product). Numbered from 1 for State::symmetric_image.
const std::vector<std::string>& symmetries();

inline constexpr int kMaxBitSize = 8;

// The fast engine for the position's size.
std::unique_ptr<State> make_state(const Game& game, const Rules& rules, const Position& position);
// Each engine alone, for the tests that play them against each other.
std::unique_ptr<State> make_flat_state(const Game& game, const Rules& rules, const Position& position);
std::unique_ptr<State> make_bit_state(const Game& game, const Rules& rules, const Position& position);  // size <= kMaxBitSize

}  // namespace arbiter::quentin::engine

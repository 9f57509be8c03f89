#pragma once
// Random play for the tests that check something on every move of many games (the mechanic counts
// of State::apply_counting, above all).
#include <array>
#include <cstdint>
#include <vector>

#include "model/core/game.hpp"
#include "model/core/rng.hpp"

namespace arbiter::testing {

// Plays `games` games, each from start(), with moves drawn uniformly by one Rng(seed);
// play(state, move) must apply the move, checking what it likes around it.
template <class Start, class Play>
void play_random_games(int games, std::uint64_t seed, Start&& start, Play&& play) {
  Rng rng(seed);
  std::vector<Move> moves;
  for (int played = 0; played < games; ++played) {
    auto state = start();
    while (!state->is_terminal()) {
      state->legal_moves(moves);
      play(*state, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
}

// Applies `move` through apply_counting, adds the counts to `totals` and returns them.
template <std::size_t N>
std::array<std::uint64_t, N> apply_counted(State& state, Move move, std::array<std::uint64_t, N>& totals) {
  std::array<std::uint64_t, N> counts{};
  state.apply_counting(move, counts);
  for (std::size_t i = 0; i < N; ++i) totals[i] += counts[i];
  return counts;
}

}  // namespace arbiter::testing

#pragma once
// Shared by the games' theme tests (model/<game>/tests/themes_test.cpp): State::move_theme on
// the rule texts' worked examples and along random games.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/registry.hpp"

namespace arbiter::testing {

// The theme of the last move of one of the game's seed examples, played on the first (fast)
// implementation from the example's position.
inline std::string seed_example_theme(const std::string& game_name, const std::string& example_name) {
  const GameDescriptor& descriptor = find_game(game_name);
  for (const SeedExample& e : descriptor.seed_examples()) {
    if (e.name != example_name) continue;
    const auto game = make_game(descriptor, e.size, e.rulings);
    auto state = game->parse_position(e.before);
    for (std::size_t i = 0; i + 1 < e.moves.size(); ++i) state->apply(state->parse_move(e.moves[i]));
    return state->move_theme(state->parse_move(e.moves.back()));
  }
  ADD_FAILURE() << "no seed example " << example_name;
  return "?";
}

// Plays random games and calls check(before, move, theme, after) for every move.
template <class Check>
void for_every_move_of_random_games(const std::string& game_name, int size, int games, Check&& check,
                                    const std::vector<std::string>& rulings = {}) {
  const auto game = make_game(find_game(game_name), size, rulings);
  Rng rng(20261123);
  std::vector<Move> legal;
  for (int g = 0; g < games; ++g) {
    auto state = game->initial_state();
    while (!state->is_terminal() && state->ply() < game->max_plies()) {
      state->legal_moves(legal);
      const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      auto after = state->clone();
      after->apply(m);
      check(*state, m, state->move_theme(m), *after);
      state = std::move(after);
    }
  }
}

inline bool mover_won(const State& before, const State& after) {
  return after.outcome().kind == Outcome::Kind::Win && after.outcome().winner == before.side_to_move();
}

}  // namespace arbiter::testing

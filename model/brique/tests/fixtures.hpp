#pragma once
// Helpers shared by Brique's tests: games, positions from diagrams, playing move texts.
#include <memory>
#include <string>
#include <vector>

#include "model/core/examples.hpp"
#include "model/core/game.hpp"
#include "model/registry.hpp"

namespace arbiter::brique_test {

inline const GameDescriptor& brique() { return find_game("brique"); }

inline std::unique_ptr<Game> game(int size, const std::vector<std::string>& rulings = {}) {
  return make_game(brique(), size, rulings);
}

inline const std::vector<std::string>& implementations() {
  static const std::vector<std::string> names = {"fast", "reference"};
  return names;
}

// Plays the moves (texts) from a diagram and returns the position reached.
inline std::unique_ptr<State> play(const Game& g, const std::string& diagram, const std::vector<std::string>& moves,
                                   const std::string& implementation) {
  auto state = g.parse_position(diagram, implementation);
  for (const std::string& move : moves) state->apply(state->parse_move(move));
  return state;
}

// The rule text's "Escorts" example before Black 1 (on c3).
inline const std::string kEscortsExample = find_seed_example(brique(), "escorts").before;

inline std::string outcome_of(const State& state) { return outcome_text(brique(), state.outcome()); }

}  // namespace arbiter::brique_test

#pragma once
// Helpers shared by Quentin's tests.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/game.hpp"
#include "model/quentin/rules.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
const GameDescriptor& quentin_game();
}

namespace arbiter::quentin {

inline constexpr long kHeavyDivisor = arbiter::testing::when_sanitized(20, 1);

struct Setup {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
};

// The game of the diagram's size under the given rulings, and the diagram's position.
inline Setup setup(const std::string& diagram, const std::vector<std::string>& rulings = {},
                   std::string_view implementation = "fast") {
  Setup s;
  s.game = make_game(quentin_game(), quentin_game().diagram_size(diagram), rulings);
  s.state = s.game->parse_position(diagram, implementation);
  return s;
}

// Plays moves given as text; returns the final state's diagram.
inline std::string play(State& state, const std::vector<std::string>& moves) {
  for (const std::string& move : moves) state.apply(state.parse_move(move));
  return state.diagram();
}

inline std::string legal_text(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : " ") + state.move_text(m);
  return out;
}

inline const std::vector<std::string>& implementations() {
  static const std::vector<std::string> names = {"fast", "reference"};
  return names;
}

}  // namespace arbiter::quentin

#pragma once
// The checks of a game's reachability tests: a position no game reaches is refused with the rule
// it breaks, and every position play reaches reads back.
#include <gtest/gtest.h>

#include <string>

#include "model/core/errors.hpp"
#include "model/core/game.hpp"

namespace arbiter::testing {

// Every implementation of `game` refuses `text` as out of play's reach, naming `says`.
inline void expect_unreachable(const Game& game, const std::string& text, const std::string& says) {
  for (const std::string& implementation : game.implementations()) {
    try {
      game.parse_position(text, implementation);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& error) {
      const std::string what = error.what();
      EXPECT_NE(what.find("no game reaches this position: "), std::string::npos) << what;
      EXPECT_NE(what.find(says), std::string::npos) << what;
    }
  }
}

// Why `state`, reached by play, does not read back (its line and its diagram, in every
// implementation of `game`, to the same line): the error and the text; empty when it does.
inline std::string refusal(const Game& game, const State& state) {
  const std::string line = state.line();
  for (const std::string& implementation : game.implementations()) {
    for (const std::string& text : {line, state.diagram()}) {
      try {
        const std::string back = game.parse_position(text, implementation)->line();
        if (back != line) return "read back as " + back + "\n" + text;
      } catch (const InputError& error) {
        return std::string(error.what()) + "\n" + text;
      }
    }
  }
  return "";
}

}  // namespace arbiter::testing

#pragma once
// Helpers for the Brochs tests: load a drawn position under some rulings, play moves by text.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/brochs/engine.hpp"
#include "model/brochs/examples.hpp"
#include "model/core/errors.hpp"
#include "tests/game_param.hpp"

namespace arbiter::brochs::testing {

// Sanitizer builds run the heavy loops on fewer cases.
inline constexpr int kScale = arbiter::testing::when_sanitized(10, 1);

inline Rules rules_for(int size, const std::vector<std::string>& rulings = {}) {
  return rules_from_config(make_config(descriptor(), size, rulings));
}

inline std::unique_ptr<BrochsState> load(const std::string& text, const std::vector<std::string>& rulings = {}) {
  return parse_brochs_position(rules_for(diagram_size(text), rulings), text);
}

inline std::unique_ptr<BrochsState> start(int size, const std::vector<std::string>& rulings = {}) {
  return initial_position(rules_for(size, rulings));
}

// Plays one move given as text; returns the text the engine writes for it (with captures).
inline std::string play(BrochsState& state, const std::string& text) {
  const Move move = state.parse_move(text);
  const std::string written = state.move_text(move);
  state.apply(move);
  return written;
}

inline bool legal(const BrochsState& state, const std::string& text) {
  try {
    state.parse_move(text);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

inline int count_pieces(const BrochsState& state, std::uint8_t piece) {
  int n = 0;
  for (int cell = 0; cell < state.tables().n * state.tables().n; ++cell) n += state.at(cell) == piece;
  return n;
}

inline int cell(const BrochsState& state, const std::string& name) {
  const int c = state.tables().n;
  return (std::stoi(name.substr(1)) - 1) * c + (name[0] - 'a');
}

}  // namespace arbiter::brochs::testing

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

// A diagram or a one-line position ("brochs 7 ...").
inline std::unique_ptr<BrochsState> load(const std::string& text, const std::vector<std::string>& rulings = {}) {
  const int size = text.starts_with("brochs ") ? std::stoi(text.substr(7)) : diagram_size(text);
  return parse_brochs_position(rules_for(size, rulings), text);
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

// The text the engine writes for `move` (with its captures) played in a drawn position.
inline std::string played(const std::string& position, const std::string& move, const std::vector<std::string>& rulings = {}) {
  return play(*load(position, rulings), move);
}

// The position after `moves` are played in a drawn position.
inline std::unique_ptr<BrochsState> after(const std::string& position, const std::vector<std::string>& moves,
                                          const std::vector<std::string>& rulings = {}) {
  auto state = load(position, rulings);
  for (const std::string& move : moves) play(*state, move);
  return state;
}

// The step-by-step account of `move` (legal or not) in a drawn position.
inline std::string explained(const std::string& position, const std::string& move, const std::vector<std::string>& rulings = {}) {
  return load(position, rulings)->explain_text(move);
}

// What stands on `square` once `move` is played in a drawn position.
inline std::uint8_t piece_after(const std::string& position, const std::string& move, const std::string& square,
                                const std::vector<std::string>& rulings = {});

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

inline int pieces_on_board(const BrochsState& state) {
  const int n = state.tables().n;
  int pieces = 0;
  for (int square = 0; square < n * n; ++square) pieces += state.at(square) != Empty;
  return pieces;
}

inline int cell(const BrochsState& state, const std::string& name) {
  const int c = state.tables().n;
  return (std::stoi(name.substr(1)) - 1) * c + (name[0] - 'a');
}

inline std::uint8_t piece_after(const std::string& position, const std::string& move, const std::string& square,
                                const std::vector<std::string>& rulings) {
  const auto state = after(position, {move}, rulings);
  return state->at(cell(*state, square));
}

// The moves among `candidates` that are legal in a drawn position.
inline std::vector<std::string> legal_among(const std::string& position, const std::vector<std::string>& candidates,
                                            const std::vector<std::string>& rulings = {}) {
  const auto state = load(position, rulings);
  std::vector<std::string> out;
  for (const std::string& move : candidates) {
    if (legal(*state, move)) out.push_back(move);
  }
  return out;
}

}  // namespace arbiter::brochs::testing

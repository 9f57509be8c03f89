#pragma once
// Shared by the libFuzzer targets: every reader is fuzzed for every registered game, and what a
// reader accepts must print and read back identically. A broken promise aborts, which libFuzzer
// reports with the input that caused it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "model/registry.hpp"

namespace arbiter::fuzzing {

[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

inline void expect_equal(const std::string& expected, const std::string& actual, const std::string& what) {
  if (expected != actual) broken(what + "\n  expected: " + expected + "\n  actual:   " + actual);
}

// The game an input addresses: its first byte picks one of the registered games, so that the
// fuzzer's mutations explore each game's reader rather than mostly the first.
inline const GameDescriptor& game_of(const std::uint8_t* data, std::size_t size) {
  const auto& games = registered_games();
  return *games[size == 0 ? 0 : data[0] % games.size()];
}

// certificate_reader verifies the certificates of at most this many nodes (verification replays
// every node; larger inputs would slow the run), and seed_corpus writes none larger.
constexpr int kMostVerifiedCertificateNodes = 200;

// The position move_reader reads an input's move text in: `plies % 8` legal moves into the game
// (fewer where it ends), chosen by `plies` (the input's second byte), so that inputs reach the
// second player's moves, a swap's turn and the like. seed_corpus picks its move seeds there too.
inline std::unique_ptr<State> position_after(const Game& game, const std::string& implementation, std::uint8_t plies) {
  auto state = game.initial_state(implementation);
  std::vector<Move> moves;
  for (int i = 0; i < plies % 8 && !state->is_terminal(); ++i) {
    moves.clear();
    state->legal_moves(moves);
    state->apply(moves[(plies * 31u + i * 7u) % moves.size()]);
  }
  return state;
}

}  // namespace arbiter::fuzzing

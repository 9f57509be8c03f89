#pragma once
// Shared by the libFuzzer targets: every reader is fuzzed for every registered game, and what a
// reader accepts must print and read back identically. A broken promise aborts, which libFuzzer
// reports with the input that caused it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

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

}  // namespace arbiter::fuzzing

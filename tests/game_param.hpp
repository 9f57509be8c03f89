#pragma once
// Generic suites are instantiated once per registered game, so a new game gets them for free.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "model/registry.hpp"

namespace arbiter::testing {

inline std::vector<std::string> registered_game_names() {
  std::vector<std::string> names;
  for (const GameDescriptor* game : registered_games()) names.push_back(game->name);
  return names;
}

// The number of games a sweep run by hand asks for in the environment variable `variable`
// (docs/cross-checks.md), else the test run's own count. A value that is not a positive whole
// number fails the test instead of quietly playing no game.
inline long count_from_environment(const char* variable, long test_run_count) {
  const char* text = std::getenv(variable);
  if (text == nullptr) return test_run_count;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value <= 0) {
    ADD_FAILURE() << variable << "=" << text << " is not a positive number of games";
    return 0;
  }
  return value;
}

// Sanitizer builds run the same checks on fewer random cases.
inline int scaled(int cases) {
#ifdef ARBITER_SANITIZED
  return cases / 10 > 0 ? cases / 10 : 1;
#else
  return cases;
#endif
}

// One number for sanitizer builds and another for the rest, where scaled()'s tenfold cut does not fit.
inline constexpr int when_sanitized(int sanitized, int otherwise) {
#ifdef ARBITER_SANITIZED
  (void)otherwise;
  return sanitized;
#else
  (void)sanitized;
  return otherwise;
#endif
}

// Every combination of the game's ruling values, each as NAME=VALUE texts, leaving the rulings
// named in `skip` at their defaults: for checks that must hold under all of them.
inline std::vector<std::vector<std::string>> every_ruling_combination(const GameDescriptor& game,
                                                                      const std::vector<std::string>& skip = {}) {
  std::vector<std::vector<std::string>> combinations{{}};
  for (const Ruling& ruling : game.rulings) {
    if (std::find(skip.begin(), skip.end(), ruling.name) != skip.end()) continue;
    std::vector<std::vector<std::string>> longer;
    for (const auto& partial : combinations) {
      for (const RulingOption& option : ruling.options) {
        auto next = partial;
        next.push_back(ruling.name + "=" + option.value);
        longer.push_back(std::move(next));
      }
    }
    combinations = std::move(longer);
  }
  return combinations;
}

// "size N NAME=VALUE ...": which board and combination a failure is about.
inline std::string describe_combination(const std::vector<std::string>& rulings, int size) {
  std::string out = "size " + std::to_string(size);
  for (const auto& r : rulings) out += " " + r;
  return out;
}

// A few sizes worth testing for a game: its smallest, a small odd/even pair, its default.
inline std::vector<int> interesting_sizes(const GameDescriptor& game) {
  std::vector<int> sizes;
  for (int n = 1; n <= 64 && sizes.size() < 3; ++n) {
    if (game.size_ok(n)) sizes.push_back(n);
  }
  if (std::find(sizes.begin(), sizes.end(), game.default_size) == sizes.end()) sizes.push_back(game.default_size);
  return sizes;
}

}  // namespace arbiter::testing

#pragma once
// The generic conformance battery every registered game gets by implementing the interface (in
// the spirit of OpenSpiel's random-simulation tests). It checks the interface contract, not the
// rules; the rules are checked by each game's own tests and property suite.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

struct CheckOutcome {
  std::string name;     // e.g. "random games end"
  std::string subject;  // implementation checked, e.g. "fast", or "fast vs reference"
  long cases = 0;       // how many games, positions or moves were examined
  bool passed = true;
  std::string detail;   // on failure: the counterexample (diagram, moves to replay)
  double seconds = 0;
};

struct ConformanceSettings {
  int games = 20;  // random games per check
  std::uint64_t seed = 1;
  // Polled between units of work (every position and game, and within a threat search): true
  // once a stop was requested (solver/interrupt.hpp's stop_requested); null: never stop.
  bool (*stop)() = nullptr;
  // Checks only the first (fast) implementation: no reference, no comparison with it. For runs
  // where the reference is far slower and is checked elsewhere (the sanitized tests' largest size).
  bool first_implementation_only = false;
};

// Runs every conformance check on every implementation of `game`; progress (may be null) is
// called after each check. Once settings.stop says so, returns the checks finished before it: the
// one under way is left out, and progress is not called for it.
std::vector<CheckOutcome> run_conformance(const Game& game, const ConformanceSettings& settings,
                                          const std::function<void(const CheckOutcome&)>& progress = {});

// Plays one random game with the given implementation and returns its move list (deterministic
// for a seed); the building block of several checks and of the CLI's sample games.
std::vector<Move> random_game(const Game& game, std::string_view implementation, Rng& rng);

}  // namespace arbiter

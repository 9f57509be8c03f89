#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/core/property.hpp"

namespace arbiter {

struct PropertyResult {
  std::string name;
  std::string statement;
  std::string source;
  bool rule_text_claim = false;
  // Random games (or arbitrary inputs) generated, up to and including the one that failed; the
  // games replayed while shrinking a failure are not cases (shrink_attempts counts them).
  long cases = 0;
  long checks = 0;           // positions or transitions checked within those cases
  bool holds = true;         // checked and held: false when not applicable
  std::string not_applicable;  // why the property claims nothing under this configuration; then no case ran
  long shrink_attempts = 0;  // smaller games (or inputs) rapidcheck tried while shrinking a failure
  bool gave_up = false;      // the driver could not generate enough cases: not a pass
  bool interrupted = false;  // stopped by the caller's poll before the cases ran out: not a pass
  double seconds = 0;
  std::string why;           // the violation, for the shrunk counterexample
  std::string counterexample;  // diagram(s) of the shrunk counterexample
  std::vector<std::string> moves;  // the move sequence that reaches it from the initial position
};

// The properties `arbiter check` runs for a game: the generic ones every game gets, then the
// game's own.
std::vector<Property> property_suite(const GameDescriptor& game);

// Runs one property through rapidcheck: `cases` random games (random length), each a list of
// move choices that rapidcheck shrinks on failure, so the counterexample is a short game. A
// property that does not apply to the game's configuration (Property::not_applicable) is not run.
// poll (may be empty) is called before every case with the cases run so far; false stops the run.
PropertyResult run_property(const Game& game, const Property& property, int cases, std::uint64_t seed,
                            const std::function<bool(long cases_run)>& poll = {});

// The command that replays a counterexample: "arbiter replay GAME --size N [--rule ...] MOVES".
std::string replay_command(const Game& game, const std::vector<std::string>& moves);

}  // namespace arbiter

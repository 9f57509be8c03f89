#pragma once
// A property of a game's rules, checked on random reachable play by the generic property driver
// (properties/property_runner.hpp, `arbiter check`). Games list their properties in the
// descriptor; the driver and the tests never name a game.
#include <functional>
#include <string>

#include "model/core/game.hpp"
#include "model/core/rng.hpp"

namespace arbiter {

struct PropertyVerdict {
  bool holds = true;
  std::string why;  // when it does not hold: what was violated, in words an arbiter can check

  static PropertyVerdict ok() { return {}; }
  static PropertyVerdict violated(std::string why) { return {false, std::move(why)}; }
};

struct Property {
  std::string name;       // command-line name, e.g. "fill-settles"
  std::string statement;  // one line, e.g. "after a turn no square qualifies for a fill"
  // Where the claim comes from. A claim of the rule text that fails is a FINDING about the rules
  // (reported with its counterexample); any other property that fails is a defect of Arbiter.
  std::string source;
  bool rule_text_claim = false;

  // Unset, or "" for a configuration, when the property applies to every game. Otherwise the one
  // line that says why it claims nothing about the games of this configuration (its rulings, its
  // size), naming the ruling: the driver then runs no case and reports it as not applicable, never
  // as holding. The checks below may assume the property applies.
  std::function<std::string(const Game&)> not_applicable;

  // Exactly one of these is set.
  // Checked on every transition of random reachable play: the position before, the move, after.
  std::function<PropertyVerdict(const Game&, const State& before, Move, const State& after)> transition;
  // Checked on every position of random reachable play.
  std::function<PropertyVerdict(const Game&, const State&)> position;
  // Checked on an input the property builds itself from a random source (e.g. an arbitrary full
  // board satisfying an invariant). `counterexample` receives a diagram when it does not hold.
  std::function<PropertyVerdict(const Game&, Rng&)> arbitrary;
};

}  // namespace arbiter

#pragma once
// The check every game's property tests make under each ruling mix: its suite holds on random play.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "model/core/property.hpp"
#include "properties/property_runner.hpp"

namespace arbiter::testing {

// Runs each property of `suite` on `cases` random games of `game` (seed 7), except the claims of the
// rule text, which `arbiter check` measures and reports; each must be checked at least once and hold,
// unless it declares that it does not apply to this configuration: then nothing of it may run.
inline void expect_suite_holds(const Game& game, const std::vector<Property>& suite, int cases, const std::string& where) {
  for (const Property& p : suite) {
    if (p.rule_text_claim) continue;
    const PropertyResult r = run_property(game, p, cases, 7);
    if (!r.not_applicable.empty()) {
      EXPECT_FALSE(r.holds) << p.name << " " << where << ": not applicable is not holding";
      EXPECT_EQ(r.cases + r.checks, 0) << p.name << " " << where << ": not applicable, yet run";
      continue;
    }
    EXPECT_GT(r.checks, 0) << p.name << " " << where;
    EXPECT_TRUE(r.holds) << p.name << " " << where << ": " << r.why << "\n" << r.counterexample;
  }
}

// The names of the properties of `suite` that declare they claim nothing about `game` (its rulings, its size).
inline std::vector<std::string> not_applicable_names(const Game& game, const std::vector<Property>& suite) {
  std::vector<std::string> names;
  for (const Property& p : suite) {
    if (p.not_applicable && !p.not_applicable(game).empty()) names.push_back(p.name);
  }
  return names;
}

// The default rulings, then each alternative of each ruling alone ("name=value"), in the game's order.
inline std::vector<std::vector<std::string>> each_alternative_alone(const GameDescriptor& game) {
  std::vector<std::vector<std::string>> mixes = {{}};
  for (const Ruling& ruling : game.rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value != ruling.default_value) mixes.push_back({ruling.name + "=" + option.value});
    }
  }
  return mixes;
}

// A ruling mix as a test name's last part: "defaults", or its "name=value"s with every character
// a test name may not hold made '_' ("fill=until-none" is fill_until_none), joined by '_'.
inline std::string ruling_mix_name(const ::testing::TestParamInfo<std::vector<std::string>>& info) {
  if (info.param.empty()) return "defaults";
  std::string name;
  for (const std::string& ruling : info.param) {
    if (!name.empty()) name += '_';
    for (char c : ruling) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return name;
}

}  // namespace arbiter::testing

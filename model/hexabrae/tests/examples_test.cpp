// Seed 004's statements replayed through the generic runner that `arbiter audit` uses.
#include <gtest/gtest.h>

#include "model/hexabrae/engine.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter {
namespace {

TEST(HexabraeSeedExamples, EveryStatementOfTheTextHolds) {
  const auto examples = hexabrae_game().seed_examples();
  EXPECT_GE(examples.size(), 20u);
  for (const SeedExample& example : examples) {
    const ExampleVerdict verdict = run_seed_example(hexabrae_game(), example);
    EXPECT_TRUE(verdict.passed) << example.name << ": " << verdict.detail;
  }
}

TEST(HexabraeSeedExamples, AWrongClaimIsCaught) {
  for (SeedExample example : hexabrae_game().seed_examples()) {
    if (example.result.empty()) continue;
    example.result = example.result == "ongoing" ? "White wins" : "ongoing";
    EXPECT_FALSE(run_seed_example(hexabrae_game(), example).passed) << example.name;
  }
}

}  // namespace
}  // namespace arbiter

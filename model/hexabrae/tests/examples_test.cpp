// Seed 004's statements as the descriptor lists them (the generic conformance test replays each in
// every implementation), and the runner that `arbiter audit` uses failing a wrong claim.
#include <gtest/gtest.h>

#include "model/hexabrae/engine.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter {
namespace {

TEST(HexabraeSeedExamples, TheTextsStatementsAreListed) { EXPECT_GE(hexabrae_game().seed_examples().size(), 20u); }

TEST(HexabraeSeedExamples, AWrongClaimIsCaught) {
  for (SeedExample example : hexabrae_game().seed_examples()) {
    if (example.result.empty()) continue;
    example.result = example.result == "ongoing" ? "White wins" : "ongoing";
    EXPECT_FALSE(run_seed_example(hexabrae_game(), example).passed) << example.name;
  }
}

}  // namespace
}  // namespace arbiter

#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter {
namespace {

TEST(BriqueSeedExamples, EveryExampleReplaysInBothImplementations) {
  const GameDescriptor& game = find_game("brique");
  const auto examples = game.seed_examples();
  EXPECT_EQ(examples.size(), 6u);
  for (const SeedExample& example : examples) {
    for (const char* implementation : {"fast", "reference"}) {
      const ExampleVerdict verdict = run_seed_example(game, example, implementation);
      EXPECT_TRUE(verdict.passed) << example.name << " (" << implementation << "): " << verdict.detail;
    }
  }
}

}  // namespace
}  // namespace arbiter

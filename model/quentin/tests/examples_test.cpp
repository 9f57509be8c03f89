// The examples of seed 002 replayed through the generic runner, with both implementations.
#include <gtest/gtest.h>

#include "model/quentin/tests/fixtures.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter::quentin {
namespace {

TEST(QuentinSeedExamples, EveryExampleOfTheTextIsListed) {
  std::vector<std::string> names;
  for (const SeedExample& e : quentin_game().seed_examples()) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"regions-and-territories", "tied-territory", "illegal-unsupported-diagonal",
                                             "illegal-after-tie-fill", "black-wins", "white-wins"}));
}

TEST(QuentinSeedExamples, EveryExamplePassesInBothImplementations) {
  for (const SeedExample& e : quentin_game().seed_examples()) {
    for (const std::string& implementation : implementations()) {
      const ExampleVerdict verdict = run_seed_example(quentin_game(), e, implementation);
      EXPECT_TRUE(verdict.passed) << e.name << " (" << implementation << "): " << verdict.detail;
    }
  }
}

}  // namespace
}  // namespace arbiter::quentin

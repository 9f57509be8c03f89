// Replays the descriptor's seed examples (the statements of seed 003) through the generic runner.
#include <gtest/gtest.h>

#include <set>

#include "model/brochs/engine.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter::brochs {
namespace {

TEST(SeedExamples, EveryExamplePasses) {
  const auto examples = descriptor().seed_examples();
  ASSERT_GE(examples.size(), 10u);
  for (const SeedExample& example : examples) {
    const ExampleVerdict verdict = run_seed_example(descriptor(), example);
    EXPECT_TRUE(verdict.passed) << example.name << ": " << verdict.detail;
  }
}

// The runner must be able to fail: a wrong expected position is reported.
TEST(SeedExamples, AWrongExpectationFails) {
  SeedExample example = descriptor().seed_examples().front();
  example.moves = {"pass"};
  EXPECT_FALSE(run_seed_example(descriptor(), example).passed);
}

TEST(SeedExamples, CoverEveryCaptureStatement) {
  std::set<std::string> names;
  for (const SeedExample& example : descriptor().seed_examples()) names.insert(example.name);
  for (const char* required : {"custodian-line", "custodian-column", "main-piece-custodian", "voluntary-entry",
                               "keep-four-pieces", "keep-reformed", "curse", "curse-keep-occupant",
                               "curse-blocked-by-black", "curse-needs-main", "curse-cross-immune", "main-diagonal",
                               "main-diagonal-entry", "several-captures", "set-on-free-keep"}) {
    EXPECT_TRUE(names.count(required)) << required;
  }
}

}  // namespace
}  // namespace arbiter::brochs

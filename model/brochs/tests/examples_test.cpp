// The statements of seed 003 as the descriptor lists them (the generic conformance test replays each
// in every implementation), and the runner failing a wrong expectation.
#include <gtest/gtest.h>

#include <set>

#include "model/brochs/engine.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter::brochs {
namespace {

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

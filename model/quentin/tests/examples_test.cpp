// The examples of seed 002 as the descriptor lists them; the generic conformance test replays each
// in both implementations (tests/conformance_test.cpp).
#include <gtest/gtest.h>

#include "model/quentin/tests/fixtures.hpp"

namespace arbiter::quentin {
namespace {

TEST(QuentinSeedExamples, EveryExampleOfTheTextIsListed) {
  std::vector<std::string> names;
  for (const SeedExample& e : quentin_game().seed_examples()) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"regions-and-territories", "tied-territory", "illegal-unsupported-diagonal",
                                             "illegal-after-tie-fill", "black-wins", "white-wins"}));
}

}  // namespace
}  // namespace arbiter::quentin

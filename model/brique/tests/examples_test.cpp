// The examples of seed 000 as the descriptor lists them; the generic conformance test replays each
// in both implementations (tests/conformance_test.cpp).
#include <gtest/gtest.h>

#include "model/registry.hpp"

namespace arbiter {
namespace {

TEST(BriqueSeedExamples, EveryExampleOfTheTextIsListed) {
  std::vector<std::string> names;
  for (const SeedExample& example : find_game("brique").seed_examples()) names.push_back(example.name);
  EXPECT_EQ(names, (std::vector<std::string>{"escorts-of-a-light-square", "escorts-of-a-dark-square", "escorts",
                                             "escorts-on-the-edges", "black-wins", "white-wins"}));
}

}  // namespace
}  // namespace arbiter

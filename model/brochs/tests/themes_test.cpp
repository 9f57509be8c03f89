// Brochs' puzzle themes (State::move_theme): captures, capture combinations and the curse.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "tests/move_theme_checks.hpp"

namespace arbiter {
namespace {

using testing::for_every_move_of_random_games;
using testing::mover_won;
using testing::seed_example_theme;


TEST(BrochsThemes, SeedExamples) {
  EXPECT_EQ(seed_example_theme("brochs", "several-captures"), "double-capture");
  EXPECT_EQ(seed_example_theme("brochs", "custodian-line"), "capture");
  EXPECT_EQ(seed_example_theme("brochs", "curse"), "curse");
  EXPECT_EQ(seed_example_theme("brochs", "set-on-free-keep"), "");
}

}  // namespace
}  // namespace arbiter

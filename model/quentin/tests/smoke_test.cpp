#include <gtest/gtest.h>
#include "model/registry.hpp"
TEST(QuentinSmoke, Registered) { EXPECT_EQ(arbiter::find_game("quentin").name, "quentin"); }

#include <gtest/gtest.h>
#include "model/hexabrae/hexabrae.hpp"
TEST(HexabraeSmoke, Builds) { EXPECT_EQ(arbiter::hexabrae::HexBoard::of(4).fields(), 61); }

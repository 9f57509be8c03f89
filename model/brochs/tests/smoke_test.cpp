#include <gtest/gtest.h>
#include "model/brochs/brochs.hpp"
TEST(Smoke, Builds) { SUCCEED(); }

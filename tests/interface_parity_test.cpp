// The interface-parity argument behind full-board-winner-every-size (solver/connection_claims.hpp): every
// window is proved, and without what the no-checkerboard lemma provides (no checkerboard window,
// T closed across diagonals) a window is refuted, so the check can fail.
#include <gtest/gtest.h>

#include "solver/connection_claims.hpp"

namespace arbiter {
namespace {

TEST(InterfaceParity, EveryWindowHasAnEvenNumberOfBlackInterfaces) {
  const Verdict v = smt::decide_interface_parity_lemma(60);
  EXPECT_EQ(v.kind, Verdict::Kind::Proved) << v.reason << v.counterexample;
  EXPECT_NE(v.note.find("50 windows"), std::string::npos) << v.note;
}

TEST(InterfaceParity, WithoutTheNoCheckerboardLemmaAWindowIsRefuted) {
  const Verdict v = smt::decide_interface_parity_lemma(60, false);
  EXPECT_EQ(v.kind, Verdict::Kind::Refuted);
  EXPECT_NE(v.counterexample.find("odd number of black interfaces"), std::string::npos) << v.counterexample;
}

}  // namespace
}  // namespace arbiter

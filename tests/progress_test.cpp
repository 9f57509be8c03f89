// The status line rewritten in place on a terminal: every row a wrapped line took is cleared.
#include <sstream>

#include <gtest/gtest.h>

#include "solver/progress.hpp"

namespace arbiter {
namespace {

int ten_columns() { return 10; }

TEST(TerminalLine, ClearsEveryRowAWrappedLineTook) {
  std::ostringstream out;
  TerminalLine line(out, ten_columns);
  line.show("0123456789abcdefghijk");  // 21 characters: three rows of ten
  EXPECT_EQ(out.str(), "0123456789abcdefghijk");
  out.str("");
  line.show("x");
  EXPECT_EQ(out.str(), "\r\033[K\033[A\033[K\033[A\033[Kx");
  out.str("");
  line.clear();
  EXPECT_EQ(out.str(), "\r\033[K");
  out.str("");
  line.clear();  // nothing shown: nothing to clear
  EXPECT_EQ(out.str(), "");
}

TEST(TerminalLine, CountsCharactersNotBytesAndAFullRowAsOne) {
  std::ostringstream out;
  TerminalLine line(out, ten_columns);
  line.show("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9");  // ten characters, twenty bytes: one row
  out.str("");
  line.show("0123456789");  // exactly one row
  EXPECT_EQ(out.str(), "\r\033[K0123456789");
  out.str("");
  line.show("01234567890");  // eleven: two rows
  EXPECT_EQ(out.str(), "\r\033[K01234567890");
  out.str("");
  line.show("");
  EXPECT_EQ(out.str(), "\r\033[K\033[A\033[K");
}

}  // namespace
}  // namespace arbiter

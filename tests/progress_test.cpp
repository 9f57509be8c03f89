// The status line rewritten in place on a terminal: every row a wrapped line took is cleared.
#include <chrono>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "solver/progress.hpp"

namespace arbiter {
namespace {

int ten_columns() { return 10; }

TEST(StatusLine, ClearsEveryRowAWrappedLineTook) {
  std::ostringstream out;
  StatusLine line(out, true, ten_columns);
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

// A heartbeat's last line on a terminal is cleared when the step ends; off a terminal its lines
// are plain and end with a newline.
TEST(Heartbeat, ClearsItsLastLineOnATerminalAndWritesPlainLinesElsewhere) {
  for (const bool terminal : {true, false}) {
    std::ostringstream out;
    {
      Heartbeat beat(out, terminal, "proving", 0.02);
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
    }
    const std::string text = out.str();
    EXPECT_NE(text.find("proving: 0 s"), std::string::npos) << text;
    if (terminal) {
      ASSERT_GE(text.size(), 4u);
      EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K") << text;
      EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    } else {
      EXPECT_EQ(text.back(), '\n') << text;
      EXPECT_EQ(text.find('\033'), std::string::npos) << text;
    }
  }
}

TEST(StatusLine, CountsCharactersNotBytesAndAFullRowAsOne) {
  std::ostringstream out;
  StatusLine line(out, true, ten_columns);
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

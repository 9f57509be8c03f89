// model/core/numbers.hpp: the one grammar and message every command's number options and
// ARBITER_PROGRESS_SECONDS are read by (cli/options.hpp's number_value).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "model/core/numbers.hpp"

namespace arbiter {
namespace {

TEST(Numbers, AWholeNumberIsDigitsInItsRange) {
  const WholeRange threads{1, 256};
  std::uint64_t value = 0;
  for (const auto& [text, expected] : {std::pair<const char*, std::uint64_t>{"1", 1}, {"256", 256}, {"007", 7}}) {
    EXPECT_EQ(read_number(text, threads, value), "") << text;
    EXPECT_EQ(value, expected) << text;
  }
  std::uint64_t seed = 0;
  EXPECT_EQ(read_number("18446744073709551615", WholeRange{}, seed), "");
  EXPECT_EQ(seed, 18446744073709551615u);
}

TEST(Numbers, AWholeNumberRefusesAnythingElseNamingItsRange) {
  const WholeRange threads{1, 256};
  for (const char* text : {"", "0", "257", "-3", "+5", " 5", "5 ", "5s", "0x10", "1e1", "1.0", "abc", "99999999999",
                           "99999999999999999999999"}) {
    std::uint64_t value = 42;
    EXPECT_EQ(read_number(text, threads, value), "expected a whole number from 1 to 256, got '" + std::string(text) + "'")
        << text;
    EXPECT_EQ(value, 42u) << text;  // untouched
  }
}

TEST(Numbers, AWholeNumberWithoutAnUpperBoundSaysOrMore) {
  std::uint64_t value = 0;
  EXPECT_EQ(read_number("0", WholeRange{1}, value), "expected a whole number of 1 or more, got '0'");
  EXPECT_EQ(read_number("-1", WholeRange{}, value), "expected a whole number of 0 or more, got '-1'");
  // Past 64 bits, the largest is said: "of 0 or more" alone would not tell what is wrong.
  EXPECT_EQ(read_number("18446744073709551616", WholeRange{}, value),
            "expected a whole number of 0 or more, got '18446744073709551616' (the largest is 18446744073709551615)");
}

TEST(Numbers, ADecimalNumberIsWhatStrtodReadsInDecimal) {
  const DecimalRange seconds{0, false, 3600};
  for (const auto& [text, expected] : {std::pair<const char*, double>{"0.5", 0.5}, {"90", 90}, {".5", 0.5}, {"5.", 5},
                                       {"1e3", 1000}, {"2.5e-1", 0.25}, {"3600", 3600}, {"0.01", 0.01}}) {
    double value = 0;
    EXPECT_EQ(read_number(text, seconds, value), "") << text;
    EXPECT_EQ(value, expected) << text;
  }
}

TEST(Numbers, ADecimalNumberRefusesAnythingElseNamingItsRange) {
  const DecimalRange seconds{0, false, 3600};
  for (const char* text : {"", "0", "0.0", "-1", "3601", "1e9", "inf", "nan", "-inf", "infinity", " 2", "2 ", "+2", "2s",
                           "0x10", "1.2.3", ".", "e3", "1e", "1e400", "abc"}) {
    double value = 42;
    EXPECT_EQ(read_number(text, seconds, value),
              "expected a number of seconds above 0 and at most 3600, got '" + std::string(text) + "'")
        << text;
    EXPECT_EQ(value, 42) << text;
  }
}

TEST(Numbers, ADecimalRangeMayIncludeItsLowEnd) {
  const DecimalRange days{0, true, 1e6, "days"};
  double value = 1;
  EXPECT_EQ(read_number("0", days, value), "");
  EXPECT_EQ(value, 0);
  EXPECT_EQ(read_number("-0.5", days, value), "expected a number of days from 0 to 1000000, got '-0.5'");
  EXPECT_EQ(range_words(DecimalRange{}), "a number of seconds above 0 and at most 1000000");
}

TEST(Numbers, ShortestNumberRepeatsWhatWasGiven) {
  // 0.05 s was printed "0.1 s" by a fixed one decimal.
  EXPECT_EQ(shortest_number(0.05), "0.05");
  EXPECT_EQ(shortest_number(2), "2");
  EXPECT_EQ(shortest_number(0.3), "0.3");
  EXPECT_EQ(shortest_number(1e6), "1000000");
  EXPECT_EQ(shortest_number(1e300), "1e+300");
  EXPECT_EQ(shortest_number(1e-300), "1e-300");
}

}  // namespace
}  // namespace arbiter

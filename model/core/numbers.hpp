#pragma once
// Numbers a user types (an option's value, an environment variable): one grammar and one message
// for every command, so that "1e3", " 5", "5s", "0x10", "-1" or "inf" is read, or refused, alike
// wherever it is given.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace arbiter {

// A whole number: decimal digits and nothing else ("0", "256", "007"); no sign, space, point,
// exponent, hex ("0x10") or unit ("5s"). In [low, high].
struct WholeRange {
  std::uint64_t low = 0;
  std::uint64_t high = std::numeric_limits<std::uint64_t>::max();
};

// A decimal number as C's strtod reads one, the whole text: digits with at most one point and an
// optional exponent ("0.5", "90", ".5", "1e3", "2.5e-1"); no space, '+', hex, "inf", "nan" or unit.
// Above `low` (or from it, when `low_allowed`) and at most `high`, counted in `unit`. By default
// a time limit: above 0 and at most 1000000 seconds (11.6 days; no run is meant to be longer, and
// a limit of 1e300 seconds would overflow the clocks it is added to).
struct DecimalRange {
  double low = 0;
  bool low_allowed = false;
  double high = 1e6;
  std::string unit = "seconds";
};

// What a message says the range is: "a whole number from 1 to 256", "a whole number of 1 or more"
// (up to the largest of 64 bits), "a number of seconds above 0 and at most 3600", "a number of
// days from 0 to 1000000".
std::string range_words(const WholeRange& range);
std::string range_words(const DecimalRange& range);

// Reads `text` into `value`; returns "" or why it is refused, naming the range and the text as
// given: "expected a whole number from 1 to 256, got '0x10'". The caller puts the option's name in
// front ("--threads: expected ...").
std::string read_number(std::string_view text, const WholeRange& range, std::uint64_t& value);
std::string read_number(std::string_view text, const DecimalRange& range, double& value);

// The shortest text that reads back as `number` ("0.05", "2", "1000", "1e+20"): how a number the
// user gave is repeated, where a fixed count of decimals would change it (0.05 as "0.1").
std::string shortest_number(double number);

}  // namespace arbiter

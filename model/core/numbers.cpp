#include "model/core/numbers.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "model/core/errors.hpp"

namespace arbiter {

std::string range_words(const WholeRange& range) {
  if (range.high == WholeRange{}.high) return "a whole number of " + std::to_string(range.low) + " or more";
  return "a whole number from " + std::to_string(range.low) + " to " + std::to_string(range.high);
}

std::string range_words(const DecimalRange& range) {
  return "a number of " + range.unit + (range.low_allowed ? " from " : " above ") + shortest_number(range.low) +
         (range.low_allowed ? " to " : " and at most ") + shortest_number(range.high);
}

std::string read_number(std::string_view text, const WholeRange& range, std::uint64_t& value) {
  std::uint64_t read = 0;
  // from_chars takes no sign, space or "0x"; it stops at the first other character, which then
  // is left over and refused.
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), read);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || read < range.low || read > range.high) {
    // Digits past 64 bits are a whole number "of 0 or more" too: then the largest is said.
    const bool past_64_bits = error == std::errc::result_out_of_range && range.high == WholeRange{}.high;
    return "expected " + range_words(range) + ", got " + quote_input(text) +
           (past_64_bits ? " (the largest is " + std::to_string(range.high) + ")" : "");
  }
  value = read;
  return "";
}

std::string read_number(std::string_view text, const DecimalRange& range, double& value) {
  double read = 0;
  // chars_format::general: fixed or scientific, never hex; "inf" and "nan" are read, and refused
  // as out of every range below. A leading '-' is read too, and is below every range.
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), read, std::chars_format::general);
  const bool above_low = range.low_allowed ? read >= range.low : read > range.low;
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(read) || !above_low ||
      read > range.high) {
    return "expected " + range_words(range) + ", got " + quote_input(text);
  }
  value = read;
  return "";
}

std::string shortest_number(double number) {
  // Without an exponent where that stays short ("1000000", not the shorter "1e+06").
  char text[64];
  const auto fixed = std::to_chars(text, text + sizeof text, number, std::chars_format::fixed);
  if (fixed.ec == std::errc() && fixed.ptr - text <= 24) return std::string(text, fixed.ptr);
  const auto general = std::to_chars(text, text + sizeof text, number);
  return std::string(text, general.ptr);
}

}  // namespace arbiter

#pragma once
// Counts in text output, grouped in thousands: 1234567 as "1,234,567" (counts of millions of nodes
// are read by people). Every command's text writes its counts so, progress lines included; JSON
// gives the plain numbers.
#include <cstdint>
#include <string>

namespace arbiter {

inline std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A count with its noun, grouped as above: "1 node", "2,238,679 nodes".
inline std::string counted(std::uint64_t n, const std::string& one, const std::string& many) {
  return with_commas(n) + " " + (n == 1 ? one : many);
}

}  // namespace arbiter

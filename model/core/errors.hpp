#pragma once
#include <stdexcept>
#include <string>

namespace arbiter {

// Everything a user can get wrong (a malformed position, an unknown ruling, an illegal move) is
// reported by throwing InputError with a one-line message naming the problem and the offending
// text; the CLI prints it and exits non-zero. Bugs in Arbiter itself use other exception types.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// Quotes user text for an error message, clipped so that a huge input still gives one short line.
std::string quote_input(std::string_view text);

}  // namespace arbiter

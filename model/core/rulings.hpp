#pragma once
// Reading a game's rulings into a Z3 encoding's own rule struct. An encoding covers some values of
// some rulings; under any other value it cannot decide a claim (the verdict is "unknown", never a
// proof), so the reader names that ruling instead of guessing.
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

// One ruling an encoding reads: the values it covers and, for a choice of two, the flag that is
// set when the value is the second of them.
struct EncodedRuling {
  std::string_view name;
  std::vector<std::string_view> covered;
  bool* second_value = nullptr;
};

// Sets each listed ruling's flag from `config`. Returns "name=value" of a listed ruling whose value
// the encoding does not cover ("" when it covers them all); rulings not listed leave the stones as
// the encoding computes them, so they are not read.
std::string read_encoded_rulings(const Config& config, const std::vector<EncodedRuling>& rulings);

}  // namespace arbiter

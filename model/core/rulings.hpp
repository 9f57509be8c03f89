#pragma once
// Reading a game's rulings into a Z3 encoding's own rule struct. An encoding covers some values of
// some rulings; under any other value it cannot decide a claim (the verdict is "unknown", never a
// proof), so the reader names that ruling instead of guessing.
#include <string>
#include <string_view>
#include <utility>
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

// Every ruling an encoding models, with the values it models (a claim that reads no ruling lists
// every value; a claim's own rulings file says why each value does not matter to it).
using ModelledRulings = std::vector<std::pair<std::string, std::vector<std::string>>>;

// "name=value" of a ruling of `config` whose value `modelled` does not list, or of a ruling it does
// not list at all (a ruling added to the game later is not modelled until someone says so); "" when
// every ruling is modelled.
std::string unmodelled_ruling(const Config& config, const ModelledRulings& modelled);

}  // namespace arbiter

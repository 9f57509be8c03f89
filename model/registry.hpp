#pragma once
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

// Every game Arbiter knows, in registration order (model/registry.cpp).
const std::vector<const GameDescriptor*>& registered_games();
// Throws InputError naming the unknown game and listing the known ones.
const GameDescriptor& find_game(std::string_view name);

}  // namespace arbiter

#pragma once
// A puzzle as JSON: the one form behind `arbiter puzzles show|export --json` and the bytes the
// ranks of a distributed `puzzles generate` send rank 0, so the two cannot drift apart.
#include <nlohmann/json.hpp>

#include "puzzles/puzzle.hpp"

namespace arbiter::puzzles {

// Every field, certificate included; "kind" is written as kind_name ("within-2", "wins").
nlohmann::json puzzle_to_json(const Puzzle& puzzle);
// The inverse; throws nlohmann::json::exception when a field is missing or of the wrong type.
Puzzle puzzle_from_json(const nlohmann::json& json);

// The refutations alone, as the store keeps them: [{"move", "defence", "why"}, ...].
nlohmann::json refutations_to_json(const std::vector<Refutation>& refutations);
std::vector<Refutation> refutations_from_json(const nlohmann::json& json);

}  // namespace arbiter::puzzles

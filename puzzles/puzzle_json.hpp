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

// The refutations alone, as the store keeps them: [{"move", "defence", "why", "claim"}, ...], the
// claim {"kind", "within", "slower_win", "line"}. A list written before claims were stored (store
// schema version 2 and before: `claims_stored` false) has none: each is read from its sentence
// (claim_of_sentence).
nlohmann::json refutations_to_json(const std::vector<Refutation>& refutations);
std::vector<Refutation> refutations_from_json(const nlohmann::json& json, bool claims_stored = true);

}  // namespace arbiter::puzzles

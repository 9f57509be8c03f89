#pragma once
// What every command's --json output starts with: the schema it follows (docs/schemas/
// <command>.schema.json, versioned: "arbiter-<command>/<n>") and the Arbiter that wrote it.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "model/core/version.hpp"

namespace arbiter::cli {

inline nlohmann::json json_document(const std::string& command, int schema_version = 1) {
  nlohmann::json out;
  out["schema"] = "arbiter-" + command + "/" + std::to_string(schema_version);
  out["arbiter"] = version_string();
  return out;
}

inline void print_json(const nlohmann::json& document) { std::printf("%s\n", document.dump(2).c_str()); }

}  // namespace arbiter::cli

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

// A --json document as text. It never throws on bytes: a string that is not valid UTF-8 (a path
// such as `bad\xffname`, which POSIX allows) has each invalid byte replaced by U+FFFD, the
// replacement character, so the document stays valid JSON; the rest of the string is kept. (Before,
// dump() threw type_error.316 after the whole run and no document was written.) Every --json
// command writes through here (or through print_json, which does).
inline std::string json_text(const nlohmann::json& document, int indent = 2) {
  return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

inline void print_json(const nlohmann::json& document) { std::printf("%s\n", json_text(document).c_str()); }

}  // namespace arbiter::cli

#pragma once
#include <string>

namespace arbiter {

const char* version_number();  // the release, e.g. "0.4.0"
const char* version_commit();  // the git commit built from ("...-dirty" with local changes), or "unknown"
// "arbiter 0.4.0 (commit abc123)": what certificates, stores and reports record as their maker.
inline std::string version_string() {
  return std::string("arbiter ") + version_number() + " (commit " + version_commit() + ")";
}

}  // namespace arbiter

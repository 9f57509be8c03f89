#pragma once
#include <string>

namespace arbiter {

const char* version_number();  // the release, e.g. "0.4.0"
// The git commit built from, 12 hex digits, with "-dirty-" and 8 of a hash of the uncommitted
// sources when there were any ("078c449c0f0a-dirty-5e3f09a1"), or "unknown" (scripts/version.sh).
const char* version_commit();
// "arbiter 0.4.0 (commit abc123)": what certificates, stores and reports record as their maker.
inline std::string version_string() {
  return std::string("arbiter ") + version_number() + " (commit " + version_commit() + ")";
}

}  // namespace arbiter

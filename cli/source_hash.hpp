#pragma once
#include <string>

#include "model/core/version.hpp"

namespace arbiter {

// A hash of every source file the program was built from (16 hex digits; scripts/source_hash.cmake).
const char* source_hash();

// What a solve journal and its saved table are keyed by as the code that made them: the commit,
// the name a reader knows the build by, and the sources' hash, which tells apart builds the commit
// does not (two builds of different uncommitted edits are both "...-dirty"; every build outside
// git is "unknown"). "078c449c0f0a, sources 1f2e3d4c5b6a7980".
inline std::string build_identity() { return std::string(version_commit()) + ", sources " + source_hash(); }

}  // namespace arbiter

#include "model/core/rulings.hpp"

#include <algorithm>

namespace arbiter {

std::string read_encoded_rulings(const Config& config, const std::vector<EncodedRuling>& rulings) {
  std::string unsupported;
  for (const auto& assignment : config.rulings) {
    const std::string& name = assignment.first;  // a plain reference: clang 14 cannot capture a structured binding
    const std::string& value = assignment.second;
    const auto ruling = std::find_if(rulings.begin(), rulings.end(), [&](const EncodedRuling& r) { return r.name == name; });
    if (ruling == rulings.end()) continue;
    const auto covered = std::find(ruling->covered.begin(), ruling->covered.end(), value);
    if (covered == ruling->covered.end()) {
      unsupported = name + "=" + value;
    } else if (ruling->second_value) {
      *ruling->second_value = covered - ruling->covered.begin() == 1;
    }
  }
  return unsupported;
}

std::string unmodelled_ruling(const Config& config, const ModelledRulings& modelled) {
  for (const auto& assignment : config.rulings) {
    const std::string& name = assignment.first;
    const auto listed = std::find_if(modelled.begin(), modelled.end(), [&](const auto& m) { return m.first == name; });
    if (listed == modelled.end() ||
        std::find(listed->second.begin(), listed->second.end(), assignment.second) == listed->second.end()) {
      return name + "=" + assignment.second;
    }
  }
  return "";
}

}  // namespace arbiter

#pragma once
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::brochs {
// Brochs' own properties (the generic ones are added by the driver).
std::vector<Property> properties();
}  // namespace arbiter::brochs

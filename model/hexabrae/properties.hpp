#pragma once
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::hexabrae {

// Hexabrae's own properties for the generic property driver (model/core/property.hpp).
std::vector<Property> properties();

}  // namespace arbiter::hexabrae

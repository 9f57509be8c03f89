#pragma once
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::brique {

// Brique's properties for the generic driver (descriptor.properties).
std::vector<Property> properties();

}  // namespace arbiter::brique

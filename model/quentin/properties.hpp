#pragma once
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::quentin {

// Quentin's own properties for the generic driver (descriptor.properties).
std::vector<Property> properties();

}  // namespace arbiter::quentin

#pragma once
#include <vector>

#include "model/core/property.hpp"

namespace arbiter::quentin {

std::vector<Property> quentin_properties();

}  // namespace arbiter::quentin

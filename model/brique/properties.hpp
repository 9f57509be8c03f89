#pragma once
#include <string>
#include <vector>

#include "model/brique/rules.hpp"
#include "model/core/property.hpp"

namespace arbiter::brique {

// Brique's properties for the generic driver (descriptor.properties).
std::vector<Property> properties();

// Why the facts that need both colours to read the escorts alike claim nothing under these rules
// (escort-directions=facing), or "" when they read them alike.
std::string escorts_read_differently(const Rules& rules);

}  // namespace arbiter::brique

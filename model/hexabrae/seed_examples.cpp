#include "model/hexabrae/seed_examples.hpp"

namespace arbiter::hexabrae {

std::vector<SeedExample> seed_examples() { return {}; }

}  // namespace arbiter::hexabrae

#include "model/quentin/seed_examples.hpp"

namespace arbiter::quentin {

std::vector<SeedExample> seed_examples() { return {}; }

}  // namespace arbiter::quentin

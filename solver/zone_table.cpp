#include "solver/zone_table.hpp"

#include <algorithm>
#include <bit>

#include "model/core/zobrist.hpp"

namespace arbiter::solver {

// The check of key k and zone z is k ^ mix64(z) ^ 1. An empty slot (zeros) would check as the
// key 1 with the zone 0 (mix64(0) = 0), so that key is neither stored nor found: a position whose
// key is 1 only goes without a zone.
ZoneTable::ZoneTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) * 1024 * 1024;
  size_ = std::bit_floor(bytes / sizeof(Slot));
  slots_ = std::make_unique<Slot[]>(size_);
}

bool ZoneTable::lookup(std::uint64_t key, State::CellSet& zone) const {
  if (key == 1) return false;
  const Slot& s = slot(key);
  const std::uint64_t z = s.zone.load(std::memory_order_relaxed);
  const std::uint64_t check = s.check.load(std::memory_order_relaxed);
  if ((check ^ mix64(z) ^ 1) != key) return false;
  zone = z;
  return true;
}

void ZoneTable::store(std::uint64_t key, State::CellSet zone) {
  if (key == 1) return;
  Slot& s = slot(key);
  s.check.store(key ^ mix64(zone) ^ 1, std::memory_order_relaxed);
  s.zone.store(zone, std::memory_order_relaxed);
}

}  // namespace arbiter::solver

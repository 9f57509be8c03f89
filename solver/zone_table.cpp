#include "solver/zone_table.hpp"

#include <algorithm>
#include <bit>

#include "model/core/zobrist.hpp"

namespace arbiter::solver {

// The check of key k and zone z is k ^ mix64(z) ^ 1. An empty slot (zeros) would check as the
// key 1 with the zone 0 (mix64(0) = 0), so that key is neither stored nor found: a position whose
// key is 1 only goes without a zone.
namespace {

std::size_t slots_for(std::size_t megabytes, std::size_t slot_bytes) {
  return std::bit_floor(std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / slot_bytes);
}

}  // namespace

ZoneTable::ZoneTable(std::size_t megabytes)
    : size_(slots_for(megabytes, sizeof(Slot))),
      memory_(size_ * sizeof(Slot), ZeroedMemory::Pages::SmallUntilAsked),
      slots_(static_cast<Slot*>(memory_.data())),
      huge_pages_from_(std::max<std::size_t>(1, size_ * sizeof(Slot) / 4096 / 4)) {}

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
  if (s.check.load(std::memory_order_relaxed) == 0 &&
      filled_.fetch_add(1, std::memory_order_relaxed) + 1 == huge_pages_from_) {
    memory_.use_huge_pages();
  }
  s.check.store(key ^ mix64(zone) ^ 1, std::memory_order_relaxed);
  s.zone.store(zone, std::memory_order_relaxed);
}

}  // namespace arbiter::solver

#include "solver/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <istream>
#include <ostream>

#include "model/core/zobrist.hpp"

namespace arbiter::solver {
namespace {

constexpr std::uint64_t kLowByte = 0xFF;

std::uint64_t pack(ProofNumbers n) { return std::uint64_t{n.pn} | std::uint64_t{n.dn} << 32; }
ProofNumbers unpack(std::uint64_t data) {
  return {static_cast<std::uint32_t>(data), static_cast<std::uint32_t>(data >> 32)};
}

// A bijection on 64 bits that spreads every bit of the numbers over the key's bits and keeps 0 at
// 0, so that an untouched (zero) entry reads as empty.
std::uint64_t spread(std::uint64_t data) { return mix64(data) ^ mix64(0); }

}  // namespace

std::uint32_t TranspositionTable::priority(ProofNumbers numbers, std::uint32_t work) const {
  // For certificates, a solved entry is worth more than any open one: losing one repeats a proof
  // that an extraction needs.
  if (keep_ == Keep::Solved) return (numbers.solved() ? 128u : 0u) + work;
  return 2 * work + (numbers.solved() ? 1u : 0u);
}

TranspositionTable::TranspositionTable(std::size_t megabytes, Keep keep) : keep_(keep) {
  // At least 256 buckets: a key's low byte is then its bucket's, and entries need not store it.
  const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(Entry) / kBucket;
  const std::size_t buckets = std::bit_floor(std::max<std::size_t>(wanted, 256));
  const std::size_t bytes = buckets * kBucket * sizeof(Entry);
  // Page-aligned zeroed memory: a bucket is one cache line, and an empty entry reads as zeros.
  memory_ = std::make_unique<ZeroedMemory>(bytes);
  static_assert(sizeof(Entry) * kBucket == kAlignment, "a bucket fills one cache line");
  entries_ = static_cast<Entry*>(memory_->data());
  capacity_ = buckets * kBucket;
  mask_ = buckets - 1;
}

TranspositionTable::~TranspositionTable() = default;

TranspositionTable::Slot TranspositionTable::read(std::size_t index) const {
  const Entry& e = entries_[index];
  const std::uint64_t check = e.check.load(std::memory_order_relaxed);
  const std::uint64_t data = e.data.load(std::memory_order_relaxed);
  return Slot{check ^ spread(data), unpack(data)};
}

bool TranspositionTable::lookup(std::uint64_t key, ProofNumbers& out) const {
  const std::size_t first = bucket_of(key) * kBucket;
  for (std::size_t i = first; i < first + kBucket; ++i) {
      const Slot slot = read(i);
    if (slot.occupied() && ((slot.tag ^ key) & ~kLowByte) == 0) {
      out = slot.numbers;
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work) {
  const auto log_work = static_cast<std::uint32_t>(std::bit_width(work));
  const std::size_t first = bucket_of(key) * kBucket;
  std::size_t victim = first + kBucket;
  Slot victim_slot;
  // The key's own entry if it has one, else an empty one, else the one of least priority.
  for (std::size_t i = first; i < first + kBucket; ++i) {
    const Slot slot = read(i);
    if (slot.occupied() && ((slot.tag ^ key) & ~kLowByte) == 0) {
      if (slot.numbers.solved() && !numbers.solved()) return;
      victim = i;
      victim_slot = slot;
      break;
    }
    if (!slot.occupied()) {
      if (victim == first + kBucket || victim_slot.occupied()) {
        victim = i;
        victim_slot = slot;
      }
    } else if (victim == first + kBucket ||
               (victim_slot.occupied() && priority(slot.numbers, slot.work()) < priority(victim_slot.numbers, victim_slot.work()))) {
      victim = i;
      victim_slot = slot;
    }
  }
  const bool same_key = victim_slot.occupied() && ((victim_slot.tag ^ key) & ~kLowByte) == 0;
  if (!same_key && victim_slot.occupied()) {
    if (keep_ == Keep::Solved ? victim_slot.numbers.solved() && !numbers.solved()
                              : priority(numbers, 1 + log_work) < priority(victim_slot.numbers, victim_slot.work())) {
      return;
    }
  }
  if (!victim_slot.occupied()) used_count_.fetch_add(1, std::memory_order_relaxed);
  const std::uint32_t kept_work = std::max(1 + log_work, same_key ? victim_slot.work() : 0u);
  const std::uint64_t tag = (key & ~kLowByte) | kept_work;
  const std::uint64_t data = pack(numbers);
  Entry& e = entries_[victim];
  e.check.store(tag ^ spread(data), std::memory_order_relaxed);
  e.data.store(data, std::memory_order_relaxed);
}

void TranspositionTable::save_solved(std::ostream& out) const {
  for_each_solved([&](std::uint64_t key, ProofNumbers n) {
    out.write(reinterpret_cast<const char*>(&key), sizeof key);
    out.write(reinterpret_cast<const char*>(&n.pn), sizeof n.pn);
    out.write(reinterpret_cast<const char*>(&n.dn), sizeof n.dn);
  });
}

std::size_t TranspositionTable::load_solved(std::istream& in) {
  std::size_t count = 0;
  std::uint64_t key = 0;
  ProofNumbers n;
  while (in.read(reinterpret_cast<char*>(&key), sizeof key) && in.read(reinterpret_cast<char*>(&n.pn), sizeof n.pn) &&
         in.read(reinterpret_cast<char*>(&n.dn), sizeof n.dn)) {
    if (!n.solved()) continue;
    store(key, n, 1);
    ++count;
  }
  return count;
}

}  // namespace arbiter::solver

#include "solver/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>
#include <istream>
#include <mutex>
#include <ostream>

namespace arbiter::solver {
namespace {

std::uint64_t slot_key(std::uint64_t key) { return key == 0 ? 1 : key; }

// Solved entries are worth more than any open one: losing them repeats whole proofs.
std::uint32_t priority(std::uint32_t pn, std::uint32_t dn, std::uint32_t work) {
  return (pn == 0 || dn == 0 ? 64u : 0u) + work;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(Entry) / kBucket;
  allocate(std::bit_floor(std::max<std::size_t>(wanted, 1)) * kBucket);
}

void TranspositionTable::Free::operator()(Entry* p) const { std::free(p); }

void TranspositionTable::allocate(std::size_t capacity) {
  entries_.reset(static_cast<Entry*>(std::calloc(capacity, sizeof(Entry))));
  if (!entries_) throw std::bad_alloc();
  capacity_ = capacity;
  mask_ = capacity / kBucket - 1;
  used_count_ = 0;
}

bool TranspositionTable::lookup(std::uint64_t key, ProofNumbers& out) const {
  key = slot_key(key);
  const std::size_t index = key & mask_;
  const Entry* bucket = &entries_[index * kBucket];
  std::lock_guard<SpinLock> guard(locks_[index % kLocks]);
  for (std::size_t i = 0; i < kBucket; ++i) {
    if (bucket[i].key == key) {
      out = {bucket[i].pn, bucket[i].dn};
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work) {
  key = slot_key(key);
  const auto log_work = static_cast<std::uint32_t>(std::bit_width(work));
  const std::size_t index = key & mask_;
  Entry* bucket = &entries_[index * kBucket];
  std::lock_guard<SpinLock> guard(locks_[index % kLocks]);
  Entry* victim = nullptr;
  for (std::size_t i = 0; i < kBucket; ++i) {
    if (bucket[i].key == key) {
      victim = &bucket[i];
      break;
    }
  }
  if (victim == nullptr) {
    for (std::size_t i = 0; i < kBucket; ++i) {
      if (bucket[i].key == 0) {
        victim = &bucket[i];
        used_count_.fetch_add(1, std::memory_order_relaxed);
        break;
      }
    }
  }
  if (victim == nullptr) {
    victim = &bucket[0];
    for (std::size_t i = 1; i < kBucket; ++i) {
      if (priority(bucket[i].pn, bucket[i].dn, bucket[i].work) < priority(victim->pn, victim->dn, victim->work)) {
        victim = &bucket[i];
      }
    }
    // A solved entry is never pushed out by an open one.
    if ((victim->pn == 0 || victim->dn == 0) && !numbers.solved()) return;
  }
  *victim = Entry{key, numbers.pn, numbers.dn, std::max(log_work, victim->key == key ? victim->work : 0u), 0};
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

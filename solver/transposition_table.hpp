#pragma once
// The proof-number search's transposition table: a fixed block of memory, buckets of four
// entries, replacement by least work so that entries that cost much to prove stay.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <vector>

namespace arbiter::solver {

inline constexpr std::uint32_t kInfiniteNumber = 1u << 30;

struct ProofNumbers {
  std::uint32_t pn = 1;
  std::uint32_t dn = 1;
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
  bool solved() const { return pn == 0 || dn == 0; }
  friend bool operator==(const ProofNumbers&, const ProofNumbers&) = default;
};

class TranspositionTable {
 public:
  // Safe to share between threads (each bucket is guarded by one of a set of spin locks). The
  // memory comes zeroed from the system page by page as the search first touches it.
  explicit TranspositionTable(std::size_t megabytes);

  // False when the key is not stored (then `out` is left unchanged).
  bool lookup(std::uint64_t key, ProofNumbers& out) const;
  void store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work);
  // Asks the processor to start loading the key's bucket, so that a lookup soon after does not
  // stall on memory (a search prefetches all children of a node, then reads them).
  void prefetch(std::uint64_t key) const {
    __builtin_prefetch(&entries_[((key == 0 ? 1 : key) & mask_) * kBucket]);
  }

  std::size_t capacity() const { return capacity_; }
  std::size_t used() const { return used_count_.load(std::memory_order_relaxed); }

  // The solved entries, written and read back as binary records, so that an interrupted search
  // resumes with what it had proved. load() returns how many entries it read.
  void save_solved(std::ostream& out) const;
  std::size_t load_solved(std::istream& in);

  // Solved entries only, for saving a search to resume it later (not while others write).
  template <class Sink>
  void for_each_solved(Sink&& sink) const {
    for (std::size_t i = 0; i < capacity_; ++i) {
      const Entry& e = entries_[i];
      if (e.key != 0 && (e.pn == 0 || e.dn == 0)) sink(e.key, ProofNumbers{e.pn, e.dn});
    }
  }

 private:
  struct Entry {
    std::uint64_t key = 0;  // 0 marks an empty slot (a real key of 0 is stored as 1: see slot_key)
    std::uint32_t pn = 0;
    std::uint32_t dn = 0;
    std::uint32_t work = 0;  // log-scaled subtree size, the replacement priority
    std::uint32_t unused = 0;
  };
  static constexpr std::size_t kBucket = 4;
  // calloc'd: the system hands out zeroed pages only when they are first touched, so a large table
  // costs nothing until a search fills it (each unit of a solve starts a fresh one).
  struct Free {
    void operator()(Entry* p) const;
  };
  std::unique_ptr<Entry[], Free> entries_;
  std::size_t capacity_ = 0;
  void allocate(std::size_t capacity);
  static constexpr std::size_t kLocks = 4096;
  class SpinLock {
   public:
    void lock() {
      while (flag_.test_and_set(std::memory_order_acquire)) {
      }
    }
    void unlock() { flag_.clear(std::memory_order_release); }

   private:
    std::atomic_flag flag_ = ATOMIC_FLAG_INIT;
  };
  mutable std::array<SpinLock, kLocks> locks_;
  std::atomic<std::size_t> used_count_{0};
  std::size_t mask_ = 0;  // bucket index mask
};

}  // namespace arbiter::solver

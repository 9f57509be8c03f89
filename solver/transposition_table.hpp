#pragma once
// The proof-number search's transposition table: a fixed block of memory, buckets of four
// entries, replacement by least work so that entries that cost much to prove stay.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "solver/zeroed_memory.hpp"

namespace arbiter::solver {

inline constexpr std::uint32_t kInfiniteNumber = 1u << 30;
// The proof number of a disproof that rests on a draw somewhere (a goal of winning, not drawing,
// refuted by a line that ends drawn). A plain disproof (pn = kInfiniteNumber) means the defender
// wins, so a solve needs no second search, and no certificate, to call the position lost.
inline constexpr std::uint32_t kDrawnDisproof = kInfiniteNumber + 1;

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
  // Which entry of a full bucket gives way to a new one. Keep::Solved: the one of least work, but
  // a solved entry never to open numbers, so that the proofs certificates are extracted from stay.
  // Keep::Work: the one of least work, solved or not (solved breaking ties), and a new entry of
  // less work than all four is not stored; a search that fills its table then keeps the costly
  // open positions it will enter again instead of the many cheap solved ones around them
  // (docs/solver.md: up to 18 times fewer nodes for the same value when the table is far too
  // small). A search without certificates uses it; proofs it loses are found again where needed.
  enum class Keep : std::uint8_t { Solved, Work };
  // Under Keep::Solved, a solved entry is kept only while a certificate may still be extracted
  // from it: while the searches that may use it (units, each in a Pin while it searches and writes
  // its certificate) are under way. Entries carry the epoch they were stored or last found in; a
  // unit's end starts a new epoch, and solved entries older than every unit still under way give
  // way as open ones do (by work), so that a long table run's finished proofs, already written,
  // stop crowding out the open positions of the searches still going. Without pins every entry
  // stays pinned, as before.
  class Pin {
   public:
    explicit Pin(TranspositionTable& table);
    ~Pin();
    Pin(const Pin&) = delete;
    Pin& operator=(const Pin&) = delete;

   private:
    TranspositionTable& table_;
    std::uint32_t start_;
  };
  // Safe to share between threads without locks: each entry is two 64-bit words written and read
  // atomically one by one, the first holding the key XOR the second, so that a read that sees
  // halves of two different writes fails its key check and counts as a miss (a miss only costs
  // search time; wrong numbers would cost correctness). The memory comes zeroed from the system
  // as the search first touches it, in huge pages where it allows them once the search is not a
  // short one.
  explicit TranspositionTable(std::size_t megabytes, Keep keep = Keep::Solved);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // False when the key is not stored (then `out` is left unchanged).
  bool lookup(std::uint64_t key, ProofNumbers& out) const;
  // Stores the numbers of `key`; `work` (nodes spent on them) decides which entry of a full bucket
  // gives way (see Keep). A solved entry never gives way to its own key's open numbers: a proof
  // stays a proof while another thread finishes an older search of the same position.
  void store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work);
  // Asks the processor to start loading the key's bucket, so that a lookup soon after does not
  // stall on memory (a search prefetches all children of a node, then reads them).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[bucket_of(key) * kBucket]); }

  std::size_t capacity() const { return capacity_; }
  std::size_t used() const { return used_count_.load(std::memory_order_relaxed); }

  // The solved entries, written and read back as binary records, so that an interrupted search
  // resumes with what it had proved. The records come between a start mark with `identity` (what
  // the entries are facts about: the caller's key of game, position and code version) and an end
  // mark with their count, then a checksum of everything before it, so that a file cut short (a
  // full disk, a killed copy), changed on disk or of another search is told from a whole one.
  // load_solved() uses all of such a file or none of it: a damaged record would be a false
  // proof, and the search then trusts it as a fact (swapping each record's two numbers turned a
  // lost opening into a "proved" win), so the entries are stored only after the whole file has
  // passed its checks (read once: they are stored as they are read, and the table emptied again if
  // the file fails). Into an empty table only (std::logic_error otherwise). The stream must be
  // seekable (its size says how many records it holds).
  void save_solved(std::ostream& out, std::uint64_t identity) const;
  struct Loaded {
    std::size_t entries = 0;  // solved entries stored into the table
    std::string problem;      // "" when the file was used; else what is wrong with it ("is cut short")
  };
  Loaded load_solved(std::istream& in, std::uint64_t identity);

  // The epoch new entries get, and the oldest epoch whose solved entries are still kept (tests).
  std::uint32_t epoch() const { return epoch_.load(std::memory_order_relaxed); }
  std::uint32_t oldest_kept_epoch() const { return oldest_kept_.load(std::memory_order_relaxed); }

  // Solved entries only, for saving a search to resume it later (not while others write).
  template <class Sink>
  void for_each_solved(Sink&& sink) const {
    for (std::size_t i = 0; i < capacity_; ++i) {
      const Slot slot = read(i);
      if (slot.occupied() && slot.numbers.solved()) sink(slot.key(i / kBucket), slot.numbers);
    }
  }

 private:
  // One entry: `check` is (the key's bits above its low 14 | the epoch in bits 8-13 | 1 + log2 of
  // the work in the low byte) XOR a bijective mix of `data` (pn in the low half, dn in the high
  // half): mixed, so that halves of two writes whose numbers differ in a few low bits still fail
  // the check on the key's bits. The key's low 14 bits are not needed: a table has at least 2^14
  // buckets, so they are the bucket index's. 16 bytes, so that a bucket of four fills one cache line.
  struct Entry {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  static constexpr std::uint64_t kIndexBits = 0x3FFF;  // the key's bits the bucket index holds
  static constexpr std::uint32_t kEpochs = 64;          // epochs wrap around in bits 8-13
  struct Slot {  // an entry as read, already checked against tearing by the caller
    std::uint64_t tag = 0;  // the key's high bits | epoch << 8 | 1 + log2 work; 0 for an empty entry
    ProofNumbers numbers;
    bool occupied() const { return tag != 0; }
    std::uint32_t work() const { return static_cast<std::uint32_t>(tag & 0xFF); }
    std::uint32_t epoch() const { return static_cast<std::uint32_t>(tag >> 8) & (kEpochs - 1); }
    std::uint64_t key(std::size_t bucket) const { return (tag & ~kIndexBits) | (bucket & kIndexBits); }
    bool is(std::uint64_t key) const { return occupied() && ((tag ^ key) & ~kIndexBits) == 0; }
  };
  static constexpr std::size_t kBucket = 4;
  static constexpr std::size_t kAlignment = 64;
  std::size_t bucket_of(std::uint64_t key) const { return static_cast<std::size_t>(key) & mask_; }
  Slot read(std::size_t index) const;
  std::unique_ptr<ZeroedMemory> memory_;
  Entry* entries_ = nullptr;  // in memory_
  std::size_t capacity_ = 0;
  std::atomic<std::size_t> used_count_{0};
  // The table starts on small pages and takes huge ones when this many entries are in use (a
  // quarter of its small pages: a short search touches no more than that; see zeroed_memory.hpp).
  std::size_t huge_pages_from_ = 0;
  std::size_t mask_ = 0;  // bucket index mask
  Keep keep_ = Keep::Solved;
  std::uint32_t priority(const Slot& slot) const;
  bool pinned(const Slot& slot) const;
  // The current epoch where a tag holds it.
  std::uint64_t epoch_bits() const { return std::uint64_t{epoch_.load(std::memory_order_relaxed) & (kEpochs - 1)} << 8; }
  void write(std::size_t index, std::uint64_t tag, ProofNumbers numbers) const;
  // Epochs (see Pin): the current one, the oldest still kept, and the start epochs of the pins held.
  std::atomic<std::uint32_t> epoch_{0};
  std::atomic<std::uint32_t> oldest_kept_{0};
  std::mutex pins_lock_;
  std::multiset<std::uint32_t> pin_starts_;
};

}  // namespace arbiter::solver

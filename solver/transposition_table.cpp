#include "solver/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "model/core/zobrist.hpp"

namespace arbiter::solver {
namespace {

std::uint64_t pack(ProofNumbers n) { return std::uint64_t{n.pn} | std::uint64_t{n.dn} << 32; }
ProofNumbers unpack(std::uint64_t data) {
  return {static_cast<std::uint32_t>(data), static_cast<std::uint32_t>(data >> 32)};
}

// A bijection on 64 bits that spreads every bit of the numbers over the key's bits and keeps 0 at
// 0, so that an untouched (zero) entry reads as empty.
std::uint64_t spread(std::uint64_t data) { return mix64(data) ^ mix64(0); }

}  // namespace

// Pinned: solved, under Keep::Solved, in an epoch not older than the oldest unit under way.
bool TranspositionTable::pinned(const Slot& slot) const {
  if (keep_ != Keep::Solved || !slot.numbers.solved()) return false;
  const std::uint32_t now = epoch_.load(std::memory_order_relaxed);
  const std::uint32_t kept = now - oldest_kept_.load(std::memory_order_relaxed);
  return ((now - slot.epoch()) & (kEpochs - 1)) <= kept;
}

std::uint32_t TranspositionTable::priority(const Slot& slot) const {
  // For certificates, a pinned entry is worth more than any other: losing one repeats a proof
  // that an extraction needs.
  if (pinned(slot)) return 256u + slot.work();
  return 2 * slot.work() + (slot.numbers.solved() ? 1u : 0u);
}

TranspositionTable::TranspositionTable(std::size_t megabytes, Keep keep) : keep_(keep) {
  // At least 2^14 buckets: a key's low 14 bits are then its bucket's, and entries need not store them.
  const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(Entry) / kBucket;
  const std::size_t buckets = std::bit_floor(std::max<std::size_t>(wanted, kIndexBits + 1));
  const std::size_t bytes = buckets * kBucket * sizeof(Entry);
  // Page-aligned zeroed memory: a bucket is one cache line, and an empty entry reads as zeros.
  memory_ = std::make_unique<ZeroedMemory>(bytes, ZeroedMemory::Pages::SmallUntilAsked);
  huge_pages_from_ = std::max<std::size_t>(1, bytes / 4096 / 4);
  static_assert(sizeof(Entry) * kBucket == kAlignment, "a bucket fills one cache line");
  entries_ = static_cast<Entry*>(memory_->data());
  capacity_ = buckets * kBucket;
  mask_ = buckets - 1;
}

TranspositionTable::~TranspositionTable() = default;

TranspositionTable::Pin::Pin(TranspositionTable& table) : table_(table) {
  std::lock_guard<std::mutex> guard(table_.pins_lock_);
  start_ = table_.epoch_.load(std::memory_order_relaxed);
  table_.pin_starts_.insert(start_);
}

// A unit's end starts a new epoch, unless that would wrap around onto a unit still under way.
TranspositionTable::Pin::~Pin() {
  std::lock_guard<std::mutex> guard(table_.pins_lock_);
  table_.pin_starts_.erase(table_.pin_starts_.find(start_));
  const std::uint32_t now = table_.epoch_.load(std::memory_order_relaxed);
  const std::uint32_t oldest = table_.pin_starts_.empty() ? now + 1 : *table_.pin_starts_.begin();
  if (now + 1 - oldest < kEpochs) table_.epoch_.store(now + 1, std::memory_order_relaxed);
  table_.oldest_kept_.store(oldest, std::memory_order_relaxed);  // with no pin left: the new epoch
}

TranspositionTable::Slot TranspositionTable::read(std::size_t index) const {
  const Entry& e = entries_[index];
  const std::uint64_t check = e.check.load(std::memory_order_relaxed);
  const std::uint64_t data = e.data.load(std::memory_order_relaxed);
  return Slot{check ^ spread(data), unpack(data)};
}

void TranspositionTable::write(std::size_t index, std::uint64_t tag, ProofNumbers numbers) const {
  const std::uint64_t data = pack(numbers);
  Entry& e = entries_[index];
  e.check.store(tag ^ spread(data), std::memory_order_relaxed);
  e.data.store(data, std::memory_order_relaxed);
}

bool TranspositionTable::lookup(std::uint64_t key, ProofNumbers& out) const {
  const std::size_t first = bucket_of(key) * kBucket;
  for (std::size_t i = first; i < first + kBucket; ++i) {
    const Slot slot = read(i);
    if (slot.is(key)) {
      out = slot.numbers;
      // A solved entry of an epoch no longer kept, found by a search under way: that search's
      // certificate may need it, so it is kept again.
      if (keep_ == Keep::Solved && slot.numbers.solved() && !pinned(slot)) {
        write(i, (slot.tag & ~(std::uint64_t{kEpochs - 1} << 8)) | epoch_bits(), slot.numbers);
      }
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
    if (slot.is(key)) {
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
    } else if (victim == first + kBucket || (victim_slot.occupied() && priority(slot) < priority(victim_slot))) {
      victim = i;
      victim_slot = slot;
    }
  }
  const bool same_key = victim_slot.is(key);
  if (!same_key && victim_slot.occupied()) {
    if (keep_ == Keep::Solved ? pinned(victim_slot) && !numbers.solved()
                              : 2 * (1 + log_work) + (numbers.solved() ? 1u : 0u) < priority(victim_slot)) {
      return;
    }
  }
  if (!victim_slot.occupied() && used_count_.fetch_add(1, std::memory_order_relaxed) + 1 == huge_pages_from_) {
    memory_->use_huge_pages();
  }
  const std::uint32_t kept_work = std::max(1 + log_work, same_key ? victim_slot.work() : 0u);
  write(victim, (key & ~kIndexBits) | epoch_bits() | kept_work, numbers);
}

namespace {
// The marks around a saved table's records: the start mark is followed by the identity, the end
// mark by the count of records; a checksum of all of it ends the file.
constexpr std::uint64_t kSavedTableStart = 0x32656c6261742d61;  // "a-table2"
constexpr std::uint64_t kSavedTableEnd = 0x646e652d656c6261;    // "able-end"
constexpr std::size_t kWord = sizeof(std::uint64_t);

// The checksum of the words read so far: each step a bijection of the sum, so that one changed
// word always changes it, and several change it but for a chance of 2^-64.
std::uint64_t fold(std::uint64_t sum, std::uint64_t word) { return mix64(sum ^ word); }

// Words to a saved table, written to the stream a block at a time (4 MiB at the most), as
// WordReader reads them. A word per call, saving 2 million records of a 256-MiB table took 92-95 ms
// of processor time (median of 7, two runs), in blocks 56 ms; 100,000 records (what a 5-second
// solve of a 5x5 connection game saves) 22 ms either way, nearly all of it the walk over the
// table's 16.8 million entries (29 November 2026, load average 10 on 2 cores).
constexpr std::size_t kBlockWords = (std::size_t{4} << 20) / kWord;

class WordWriter {
 public:
  explicit WordWriter(std::ostream& out) : out_(out) { block_.reserve(kBlockWords); }
  WordWriter(const WordWriter&) = delete;
  WordWriter& operator=(const WordWriter&) = delete;

  // `word`, folded into the checksum `sum`.
  void put(std::uint64_t word, std::uint64_t& sum) {
    block_.push_back(word);
    sum = fold(sum, word);
    if (block_.size() == kBlockWords) flush();
  }

  // What is held goes to the stream (a failed write shows on the stream's state).
  void flush() {
    if (block_.empty()) return;
    out_.write(reinterpret_cast<const char*>(block_.data()), static_cast<std::streamsize>(block_.size() * kWord));
    block_.clear();
  }

 private:
  std::ostream& out_;
  std::vector<std::uint64_t> block_;
};

// A saved table's words, read from the stream a block at a time (4 MiB at the most, or the file if
// it is smaller): read a word per call, a 6x6 connection game's table of 4.7 million records took
// 1.5-1.8 times the processor time to load (29 November 2026).
class WordReader {
 public:
  WordReader(std::istream& in, std::uint64_t file_size)
      : in_(in), block_(static_cast<std::size_t>(std::min<std::uint64_t>(file_size / kWord + 1, kBlockWords))) {}

  // The next word, or false where the stream holds no whole word more (it ends, or cannot be read).
  bool next(std::uint64_t& word) {
    if (taken_ == filled_ && !refill()) return false;
    word = block_[taken_++];
    return true;
  }

  // The next word, folded into the checksum `sum`.
  bool get(std::uint64_t& word, std::uint64_t& sum) {
    if (!next(word)) return false;
    sum = fold(sum, word);
    return true;
  }

 private:
  bool refill() {
    taken_ = filled_ = 0;
    if (!in_) return false;  // a read already came up short: the file ends there
    in_.read(reinterpret_cast<char*>(block_.data()), static_cast<std::streamsize>(block_.size() * kWord));
    filled_ = static_cast<std::size_t>(in_.gcount()) / kWord;  // a partial word at the end is no word
    return filled_ > 0;
  }

  std::istream& in_;
  std::vector<std::uint64_t> block_;
  std::size_t taken_ = 0, filled_ = 0;
};

}  // namespace

// A record is the key and the numbers (pn in the low half), each a 64-bit word in the machine's order.
void TranspositionTable::save_solved(std::ostream& out, std::uint64_t identity) const {
  std::uint64_t sum = 0, count = 0;
  WordWriter words(out);
  words.put(kSavedTableStart, sum);
  words.put(identity, sum);
  for_each_solved([&](std::uint64_t key, ProofNumbers n) {
    words.put(key, sum);
    words.put(pack(n), sum);
    ++count;
  });
  words.put(kSavedTableEnd, sum);
  words.put(count, sum);
  const std::uint64_t checksum = sum;
  words.put(checksum, sum);
  words.flush();
}

TranspositionTable::Loaded TranspositionTable::load_solved(std::istream& in, std::uint64_t identity) {
  if (used() != 0) throw std::logic_error("load_solved: the table is not empty");
  Loaded loaded;
  in.seekg(0, std::ios::end);
  const auto end = in.tellg();
  in.seekg(0, std::ios::beg);
  if (end < 0 || !in) {
    loaded.problem = "cannot be read";
    return loaded;
  }
  const auto size = static_cast<std::uint64_t>(end);
  constexpr std::uint64_t kFrame = 5 * kWord;  // start, identity, end, count, checksum
  WordReader words(in, size);
  std::uint64_t sum = 0, word = 0;
  if (!words.get(word, sum) || word != kSavedTableStart) {
    // Before 28 November 2026 tables had no start mark and no checksum, and were trusted record
    // by record: such a file is not used.
    loaded.problem = size < kWord ? "is cut short" : "has no checksum (an older arbiter's table, or not a table)";
    return loaded;
  }
  if (size < kFrame || (size - kFrame) % (2 * kWord) != 0) {
    loaded.problem = "is cut short or has bytes added (its size is not a whole number of records)";
    return loaded;
  }
  const std::uint64_t records = (size - kFrame) / (2 * kWord);
  std::uint64_t stored_identity = 0;
  words.get(stored_identity, sum);
  // One pass: the records are stored as they are read where the file names this search, and taken
  // out again (the table was empty: it is emptied) if the file then fails a check.
  const bool ours = stored_identity == identity;
  for (std::uint64_t i = 0; i < records; ++i) {
    std::uint64_t key = 0, data = 0;
    if (!words.get(key, sum) || !words.get(data, sum)) break;  // the end mark is then missing
    const ProofNumbers n = unpack(data);
    if (!ours || !n.solved()) continue;
    store(key, n, 1);
    ++loaded.entries;
  }
  std::uint64_t mark = 0, count = 0, checksum = 0;
  words.get(mark, sum);
  words.get(count, sum);
  const std::uint64_t expected = sum;
  if (!words.next(checksum)) {
    loaded.problem = "cannot be read";
  } else if (mark != kSavedTableEnd || count != records) {
    loaded.problem = "is cut short or damaged (no end mark where its size puts it)";
  } else if (checksum != expected) {
    loaded.problem = "fails its checksum (changed since it was saved)";
  } else if (!ours) {
    loaded.problem = "is another search's table (another position, rulings or code version)";
  }
  if (!loaded.problem.empty() && loaded.entries > 0) {
    memory_->zero();
    used_count_.store(0, std::memory_order_relaxed);
    loaded.entries = 0;
  }
  return loaded;
}

}  // namespace arbiter::solver

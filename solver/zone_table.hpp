#pragma once
// The zones of solved positions (solver/threat_zones.hpp): for a position whose winner the search
// proved, a set of cells such that every position that agrees with it on them, with the same side
// to move, is won by the same side. Kept beside the transposition table, by the position's own key
// (not a canonical one: a zone names cells of one orientation of the board).
//
// Shared by threads without locks, like the transposition table: a slot is two 64-bit words, the
// first the key XOR a bijective mix of the zone, so a read that sees halves of two writes fails
// its check and counts as a miss. A miss only costs pruning; a wrong zone would cost correctness.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "model/core/game.hpp"
#include "solver/zeroed_memory.hpp"

namespace arbiter::solver {

class ZoneTable {
 public:
  explicit ZoneTable(std::size_t megabytes);
  bool lookup(std::uint64_t key, State::CellSet& zone) const;
  void store(std::uint64_t key, State::CellSet zone);
  std::size_t capacity() const { return size_; }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> zone{0};
  };
  Slot& slot(std::uint64_t key) const { return slots_[(key ^ (key >> 32)) & (size_ - 1)]; }
  std::size_t size_ = 0;
  ZeroedMemory memory_;  // an empty slot reads as zeros, and the table costs nothing until used
  Slot* slots_ = nullptr;
  // Like the transposition table, the zones start on small pages and take huge ones once this many
  // slots are filled (a quarter of the small pages): a short search then makes no more memory than
  // it touches (see zeroed_memory.hpp).
  std::atomic<std::size_t> filled_{0};
  std::size_t huge_pages_from_ = 0;
};

}  // namespace arbiter::solver

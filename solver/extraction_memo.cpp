#include "solver/extraction_memo.hpp"

#include <stdexcept>

namespace arbiter::solver {

void ExtractionMemo::clear() {
  slots_.clear();
  slots_.shrink_to_fit();
  used_ = 0;
}

// Zobrist keys are uniform already; the ply and the tag are mixed in so that one position under
// several claims does not crowd one neighbourhood.
std::size_t ExtractionMemo::home(std::uint64_t key, int ply, int tag) const {
  std::uint64_t h = key ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(ply)) * 0x9E3779B97F4A7C15ULL) ^
                    (static_cast<std::uint64_t>(tag) << 59);
  h ^= h >> 29;
  return static_cast<std::size_t>(h) & (slots_.size() - 1);
}

bool ExtractionMemo::find(std::uint64_t key, int ply, int tag, Written& out) const {
  if (slots_.empty()) return false;
  for (std::size_t i = home(key, ply, tag);; i = (i + 1) & (slots_.size() - 1)) {
    const Slot& slot = slots_[i];
    if (!slot.used) return false;
    if (slot.key == key && slot.ply == ply && slot.tag == tag) {
      out = Written{slot.id, slot.strict};
      return true;
    }
  }
}

void ExtractionMemo::insert(std::uint64_t key, int ply, int tag, Written written) {
  if (tag < 0 || tag > 0xFFFF) throw std::logic_error("extraction memo: tag out of range");
  if ((used_ + 1) * 2 > slots_.size()) grow();
  for (std::size_t i = home(key, ply, tag);; i = (i + 1) & (slots_.size() - 1)) {
    Slot& slot = slots_[i];
    if (slot.used && (slot.key != key || slot.ply != ply || slot.tag != tag)) continue;
    if (!slot.used) ++used_;
    slot = Slot{key, ply, written.id, static_cast<std::uint16_t>(tag), written.strict, true};
    return;
  }
}

void ExtractionMemo::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
  used_ = 0;
  for (const Slot& slot : old) {
    if (slot.used) insert(slot.key, slot.ply, slot.tag, Written{slot.id, slot.strict});
  }
}

}  // namespace arbiter::solver

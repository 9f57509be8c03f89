// Brique's signature mechanic for puzzles: the fill rule (seed 000, "Escorts").
#include "model/brique/position.hpp"
#include "model/brique/states.hpp"

namespace arbiter::brique {

std::string BriqueState::move_theme(Move m) const {
  const Position before = snapshot();
  if (m == kSwapMove || m == kPassMove) return {};
  Position after = before;
  reference_apply(after, m);
  const std::uint8_t own = stone_of(before.side), enemy = stone_of(1 - before.side);
  // Squares the move made the mover's: the placed one and the fills (which this cannot tell
  // apart by themselves); a fill is any such square beyond the first.
  std::vector<int> gained;
  bool removed_enemy = false;
  for (std::size_t i = 0; i < before.cells.size(); ++i) {
    if (before.cells[i] != own && after.cells[i] == own) {
      gained.push_back(static_cast<int>(i));
      removed_enemy = removed_enemy || before.cells[i] == enemy;
    }
  }
  if (gained.size() < 2) return {};
  if (connects(after, before.side)) {
    // The fill completes the chain when the placed stone alone (fills undone) would not.
    Position placed_only = before;
    placed_only.cells[static_cast<std::size_t>(m)] = own;
    if (!connects(placed_only, before.side)) return "fill-win";
  }
  return removed_enemy ? "fill-capture" : "fill";
}

}  // namespace arbiter::brique

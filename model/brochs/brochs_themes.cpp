// Brochs' signature mechanics for puzzles: the curse and capture combinations (seed 003).
#include "model/brochs/brochs.hpp"

namespace arbiter::brochs {

std::string BrochsState::move_theme(Move m) const {
  if (move_kind(m) == MoveKind::Curse) return "curse";
  if (move_kind(m) == MoveKind::Pass) return {};
  const int taken = captures_of(m).count;
  return taken >= 2 ? "double-capture" : taken == 1 ? "capture" : "";
}

}  // namespace arbiter::brochs

// Brochs' own property suite, checked on random reachable play by `arbiter check` and the audit.
#include "model/brochs/properties.hpp"

#include "model/core/property_suite.hpp"

#include "model/brochs/engine.hpp"

namespace arbiter::brochs {
namespace {

const BrochsState& as_brochs(const State& state) { return static_cast<const BrochsState&>(state); }

int count(const BrochsState& s, std::uint8_t piece) {
  int n = 0;
  for (int cell = 0; cell < s.tables().n * s.tables().n; ++cell) n += s.at(cell) == piece;
  return n;
}

bool adjacent(const Tables& t, int a, int b) {
  for (int d = 0; d < kDirections; ++d) {
    if (t.neighbour(a, d) == b) return true;
  }
  return false;
}

PropertyVerdict removals_are_local(const Game&, const State& before_state, Move m, const State& after_state) {
  const BrochsState& before = as_brochs(before_state);
  const BrochsState& after = as_brochs(after_state);
  const Tables& t = before.tables();
  const MoveKind kind = move_kind(m);
  for (int cell = 0; cell < t.n * t.n; ++cell) {
    const bool removed = before.at(cell) != Empty && after.at(cell) == Empty && !(kind == MoveKind::Step && cell == move_from(m));
    if (!removed) continue;
    if (kind == MoveKind::Curse) {
      if (cell != move_to(m)) return PropertyVerdict::violated("a curse removed " + before.cell_name(cell) + " besides its target");
      continue;
    }
    if (!adjacent(t, cell, move_to(m))) {
      return PropertyVerdict::violated(before.move_text(m) + " removed " + before.cell_name(cell) +
                                       ", which does not touch the arrival square");
    }
    if (side_of(before.at(cell)) == before.side_to_move()) {
      return PropertyVerdict::violated(before.move_text(m) + " removed the mover's own piece on " + before.cell_name(cell));
    }
  }
  return PropertyVerdict::ok();
}

PropertyVerdict curse_conditions_hold(const Game&, const State& before_state, Move m, const State&) {
  if (move_kind(m) != MoveKind::Curse) return PropertyVerdict::ok();
  const BrochsState& before = as_brochs(before_state);
  const Tables& t = before.tables();
  const int target = move_to(m);
  const int q = t.region[static_cast<std::size_t>(target)];
  if (q == kCrossRegion) return PropertyVerdict::violated("a curse removed " + before.cell_name(target) + " on the central cross");
  if (before.main_cell() == kNoCell) return PropertyVerdict::violated("a curse was made without the main piece on the board");
  const std::uint8_t keeper = before.at(t.keep_cell[static_cast<std::size_t>(3 - q)]);
  if (keeper != Black && keeper != Main) return PropertyVerdict::violated("a curse into " + std::string(quadrant_name(q)) + " without a Black piece on the opposite keep");
  if (before.black_in_quadrant(q) != 0) return PropertyVerdict::violated("a curse into " + std::string(quadrant_name(q)) + ", where a Black piece stands");
  return PropertyVerdict::ok();
}

PropertyVerdict material_is_bounded(const Game&, const State& state) {
  const BrochsState& s = as_brochs(state);
  const int ordinary = count(s, Black) + s.reserve();
  const int mains = count(s, Main) + (s.main_in_reserve() ? 1 : 0);
  if (count(s, White) > kWhitePieces || ordinary > kBlackOrdinaryPieces || mains > 1) {
    return PropertyVerdict::violated("more pieces than the game has: " + std::to_string(count(s, White)) + " White, " +
                                     std::to_string(ordinary) + " ordinary Black, " + std::to_string(mains) + " main");
  }
  return PropertyVerdict::ok();
}

PropertyVerdict black_win_means_four_black_keeps(const Game&, const State& state) {
  const BrochsState& s = as_brochs(state);
  if (s.outcome() != Outcome::win(kBlackSide)) return PropertyVerdict::ok();
  for (int q = 0; q < kKeeps; ++q) {
    const std::uint8_t holder = s.at(s.tables().keep_cell[static_cast<std::size_t>(q)]);
    if (holder != Black && holder != Main) return PropertyVerdict::violated("Black won while a keep is not Black");
  }
  return PropertyVerdict::ok();
}

}  // namespace

std::vector<Property> properties() {
  std::vector<Property> out;
  add_property(out, "captures-touch-the-arrival",
               "a move or setting removes only enemy pieces touching the square it arrives on (or, entry=captured, itself)",
               "seed 003 D.1, D.2, D.4: captures are caused by 'movings or setting' next to the captured piece")
      .transition = removals_are_local;
  add_property(out, "cross-is-safe-from-curses",
               "a curse needs the main piece on the board, a Black keeper opposite and no Black piece in the target quadrant, and never removes a piece on the central cross",
               "seed 003 D.3 ('The White pieces are thus always in security on those')", true)
      .transition = curse_conditions_hold;
  add_property(out, "material-bounded",
               "never more than 24 White, 12 ordinary Black and one main piece (board and reserve)",
               "seed 003 A")
      .position = material_is_bounded;
  add_property(out, "black-wins-only-by-keeps",
               "when Black wins, every keep holds a Black piece",
               "seed 003 A (goal) and ruling R-5")
      .position = black_win_means_four_black_keeps;
  return out;
}

}  // namespace arbiter::brochs

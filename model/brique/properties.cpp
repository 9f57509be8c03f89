// Brique's own property suite for `arbiter check`: the rule text's claim that draws are
// impossible, and the derived facts the fast engine relies on.
#include "model/brique/properties.hpp"

#include "model/core/property_suite.hpp"

#include "model/brique/notation.hpp"
#include "model/brique/states.hpp"

namespace arbiter::brique {
namespace {

Position position_of(const State& state) { return dynamic_cast<const BriqueState&>(state).snapshot(); }

const char* colour_name(int side) { return side == kBlack ? "Black" : "White"; }

}  // namespace

std::string escorts_read_differently(const Rules& rules) {
  return rules.white_faces_black
             ? "under escort-directions=facing the colours read the escorts differently, so a turn can leave or refill squares the other colour's escorts claim"
             : "";
}

std::vector<Property> properties() {
  std::vector<Property> out;
  add_property(out, "no-draws",
               "no game ends without a winner",
               "seed 000, End: 'Draws are not possible'", true)
      .position = [](const Game&, const State& state) {
    return state.outcome() == Outcome::draw() ? PropertyVerdict::violated("the game ended in a draw")
                                              : PropertyVerdict::ok();
  };
  add_property(out, "only-mover-wins",
               "after a turn only the player who moved may have a winning chain",
               "derived (research/rules.md 1.4): a turn adds only the mover's stones, removes only the opponent's")
      .transition = [](const Game&, const State& before, Move move, const State& after) {
    if (move == kSwapMove || move == kPassMove) return PropertyVerdict::ok();
    const int other = 1 - before.side_to_move();
    if (connects(position_of(after), other)) {
      return PropertyVerdict::violated(std::string(colour_name(other)) + " has a chain after " +
                                       colour_name(before.side_to_move()) + "'s move");
    }
    return PropertyVerdict::ok();
  };
  add_property(out, "fill-settles",
               "after a placement no square qualifies for a fill for the player who placed",
               "derived (research/rules.md 1.3): a fill never enables another")
      .transition = [](const Game&, const State& before, Move move, const State& after) {
    if (move == kSwapMove || move == kPassMove) return PropertyVerdict::ok();
    const Position reached = position_of(after);
    const std::vector<int> left = fillable_squares(reached, before.side_to_move());
    if (!left.empty()) {
      return PropertyVerdict::violated("square " + square_name(reached, left.front()) + " still qualifies for a fill");
    }
    return PropertyVerdict::ok();
  };
  Property& small_turns = add_property(out, "small-turns",
               "a placement changes at most two squares besides its own and removes at most one enemy stone "
                  "(when both colours read the escorts alike)",
               "derived (research/rules.md 1.3, claim B2); escort-directions=facing leaves refills pending");
  small_turns.not_applicable = [](const Game& game) { return escorts_read_differently(Rules::from(game.config())); };
  small_turns.transition = [](const Game&, const State& before, Move move, const State& after) {
    if (move == kSwapMove || move == kPassMove) return PropertyVerdict::ok();
    const Position a = position_of(before), b = position_of(after);
    int changed = 0, removed = 0;
    for (std::size_t i = 0; i < a.cells.size(); ++i) {
      if (i == move || a.cells[i] == b.cells[i]) continue;
      ++changed;
      if (a.cells[i] != kEmpty) ++removed;
    }
    if (changed > 2 || removed > 1) {
      return PropertyVerdict::violated(std::to_string(changed) + " squares filled, " + std::to_string(removed) +
                                       " stones removed");
    }
    return PropertyVerdict::ok();
  };
  return out;
}

}  // namespace arbiter::brique

// Brique's own property suite for `arbiter check`: the rule text's claim that draws are
// impossible, and the derived facts the fast engine relies on.
#include "model/brique/properties.hpp"

#include "model/brique/notation.hpp"
#include "model/brique/states.hpp"

namespace arbiter::brique {
namespace {

Position position_of(const State& state) { return dynamic_cast<const BriqueState&>(state).snapshot(); }

const char* colour_name(int side) { return side == kBlack ? "Black" : "White"; }

}  // namespace

std::vector<Property> properties() {
  std::vector<Property> out;
  {
    Property p;
    p.name = "no-draws";
    p.statement = "no game ends without a winner";
    p.source = "seed 000, End: 'Draws are not possible'";
    p.rule_text_claim = true;
    p.position = [](const Game&, const State& state) {
      return state.outcome() == Outcome::draw() ? PropertyVerdict::violated("the game ended in a draw")
                                                : PropertyVerdict::ok();
    };
    out.push_back(std::move(p));
  }
  {
    Property p;
    p.name = "only-mover-wins";
    p.statement = "after a turn only the player who moved may have a winning chain";
    p.source = "derived (research/rules.md 1.4): a turn adds only the mover's stones, removes only the opponent's";
    p.transition = [](const Game&, const State& before, Move move, const State& after) {
      if (move == kSwapMove || move == kPassMove) return PropertyVerdict::ok();
      const int other = 1 - before.side_to_move();
      if (connects(position_of(after), other)) {
        return PropertyVerdict::violated(std::string(colour_name(other)) + " has a chain after " +
                                         colour_name(before.side_to_move()) + "'s move");
      }
      return PropertyVerdict::ok();
    };
    out.push_back(std::move(p));
  }
  {
    Property p;
    p.name = "fill-settles";
    p.statement = "after a placement no square qualifies for a fill for the player who placed";
    p.source = "derived (research/rules.md 1.3): a fill never enables another";
    p.transition = [](const Game&, const State& before, Move move, const State& after) {
      if (move == kSwapMove || move == kPassMove) return PropertyVerdict::ok();
      const Position reached = position_of(after);
      const std::vector<int> left = fillable_squares(reached, before.side_to_move());
      if (!left.empty()) {
        return PropertyVerdict::violated("square " + square_name(reached, left.front()) + " still qualifies for a fill");
      }
      return PropertyVerdict::ok();
    };
    out.push_back(std::move(p));
  }
  {
    Property p;
    p.name = "small-turns";
    p.statement = "a placement changes at most two squares besides its own and removes at most one enemy stone "
                  "(when both colours read the escorts alike)";
    p.source = "derived (research/rules.md 1.3, claim B2); escort-directions=facing leaves refills pending";
    p.transition = [](const Game& game, const State& before, Move move, const State& after) {
      if (move == kSwapMove || move == kPassMove || Rules::from(game.config()).white_faces_black) {
        return PropertyVerdict::ok();
      }
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
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace arbiter::brique

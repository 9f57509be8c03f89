// Quentin's own property suite for `arbiter check`: the rule text's claims and the invariants the
// fast engine relies on, checked on random reachable play.
#include "model/quentin/properties.hpp"

#include "model/core/property_suite.hpp"

#include <algorithm>

#include "model/core/square_grid.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/reference.hpp"

namespace arbiter::quentin {
namespace {

bool has_winning_chain(const Position& position) {
  return !reference::winning_chain(position.size, position.cells, kBlackSide).empty() ||
         !reference::winning_chain(position.size, position.cells, kWhiteSide).empty();
}

}  // namespace

std::vector<Property> properties() {
  std::vector<Property> out;
  add_property(out,
      "someone-can-move", "a game never ends because neither player can move",
      "seed 002: 'There will always be a move available to at least one of the players'", true)
      .position = [](const Game& game, const State& state) {
    if (!state.is_terminal()) return PropertyVerdict::ok();
    if (has_winning_chain(read_stones(game, state.line()))) return PropertyVerdict::ok();
    return PropertyVerdict::violated("neither player can move and no chain joins its edges");
  };
  add_property(out,
      "no-draws", "every finished game has a winner", "seed 002: 'Draws are not possible'", true)
      .position = [](const Game&, const State& state) {
    if (state.outcome().kind != Outcome::Kind::Draw) return PropertyVerdict::ok();
    return PropertyVerdict::violated("the game ended in a draw");
  };
  add_property(out,
      "no-territory-left", "at the end of every turn no region is a territory (every fill is complete)",
      "Arbiter invariant (the fast engine examines only regions next to the placed stone)")
      .position = [](const Game& game, const State& state) {
    const Position position = read_stones(game, state.line());
    if (std::all_of(position.cells.begin(), position.cells.end(), [](std::int8_t c) { return c == kEmpty; })) {
      return PropertyVerdict::ok();
    }
    const Rules rules = Rules::from(game.config());
    for (const auto& region : reference::empty_regions(position.size, position.cells)) {
      if (reference::judge_region(rules, position.size, position.cells, region, 0).territory()) {
        return PropertyVerdict::violated("region at " + SquareGrid::of(position.size).name(region.front()) +
                                         " is a territory left unfilled");
      }
    }
    return PropertyVerdict::ok();
  };
  add_property(out,
      "diagonals-supported",
      "at the end of every turn every two like-coloured diagonal stones share a like-coloured neighbour",
      "Arbiter invariant (seed 002's legality rule, for both colours)")
      .position = [](const Game& game, const State& state) {
    const Position position = read_stones(game, state.line());
    if (auto pair = reference::unsupported_diagonal(Rules{}, position.size, position.cells, 0)) {
      const SquareGrid& grid = SquareGrid::of(position.size);
      return PropertyVerdict::violated("stones " + grid.name(pair->first) + " and " + grid.name(pair->second) +
                                       " are an unsupported diagonal pair");
    }
    return PropertyVerdict::ok();
  };
  return out;
}

}  // namespace arbiter::quentin

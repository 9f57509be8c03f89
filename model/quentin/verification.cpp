// Quentin's verification properties, run after the game's own (properties.cpp). Positions are read from the states' diagrams and judged with the
// reference transcription of the rules (reference.hpp), not with the engine under test.
#include "model/quentin/verification.hpp"

#include "model/core/property_suite.hpp"

#include "model/quentin/properties.hpp"

#include <algorithm>
#include <sstream>

#include "model/quentin/engine.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/reference.hpp"

namespace arbiter::quentin {

Position position_of(const State& state) {
  std::istringstream lines(state.diagram());
  std::string line;
  std::getline(lines, line);  // column letters
  const int size = static_cast<int>(std::count_if(line.begin(), line.end(), [](char c) { return c >= 'a' && c <= 'z'; }));
  Position p = Position::empty(size);
  for (int row = 0; row < size && std::getline(lines, line); ++row) {
    int col = 0;
    for (std::size_t i = 2; i < line.size() && col < size; ++i) {
      const char c = line[i];
      if (c != 'B' && c != 'W' && c != '.') continue;
      p.cells[static_cast<std::size_t>(p.point(row, col++))] = c == 'B' ? kBlackStone : c == 'W' ? kWhiteStone : kEmpty;
    }
  }
  p.ply = state.ply();
  p.swapped = (state.side_to_move() + p.ply) % 2 != 0;
  return p;
}

int mapped_point(int size, int symmetry, int point) {
  const int row = point / size, col = point % size;
  switch (symmetry) {
    case 0: return (size - 1 - row) * size + (size - 1 - col);
    case 1: return row * size + (size - 1 - col);
    default: return (size - 1 - row) * size + col;
  }
}

namespace {

Move mapped_move(int size, int symmetry, Move m) {
  return m >= kSwap ? m : static_cast<Move>(mapped_point(size, symmetry, static_cast<int>(m)));
}

std::string point_name(int size, int point) { return move_name(size, static_cast<Move>(point)); }

PropertyVerdict touches_only_placed_and_filled(const Rules& rules, const Position& before, Move m, const Position& after) {
  if (m >= kSwap) {
    return after.cells == before.cells ? PropertyVerdict::ok() : PropertyVerdict::violated("a pass or the swap changed the board");
  }
  const int mover = before.side_to_move();
  std::vector<std::int8_t> placed = before.cells;
  placed[m] = stone_of(mover);
  if (after.cells[m] != stone_of(mover)) return PropertyVerdict::violated("the placed point does not hold the mover's stone");
  // The colour each empty point of the placed position receives if its region is a territory.
  std::vector<std::int8_t> territory_fill(placed.size(), kEmpty);
  for (const std::vector<int>& region : reference::empty_regions(before.size, placed)) {
    const reference::RegionReport report = reference::judge_region(rules, before.size, placed, region, mover);
    if (!report.territory()) continue;
    for (int point : region) territory_fill[static_cast<std::size_t>(point)] = report.fill;
  }
  for (std::size_t point = 0; point < placed.size(); ++point) {
    if (after.cells[point] == placed[point]) continue;
    const std::string where = point_name(before.size, static_cast<int>(point));
    if (placed[point] != kEmpty) return PropertyVerdict::violated(where + ": a stone changed");
    if (territory_fill[point] == kEmpty) return PropertyVerdict::violated(where + " changed although it lies in no territory");
    if (after.cells[point] != territory_fill[point]) return PropertyVerdict::violated(where + " was filled against the majority");
  }
  return PropertyVerdict::ok();
}

PropertyVerdict end_of_turn_invariant(const Rules& rules, const Position& p) {
  if (p.ply == 0) return PropertyVerdict::ok();
  const int last_mover = 1 - p.side_to_move();
  for (const std::vector<int>& region : reference::empty_regions(p.size, p.cells)) {
    if (reference::judge_region(rules, p.size, p.cells, region, last_mover).territory()) {
      return PropertyVerdict::violated("the region at " + point_name(p.size, region.front()) + " is a territory left unfilled");
    }
  }
  if (const auto pair = reference::unsupported_diagonal(rules, p.size, p.cells, last_mover)) {
    return PropertyVerdict::violated("the diagonal pair " + point_name(p.size, pair->first) + " " + point_name(p.size, pair->second) +
                                     " has no common like-coloured neighbour");
  }
  return PropertyVerdict::ok();
}

bool has_chain(const Position& p, int side) { return !reference::winning_chain(p.size, p.cells, side).empty(); }

}  // namespace

PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng) {
  const int n = game.config().size;
  const auto image_point = [n, symmetry](int point) { return mapped_point(n, symmetry, point); };
  const auto difference = [n, image_point](const State& state, const State& image) -> std::string {
    const int point = first_unmatched_cell(position_of(state).cells, position_of(image).cells, image_point);
    return point < 0 ? "" : "at " + point_name(n, image_point(point));
  };
  return image_game_agrees(game, image_game, {"image", [n, symmetry](Move m) { return mapped_move(n, symmetry, m); }, difference}, rng);
}

std::vector<Property> verification_suite() {
  std::vector<Property> out = properties();
  add_property(out, "touches-only-placed-and-filled",
      "a placement changes only the placed point and the points of territories it creates, each filled with its majority colour; pass and swap change nothing",
      "seed 002, Rules (placement, territories)")
      .transition = [](const Game& game, const State& before, Move m, const State& after) {
    return touches_only_placed_and_filled(Rules::from(game.config()), position_of(before), m, position_of(after));
  };
  add_property(out, "end-of-turn-invariant", "after every turn no territory is left unfilled and no diagonal pair lacks a common like neighbour",
      "seed 002, Rules (fill, then the diagonal rule at the end of a turn)")
      .position = [](const Game& game, const State& state) {
    return end_of_turn_invariant(Rules::from(game.config()), position_of(state));
  };
  add_property(out, "single-pass-equals-until-none",
      "playing a move under fill=single-pass and under fill=until-none gives the same position",
      "ruling Q-3 reason: filling one region changes no other region")
      .transition = [](const Game& game, const State& before, Move m, const State& after) {
    const bool single = game.config().rule_is("fill", "single-pass");
    const auto other_game = reconfigured(game, {{"fill", single ? "until-none" : "single-pass"}});
    auto other = engine::make_state(*other_game, Rules::from(other_game->config()), position_of(before));
    const std::vector<Move> legal = sorted_legal_moves(*other);
    if (!std::binary_search(legal.begin(), legal.end(), m)) return PropertyVerdict::violated("the move is illegal under the other fill ruling");
    other->apply(m);
    return other->diagram() == after.diagram() ? PropertyVerdict::ok()
                                               : PropertyVerdict::violated("the other fill ruling gives:\n" + other->diagram());
  };
  add_property(out, "diagonal-readings-agree",
      "at every reachable position the diagonal rule for both colours and for the mover only allow the same moves",
      "ruling Q-4 reason: a new unsupported enemy pair needs an unsupported mover pair")
      .position = [](const Game& game, const State& state) {
    const bool all = game.config().rule_is("diagonal-rule", "all-stones");
    // rules-version=boloa-wording sets mover-only, so the other reading is asked of the 2012 text.
    const auto other_game =
        reconfigured(game, {{"diagonal-rule", all ? "mover-only" : "all-stones"}, {"rules-version", "2012"}});
    auto other = engine::make_state(*other_game, Rules::from(other_game->config()), position_of(state));
    return sorted_legal_moves(*other) == sorted_legal_moves(state)
               ? PropertyVerdict::ok()
               : PropertyVerdict::violated("the other diagonal reading allows other moves here");
  };
  add_property(out, "never-two-winners",
      "at most one colour has a chain joining its edges, and a chain on the board ends the game as a win",
      "seed 002, Object (each side's chain checked directly on the stones)")
      .position = [](const Game&, const State& state) {
    const Position p = position_of(state);
    const bool black = has_chain(p, kBlackSide), white = has_chain(p, kWhiteSide);
    if (black && white) return PropertyVerdict::violated("both colours have a chain");
    if ((black || white) && state.outcome().kind != Outcome::Kind::Win) {
      return PropertyVerdict::violated("a chain is on the board but the game is not won");
    }
    return PropertyVerdict::ok();
  };
  add_property(out, "full-board-one-winner", "a full board reached in play has exactly one colour with a chain",
      "seed 002: 'draws are impossible'")
      .position = [](const Game&, const State& state) {
    const Position p = position_of(state);
    if (std::find(p.cells.begin(), p.cells.end(), kEmpty) != p.cells.end()) return PropertyVerdict::ok();
    return has_chain(p, kBlackSide) != has_chain(p, kWhiteSide) ? PropertyVerdict::ok()
                                                               : PropertyVerdict::violated("a full board without exactly one chain");
  };
  add_property(out, "move-always-available",
      "in every position without a chain, the side to move or the other side has a legal placement",
      "seed 002, Rules: \"There will always be a move available to at least one of the players.\"", true)
      .position = [](const Game& game, const State& state) {
    const Position pos = position_of(state);
    if (has_chain(pos, kBlackSide) || has_chain(pos, kWhiteSide)) return PropertyVerdict::ok();
    const Rules rules = Rules::from(game.config());
    const int to_move = pos.side_to_move();
    if (reference::has_legal_placement(rules, pos, to_move) || reference::has_legal_placement(rules, pos, 1 - to_move)) {
      return PropertyVerdict::ok();
    }
    return PropertyVerdict::violated("neither player has a legal placement");
  };
  add_property(out, "board-symmetry",
      "the half turn and the two edge-parallel mirrors map every game to a game with the same legal moves, stones and outcome",
      "derived: each keeps both colours' edges, and territory, majority and the diagonal rule have no handedness")
      .arbitrary = [](const Game& game, Rng& rng) {
    for (int symmetry = 0; symmetry < 3; ++symmetry) {
      const PropertyVerdict v = symmetry_maps_games_to_games(game, game, symmetry, rng);
      if (!v.holds) return PropertyVerdict::violated("symmetry " + std::to_string(symmetry) + ": " + v.why);
    }
    return PropertyVerdict::ok();
  };
  return out;
}

}  // namespace arbiter::quentin

// Brique's verification properties, run after the game's own (properties.cpp). Each property reads the plain Position (reference.hpp) of the states
// the driver hands it, and judges it with the reference rules of reference.cpp, never with the
// engine under test.
#include "model/brique/verification.hpp"

#include "model/core/property_suite.hpp"

#include "model/brique/properties.hpp"

#include <algorithm>

#include "model/brique/notation.hpp"
#include "model/brique/reference.hpp"
#include "model/brique/states.hpp"

namespace arbiter::brique {
namespace {

Position snapshot_of(const State& state) { return dynamic_cast<const BriqueState&>(state).snapshot(); }

std::string name_of(const Position& p, int cell) { return square_name(p, cell); }

bool escorts_held(const Position& p, int side, int cell) {
  const int row = cell / p.n(), col = cell % p.n();
  for (const Escort& e : escorts(p.rules, side, row, col)) {
    if (!p.on_board(e.row, e.col) || p.at(e.row, e.col) != stone_of(side)) return false;
  }
  return true;
}

// The end-of-turn invariant is promised for both colours when both read the escorts the same way
// (escort-directions=board); under facing an enemy stone the mover's fill replaces can leave a
// square that the other colour's escorts would claim, so only the mover's own fills are settled
// (escorts_read_differently says so).

// Why a full board need not have exactly one chain under these rules, or "" when it must. It has
// one only when every like NE-SW diagonal pair is joined, which the fill guarantees when both
// colours read the escorts alike and enemy stones are replaced.
std::string full_boards_may_lack_one_chain(const Rules& rules) {
  if (rules.white_faces_black) return escorts_read_differently(rules);
  if (rules.fill == FillMode::KeepEnemy) {
    return "under fill=keep-enemy an enemy stone can block a diagonal join, so full boards without a chain occur";
  }
  return "";
}

std::string full_board_property_not_applicable(const Game& game) {
  return full_boards_may_lack_one_chain(Rules::from(game.config()));
}

// The side whose turn produced `after` from `before` (the pie swap keeps the colour to move under
// swap-sides, but it is still White's turn that was played).
int mover_of(const Position& before) { return before.side; }

PropertyVerdict touches_only_placed_and_filled(const Position& before, Move m, const Position& after) {
  if (m == kPassMove || (m == kSwapMove && before.rules.pie != PieMode::Mirror)) {
    return after.cells == before.cells ? PropertyVerdict::ok()
                                       : PropertyVerdict::violated("a pass or a colour swap changed the board");
  }
  if (m == kSwapMove) {
    Position mirrored = before;
    mirror_stones(mirrored);
    return after.cells == mirrored.cells ? PropertyVerdict::ok()
                                         : PropertyVerdict::violated("the mirror swap did not mirror the stones exactly");
  }
  const int mover = mover_of(before);
  Position placed = before;
  placed.cells[m] = stone_of(mover);
  for (int cell = 0; cell < before.n() * before.n(); ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (after.cells[i] == before.cells[i]) continue;
    const std::string where = name_of(before, cell);
    if (after.cells[i] != stone_of(mover)) return PropertyVerdict::violated(where + " changed to something other than the mover's stone");
    if (cell == static_cast<int>(m)) continue;
    if (before.rules.fill == FillMode::KeepEnemy && before.cells[i] != kEmpty) {
      return PropertyVerdict::violated(where + " held an enemy stone, which fill=keep-enemy must keep");
    }
    // Under once the escorts must be friendly right after the placement; under repeat a square
    // filled earlier in the turn may escort it.
    const Position& escort_board = before.rules.fill == FillMode::Repeat ? after : placed;
    if (!escorts_held(escort_board, mover, cell)) {
      return PropertyVerdict::violated(where + " changed although it is neither the placed square nor escorted by two friendly stones");
    }
  }
  if (after.cells[m] != stone_of(mover)) return PropertyVerdict::violated("the placed square does not hold the mover's stone");
  return PropertyVerdict::ok();
}

PropertyVerdict no_fill_pending(const Position& p, int side) {
  const std::vector<int> squares = fillable_squares(p, side);
  if (squares.empty()) return PropertyVerdict::ok();
  return PropertyVerdict::violated(name_of(p, squares.front()) + " still qualifies for a fill by " +
                                   (side == kBlack ? "Black" : "White"));
}

}  // namespace

// A random full board that satisfies the end-of-turn invariant: random stones, then every square
// escorted by two like stones takes their colour, until nothing changes (redrawn if it cycles).
bool random_settled_full_board(const Rules& rules, Rng& rng, Position& board) {
  board = Position::initial(rules);
  for (auto& cell : board.cells) cell = rng.below(2) == 0 ? kBlackStone : kWhiteStone;
  for (int round = 0; round < 4 * rules.n * rules.n; ++round) {
    bool changed = false;
    for (int side : {kBlack, kWhite}) {
      for (int cell : fillable_squares(board, side)) {
        board.cells[static_cast<std::size_t>(cell)] = stone_of(side);
        changed = true;
      }
    }
    if (!changed) return true;
  }
  return false;
}

PropertyVerdict exactly_one_connects(const Position& p) {
  const bool black = connects(p, kBlack), white = connects(p, kWhite);
  if (black != white) return PropertyVerdict::ok();
  return PropertyVerdict::violated(std::string("a full board on which ") + (black ? "both colours connect" : "neither colour connects") +
                                   ":\n" + diagram(p));
}

namespace {

int rotated_cell(int n, int cell) { return n * n - 1 - cell; }
Move rotated_move(int n, Move m) {
  return m == kSwapMove || m == kPassMove ? m : static_cast<Move>(rotated_cell(n, static_cast<int>(m)));
}

}  // namespace

PropertyVerdict rotation_maps_games_to_games(const Game& game, const Game& turned_game, Rng& rng) {
  const int n = game.config().size;
  const auto turned_cell = [n](int cell) { return rotated_cell(n, cell); };
  const auto difference = [turned_cell](const State& state, const State& turned) -> std::string {
    const Position p = snapshot_of(state), q = snapshot_of(turned);
    const int cell = first_unmatched_cell(p.cells, q.cells, turned_cell);
    return cell < 0 ? "" : "on " + name_of(q, turned_cell(cell));
  };
  return image_game_agrees(game, turned_game, {"turned", [n](Move m) { return rotated_move(n, m); }, difference}, rng);
}

std::vector<Property> verification_suite() {
  std::vector<Property> out = properties();
  add_property(out, "touches-only-placed-and-filled",
      "a placement changes only the placed square and squares its fill gives the mover; a pass or swap-sides changes nothing, a mirror swap mirrors exactly",
      "seed 000, Rules (placement, fill rule); ruling B-3, B-4")
      .transition = [](const Game&, const State& before, Move m, const State& after) {
    return touches_only_placed_and_filled(snapshot_of(before), m, snapshot_of(after));
  };
  Property& invariant = add_property(out, "end-of-turn-invariant",
      "no square qualifies for either colour's fill (escort-directions=board; under facing the mover's own fills are checked by fill-settles)",
      "seed 000, Strategy: like-coloured NE-SW diagonal neighbours are always connected through a common neighbour");
  invariant.not_applicable = [](const Game& game) { return escorts_read_differently(Rules::from(game.config())); };
  invariant.position = [](const Game&, const State& state) {
    const Position p = snapshot_of(state);
    for (int side : {kBlack, kWhite}) {
      const PropertyVerdict v = no_fill_pending(p, side);
      if (!v.holds) return v;
    }
    return PropertyVerdict::ok();
  };
  add_property(out, "never-two-winners",
      "at most one colour has a chain on the board, and the result names exactly the colour with a chain",
      "seed 000, Object (each side's chain checked directly on the stones)")
      .position = [](const Game&, const State& state) {
    const Position p = snapshot_of(state);
    const bool black = connects(p, kBlack), white = connects(p, kWhite);
    if (black && white) return PropertyVerdict::violated("both colours connect their edges");
    const Outcome outcome = state.outcome();
    const bool named = outcome.kind == Outcome::Kind::Win;
    if (named != (black || white) || (named && outcome.winner != (black ? kBlack : kWhite))) {
      return PropertyVerdict::violated("the result does not name the colour whose chain is on the board");
    }
    return PropertyVerdict::ok();
  };
  Property& full_board = add_property(out, "full-board-one-winner",
      "a full board reached in play has exactly one connecting colour (escort-directions=board, fill=once or repeat)",
      "seed 000, Strategy: the board behaves like a Hex rhombus");
  full_board.not_applicable = full_board_property_not_applicable;
  full_board.position = [](const Game&, const State& state) {
    const Position p = snapshot_of(state);
    if (p.has_empty_square()) return PropertyVerdict::ok();
    return exactly_one_connects(p);
  };
  Property& settled_full_board = add_property(out, "settled-full-board-one-winner",
      "any full board satisfying the end-of-turn invariant has exactly one connecting colour (escort-directions=board, fill=once or repeat)",
      "seed 000, Strategy: the board behaves like a Hex rhombus");
  settled_full_board.not_applicable = full_board_property_not_applicable;
  settled_full_board.arbitrary = [](const Game& game, Rng& rng) {
    const Rules rules = Rules::from(game.config());
    Position board;
    for (int attempt = 0; attempt < 20; ++attempt) {
      if (random_settled_full_board(rules, rng, board)) return exactly_one_connects(board);
    }
    return PropertyVerdict::violated("no settled full board found in 20 attempts");
  };
  add_property(out, "rotation-symmetry",
      "turning the board half round maps every game to a game of the other light-squares ruling with the same legal moves, stones and outcome",
      "derived: the half turn keeps edges and shades and reverses all four escort directions")
      .arbitrary = [](const Game& game, Rng& rng) {
    // Turning the board half round keeps each colour's edges and the shade of every square but
    // turns every escort direction around, which is exactly the other light-squares ruling.
    const bool even = game.config().rule_is("light-squares", "even");
    return rotation_maps_games_to_games(game, *reconfigured(game, {{"light-squares", even ? "odd" : "even"}}), rng);
  };
  return out;
}

}  // namespace arbiter::brique

#include "model/brique/explain.hpp"

#include <algorithm>

#include "model/brique/notation.hpp"

namespace arbiter::brique {
namespace {

std::string colour_word(int side) { return side == kBlack ? "black" : "white"; }

std::string contents(std::uint8_t stone) {
  return stone == kEmpty ? "empty" : stone == kBlackStone ? "a black stone" : "a white stone";
}

std::string shade(const Position& p, int row, int col) { return is_light(p.rules, row, col) ? "light" : "dark"; }

std::string edges_of(const Position& p, int side) {
  const std::string last = std::to_string(p.n());
  const std::string last_col(1, static_cast<char>('a' + p.n() - 1));
  return side == kBlack ? "the top edge (row 1) and the bottom edge (row " + last + ")"
                        : "the left edge (column a) and the right edge (column " + last_col + ")";
}

// The fill rule's verdict on one square that has the placed stone among its escorts.
std::string examine_square(const Position& before_fill, int mover, int row, int col) {
  const Position& p = before_fill;
  const std::uint8_t friendly = stone_of(mover);
  const auto e = escorts(p.rules, mover, row, col);
  std::string text = "  - " + square_name(p, p.index(row, col)) + " (" + shade(p, row, col) + " square): its escorts are ";
  bool both_on_board = true;
  bool both_friendly = true;
  for (int i = 0; i < 2; ++i) {
    if (i == 1) text += " and ";
    if (p.on_board(e[i].row, e[i].col)) {
      text += square_name(p, p.index(e[i].row, e[i].col)) + " " + escort_direction(p.rules, mover, row, col, e[i]) + " (" +
              contents(p.at(e[i].row, e[i].col)) + ")";
      both_friendly = both_friendly && p.at(e[i].row, e[i].col) == friendly;
    } else {
      // The comma closes the clause, so the escort named after it does not read as off the board too.
      text += "the square " + escort_direction(p.rules, mover, row, col, e[i]) + ", which is off the board" + (i == 0 ? "," : "");
      both_on_board = false;
    }
  }
  text += ". ";
  const std::uint8_t here = p.at(row, col);
  if (!both_on_board) return text + "With only one escort on the board, the fill rule does not apply to it.\n";
  if (!both_friendly) return text + "Not both are " + colour_word(mover) + ", so it is not filled.\n";
  if (here == friendly) return text + "Both are " + colour_word(mover) + ", but it already holds a " + colour_word(mover) + " stone.\n";
  if (here == kEmpty) return text + "Both are " + colour_word(mover) + " and it is empty: " + side_name(mover) + " places a stone on it.\n";
  if (p.rules.fill == FillMode::KeepEnemy) {
    return text + "Both are " + colour_word(mover) + ", but it holds " + contents(here) +
           ", which stays (fill=keep-enemy fills empty squares only).\n";
  }
  return text + "Both are " + colour_word(mover) + " and it holds " + contents(here) + ": that stone is removed and " +
         side_name(mover) + " places a stone on it.\n";
}

std::string explain_placement(const Position& p, int cell) {
  const int mover = p.side;
  const int row = cell / p.n(), col = cell % p.n();
  std::string out = "1. Placement: " + std::string(side_name(mover)) + " places a stone on " + square_name(p, cell) + " (" +
                    shade(p, row, col) + " square, empty).\n";
  Position placed = p;
  placed.cells[static_cast<std::size_t>(cell)] = stone_of(mover);
  out += "2. Fill rule: the squares that have " + square_name(p, cell) + " as an escort";
  std::string examined;
  for (int r = 0; r < p.n(); ++r) {
    for (int c = 0; c < p.n(); ++c) {
      const auto e = escorts(p.rules, mover, r, c);
      const bool escorted = std::any_of(e.begin(), e.end(), [&](const Escort& x) { return x.row == row && x.col == col; });
      if (escorted) examined += examine_square(placed, mover, r, c);
    }
  }
  out += examined.empty() ? std::string(": none.\n") : ":\n" + examined;
  // Cross-check with the whole-board rule: every other square's escorts are unchanged since the
  // previous turn ended, so nothing else may change; say so, or tell what else the text fills. The
  // position reader admits such a square only under escort-directions=facing, holding a stone of
  // the other colour: a fill of the other colour's replaced the mover's stone there and left the
  // mover's escorts of it standing.
  Position after = p;
  reference_apply(after, static_cast<Move>(cell));
  std::string elsewhere;
  for (int other = 0; other < p.n() * p.n(); ++other) {
    const auto i = static_cast<std::size_t>(other);
    if (other == cell || after.cells[i] == placed.cells[i]) continue;
    const auto e = escorts(p.rules, mover, other / p.n(), other % p.n());
    const bool listed = std::any_of(e.begin(), e.end(), [&](const Escort& x) { return x.row == row && x.col == col; });
    if (!listed) elsewhere += examine_square(placed, mover, other / p.n(), other % p.n());
  }
  if (!elsewhere.empty()) {
    const std::string other_colour = colour_word(1 - mover);
    out += "  Elsewhere, squares whose escorts already were both " + colour_word(mover) + " are filled too (a " + other_colour +
           " fill replaced the " + colour_word(mover) + " stone there but left its " + colour_word(mover) +
           " escorts standing: under escort-directions=facing the colours read the escorts differently):\n" + elsewhere;
  }
  return out;
}

std::string explain_result(const Position& after, int mover) {
  std::string out = "3. Win check: ";
  const Outcome outcome = evaluate_outcome(after);
  for (int side : {mover, 1 - mover}) {
    const std::vector<int> chain = winning_chain(after, side);
    if (side != mover) out += "   ";
    if (chain.empty()) {
      out += std::string(side_name(side)) + " has no chain of orthogonally adjacent stones joining " + edges_of(after, side) + ".\n";
      continue;
    }
    out += std::string(side_name(side)) + "'s chain";
    for (std::size_t i = 0; i < chain.size(); ++i) out += (i == 0 ? " " : "-") + square_name(after, chain[i]);
    out += " joins " + edges_of(after, side) + ".\n";
  }
  if (outcome.kind == Outcome::Kind::Win) return out + std::string(side_name(outcome.winner)) + " wins.\n";
  if (outcome.kind == Outcome::Kind::Draw) return out + "The board is full and nobody has a chain: the game is drawn.\n";
  return out + "Next: " + status_text(after) + ".\n";
}

std::string explain_swap(const Position& p) {
  Position after = p;
  reference_apply(after, kSwapMove);
  if (p.rules.pie == PieMode::SwapSides) {
    const bool passed = std::all_of(p.cells.begin(), p.cells.end(), [](std::uint8_t stone) { return stone == kEmpty; });
    return "White takes the pie swap instead of placing a stone (pie=swap-sides): the two players exchange colours.\n" +
           std::string(passed ? "The board stays empty (Black passed); the player who passed now plays White and moves next.\n"
                              : "The stones stay as they are; the player who placed the first black stone now plays White and moves next.\n") +
           "Next: " + status_text(after) + ".\n";
  }
  std::string moved;
  for (int cell = 0; cell < p.n() * p.n(); ++cell) {
    const std::uint8_t stone = p.cells[static_cast<std::size_t>(cell)];
    if (stone == kEmpty) continue;
    const int mirror = (cell % p.n()) * p.n() + cell / p.n();
    moved += " the " + std::string(stone == kBlackStone ? "black" : "white") + " stone on " + square_name(p, cell) +
             " becomes a " + (stone == kBlackStone ? "white" : "black") + " stone on " + square_name(p, mirror) + ";";
  }
  return "White takes the pie swap instead of placing a stone (pie=mirror): each stone is replaced by one of the other colour "
         "on its mirror square across the a1 diagonal;" + (moved.empty() ? std::string(" there are no stones;") : moved) +
         "\nso the player who moved first keeps Black and moves next, as Hex's stone-mirroring swap does.\n"
         "Next: " + status_text(after) + ".\n";
}

}  // namespace

std::string explain(const Position& p, Move m) {
  const int mover = p.side;
  const std::string heading = std::string(side_name(mover)) + " to move at ply " + std::to_string(p.ply) + ": " +
                              move_text(p, m) + "\n";
  const std::string reason = why_illegal(p, m);
  if (!reason.empty()) return heading + "Illegal: " + reason + ".\n";
  if (m == kSwapMove) return heading + explain_swap(p);
  Position after = p;
  reference_apply(after, m);
  if (m == kPassMove) {
    std::string out = heading + std::string(side_name(mover)) + " passes (pass=allowed).\n";
    if (after.passes >= 2) return out + "That is the second pass in a row: the game ends in a draw.\n";
    return out + "Next: " + status_text(after) + ".\n";
  }
  return heading + explain_placement(p, static_cast<int>(m)) + explain_result(after, mover);
}

}  // namespace arbiter::brique

#include "model/brique/reference.hpp"

#include <algorithm>
#include <deque>
#include <utility>

namespace arbiter::brique {

Position Position::initial(const Rules& rules) {
  Position position;
  position.rules = rules;
  position.cells.assign(static_cast<std::size_t>(rules.n * rules.n), kEmpty);
  return position;
}

bool Position::has_empty_square() const {
  return std::find(cells.begin(), cells.end(), kEmpty) != cells.end();
}

namespace {

// Black's edges are the top and bottom rows, White's the left and right columns.
bool on_first_edge(const Position& p, int side, int cell) {
  return side == kBlack ? cell / p.n() == 0 : cell % p.n() == 0;
}
bool on_second_edge(const Position& p, int side, int cell) {
  return side == kBlack ? cell / p.n() == p.n() - 1 : cell % p.n() == p.n() - 1;
}

}  // namespace

std::vector<int> winning_chain(const Position& p, int side) {
  // Breadth-first search from every stone on the first edge through orthogonal neighbours of
  // the same colour; the first stone reached on the second edge ends a shortest chain.
  const int cells = p.n() * p.n();
  const std::uint8_t stone = stone_of(side);
  std::vector<int> came_from(static_cast<std::size_t>(cells), -2);
  std::deque<int> queue;
  for (int cell = 0; cell < cells; ++cell) {
    if (p.cells[static_cast<std::size_t>(cell)] == stone && on_first_edge(p, side, cell)) {
      came_from[static_cast<std::size_t>(cell)] = -1;
      queue.push_back(cell);
    }
  }
  while (!queue.empty()) {
    const int cell = queue.front();
    queue.pop_front();
    if (on_second_edge(p, side, cell)) {
      std::vector<int> chain;
      for (int at = cell; at != -1; at = came_from[static_cast<std::size_t>(at)]) chain.push_back(at);
      std::reverse(chain.begin(), chain.end());
      return chain;
    }
    const int row = cell / p.n(), col = cell % p.n();
    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& step : steps) {
      const int r = row + step[0], c = col + step[1];
      if (!p.on_board(r, c)) continue;
      const int next = p.index(r, c);
      if (p.cells[static_cast<std::size_t>(next)] != stone || came_from[static_cast<std::size_t>(next)] != -2) continue;
      came_from[static_cast<std::size_t>(next)] = cell;
      queue.push_back(next);
    }
  }
  return {};
}

bool connects(const Position& p, int side) {
  // Flood from the stones on the first edge through orthogonal neighbours of the same colour.
  const int cells = p.n() * p.n();
  const std::uint8_t stone = stone_of(side);
  std::vector<char> reached(static_cast<std::size_t>(cells), 0);
  std::vector<int> frontier;
  for (int cell = 0; cell < cells; ++cell) {
    if (p.cells[static_cast<std::size_t>(cell)] == stone && on_first_edge(p, side, cell)) {
      reached[static_cast<std::size_t>(cell)] = 1;
      frontier.push_back(cell);
    }
  }
  while (!frontier.empty()) {
    const int cell = frontier.back();
    frontier.pop_back();
    if (on_second_edge(p, side, cell)) return true;
    const int row = cell / p.n(), col = cell % p.n();
    for (const auto& [r, c] : {std::pair{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}}) {
      if (!p.on_board(r, c)) continue;
      const auto next = static_cast<std::size_t>(p.index(r, c));
      if (p.cells[next] != stone || reached[next]) continue;
      reached[next] = 1;
      frontier.push_back(static_cast<int>(next));
    }
  }
  return false;
}

Outcome evaluate_outcome(const Position& p) {
  const int last_mover = 1 - p.side;
  if (connects(p, last_mover)) return Outcome::win(last_mover);
  if (connects(p, p.side)) return Outcome::win(p.side);
  if (!p.has_empty_square() || p.passes >= 2) return Outcome::draw();
  return Outcome::ongoing();
}

std::vector<int> fillable_squares(const Position& p, int side) {
  std::vector<int> squares;
  const std::uint8_t stone = stone_of(side);
  for (int row = 0; row < p.n(); ++row) {
    for (int col = 0; col < p.n(); ++col) {
      const std::uint8_t here = p.at(row, col);
      if (here == stone) continue;
      if (p.rules.fill == FillMode::KeepEnemy && here != kEmpty) continue;
      // "Some squares on the edge of the board have only one escort or no escorts at all.
      // These squares are not affected by this rule."
      bool both_friendly = true;
      for (const Escort& e : escorts(p.rules, side, row, col)) {
        both_friendly = both_friendly && p.on_board(e.row, e.col) && p.at(e.row, e.col) == stone;
      }
      if (both_friendly) squares.push_back(p.index(row, col));
    }
  }
  return squares;
}

bool swap_available(const Position& p) {
  return p.rules.pie != PieMode::Off && p.ply == 1 && !p.swapped && p.side == kWhite;
}

std::string why_illegal(const Position& p, Move m) {
  const Outcome outcome = evaluate_outcome(p);
  if (outcome.over()) return "the game is over";
  if (m == kSwapMove) {
    if (p.rules.pie == PieMode::Off) return "the pie rule is off (pie=off)";
    if (p.swapped) return "the pie swap was already taken";
    if (p.ply != 1) return "the pie swap is allowed only on White's first turn (ply 1), this is ply " + std::to_string(p.ply);
    return "";
  }
  if (m == kPassMove) {
    if (!p.rules.pass_allowed) return "a player must place a stone on his turn; passing is not allowed (pass=never)";
    return "";
  }
  if (m >= p.cells.size()) return "no such square";
  if (p.cells[m] != kEmpty) {
    return std::string("the square holds a ") + (p.cells[m] == kBlackStone ? "black" : "white") +
           " stone; stones are placed on empty squares only";
  }
  return "";
}

void reference_legal_moves(const Position& p, std::vector<Move>& out) { reference_legal_moves(p, evaluate_outcome(p), out); }

void reference_legal_moves(const Position& p, const Outcome& outcome, std::vector<Move>& out) {
  out.clear();
  if (outcome.over()) return;
  for (std::size_t cell = 0; cell < p.cells.size(); ++cell) {
    if (p.cells[cell] == kEmpty) out.push_back(static_cast<Move>(cell));
  }
  if (swap_available(p)) out.push_back(kSwapMove);
  if (p.rules.pass_allowed) out.push_back(kPassMove);
}

void mirror_stones(Position& p) {
  Position mirrored = p;
  for (int row = 0; row < p.n(); ++row) {
    for (int col = 0; col < p.n(); ++col) {
      const std::uint8_t stone = p.at(row, col);
      const std::uint8_t other = stone == kEmpty ? kEmpty : stone == kBlackStone ? kWhiteStone : kBlackStone;
      mirrored.cells[static_cast<std::size_t>(p.index(col, row))] = other;
    }
  }
  p.cells = mirrored.cells;
}

void reference_apply(Position& p, Move m) {
  const int mover = p.side;
  if (m == kPassMove) {
    ++p.passes;
  } else if (m == kSwapMove) {
    // "White will have the option, on his first turn only, to change sides."
    p.swapped = true;
    p.passes = 0;
    if (p.rules.pie == PieMode::Mirror) mirror_stones(p);
  } else {
    p.passes = 0;
    // "A player must place one stone of his color on an empty point."
    p.cells[m] = stone_of(mover);
    // "If the two escorts of one or more squares are occupied by friendly stones and said squares
    // aren't occupied by friendly stones yet, the player must place a stone of his color on each
    // one of them. Any enemy stones already placed there are removed first."
    for (;;) {
      const std::vector<int> squares = fillable_squares(p, mover);
      for (int square : squares) p.cells[static_cast<std::size_t>(square)] = stone_of(mover);
      if (squares.empty() || p.rules.fill != FillMode::Repeat) break;
    }
  }
  ++p.ply;
  p.side = p.rules.side_to_move(p.ply, p.swapped);
}

}  // namespace arbiter::brique

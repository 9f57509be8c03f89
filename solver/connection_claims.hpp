#pragma once
// Claims every two-colour connection game on an n x n square board shares: Black joins the top
// and bottom rows, White the left and right columns, with orthogonal chains. A game supplies the
// constraints its boards satisfy (its end-of-turn invariant); the rest is generic.
#include <functional>

#include "solver/z3_encoding.hpp"

namespace arbiter::smt {

using BoardConstraint = std::function<void(Encoding&, const SymbolicBoard&)>;

// Black has an orthogonal chain from the top row to the bottom row, returned as its cells.
std::vector<z3::expr> require_black_chain(Encoding& encoding, const SymbolicBoard& board);
std::vector<z3::expr> require_white_chain(Encoding& encoding, const SymbolicBoard& board);

// "A full board satisfying `invariant` has a winner" (no draw). With no_checkerboard_follows the
// reachability is also closed across diagonals, which is sound because the caller's invariant rules
// out 2x2 checkerboards on a full board (the game proves that as a separate lemma claim); it makes
// the refutation several times faster.
Verdict decide_full_board_has_winner(int n, const BoardConstraint& invariant, bool no_checkerboard_follows,
                                     double timeout_seconds);

// "Two winners never coexist": no board at all (any stones, empty cells allowed) holds both a
// black chain and a white chain.
Verdict decide_no_two_winners(int n, double timeout_seconds);

}  // namespace arbiter::smt

// ---- implementation (header-only: the game libraries use it and cannot link solver/) ----

namespace arbiter::smt {
namespace {

inline std::vector<int> row_cells(int n, int r) {
  std::vector<int> cells;
  for (int c = 0; c < n; ++c) cells.push_back(r * n + c);
  return cells;
}

inline std::vector<int> column_cells(int n, int c) {
  std::vector<int> cells;
  for (int r = 0; r < n; ++r) cells.push_back(r * n + c);
  return cells;
}

inline std::string full_board_diagram(const Encoding& encoding, const SymbolicBoard& board, const std::string& what) {
  const auto cells = board.cells(encoding);
  return square_board_diagram(board.n, cells, square_board_status(count_stones(cells), true)) + "(" + what + ")\n";
}

}  // namespace

inline std::vector<z3::expr> require_black_chain(Encoding& encoding, const SymbolicBoard& board) {
  const int n = board.n;
  if (n == 1) {
    encoding.require(board.black[0]);
    return {board.black[0]};
  }
  return require_path(encoding, square_grid_graph(n), board.black, row_cells(n, 0), row_cells(n, n - 1), "blackchain");
}

inline std::vector<z3::expr> require_white_chain(Encoding& encoding, const SymbolicBoard& board) {
  const int n = board.n;
  if (n == 1) {
    encoding.require(board.white[0]);
    return {board.white[0]};
  }
  return require_path(encoding, square_grid_graph(n), board.white, column_cells(n, 0), column_cells(n, n - 1),
                      "whitechain");
}

inline Verdict decide_full_board_has_winner(int n, const BoardConstraint& invariant, bool no_checkerboard_follows,
                                            double timeout_seconds) {
  Encoding draw(Encoding::Engine::Sat);
  const SymbolicBoard board = SymbolicBoard::fresh(draw, n, "full", true);
  invariant(draw, board);
  if (no_checkerboard_follows) require_no_checkerboard(draw, n, board.black);
  require_full_board_without_winner(draw, n, board.black, no_checkerboard_follows);
  const auto answer = draw.check(timeout_seconds);
  return draw.verdict(answer, [&](Verdict& v) {
    v.counterexample = full_board_diagram(draw, board, "a full board without a winner");
  });
}

inline Verdict decide_no_two_winners(int n, double timeout_seconds) {
  Encoding encoding;
  const SymbolicBoard board = SymbolicBoard::fresh(encoding, n, "board");
  require_black_chain(encoding, board);
  require_white_chain(encoding, board);
  const auto answer = encoding.check(timeout_seconds);
  return encoding.verdict(answer, [&](Verdict& v) {
    const auto cells = board.cells(encoding);
    v.counterexample = square_board_diagram(n, cells, square_board_status(count_stones(cells), true)) +
                       "(a board with a black and a white chain)\n";
  });
}

}  // namespace arbiter::smt

namespace arbiter::smt {

// Neither colour has a winning chain on the board (two closed sets).
inline void require_no_winner(Encoding& encoding, const SymbolicBoard& board) {
  const int n = board.n;
  std::vector<int> top, bottom, left, right;
  for (int k = 0; k < n; ++k) {
    top.push_back(k);
    bottom.push_back((n - 1) * n + k);
    left.push_back(k * n);
    right.push_back(k * n + n - 1);
  }
  const Graph grid = square_grid_graph(n);
  require_no_path(encoding, grid, board.black, top, bottom, "noblackchain");
  require_no_path(encoding, grid, board.white, left, right, "nowhitechain");
}

}  // namespace arbiter::smt

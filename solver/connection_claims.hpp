#pragma once
// Claims every two-colour connection game on an n x n square board shares: Black joins the top
// and bottom rows, White the left and right columns, with orthogonal chains. A game supplies the
// constraints its boards satisfy (its end-of-turn invariant); the rest is generic.
#include <algorithm>
#include <compare>
#include <functional>
#include <map>
#include <utility>

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

// The board of a found model as a square-board diagram with its status line.
std::string board_diagram(const Encoding& encoding, const SymbolicBoard& board, bool black_to_move);

// Runs a turn check once for each mover within one time budget; the claim holds only if it holds
// for both (a refutation with Black moving is not checked again with White).
Verdict for_both_movers(const std::function<Verdict(bool mover_black, double timeout)>& check, double timeout);

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

inline std::string board_diagram(const Encoding& encoding, const SymbolicBoard& board, bool black_to_move) {
  const auto cells = board.cells(encoding);
  return square_board_diagram(board.n, cells, square_board_status(count_stones(cells), black_to_move));
}

inline Verdict for_both_movers(const std::function<Verdict(bool mover_black, double timeout)>& check, double timeout) {
  std::vector<Verdict> parts;
  for (bool mover_black : {true, false}) {
    double used = 0;
    for (const auto& p : parts) used += p.seconds;
    parts.push_back(check(mover_black, std::max(0.001, timeout - used)));
    if (parts.back().kind == Verdict::Kind::Refuted || interrupted()) break;  // stopped: no second encoding to build
  }
  return combine(parts);
}

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

namespace arbiter::smt {

// "No draw" on EVERY board size, for full boards without a 2x2 checkerboard, by an interface-parity
// argument (Gale's proof of the Hex theorem, counted instead of walked):
//  * Without a winner, let T hold the black cells joined to the top row and the white cells joined
//    to the left column. Without checkerboards T is closed under same-colour steps in all eight
//    directions; it holds every black top-row and white left-column cell and no black bottom-row or
//    white right-column cell.
//  * Frame the board with fixed cells: a black T row above, a black non-T row below, a white T
//    column to the left, a white non-T column to the right (corners: black; T on top).
//  * An "interface" is a side shared by two orthogonally adjacent cells of which exactly one is in
//    T; call it black when that cell is black. Z3 checks that around every corner point of the
//    framed board an even number of black interfaces meet: every window of four cells, of every
//    kind that occurs on any board size from 2 up (all kinds occur by size 4: a window's kind
//    depends only on which of its rows and columns are frame, first, last or neither). On 1x1 the
//    single cell is a chain whatever its colour, and its window constraints are contradictory.
//  * Summing over the corner points counts every black interface twice, except those between two
//    frame cells, which touch the outside once; the frame holds exactly one (top-right corner). An
//    odd total cannot be a sum of even numbers, so T cannot exist: some colour has a chain.
// no_checkerboard=false drops what the no-checkerboard lemma provides (no checkerboard window, T
// closed across diagonals): for the tests, which check that a window is then refuted.
inline Verdict decide_interface_parity_lemma(double timeout_seconds, bool no_checkerboard = true) {
  std::vector<Verdict> parts;
  z3::context& ctx = shared_context();
  int windows = 0, impossible_windows = 0, frame_interfaces = 0;
  for (int n = 2; n <= 4; ++n) {
    const auto inside = [&](int r, int c) { return r >= 0 && c >= 0 && r < n && c < n; };
    // Cells of the framed board, rows and columns -1..n.
    struct Cell {
      z3::expr black, in_t;
    };
    const auto frame_cell = [&](int r, int c) -> Cell {
      if (r == -1) return {ctx.bool_val(true), ctx.bool_val(true)};
      if (r == n) return {ctx.bool_val(true), ctx.bool_val(false)};
      if (c == -1) return {ctx.bool_val(false), ctx.bool_val(true)};
      return {ctx.bool_val(false), ctx.bool_val(false)};  // c == n
    };
    // The side between x and y is a black interface.
    const auto interface = [](const Cell& x, const Cell& y) {
      return (x.in_t && !y.in_t && x.black) || (y.in_t && !x.in_t && y.black);
    };
    // Black interfaces between two frame cells (each touches the outside once).
    frame_interfaces = 0;
    const auto frame_side = [&](int r, int c, int r2, int c2) {
      return static_cast<int>(interface(frame_cell(r, c), frame_cell(r2, c2)).simplify().is_true());
    };
    for (int r = -1; r <= n; ++r)
      for (int c = -1; c <= n; ++c) {
        if (inside(r, c)) continue;
        if (c + 1 <= n && !inside(r, c + 1)) frame_interfaces += frame_side(r, c, r, c + 1);
        if (r + 1 <= n && !inside(r + 1, c)) frame_interfaces += frame_side(r, c, r + 1, c);
      }
    if (frame_interfaces % 2 != 1) {
      return Verdict::unknown("the frame of size " + std::to_string(n) + " has " + std::to_string(frame_interfaces) +
                              " black interfaces, not an odd number: the argument does not apply");
    }
    for (int vr = 0; vr <= n; ++vr)
      for (int vc = 0; vc <= n; ++vc) {
        // The window's constraints; with_odd adds "an odd number of black interfaces meet here".
        const auto build = [&](Encoding& window, bool with_odd) {
          std::map<std::pair<int, int>, Cell> cells;
          for (int r = vr - 1; r <= vr; ++r)
            for (int c = vc - 1; c <= vc; ++c) {
              if (!inside(r, c)) {
                cells.emplace(std::make_pair(r, c), frame_cell(r, c));
                continue;
              }
              Cell cell{window.fresh_bool("black"), window.fresh_bool("in_t")};
              if (r == 0) window.require(z3::implies(cell.black, cell.in_t));
              if (r == n - 1) window.require(z3::implies(cell.black, !cell.in_t));
              if (c == 0) window.require(z3::implies(!cell.black, cell.in_t));
              if (c == n - 1) window.require(z3::implies(!cell.black, !cell.in_t));
              cells.emplace(std::make_pair(r, c), cell);
            }
          const auto at = [&](int r, int c) -> const Cell& { return cells.at({vr - 1 + r, vc - 1 + c}); };
          const auto on_board = [&](int p) { return inside(vr - 1 + p / 2, vc - 1 + p % 2); };
          // Closure of T between board cells of the window (all four are pairwise 8-adjacent).
          for (int p = 0; p < 4; ++p)
            for (int q = 0; q < 4; ++q) {
              if (p == q || !on_board(p) || !on_board(q)) continue;
              if (!no_checkerboard && p + q == 3) continue;  // 0-3 and 1-2 are the diagonals
              const Cell& x = at(p / 2, p % 2);
              const Cell& y = at(q / 2, q % 2);
              window.require(z3::implies(x.in_t && (x.black == y.black), y.in_t));
            }
          if (no_checkerboard && on_board(0) && on_board(1) && on_board(2) && on_board(3)) {
            const z3::expr tl = at(0, 0).black, tr = at(0, 1).black, bl = at(1, 0).black, br = at(1, 1).black;
            window.require(!(tl && br && !tr && !bl));
            window.require(!(!tl && !br && tr && bl));
          }
          if (with_odd) {
            window.require(interface(at(0, 0), at(0, 1)) ^ interface(at(1, 0), at(1, 1)) ^
                           interface(at(0, 0), at(1, 0)) ^ interface(at(0, 1), at(1, 1)));
          }
        };
        // A window whose constraints alone are contradictory cannot occur at all (on 2x2 the centre
        // window is the whole board); counted, so that a vacuous check would show.
        Encoding consistent(Encoding::Engine::Sat);
        build(consistent, false);
        const auto possible = consistent.check(std::max(1.0, timeout_seconds));
        if (possible == Encoding::Answer::Unknown) return Verdict::unknown("a window check: " + consistent.unknown_reason());
        ++windows;
        if (possible == Encoding::Answer::NoCounterexample) ++impossible_windows;
        Encoding window(Encoding::Engine::Sat);
        build(window, true);
        double used = 0;
        for (const auto& p : parts) used += p.seconds;
        parts.push_back(window.verdict(window.check(std::max(0.001, timeout_seconds - used)), [&](Verdict& v) {
          v.counterexample = "a window at corner point (" + std::to_string(vr) + "," + std::to_string(vc) +
                             ") of the framed " + std::to_string(n) + "x" + std::to_string(n) +
                             " board where an odd number of black interfaces meet\n";
          v.counterexample_size = n;
        }));
        if (parts.back().kind != Verdict::Kind::Proved) return combine(parts);
      }
  }
  Verdict v = combine(parts);
  v.note = std::to_string(windows) + " windows (every corner point of the framed 2x2, 3x3 and 4x4 boards), " +
           std::to_string(impossible_windows) + " of them impossible on their own; the frame holds " +
           std::to_string(frame_interfaces) + " black interface" + (frame_interfaces == 1 ? "" : "s");
  return v;
}

}  // namespace arbiter::smt

namespace arbiter::smt {

// "A full board satisfying the invariant has a winner" on every board size, for a square connection
// game whose end-of-turn invariant rules out 2x2 checkerboards on a full board, as the game's own
// lemma claim decides. It says nothing about which boards play reaches: the game-level no-draw
// claims combine it with the invariant's and the turns' premises.
inline Claim full_board_winner_every_size_claim(const std::string& source,
                                                const std::function<Verdict(const Game&, double)>& no_checkerboard_lemma) {
  return {"full-board-winner-every-size",
          "A full board satisfying the invariant has a winner, on EVERY board size: no-checkerboard-lemma, then an "
          "interface-parity count around every corner point, each kind of window checked by Z3 (docs/proofs.md).",
          source, true, [no_checkerboard_lemma](const Game& game, double timeout) {
            const Verdict lemma = no_checkerboard_lemma(game, timeout);
            if (lemma.kind != Verdict::Kind::Proved) return lemma;
            const Verdict parity = decide_interface_parity_lemma(std::max(0.001, timeout - lemma.seconds));
            Verdict both = combine({lemma, parity});
            both.note = parity.note;
            return both;
          }};
}

// Lemmas about every board size by windows: a lemma about a cell that reads only the cells within
// `radius` of it (Chebyshev distance) depends on the board only through the cell's kind: its
// distance to each edge, capped at radius, and its shade. Every kind that occurs on a board of any
// size from 2 up occurs on one of the sizes 2 .. 2*radius+3 (docs/proofs.md gives the mapping;
// tests check larger sizes), so deciding one representative per kind decides every cell of every
// board.
struct WindowKind {
  int up = 0, down = 0, left = 0, right = 0, shade = 0;
  auto operator<=>(const WindowKind&) const = default;
};

inline WindowKind window_kind(int n, int cell, int radius) {
  const int r = cell / n, c = cell % n;
  return {std::min(r, radius), std::min(n - 1 - r, radius), std::min(c, radius), std::min(n - 1 - c, radius),
          (r + c) % 2};
}

struct WindowRepresentative {
  int n = 0, cell = 0;
  WindowKind kind;
};

inline int window_representative_sizes(int radius) { return 2 * radius + 3; }

inline std::vector<WindowRepresentative> window_representatives(int radius) {
  std::map<WindowKind, WindowRepresentative> first;
  for (int n = 2; n <= window_representative_sizes(radius); ++n)
    for (int cell = 0; cell < n * n; ++cell) {
      const WindowKind kind = window_kind(n, cell, radius);
      first.try_emplace(kind, WindowRepresentative{n, cell, kind});
    }
  std::vector<WindowRepresentative> out;
  for (const auto& entry : first) out.push_back(entry.second);
  return out;
}

inline std::string window_kind_text(const WindowKind& k) {
  return "edge distances up " + std::to_string(k.up) + ", down " + std::to_string(k.down) + ", left " +
         std::to_string(k.left) + ", right " + std::to_string(k.right) + " (capped), shade " + std::to_string(k.shade);
}

}  // namespace arbiter::smt

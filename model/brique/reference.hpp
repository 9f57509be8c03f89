#pragma once
// A Brique position as plain data, and the rules read straight off the text: whole-board scans
// for the fill rule and for the win, no tables, no incremental state. The reference
// implementation plays on this; notation, explain and drawing read it; the fast engine converts
// to and from it only at the edges (parsing, printing), never in its inner loop.
#include <cstdint>
#include <string>
#include <vector>

#include "model/brique/rules.hpp"

namespace arbiter::brique {

struct Position {
  Rules rules;
  std::vector<std::uint8_t> cells;  // row-major, kEmpty / kBlackStone / kWhiteStone
  int side = kBlack;                // the side to move (in a finished game: the side that would move next)
  int ply = 0;                      // moves played so far, swap and passes included
  bool swapped = false;             // the pie swap was taken
  int passes = 0;                   // passes in a row just played (2 ends the game when passing is allowed)

  static Position initial(const Rules& rules);
  int n() const { return rules.n; }
  int index(int row, int col) const { return row * rules.n + col; }
  bool on_board(int row, int col) const { return row >= 0 && col >= 0 && row < rules.n && col < rules.n; }
  std::uint8_t at(int row, int col) const { return cells[static_cast<std::size_t>(index(row, col))]; }
  bool has_empty_square() const;
  bool operator==(const Position&) const = default;
};

// Does `side` have a chain of orthogonally adjacent stones touching both of its edges?
bool connects(const Position& position, int side);
// A shortest such chain, edge to edge (empty if none); explain prints it.
std::vector<int> winning_chain(const Position& position, int side);
// The result from the stones alone: a chain wins (the side that just moved is asked first), a
// full board or two passes in a row without a chain is a draw.
Outcome evaluate_outcome(const Position& position);

// The squares the fill rule gives to `side` right now: both escorts on the board and held by
// `side`, the square itself not yet `side`'s (and empty, under fill=keep-enemy).
std::vector<int> fillable_squares(const Position& position, int side);

bool swap_available(const Position& position);
// Why m is not legal here, or "" if it is.
std::string why_illegal(const Position& position, Move m);
void reference_legal_moves(const Position& position, std::vector<Move>& out);
// The same when the outcome (evaluate_outcome(position)) is known.
void reference_legal_moves(const Position& position, const Outcome& outcome, std::vector<Move>& out);
// Plays m (which must be legal) as the text describes a turn.
void reference_apply(Position& position, Move m);
// The pie swap under pie=mirror: each stone becomes the other colour on its mirror square.
void mirror_stones(Position& position);

}  // namespace arbiter::brique

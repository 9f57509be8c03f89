#pragma once
// Brique's printed forms (docs/notation/brique.md): diagram, one-line form, moves. Every printed
// form reads back to the identical position; everything a user can mistype is an InputError.
#include <string>
#include <string_view>
#include <vector>

#include "model/brique/reference.hpp"

namespace arbiter {
const GameDescriptor& brique_game();
}

namespace arbiter::brique {

inline const char* side_name(int side) { return side == kBlack ? "Black" : "White"; }

Config to_config(const Rules& rules);

// "swapped" after the pie swap, "passed" or "passed twice" after passes: what the status line
// says besides the side to move or result and the ply.
std::vector<std::string> status_notes(const Position& position);
std::string status_text(const Position& position);
std::string diagram(const Position& position);
std::string line(const Position& position);
// State::equivalence_text: the one-line form up to what the key leaves out, as the futures do not
// depend on it (docs/solver.md, "Keys and symmetries"): no ply and no "swapped" mark, but
// "swap-available" while the pie swap is still legal. Does not read back.
std::string equivalence_line(const Position& position);
// Reads a diagram or a one-line form and checks that a game under `rules` can reach it.
Position parse_position(const Rules& rules, std::string_view text);
// The board size a diagram implies (its row count).
int diagram_size(std::string_view text);

std::string square_name(const Position& position, int cell);
std::string move_text(const Position& position, Move m);
std::string move_text(int side_length, Move m);  // the same: a move's text depends on the board's size only
// Malformed text, off-board squares and illegal moves are InputErrors that say why.
Move parse_move(const Position& position, std::string_view text);
// The same without the legality check: only malformed text and off-board squares are errors.
Move read_move(const Position& position, std::string_view text);

}  // namespace arbiter::brique

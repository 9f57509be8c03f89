#pragma once
// Quentin's printed forms (docs/notation/quentin.md, shared with Brique through
// SQUARE_NOTATION.md): the diagram, the one-line form and move names. Both implementations print
// and read through these functions, so they cannot drift apart.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"
#include "model/quentin/rules.hpp"

namespace arbiter::quentin {

// "White to move, ply 1", "Black wins, ply 9, swapped", "Draw, ply 30".
std::string status_text(const Position& position, const Outcome& outcome);
// What status_text says besides the side to move or result and the ply: "swapped" after the swap.
std::vector<std::string> status_notes(const Position& position);
// State::puzzle_notes: status_notes and "swap available" where the pie swap is legal.
std::vector<std::string> puzzle_notes(const State& state, const Position& position);
std::string diagram_text(const Position& position, const Outcome& outcome);
std::string line_text(const Game& game, const Position& position);
// State::equivalence_text: the one-line form up to what the key leaves out, as the futures do not
// depend on it (docs/solver.md, "Keys and symmetries"): no ply and no "swapped" mark, but
// "swap-available" where `swap_available` (the pie swap is legal). Does not read back.
std::string equivalence_line_text(const Game& game, const Position& position, bool swap_available);

// The board size a diagram implies (its number of rows); throws InputError.
int diagram_rows(std::string_view text);

// Reads a diagram or a one-line form for this configured game and checks that the position can
// occur at the end of a turn (no territory left unfilled, no unsupported diagonal pair, a status
// that agrees with the stones). Throws InputError.
Position read_position(const Game& game, const Rules& rules, std::string_view text);

// The stones, ply and swap of a printed position, without the checks of read_position (for
// properties that test those very invariants). Throws InputError.
Position read_stones(const Game& game, std::string_view text);

std::string move_name(int size, Move move);
// Reads the words of a move (a point on the board, "swap" or "pass") without judging legality.
Move read_move_words(const Position& position, std::string_view text);
// Reads a move and checks it is legal here; throws InputError naming the reason otherwise.
Move read_move(const Rules& rules, const Position& position, const Outcome& outcome, std::string_view text);

// The account of a move for arbiters (explain.cpp) and the picture of a position (drawing.cpp).
std::string explain_move(const Rules& rules, const Position& position, const Outcome& outcome, Move move);
Drawing draw_position(const Position& position, const Outcome& outcome);
// The point a placement takes on draw_position(); nothing for the swap and a pass.
std::optional<MoveAnchor> draw_anchor(int size, Move move);
// The points a placement's territory fills took besides its own, from the positions before and after it.
MoveTrace draw_trace(const Position& before, const Position& after, Move move);
// The territories the move filled, for State::move_words: "fills d1, d2 and e2 with black stones".
std::string fill_words(const Position& before, const Position& after, Move move);

}  // namespace arbiter::quentin

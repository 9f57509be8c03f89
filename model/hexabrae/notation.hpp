#pragma once
// Hexabrae notation; the formats are documented in docs/notation/hexabrae.md.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "model/hexabrae/engine.hpp"

namespace arbiter::hexabrae {

inline constexpr std::array<const char*, 2> kSideName = {"White", "Black"};

// Orientation labels: axial "0" "1" "2" (o itself), or clock "2" "1" "3" (H-10 orientation-numbers).
std::string orientation_label(int o, bool clock);
int parse_orientation_label(std::string_view text, bool clock);  // -1 if none
// The labels under the ruling in force, and what the other ruling makes them (for error messages).
std::string orientation_labels_text(bool clock);

std::string move_text(const HexBoard& board, const MoveParts& parts, bool clock);
// Syntax only (fields on the board, orientation labels); throws InputError.
MoveParts parse_move_syntax(const HexBoard& board, std::string_view text, bool clock);

// What status_text says besides the side to move, the ply and the result: "passes 1" or
// "passes 2" after passes in a row.
std::vector<std::string> status_notes(const Position& pos);
// "White to move, ply 3, passes 1"; a finished game's leads with its result and, when given, why it
// ended ("White wins, enclosure, ply 7"): it has no side to move (at ply N the side that would move
// next is White for an even N, Black for an odd one, which a reader recovers).
std::string status_text(const Position& pos, const std::string& end_reason = "");
std::string diagram_text(const HexBoard& board, const Position& pos, bool clock, const std::string& end_reason = "");
std::vector<std::string> line_body(const HexBoard& board, const Position& pos, bool clock);

// The positions since the last placement before this one, each as its side to move and the fields
// where it differs from this one, sorted: the history as the repetition rule sees it, order left out.
std::vector<std::string> earlier_positions(const HexBoard& board, const Position& pos, bool clock);

// Readers; they fill cells, placed, side, ply, passes, a stated outcome and the history since the
// last placement (used by the repetition rule); throw InputError. any_pieces: pieces=any (H-11), so
// the history may move either side's pieces.
Position parse_line_body(const HexBoard& board, const std::vector<std::string>& body, bool clock, int ply_cap,
                         std::string_view whole, bool any_pieces = false);
// `end_reason`, when given, receives why a finished game's status line says it ended ("" if it says
// nothing), for the caller to check against the position.
Position parse_diagram(const HexBoard& board, std::string_view text, bool clock, int ply_cap, bool any_pieces = false,
                       std::string* end_reason = nullptr);
int diagram_radius(std::string_view text);  // throws InputError

// Throws InputError ("no game reaches this position: ...") when the position as read breaks a
// condition every position reached by play meets under these rulings: the side to move by the
// ply, pieces by the turns to place them, passes only without an action, the history's passes and
// repetitions, the stated result by the board (reachability.cpp).
void check_reachable(const Rules& rules, const Position& read);

}  // namespace arbiter::hexabrae

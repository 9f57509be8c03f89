#pragma once
// The two implementations of Brique behind the State interface. Both print, parse, explain and
// draw through the plain Position (notation.hpp, explain.hpp); they differ only in how they play.
#include <memory>

#include "model/brique/reference.hpp"
#include "model/core/game.hpp"

namespace arbiter::brique {

class BriqueState : public State {
 public:
  // The position as plain data; used for printing and explaining, never in the playing loop.
  virtual Position snapshot() const = 0;

  std::string move_text(Move m) const override;
  Move parse_move(std::string_view text) const override;
  std::string diagram() const override;
  std::string line() const override;
  // line() without the ply and the swap mark, which the key leaves out (notation.hpp).
  std::string equivalence_text() const override;
  Drawing drawing() const override;
  std::optional<MoveAnchor> move_anchor(Move m) const override;
  // The squares a placement's fills took besides its own (an enemy stone a fill turns among them).
  MoveTrace move_trace(Move m) const override;
  std::string move_words(Move m) const override;
  bool exchanges_players(Move m) const override;  // the swap under pie=swap-sides
  std::vector<std::string> status_notes() const override;
  // status_notes and "swap available" where the pie swap is legal.
  std::vector<std::string> puzzle_notes() const override;
  std::string explain(Move m) const override;
  // Also explains well-formed moves that are illegal here (an occupied square, a late swap).
  std::string explain_text(std::string_view move_text) const override;
  std::vector<std::string> candidate_moves() const override;
  // "fill-win" (a fill completes the winning chain), "fill-capture" (a fill removes an enemy
  // stone), "fill" (the move fills a square), or "".
  std::string move_theme(Move m) const override;

 protected:
  // The board's side: a move's text needs nothing else, and a certificate asks for the text of
  // every move it writes. The default reads it off a snapshot; the fast engines know it.
  virtual int board_side() const { return snapshot().n(); }
};

// The rule text transcribed: whole-board scans after every placement (reference.cpp).
std::unique_ptr<State> make_reference_state(const Position& position);
// Any size, table-driven and incremental on flat arrays: see engine.cpp.
std::unique_ptr<State> make_flat_state(const Position& position);
// Boards up to kMaxBitBoard: the stones as two 64-bit sets, fills and the win by whole-word
// operations (bit_engine.cpp). Plays, keys and estimates exactly as the flat engine.
inline constexpr int kMaxBitBoard = 8;
std::unique_ptr<State> make_bit_state(const Position& position);  // n <= kMaxBitBoard
// The fast engine for the position's size: bit sets up to 8x8, the flat engine beyond.
std::unique_ptr<State> make_fast_state(const Position& position);

}  // namespace arbiter::brique

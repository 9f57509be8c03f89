// What a Brochs position read from text must satisfy for play to reach it (docs/notation/brochs.md,
// "What a position must satisfy"): conditions the rules make necessary, each refused with the rule
// it breaks. Game::parse_position plays the opening plies out in full; these hold at every ply.
// Each is only necessary: a position meeting them all may still be out of play's reach.
#include <memory>
#include <string>

#include "model/brochs/engine.hpp"
#include "model/core/errors.hpp"

namespace arbiter::brochs {
namespace {

InputError unreachable(const std::string& why) { return InputError("no game reaches this position: " + why); }

std::string side_word(int side) { return side == kBlackSide ? "Black" : "White"; }
std::string plural(int count, const std::string& word) { return std::to_string(count) + " " + word + (count == 1 ? "" : "s"); }

struct Counts {
  int whites = 0;
  int blacks = 0;  // on the board, the main piece included
};

Counts count_pieces(const BrochsState& s) {
  Counts counts;
  const int cells = s.tables().n * s.tables().n;
  for (int cell = 0; cell < cells; ++cell) {
    counts.whites += s.at(cell) == White;
    counts.blacks += s.at(cell) == Black || s.at(cell) == Main;
  }
  return counts;
}

// Whether some White piece can step: a rook step needs only an empty orthogonal neighbour (an empty
// keep may be entered even where empty-keeps=blocked forbids crossing it).
bool white_can_step(const BrochsState& s) {
  const Tables& t = s.tables();
  for (int cell = 0; cell < t.n * t.n; ++cell) {
    if (s.at(cell) != White) continue;
    for (int d = 0; d < 4; ++d) {
      const int next = t.neighbour(cell, d);
      if (next != kNoCell && s.at(next) == Empty) return true;
    }
  }
  return false;
}

// The board alone ends the game: all four keeps held by Black, fewer than four Black pieces
// left, or under end=keeps-main the main piece gone. Empty when it does not.
std::string decisive_board(const BrochsState& s, const Counts& counts) {
  const Tables& t = s.tables();
  bool keeps_held = true;
  for (int q = 0; q < kKeeps; ++q) {
    const std::uint8_t holder = s.at(t.keep_cell[static_cast<std::size_t>(q)]);
    keeps_held = keeps_held && (holder == Black || holder == Main);
  }
  if (keeps_held) return "all four keeps are held by Black";
  const int black_total = counts.blacks + s.reserve() + (s.main_in_reserve() ? 1 : 0);
  if (black_total < kKeeps) return "Black has " + plural(black_total, "piece") + " left";
  if (s.rules().end == EndRule::KeepsMain && s.main_cell() == kNoCell && !s.main_in_reserve()) {
    return "the main piece is gone (end=keeps-main)";
  }
  return "";
}

}  // namespace

void check_reachable(const BrochsState& s) {
  const Rules& rules = s.rules();
  const int ply = s.ply(), side = s.side_to_move(), passes = s.passes();
  const bool cursed = s.cursed();
  const Counts counts = count_pieces(s);
  const std::unique_ptr<BrochsState> start = initial_position(rules);
  const Counts initial = count_pieces(*start);
  // Nothing gives White a piece: it starts with all it will ever have (24; 22 on 7x7 under
  // start=north-row, where Black's row takes two of them).
  const int whites_gone = initial.whites - counts.whites;
  // 1. The side to move. Every ply passes the turn except a curse under curse-cost=free, so the side
  // to move is Black exactly when ply - curses is even; under curse-cost=turn there are no such
  // curses, and under free each one removed a White piece.
  if (side != ply % 2) {
    if (rules.curse_cost == CurseCost::Turn) {
      throw unreachable("at ply " + std::to_string(ply) + " it is " + side_word(ply % 2) + " to move, not " + side_word(side) +
                        " (Black moves at even plies and White at odd ones: every move, a pass or a curse included, "
                        "passes the turn under curse-cost=turn)");
    }
    if (whites_gone == 0) {
      throw unreachable("at ply " + std::to_string(ply) + " it is " + side_word(side) + " to move, which needs a curse that kept " +
                        "Black's turn (curse-cost=free), but White still has all its " + std::to_string(initial.whites) +
                        " pieces and a curse removes one");
    }
  }
  if (cursed && whites_gone == 0) {
    throw unreachable("'cursed' says Black has just cursed, but White still has all its " + std::to_string(initial.whites) +
                      " pieces and a curse removes one");
  }
  // 2. The reserve. Pieces leave it only by setting and never return (a captured piece leaves the game).
  if (s.reserve() > start->reserve()) {
    throw unreachable("the reserve holds " + plural(s.reserve(), "ordinary piece") + " but the game starts with " +
                      std::to_string(start->reserve()) + " there, and a piece never returns to it");
  }
  if (s.main_in_reserve() && !start->main_in_reserve()) {
    throw unreachable("the main piece is in reserve, but it starts on the board (start=north-row) and a piece never returns to the reserve");
  }
  // 3. Settings. Each piece that left the reserve took one Black move that ended a turn (not a curse,
  // not a pass). Turns alternate from Black's and a Black turn takes one ply, or two when a free
  // curse comes first, so the k-th such move comes at ply 2(k-1) or later: within the first q plies
  // there are at most ceil(q/2). The last `passes` plies (and a curse just made) set nothing.
  const int set = (start->reserve() - s.reserve()) + (start->main_in_reserve() && !s.main_in_reserve() ? 1 : 0);
  const int quiet = passes + (cursed ? 1 : 0);
  const int setting_plies = ply - quiet;
  const int black_moves = (setting_plies + 1) / 2;
  if (set > black_moves) {
    std::string why = "a setting is a Black move and Black makes at most one in every two plies";
    if (quiet > 0) why += ", and the last " + (quiet == 1 ? std::string("ply") : std::to_string(quiet) + " plies") + " set nothing";
    throw unreachable(plural(set, "Black piece") + " left the reserve but Black had at most " + plural(black_moves, "move") +
                      " to set them by ply " + std::to_string(setting_plies) + " (" + why + ")");
  }
  // 4. Under white-pass=only-when-stuck White passes only without a step; a pass leaves the board
  // as it was, so a White pass in the last `passes` plies was made on this board.
  const bool white_passed = passes >= 2 || (passes == 1 && side == kBlackSide);
  if (white_passed && rules.white_pass == WhitePass::OnlyWhenStuck && white_can_step(s)) {
    throw unreachable("White passed on this board (passes " + std::to_string(passes) +
                      "), but under white-pass=only-when-stuck White passes only when no piece of its can move, and one can here");
  }
  // 5. A board that ends the game was made by the move that ended it: a pass changes nothing and a
  // curse removes only a White piece, so neither can have followed.
  if (passes > 0 || cursed) {
    if (const std::string end = decisive_board(s, counts); !end.empty()) {
      throw unreachable(end + ", which ended the game at the move that made it, so no " + (cursed ? "curse" : "pass") +
                        " can have followed (" + (cursed ? "'cursed'" : "passes " + std::to_string(passes)) + ")");
    }
  }
  // 6. 'taken' (keep-setting=after-capture): Black's last stroke, a capture or a curse, removed the
  // keep's White occupant; that stroke's piece arrives beside the keep, not on it, so the keep was
  // left empty, and only a step of White's reply (none yet with White to move or after a free
  // curse) can have filled it since, with a White piece. Each such occupant was a White piece, now gone.
  if (const unsigned taken = s.keeps_taken(); taken != 0) {
    const bool white_replied = side == kBlackSide && !cursed;
    const bool white_stepped = white_replied && passes == 0;
    if ((side == kWhiteSide && passes > 0) || (white_replied && passes >= 2)) {
      throw unreachable("'taken' says Black's last stroke captured a keep's occupant, but it was a pass (passes " +
                        std::to_string(passes) + ")");
    }
    int keeps = 0;
    for (int q = 0; q < kKeeps; ++q) {
      if (!((taken >> q) & 1U)) continue;
      ++keeps;
      const int keep = s.tables().keep_cell[static_cast<std::size_t>(q)];
      const std::uint8_t holder = s.at(keep);
      if (holder == Empty || (holder == White && white_stepped)) continue;
      throw unreachable("'taken' names " + s.cell_name(keep) + ", whose White piece Black's last stroke captured, leaving it empty (a " +
                        "capturing piece arrives beside the keep, a curse sets none), but it holds a " +
                        (holder == White ? "White piece and White has made no step since" : "Black piece, and only White has played since"));
    }
    if (keeps > whites_gone) {
      throw unreachable("'taken' names " + plural(keeps, "keep") + " whose White piece was captured, but White has lost " +
                        plural(whites_gone, "piece"));
    }
  }
}

}  // namespace arbiter::brochs

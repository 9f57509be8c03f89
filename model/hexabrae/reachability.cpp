// What a Hexabrae position read from text must satisfy for play to reach it (docs/notation/hexabrae.md,
// "What a position must satisfy"): conditions the rules make necessary, each refused with the rule
// it breaks. Game::parse_position plays the first plies out in full; these hold at every ply.
#include <algorithm>
#include <memory>

#include "model/core/errors.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

InputError unreachable(const std::string& why) { return InputError("no game reaches this position: " + why); }

std::string side_word(int side) { return kSideName[static_cast<std::size_t>(side)]; }

std::string result_words(const Outcome& outcome) {
  if (outcome.kind == Outcome::Kind::Win) return side_word(outcome.winner) + " wins";
  return outcome.kind == Outcome::Kind::Draw ? "draw" : "ongoing";
}

// The board `cells` with `side` to move and the position's reserves, to ask what the rules allow there.
std::unique_ptr<HexabraeState> probe(const Rules& rules, const Position& read, const Cells& cells, int side) {
  Position p;
  p.cells = cells;
  p.placed = read.placed;
  p.side = static_cast<std::int8_t>(side);
  return std::make_unique<HexabraeState>(rules, p);
}

// A pass is played only by a side that can do nothing else (seed 004 has no pass; ruling H-6).
void check_pass(const Rules& rules, const Position& read, const Cells& cells, int side, const std::string& which) {
  const auto state = probe(rules, read, cells, side);
  if (const auto action = state->any_action()) {
    throw unreachable(which + " is a pass by " + side_word(side) + ", but " + side_word(side) + " could play " +
                      state->move_text(*action) + " there (a pass is allowed only when no other action is possible)");
  }
}

}  // namespace

void check_reachable(const Rules& rules, const Position& read) {
  const int ply = read.ply, side = read.side, passes = read.passes;
  if (side != ply % 2) {
    throw unreachable("at ply " + std::to_string(ply) + " it is " + side_word(ply % 2) + " to move, not " +
                      side_word(side) + " (White moves at even plies and Black at odd ones: White starts, and a pass is a ply too)");
  }
  const int entries = read.history_size - 1;  // the plies since the last placement, when a history is given
  const auto change = [&](int i) { return read.changes[static_cast<std::size_t>(i)]; };
  // Passes: two in a row end the game (H-6), the counter is the history's last run of passes, and
  // under no-action=lose nobody passes.
  for (int i = 0; i + 2 < entries; ++i) {
    if (change(i) == kPassChange && change(i + 1) == kPassChange) {
      throw unreachable("history entries " + std::to_string(i + 1) + " and " + std::to_string(i + 2) +
                        " are two passes in a row, which end the game as a draw, but the history goes on after them");
    }
  }
  int trailing = 0;
  while (trailing < entries && change(entries - 1 - trailing) == kPassChange) ++trailing;
  if (entries > 0 && trailing != passes) {
    throw unreachable("the history ends with " + std::to_string(trailing) + " pass" + (trailing == 1 ? "" : "es") +
                      " in a row but the position says " + (passes == 0 ? "none" : "passes:" + std::to_string(passes)) +
                      (trailing == 2 ? " (two passes end the game as a draw: passes:2 over:draw)" : ""));
  }
  if (passes > 0 && rules.no_action_loses) {
    throw unreachable("passes:" + std::to_string(passes) + ", but under no-action=lose a side that cannot act loses instead of passing");
  }
  // Pieces are never removed and a turn places at most one; the plies the history (or the passes)
  // covers placed none.
  const int quiet = std::max(entries, passes);
  const int placing = ply - quiet;
  for (int s = 0; s < 2; ++s) {
    const int turns = s == 0 ? (placing + 1) / 2 : placing / 2;
    const int pieces = read.placed[static_cast<std::size_t>(s)];
    if (pieces > turns) {
      throw unreachable(side_word(s) + " has " + std::to_string(pieces) + " pieces on the board but had only " +
                        std::to_string(turns) + " turn" + (turns == 1 ? "" : "s") + " to place them by ply " +
                        std::to_string(placing) + " (a turn places at most one piece" +
                        (quiet == 1 ? ", and the last ply placed none" : quiet > 1 ? ", and the last " + std::to_string(quiet) + " plies placed none" : "") + ")");
    }
  }
  if (ply >= 1 && read.placed[0] == 0) {
    throw unreachable("White has no piece on the board at ply " + std::to_string(ply) +
                      ", but White's first move, on the empty board, can only be a placement");
  }
  if (ply >= 2 && read.placed[1] == 0 && !rules.any_pieces) {
    throw unreachable("Black has no piece on the board at ply " + std::to_string(ply) +
                      ", but Black's first move must be a placement: it has no piece of its own to move (pieces=own), "
                      "and one White piece leaves free fields, so it may not pass");
  }
  // Each pass, on the board as it was then: the history's, or without one the counter's.
  Cells cells = read.cells;
  if (entries == 0) {
    for (int k = 1; k <= passes; ++k) {
      check_pass(rules, read, cells, (side + k) % 2, "passes:" + std::to_string(passes) + " says ply " + std::to_string(ply - k));
    }
  }
  for (int i = entries - 1; i >= 0; --i) {
    const int mover = (side + entries - i) % 2;
    if (change(i) == kPassChange) {
      check_pass(rules, read, cells, mover, "history entry " + std::to_string(i + 1) + " (ply " + std::to_string(ply - entries + i) + ")");
      continue;
    }
    const Change c = decode_change(change(i));
    const int colour = colour_of(cells[static_cast<std::size_t>(c.to)]);
    cells[static_cast<std::size_t>(c.to)] = kEmpty;
    cells[static_cast<std::size_t>(c.from)] = piece(colour, c.from_orientation);
  }
  // A third occurrence since the last placement ends the game (H-5a).
  bool third = false;
  if (rules.repetition_draws) {
    for (int i = 0; i <= entries; ++i) {
      const auto* history = read.history.data();
      if (std::count(history, history + i + 1, history[i]) < 3) continue;
      if (i < entries) {
        throw unreachable("the position after history entry " + std::to_string(i) +
                          " occurs there for the third time, which ends the game as a draw (repetition=third), "
                          "but the history goes on after it");
      }
      third = true;
    }
  }
  // The result. Enclosures end a game only at the (non-pass) move that makes them; under
  // enclosures-counted=all that move counted every enclosure now on the board.
  const Outcome stated = read.outcome;
  const auto here = probe(rules, read, read.cells, side);
  const int maker = ((ply - passes - 1) % 2 + 2) % 2;  // who made the board as it is
  Cells none;
  none.fill(kEmpty);
  const EnclosureJudgement verdict = here->judge(none, read.cells, maker, true);  // every detail: a winner for each enclosure
  const std::string says = "it says " + result_words(stated) + ", but ";
  if (rules.count_all_enclosures && verdict.outcome.kind == Outcome::Kind::Win) {
    if (stated != verdict.outcome || passes > 0) {
      throw unreachable(says + "the enclosures on the board give " + result_words(verdict.outcome) +
                        " (enclosures-counted=all counts them all), so the move that made this board ended the game" +
                        (passes > 0 ? " before the passes" : ""));
    }
    return;
  }
  if (stated.kind == Outcome::Kind::Win) {
    const int winner = stated.winner;
    bool by_enclosure = false;
    for (int i = 0; i < verdict.after.size; ++i) by_enclosure |= verdict.winner[static_cast<std::size_t>(i)] == winner;
    by_enclosure &= passes == 0 && !rules.count_all_enclosures;
    const bool by_no_action = rules.no_action_loses && winner == 1 - side && ply < rules.ply_cap && !here->any_action();
    if (by_enclosure || by_no_action) return;
    std::string why = passes > 0 ? "a win ends the game at the move that makes it, so no pass can follow it"
                      : rules.count_all_enclosures
                          ? "the enclosures on the board give no winner (enclosures-counted=all counts them all)"
                          : "no valid enclosure on the board is won by " + side_word(winner) +
                                (rules.mover_only ? " and made by " + side_word(winner) + "'s move (enclosure-owner=mover-only)" : "") +
                                " (a game is won by the enclosures its last move makes)";
    if (rules.no_action_loses) {
      why += winner == side ? "; and under no-action=lose a side without an action loses on its own turn"
                            : "; nor is " + side_word(side) + ", to move, without an action (no-action=lose)";
    }
    throw unreachable(says + why);
  }
  if (stated.kind == Outcome::Kind::Draw && passes < 2 && ply < rules.ply_cap && !third) {
    std::string causes = rules.no_action_loses ? "" : "two passes in a row (passes:2), ";
    causes += "the ply cap (" + std::to_string(rules.ply_cap) + ")";
    if (rules.repetition_draws) causes += " or a third repetition (shown by history:)";
    throw unreachable(says + "a draw comes only from " + causes + ", and none applies here");
  }
  if (stated.kind == Outcome::Kind::Ongoing && third) {
    throw unreachable("the history shows this position for the third time, which ends the game as a draw "
                      "(repetition=third), but no result is given (over:draw)");
  }
}

}  // namespace arbiter::hexabrae

#include "model/brique/smt_claims.hpp"

#include <map>
#include <utility>

#include "solver/connection_claims.hpp"

namespace arbiter {
namespace brique_smt {

using smt::Encoding;
using smt::SymbolicBoard;

Geometry Geometry::from(const Config& config) {
  Geometry g;
  g.n = config.size;
  for (const auto& [name, value] : config.rulings) {
    if (name == "light-squares" && (value == "even" || value == "odd")) {
      g.light_when_even = value == "even";
    } else if (name == "escort-directions" && (value == "board" || value == "facing")) {
      g.white_facing = value == "facing";
    } else if (name == "fill" && (value == "once" || value == "keep-enemy")) {
      g.fill_keeps_enemy = value == "keep-enemy";
    } else if (name == "fill" || name == "light-squares" || name == "escort-directions") {
      g.unsupported = name + "=" + value;
    }
    // The pie and pass rulings leave the stones as they are, so no claim here depends on them.
  }
  return g;
}

std::vector<int> Geometry::escorts(int cell, bool black) const {
  const int r = cell / n, c = cell % n;
  const bool light = ((r + c) % 2 == 0) == light_when_even;
  // Read from the diagram: a light square's escorts are in front (up) and to the left, a dark
  // square's behind (down) and to the right. White facing Black reads them the other way round.
  const bool up_left = light != (!black && white_facing);
  const int dr = up_left ? -1 : 1, dc = up_left ? -1 : 1;
  if (r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n) return {};
  return {(r + dr) * n + c, r * n + c + dc};
}

z3::expr invariant(z3::context& ctx, const Geometry& geometry, const SymbolicBoard& board) {
  std::vector<z3::expr> clauses;
  for (int cell = 0; cell < geometry.n * geometry.n; ++cell) {
    for (bool black : {true, false}) {
      const auto e = geometry.escorts(cell, black);
      if (e.empty()) continue;
      clauses.push_back(z3::implies(board.stone(e[0], black) && board.stone(e[1], black), board.stone(cell, black)));
    }
  }
  return smt::all_of(ctx, clauses);
}

SymbolicBoard turn(Encoding& encoding, const Geometry& geometry, const SymbolicBoard& before, bool mover_black,
                   const std::vector<z3::expr>& move) {
  const int cells = geometry.n * geometry.n;
  encoding.require(smt::exactly_one(encoding.ctx(), move));
  SymbolicBoard placed = before;
  for (int i = 0; i < cells; ++i) {
    const auto k = SymbolicBoard::idx(i);
    encoding.require(z3::implies(move[k], before.empty(i)));
    (mover_black ? placed.black : placed.white)[k] = before.stone(i, mover_black) || move[k];
  }
  SymbolicBoard after = placed;
  for (int i = 0; i < cells; ++i) {
    const auto e = geometry.escorts(i, mover_black);
    if (e.empty()) continue;
    const auto k = SymbolicBoard::idx(i);
    z3::expr fill = placed.stone(e[0], mover_black) && placed.stone(e[1], mover_black) && !placed.stone(i, mover_black);
    if (geometry.fill_keeps_enemy) fill = fill && !placed.stone(i, !mover_black);
    (mover_black ? after.black : after.white)[k] = placed.stone(i, mover_black) || fill;
    (mover_black ? after.white : after.black)[k] = placed.stone(i, !mover_black) && !fill;
  }
  return after;
}

namespace {

std::string diagram(const Encoding& encoding, const SymbolicBoard& board, bool black_to_move) {
  const auto cells = board.cells(encoding);
  return smt::square_board_diagram(board.n, cells, smt::square_board_status(smt::count_stones(cells), black_to_move));
}

// Runs a turn check once for each mover; the claim holds only if it holds for both.
Verdict for_both_movers(const std::function<Verdict(bool mover_black, double timeout)>& check, double timeout) {
  std::vector<Verdict> parts;
  for (bool mover_black : {true, false}) {
    double used = 0;
    for (const auto& p : parts) used += p.seconds;
    parts.push_back(check(mover_black, std::max(0.001, timeout - used)));
    if (parts.back().kind == Verdict::Kind::Refuted) break;
  }
  return smt::combine(parts);
}

std::vector<z3::expr> fresh_move(Encoding& encoding, int n) {
  std::vector<z3::expr> move;
  for (int i = 0; i < n * n; ++i) move.push_back(encoding.fresh_bool("move"));
  return move;
}

Verdict decide_invariant_inductive(const Game& game, double timeout) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::unknown("ruling " + g.unsupported + " is not encoded");
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding;
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, g.n, "pre");
    const auto move = fresh_move(encoding, g.n);
    const SymbolicBoard after = turn(encoding, g, before, mover_black, move);
    encoding.require(invariant(encoding.ctx(), g, before));
    encoding.require(!invariant(encoding.ctx(), g, after));
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, after, move, mover_black, "the invariant holds before the turn but not after it", v);
    });
  }, timeout);
}

Verdict decide_one_fill_round(const Game& game, double timeout) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::unknown("ruling " + g.unsupported + " is not encoded");
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding;
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, g.n, "pre");
    const auto move = fresh_move(encoding, g.n);
    const SymbolicBoard after = turn(encoding, g, before, mover_black, move);
    // A second pass would change something: a square escorted by two mover stones, not the mover's.
    std::vector<z3::expr> fillable;
    for (int i = 0; i < g.n * g.n; ++i) {
      const auto e = g.escorts(i, mover_black);
      if (e.empty()) continue;
      z3::expr again = after.stone(e[0], mover_black) && after.stone(e[1], mover_black) && !after.stone(i, mover_black);
      if (g.fill_keeps_enemy) again = again && !after.stone(i, !mover_black);
      fillable.push_back(again);
    }
    encoding.require(smt::any_of(encoding.ctx(), fillable));
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, after, move, mover_black, "a second fill pass would still fill a square", v);
    });
  }, timeout);
}

Verdict decide_only_mover_wins(const Game& game, double timeout) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::unknown("ruling " + g.unsupported + " is not encoded");
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding;
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, g.n, "pre");
    const auto move = fresh_move(encoding, g.n);
    const SymbolicBoard after = turn(encoding, g, before, mover_black, move);
    encoding.require(invariant(encoding.ctx(), g, before));
    smt::require_no_winner(encoding, before);
    if (mover_black) smt::require_white_chain(encoding, after);
    else smt::require_black_chain(encoding, after);
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, after, move, mover_black, "the turn completes the opponent's chain", v);
    });
  }, timeout);
}

Verdict decide_no_draw(const Game& game, double timeout) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::unknown("ruling " + g.unsupported + " is not encoded");
  return smt::decide_full_board_has_winner(
      g.n, [&](Encoding& e, const SymbolicBoard& board) { e.require(invariant(e.ctx(), g, board)); }, true, timeout);
}

// The local lemma behind the all-sizes argument: on a full board, the invariant inside one 2x2
// block already forbids a checkerboard there. The escorted square of the block's NE-SW pair is
// always one of the block's other two squares, so the block's own clauses decide it; both
// parities of the block's top-left square cover every block of every board.
Verdict decide_no_checkerboard_lemma(const Game& game, double timeout) {
  const Geometry board_geometry = Geometry::from(game.config());
  if (!board_geometry.unsupported.empty()) {
    return Verdict::unknown("ruling " + board_geometry.unsupported + " is not encoded");
  }
  std::vector<Verdict> parts;
  for (int parity = 0; parity < 2; ++parity) {
    // A 3x3 board whose block at (parity, 0) has a top-left square of either shade; only the
    // invariant clauses inside that block are asserted.
    Geometry g = board_geometry;
    g.n = 3;
    Encoding encoding;
    const SymbolicBoard board = SymbolicBoard::fresh(encoding, 3, "block", true);
    const std::vector<int> block = {parity * 3, parity * 3 + 1, parity * 3 + 3, parity * 3 + 4};
    const auto in_block = [&](int cell) { return std::find(block.begin(), block.end(), cell) != block.end(); };
    for (int cell : block) {
      for (bool black : {true, false}) {
        const auto e = g.escorts(cell, black);
        if (e.empty() || !in_block(e[0]) || !in_block(e[1])) continue;
        encoding.require(z3::implies(board.stone(e[0], black) && board.stone(e[1], black), board.stone(cell, black)));
      }
    }
    const auto at = [&](int k) { return board.black[SymbolicBoard::idx(block[static_cast<std::size_t>(k)])]; };
    encoding.require((at(0) && at(3) && !at(1) && !at(2)) || (!at(0) && !at(3) && at(1) && at(2)));
    parts.push_back(encoding.verdict(encoding.check(timeout), [&](Verdict& v) {
      v.counterexample = diagram(encoding, board, true) + "(a checkerboard block allowed by its own invariant clauses)\n";
    }));
  }
  return smt::combine(parts);
}

}  // namespace
}  // namespace brique_smt

std::vector<Claim> brique_claims() {
  using namespace brique_smt;
  std::vector<Claim> claims{
      {"invariant-inductive",
       "If every square whose two escorts hold one colour holds that colour before a placement turn, it does after "
       "the turn too (either mover).",
       "rules.md 1.3 (derived; the fill rule of seed 000)", false, decide_invariant_inductive},
      {"one-fill-round",
       "From any position, after a placement and one fill pass no square qualifies for filling any more.",
       "rules.md 1.3 item 5 (derived: a single pass equals the fixpoint)", false, decide_one_fill_round},
      {"no-draw", "A full board satisfying the invariant has a winner.",
       "seed 000: 'Draws are not possible'; rules.md 1.4", false, decide_no_draw},
      {"one-winner", "A full board satisfying the invariant has exactly one winner (no-draw and no-two-winners).",
       "seed 000: 'Draws are not possible'; rules.md 1.4", false,
       [](const Game& game, double timeout) {
         const Verdict draw = decide_no_draw(game, timeout);
         if (draw.kind != Verdict::Kind::Proved) return draw;
         return smt::combine({draw, smt::decide_no_two_winners(game.config().size, std::max(0.001, timeout - draw.seconds))});
       }},
      {"only-mover-wins",
       "A turn from a position with the invariant and no winner never completes the opponent's chain.",
       "rules.md 1.4 (derived: fills add only mover stones)", false, decide_only_mover_wins},
      {"no-two-winners", "No board holds a black top-bottom chain and a white left-right chain at once.",
       "rules.md 1.4 (derived)", false,
       [](const Game& game, double timeout) { return smt::decide_no_two_winners(game.config().size, timeout); }},
      {"no-checkerboard-lemma",
       "On a full board satisfying the invariant no 2x2 block is a checkerboard, so orthogonal and diagonal "
       "connectivity agree (used by no-draw and no-draw-every-size).",
       "lemma (seed 000, author's notes: diagonal stones are always connected)", true,
       decide_no_checkerboard_lemma},
      smt::no_draw_every_size_claim("seed 000: 'Draws are not possible'; rules.md 1.4", decide_no_checkerboard_lemma),
  };
  // Sizes each decides within a few seconds on a 2-core machine (docs/proofs.md has the times).
  const std::map<std::string, std::vector<int>> audit_sizes{
      {"invariant-inductive", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
      {"one-fill-round", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
      {"no-draw", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
      {"one-winner", {2, 3, 4, 5, 6, 7}},
      {"only-mover-wins", {2, 3, 4, 5, 6, 7, 8}},
      {"no-two-winners", {2, 3, 4, 5, 6, 7}},
  };
  return with_audit_sizes(std::move(claims), audit_sizes);
}

EncodingComparison compare_brique_turn_encoding(const Game& game, const State& state, Rng& rng) {
  const auto rules = brique_smt::Geometry::from(game.config());
  if (!rules.unsupported.empty()) throw InputError("the turn encoding does not cover the ruling " + rules.unsupported);
  return smt::compare_square_turn(
      state, rng,
      [&](smt::Encoding& e, const smt::SymbolicBoard& before, bool black, const std::vector<z3::expr>& move) {
        return smt::EncodedTurn{e.ctx().bool_val(true), brique_smt::turn(e, rules, before, black, move)};
      });
}

}  // namespace arbiter

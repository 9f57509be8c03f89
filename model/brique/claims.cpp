#include "model/brique/claims.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

#include "model/brique/encoding_version.hpp"
#include "model/core/rulings.hpp"
#include "solver/connection_claims.hpp"
#include "solver/reachability.hpp"

namespace arbiter {
namespace brique_smt {

using smt::Encoding;
using smt::SymbolicBoard;
using smt::for_both_movers;

// The pie and pass rulings leave the stones of a placement turn as they are, and the claims read
// from the geometry are about placement turns and boards, so every value of theirs is modelled;
// fill=repeat is not (the encodings make one pass).
static ModelledRulings geometry_modelled_rulings() {
  return {{"light-squares", {"even", "odd"}},
          {"escort-directions", {"board", "facing"}},
          {"fill", {"once", "keep-enemy"}},
          {"pie", {"swap-sides", "mirror", "off"}},
          {"pass", {"never", "allowed"}}};
}

Geometry Geometry::from(const Config& config) {
  Geometry g;
  g.n = config.size;
  read_encoded_rulings(config, {{"light-squares", {"odd", "even"}, &g.light_when_even},
                                {"escort-directions", {"board", "facing"}, &g.white_facing},
                                {"fill", {"once", "keep-enemy"}, &g.fill_keeps_enemy}});
  g.unsupported = unmodelled_ruling(config, geometry_modelled_rulings());
  return g;
}

std::optional<ModelledRulings> claim_modelled_rulings(const std::string& claim) {
  if (claim == "no-two-winners") return std::nullopt;  // about boards alone: it reads no ruling
  if (claim == "turns-place-stones") {
    // Read from pass and pie themselves: the mirror pie moves stones, which no claim follows.
    return ModelledRulings{{"light-squares", {"even", "odd"}},
                           {"escort-directions", {"board", "facing"}},
                           {"fill", {"once", "repeat", "keep-enemy"}},
                           {"pie", {"swap-sides", "off"}},
                           {"pass", {"never", "allowed"}}};
  }
  return geometry_modelled_rulings();
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

namespace {

// The invariant's clauses whose square and both escorts satisfy `keep`.
z3::expr invariant_clauses(z3::context& ctx, const Geometry& geometry, const SymbolicBoard& board,
                           const std::function<bool(int)>& keep) {
  std::vector<z3::expr> clauses;
  for (int cell = 0; cell < geometry.n * geometry.n; ++cell) {
    for (bool black : {true, false}) {
      const auto e = geometry.escorts(cell, black);
      if (e.empty() || !keep(cell) || !keep(e[0]) || !keep(e[1])) continue;
      clauses.push_back(z3::implies(board.stone(e[0], black) && board.stone(e[1], black), board.stone(cell, black)));
    }
  }
  return smt::all_of(ctx, clauses);
}

}  // namespace

z3::expr invariant(z3::context& ctx, const Geometry& geometry, const SymbolicBoard& board) {
  return invariant_clauses(ctx, geometry, board, [](int) { return true; });
}

SymbolicBoard turn(Encoding& encoding, const Geometry& geometry, const SymbolicBoard& before, bool mover_black,
                   const std::vector<z3::expr>& move, bool move_may_be_elsewhere) {
  const int cells = geometry.n * geometry.n;
  if (move_may_be_elsewhere) {
    z3::expr_vector literals(encoding.ctx());
    for (const auto& m : move) literals.push_back(m);
    encoding.require(z3::atmost(literals, 1));
  } else {
    encoding.require(smt::exactly_one(encoding.ctx(), move));
  }
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

std::vector<z3::expr> fresh_move(Encoding& encoding, int n) {
  std::vector<z3::expr> move;
  for (int i = 0; i < n * n; ++i) move.push_back(encoding.fresh_bool("move"));
  return move;
}

// A claim about one turn of either mover on this board: a counterexample is a turn (fresh position
// and move) for which require(encoding, g, before, after, mover_black) holds; `what` describes it.
template <class Require>
Verdict decide_turn_claim(const Game& game, double timeout, const char* what, Require&& require) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::not_encoded("ruling " + g.unsupported);
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding;
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, g.n, "pre");
    const auto move = fresh_move(encoding, g.n);
    const SymbolicBoard after = turn(encoding, g, before, mover_black, move);
    require(encoding, g, before, after, mover_black);
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, after, move, mover_black, what, v);
    });
  }, timeout);
}

Verdict decide_invariant_inductive(const Game& game, double timeout) {
  return decide_turn_claim(game, timeout, "the invariant holds before the turn but not after it",
                           [](Encoding& encoding, const Geometry& g, const SymbolicBoard& before, const SymbolicBoard& after, bool) {
                             encoding.require(invariant(encoding.ctx(), g, before));
                             encoding.require(!invariant(encoding.ctx(), g, after));
                           });
}

// What a turn lemma says cannot happen at one square after a turn.
enum class TurnLemma {
  Invariant,  // the invariant's clause for either colour fails there
  OneFill,    // a second fill pass would still fill it: escorted by two mover stones, not the mover's
};

z3::expr broken_at(z3::context& ctx, const Geometry& g, const SymbolicBoard& after, int cell, bool mover_black,
                   TurnLemma lemma) {
  std::vector<z3::expr> ways;
  for (bool black : {true, false}) {
    if (lemma == TurnLemma::OneFill && black != mover_black) continue;
    const auto e = g.escorts(cell, black);
    if (e.empty()) continue;
    z3::expr broken = after.stone(e[0], black) && after.stone(e[1], black) && !after.stone(cell, black);
    if (lemma == TurnLemma::OneFill && g.fill_keeps_enemy) broken = broken && !after.stone(cell, !black);
    ways.push_back(broken);
  }
  return smt::any_of(ctx, ways);
}

Verdict decide_one_fill_round(const Game& game, double timeout) {
  return decide_turn_claim(
      game, timeout, "a second fill pass would still fill a square",
      [](Encoding& encoding, const Geometry& g, const SymbolicBoard&, const SymbolicBoard& after, bool mover_black) {
        std::vector<z3::expr> fillable;
        for (int i = 0; i < g.n * g.n; ++i) fillable.push_back(broken_at(encoding.ctx(), g, after, i, mover_black, TurnLemma::OneFill));
        encoding.require(smt::any_of(encoding.ctx(), fillable));
      });
}

Verdict decide_only_mover_wins(const Game& game, double timeout) {
  return decide_turn_claim(
      game, timeout, "the turn completes the opponent's chain",
      [](Encoding& encoding, const Geometry& g, const SymbolicBoard& before, const SymbolicBoard& after, bool mover_black) {
        encoding.require(invariant(encoding.ctx(), g, before));
        smt::require_no_winner(encoding, before);
        if (mover_black) smt::require_white_chain(encoding, after);
        else smt::require_black_chain(encoding, after);
      });
}

Verdict decide_no_draw(const Game& game, double timeout) {
  const Geometry g = Geometry::from(game.config());
  if (!g.unsupported.empty()) return Verdict::not_encoded("ruling " + g.unsupported);
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
    return Verdict::not_encoded("ruling " + board_geometry.unsupported);
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
      v.counterexample = smt::board_diagram(encoding, board, true) + "(a checkerboard block allowed by its own invariant clauses)\n";
      v.counterexample_size = g.n;
    }));
  }
  return smt::combine(parts);
}

// Whether the model reaches the position before a counterexample turn (an n x n board, the first
// diagram of the counterexample) from the empty board, under the game's rulings. A Brique turn
// never lowers the number of stones (fills replace or add), so states with more stones are skipped.
std::string reachability_of_turn_start(const Game& game, int n, const std::string& counterexample, bool black_to_move) {
  const std::vector<char> target = smt::cells_from_text(counterexample.substr(0, counterexample.find("after ")));
  const int stones = smt::count_stones(target);
  std::unique_ptr<Game> sized;
  try {
    sized = make_game(game.descriptor(), n, non_default_rulings(game.descriptor(), game.config()));
  } catch (const std::exception& error) {
    return std::string("reachability undecided: no model of size ") + std::to_string(n) + " (" + error.what() + ")";
  }
  const auto goal = [&](const State& s) {
    const smt::SquarePosition p = smt::square_position_of(s);
    return p.cells == target && p.black_to_move == black_to_move;
  };
  const auto few_enough = [&](const State& s) { return smt::count_stones(smt::square_position_of(s).cells) <= stones; };
  return reachability_note(*sized, goal, few_enough, [](const State& s) { return s.line(); }, 2'000'000,
                           "states with more stones than it skipped");
}

// A turn lemma for EVERY board size. A turn changes a square only through the square itself and
// its two escorts (the fill reads the escorts after the placement), so whether the lemma fails at a
// square s depends only on the squares within distance 2 of s (Chebyshev): s, its escorts for
// either colour, and their escorts for the mover. Those squares, and which of them exist, are
// fixed by s's window kind (edge distances capped at 2, shade). For one square of every kind
// (smt::window_representatives) and each mover, Z3 looks for a break at s on a board where only
// the invariant's clauses inside the window are assumed (fewer assumptions than a whole board:
// unsat there is unsat on every board) and the move may be anywhere, in the window or not. A
// window that admits a break is re-checked on its whole board with the full invariant and a move
// on that board: a break there is a real counterexample of that size; otherwise the window lemma
// cannot decide and the verdict is unknown.
Verdict decide_turn_lemma_every_size(const Game& game, double timeout, TurnLemma lemma) {
  const Geometry board_geometry = Geometry::from(game.config());
  if (!board_geometry.unsupported.empty()) return Verdict::not_encoded("ruling " + board_geometry.unsupported);
  constexpr int kRadius = 2;
  const auto representatives = smt::window_representatives(kRadius);
  std::vector<Verdict> parts;
  const auto used = [&] {
    double seconds = 0;
    for (const auto& p : parts) seconds += p.seconds;
    return seconds;
  };
  for (const smt::WindowRepresentative& rep : representatives) {
    Geometry g = board_geometry;
    g.n = rep.n;
    const auto near = [&](int cell) {
      return std::abs(cell / g.n - rep.cell / g.n) <= kRadius && std::abs(cell % g.n - rep.cell % g.n) <= kRadius;
    };
    for (bool mover_black : {true, false}) {
      const auto check = [&](bool whole_board) {
        Encoding encoding;
        const SymbolicBoard before = SymbolicBoard::fresh(encoding, g.n, "pre");
        std::vector<z3::expr> move;
        for (int i = 0; i < g.n * g.n; ++i) move.push_back(encoding.fresh_bool("move"));
        const SymbolicBoard after = turn(encoding, g, before, mover_black, move, !whole_board);
        if (lemma == TurnLemma::Invariant) {
          encoding.require(invariant_clauses(encoding.ctx(), g, before, [&](int cell) { return whole_board || near(cell); }));
        }
        encoding.require(broken_at(encoding.ctx(), g, after, rep.cell, mover_black, lemma));
        return encoding.verdict(encoding.check(std::max(0.001, timeout - used())), [&](Verdict& v) {
          // The window's board has its own size: the model that replays the move must too.
          std::unique_ptr<Game> sized;
          if (g.n != game.config().size && game.descriptor().make) {
            sized = make_game(game.descriptor(), g.n, non_default_rulings(game.descriptor(), game.config()));
          }
          smt::describe_square_turn(sized ? *sized : game, encoding, before, after, move, mover_black,
                        lemma == TurnLemma::Invariant ? "the invariant holds before the turn but not after it"
                                                      : "a second fill pass would still fill a square",
                        v);
          v.counterexample_size = g.n;
        });
      };
      parts.push_back(check(false));
      if (parts.back().kind == Verdict::Kind::Refuted) {
        const std::string where = "square " + smt::cell_name(g.n, rep.cell) + " of the " + std::to_string(g.n) + "x" +
                                  std::to_string(g.n) + " board (" + smt::window_kind_text(rep.kind) + ")";
        parts.back() = check(true);
        if (parts.back().kind == Verdict::Kind::Refuted) {
          parts.back().note = "found at " + where + "; a whole-board counterexample of size " + std::to_string(g.n) +
                              "; " + reachability_of_turn_start(game, g.n, parts.back().counterexample, mover_black);
        } else if (parts.back().kind == Verdict::Kind::Proved) {
          parts.back() = Verdict::unknown("the window of " + where +
                                          " admits a break that its whole board rules out: the window lemma cannot "
                                          "decide (the per-size claim decides each size)");
        }
      }
      if (parts.back().kind != Verdict::Kind::Proved) return smt::combine(parts);
    }
  }
  Verdict v = smt::combine(parts);
  v.note = std::to_string(parts.size()) + " window checks: " + std::to_string(representatives.size()) +
           " window kinds (radius 2, found on boards 2-" + std::to_string(smt::window_representative_sizes(kRadius)) +
           ") x 2 movers";
  return v;
}

// The game-level premise that is not about stones: every turn but the pie places a stone, any empty
// square takes one, and the pie leaves the stones alone. Read from the rulings, not a Z3 query.
Verdict decide_turns_place_stones(const Game& game, double) {
  const auto& rulings = game.config().rulings;
  const auto value = [&](const std::string& name, const std::string& fallback) {
    const auto found = rulings.find(name);
    return found == rulings.end() ? fallback : found->second;
  };
  const int n = game.config().size;
  if (value("pass", "never") == "allowed") {
    Verdict v;
    v.kind = Verdict::Kind::Refuted;
    v.counterexample = smt::square_board_diagram(n, std::vector<char>(static_cast<std::size_t>(n * n), '.'),
                                                 smt::square_board_status(0, true)) +
                       "(Black passes, White passes: under pass=allowed two passes end the game drawn)\n";
    v.moves = {"pass", "pass"};
    try {
      auto state = game.initial_state();
      for (int k = 0; k < 2 && !state->is_terminal(); ++k) state->apply(state->parse_move("pass"));
      v.refutes_derived_claims = state->outcome().kind == Outcome::Kind::Draw;  // a drawn game, played
      v.note = v.refutes_derived_claims
                   ? "reachable: the model plays pass, pass from the empty board and scores a draw"
                   : "the model does NOT score pass, pass from the empty board as a draw";
    } catch (const std::exception&) {
      v.note = "reachable by the ruling's text (pass, pass from the empty board); the model was not run";
    }
    return v;
  }
  if (value("pie", "swap-sides") == "mirror") {
    return Verdict::not_encoded("ruling pie=mirror (it recolours and moves the stones; no claim checks the invariant "
                                "across it)");
  }
  Verdict v = Verdict::proved();
  v.note = "read from the rulings (pass=" + value("pass", "never") + ", pie=" + value("pie", "swap-sides") +
           "), not a Z3 query";
  return v;
}

}  // namespace
}  // namespace brique_smt

std::vector<Claim> brique_claims() {
  using namespace brique_smt;
  const std::string draws = "seed 000: 'Draws are not possible'; rules.md 1.4";
  std::vector<Claim> claims{
      {"invariant-inductive",
       "If every square whose two escorts hold one colour holds that colour before a placement turn, it does after "
       "the turn too (either mover). The empty board satisfies it.",
       "rules.md 1.3 (derived; the fill rule of seed 000)", false, decide_invariant_inductive},
      {"one-fill-round",
       "From any position, after a placement and one fill pass no square qualifies for filling any more.",
       "rules.md 1.3 item 5 (derived: a single pass equals the fixpoint)", false, decide_one_fill_round},
      {"full-board-winner", "A full board satisfying the invariant has a winner (this size, directly by Z3).", draws,
       false, decide_no_draw},
      {"only-mover-wins",
       "A turn from a position with the invariant and no winner never completes the opponent's chain.",
       "rules.md 1.4 (derived: fills add only mover stones)", false, decide_only_mover_wins},
      {"no-two-winners", "No board holds a black top-bottom chain and a white left-right chain at once.",
       "rules.md 1.4 (derived)", false,
       [](const Game& game, double timeout) { return smt::decide_no_two_winners(game.config().size, timeout); }},
      {"no-checkerboard-lemma",
       "On a full board satisfying the invariant no 2x2 block is a checkerboard, so orthogonal and diagonal "
       "connectivity agree (used by full-board-winner and full-board-winner-every-size).",
       "lemma (seed 000, author's notes: diagonal stones are always connected)", true,
       decide_no_checkerboard_lemma},
      smt::full_board_winner_every_size_claim(draws, decide_no_checkerboard_lemma),
      {"invariant-inductive-every-size",
       "invariant-inductive on EVERY board size: a window lemma for each kind of 5x5 neighbourhood (edge distances, "
       "shade), each checked by Z3 (docs/proofs.md).",
       "rules.md 1.3 (derived)", true,
       [](const Game& game, double timeout) { return decide_turn_lemma_every_size(game, timeout, TurnLemma::Invariant); }},
      {"one-fill-round-every-size",
       "one-fill-round on EVERY board size: the same window lemma (docs/proofs.md).",
       "rules.md 1.3 item 5 (derived)", true,
       [](const Game& game, double timeout) { return decide_turn_lemma_every_size(game, timeout, TurnLemma::OneFill); }},
      {"turns-place-stones",
       "Every turn but the pie places a stone on an empty square, any empty square is a legal placement, and the pie "
       "leaves the stones as they are; so the stones grow every placement turn and a game without a winner ends on "
       "a full board (read from the rulings pass and pie, not a Z3 query).",
       "seed 000 (turn rules); rulings B-4, B-5", true, decide_turns_place_stones, {}, {}, {}, "rulings"},
      // Game-level claims: what a player can quote, derived from the lemmas they rest on.
      {"no-draw",
       "No game of this size ends in a draw: turns place stones until a winner or a full board, the invariant holds "
       "after every turn, and a full board with the invariant has a winner.",
       draws, false, nullptr, {}, {}, {"turns-place-stones", "invariant-inductive", "full-board-winner-every-size"}},
      {"no-draw-every-size",
       "No game ends in a draw, on EVERY board size: no-draw with every premise proved for every size.", draws, true,
       nullptr, {}, {}, {"turns-place-stones", "invariant-inductive-every-size", "full-board-winner-every-size"}},
      {"one-winner", "A full board satisfying the invariant has exactly one winner.", draws, false, nullptr, {}, {},
       {"full-board-winner", "no-two-winners"}},
  };
  // Sizes each decides within a few seconds on a 2-core machine (docs/proofs.md has the times).
  const std::map<std::string, std::vector<int>> audit_sizes{
      {"invariant-inductive", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
      {"one-fill-round", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
      {"full-board-winner", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
      {"no-draw", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
      {"one-winner", {2, 3, 4, 5, 6, 7}},
      {"only-mover-wins", {2, 3, 4, 5, 6, 7, 8}},
      {"no-two-winners", {2, 3, 4, 5, 6, 7}},
  };
  // Who makes each claim: the game-level claims (no-draw, no-draw-every-size, one-winner) are what
  // the seed says; the rest are steps of Arbiter's argument for them, whatever text motivates them.
  const std::map<std::string, ClaimSource> kinds{
      {"invariant-inductive", ClaimSource::Lemma},
      {"one-fill-round", ClaimSource::Lemma},
      {"full-board-winner", ClaimSource::Lemma},
      {"only-mover-wins", ClaimSource::Lemma},
      {"no-two-winners", ClaimSource::Lemma},
      {"no-checkerboard-lemma", ClaimSource::Lemma},
      {"full-board-winner-every-size", ClaimSource::Lemma},
      {"invariant-inductive-every-size", ClaimSource::Lemma},
      {"one-fill-round-every-size", ClaimSource::Lemma},
      {"turns-place-stones", ClaimSource::Rulings},
  };
  // A drawn game refutes the game-level no-draw claims: where their argument fails, the driver
  // looks for one.
  claims = refuted_by_a_drawn_game(std::move(claims), {"no-draw", "no-draw-every-size"});
  return with_encoding_version(with_source_kinds(with_audit_sizes(std::move(claims), audit_sizes), kinds),
                               ARBITER_ENCODING_SOURCE_HASH);
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

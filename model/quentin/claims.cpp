#include "model/quentin/claims.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "model/core/rng.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/reference.hpp"

#include "model/quentin/encoding_version.hpp"
#include "model/core/rulings.hpp"
#include "solver/connection_claims.hpp"
#include "solver/reachability.hpp"

namespace arbiter {
namespace quentin_smt {

using smt::Encoding;
using smt::SymbolicBoard;
using smt::for_both_movers;

// Every ruling of the game with the values the encodings model. A claim that reads legality does
// not model opponent-chain=illegal (a move completing only the opponent's chain is illegal there,
// and the turn encoding does not look at chains); no-moves and pie decide who wins or who moves, not
// what a placement does to the stones, so every claim holds or fails alike under each of their
// values.
ModelledRulings modelled_ruling_values(Rules::Reads reads) {
  std::vector<std::string> opponent_chain{"owner-wins", "mover-wins"};
  if (reads == Rules::Reads::Stones) opponent_chain.push_back("illegal");
  return {{"edges-count", {"no", "yes"}},
          {"majority", {"distinct", "adjacencies"}},
          {"diagonal-rule", {"all-stones", "mover-only"}},
          {"fill", {"single-pass"}},
          // boloa-wording reads nothing of its own: it sets diagonal-rule=mover-only in the
          // configuration (descriptor.cpp), which the encodings read like any diagonal-rule value.
          {"rules-version", {"2012", "boloa-wording"}},
          {"opponent-chain", opponent_chain},
          {"no-moves", {"draw", "side-to-move-loses", "more-stones"}},
          {"pie", {"on", "off"}}};
}

std::optional<ModelledRulings> claim_modelled_rulings(const std::string& claim) {
  if (claim == "no-two-winners") return std::nullopt;  // about boards alone: it reads no ruling
  const std::set<std::string> reading_legality{"invariant-inductive", "only-mover-completes", "mover-can-move",
                                               "someone-can-move", "legality-checks-every-stone"};
  return modelled_ruling_values(reading_legality.count(claim) ? Rules::Reads::Legality : Rules::Reads::Stones);
}

Rules Rules::from(const Config& config, Reads reads) {
  Rules r;
  r.n = config.size;
  read_encoded_rulings(config, {{"edges-count", {"no", "yes"}, &r.edges_count},
                                {"majority", {"distinct", "adjacencies"}, &r.count_adjacencies},
                                {"diagonal-rule", {"all-stones", "mover-only"}, &r.mover_only_diagonal}});
  r.unsupported = unmodelled_ruling(config, modelled_ruling_values(reads));
  return r;
}

namespace {

unsigned bits_for(unsigned values) {
  unsigned bits = 1;
  while ((1u << bits) < values) ++bits;
  return bits;
}

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// A named definition. Where Z3's simplifier reduces the value to a constant (on a known board, as
// in the differential check and when confirming a found position) the constant is used as is;
// otherwise a fresh constant is bound to the value, so that the solver sees the definition.
z3::expr define_bool(Encoding& encoding, const std::string& name, const z3::expr& value) {
  const z3::expr simple = value.simplify();
  if (simple.is_true() || simple.is_false()) return simple;
  z3::expr fresh = encoding.fresh_bool(name);
  encoding.require(fresh == value);
  return fresh;
}

z3::expr define_bv(Encoding& encoding, const std::string& name, const z3::expr& value, unsigned bits) {
  const z3::expr simple = value.simplify();
  if (simple.is_numeral()) return simple;
  z3::expr fresh = encoding.fresh_bv(name, bits);
  encoding.require(fresh == value);
  return fresh;
}

// Whether each point is empty, if the board says so for every point (a known board: the
// differential check, the seed's examples), else nothing.
std::optional<std::vector<bool>> known_empty(const SymbolicBoard& board) {
  std::vector<bool> empty;
  for (int i = 0; i < board.n * board.n; ++i) {
    const z3::expr e = board.empty(i).simplify();
    if (!e.is_true() && !e.is_false()) return std::nullopt;
    empty.push_back(e.is_true());
  }
  return empty;
}

// Breadth-first search through empty points from `sources` on a known board: each reached
// point's distance, and for a reached non-source its neighbour one step nearer (-1: none).
void spread_from(const smt::Graph& grid, const std::vector<bool>& empty, const std::vector<int>& sources,
                 std::vector<int>& distance, std::vector<int>& nearer) {
  std::vector<int> queue = sources;
  for (int s : sources) distance[at(s)] = 0;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const int p = queue[next];
    for (int q : grid.adjacent[at(p)]) {
      if (!empty[at(q)] || distance[at(q)] >= 0) continue;
      distance[at(q)] = distance[at(p)] + 1;
      nearer[at(q)] = p;
      queue.push_back(q);
    }
  }
}

}  // namespace

// A point spoils its region as a territory if fewer than two stones (and, under edges-count=yes,
// board edges) are orthogonally adjacent to it.
std::vector<z3::expr> spoiling_points(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  z3::context& ctx = encoding.ctx();
  const int n = board.n, cells = n * n;
  const smt::Graph grid = smt::square_grid_graph(n);
  std::vector<z3::expr> spoilt;
  for (int i = 0; i < cells; ++i) {
    const int r = i / n, c = i % n;
    const int edges = rules.edges_count ? (r == 0) + (r == n - 1) + (c == 0) + (c == n - 1) : 0;
    z3::expr_vector stones(ctx);
    for (int j : grid.adjacent[at(i)]) stones.push_back(!board.empty(j));
    const int needed = 2 - edges;
    const z3::expr too_few = needed <= 0 ? ctx.bool_val(false)
                             : stones.size() < static_cast<unsigned>(needed)
                                 ? ctx.bool_val(true)
                                 : !z3::atleast(stones, static_cast<unsigned>(needed));
    spoilt.push_back(define_bool(encoding, "spoilt", board.empty(i) && too_few));
  }
  return spoilt;
}

z3::expr some_territory(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  z3::context& ctx = encoding.ctx();
  const std::vector<z3::expr> spoilt = spoiling_points(encoding, rules, board);
  const smt::Graph grid = smt::square_grid_graph(board.n);
  std::vector<z3::expr> chosen;
  for (int i = 0; i < grid.size(); ++i) chosen.push_back(encoding.fresh_bool("territory_set"));
  std::vector<z3::expr> clauses;
  for (int i = 0; i < grid.size(); ++i) {
    clauses.push_back(z3::implies(chosen[at(i)], board.empty(i) && !spoilt[at(i)]));
    for (int j : grid.adjacent[at(i)]) clauses.push_back(z3::implies(chosen[at(i)] && board.empty(j), chosen[at(j)]));
  }
  clauses.push_back(smt::any_of(ctx, chosen));
  return smt::all_of(ctx, clauses);
}

std::vector<z3::expr> relational_territory(Encoding& encoding, const Rules& rules, const SymbolicBoard& board,
                                           const std::function<bool(int)>& only_near) {
  z3::context& ctx = encoding.ctx();
  const int n = board.n, cells = n * n;
  const smt::Graph grid = smt::square_grid_graph(n);
  const std::vector<z3::expr> spoilt = spoiling_points(encoding, rules, board);
  const unsigned rank_bits = bits_for(static_cast<unsigned>(cells) + 1);
  const auto kept = [&](int i) { return !only_near || only_near(i); };
  std::vector<z3::expr> filled, rank;
  for (int i = 0; i < cells; ++i) {
    filled.push_back(encoding.fresh_bool("filled"));
    rank.push_back(encoding.fresh_bv("fill_rank", rank_bits));
  }
  // On a known board the ranks are pinned to the ones of the existence argument (distance to a
  // spoiling point of the region; 0 in a territory), so Z3 propagates instead of searching.
  if (const auto empty = known_empty(board); empty && !only_near) {
    std::vector<int> sources, distance(at(cells), -1), nearer(at(cells), -1);
    for (int i = 0; i < cells; ++i) {
      if (spoilt[at(i)].simplify().is_true()) sources.push_back(i);
    }
    spread_from(grid, *empty, sources, distance, nearer);
    for (int i = 0; i < cells; ++i) {
      encoding.require(rank[at(i)] == ctx.bv_val(static_cast<unsigned>(std::max(0, distance[at(i)])), rank_bits));
    }
  }
  for (int i = 0; i < cells; ++i) {
    if (!kept(i)) continue;
    encoding.require(z3::implies(filled[at(i)], board.empty(i) && !spoilt[at(i)]));
    std::vector<z3::expr> lower;
    for (int j : grid.adjacent[at(i)]) {
      if (!kept(j)) continue;
      encoding.require(z3::implies(board.empty(i) && board.empty(j), filled[at(i)] == filled[at(j)]));
      lower.push_back(board.empty(j) && !filled[at(j)] && z3::ult(rank[at(j)], rank[at(i)]));
    }
    if (!only_near) {
      encoding.require(
          z3::implies(board.empty(i) && !filled[at(i)] && !spoilt[at(i)], smt::any_of(ctx, lower)));
    }
  }
  return filled;
}

Regions analyse_regions(Encoding& encoding, const Rules& rules, const SymbolicBoard& board, bool black_to_fill_on_tie,
                        bool with_majority) {
  z3::context& ctx = encoding.ctx();
  const int n = board.n, cells = n * n;
  const smt::Graph grid = smt::square_grid_graph(n);
  std::vector<z3::expr> empty;
  for (int i = 0; i < cells; ++i) empty.push_back(board.empty(i));
  const auto both_empty = [&](int i, int j) { return empty[at(i)] && empty[at(j)]; };

  const std::vector<z3::expr> spoilt = spoiling_points(encoding, rules, board);
  // A region has at most as many points as the board has points that may be empty (all of them
  // for a symbolic board, few for a nearly known one), and spreading through it needs one round
  // fewer.
  int may_be_empty = 0;
  for (int i = 0; i < cells; ++i) may_be_empty += !empty[at(i)].simplify().is_false();
  const int rounds = std::max(0, may_be_empty - 1);
  // Points whose region holds a spoiling point, by rounds of spreading between empty neighbours:
  // a function of the board, so the solver has nothing to choose. That many rounds reach every
  // point of any region, so the last round is closed under empty adjacency; saying so (a true
  // fact about every board) lets the solver reason locally instead of counting rounds.
  std::vector<z3::expr> reached = spoilt;
  for (int round = 1; round <= rounds; ++round) {
    std::vector<z3::expr> next;
    for (int i = 0; i < cells; ++i) {
      std::vector<z3::expr> from{reached[at(i)]};
      for (int j : grid.adjacent[at(i)]) from.push_back(empty[at(i)] && reached[at(j)]);
      next.push_back(define_bool(encoding, "spoilt_region", smt::any_of(ctx, from)));
    }
    reached = next;
  }
  for (int i = 0; i < cells; ++i) {
    for (int j : grid.adjacent[at(i)]) encoding.require(z3::implies(both_empty(i, j) && reached[at(j)], reached[at(i)]));
  }
  Regions regions;
  for (int i = 0; i < cells; ++i) regions.territory.push_back(empty[at(i)] && !reached[at(i)]);
  if (!with_majority) {
    regions.black_fill.assign(at(cells), ctx.bool_val(false));
    return regions;
  }

  // The majority needs each region's distinct adjacent stones, hence region identities: a
  // region's label is the smallest index among its points, spread the same way (stones: none).
  const unsigned index_bits = bits_for(static_cast<unsigned>(cells) + 1);
  const unsigned count_bits = bits_for(4u * static_cast<unsigned>(cells) + 1) + 1;
  const z3::expr none = ctx.bv_val(cells, index_bits);
  std::vector<z3::expr> label;
  for (int i = 0; i < cells; ++i) label.push_back(z3::ite(empty[at(i)], ctx.bv_val(i, index_bits), none));
  for (int round = 1; round <= rounds; ++round) {
    std::vector<z3::expr> next;
    for (int i = 0; i < cells; ++i) {
      z3::expr smallest = label[at(i)];
      for (int j : grid.adjacent[at(i)]) smallest = z3::ite(z3::ult(label[at(j)], smallest), label[at(j)], smallest);
      next.push_back(define_bv(encoding, "label", z3::ite(empty[at(i)], smallest, none), index_bits));
    }
    label = next;
  }
  for (int i = 0; i < cells; ++i) {
    for (int j : grid.adjacent[at(i)]) {
      if (j > i) encoding.require(z3::implies(both_empty(i, j), label[at(i)] == label[at(j)]));
    }
  }
  const z3::expr zero = ctx.bv_val(0, count_bits), one = ctx.bv_val(1, count_bits);
  // A stone is counted once per region: at its first neighbour (in a fixed order) in that region.
  const auto counted = [&](int stone, int point) {
    z3::expr first = empty[at(point)];
    if (rules.count_adjacencies) return first;
    for (int earlier : grid.adjacent[at(stone)]) {
      if (earlier == point) break;
      first = first && label[at(earlier)] != label[at(point)];
    }
    return first;
  };
  std::vector<z3::expr> local_black, local_white;
  for (int i = 0; i < cells; ++i) {
    z3::expr black_sum = zero, white_sum = zero;
    for (int s : grid.adjacent[at(i)]) {
      black_sum = black_sum + z3::ite(board.black[at(s)] && counted(s, i), one, zero);
      white_sum = white_sum + z3::ite(board.white[at(s)] && counted(s, i), one, zero);
    }
    local_black.push_back(black_sum);
    local_white.push_back(white_sum);
  }
  // Where a label is already a known number, terms for other labels are zero (or false) and are
  // left out: the same value without building n^4 terms for a known board.
  const auto label_may_be = [&](int i, int v) {
    return !label[at(i)].is_numeral() || label[at(i)].get_numeral_uint() == static_cast<unsigned>(v);
  };
  // Per region (indexed by its label v): the fill colour.
  std::vector<z3::expr> black_of;
  for (int v = 0; v < cells; ++v) {
    const z3::expr id = ctx.bv_val(v, index_bits);
    z3::expr black_total = zero, white_total = zero;
    for (int i = v; i < cells; ++i) {  // a region's points all have indices >= its label
      if (!label_may_be(i, v)) continue;
      black_total = black_total + z3::ite(label[at(i)] == id, local_black[at(i)], zero);
      white_total = white_total + z3::ite(label[at(i)] == id, local_white[at(i)], zero);
    }
    black_of.push_back(define_bool(encoding, "black_of",
                                   z3::ugt(black_total, white_total) ||
                                       (black_total == white_total && ctx.bool_val(black_to_fill_on_tie))));
  }
  for (int i = 0; i < cells; ++i) {
    std::vector<z3::expr> black;
    for (int v = 0; v <= i; ++v) {
      if (label_may_be(i, v)) black.push_back(label[at(i)] == ctx.bv_val(v, index_bits) && black_of[at(v)]);
    }
    regions.black_fill.push_back(smt::any_of(ctx, black));
  }
  return regions;
}

z3::expr diagonal_rule_holds(z3::context& ctx, const SymbolicBoard& board, bool check_black, bool check_white) {
  const int n = board.n;
  std::vector<z3::expr> clauses;
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c + 1 < n; ++c) {
      const int tl = r * n + c, tr = tl + 1, bl = tl + n, br = bl + 1;
      for (bool black : {true, false}) {
        if (black ? !check_black : !check_white) continue;
        const auto s = [&](int cell) { return board.stone(cell, black); };
        clauses.push_back(z3::implies(s(tl) && s(br), s(tr) || s(bl)));
        clauses.push_back(z3::implies(s(tr) && s(bl), s(tl) || s(br)));
      }
    }
  return smt::all_of(ctx, clauses);
}

namespace {

// The board after `mover_black`'s placement on the point whose `move` literal is true, and whether
// that point was empty: the first step of both turn encodings.
SymbolicBoard place(const SymbolicBoard& before, bool mover_black, const std::vector<z3::expr>& move,
                    std::vector<z3::expr>& on_empty) {
  SymbolicBoard placed = before;
  for (int i = 0; i < before.n * before.n; ++i) {
    (mover_black ? placed.black : placed.white)[at(i)] = before.stone(i, mover_black) || move[at(i)];
    on_empty.push_back(move[at(i)] && before.empty(i));
  }
  return placed;
}

// The rest of a turn once the fill is known: territory points take their fill colour, and the
// placement is legal if its point was empty and the diagonal rule holds for the stones it checks.
Turn fill_and_judge(z3::context& ctx, const Rules& rules, const SymbolicBoard& placed, bool mover_black,
                    const std::vector<z3::expr>& on_empty, const std::vector<z3::expr>& territory,
                    const std::vector<z3::expr>& black_fill) {
  SymbolicBoard after = placed;
  for (int i = 0; i < placed.n * placed.n; ++i) {
    after.black[at(i)] = placed.black[at(i)] || (territory[at(i)] && black_fill[at(i)]);
    after.white[at(i)] = placed.white[at(i)] || (territory[at(i)] && !black_fill[at(i)]);
  }
  const bool check_black = !rules.mover_only_diagonal || mover_black;
  const bool check_white = !rules.mover_only_diagonal || !mover_black;
  return {placed, after, smt::any_of(ctx, on_empty) && diagonal_rule_holds(ctx, after, check_black, check_white)};
}

}  // namespace

Turn turn(Encoding& encoding, const Rules& rules, const SymbolicBoard& before, bool mover_black,
          const std::vector<z3::expr>& move, bool with_colours) {
  std::vector<z3::expr> on_empty;
  const SymbolicBoard placed = place(before, mover_black, move, on_empty);
  const Regions regions = analyse_regions(encoding, rules, placed, !mover_black, with_colours);
  return fill_and_judge(encoding.ctx(), rules, placed, mover_black, on_empty, regions.territory, regions.black_fill);
}

std::vector<z3::expr> relational_fill_colours(Encoding& encoding, const Rules& rules, const SymbolicBoard& board,
                                              bool black_on_tie) {
  z3::context& ctx = encoding.ctx();
  const int cells = board.n * board.n;
  const smt::Graph grid = smt::square_grid_graph(board.n);
  const unsigned index_bits = bits_for(static_cast<unsigned>(cells));
  // Signed margins: a region touches at most 4 stones per point (adjacencies), so |margin| <= 4 cells.
  const unsigned margin_bits = bits_for(4u * static_cast<unsigned>(cells) + 1) + 1;
  const z3::expr zero = ctx.bv_val(0, margin_bits), plus = ctx.bv_val(1, margin_bits),
                 minus = ctx.bv_val(-1, margin_bits);
  std::vector<z3::expr> empty, label, rank, root, black;
  for (int i = 0; i < cells; ++i) {
    empty.push_back(board.empty(i));
    label.push_back(encoding.fresh_bv("region_label", index_bits));
    rank.push_back(encoding.fresh_bv("region_rank", index_bits));
    black.push_back(encoding.fresh_bool("region_black"));
    root.push_back(empty.back() && label.back() == ctx.bv_val(static_cast<unsigned>(i), index_bits));
  }
  // parent[i][k]: i's parent is its k-th neighbour. A non-root empty point has exactly one, empty,
  // of lower rank (so following parents ends at the root); roots and stones have none.
  std::vector<std::vector<z3::expr>> parent(at(cells));
  for (int i = 0; i < cells; ++i) {
    for (int j : grid.adjacent[at(i)]) {
      const z3::expr p = encoding.fresh_bool("region_parent");
      encoding.require(z3::implies(p, empty[at(j)] && z3::ult(rank[at(j)], rank[at(i)])));
      parent[at(i)].push_back(p);
      // One region, one label and one colour.
      if (j > i) {
        encoding.require(z3::implies(empty[at(i)] && empty[at(j)],
                                     label[at(i)] == label[at(j)] && black[at(i)] == black[at(j)]));
      }
    }
    encoding.require(z3::implies(empty[at(i)] && !root[at(i)], smt::exactly_one(ctx, parent[at(i)])));
    encoding.require(z3::implies(!empty[at(i)] || root[at(i)], !smt::any_of(ctx, parent[at(i)])));
  }
  // On a known board the choices are pinned to the ones of the existence argument (docs/proofs.md:
  // label = the region's smallest index, parent = a neighbour one step nearer to it, rank = that
  // distance), which satisfy the relations: Z3 then propagates instead of searching over trees
  // (unpinned, one turn on a 10x10 board took over a minute). Margins and colours stay relations.
  if (const auto known = known_empty(board)) {
    std::vector<int> distance(at(cells), -1), nearer(at(cells), -1), root_of(at(cells), -1);
    for (int i = 0; i < cells; ++i) {
      if (!(*known)[at(i)] || distance[at(i)] >= 0) continue;
      spread_from(grid, *known, {i}, distance, nearer);  // reaches exactly i's region, unvisited so far
      for (int j = i; j < cells; ++j) {
        if (distance[at(j)] >= 0 && root_of[at(j)] < 0) root_of[at(j)] = i;
      }
    }
    for (int i = 0; i < cells; ++i) {
      if (!(*known)[at(i)]) continue;
      encoding.require(label[at(i)] == ctx.bv_val(static_cast<unsigned>(root_of[at(i)]), index_bits));
      encoding.require(rank[at(i)] == ctx.bv_val(static_cast<unsigned>(distance[at(i)]), index_bits));
      const auto& adjacent = grid.adjacent[at(i)];
      for (std::size_t k = 0; k < adjacent.size(); ++k) {
        encoding.require(parent[at(i)][k] == ctx.bool_val(adjacent[k] == nearer[at(i)]));
      }
    }
  }
  // A stone is counted once per region: at its first neighbour (in the fixed adjacency order) that
  // is empty and carries that region's label; under majority=adjacencies at every empty neighbour.
  const auto counted = [&](int stone, int point) {
    z3::expr first = empty[at(point)];
    if (rules.count_adjacencies) return first;
    for (int earlier : grid.adjacent[at(stone)]) {
      if (earlier == point) break;
      first = first && !(empty[at(earlier)] && label[at(earlier)] == label[at(point)]);
    }
    return first;
  };
  // margin[i]: black minus white stones counted at the points of i's subtree; the root's is its
  // region's, whichever tree the solver picks.
  std::vector<z3::expr> margin;
  for (int i = 0; i < cells; ++i) margin.push_back(encoding.fresh_bv("region_margin", margin_bits));
  for (int i = 0; i < cells; ++i) {
    z3::expr sum = zero;
    for (int s : grid.adjacent[at(i)]) {
      const z3::expr here = counted(s, i);
      sum = sum + z3::ite(board.black[at(s)] && here, plus, zero) + z3::ite(board.white[at(s)] && here, minus, zero);
    }
    const auto& children = grid.adjacent[at(i)];
    for (int j : children) {
      const auto& theirs = grid.adjacent[at(j)];
      const std::size_t k = static_cast<std::size_t>(std::find(theirs.begin(), theirs.end(), i) - theirs.begin());
      sum = sum + z3::ite(parent[at(j)][k], margin[at(j)], zero);
    }
    encoding.require(margin[at(i)] == sum);
    encoding.require(z3::implies(root[at(i)], black[at(i)] == (z3::sgt(margin[at(i)], zero) ||
                                                                 (margin[at(i)] == zero && ctx.bool_val(black_on_tie)))));
  }
  return black;
}

Turn relational_turn(Encoding& encoding, const Rules& rules, const SymbolicBoard& before, bool mover_black,
                     const std::vector<z3::expr>& move) {
  std::vector<z3::expr> on_empty;
  const SymbolicBoard placed = place(before, mover_black, move, on_empty);
  const std::vector<z3::expr> territory = relational_territory(encoding, rules, placed);
  const std::vector<z3::expr> black_fill = relational_fill_colours(encoding, rules, placed, !mover_black);
  return fill_and_judge(encoding.ctx(), rules, placed, mover_black, on_empty, territory, black_fill);
}

std::vector<z3::expr> require_no_territory(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  z3::context& ctx = encoding.ctx();
  const int cells = board.n * board.n;
  const smt::Graph grid = smt::square_grid_graph(board.n);
  const std::vector<z3::expr> spoilt = spoiling_points(encoding, rules, board);
  const unsigned rank_bits = bits_for(static_cast<unsigned>(cells));
  std::vector<z3::expr> rank;
  for (int i = 0; i < cells; ++i) rank.push_back(encoding.fresh_bv("spoil_rank", rank_bits));
  for (int i = 0; i < cells; ++i) {
    std::vector<z3::expr> towards;
    for (int j : grid.adjacent[at(i)]) towards.push_back(board.empty(j) && z3::ult(rank[at(j)], rank[at(i)]));
    encoding.require(z3::implies(board.empty(i) && !spoilt[at(i)], smt::any_of(ctx, towards)));
  }
  return spoilt;
}

namespace {

z3::expr no_territory(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  const Regions regions = analyse_regions(encoding, rules, board, false, false);
  std::vector<z3::expr> none;
  for (const auto& t : regions.territory) none.push_back(!t);
  return smt::all_of(encoding.ctx(), none);
}

// The end-of-turn invariant: no territory is left and the diagonal rule holds for every stone.
z3::expr end_of_turn_invariant(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  return no_territory(encoding, rules, board) && diagonal_rule_holds(encoding.ctx(), board, true, true);
}

// The same, required in relational form (require_no_territory); returns the spoiling points.
std::vector<z3::expr> require_end_of_turn_invariant(Encoding& encoding, const Rules& rules, const SymbolicBoard& board) {
  std::vector<z3::expr> spoilt = require_no_territory(encoding, rules, board);
  encoding.require(diagonal_rule_holds(encoding.ctx(), board, true, true));
  return spoilt;
}

std::vector<z3::expr> fresh_move(Encoding& encoding, int n) {
  std::vector<z3::expr> move;
  for (int i = 0; i < n * n; ++i) move.push_back(encoding.fresh_bool("move"));
  encoding.require(smt::exactly_one(encoding.ctx(), move));
  return move;
}

Verdict decide_invariant_inductive(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding(Encoding::Engine::FiniteDomain);
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, rules.n, "pre");
    const auto move = fresh_move(encoding, rules.n);
    const Turn t = relational_turn(encoding, rules, before, mover_black, move);
    require_end_of_turn_invariant(encoding, rules, before);
    encoding.require(t.legal);
    encoding.require(some_territory(encoding, rules, t.after) ||
                     !diagonal_rule_holds(encoding.ctx(), t.after, true, true));
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, t.after, move, mover_black, "a legal move from a position with the invariant breaks it", v);
    });
  }, timeout);
}

Verdict decide_one_fill_round(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Stones);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding(Encoding::Engine::FiniteDomain);
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, rules.n, "pre");
    const auto move = fresh_move(encoding, rules.n);
    // Which points a pass fills does not depend on the colours it fills them with, and neither
    // does whether a territory is left, so filled points are all coloured the mover's here.
    Turn t{before, before, encoding.ctx().bool_val(true)};
    for (int i = 0; i < rules.n * rules.n; ++i) {
      encoding.require(z3::implies(move[at(i)], before.empty(i)));
      (mover_black ? t.placed.black : t.placed.white)[at(i)] = before.stone(i, mover_black) || move[at(i)];
    }
    const std::vector<z3::expr> filled = relational_territory(encoding, rules, t.placed);
    t.after = t.placed;
    for (int i = 0; i < rules.n * rules.n; ++i) {
      (mover_black ? t.after.black : t.after.white)[at(i)] = t.placed.stone(i, mover_black) || filled[at(i)];
    }
    encoding.require(some_territory(encoding, rules, t.after));
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, t.after, move, mover_black, "a territory is left after one fill pass", v);
    });
  }, timeout);
}

Verdict decide_no_draw(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Stones);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  return smt::decide_full_board_has_winner(
      rules.n,
      [&](Encoding& e, const SymbolicBoard& board) { e.require(diagonal_rule_holds(e.ctx(), board, true, true)); },
      true, timeout);
}

Verdict decide_no_checkerboard_lemma(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Stones);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard block = SymbolicBoard::fresh(encoding, 2, "block", true);
  encoding.require(diagonal_rule_holds(encoding.ctx(), block, true, true));
  encoding.require((block.black[0] && block.black[3] && !block.black[1] && !block.black[2]) ||
                   (!block.black[0] && !block.black[3] && block.black[1] && block.black[2]));
  return encoding.verdict(encoding.check(timeout), [&](Verdict& v) {
    v.counterexample = smt::board_diagram(encoding, block, true);
    v.counterexample_size = 2;
  });
}

// A turn of the model that completes the opponent's chain, found by play (see
// search_opponent_completion_by_play): the position before it, the move and the game's moves.
struct OpponentCompletion {
  std::vector<char> cells;  // '.', 'B', 'W' row by row, before the move
  bool black_to_move = true;
  int point = 0;
  std::vector<std::string> moves;  // from the empty board, the completing move last
  long game = 0;
};
std::optional<OpponentCompletion> search_opponent_completion_by_play(const Game& game, long games, std::uint64_t seed,
                                                                     double budget_seconds);
constexpr long kCompletionSearchGames = 2'000;

Verdict decide_only_mover_completes(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  // Play first: a reachable counterexample found by the model, then confirmed by the encoding, is
  // decided at any size; Z3's own search for one stops being quick from about 9x9 on.
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t seed = 20261125 + static_cast<std::uint64_t>(rules.n);
  const auto played = search_opponent_completion_by_play(game, kCompletionSearchGames, seed, timeout / 2);
  const double play_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (smt::interrupted()) return Verdict::unknown("interrupted");  // no encoding to build: the run is stopping
  if (played) {
    Encoding encoding(Encoding::Engine::FiniteDomain);
    const SymbolicBoard before = smt::constant_board(encoding.ctx(), rules.n, played->cells);
    std::vector<z3::expr> move;
    for (int i = 0; i < rules.n * rules.n; ++i) move.push_back(encoding.ctx().bool_val(i == played->point));
    const Turn t = relational_turn(encoding, rules, before, played->black_to_move, move);
    require_end_of_turn_invariant(encoding, rules, before);
    smt::require_no_winner(encoding, before);
    encoding.require(t.legal);
    if (played->black_to_move) smt::require_white_chain(encoding, t.after);
    else smt::require_black_chain(encoding, t.after);
    const auto answer = encoding.check(std::max(1.0, timeout - play_seconds));
    std::string line;
    for (const auto& m : played->moves) line += " " + m;
    const std::string found_by = "found in game " + std::to_string(played->game) + " of uniform random play of the model (seed " +
                                 std::to_string(seed) + ")";
    if (answer == Encoding::Answer::Counterexample) {
      Verdict v = encoding.verdict(answer, [&](Verdict& out) {
        out.reached_by = std::vector<std::string>(played->moves.begin(), played->moves.end() - 1);
        // Drawn as the game reached it: its ply counts the moves, not the stones (fills add some).
        auto reached = game.initial_state();
        for (const std::string& m : out.reached_by) reached->apply(reached->parse_move(m));
        smt::describe_square_turn(game, encoding, before, t.after, move, played->black_to_move,
                                  "the move completes the opponent's chain", out, reached.get());
        out.note = "reachable from the empty board by the model:" + line + " (the last move completes the opponent's chain); " +
                   found_by + "; the Z3 turn encoding confirms it";
      });
      v.seconds += play_seconds;
      return v;
    }
    Verdict v = Verdict::unknown(answer == Encoding::Answer::Unknown
                                     ? "the Z3 encoding could not confirm the model's turn (" + encoding.unknown_reason() + ")"
                                     : "the model and the Z3 turn encoding DISAGREE on the model's turn (a bug in one of them)");
    v.note = found_by + ":" + line;
    v.seconds = play_seconds + encoding.seconds();
    return v;
  }
  return search_opponent_completion(game, std::max(0.001, timeout - play_seconds));
}

}  // namespace

Verdict search_opponent_completion(const Game& game, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  return for_both_movers([&](bool mover_black, double left) {
    Encoding encoding(Encoding::Engine::FiniteDomain);
    const SymbolicBoard before = SymbolicBoard::fresh(encoding, rules.n, "pre");
    const auto move = fresh_move(encoding, rules.n);
    const Turn t = relational_turn(encoding, rules, before, mover_black, move);
    require_end_of_turn_invariant(encoding, rules, before);
    smt::require_no_winner(encoding, before);
    encoding.require(t.legal);
    if (mover_black) smt::require_white_chain(encoding, t.after);
    else smt::require_black_chain(encoding, t.after);
    return encoding.verdict(encoding.check(left), [&](Verdict& v) {
      smt::describe_square_turn(game, encoding, before, t.after, move, mover_black, "the move completes the opponent's chain", v);
    });
  }, timeout);
}

namespace {

// Uniform random play of the model until a turn leaves the opponent of the mover with a chain
// joining its edges that it did not have before (whoever the opponent-chain ruling then declares
// the winner). Deterministic for a given seed while the time budget does not cut it short.
std::optional<OpponentCompletion> search_opponent_completion_by_play(const Game& game, long games, std::uint64_t seed,
                                                                     double budget_seconds) {
  using namespace arbiter::quentin;
  Rng rng(seed);
  std::vector<Move> moves;
  const auto started = std::chrono::steady_clock::now();
  for (long g = 1; g <= games; ++g) {
    // A stop request ends the play as the time budget does (the caller then stops too).
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > budget_seconds || smt::interrupted()) break;
    auto state = game.initial_state();
    std::vector<std::string> record;
    while (!state->is_terminal()) {
      state->legal_moves(moves);
      const Move chosen = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const std::string text = state->move_text(chosen);
      const int mover = state->side_to_move();
      const Position before = read_stones(game, state->line());
      record.push_back(text);
      state->apply(chosen);
      if (!state->is_terminal() || text == "pass" || text == "swap") continue;
      const Position after = read_stones(game, state->line());
      const int opponent = 1 - mover;
      if (reference::winning_chain(after.size, after.cells, opponent).empty() ||
          !reference::winning_chain(before.size, before.cells, opponent).empty()) {
        continue;
      }
      OpponentCompletion found;
      for (std::int8_t c : before.cells) found.cells.push_back(c == kEmpty ? '.' : c == stone_of(kBlackSide) ? 'B' : 'W');
      found.black_to_move = mover == kBlackSide;
      found.point = static_cast<int>(chosen);  // a placement's move code is its point index
      found.moves = record;
      found.game = g;
      return found;
    }
  }
  return std::nullopt;
}

// The board and side to move of a state, as the cells '.', 'B', 'W' (row by row) followed by 'b'
// or 'w'.
std::string board_and_side(const State& state) {
  const smt::SquarePosition position = smt::square_position_of(state);
  return std::string(position.cells.begin(), position.cells.end()) + (position.black_to_move ? 'b' : 'w');
}

// Whether the model reaches the position from the empty board. Quentin never removes a stone
// (fills only cover empty points), so a state with a stone the target lacks cannot lead to it.
std::string reachability_note(const Game& game, const std::vector<char>& target, bool black_to_move) {
  const std::string wanted = std::string(target.begin(), target.end()) + (black_to_move ? 'b' : 'w');
  const auto goal = [&](const State& s) { return board_and_side(s) == wanted; };
  const auto within = [&](const State& s) {
    const std::string cells = board_and_side(s);
    for (std::size_t i = 0; i + 1 < cells.size() && i < target.size(); ++i) {
      if (cells[i] != '.' && cells[i] != target[i]) return false;
    }
    return true;
  };
  // The future depends on the board, the side to move, the swap flag and whether the pie swap is
  // still available (ply 1); the ply count beyond that does not matter.
  const auto key = [](const State& s) {
    return board_and_side(s) + (s.ply() <= 1 ? "0" : "+") + (s.line().find(" swapped") != std::string::npos ? "s" : "");
  };
  return arbiter::reachability_note(game, goal, within, key, 2'000'000, "pruned to sub-positions of it");
}

// Requires of `position`: the end-of-turn invariant, no winner, an empty point, and no legal
// placement for each side in `stuck_sides`. Placements are encoded on `points` only (for a known
// board, its empty points: a placement elsewhere is illegal by the first rule).
void require_stuck(Encoding& encoding, const Rules& rules, const SymbolicBoard& position,
                   const std::vector<bool>& stuck_sides, const std::vector<int>& points) {
  z3::context& ctx = encoding.ctx();
  const int cells = position.n * position.n;
  encoding.require(end_of_turn_invariant(encoding, rules, position));
  smt::require_no_winner(encoding, position);
  std::vector<z3::expr> empties;
  for (int i = 0; i < cells; ++i) empties.push_back(position.empty(i));
  encoding.require(smt::any_of(ctx, empties));
  for (bool mover_black : stuck_sides) {
    for (int p : points) {
      std::vector<z3::expr> move;
      for (int i = 0; i < cells; ++i) move.push_back(ctx.bool_val(i == p));
      encoding.require(!turn(encoding, rules, position, mover_black, move).legal);
    }
  }
}

// A stuck position found by playing the model (see search_stuck_by_play).
struct StuckPosition {
  std::vector<char> cells;  // '.', 'B', 'W' row by row
  bool black_to_move = true;
  std::string diagram;             // the model's own diagram (with the true ply)
  std::vector<std::string> moves;  // from the empty board
  long game = 0;                   // which game of the search found it (1-based)
};

constexpr long kStuckSearchGames = 20'000;

// Random play of the executable model from the empty board, looking for a position where the side
// to move (neither: both sides) has no legal placement while points are empty and nobody has won.
// Play is chain-averse (a random move that does not end the game, when there is one), which makes
// long, crowded games and so forced passes far more likely than uniform play. The reference
// model re-checks every candidate. Deterministic for a given seed as long as the time budget does
// not cut the games short; `played` counts the games played.
std::optional<StuckPosition> search_stuck_by_play(const Game& game, bool neither, long games, std::uint64_t seed,
                                                  double budget_seconds, long& played) {
  using namespace arbiter::quentin;
  const quentin::Rules model_rules = quentin::Rules::from(game.config());
  Rng rng(seed);
  std::vector<Move> moves;
  const auto started = std::chrono::steady_clock::now();
  played = 0;
  for (long g = 1; g <= games; ++g) {
    // A stop request ends the play as the time budget does (the caller then stops too).
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > budget_seconds || smt::interrupted()) break;
    played = g;
    auto state = game.initial_state();
    std::vector<std::string> record;
    while (!state->is_terminal() || neither) {
      state->legal_moves(moves);
      const bool only_pass = moves.size() == 1 && state->move_text(moves[0]) == "pass";
      if (state->is_terminal() || only_pass) {
        const Position position = read_stones(game, state->line());
        const int mover = state->side_to_move();
        const bool stuck = std::count(position.cells.begin(), position.cells.end(), kEmpty) > 0 &&
                           reference::winning_chain(position.size, position.cells, kBlackSide).empty() &&
                           reference::winning_chain(position.size, position.cells, kWhiteSide).empty() &&
                           !reference::has_legal_placement(model_rules, position, mover) &&
                           (!neither || !reference::has_legal_placement(model_rules, position, 1 - mover));
        if (stuck) {
          StuckPosition found;
          for (std::int8_t c : position.cells) found.cells.push_back(c == kEmpty ? '.' : c == stone_of(kBlackSide) ? 'B' : 'W');
          found.black_to_move = mover == kBlackSide;
          found.diagram = state->diagram();
          found.moves = record;
          found.game = g;
          return found;
        }
        if (state->is_terminal()) break;
      }
      // Chain-averse: the first move, in a random order, after which the game goes on.
      for (std::size_t k = moves.size(); k > 1; --k) std::swap(moves[k - 1], moves[rng.below(static_cast<std::uint32_t>(k))]);
      Move chosen = moves[0];
      for (Move m : moves) {
        auto next = state->clone();
        next->apply(m);
        if (!next->is_terminal()) {
          chosen = m;
          break;
        }
      }
      record.push_back(state->move_text(chosen));
      state->apply(chosen);
    }
  }
  return std::nullopt;
}

// ---- Playability by lazily added placements (docs/proofs.md, "Quentin playability") ----
//
// A stall is a position with the end-of-turn invariant, no winner and an empty point where every
// placement of each stuck side is illegal. The search asks Z3 for such a position with the
// illegality of only SOME placements required, checks the candidate with the reference model, and
// requires the illegality of the placements the model finds legal there, until Z3 finds none
// (proved: the query without the other placements' constraints admits every stall) or the model
// confirms a candidate (a stall).

// The region of `q` in `board` (no point at all if q holds a stone), as membership literals only it
// satisfies: q belongs to it if empty, it is closed under empty adjacency, and every other member
// has a member neighbour of lower rank, so is joined to q through members.
std::vector<z3::expr> region_of(Encoding& encoding, const SymbolicBoard& board, int q) {
  z3::context& ctx = encoding.ctx();
  const int cells = board.n * board.n;
  const smt::Graph grid = smt::square_grid_graph(board.n);
  const unsigned rank_bits = bits_for(static_cast<unsigned>(cells));
  std::vector<z3::expr> member, rank;
  for (int i = 0; i < cells; ++i) {
    member.push_back(encoding.fresh_bool("member"));
    rank.push_back(encoding.fresh_bv("member_rank", rank_bits));
  }
  encoding.require(member[at(q)] == board.empty(q));
  for (int i = 0; i < cells; ++i) {
    encoding.require(z3::implies(member[at(i)], board.empty(i)));
    std::vector<z3::expr> joined;
    for (int j : grid.adjacent[at(i)]) {
      encoding.require(z3::implies(member[at(i)] && board.empty(j), member[at(j)]));
      joined.push_back(member[at(j)] && z3::ult(rank[at(j)], rank[at(i)]));
    }
    if (i != q) encoding.require(z3::implies(member[at(i)], smt::any_of(ctx, joined)));
  }
  return member;
}

// Whether the region `member` of `placed` is filled black: the majority of its adjacent stones
// (distinct stones, or stone-point adjacencies under majority=adjacencies), a tie going to
// black_on_tie.
z3::expr fills_black(Encoding& encoding, const Rules& rules, const SymbolicBoard& placed,
                     const std::vector<z3::expr>& member, bool black_on_tie) {
  z3::context& ctx = encoding.ctx();
  const int cells = placed.n * placed.n;
  const smt::Graph grid = smt::square_grid_graph(placed.n);
  const unsigned count_bits = bits_for(4u * static_cast<unsigned>(cells) + 1) + 1;
  const z3::expr zero = ctx.bv_val(0, count_bits), one = ctx.bv_val(1, count_bits);
  z3::expr black_votes = zero, white_votes = zero;
  for (int t = 0; t < cells; ++t) {
    std::vector<z3::expr> touching;
    for (int j : grid.adjacent[at(t)]) {
      if (rules.count_adjacencies) {
        black_votes = black_votes + z3::ite(placed.black[at(t)] && member[at(j)], one, zero);
        white_votes = white_votes + z3::ite(placed.white[at(t)] && member[at(j)], one, zero);
      }
      touching.push_back(member[at(j)]);
    }
    if (!rules.count_adjacencies) {
      const z3::expr adjacent = smt::any_of(ctx, touching);
      black_votes = black_votes + z3::ite(placed.black[at(t)] && adjacent, one, zero);
      white_votes = white_votes + z3::ite(placed.white[at(t)] && adjacent, one, zero);
    }
  }
  return define_bool(encoding, "fills_black",
                     z3::ugt(black_votes, white_votes) || (black_votes == white_votes && ctx.bool_val(black_on_tie)));
}

// What the reference model finds wrong with a candidate stall's premises (the invariant, no winner,
// an empty point), or "" when it agrees with the encoding.
std::string model_disagrees_on_stall_premises(const quentin::Rules& rules, const quentin::Position& p) {
  using namespace quentin;
  if (std::count(p.cells.begin(), p.cells.end(), kEmpty) == 0) return "the board is full";
  if (!reference::winning_chain(p.size, p.cells, kBlackSide).empty() || !reference::winning_chain(p.size, p.cells, kWhiteSide).empty()) {
    return "a side has a winning chain";
  }
  for (const std::vector<int>& region : reference::empty_regions(p.size, p.cells)) {
    if (reference::judge_region(rules, p.size, p.cells, region, kBlackSide).territory()) return "a territory is left";
  }
  quentin::Rules all_stones = rules;
  all_stones.diagonal = quentin::Rules::Diagonal::AllStones;
  if (reference::unsupported_diagonal(all_stones, p.size, p.cells, kBlackSide)) return "the diagonal rule fails";
  return "";
}

class LazyStallSearch {
 public:
  LazyStallSearch(Encoding& encoding, const Rules& rules, const SymbolicBoard& position)
      : encoding_(encoding), rules_(rules), position_(position), grid_(smt::square_grid_graph(position.n)) {}

  // The end-of-turn invariant in relational form: every region holds a spoiling point (each empty
  // point that does not spoil has an empty neighbour of lower rank, so falling ranks lead to one
  // in its region), and the diagonal rule holds for every stone.
  void require_invariant() { position_spoilt_ = require_end_of_turn_invariant(encoding_, rules_, position_); }

  // Only the lexicographically smallest image of a position under the board symmetries the rules
  // are invariant under (both mirrors and the half turn keep each colour's edges): every stall has
  // such an image, which is a stall too. With with_colour_swap (sound only when both sides are
  // stuck) also the four symmetries that exchange rows and columns together with the colours: they
  // map Black's edges onto White's, the invariant, "no winner" and the tie rule (to the mover's
  // opponent) onto themselves, and a stall of both sides onto a stall of both sides.
  void require_smallest_image(bool with_colour_swap) {
    z3::context& ctx = encoding_.ctx();
    const int n = position_.n, cells = n * n;
    const auto value = [&](int i, bool swapped) {
      const z3::expr black = ctx.bv_val(swapped ? 2 : 1, 2), white = ctx.bv_val(swapped ? 1 : 2, 2);
      return z3::ite(position_.black[at(i)], black, z3::ite(position_.white[at(i)], white, ctx.bv_val(0, 2)));
    };
    // Each symmetry as the point whose content the image shows at (r, c); the set is closed under
    // inverses (the quarter turns are each other's), so it is the same as mapping forwards.
    std::vector<std::pair<std::function<int(int, int)>, bool>> symmetries{
        {[n](int r, int c) { return r * n + (n - 1 - c); }, false},
        {[n](int r, int c) { return (n - 1 - r) * n + c; }, false},
        {[n](int r, int c) { return (n - 1 - r) * n + (n - 1 - c); }, false}};
    if (with_colour_swap) {
      symmetries.push_back({[n](int r, int c) { return c * n + r; }, true});
      symmetries.push_back({[n](int r, int c) { return (n - 1 - c) * n + (n - 1 - r); }, true});
      symmetries.push_back({[n](int r, int c) { return c * n + (n - 1 - r); }, true});
      symmetries.push_back({[n](int r, int c) { return (n - 1 - c) * n + r; }, true});
    }
    for (const auto& [source, swapped] : symmetries) {
      z3::expr equal_so_far = ctx.bool_val(true);
      for (int i = 0; i < cells; ++i) {
        const int image = source(i / n, i % n);
        if (image == i && !swapped) continue;
        encoding_.require(z3::implies(equal_so_far, z3::ule(value(i, false), value(image, swapped))));
        equal_so_far = define_bool(encoding_, "lex_equal", equal_so_far && value(i, false) == value(image, swapped));
      }
    }
  }

  // `mover_black`'s placement on `point` is illegal: the point holds a stone, or after the fill some
  // diagonal pair of like-coloured stones has no like-coloured common neighbour. On a position with
  // the end-of-turn invariant that happens exactly when a diagonal neighbour d of the point holds a
  // mover's stone and neither point next to both holds one of the mover's stones or is filled with
  // the mover's colour (the witness lemma, docs/proofs.md: whenever some pair is broken after the
  // fill, such a pair through the placed stone is too; a fill can only mend it). Those two points
  // are neighbours of the placed point, so only the regions of its empty neighbours are encoded,
  // with their majority for the mover. The same under both diagonal-rule readings.
  z3::expr illegal(int point, bool mover_black) {
    z3::context& ctx = encoding_.ctx();
    const Neighbourhood& near = neighbourhood(point);
    SymbolicBoard placed = position_;
    placed.black[at(point)] = ctx.bool_val(mover_black);
    placed.white[at(point)] = ctx.bool_val(!mover_black);
    const auto& adjacent = grid_.adjacent[at(point)];
    // Whether a neighbour of the point holds a mover's stone after the placement and the fill.
    const auto mended_by = [&](int a) {
      const std::size_t k = static_cast<std::size_t>(std::find(adjacent.begin(), adjacent.end(), a) - adjacent.begin());
      const z3::expr black = fills_black(encoding_, rules_, placed, near.regions[k], !mover_black);
      return position_.stone(a, mover_black) || (near.territory[k] && (mover_black ? black : !black));
    };
    std::map<int, z3::expr> mended;
    std::vector<z3::expr> witnesses;
    for (const DiagonalPair& pair : diagonal_pairs(point)) {
      for (int a : pair.across) {
        if (!mended.count(a)) mended.emplace(a, define_bool(encoding_, "mended", mended_by(a)));
      }
      witnesses.push_back(position_.stone(pair.diagonal, mover_black) && !mended.at(pair.across[0]) &&
                          !mended.at(pair.across[1]));
    }
    return !position_.empty(point) || smt::any_of(ctx, witnesses);
  }

  // Requires the illegality above, with the weaker, local form of it that needs no region.
  void require_illegal(int point, bool mover_black) {
    encoding_.require(illegal(point, mover_black));
    require_locally_stuck(point, mover_black);
  }

  // Implied by every stall, for every point and stuck side at once (cheap: a 5x5 window): an empty
  // point's placement is illegal only through a broken pair of the mover's stones through it.
  void require_locally_stuck(int point, bool mover_black) {
    encoding_.require(!position_.empty(point) || local_break(point, mover_black));
  }

  // A pair of the mover's stones through the placed point that is broken before any fill and that no
  // fill of a region of one or two points mends: implied by the illegality above (its witness, with
  // the fills that are decided next to the placed point; a larger region may still mend the pair).
  z3::expr local_break(int point, bool mover_black) {
    std::vector<z3::expr> breaks;
    for (const DiagonalPair& pair : diagonal_pairs(point)) {
      std::vector<z3::expr> broken{position_.stone(pair.diagonal, mover_black)};
      for (int a : pair.across) broken.push_back(!position_.stone(a, mover_black) && !mended_by_small_region(point, a, mover_black));
      breaks.push_back(smt::all_of(encoding_.ctx(), broken));
    }
    return smt::any_of(encoding_.ctx(), breaks);
  }

 private:
  // Whether the empty neighbour `a` of the placed point is, after the placement, a region of one
  // point, or of two with one of its other neighbours b, enclosed by stones, a territory and filled
  // with the mover's colour. Two neighbouring points have no common neighbour, so each stone next to
  // the region touches one point of it and both majority rulings count the same; the placed stone
  // is one of them, and a tie goes to the mover's opponent. Whether each point has the two stone
  // neighbours of a territory is fixed by the geometry once the others are stones (edges count under
  // edges-count=yes).
  z3::expr mended_by_small_region(int point, int a, bool mover_black) {
    const std::tuple<int, int, bool> memo_key{point, a, mover_black};
    if (const auto found = small_region_mends_.find(memo_key); found != small_region_mends_.end()) return found->second;
    z3::context& ctx = encoding_.ctx();
    const int n = position_.n;
    const auto stone_neighbours_needed = [&](int x) {
      const int r = x / n, c = x % n;
      return 2 - (rules_.edges_count ? (r == 0) + (r == n - 1) + (c == 0) + (c == n - 1) : 0);
    };
    std::vector<int> partners{-1};
    for (int b : grid_.adjacent[at(a)]) {
      if (b != point) partners.push_back(b);
    }
    std::vector<z3::expr> mends;
    for (int b : partners) {
      std::vector<int> region{a};
      if (b >= 0) region.push_back(b);
      std::vector<z3::expr> enclosed;
      z3::expr_vector mine(ctx), theirs(ctx);
      bool territory = true;
      for (int x : region) {
        enclosed.push_back(position_.empty(x));
        int stone_neighbours = 0;
        for (int q : grid_.adjacent[at(x)]) {
          if (q == a || q == b) continue;
          ++stone_neighbours;
          if (q == point) continue;
          enclosed.push_back(!position_.empty(q));
          mine.push_back(position_.stone(q, mover_black));
          theirs.push_back(position_.stone(q, !mover_black));
        }
        territory = territory && stone_neighbours >= stone_neighbours_needed(x);
      }
      if (!territory) continue;
      // With the placed stone the mover has a strict majority: no more of the opponent's stones
      // than of the mover's others.
      std::vector<z3::expr> majority;
      const unsigned others = mine.size();
      for (unsigned t = 0; t <= others; ++t) {
        const z3::expr at_least = t == 0 ? ctx.bool_val(true) : z3::atleast(theirs, t);
        const z3::expr more = t == others ? ctx.bool_val(false) : z3::atleast(theirs, t + 1);
        const z3::expr mine_enough = t == 0 ? ctx.bool_val(true) : z3::atleast(mine, t);
        majority.push_back(at_least && !more && mine_enough);
      }
      mends.push_back(smt::all_of(ctx, enclosed) && smt::any_of(ctx, majority));
    }
    const z3::expr mended = define_bool(encoding_, "small_region_mends", smt::any_of(ctx, mends));
    return small_region_mends_.emplace(memo_key, mended).first->second;
  }

  // A diagonal neighbour of a point and the two points next to both.
  struct DiagonalPair {
    int diagonal;
    std::array<int, 2> across;
  };
  std::vector<DiagonalPair> diagonal_pairs(int point) const {
    const int n = position_.n, r = point / n, c = point % n;
    std::vector<DiagonalPair> pairs;
    for (int dr : {-1, 1}) {
      for (int dc : {-1, 1}) {
        if (r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n) continue;
        pairs.push_back({(r + dr) * n + c + dc, {r * n + c + dc, (r + dr) * n + c}});
      }
    }
    return pairs;
  }

  // The regions of a placement's empty neighbours, and whether each is a territory: the same for
  // both colours of the placed stone.
  struct Neighbourhood {
    std::vector<std::vector<z3::expr>> regions;
    std::vector<z3::expr> territory;
    // A necessary condition for any fill, cheap to see: the region a territory comes from had a
    // spoiling point (the invariant), which the placed stone must have made not spoiling.
    z3::expr may_fill;
  };

  const Neighbourhood& neighbourhood(int point) {
    if (const auto found = neighbourhoods_.find(point); found != neighbourhoods_.end()) return found->second;
    z3::context& ctx = encoding_.ctx();
    SymbolicBoard placed = position_;
    placed.black[at(point)] = ctx.bool_val(true);
    placed.white[at(point)] = ctx.bool_val(false);
    const std::vector<z3::expr> spoilt = spoiling_points(encoding_, rules_, placed);
    std::vector<z3::expr> stops_spoiling;
    for (int q : grid_.adjacent[at(point)]) stops_spoiling.push_back(position_spoilt_[at(q)] && !spoilt[at(q)]);
    Neighbourhood near{{}, {}, smt::any_of(ctx, stops_spoiling)};
    for (int q : grid_.adjacent[at(point)]) {
      near.regions.push_back(region_of(encoding_, placed, q));
      std::vector<z3::expr> spoilers;
      for (std::size_t i = 0; i < spoilt.size(); ++i) spoilers.push_back(near.regions.back()[i] && spoilt[i]);
      near.territory.push_back(define_bool(encoding_, "neighbour_territory", placed.empty(q) && !smt::any_of(ctx, spoilers)));
      encoding_.require(z3::implies(near.territory.back(), near.may_fill));
    }
    return neighbourhoods_.emplace(point, std::move(near)).first->second;
  }

  Encoding& encoding_;
  const Rules& rules_;
  const SymbolicBoard& position_;
  smt::Graph grid_;
  std::map<int, Neighbourhood> neighbourhoods_;
  std::map<std::tuple<int, int, bool>, z3::expr> small_region_mends_;
  std::vector<z3::expr> position_spoilt_;  // set by require_invariant
};

}  // namespace

bool encoded_placement_illegal(const Rules& rules, const std::vector<char>& cells, int point, bool mover_black) {
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard position = smt::constant_board(encoding.ctx(), rules.n, cells);
  LazyStallSearch search(encoding, rules, position);
  search.require_invariant();
  search.require_illegal(point, mover_black);
  return encoding.check(60) == Encoding::Answer::Counterexample;
}

bool locally_stuck(const Rules& rules, const std::vector<char>& cells, int point, bool mover_black) {
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard position = smt::constant_board(encoding.ctx(), rules.n, cells);
  LazyStallSearch search(encoding, rules, position);
  search.require_locally_stuck(point, mover_black);
  return encoding.check(60) == Encoding::Answer::Counterexample;
}

smt::Encoding::Answer local_relaxation_misses_illegal_placement(const Rules& rules, int point, bool mover_black, double timeout) {
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard position = SymbolicBoard::fresh(encoding, rules.n, "pos");
  LazyStallSearch search(encoding, rules, position);
  search.require_invariant();
  std::vector<z3::expr> move;
  for (int i = 0; i < rules.n * rules.n; ++i) move.push_back(encoding.ctx().bool_val(i == point));
  encoding.require(position.empty(point));
  encoding.require(!turn(encoding, rules, position, mover_black, move).legal);
  encoding.require(!search.local_break(point, mover_black));
  return encoding.check(timeout);
}

smt::Encoding::Answer lazy_illegality_differs_from_turn(const Rules& rules, int point, bool mover_black, double timeout) {
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard position = SymbolicBoard::fresh(encoding, rules.n, "pos");
  LazyStallSearch search(encoding, rules, position);
  search.require_invariant();
  const z3::expr illegal = search.illegal(point, mover_black);
  std::vector<z3::expr> move;
  for (int i = 0; i < rules.n * rules.n; ++i) move.push_back(encoding.ctx().bool_val(i == point));
  encoding.require(illegal == turn(encoding, rules, position, mover_black, move).legal);
  return encoding.check(timeout);
}

namespace {

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(2) << seconds;
  return text.str();
}

// The lazy search for a stall of `stuck_sides` (true = Black). Refuted: the model confirms a
// candidate, which is described with its reachability. Proved: Z3 finds no candidate although every
// placement any candidate had is required illegal.
Verdict search_stall_lazily(const Game& game, const Rules& rules, const std::vector<bool>& stuck_sides, double timeout) {
  const int n = rules.n, cells = n * n;
  const quentin::Rules model_rules = quentin::Rules::from(game.config());
  // The limit holds for the whole search, the building of the encodings between the queries
  // included (on large boards that takes longer than the queries themselves).
  const auto started = std::chrono::steady_clock::now();
  const auto time_left = [&] {
    return timeout - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  Encoding encoding(Encoding::Engine::FiniteDomain);
  const SymbolicBoard position = SymbolicBoard::fresh(encoding, n, "pos");
  LazyStallSearch search(encoding, rules, position);
  search.require_invariant();
  smt::require_no_winner(encoding, position);
  std::vector<z3::expr> empties;
  for (int i = 0; i < cells; ++i) empties.push_back(position.empty(i));
  encoding.require(smt::any_of(encoding.ctx(), empties));
  search.require_smallest_image(stuck_sides.size() == 2);
  for (bool mover_black : stuck_sides) {
    for (int p = 0; p < cells; ++p) search.require_locally_stuck(p, mover_black);
  }

  std::set<std::pair<bool, int>> encoded;
  int candidates = 0;
  double seconds = 0;
  std::string query_seconds;  // where the time goes: the first query is the local relaxation alone
  const auto finish = [&](Verdict v) {
    v.seconds = seconds;
    v.variables = encoding.variables();
    v.assertions = encoding.assertions();
    const std::string tally = std::to_string(candidates) + " candidate positions checked against the model, " +
                              std::to_string(encoded.size()) + " of " + std::to_string(cells * static_cast<int>(stuck_sides.size())) +
                              " placements encoded; Z3 seconds per query: " + query_seconds;
    v.note = v.note.empty() ? tally : tally + "; " + v.note;
    return v;
  };
  for (;;) {
    if (smt::interrupted()) return finish(Verdict::unknown("interrupted"));
    if (time_left() <= 0) return finish(Verdict::unknown("timeout"));
    const auto answer = encoding.check(std::max(0.001, time_left()));
    seconds += encoding.seconds();
    query_seconds += (query_seconds.empty() ? "" : " ") + seconds_text(encoding.seconds());
    if (answer == Encoding::Answer::NoCounterexample) return finish(Verdict::proved());
    if (answer == Encoding::Answer::Unknown) return finish(Verdict::unknown(encoding.unknown_reason()));
    ++candidates;
    const std::vector<char> board = position.cells(encoding);
    quentin::Position candidate = quentin::Position::empty(n);
    for (int i = 0; i < cells; ++i) {
      candidate.cells[at(i)] = board[at(i)] == 'B' ? quentin::kBlackStone : board[at(i)] == 'W' ? quentin::kWhiteStone : quentin::kEmpty;
    }
    std::vector<std::pair<bool, int>> legal;
    for (bool mover_black : stuck_sides) {
      for (int p = 0; p < cells; ++p) {
        if (candidate.cells[at(p)] != quentin::kEmpty) continue;
        const int side = mover_black ? quentin::kBlackSide : quentin::kWhiteSide;
        if (quentin::reference::play_placement(model_rules, candidate, p, side).legal) legal.emplace_back(mover_black, p);
      }
    }
    if (legal.empty()) {
      if (const std::string broken = model_disagrees_on_stall_premises(model_rules, candidate); !broken.empty()) {
        return finish(Verdict::unknown("the model and the Z3 encoding DISAGREE on a candidate: " + broken));
      }
      const bool black_to_move = stuck_sides.front();
      Verdict v = Verdict::proved();
      v.kind = Verdict::Kind::Refuted;
      v.counterexample = smt::board_diagram(encoding, position, black_to_move) +
                         (stuck_sides.size() > 1 ? "(neither side has a legal placement)\n"
                                                 : "(the side to move has no legal placement)\n");
      v.note = "the reference model confirms the stall; " + reachability_note(game, board, black_to_move);
      return finish(v);
    }
    for (const auto& placement : legal) {
      if (!encoded.insert(placement).second) {
        return finish(Verdict::unknown("the model and the Z3 encoding DISAGREE: the model finds " +
                                       std::string(placement.first ? "Black" : "White") + " " +
                                       smt::cell_name(n, placement.second) +
                                       " legal where the encoding requires it illegal (a bug in one of them)"));
      }
      search.require_illegal(placement.second, placement.first);
      if (smt::interrupted()) return finish(Verdict::unknown("interrupted"));
      if (time_left() <= 0) return finish(Verdict::unknown("timeout"));
    }
  }
}

}  // namespace

Verdict search_stall(const Game& game, const std::vector<bool>& stuck_sides, double timeout) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  return search_stall_lazily(game, rules, stuck_sides, timeout);
}

namespace {

// A position with the end-of-turn invariant, no winner and an empty point where the side to move
// (neither: both sides) has no legal placement. First the model is played to find one, which is
// then reachable by construction and is confirmed by the Z3 encoding; failing that, Z3 searches
// all positions (and a position it finds is put to the reachability search).
Verdict decide_playable(const Game& game, double timeout, bool neither) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  const int n = rules.n, cells = n * n;
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t seed = 20261122 + static_cast<std::uint64_t>(n);
  // The play gets at most half the limit, so that a small --timeout is kept on large boards too.
  long games_played = 0;
  const auto played = search_stuck_by_play(game, neither, kStuckSearchGames, seed, timeout / 2, games_played);
  const double search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (smt::interrupted()) return Verdict::unknown("interrupted");  // no encoding to build: the run is stopping
  const std::string stuck_text =
      neither ? "(neither side has a legal placement)\n" : "(the side to move has no legal placement)\n";
  if (played) {
    Encoding encoding(Encoding::Engine::FiniteDomain);
    std::vector<int> empty_points;
    for (int i = 0; i < cells; ++i) {
      if (played->cells[at(i)] == '.') empty_points.push_back(i);
    }
    const SymbolicBoard position = smt::constant_board(encoding.ctx(), n, played->cells);
    require_stuck(encoding, rules, position,
                  neither ? std::vector<bool>{true, false} : std::vector<bool>{played->black_to_move}, empty_points);
    const auto answer = encoding.check(std::max(1.0, timeout - search_seconds));
    std::string moves;
    for (const auto& m : played->moves) moves += " " + m;
    const std::string found_by = "found in game " + std::to_string(played->game) +
                                 " of chain-averse random play of the model (seed " + std::to_string(seed) + ")";
    if (answer == Encoding::Answer::Counterexample) {
      Verdict v = encoding.verdict(answer, [&](Verdict& out) {
        out.counterexample = played->diagram + stuck_text;
        out.reached_by = played->moves;
        out.note = "reachable from the empty board by the model:" + moves + "; " + found_by +
                   "; the Z3 encoding confirms the position (invariant, no winner, no legal placement)";
      });
      v.seconds += search_seconds;
      return v;
    }
    Verdict v = Verdict::unknown(
        answer == Encoding::Answer::Unknown
            ? "the Z3 encoding could not confirm the model's stuck position (" + encoding.unknown_reason() + ")"
            : "the model and the Z3 encoding DISAGREE on the model's stuck position (a bug in one of them)");
    v.note = found_by + ":" + moves;
    v.seconds = search_seconds + encoding.seconds();
    return v;
  }
  const std::string searched = "no such position in " + std::to_string(games_played) +
                               (games_played < kStuckSearchGames ? " (of " + std::to_string(kStuckSearchGames) + ", cut by the time limit)" : "") +
                               " chain-averse random games of the model (seed " + std::to_string(seed) + ")";
  const auto check = [&](bool black_to_move, double left) {
    return search_stall_lazily(game, rules, neither ? std::vector<bool>{true, false} : std::vector<bool>{black_to_move}, left);
  };
  const double left = std::max(0.001, timeout - search_seconds);
  Verdict v = neither ? check(true, left) : for_both_movers(check, left);
  v.seconds += search_seconds;
  if (v.kind != Verdict::Kind::Refuted) v.note = searched + (v.note.empty() ? "" : "; " + v.note);
  return v;
}

// one-fill-round for EVERY board size. After one pass the empty points are exactly the unfilled
// points of the placed board, whole regions of it, each holding a spoiling point p (else it would
// have been a territory and filled). Every empty neighbour of p is in p's region, so unfilled; so
// p's neighbours are stones or empty exactly as before and p still spoils, and its region, still
// empty and connected, is a region after the pass: not a territory (docs/proofs.md). The step
// "p still spoils" reads p and its four neighbours only; Z3 checks it for one point of every window
// kind (radius 1: edge distances capped at 1, which is what edges-count reads), asserting only the
// fill relations among those five points (weaker than a whole board, so unsat covers every board).
Verdict decide_one_fill_round_every_size(const Game& game, double timeout) {
  const Rules board_rules = Rules::from(game.config(), Rules::Reads::Stones);
  if (!board_rules.unsupported.empty()) return Verdict::not_encoded("ruling " + board_rules.unsupported);
  constexpr int kRadius = 1;
  const auto representatives = smt::window_representatives(kRadius);
  std::vector<Verdict> parts;
  for (const smt::WindowRepresentative& rep : representatives) {
    Rules rules = board_rules;
    rules.n = rep.n;
    const int n = rep.n;
    const auto near = [&](int cell) {
      return std::abs(cell / n - rep.cell / n) + std::abs(cell % n - rep.cell % n) <= kRadius;
    };
    Encoding encoding(Encoding::Engine::FiniteDomain);
    const SymbolicBoard placed = SymbolicBoard::fresh(encoding, n, "placed");
    const std::vector<z3::expr> filled = relational_territory(encoding, rules, placed, near);
    SymbolicBoard after = placed;
    for (int i = 0; i < n * n; ++i) after.black[at(i)] = placed.black[at(i)] || filled[at(i)];
    const auto spoilt_before = spoiling_points(encoding, rules, placed);
    const auto spoilt_after = spoiling_points(encoding, rules, after);
    encoding.require(spoilt_before[at(rep.cell)] && !spoilt_after[at(rep.cell)]);
    double used = 0;
    for (const auto& p : parts) used += p.seconds;
    parts.push_back(encoding.verdict(encoding.check(std::max(0.001, timeout - used)), [&](Verdict& v) {
      v.counterexample = smt::board_diagram(encoding, placed, true) + "(point " + smt::cell_name(n, rep.cell) +
                         " spoils before the pass but not after it; a window relaxation, not a whole position)\n";
      v.counterexample_size = n;
    }));
    if (parts.back().kind == Verdict::Kind::Refuted) {
      // The window asserts less than a whole board: a break there is no counterexample to the claim.
      parts.back() = Verdict::unknown("the window of " + smt::window_kind_text(rep.kind) +
                                      " admits a spoiling point that stops spoiling: the window lemma cannot decide");
    }
    if (parts.back().kind != Verdict::Kind::Proved) return smt::combine(parts);
  }
  Verdict v = smt::combine(parts);
  v.note = std::to_string(parts.size()) + " window checks: one per window kind (radius 1, found on boards 2-" +
           std::to_string(smt::window_representative_sizes(kRadius)) + ")";
  return v;
}

// Under diagonal-rule=all-stones a placement is legal only if, after the fill, the diagonal rule
// holds for every stone: that is the invariant's second half by definition. Read from the rulings,
// not a Z3 query.
Verdict decide_legality_checks_every_stone(const Game& game, double) {
  const Rules rules = Rules::from(game.config(), Rules::Reads::Legality);
  if (!rules.unsupported.empty()) return Verdict::not_encoded("ruling " + rules.unsupported);
  if (rules.mover_only_diagonal) {
    return Verdict::unknown("under diagonal-rule=mover-only legality checks the mover's stones only, so the "
                            "opponent's half of the invariant does not follow from it (invariant-inductive, per "
                            "size, decides)");
  }
  Verdict v = Verdict::proved();
  v.note = "read from the rulings (diagonal-rule=all-stones), not a Z3 query";
  return v;
}

}  // namespace
}  // namespace quentin_smt

std::vector<Claim> quentin_claims() {
  using namespace quentin_smt;
  const std::string draws = "seed 002: 'Draws are not possible'; rules.md Q2";
  std::vector<Claim> claims{
      {"invariant-inductive",
       "If no territory is left and the diagonal rule holds for every stone before a legal placement turn, both "
       "still hold after it (either mover; under diagonal-rule=mover-only this is rules.md claim Q4).",
       "seed 002 (turn structure); rules.md 2.3", false, decide_invariant_inductive, {}, {}, {}, "z3",
       "invariant-inductive-every-size"},
      {"one-fill-round",
       "From any position, after a placement on an empty point and one pass filling every territory, no territory "
       "is left.",
       "rules.md 2.3 item 3 (derived: a single pass equals repeating)", false, decide_one_fill_round, {}, {}, {}, "z3",
       "one-fill-round-every-size"},
      {"full-board-winner", "A full board on which the diagonal rule holds has a winner (this size, directly by Z3).",
       draws, false, decide_no_draw},
      {"no-two-winners", "No board holds a black top-bottom chain and a white left-right chain at once.",
       "rules.md 2.4 (derived)", false,
       [](const Game& game, double timeout) { return smt::decide_no_two_winners(game.config().size, timeout); }},
      {"no-checkerboard-lemma",
       "Where the diagonal rule holds no full 2x2 block is a checkerboard, so orthogonal and diagonal connectivity "
       "agree (used by full-board-winner and full-board-winner-every-size).",
       "lemma (rules.md Q2: no crosscut)", true, decide_no_checkerboard_lemma},
      smt::full_board_winner_every_size_claim(draws, decide_no_checkerboard_lemma),
      {"only-mover-completes",
       "A legal turn from a position with the invariant and no winner never completes the opponent's chain.",
       "rules.md 2.4 says this is FALSE (a fill can complete the opponent's chain); expected: refuted", false,
       decide_only_mover_completes, {}, {}, {}, "z3", {}, true},
      {"mover-can-move",
       "In every position with the end-of-turn invariant, no winner and an empty point, the side to move has a "
       "legal placement (so the pass rule never triggers).",
       "rules.md Q1 (observed, not proved)", false,
       [](const Game& game, double timeout) { return decide_playable(game, timeout, false); }},
      {"someone-can-move",
       "In every position with the end-of-turn invariant, no winner and an empty point, at least one side has a "
       "legal placement.",
       "seed 002: 'There will always be a move available to at least one of the players'", false,
       [](const Game& game, double timeout) { return decide_playable(game, timeout, true); }},
      {"one-fill-round-every-size",
       "one-fill-round on EVERY board size: a spoiling point left empty by the pass still spoils (Z3, one window "
       "per kind), so every region left is not a territory (docs/proofs.md).",
       "rules.md 2.3 item 3 (derived)", true, decide_one_fill_round_every_size},
      {"legality-checks-every-stone",
       "A legal placement leaves the diagonal rule holding for every stone (the default diagonal-rule=all-stones; "
       "read from the rulings, not a Z3 query).",
       "seed 002; ruling Q-4", true, decide_legality_checks_every_stone, {}, {}, {}, "rulings"},
      {"invariant-inductive-every-size",
       "invariant-inductive on EVERY board size: after a legal turn no territory is left (one-fill-round-every-size) "
       "and the diagonal rule holds for every stone (legality).",
       "seed 002; rules.md 2.3", true, nullptr, {}, {}, {"one-fill-round-every-size", "legality-checks-every-stone"}},
      // Game-level claims, derived from the lemmas they rest on. Placements add stones and fills
      // remove none, and a pass is forced only on a side that cannot place, so a game that neither
      // side wins and that never stalls ends on a full board, which by the invariant has a winner.
      {"no-draw",
       "No game of this size ends in a draw: the invariant holds after every turn, some side can always move, and a "
       "full board with the invariant has a winner.",
       draws, false, nullptr, {}, {},
       {"invariant-inductive-every-size", "someone-can-move", "full-board-winner-every-size"}},
      {"no-draw-every-size",
       "No game ends in a draw, on EVERY board size: no-draw with every premise proved for every size.", draws, true,
       nullptr, {}, {}, {"invariant-inductive-every-size", "someone-can-move", "full-board-winner-every-size"}},
      {"one-winner", "A full board on which the diagonal rule holds has exactly one winner.", draws, false, nullptr,
       {}, {}, {"full-board-winner", "no-two-winners"}},
  };
  // Sizes each decides within a few seconds on a 2-core machine (docs/proofs.md has the times).
  const std::map<std::string, std::vector<int>> audit_sizes{
      {"invariant-inductive", {2, 3, 4}},
      {"one-fill-round", {2, 3, 4, 5}},
      {"full-board-winner", {2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
      {"no-draw", {2, 3, 4, 5}},
      {"one-winner", {2, 3, 4, 5, 6}},
      {"no-two-winners", {2, 3, 4, 5, 6}},
      {"only-mover-completes", {2, 3}},
      // 5 is the smallest size where the model's play finds a forced pass.
      {"mover-can-move", {2, 3, 4, 5}},
      // Proved up to 8 by the local relaxation alone (8x8: about 20 s).
      {"someone-can-move", {2, 3, 4, 5}},
  };
  // Who makes each claim: someone-can-move and the game-level claims are the seed's; only-mover-
  // completes and mover-can-move are the research notes' (rules.md), not the seed's; the rest are
  // steps of Arbiter's argument, whatever text motivates them.
  const std::map<std::string, ClaimSource> kinds{
      {"invariant-inductive", ClaimSource::Lemma},
      {"one-fill-round", ClaimSource::Lemma},
      {"full-board-winner", ClaimSource::Lemma},
      {"no-two-winners", ClaimSource::Lemma},
      {"no-checkerboard-lemma", ClaimSource::Lemma},
      {"full-board-winner-every-size", ClaimSource::Lemma},
      {"only-mover-completes", ClaimSource::ResearchNote},
      {"mover-can-move", ClaimSource::ResearchNote},
      {"one-fill-round-every-size", ClaimSource::Lemma},
      {"legality-checks-every-stone", ClaimSource::Rulings},
      {"invariant-inductive-every-size", ClaimSource::Lemma},
  };
  // A drawn game refutes the game-level no-draw claims: where their argument fails, the driver
  // looks for one.
  claims = refuted_by_a_drawn_game(std::move(claims), {"no-draw", "no-draw-every-size"});
  return with_encoding_version(with_source_kinds(with_audit_sizes(std::move(claims), audit_sizes), kinds),
                               ARBITER_ENCODING_SOURCE_HASH);
}

EncodingComparison compare_quentin_turn_encoding(const Game& game, const State& state, Rng& rng) {
  const auto rules = quentin_smt::Rules::from(game.config(), quentin_smt::Rules::Reads::Legality);
  if (!rules.unsupported.empty()) throw InputError("the turn encoding does not cover the ruling " + rules.unsupported);
  return smt::compare_square_turn(
      state, rng,
      [&](smt::Encoding& e, const smt::SymbolicBoard& before, bool black, const std::vector<z3::expr>& move) {
        // The relational turn is what the turn claims use; the spread turn equals it (tests).
        const quentin_smt::Turn t = quentin_smt::relational_turn(e, rules, before, black, move);
        return smt::EncodedTurn{t.legal, t.after};
      });
}

}  // namespace arbiter

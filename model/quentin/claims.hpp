#pragma once
// Quentin's claims as Z3 encodings (docs/proofs.md). Written from the rule text (seed 002) and the
// rulings, independently of the executable model, so that each checks the other
// (`arbiter prove GAME --differential`, tests/encoding_differential_test.cpp).
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/game.hpp"
#include "model/core/rulings.hpp"
#include "solver/z3_encoding.hpp"

namespace arbiter {

std::vector<Claim> quentin_claims();
// The claims' turn encoding against the model on one random placement (GameDescriptor hook).
EncodingComparison compare_quentin_turn_encoding(const Game& game, const State& state, Rng& rng);

namespace quentin_smt {

// The rulings the encodings read; a value they do not model makes a claim "not encoded".
struct Rules {
  // What a claim's encoding reads: the stones only, or also which placements are legal.
  enum class Reads { Stones, Legality };
  int n = 0;
  bool edges_count = false;       // Q-1 edges-count=yes
  bool count_adjacencies = false;  // Q-2 majority=adjacencies
  bool mover_only_diagonal = false;  // Q-4 diagonal-rule=mover-only
  std::string unsupported;        // "name=value" not modelled ("" = all covered)
  static Rules from(const Config& config, Reads reads);
};

// Every ruling of the game with the values that encodings reading `reads` model; under any other
// value (or a ruling not listed) a claim's verdict is "not encoded".
ModelledRulings modelled_ruling_values(Rules::Reads reads);
// What the named claim's decision models (std::nullopt: it reads no ruling); for the honesty test.
std::optional<ModelledRulings> claim_modelled_rulings(const std::string& claim);

// Regions of empty points and the territories among them, in the solver. Each region is a tree
// of parent pointers (ranks decrease towards its root; a region's label is its root's index), so
// per-region facts are sums and ors along the tree.
struct Regions {
  std::vector<z3::expr> territory;   // per point: empty and its region is a territory
  std::vector<z3::expr> black_fill;  // per point: its region would be filled black (if a territory)
};
// black_to_fill_on_tie: the tie rule's colour (the opponent of the mover).
Regions analyse_regions(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& board,
                        bool black_to_fill_on_tie, bool with_majority = true);

// Which points one fill pass fills, as relations the solver must satisfy instead of rounds of
// spreading: a filled point is empty and not spoiling; empty neighbours are filled alike; an empty
// unfilled point that does not spoil has an empty unfilled neighbour of lower rank (so, following
// ranks down, it reaches a spoiling point of its region). Exactly one assignment satisfies them:
// the territories (docs/proofs.md). O(n^2) definitions where analyse_regions needs O(n^4).
// only_near: assert the relations only between points for which it holds (window lemmas).
std::vector<z3::expr> relational_territory(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& board,
                                           const std::function<bool(int)>& only_near = nullptr);

// "Some territory exists", in the form a solver refutes most easily: a non-empty set of empty
// points, closed under empty adjacency (so a union of whole regions), none of which has fewer than
// two adjacent stones. Such a set exists exactly when some region is a territory.
z3::expr some_territory(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& board);

// Any two like-coloured diagonal stones share a like-coloured orthogonal neighbour (only_black /
// only_white restrict the check to one colour).
z3::expr diagonal_rule_holds(z3::context& ctx, const smt::SymbolicBoard& board, bool check_black, bool check_white);

struct Turn {
  smt::SymbolicBoard placed;  // after the placement
  smt::SymbolicBoard after;   // after filling every territory
  z3::expr legal;             // the target was empty and the diagonal rule holds after filling
};
// A placement by `mover_black` on the point whose `move` literal is true (exactly one is required
// by the caller or given as constants), then the single fill pass and the legality test.
// Without colours every territory is filled black: which points get filled is still exact, the
// colours (and so `legal`) are not.
Turn turn(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& before, bool mover_black,
          const std::vector<z3::expr>& move, bool with_colours = true);

// The fill colour of every empty point's region, as relations (O(n^2) definitions instead of
// analyse_regions' O(n^4)): adjacent empty points share a label and a colour; a region's root is
// the point whose label is its own index, every other empty point has exactly one parent, an empty
// neighbour of lower rank (so parents lead to the root, and the region has exactly one); a stone
// counts for a region at its first neighbour carrying the region's label (every neighbour under
// majority=adjacencies); black-minus-white margins are summed from children to parents, and the
// root's margin decides (a tie: black_on_tie). Exactly the majority of each region (docs/proofs.md).
std::vector<z3::expr> relational_fill_colours(smt::Encoding& encoding, const Rules& rules,
                                              const smt::SymbolicBoard& board, bool black_on_tie);

// turn() with relational_territory and relational_fill_colours instead of the spread rounds: the
// same `after` and `legal` on every position and move (QuentinTurnEncoding tests), O(n^2).
Turn relational_turn(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& before, bool mover_black,
                     const std::vector<z3::expr>& move);

// Requires that `board` has no territory, as relations: every empty non-spoiling point has an
// empty neighbour of lower rank (falling ranks reach a spoiling point of its region). Returns the
// spoiling points.
std::vector<z3::expr> require_no_territory(smt::Encoding& encoding, const Rules& rules, const smt::SymbolicBoard& board);

// Whether the lazy playability search's encoding of "this placement is illegal" holds for
// `mover_black`'s placement on `point` of the known board `cells` ('.', 'B', 'W'), which must have
// the end-of-turn invariant (the encoding is exact only there). For the test against the model.
bool encoded_placement_illegal(const Rules& rules, const std::vector<char>& cells, int point, bool mover_black);

// Whether some position of size rules.n with the end-of-turn invariant has a placement of
// `mover_black` on `point` that the lazy search's illegality (the witness lemma: a broken pair
// through the placed stone that no fill mends) and the full turn encoding (turn()) judge
// differently. NoCounterexample proves the two equal on every such position of that size.
smt::Encoding::Answer lazy_illegality_differs_from_turn(const Rules& rules, int point, bool mover_black, double timeout);

// The local relaxation every stall search requires of every empty point at once: a broken pair of
// the mover's stones through it that no fill of a one- or two-point region next to it mends.
// locally_stuck: whether it holds for `point` of the known board `cells` (for the test against the
// model: it must hold wherever the model finds the placement illegal).
// local_relaxation_misses_illegal_placement: whether some position of size rules.n with the
// invariant has an illegal placement (by the full turn encoding, turn()) of `mover_black` on the
// empty `point` where it does not hold; NoCounterexample proves it implied on every such position.
bool locally_stuck(const Rules& rules, const std::vector<char>& cells, int point, bool mover_black);
smt::Encoding::Answer local_relaxation_misses_illegal_placement(const Rules& rules, int point, bool mover_black, double timeout);

// only-mover-completes by Z3 alone, without playing the model first: Refuted with a turn that
// completes the opponent's chain, Proved if there is none, else Unknown.
Verdict search_opponent_completion(const Game& game, double timeout);

// The lazy Z3 search alone, without playing the model first: Refuted with a stall where every side
// in `stuck_sides` (true = Black) has no legal placement, Proved if there is none, else Unknown.
Verdict search_stall(const Game& game, const std::vector<bool>& stuck_sides, double timeout);

}  // namespace quentin_smt
}  // namespace arbiter

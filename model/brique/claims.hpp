#pragma once
// Brique's claims as Z3 encodings (docs/proofs.md). Written from the rule text (seed 000) and the
// rulings, independently of the executable model, so that each checks the other
// (`arbiter prove GAME --differential`, tests/encoding_differential_test.cpp).
#include <optional>
#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "model/core/rulings.hpp"
#include "solver/z3_encoding.hpp"

namespace arbiter {

std::vector<Claim> brique_claims();
// The claims' turn encoding against the model on one random placement (GameDescriptor hook).
EncodingComparison compare_brique_turn_encoding(const Game& game, const State& state, Rng& rng);

namespace brique_smt {

// The rulings the encodings read; a value they do not model makes a claim "not encoded".
struct Geometry {
  int n = 0;
  bool light_when_even = true;  // B-1 light-squares
  bool white_facing = false;    // B-2 escort-directions=facing
  bool fill_keeps_enemy = false;  // B-3 fill=keep-enemy
  std::string unsupported;      // "name=value" the encodings do not cover ("" = all covered)

  static Geometry from(const Config& config);
  // The two escorts of a square as read for `black` stones, or none if either is off the board.
  std::vector<int> escorts(int cell, bool black) const;
};

// What the named claim's decision models (std::nullopt: it reads no ruling); for the honesty test.
std::optional<ModelledRulings> claim_modelled_rulings(const std::string& claim);

// Every square whose two escorts hold stones of one colour holds that colour too (both colours).
z3::expr invariant(z3::context& ctx, const Geometry& geometry, const smt::SymbolicBoard& board);

// One placement turn: `mover_black` places on the cell whose `move` literal is true (exactly one,
// on an empty square), then the single fill pass. Returns the board at the end of the turn.
// move_may_be_elsewhere: at most one literal is true, none meaning a move off these cells (window
// lemmas look at part of a larger board).
smt::SymbolicBoard turn(smt::Encoding& encoding, const Geometry& geometry, const smt::SymbolicBoard& before,
                        bool mover_black, const std::vector<z3::expr>& move, bool move_may_be_elsewhere = false);

}  // namespace brique_smt
}  // namespace arbiter

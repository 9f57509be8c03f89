// The Z3 turn encoding and the executable model must agree on random (position, move) pairs:
// the position at the end of the turn (every placement on an empty square is legal in Brique). A disagreement is a bug in one of them.
#include <gtest/gtest.h>

#include <sstream>

#include "model/core/errors.hpp"
#include "model/core/rng.hpp"
#include "model/brique/smt_claims.hpp"
#include "model/registry.hpp"

namespace arbiter {
namespace {

#ifdef ARBITER_SANITIZED
constexpr int kPairs = 60;
#else
constexpr int kPairs = 1000;
#endif

struct Board {
  std::string cells;
  bool black_to_move = true;
};

// From the one-line form "brique N rows side ply ...".
Board board_of(const State& state) {
  std::istringstream words(state.line());
  std::string game, size, rows, side;
  words >> game >> size >> rows >> side;
  Board b;
  for (char ch : rows) {
    if (ch != '/') b.cells += ch;
  }
  b.black_to_move = side == "black";
  return b;
}

TEST(BriqueSmtDifferential, EncodingAndModelAgreeOnRandomTurns) {
  const GameDescriptor& descriptor = find_game("brique");
  for (int n : {3, 4}) {
    const auto game = make_game(descriptor, n, {"pie=off"});
    const auto rules = brique_smt::Geometry::from(game->config());
    Rng rng(20261122 + static_cast<unsigned>(n));
    int pairs = 0, legal = 0;
    while (pairs < kPairs) {
      auto state = game->initial_state();
      // A random position: a random number of random legal moves.
      const int plies = static_cast<int>(rng.below(static_cast<std::uint32_t>(n * n)));
      std::vector<Move> moves;
      for (int p = 0; p < plies && !state->is_terminal(); ++p) {
        state->legal_moves(moves);
        state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
      if (state->is_terminal()) continue;
      const Board before = board_of(*state);
      std::vector<int> empty;
      for (int i = 0; i < n * n; ++i) {
        if (before.cells[static_cast<std::size_t>(i)] == '.') empty.push_back(i);
      }
      if (empty.empty()) continue;
      const int target = empty[rng.below(static_cast<std::uint32_t>(empty.size()))];
      const std::string text = smt::cell_name(n, target);
      bool model_legal = true;
      std::string model_after;
      try {
        const Move m = state->parse_move(text);
        auto next = state->clone();
        next->apply(m);
        model_after = board_of(*next).cells;
      } catch (const InputError&) {
        model_legal = false;
      }
      smt::Encoding encoding;
      std::vector<z3::expr> move;
      for (int i = 0; i < n * n; ++i) move.push_back(encoding.ctx().bool_val(i == target));
      const std::vector<char> cells(before.cells.begin(), before.cells.end());
      const auto after_board = brique_smt::turn(encoding, rules, smt::constant_board(encoding.ctx(), n, cells),
                                                before.black_to_move, move);
      ASSERT_EQ(encoding.check(30), smt::Encoding::Answer::Counterexample);
      const auto after = after_board.cells(encoding);
      ASSERT_TRUE(model_legal) << state->diagram() << "move " << text;  // every empty square is a legal placement
      EXPECT_EQ(std::string(after.begin(), after.end()), model_after) << state->diagram() << "move " << text;
      ++legal;
      ++pairs;
    }
    EXPECT_GT(legal, kPairs / 4) << "size " << n;
  }
}

}  // namespace
}  // namespace arbiter

// What the colours' values mean for the players under a pie rule (solver/players.hpp).
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "solver/players.hpp"
#include "solver/solve.hpp"

namespace arbiter {
namespace {

solver::SolveResult solve(const State& root, bool value_only = false) {
  solver::SolveOptions options;
  options.table_megabytes = 16;
  options.value_only = value_only;
  return solver::solve_moves(root, options);
}

// Brique 2x2 with the swap to come: Black, the colour, wins (b1 and a2), but the second player
// swaps after either, and wins as White after the two others: the first player loses. The
// players' line answers the winning opening with the swap.
TEST(PlayerView, TheFirstPlayerLosesWhereEveryWinningOpeningIsSwapped) {
  auto game = make_game(find_game("brique"), 2, {});
  const auto root = game->initial_state();
  const solver::SolveResult result = solve(*root);
  ASSERT_EQ(result.value, solver::Value::Win);
  const solver::PlayerView view =
      solver::exchange_next_view(game->descriptor(), *root, result.moves, solver::line_wins_without_exchange);
  EXPECT_EQ(view.result, solver::PlayerResult::Loss);
  EXPECT_EQ(view.text,
            "loses, whatever the first move: the second player answers each of the 2 openings that win for Black with swap, "
            "which exchanges the players, and each of the 2 others with a winning move of its own");
  EXPECT_EQ(view.line, (std::vector<std::string>{"b1", "swap"}));
  // Without a proved reply to the losing openings, nothing beyond the swapped ones is claimed.
  const solver::PlayerView unproved = solver::exchange_next_view(game->descriptor(), *root, result.moves, {});
  EXPECT_EQ(unproved.result, solver::PlayerResult::Unknown);
  EXPECT_NE(unproved.text.find("not settled"), std::string::npos) << unproved.text;
  // A result not settled has no line: no opening is known to be the first player's best (it was
  // "b1 swap", which solve printed as the principal line beside "not settled").
  EXPECT_TRUE(unproved.line.empty());
  // --value-only names one winning opening: the others' values, which the player's result needs, are not known.
  const solver::SolveResult one = solve(*root, true);
  const solver::PlayerView value_only =
      solver::exchange_next_view(game->descriptor(), *root, one.moves, solver::line_wins_without_exchange);
  EXPECT_EQ(value_only.result, solver::PlayerResult::Unknown);
  EXPECT_TRUE(value_only.line.empty());
}

// Where the swap is the move: White, the colour, loses whatever it plays, and the player to move
// wins by swapping; their line starts with it. A position without a swap gets no view.
TEST(PlayerView, ThePlayerToMoveWinsBySwapping) {
  auto game = make_game(find_game("brique"), 2, {});
  const auto root = game->parse_position("brique 2 .B/.. white 1");
  const solver::SolveResult result = solve(*root);
  ASSERT_EQ(result.value, solver::Value::Loss);
  const solver::PlayerView view = solver::exchange_now_view(*root, result.moves, 0);
  EXPECT_EQ(view.result, solver::PlayerResult::Win);
  EXPECT_EQ(view.text, "wins, by swap");
  EXPECT_EQ(view.line, (std::vector<std::string>{"swap"}));
  const auto later = game->parse_position("brique 2 .B/W. black 2");
  EXPECT_EQ(solver::exchange_now_view(*later, solve(*later).moves, 0).text, "");
  EXPECT_EQ(solver::exchange_next_view(game->descriptor(), *later, solve(*later).moves, {}).text, "");
}

// A draw is not a loss: with every move settled, none winning for the player and one drawing, the
// player draws at best (the view once said "loses, whatever they play").
TEST(PlayerView, ADrawIsADrawAtBest) {
  auto game = make_game(find_game("brique"), 2, {});
  const auto root = game->parse_position("brique 2 .B/.. white 1");
  std::vector<solver::MoveResult> moves = solve(*root).moves;
  for (solver::MoveResult& m : moves) m.value = root->exchanges_players(m.move) ? solver::Value::Win : solver::Value::Loss;
  EXPECT_EQ(solver::exchange_now_view(*root, moves, 0).result, solver::PlayerResult::Loss);
  moves.front().value = solver::Value::Draw;
  const solver::PlayerView view = solver::exchange_now_view(*root, moves, 0);
  EXPECT_EQ(view.result, solver::PlayerResult::Draw);
  EXPECT_EQ(view.text.rfind("a draw at best, by " + moves.front().text, 0), 0u) << view.text;
  // Two drawing moves are alternatives, not a line: "by b1 or swap" (it read "by b1 swap").
  moves.back().value = solver::Value::Draw;
  EXPECT_EQ(solver::exchange_now_view(*root, moves, 0).text.rfind("a draw at best, by " + moves.front().text + " or " + moves.back().text, 0), 0u)
      << solver::exchange_now_view(*root, moves, 0).text;
}

// Before the first move: where a drawing opening is the first player's best, the players' line
// starts with it, not with a winning opening answered by the exchange (which shows the first player
// losing: "a2 swap a1 b1" under "a draw at best").
TEST(PlayerView, TheFirstPlayersDrawIsTheirLine) {
  auto game = make_game(find_game("brique"), 2, {});
  const auto root = game->initial_state();
  std::vector<solver::MoveResult> openings = solve(*root).moves;
  ASSERT_GE(openings.size(), 2u);
  for (solver::MoveResult& m : openings) m.value = solver::Value::Win;
  openings.back().value = solver::Value::Draw;
  const solver::PlayerView view = solver::exchange_next_view(game->descriptor(), *root, openings, {});
  EXPECT_EQ(view.result, solver::PlayerResult::Draw);
  EXPECT_EQ(view.line, (std::vector<std::string>{openings.back().text}));
}

}  // namespace
}  // namespace arbiter

// Every alternative of every ruling, on a drawn position where it changes what happens (or, for
// fill=repeat, shown equivalent to the default over many games, as the ruling's reason claims).
#include <gtest/gtest.h>

#include "model/brique/tests/fixtures.hpp"
#include "model/core/examples.hpp"
#include "model/core/errors.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

using brique_test::game;
using brique_test::implementations;
using brique_test::play;

using brique_test::kEscortsExample;

void expect_after(const std::vector<std::string>& rulings, const std::string& before, const std::vector<std::string>& moves,
                  const std::string& after) {
  const auto g = game(5, rulings);
  for (const std::string& implementation : implementations()) {
    EXPECT_EQ(play(*g, before, moves, implementation)->diagram(), after) << implementation;
  }
}

TEST(BriqueRulings, LightSquaresOddTurnsTheEscortsAround) {
  // With a1 dark, c3 is dark: its escorts are c4 (behind) and d3 (right); c3 now escorts c4 and
  // d3, which Black gets, while c2 keeps its white stone.
  expect_after({"light-squares=odd"}, kEscortsExample, {"c3"},
               "   a b c d e\n"
               " 1 . . . . .\n"
               " 2 . . W B .\n"
               " 3 . . B B .\n"
               " 4 . B B W .\n"
               " 5 . . . . .\n"
               "White to move, ply 5\n");
}

TEST(BriqueRulings, FacingDirectionsTurnWhitesEscortsAround) {
  // Seated across the table, White's "in front" is down and "right" is left: White's c3 and d2
  // escort d3 (dark, behind = d2, right = c3), not c2.
  // The rule text's diagram b, where the default reading fills c2 instead.
  const SeedExample dark = find_seed_example(brique_test::brique(), "escorts-of-a-dark-square");
  expect_after({"escort-directions=facing"}, dark.before, dark.moves,
               "   a b c d e\n"
               " 1 B . . . .\n"
               " 2 . . . W .\n"
               " 3 . . W W .\n"
               " 4 . . . . .\n"
               " 5 . . . . B\n"
               "Black to move, ply 4\n");
  expect_after({}, dark.before, dark.moves, dark.after);
}

TEST(BriqueRulings, FacingLeavesRefillsPendingAndAnyPlacementMakesThem) {
  // c3 is white although both of Black's escorts of it (c2 in front, b3 left) are black -- what a
  // White fill under the facing ruling leaves behind (c2 c4 b3 d3: b3 fills c3 black, then d3 and
  // c4, White's escorts of c3, take it back). Black's next placement, anywhere, refills it: the
  // text's fill rule looks at every square after a placement.
  const std::string before =
      "   a b c d e\n"
      " 1 . . . . .\n"
      " 2 . . B . .\n"
      " 3 . B W W .\n"
      " 4 . . W . .\n"
      " 5 . . . . .\n"
      "Black to move, ply 4\n";
  expect_after({"escort-directions=facing"}, before, {"a1"},
               "   a b c d e\n"
               " 1 B . . . .\n"
               " 2 . . B . .\n"
               " 3 . B B W .\n"
               " 4 . . W . .\n"
               " 5 . . . . .\n"
               "White to move, ply 5\n");
  // The game that reaches it.
  {
    auto played = game(5, {"escort-directions=facing"})->initial_state("fast");
    for (const char* move : {"c2", "c4", "b3", "d3"}) played->apply(played->parse_move(move));
    EXPECT_EQ(game(5, {"escort-directions=facing"})->parse_position(before, "fast")->line(), played->line());
  }
  const auto state = game(5, {"escort-directions=facing"})->parse_position(before, "fast");
  const std::string trace = state->explain(state->parse_move("a1"));
  // The trace tells why c3 is filled although a1 is not among its escorts, and that its white
  // stone is removed.
  EXPECT_NE(trace.find("  Elsewhere, squares whose escorts already were both black are filled too (a white fill replaced the "
                       "black stone there but left its black escorts standing: under escort-directions=facing the colours "
                       "read the escorts differently):\n"
                       "  - c3 (light square): its escorts are c2 in front of it (a black stone) and b3 to the left of it (a "
                       "black stone). Both are black and it holds a white stone: that stone is removed and Black places a "
                       "stone on it.\n3. Win check"),
            std::string::npos)
      << trace;
}

TEST(BriqueRulings, UnderFacingExplainTellsEveryRemovalAndWhereWhitesEscortsLie) {
  // docs/properties.md: Black's c3 replaces two white stones, c2 (c3 among its escorts) and b2
  // (left behind by White's b2); the trace tells both removals.
  const auto four = game(4, {"escort-directions=facing"});
  auto state = four->initial_state();
  for (const char* move : {"d2", "a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3"}) state->apply(state->parse_move(move));
  const std::string two = state->explain(state->parse_move("c3"));
  for (const char* removed : {"  - c2 (dark square): ", "  - b2 (light square): "}) {
    const std::size_t at = two.find(removed);
    ASSERT_NE(at, std::string::npos) << removed << "\n" << two;
    EXPECT_NE(two.substr(at, two.find('\n', at) - at).find("it holds a white stone: that stone is removed"), std::string::npos)
        << removed << "\n" << two;
  }
  // White's d2 fills d3, whose escorts White reads from across the table: d2 "behind" it lies above
  // it on the diagram, c3 "to the right" of it lies to its left.
  const auto five = game(5, {"escort-directions=facing", "pie=off"});
  auto white = five->initial_state();
  for (const char* move : {"a5", "c3", "e5"}) white->apply(white->parse_move(move));
  const std::string trace = white->explain(white->parse_move("d2"));
  EXPECT_NE(trace.find("  - d3 (dark square): its escorts are d2 behind it in White's view, above it on the diagram (a white stone) "
                       "and c3 to the right of it in White's view, to the left of it on the diagram (a white stone). Both are "
                       "white and it is empty: White places a stone on it.\n"),
            std::string::npos)
      << trace;
  // Under the board ruling White's directions are the diagram's: no note.
  auto board = game(5, {"pie=off"})->initial_state();
  for (const char* move : {"a5", "c3", "e5"}) board->apply(board->parse_move(move));
  EXPECT_EQ(board->explain(board->parse_move("d2")).find("White's view"), std::string::npos);
}

TEST(BriqueRulings, KeepEnemyLeavesTheWhiteStone) {
  expect_after({"fill=keep-enemy"}, kEscortsExample, {"c3"},
               "   a b c d e\n"
               " 1 . . . . .\n"
               " 2 . . W B .\n"
               " 3 . B B . .\n"
               " 4 . B . W .\n"
               " 5 . . . . .\n"
               "White to move, ply 5\n");
}

TEST(BriqueRulings, RepeatedFillIsTheSameGameAsASinglePass) {
  for (int size : {2, 3, 5, 8, 11}) {
    const auto once = game(size);
    const auto repeat = game(size, {"fill=repeat"});
    Rng rng(static_cast<std::uint64_t>(size) + 5);
    const int games = arbiter::testing::when_sanitized(20, 300);  // every check still runs, on fewer games
    for (int i = 0; i < games; ++i) {
      auto a = once->initial_state("reference");
      auto b = repeat->initial_state("reference");
      std::vector<Move> moves;
      for (;;) {
        ASSERT_EQ(a->diagram(), b->diagram());
        a->legal_moves(moves);
        if (moves.empty()) break;
        const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        a->apply(move);
        b->apply(move);
      }
    }
  }
}

TEST(BriquePie, MirrorSwapRecoloursAndReflectsTheStone) {
  expect_after({"pie=mirror"}, "brique 5 ...../...../...../...../..... black 0 pie=mirror", {"b1", "swap"},
               "   a b c d e\n"
               " 1 . . . . .\n"
               " 2 W . . . .\n"
               " 3 . . . . .\n"
               " 4 . . . . .\n"
               " 5 . . . . .\n"
               "Black to move, ply 2, swapped\n");
  expect_after({"pie=mirror"}, "brique 5 ...../...../...../...../..... black 0 pie=mirror", {"b1", "swap", "c3", "a1"},
               "   a b c d e\n"
               " 1 W . . . .\n"
               " 2 W . . . .\n"
               " 3 . . B . .\n"
               " 4 . . . . .\n"
               " 5 . . . . .\n"
               "Black to move, ply 4, swapped\n");
}

TEST(BriquePie, OffMeansNoSwap) {
  const auto g = game(5, {"pie=off"});
  for (const std::string& implementation : implementations()) {
    const auto state = play(*g, "brique 5 ...../...../...../...../..... black 0 pie=off", {"b1"}, implementation);
    EXPECT_THROW(state->parse_move("swap"), InputError);
    std::vector<Move> moves;
    state->legal_moves(moves);
    EXPECT_EQ(moves.size(), 24u);
  }
  const auto with_pie = play(*game(5), "brique 5 ...../...../...../...../..... black 0", {"b1"}, "fast");
  std::vector<Move> moves;
  with_pie->legal_moves(moves);
  EXPECT_EQ(moves.size(), 25u);
}

TEST(BriquePass, TwoPassesInARowDrawWhenPassingIsAllowed) {
  const auto g = game(5, {"pass=allowed"});
  for (const std::string& implementation : implementations()) {
    auto state = play(*g, "brique 5 ..B../...../...../...../..... white 1 pass=allowed", {"pass"}, implementation);
    EXPECT_EQ(state->diagram().substr(state->diagram().rfind(" 5")),
              " 5 . . . . .\nBlack to move, ply 2, passed\n");
    state->apply(state->parse_move("c3"));
    state->apply(state->parse_move("pass"));
    state->apply(state->parse_move("pass"));
    EXPECT_EQ(state->line(), "brique 5 ..B../...../..B../...../..... white 5 passed-twice pass=allowed");
    EXPECT_EQ(brique_test::outcome_of(*state), "draw");
    std::vector<Move> moves;
    state->legal_moves(moves);
    EXPECT_TRUE(moves.empty());
    const auto reread = g->parse_position(state->diagram(), implementation);
    EXPECT_EQ(reread->line(), state->line());
    EXPECT_EQ(reread->outcome(), Outcome::draw());
  }
  EXPECT_EQ(g->max_plies(), 2 * 26 + 2);
  EXPECT_THROW(game(5)->initial_state()->parse_move("pass"), InputError);
}

}  // namespace
}  // namespace arbiter

// The rule text's own examples and hand-made edge cases, each position drawn, each run through
// both implementations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "model/brique/tests/fixtures.hpp"
#include "model/core/errors.hpp"
#include "model/core/examples.hpp"

namespace arbiter {
namespace {

using brique_test::game;
using brique_test::implementations;
using brique_test::outcome_of;
using brique_test::play;

// Plays `moves` from `before` in both implementations and expects `after` (a diagram).
void expect_turns(const Game& g, const std::string& before, const std::vector<std::string>& moves, const std::string& after) {
  const auto expected = g.parse_position(after, "reference");
  for (const std::string& implementation : implementations()) {
    const auto state = play(g, before, moves, implementation);
    EXPECT_EQ(state->diagram(), expected->diagram()) << implementation;
    EXPECT_EQ(state->line(), expected->line()) << implementation;
    EXPECT_EQ(state->outcome(), expected->outcome()) << implementation;
  }
}

// Replays the rule text's example `name` (examples.cpp draws it once) in both implementations.
void expect_example(const std::string& name) {
  const SeedExample example = find_seed_example(brique_test::brique(), name);
  expect_turns(*game(example.size), example.before, example.moves, example.after);
}

TEST(BriqueSeed, EscortsOfALightSquareAreInFrontAndLeft) {
  // Diagram a: light c3's escorts are the dark squares c2 (in front) and b3 (left).
  expect_example("escorts-of-a-light-square");
}

TEST(BriqueSeed, EscortsOfADarkSquareAreBehindAndRight) {
  // Diagram b: dark c2's escorts are the light squares c3 (behind) and d2 (right).
  expect_example("escorts-of-a-dark-square");
}

TEST(BriqueSeed, BlackOneFillsTwoSquaresRemovingAWhiteStone) {
  // "After Black 1, all the escorts of the two marked squares are occupied by black stones ...
  // Since there's already a white stone on one of them, it must be removed first."
  expect_example("escorts");
}

TEST(BriqueSeed, EscortsOnTheEdgesFillNothing) {
  // Black 1 on b1 is the only escort of c1; White 2 on e5 the only escort of e4 and d5.
  expect_example("escorts-on-the-edges");
}

TEST(BriqueSeed, BlackWinsByJoiningTopAndBottom) {
  expect_example("black-wins");
  const SeedExample example = find_seed_example(brique_test::brique(), "black-wins");
  for (const std::string& implementation : implementations()) {
    const auto state = play(*game(example.size), example.before, example.moves, implementation);
    EXPECT_EQ(outcome_of(*state), "Black wins");
    std::vector<Move> legal;
    state->legal_moves(legal);
    EXPECT_TRUE(legal.empty());
  }
}

TEST(BriqueSeed, WhiteWinsByJoiningLeftAndRight) { expect_example("white-wins"); }

TEST(BriqueEdges, CornerSquares) {
  // e5 (light) has both escorts on the board, e4 in front and d5 to the left: White fills it.
  const auto g = game(5);
  expect_turns(*g,
               "   a b c d e\n"
               " 1 . . . B .\n"
               " 2 B . . W .\n"
               " 3 . W . . .\n"
               " 4 B . . . W\n"
               " 5 . B . . .\n"
               "White to move, ply 7\n",
               {"d5"},
               "   a b c d e\n"
               " 1 . . . B .\n"
               " 2 B . . W .\n"
               " 3 . W . . .\n"
               " 4 B . . . W\n"
               " 5 . B . W W\n"
               "Black to move, ply 8\n");
  // b1 and a2 escort b2, which Black gets; a1, beside both, has no escort on the board and stays empty.
  expect_turns(*g, "brique 5 ...../B..../...../...../..... white 1", {"e3", "b1"},
               "   a b c d e\n"
               " 1 . B . . .\n"
               " 2 B B . . .\n"
               " 3 . . . . W\n"
               " 4 . . . . .\n"
               " 5 . . . . .\n"
               "White to move, ply 3\n");
}

TEST(BriqueEdges, ASquareWithOneEscortOnTheBoardIsNeverFilled) {
  // c1 is light: the escort in front of it is off the board, the one to its left is b1. Black's
  // b1 makes all of c1's neighbours black, yet c1 stays empty; b2 (escorts b1 and a2) is filled.
  const auto g = game(5);
  expect_turns(*g,
               "   a b c d e\n"
               " 1 . . . B .\n"
               " 2 B . B B .\n"
               " 3 W . W . W\n"
               " 4 . . . . W\n"
               " 5 . . . . .\n"
               "Black to move, ply 8\n",
               {"b1"},
               "   a b c d e\n"
               " 1 . B . B .\n"
               " 2 B B B B .\n"
               " 3 W . W . W\n"
               " 4 . . . . W\n"
               " 5 . . . . .\n"
               "White to move, ply 9\n");
}

TEST(BriqueEdges, TwoByTwoBoard) {
  // Only b2 has two escorts on the board (b1 in front, a2 to the left).
  const auto g = game(2);
  expect_turns(*g,
               "   a b\n"
               " 1 . B\n"
               " 2 . .\n"
               "White to move, ply 1\n",
               {"a1", "a2"},
               "   a b\n"
               " 1 W B\n"
               " 2 B B\n"
               "Black wins, ply 3\n");
  // White's b2 does not survive Black's a2: b1 and a2 escort b2, so the white stone is replaced.
  expect_turns(*g, "brique 2 .B/.. white 1", {"b2", "a2"}, "brique 2 .B/BB white 3");
  EXPECT_EQ(g->max_plies(), 5);
}

TEST(BriqueEdges, EvenBoardShadesA1LightAndD4HasTwoEscorts) {
  // On 4x4, d1 (dark) has only d2; d4 (light) has d3 and c4.
  const auto g = game(4);
  expect_turns(*g,
               "   a b c d\n"
               " 1 . . B .\n"
               " 2 . . . .\n"
               " 3 W . . B\n"
               " 4 . . . .\n"
               "White to move, ply 3\n",
               {"a1", "d2", "b3", "c4"},
               "   a b c d\n"
               " 1 W . B .\n"
               " 2 . . . B\n"
               " 3 W W . B\n"
               " 4 . . B B\n"
               "White to move, ply 7\n");
}

TEST(BriqueSwap, SwapSidesThenPlay) {
  const auto g = game(5);
  for (const std::string& implementation : implementations()) {
    auto state = play(*g, "brique 5 ...../...../...../...../..... black 0", {"b2", "swap"}, implementation);
    EXPECT_EQ(state->diagram(),
              "   a b c d e\n"
              " 1 . . . . .\n"
              " 2 . B . . .\n"
              " 3 . . . . .\n"
              " 4 . . . . .\n"
              " 5 . . . . .\n"
              "White to move, ply 2, swapped\n");
    EXPECT_EQ(state->side_to_move(), 1);
    state->apply(state->parse_move("c3"));
    state->apply(state->parse_move("d4"));
    EXPECT_EQ(state->line(), "brique 5 ...../.B.../..W../...B./..... white 4 swapped");
    EXPECT_THROW(state->parse_move("swap"), InputError);
  }
}

TEST(BriqueIllegal, MovesThatParseButAreIllegal) {
  const auto g = game(5);
  const auto state = g->parse_position("brique 5 ..B../...../...../...../..... white 1", "fast");
  for (const char* text : {"c1", "f1", "a6", "z9", "C3", "", "swapp", "pass", "c3 d4", "a0"}) {
    EXPECT_THROW(state->parse_move(text), InputError) << text;
  }
  EXPECT_NO_THROW(state->parse_move("swap"));
  const auto later = g->parse_position("brique 5 ..B../...../..W../...../..... black 2", "fast");
  EXPECT_THROW(later->parse_move("swap"), InputError);
  try {
    later->parse_move("c3");
    FAIL() << "c3 is occupied";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("white stone"), std::string::npos) << error.what();
  }
}

TEST(BriqueIllegal, NoMoveAfterTheGameEnds) {
  const auto g = game(2);
  const auto state = g->parse_position("brique 2 WB/BB white 3", "fast");
  EXPECT_EQ(outcome_of(*state), "Black wins");
  EXPECT_THROW(state->parse_move("b2"), InputError);
}

TEST(BriqueExplain, EscortsExampleStepByStep) {
  const auto g = game(5);
  const auto state = g->parse_position(brique_test::kEscortsExample, "reference");  // the rule text's Escorts example
  EXPECT_EQ(state->explain(state->parse_move("c3")),
            "Black to move at ply 4: c3\n"
            "1. Placement: Black places a stone on c3 (light square, empty).\n"
            "2. Fill rule: the squares that have c3 as an escort:\n"
            "  - c2 (dark square): its escorts are c3 behind it (a black stone) and d2 to the right of it (a black stone). "
            "Both are black and it holds a white stone: that stone is removed and Black places a stone on it.\n"
            "  - b3 (dark square): its escorts are b4 behind it (a black stone) and c3 to the right of it (a black stone). "
            "Both are black and it is empty: Black places a stone on it.\n"
            "3. Win check: Black has no chain of orthogonally adjacent stones joining the top edge (row 1) and the bottom edge (row 5).\n"
            "   White has no chain of orthogonally adjacent stones joining the left edge (column a) and the right edge (column e).\n"
            "Next: White to move, ply 5.\n");
}

TEST(BriqueExplain, EdgeSquaresWinsSwapsAndIllegalMoves) {
  const auto g = game(5);
  const auto empty = g->initial_state("fast");
  const std::string edge = empty->explain(empty->parse_move("b1"));
  EXPECT_NE(edge.find("c1 (light square): its escorts are the square in front of it, which is off the board, and b1 to the left of it "
                      "(a black stone). With only one escort on the board, the fill rule does not apply to it."),
            std::string::npos)
      << edge;
  EXPECT_NE(edge.find("b2 (light square): its escorts are b1 in front of it (a black stone) and a2 to the left of it (empty). "
                      "Not both are black, so it is not filled."),
            std::string::npos)
      << edge;
  const auto won = g->parse_position("brique 5 ..B../.WB../...WW/.B.W./.B... black 8", "fast");
  const std::string win = won->explain(won->parse_move("b3"));
  EXPECT_NE(win.find("Black's chain c1-c2-c3-b3-b4-b5 joins the top edge (row 1) and the bottom edge (row 5).\n"),
            std::string::npos)
      << win;
  EXPECT_EQ(win.substr(win.size() - 12), "Black wins.\n") << win;
  const auto first = g->parse_position("brique 5 ..B../...../...../...../..... white 1", "fast");
  const Move swap = first->parse_move("swap");
  EXPECT_NE(first->explain(swap).find("exchange colours"), std::string::npos);
  EXPECT_NE(first->explain(swap).find("the player who placed the first black stone now plays White"), std::string::npos);
  // After Black's pass no stone was placed: the swap says so.
  const auto after_pass = game(5, {"pass=allowed"})->parse_position("brique 5 ...../...../...../...../..... white 1 passed pass=allowed", "fast");
  EXPECT_NE(after_pass->explain(swap).find("The board stays empty (Black passed); the player who passed now plays White and moves next.\n"),
            std::string::npos)
      << after_pass->explain(swap);
  EXPECT_NE(won->explain(swap).find("Illegal: the pie swap is allowed only on White's first turn (ply 1), this is ply 8."),
            std::string::npos)
      << won->explain(swap);
  EXPECT_NE(won->explain(2).find("Illegal: the square holds a black stone"), std::string::npos);
  EXPECT_EQ(won->explain_text("c1"), "Black to move at ply 8: c1\nIllegal: the square holds a black stone; stones are placed on empty squares only.\n");
  EXPECT_NE(won->explain_text("pass").find("passing is not allowed"), std::string::npos);
  EXPECT_THROW(won->explain_text("f9"), InputError);
  EXPECT_THROW(won->explain_text("c"), InputError);
}

TEST(BriqueDrawing, ShadesSquaresPerRulingAndDrawsStonesAndEdges) {
  for (const char* parity : {"even", "odd"}) {
    const auto g = game(5, {std::string("light-squares=") + parity});
    const auto state = g->parse_position("brique 5 ..B../...../..W../...../..... black 2" +
                                             std::string(parity == std::string("odd") ? " light-squares=odd" : ""),
                                         "fast");
    const Drawing d = state->drawing();
    int light = 0, dark = 0, stones = 0, black_edges = 0, white_edges = 0, labels = 0;
    bool a1_light = false;
    for (const Shape& s : d.shapes) {
      if (s.role == "light-square") ++light;
      if (s.role == "dark-square") ++dark;
      if (s.role == "stone") ++stones;
      if (s.role == "black-edge") ++black_edges;
      if (s.role == "white-edge") ++white_edges;
      if (s.role == "coordinate") ++labels;
      if ((s.role == "light-square") && s.points[0] == std::make_pair(40.0, 40.0)) a1_light = true;
      // Light against dark decides the escorts: the two stand at least 3:1 (WCAG for graphics; the
      // dark squares' #b58863 stood 2.29:1 against the light ones' #f0d9b5).
      if (s.role == "dark-square") {
        const auto luminance = [](const std::string& hex) {
          double sum = 0;
          const double weights[3] = {0.2126, 0.7152, 0.0722};
          for (int i = 0; i < 3; ++i) {
            const double c = std::stoi(hex.substr(1 + 2 * static_cast<std::size_t>(i), 2), nullptr, 16) / 255.0;
            sum += weights[i] * (c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
          }
          return sum;
        };
        EXPECT_GE((luminance("#f0d9b5") + 0.05) / (luminance(s.fill) + 0.05), 3.0) << s.fill;
      }
    }
    EXPECT_EQ(light + dark, 25);
    EXPECT_EQ(light, parity == std::string("even") ? 13 : 12);
    EXPECT_EQ(a1_light, parity == std::string("even"));
    EXPECT_EQ(stones, 2);
    EXPECT_EQ(black_edges, 2);
    EXPECT_EQ(white_edges, 2);
    EXPECT_EQ(labels, 20);
  }
}

}  // namespace
}  // namespace arbiter

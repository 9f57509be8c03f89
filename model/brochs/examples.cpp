// The statements of seed 003 as replayable examples; each position is a 9x9 diagram (keeps c3, g3, c7,
// g7 under the default keeps=centres; the central cross is row 5 and column e).
#include "model/brochs/examples.hpp"

namespace arbiter::brochs {

std::vector<SeedExample> seed_examples() {
  std::vector<SeedExample> examples;
  examples.push_back({"custodian-line", "seed 003 D.1 (in line)",
                      "a White piece between two Black pieces in a row is captured (C1)",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B W . + . . . .
 3 . . # . + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"d4-d2 x c2"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B . B + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"custodian-column", "seed 003 D.1 (South, North)",
                      "a Black piece between two White pieces in a column is captured (C1), for either side",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . W .
 2 . . . . + . . B .
 3 . . # . + . # . W
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . B . . + . . . .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"i3-h3 x h2"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . W .
 2 . . . . + . . . .
 3 . . # . + . # W .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . B . . + . . . .
 9 . . . . + . . . .
Black to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"main-piece-custodian", "seed 003 D.1 ('The same rule applies to the main piece')",
                      "the main piece falls to an ordinary line sandwich",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . B
 2 . . . . + . . . .
 3 . . # . + . # . .
 4 . . W . + . . . .
 5 + + + + + + + + +
 6 W S . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . . .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"c4-c6 x b6"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . B
 2 . . . . + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 W . W . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . . .
 9 . . . . + . . . .
Black to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"voluntary-entry", "seed 003 D.1 (voluntary infiltration)",
                      "a piece moving into the gap between two enemy pieces is not captured",
                      9, {},
R"(   a b c d e f g h i
 1 . . W . + . . . .
 2 . B . B + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"c1-c2"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B W B + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 1, reserve 8, passes 0, since c1-c2
)", ""});
  examples.push_back({"keep-four-pieces", "seed 003 D.2",
                      "a keep occupant is captured when two of its opposite pairs are Black (C2)",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B . . + . . . .
 3 . B w B + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . B + . . . .
 7 . . # . + . # . .
 8 . . . . + . . . .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"d6-d4 x c3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B . . + . . . .
 3 . B # B + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . . .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"keep-two-pieces-not-enough", "seed 003 D.2 (four opposite pieces); ruling R-7",
                      "one pair around a keep occupant does not capture it",
                      9, {},
R"(   a b c d e f g h i
 1 . . . B + . . . .
 2 . . . . + . . . .
 3 . B w . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"d1-d3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . . . . + . . . .
 3 . B w B + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0, since d1-d3
)", ""});
  examples.push_back({"keep-reformed", "seed 003 D.2 (new configuration by two moves)",
                      "a piece that entered a keep between four enemies survives, but leaving and returning captures it",
                      9, {},
R"(   a b c d e f g h i
 1 . . W . + . . . .
 2 . B . . + . . . .
 3 . B # B + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"c1-c3", "b2-a2", "pass", "a2-b2 x c3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B . . + . . . .
 3 . B # B + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 4, reserve 8, passes 0
)", ""});
  examples.push_back({"curse", "seed 003 D.3 (NW keep curses the SE quadrant)",
                      "with a Black piece on the NW keep and the main piece on the board, Black removes a White piece of the SE quadrant",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . W . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"curse h8"}, true,
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . W . . + . . . .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"curse-keep-occupant", "seed 003 D.3 (even a White piece occupying a Keep)",
                      "the White piece on the opposite keep can be cursed",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . w . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"curse g7"}, true,
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"curse-blocked-by-black", "seed 003 D.3 (NO OTHER Black piece in the quadrant)",
                      "a Black piece in the target quadrant forbids the curse",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + B . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"curse h8"}, false,
"", ""});
  examples.push_back({"curse-needs-main", "seed 003 D.3 (the main piece present on board)",
                      "without the main piece on the board there is no curse",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8+S, passes 0
)",
                      {"curse h8"}, false,
"", ""});
  examples.push_back({"curse-cross-immune", "seed 003 D.3 (central row and column)",
                      "a White piece on the central cross cannot be cursed",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . W . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"curse e8"}, false,
"", ""});
  examples.push_back({"main-diagonal", "seed 003 D.4",
                      "the main piece moving next to a White piece diagonally, with a Black piece opposite, captures it (C4)",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . S . . . .
 2 . W . . + . . . .
 3 B . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"e1-c1 x b2"}, true,
R"(   a b c d e f g h i
 1 . . S . + . . . .
 2 . . . . + . . . .
 3 B . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"main-diagonal-entry", "seed 003 D.4 (voluntary infiltration)",
                      "a White piece entering the diagonal gap between the main piece and a Black piece is not captured",
                      9, {},
R"(   a b c d e f g h i
 1 . . S . + . . . .
 2 . . . . + . . . .
 3 B . # . + . # . .
 4 . W . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"b4-b2"}, true,
R"(   a b c d e f g h i
 1 . . S . + . . . .
 2 . W . . + . . . .
 3 B . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 1, reserve 8, passes 0, since b4-b2
)", ""});
  examples.push_back({"several-captures", "seed 003 D (one stroke can cause several captures)",
                      "one move captures two pieces",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B W . + B . . .
 3 . . # W + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"f2-d2 x c2 x d3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . B . B + . . . .
 3 . . # . + . # . .
 4 . . . B + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 8, passes 0
)", ""});
  examples.push_back({"set-on-free-keep", "seed 003 E (setting on a free Keep)",
                      "Black may set a piece from reserve on a free keep",
                      9, {},
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . . . . + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
Black to move, ply 0, reserve 8, passes 0
)",
                      {"set c3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . . . . + . . . .
 3 . . b . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . . . . + . . W .
 9 . . . . + . . . .
White to move, ply 1, reserve 7, passes 0
)", ""});
  examples.push_back({"keep-belongs-to-occupant", "seed 003 E (any piece can occupy a free keep)",
                      "a White piece may occupy a free keep",
                      9, {},
R"(   a b c d e f g h i
 1 . . W . + . . . .
 2 . . . . + . . . .
 3 . . # . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . B . . + . . . .
 9 . . . . + . . . .
White to move, ply 0, reserve 8, passes 0
)",
                      {"c1-c3"}, true,
R"(   a b c d e f g h i
 1 . . . . + . . . .
 2 . . . . + . . . .
 3 . . w . + . # . .
 4 . . . . + . . . .
 5 + + + + + + + + +
 6 . . . . + . . . .
 7 . . # . + . # . .
 8 . B . . + . . . .
 9 . . . . + . . . .
Black to move, ply 1, reserve 8, passes 0, since c1-c3
)", ""});
  return examples;
}

}  // namespace arbiter::brochs

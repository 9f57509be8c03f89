// The statements of seed 003 as replayable examples; each position is a 9x9 diagram (keeps c3, g3, c7,
// g7 under the default keeps=centres; the central cross is row 5 and column e).
#include "model/brochs/examples.hpp"

#include <sstream>
#include <stdexcept>

namespace arbiter::brochs {

std::string diagram_9x9(std::string_view pieces, std::string_view status) {
  constexpr int kSize = 9;
  std::string squares[kSize][kSize];
  for (int row = 0; row < kSize; ++row) {
    for (int col = 0; col < kSize; ++col) {
      const bool cross = row == kSize / 2 || col == kSize / 2;
      const bool keep = (row == 2 || row == 6) && (col == 2 || col == 6);
      squares[row][col] = cross ? "+" : keep ? "#" : ".";
    }
  }
  std::istringstream groups{std::string(pieces)};
  for (std::string group; std::getline(groups, group, ';');) {
    std::istringstream words(group);
    std::string letter, square;
    words >> letter;
    while (words >> square) {
      const int col = square[0] - 'a', row = std::stoi(square.substr(1)) - 1;
      if (letter.size() != 1 || col < 0 || col >= kSize || row < 0 || row >= kSize) {
        throw std::logic_error("diagram_9x9: bad piece group '" + group + "'");
      }
      squares[row][col] = letter;
    }
  }
  std::string text = "   a b c d e f g h i\n";
  for (int row = 0; row < kSize; ++row) {
    text += " " + std::to_string(row + 1);
    for (int col = 0; col < kSize; ++col) text += " " + squares[row][col];
    text += "\n";
  }
  return text + std::string(status) + "\n";
}

// The examples are scenes staged mid-game, at plies (20 and on) a game could take to reach them: at
// ply 0 or 1 a position is only the start or one move from it, and from ply 2 on the side to move
// follows the ply (Black at even plies) and the pieces gone from the reserve fit Black's moves
// (reachability.cpp).
std::vector<SeedExample> seed_examples() {
  std::vector<SeedExample> examples;
  examples.push_back({"custodian-line", "seed 003 D.1 (in line)",
                      "a White piece between two Black pieces in a row is captured (C1)",
                      9, {},
                      diagram_9x9("B b2 d4; W c2 h8", "Black to move, ply 20, reserve 8, passes 0"),
                      {"d4-d2 x c2"}, true,
                      diagram_9x9("B b2 d2; W h8", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"custodian-column", "seed 003 D.1 (South, North)",
                      "a Black piece between two White pieces in a column is captured (C1), for either side",
                      9, {},
                      diagram_9x9("B h2 b8; W h1 i3", "White to move, ply 21, reserve 8, passes 0"),
                      {"i3-h3 x h2"}, true,
                      diagram_9x9("B b8; W h1 h3", "Black to move, ply 22, reserve 8, passes 0"), ""});
  examples.push_back({"main-piece-custodian", "seed 003 D.1 ('The same rule applies to the main piece')",
                      "the main piece falls to an ordinary line sandwich",
                      9, {},
                      diagram_9x9("S b6; B i1; W c4 a6", "White to move, ply 21, reserve 8, passes 0"),
                      {"c4-c6 x b6"}, true,
                      diagram_9x9("B i1; W a6 c6", "Black to move, ply 22, reserve 8, passes 0"), ""});
  examples.push_back({"voluntary-entry", "seed 003 D.1 (voluntary infiltration)",
                      "a piece moving into the gap between two enemy pieces is not captured",
                      9, {},
                      diagram_9x9("B b2 d2; W c1 h8", "White to move, ply 21, reserve 8, passes 0"),
                      {"c1-c2"}, true,
                      diagram_9x9("B b2 d2; W c2 h8", "Black to move, ply 22, reserve 8, passes 0, since c1-c2"), ""});
  examples.push_back({"keep-four-pieces", "seed 003 D.2",
                      "a keep occupant is captured when two of its opposite pairs are Black (C2)",
                      9, {},
                      diagram_9x9("B b2 b3 d3 d6; w c3", "Black to move, ply 20, reserve 8, passes 0"),
                      {"d6-d4 x c3"}, true,
                      diagram_9x9("B b2 b3 d3 d4", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"keep-two-pieces-not-enough", "seed 003 D.2 (four opposite pieces); ruling R-7",
                      "one pair around a keep occupant does not capture it",
                      9, {},
                      diagram_9x9("B d1 b3; W h8; w c3", "Black to move, ply 20, reserve 8, passes 0"),
                      {"d1-d3"}, true,
                      diagram_9x9("B b3 d3; W h8; w c3", "White to move, ply 21, reserve 8, passes 0, since d1-d3"), ""});
  examples.push_back({"keep-reformed", "seed 003 D.2 (new configuration by two moves)",
                      "a piece that entered a keep between four enemies survives, but leaving and returning captures it",
                      9, {},
                      diagram_9x9("B b2 b3 d3 d4; W c1 h8", "White to move, ply 21, reserve 8, passes 0"),
                      {"c1-c3", "b2-a2", "pass", "a2-b2 x c3"}, true,
                      diagram_9x9("B b2 b3 d3 d4; W h8", "White to move, ply 25, reserve 8, passes 0"), ""});
  examples.push_back({"curse", "seed 003 D.3 (NW keep curses the SE quadrant)",
                      "with a Black piece on the NW keep and the main piece on the board, Black removes a White piece of the SE quadrant",
                      9, {},
                      diagram_9x9("S e1; W b8 h8; b c3", "Black to move, ply 20, reserve 8, passes 0"),
                      {"curse h8"}, true,
                      diagram_9x9("S e1; W b8; b c3", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"curse-keep-occupant", "seed 003 D.3 (even a White piece occupying a Keep)",
                      "the White piece on the opposite keep can be cursed",
                      9, {},
                      diagram_9x9("S e1; W h8; b c3; w g7", "Black to move, ply 20, reserve 8, passes 0"),
                      {"curse g7"}, true,
                      diagram_9x9("S e1; W h8; b c3", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"curse-blocked-by-black", "seed 003 D.3 (NO OTHER Black piece in the quadrant)",
                      "a Black piece in the target quadrant forbids the curse",
                      9, {},
                      diagram_9x9("S e1; B f9; W h8; b c3", "Black to move, ply 20, reserve 8, passes 0"),
                      {"curse h8"}, false,
"", ""});
  examples.push_back({"curse-needs-main", "seed 003 D.3 (the main piece present on board)",
                      "without the main piece on the board there is no curse",
                      9, {},
                      diagram_9x9("W h8; b c3", "Black to move, ply 20, reserve 8+S, passes 0"),
                      {"curse h8"}, false,
"", ""});
  examples.push_back({"curse-cross-immune", "seed 003 D.3 (central row and column)",
                      "a White piece on the central cross cannot be cursed",
                      9, {},
                      diagram_9x9("S e1; W e8 h8; b c3", "Black to move, ply 20, reserve 8, passes 0"),
                      {"curse e8"}, false,
"", ""});
  examples.push_back({"main-diagonal", "seed 003 D.4",
                      "the main piece moving next to a White piece diagonally, with a Black piece opposite, captures it (C4)",
                      9, {},
                      diagram_9x9("S e1; B a3; W b2 h8", "Black to move, ply 20, reserve 8, passes 0"),
                      {"e1-c1 x b2"}, true,
                      diagram_9x9("S c1; B a3; W h8", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"main-diagonal-entry", "seed 003 D.4 (voluntary infiltration)",
                      "a White piece entering the diagonal gap between the main piece and a Black piece is not captured",
                      9, {},
                      diagram_9x9("S c1; B a3; W b4 h8", "White to move, ply 21, reserve 8, passes 0"),
                      {"b4-b2"}, true,
                      diagram_9x9("S c1; B a3; W b2 h8", "Black to move, ply 22, reserve 8, passes 0, since b4-b2"), ""});
  examples.push_back({"several-captures", "seed 003 D (one stroke can cause several captures)",
                      "one move captures two pieces",
                      9, {},
                      diagram_9x9("B b2 f2 d4; W c2 d3 h8", "Black to move, ply 20, reserve 8, passes 0"),
                      {"f2-d2 x c2 x d3"}, true,
                      diagram_9x9("B b2 d2 d4; W h8", "White to move, ply 21, reserve 8, passes 0"), ""});
  examples.push_back({"set-on-free-keep", "seed 003 E (setting on a free Keep)",
                      "Black may set a piece from reserve on a free keep",
                      9, {},
                      diagram_9x9("W h8", "Black to move, ply 20, reserve 8, passes 0"),
                      {"set c3"}, true,
                      diagram_9x9("W h8; b c3", "White to move, ply 21, reserve 7, passes 0"), ""});
  examples.push_back({"keep-belongs-to-occupant", "seed 003 E (any piece can occupy a free keep)",
                      "a White piece may occupy a free keep",
                      9, {},
                      diagram_9x9("B b8; W c1", "White to move, ply 21, reserve 8, passes 0"),
                      {"c1-c3"}, true,
                      diagram_9x9("B b8; w c3", "Black to move, ply 22, reserve 8, passes 0, since c1-c3"), ""});
  return examples;
}

}  // namespace arbiter::brochs

// Seed 002's "Examples" section. Its diagrams are lost; these 5x5 positions are reconstructed to
// match every number and statement of the text and the decoding in research/rules.md §2.
#include "model/quentin/examples.hpp"

#include "model/core/examples.hpp"

namespace arbiter::quentin {
namespace {

constexpr const char* kSource = "seed 002, Examples: ";

SeedExample example(std::string name, std::string section, std::string claim, std::string before,
                    std::vector<std::string> moves) {
  return seed_example(std::move(name), kSource + section, std::move(claim), 5, std::move(before), std::move(moves));
}

}  // namespace

std::vector<SeedExample> seed_examples() {
  std::vector<SeedExample> examples;

  // Three regions: b1-c1-d1 (c1 touches one stone), a5-b5 (a5 touches one stone) and the big
  // one through a2 (a3 touches one stone). Black a2 leaves a3 b3 c3 d3 d4 d5, each next to two
  // stones: a territory with 6 black (a2 b2 b4 d2 e4 e5) and 5 white (a4 c2 c4 c5 e3) distinct
  // neighbours; c4 touches two of its points, so adjacencies would be 6-6.
  SeedExample regions = example("regions-and-territories", "Regions and territories",
                                "none of the three regions is a territory; after Black 1 the marked region is a "
                                "territory with 6 black and 5 white adjacent stones, filled with black stones",
                                R"(
   a b c d e
 1 W . . . W
 2 . B W B W
 3 . . . . W
 4 W B W . B
 5 . . W . B
Black to move, ply 12
)",
                                {"a2"});
  regions.after = R"(
   a b c d e
 1 W . . . W
 2 B B W B W
 3 B B B B W
 4 W B W B B
 5 . . W B B
White to move, ply 13
)";
  regions.result = "ongoing";
  examples.push_back(regions);

  // White a3 leaves b2 b3 c3 d3 d4 as a territory next to 5 black (a2 b4 c4 d2 e4) and 5 white
  // (a3 b1 c2 d5 e3) stones: a tie, so it is filled with the mover's enemy colour, black.
  SeedExample tie = example("tied-territory", "Tied territories",
                            "after White 1 the territory is adjacent to 5 black and 5 white stones, so it is "
                            "filled with enemy (black) stones",
                            R"(
   a b c d e
 1 B W W B B
 2 B . W B B
 3 . . . . W
 4 . B B . B
 5 . W W W W
White to move, ply 13
)",
                            {"a3"});
  tie.after = R"(
   a b c d e
 1 B W W B B
 2 B B W B B
 3 W B B B W
 4 . B B B B
 5 . W W W W
Black to move, ply 14
)";
  tie.result = "ongoing";
  examples.push_back(tie);

  // White c3 is only diagonally adjacent to White b2, and b3 and c2 are empty.
  SeedExample diagonal = example("illegal-unsupported-diagonal", "Illegal moves (left)",
                                 "White 1 is illegal: it is only diagonally adjacent to the other white stone and "
                                 "neither shared neighbour holds a white stone",
                                 R"(
   a b c d e
 1 . . . . .
 2 . W . B .
 3 . . . . .
 4 . B . . .
 5 . . . . .
White to move, ply 3
)",
                                 {"c3"});
  diagonal.last_move_legal = false;
  examples.push_back(diagonal);

  // White c2 makes b2 a one-point territory (b1 a2 black, c2 b3 white): a 2-2 tie filled black,
  // after which White c2 and White b3 share no white neighbour (b2 black, c3 empty).
  SeedExample tie_fill = example("illegal-after-tie-fill", "Illegal moves (right)",
                                 "White 1 fills the territory with a black stone, after which White 1 and the "
                                 "diagonally adjacent white stone share no white neighbour: illegal",
                                 R"(
   a b c d e
 1 B B . . .
 2 B . . . .
 3 . W . . .
 4 . . . . .
 5 . . . . .
White to move, ply 3
)",
                                 {"c2"});
  tie_fill.last_move_legal = false;
  examples.push_back(tie_fill);

  SeedExample black_wins = example("black-wins", "End of the game (left)",
                                   "Black wins by connecting his two opposite board edges with a chain",
                                   R"(
   a b c d e
 1 . . B . .
 2 W . B . W
 3 . . B . .
 4 W . B . W
 5 . . . . .
Black to move, ply 8
)",
                                   {"c5"});
  black_wins.after = R"(
   a b c d e
 1 . . B . .
 2 W . B . W
 3 . . B . .
 4 W . B . W
 5 . . B . .
Black wins, ply 9
)";
  black_wins.result = "Black wins";
  examples.push_back(black_wins);

  SeedExample white_wins = example("white-wins", "End of the game (right)",
                                   "White wins by connecting his two opposite board edges with a chain",
                                   R"(
   a b c d e
 1 . B . B B
 2 . . . . .
 3 W W W W .
 4 . . . . .
 5 . B . B .
White to move, ply 9
)",
                                   {"e3"});
  white_wins.after = R"(
   a b c d e
 1 . B . B B
 2 . . . . .
 3 W W W W W
 4 . . . . .
 5 . B . B .
White wins, ply 10
)";
  white_wins.result = "White wins";
  examples.push_back(white_wins);
  return examples;
}

}  // namespace arbiter::quentin

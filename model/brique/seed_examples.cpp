#include "model/brique/seed_examples.hpp"

namespace arbiter::brique {

std::vector<SeedExample> seed_examples() {
  std::vector<SeedExample> examples;
  {
    SeedExample e;
    e.name = "escorts-of-a-light-square";
    e.source = "seed 000, Definitions (diagram a)";
    e.claim = "the escorts of light square c3 are the dark squares c2 (in front) and b3 (left): Black on both fills c3";
    e.size = 5;
    e.before = "   a b c d e\n"
               " 1 . . . . W\n"
               " 2 . . B . .\n"
               " 3 . . . . .\n"
               " 4 . . . . .\n"
               " 5 . . . . .\n"
               "Black to move, ply 2\n";
    e.moves = {"b3"};
    e.after = "   a b c d e\n"
              " 1 . . . . W\n"
              " 2 . . B . .\n"
              " 3 . B B . .\n"
              " 4 . . . . .\n"
              " 5 . . . . .\n"
              "White to move, ply 3\n";
    e.result = "ongoing";
    examples.push_back(e);
  }
  {
    SeedExample e;
    e.name = "escorts-of-a-dark-square";
    e.source = "seed 000, Definitions (diagram b)";
    e.claim = "the escorts of dark square c2 are the light squares c3 (behind) and d2 (right): White on both fills c2";
    e.size = 5;
    e.before = "   a b c d e\n"
               " 1 B . . . .\n"
               " 2 . . . W .\n"
               " 3 . . . . .\n"
               " 4 . . . . .\n"
               " 5 . . . . B\n"
               "White to move, ply 3\n";
    e.moves = {"c3"};
    e.after = "   a b c d e\n"
              " 1 B . . . .\n"
              " 2 . . W W .\n"
              " 3 . . W . .\n"
              " 4 . . . . .\n"
              " 5 . . . . B\n"
              "Black to move, ply 4\n";
    e.result = "ongoing";
    examples.push_back(e);
  }
  {
    SeedExample e;
    e.name = "escorts";
    e.source = "seed 000, Examples: Escorts";
    e.claim = "Black 1 on c3 completes the escorts of c2 and b3; both are filled black, the white stone on c2 removed first";
    e.size = 5;
    e.before = "   a b c d e\n"
               " 1 . . . . .\n"
               " 2 . . W B .\n"
               " 3 . . . . .\n"
               " 4 . B . W .\n"
               " 5 . . . . .\n"
               "Black to move, ply 4\n";
    e.moves = {"c3"};
    e.after = "   a b c d e\n"
              " 1 . . . . .\n"
              " 2 . . B B .\n"
              " 3 . B B . .\n"
              " 4 . B . W .\n"
              " 5 . . . . .\n"
              "White to move, ply 5\n";
    e.result = "ongoing";
    examples.push_back(e);
  }
  {
    SeedExample e;
    e.name = "escorts-on-the-edges";
    e.source = "seed 000, Examples: Escorts on the edges";
    e.claim = "Black 1 on b1 is the only escort of c1, White 2 on e5 the only escort of e4 and d5: none of them is filled";
    e.size = 5;
    e.before = "brique 5 ...../...../...../...../..... black 0";
    e.moves = {"b1", "e5"};
    e.after = "   a b c d e\n"
              " 1 . B . . .\n"
              " 2 . . . . .\n"
              " 3 . . . . .\n"
              " 4 . . . . .\n"
              " 5 . . . . W\n"
              "Black to move, ply 2\n";
    e.result = "ongoing";
    examples.push_back(e);
  }
  {
    SeedExample e;
    e.name = "black-wins";
    e.source = "seed 000, Examples: End of the game (left)";
    e.claim = "Black's b3 fills c3 and completes the chain c1-c2-c3-b3-b4-b5 between the top and bottom edges: Black wins";
    e.size = 5;
    e.before = "   a b c d e\n"
               " 1 . . B . .\n"
               " 2 . W B . .\n"
               " 3 . . . W W\n"
               " 4 . B . W .\n"
               " 5 . B . . .\n"
               "Black to move, ply 8\n";
    e.moves = {"b3"};
    e.after = "   a b c d e\n"
              " 1 . . B . .\n"
              " 2 . W B . .\n"
              " 3 . B B W W\n"
              " 4 . B . W .\n"
              " 5 . B . . .\n"
              "Black wins, ply 9\n";
    e.result = "Black wins";
    examples.push_back(e);
  }
  {
    SeedExample e;
    e.name = "white-wins";
    e.source = "seed 000, Examples: End of the game (right)";
    e.claim = "White's c2 fills c3 and completes the chain a3-b3-c3-c2-d2-e2 between the left and right edges: White wins";
    e.size = 5;
    e.before = "   a b c d e\n"
               " 1 . . . . .\n"
               " 2 . B . W W\n"
               " 3 W W . . .\n"
               " 4 . . B B .\n"
               " 5 . . B . B\n"
               "White to move, ply 9\n";
    e.moves = {"c2"};
    e.after = "   a b c d e\n"
              " 1 . . . . .\n"
              " 2 . B W W W\n"
              " 3 W W W . .\n"
              " 4 . . B B .\n"
              " 5 . . B . B\n"
              "White wins, ply 10\n";
    e.result = "White wins";
    examples.push_back(e);
  }
  return examples;
}

}  // namespace arbiter::brique

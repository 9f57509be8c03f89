#include "model/brique/examples.hpp"

#include "model/core/examples.hpp"

namespace arbiter::brique {

namespace {

// Every example is on the designer's 5x5 board under the default rulings.
SeedExample example(std::string name, std::string source, std::string claim, std::string before,
                    std::vector<std::string> moves, std::string after, std::string result) {
  SeedExample e = seed_example(std::move(name), std::move(source), std::move(claim), 5, std::move(before), std::move(moves));
  e.after = std::move(after);
  e.result = std::move(result);
  return e;
}

}  // namespace

std::vector<SeedExample> seed_examples() {
  std::vector<SeedExample> examples;
  examples.push_back(example(
      "escorts-of-a-light-square",
      "seed 000, Definitions (diagram a)",
      "the escorts of light square c3 are the dark squares c2 (in front) and b3 (left): Black on both fills c3",
      "   a b c d e\n"
      " 1 . . . . W\n"
      " 2 . . B . .\n"
      " 3 . . . . .\n"
      " 4 . . . . .\n"
      " 5 . . . . .\n"
      "Black to move, ply 2\n",
      {"b3"},
      "   a b c d e\n"
      " 1 . . . . W\n"
      " 2 . . B . .\n"
      " 3 . B B . .\n"
      " 4 . . . . .\n"
      " 5 . . . . .\n"
      "White to move, ply 3\n",
      "ongoing"));
  examples.push_back(example(
      "escorts-of-a-dark-square",
      "seed 000, Definitions (diagram b)",
      "the escorts of dark square c2 are the light squares c3 (behind) and d2 (right): White on both fills c2",
      "   a b c d e\n"
      " 1 B . . . .\n"
      " 2 . . . W .\n"
      " 3 . . . . .\n"
      " 4 . . . . .\n"
      " 5 . . . . B\n"
      "White to move, ply 3\n",
      {"c3"},
      "   a b c d e\n"
      " 1 B . . . .\n"
      " 2 . . W W .\n"
      " 3 . . W . .\n"
      " 4 . . . . .\n"
      " 5 . . . . B\n"
      "Black to move, ply 4\n",
      "ongoing"));
  examples.push_back(example(
      "escorts",
      "seed 000, Examples: Escorts",
      "Black 1 on c3 completes the escorts of c2 and b3; both are filled black, the white stone on c2 removed first",
      "   a b c d e\n"
      " 1 . . . . .\n"
      " 2 . . W B .\n"
      " 3 . . . . .\n"
      " 4 . B . W .\n"
      " 5 . . . . .\n"
      "Black to move, ply 4\n",
      {"c3"},
      "   a b c d e\n"
      " 1 . . . . .\n"
      " 2 . . B B .\n"
      " 3 . B B . .\n"
      " 4 . B . W .\n"
      " 5 . . . . .\n"
      "White to move, ply 5\n",
      "ongoing"));
  examples.push_back(example(
      "escorts-on-the-edges",
      "seed 000, Examples: Escorts on the edges",
      "Black 1 on b1 is the only escort of c1, White 2 on e5 the only escort of e4 and d5: none of them is filled",
      "brique 5 ...../...../...../...../..... black 0",
      {"b1", "e5"},
      "   a b c d e\n"
      " 1 . B . . .\n"
      " 2 . . . . .\n"
      " 3 . . . . .\n"
      " 4 . . . . .\n"
      " 5 . . . . W\n"
      "Black to move, ply 2\n",
      "ongoing"));
  examples.push_back(example(
      "black-wins",
      "seed 000, Examples: End of the game (left)",
      "Black's b3 fills c3 and completes the chain c1-c2-c3-b3-b4-b5 between the top and bottom edges: Black wins",
      "   a b c d e\n"
      " 1 . . B . .\n"
      " 2 . W B . .\n"
      " 3 . . . W W\n"
      " 4 . B . W .\n"
      " 5 . B . . .\n"
      "Black to move, ply 8\n",
      {"b3"},
      "   a b c d e\n"
      " 1 . . B . .\n"
      " 2 . W B . .\n"
      " 3 . B B W W\n"
      " 4 . B . W .\n"
      " 5 . B . . .\n"
      "Black wins, ply 9\n",
      "Black wins"));
  examples.push_back(example(
      "white-wins",
      "seed 000, Examples: End of the game (right)",
      "White's c2 fills c3 and completes the chain a3-b3-c3-c2-d2-e2 between the left and right edges: White wins",
      "   a b c d e\n"
      " 1 . . . . .\n"
      " 2 . B . W W\n"
      " 3 W W . . .\n"
      " 4 . . B B .\n"
      " 5 . . B . B\n"
      "White to move, ply 9\n",
      {"c2"},
      "   a b c d e\n"
      " 1 . . . . .\n"
      " 2 . B W W W\n"
      " 3 W W W . .\n"
      " 4 . . B B .\n"
      " 5 . . B . B\n"
      "White wins, ply 10\n",
      "White wins"));
  return examples;
}

}  // namespace arbiter::brique

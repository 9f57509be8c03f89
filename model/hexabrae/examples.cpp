// The statements of seed 004 (Hexabrae) as examples on the 61-field board. The seed's images are
// lost; the positions below are the smallest that show each statement (rules.md 4.5 shapes).
#include "model/hexabrae/examples.hpp"

#include "model/core/examples.hpp"

namespace arbiter::hexabrae {

std::vector<SeedExample> seed_examples() {
  const std::string s = "seed 004, ";
  auto example = [](std::string name, std::string source, std::string claim, std::string before,
                    std::vector<std::string> moves, bool legal, std::string after, std::string result) {
    SeedExample e = seed_example(std::move(name), std::move(source), std::move(claim), 4, std::move(before), std::move(moves));
    e.last_move_legal = legal;
    e.after = std::move(after);
    e.result = std::move(result);
    return e;
  };
  auto jumping = [](SeedExample e) {
    e.rulings = {"path=jump"};
    return e;
  };
  return {
      example("white-starts", s + "set-up", "White starts; players take turns", "hexabrae 4 white 0",
              {"place e5/1", "place a1/0"}, true, "hexabrae 4 Ba1/0 We5/1 white 2", "ongoing"),
      example("three-orientations", s + "image 1", "a piece can be placed on a field in 3 orientations",
              "hexabrae 4 white 0", {"place a1/0", "place i5/1", "place e5/2"}, true,
              "hexabrae 4 Wa1/0 We5/2 Bi5/1 black 3", ""),
      example("placing-free-field", s + "action 1", "a piece may only be placed on a free field",
              "hexabrae 4 We5/1 black 1", {"place e5/0"}, false, "", ""),
      example("placing-short-sides-touch", s + "action 1, image 2", "placing may not touch short side to short side",
              "hexabrae 4 We5/1 black 1", {"place e4/1"}, false, "", ""),
      example("placing-corners-touch", s + "action 1, image 2", "placing may not touch corner to corner",
              "hexabrae 4 We5/1 black 1", {"place f4/0"}, false, "", ""),
      example("placing-beside-parallel", s + "action 1", "a parallel bar beside another touches nothing",
              "hexabrae 4 We5/1 black 1", {"place f4/1"}, true, "hexabrae 4 We5/1 Bf4/1 white 2", ""),
      example("moving-along-long-axis", s + "action 2, image 3", "pieces move along their long axis, any number of fields",
              "hexabrae 4 We5/1 Bi5/0 white 2", {"e5-e1"}, true, "hexabrae 4 We1/1 Bi5/0 black 3 history:e5/1>e1/1", ""),
      example("moving-not-sideways", s + "action 2, image 3", "pieces can only be moved along their long axis",
              "hexabrae 4 We5/1 Bi5/0 white 2", {"e5-f4"}, false, "", ""),
      example("moving-to-free-field", s + "action 2", "movement to a field is only allowed if the field is free",
              "hexabrae 4 Be2/1 We5/1 white 2", {"e5-e2"}, false, "", ""),
      example("moving-and-rotating", s + "action 2", "moving and/or rotating a piece, in any order",
              "hexabrae 4 We5/1 Bi5/0 white 2", {"e5/0-f4", "i5/2", "f4-g3/1"}, true,
              "hexabrae 4 Wg3/1 Bi5/2 black 5 history:e5/1>f4/0,i5/0>i5/2,f4/0>g3/1", ""),
      example("partially-immobilized-no-rotation", s + "action 2a", "a partially immobilized piece may not rotate first",
              "hexabrae 4 Be4/1 We5/1 white 2", {"e5/0"}, false, "", ""),
      example("partially-immobilized-escape", s + "action 2a", "it moves directly away, then may rotate",
              "hexabrae 4 Be4/1 We5/1 white 2", {"e5-e7/0"}, true, "hexabrae 4 Be4/1 We7/0 black 3 history:e5/1>e7/0", ""),
      example("totally-immobilized", s + "action 2b", "a totally immobilized piece cannot rotate",
              "hexabrae 4 Be4/1 We5/1 Be6/1 white 4", {"e5/0"}, false, "", ""),
      jumping(example("totally-immobilized-no-move", s + "action 2b",
                      "a totally immobilized piece cannot move (even where jumping is allowed)",
                      "hexabrae 4 Be4/1 We5/1 Be6/1 white 4 path=jump", {"e5-e7"}, false, "", "")),
      example("valid-enclosure", s + "end, image 4", "an enclosure over (parts of) 3 fields of both colours ends the game; the majority owner wins",
              "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"}, true, "", "White wins"),
      example("enclosure-one-field", s + "end, image 5", "an enclosure covering a single field is not valid",
              "hexabrae 4 Bd5/0 Wd4/2 Be4/1 Be8/1 Wf4/0 Wf5/2 black 11", {"e8-e6"}, true, "", "ongoing"),
      example("enclosure-one-colour", s + "end, image 5", "an enclosure of one player's pieces only is not valid",
              "hexabrae 4 Ba1/0 We4/0 We5/2 Wf1/1 white 6", {"f1-f4"}, true, "", "ongoing"),
      example("enclosure-tie", s + "end", "an enclosure with equal numbers of pieces lets the game continue",
              "hexabrae 4 Wd4/0 Bd5/2 Be4/2 Wf4/0 white 8", {"f4-e5"}, true, "", "ongoing"),
      example("enclosure-by-opponent", s + "end", "whichever player owns most of the pieces of the enclosure wins",
              "hexabrae 4 We4/0 We5/2 Bf1/1 black 7", {"f1-f4"}, true, "", "White wins"),
      example("multiple-enclosures-won", s + "note", "a player who wins the majority of the enclosures made wins",
              "hexabrae 4 Wd5/1 We4/0 Be6/0 Bf4/1 Wf5/2 white 10", {"f5-e5"}, true, "", "White wins"),
      example("multiple-enclosures-tie", s + "note", "a tie in the number of enclosures won lets the game continue",
              "hexabrae 4 Bd5/1 We4/0 Be6/0 Bf4/1 Wf5/2 white 10", {"f5-e5"}, true, "", "ongoing"),
  };
}

}  // namespace arbiter::hexabrae

// The stones a colour keeps for play to reach a position (notation.cpp, check_reachable): positions
// that break it are refused, and every position random play reaches, under every ruling
// combination, reads back (a condition too strict fails here).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "model/brique/tests/fixtures.hpp"
#include "tests/random_games.hpp"
#include "tests/game_param.hpp"
#include "tests/reachability_checks.hpp"

namespace arbiter::brique_test {
namespace {

// Sanitizer builds play fewer games.
constexpr int kCut = arbiter::testing::when_sanitized(8, 1);

void expect_unreachable(const std::string& text, const std::string& says, const std::vector<std::string>& rulings = {}) {
  arbiter::testing::expect_unreachable(*game(std::stoi(text.substr(7)), rulings), text, says);
}

TEST(BriqueReachability, TheLastPlacementsStoneIsStillThere) {
  // Black placed at ply 2 and only White's next placement could remove its stone.
  expect_unreachable("brique 3 WWW/.../... white 3", "Black has no stone, but Black made the last placement (White to move at ply 3)");
  expect_unreachable("brique 3 .../.../WW. black 4 passed pass=allowed", "Black has no stone", {"pass=allowed"});
  // The other colour may have none: c2 c3 b3, where b3 fills c3 (escorted by c2 and b3) and takes
  // White's stone.
  EXPECT_EQ(game(3)->parse_position("brique 3 .../..B/.BB white 3")->line(), "brique 3 .../..B/.BB white 3");
}

TEST(BriqueReachability, UnderKeepEnemyEveryPlacementsStoneStays) {
  expect_unreachable("brique 3 .../..B/WBB black 4 fill=keep-enemy", "White has 1 stone but placed 2 by ply 4", {"fill=keep-enemy"});
  expect_unreachable("brique 3 B.B/.../... white 3 swapped fill=keep-enemy pie=mirror",
                     "White has 0 stones but placed 1 by ply 3 (the mirror swap made the first stone white)",
                     {"fill=keep-enemy", "pie=mirror"});
  // Under the default fill a placement removes enemy stones: the same board is read.
  EXPECT_EQ(game(3)->parse_position("brique 3 .../..B/WBB black 4")->line(), "brique 3 .../..B/WBB black 4");
}

TEST(BriqueReachability, StonesBeyondAColoursPlacementsCameFromItsFills) {
  // Five black stones after Black's two placements: three came from fills, but no black stone has
  // both its escorts on the board (row 1's squares have none in front), and none is under any ruling.
  expect_unreachable("brique 5 BBBBB/...../...../...../W.... white 3",
                     "Black has 5 stones but placed at most 2 by ply 3, so at least 3 came from its fills, yet only 0 black "
                     "stones have both their escorts on the board holding stones");
  expect_unreachable("brique 5 BBBBB/...../...../...../W.... white 5 passed pass=allowed",
                     "Black has 5 stones but placed at most 3 by ply 5", {"pass=allowed"});
  expect_unreachable("brique 3 .B./W../B.. black 2", "Black has 2 stones but placed at most 1 by ply 2");
  // c2 c4 b3 fills c3 black: three black stones from two placements, c3 escorted by c2 and b3.
  EXPECT_EQ(game(5)->parse_position("brique 5 ...../..B../.BB../..W../..... white 3")->line(),
            "brique 5 ...../..B../.BB../..W../..... white 3");
  // Under fill=keep-enemy no stone changes colour, so a filled stone's escorts still hold its own
  // colour: c3 escorted by a white c2 is no fill's. Under the default fill c2 may have turned white
  // since, and the check asks only for stones on both escorts: the position passes it.
  const std::string taken = "brique 5 ...../..W../.BB../...../B...W black 4";
  EXPECT_EQ(game(5)->parse_position(taken)->line(), taken);
  expect_unreachable(taken + " fill=keep-enemy", "yet only 0 black stones have both their escorts on the board holding black stones",
                     {"fill=keep-enemy"});
}

TEST(BriqueReachability, NeitherColourKeepsASquareItsFillWouldTake) {
  // White placed last, yet c3 is empty between Black's c2 and b3: Black's last placement would have
  // filled it and White's turns empty no square. Refused under every ruling, facing included.
  const std::string black = "brique 5 ...../..B../.B.../...../W...W black 4";
  const std::string says = "square c3 must already hold a black stone: both its escorts (c2 in front of it and b3 to the left of it) "
                           "are black, so the fill rule would have filled it at Black's last placement, and White's turns since "
                           "cannot leave such a square empty";
  expect_unreachable(black, says);
  expect_unreachable(black + " escort-directions=facing", says, {"escort-directions=facing"});
  expect_unreachable(black + " fill=keep-enemy", says, {"fill=keep-enemy"});
  // The same for White, with Black placing last.
  expect_unreachable("brique 5 B...B/..W../.W.../...../B...B white 5",
                     "square c3 must already hold a white stone: both its escorts (c2 in front of it and b3 to the left of it) are "
                     "white, so the fill rule would have filled it at White's last placement, and Black's turns since");
  // A white stone between Black's escorts: under escort-directions=board both colours read the
  // escorts alike, so no white fill took that square from Black; under facing one can have, when
  // White's own escorts of it (c4 and d3) are white (c2 c4 b3 d3 reaches it:
  // BriqueRulings.FacingLeavesRefillsPendingAndAnyPlacementMakesThem plays it out).
  expect_unreachable("brique 5 ...../..B../.BW../...../....W black 4", "square c3 must already hold a black stone: both its escorts (c2 in front of it and b3 to the left of it) "
                            "are black, so the fill rule would have filled it at Black's last placement, and White's turns since "
                            "cannot leave such a square behind (both colours read the same escorts: escort-directions=board)");
  const std::string taken = "brique 5 ...../..B../.BWW./..W../..... black 4 escort-directions=facing";
  EXPECT_EQ(game(5, {"escort-directions=facing"})->parse_position(taken)->line(), taken);
  // Under facing no White fill put a white c3 there when White's escorts of it are not both white:
  // squares never become empty, and only Black's fills, none since, take White's stones away.
  expect_unreachable("brique 5 ...../..B../.BW../...../W...W black 4 escort-directions=facing",
                     "square c3 holds a white stone although both its escorts for Black (c2 in front of it and b3 to the left "
                     "of it) are black: only a white fill since Black's last placement can have put it there, and that needs "
                     "both its escorts for White (c4 in front of it in White's view, below it on the diagram and d3 to the left "
                     "of it in White's view, to the right of it on the diagram) to be white, but c4 is empty and d3 is empty",
                     {"escort-directions=facing"});
  expect_unreachable("brique 5 ...../..B../.BWW./..B../..... black 4 escort-directions=facing",
                     "to be white, but c4 holds a black stone (escort-directions=facing", {"escort-directions=facing"});
  // Under facing a refusal names White's escorts as White reads them and where they lie on the diagram.
  expect_unreachable("brique 5 ...../..W../.W.../...../B...B white 5 escort-directions=facing",
                     "square b2 must already hold a white stone: both its escorts (b3 in front of it in White's view, below it "
                     "on the diagram and c2 to the left of it in White's view, to the right of it on the diagram) are white",
                     {"escort-directions=facing"});
}

// Random games under every ruling combination: every position's line and diagram read back in both
// implementations. Removals, swaps and passes all occur.
TEST(BriqueReachability, EveryPositionRandomPlayReachesIsAccepted) {
  long positions = 0, removed = 0, swapped = 0, passed = 0;
  std::uint64_t seed = 46;
  for (const auto& rulings : arbiter::testing::every_ruling_combination(brique())) {
    for (int size : {2, 3, 4, 5, 7}) {
      const auto g = game(size, rulings);
      const int games = (size <= 4 ? 8 : 2) / kCut + 1;
      // Every position after a move (the initial one is the opening's own check).
      arbiter::testing::play_random_games(games, ++seed, [&] { return g->initial_state("fast"); },
                                          [&](State& state, Move move) {
                                            const std::string before = state.line();
                                            state.apply(move);
                                            ASSERT_EQ(arbiter::testing::refusal(*g, state), "")
                                                << arbiter::testing::describe_combination(rulings, size);
                                            ++positions;
                                            const std::string line = state.line();
                                            const auto count = [](const std::string& text, char stone) {
                                              return std::count(text.begin(), text.begin() + static_cast<long>(text.find(' ', 9)), stone);
                                            };
                                            removed += count(line, 'B') < count(before, 'B') || count(line, 'W') < count(before, 'W');
                                            swapped += line.find(" swapped") != std::string::npos;
                                            passed += line.find(" passed") != std::string::npos;
                                          });
    }
  }
  EXPECT_GT(positions, 25000 / kCut);
  EXPECT_GT(swapped, 1200 / kCut);
  EXPECT_GT(passed, 1500 / kCut);
  EXPECT_GT(removed, 1000 / kCut);
  std::cout << positions << " positions read back, " << swapped << " after the swap, " << passed << " after a pass, " << removed
            << " with a stone removed\n";
}

}  // namespace
}  // namespace arbiter::brique_test

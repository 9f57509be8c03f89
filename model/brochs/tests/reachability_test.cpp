// The conditions a read position must satisfy for play to reach it (reachability.cpp): positions
// that break one are refused, and every position random play reaches, under every ruling value and
// the tests' ruling mixes, passes them all (a condition too strict fails here).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "model/brochs/tests/fixtures.hpp"
#include "model/core/rng.hpp"
#include "tests/reachability_checks.hpp"

namespace arbiter::brochs {
namespace {

using testing::load;
using testing::start;
using testing::kScale;

// The board the tester found accepted at any ply and side.
const std::string kBoard = "...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+...";

void expect_unreachable(const std::string& text, const std::string& says, const std::vector<std::string>& rulings = {}) {
  arbiter::testing::expect_unreachable(*make_game(descriptor(), 7, rulings), text, says);
}

TEST(Reachability, TheSideToMoveFollowsThePlyUnlessAFreeCurseKeptTheTurn) {
  expect_unreachable("brochs 7 " + kBoard + " black 137 0 0", "at ply 137 it is White to move, not Black");
  expect_unreachable("brochs 7 " + kBoard + " white 136 0 0", "at ply 136 it is Black to move, not White");
  EXPECT_EQ(load("brochs 7 " + kBoard + " white 137 0 0")->ply(), 137);
  // Under curse-cost=free a curse keeps Black's turn: the parity shifts once a White piece is gone.
  EXPECT_EQ(load("brochs 7 " + kBoard + " black 137 0 0 curse-cost=free", {"curse-cost=free"})->side_to_move(), kBlackSide);
  const std::string full = ".W.+.W./WwW+WwW/.WW+WW./+++++++/.WW+WW./WwW+WwW/.W.+.W.";
  expect_unreachable("brochs 7 " + full + " white 10 12+S 0 curse-cost=free", "a curse removes one", {"curse-cost=free"});
}

TEST(Reachability, PiecesLeaveTheReserveOnlyByBlackMoves) {
  expect_unreachable("brochs 7 " + kBoard + " white 5 0 0", "13 Black pieces left the reserve but Black had at most 3 moves");
  // An empty board where White wins at ply 3: every Black piece set and lost in two Black moves.
  expect_unreachable("brochs 7 ...+.../.#.+.#./...+.../+++++++/...+.../.#.+.#./...+... white 3 0 0",
                     "13 Black pieces left the reserve but Black had at most 2 moves");
  // Under start=north-row the main piece starts on the board and never returns to the reserve.
  const std::string north = "...+.../WwW+WwW/.WW+WW./+++++++/.WW+WW./WwW+WwW/.W.+.W.";
  expect_unreachable("brochs 7 " + north + " black 4 6+S 0 start=north-row", "it starts on the board", {"start=north-row"});
}

TEST(Reachability, AWhitePassUnderOnlyWhenStuckNeedsWhiteToBeStuck) {
  expect_unreachable("brochs 7 " + kBoard + " black 138 0 1 white-pass=only-when-stuck", "White passed on this board",
                     {"white-pass=only-when-stuck"});
  EXPECT_EQ(load("brochs 7 " + kBoard + " black 138 0 1")->passes(), 1);
}

TEST(Reachability, NoPassOrCurseFollowsABoardThatEndedTheGame) {
  // Black holds all four keeps: the move that made that ended the game.
  const std::string held = "...+.../.b.+.b./...+.../+++++++/...+W../.b.+.s./...+...";
  expect_unreachable("brochs 7 " + held + " white 41 0 1", "all four keeps are held by Black");
  expect_unreachable("brochs 7 " + held + " black 42 0 0 cursed curse-cost=free", "so no curse can have followed", {"curse-cost=free"});
  EXPECT_EQ(load("brochs 7 " + held + " white 41 0 0")->outcome(), Outcome::win(kBlackSide));
}

// 'taken' (keep-setting=after-capture) names keeps whose White piece Black's last stroke captured:
// that left each empty, and only a White step since can have filled it. A user found 'taken:b2'
// read with a Black piece on b2.
TEST(Reachability, ATakenKeepWasEmptiedByBlacksLastStroke) {
  const std::vector<std::string> after = {"keep-setting=after-capture"};
  const std::string rule = " keep-setting=after-capture";
  expect_unreachable("brochs 7 " + kBoard + " black 138 0 0 taken:b2" + rule, "'taken' names b2", after);
  expect_unreachable("brochs 7 " + kBoard + " black 138 0 0 taken:f2" + rule, "holds a Black piece", after);
  EXPECT_EQ(load("brochs 7 " + kBoard + " black 138 0 0 taken:b6" + rule, after)->keeps_taken(), 4U);
  EXPECT_EQ(load("brochs 7 " + kBoard + " white 137 0 0 taken:b6" + rule, after)->keeps_taken(), 4U);
  expect_unreachable("brochs 7 " + kBoard + " white 137 0 1 taken:b6" + rule, "but it was a pass", after);
  expect_unreachable("brochs 7 " + kBoard + " black 138 0 2 taken:b6" + rule, "but it was a pass", after);
  // A White piece on the keep: White stepped there in its reply, and only then.
  const std::string white_on_b6 = "...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.w.W.#./...+...";
  EXPECT_EQ(load("brochs 7 " + white_on_b6 + " black 138 0 0 taken:b6" + rule, after)->keeps_taken(), 4U);
  expect_unreachable("brochs 7 " + white_on_b6 + " white 137 0 0 taken:b6" + rule, "White has made no step since", after);
  expect_unreachable("brochs 7 " + white_on_b6 + " black 138 0 1 taken:b6" + rule, "White has made no step since", after);
  // Each taken keep's piece is a White piece gone: here White has all 24, one moved off c3.
  auto full = start(9, after);
  full->put(full->tables().keep_cell[0], Empty);
  full->put(0, White);
  std::string line = full->line();
  line.replace(line.find(" black 0 12+S 0"), 15, " black 40 8 0 taken:c3");
  arbiter::testing::expect_unreachable(*make_game(descriptor(), 9, after), line, "White has lost 0 pieces");
}

// Random games under every value of every ruling (one at a time) and the differential test's mixes:
// every position reached reads back. Black's curses, settings and passes are favoured so that the
// free curse's shift of the turn, empty reserves and passes under every ending occur.
TEST(Reachability, EveryPositionRandomPlayReachesIsAccepted) {
  std::vector<std::vector<std::string>> configurations = {
      {}, {"keeps=outer", "set-squares=anywhere", "entry=captured"},
      {"curse-cost=free", "empty-keeps=hostile", "black-turn=set-first", "end=keeps-main"},
      {"curse-cost=free", "start=north-row", "white-pass=only-when-stuck", "repetition=none"},
      {"empty-keeps=blocked", "white-pass=only-when-stuck", "end=keeps-draw", "ply-cap=200"},
      {"edge-captures=edges", "isolated=unsupported", "curse-holder=ordinary", "keep-setting=after-capture", "keep-entry=captured"},
      {"curse-cost=free", "keep-setting=after-capture"}};
  for (const Ruling& ruling : descriptor().rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value != ruling.default_value) configurations.push_back({ruling.name + "=" + option.value});
    }
  }
  Rng rng(46);
  long positions = 0, shifted = 0, emptied = 0, passed = 0, taken = 0;
  for (const auto& rulings : configurations) {
    for (int size : {7, 9}) {
      const auto game = make_game(descriptor(), size, rulings);
      const bool free_curses = std::find(rulings.begin(), rulings.end(), "curse-cost=free") != rulings.end();
      for (int g = 0; g < (free_curses ? 32 : 8) / kScale + 1; ++g) {
        auto s = start(size, rulings);
        std::vector<Move> moves, preferred;
        while (!s->is_terminal() && s->ply() < 200) {
          if (s->ply() % (size == 7 ? 1 : 5) == 0) {
            const std::string why = arbiter::testing::refusal(*game, *s);
            ASSERT_EQ(why, "") << arbiter::testing::describe_combination(rulings, size);
            ++positions;
            shifted += s->side_to_move() != s->ply() % 2;
            emptied += s->reserve() == 0 && !s->main_in_reserve();
            passed += s->passes() > 0;
            taken += s->keeps_taken() != 0;
          }
          s->legal_moves(moves);
          preferred.clear();
          for (Move m : moves) {
            const MoveKind kind = move_kind(m);
            if (kind == MoveKind::Curse || kind == MoveKind::Set || kind == MoveKind::SetMain) preferred.push_back(m);
          }
          const bool pass = rng.below(8) == 0;
          const std::vector<Move>& from = !preferred.empty() && rng.below(2) == 0 ? preferred : moves;
          s->apply(pass && std::find(moves.begin(), moves.end(), kPass) != moves.end()
                       ? kPass
                       : from[rng.below(static_cast<std::uint32_t>(from.size()))]);
        }
        ASSERT_EQ(arbiter::testing::refusal(*game, *s), "") << arbiter::testing::describe_combination(rulings, size);
      }
    }
  }
  // The test reaches what the conditions speak of, so a condition too strict there fails it.
  EXPECT_GT(positions, 5000 / kScale);
  EXPECT_GT(shifted, 200 / kScale);
  EXPECT_GT(emptied, 500 / kScale);
  EXPECT_GT(passed, 200 / kScale);
  std::cout << positions << " positions read back, " << shifted << " with the turn shifted by a free curse, " << emptied
            << " with an empty reserve, " << passed << " after a pass, " << taken << " with a taken keep\n";
}

}  // namespace
}  // namespace arbiter::brochs

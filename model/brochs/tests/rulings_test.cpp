// For every ruling alternative (R-1..R-13) a drawn position where it changes what happens.
#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

TEST(RulingKeeps, KeepSquaresMoveWithTheRuling) {
  const auto centres = start(15);
  const auto outer = start(15, {"keeps=outer"});
  const auto inner = start(15, {"keeps=inner"});
  EXPECT_TRUE(centres->tables().is_keep(cell(*centres, "d4")));
  EXPECT_TRUE(outer->tables().is_keep(cell(*outer, "b2")));
  EXPECT_TRUE(outer->tables().is_keep(cell(*outer, "n14")));
  EXPECT_TRUE(inner->tables().is_keep(cell(*inner, "f6")));
  EXPECT_TRUE(inner->tables().is_keep(cell(*inner, "j10")));
  // Setting on b2 (not the North row) is legal only where b2 is a keep.
  EXPECT_FALSE(legal(*centres, "set b2"));
  EXPECT_FALSE(legal(*outer, "set b2"));  // b2 is a White-held keep at the start
  EXPECT_EQ(outer->at(cell(*outer, "b2")), White);
  EXPECT_FALSE(legal(*centres, "set d4"));  // a White-held keep
}

TEST(RulingKeeps, AKeepElsewhereChangesACapture) {
  // c3 is a keep under keeps=centres (one pair is not enough), an ordinary square under keeps=outer.
  const std::string text = diagram_9x9("B d1 b3; W h8; w c3", "Black to move, ply 0, reserve 8, passes 0");
  auto centres = load(text);
  EXPECT_EQ(play(*centres, "d1-d3"), "d1-d3");
  const std::string as_outer = diagram_9x9("B d1 b3; W c3 i7; # b2 h2 b8 h8; . g3 c7 g7", "Black to move, ply 0, reserve 8, passes 0");
  auto outer = load(as_outer, {"keeps=outer"});
  EXPECT_EQ(play(*outer, "d1-d3"), "d1-d3 x c3");
}

TEST(RulingKeeps, EachReadingPutsTheFreeKeepsWhereBlackMaySet) {
  // 11x11 with empty keeps: setting off the North row is legal exactly on the reading's keeps.
  const std::string centres =
R"(
   a b c d e f g h i j k
 1 . . . . . + . . . . .
 2 . . . . . + . . . . .
 3 . . # . . + . . # . .
 4 . . . . . + . . . . .
 5 . . . . . + . . . . .
 6 + + + + + + + + + + +
 7 . . . . . + . . . . .
 8 . . . . . + . . . . .
 9 . . # . . + . . # . .
10 . . . . . + . . . . .
11 W . . . . + . . B B B
Black to move, ply 0, reserve 8, passes 0
)"
  ;
  const std::string outer =
R"(
   a b c d e f g h i j k
 1 . . . . . + . . . . .
 2 . # . . . + . . . # .
 3 . . . . . + . . . . .
 4 . . . . . + . . . . .
 5 . . . . . + . . . . .
 6 + + + + + + + + + + +
 7 . . . . . + . . . . .
 8 . . . . . + . . . . .
 9 . . . . . + . . . . .
10 . # . . . + . . . # .
11 W . . . . + . . B B B
Black to move, ply 0, reserve 8, passes 0
)"
  ;
  const std::string inner =
R"(
   a b c d e f g h i j k
 1 . . . . . + . . . . .
 2 . . . . . + . . . . .
 3 . . . . . + . . . . .
 4 . . . # . + . # . . .
 5 . . . . . + . . . . .
 6 + + + + + + + + + + +
 7 . . . . . + . . . . .
 8 . . . # . + . # . . .
 9 . . . . . + . . . . .
10 . . . . . + . . . . .
11 W . . . . + . . B B B
Black to move, ply 0, reserve 8, passes 0
)"
  ;
  const auto c = load(centres);
  const auto o = load(outer, {"keeps=outer"});
  const auto i = load(inner, {"keeps=inner"});
  EXPECT_TRUE(legal(*c, "set c3"));
  EXPECT_FALSE(legal(*c, "set b2"));
  EXPECT_FALSE(legal(*c, "set d4"));
  EXPECT_TRUE(legal(*o, "set b2"));
  EXPECT_FALSE(legal(*o, "set c3"));
  EXPECT_TRUE(legal(*i, "set d4"));
  EXPECT_TRUE(legal(*i, "set h8"));
  EXPECT_FALSE(legal(*i, "set c3"));
  // A diagram drawn for one reading does not read under another (the keep marks disagree).
  EXPECT_THROW(load(centres, {"keeps=inner"}), InputError);
}

TEST(RulingStart, TheMainPieceStartsOnTheBoardUnderNorthRow) {
  const auto reserve = start(15);
  const auto north = start(15, {"start=north-row"});
  EXPECT_EQ(reserve->reserve(), 12);
  EXPECT_TRUE(reserve->main_in_reserve());
  EXPECT_EQ(north->main_cell(), cell(*north, "h1"));
  EXPECT_EQ(north->reserve(), 0);
  EXPECT_EQ(count_pieces(*north, Black), 12);
  EXPECT_EQ(count_pieces(*north, White), 24);
  EXPECT_EQ(count_pieces(*reserve, White), 24);
  EXPECT_FALSE(legal(*reserve, "h1-h7"));
  EXPECT_TRUE(legal(*north, "h1-h7"));
  const auto small = start(7, {"start=north-row"});
  EXPECT_EQ(count_pieces(*small, Black), 6);
  EXPECT_EQ(small->reserve(), 6);
}

TEST(RulingBlackTurn, SetFirstForbidsMovingWhileTheReserveLasts) {
  const std::string text = diagram_9x9("B a2 a9 b9 c9; W h8", "Black to move, ply 0, reserve 1, passes 0");
  auto any = load(text);
  auto set_first = load(text, {"black-turn=set-first"});
  EXPECT_TRUE(legal(*any, "a2-a4"));
  EXPECT_FALSE(legal(*set_first, "a2-a4"));
  play(*set_first, "set i1");
  play(*set_first, "pass");
  EXPECT_TRUE(legal(*set_first, "a2-a4"));
}

TEST(RulingSetSquares, WhereSettingIsAllowed) {
  const std::string text = diagram_9x9("W h8", "Black to move, ply 0, reserve 4, passes 0");
  auto north = load(text);
  auto keeps = load(text, {"set-squares=keeps"});
  auto anywhere = load(text, {"set-squares=anywhere"});
  EXPECT_TRUE(legal(*north, "set a1"));
  EXPECT_TRUE(legal(*north, "set g7"));
  EXPECT_FALSE(legal(*north, "set f6"));
  EXPECT_FALSE(legal(*keeps, "set a1"));
  EXPECT_TRUE(legal(*keeps, "set g7"));
  EXPECT_TRUE(legal(*anywhere, "set f6"));
}

TEST(RulingEnd, LosingTheMainPieceEndsTheGameOnlyUnderKeepsMain) {
  const std::string text = diagram_9x9("S b6; B i1 i2 i3; W c4 a6", "White to move, ply 0, reserve 8, passes 0");
  auto keeps = load(text);
  auto keeps_main = load(text, {"end=keeps-main"});
  play(*keeps, "c4-c6");
  play(*keeps_main, "c4-c6");
  EXPECT_EQ(keeps->outcome(), Outcome::ongoing());
  EXPECT_EQ(keeps_main->outcome(), Outcome::win(kWhiteSide));
  EXPECT_NE(keeps_main->verdict().find("main piece has been captured"), std::string::npos);
}

TEST(RulingEnd, StalledGamesAreDrawsUnderKeepsDraw) {
  const std::string text = diagram_9x9("B i9; W a1", "Black to move, ply 0, reserve 8, passes 0");
  auto keeps = load(text);
  auto draw = load(text, {"end=keeps-draw"});
  for (auto* s : {keeps.get(), draw.get()}) {
    play(*s, "pass");
    play(*s, "pass");
  }
  EXPECT_EQ(keeps->outcome(), Outcome::win(kWhiteSide));
  EXPECT_EQ(draw->outcome(), Outcome::draw());
}

TEST(RulingEntry, EnteringASandwichIsSuicideUnderCaptured) {
  const std::string text = diagram_9x9("B b2 d2; W c1 h8", "White to move, ply 0, reserve 8, passes 0");
  auto protected_ = load(text);
  auto captured = load(text, {"entry=captured"});
  EXPECT_EQ(play(*protected_, "c1-c2"), "c1-c2");
  const std::string why = captured->explain(captured->parse_move("c1-c2"));
  EXPECT_NE(why.find("entered this configuration and is removed"), std::string::npos) << why;
  EXPECT_EQ(play(*captured, "c1-c2"), "c1-c2 x c2");
  EXPECT_EQ(captured->at(cell(*captured, "c2")), Empty);
}

TEST(RulingEntry, TheArrivingPieceCapturesFirstAndSurvives) {
  // W enters c2 between b2 and d2 but captures d2 (with e2) first: no sandwich remains.
  auto s = load(
      diagram_9x9("B b2 d2; W c1 e2 h8", "White to move, ply 0, reserve 8, passes 0"), {"entry=captured"});
  EXPECT_EQ(play(*s, "c1-c2"), "c1-c2 x d2");
  EXPECT_EQ(s->at(cell(*s, "c2")), White);
}

TEST(RulingKeepTwoPiece, OnePairCapturesAKeeperUnderYes) {
  const std::string text = diagram_9x9("B d1 b3; W h8; w c3", "Black to move, ply 0, reserve 8, passes 0");
  auto no = load(text);
  auto yes = load(text, {"keep-two-piece=yes"});
  EXPECT_EQ(play(*no, "d1-d3"), "d1-d3");
  EXPECT_EQ(play(*yes, "d1-d3"), "d1-d3 x c3");
}

TEST(RulingKeepTwoPiece, DiagonalMainCaptureOfAKeeperUnderYes) {
  const std::string text = diagram_9x9("S f4; B b2; W h8; w c3", "Black to move, ply 0, reserve 8, passes 0");
  auto no = load(text);
  auto yes = load(text, {"keep-two-piece=yes"});
  EXPECT_EQ(play(*no, "f4-d4"), "f4-d4");
  EXPECT_EQ(play(*yes, "f4-d4"), "f4-d4 x c3");
}

TEST(RulingMainDiagonal, AnOrdinaryPieceCompletesTheMainPiecesDiagonalUnderMainInPair) {
  const std::string text = diagram_9x9("S a3; B e1; W b2 h8", "Black to move, ply 0, reserve 8, passes 0");
  auto main_moves = load(text);
  auto main_in_pair = load(text, {"main-diagonal=main-in-pair"});
  EXPECT_EQ(play(*main_moves, "e1-c1"), "e1-c1");
  EXPECT_EQ(play(*main_in_pair, "e1-c1"), "e1-c1 x b2");
}

TEST(RulingCurseCost, AFreeCurseLeavesBlackToMove) {
  const std::string text = diagram_9x9("S e1; B a9; W f6 h8; b c3", "Black to move, ply 0, reserve 8, passes 0");
  auto turn = load(text);
  auto free = load(text, {"curse-cost=free"});
  play(*turn, "curse h8");
  play(*free, "curse h8");
  EXPECT_EQ(turn->side_to_move(), kWhiteSide);
  EXPECT_EQ(free->side_to_move(), kBlackSide);
  EXPECT_TRUE(free->cursed());
  EXPECT_FALSE(legal(*free, "curse f6"));  // one curse per turn
  EXPECT_TRUE(legal(*free, "a9-a8"));
  play(*free, "a9-a8");
  EXPECT_EQ(free->side_to_move(), kWhiteSide);
  EXPECT_FALSE(free->cursed());
}

TEST(RulingEmptyKeeps, BlockedKeepsStopMovesThroughThem) {
  const std::string text = diagram_9x9("B i9; W a3", "White to move, ply 0, reserve 8, passes 0");
  auto passable = load(text);
  auto blocked = load(text, {"empty-keeps=blocked"});
  EXPECT_TRUE(legal(*passable, "a3-d3"));
  EXPECT_FALSE(legal(*blocked, "a3-d3"));
  EXPECT_TRUE(legal(*blocked, "a3-c3"));  // entering is still allowed
}

TEST(RulingEmptyKeeps, HostileKeepsHelpBothSidesCapture) {
  const std::string text = diagram_9x9("B a1 i9; W b3 h8", "Black to move, ply 0, reserve 8, passes 0");
  auto passable = load(text);
  auto hostile = load(text, {"empty-keeps=hostile"});
  EXPECT_EQ(play(*passable, "a1-a3"), "a1-a3");
  const std::string why = hostile->explain(hostile->parse_move("a1-a3"));
  EXPECT_NE(why.find("c3 (empty hostile keep)"), std::string::npos) << why;
  EXPECT_EQ(play(*hostile, "a1-a3"), "a1-a3 x b3");
  // ... and White against Black.
  auto white = load(
      diagram_9x9("B i1 b7; W h8 a9", "White to move, ply 0, reserve 8, passes 0"), {"empty-keeps=hostile"});
  EXPECT_EQ(play(*white, "a9-a7"), "a9-a7 x b7");
}

TEST(RulingWhitePass, WhiteMustMoveWhenItCanUnderOnlyWhenStuck) {
  const std::string text = diagram_9x9("B i9; W a3", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_TRUE(legal(*load(text), "pass"));
  EXPECT_FALSE(legal(*load(text, {"white-pass=only-when-stuck"}), "pass"));
  auto stuck = load(
      diagram_9x9("B b1 a2 i9; W a1", "White to move, ply 0, reserve 8, passes 0"), {"white-pass=only-when-stuck"});
  EXPECT_TRUE(legal(*stuck, "pass"));
  auto black = load(
      diagram_9x9("B i9; W a3", "Black to move, ply 0, reserve 8, passes 0"), {"white-pass=only-when-stuck"});
  EXPECT_TRUE(legal(*black, "pass"));  // Black may always pass
}

TEST(RulingRepetition, TheThirdOccurrenceEndsTheGame) {
  const std::string text = diagram_9x9("B i9; W a1", "Black to move, ply 0, reserve 8, passes 0");
  auto third = load(text);
  auto none = load(text, {"repetition=none"});
  for (auto* s : {third.get(), none.get()}) {
    for (int round = 0; round < 2; ++round) {
      for (const char* m : {"i9-i8", "a1-a2", "i8-i9", "a2-a1"}) play(*s, m);
    }
  }
  EXPECT_TRUE(third->repeated());
  EXPECT_EQ(third->outcome(), Outcome::win(kWhiteSide));
  EXPECT_NE(third->verdict().find("third time"), std::string::npos);
  EXPECT_EQ(none->outcome(), Outcome::ongoing());
}

TEST(RulingRepetition, CountsOnlyPositionsThatCanRecur) {
  auto s = load(diagram_9x9("B i9; W a1", "Black to move, ply 0, reserve 8, passes 0"));
  for (const char* m : {"i9-i8", "a1-a2", "i8-i9", "a2-a1", "set h1", "a1-a2", "h1-h2", "a2-a1", "h2-h1"}) {
    ASSERT_FALSE(s->is_terminal()) << m;
    play(*s, m);
  }
  EXPECT_FALSE(s->repeated());  // the position after "set h1" has occurred twice
  for (const char* m : {"a1-a2", "h1-h2", "a2-a1"}) play(*s, m);
  EXPECT_FALSE(s->repeated());
  play(*s, "h2-h1");
  EXPECT_TRUE(s->repeated());
}

TEST(RulingPlyCap, TheCapEndsTheGameAtItsPly) {
  const std::string text = diagram_9x9("B i9; W a1", "Black to move, ply 199, reserve 8, passes 0");
  auto cap200 = load(text, {"ply-cap=200"});
  auto cap400 = load(text);
  play(*cap200, "i9-i8");
  play(*cap400, "i9-i8");
  EXPECT_EQ(cap200->outcome(), Outcome::win(kWhiteSide));
  EXPECT_NE(cap200->verdict().find("ply cap of 200"), std::string::npos);
  EXPECT_EQ(cap400->outcome(), Outcome::ongoing());
  EXPECT_THROW(load(diagram_9x9("B i9; W a1", "Black to move, ply 401, reserve 8, passes 0")), InputError);
  auto cap1000 = load(
      diagram_9x9("B i9; W a1", "Black to move, ply 401, reserve 8, passes 0"), {"ply-cap=1000"});
  EXPECT_FALSE(cap1000->is_terminal());
}

}  // namespace
}  // namespace arbiter::brochs::testing

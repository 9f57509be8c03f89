// For every ruling alternative (R-1..R-18) a drawn position where it changes what happens.
#include <set>

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

// An 11x11 position with empty keeps where they lie under `keeps`, drawn by the engine itself.
std::string empty_keeps_11x11(const std::string& keeps) {
  BrochsState s(rules_for(11, {"keeps=" + keeps}));
  s.put(cell(s, "a11"), White);
  for (const char* square : {"i11", "j11", "k11"}) s.put(cell(s, square), Black);
  s.set_reserve(8, false);
  s.set_turn(kBlackSide, 0, 0, false, false);
  s.finish_setup();
  return s.diagram();
}

TEST(RulingKeeps, EachReadingPutsTheFreeKeepsWhereBlackMaySet) {
  // 11x11 with empty keeps: setting off the North row is legal exactly on the reading's keeps.
  const std::string centres = empty_keeps_11x11("centres");
  const std::string outer = empty_keeps_11x11("outer");
  const std::string inner = empty_keeps_11x11("inner");
  EXPECT_NE(centres.find(" 3 . . # . . + . . # . ."), std::string::npos) << centres;
  const std::vector<std::string> tried = {"set c3", "set b2", "set d4", "set h8"};
  EXPECT_EQ(legal_among(centres, tried), (std::vector<std::string>{"set c3"}));
  EXPECT_EQ(legal_among(outer, tried, {"keeps=outer"}), (std::vector<std::string>{"set b2"}));
  EXPECT_EQ(legal_among(inner, tried, {"keeps=inner"}), (std::vector<std::string>{"set d4", "set h8"}));
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

// The rules page (and rules --summary) says where White starts and how many pieces it has: a user
// found it silent, and under keeps=outer start=north-row Black's top row takes b1 and the square
// north of the other northern keep on every size, so White starts with 22. The page is written for
// the default size, so its words name the sizes; each is checked against the set-up.
TEST(RulingStart, TheRulesPageSaysWhereWhiteStartsAndHowMany) {
  for (const char* keeps : {"keeps=centres", "keeps=outer", "keeps=inner"}) {
    for (const char* start_rule : {"start=reserve", "start=north-row"}) {
      const std::vector<std::string> rulings = {keeps, start_rule};
      const int on_7x7 = count_pieces(*start(7, rulings), White);
      std::set<int> larger;
      for (int n = 9; n <= 15; n += 2) larger.insert(count_pieces(*start(n, rulings), White));
      ASSERT_EQ(larger.size(), 1U) << keeps << " " << start_rule;
      const std::string guide = descriptor().reading_guide(make_config(descriptor(), 15, rulings));
      EXPECT_NE(guide.find("White starts with a piece on each keep, on the keep's four orthogonal neighbours and on its "
                           "diagonal neighbour toward the board's centre"),
                std::string::npos)
          << guide;
      const std::string said = on_7x7 == 22 && *larger.begin() == 22   ? "which Black's top row takes: 22 pieces {R-2}"
                               : on_7x7 == 22 && *larger.begin() == 24 ? "24 pieces, or 22 on 7x7"
                               : on_7x7 == 24 && *larger.begin() == 24 ? "centre, 24 pieces {R-2}"
                                                                        : "(no words for this)";
      EXPECT_NE(guide.find(said), std::string::npos) << keeps << " " << start_rule << ": " << said << "\n" << guide;
    }
  }
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
  const std::vector<std::string> tried = {"set a1", "set g7", "set f6"};
  EXPECT_EQ(legal_among(text, tried), (std::vector<std::string>{"set a1", "set g7"}));
  EXPECT_EQ(legal_among(text, tried, {"set-squares=keeps"}), (std::vector<std::string>{"set g7"}));
  EXPECT_EQ(legal_among(text, tried, {"set-squares=anywhere"}), tried);
}

TEST(RulingEnd, LosingTheMainPieceEndsTheGameOnlyUnderKeepsMain) {
  const std::string text = diagram_9x9("S b6; B i1 i2 i3; W c4 a6", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(after(text, {"c4-c6"})->outcome(), Outcome::ongoing());
  const auto keeps_main = after(text, {"c4-c6"}, {"end=keeps-main"});
  EXPECT_EQ(keeps_main->outcome(), Outcome::win(kWhiteSide));
  EXPECT_NE(keeps_main->verdict().find("main piece has been captured"), std::string::npos);
}

TEST(RulingEnd, StalledGamesAreDrawsUnderKeepsDraw) {
  const std::string text = diagram_9x9("B i9; W a1", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(after(text, {"pass", "pass"})->outcome(), Outcome::win(kWhiteSide));
  EXPECT_EQ(after(text, {"pass", "pass"}, {"end=keeps-draw"})->outcome(), Outcome::draw());
}

TEST(RulingEntry, EnteringASandwichIsSuicideUnderCaptured) {
  const std::string text = diagram_9x9("B b2 d2; W c1 h8", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(played(text, "c1-c2"), "c1-c2");
  const std::string why = explained(text, "c1-c2", {"entry=captured"});
  EXPECT_NE(why.find("entered this configuration and is removed (ruling R-6 entry=captured)"), std::string::npos) << why;
  EXPECT_EQ(played(text, "c1-c2", {"entry=captured"}), "c1-c2 x c2");
  EXPECT_EQ(piece_after(text, "c1-c2", "c2", {"entry=captured"}), Empty);
}

TEST(RulingEntry, TheArrivingPieceCapturesFirstAndSurvives) {
  // W enters c2 between b2 and d2 but captures d2 (with e2) first: no sandwich remains.
  const std::string text = diagram_9x9("B b2 d2; W c1 e2 h8", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(played(text, "c1-c2", {"entry=captured"}), "c1-c2 x d2");
  EXPECT_EQ(piece_after(text, "c1-c2", "c2", {"entry=captured"}), White);
}

// Each row: the pieces of a drawn position with Black to move, a move, and what the engine writes
// for it by default and under the alternative reading.
struct CaptureReading {
  const char* pieces;
  const char* move;
  const char* ruling;
  const char* by_default;
  const char* by_alternative;
};

void expect_readings(const std::vector<CaptureReading>& rows) {
  for (const CaptureReading& row : rows) {
    const std::string text = diagram_9x9(row.pieces, "Black to move, ply 0, reserve 8, passes 0");
    EXPECT_EQ(played(text, row.move), row.by_default) << row.pieces;
    EXPECT_EQ(played(text, row.move, {row.ruling}), row.by_alternative) << row.pieces << " " << row.ruling;
  }
}

TEST(RulingKeepTwoPiece, OnePairOrTheMainPiecesDiagonalCapturesAKeeperUnderYes) {
  expect_readings({{"B d1 b3; W h8; w c3", "d1-d3", "keep-two-piece=yes", "d1-d3", "d1-d3 x c3"},
                   {"S f4; B b2; W h8; w c3", "f4-d4", "keep-two-piece=yes", "f4-d4", "f4-d4 x c3"}});
}

TEST(RulingMainDiagonal, AnOrdinaryPieceCompletesTheMainPiecesDiagonalUnderMainInPair) {
  expect_readings({{"S a3; B e1; W b2 h8", "e1-c1", "main-diagonal=main-in-pair", "e1-c1", "e1-c1 x b2"}});
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
  EXPECT_EQ(free->ply(), 2);  // the curse and the move are a ply each (R-13 counts both)
  EXPECT_EQ(turn->ply(), 1);
}

// docs/rulings.md R-9: under curse-cost=free a pass after a curse is a pass, so White's pass that
// follows ends the game as two passes in a row.
TEST(RulingCurseCost, APassAfterAFreeCurseIsAPass) {
  const std::string text = diagram_9x9("S e1; B a9; W f6 h8; b c3", "Black to move, ply 0, reserve 8, passes 0");
  auto free = load(text, {"curse-cost=free"});
  play(*free, "curse h8");
  play(*free, "pass");
  EXPECT_EQ(free->passes(), 1);
  EXPECT_EQ(free->ply(), 2);
  play(*free, "pass");
  EXPECT_TRUE(free->is_terminal());
  EXPECT_EQ(free->outcome(), Outcome::win(kWhiteSide));
}

TEST(RulingEmptyKeeps, BlockedKeepsStopMovesThroughThem) {
  const std::string text = diagram_9x9("B i9; W a3", "White to move, ply 0, reserve 8, passes 0");
  const std::vector<std::string> tried = {"a3-c3", "a3-d3"};
  EXPECT_EQ(legal_among(text, tried), tried);
  // Entering the empty keep c3 is still allowed; crossing it is not.
  EXPECT_EQ(legal_among(text, tried, {"empty-keeps=blocked"}), (std::vector<std::string>{"a3-c3"}));
}

TEST(RulingEmptyKeeps, HostileKeepsHelpBothSidesCapture) {
  expect_readings({{"B a1 i9; W b3 h8", "a1-a3", "empty-keeps=hostile", "a1-a3", "a1-a3 x b3"}});
  const std::string why = explained(diagram_9x9("B a1 i9; W b3 h8", "Black to move, ply 0, reserve 8, passes 0"), "a1-a3",
                                    {"empty-keeps=hostile"});
  EXPECT_NE(why.find("c3 (empty hostile keep)"), std::string::npos) << why;
  // ... and White against Black.
  const std::string white = diagram_9x9("B i1 b7; W h8 a9", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(played(white, "a9-a7", {"empty-keeps=hostile"}), "a9-a7 x b7");
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
  const std::string text = diagram_9x9("B i9; W a1", "White to move, ply 199, reserve 8, passes 0");
  auto cap200 = load(text, {"ply-cap=200"});
  auto cap400 = load(text);
  play(*cap200, "a1-a2");
  play(*cap400, "a1-a2");
  EXPECT_EQ(cap200->outcome(), Outcome::win(kWhiteSide));
  EXPECT_NE(cap200->verdict().find("ply cap of 200"), std::string::npos);
  EXPECT_EQ(cap400->outcome(), Outcome::ongoing());
  EXPECT_THROW(load(diagram_9x9("B i9; W a1", "White to move, ply 401, reserve 8, passes 0")), InputError);
  auto cap1000 = load(
      diagram_9x9("B i9; W a1", "White to move, ply 401, reserve 8, passes 0"), {"ply-cap=1000"});
  EXPECT_FALSE(cap1000->is_terminal());
}

// ---- Issue 13 item 13: the questions the text leaves open about captures, curses and keeps ------

TEST(RulingEdgeCaptures, TheEdgeOrACornerStandsInForTheSecondPiece) {
  // b1 lies on the North edge; a1 is a corner with a Black piece already on b1.
  expect_readings({{"B d2 i9; W b1 h8", "d2-b2", "edge-captures=corners", "d2-b2", "d2-b2"},
                   {"B d2 i9; W b1 h8", "d2-b2", "edge-captures=edges", "d2-b2", "d2-b2 x b1"},
                   {"B b1 a4 i9; W a1 h8", "a4-a2", "edge-captures=corners", "a4-a2", "a4-a2 x a1"},
                   {"B b1 a4 i9; W a1 h8", "a4-a2", "edge-captures=edges", "a4-a2", "a4-a2 x a1"}});
  const std::string edge = diagram_9x9("B d2 i9; W b1 h8", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_NE(load(edge, {"edge-captures=edges"})->explain_text("d2-b2").find("the board edge"), std::string::npos);
}

TEST(RulingEdgeCaptures, EnteringBesideTheEdgeIsAnEntryLikeAnyOther) {
  // White steps onto the West edge square a2, between the Black piece on b2 and the edge: safe
  // unless entry=captured.
  const std::string text = diagram_9x9("B b2 i9; W a4 h8", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(piece_after(text, "a4-a2", "a2", {"edge-captures=edges"}), White);
  EXPECT_NE(load(text, {"edge-captures=edges"})->explain_text("a4-a2").find("the board edge"), std::string::npos);
  EXPECT_EQ(piece_after(text, "a4-a2", "a2", {"edge-captures=edges", "entry=captured"}), Empty);
}

TEST(RulingIsolated, APieceWithAFriendBesideItIsNotSandwichedUnderUnsupported) {
  // c2 has a White friend on c1: under isolated=unsupported it is not "a isolated piece".
  expect_readings({{"B b2 d4; W c1 c2 h8", "d4-d2", "isolated=unsupported", "d4-d2 x c2", "d4-d2"},
                   // Alone, it falls under both readings.
                   {"B b2 d4; W c2 h8", "d4-d2", "isolated=unsupported", "d4-d2 x c2", "d4-d2 x c2"}});
}

TEST(RulingCurseHolder, TheMainPieceOnTheKeepCursesOnlyUnderAny) {
  const std::string main_holds = diagram_9x9("s c3; B a9; W h8 i1", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_TRUE(legal(*load(main_holds), "curse h8"));
  const auto ordinary = load(main_holds, {"curse-holder=ordinary"});
  EXPECT_FALSE(legal(*ordinary, "curse h8"));
  EXPECT_NE(ordinary->explain_text("curse h8").find("curse-holder=ordinary"), std::string::npos);
  const std::string piece_holds = diagram_9x9("S a1; b c3; W h8 i1", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_TRUE(legal(*load(piece_holds, {"curse-holder=ordinary"}), "curse h8"));
}

TEST(RulingKeepSetting, AfterCaptureAllowsSettingOnAKeepOnlyOnTheNextStroke) {
  // The SW keep c7 holds a Black piece, so a curse can take the White piece on the NE keep g3.
  const std::string text = diagram_9x9("S a1; b c7; w g3; W h8 i9", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_TRUE(legal(*load(text), "set c3"));
  auto s = load(text, {"keep-setting=after-capture"});
  EXPECT_FALSE(legal(*s, "set c3"));  // a free keep, but never captured
  EXPECT_NE(s->explain_text("set c3").find("keep-setting=after-capture"), std::string::npos);
  play(*s, "curse g3");
  EXPECT_NE(s->line().find("taken:g3"), std::string::npos);
  play(*s, "h8-h9");
  EXPECT_TRUE(legal(*s, "set g3"));
  EXPECT_FALSE(legal(*s, "set c3"));
  // The stroke after the capture is the only one: a pass lets the chance go.
  const auto again = load(s->line(), {"keep-setting=after-capture"});  // reads back with 'taken'
  EXPECT_EQ(again->line(), s->line());
  play(*s, "pass");
  play(*s, "h9-h8");
  EXPECT_FALSE(legal(*s, "set g3"));
  EXPECT_THROW(load(diagram_9x9("W h8 i9; B a9", "Black to move, ply 0, reserve 8, passes 0, taken d4")), InputError);
}

TEST(RulingKeepEntry, TheDoubleNegativeOfD2CapturesAPieceEnteringAKeep) {
  // White enters the NE keep g3 between two complete Black pairs (f3-h3 and f2-h4).
  const std::string text = diagram_9x9("B f2 h4 f3 h3; W g1 a9", "White to move, ply 0, reserve 8, passes 0");
  EXPECT_EQ(piece_after(text, "g1-g3", "g3"), White);
  EXPECT_EQ(piece_after(text, "g1-g3", "g3", {"keep-entry=captured"}), Empty);
  EXPECT_NE(load(text, {"keep-entry=captured"})->explain_text("g1-g3").find("is removed (ruling R-18 keep-entry=captured)"),
            std::string::npos);
  // keep-entry=protected keeps the keep safe even when entry=captured takes other entries.
  EXPECT_EQ(piece_after(text, "g1-g3", "g3", {"entry=captured", "keep-entry=protected"}), White);
  EXPECT_EQ(piece_after(text, "g1-g3", "g3", {"entry=captured"}), Empty);
}

}  // namespace
}  // namespace arbiter::brochs::testing

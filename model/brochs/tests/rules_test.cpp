// Every capture kind and statement of seed 003, on drawn 9x9 positions (keeps c3, g3, c7, g7; the
// central cross is row 5 and column e). Upper case = piece on an ordinary square, lower case = on a
// keep; W White, B Black, S the main piece; '#' empty keep, '+' empty central cross square.
#include <algorithm>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

// ---- One move each, as the engine writes it (with the pieces it captures) -----------------------

struct WrittenMove {
  const char* what;
  const char* pieces;  // diagram_9x9's groups; 8 ordinary pieces and, with "+S", the main piece in reserve
  const char* status;
  const char* move;
  const char* written;
};

TEST(Captures, EachCaseAsTheEngineWritesIt) {
  const std::vector<WrittenMove> cases = {
      {"C1: the board edge is not hostile (a2 against the West edge survives)", "B b4; W a2 h8", "Black to move", "b4-b2", "b4-b2"},
      {"C1: only the arriving piece forms captures (b2 already sits between a2 and c2)", "B h1 a2 c2; W b2 h8",
       "Black to move", "h1-h2", "h1-h2"},
      {"C1: one move captures several pieces", "B d1 b2 f2 d4; W c2 e2 d3 h8", "Black to move", "d1-d2",
       "d1-d2 x c2 x e2 x d3"},
      {"C2: diagonal pairs count too", "B b2 d2 a4 d4; w c3", "Black to move", "a4-b4", "a4-b4 x c3"},
      {"C2: one pair is not enough by default", "B d1 b3; W h8; w c3", "Black to move", "d1-d3", "d1-d3"},
      {"C2: White captures a Black keeper too", "B a9; W f2 f3 h3 i4; b g3", "White to move", "i4-h4", "i4-h4 x g3"},
      {"C3: a keep occupant can be cursed out last", "S e1; b c3; w g7", "Black to move", "curse g7", "curse g7"},
      {"C4: setting the main piece captures", "B a3; W b2 h8", "Black to move+S", "set main c1", "set main c1 x b2"},
      {"C4: an ordinary piece does not capture diagonally", "B e1 a3; W b2 h8", "Black to move", "e1-c1", "e1-c1"},
      {"C4: White has no diagonal capture", "B b2 h8; W e1 a3", "White to move", "e1-c1", "e1-c1"},
  };
  for (const WrittenMove& c : cases) {
    std::string status = c.status;
    const bool main_in_reserve = status.ends_with("+S");
    if (main_in_reserve) status.resize(status.size() - 2);
    const std::string text = diagram_9x9(c.pieces, status + ", ply 0, reserve 8" + (main_in_reserve ? "+S" : "") + ", passes 0");
    const auto before = load(text);
    EXPECT_EQ(before->move_text(before->parse_move(c.move)), c.written) << c.what;
    // The move removes exactly the pieces its text names (a curse, its target).
    const std::string written = c.written;
    int removed = written.starts_with("curse") ? 1 : 0;
    for (auto x = written.find(" x "); x != std::string::npos; x = written.find(" x ", x + 1)) ++removed;
    const int arrived = written.starts_with("set") ? 1 : 0;
    EXPECT_EQ(pieces_on_board(*after(text, {c.move})), pieces_on_board(*before) + arrived - removed) << c.what;
  }
  EXPECT_TRUE(legal(*load(diagram_9x9("W h8; s c3", "Black to move, ply 0, reserve 8, passes 0")), "curse h8"))
      << "the main piece on the cursing keep counts";
}

// ---- C1: custodian capture ---------------------------------------------------------------------

TEST(Custodian, BlackCapturesInARowAndExplainNamesThePieces) {
  auto s = load(diagram_9x9("B b2 d4; W c2 h8", "Black to move, ply 0, reserve 8, passes 0"));
  const Move m = s->parse_move("d4-d2");
  const std::string why = s->explain(m);
  EXPECT_NE(why.find("C1"), std::string::npos) << why;
  EXPECT_NE(why.find("c2"), std::string::npos) << why;
  EXPECT_NE(why.find("b2"), std::string::npos) << why;
  EXPECT_NE(why.find("d2 (the arriving piece)"), std::string::npos) << why;
  EXPECT_EQ(play(*s, "d4-d2"), "d4-d2 x c2");
  EXPECT_EQ(s->at(cell(*s, "c2")), Empty);
}

TEST(Custodian, WhiteCapturesTheMainPieceInAColumn) {
  auto s = load(diagram_9x9("S b2; B h8; W b1; w c3", "White to move, ply 0, reserve 8, passes 0"));
  // c3 is a keep: White leaves it and the piece arriving on b3 closes the column b1-b3.
  EXPECT_EQ(play(*s, "c3-b3"), "c3-b3 x b2");
  EXPECT_EQ(s->main_cell(), kNoCell);
  EXPECT_FALSE(s->main_in_reserve());
}

// White's `move` into an enemy configuration: the piece survives on `square` and explain says why.
void expect_white_entry_survives(const std::string& pieces, const std::string& move, const std::string& square) {
  const std::string text = diagram_9x9(pieces, "White to move, ply 0, reserve 8, passes 0");
  const std::string why = explained(text, move);
  EXPECT_NE(why.find("entered it voluntarily, so it is not captured"), std::string::npos) << why;
  EXPECT_EQ(piece_after(text, move, square), White) << pieces;
}

TEST(Custodian, VoluntaryEntryIsNotCapturedAndExplainSaysWhy) { expect_white_entry_survives("B b2 d2; W c1 h8", "c1-c2", "c2"); }

// Issue 13 item 10: each voluntary entry cites the clause that says it is safe (D.1 sandwich,
// D.2 keep, D.4 the main piece's diagonal), not D.1 for all.
TEST(Custodian, VoluntaryEntryCitesTheClauseOfItsConfiguration) {
  const std::string keep = explained("brochs 7 B.B+.../.#.+.#./B.B+.../+++++++/.W.+.../.#.+.#./...+... white 11 8+S 0", "b5-b2");
  // Session 49: on a keep R-18 decides (by R-6 under keep-entry=as-entry); only R-6 was cited.
  EXPECT_NE(keep.find("so it is not captured (seed 003 D.2; rulings R-18 keep-entry=as-entry and R-6 entry=protected)."),
            std::string::npos)
      << keep;
  const std::string diagonal = explained("brochs 7 ...B.../.#.+.#./...+WS./+++++++/...+.../.#.+.#./...+... white 11 11 0", "e3-e2");
  EXPECT_NE(diagonal.find("so it is not captured (seed 003 D.4; ruling R-6 entry=protected)."), std::string::npos) << diagonal;
}

TEST(Custodian, ReformedSandwichCaptures) {
  auto s = load(diagram_9x9("B b2 d2; W c2 h8", "Black to move, ply 0, reserve 8, passes 0"));
  play(*s, "d2-d1");
  play(*s, "h8-h9");
  EXPECT_EQ(play(*s, "d1-d2"), "d1-d2 x c2");
}

TEST(Custodian, SettingCaptures) {
  auto s = load(diagram_9x9("B c1; W b1 h8", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_EQ(play(*s, "set a1"), "set a1 x b1");
  EXPECT_EQ(s->reserve(), 7);
}

// ---- C2: keep occupant ------------------------------------------------------------------------

TEST(KeepCapture, TwoOppositePairsCaptureAndExplainListsThemAll) {
  auto s = load(diagram_9x9("B c2 b3 d3 i4; w c3", "Black to move, ply 0, reserve 8, passes 0"));
  const Move m = s->parse_move("i4-c4");
  EXPECT_NE(s->explain(m).find("C2"), std::string::npos);
  EXPECT_EQ(play(*s, "i4-c4"), "i4-c4 x c3");
}

TEST(KeepCapture, EnteringTheKeepVoluntarilyIsSafeUntilReformed) {
  expect_white_entry_survives("B b2 b3 d3 d4; W c1 h8", "c1-c3", "c3");
  auto s = after(diagram_9x9("B b2 b3 d3 d4; W c1 h8", "White to move, ply 0, reserve 8, passes 0"), {"c1-c3"});
  EXPECT_EQ(play(*s, "b2-a2"), "b2-a2");
  play(*s, "pass");
  EXPECT_EQ(play(*s, "a2-b2"), "a2-b2 x c3");
}

// Tables::opposite_pairs across `square` as "first/second", "off" for a square off the board, a
// diagonal pair marked so.
std::vector<std::string> opposite_pair_names(const BrochsState& s, const std::string& square) {
  const auto name = [&s](int c) { return c == kNoCell ? std::string("off") : s.cell_name(c); };
  std::vector<std::string> names;
  for (const OppositePair& pair : s.tables().opposite_pairs(cell(s, square))) {
    names.push_back(name(pair.a) + "/" + name(pair.b) + (pair.diagonal ? " diagonal" : ""));
  }
  return names;
}

TEST(KeepCapture, OppositePairsAreTheSeedsCouples) {
  // Seed 003 D.2: "(North,South), (Est,West), (NW, SE), (NE,SW)" around the keep d4 (row 1 North).
  EXPECT_EQ(opposite_pair_names(*start(15), "d4"), (std::vector<std::string>{"d3/d5", "e4/c4", "e3/c5 diagonal", "e5/c3 diagonal"}));
  // The keep b2 under keeps=outer touches the North and West edges: its pairs hold edge squares.
  EXPECT_EQ(opposite_pair_names(*start(7, {"keeps=outer"}), "b2"),
            (std::vector<std::string>{"b1/b3", "c2/a2", "c1/a3 diagonal", "c3/a1 diagonal"}));
  // Across the corner a1 every pair has a square off the board.
  EXPECT_EQ(opposite_pair_names(*start(7), "a1"), (std::vector<std::string>{"off/a2", "b1/off", "off/off diagonal", "b2/off diagonal"}));
}

// ---- C3: curse ---------------------------------------------------------------------------------

TEST(Curse, EligibleFromTheOppositeKeepWithTheMainPieceOnBoard) {
  auto s = load(diagram_9x9("S e1; W f6 b8 e8 h8; b c3; w g7", "Black to move, ply 0, reserve 8, passes 0"));
  std::vector<Move> moves;
  s->legal_moves(moves);
  std::vector<std::string> curses;
  for (Move m : moves) {
    if (move_kind(m) == MoveKind::Curse) curses.push_back(s->move_text(m));
  }
  std::sort(curses.begin(), curses.end());
  // SE quadrant only (not b8 in SW, not e8 on the cross); the keep occupant g7 included.
  EXPECT_EQ(curses, (std::vector<std::string>{"curse f6", "curse g7", "curse h8"}));
  const std::string why = s->explain(s->parse_move("curse h8"));
  EXPECT_NE(why.find("NW keep c3"), std::string::npos) << why;
  EXPECT_NE(why.find("main piece is on the board at e1"), std::string::npos) << why;
  EXPECT_NE(why.find("no Black piece stands in the opposite quadrant SE"), std::string::npos) << why;
}

TEST(Curse, ABlackPieceInTheTargetQuadrantForbidsIt) {
  auto s = load(diagram_9x9("S e1; B i9; W h8; b c3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_FALSE(legal(*s, "curse h8"));
  EXPECT_NE(s->explain(s->parse_move("pass")).find("passes"), std::string::npos);
  // The reason names the piece and its square (it said only "a Black piece stands in quadrant SE").
  EXPECT_NE(s->explain_text("curse h8").find("the Black piece on i9 stands in quadrant SE"), std::string::npos) << s->explain_text("curse h8");
  auto main_there = load(diagram_9x9("S i8; W h8; b c3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_FALSE(legal(*main_there, "curse h8"));
  EXPECT_NE(main_there->explain_text("curse h8").find("the main piece on i8 stands in quadrant SE"), std::string::npos)
      << main_there->explain_text("curse h8");
}

TEST(Curse, NoCurseWithoutTheMainPieceOnTheBoard) {
  auto in_reserve = load(diagram_9x9("W h8; b c3", "Black to move, ply 0, reserve 8+S, passes 0"));
  EXPECT_FALSE(legal(*in_reserve, "curse h8"));
  auto captured = load(diagram_9x9("W h8; b c3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_FALSE(legal(*captured, "curse h8"));
  play(*in_reserve, "set main e1");
  play(*in_reserve, "pass");
  EXPECT_TRUE(legal(*in_reserve, "curse h8"));
}

TEST(Curse, CentralCrossIsImmune) {
  auto s = load(diagram_9x9("S e1; W f5 e7 h8; b c3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_FALSE(legal(*s, "curse e7"));
  EXPECT_FALSE(legal(*s, "curse f5"));
  EXPECT_TRUE(legal(*s, "curse h8"));
}

TEST(Curse, AWhiteKeepDoesNotCurse) {
  auto s = load(diagram_9x9("S e1; B b8; W h8; w c3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_FALSE(legal(*s, "curse h8"));
}

// ---- C4: diagonal capture by the main piece ----------------------------------------------------

TEST(MainDiagonal, TheMainPieceCapturesDiagonally) {
  auto s = load(diagram_9x9("S e1; B a3; W b2 h8", "Black to move, ply 0, reserve 8, passes 0"));
  const std::string why = s->explain(s->parse_move("e1-c1"));
  EXPECT_NE(why.find("C4"), std::string::npos) << why;
  EXPECT_EQ(play(*s, "e1-c1"), "e1-c1 x b2");
}

TEST(MainDiagonal, WhiteEnteringTheDiagonalGapIsNotCaptured) { expect_white_entry_survives("S c1; B a3; W b4 h8", "b4-b2", "b2"); }

// ---- Setting, passing, keeps -------------------------------------------------------------------

TEST(Setting, OnAFreeKeepAndOnTheNorthRowOnly) {
  auto s = load(diagram_9x9("W h8; w g3", "Black to move, ply 0, reserve 8, passes 0"));
  EXPECT_TRUE(legal(*s, "set c3"));
  EXPECT_TRUE(legal(*s, "set a1"));
  EXPECT_FALSE(legal(*s, "set g3"));  // occupied keep
  EXPECT_FALSE(legal(*s, "set d4"));
  EXPECT_FALSE(legal(*s, "set main a1"));  // the main piece is not in reserve
  play(*s, "pass");
  EXPECT_FALSE(legal(*s, "set a1"));  // White never sets
}

TEST(Ending, BlackWinsWhenAllKeepsAreBlack) {
  auto s = load(diagram_9x9("B f7; W h8; b c3 g3 c7", "Black to move, ply 0, reserve 8, passes 0"));
  const std::string why = s->explain(s->parse_move("f7-g7"));
  EXPECT_NE(why.find("Black wins"), std::string::npos) << why;
  play(*s, "f7-g7");
  EXPECT_EQ(s->outcome(), Outcome::win(kBlackSide));
  std::vector<Move> moves;
  s->legal_moves(moves);
  EXPECT_TRUE(moves.empty());
}

TEST(Ending, WhiteWinsWhenBlackCannotFillTheKeeps) {
  auto s = load(diagram_9x9("B a2 c9 d9 i9; W a1 a4", "White to move, ply 0, reserve 0, passes 0"));
  EXPECT_EQ(s->outcome(), Outcome::ongoing());
  const std::string why = s->explain(s->parse_move("a4-a3"));
  EXPECT_NE(why.find("White wins: Black has 3 pieces left"), std::string::npos) << why;
  play(*s, "a4-a3");
  EXPECT_EQ(s->outcome(), Outcome::win(kWhiteSide));
}

TEST(Ending, TwoPassesInARowEndTheGame) {
  auto s = load(diagram_9x9("B i9; W a1", "Black to move, ply 0, reserve 8, passes 0"));
  play(*s, "pass");
  EXPECT_FALSE(s->is_terminal());
  play(*s, "pass");
  EXPECT_EQ(s->outcome(), Outcome::win(kWhiteSide));
}

TEST(Passing, ForcedPassWhenNothingCanMove) {
  auto s = load(diagram_9x9("B b1 a2 i9; W a1", "White to move, ply 0, reserve 8, passes 0"));
  std::vector<Move> moves;
  s->legal_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], kPass);
}

}  // namespace
}  // namespace arbiter::brochs::testing

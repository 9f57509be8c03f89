// Hexabrae rule mechanics, one test per statement of seed 004 and per shape of rules.md 4.5, and for
// every ruling a position where its alternatives lead to different outcomes. Positions are drawn
// as diagrams (docs/notation/hexabrae.md): W or B, then the bar's long axis as drawn (/ | \).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/hexabrae/engine.hpp"

namespace arbiter::hexabrae {
namespace {


constexpr const char* kMixedTriangleBeforeClosing = R"(
a  b  c  d  e  f  g
         .
      .     W|
   .     .     .
.     .     .     .
   .     W/    .
.     .     .     .
   .     B\    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 6
)";


// Black's bar on d7, far away: its first move was a placement.
constexpr const char* kWhiteTriangleBeforeClosing = R"(
a  b  c  d  e  f  g
         .
      .     W|
   .     .     .
.     .     .     .
   .     W/    .
.     .     .     .
   .     W\    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         B|
White to move, ply 6
)";


constexpr const char* kBlackClosesWhiteTriangle = R"(
a  b  c  d  e  f  g
         .
      .     B|
   .     .     .
.     .     .     .
   .     W/    .
.     .     .     .
   .     W\    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
Black to move, ply 7
)";


constexpr const char* kFiveBarsPointingAtD4 = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     B|    .
.     W\    W/    .
   .     .     .
.     B/    W\    .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         B|
Black to move, ply 11
)";


constexpr const char* kTieRingBeforeClosing = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     B\    .
.     W/    W/    .
   .     .     .
.     B\    .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 8
)";


constexpr const char* kTwoTrianglesWhiteWhite = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     W/    .
.     .     B|    .
   .     .     .
.     W|    W\    .
   .     B/    .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 10
)";


constexpr const char* kTwoTrianglesWhiteBlack = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     W/    .
.     .     B|    .
   .     .     .
.     B|    W\    .
   .     B/    .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 10
)";


constexpr const char* kLoneVerticalBar = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     .     .
.     .     .     .
   .     W|    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
Black to move, ply 1
)";


constexpr const char* kPartiallyImmobilized = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     B|    .
.     .     .     .
   .     W|    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 2
)";


constexpr const char* kTotallyImmobilized = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     B|    .
.     .     .     .
   .     W|    .
.     .     .     .
   .     B|    .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 4
)";


constexpr const char* kEscapeTowardAnotherShortSide = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     B|    .
.     .     .     .
   .     W|    .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         B|
White to move, ply 4
)";


constexpr const char* kBarBehindACornerContact = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     .     .
.     .     .     .
   .     W|    .
.     .     .     .
   .     B/    .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 2
)";


constexpr const char* kRimCornerBeforeClosing = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
W\    .     .     .
   B|    .     .
.     .     .     .
   W\    .     .
.     .     .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 6
)";


constexpr const char* kTwoRotatingBars = R"(
a  b  c  d  e
      .
   .     .
B|    .     .
   .     .
.     W|    .
   .     .
.     .     .
   .     .
      .
White to move, ply 2
)";


// A tied ring and an open White-majority triangle; c4-d5 closes both at once.
constexpr const char* kTieRingAndTriangleBeforeClosing = "hexabrae 4 Wc4/2 Bc5/1 Wd4/0 Wd6/0 Be4/2 Be5/0 white 12";


// The same bars with the tied ring already closed; c6-d6 then closes the triangle.
constexpr const char* kTieRingThenTriangle = "hexabrae 4 Bc5/1 Wc6/0 Wd4/0 Wd5/2 Be4/2 Be5/0 white 12";


constexpr const char* kFullBoardAllStuck = R"(
a  b  c  d  e
      W|
   W|    B|
W|    W|    B|
   W|    B|
W|    W|    B|
   W|    B|
W|    B|    B|
   W|    B|
      B|
White to move, ply 40
)";


constexpr const char* kTwelveBarRingTied = R"(
a  b  c  d  e  f  g  h  i
            .
         .     .
      .     .     .
   .     .     .     .
.     .     B/    .     .
   .     B/    B|    .
.     W/    .     B/    .
   .     .     .     .
.     B|    .     W|    .
   .     .     .     .
.     W/    .     B/    .
   .     W|    W/    .
.     .     W/    .     .
   .     .     .     .
      .     .     .
         .     .
            .
Black to move, ply 21
)";

struct Loaded {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
};

// A diagram, or a one-line form written without its rulings (they are added here).
Loaded load(const std::string& diagram, const std::vector<std::string>& rulings = {}) {
  std::string text = diagram;
  if (text.starts_with("hexabrae ")) {
    for (const std::string& ruling : rulings) text += " " + ruling;
  }
  LoadedPosition p = load_position(hexabrae_game(), 0, rulings, text);
  return {std::move(p.game), std::move(p.state)};
}

bool is_legal(const State& state, const std::string& move) {
  Move m = 0;
  try {
    m = state.parse_move(move);
  } catch (const InputError&) {
    return false;
  }
  std::vector<Move> legal;
  state.legal_moves(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << move << " parses but is not listed";
  return true;
}

// Plays the moves and returns the outcome text.
std::string result_after(const std::string& diagram, const std::vector<std::string>& moves,
                         const std::vector<std::string>& rulings = {}) {
  Loaded l = load(diagram, rulings);
  for (const std::string& move : moves) l.state->apply(l.state->parse_move(move));
  return outcome_text(hexabrae_game(), l.state->outcome());
}


EnclosureList enclosures_after(const std::string& diagram, const std::vector<std::string>& moves) {
  Loaded l = load(diagram);
  for (const std::string& move : moves) l.state->apply(l.state->parse_move(move));
  const HexabraeState& s = hexabrae_state(*l.state);
  EnclosureList list;
  find_enclosures(s.board(), s.position().cells, s.rules().enclosure_rules(), list);
  return list;
}

// The one enclosure on the board after the moves (a test failure when there is not exactly one).
Enclosure only_enclosure_after(const std::string& diagram, const std::vector<std::string>& moves) {
  const EnclosureList list = enclosures_after(diagram, moves);
  EXPECT_EQ(list.size, 1);
  return list.size > 0 ? list.items[0] : Enclosure{};
}

// --- Seed 004: set-up and turn order -------------------------------------------------------------

TEST(HexabraeTurn, WhiteStartsOnAnEmptyBoardOf61FieldsWith10PiecesEach) {
  auto game = make_game(hexabrae_game(), 0);
  auto state = game->initial_state();
  EXPECT_EQ(state->side_to_move(), 0);
  EXPECT_EQ(hexabrae_state(*state).board().fields(), 61);
  std::vector<Move> moves;
  state->legal_moves(moves);
  EXPECT_EQ(moves.size(), 61u * 3u);  // every field in each of the 3 orientations
  EXPECT_EQ(hexabrae_game().side_names[0], "White");
}

TEST(HexabraeTurn, TenPiecesASideThenNoMorePlacements) {
  // White has placed all ten (column a and the top of columns b, c); only moves remain. (Black's
  // bar on e3: Black's first move is a placement.)
  const char* kTenWhite = R"(
a  b  c  d  e
      W|
   W|    .
W|    W|    .
   W|    .
W|    W|    .
   W|    .
W|    .     B|
   W|    .
      .
White to move, ply 20
)";
  Loaded l = load(kTenWhite);
  std::vector<Move> moves;
  l.state->legal_moves(moves);
  for (Move m : moves) EXPECT_NE(l.state->move_text(m).rfind("place", 0), 0u) << l.state->move_text(m);
  EXPECT_FALSE(is_legal(*l.state, "place e2/1"));
  EXPECT_TRUE(is_legal(*l.state, "c3-c5"));
}

// --- Seed 004, action 1: placing ---------------------------------------------------------------

TEST(HexabraePlacement, OnAFreeFieldTouchingNoPiece) {
  Loaded l = load(kLoneVerticalBar);  // White d4 '|'; Black to place
  EXPECT_FALSE(is_legal(*l.state, "place d4/0"));  // not free
  EXPECT_FALSE(is_legal(*l.state, "place d3/1"));  // short side to short side
  EXPECT_FALSE(is_legal(*l.state, "place e3/0"));  // corner to corner
  EXPECT_FALSE(is_legal(*l.state, "place e3/2"));  // corner to corner
  EXPECT_TRUE(is_legal(*l.state, "place e3/1"));   // parallel side by side: no shared point
  EXPECT_TRUE(is_legal(*l.state, "place d2/0"));   // not a neighbour
}

TEST(HexabraeRulings, TouchAdjacentForbidsParallelNeighbours) {  // H-2
  Loaded l = load(kLoneVerticalBar, {"touch=adjacent"});
  EXPECT_FALSE(is_legal(*l.state, "place e3/1"));
  EXPECT_TRUE(is_legal(*l.state, "place d2/0"));
}

// --- Seed 004, action 2: moving and rotating ---------------------------------------------------

TEST(HexabraeMovement, AlongTheLongAxisOverFreeFieldsAndRotation) {
  Loaded l = load(kBarBehindACornerContact);  // White d4 '|', Black d5 '/' below it (corner contact)
  EXPECT_TRUE(is_legal(*l.state, "d4-d3"));
  EXPECT_TRUE(is_legal(*l.state, "d4-d1"));     // any number of fields
  EXPECT_FALSE(is_legal(*l.state, "d4-d6"));    // d5 is in the way
  EXPECT_FALSE(is_legal(*l.state, "d4-d5"));    // occupied
  EXPECT_FALSE(is_legal(*l.state, "d4-e3"));    // not along the long axis
  EXPECT_FALSE(is_legal(*l.state, "d4-c4"));
  EXPECT_TRUE(is_legal(*l.state, "d4/0"));      // rotate
  EXPECT_TRUE(is_legal(*l.state, "d4/2"));
  EXPECT_FALSE(is_legal(*l.state, "d4/1"));     // a turn must change something
  EXPECT_TRUE(is_legal(*l.state, "d4-d2/0"));   // move, then rotate
  EXPECT_TRUE(is_legal(*l.state, "d4/0-e3"));   // rotate, then move along the new axis
  EXPECT_FALSE(is_legal(*l.state, "d4/0-d3"));  // the new axis does not point at d3
  EXPECT_FALSE(is_legal(*l.state, "d5-d6"));    // the opponent's piece
  EXPECT_FALSE(is_legal(*l.state, "pass"));     // passing only when nothing is possible
}

TEST(HexabraeRulings, PathJumpLetsAPiecePassOverOthers) {  // H-3
  EXPECT_FALSE(is_legal(*load(kBarBehindACornerContact).state, "d4-d6"));
  EXPECT_TRUE(is_legal(*load(kBarBehindACornerContact, {"path=jump"}).state, "d4-d6"));
}

TEST(HexabraeImmobilization, PartiallyImmobilizedMovesAwayFirstThenMayRotate) {
  Loaded l = load(kPartiallyImmobilized);  // White d4 '|' under Black d3 '|': short sides touch
  EXPECT_FALSE(is_legal(*l.state, "d4/0"));
  EXPECT_FALSE(is_legal(*l.state, "d4/2"));
  EXPECT_FALSE(is_legal(*l.state, "d4/0-e3"));
  EXPECT_FALSE(is_legal(*l.state, "d4-d2"));
  EXPECT_TRUE(is_legal(*l.state, "d4-d5"));
  EXPECT_TRUE(is_legal(*l.state, "d4-d7"));
  EXPECT_TRUE(is_legal(*l.state, "d4-d6/0"));
  EXPECT_NE(l.state->explain(l.state->parse_move("d4-d5")).find("partially immobilized"), std::string::npos);
  EXPECT_NE(l.state->explain_text("d4/0").find("Illegal: the piece is partially immobilized"), std::string::npos);
  EXPECT_THROW(l.state->explain_text("d4/7"), InputError);
}

TEST(HexabraeImmobilization, PartiallyImmobilizedMayNotJumpOverThePieceItTouches) {
  Loaded l = load(kPartiallyImmobilized, {"path=jump"});
  EXPECT_FALSE(is_legal(*l.state, "d4-d2"));
  EXPECT_TRUE(is_legal(*l.state, "d4-d6"));
}

TEST(HexabraeImmobilization, TotallyImmobilizedUntilANeighbourMovesAway) {
  Loaded l = load(kTotallyImmobilized);  // White d4 '|' between Black d3 and d5, both '|'
  std::vector<Move> moves;
  l.state->legal_moves(moves);
  for (Move m : moves) EXPECT_EQ(l.state->move_text(m).rfind("place", 0), 0u) << l.state->move_text(m);
  l.state->apply(l.state->parse_move("place a1/0"));
  l.state->apply(l.state->parse_move("d5-d7"));  // Black's piece moves directly away
  EXPECT_TRUE(is_legal(*l.state, "d4-d6"));
  EXPECT_FALSE(is_legal(*l.state, "d4/0"));  // still partially immobilized by d3
}

TEST(HexabraeRulings, ImmobilizationEachStepForbidsRotatingIntoAShortSideContact) {  // H-4
  // White d4 escapes from Black d3 toward d6, where it would touch Black d7 short side to short side.
  EXPECT_TRUE(is_legal(*load(kEscapeTowardAnotherShortSide).state, "d4-d6/0"));
  Loaded each = load(kEscapeTowardAnotherShortSide, {"immobilization=each-step"});
  EXPECT_FALSE(is_legal(*each.state, "d4-d6/0"));
  EXPECT_TRUE(is_legal(*each.state, "d4-d6"));
  EXPECT_TRUE(is_legal(*each.state, "d4-d5/0"));
}

// Issue 13 item 10: these refusals blamed an occupied field, though e4 and e3 are empty.
TEST(HexabraeRulings, EachStepRefusalsNameThePieceTouchedShortSideToShortSide) {
  Loaded l = load("hexabrae 4 Be2/1 We5/1 white 10 immobilization=each-step");
  for (const char* move : {"e5-e3/0", "e5-e3/2"}) {
    const std::string text = l.state->explain_text(move);
    EXPECT_NE(text.find("after the slide to e3 the piece touches e2 short side to short side, so it may not rotate"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("occupied"), std::string::npos) << text;
  }
  EXPECT_NE(l.state->explain_text("e5-e1").find("the field e2 on the way is occupied (path=clear)"), std::string::npos);
  EXPECT_TRUE(is_legal(*l.state, "e5-e3"));
}

// --- Seed 004: the end by enclosure (rules.md 4.5 shapes) ---------------------------------------

TEST(HexabraeEnclosure, SmallestValidEnclosureThreeBarsAroundAVertexWinsForTheMajority) {
  EXPECT_EQ(result_after(kMixedTriangleBeforeClosing, {}), "ongoing");
  EXPECT_EQ(result_after(kMixedTriangleBeforeClosing, {"e1-e3"}), "White wins");
  const Enclosure only = only_enclosure_after(kMixedTriangleBeforeClosing, {"e1-e3"});
  EXPECT_EQ(only.covered.count(), 3);
  EXPECT_EQ(only.pieces_of[0], 2);
  EXPECT_EQ(only.pieces_of[1], 1);
}

TEST(HexabraeEnclosure, SingleColourEnclosureIsNotValid) {
  EXPECT_EQ(result_after(kWhiteTriangleBeforeClosing, {"e1-e3"}), "ongoing");
  const Enclosure only = only_enclosure_after(kWhiteTriangleBeforeClosing, {"e1-e3"});
  EXPECT_FALSE(only.has_both_colours());
  EXPECT_TRUE(only.has_enough_fields());
}

TEST(HexabraeEnclosure, SixBarsPointingAtOneFieldEncloseOneFieldOnlyAndAreNotValid) {
  EXPECT_EQ(result_after(kFiveBarsPointingAtD4, {"d7-d5"}), "ongoing");
  const Enclosure only = only_enclosure_after(kFiveBarsPointingAtD4, {"d7-d5"});
  EXPECT_EQ(only.covered.count(), 1);
  EXPECT_EQ(only.pieces.count(), 6);
  EXPECT_TRUE(only.has_both_colours());
  EXPECT_FALSE(only.valid());
}

TEST(HexabraeEnclosure, ThreeBarsAroundOneApexTriangleEncloseOneFieldOnly) {
  // rules.md 4.5: some 3-bar corners enclose a single apex triangle (of c4 here): not valid.
  const char* kCornerBeforeClosing = R"(
a  b  c  d  e  f  g
         .
      .     .
   .     .     .
.     .     .     .
   .     .     .
.     W|    W/    .
   .     .     .
.     B\    .     .
   .     .     .
.     .     .     .
   .     .     .
      .     .
         .
White to move, ply 6
)";
  EXPECT_EQ(result_after(kCornerBeforeClosing, {"e3-d4"}), "ongoing");
  const Enclosure only = only_enclosure_after(kCornerBeforeClosing, {"e3-d4"});
  EXPECT_EQ(only.covered.count(), 1);
  EXPECT_EQ(only.pieces.count(), 3);
  EXPECT_TRUE(only.has_both_colours());
}

TEST(HexabraeEnclosure, TiedEnclosureLetsPlayContinue) {
  EXPECT_EQ(result_after(kTieRingBeforeClosing, {"e3-d4"}), "ongoing");
  const Enclosure only = only_enclosure_after(kTieRingBeforeClosing, {"e3-d4"});
  EXPECT_TRUE(only.valid());
  EXPECT_EQ(only.covered.count(), 4);
  EXPECT_EQ(only.majority(), -1);
}

TEST(HexabraeEnclosure, TwoEnclosuresAtOnceBothWonByWhite) {
  EXPECT_EQ(result_after(kTwoTrianglesWhiteWhite, {"e4-d4"}), "White wins");
  EXPECT_EQ(enclosures_after(kTwoTrianglesWhiteWhite, {"e4-d4"}).size, 2);
}

TEST(HexabraeEnclosure, TwoEnclosuresAtOnceOneEachLetPlayContinue) {
  EXPECT_EQ(result_after(kTwoTrianglesWhiteBlack, {"e4-d4"}), "ongoing");
}

TEST(HexabraeEnclosure, ExplainNamesFieldsPiecesValidityAndVerdict) {
  Loaded l = load(kMixedTriangleBeforeClosing);
  const std::string text = l.state->explain(l.state->parse_move("e1-e3"));
  for (const char* part : {"corner to corner with White d3/0", "corner to corner with Black d4/2",
                           "Enclosure made: covers 3 field(s): d3 d4 e3", "White 2, Black 1", "valid, majority White",
                           "Verdict: White wins"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
  Loaded six = load(kFiveBarsPointingAtD4);
  EXPECT_NE(six.state->explain(six.state->parse_move("d7-d5")).find("not valid (covers fewer than 3 fields)"),
            std::string::npos);
}

// --- Rulings: a position for each where the alternatives differ ----------------------------------

TEST(HexabraeRulings, RimWallLetsTheRimCloseAnEnclosure) {  // H-1
  EXPECT_EQ(result_after(kRimCornerBeforeClosing, {"b3-a2"}), "ongoing");
  EXPECT_EQ(result_after(kRimCornerBeforeClosing, {"b3-a2"}, {"rim=wall"}), "White wins");
}

TEST(HexabraeRulings, RepetitionThirdOccurrenceDraws) {  // H-5a
  const std::vector<std::string> cycle = {"c3/0", "a1/0", "c3/1", "a1/1", "c3/0", "a1/0", "c3/1", "a1/1"};
  EXPECT_EQ(result_after(kTwoRotatingBars, cycle), "draw");
  EXPECT_EQ(result_after(kTwoRotatingBars, {cycle.begin(), cycle.end() - 1}), "ongoing");
  EXPECT_EQ(result_after(kTwoRotatingBars, cycle, {"repetition=off"}), "ongoing");
}

TEST(HexabraeRulings, PlyCapEndsTheGameAsADraw) {  // H-5b
  std::string at298 = kTwoRotatingBars;  // White moves at even plies
  at298.replace(at298.find("ply 2"), 5, "ply 298");
  EXPECT_EQ(result_after(at298, {"c3/0"}), "ongoing");
  EXPECT_EQ(result_after(at298, {"c3/0", "a1/0"}), "draw");
  EXPECT_EQ(result_after(at298, {"c3/0", "a1/0"}, {"ply-cap=1000"}), "ongoing");
  EXPECT_THROW(load(at298, {"ply-cap=200"}), InputError);
  EXPECT_EQ(make_game(hexabrae_game(), 0, {"ply-cap=200"})->max_plies(), 200);
}

TEST(HexabraeRulings, NoActionPassesOrLoses) {  // H-6
  Loaded l = load(kFullBoardAllStuck);  // every piece stuck, no free field
  std::vector<Move> moves;
  l.state->legal_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(l.state->move_text(moves[0]), "pass");
  l.state->apply(moves[0]);
  EXPECT_EQ(outcome_text(hexabrae_game(), l.state->outcome()), "ongoing");
  EXPECT_EQ(result_after(kFullBoardAllStuck, {"pass", "pass"}), "draw");  // two passes in a row
  EXPECT_EQ(outcome_text(hexabrae_game(), load(kFullBoardAllStuck, {"no-action=lose"}).state->outcome()), "Black wins");
}

TEST(HexabraeRulings, EnclosureOwnerWinsEvenWhenTheOpponentMadeIt) {  // H-7a
  EXPECT_EQ(result_after(kBlackClosesWhiteTriangle, {"e1-e3"}), "White wins");
  EXPECT_EQ(result_after(kBlackClosesWhiteTriangle, {"e1-e3"}, {"enclosure-owner=mover-only"}), "ongoing");
}

TEST(HexabraeRulings, EnclosuresCountedMadeOrAllDifferWhenHalfIsNeeded) {  // H-7b
  // The tied ring d4 d5 e4 e5 is already there; c6-d6 makes the triangle c5 d5 d6 for White.
  EXPECT_EQ(result_after(kTieRingThenTriangle, {"c6-d6"}), "White wins");
  EXPECT_EQ(result_after(kTieRingThenTriangle, {"c6-d6"}, {"enclosures-counted=all"}), "White wins");
  EXPECT_EQ(result_after(kTieRingThenTriangle, {"c6-d6"}, {"enclosure-majority=half"}), "White wins");
  EXPECT_EQ(result_after(kTieRingThenTriangle, {"c6-d6"}, {"enclosure-majority=half", "enclosures-counted=all"}),
            "ongoing");
}

TEST(HexabraeRulings, IslandsInsideAnEnclosure) {  // H-8
  // A tied ring of twelve (6 + 6); Black places a loose piece in the middle.
  EXPECT_EQ(result_after(kTwelveBarRingTied, {"place e5/0"}), "ongoing");
  EXPECT_EQ(result_after(kTwelveBarRingTied, {"place e5/0"}, {"islands=included"}), "Black wins");
}

TEST(HexabraeRulings, SpursTouchingTheRingFromInside) {  // H-8b
  // The tied ring of twelve with a loose White piece at e5; e5-e4 makes it touch Black d3 and e3
  // at their shared corner from inside, facing only the enclosed region.
  const char* kTwelveBarRingWithLooseWhite = R"(
a  b  c  d  e  f  g  h  i
            .
         .     .
      .     .     .
   .     .     .     .
.     .     B/    .     .
   .     B/    B|    .
.     W/    .     B/    .
   .     .     .     .
.     B|    W|    W|    .
   .     .     .     .
.     W/    .     B/    .
   .     W|    W/    .
.     .     W/    .     .
   .     .     .     .
      .     .     .
         .     .
            .
White to move, ply 22
)";
  EXPECT_EQ(result_after(kTwelveBarRingWithLooseWhite, {"e5-e4"}), "White wins");
  EXPECT_EQ(result_after(kTwelveBarRingWithLooseWhite, {"e5-e4"}, {"spurs=excluded"}), "ongoing");
}

TEST(HexabraeRulings, MajorityOfEnclosuresMoreOrHalf) {  // H-9
  // c4-d5 closes the tied ring d4 d5 e4 e5 and White's triangle c5 d5 d6 at once: 1 won, 1 tied.
  EXPECT_EQ(result_after(kTieRingAndTriangleBeforeClosing, {"c4-d5"}), "White wins");
  EXPECT_EQ(result_after(kTieRingAndTriangleBeforeClosing, {"c4-d5"}, {"enclosure-majority=half"}), "ongoing");
}

TEST(HexabraeRulings, OrientationNumbersOnlyRelabel) {  // H-10: provably equivalent, only the labels differ
  auto axial = make_game(hexabrae_game(), 3);
  auto clock = make_game(hexabrae_game(), 3, {"orientation-numbers=clock"});
  auto a = axial->initial_state();
  auto c = clock->initial_state();
  a->apply(a->parse_move("place d4/0"));  // '/' in axial numbers
  c->apply(c->parse_move("place d4/2"));  // '/' in clock numbers
  EXPECT_EQ(a->diagram(), c->diagram());
  EXPECT_EQ(c->line(), "hexabrae 3 Wd4/2 black 1 orientation-numbers=clock");
  Rng rng(7);
  std::vector<Move> moves;
  while (!a->is_terminal()) {
    moves.clear();
    a->legal_moves(moves);
    const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    const std::string text = a->move_text(m);
    a->apply(m);
    // Translate the orientation label: axial 0 1 2 is clock 2 1 3.
    std::string translated = text;
    const auto slash = translated.find('/');
    if (slash != std::string::npos) {
      const char label = translated[slash + 1];
      translated[slash + 1] = label == '0' ? '2' : label == '1' ? '1' : '3';
    }
    c->apply(c->parse_move(translated));
    auto board_only = [](const std::string& diagram) { return diagram.substr(0, diagram.find(", history")); };
    ASSERT_EQ(board_only(a->diagram()), board_only(c->diagram()));
  }
  EXPECT_EQ(a->outcome(), c->outcome());
}

// --- Issue 13 item 13: readings the text leaves open about whose pieces, rotation and size -------

TEST(HexabraeRulings, PiecesAnyLetsAPlayerTurnTheOpponentsPiece) {  // H-11
  // White to move; Black's d5 '/' touches White's d4 '|' at a corner only, so it is free to turn.
  EXPECT_FALSE(is_legal(*load(kBarBehindACornerContact).state, "d5/1"));
  Loaded any = load(kBarBehindACornerContact, {"pieces=any"});
  EXPECT_TRUE(is_legal(*any.state, "d5/1"));
  EXPECT_NE(any.state->explain_text("d5/1").find("is Black's; it keeps its colour"), std::string::npos);
  any.state->apply(any.state->parse_move("d5/1"));
  const HexabraeState& s = hexabrae_state(*any.state);
  const std::int8_t turned = s.position().cells[static_cast<std::size_t>(s.board().parse_field("d5"))];
  EXPECT_EQ(colour_of(turned), 1);  // still Black's piece, now '|'
  EXPECT_EQ(orientation_of(turned), 1);
  EXPECT_EQ(any.state->side_to_move(), 1);
  EXPECT_NE(load(kBarBehindACornerContact).state->explain_text("d5/1").find("pieces=own"), std::string::npos);
}

TEST(HexabraeRulings, RotationSweptIsBlockedByABarWhoseShortSideLiesOnASweptEdge) {  // H-12
  // White d4 '|' turning to '/' sweeps the edges of its short sides old (D1, D4) and new (D0, D3);
  // a Black '/' on the D0 neighbour has its short side on that edge. Turning to '\' sweeps D2 and
  // D5 instead, which no bar covers.
  const HexBoard& board = HexBoard::of(4);
  const std::string toward = board.name(board.neighbour(board.parse_field("d4"), 0));
  const std::string away = board.name(board.neighbour(board.parse_field("d4"), 3));
  const std::string text = "hexabrae 4 Wd4/1 B" + toward + "/0 white 10";
  Loaded free_turn = load(text);
  EXPECT_TRUE(is_legal(*free_turn.state, "d4/0"));
  EXPECT_TRUE(is_legal(*free_turn.state, "d4/2"));
  EXPECT_TRUE(is_legal(*free_turn.state, "d4/0-" + away));
  Loaded swept = load(text, {"rotation=swept"});
  EXPECT_FALSE(is_legal(*swept.state, "d4/0"));
  EXPECT_FALSE(is_legal(*swept.state, "d4/0-" + away));  // a slide after the blocked turn goes too
  EXPECT_TRUE(is_legal(*swept.state, "d4/2"));
  EXPECT_TRUE(is_legal(*swept.state, "d4-d2/0"));  // turned away from the blocking bar
  EXPECT_NE(swept.state->explain_text("d4/0").find("sweep through the bar on " + toward), std::string::npos);
}

TEST(HexabraeRulings, EnclosureSizeAreaNeedsTheAreaOfThreeFields) {  // H-13
  // Three bars around a vertex touch 3 fields but enclose three apex triangles: half a field.
  EXPECT_EQ(result_after(kMixedTriangleBeforeClosing, {"e1-e3"}), "White wins");
  EXPECT_EQ(result_after(kMixedTriangleBeforeClosing, {"e1-e3"}, {"enclosure-size=area"}), "ongoing");
  const Enclosure only = only_enclosure_after(kMixedTriangleBeforeClosing, {"e1-e3"});
  EXPECT_EQ(only.area, 3);
  // The twelve-bar ring encloses more than three fields' area: valid under both readings.
  Loaded ring = load(kTwelveBarRingTied, {"enclosure-size=area"});
  const HexabraeState& s = hexabrae_state(*ring.state);
  EnclosureList ring_list;
  find_enclosures(s.board(), s.position().cells, s.rules().enclosure_rules(), ring_list);
  ASSERT_GE(ring_list.size, 1);
  EXPECT_GE(ring_list.items[0].area, 3 * kFieldArea);
  EXPECT_TRUE(ring_list.items[0].valid());
}

// Issue 13 item 9: `moves --why` lists the refused candidates with parse_move's reason.
TEST(HexabraeExplain, CandidateMovesHoldEveryLegalMoveAndTheRefusedOnes) {
  Loaded l = load(kPartiallyImmobilized);  // White d4 '|' under Black d3 '|'
  const std::vector<std::string> candidates = l.state->candidate_moves();
  std::vector<Move> legal;
  l.state->legal_moves(legal);
  for (Move m : legal) {
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), l.state->move_text(m)), candidates.end()) << l.state->move_text(m);
  }
  EXPECT_GT(candidates.size(), legal.size());
  ASSERT_NE(std::find(candidates.begin(), candidates.end(), "d4/0"), candidates.end());
  try {
    l.state->parse_move("d4/0");
    ADD_FAILURE() << "d4/0 is legal";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("partially immobilized"), std::string::npos) << error.what();
  }
}

// parse_move's refusal of `move`, "illegal move '...': <reason>", or "accepted".
std::string refusal(const State& state, const std::string& move) {
  try {
    state.parse_move(move);
  } catch (const InputError& error) {
    return error.what();
  }
  return "accepted";
}

// Session 49: a partially immobilized piece that moved directly away was refused for its
// immobilization whenever something else stopped it (here e6 in its way).
TEST(HexabraeExplain, APartiallyImmobilizedPieceMovingAwayIsRefusedForWhatStopsIt) {
  Loaded l = load("hexabrae 4 Ba1/1 Be4/1 We5/1 Be6/0 Wi5/1 white 6");  // White e5 '|' touches Black e4 '|'
  for (const std::string move : {"e5-e7", "e5-e8", "e5-e9"}) {
    EXPECT_EQ(refusal(*l.state, move), "illegal move '" + move + "': the field e6 on the way is occupied (path=clear)");
  }
  EXPECT_EQ(refusal(*l.state, "e5-e3"),
            "illegal move 'e5-e3': a partially immobilized piece may only move directly away from the piece it touches (e4)");
  EXPECT_EQ(refusal(*l.state, "e5-e4"), "illegal move 'e5-e4': the destination e4 is not free");
  // Under each-step the piece escaping from e4 to e8 meets e9 short side to short side there.
  Loaded each = load("hexabrae 4 Be4/1 We5/1 We9/1 white 4", {"immobilization=each-step"});
  EXPECT_EQ(refusal(*each.state, "e5-e8/0"),
            "illegal move 'e5-e8/0': after the slide to e8 the piece touches e9 short side to short side, so it may not "
            "rotate there (immobilization=each-step)");
  EXPECT_TRUE(is_legal(*each.state, "e5-e8"));
  EXPECT_TRUE(is_legal(*each.state, "e5-e7/0"));
}

// Under each-step a turn that makes a short-side contact forbids only the slide toward it; a slide
// away whose turn is swept through a bar is refused for the sweep.
TEST(HexabraeExplain, EachStepRefusesOnlyTheSlideTowardTheContactMadeByTheTurn) {
  const HexBoard& board = HexBoard::of(4);
  const int d4 = board.parse_field("d4");
  const std::string toward = board.name(board.neighbour(d4, 0));  // a Black '/' there touches a d4 '/' short side to short side
  const std::string beyond = board.name(board.neighbour(board.neighbour(d4, 0), 0));
  const std::string away = board.name(board.neighbour(d4, 3));
  const std::string text = "hexabrae 4 Wd4/1 B" + toward + "/0 white 10";
  Loaded each = load(text, {"immobilization=each-step", "path=jump"});
  EXPECT_TRUE(is_legal(*each.state, "d4/0-" + away));
  EXPECT_EQ(refusal(*each.state, "d4/0-" + beyond),
            "illegal move 'd4/0-" + beyond + "': after turning on d4 the piece touches " + toward +
                " short side to short side, so it may only move directly away from it (immobilization=each-step)");
  Loaded swept = load(text, {"immobilization=each-step", "rotation=swept"});
  EXPECT_EQ(refusal(*swept.state, "d4/0-" + away),
            "illegal move 'd4/0-" + away + "': turning on d4 the piece would sweep through the bar on " + toward +
                ", whose short side lies on an edge it sweeps (rotation=swept)");
}

// Session 49: a move to its own field was refused as not along the long axis.
TEST(HexabraeExplain, AMoveOfNoLengthIsRefusedAsSuch) {
  Loaded l = load("hexabrae 4 We5/1 Bi5/0 white 2");
  EXPECT_EQ(refusal(*l.state, "e5-e5"), "illegal move 'e5-e5': the piece would start and end on e5: a move must go at least one field");
  EXPECT_EQ(refusal(*l.state, "e5-e5/0"),
            "illegal move 'e5-e5/0': the piece would start and end on e5: a move must go at least one field (a turn on the "
            "spot is written e5/0)");
  EXPECT_EQ(refusal(*l.state, "e5/2-e5"),
            "illegal move 'e5/2-e5': the piece would start and end on e5: a move must go at least one field (a turn on the "
            "spot is written e5/2)");
}

// Session 49: a refused placement said which piece it would touch but not how.
TEST(HexabraeExplain, ARefusedPlacementSaysHowItWouldTouch) {
  Loaded l = load("hexabrae 4 We5/1 black 1");
  EXPECT_EQ(refusal(*l.state, "place e4/1"),
            "illegal move 'place e4/1': the piece would touch the piece on e5 short side to short side (a placed piece may "
            "touch none)");
  EXPECT_EQ(refusal(*l.state, "place e4/0"),
            "illegal move 'place e4/0': the piece would touch the piece on e5 corner to corner (a placed piece may touch none)");
  EXPECT_TRUE(is_legal(*l.state, "place d4/1"));  // beside e5, parallel to it: no contact
  Loaded adjacent = load("hexabrae 4 We5/1 black 1", {"touch=adjacent"});
  EXPECT_EQ(refusal(*adjacent.state, "place d4/1"),
            "illegal move 'place d4/1': the piece would stand next to the piece on e5 (it would not touch it, but under "
            "touch=adjacent a placed piece may not even have a neighbour)");
}

}  // namespace
}  // namespace arbiter::hexabrae

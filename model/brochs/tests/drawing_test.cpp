// Pictures: the status under the board says why a finished game ended, whichever way it did, a key
// says what keeps, the main piece and the central cross look like, and the last move's marks show
// where its piece came from and what it captured.
#include <algorithm>
#include <cmath>

#include "model/brochs/tests/fixtures.hpp"
#include "puzzles/diagram.hpp"

namespace arbiter::brochs::testing {
namespace {

// A 7x7 position (keeps b2, f2, b6, f6) with Black pieces on `black`, White ones on `white`.
std::unique_ptr<BrochsState> staged(const std::vector<std::string>& rulings, const std::vector<std::string>& black,
                                    const std::vector<std::string>& white, int reserve, int ply, int passes, bool repeated) {
  auto s = std::make_unique<BrochsState>(rules_for(7, rulings));
  for (const std::string& square : black) s->put(cell(*s, square), Black);
  for (const std::string& square : white) s->put(cell(*s, square), White);
  s->set_reserve(reserve, false);
  s->set_turn(kWhiteSide, ply, passes, false, repeated);
  s->finish_setup();
  return s;
}

TEST(Picture, TheStatusOfAFinishedGameSaysWhyItEnded) {
  const std::vector<std::string> white = {"d6", "e7"};
  struct Ending {
    std::unique_ptr<BrochsState> state;
    std::string status;
  };
  std::vector<Ending> endings;
  endings.push_back({staged({}, {"b2", "f2", "b6", "f6"}, white, 0, 30, 0, false), "Black wins, all four keeps held"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 1, 30, 0, false), "White wins, Black has 3 pieces left"});
  endings.push_back({staged({"end=keeps-main"}, {"a1", "c1"}, white, 4, 30, 0, false), "White wins, main piece captured"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 4, 30, 2, false), "White wins, two passes"});
  endings.push_back({staged({"end=keeps-draw"}, {"a1", "c1"}, white, 4, 30, 0, true), "Draw, repetition"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 4, 400, 0, false), "White wins, ply cap 400"});
  endings.push_back({staged({"ply-cap=200"}, {"a1", "c1"}, white, 4, 200, 1, false), "White wins, ply cap 200"});
  for (const Ending& e : endings) {
    ASSERT_TRUE(e.state->is_terminal()) << e.status;
    EXPECT_EQ(puzzles::side_status(descriptor(), *e.state), e.status) << e.state->diagram();
  }
  // A game that goes on keeps its notes.
  const auto going = staged({}, {"a1", "c1"}, white, 4, 30, 1, false);
  EXPECT_EQ(puzzles::side_status(descriptor(), *going), "White to move, passes 1");
}

// A picture's title (an SVG's <title>, a PDF's Title) says whose turn it is or the result, as the
// diagram's status line does: it said only "Brochs 7x7", before and after a win.
TEST(Picture, TheTitleSaysTheTurnOrTheResult) {
  const std::vector<std::string> white = {"d6", "e7"};
  const auto won = staged({}, {"a1", "c1"}, white, 1, 30, 0, false);
  ASSERT_TRUE(won->is_terminal());
  EXPECT_EQ(won->drawing().title, "Brochs 7x7: White wins, Black has 3 pieces left, ply 30, reserve 1, passes 0, White would move next");
  const auto going = staged({}, {"a1", "c1"}, white, 4, 30, 1, false);
  EXPECT_EQ(going->drawing().title, "Brochs 7x7: White to move, ply 30, reserve 4, passes 1");
  const std::string diagram = going->diagram();
  EXPECT_NE(diagram.find("\n" + going->status_text() + "\n"), std::string::npos) << diagram;
  EXPECT_EQ(start(9, {})->drawing().title.substr(0, 23), "Brochs 9x9: Black to mo");
}

// Every game of random play ends with one reason in its picture's status, the one its verdict gives.
TEST(Picture, EveryRandomGameEndsWithItsReason) {
  Rng rng(19);
  for (const auto& rulings : std::vector<std::vector<std::string>>{{}, {"end=keeps-main", "ply-cap=200"}, {"end=keeps-draw"}}) {
    for (int game = 0; game < 12 / kScale + 1; ++game) {
      auto s = start(7 + 2 * (game % 3), rulings);
      while (!s->is_terminal()) s->apply(s->random_move(rng));
      const std::vector<std::string> notes = s->status_notes();
      ASSERT_EQ(notes.size(), 1u) << s->diagram();
      EXPECT_FALSE(notes[0].empty()) << s->diagram();
      EXPECT_NE(puzzles::side_status(descriptor(), *s).find(", " + notes[0]), std::string::npos);
    }
  }
}


// The key under the picture (laid out by the generic diagram) names keeps, the main piece and the
// central cross, and its swatches are not drawn on the board.
TEST(Picture, TheKeyNamesKeepsTheMainPieceAndTheCross) {
  for (const int size : {7, 15}) {
    const auto s = start(size, {"start=north-row"});
    const Drawing d = s->drawing();
    std::vector<std::string> words;
    for (const KeyEntry& entry : d.key) {
      words.push_back(entry.words);
      EXPECT_FALSE(entry.swatch.empty()) << entry.words;
    }
    EXPECT_EQ(words, (std::vector<std::string>{"keep", "main piece", "central cross"}));
    const auto main_rings = std::count_if(d.shapes.begin(), d.shapes.end(), [](const Shape& shape) { return shape.role == "main"; });
    EXPECT_EQ(main_rings, 2);  // the main piece on the board: its stone and its gold ring
  }
}

// The key names the main piece only while it stands on the board: in the reserve (or captured)
// its entry named a mark the picture did not show.
TEST(Picture, TheKeyNamesTheMainPieceOnlyWhenItIsDrawn) {
  const auto reserved = load("brochs 7 ...+.../.#.+.#./...+.../+++++++/...+.../.#.+.#./B.B+.W. black 20 2+S 0");
  ASSERT_TRUE(reserved->main_in_reserve());
  const Drawing d = reserved->drawing();
  std::vector<std::string> words;
  for (const KeyEntry& entry : d.key) words.push_back(entry.words);
  EXPECT_EQ(words, (std::vector<std::string>{"keep", "central cross"}));
  EXPECT_EQ(std::count_if(d.shapes.begin(), d.shapes.end(), [](const Shape& shape) { return shape.role == "main"; }), 0);
}

// A curse is made by the keep across the board: the trace names that keep, the picture outlines
// it and draws a line from it to the cursed square, and the key says what it is; the last move's
// ring goes round the cross on the cursed piece (inside it, the cross's strokes hid it).
TEST(Picture, ACurseShowsTheKeepThatMadeItAndARingRoundItsCross) {
  const std::string position = "brochs 7 ...+.../.s.+.b./...+.../+++++B+/...+.../.b.+.w./...+.W. black 102 0 0 since:g6-f6";
  const auto s = load(position);
  const auto centre = [&](const std::string& square) { return *s->move_anchor(make_move(MoveKind::Set, 0, cell(*s, square))); };
  const MoveTrace trace = s->move_trace(s->parse_move("curse f6"));
  ASSERT_TRUE(trace.source);
  EXPECT_EQ(trace.source->x, centre("b2").x);
  EXPECT_EQ(trace.source->y, centre("b2").y);
  EXPECT_EQ(trace.source_words, "cursing keep");
  EXPECT_FALSE(trace.origin);
  ASSERT_EQ(trace.removed.size(), 1u);
  EXPECT_FALSE(s->move_trace(s->parse_move("b2-c2")).source) << "a step is made by the piece that moves";

  const puzzles::PlayedLine line = puzzles::play_line(*s, {"curse f6"});
  puzzles::Decorations decorations;
  decorations.last_move = line.last_anchor;
  decorations.last_trace = line.last_trace;
  const Drawing drawn = puzzles::decorate(line.end->drawing(), decorations);
  double ring = 0, cross_reach = 0;
  int source_shapes = 0;
  std::vector<std::string> key;
  for (const Shape& shape : drawn.shapes) {
    if (shape.role == "last-move") ring = shape.radius - shape.stroke_width / 2;
    if (shape.role == "last-move-removed") {
      for (const auto& [x, y] : shape.points) {
        cross_reach = std::max(cross_reach, std::hypot(x - centre("f6").x, y - centre("f6").y) + shape.stroke_width / 2);
      }
    }
    if (shape.role == "last-move-source") ++source_shapes;
    if (shape.role == "key") key.push_back(shape.text);
  }
  EXPECT_GT(ring, cross_reach) << "the ring's inside at " << ring << ", the cross reaches " << cross_reach;
  EXPECT_EQ(source_shapes, 2) << "the keep's outline and the line to f6";
  EXPECT_EQ(key, (std::vector<std::string>{"keep", "main piece", "central cross", "last move", "cursing keep", "captured"}));
}

// The last move's ring on the main piece stays clear of its gold ring (inside it, the two rings
// touched and the red one was hard to see).
TEST(Picture, TheLastMovesRingOnTheMainPieceStandsClearOfItsGoldRing) {
  const auto s = load("brochs 7 ...+.../.#.+.#./...+.../+++++++/...+.../.#.+.#./B.B+.W. black 20 2+S 0");
  const puzzles::PlayedLine line = puzzles::play_line(*s, {"set main a1"});
  puzzles::Decorations decorations;
  decorations.last_move = line.last_anchor;
  const Drawing drawn = puzzles::decorate(line.end->drawing(), decorations);
  const Shape* ring = nullptr;
  const Shape* gold = nullptr;
  for (const Shape& shape : drawn.shapes) {
    if (shape.role == "last-move") ring = &shape;
    if (shape.role == "main" && shape.fill == "none") gold = &shape;
  }
  ASSERT_TRUE(ring && gold);
  EXPECT_EQ(ring->points, gold->points);
  const double gap = (gold->radius - gold->stroke_width / 2) - (ring->radius + ring->stroke_width / 2);
  EXPECT_GE(gap, ring->stroke_width / 2) << "the gold ring's inside at " << gold->radius - gold->stroke_width / 2;
}

// An empty keep is a marked square of the board, nothing round: a ring on it read as a third kind
// of piece. It is hatched (lines) and outlined, and the key calls it "keep".
TEST(Picture, AnEmptyKeepIsAMarkedSquareNotAPiece) {
  const auto s = start(7, {});
  const Drawing d = s->drawing();
  int hatching = 0;
  for (const Shape& shape : d.shapes) {
    if (shape.role != "keep") continue;
    EXPECT_NE(shape.kind, Shape::Kind::Circle) << "a round shape on a keep reads as a piece";
    hatching += shape.kind == Shape::Kind::Line;
  }
  EXPECT_GE(hatching, 4 * 5) << "each of the four keeps hatched";
  for (const Shape& shape : d.shapes) {
    if (shape.kind != Shape::Kind::Circle) continue;
    EXPECT_TRUE(shape.role == "white" || shape.role == "black" || shape.role == "main" || shape.role == "cross")
        << "a disc that is no piece: " << shape.role;
  }
}

// The last move's trace: a step names the square it left and each piece it captured, a setting
// only its captures, a curse the piece it removes; the diagram marks them and its key says so.
TEST(Picture, TheLastMovesTraceShowsWhereItCameFromAndWhatItCaptured) {
  // b3 between a3 and c3 once c1-c3 is played (C1); keeps b2, f2, b6, f6.
  const auto s = staged({}, {"b3", "a7", "g7", "g1"}, {"a3", "c1"}, 4, 30, 0, false);
  const auto centre = [&](const std::string& square) { return s->move_anchor(make_move(MoveKind::Set, 0, cell(*s, square))); };
  const Move step = s->parse_move("c1-c3");
  const MoveTrace trace = s->move_trace(step);
  ASSERT_TRUE(trace.origin);
  EXPECT_EQ(trace.origin->x, centre("c1")->x);
  EXPECT_EQ(trace.origin->y, centre("c1")->y);
  ASSERT_EQ(trace.removed.size(), 1u);
  EXPECT_EQ(trace.removed[0].x, centre("b3")->x);
  EXPECT_EQ(trace.removed[0].y, centre("b3")->y);
  EXPECT_TRUE(s->move_trace(s->parse_move("c1-c2")).origin.has_value());
  EXPECT_TRUE(s->move_trace(s->parse_move("c1-c2")).removed.empty());

  const puzzles::PlayedLine line = puzzles::play_line(*s, {"c1-c3"});
  puzzles::Decorations decorations;
  decorations.last_move = line.last_anchor;
  decorations.last_trace = line.last_trace;
  const Drawing drawn = puzzles::decorate(line.end->drawing(), decorations);
  const auto count = [&](const std::string& role) {
    return std::count_if(drawn.shapes.begin(), drawn.shapes.end(), [&](const Shape& shape) { return shape.role == role; });
  };
  EXPECT_EQ(count("last-move"), 1);
  EXPECT_EQ(count("last-move-origin"), 1);
  EXPECT_EQ(count("last-move-removed"), 2);  // one cross, two strokes
  // The marks meet WCAG's 3:1 for graphics: the "came from" square has a dark red outline (its faint
  // red alone stood 1.71:1 against a square), and the cross lies on a white band, wider than its
  // strokes (plain red on a black piece is dark in grey).
  for (const Shape& shape : drawn.shapes) {
    if (shape.role == "last-move-origin") {
      EXPECT_EQ(shape.stroke, "#a01818");
      EXPECT_GT(shape.stroke_width, 0);
    }
  }
  EXPECT_EQ(count("last-move-removed-band"), 2);
  for (std::size_t i = 0; i < drawn.shapes.size(); ++i) {
    if (drawn.shapes[i].role != "last-move-removed") continue;
    const auto band = std::find_if(drawn.shapes.begin(), drawn.shapes.begin() + static_cast<std::ptrdiff_t>(i), [&](const Shape& b) {
      return b.role == "last-move-removed-band" && b.points == drawn.shapes[i].points;
    });
    ASSERT_NE(band, drawn.shapes.begin() + static_cast<std::ptrdiff_t>(i)) << "a band under the stroke";
    EXPECT_EQ(band->stroke, "#ffffff");
    EXPECT_GT(band->stroke_width, 1.5 * drawn.shapes[i].stroke_width);
  }
  std::vector<std::string> key;
  for (const Shape& shape : drawn.shapes) {
    if (shape.role == "key") key.push_back(shape.text);
  }
  EXPECT_EQ(key, (std::vector<std::string>{"keep", "central cross", "last move", "came from", "captured"}))
      << "no main piece is on the board";
}

}  // namespace
}  // namespace arbiter::brochs::testing

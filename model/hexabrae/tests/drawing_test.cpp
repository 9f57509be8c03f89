// Pictures: the status under the board says why a finished game ended (as Brochs's does), and
// the enclosure legend names only what the board shows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "model/hexabrae/engine.hpp"
#include "puzzles/diagram.hpp"
#include "tests/game_param.hpp"

namespace arbiter::hexabrae {
namespace {

std::unique_ptr<State> played(const Game& game, const std::string& position, const std::vector<std::string>& moves) {
  auto state = game.parse_position(position);
  for (const std::string& move : moves) state->apply(state->parse_move(move));
  return state;
}

std::string status(const State& state) { return puzzles::side_status(hexabrae_game(), state); }

// A bar sliding e5-e1 and back while the other turns i5 and back repeats the start every 4 plies.
const std::vector<std::string> kCycle = {"e5-e1", "i5/2", "e1-e5", "i5/0"};

TEST(HexabraePicture, TheStatusOfAFinishedGameSaysWhyItEnded) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto won = played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"});
  EXPECT_EQ(status(*won), "White wins, enclosure");
  std::vector<std::string> twice = kCycle;
  twice.insert(twice.end(), kCycle.begin(), kCycle.end());
  const auto repeated = played(*game, "hexabrae 4 We5/1 Bi5/0 white 2", twice);
  EXPECT_EQ(status(*repeated), "Draw, repetition");
  // Without the repetition rule the cycle runs into the ply cap.
  const auto capped_game = make_game(hexabrae_game(), 4, {"repetition=off", "ply-cap=200"});
  auto capped = capped_game->parse_position("hexabrae 4 We5/1 Bi5/0 white 2 repetition=off ply-cap=200");
  for (std::size_t i = 0; !capped->is_terminal(); ++i) capped->apply(capped->parse_move(kCycle[i % kCycle.size()]));
  EXPECT_EQ(capped->ply(), 200);
  EXPECT_EQ(status(*capped), "Draw, ply cap 200");
  // Reached by random play (enclosure-size=area, seed 5): Black could do nothing and passed, and
  // neither can White.
  const auto area_game = make_game(hexabrae_game(), 2, {"enclosure-size=area"});
  const auto passed = played(*area_game,
                             "hexabrae 2 Wa1/1 Wa2/1 Ba3/1 Wb1/0 Bb2/1 Bb3/1 Wb4/2 Wc1/0 Wc2/0 Wc3/2 Bc5/2 Wd1/0 Bd3/2 Be1/1 "
                             "Be2/1 Be3/1 white 188 passes:1 enclosure-size=area",
                             {"pass"});
  EXPECT_EQ(status(*passed), "Draw, two passes");
  // Under no-action=lose the side that can do nothing has lost (a game of seed 263 on radius 2).
  const auto lose_game = make_game(hexabrae_game(), 2, {"no-action=lose"});
  const auto stuck = played(*lose_game, "hexabrae 2 Wa1/2 Ba3/1 Wb2/2 Bb3/1 Bc1/1 Wc3/2 Bd3/0 Bd4/0 Be1/0 white 32 no-action=lose", {});
  EXPECT_EQ(status(*stuck), "Black wins, White cannot act");
  // A game that goes on keeps its notes.
  const auto going = played(*game, "hexabrae 4 We5/1 Bi5/0 white 2", {"e5-e1"});
  EXPECT_EQ(status(*going), "Black to move");
}

// Every game of random play ends with one reason in its picture's status.
TEST(HexabraePicture, EveryRandomGameEndsWithItsReason) {
  Rng rng(23);
  std::vector<Move> moves;
  for (const auto& rulings : std::vector<std::vector<std::string>>{{}, {"no-action=lose"}, {"enclosure-size=area"}, {"repetition=off", "ply-cap=200"}}) {
    const auto game = make_game(hexabrae_game(), 2, rulings);
    for (int g = 0; g < 12; ++g) {
      auto state = game->initial_state();
      while (!state->is_terminal()) {
        state->legal_moves(moves);
        state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
      const std::vector<std::string> notes = state->status_notes();
      ASSERT_EQ(notes.size(), 1u) << state->diagram();
      EXPECT_FALSE(notes[0].empty()) << state->diagram();
      EXPECT_NE(status(*state).find(", " + notes[0]), std::string::npos) << state->diagram();
    }
  }
}

// The key under the board lists the kinds of enclosure drawn on it, no others (all five always
// showed, shrinking the board beside its neighbours in a book); without an enclosure, none.
TEST(HexabraePicture, TheLegendNamesOnlyWhatTheBoardShows) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto legend = [](const State& state) {
    std::vector<std::string> words;
    for (const KeyEntry& entry : state.drawing().key) {
      if (entry.words.find(" reserve: ") == std::string::npos) words.push_back(entry.words);  // the reserves: see below
    }
    return words;
  };
  EXPECT_EQ(legend(*played(*game, "hexabrae 4 We5/1 Bi5/0 white 2", {})), std::vector<std::string>{});
  EXPECT_EQ(legend(*played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"})),
            (std::vector<std::string>{"enclosure, White majority", "field the enclosure covers"}));
  EXPECT_EQ(legend(*played(*game, "hexabrae 4 Ba1/0 We4/0 We5/2 Wf1/1 white 6", {"f1-f4"})),
            (std::vector<std::string>{"field the enclosure covers", "invalid (under 3 fields, or one colour)"}));
  EXPECT_EQ(legend(*played(*game, "hexabrae 4 Wd4/0 Bd5/2 Be4/2 Wf4/0 white 8", {"f4-e5"})),
            (std::vector<std::string>{"field the enclosure covers", "enclosure, tied"}));
  // The key is laid out under the picture by the generic diagram, at its status line's size (a
  // book prints that at 7.5 pt; drawn in the board's units it printed under 6 pt): the board's
  // own drawing is as tall with or without one.
  const Drawing bare = game->initial_state()->drawing();
  const Drawing with_legend = played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"})->drawing();
  EXPECT_EQ(bare.height, with_legend.height);
}

// While bars remain in reserve the key says how many each side has (a solution may place one, and
// a reader had to count the bars on the board against the 10 each: session 49); with all 20
// placed, nothing.
TEST(HexabraePicture, TheKeySaysEachSidesReserveWhileBarsRemain) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto reserves = [](const State& state) {
    std::vector<std::string> words;
    for (const KeyEntry& entry : state.drawing().key) {
      if (entry.words.find(" reserve: ") != std::string::npos) words.push_back(entry.words);
    }
    return words;
  };
  EXPECT_EQ(reserves(*game->initial_state()), (std::vector<std::string>{"White reserve: 10", "Black reserve: 10"}));
  EXPECT_EQ(reserves(*played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"})),
            (std::vector<std::string>{"White reserve: 8", "Black reserve: 9"}));
  // A tester's puzzle (its store's puzzle 1), every bar placed.
  const auto full = played(*game,
                           "hexabrae 4 Wa4/1 Wa5/2 Bb1/1 Wb6/2 Bc2/0 Bc3/2 Bc7/2 Wd1/1 Wd5/1 Bd7/2 Wd8/1 We4/1 Wg3/2 Bg5/1 "
                           "Bg7/0 Bh1/2 Bh2/1 Wh3/1 Bh4/2 Wi1/0 black 137",
                           {});
  EXPECT_EQ(reserves(*full), std::vector<std::string>{});
}

// A slide's trace names the field it left, a turn on the spot or a placement none (Hexabrae
// removes no pieces).
TEST(HexabraePicture, ASlidesTraceNamesTheFieldItLeft) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto state = played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {});
  const MoveTrace slide = state->move_trace(state->parse_move("f1-f4"));
  ASSERT_TRUE(slide.origin);
  const auto turn = state->parse_move("f1/2");
  EXPECT_EQ(slide.origin->x, state->move_anchor(turn)->x) << "a turn's anchor is its piece's field";
  EXPECT_EQ(slide.origin->y, state->move_anchor(turn)->y);
  EXPECT_TRUE(slide.removed.empty());
  EXPECT_FALSE(state->move_trace(turn).origin);
}

// Printed in grey, or seen by a reader blind to red and green, the board still tells its marks
// apart: a Black majority is hatched and a White one is not (their blue and purple fills printed
// as grey 169 and 184), and a covered field's outline is dashed and thicker than the fields'
// borders (thin and solid, it printed in their mid grey).
TEST(HexabraePicture, EnclosuresAndCoveredFieldsShowInGrey) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto lines_of = [](const Drawing& drawing, const std::string& role) {
    return std::count_if(drawing.shapes.begin(), drawing.shapes.end(),
                         [&](const Shape& s) { return s.role == role && s.kind == Shape::Kind::Line; });
  };
  const auto legend_of = [](const Drawing& drawing, const std::string& words) {
    const auto entry = std::find_if(drawing.key.begin(), drawing.key.end(), [&](const KeyEntry& e) { return e.words == words; });
    return entry == drawing.key.end() ? std::vector<Shape>{} : entry->swatch;
  };
  const Drawing white = played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {"f1-f4"})->drawing();
  const Drawing black = played(*game, "hexabrae 4 Be4/0 We5/2 Bf1/1 black 7", {"f1-f4"})->drawing();
  ASSERT_EQ(legend_of(white, "enclosure, White majority").size(), 1u);
  ASSERT_GT(legend_of(black, "enclosure, Black majority").size(), 2u) << "its swatch is hatched as the board is";
  EXPECT_EQ(lines_of(white, "enclosure"), 0);
  EXPECT_GT(lines_of(black, "enclosure"), 4);
  double border = 0;
  for (const Shape& s : white.shapes) {
    if (s.role == "field") border = s.stroke_width;
  }
  EXPECT_GT(lines_of(white, "covered-field"), 6) << "a dashed outline";
  for (const Shape& s : white.shapes) {
    if (s.role == "covered-field") {
      EXPECT_GE(s.stroke_width, 4 * border);
    }
  }
  EXPECT_GT(legend_of(white, "field the enclosure covers").size(), 4u) << "its swatch is dashed as the board's outline is";
  // Each dash on a white one twice as wide: the dark red alone stood 2.07:1 against a black bar.
  std::vector<const Shape*> dashes, bands;
  for (const Shape& s : white.shapes) {
    if (s.role == "covered-field") dashes.push_back(&s);
    if (s.role == "covered-field-band") bands.push_back(&s);
  }
  ASSERT_EQ(bands.size(), dashes.size());
  for (std::size_t i = 0; i < dashes.size(); ++i) {
    EXPECT_EQ(bands[i]->points, dashes[i]->points);
    EXPECT_EQ(bands[i]->stroke, "#ffffff");
    EXPECT_GE(bands[i]->stroke_width, 2 * dashes[i]->stroke_width);
  }
}

// A solution's number stands in a corner its bar leaves open: the field's name in the middle and
// the bar stay in sight (a disc in the middle hid both).
TEST(HexabraePicture, AMovesNumberLeavesItsBarAndNameInSight) {
  const auto game = make_game(hexabrae_game(), 4);
  const auto state = played(*game, "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6", {});
  for (const std::string move : {"f1-f4", "place a1/0", "place a1/1", "place a1/2", "f1/2", "f1-f4/2"}) {
    const auto at = state->move_anchor(state->parse_move(move));
    ASSERT_TRUE(at) << move;
    ASSERT_GT(at->number_room, 0) << move;
    auto after = state->clone();
    after->apply(after->parse_move(move));
    const Drawing drawing = after->drawing();
    const double x = at->x + at->number_dx, y = at->y + at->number_dy;
    // Off the name (0.3 units high, two characters) in the middle, in the field's corner (a
    // hexagon of side 1), with room for a 6 pt number in a book (0.45 on a radius-3 board).
    EXPECT_GT(std::hypot(x - at->x, y - at->y) - at->number_room, 0.35) << move;
    EXPECT_LT(std::hypot(x - at->x, y - at->y), 0.95) << move;
    EXPECT_GE(at->number_room, 0.46) << move;
    // Off the bars: its centre outside each, and at most a quarter of it over one.
    for (const Shape& bar : drawing.shapes) {
      if (bar.role != "white-piece" && bar.role != "black-piece") continue;
      double nearest = 1e9;
      bool left = true, right = true;
      for (std::size_t i = 0; i < bar.points.size(); ++i) {
        const auto [x0, y0] = bar.points[i];
        const auto [x1, y1] = bar.points[(i + 1) % bar.points.size()];
        const double length = std::hypot(x1 - x0, y1 - y0);
        const double t = std::clamp(((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / (length * length), 0.0, 1.0);
        nearest = std::min(nearest, std::hypot(x - x0 - t * (x1 - x0), y - y0 - t * (y1 - y0)));
        const double cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
        left = left && cross > 0;
        right = right && cross < 0;
      }
      EXPECT_FALSE(left || right) << move;
      EXPECT_GE(nearest, at->number_room * 0.75) << move << ": the badge over a bar";
    }
  }
}

// The last move's ring and the white band under it go round the field's name (docs/puzzles.md):
// the band lay over "c3" and a pale name on a black bar was lost on its white, and at radius 2 the
// ring cut the name.
TEST(HexabraePicture, TheLastMovesRingGoesRoundTheFieldsName) {
  for (const auto& [radius, position, move] : std::vector<std::tuple<int, std::string, std::string>>{
           {4, "", "place c3/1"}, {4, "", "place e5/0"}, {2, "", "place c3/1"}, {5, "", "place f11/1"}}) {
    const auto game = make_game(hexabrae_game(), radius);
    auto state = game->initial_state();
    const auto at = state->move_anchor(state->parse_move(move));
    ASSERT_TRUE(at) << move;
    state->apply(state->parse_move(move));
    puzzles::Decorations decorations = puzzles::status_decorations(hexabrae_game(), *state);
    decorations.last_move = at;
    const Drawing drawing = puzzles::decorate(state->drawing(), decorations);
    const std::string field = move.substr(6, move.find('/') - 6);
    const auto name = std::find_if(drawing.shapes.begin(), drawing.shapes.end(),
                                   [&](const Shape& s) { return s.role == "coordinate" && s.text == field; });
    ASSERT_NE(name, drawing.shapes.end()) << move;
    // The name's box: DejaVu Sans' digits and the letters a to i are at most 0.64 em wide, 0.76 em
    // high with an ascender; its halo round it.
    const double reach = std::hypot(0.32 * name->font_size * static_cast<double>(field.size()), 0.38 * name->font_size) +
                         name->stroke_width / 2;
    int marks = 0;
    for (const Shape& s : drawing.shapes) {
      if (s.role != "last-move" && s.role != "last-move-band") continue;
      ++marks;
      EXPECT_GE(s.radius - s.stroke_width / 2, reach - 1e-9) << move << ": " << s.role << " over the name";
      EXPECT_LE(s.radius + s.stroke_width / 2, std::sqrt(3.0) / 2) << move << ": " << s.role << " past the field";
    }
    EXPECT_EQ(marks, 2) << move;
  }
}

}  // namespace
}  // namespace arbiter::hexabrae

// Diagrams and books from real solver results: every game's moves land on its picture, numbered
// solution lines, and a book as a reader meets it (HTML in headless Chromium, PDF through poppler).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <unistd.h>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/book.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/fonts.hpp"
#include "puzzles/image.hpp"
#include "puzzles/svg.hpp"
#include "puzzles/tikz.hpp"
#include "solver/solve.hpp"
#include "tests/game_param.hpp"

namespace arbiter::puzzles {
namespace {

namespace fs = std::filesystem;

int smallest_size(const GameDescriptor& game) {
  for (int n = 3; n <= 64; ++n) {
    if (game.size_ok(n)) return n;
  }
  return game.default_size;
}

// Every word a game draws (labels, legends, notes) ends inside the picture, on its smallest board,
// along random games to their end (Hexabrae's legend ran past the right edge on radius 2, its
// second column cut to "Black major"). Widths are estimated as DejaVu Sans averages them.
TEST(Drawing, EveryTextEndsInsideThePicture) {
  const auto characters = [](const std::string& text) {
    return static_cast<double>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  };
  for (const GameDescriptor* game : registered_games()) {
    int smallest = 2;
    while (!game->size_ok(smallest)) ++smallest;
    const auto configured = make_game(*game, smallest);
    Rng rng(11);
    std::vector<Move> moves;
    for (int played = 0; played < 3; ++played) {
      auto state = configured->initial_state();
      for (int ply = 0; ply <= configured->max_plies(); ++ply) {
        const Drawing drawing = state->drawing();
        for (const Shape& shape : drawing.shapes) {
          if (shape.kind != Shape::Kind::Text) continue;
          const double width = 0.58 * shape.font_size * characters(shape.text), x = shape.points.at(0).first;
          const double left = shape.text_from_left ? x : x - width / 2;
          EXPECT_GE(left, -0.01 * drawing.width) << game->name << " '" << shape.text << "' in " << state->line();
          EXPECT_LE(left + width, drawing.width * 1.01) << game->name << " '" << shape.text << "' in " << state->line();
        }
        if (state->is_terminal()) break;
        state->legal_moves(moves);
        state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
}

// Every legal move of positions along a random game lands inside the picture, and a placement
// game has places for its moves at all.
TEST(MoveAnchor, EveryLegalMoveLandsInsideTheDrawing) {
  for (const GameDescriptor* game : registered_games()) {
    const auto configured = make_game(*game, smallest_size(*game));
    auto state = configured->initial_state();
    Rng rng(7);
    int anchored = 0;
    std::vector<Move> moves;
    for (int ply = 0; ply < 12 && !state->is_terminal(); ++ply) {
      const Drawing drawing = state->drawing();
      state->legal_moves(moves);
      for (const Move m : moves) {
        const auto anchor = state->move_anchor(m);
        if (!anchor) continue;
        ++anchored;
        EXPECT_GT(anchor->radius, 0) << game->name << " " << state->move_text(m);
        EXPECT_GE(anchor->x - anchor->radius, 0) << game->name << " " << state->move_text(m);
        EXPECT_LE(anchor->x + anchor->radius, drawing.width) << game->name << " " << state->move_text(m);
        EXPECT_GE(anchor->y - anchor->radius, 0) << game->name << " " << state->move_text(m);
        EXPECT_LE(anchor->y + anchor->radius, drawing.height) << game->name << " " << state->move_text(m);
      }
      state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    EXPECT_GT(anchored, 0) << game->name << ": no move has a place on the board";
  }
}

// The game's first legal move played from its start (the game must outlive the line's states).
PlayedLine first_move_line(const Game& configured) {
  const auto start = configured.initial_state();
  std::vector<Move> moves;
  start->legal_moves(moves);
  return play_line(*start, {start->move_text(moves.front())});
}

// A numbered move's disc shows whose move it was, as in a go book: a solution drawn with white
// discs only reads as if White had played every move (a Quentin book showed Black's winning
// chain as White stones). A line of four moves on distinct places from the start of each game,
// drawn as SVG: each badge has its mover's fill and a number that shows on it.
TEST(Diagram, NumberedMovesShowTheirMoversColour) {
  for (const GameDescriptor* game : registered_games()) {
    const auto configured = make_game(*game, smallest_size(*game));
    auto walk = configured->initial_state();
    std::vector<std::string> line;
    std::vector<int> movers;
    std::vector<std::pair<double, double>> used;
    std::vector<Move> moves;
    while (line.size() < 4 && !walk->is_terminal()) {
      walk->legal_moves(moves);
      std::optional<Move> chosen;
      for (const Move m : moves) {
        const auto at = walk->move_anchor(m);
        if (at && std::find(used.begin(), used.end(), std::make_pair(at->x, at->y)) == used.end()) {
          used.emplace_back(at->x, at->y);
          chosen = m;
          break;
        }
      }
      ASSERT_TRUE(chosen) << game->name << ": no move to a fresh place";
      line.push_back(walk->move_text(*chosen));
      movers.push_back(walk->side_to_move());
      walk->apply(*chosen);
    }
    ASSERT_EQ(line.size(), 4u) << game->name;
    const PlayedLine played = play_line(*configured->initial_state(), line);
    Decorations decorations;
    decorations.numbers = played.numbers;
    decorations.mover_colours = side_colours(*game);
    ASSERT_NE(decorations.mover_colours[0], decorations.mover_colours[1]) << game->name;
    // What a reader sees at each number: the topmost disc under it (the badge's own, or the piece
    // the move left there) and how many outlined rings are drawn around that place.
    const Drawing decorated = decorate(played.end->drawing(), decorations);
    const auto shade = [](const std::string& fill) {  // the games' near-black pieces read as black
      return fill == "black" || fill == "#000000" || fill == "#1a1a1a" || fill == "#202020" ? std::string("black")
             : fill == "white" || fill == "#ffffff"                                         ? std::string("white")
                                                                                           : fill;
    };
    std::size_t numbers = 0;
    for (std::size_t i = 0; i < decorated.shapes.size(); ++i) {
      const Shape& number = decorated.shapes[i];
      if (number.kind != Shape::Kind::Text || number.role != "move-number") continue;
      ASSERT_LT(numbers, 4u) << game->name;
      const std::size_t move = numbers++;
      const bool black = decorations.mover_colours[static_cast<std::size_t>(movers[move])] == "black";
      std::optional<std::string> disc;
      int rings = 0;
      for (std::size_t j = 0; j < i; ++j) {
        const Shape& s = decorated.shapes[j];
        // A piece or a badge's disc centred on the number, or a badge's diamond around it.
        std::pair<double, double> centre{0, 0};
        for (const auto& point : s.points) centre = {centre.first + point.first, centre.second + point.second};
        if (!s.points.empty()) centre = {centre.first / s.points.size(), centre.second / s.points.size()};
        const bool badge_diamond = s.kind == Shape::Kind::Polygon && s.role == "move-number";
        if (s.kind != Shape::Kind::Circle && !badge_diamond) continue;
        if (s.points.empty() || std::abs(centre.first - number.points[0].first) > 1e-9 ||
            std::abs(centre.second - number.points[0].second) > 1e-9) {
          continue;
        }
        if (s.role == "last-move") continue;
        disc = shade(s.fill);
        if (s.stroke != "none" && s.stroke_width > 0) ++rings;
      }
      ASSERT_TRUE(disc) << game->name << " move " << move + 1 << " " << line[move] << ": no disc under the number";
      EXPECT_EQ(*disc, black ? "black" : "white") << game->name << " move " << move + 1 << " " << line[move];
      EXPECT_EQ(shade(number.fill), black ? "white" : "black") << game->name << " move " << move + 1 << " " << line[move];
      EXPECT_EQ(rings, 1) << game->name << " move " << move + 1 << " " << line[move] << ": one ring around a numbered place";
    }
    EXPECT_EQ(numbers, 4u) << game->name;
  }
}

// Where a game draws its pieces as discs, a number whose piece no longer stands there (it moved
// on, was captured, or the move placed none) is written on a diamond: a disc there would read as a
// piece on the board. On a piece of the mover's colour it is written on the piece.
TEST(Diagram, ANumberWithoutItsPieceIsNoDisc) {
  Drawing board;
  board.width = board.height = 100;
  board.shapes.push_back(circle_shape(20, 20, 10, "#000000", "#000000", 1, "black"));
  Decorations decorations;
  decorations.mover_colours = {"black", "white"};
  decorations.numbers = {{"1", MoveAnchor{20, 20, 10}, 0}, {"2", MoveAnchor{60, 60, 10}, 0}};
  const Drawing decorated = decorate(board, decorations);
  int discs = 0, diamonds = 0;
  for (const Shape& s : decorated.shapes) {
    if (s.role != "move-number" || s.kind == Shape::Kind::Text) continue;
    (s.kind == Shape::Kind::Circle ? discs : diamonds) += 1;
    if (s.kind == Shape::Kind::Polygon) {
      EXPECT_EQ(s.points.size(), 4u);
    }
  }
  EXPECT_EQ(discs, 0);
  EXPECT_EQ(diamonds, 1);
}

// A piece drawn as a hollow ring (an O) of the badge's size: the badge fills it in its mover's
// colour without an outline of its own, so that one ring stands around the number, not two.
TEST(Diagram, ANumberOnARingIsWrittenInsideIt) {
  Drawing board;
  board.width = board.height = 100;
  board.shapes.push_back(circle_shape(20, 20, 8, "none", "#000000", 1, "o-mark"));
  Decorations decorations;
  decorations.mover_colours = {"black", "white"};
  decorations.numbers = {{"1", MoveAnchor{20, 20, 9}, 1}};
  const Drawing decorated = decorate(board, decorations);
  int rings = 0;
  const Shape* badge = nullptr;
  for (const Shape& s : decorated.shapes) {
    if (s.kind != Shape::Kind::Circle) continue;
    if (s.stroke != "none" && s.stroke_width > 0) ++rings;
    if (s.role == "move-number") badge = &s;
  }
  EXPECT_EQ(rings, 1);
  ASSERT_NE(badge, nullptr);
  EXPECT_EQ(badge->fill, "#ffffff");
  EXPECT_LE(badge->radius, 8 - 0.5);
}

// A number a book asks for at a size larger than its place (number_font: 6 pt where a 15x15 board
// prints its squares 6.3 pt wide) stays on its place: its badge and its digits within the place's
// room (MoveAnchor::room), at the size asked where the place holds it. The badges were 1.5 squares
// wide: on a Brochs 15x15 solution a "2" on o2 hung off the board and a "3" on b15 covered the piece
// on a15. Each game at its largest size up to 15, the first moves of its start to distinct places.
TEST(Diagram, ABooksLargeNumbersStayOnTheirPlaces) {
  for (const GameDescriptor* game : registered_games()) {
    int size = smallest_size(*game);
    for (int n = size; n <= 15; ++n) {
      if (game->size_ok(n)) size = n;
    }
    const auto configured = make_game(*game, size);
    const auto start = configured->initial_state();
    std::vector<Move> moves;
    start->legal_moves(moves);
    Decorations decorations;
    decorations.mover_colours = side_colours(*game);
    for (const Move m : moves) {
      const auto at = start->move_anchor(m);
      if (!at || decorations.numbers.size() == 3) continue;
      if (std::any_of(decorations.numbers.begin(), decorations.numbers.end(),
                      [&](const NumberedMove& n) { return n.at.x == at->x && n.at.y == at->y; })) {
        continue;
      }
      ASSERT_GT(at->room, at->radius) << game->name << ": a place has more room than its piece";
      decorations.numbers.push_back({std::to_string(decorations.numbers.size() + 1), *at, 0});
    }
    ASSERT_EQ(decorations.numbers.size(), 3u) << game->name;
    const double room = decorations.numbers[0].at.room;
    // The Brochs 15x15 solution's 6 pt in its 40-unit squares (38 units): 1.9 times the room.
    decorations.number_font = 1.9 * room;
    const Drawing drawn = decorate(start->drawing(), decorations);
    for (const NumberedMove& number : decorations.numbers) {
      // The place of the number: the anchor's, or the one aside the game gives (number_room).
      MoveAnchor at = number.at;
      if (at.number_room > 0) at = {at.x + at.number_dx, at.y + at.number_dy, at.number_room * 0.6, at.number_room};
      const auto text = std::find_if(drawn.shapes.begin(), drawn.shapes.end(), [&](const Shape& s) {
        return s.kind == Shape::Kind::Text && s.role == "move-number" && s.text == number.label;
      });
      ASSERT_NE(text, drawn.shapes.end()) << game->name << " " << number.label;
      // Bold digits: 0.7 em wide, 0.73 em high.
      const double half_width = 0.35 * text->font_size, half_height = 0.365 * text->font_size;
      EXPECT_LE(std::abs(text->points[0].first - at.x) + half_width, at.room) << game->name << " " << number.label;
      EXPECT_LE(std::abs(text->points[0].second - at.y) + half_height, at.room) << game->name << " " << number.label;
      if (at.square) {
        EXPECT_GE(text->font_size, decorations.number_font - 1e-9) << game->name << ": a square place holds the size asked";
      } else {
        EXPECT_LE(std::hypot(half_width, half_height), at.room) << game->name << " " << number.label;
      }
      for (const Shape& s : drawn.shapes) {
        if (s.role != "move-number" || s.kind == Shape::Kind::Text) continue;
        double far = 0;  // from the place's centre to the badge's outline, its stroke included
        if (s.kind == Shape::Kind::Circle) {
          if (std::abs(s.points[0].first - at.x) > 1e-9 || std::abs(s.points[0].second - at.y) > 1e-9) continue;
          far = s.radius + s.stroke_width / 2;
          EXPECT_LE(far, at.room) << game->name << " " << number.label << ": the disc leaves its place";
        } else {
          bool mine = false;
          for (const auto& [x, y] : s.points) mine = mine || (std::abs(x - at.x) < at.room && std::abs(y - at.y) < at.room);
          if (!mine) continue;
          for (const auto& [x, y] : s.points) {
            EXPECT_LE(std::max(std::abs(x - at.x), std::abs(y - at.y)) + s.stroke_width / 2, at.room)
                << game->name << " " << number.label << ": the badge leaves its square";
            if (!at.square) {
              EXPECT_LE(std::hypot(x - at.x, y - at.y) + s.stroke_width / 2, at.room) << game->name;
            }
          }
        }
      }
    }
  }
}

// A side's disc takes its colour from the descriptor's stone_colours, not from the side's name:
// sides named X and O get black and white discs (side 0 dark by default), and a game whose side 0
// plays the light stones says so (Hexabrae's White moves first).
TEST(Diagram, SideColoursComeFromTheStoneColours) {
  GameDescriptor named = *registered_games().front();
  named.side_names = {"X", "O"};
  EXPECT_EQ(side_colours(named), (std::array<std::string, 2>{"black", "white"}));
  named.stone_colours = {"white", "black"};
  EXPECT_EQ(side_colours(named), (std::array<std::string, 2>{"white", "black"}));
  for (const GameDescriptor* game : registered_games()) {
    for (int side : {0, 1}) {
      const std::string name = game->side_names.at(static_cast<std::size_t>(side));
      if (name == "Black" || name == "White") {
        EXPECT_EQ(side_colour(*game, side), name == "Black" ? "black" : "white") << game->name;
      }
    }
  }
}

// Sides whose stones have no colour, and one place numbered by both sides' moves, get a neutral
// disc: neither side's colour would be true of it.
TEST(Diagram, NeutralDiscWhenNoSideColourApplies) {
  const MoveAnchor at{50, 50, 10};
  Drawing board;
  board.width = board.height = 100;
  Decorations shared;
  shared.mover_colours = {"black", "white"};
  shared.numbers = {{"1", at, 0}, {"4", at, 1}};
  Decorations uncoloured;
  uncoloured.numbers = {{"1", at, 0}};
  for (const Decorations& decorations : {shared, uncoloured}) {
    const Drawing drawing = decorate(board, decorations);
    const auto disc = std::find_if(drawing.shapes.begin(), drawing.shapes.end(),
                                   [](const Shape& s) { return s.role == "move-number" && s.kind == Shape::Kind::Circle; });
    ASSERT_NE(disc, drawing.shapes.end());
    EXPECT_NE(disc->fill, "#000000");
    EXPECT_NE(disc->fill, "#ffffff");
  }
}

TEST(Diagram, StatusCaptionLastMoveAndCoordinates) {
  for (const GameDescriptor* game : registered_games()) {
    const auto configured = make_game(*game, smallest_size(*game));
    const PlayedLine line = first_move_line(*configured);
    Decorations decorations;
    decorations.coordinates = false;
    decorations.status = side_status(*game, *line.end);
    decorations.caption = "a caption";
    decorations.last_move = line.last_anchor;
    const Drawing board = line.end->drawing();
    const Drawing drawn = decorate(board, decorations);
    auto count = [&](const Drawing& d, const std::string& role) {
      return std::count_if(d.shapes.begin(), d.shapes.end(), [&](const Shape& s) { return s.role == role; });
    };
    EXPECT_GT(count(board, "coordinate"), 0) << game->name;
    EXPECT_EQ(count(drawn, "coordinate"), 0) << game->name;
    EXPECT_EQ(count(drawn, "last-move"), line.last_anchor ? 1 : 0) << game->name;
    // Without its coordinates the picture is cut to the board: no blank margin is left where they
    // stood (Quentin's top and left, Brique's four sides), and the band is under the board. The
    // board's own shapes come first in the picture, in their order.
    const auto board_shapes = static_cast<std::ptrdiff_t>(board.shapes.size()) - count(board, "coordinate");
    double left = drawn.width, top = drawn.height, right = 0, bottom = 0;
    for (auto shape = drawn.shapes.begin(); shape != drawn.shapes.begin() + board_shapes; ++shape) {
      const double reach = shape->kind == Shape::Kind::Circle ? shape->radius : 0;
      for (const auto& [x, y] : shape->points) {
        left = std::min(left, x - reach);
        top = std::min(top, y - reach);
        right = std::max(right, x + reach);
        bottom = std::max(bottom, y + reach);
      }
    }
    EXPECT_GE(left, 0) << game->name;
    EXPECT_GE(top, 0) << game->name;
    EXPECT_LT(left, drawn.width * 0.04) << game->name << ": a blank margin on the left";
    EXPECT_LT(top, drawn.width * 0.04) << game->name << ": a blank margin at the top";
    EXPECT_LE(right, drawn.width) << game->name;
    EXPECT_GT(drawn.width - right, -1e-9) << game->name;
    EXPECT_LT(drawn.width - right, drawn.width * 0.04) << game->name << ": a blank margin on the right";
    const auto status = std::find_if(drawn.shapes.begin(), drawn.shapes.end(), [](const Shape& s) { return s.role == "status"; });
    ASSERT_NE(status, drawn.shapes.end()) << game->name;
    EXPECT_GT(status->points[0].second - status->font_size, bottom) << game->name << ": the band is not under the board";
    EXPECT_LT(status->points[0].second - status->font_size - bottom, drawn.width * 0.06) << game->name << ": a blank band under the board";
    const std::string svg = render_svg(drawn, 90, "");
    EXPECT_NE(svg.find(">" + decorations.status + "</text>"), std::string::npos) << game->name;
    EXPECT_NE(svg.find(">a caption</text>"), std::string::npos) << game->name;
    EXPECT_NE(svg.find("width=\"90mm\""), std::string::npos) << game->name;
  }
}

// A long status line (a game's notes and the last move) stays inside the picture by wrapping, at
// the caption's size or larger: shrunk to one line, it came out smaller than the user's caption
// under it. It breaks between its parts first, so the last move is not cut between its words.
// A move that fills or turns pieces besides its own shows which, a diamond on each named in the
// key, in render's picture of the last move and in a book's solution (which has no last move):
// the picture after it shows the pieces but not that the move put them there. Brique's escorts
// example (c3 fills b3 and turns the white stone on c2) and Quentin's territory (a2 fills six).
TEST(Diagram, PlacesAMoveFilledOrTurnedAreMarked) {
  const std::vector<std::tuple<std::string, std::string, std::size_t>> cases = {{"brique", "escorts", 2},
                                                                                 {"quentin", "regions-and-territories", 6}};
  for (const auto& [name, example_name, changed] : cases) {
    const std::string game_name = name;
    const GameDescriptor& game = find_game(game_name);
    bool found = false;
    for (const SeedExample& example : game.seed_examples()) {
      if (example.name != example_name) continue;
      found = true;
      const auto configured = make_game(game, example.size, example.rulings);
      const PlayedLine line = play_line(*configured->parse_position(example.before), example.moves);
      EXPECT_EQ(line.last_trace.changed.size(), changed) << game_name;
      EXPECT_EQ(line.changed.size(), changed) << game_name;
      for (const bool book : {false, true}) {
        Decorations decorations;
        if (book) {
          decorations.numbers = line.numbers;
          decorations.last_trace.changed = line.changed;
          decorations.last_trace.changed_words = line.changed_words;
        } else {
          decorations.last_move = line.last_anchor;
          decorations.last_trace = line.last_trace;
        }
        const std::string svg = render_svg(decorate(line.end->drawing(), decorations), 90, "");
        std::size_t marks = 0;
        for (std::size_t at = svg.find("class=\"move-changed\""); at != std::string::npos; at = svg.find("class=\"move-changed\"", at + 1)) ++marks;
        EXPECT_EQ(marks, 2 * changed) << game_name << (book ? " book" : " render") << ": a white and a black outline each";
        EXPECT_NE(svg.find(">filled by the move</text>"), std::string::npos) << game_name << (book ? " book" : " render");
      }
    }
    EXPECT_TRUE(found) << game_name << " " << example_name;
  }
}

// A band wider than the board (a book gives a tall board's picture its box's width) has the board
// in its middle: at its left, a Hexabrae solution's PNG was 40% blank on the right.
TEST(Diagram, ABoardUnderAWiderBandStandsInTheMiddle) {
  Drawing board;
  board.width = 100;
  board.height = 300;
  board.shapes.push_back(rectangle_shape(0, 0, 100, 300, "#ffffff", "#000000", 1, "field"));
  Decorations decorations;
  decorations.status = "Black to move";
  decorations.band_width = 200;
  const Drawing drawn = decorate(board, decorations);
  EXPECT_NEAR(drawn.width, 200, 1e-9);
  const Shape& field = drawn.shapes.front();
  EXPECT_NEAR(field.points[0].first, 50, 1e-9);
  EXPECT_NEAR(field.points[1].first, 150, 1e-9);
}

TEST(Diagram, LongStatusWrapsAtTheCaptionsSize) {
  Drawing board;
  board.width = 100;
  board.height = 100;
  Decorations decorations;
  decorations.status = "Black to move, cursed, passed twice, taken c3 g3 c7 g7; last move curse c3";
  decorations.status_colour = "Black";
  decorations.caption = "a caption";
  const Drawing drawn = decorate(board, decorations);
  double caption_size = 0;
  for (const Shape& shape : drawn.shapes) {
    if (shape.role == "caption") caption_size = shape.font_size;
  }
  ASSERT_GT(caption_size, 0);
  std::vector<std::string> lines;
  for (const Shape& shape : drawn.shapes) {
    if (shape.role != "status") continue;
    lines.push_back(shape.text);
    EXPECT_GE(shape.font_size, caption_size) << shape.text;
    // DejaVu Sans averages a little over half an em per character.
    const double right_end = shape.points.at(0).first + 0.58 * shape.font_size * static_cast<double>(shape.text.size());
    EXPECT_LE(right_end, drawn.width * 0.951) << shape.text << " at font size " << shape.font_size;
  }
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.back(), "last move curse c3");
  std::string joined;
  for (const std::string& line : lines) joined += (joined.empty() ? "" : " ") + line;
  EXPECT_EQ(joined, decorations.status);
}

// With coordinates off, what is drawn only for a coordinate label goes with it: no shape is left
// behind under a label's place (Hexabrae's 61 field names went, their pale tags stayed as empty
// boxes). A label's tag is a small shape centred on it; the board's fields and pieces are larger.
TEST(Diagram, CoordinatesOffLeaveNothingOfTheLabels) {
  for (const GameDescriptor* game : registered_games()) {
    const auto configured = make_game(*game, smallest_size(*game));
    const Drawing board = configured->initial_state()->drawing();
    Decorations decorations;
    decorations.coordinates = false;
    const Drawing drawn = decorate(board, decorations);
    // The picture is cut to what it draws (no margin where the coordinates were): where the board's
    // first shape that is not a label went, every place went.
    const auto first = std::find_if(board.shapes.begin(), board.shapes.end(), [](const Shape& s) { return s.role.rfind("coordinate", 0) != 0; });
    ASSERT_NE(first, board.shapes.end()) << game->name;
    const double dx = first->points.at(0).first - drawn.shapes.at(0).points.at(0).first;
    const double dy = first->points.at(0).second - drawn.shapes.at(0).points.at(0).second;
    int labels = 0;
    for (const Shape& label : board.shapes) {
      if (label.kind != Shape::Kind::Text || label.role.rfind("coordinate", 0) != 0) continue;
      ++labels;
      const double x = label.points.at(0).first - dx, y = label.points.at(0).second - dy;
      for (const Shape& shape : drawn.shapes) {
        EXPECT_NE(shape.role.rfind("coordinate", 0), 0u) << game->name << ": " << shape.role;
        if (shape.kind != Shape::Kind::Polygon || shape.points.empty()) continue;
        double left = shape.points[0].first, right = left, top = shape.points[0].second, bottom = top;
        for (const auto& [px, py] : shape.points) {
          left = std::min(left, px);
          right = std::max(right, px);
          top = std::min(top, py);
          bottom = std::max(bottom, py);
        }
        const bool around_label = std::abs((left + right) / 2 - x) < label.font_size / 2 &&
                                  std::abs((top + bottom) / 2 - y) < label.font_size / 2 && bottom - top < 3 * label.font_size;
        EXPECT_FALSE(around_label) << game->name << ": a " << shape.role << " shape stays where the label "
                                   << label.text << " was";
      }
    }
    EXPECT_GT(labels, 0) << game->name;
  }
}

// A long status line (a game's notes and the last move) stays inside the picture: set up to a
// fifth smaller, then wrapped (it ran past the right edge at its usual size, and then shrank to
// whatever fitted). A book that asks for a larger band (band_font) gets it, wrapped the same way.
TEST(Diagram, LongStatusStaysInsideAtAReadableSize) {
  Drawing board;
  board.width = 100;
  board.height = 100;
  for (const double band_font : {0.0, 7.0}) {
    Decorations decorations;
    decorations.status = "Black to move, cursed, passed twice, taken c3 g3 c7 g7; last move curse c3";
    decorations.status_colour = "Black";
    decorations.band_font = band_font;
    const double font = band_font > 0 ? band_font : board.width * 0.036;
    const Drawing drawn = decorate(board, decorations);
    std::string joined;
    for (const Shape& status : drawn.shapes) {
      if (status.role != "status") continue;
      // DejaVu Sans averages a little over half an em per character.
      const double right_end = status.points.at(0).first + 0.58 * status.font_size * static_cast<double>(status.text.size());
      EXPECT_LE(right_end, drawn.width * 0.951) << "status at font size " << status.font_size;
      EXPECT_GE(status.font_size, font * 0.8 - 1e-9) << status.text;
      EXPECT_LE(status.points.at(0).second, drawn.height) << status.text;
      joined += (joined.empty() ? "" : " ") + status.text;
    }
    EXPECT_EQ(joined, decorations.status) << "band font " << band_font;
  }
}

// A long caption wraps at its usual size instead of shrinking (300 characters shrank to a grey
// hairline); a word longer than a line is cut between characters, never inside one.
TEST(Diagram, LongCaptionWrapsAtItsSize) {
  Drawing board;
  board.width = 100;
  board.height = 100;
  std::string sentence;
  for (int i = 0; i < 40; ++i) sentence += (i == 0 ? "" : " ") + std::string("word") + std::to_string(i);
  const std::string long_word = std::string(120, 'x') + "\u00e9\u00e9\u00e9" + std::string(60, 'y');
  for (const std::string& caption : {sentence, long_word}) {
    Decorations decorations;
    decorations.caption = caption;
    const Drawing drawn = decorate(board, decorations);
    std::vector<const Shape*> lines;
    for (const Shape& s : drawn.shapes) {
      if (s.role == "caption") lines.push_back(&s);
    }
    ASSERT_GE(lines.size(), 2u) << caption;
    std::string joined;
    for (const Shape* line : lines) {
      EXPECT_DOUBLE_EQ(line->font_size, board.width * 0.036);
      const auto characters = std::count_if(line->text.begin(), line->text.end(), [](char c) { return (c & 0xC0) != 0x80; });
      EXPECT_LE(line->points.at(0).first + 0.58 * line->font_size * static_cast<double>(characters), drawn.width * 0.951)
          << line->text;
      ASSERT_FALSE(line->text.empty());
      EXPECT_NE(static_cast<unsigned char>(line->text.front()) & 0xC0u, 0x80u) << "a line starts inside a character";
      joined += (joined.empty() || caption == long_word ? "" : " ") + line->text;
    }
    EXPECT_EQ(joined, caption);
    EXPECT_GT(drawn.height, board.height + static_cast<double>(lines.size()) * board.width * 0.036);
  }
}

// Which characters no installed font has comes from fontconfig: DejaVu Sans has Latin, accents
// and the dash; no font has a private-use character of plane 16, named once however often it comes.
TEST(Fonts, UncoveredCharactersAreThoseNoInstalledFontHas) {
  EXPECT_EQ(uncovered_characters("Black to move, \u00e9t\u00e9 \u2014 c3"), std::vector<std::string>{});
  EXPECT_EQ(uncovered_characters("x \U0010FFFD y \U0010FFFD"), std::vector<std::string>{"\U0010FFFD"});
}

// A caption in Chinese wraps at the picture's width: its characters are an em wide each, and
// counted as Latin ones (about half an em) its lines ran off the right edge, their ends lost.
TEST(Diagram, ChineseCaptionWrapsInsideThePicture) {
  Drawing board;
  board.width = board.height = 100;
  Decorations decorations;
  for (int i = 0; i < 60; ++i) decorations.caption += "\u68cb";
  const Drawing drawn = decorate(board, decorations);
  int lines = 0;
  for (const Shape& line : drawn.shapes) {
    if (line.role != "caption") continue;
    ++lines;
    EXPECT_LE(line.points.at(0).first + text_ems(line.text) * line.font_size, drawn.width * 0.951) << line.text;
  }
  EXPECT_GE(lines, 2);
}

TEST(Image, FormatsByExtensionAndPrintedSize) {
  EXPECT_EQ(image_format_of("a/b.SVG"), ImageFormat::Svg);
  EXPECT_EQ(image_format_of("x.png"), ImageFormat::Png);
  EXPECT_EQ(image_format_of("x.pdf"), ImageFormat::Pdf);
  EXPECT_THROW(image_format_of("x.jpg"), InputError);
  EXPECT_THROW(image_format_of("png"), InputError);
  const auto configured = make_game(*registered_games().front(), 7);
  const Drawing drawing = configured->initial_state()->drawing();
  const std::string png = image_bytes(drawing, ImageFormat::Png, {});
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  // The IHDR width, big-endian at byte 16: 90 mm at 200 dpi.
  const auto byte = [&](std::size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(png[i])); };
  EXPECT_EQ(byte(16) << 24 | byte(17) << 16 | byte(18) << 8 | byte(19), 709u);
  // Its resolution, so that it prints 90 mm wide: a pHYs chunk right after IHDR, 200 dpi as
  // 7874 pixels per metre on both axes, unit 1 (metre), and the CRC a PNG reader checks.
  const auto word = [&](std::size_t i) { return byte(i) << 24 | byte(i + 1) << 16 | byte(i + 2) << 8 | byte(i + 3); };
  ASSERT_GT(png.size(), 54u);
  EXPECT_EQ(word(33), 9u);
  EXPECT_EQ(png.substr(37, 4), "pHYs");
  EXPECT_EQ(word(41), 7874u);
  EXPECT_EQ(word(45), 7874u);
  EXPECT_EQ(byte(49), 1u);
  EXPECT_EQ(word(50), 0x6ed0753eu);
  const std::string pdf = image_bytes(drawing, ImageFormat::Pdf, {});
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  EXPECT_NE(pdf.find("/MediaBox [ 0 0 255.118"), std::string::npos);  // 90 mm in points
  // No date, made up or real: the same drawing gives the same bytes (it said 1 January 2026).
  EXPECT_EQ(pdf.find("CreationDate"), std::string::npos);
  EXPECT_EQ(image_bytes(drawing, ImageFormat::Pdf, {}), pdf);
}

// A PNG records what drew it and what it shows in text chunks before its image data, with the
// CRC a reader checks: tEXt for ASCII, iTXt (UTF-8) for a text with other characters.
TEST(Image, PngRecordsVersionAndRulings) {
  const auto configured = make_game(*registered_games().front(), 0);
  const Drawing drawing = configured->initial_state()->drawing();
  const PictureSubjects subjects = {picture_subject(configured->descriptor(), configured->config())};
  const std::string description = picture_description(subjects);
  EXPECT_EQ(description.rfind(configured->descriptor().name + " ", 0), 0u) << description;
  EXPECT_NE(description.find(", rulings in force: "), std::string::npos) << description;
  const std::string png = image_bytes(drawing, ImageFormat::Png, subjects);
  const auto chunk = [](const std::string& type, const std::string& data) {
    std::string crc_input = type + data;
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char ch : crc_input) {
      crc ^= static_cast<unsigned char>(ch);
      for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    crc ^= 0xFFFFFFFFu;
    const auto be = [](std::uint32_t v) {
      return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
    };
    return be(static_cast<std::uint32_t>(data.size())) + crc_input + be(crc);
  };
  const std::size_t software = png.find(chunk("tEXt", "Software" + std::string(1, '\0') + version_string()));
  const std::size_t described = png.find(chunk("tEXt", "Description" + std::string(1, '\0') + description));
  ASSERT_NE(software, std::string::npos);
  ASSERT_NE(described, std::string::npos);
  EXPECT_LT(described, png.find("IDAT"));
  EXPECT_EQ(picture_record(subjects), "drawn by " + version_string() + ": " + description);
  // A board named in UTF-8 goes into an iTXt chunk: tEXt is Latin-1.
  const PictureSubjects wide = {{"game", "5\u00d75", {"a=b"}}};
  const std::string utf8 = image_bytes(drawing, ImageFormat::Png, wide);
  EXPECT_NE(utf8.find(chunk("iTXt", "Description" + std::string(5, '\0') + "game 5\u00d75, rulings in force: a=b")), std::string::npos);
  // Each configuration once; a game without rulings says so.
  EXPECT_EQ(picture_description({{"g", "3x3", {}}, {"g", "3x3", {}}, {"g", "4x4", {"x=1"}}}),
            "g 3x3, rulings in force: none; g 4x4, rulings in force: x=1");
  EXPECT_EQ(picture_keywords({{"g", "3x3", {"x=1"}}, {"g", "4x4", {"x=1"}}}), "arbiter, g, 3x3, x=1, 4x4");
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

// Braces balance in a LaTeX text once the escaped ones (\{ \}) are left out: what a reader's
// pdflatex run needs first, checked without TeX.
bool tex_braces_balance(const std::string& tex) {
  int depth = 0;
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '\\') {
      ++i;  // an escaped character, or the first letter of a command name
      continue;
    }
    depth += tex[i] == '{' ? 1 : tex[i] == '}' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth == 0;
}

TEST(Tikz, EveryShapeAtTheCoordinatesTheOtherBackEndsUse) {
  for (const GameDescriptor* game : registered_games()) {
    const auto configured = make_game(*game, smallest_size(*game));
    const PlayedLine line = first_move_line(*configured);
    Decorations decorations;
    decorations.status = side_status(*game, *line.end);
    decorations.numbers = line.numbers;
    const Drawing drawing = decorate(line.end->drawing(), decorations);
    const double width_mm = 80;
    const std::string tex = render_tikz(drawing, width_mm);
    const double scale = width_mm / drawing.width;
    EXPECT_EQ(tex.rfind("\\begin{tikzpicture}", 0), 0u) << game->name;
    EXPECT_EQ(occurrences(tex, "\\end{tikzpicture}"), 1u) << game->name;
    EXPECT_TRUE(tex_braces_balance(tex)) << game->name;
    // The picture is as wide as asked: its white background spans it.
    EXPECT_NE(tex.find("rectangle (" + short_number(width_mm) + "," + short_number(-drawing.height * scale) + ")"),
              std::string::npos) << game->name;
    // Every label (coordinates, status, move numbers) where the drawing puts it, y turned upwards.
    int labels = 0;
    for (const Shape& shape : drawing.shapes) {
      if (shape.kind != Shape::Kind::Text || shape.text.empty() || shape.points.empty()) continue;
      ++labels;
      const std::string node = "at (" + short_number(shape.points[0].first * scale) + "," +
                               short_number(-shape.points[0].second * scale) + ") {" + tex_escape(shape.text) + "};";
      EXPECT_NE(tex.find(node), std::string::npos) << game->name << ": no " << node;
    }
    EXPECT_EQ(occurrences(tex, "\\node["), static_cast<std::size_t>(labels)) << game->name;
    EXPECT_GT(occurrences(tex, "\\path["), 0u) << game->name;
    // With a height limit, the picture shrinks to it.
    const std::string low = render_tikz(drawing, width_mm, 10);
    EXPECT_NE(low.find("rectangle (" + short_number(drawing.width * 10 / drawing.height) + ",-10)"), std::string::npos)
        << game->name;
  }
}

TEST(Tikz, TextIsEscaped) {
  EXPECT_EQ(tex_escape("a_b & 50% #1 {x} $y ~z ^w \\"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\$y \\textasciitilde{}z \\textasciicircum{}w \\textbackslash{}");
  EXPECT_EQ(tex_escape("Difficulty 2/5 \u00B7 Brique 7x7 \u2014 \u00D7 \u00E9"),
            "Difficulty 2/5 $\\cdot$ Brique 7x7 --- $\\times$ {\\'e}");
  // A designer's name keeps its letters; a character the default fonts lack is still marked.
  EXPECT_EQ(tex_escape("Luis Bola\u00F1os, \u00C5ngstr\u00F6m, \u00DF \u00EF \u4E2D"),
            "Luis Bola{\\~n}os, {\\AA{}}ngstr{\\\"o}m, {\\ss{}} {\\\"\\i{}} ?");
  // Straight quotes become TeX's opening and closing quotes.
  EXPECT_EQ(tex_escape("\"win in 1\" (\"win\")"), "``win in 1'' (``win'')");
  EXPECT_EQ(tex_escape("the swap ('swap'), Arbiter's 'd4-d2 x c2'"), "the swap (`swap'), Arbiter's `d4-d2 x c2'");
  // Characters the default text fonts put elsewhere.
  EXPECT_EQ(tex_escape("vertical (|), a<b>c"), "vertical (\\textbar{}), a\\textless{}b\\textgreater{}c");
}

// A puzzle proved by the solver: seeded random play until the side to move has exactly one move
// that wins within `within`, with other moves that do not.
std::optional<Puzzle> solver_puzzle(const GameDescriptor& game, int size, int within, std::uint64_t seed, int attempts) {
  const auto configured = make_game(game, size);
  Rng rng(seed);
  std::vector<Move> moves;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    auto state = configured->initial_state();
    const int length = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::min(configured->max_plies(), 40))));
    for (int ply = 0; ply < length && !state->is_terminal(); ++ply) {
      state->legal_moves(moves);
      state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    if (state->is_terminal()) continue;
    solver::SolveOptions options;
    options.within = within;
    options.table_megabytes = 8;
    const solver::SolveResult result = solver::solve_moves(*state, options);
    std::vector<const solver::MoveResult*> wins, others;
    for (const auto& m : result.moves) (m.value == solver::Value::WinWithin ? wins : others).push_back(&m);
    if (wins.size() != 1 || others.empty() || wins.front()->line.size() + 1 < static_cast<std::size_t>(2 * within - 1)) {
      continue;
    }
    Puzzle puzzle;
    puzzle.id = attempt + 1;
    puzzle.game = game.name;
    puzzle.size = size;
    puzzle.position = state->line();
    puzzle.within = within;
    puzzle.difficulty = 1 + attempt % 5;
    puzzle.key_move = wins.front()->text;
    puzzle.main_line = {puzzle.key_move};
    for (const std::string& move : wins.front()->line) puzzle.main_line.push_back(move);
    for (std::size_t i = 0; i < std::min<std::size_t>(2, others.size()); ++i) {
      Refutation wrong;
      wrong.move = others[i]->text;
      if (!others[i]->line.empty()) wrong.defence = {others[i]->line.front()};
      puzzle.refutations.push_back(wrong);
    }
    return puzzle;
  }
  return std::nullopt;
}

std::string command_output(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, decltype(&pclose)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return out;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) out.append(buffer.data(), n);
  return out;
}

TEST(Book, NumberedSolutionsHtmlAndPdfAsAReaderSeesThem) {
  std::vector<Puzzle> puzzles;
  for (const GameDescriptor* game : registered_games()) {
    if (auto puzzle = solver_puzzle(*game, smallest_size(*game), 1, 11, 60)) puzzles.push_back(*puzzle);
  }
  ASSERT_GE(puzzles.size(), 2u) << "the solver found win-in-1 puzzles in fewer than two games";
  // One deeper puzzle, so that a solution numbers several moves.
  for (const GameDescriptor* game : registered_games()) {
    if (!game->size_ok(5)) continue;
    if (auto puzzle = solver_puzzle(*game, 5, 2, 5, 200)) {
      puzzles.push_back(*puzzle);
      break;
    }
  }
  ASSERT_GE(puzzles.back().main_line.size(), 3u) << "no win-in-2 puzzle found";
  const Puzzle deep = puzzles.back();
  while (puzzles.size() < 8) puzzles.push_back(puzzles[puzzles.size() % 2]);  // two puzzle pages
  const int count = static_cast<int>(puzzles.size());

  // The deep puzzle's solution numbers every move of its line, on the board or under it.
  {
    const auto configured = make_game(find_game(deep.game), deep.size);
    const PlayedLine line = play_line(*configured->parse_position(deep.position), deep.main_line);
    EXPECT_EQ(line.numbers.size() + line.unplaced.size(), deep.main_line.size());
    Decorations decorations;
    decorations.numbers = line.numbers;
    const Drawing solution = decorate(line.end->drawing(), decorations);
    const auto badges = std::count_if(solution.shapes.begin(), solution.shapes.end(),
                                      [](const Shape& s) { return s.role == "move-number" && s.kind == Shape::Kind::Text; });
    EXPECT_GE(badges, 1);
    EXPECT_LE(static_cast<std::size_t>(badges), line.numbers.size());
  }
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  BookOptions options;
  options.title = "Test book";
  options.subtitle = "a few solver puzzles";
  std::map<std::string, int> last_reported;  // per stage, the last count reported
  options.progress = [&](const std::string& stage, int done, int total) {
    EXPECT_EQ(total, static_cast<int>(puzzles.size()));
    EXPECT_EQ(done, last_reported[stage] + 1) << stage;
    last_reported[stage] = done;
  };
  const BookFiles files = write_book(puzzles, folder.string(), options);
  EXPECT_EQ(last_reported.size(), 5u);  // diagrams, pdf puzzles, pdf solutions, puzzle and solution PNGs
  for (const auto& [stage, done] : last_reported) EXPECT_EQ(done, static_cast<int>(puzzles.size())) << stage;
  EXPECT_EQ(files.diagrams, count);
  EXPECT_EQ(static_cast<int>(files.images.size()), 2 * count);
  for (const std::string& image : files.images) EXPECT_GT(fs::file_size(image), 1000u) << image;

  std::ifstream html_file(files.html);
  std::stringstream html;
  html << html_file.rdbuf();
  EXPECT_EQ(occurrences(html.str(), "class=\"diagram problem\""), static_cast<std::size_t>(count));
  EXPECT_EQ(occurrences(html.str(), "class=\"diagram solution\""), static_cast<std::size_t>(count));
  EXPECT_EQ(occurrences(html.str(), "http://"), occurrences(html.str(), "xmlns=\"http://www.w3.org/2000/svg\""))
      << "the book must not load anything from the network";
  EXPECT_GE(occurrences(html.str(), "class=\"move-number\""), 2u);
  EXPECT_NE(html.str().find("to play and win in 2"), std::string::npos);
  EXPECT_NE(html.str().find("@page"), std::string::npos);
  // Every text of every diagram prints at 6 pt or more (Hexabrae's field names, legend and move
  // numbers printed at 3 to 5 pt): its font size in the SVG at the scale at which the print CSS
  // shows the diagram (svg.diagram: at most 80 x 66 mm, a solution's 70 x 52 mm).
  std::size_t texts = 0;
  for (std::size_t at = html.str().find("<svg "); at != std::string::npos; at = html.str().find("<svg ", at + 1)) {
    const std::string svg = html.str().substr(at, html.str().find("</svg>", at) - at);
    const bool solution = svg.find("class=\"diagram solution\"") != std::string::npos;
    const std::size_t box = svg.find("viewBox=\"0 0 ");
    ASSERT_NE(box, std::string::npos);
    std::istringstream size(svg.substr(box + 13));
    double width = 0, height = 0;
    size >> width >> height;
    // A diagram prints at its group's scale (--diagram-height): a puzzle's gives up the lines of its
    // position in words.
    const std::size_t set = svg.find("--diagram-height: ");
    const double box_height = set != std::string::npos ? std::stod(svg.substr(set + 18)) : solution ? 52.0 : 66.0;
    const double mm_per_unit = std::min((solution ? 70.0 : 80.0) / width, box_height / height);
    for (std::size_t font = svg.find("font-size=\""); font != std::string::npos; font = svg.find("font-size=\"", font + 1)) {
      const double points = std::stod(svg.substr(font + 11)) * mm_per_unit * 72 / 25.4;
      const std::size_t text_end = svg.find("</text>", font), text_start = svg.rfind('>', text_end);
      const std::size_t title = svg.find("<title>");
      EXPECT_GE(points, 6 - 1e-6) << "'" << svg.substr(text_start + 1, text_end - text_start - 1) << "' in "
                                  << (title == std::string::npos ? "" : svg.substr(title, 60));
      ++texts;
    }
  }
  EXPECT_GT(texts, static_cast<std::size_t>(count) * 10);

  // book.tex: the same puzzles as TikZ pictures, puzzles then solutions, numbered moves on the
  // boards; its structure is checked here without TeX (CI has none; docs/puzzles.md says how it
  // was compiled by hand).
  std::ifstream tex_file(files.tex);
  std::stringstream tex;
  tex << tex_file.rdbuf();
  EXPECT_EQ(occurrences(tex.str(), "\\begin{tikzpicture}"), static_cast<std::size_t>(2 * count));
  EXPECT_EQ(occurrences(tex.str(), "\\end{tikzpicture}"), static_cast<std::size_t>(2 * count));
  EXPECT_EQ(tex.str().rfind("% Test book", 0), 0u);
  EXPECT_EQ(occurrences(tex.str(), "\\begin{document}"), 1u);
  EXPECT_EQ(occurrences(tex.str(), "\\end{document}"), 1u);
  const auto solutions_at = tex.str().find("\\section*{Solutions}");
  ASSERT_NE(solutions_at, std::string::npos);
  EXPECT_EQ(occurrences(tex.str().substr(0, solutions_at), "\\begin{tikzpicture}"), static_cast<std::size_t>(count));
  EXPECT_NE(tex.str().find("to play and win in 2}"), std::string::npos);
  // The solutions' boards carry the puzzles' labels and the numbered moves besides.
  EXPECT_GE(occurrences(tex.str().substr(solutions_at), "\\node["),
            occurrences(tex.str().substr(0, solutions_at), "\\node[") + static_cast<std::size_t>(count));
  EXPECT_TRUE(tex_braces_balance(tex.str()));
  // Lines may stretch rather than run into the margin before a word that cannot break: a rules
  // paragraph had a line 5 pt too wide ("... Althuizen, 2010) ... docs/rulings.md").
  EXPECT_NE(tex.str().find("\\setlength{\\emergencystretch}{"), std::string::npos);

  // Chromium renders the HTML; a page that is not blank has many colours in its screenshot. Its
  // profile is kept in the test's folder: with HOME unwritable (a package build's) it failed to
  // start ("Failed to create headless user data directory container").
  const fs::path shot = folder / "screenshot.png";
  const std::string chromium = command_output(
      "chromium --headless --no-sandbox --disable-gpu --user-data-dir=" + (folder / "chromium-profile").string() +
      " --hide-scrollbars --window-size=900,1400 --screenshot=" + shot.string() + " file://" + files.html +
      " 2>&1; echo exit=$?");
  ASSERT_NE(chromium.find("exit=0"), std::string::npos) << chromium;
  ASSERT_TRUE(fs::exists(shot)) << chromium;
  EXPECT_GT(fs::file_size(shot), 20000u) << "a blank screenshot compresses to almost nothing";

  // poppler: the page count the layout implies, and pages that are not blank.
  const std::string info = command_output("pdfinfo " + files.pdf + " 2>&1");
  // The title page, the pages of rules, rulings and notation (three for the four games' rules, each
  // game's whole on one page; two until session 52, when Hexabrae's page grew to say a bar's shape
  // and every ruling in force), the puzzles and the solutions.
  const int rules_pages = 3;
  const int pages = 1 + rules_pages + (count + kPuzzlesPerPage - 1) / kPuzzlesPerPage + (count + kSolutionsPerPage - 1) / kSolutionsPerPage;
  EXPECT_EQ(files.pdf_pages, pages);
  const auto pages_at = info.find("Pages:");
  ASSERT_NE(pages_at, std::string::npos) << info;
  EXPECT_EQ(std::stoi(info.substr(pages_at + 6)), pages) << info;
  EXPECT_NE(info.find("A4"), std::string::npos) << info;
  const std::string first_puzzles = std::to_string(2 + rules_pages);
  const std::string gray =
      command_output("pdftoppm -gray -r 20 -f " + first_puzzles + " -l " + first_puzzles + " " + files.pdf + " | od -An -tu1 -v");
  std::istringstream values(gray);
  int dark = 0, total = 0;
  for (int v; values >> v; ++total) dark += v < 128;
  EXPECT_GT(total, 1000) << "pdftoppm gave no page";
  EXPECT_GT(dark, total / 100) << "the first puzzle page is blank";
  fs::remove_all(folder);
}

// A solution is drawn with the status every other picture has (status_decorations): here a line
// that stops before the game ends (a store written by other code), whose picture says who is to
// move with that side's disc. Before, the book set the status by hand and coloured only a win, so
// such a solution had "White to move" with no disc, unlike a render of the same position.
TEST(Book, ASolutionThatStopsShortShowsTheSideToMove) {
  const GameDescriptor& game = *registered_games().front();
  const auto configured = make_game(game, smallest_size(game));
  const auto start = configured->initial_state();
  std::vector<Move> moves;
  start->legal_moves(moves);
  ASSERT_FALSE(moves.empty());
  const Move key = moves.front();
  auto end = start->clone();
  end->apply(key);
  ASSERT_FALSE(end->outcome().over());
  Puzzle puzzle;
  puzzle.id = 1;
  puzzle.game = game.name;
  puzzle.size = configured->config().size;
  puzzle.position = start->line();
  puzzle.within = 1;
  puzzle.difficulty = 1;
  puzzle.key_move = start->move_text(key);
  puzzle.main_line = {puzzle.key_move};
  const Decorations expected = status_decorations(game, *end);
  ASSERT_FALSE(expected.status_colour.empty()) << "the first game's sides are not named by colours";

  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-short-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book({puzzle}, folder.string());
  std::ifstream html_file(files.html);
  std::stringstream html;
  html << html_file.rdbuf();
  const std::string text = html.str();
  const auto solution_at = text.find("class=\"diagram solution\"");
  ASSERT_NE(solution_at, std::string::npos);
  const std::string solution = text.substr(solution_at, text.find("</svg>", solution_at) - solution_at);
  EXPECT_NE(solution.find(">" + expected.status + "<"), std::string::npos) << solution;
  const auto marker_at = solution.find("class=\"status-marker\"");
  ASSERT_NE(marker_at, std::string::npos) << "no side-to-move disc under the solution: " << solution;
  const auto element_at = solution.rfind('<', marker_at);
  const std::string marker = solution.substr(element_at, solution.find('>', marker_at) - element_at);
  EXPECT_NE(marker.find("fill=\"" + expected.status_colour + "\""), std::string::npos) << marker;
  fs::remove_all(folder);
}

// What the status under a puzzle's diagram must add to the side to play: the swap still open at
// ply 1 and taken at ply 2 (the same board, different legal moves), and a ply cap a few plies away.
TEST(Diagram, PuzzleNotesSayWhatDecidesTheLegalMoves) {
  using Notes = std::vector<std::string>;
  const auto notes = [](const std::string& game, int size, const std::string& position, const std::vector<std::string>& rulings = {}) {
    return make_game(find_game(game), size, rulings)->parse_position(position)->puzzle_notes();
  };
  EXPECT_EQ(notes("brique", 2, "brique 2 B./.. white 1"), Notes{"swap available"});
  EXPECT_EQ(notes("brique", 2, "brique 2 B./.. white 2 swapped"), Notes{"swapped"});
  EXPECT_EQ(notes("brique", 2, "brique 2 B./.. white 1 pie=off", {"pie=off"}), Notes{});
  EXPECT_EQ(notes("quentin", 3, "quentin 3 .../.B./... white 1"), Notes{"swap available"});
  EXPECT_EQ(notes("quentin", 3, "quentin 3 .../.B./... white 2 swapped"), Notes{"swapped"});
  const std::string keeps = "brochs 7 .W.+.W./WwW+WwW/.WW+WW./+++++++/.WW+WW./WwW+WwW/.W.+.W. black ";
  EXPECT_EQ(notes("brochs", 7, keeps + "390 12+S 0"), Notes{"ply 390 of 400"});
  EXPECT_EQ(notes("brochs", 7, keeps + "370 12+S 0"), Notes{});
  EXPECT_EQ(notes("brochs", 7, keeps + "190 12+S 0 ply-cap=200", {"ply-cap=200"}), Notes{"ply 190 of 200"});
  const std::string bars = "hexabrae 2 Wa1/0 Ba3/1 Wc3/2 Be3/1 white ";
  EXPECT_EQ(notes("hexabrae", 2, bars + "290"), Notes{"ply 290 of 300"});
  EXPECT_EQ(notes("hexabrae", 2, bars + "4"), Notes{});
  // The passes in a row said in words (the status line's "passes 1" read "Black to play, passes 1").
  EXPECT_EQ(notes("brochs", 7, "brochs 7 .W.+.W./WwW+WwW/.WW+WW./+++++++/.WW+WW./WwW+WwW/.W.+.W. white 1 12+S 1 since:pass"),
            Notes{"Black just passed (two passes in a row end the game)"});
  EXPECT_EQ(notes("hexabrae", 2, "hexabrae 2 Wa1/2 Ba3/1 Wb2/2 Bb3/1 Bc1/1 Wc3/2 Bd3/0 Bd4/0 Be1/0 black 33 passes:1"),
            Notes{"White just passed (two passes in a row end the game)"});
}

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Puzzles as `arbiter puzzles generate` stored them: Quentin 5x5 under two rulings other than the
// defaults (under the defaults the position has several winning first moves), and one Brique 2x2
// board twice, at ply 1 (White may still swap) and at ply 2 after the swap.
// A win-in-2 puzzle of `game` as the store keeps it: its key move is its line's first.
Puzzle within_two(std::int64_t id, const std::string& game, const std::string& position, std::vector<std::string> main_line,
                  int difficulty) {
  Puzzle p;
  p.id = id;
  p.game = game;
  p.size = std::stoi(position.substr(position.find(' ') + 1));
  p.position = position;
  p.within = 2;
  p.difficulty = difficulty;
  p.key_move = main_line.front();
  p.main_line = std::move(main_line);
  return p;
}

// A game's reading guide as a book prints it, its paragraphs joined by spaces.
std::string guide_text(const GameDescriptor& game, const std::vector<std::string>& assignments = {}) {
  std::string text;
  for (const std::string& paragraph : guide_paragraphs(game, make_config(game, game.default_size, assignments))) {
    text += (text.empty() ? "" : " ") + paragraph;
  }
  return text;
}

std::vector<Puzzle> puzzles_under_rulings() {
  Puzzle quentin = within_two(1, "quentin", "quentin 5 BBBWB/BBBW./BBB../WW.../WWW.B white 13 edges-count=yes opponent-chain=mover-wins",
                              {"e3", "d3", "c4"}, 2);
  quentin.rulings = {"edges-count=yes", "opponent-chain=mover-wins"};
  const Puzzle open = within_two(2, "brique", "brique 2 B./.. white 1", {"a2", "b1", "b2"}, 1);
  Puzzle swapped = open;
  swapped.id = 3;
  swapped.position = "brique 2 B./.. white 2 swapped";
  return {quentin, open, swapped};
}

// A reader must know the rules a puzzle holds under: the page after the title names the rule text
// and the rulings per game, each puzzle under other rulings than the defaults names them under its
// diagram and its solution, each game says how it is won and how its moves are written, and the
// status under a puzzle says what else decides the legal moves. In the HTML, the TeX and the PDF.
TEST(Book, SaysTheRulingsTheNotationAndWhatDecidesTheLegalMoves) {
  for (const GameDescriptor* game : registered_games()) EXPECT_FALSE(guide_text(*game).empty()) << game->name;
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-rulings-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book(puzzles_under_rulings(), folder.string());
  EXPECT_EQ(files.pdf_pages, 4);  // title; rules, rulings and notation; puzzles; solutions
  const std::string html = file_text(files.html), tex = file_text(files.tex);
  // pdftotext breaks the PDF's wrapped lines; joined with spaces they read as the text.
  const std::string pdf = [&] {
    std::string text = command_output("pdftotext " + files.pdf + " - 2>&1");
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
  }();
  const std::string caption = "Rulings: edges-count=yes, opponent-chain=mover-wins";
  EXPECT_EQ(occurrences(html, caption), 2u) << "the Quentin puzzle and its solution";
  EXPECT_EQ(occurrences(tex, caption), 2u);
  EXPECT_EQ(occurrences(pdf, caption), 2u) << pdf;
  EXPECT_EQ(occurrences(html, "Rulings: "), 2u) << "the Brique puzzles are under the defaults";
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_NE(text->find("Rules, rulings and notation"), std::string::npos);
    // A book's reader has neither docs/rulings.md nor the program: a ruling that differs is said in words.
    EXPECT_EQ(text->find("docs/rulings.md"), std::string::npos);
    EXPECT_EQ(text->find("arbiter rules"), std::string::npos);
    EXPECT_NE(text->find("Here, each board edge a point lies on counts as one"), std::string::npos);
    EXPECT_NE(text->find("Who wins when a move (through a fill) completes the opponent's chain? Here, the player who made the "
                         "move wins (Q-5 opponent-chain=mover-wins)"),
              std::string::npos);
    EXPECT_EQ(text->find("B-1 "), std::string::npos) << "Brique's puzzles are under its defaults";
    EXPECT_NE(text->find("every puzzle of this game holds under them"), std::string::npos);
    for (const char* game : {"brique", "quentin"}) {
      const std::string guide = guide_text(find_game(game));
      EXPECT_NE(text->find(guide.substr(0, guide.find(' ', 30))), std::string::npos) << game;
    }
  }
  EXPECT_EQ(occurrences(html, "White to play, swap available"), 1u);
  EXPECT_EQ(occurrences(html, "White to play, swapped"), 1u);
  // book.pdf's diagrams are pictures without text (paint_drawing's outlines): the position in words
  // under each says it, in all three books, once (book.html's <svg> is described by the words
  // under it: a <desc> of the same words, which it named too, was read twice).
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_EQ(occurrences(*text, ". Swap available."), 1u);
    EXPECT_EQ(occurrences(*text, ". Swapped."), 1u);
  }
  fs::remove_all(folder);
}

// What the solutions tell a reader of a wrong move and of the puzzle itself, from a store written
// before session 48 (a Quentin puzzle of a new user's book, store id 8): a wrong move whose stored
// answer wins at once is said to lose to it (replayed: the store said only "Black cannot win
// within 2 moves"), one whose answer does not end the game keeps its sentence; the solution names
// the puzzle's store id, once, which the puzzle page does not (it numbers the puzzles 1..N).
// A book of the one puzzle, written in a temporary folder and removed: its HTML, its TeX and its
// PDF's text on one line.
// A book of `puzzles`, the same three texts.
std::tuple<std::string, std::string, std::string> book_texts(const std::vector<Puzzle>& puzzles, const std::string& name) {
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book(puzzles, folder.string());
  std::string pdf = command_output("pdftotext " + files.pdf + " - 2>&1");
  std::replace(pdf.begin(), pdf.end(), '\n', ' ');
  std::tuple<std::string, std::string, std::string> texts{file_text(files.html), file_text(files.tex), pdf};
  fs::remove_all(folder);
  return texts;
}
std::tuple<std::string, std::string, std::string> one_puzzle_book_texts(const Puzzle& p, const std::string& name) {
  return book_texts({p}, name);
}

// The lines of text poppler finds on each page of a PDF (pdftotext -bbox-layout), with their boxes.
struct PdfLine {
  double x_min, y_min, x_max, y_max;
  std::string words;
};
std::vector<std::vector<PdfLine>> pdf_lines(const std::string& pdf) {
  const std::string xml = command_output("pdftotext -bbox-layout " + pdf + " - 2>&1");
  std::vector<std::vector<PdfLine>> pages;
  const std::regex line_re(R"re(<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)</line>)re");
  const std::regex word_re(R"re(>([^<]*)</word>)re");
  for (std::size_t at = xml.find("<page "); at != std::string::npos;) {
    const std::size_t next = xml.find("<page ", at + 1);
    const std::string page = xml.substr(at, next == std::string::npos ? std::string::npos : next - at);
    pages.emplace_back();
    for (std::sregex_iterator m(page.begin(), page.end(), line_re), end; m != end; ++m) {
      PdfLine line{std::stod((*m)[1]), std::stod((*m)[2]), std::stod((*m)[3]), std::stod((*m)[4]), ""};
      const std::string words = (*m)[5];
      for (std::sregex_iterator w(words.begin(), words.end(), word_re); w != end; ++w) line.words += (line.words.empty() ? "" : " ") + (*w)[1].str();
      pages.back().push_back(line);
    }
    at = next;
  }
  return pages;
}

// A solution takes the room its text needs: with three wrong moves in long sentences the next
// solution's heading printed over the end of its text in book.pdf (session 52: Brochs store 1's
// "Rulings:" line under "2. White to play and win in 2"), for each solution had a fixed quarter
// page. No two lines of text on a page overlap, none runs into the bottom margin (but the page
// number), on A4 and Letter, and a solution longer than a page runs on to the next, complete.
// Puzzle `number` (store id too) of a book, a Quentin win in 2 with three wrong moves whose
// reasons each run `fillers` long sentences on, to " End of <move>.".
Puzzle with_long_reasons(int number, int fillers) {
  const std::string filler =
      " Its reasons run long, as a generated sentence may: the answer holds the edge, the reply fills the square, and the "
      "stone that would have joined the chain stands alone, which the diagram shows and the words say again.";
  Puzzle p = within_two(number, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  for (const std::string move : {"a1", "d5", "e3"}) {
    std::string why = "After " + move + ", White answers c4 and Black cannot win within 2 moves.";
    for (int more = 0; more < fillers; ++more) why += filler;
    p.refutations.push_back({move, {}, why + " End of " + move + ".", {}});
  }
  return p;
}

TEST(Book, ALongSolutionTakesTheRoomItNeeds) {
  std::vector<Puzzle> puzzles;
  // The fifth longer than a page: it runs on to the next.
  for (int n = 1; n <= 5; ++n) puzzles.push_back(with_long_reasons(n, n == 5 ? 14 : 2));
  for (const BookOptions::Paper paper : {BookOptions::Paper::A4, BookOptions::Paper::Letter}) {
    const bool letter = paper == BookOptions::Paper::Letter;
    const fs::path folder = fs::temp_directory_path() / ("arbiter-book-long-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    BookOptions options;
    options.paper = paper;
    const BookFiles files = write_book(puzzles, folder.string(), options);
    const double height = letter ? 792 : 841.89, bottom = 42.5 + 249 * 72 / 25.4;
    const auto pages = pdf_lines(files.pdf);
    ASSERT_EQ(static_cast<int>(pages.size()), files.pdf_pages);
    int overlaps = 0, low = 0;
    for (std::size_t page = 0; page < pages.size(); ++page) {
      const std::vector<PdfLine>& lines = pages[page];
      for (std::size_t i = 0; i < lines.size(); ++i) {
        const PdfLine& a = lines[i];
        const bool page_number = a.y_min > bottom && a.words == std::to_string(page + 1);
        if (a.y_max > bottom + 3 && !page_number && low++ < 5) {
          ADD_FAILURE() << (letter ? "Letter" : "A4") << " page " << page + 1 << ": '" << a.words << "' reaches " << a.y_max << " pt of " << height;
        }
        for (std::size_t j = i + 1; j < lines.size(); ++j) {
          const PdfLine& b = lines[j];
          const double across = std::min(a.x_max, b.x_max) - std::max(a.x_min, b.x_min);
          const double down = std::min(a.y_max, b.y_max) - std::max(a.y_min, b.y_min);
          if (across > 2 && down > 2 && overlaps++ < 5) {
            ADD_FAILURE() << (letter ? "Letter" : "A4") << " page " << page + 1 << ": '" << a.words << "' over '" << b.words << "'";
          }
        }
      }
    }
    EXPECT_EQ(overlaps, 0) << (letter ? "Letter" : "A4");
    EXPECT_EQ(low, 0) << (letter ? "Letter" : "A4") << ": lines in the bottom margin";
    // Every sentence complete: its last words and each solution's last line, the rulings... here
    // the details line that names the store id.
    std::string text = command_output("pdftotext " + files.pdf + " - 2>&1");
    std::replace(text.begin(), text.end(), '\n', ' ');
    for (int n = 1; n <= 5; ++n) {
      EXPECT_EQ(occurrences(text, "store id " + std::to_string(n)), 1u) << n;
    }
    EXPECT_EQ(occurrences(text, "End of e3."), 5u);
    // book.tex (no TeX here to set it): each solution is set by the preamble's \solution, which
    // keeps a text that fits a page whole beside its diagram and splits a longer one under it; in
    // a minipage, which cannot break, the fifth ran off its page. No page break is forced among
    // the solutions: one after each four left a page with one solution where four did not fit.
    const std::string tex = file_text(files.tex);
    const std::size_t solutions_at = tex.find("\\section*{Solutions}");
    ASSERT_NE(solutions_at, std::string::npos);
    const std::string solutions = tex.substr(solutions_at);
    EXPECT_EQ(occurrences(solutions, "\\solution{%\n\\begin{tikzpicture}"), 5u);
    EXPECT_EQ(occurrences(solutions, "minipage"), 0u);
    EXPECT_EQ(occurrences(solutions, "\\clearpage"), 1u);
    EXPECT_LT(tex.find("\\newcommand{\\solution}[2]"), tex.find("\\begin{document}"));
    EXPECT_NE(tex.find("\\vsplit\\solutiontext to "), std::string::npos);
    EXPECT_TRUE(tex_braces_balance(tex));
    fs::remove_all(folder);
  }
}

// book.html printed by Chromium as a reader prints it, on its own page rule (the book's paper):
// the solutions run on from page to page, none that fits a page is split, and no page is left
// near empty. With a page break forced after each sheet of four solutions, a sheet that took more
// than a page left the rest of its last page empty: here the first four take two pages, and the
// short fifth, which fits under the third and fourth, printed alone on a third. The sixth is
// longer than a page: it runs on, complete.
TEST(Book, PrintedHtmlRunsOnFromPageToPage) {
  std::vector<Puzzle> puzzles;
  for (int n = 1; n <= 6; ++n) puzzles.push_back(with_long_reasons(n, n <= 4 ? 1 : n == 5 ? 0 : 14));
  for (const BookOptions::Paper paper : {BookOptions::Paper::A4, BookOptions::Paper::Letter}) {
    const bool letter = paper == BookOptions::Paper::Letter;
    const std::string paper_name = letter ? "Letter" : "A4";
    const fs::path folder = fs::temp_directory_path() / ("arbiter-book-printed-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    BookOptions options;
    options.paper = paper;
    const BookFiles files = write_book(puzzles, folder.string(), options);
    const fs::path printed = folder / "printed.pdf";
    const std::string chromium = command_output(
        "chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --user-data-dir=" + (folder / "chromium-profile").string() +
        " --print-to-pdf=" + printed.string() + " file://" + files.html + " 2>&1; echo exit=$?");
    ASSERT_TRUE(fs::exists(printed)) << chromium;
    EXPECT_NE(command_output("pdfinfo " + printed.string()).find(letter ? "612 x 792 pts (letter)" : "(A4)"), std::string::npos) << paper_name;
    const auto pages = pdf_lines(printed.string());
    // The page of each solution's heading (the last with it: the puzzle pages have it too) and of
    // its details line, which ends it but for the rulings.
    std::map<int, std::size_t> heading_page, details_page;
    for (std::size_t page = 0; page < pages.size(); ++page) {
      for (const PdfLine& line : pages[page]) {
        for (int n = 1; n <= 6; ++n) {
          if (line.words.rfind(std::to_string(n) + ". Black to play", 0) == 0) heading_page[n] = page;
          if (line.words.find("store id " + std::to_string(n)) != std::string::npos) details_page[n] = page;
        }
      }
    }
    ASSERT_EQ(heading_page.size(), 6u) << paper_name;
    ASSERT_EQ(details_page.size(), 6u) << paper_name;
    for (int n = 1; n <= 5; ++n) EXPECT_EQ(heading_page[n], details_page[n]) << paper_name << ": solution " << n << " is split";
    EXPECT_GT(details_page[6], heading_page[6]) << paper_name << ": the solution longer than a page";
    // Lines and pages joined: where a sentence wraps depends on its words, not what is tested here.
    std::string text = command_output("pdftotext " + printed.string() + " - 2>&1");
    std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\f'; }, ' ');
    EXPECT_EQ(occurrences(text, "End of e3."), 6u) << paper_name;
    // Each page of solutions before the long one is filled past half its height (the page number
    // aside), and the five others take two pages.
    const double half = (letter ? 792 : 841.89) / 2;
    for (std::size_t page = heading_page[1]; page < heading_page[6]; ++page) {
      double lowest = 0;
      for (const PdfLine& line : pages[page]) {
        if (line.words != std::to_string(page + 1)) lowest = std::max(lowest, line.y_max);
      }
      EXPECT_GT(lowest, half) << paper_name << ": page " << page + 1 << " is left near empty";
    }
    EXPECT_EQ(details_page[5] - heading_page[1], 1u) << paper_name;
    fs::remove_all(folder);
  }
}

// A book of one puzzle says "1 puzzle" on its title page (it said "1 puzzles: Hexabrae.").
TEST(Book, OnePuzzleIsOnePuzzle) {
  const Puzzle p = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  const auto [html, tex, pdf] = one_puzzle_book_texts(p, "one");
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_NE(text->find("1 puzzle: Quentin."), std::string::npos) << (text == &tex ? "tex" : text == &pdf ? "pdf" : "html");
  }
}

TEST(Book, SolutionsSayAnAnswerWinsAndNameTheStoreId) {
  Puzzle p = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  // As such a store reads: the claims read from the sentences (claim_of_sentence).
  const auto wrong = [](const std::string& move, std::vector<std::string> defence, const std::string& why) {
    return Refutation{move, std::move(defence), why, claim_of_sentence(move, why)};
  };
  p.refutations = {wrong("a1", {"c4"}, "After a1, White answers c4 and Black cannot win within 2 moves."),
                   wrong("d5", {"d4", "a1"}, "After d5, White answers d4 and Black cannot win within 2 moves.")};
  const auto [html, tex, pdf] = one_puzzle_book_texts(p, "answers");
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_NE(text->find("White answers c4 (fills "), std::string::npos);  // its fills, then "and wins."
    EXPECT_EQ(text->find("White answers c4 and Black cannot"), std::string::npos);
    EXPECT_NE(text->find("White answers d4 and Black cannot win within 2 moves."), std::string::npos);
    EXPECT_EQ(occurrences(*text, "store id 8"), 1u);
  }
}

// A wrong move's losing line is numbered on from the wrong move, as the main line is, not put in
// brackets, which the title page says list what a move fills: a Brique `wins` store of session 52
// read "After d1, White answers e4 and wins (e4 f4 f5)." The stored sentence is kept.
TEST(Book, AWrongMovesLosingLineIsNumberedNotBracketed) {
  Puzzle p = within_two(23, "brique", "brique 6 ....../BWB.BB/.WBWBB/WWWW../.WWW../BBWW.. black 18", {"f5", "a1", "e4"}, 3);
  p.kind = PuzzleKind::Wins;
  p.within = 0;
  RefutationClaim claim;
  claim.kind = RefutationClaim::Kind::Loses;
  claim.line = {"e4", "f4", "f5"};
  const Refutation wrong{"d1", {"e4", "f4"}, "After d1, White answers e4 and wins (e4 f4 f5).", claim};
  const auto game = make_game(find_game("brique"), 6, {});
  const auto start = game->parse_position(p.position);
  // Each move followed by what it does, as on the main line: 2 e4 fills e5, which the win needs.
  EXPECT_EQ(wrong_move_text(p, *start, wrong), "After d1, White answers e4 and wins: 2 e4 (fills e5 with a white stone) 3 f4 4 f5.");
}

// A wrong move's losing line says what its moves do that their texts do not, as the main line
// does (numbered_move): a Brique `wins` store of session 52 read "After a4, White answers a5 and
// wins: 2 a5 3 d4 4 e4.", where White wins only because 4 e4 fills e5, replacing Black's stone.
TEST(Book, AWrongMovesLosingLineSaysWhatItsMovesFill) {
  Puzzle p = within_two(2, "brique", "brique 5 B..B./..BB./...WW/..B../.WWWB black 10", {"a5", "b4", "a4", "b3", "a3", "a2", "b2"}, 2);
  p.kind = PuzzleKind::Wins;
  p.within = 0;
  RefutationClaim claim;
  claim.kind = RefutationClaim::Kind::Loses;
  claim.line = {"a5", "d4", "e4"};
  const Refutation wrong{"a4", {"a5", "d4", "e4"}, "After a4, White answers a5 and wins (a5 d4 e4).", claim};
  const auto game = make_game(find_game("brique"), 5, {});
  const auto start = game->parse_position(p.position);
  const std::string said = "After a4, White answers a5 and wins: 2 a5 3 d4 4 e4 (fills e5 with a white stone, replacing Black's stone).";
  EXPECT_EQ(wrong_move_text(p, *start, wrong), said);
  // A stored line that does not replay is given as stored, numbered.
  Refutation broken = wrong;
  broken.claim.line = {"a5", "a5", "e4"};
  broken.why = "After a4, White answers a5 and wins (a5 a5 e4).";
  EXPECT_EQ(wrong_move_text(p, *start, broken), "After a4, White answers a5 and wins: 2 a5 3 a5 4 e4.");
  p.refutations = {wrong};
  const auto [html, tex, pdf] = one_puzzle_book_texts(p, "wrong-fills");
  const std::string printed = said.substr(std::string("After a4, ").size());  // after "a4?", which names the move
  EXPECT_NE(html.find(printed), std::string::npos);
  EXPECT_NE(tex.find("4 e4 (fills e5 with a white stone, replacing Black's stone)."), std::string::npos);
  EXPECT_NE(pdf.find(printed), std::string::npos);
}

// A wrong move and the answer that beats it say what they fill, as the main line's moves do: they have
// no diagram, and "d3? After d3, Black answers c3 and wins." (Quentin, store 24, session 52) hid that
// c3 fills eight points and d3 fills none; a Brique wrong move's own fill went unsaid too.
TEST(Book, AWrongMoveAndItsAnswerSayWhatTheyFill) {
  Puzzle q = within_two(24, "quentin", "quentin 5 BBWWW/W..BW/....W/BB.../BB.WB white 13", {"b3", "b2", "c4"}, 2);
  RefutationClaim at_once;
  at_once.kind = RefutationClaim::Kind::AnswerWins;
  const Refutation d3{"d3", {"c3"}, "After d3, Black answers c3 and wins.", at_once};
  const auto quentin = make_game(find_game("quentin"), 5, {});
  const auto start = quentin->parse_position(q.position);
  const std::string fills = start->clone()->move_words(start->parse_move("d3"));
  auto after = start->clone();
  after->apply(after->parse_move("d3"));
  const std::string answer_fills = after->move_words(after->parse_move("c3"));
  ASSERT_FALSE(answer_fills.empty());
  EXPECT_EQ(wrong_move_text(q, *start, d3), "After d3, Black answers c3 (" + answer_fills + ") and wins.");
  q.refutations = {d3};
  const auto [html, tex, pdf] = one_puzzle_book_texts(q, "wrong-answer-fills");
  EXPECT_NE(html.find("Black answers c3 (" + answer_fills + ") and wins."), std::string::npos);
  // The move is named once, in bold: "d3? After d3, Black answers ..." named it twice.
  EXPECT_NE(html.find(fills.empty() ? std::string("d3?</b> Black answers c3") : "d3?</b> (" + fills + ") Black answers c3"), std::string::npos);

  // A Brique wrong move that fills: its heading says so.
  Puzzle b = within_two(11, "brique", "brique 6 ....../BWB.BB/.WBWBB/WWWW../.WWW../BBWW.. black 18", {"a1"}, 1);
  const auto brique = make_game(find_game("brique"), 6, {});
  const auto position = brique->parse_position(b.position);
  const std::string d1_fills = position->move_words(position->parse_move("d1"));
  ASSERT_NE(d1_fills.find("d2"), std::string::npos) << d1_fills;
  RefutationClaim none;
  none.kind = RefutationClaim::Kind::NotAtOnce;
  b.refutations = {Refutation{"d1", {}, "d1 does not win at once.", none}};
  const auto [bhtml, btex, bpdf] = one_puzzle_book_texts(b, "wrong-move-fills");
  EXPECT_NE(bhtml.find("d1?</b> (" + d1_fills + ") Does not win at once."), std::string::npos);
  EXPECT_NE(bpdf.find("d1? (" + d1_fills + ") Does not win at once."), std::string::npos);
}

// The defender's first reply on a solution's main line says that every reply loses, where it had
// others, and the title page says what the words mean: Brique store 33 read "1 d3! 2 a1 3 a4", and
// nothing said that Black's other replies lose too.
TEST(Book, TheDefendersFirstReplySaysEveryReplyLoses) {
  const Puzzle p = within_two(33, "brique", "brique 5 ...../..BB./..B../.WWBW/.B... white 7", {"d3", "a4", "a5"}, 2);
  const auto [html, tex, pdf] = one_puzzle_book_texts(p, "every-reply");
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_NE(text->find("2 a4 (every reply loses)"), std::string::npos);
    EXPECT_EQ(occurrences(*text, "(every reply loses)"), 1u);  // the first reply only, not the key move or the win
    EXPECT_NE(text->find("the line shows a reply that holds out longest"), std::string::npos);
  }
}

// A note after the side to play is explained in the game's guide, in the game's words, where a
// puzzle of the book shows it: a Quentin puzzle read "White to play, swapped" (store 27, session 52)
// with nothing to say what "swapped" meant later in the game.
TEST(Book, AStatusNoteAfterTheSideToPlayIsExplained) {
  const Puzzle swapped = within_two(27, "quentin", "quentin 5 WBWWB/WWWBB/BW.../...B./BW... white 12 swapped", {"c4", "d3", "e5"}, 2);
  const std::string meaning = "swapped' after the side to play: White took the pie swap (";  // TeX opens quotes with `
  const auto [html, tex, pdf] = one_puzzle_book_texts(swapped, "swapped");
  for (const std::string* text : {&html, &tex, &pdf}) {
    EXPECT_NE(text->find(meaning), std::string::npos) << (text == &tex ? "tex" : text == &pdf ? "pdf" : "html");
  }
  // The note itself, in the diagram's status (the PDF draws it as a picture).
  EXPECT_NE(html.find("White to play, swapped"), std::string::npos);
  EXPECT_NE(tex.find("White to play, swapped"), std::string::npos);
  // Said only where a puzzle shows the note.
  const Puzzle plain = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  EXPECT_EQ(std::get<0>(one_puzzle_book_texts(plain, "not-swapped")).find("'swapped'"), std::string::npos);
}

// Each game's rules in a book are enough to solve its puzzles without the program or its documents:
// the mechanics a key move uses (Brique's fills by escorts, which depend on the square's shade and
// capture enemy stones; Brochs' captures and curse, what a curse needs and costs; Quentin's tied
// territories), the default rulings said in words. Before session 48 the Brique text never said
// which squares escort a square nor that a fill removes enemy stones, the Brochs text never said
// how a capture happens, and both sent the reader to docs/rulings.md and `arbiter rules`.
TEST(Book, EachGamesRulesNameTheMechanicsItsPuzzlesUse) {
  const std::map<std::string, std::vector<std::string>> needed = {
      {"brique", {"escorts", "a1 light", "a light square the squares directly above it and directly to its left",
                  "a dark square those directly below it and directly to its right", "enemy stone on it removed first"}},
      {"brochs", {"rook", "between the arriving piece and one of its own pieces in a row or column", "keep falls only",
                  "main piece, arriving diagonally next to", "A curse is Black's whole turn", "diagonally opposite quadrant",
                  "main piece on the board", "not taken"}},
      {"quentin", {"territory", "on a tie, the player who did not move", "diagonal rule"}},
      {"hexabrae", {"touching no other bar", "only move directly away", "majority"}},
  };
  for (const GameDescriptor* game : registered_games()) {
    ASSERT_TRUE(needed.count(game->name)) << game->name;
    const std::string guide = guide_text(*game);
    for (const std::string& words : needed.at(game->name)) {
      EXPECT_NE(guide.find(words), std::string::npos) << game->name << ": " << words;
    }
    EXPECT_EQ(guide.find("rulings.md"), std::string::npos) << game->name;
    EXPECT_EQ(guide.find('='), std::string::npos) << game->name << ": option names instead of words";
  }
}

// A reading guide's marks: "{ID}" after the words that state a ruling's answer. A book writes the
// mark of a ruling that fills a gap of the text (provenance Invented) as Arbiter's, drops any other
// with the space before it, and refuses one that names no ruling of the game.
TEST(Book, AGuideMarksTheRulingsThatFillAGapAsArbiters) {
  GameDescriptor game;
  game.name = "test";
  game.size_ok = [](int) { return true; };
  game.rulings = {{"X-1", "gap", "?", {{"a", "a"}, {"b", "b"}}, "a", Provenance::Invented, ""},
                  {"X-2", "read", "?", {{"a", "a"}, {"b", "b"}}, "a", Provenance::Derived, ""}};
  game.reading_guide = [](const Config&) { return std::string("One wins {X-1}; two moves {X-2}.\n\nThree."); };
  const Config config = make_config(game, 1, {});
  EXPECT_EQ(guide_paragraphs(game, config),
            (std::vector<std::string>{"One wins (Arbiter's ruling X-1); two moves.", "Three."}));
  game.reading_guide = [](const Config&) { return std::string("One wins {X-3}."); };
  EXPECT_THROW(guide_paragraphs(game, config), std::logic_error);
}

// Every mark in a registered game's guide names one of its rulings, under every value of every
// ruling, and the words a mark follows change with the marked ruling's value (a guide that marks a
// ruling states the value in force, not only the default).
TEST(Book, EachGuideFollowsTheRulingsItMarks) {
  for (const GameDescriptor* game : registered_games()) {
    const std::string defaults = game->reading_guide(make_config(*game, game->default_size, {}));
    for (const Ruling& ruling : game->rulings) {
      const bool marked = defaults.find("{" + ruling.id + "}") != std::string::npos;
      for (const RulingOption& option : ruling.options) {
        const std::vector<std::string> assignment = {ruling.name + "=" + option.value};
        Config config;
        try {
          config = make_config(*game, game->default_size, assignment);
        } catch (const InputError&) {
          continue;  // a value another ruling's default contradicts
        }
        const std::string text = guide_text(*game, assignment);
        EXPECT_EQ(text.find_first_of("{}"), std::string::npos) << game->name << " " << assignment[0];
        EXPECT_EQ(text.find(std::string(kGapMark) + " " + ruling.id + ")") != std::string::npos,
                  marked && ruling.provenance == Provenance::Invented)
            << game->name << " " << assignment[0];
        if (marked && option.value != ruling.default_value) {
          EXPECT_NE(text, guide_text(*game)) << game->name << ": the guide marks " << ruling.id << " but reads the same under " << assignment[0];
        }
      }
    }
  }
}

// Hexabrae's enclosure (H-13): under `fields` an area touching 3 fields, even partly, which three
// bars round one corner point make (every win-in-1 puzzle of a tester's book was one); under
// `area` one as large as 3 whole fields. It said "a ring of bars ... around 3 or more fields"
// under both until session 49. The game's end by repetition and ply cap (H-5a, H-5b), Arbiter's
// rulings, are said and marked. A book's rules page follows the rulings its puzzles hold under.
TEST(Book, HexabraesGuideSaysTheEnclosureSizeInForce) {
  const GameDescriptor& hexabrae = find_game("hexabrae");
  const std::string fields = guide_text(hexabrae), area = guide_text(hexabrae, {"enclosure-size=area"});
  EXPECT_NE(fields.find("an area that touches at least 3 fields, even partly (the smallest: three bars round the corner point "
                        "where three fields meet)"),
            std::string::npos)
      << fields;
  EXPECT_EQ(fields.find("3 whole fields"), std::string::npos);
  EXPECT_NE(area.find("an area at least as large as 3 whole fields"), std::string::npos) << area;
  EXPECT_EQ(area.find("even partly"), std::string::npos);
  EXPECT_NE(fields.find("with the same side to move (Arbiter's ruling H-5a), and when it reaches 300 plies (Arbiter's ruling "
                        "H-5b)"),
            std::string::npos);
  EXPECT_NE(guide_text(hexabrae, {"repetition=off", "ply-cap=200"})
                .find("Repeating a position does not end the game (Arbiter's ruling H-5a); it is drawn when it reaches 200 plies"),
            std::string::npos);

  const std::string bars = "hexabrae 2 Wa1/0 Ba3/1 Wc3/2 Be3/1 white 4";
  Puzzle under_area = within_two(1, "hexabrae", bars + " enclosure-size=area", {"place c1/0"}, 1);
  under_area.rulings = {"enclosure-size=area"};
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-guide-" + std::to_string(::getpid()));
  for (const Puzzle& puzzle : {within_two(1, "hexabrae", bars, {"place c1/0"}, 1), under_area}) {
    fs::remove_all(folder);
    const std::string html = file_text(write_book({puzzle}, folder.string()).html);
    const bool by_area = !puzzle.rulings.empty();
    EXPECT_EQ(html.find("3 whole fields") != std::string::npos, by_area) << html;
    EXPECT_EQ(html.find("touches at least 3 fields, even partly") != std::string::npos, !by_area);
    EXPECT_NE(html.find("A rule followed by a mark such as (Arbiter's ruling H-5a) is not the game's: the rule text is lost or "
                        "silent there, and Arbiter chose it."),
              std::string::npos);
  }
  fs::remove_all(folder);
}

// Hexabrae's rules page is enough to solve a puzzle by hand: it says what a bar is and how it lies
// on its field (its short sides on two opposite edges, its corners the hexagon's), when two bars
// touch, and which bars count toward an enclosure's majority under H-8 and H-8b, whose other values
// read otherwise. Until session 52 it gave no bar's shape and counted "the pieces" without saying
// which: a tester had to read docs/notation/hexabrae.md and `arbiter rules hexabrae`.
TEST(Book, HexabraesRulesPageSaysWhatABarIsAndWhichBarsAnEnclosureCounts) {
  const GameDescriptor& hexabrae = find_game("hexabrae");
  const std::string guide = guide_text(hexabrae);
  for (const char* words : {"its two short sides lie on two opposite edges of the field's hexagon, so its four corners are "
                            "four of the hexagon's six corners",
                            "end to end on one line, short side to short side, or, turned differently, corner to corner; two "
                            "bars turned the same way side by side do not touch",
                            "a bar lying loose inside, touching none of the group, neither divides the area nor counts",
                            "a bar touching the ring from inside counts, even though it separates nothing",
                            "/0 up-right (/), /1 vertical (|), /2 up-left (\\)",
                            "one touching at both short sides can neither move nor turn"}) {
    EXPECT_NE(guide.find(words), std::string::npos) << words << "\n" << guide;
  }
  const std::string other = guide_text(hexabrae, {"islands=included", "spurs=excluded", "orientation-numbers=clock"});
  for (const char* words : {"Bars lying loose inside it border it too and count",
                            "a bar all of whose sides face this one area does not count, however: one touching the ring "
                            "from inside and separating nothing, or a lone loose bar",
                            "/2 up-right (/), /1 vertical (|), /3 up-left (\\)"}) {
    EXPECT_NE(other.find(words), std::string::npos) << words << "\n" << other;
  }
  for (const char* words : {"neither divides the area", "even though it separates nothing"}) {
    EXPECT_EQ(other.find(words), std::string::npos) << words << "\n" << other;
  }
}

// Brochs' rules page marks the rules Arbiter chose for the lost part of the text (R-5's win by
// capturing Black down to 3 pieces, R-1's keeps, R-2's start, R-4's setting squares) as
// Arbiter's; it stated them as the game's until session 49. A Brique book has no such mark.
TEST(Book, BrochsRulesPageSaysWhichRulesAreArbitersRulings) {
  const std::string guide = guide_text(find_game("brochs"));
  for (const char* words : {"White wins when Black has fewer than 4 pieces left (Arbiter's ruling R-5)",
                            "each quadrant's centre square is its keep (Arbiter's ruling R-1)",
                            "sets them on the board (Arbiter's ruling R-2)",
                            "Black sets a piece on an empty square of the top row or an empty keep (Arbiter's ruling R-4)",
                            "reaching 400 plies (Arbiter's ruling R-13)", "a position occurring for the third time with the same side to move (Arbiter's ruling R-12)"}) {
    EXPECT_NE(guide.find(words), std::string::npos) << words << "\n" << guide;
  }
  EXPECT_EQ(guide.find("ruling R-6"), std::string::npos) << "R-6 is sourced";
  // "The third time a position recurs" read as its fourth occurrence; the game ends at the third.
  EXPECT_EQ(guide.find("recurs with"), std::string::npos) << guide;
  EXPECT_EQ(guide_text(find_game("brique")).find(kGapMark), std::string::npos);
}

// Quentin's rules page says what the text makes a territory: a region all of whose points are each
// orthogonally adjacent to at least two stones, board edges not counting under the default Q-1 (the
// seed's edge region b1-c1-d1 touches three stones and is none); and that the diagonal rule is
// judged after the fill (the seed's right-hand "Illegal moves" example). Until session 50 it said
// "every empty region touched by at least two stones is a territory" and put the diagonal rule
// with no order.
TEST(Book, QuentinsRulesPageSaysWhatMakesATerritoryAndWhenTheDiagonalRuleIsChecked) {
  const std::string guide = guide_text(find_game("quentin"));
  EXPECT_EQ(guide.find("touched by at least two stones"), std::string::npos) << guide;
  for (const char* words : {"A region is a territory when every one of its points is orthogonally adjacent to at least two "
                            "stones; the board's edges do not count",
                            "Only after the fill is the diagonal rule checked"}) {
    EXPECT_NE(guide.find(words), std::string::npos) << words << "\n" << guide;
  }
}

// Every game's rules page states every ruling's answer (each ruling is marked, so
// EachGuideFollowsTheRulingsItMarks checks the words change with its value; a ruling whose values
// only set another's is said through that one), and a book's page follows the rulings its puzzles
// hold under. Until session 50 Quentin's and Brique's pages were written under the defaults whatever
// the rulings: a book under opponent-chain=mover-wins and edges-count=yes said "Here, the player who
// made the move wins" and then "a fill that completes a chain wins for the chain's owner, whoever
// moved". Until session 52 Hexabrae's marked 4 of its 16 rulings (not H-8 and H-8b, which say which
// bars an enclosure counts) and Brochs' 8 of its 18 (none of its capture rulings).
TEST(Book, EachRulesPageStatesEveryRulingInForce) {
  for (const GameDescriptor* listed : registered_games()) {
    const GameDescriptor& game = *listed;
    const std::string name = game.name;
    const std::string guide = game.reading_guide(make_config(game, game.default_size, {}));
    for (const Ruling& ruling : game.rulings) {
      const bool sets_another = std::any_of(ruling.options.begin(), ruling.options.end(),
                                            [](const RulingOption& option) { return !option.sets.empty(); });
      if (!sets_another) {
        EXPECT_NE(guide.find("{" + ruling.id + "}"), std::string::npos) << name << " " << ruling.id;
      }
    }
  }
  const GameDescriptor& quentin = find_game("quentin");
  const std::string mover = guide_text(quentin, {"opponent-chain=mover-wins", "edges-count=yes"});
  EXPECT_EQ(mover.find("chain's owner"), std::string::npos) << mover;
  EXPECT_EQ(mover.find("edges do not count"), std::string::npos) << mover;
  EXPECT_NE(mover.find("wins for the player who made it"), std::string::npos) << mover;
  EXPECT_NE(mover.find("each board edge a point lies on counts as one stone toward the two"), std::string::npos) << mover;
  EXPECT_NE(guide_text(quentin, {"rules-version=boloa-wording"}).find("the mover's stones"), std::string::npos);
  const std::string brique = guide_text(find_game("brique"), {"light-squares=odd", "fill=keep-enemy", "pie=off"});
  for (const char* words : {"a1 light", "removed first", "can capture", "'swap'"}) {
    EXPECT_EQ(brique.find(words), std::string::npos) << words << "\n" << brique;
  }
  for (const char* words : {"a1 dark", "keeps it", "There is no pie swap"}) {
    EXPECT_NE(brique.find(words), std::string::npos) << words << "\n" << brique;
  }
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-guide-rulings-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book({puzzles_under_rulings().front()}, folder.string());
  const std::string tex = file_text(files.tex);
  EXPECT_NE(tex.find("Here, the player who made the move wins"), std::string::npos);
  EXPECT_EQ(tex.find("chain's owner"), std::string::npos);
  EXPECT_NE(tex.find("wins for the player who made it"), std::string::npos);
  fs::remove_all(folder);
}

// The rules page says each Brique and Quentin ruling that differs from the default in a reader's
// words, answering the ruling's question. Until session 50 it printed the meaning written for
// choosing among the alternatives: "Is the fill rule applied once after a placement, or repeated
// until no square qualifies? Here, nearest real alternative: fill empty squares only, enemy stones
// stay (the text removes them)", which answers another question in a designer's terms.
TEST(Book, EachRulingAlternativeIsSaidForAReader) {
  for (const char* name : {"brique", "quentin"}) {
    const GameDescriptor& game = find_game(name);
    for (const Ruling& ruling : game.rulings) {
      for (const RulingOption& option : ruling.options) {
        if (option.value == ruling.default_value) continue;  // the page names only the rulings that differ
        const std::string page = ruling_with_meaning(game, ruling.name + "=" + option.value);
        ASSERT_EQ(page.find(ruling.question + " Here, "), 0u) << page;
        for (const char* jargon : {"nearest", "alternative", "the text", " iff ", "+", "=", "Hex-style", "(region point", "analysing",
                                   "wording", "legality", "mover"}) {
          // The answer alone: the id and assignment close the sentence, as the puzzle's caption names them.
          const std::size_t from = ruling.question.size() + 7, to = page.rfind(" (" + ruling.id + " ");
          const std::string words = page.substr(from, to - from);
          EXPECT_EQ(words.find(jargon), std::string::npos) << name << " " << option.value << ": '" << jargon << "' in\n" << page;
        }
      }
    }
  }
  EXPECT_EQ(ruling_with_meaning(find_game("brique"), "fill=keep-enemy"),
            "Is the fill rule applied once after a placement, or repeated until no square qualifies? Here, the fill is made "
            "once after each placement and fills empty squares only: an enemy stone on a square that would be filled "
            "stays where it is, though the game's own rules would remove it (B-3 fill=keep-enemy)");
}

// Brique's rules page says what the text says of the edge: "some squares on the edge of the board
// have only one escort or no escorts at all" (a1, light, has none; under light-squares=odd the
// bottom-right corner, dark, has none; named so on every board size, since a book prints the page
// for puzzles of any size). Until session 50 it said "a square with an escort off the
// board has only one".
// A solution's text lists each move's fills in brackets (State::move_words), and the rules pages
// say so: Brique's said "The move's text does not list its fills: the solution's diagram shows
// them", Quentin's "the move's text does not list the fills", after the solutions came to list them.
// Where the pie rule is in force, they say what 'swap' does: Quentin's said only "'swap' is White's
// pie swap instead of his first move" (session 53), and a reader met "White to play, swapped".
TEST(Book, BriqueAndQuentinRulesPagesSayTheFillsAndTheSwap) {
  for (const char* name : {"brique", "quentin"}) {
    const std::string guide = guide_text(find_game(name));
    EXPECT_EQ(guide.find("does not list"), std::string::npos) << guide;
    EXPECT_NE(guide.find("a solution lists the move's fills in brackets after it"), std::string::npos) << guide;
    EXPECT_NE(guide.find("'swap' is White's pie swap"), std::string::npos) << guide;
    EXPECT_NE(guide.find("the players exchange colours and the stones stay"), std::string::npos) << guide;
  }
}

TEST(Book, BriquesRulesPageSaysAnEdgeSquareMayHaveNoEscort) {
  const GameDescriptor& brique = find_game("brique");
  const std::string guide = guide_text(brique);
  EXPECT_EQ(guide.find("has only one and"), std::string::npos) << guide;
  EXPECT_NE(guide.find("may have only one escort on the board, or none (a1 has none)"), std::string::npos) << guide;
  EXPECT_NE(guide_text(brique, {"light-squares=odd"}).find("(the bottom-right corner has none)"), std::string::npos);
  EXPECT_NE(guide_text(brique, {"escort-directions=facing"}).find("(a1 has none for Black, the bottom-right corner for White)"),
            std::string::npos);
}

// A position and a move in a reader's words, as a book says them under each diagram and in each
// solution, in each game's own terms (GameDescriptor::position_words, State::move_words): the
// positions of stored puzzles that a blind reader could not attempt (a diagram's title named only
// the side to move), and moves whose fills and enclosure the solution's text left to the picture.
TEST(Book, PositionsAndMovesInWords) {
  // The game and its state (a state refers to its game).
  const auto state_of = [](const std::string& line) { return load_position(find_game(line.substr(0, line.find(' '))), 0, {}, line); };
  const auto words = [&](const std::string& line) {
    const LoadedPosition loaded = state_of(line);
    const GameDescriptor& game = find_game(line.substr(0, line.find(' ')));
    EXPECT_TRUE(game.position_words) << game.name;
    return game.position_words ? game.position_words(*loaded.state) : "";
  };
  EXPECT_EQ(words("quentin 5 WWW.B/WBW../BBWB./B..../BB..W black 12"),
            "Black to move. White, 7 stones: a1, a2, b1, c1, c2, c3 and e5. Black, 8 stones: a3, a4, a5, b2, b3, b5, d3 and e1.");
  EXPECT_EQ(words("brique 7 .W...../.BB..BW/.BBWWB./..BBW.B/...WW.B/.BWW.W./WWW.... white 21"),
            "White to move. White, 13 stones: a7, b1, b7, c6, c7, d3, d5, d6, e3, e4, e5, f6 and g2. Black, 11 stones: b2, b3, "
            "b6, c2, c3, c4, d4, f2, f3, g4 and g5.");
  EXPECT_EQ(words("brochs 7 ..S+.W./.bB+W#./...+.../+WW++++/B.W+W../.w.+.#./W..+..W white 303 0 0"),
            "White to move. White, 9 pieces: a7, b4, b6, c4, c5, e2, e5, f1 and g7. Black, 3 ordinary pieces: a5, b2 and c2. "
            "Black's main piece (the Sorcerer): c1. Black's reserve: 0 pieces. Keeps: b2, b6, f2 and f6.");
  EXPECT_EQ(words("hexabrae 2 Ba2/0 Bb1/1 Bb4/1 Bc4/1 Wd1/2 Wd3/2 Bd4/2 We1/2 black 35"),
            "Black to move. Black, 5 bars: a2/0 (up-right), b1/1 (vertical), b4/1 (vertical), c4/1 (vertical) and d4/2 (up-left); "
            "5 in reserve. White, 3 bars: d1/2 (up-left), d3/2 (up-left) and e1/2 (up-left); 7 in reserve.");
  // A finished game has no side to move.
  EXPECT_EQ(words("hexabrae 2 Ba2/0 Bb1/1 Bb4/1 Bc4/1 Wd1/2 Wd3/2 Bd4/0 We1/2 white 36 over:black history:d4/2>d4/0"),
            "Black, 5 bars: a2/0 (up-right), b1/1 (vertical), b4/1 (vertical), c4/1 (vertical) and d4/0 (up-right); 5 in reserve. "
            "White, 3 bars: d1/2 (up-left), d3/2 (up-left) and e1/2 (up-left); 7 in reserve.");
  const auto does = [&](const std::string& line, const std::string& move) {
    const LoadedPosition loaded = state_of(line);
    return loaded.state->move_words(loaded.state->parse_move(move));
  };
  // As `arbiter explain` says them: "region d1 d2 e2 ... filled black", "Enclosure made: covers 3
  // field(s): c4 d3 d4".
  EXPECT_EQ(does("quentin 5 WWW.B/WBW../BBWB./B..../BB..W black 12", "e3"), "fills d1, d2 and e2 with black stones");
  // One point filled is "a black stone" (it read "fills a1 with black stones" until 29 November 2026).
  EXPECT_EQ(does("quentin 5 .B.../.B.../...W./...W./..... black 4", "a2"), "fills a1 with a black stone");
  // A move that fills nothing, and one whose text names its capture, say nothing more (Brique's fills
  // are checked in tests/cli/book.sh).
  EXPECT_EQ(does("brique 7 .W...../.BB..BW/.BBWWB./..BBW.B/...WW.B/.BWW.W./WWW.... white 21", "g6"), "");
  // A Brique fill of a square an enemy stone held says so: its mark looks like a fill of an empty one.
  EXPECT_EQ(does("brique 5 ...../..W../..BB./...W./..... black 4", "c4"), "fills d4 with a black stone, replacing White's stone");
  EXPECT_EQ(does("hexabrae 2 Ba2/0 Bb1/1 Bb4/1 Bc4/1 Wd1/2 Wd3/2 Bd4/2 We1/2 black 35", "d4/0"), "encloses c4, d3 and d4");
  EXPECT_EQ(does("brochs 7 ..S+.W./.bB+W#./...+.../+WW++++/B.W+W../.w.+.#./W..+..W white 303 0 0", "b4-a4"), "");
}

// A book written over an earlier one removes the earlier diagrams it would have written
// (puzzle-NNN.png, solution-NNN.png) and nothing else.
TEST(Book, RemovesTheDiagramsOfAnEarlierBookOnly) {
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-again-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder / "diagrams");
  const std::vector<std::string> old = {"puzzle-007.png", "solution-012.png", "puzzle-1234.png"};
  const std::vector<std::string> kept = {"notes.txt", "puzzle-cover.png", "puzzle-07.png", "solution-001.png.txt"};
  for (const std::string& name : old) std::ofstream(folder / "diagrams" / name) << "old";
  for (const std::string& name : kept) std::ofstream(folder / "diagrams" / name) << "mine";
  std::ofstream(folder / "cover.png") << "mine";
  const BookFiles files = write_book(puzzles_under_rulings(), folder.string());
  for (const std::string& name : old) EXPECT_FALSE(fs::exists(folder / "diagrams" / name)) << name;
  for (const std::string& name : kept) EXPECT_TRUE(fs::exists(folder / "diagrams" / name)) << name;
  EXPECT_TRUE(fs::exists(folder / "cover.png"));
  std::size_t pngs = 0;
  for (const auto& file : fs::directory_iterator(folder / "diagrams")) pngs += file.path().extension() == ".png";
  EXPECT_EQ(pngs, files.images.size() + 2) << "the book's own PNGs, puzzle-cover.png and puzzle-07.png";
  fs::remove_all(folder);
}

// A book stopped before its first PNG (the progress callback throws, as `arbiter book`'s does on
// a stop) leaves no empty diagrams/ that it made (one was left until session 50); one stopped
// among the PNGs keeps them, and a diagrams/ that was there before is left.
TEST(Book, AStopBeforeThePngsLeavesNoEmptyDiagramsFolder) {
  struct Stop {};
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-stop-" + std::to_string(::getpid()));
  const auto stopped_at = [&](const std::string& at_stage) {
    BookOptions options;
    options.progress = [&](const std::string& stage, int, int) {
      if (stage == at_stage) throw Stop{};
    };
    EXPECT_THROW(write_book(puzzles_under_rulings(), folder.string(), options), Stop) << at_stage;
  };
  fs::remove_all(folder);
  stopped_at("diagrams");
  EXPECT_FALSE(fs::exists(folder / "diagrams"));
  EXPECT_FALSE(fs::exists(folder / "book.html"));
  fs::remove_all(folder);
  stopped_at("puzzle PNGs");
  EXPECT_TRUE(fs::exists(folder / "diagrams" / "puzzle-001.png"));
  fs::remove_all(folder);
  fs::create_directories(folder / "diagrams");
  stopped_at("diagrams");
  EXPECT_TRUE(fs::exists(folder / "diagrams"));
  fs::remove_all(folder);
}

// Every diagram of one game and board in a book prints at one scale: a Hexabrae position that
// holds an invalid enclosure has two more lines in its key ("field the enclosure covers",
// "invalid ..."), and, each diagram fitted into its box with its key, its board printed at about two
// thirds of its neighbours' width (session 52). Read from book.html's geometry: the millimetres a
// drawing unit prints at (--diagram-height over the viewBox's height) are the same for both
// puzzles, and for both solutions, and the band still prints at 7.5 pt.
TEST(Book, EveryBoardOfOneGameAndSizePrintsAtOneScale) {
  const std::vector<Puzzle> puzzles = {
      within_two(16, "hexabrae", "hexabrae 2 Ba1/2 Bb3/0 Wc3/0 Wc5/2 Wd1/2 Bd2/0 Wd4/1 Be1/0 Be3/0 white 58",
                 {"place b1/2", "place e2/0", "b1-c2/1"}, 2),
      within_two(18, "hexabrae", "hexabrae 2 Ba2/2 Bb1/1 Wb2/1 Wb3/0 Bb4/0 Wc1/0 Wc4/0 Wd2/0 Bd3/1 Be1/0 We2/1 Be3/1 white 62",
                 {"place c5/0", "place d1/0", "c5-d4"}, 2)};
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-scale-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book(puzzles, folder.string());
  std::ifstream html_file(files.html);
  std::stringstream read;
  read << html_file.rdbuf();
  const std::string html = read.str();
  std::map<std::string, std::vector<double>> scales;  // "problem" and "solution": mm a unit, in book order
  std::vector<std::string> problems;
  for (std::size_t at = html.find("<svg "); at != std::string::npos; at = html.find("<svg ", at + 1)) {
    const std::string svg = html.substr(at, html.find("</svg>", at) - at);
    const std::string kind = svg.find("class=\"diagram solution\"") != std::string::npos ? "solution" : "problem";
    const std::size_t box = svg.find("viewBox=\"0 0 "), set = svg.find("--diagram-height: ");
    ASSERT_NE(box, std::string::npos);
    std::istringstream size(svg.substr(box + 13));
    double width = 0, height = 0;
    size >> width >> height;
    // Without a height of its own, a solution fits the print CSS's box (70 x 52 mm).
    const double mm_a_unit = set != std::string::npos ? std::stod(svg.substr(set + 18)) / height : std::min(70 / width, 52 / height);
    EXPECT_LE(width * mm_a_unit, (kind == "problem" ? 80 : 70) + 0.01) << kind << ": wider than its box";
    scales[kind].push_back(mm_a_unit);
    if (kind == "problem") problems.push_back(svg);
    // The status under the board still prints at the band's size.
    const std::size_t status = svg.find("class=\"status\"");
    ASSERT_NE(status, std::string::npos);
    const std::size_t font = svg.find("font-size=\"", svg.rfind("<text", status));
    EXPECT_GE(std::stod(svg.substr(font + 11)) * mm_a_unit * 72 / 25.4, 7.5 - 1e-6) << kind;
  }
  ASSERT_EQ(problems.size(), 2u);
  // The second's key has the two lines more; the first's has not.
  EXPECT_EQ(problems[0].find("field the enclosure covers"), std::string::npos);
  EXPECT_NE(problems[1].find("field the enclosure covers"), std::string::npos);
  for (const auto& [kind, of] : scales) {
    ASSERT_EQ(of.size(), 2u) << kind;
    EXPECT_NEAR(of[1] / of[0], 1.0, 0.005) << kind << ": the boards print at " << of[0] << " and " << of[1] << " mm a unit";
  }
  fs::remove_all(folder);
}

// A level compares puzzles of one game and kind only: a book of several games gives the difficulties
// per game, and its title page says what the number measures (a mixed book's subtitle read
// "47 puzzles, difficulty 1-3", as if one scale, and a Hexabrae 1 was its hardest to solve by hand).
TEST(Book, DifficultyIsSaidPerGameWithWhatItMeasures) {
  const Puzzle brique = within_two(2, "brique", "brique 2 B./.. white 1", {"a2", "b1", "b2"}, 1);
  Puzzle harder = brique;
  harder.difficulty = 3;
  const Puzzle hexabrae = within_two(16, "hexabrae", "hexabrae 2 Ba1/2 Bb3/0 Wc3/0 Wc5/2 Wd1/2 Bd2/0 Wd4/1 Be1/0 Be3/0 white 58",
                                     {"place b1/2", "place e2/0", "b1-c2/1"}, 2);
  EXPECT_EQ(difficulty_range({brique}), "difficulty 1");
  EXPECT_EQ(difficulty_range({harder, brique}), "difficulty 1-3");
  EXPECT_EQ(difficulty_range({hexabrae, harder, brique}), "difficulty by game: Brique 1-3, Hexabrae 2");
  const fs::path folder = fs::temp_directory_path() / ("arbiter-book-difficulty-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const BookFiles files = write_book({brique, hexabrae}, folder.string());
  for (const std::string& path : {files.html, files.tex}) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_NE(text.str().find("It compares puzzles of one game and kind only"), std::string::npos) << path;
    EXPECT_NE(text.str().find("measured from the solver's work on it"), std::string::npos) << path;
  }
  EXPECT_NE(command_output("pdftotext " + files.pdf + " - | tr '\\n' ' '").find("compares puzzles of one game and kind only"), std::string::npos);
  fs::remove_all(folder);
}

// The paragraphs of book.html's rules page that open "Rules: ", one a game.
std::vector<std::string> rules_lines(const std::string& html) {
  std::vector<std::string> lines;
  for (std::size_t at = html.find("<p>Rules: "); at != std::string::npos; at = html.find("<p>Rules: ", at + 1)) {
    lines.push_back(html.substr(at + 3, html.find("</p>", at) - at - 3));
  }
  return lines;
}

// The rules line of a game whose puzzles hold under rulings other than the defaults. With every
// puzzle under them it read "..., summarised below, except for every puzzle of this game: Do board
// edges count ...", though the summary below follows those rulings; with some, "except for puzzles
// 2-3: What ...", a capital after the colon. Now the rulings the summary follows are said so, and
// each ruling's question opens a sentence of its own.
TEST(Book, TheRulesLineSaysWhichPuzzlesHoldUnderWhichRulings) {
  const GameDescriptor& quentin = find_game("quentin");
  const std::string rulings = ruling_with_meaning(quentin, "edges-count=yes") + ". " + ruling_with_meaning(quentin, "opponent-chain=mover-wins") +
                              ". A puzzle under other rulings than the defaults names them below its diagram.";
  const std::string opening = "Rules: the game's rule text as Arbiter reads it (where the text leaves a question open, with Arbiter's default answer";
  const Puzzle ruled = puzzles_under_rulings().front();
  const Puzzle plain = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  const std::vector<std::string> every = rules_lines(std::get<0>(one_puzzle_book_texts(ruled, "all-ruled")));
  ASSERT_EQ(every.size(), 1u);
  EXPECT_EQ(every[0].find(opening + ", but for the 2 rulings that follow), summarised below; every puzzle of this game holds under them. " + rulings), 0u)
      << every[0];
  // The puzzle under the defaults comes first (the book's order).
  const std::vector<std::string> some = rules_lines(std::get<0>(book_texts({ruled, plain}, "some-ruled")));
  ASSERT_EQ(some.size(), 1u);
  EXPECT_EQ(some[0].find(opening + "), summarised below; puzzle 1 holds under them. Puzzle 2 holds under 2 other rulings. " + rulings), 0u)
      << some[0];
  for (const std::string& line : {every[0], some[0]}) {
    EXPECT_EQ(line.find("except"), std::string::npos) << line;
    EXPECT_FALSE(std::regex_search(line, std::regex(": [A-Z]"))) << line;
  }
}

// A book of one game speaks of that game only: a book of Brique puzzles said on its title page that
// "a 1 in one game may take longer to solve by hand than a 3 in another", that the next page gives
// "each game's rules", and that the puzzles were proved under the rulings it gives "for its game".
TEST(Book, AOneGameBookSpeaksOfThatGameOnly) {
  const Puzzle brique = within_two(33, "brique", "brique 5 ...../..BB./..B../.WWBW/.B... white 7", {"d3", "a4", "a5"}, 2);
  const auto [html, tex, pdf] = one_puzzle_book_texts(brique, "one-game");
  for (const std::string* text : {&html, &tex, &pdf}) {
    const char* which = text == &tex ? "tex" : text == &pdf ? "pdf" : "html";
    for (const char* mixed : {"in another", "one game", "each game", "for its game"}) EXPECT_EQ(text->find(mixed), std::string::npos) << which << ": " << mixed;
    EXPECT_NE(text->find("It compares puzzles of one kind only (a win in 2 with a win in 2)."), std::string::npos) << which;
    EXPECT_NE(text->find("rules and rulings that the next page gives: it wins within 2 moves"), std::string::npos) << which;
  }
  EXPECT_NE(html.find("The next page gives the rules of Brique and how its moves are written."), std::string::npos);
  const Puzzle quentin = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  const std::string mixed = std::get<0>(book_texts({brique, quentin}, "two-games"));
  EXPECT_NE(mixed.find("a 1 in one game may take longer to solve by hand than a 3 in another"), std::string::npos);
  EXPECT_NE(mixed.find("The next page gives each game's rules"), std::string::npos);
}

// A wrong move is named once, in bold, before what it does: "place e2/0? place e2/0 does not win
// at once" (a Hexabrae book, session 53) named it twice, as "c1? c1 does not win at once." and "d3?
// After d3, Black answers ..." did; `puzzles show` prints the same words after the move.
TEST(Book, AWrongMoveIsNamedOnce) {
  Puzzle p = within_two(16, "hexabrae", "hexabrae 2 Ba1/2 Bb3/0 Wc3/0 Wc5/2 Wd1/2 Bd2/0 Wd4/1 Be1/0 Be3/0 white 58",
                        {"place b1/2", "place e2/0", "b1-c2/1"}, 2);
  const auto game = make_game(find_game("hexabrae"), 2, {});
  const auto start = game->parse_position(p.position);
  const std::string move = "place e2/0", does = wrong_move_does(*start, move);
  const auto claimed = [&](const std::string& why) { return Refutation{move, {"d2/1"}, why, claim_of_sentence(move, why)}; };
  EXPECT_EQ(wrong_move_words(p, *start, claimed(move + " does not win at once.")), does + "Does not win at once.");
  EXPECT_EQ(wrong_move_words(p, *start, claimed(move + " ends the game: Black wins.")), does + "Ends the game: Black wins.");
  EXPECT_EQ(wrong_move_words(p, *start, claimed("After " + move + ", Black answers d2/1 and White cannot win within 2 moves.")),
            does + "Black answers d2/1 and White cannot win within 2 moves.");
  p.refutations = {claimed(move + " does not win at once.")};
  const std::string html = std::get<0>(one_puzzle_book_texts(p, "named-once"));
  EXPECT_NE(html.find("place e2/0?</b> " + xml_escape(does) + "Does not win at once."), std::string::npos) << html;
  EXPECT_EQ(html.find("place e2/0 does"), std::string::npos);
}

// A solution's result says who won and why the game ended, not again a note of the position that
// the puzzle's status gave: "White wins, swapped." (Quentin after the pie swap, session 53) read as
// though the swap had decided the game. A note the last move brought (a Hexabrae enclosure) stays.
TEST(Book, AResultSaysWhyTheGameEndedNotWhatThePuzzleSaid) {
  const Puzzle swapped = within_two(27, "quentin", "quentin 5 WBWWB/WWWBB/BW.../...B./BW... white 12 swapped", {"c4", "d3", "e5"}, 2);
  const auto [html, tex, pdf] = one_puzzle_book_texts(swapped, "result");
  EXPECT_NE(html.find("<p class=\"result\">White wins.</p>"), std::string::npos) << html;
  for (const std::string* text : {&html, &tex, &pdf}) EXPECT_EQ(text->find("wins, swapped."), std::string::npos);
  const Puzzle enclosed = within_two(16, "hexabrae", "hexabrae 2 Ba1/2 Bb3/0 Wc3/0 Wc5/2 Wd1/2 Bd2/0 Wd4/1 Be1/0 Be3/0 white 58",
                                     {"place b1/2", "place e2/0", "b1-c2/1"}, 2);
  EXPECT_NE(std::get<0>(one_puzzle_book_texts(enclosed, "enclosure")).find("<p class=\"result\">White wins, enclosure.</p>"), std::string::npos);
}

// A book is ordered by game, then board, then rulings (the defaults first), then kind (a win in 1
// before a win in 2, "win" last), then difficulty, then store id, and numbered in that order: in the
// store's order, by difficulty, a page's boards alternated in size.
TEST(Book, PuzzlesAreOrderedByGameBoardKindAndDifficulty) {
  const Puzzle tiny = within_two(2, "brique", "brique 2 B./.. white 1", {"a2", "b1", "b2"}, 1);
  const Puzzle five = within_two(33, "brique", "brique 5 ...../..BB./..B../.WWBW/.B... white 7", {"d3", "a4", "a5"}, 3);
  Puzzle won = within_two(30, "brique", "brique 5 B..B./..BB./...WW/..B../.WWWB black 10", {"a5", "b4", "a4", "b3", "a3", "a2", "b2"}, 2);
  won.kind = PuzzleKind::Wins;
  won.within = 0;
  const Puzzle six = within_two(11, "brique", "brique 6 ....../BWB.BB/.WBWBB/WWWW../.WWW../BBWW.. black 18", {"a1"}, 1);
  const Puzzle quentin = within_two(8, "quentin", "quentin 5 ..WWB/W..BB/BB.WW/WW..B/WBB.. black 14", {"b2", "a1", "c4"}, 2);
  const std::string html = std::get<0>(book_texts({quentin, six, won, five, tiny}, "order"));
  std::vector<std::string> order;
  const std::regex solution(R"re(<div class="solution" id="solution-(\d+)">[\s\S]*?store id (\d+))re");
  for (std::sregex_iterator m(html.begin(), html.end(), solution), end; m != end; ++m) order.push_back((*m)[1].str() + ":" + (*m)[2].str());
  EXPECT_EQ(order, (std::vector<std::string>{"1:2", "2:33", "3:30", "4:11", "5:8"}));
}

TEST(Book, RefusesAnEmptyListAndAnUnwritableFolder) {
  EXPECT_THROW(write_book({}, (fs::temp_directory_path() / "arbiter-empty-book").string()), InputError);
  Puzzle puzzle;
  puzzle.game = "nosuchgame";
  EXPECT_THROW(write_book({puzzle}, "/proc/arbiter-book"), InputError);
}

}  // namespace
}  // namespace arbiter::puzzles

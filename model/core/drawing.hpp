#pragma once
// A position as plain geometry (shapes in abstract units), produced by a game and turned into SVG,
// PNG or PDF by the generic renderer in puzzles/. Games know their geometry; the renderer knows the
// formats and the physical size (it scales the whole drawing to a printed width, so the units are
// the game's own choice).
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/text.hpp"

namespace arbiter {

struct Shape {
  enum class Kind { Polygon, Circle, Line, Text };
  Kind kind = Kind::Polygon;
  std::vector<std::pair<double, double>> points;  // polygon corners, line ends, circle centre, text anchor
  double radius = 0;                               // circles
  std::string fill = "none";                       // "none", "black", "white", "red", #rgb, #rrggbb or #rrggbbaa
  std::string stroke = "none";  // on text: a halo, painted under the letters
  double stroke_width = 0;
  std::string text;        // Text shapes
  double font_size = 0;    // Text shapes
  bool text_from_left = false;  // Text shapes: the anchor is the left end of the text, not its middle
  bool bold = false;            // Text shapes
  std::string role;        // what it depicts ("keep", "enclosure", "stone"), emitted as an SVG class;
                           // "<role>-tag": the plate under a label of that role, which a book that
                           // prints the label larger enlarges with it
};

// The filled polygons, rectangles and labels every game draws.
inline Shape polygon_shape(std::vector<std::pair<double, double>> points, std::string fill, std::string stroke,
                           double stroke_width, std::string role) {
  Shape s;
  s.kind = Shape::Kind::Polygon;
  s.points = std::move(points);
  s.fill = std::move(fill);
  s.stroke = std::move(stroke);
  s.stroke_width = stroke_width;
  s.role = std::move(role);
  return s;
}

inline Shape rectangle_shape(double x0, double y0, double x1, double y1, std::string fill, std::string stroke,
                             double stroke_width, std::string role) {
  return polygon_shape({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, std::move(fill), std::move(stroke), stroke_width,
                       std::move(role));
}

// A circle (a disc when filled, a ring when only stroked) centred on (x, y).
inline Shape circle_shape(double x, double y, double radius, std::string fill, std::string stroke, double stroke_width,
                          std::string role) {
  Shape s;
  s.kind = Shape::Kind::Circle;
  s.points = {{x, y}};
  s.radius = radius;
  s.fill = std::move(fill);
  s.stroke = std::move(stroke);
  s.stroke_width = stroke_width;
  s.role = std::move(role);
  return s;
}

// A label anchored at its middle (set text_from_left to anchor it at its left end).
inline Shape text_shape(double x, double y, std::string text, double font_size, std::string fill, std::string role) {
  Shape s;
  s.kind = Shape::Kind::Text;
  s.points = {{x, y}};
  s.text = std::move(text);
  s.font_size = font_size;
  s.fill = std::move(fill);
  s.role = std::move(role);
  return s;
}

// One entry of a picture's key: a swatch (shapes in the unit square [0,1] x [0,1], stroke widths
// in its units) and the words saying what it stands for ("keep", "enclosure, White majority").
struct KeyEntry {
  std::vector<Shape> swatch;
  std::string words;
};

struct Drawing {
  double width = 0;   // the picture spans [0,width] x [0,height], y pointing down
  double height = 0;
  std::string title;
  std::vector<Shape> shapes;  // painted in order
  // What the picture's marks mean. The generic diagram (puzzles/diagram.hpp) lays it out under the
  // picture at the size of the status line, which a book sets to print readably: a key drawn in
  // the board's units printed at under 6 pt where a book prints the board small.
  std::vector<KeyEntry> key;
};

// Where a move happens on the picture, so that generic code can mark the last move or number the
// moves of a solution: the centre of the square, point or field the move places or moves onto, and
// the radius of a mark that fits there.
struct MoveAnchor {
  double x = 0;
  double y = 0;
  double radius = 0;
  // Half the width of the place itself (a square's half side, a hexagon's inner radius): a move's
  // number may take its place up to there and no further, or it covers the places around it. 0
  // when the game does not say: 1.25 times `radius`.
  double room = 0;
  // The place is a square of side 2 * room (a board's square, or the square around a point of a
  // grid): a number may fill it to its corners, which leaves it more room than a disc.
  bool square = false;
  // Where a move's number stands, when not in the middle: an offset from (x, y) and the half width
  // the number may take there (0: in the middle, within `room`). A game whose place's middle holds
  // what a reader must still see under a solution's numbers sets it (Hexabrae writes each field's
  // name in its middle, over the bar's: a number there hid both; it stands in a corner the bar
  // leaves open).
  double number_dx = 0, number_dy = 0, number_room = 0;
  // How far from (x, y) what the place shows in its middle reaches, that the last move's ring (and
  // the white band under it) must go round, not over (Hexabrae's field name with its halo: a pale
  // name on the band was lost); 0 when nothing there needs it.
  double clear = 0;
};

// What a move does on the picture besides landing on its anchor, so that generic code can show a
// reader where the last move's piece came from and what it took: the place the piece left (none
// for a placement, or a turn on the spot) and the places whose pieces the move removed.
struct MoveTrace {
  std::optional<MoveAnchor> origin;
  std::vector<MoveAnchor> removed;
  // The place of a piece that made the move from afar without leaving it (a Brochs keep's curse
  // on a piece across the board), and what the picture's key calls it ("cursing keep"); none for
  // a move made by the piece that moves or lands.
  std::optional<MoveAnchor> source;
  std::string source_words;
  // The places whose contents the move changed besides where it landed, the place its piece left
  // and the places it emptied: a piece added elsewhere (a fill) or turned to the other side. A
  // reader of the position after sees those pieces but not that the move put them there.
  std::vector<MoveAnchor> changed;
  // What the key says of them, a participle ("filled"); "" for "changed".
  std::string changed_words;
};

// A placement's trace from the board's cells before and after it (the same size, one value a cell,
// `empty` for none): each cell other than `landed` that the move emptied goes to `removed`, each
// it filled or turned to `changed`, at anchor_of(cell index) (a game's MoveAnchor of a placement
// there). `words`: MoveTrace::changed_words.
template <class Cells, class AnchorOf>
MoveTrace placement_trace(const Cells& before, const Cells& after, std::size_t landed, typename Cells::value_type empty,
                          AnchorOf anchor_of, std::string words) {
  MoveTrace trace;
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    if (i == landed || before[i] == after[i]) continue;
    (after[i] == empty ? trace.removed : trace.changed).push_back(anchor_of(i));
  }
  trace.changed_words = std::move(words);
  return trace;
}

// A placement's fills in a reader's words (State::move_words), from the same cells as
// placement_trace: each cell other than `landed` that the move filled or turned, by its name
// (name_of(cell index), as moves write it), grouped by what it holds after (stones_of(value): the
// words for one and for more, {"a black stone", "black stones"}), "fills d1, d2 and e2 with black
// stones", "fills b4 with a black stone"; "" when the move filled none.
template <class Cells, class NameOf, class StonesOf>
std::string placement_fill_words(const Cells& before, const Cells& after, std::size_t landed, typename Cells::value_type empty,
                                 NameOf name_of, StonesOf stones_of) {
  std::vector<std::pair<typename Cells::value_type, std::vector<std::string>>> groups;
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    if (i == landed || before[i] == after[i] || after[i] == empty) continue;
    std::size_t g = 0;
    while (g < groups.size() && groups[g].first != after[i]) ++g;
    if (g == groups.size()) groups.push_back({after[i], {}});
    groups[g].second.push_back(name_of(i));
  }
  std::string words;
  for (const auto& [value, names] : groups) {
    const std::pair<std::string, std::string> stones = stones_of(value);
    words += (words.empty() ? "fills " : ", ") + listed(names) + " with " + (names.size() == 1 ? stones.first : stones.second);
  }
  return words;
}

}  // namespace arbiter

// The position as geometry: the hexagonal fields and the bars on them, for the generic renderer.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

// The real-plane point of a lattice point, in drawing units (hexagon side 1), y pointing down.
std::pair<double, double> to_plane(const LatticePoint& p) { return {p.x / 2.0, -static_cast<double>(p.y) * std::sqrt(3.0) / 2.0}; }

// Enclosure fills say who holds the majority inside; the legend under the board repeats it. Printed
// in grey, or seen by a reader who tells red from green poorly, two fills came out alike (blue and
// purple: grey 184 and 169), so a Black majority is also hatched in dark lines, and the fills are
// a blue and an orange, which readers of either kind of red-green blindness tell apart.
constexpr const char* kWhiteMajorityFill = "#56b4e980";
constexpr const char* kBlackMajorityFill = "#e69f0080";
constexpr const char* kHatchStroke = "#202020";
constexpr const char* kTieFill = "#f0e44280";
constexpr const char* kInvalidFill = "#70707080";
// A covered field's outline is dashed and thicker than the fields' borders, in a dark red: solid
// and thin, it printed in the borders' mid grey.
constexpr const char* kCoveredStroke = "#a01c10";
constexpr double kCoveredWidth = 0.11;

// The hatch of a Black majority: lines x + y = c, `spacing` apart (across them), clipped to a
// convex polygon. The lines are placed on the plane, not per polygon, so that the triangles and
// hexagons of one enclosure hatch as one area.
std::vector<Shape> hatch(const std::vector<std::pair<double, double>>& polygon, double spacing, double width, const std::string& role) {
  std::vector<Shape> lines;
  if (polygon.size() < 3) return lines;
  const double step = spacing * std::sqrt(2.0);
  double low = polygon[0].first + polygon[0].second, high = low;
  for (const auto& [x, y] : polygon) {
    low = std::min(low, x + y);
    high = std::max(high, x + y);
  }
  for (double c = std::ceil(low / step) * step; c < high; c += step) {
    std::vector<std::pair<double, double>> ends;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      const auto [x0, y0] = polygon[i];
      const auto [x1, y1] = polygon[(i + 1) % polygon.size()];
      const double a = x0 + y0 - c, b = x1 + y1 - c;
      if ((a < 0) == (b < 0) || a == b) continue;
      const double t = a / (a - b);
      ends.emplace_back(x0 + t * (x1 - x0), y0 + t * (y1 - y0));
    }
    if (ends.size() < 2) continue;
    Shape line;
    line.kind = Shape::Kind::Line;
    line.points = {ends[0], ends[1]};
    line.stroke = kHatchStroke;
    line.stroke_width = width;
    line.role = role;
    lines.push_back(std::move(line));
  }
  return lines;
}

// A dashed outline of a closed polygon: each side in dashes of a third of it with gaps between,
// the same from either end, so that two covered fields that share a side draw the same dashes. Each
// dash on a white dash twice as wide: the dark red alone stood 2.1:1 against a black bar, and
// dashes vanished where they crossed one.
std::vector<Shape> dashed_outline(const std::vector<std::pair<double, double>>& polygon, const std::string& stroke, double width,
                                  const std::string& role) {
  std::vector<Shape> dashes;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const auto [x0, y0] = polygon[i];
    const auto [x1, y1] = polygon[(i + 1) % polygon.size()];
    for (const auto& [from, to] : {std::pair{0.0, 0.22}, std::pair{0.39, 0.61}, std::pair{0.78, 1.0}}) {
      Shape dash;
      dash.kind = Shape::Kind::Line;
      dash.points = {{x0 + from * (x1 - x0), y0 + from * (y1 - y0)}, {x0 + to * (x1 - x0), y0 + to * (y1 - y0)}};
      dash.stroke = "#ffffff";
      dash.stroke_width = width * 2;
      dash.role = role + "-band";
      dashes.push_back(dash);
      dash.role = role;
      dash.stroke = stroke;
      dash.stroke_width = width;
      dashes.push_back(std::move(dash));
    }
  }
  return dashes;
}

// Units: the hexagon side. The renderer scales the whole drawing to its printed width.
struct Frame {
  double extent_x, extent_y, margin;
  std::pair<double, double> at(const LatticePoint& p) const {
    const auto [x, y] = to_plane(p);
    return {x + extent_x + margin, y + extent_y + margin};
  }
};

// A move's mark is centred on its field, where the field's name stands: the last move's ring (0.45
// of this radius) goes round a name of two characters, where at 0.45 it crossed it.
constexpr double kAnchorRadius = 0.7;

// The field names' font size and halo (drawing units), and how far a name with its halo reaches
// from the field's centre, that the last move's ring and its white band go round
// (MoveAnchor::clear): the half diagonal of its box, each character at most 0.64 em wide (DejaVu
// Sans' digits 0.636, its letters a to i at most 0.634) and 0.76 em high (an ascender), plus the
// halo. The ring of 0.45 * kAnchorRadius had its band over "c3": a pale name on a black bar was
// lost on the band's white.
constexpr double kNameSize = 0.3, kNameHalo = 0.08;
double name_reach(const std::string& name) {
  return std::hypot(0.32 * kNameSize * static_cast<double>(name.size()), 0.38 * kNameSize) + kNameHalo / 2;
}

Frame frame_of(const HexBoard& board) {
  return {1.5 * board.radius() + 1.0, std::sqrt(3.0) * (board.radius() + 0.5), 0.6};
}

}  // namespace

std::optional<MoveAnchor> HexabraeState::move_anchor(Move m) const {
  const MoveParts parts = decode_move(m);
  if (parts.kind == MoveKind::Pass) return std::nullopt;
  const int field = parts.kind == MoveKind::Rotate ? parts.from : parts.to;
  const Frame frame = frame_of(*board_);
  const auto [x, y] = frame.at(board_->centre(field));
  MoveAnchor anchor{x, y, kAnchorRadius, std::sqrt(3.0) / 2};  // the hexagon's inner radius (side 1)
  anchor.clear = name_reach(board_->name(field));
  // A solution's number goes into a corner the bar leaves open (the field's name and the bar's
  // middle stay in sight): of the two vertices the bar after the move does not reach, the upper
  // one (the right one at the same height). The open corner is a triangle of height 1/2 and base
  // sqrt(3) (its inscribed circle, of radius 0.23, held a 4.3 pt number where a radius-3 book
  // prints a field's side 2.7 mm). Its badge, centred 0.9 of the way out, may grow to 0.5: a 6 pt
  // number there covers the tip of the field's corner, where three fields meet, and the bar's
  // edge by a tenth of a side at most, clear of the name.
  const int orientation = parts.kind == MoveKind::Slide ? orientation_of(position_.cells[static_cast<std::size_t>(parts.from)])
                                                        : parts.orientation;
  const std::array<LatticePoint, 4> bar = board_->bar(field, orientation);
  std::optional<std::pair<double, double>> corner;
  for (int j = 0; j < 6; ++j) {
    const LatticePoint v = board_->vertex(field, j);
    if (std::find(bar.begin(), bar.end(), v) != bar.end()) continue;
    const auto [vx, vy] = frame.at(v);
    if (!corner || vy < corner->second - 1e-9 || (vy < corner->second + 1e-9 && vx > corner->first)) corner = std::pair{vx, vy};
  }
  if (corner) {
    anchor.number_dx = 0.9 * (corner->first - x);
    anchor.number_dy = 0.9 * (corner->second - y);
    anchor.number_room = 0.5;
  }
  return anchor;
}

MoveTrace HexabraeState::move_trace(Move m) const {
  const MoveParts parts = decode_move(m);
  MoveTrace trace;
  if (parts.kind == MoveKind::Slide || parts.kind == MoveKind::SlideRotate || parts.kind == MoveKind::RotateSlide) {
    const auto [x, y] = frame_of(*board_).at(board_->centre(parts.from));
    trace.origin = MoveAnchor{x, y, kAnchorRadius};
  }
  return trace;
}

Drawing HexabraeState::drawing() const {
  Drawing d;
  const Frame frame = frame_of(*board_);
  d.width = 2 * (frame.extent_x + frame.margin);
  const double board_height = 2 * (frame.extent_y + frame.margin);
  d.height = board_height;
  d.title = "Hexabrae, radius " + std::to_string(board_->radius()) + ": " + status_text(position_);
  auto at = [&](const LatticePoint& p) { return frame.at(p); };
  auto polygon = [&](std::vector<std::pair<double, double>> points, const std::string& fill, const std::string& stroke,
                     double width, const std::string& role) {
    d.shapes.push_back(polygon_shape(std::move(points), fill, stroke, width, role));
  };
  auto text = [&](double x, double y, std::string content, double size, const std::string& colour, const std::string& role,
                  bool from_left) {
    d.shapes.push_back(text_shape(x, y, std::move(content), size, colour, role));
    d.shapes.back().text_from_left = from_left;
  };
  auto hexagon = [&](int f) {
    std::vector<std::pair<double, double>> points;
    for (int j = 0; j < 6; ++j) points.push_back(at(board_->vertex(f, j)));
    return points;
  };
  for (int f = 0; f < board_->fields(); ++f) polygon(hexagon(f), "#f4ecd8", "#9a8f7a", 0.025, "field");
  EnclosureList enclosures;
  find_enclosures(*board_, position_.cells, rules_.enclosure_rules(), enclosures);
  for (const Enclosure& e : enclosures) {
    const std::string fill = !e.valid()           ? kInvalidFill
                             : e.majority() < 0   ? kTieFill
                             : e.majority() == 0  ? kWhiteMajorityFill
                                                  : kBlackMajorityFill;
    const bool hatched = fill == kBlackMajorityFill;
    auto area = [&](const std::vector<std::pair<double, double>>& points) {
      polygon(points, fill, "none", 0, "enclosure");
      if (hatched) {
        for (Shape& line : hatch(points, 0.2, 0.035, "enclosure")) d.shapes.push_back(std::move(line));
      }
    };
    for (int f = 0; f < board_->fields(); ++f) {
      const unsigned slots = e.open_slots[static_cast<std::size_t>(f)];
      if (slots == 0) continue;
      if (slots == 0x3F) {
        area(hexagon(f));
        continue;
      }
      // An apex triangle owning slots k and k+1 has its apex at vertex k+1.
      for (int k = 0; k < 6; ++k) {
        if ((slots >> k & 1) && (slots >> ((k + 1) % 6) & 1)) {
          area({at(board_->vertex(f, k)), at(board_->vertex(f, k + 1)), at(board_->vertex(f, k + 2))});
        }
      }
    }
    for (int f = 0; f < board_->fields(); ++f) {
      if (!e.covered.has(f)) continue;
      for (Shape& dash : dashed_outline(hexagon(f), kCoveredStroke, kCoveredWidth, "covered-field")) d.shapes.push_back(std::move(dash));
    }
  }
  for (int f = 0; f < board_->fields(); ++f) {
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty) continue;
    std::vector<std::pair<double, double>> corners;
    for (const LatticePoint& c : board_->bar(f, orientation_of(cell))) corners.push_back(at(c));
    const bool white = colour_of(cell) == 0;
    polygon(std::move(corners), white ? "#ffffff" : "#202020", white ? "#202020" : "#000000", 0.04, white ? "white-piece" : "black-piece");
  }
  // Field names stand in the middle of their fields, over the bars and the enclosures, with a pale
  // halo that keeps them readable on a bar or a shading and leaves what they stand on showing
  // between and around their letters (a pale tag under each name hid the bars' middles, and in a
  // book, where the names print larger, most of the board). No spot of a field is free of bars: a
  // bar leaves open only two triangles at opposite corners, a different pair for each
  // orientation. The middle is inside the field's own bar, whatever its orientation; near an edge,
  // a name read as the neighbouring field's ('e2' sat at the bottom of its field, just over the
  // bar in e3). Every name is the same offset from its field's centre, so a book that prints them
  // larger finds them as far apart as before. On a black bar a name is pale, with a dark halo.
  for (int f = 0; f < board_->fields(); ++f) {
    const auto [cx, cy] = at(board_->centre(f));
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(f)];
    const bool on_black = cell != kEmpty && colour_of(cell) == 1;
    text(cx, cy, board_->name(f), kNameSize, on_black ? "#fffdf6" : "#4a4030", "coordinate", false);
    d.shapes.back().stroke = on_black ? "#202020" : "#fffdf6";
    d.shapes.back().stroke_width = kNameHalo;
  }
  // The key names what the board shows: the kinds of enclosure on it and, if any, a covered field
  // (a key of all five kinds took room from the board where one or none was drawn).
  bool covered = false;
  std::array<bool, 4> shown{};  // White majority, Black majority, tied, invalid
  for (const Enclosure& e : enclosures) {
    shown[!e.valid() ? 3 : e.majority() < 0 ? 2 : e.majority() == 0 ? 0 : 1] = true;
    for (int f = 0; f < board_->fields(); ++f) covered = covered || e.covered.has(f);
  }
  const std::array<std::pair<const char*, const char*>, 5> all_entries{{
      {kWhiteMajorityFill, "enclosure, White majority"},
      {kBlackMajorityFill, "enclosure, Black majority"},
      {"none", "field the enclosure covers"},
      {kTieFill, "enclosure, tied"},
      {kInvalidFill, rules_.size_by_area ? "invalid (area under 3 fields, or one colour)" : "invalid (under 3 fields, or one colour)"},
  }};
  const std::array<bool, 5> present{shown[0], shown[1], covered, shown[2], shown[3]};
  std::vector<std::pair<const char*, const char*>> entries;
  for (std::size_t i = 0; i < all_entries.size(); ++i) {
    if (present[i]) entries.push_back(all_entries[i]);
  }
  // The key under the picture (puzzles/diagram.hpp lays it out at the status line's size). First,
  // while bars remain to be placed, each side's reserve: a solution may place one, and a reader
  // could only count the bars on the board against the 10 each side has (Brochs says its reserve
  // under the board too). Short, so that both stand on one row of the key.
  if (position_.placed[0] < kPiecesPerSide || position_.placed[1] < kPiecesPerSide) {
    for (int side = 0; side < 2; ++side) {
      const int left = kPiecesPerSide - position_.placed[static_cast<std::size_t>(side)];
      const bool white = side == 0;
      d.key.push_back({{polygon_shape({{0.05, 0.3}, {0.95, 0.3}, {0.95, 0.7}, {0.05, 0.7}}, white ? "#ffffff" : "#202020",
                                      white ? "#202020" : "#000000", 0.06, "reserve")},
                       std::string(kSideName[static_cast<std::size_t>(side)]) + " reserve: " + std::to_string(left)});
    }
  }
  const std::vector<std::pair<double, double>> swatch = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (const auto& [fill, words] : entries) {
    const std::string colour = fill;
    std::vector<Shape> shapes;
    if (colour == "none") {
      shapes = dashed_outline(swatch, kCoveredStroke, 0.16, "legend");
    } else {
      // The hatch is drawn as on the board, where a field is about as wide as the swatch.
      if (colour == kBlackMajorityFill) shapes = hatch(swatch, 0.2, 0.045, "legend");
      shapes.insert(shapes.begin(), polygon_shape(swatch, colour, "#555555", 0.06, "legend"));
    }
    d.key.push_back({std::move(shapes), words});
  }
  return d;
}

}  // namespace arbiter::hexabrae

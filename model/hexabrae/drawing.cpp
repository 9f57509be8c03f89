// The position as geometry: the hexagonal fields and the bars on them, for the generic renderer.
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

// The real-plane point of a lattice point, in drawing units (hexagon side 1), y pointing down.
std::pair<double, double> to_plane(const LatticePoint& p) { return {p.x / 2.0, -static_cast<double>(p.y) * std::sqrt(3.0) / 2.0}; }

// Enclosure fills say who holds the majority inside; the legend under the board repeats it.
constexpr const char* kWhiteMajorityFill = "#4a90d980";
constexpr const char* kBlackMajorityFill = "#8e44ad80";
constexpr const char* kTieFill = "#e6c20080";
constexpr const char* kInvalidFill = "#9e9e9e80";
constexpr const char* kCoveredStroke = "#c0392b";

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

Frame frame_of(const HexBoard& board) {
  return {1.5 * board.radius() + 1.0, std::sqrt(3.0) * (board.radius() + 0.5), 0.6};
}

}  // namespace

std::optional<MoveAnchor> HexabraeState::move_anchor(Move m) const {
  const MoveParts parts = decode_move(m);
  if (parts.kind == MoveKind::Pass) return std::nullopt;
  const int field = parts.kind == MoveKind::Rotate ? parts.from : parts.to;
  const auto [x, y] = frame_of(*board_).at(board_->centre(field));
  return MoveAnchor{x, y, kAnchorRadius, std::sqrt(3.0) / 2};  // the hexagon's inner radius (side 1)
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
    for (int f = 0; f < board_->fields(); ++f) {
      const unsigned slots = e.open_slots[static_cast<std::size_t>(f)];
      if (slots == 0) continue;
      if (slots == 0x3F) {
        polygon(hexagon(f), fill, "none", 0, "enclosure");
        continue;
      }
      // An apex triangle owning slots k and k+1 has its apex at vertex k+1.
      for (int k = 0; k < 6; ++k) {
        if ((slots >> k & 1) && (slots >> ((k + 1) % 6) & 1)) {
          polygon({at(board_->vertex(f, k)), at(board_->vertex(f, k + 1)), at(board_->vertex(f, k + 2))}, fill, "none", 0,
                  "enclosure");
        }
      }
    }
    for (int f = 0; f < board_->fields(); ++f) {
      if (e.covered.has(f)) polygon(hexagon(f), "none", kCoveredStroke, 0.06, "covered-field");
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
  constexpr double kNameSize = 0.3;
  for (int f = 0; f < board_->fields(); ++f) {
    const auto [cx, cy] = at(board_->centre(f));
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(f)];
    const bool on_black = cell != kEmpty && colour_of(cell) == 1;
    text(cx, cy, board_->name(f), kNameSize, on_black ? "#fffdf6" : "#4a4030", "coordinate", false);
    d.shapes.back().stroke = on_black ? "#202020" : "#fffdf6";
    d.shapes.back().stroke_width = 0.08;
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
  for (const auto& [fill, words] : entries) {
    const bool outline = std::string(fill) == "none";
    d.key.push_back({{polygon_shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, fill, outline ? kCoveredStroke : "#555555",
                                    outline ? 0.16 : 0.06, "legend")},
                     words});
  }
  return d;
}

}  // namespace arbiter::hexabrae

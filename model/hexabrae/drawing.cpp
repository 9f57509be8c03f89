// The position as geometry: the hexagonal fields and the bars on them, for the generic renderer.
#include <cmath>
#include <utility>

#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

// The real-plane point of a lattice point, in drawing units (hexagon side 1), y pointing down.
std::pair<double, double> to_plane(const LatticePoint& p) { return {p.x / 2.0, -static_cast<double>(p.y) * std::sqrt(3.0) / 2.0}; }

}  // namespace

Drawing HexabraeState::drawing() const {
  Drawing d;
  const double extent_x = 1.5 * board_->radius() + 1.0, extent_y = std::sqrt(3.0) * (board_->radius() + 0.5);
  const double margin = 0.6, scale = 1.0;  // units: the hexagon side; the renderer scales
  d.width = 2 * (extent_x + margin) * scale;
  d.height = 2 * (extent_y + margin) * scale;
  d.title = "Hexabrae, radius " + std::to_string(board_->radius()) + ": " + status_text(position_);
  auto at = [&](const LatticePoint& p) {
    const auto [x, y] = to_plane(p);
    return std::pair<double, double>{(x + extent_x + margin) * scale, (y + extent_y + margin) * scale};
  };
  auto polygon = [&](std::vector<std::pair<double, double>> points, const std::string& fill, const std::string& stroke,
                     double width, const std::string& role) {
    Shape s;
    s.kind = Shape::Kind::Polygon;
    s.points = std::move(points);
    s.fill = fill;
    s.stroke = stroke;
    s.stroke_width = width;
    s.role = role;
    d.shapes.push_back(std::move(s));
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
    const std::string fill = !e.valid() ? "#9e9e9e80" : e.majority() < 0 ? "#e6c20080" : "#2e9d4a80";
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
      if (e.covered.has(f)) polygon(hexagon(f), "none", "#c0392b", 0.06, "covered-field");
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
  for (int f = 0; f < board_->fields(); ++f) {
    Shape label;
    label.kind = Shape::Kind::Text;
    const auto [cx, cy] = at(board_->centre(f));
    label.points = {{cx, cy + 0.55 * scale}};
    label.text = board_->name(f);
    label.font_size = 0.28 * scale;
    label.fill = "#6b5f4a";
    label.role = "field-name";
    d.shapes.push_back(std::move(label));
  }
  return d;
}

}  // namespace arbiter::hexabrae

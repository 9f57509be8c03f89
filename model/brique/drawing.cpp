// The position as geometry: squares shaded per the light-squares ruling, stones, coordinates and
// the coloured board edges (black top and bottom, white left and right).
#include "model/brique/explain.hpp"
#include "model/brique/notation.hpp"

namespace arbiter::brique {

namespace {
constexpr double kCell = 40, kMargin = 40, kEdge = 8;  // drawing units
}  // namespace

std::optional<MoveAnchor> draw_anchor(const Position& p, Move m) {
  const int n = p.n();
  if (m >= static_cast<Move>(n * n)) return std::nullopt;
  const int r = static_cast<int>(m) / n, c = static_cast<int>(m) % n;
  return MoveAnchor{kMargin + (c + 0.5) * kCell, kMargin + (r + 0.5) * kCell, kCell * 0.4};
}

Drawing draw(const Position& p) {
  const int n = p.n();
  Drawing d;
  d.width = d.height = 2 * kMargin + n * kCell;
  d.title = "Brique " + std::to_string(n) + "x" + std::to_string(n) + ": " + status_text(p);
  auto rect = [](double x0, double y0, double x1, double y1, std::string fill, std::string role) {
    Shape s;
    s.kind = Shape::Kind::Polygon;
    s.points = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    s.fill = std::move(fill);
    s.stroke = "#555555";
    s.stroke_width = 0.5;
    s.role = std::move(role);
    return s;
  };
  const double lo = kMargin, hi = kMargin + n * kCell;
  // Black's edges (top, bottom) and White's (left, right), drawn as bars along the board.
  d.shapes.push_back(rect(lo, lo - kEdge, hi, lo, "#111111", "black-edge"));
  d.shapes.push_back(rect(lo, hi, hi, hi + kEdge, "#111111", "black-edge"));
  d.shapes.push_back(rect(lo - kEdge, lo, lo, hi, "#ffffff", "white-edge"));
  d.shapes.push_back(rect(hi, lo, hi + kEdge, hi, "#ffffff", "white-edge"));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const bool light = is_light(p.rules, r, c);
      d.shapes.push_back(rect(lo + c * kCell, lo + r * kCell, lo + (c + 1) * kCell, lo + (r + 1) * kCell,
                              light ? "#f0d9b5" : "#b58863", light ? "light-square" : "dark-square"));
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const std::uint8_t stone = p.at(r, c);
      if (stone == kEmpty) continue;
      Shape s;
      s.kind = Shape::Kind::Circle;
      s.points = {{lo + (c + 0.5) * kCell, lo + (r + 0.5) * kCell}};
      s.radius = kCell * 0.4;
      s.fill = stone == kBlackStone ? "#000000" : "#ffffff";
      s.stroke = "#000000";
      s.stroke_width = 1.5;
      s.role = "stone";
      d.shapes.push_back(s);
    }
  }
  auto label = [&](double x, double y, std::string text) {
    Shape s;
    s.kind = Shape::Kind::Text;
    s.points = {{x, y}};
    s.text = std::move(text);
    s.font_size = 14;
    s.fill = "#000000";
    s.role = "coordinate";
    d.shapes.push_back(s);
  };
  for (int i = 0; i < n; ++i) {
    const std::string column(1, static_cast<char>('a' + i));
    const double along = lo + (i + 0.5) * kCell;
    label(along, lo - kEdge - 8, column);
    label(along, hi + kEdge + 20, column);
    label(lo - kEdge - 20, along + 5, std::to_string(i + 1));
    label(hi + kEdge + 8, along + 5, std::to_string(i + 1));
  }
  return d;
}

}  // namespace arbiter::brique

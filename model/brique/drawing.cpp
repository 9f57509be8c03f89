// The position as geometry: squares shaded per the light-squares ruling, stones, coordinates and
// the coloured board edges (black top and bottom, white left and right).
#include "model/brique/explain.hpp"
#include "model/brique/notation.hpp"

namespace arbiter::brique {

namespace {
constexpr double kCell = 40, kMargin = 40, kEdge = 8;  // drawing units
// The dark squares, a tone darker than the usual board brown (#b58863): light against dark decides
// which squares escort a fill, and the two stood 2.29:1, under the 3:1 WCAG asks of graphics; now
// 3.07:1, with black stones 5.0:1 and white ones 4.2:1 on them.
constexpr const char* kDarkSquare = "#9c7350";
}  // namespace

std::optional<MoveAnchor> draw_anchor(const Position& p, Move m) {
  const int n = p.n();
  if (m >= static_cast<Move>(n * n)) return std::nullopt;
  const int r = static_cast<int>(m) / n, c = static_cast<int>(m) % n;
  return MoveAnchor{kMargin + (c + 0.5) * kCell, kMargin + (r + 0.5) * kCell, kCell * 0.4, kCell * 0.5, true};
}

Drawing draw(const Position& p) {
  const int n = p.n();
  Drawing d;
  d.width = d.height = 2 * kMargin + n * kCell;
  d.title = "Brique " + std::to_string(n) + "x" + std::to_string(n) + ": " + status_text(p);
  auto rect = [](double x0, double y0, double x1, double y1, std::string fill, std::string role) {
    return rectangle_shape(x0, y0, x1, y1, std::move(fill), "#555555", 0.5, std::move(role));
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
                              light ? "#f0d9b5" : kDarkSquare, light ? "light-square" : "dark-square"));
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
    d.shapes.push_back(text_shape(x, y, std::move(text), 14, "#000000", "coordinate"));
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

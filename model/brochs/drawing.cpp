// The position as geometry: the squares, keeps and central cross, the pieces and coordinates.
#include "model/brochs/engine.hpp"

namespace arbiter::brochs {

namespace {
constexpr double kSquare = 40;  // drawing units
constexpr double kMargin = 30;
}  // namespace

std::optional<MoveAnchor> BrochsState::move_anchor(Move m) const {
  if (move_kind(m) == MoveKind::Pass) return std::nullopt;
  const int to = move_to(m), n = tables_->n;  // a step's destination, a set's or a curse's square
  return MoveAnchor{kMargin + kSquare * (to % n + 0.5), kMargin + kSquare * (to / n + 0.5), kSquare * 0.36};
}

Drawing BrochsState::drawing() const {
  const Tables& t = *tables_;
  const double board = kSquare * t.n;
  Drawing d;
  d.width = board + 2 * kMargin;
  d.height = board + 2 * kMargin + 30;
  d.title = "Brochs " + std::to_string(t.n) + "x" + std::to_string(t.n);
  for (int cell = 0; cell < t.n * t.n; ++cell) {
    const double x = kMargin + kSquare * (cell % t.n);
    const double y = kMargin + kSquare * (cell / t.n);
    const bool keep = t.is_keep(cell);
    d.shapes.push_back(rectangle_shape(x, y, x + kSquare, y + kSquare, keep ? "#c9a66b" : "#efe6d2", "#555", 1, keep ? "keep" : "square"));
    if (keep) {
      Shape tower;
      tower.kind = Shape::Kind::Circle;
      tower.points = {{x + kSquare / 2, y + kSquare / 2}};
      tower.radius = kSquare * 0.45;
      tower.stroke = "#7a5a2a";
      tower.stroke_width = 2;
      tower.role = "keep";
      d.shapes.push_back(tower);
    }
    if (t.region[static_cast<std::size_t>(cell)] == kCrossRegion) {
      Shape dot;
      dot.kind = Shape::Kind::Circle;
      dot.points = {{x + kSquare / 2, y + kSquare / 2}};
      dot.radius = 2.5;
      dot.fill = "#555";
      dot.role = "cross";
      d.shapes.push_back(dot);
    }
    const std::uint8_t piece = at(cell);
    if (piece == Empty) continue;
    Shape stone;
    stone.kind = Shape::Kind::Circle;
    stone.points = {{x + kSquare / 2, y + kSquare / 2}};
    stone.radius = kSquare * 0.36;
    stone.fill = piece == White ? "#ffffff" : "#1a1a1a";
    stone.stroke = "#000";
    stone.stroke_width = 1.5;
    stone.role = piece == White ? "white" : piece == Black ? "black" : "main";
    d.shapes.push_back(stone);
    if (piece == Main) {
      Shape crown;
      crown.kind = Shape::Kind::Circle;
      crown.points = stone.points;
      crown.radius = kSquare * 0.2;
      crown.stroke = "#e0b020";
      crown.stroke_width = 3;
      crown.role = "main";
      d.shapes.push_back(crown);
    }
  }
  for (int i = 0; i < t.n; ++i) {
    const Shape column =
        text_shape(kMargin + kSquare * (i + 0.5), kMargin - 10, std::string(1, static_cast<char>('a' + i)), 14, "#000", "coordinate");
    d.shapes.push_back(column);
    Shape row = column;
    row.points = {{kMargin / 2, kMargin + kSquare * (i + 0.6)}};
    row.text = std::to_string(i + 1);
    d.shapes.push_back(row);
  }
  // The side to move or the result is the generic diagram's status line (puzzles/diagram.hpp).
  d.shapes.push_back(text_shape(d.width / 2, board + kMargin + 24,
                                "Black reserve: " + std::to_string(reserve_) + (main_in_reserve_ ? " + main piece" : ""), 14,
                                "#000", "reserve"));
  return d;
}

}  // namespace arbiter::brochs

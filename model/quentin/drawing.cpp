// The position as geometry: grid lines through the points, stones on the intersections,
// coordinates, and the coloured board edges (black top and bottom, white left and right).
#include <string>
#include <utility>

#include "model/core/square_grid.hpp"
#include "model/quentin/notation.hpp"

namespace arbiter::quentin {
namespace {

constexpr double kMargin = 1.5;  // from the picture's border to the first grid line
constexpr double kEdgeGap = 0.55;
constexpr double kEdgeThickness = 0.2;
// Under the bottom edge: the coordinates are on the top and left only, so the picture ends a
// little under the edge, where the band with the status follows.
constexpr double kFoot = 0.25;

Shape rectangle(double x0, double y0, double x1, double y1, const std::string& fill, const std::string& role) {
  return rectangle_shape(x0, y0, x1, y1, fill, "black", 0.03, role);
}

Shape text(double x, double y, const std::string& content) { return text_shape(x, y, content, 0.4, "black", "coordinate"); }

}  // namespace

std::optional<MoveAnchor> draw_anchor(int size, Move move) {
  if (move >= static_cast<Move>(size * size)) return std::nullopt;
  return MoveAnchor{kMargin + static_cast<int>(move) % size, kMargin + static_cast<int>(move) / size, 0.42, 0.5, true};
}

MoveTrace draw_trace(const Position& before, const Position& after, Move move) {
  if (!draw_anchor(before.size, move)) return {};
  return placement_trace(before.cells, after.cells, move, kEmpty,
                         [&before](std::size_t i) { return *draw_anchor(before.size, static_cast<Move>(i)); }, "filled");
}

std::string fill_words(const Position& before, const Position& after, Move move) {
  if (!draw_anchor(before.size, move)) return "";
  return placement_fill_words(before.cells, after.cells, move, kEmpty, [&before](std::size_t i) { return move_name(before.size, static_cast<Move>(i)); },
                              [](std::int8_t stone) {
                                return stone == kBlackStone ? std::pair<std::string, std::string>{"a black stone", "black stones"}
                                                            : std::pair<std::string, std::string>{"a white stone", "white stones"};
                              });
}

Drawing draw_position(const Position& position, const Outcome& outcome) {
  const int size = position.size;
  const double last = kMargin + size - 1;  // coordinate of the last grid line
  Drawing drawing;
  drawing.width = last + kMargin;
  drawing.height = last + kEdgeGap + kEdgeThickness + kFoot;
  drawing.title = "Quentin " + std::to_string(size) + "x" + std::to_string(size) + ": " + status_text(position, outcome);

  // Black owns the top and bottom edges, White the left and right ones.
  const double near = kMargin - kEdgeGap;
  const double far = last + kEdgeGap;
  drawing.shapes.push_back(rectangle(kMargin, near - kEdgeThickness, last, near, "black", "black-edge"));
  drawing.shapes.push_back(rectangle(kMargin, far, last, far + kEdgeThickness, "black", "black-edge"));
  drawing.shapes.push_back(rectangle(near - kEdgeThickness, kMargin, near, last, "white", "white-edge"));
  drawing.shapes.push_back(rectangle(far, kMargin, far + kEdgeThickness, last, "white", "white-edge"));

  for (int i = 0; i < size; ++i) {
    const double at = kMargin + i;
    for (const auto& ends : {std::pair{std::pair{kMargin, at}, std::pair{last, at}},
                             std::pair{std::pair{at, kMargin}, std::pair{at, last}}}) {
      Shape line;
      line.kind = Shape::Kind::Line;
      line.points = {ends.first, ends.second};
      line.stroke = "black";
      line.stroke_width = 0.04;
      line.role = "grid";
      drawing.shapes.push_back(line);
    }
    drawing.shapes.push_back(text(at, 0.35, std::string(1, static_cast<char>('a' + i))));
    drawing.shapes.push_back(text(0.25, at + 0.12, std::to_string(i + 1)));
  }
  for (int point = 0; point < size * size; ++point) {
    const std::int8_t cell = position.cells[static_cast<std::size_t>(point)];
    if (cell == kEmpty) continue;
    Shape stone;
    stone.kind = Shape::Kind::Circle;
    stone.points = {{kMargin + point % size, kMargin + point / size}};
    stone.radius = 0.42;
    stone.fill = cell == kBlackStone ? "black" : "white";
    stone.stroke = "black";
    stone.stroke_width = 0.05;
    stone.role = cell == kBlackStone ? "black-stone" : "white-stone";
    drawing.shapes.push_back(stone);
  }
  return drawing;
}

}  // namespace arbiter::quentin

#pragma once
// A position as plain geometry (shapes in abstract units), produced by a game and turned into SVG
// by the generic renderer in puzzles/. Games know their geometry; the renderer knows SVG.
#include <string>
#include <utility>
#include <vector>

namespace arbiter {

struct Shape {
  enum class Kind { Polygon, Circle, Line, Text };
  Kind kind = Kind::Polygon;
  std::vector<std::pair<double, double>> points;  // polygon corners, line ends, circle centre, text anchor
  double radius = 0;                               // circles
  std::string fill = "none";                       // SVG colour
  std::string stroke = "none";
  double stroke_width = 0;
  std::string text;        // Text shapes
  double font_size = 0;    // Text shapes
  std::string role;        // what it depicts ("keep", "enclosure", "stone"), emitted as an SVG class
};

struct Drawing {
  double width = 0;   // the picture spans [0,width] x [0,height], y pointing down
  double height = 0;
  std::string title;
  std::vector<Shape> shapes;  // painted in order
};

}  // namespace arbiter

// The position as geometry: the squares, keeps and central cross, the pieces and coordinates.
#include <array>

#include "model/brochs/engine.hpp"

namespace arbiter::brochs {

namespace {
constexpr double kSquare = 40;  // drawing units
constexpr double kMargin = 30;
constexpr const char* kSquareFill = "#efe6d2";
constexpr const char* kKeepFill = "#c9a66b";

// A square of side `size` at (x, y): a keep (shaded, with its tower's ring) or not, and a dot
// when it lies on the central cross. The board and the legend draw squares alike.
void draw_square(Drawing& d, double x, double y, double size, bool keep, bool cross, const std::string& role_suffix) {
  d.shapes.push_back(rectangle_shape(x, y, x + size, y + size, keep ? kKeepFill : kSquareFill, "#555", 1, (keep ? "keep" : "square") + role_suffix));
  if (keep) d.shapes.push_back(circle_shape(x + size / 2, y + size / 2, size * 0.45, "none", "#7a5a2a", 2 * size / kSquare, "keep" + role_suffix));
  if (cross) d.shapes.push_back(circle_shape(x + size / 2, y + size / 2, 2.5 * size / kSquare, "#555", "none", 0, "cross" + role_suffix));
}

// A piece centred on (x, y) in a square of side `size`; the main piece has a gold ring.
void draw_piece(Drawing& d, double x, double y, double size, std::uint8_t piece, const std::string& role_suffix) {
  const std::string role = piece == White ? "white" : piece == Black ? "black" : "main";
  d.shapes.push_back(circle_shape(x, y, size * 0.36, piece == White ? "#ffffff" : "#1a1a1a", "#000", 1.5 * size / kSquare, role + role_suffix));
  if (piece == Main) d.shapes.push_back(circle_shape(x, y, size * 0.2, "none", "#e0b020", 3 * size / kSquare, "main" + role_suffix));
}
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
    draw_square(d, x, y, kSquare, t.is_keep(cell), t.region[static_cast<std::size_t>(cell)] == kCrossRegion, "");
    if (at(cell) != Empty) draw_piece(d, x + kSquare / 2, y + kSquare / 2, kSquare, at(cell), "");
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
  // The legend, one row under the reserve, centred: what the shaded squares, the dots and the
  // ringed black piece are (a keep looks the same held or empty; a piece on it keeps the ring).
  constexpr double kSwatch = 18, kGap = 5, kBetween = 18, kText = 12;
  const auto text_width = [](std::string_view words) { return 0.58 * kText * static_cast<double>(words.size()); };
  struct Entry {
    const char* words;
    bool keep, cross;
    std::uint8_t piece;
  };
  const std::array<Entry, 3> entries{{{"keep", true, false, Empty}, {"main piece", false, false, Main}, {"central cross", false, true, Empty}}};
  double row_width = -kBetween;
  for (const Entry& e : entries) row_width += kSwatch + kGap + text_width(e.words) + kBetween;
  double x = (d.width - row_width) / 2;
  const double y = board + kMargin + 44;
  for (const Entry& e : entries) {
    draw_square(d, x, y, kSwatch, e.keep, e.cross, "-legend");
    if (e.piece != Empty) draw_piece(d, x + kSwatch / 2, y + kSwatch / 2, kSwatch, e.piece, "-legend");
    Shape words = text_shape(x + kSwatch + kGap, y + kSwatch / 2, e.words, kText, "#000", "legend");
    words.text_from_left = true;
    d.shapes.push_back(words);
    x += kSwatch + kGap + text_width(e.words) + kBetween;
  }
  d.height += 26;
  return d;
}

}  // namespace arbiter::brochs

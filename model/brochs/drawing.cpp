// The position as geometry: the squares, keeps and central cross, the pieces and coordinates.
#include <array>
#include <utility>

#include "model/brochs/engine.hpp"

namespace arbiter::brochs {

namespace {
constexpr double kSquare = 40;  // drawing units
constexpr double kMargin = 46;  // room for a row number "15" printed at 6 pt in a book's smallest box
constexpr const char* kSquareFill = "#efe6d2";
constexpr const char* kKeepFill = "#dcc49a";
constexpr const char* kKeepHatch = "#7a5a2a";

// A square of side `size` at (x, y): a keep or not, and a dot when it lies on the central cross.
// The board and the legend draw squares alike. A keep is a square of the board marked as one:
// shaded, hatched corner to corner and outlined inside its edge, with nothing round on it (a ring
// there read as a third kind of piece on an empty keep). The pieces are discs, so a piece on a
// keep stands out from the hatching around it.
void draw_square(Drawing& d, double x, double y, double size, bool keep, bool cross, const std::string& role_suffix) {
  d.shapes.push_back(rectangle_shape(x, y, x + size, y + size, keep ? kKeepFill : kSquareFill, "#555", size / kSquare, (keep ? "keep" : "square") + role_suffix));
  if (keep) {
    // Hatching: lines x - y = offset across the square, clipped to it.
    const double width = 1.2 * size / kSquare;
    for (int k = -3; k <= 3; ++k) {
      const double offset = size * k / 4.0;
      const std::pair<double, double> from = offset >= 0 ? std::pair{x + offset, y} : std::pair{x, y - offset};
      const std::pair<double, double> to = offset >= 0 ? std::pair{x + size, y + size - offset} : std::pair{x + size + offset, y + size};
      Shape line;
      line.kind = Shape::Kind::Line;
      line.points = {from, to};
      line.stroke = kKeepHatch;
      line.stroke_width = width;
      line.role = "keep" + role_suffix;
      d.shapes.push_back(line);
    }
    const double inset = size * 0.1;
    d.shapes.push_back(rectangle_shape(x + inset, y + inset, x + size - inset, y + size - inset, "none", kKeepHatch,
                                       2 * size / kSquare, "keep" + role_suffix));
  }
  if (cross) d.shapes.push_back(circle_shape(x + size / 2, y + size / 2, 2.5 * size / kSquare, "#555", "none", 0, "cross" + role_suffix));
}

// A piece centred on (x, y) in a square of side `size`; the main piece has a gold ring.
void draw_piece(Drawing& d, double x, double y, double size, std::uint8_t piece, const std::string& role_suffix) {
  const std::string role = piece == White ? "white" : piece == Black ? "black" : "main";
  d.shapes.push_back(circle_shape(x, y, size * 0.36, piece == White ? "#ffffff" : "#1a1a1a", "#000", 1.5 * size / kSquare, role + role_suffix));
  if (piece == Main) d.shapes.push_back(circle_shape(x, y, size * 0.3, "none", "#e0b020", 3 * size / kSquare, "main" + role_suffix));
}
}  // namespace

// The centre of a square of the board and the radius of a piece on it.
MoveAnchor BrochsState::square_anchor(int cell) const {
  const int n = tables_->n;
  return MoveAnchor{kMargin + kSquare * (cell % n + 0.5), kMargin + kSquare * (cell / n + 0.5), kSquare * 0.36, kSquare * 0.5, true};
}

std::optional<MoveAnchor> BrochsState::move_anchor(Move m) const {
  if (move_kind(m) == MoveKind::Pass) return std::nullopt;
  return square_anchor(move_to(m));  // a step's destination, a set's or a curse's square
}

MoveTrace BrochsState::move_trace(Move m) const {
  MoveTrace trace;
  if (move_kind(m) == MoveKind::Pass) return trace;
  if (move_kind(m) == MoveKind::Step) trace.origin = square_anchor(move_from(m));
  const CaptureList removed = captures_of(m);  // captures (C1, C2, C4), a curse's piece (C3), an entering piece lost
  for (int i = 0; i < removed.count; ++i) trace.removed.push_back(square_anchor(removed.items[static_cast<std::size_t>(i)].victim));
  // A curse is made by the keep of the opposite quadrant (curse_eligible): the picture shows which.
  if (move_kind(m) == MoveKind::Curse) {
    const int target_quadrant = tables_->region[static_cast<std::size_t>(move_to(m))];
    trace.source = square_anchor(tables_->keep_cell[static_cast<std::size_t>(3 - target_quadrant)]);
    trace.source_words = "cursing keep";
  }
  return trace;
}

Drawing BrochsState::drawing() const {
  const Tables& t = *tables_;
  const double board = kSquare * t.n;
  Drawing d;
  d.width = board + 2 * kMargin;
  d.height = board + kMargin + 40;  // the reserve line under the board (the key is laid out under it)
  // The title (an SVG's <title>, a PDF's Title) says whose turn it is or the result, as the other
  // games' do: without it a file's metadata named only the board.
  d.title = "Brochs " + std::to_string(t.n) + "x" + std::to_string(t.n) + ": " + status_text();
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
  // The key (laid out under the picture by puzzles/diagram.hpp): what the hatched squares, the
  // dots and the ringed black piece are, the last only while the main piece is on the board (in
  // the reserve, or captured, it named a mark the picture did not show). A keep looks the same
  // held or empty.
  struct Entry {
    const char* words;
    bool keep, cross;
    std::uint8_t piece;
  };
  for (const Entry& e : std::array<Entry, 3>{{{"keep", true, false, Empty}, {"main piece", false, false, Main}, {"central cross", false, true, Empty}}}) {
    if (e.piece == Main && main_cell_ == kNoCell) continue;
    Drawing swatch;
    draw_square(swatch, 0, 0, 1, e.keep, e.cross, "-legend");
    if (e.piece != Empty) draw_piece(swatch, 0.5, 0.5, 1, e.piece, "-legend");
    d.key.push_back({std::move(swatch.shapes), e.words});
  }
  return d;
}

}  // namespace arbiter::brochs

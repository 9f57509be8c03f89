// Hexabrae for people: explain(move) traces and the drawing the generic renderer turns into SVG.
#include <cmath>
#include <sstream>

#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

constexpr std::array<const char*, 2> kSideName = {"White", "Black"};

std::string piece_text(const HexBoard& board, const Cells& cells, int f, bool clock) {
  const std::int8_t cell = cells[static_cast<std::size_t>(f)];
  return std::string(kSideName[static_cast<std::size_t>(colour_of(cell))]) + " " + board.name(f) + "/" +
         orientation_label(orientation_of(cell), clock);
}

std::string field_list(const HexBoard& board, const FieldSet& set) {
  std::string out;
  for (int f = 0; f < board.fields(); ++f) {
    if (set.has(f)) out += (out.empty() ? "" : " ") + board.name(f);
  }
  return out;
}

std::string enclosure_text(const HexBoard& board, const Cells& cells, const Enclosure& e, bool clock) {
  std::ostringstream out;
  out << "covers " << e.covered.count() << " field(s): " << field_list(board, e.covered) << "; pieces:";
  for (int f = 0; f < board.fields(); ++f) {
    if (e.pieces.has(f)) out << " " << piece_text(board, cells, f, clock);
  }
  out << "; White " << e.pieces_of[0] << ", Black " << e.pieces_of[1] << "; ";
  if (!e.valid()) {
    out << "not valid (";
    if (!e.has_enough_fields()) out << "covers fewer than 3 fields";
    if (!e.has_enough_fields() && !e.has_both_colours()) out << ", and ";
    if (!e.has_both_colours()) out << "pieces of one player only";
    out << ")";
  } else if (e.majority() < 0) {
    out << "valid, tied";
  } else {
    out << "valid, majority " << kSideName[static_cast<std::size_t>(e.majority())];
  }
  return out.str();
}

// The real-plane point of a lattice point, in drawing units (hexagon side 1), y pointing down.
std::pair<double, double> to_plane(const LatticePoint& p) { return {p.x / 2.0, -static_cast<double>(p.y) * std::sqrt(3.0) / 2.0}; }

}  // namespace

std::string HexabraeState::explain(Move m) const {
  std::ostringstream out;
  const MoveParts p = decode_move(m);
  const bool clock = rules_.clock_labels;
  out << kSideName[static_cast<std::size_t>(position_.side)] << " plays " << move_text(m) << "\n";
  const std::string illegal = why_illegal(m);
  if (!illegal.empty()) {
    out << "Illegal: " << illegal << "\n";
    return out.str();
  }
  if (p.kind == MoveKind::Pass) {
    out << "No placement, move or rotation is possible, so the player passes.\n";
  } else if (p.kind != MoveKind::Place) {
    const int o = orientation_of(position_.cells[static_cast<std::size_t>(p.from)]);
    const bool ahead = short_contact(p.from, o, o), behind = short_contact(p.from, o, o + 3);
    out << "Before the move the piece on " << board_->name(p.from) << " is "
        << (ahead || behind ? "partially immobilized (one short side touches a short side): it may only move directly away, then rotate"
                            : "free (no short side touches a short side)")
        << ".\n";
  } else {
    out << "The placed piece touches no piece.\n";
  }
  const Cells after = cells_after(p);
  if (p.kind != MoveKind::Pass) {
    const int f = p.kind == MoveKind::Rotate ? p.from : p.to;
    const int a = orientation_of(after[static_cast<std::size_t>(f)]);
    int contacts = 0;
    for (int k = 0; k < 6; ++k) {
      const int g = board_->neighbour(f, k);
      if (g == kNoField || after[static_cast<std::size_t>(g)] == kEmpty) continue;
      const Contact c = HexBoard::contact(a, k, orientation_of(after[static_cast<std::size_t>(g)]));
      if (c == Contact::None) continue;
      ++contacts;
      out << "Contact: " << contact_name(c) << " with " << piece_text(*board_, after, g, clock) << "\n";
    }
    if (contacts == 0) out << "The piece touches no other piece afterwards.\n";
  }
  const EnclosureJudgement j = judge(position_.cells, after, position_.side, true);
  int made = 0;
  for (int i = 0; i < j.after.size; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    out << (j.counted[ui] ? "Enclosure made: " : "Enclosure already there (not counted): ")
        << enclosure_text(*board_, after, j.after.items[ui], clock);
    if (j.winner[ui] == -1 && j.after.items[ui].valid() && j.after.items[ui].majority() >= 0) {
      out << " (counted as tied: enclosure-owner=mover-only)";
    }
    out << "\n";
    made += j.counted[ui];
  }
  if (j.after.size == 0) out << "No enclosure.\n";
  if (made > 0 || j.valid_counted > 0) {
    out << "Valid enclosures counted: " << j.valid_counted << "; won by White " << j.won[0] << ", by Black " << j.won[1]
        << ".\n";
  }
  HexabraeState next(*this);
  next.apply(m);
  const Outcome result = next.outcome();
  out << "Verdict: ";
  if (result.kind == Outcome::Kind::Win) {
    out << kSideName[static_cast<std::size_t>(result.winner)] << " wins";
    if (!j.outcome.over()) out << " (the opponent can do nothing; no-action=lose)";
  } else if (result.kind == Outcome::Kind::Draw) {
    out << "draw (" << (next.position().passes >= 2 ? "two passes in a row"
                        : next.ply() >= rules_.ply_cap ? "ply cap " + std::to_string(rules_.ply_cap) + " reached"
                                                       : std::string("third repetition")) << ")";
  } else {
    out << "play continues";
    if (j.valid_counted > 0) out << " (no player won the majority of the enclosures)";
  }
  out << "\n";
  return out.str();
}

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

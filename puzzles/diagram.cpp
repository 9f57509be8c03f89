#include "puzzles/diagram.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <utility>

#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "puzzles/fonts.hpp"

namespace arbiter::puzzles {
namespace {

Shape text_shape(double x, double y, std::string content, double size, bool from_left, std::string role) {
  Shape shape;
  shape.kind = Shape::Kind::Text;
  shape.points = {{x, y}};
  shape.text = std::move(content);
  shape.font_size = size;
  shape.fill = "#000000";
  shape.text_from_left = from_left;
  shape.role = std::move(role);
  return shape;
}

// About how wide a text is in a font of this size (puzzles/fonts.hpp: Latin a little over half an
// em a character, Chinese, Japanese and Korean a whole em).
double text_width(const std::string& text, double font_size) { return font_size * text_ems(text); }

// Where the longest start of `text` that is at most `ems` wide ends, in bytes (at least one
// character).
std::size_t cut_at(std::string_view text, double ems) {
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t next = at + 1;
    while (next < text.size() && (text[next] & 0xC0) == 0x80) ++next;
    if (at > 0 && text_ems(text.substr(0, next)) > ems) break;
    at = next;
  }
  return at;
}

// The lines `text` takes at `font_size` in `room`: words kept whole where they fit, a word wider
// than a line cut into pieces that fit (between characters).
std::vector<std::string> wrapped(const std::string& text, double font_size, double room) {
  const double per_line = std::max(room / font_size, 0.58);  // in ems
  std::vector<std::string> lines;
  std::string current;
  for (std::string word : words_of(text)) {
    while (text_ems(word) > per_line + 1e-9) {
      if (!current.empty()) lines.push_back(std::exchange(current, ""));
      const std::size_t cut = cut_at(word, per_line);
      lines.push_back(word.substr(0, cut));
      word.erase(0, cut);
    }
    if (current.empty()) {
      current = word;
    } else if (text_ems(current) + 0.58 + text_ems(word) <= per_line + 1e-9) {
      current += " " + word;
    } else {
      lines.push_back(std::exchange(current, word));
    }
  }
  if (!current.empty()) lines.push_back(current);
  return lines;
}

// The half size of the badge that holds a move's number at `font` in bold: DejaVu Sans Bold's
// digits are 0.7 em wide and 0.73 em high, a comma 0.4 em wide. A disc holds the number's box
// within 0.88 of its radius, a square within 0.82 of its half side, a diamond its box's corner
// within 0.85 of its half diagonal (inside their outlines).
struct NumberBox {
  double disc, square, diamond;
};
NumberBox number_box(const std::string& label, double font) {
  double ems = 0;
  for (const char c : label) ems += std::isdigit(static_cast<unsigned char>(c)) ? 0.7 : 0.4;
  const double half_width = ems * font / 2, half_height = 0.365 * font;
  return {std::hypot(half_width, half_height) / 0.88, std::max(half_width, half_height) / 0.82, (half_width + half_height) / 0.85};
}

constexpr const char* kMarkRed = "#d62020";
// The darker red of the "came from" square's outline (6.4:1 against a board's light beige square,
// #efe6d2).
constexpr const char* kOriginRed = "#a01818";
// The white band under the landing ring is this many times as wide as the ring.
constexpr double kBandRatio = 2.4;

// `around`: the ring goes round a cross on the same place (a move that removed the piece it was
// aimed at), whose strokes hid a ring of the usual size. Its band (landing_band) clears what the
// place shows within MoveAnchor::clear of its middle.
Shape landing_mark(const MoveAnchor& at, const std::string& role, bool around = false) {
  const double width = at.radius * 0.18;
  const double radius = std::max(at.radius * (around ? 1.0 : 0.45), at.clear > 0 ? at.clear + width * kBandRatio / 2 : 0.0);
  return circle_shape(at.x, at.y, radius, "none", kMarkRed, width, role);
}

// The white band under the landing ring, wider than it on both sides: the red ring alone was a dark
// ring on a black piece, in grey as in colour, and to a reader who tells red poorly. On a black
// piece the band shows; on a white one, the red in it (dark in grey).
Shape landing_band(const Shape& ring) {
  Shape band = ring;
  band.stroke = "#ffffff";
  band.stroke_width = ring.stroke_width * kBandRatio;
  band.role = ring.role + "-band";
  return band;
}

// A white copy of a red mark's strokes, `ratio` times as wide, drawn under them: plain red is dark on
// a black piece, in grey print (the cross on a black piece, 2.1:1 against it in colour) and to a
// reader who tells red poorly; on the white, it shows on any piece.
std::vector<Shape> under_stroked(std::vector<Shape> marks, double ratio = 2.2) {
  std::vector<Shape> out;
  for (const Shape& mark : marks) {
    Shape under = mark;
    under.fill = "none";
    under.stroke = "#ffffff";
    under.stroke_width = mark.stroke_width * ratio;
    under.role = mark.role + "-band";
    out.push_back(std::move(under));
  }
  for (Shape& mark : marks) out.push_back(std::move(mark));
  return out;
}

// The place of the piece that made the move from afar: a square round its piece, and a line from
// it to the landing ring (`to`, none in the key), so that a reader sees which piece struck what.
std::vector<Shape> source_mark(const MoveAnchor& at, const std::optional<MoveAnchor>& to, double to_ring, const std::string& role) {
  const double half = at.radius * 1.2;
  std::vector<Shape> shapes;
  shapes.push_back(rectangle_shape(at.x - half, at.y - half, at.x + half, at.y + half, "none", kMarkRed, at.radius * 0.14, role));
  if (to) {
    const double dx = to->x - at.x, dy = to->y - at.y, length = std::hypot(dx, dy);
    // From where it leaves the outline to the ring's edge.
    const double from = length > 0 ? half * length / std::max(std::abs(dx), std::abs(dy)) : 0;
    if (length > from + to_ring) {
      Shape line;
      line.kind = Shape::Kind::Line;
      line.points = {{at.x + dx / length * from, at.y + dy / length * from},
                     {to->x - dx / length * to_ring, to->y - dy / length * to_ring}};
      line.stroke = std::string(kMarkRed) + "b0";
      line.stroke_width = at.radius * 0.1;
      line.role = role;
      shapes.push_back(std::move(line));
    }
  }
  return under_stroked(std::move(shapes));
}

// A square, not a ring: a ring where no piece stands would read as a piece or as the landing mark.
// A faint red inside a dark red outline: the faint red alone stood 1.7:1 against the light beige
// squares and fields boards are drawn with (#efe6d2, #f4ecd8; WCAG asks 3:1 of a mark), the outline
// 6.4:1. Solid, unlike the dashed hexagon that marks a covered hexagonal field.
std::vector<Shape> origin_mark(const MoveAnchor& at, const std::string& role) {
  const double half = at.radius * 0.8;
  return {rectangle_shape(at.x - half, at.y - half, at.x + half, at.y + half, "#d6202040", kOriginRed, at.radius * 0.1, role)};
}

std::vector<Shape> removal_mark(const MoveAnchor& at, const std::string& role) {
  const double half = at.radius * 0.55;
  std::vector<Shape> strokes;
  for (const double turn : {1.0, -1.0}) {
    Shape stroke;
    stroke.kind = Shape::Kind::Line;
    stroke.points = {{at.x - half, at.y - half * turn}, {at.x + half, at.y + half * turn}};
    stroke.stroke = kMarkRed;
    stroke.stroke_width = at.radius * 0.2;
    stroke.role = role;
    strokes.push_back(std::move(stroke));
  }
  return under_stroked(std::move(strokes), 1.8);
}

// A place the move filled or turned besides its own: a diamond in black on a white band, which
// shows on a black piece, a white one and a shaded square alike, in grey as in colour, and which
// no game draws as a piece.
std::vector<Shape> changed_mark(const MoveAnchor& at, const std::string& role) {
  const double r = at.radius * 0.7;
  const std::vector<std::pair<double, double>> corners = {{at.x, at.y - r}, {at.x + r, at.y}, {at.x, at.y + r}, {at.x - r, at.y}};
  return {polygon_shape(corners, "none", "#ffffff", at.radius * 0.36, role), polygon_shape(corners, "none", "#000000", at.radius * 0.14, role)};
}

// The picture cut to what it draws, `pad` round it: a board drawn without its coordinates keeps no
// blank margin where they were (on the top and left of one board, on all four sides of another).
void crop_to_content(Drawing& drawing, double pad) {
  double left = drawing.width, top = drawing.height, right = 0, bottom = 0;
  const auto take = [&](double x0, double y0, double x1, double y1) {
    left = std::min(left, x0);
    top = std::min(top, y0);
    right = std::max(right, x1);
    bottom = std::max(bottom, y1);
  };
  for (const Shape& shape : drawing.shapes) {
    const double stroke = shape.stroke == "none" ? 0 : shape.stroke_width / 2;
    for (const auto& [x, y] : shape.points) {
      if (shape.kind == Shape::Kind::Circle) {
        take(x - shape.radius - stroke, y - shape.radius - stroke, x + shape.radius + stroke, y + shape.radius + stroke);
      } else if (shape.kind == Shape::Kind::Text) {
        const double wide = text_width(shape.text, shape.font_size);
        const double from = shape.text_from_left ? x : x - wide / 2;
        take(from, y - shape.font_size * 0.8, from + wide, y + shape.font_size * 0.3);
      } else {
        take(x - stroke, y - stroke, x + stroke, y + stroke);
      }
    }
  }
  if (right <= left || bottom <= top) return;
  const double dx = std::max(0.0, left - pad), dy = std::max(0.0, top - pad);
  for (Shape& shape : drawing.shapes) {
    for (auto& [x, y] : shape.points) {
      x -= dx;
      y -= dy;
    }
  }
  drawing.width = std::min(drawing.width, right + pad) - dx;
  drawing.height = std::min(drawing.height, bottom + pad) - dy;
}

bool same_place(const MoveAnchor& a, const MoveAnchor& b) { return std::abs(a.x - b.x) < 1e-9 && std::abs(a.y - b.y) < 1e-9; }

}  // namespace

std::string side_status(const GameDescriptor& game, const State& state, const std::vector<std::string>& unsaid) {
  const Outcome outcome = state.outcome();
  std::string text;
  if (outcome.over()) {
    text = outcome_text(game, outcome);
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  } else {
    text = game.side_names.at(static_cast<std::size_t>(state.side_to_move())) + " to move";
  }
  for (const std::string& note : state.status_notes()) {
    if (std::find(unsaid.begin(), unsaid.end(), note) == unsaid.end()) text += ", " + note;
  }
  return text;
}

Decorations status_decorations(const GameDescriptor& game, const State& state) {
  Decorations decorations;
  decorations.status = side_status(game, state);
  const Outcome outcome = state.outcome();
  const int side = outcome.kind == Outcome::Kind::Win ? outcome.winner : outcome.over() ? -1 : state.side_to_move();
  if (side >= 0) decorations.status_colour = side_colour(game, side);
  return decorations;
}

std::string rulings_line(const GameDescriptor& game, const Config& config) {
  std::string line;
  for (const std::string& ruling : non_default_rulings(game, config)) line += (line.empty() ? "Rulings: " : ", ") + ruling;
  return line;
}

std::string side_colour(const GameDescriptor& game, int side) { return game.stone_colours.at(static_cast<std::size_t>(side)); }

std::array<std::string, 2> side_colours(const GameDescriptor& game) { return {side_colour(game, 0), side_colour(game, 1)}; }

Drawing decorate(Drawing board, const Decorations& decorations) {
  Drawing out = std::move(board);
  if (!decorations.coordinates) {
    std::erase_if(out.shapes, [](const Shape& s) { return s.role.rfind("coordinate", 0) == 0; });
  }
  // The last move's marks, in one red that shows on light and dark pieces alike: a ring where it
  // landed, a faint square where its piece came from, a cross on each place whose piece it took,
  // an outline on the piece that made it from afar and a line from there to the ring.
  const MoveTrace& trace = decorations.last_trace;
  if (decorations.last_move) {
    const MoveAnchor& landed = *decorations.last_move;
    const bool around = std::any_of(trace.removed.begin(), trace.removed.end(), [&landed](const MoveAnchor& at) { return same_place(at, landed); });
    const Shape ring = landing_mark(landed, "last-move", around);
    if (const auto& from = trace.origin) {
      for (Shape& shape : origin_mark(*from, "last-move-origin")) out.shapes.push_back(std::move(shape));
    }
    if (const auto& source = trace.source) {
      for (Shape& shape : source_mark(*source, landed, ring.radius + ring.stroke_width / 2, "last-move-source")) {
        out.shapes.push_back(std::move(shape));
      }
    }
    for (const MoveAnchor& at : trace.removed) {
      for (Shape& stroke : removal_mark(at, "last-move-removed")) out.shapes.push_back(std::move(stroke));
    }
    out.shapes.push_back(landing_band(ring));
    out.shapes.push_back(ring);
  }
  // The places the move (or a solution's moves) filled or turned besides its own, with or without
  // the last move's ring: a book's solution marks those of its whole line.
  for (const MoveAnchor& at : trace.changed) {
    for (Shape& shape : changed_mark(at, "move-changed")) out.shapes.push_back(std::move(shape));
  }
  // Moves that land on one place share a badge ("1,5"), as a book would note them.
  struct Badge {
    std::string label;
    MoveAnchor at;
    std::string colour;  // "black", "white" or "" (neutral)
  };
  const auto colour_of = [&decorations](int mover) {
    return mover == 0 || mover == 1 ? decorations.mover_colours[static_cast<std::size_t>(mover)] : std::string();
  };
  std::map<std::pair<double, double>, Badge> badges;
  std::vector<std::pair<double, double>> order;
  for (const NumberedMove& move : decorations.numbers) {
    // A place whose game puts its number aside (MoveAnchor::number_room): the badge is there, at
    // most as large as the room there, and at its usual size half of it.
    MoveAnchor at = move.at;
    if (at.number_room > 0) at = {at.x + at.number_dx, at.y + at.number_dy, at.number_room * 0.6, at.number_room};
    const std::pair<double, double> key{at.x, at.y};
    auto [it, fresh] = badges.try_emplace(key, Badge{move.label, at, colour_of(move.mover)});
    if (fresh) {
      order.push_back(key);
    } else {
      it->second.label += "," + move.label;
      if (it->second.colour != colour_of(move.mover)) it->second.colour.clear();  // both sides' moves: neither colour
    }
  }
  // A badge on a round piece of its own colour is written on that piece: a disc of its own inside
  // the piece's outline would read as a second ring.
  const auto shade = [](const std::string& fill) -> std::string {
    if (fill == "black") return "black";
    if (fill == "white") return "white";
    if (fill.size() != 7 || fill[0] != '#') return "";
    const long rgb = std::strtol(fill.c_str() + 1, nullptr, 16);
    const long darkest = std::min({rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff});
    const long lightest = std::max({rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff});
    if (lightest <= 0x40) return "black";
    if (darkest >= 0xf0) return "white";
    return "";
  };
  const auto round_piece_under = [&out, &shade](const Badge& badge) {
    return std::any_of(out.shapes.begin(), out.shapes.end(), [&](const Shape& s) {
      return s.kind == Shape::Kind::Circle && s.role != "move-number" && !s.points.empty() &&
             std::abs(s.points[0].first - badge.at.x) < 1e-9 && std::abs(s.points[0].second - badge.at.y) < 1e-9 &&
             s.radius >= badge.at.radius * 0.85 && !badge.colour.empty() && shade(s.fill) == badge.colour;
    });
  };
  // Whether the game draws its pieces as discs of this badge's size (and none of the badge's
  // colour stands under it).
  const auto round_pieces_drawn = [&out, &shade, &round_piece_under](const Badge& badge) {
    return !round_piece_under(badge) && std::any_of(out.shapes.begin(), out.shapes.end(), [&](const Shape& s) {
      return s.kind == Shape::Kind::Circle && s.role != "move-number" && s.role.rfind("last-move", 0) != 0 &&
             s.radius >= badge.at.radius * 0.85 && !shade(s.fill).empty();
    });
  };
  // A hollow round piece (a ring, as an O) centred on the badge's place, at least half the badge's
  // size: a badge of its own size fills it without an outline of its own, so that the piece's ring
  // is the only one there (with its outline, the badge drew a second ring inside a larger ring, or
  // covered a smaller one, hiding the piece).
  const auto ring_under = [&out](const Badge& badge) -> const Shape* {
    for (const Shape& s : out.shapes) {
      if (s.kind == Shape::Kind::Circle && s.role != "move-number" && s.role.rfind("last-move", 0) != 0 && !s.points.empty() &&
          std::abs(s.points[0].first - badge.at.x) < 1e-9 && std::abs(s.points[0].second - badge.at.y) < 1e-9 &&
          s.radius >= badge.at.radius * 0.85 * 0.5 && s.fill == "none" && s.stroke != "none" && s.stroke_width > 0) {
        return &s;
      }
    }
    return nullptr;
  };
  // A number prints at least at number_font where its place has room for it: its badge grows, but
  // never past its place (MoveAnchor::room), or it covers the pieces and labels around it (a
  // book's badges were 1.5 squares wide on 15x15 boards, over the next piece or off the board).
  // Where the discs or diamonds of a picture cannot hold their numbers at number_font in their
  // places and every place is a square, every badge that grows is a square, which holds a digit
  // the largest in a square place; where its place cannot hold it, a number is set smaller.
  const auto place_of = [](const MoveAnchor& at) { return 0.92 * (at.room > 0 ? at.room : 1.25 * at.radius); };
  const auto usual_font = [](const Badge& badge, double radius) {
    return std::min(radius * 1.15, 1.7 * radius / (0.58 * static_cast<double>(badge.label.size())));
  };
  const auto needs_growth = [&](const Badge& badge) {
    return decorations.number_font > usual_font(badge, badge.at.radius * 0.85) * (1 + 1e-9);
  };
  bool squares = false;
  for (const auto& key : order) {
    const Badge& badge = badges.at(key);
    if (!needs_growth(badge)) continue;
    const NumberBox wanted = number_box(badge.label, decorations.number_font);
    if ((round_pieces_drawn(badge) ? wanted.diamond : wanted.disc) > place_of(badge.at)) squares = true;
  }
  // Only where every place is a square: a square's corners would leave a hexagon.
  for (const auto& key : order) squares = squares && badges.at(key).at.square;
  for (const auto& key : order) {
    const Badge& badge = badges.at(key);
    const bool grow = needs_growth(badge), square = squares && grow;
    const bool pieces_round = !square && round_pieces_drawn(badge);
    const Shape* ring = grow || pieces_round || round_piece_under(badge) ? nullptr : ring_under(badge);
    const double usual = badge.at.radius * 0.85, place = place_of(badge.at);
    const NumberBox wanted = number_box(badge.label, decorations.number_font);
    // The badge's half size (a disc's radius, a square's half side, a diamond's half diagonal) and
    // the half size that holds its number at number_font.
    const double need = square ? wanted.square : pieces_round ? wanted.diamond : wanted.disc;
    double radius = ring != nullptr ? std::min(usual, ring->radius - ring->stroke_width / 2) : pieces_round ? badge.at.radius : usual;
    if (grow) radius = std::max(radius, std::min(place, need));
    const bool black = badge.colour == "black";
    const std::string disc = black ? "#000000" : badge.colour == "white" ? "#ffffff" : "#c8c8c8";
    if (square) {
      out.shapes.push_back(rectangle_shape(badge.at.x - radius, badge.at.y - radius, badge.at.x + radius, badge.at.y + radius, disc,
                                           "#000000", radius * 0.12, "move-number"));
    } else if (pieces_round) {
      // A disc where the move's piece no longer stands (it moved on, or the move placed none: a
      // curse) would read as a piece of the game: a diamond cannot.
      const double r = radius;
      out.shapes.push_back(polygon_shape({{badge.at.x, badge.at.y - r}, {badge.at.x + r, badge.at.y},
                                          {badge.at.x, badge.at.y + r}, {badge.at.x - r, badge.at.y}},
                                         disc, "#000000", r * 0.102, "move-number"));
    } else if (ring != nullptr) {
      out.shapes.push_back(circle_shape(badge.at.x, badge.at.y, radius, disc, "none", 0, "move-number"));
    } else if (!round_piece_under(badge) || grow) {
      out.shapes.push_back(circle_shape(badge.at.x, badge.at.y, radius, disc, "#000000", radius * 0.12, "move-number"));
    }
    // The usual size, or number_font where that is larger, as far as the badge holds it.
    double size = usual_font(badge, pieces_round ? usual : radius);
    if (grow) size = std::min(std::max(size, decorations.number_font), radius / need * decorations.number_font);
    Shape number = text_shape(badge.at.x, badge.at.y, badge.label, size, false, "move-number");
    number.fill = black ? "#ffffff" : "#000000";
    number.bold = true;
    out.shapes.push_back(number);
  }
  if (!decorations.coordinates) crop_to_content(out, out.width * 0.02);
  // The band under the board: its text is sized from the picture's width, so it prints at about
  // 9-10 pt whatever units the game draws in (or at the size the caller asks for).
  const double font = decorations.band_font > 0 ? decorations.band_font : out.width * 0.036;
  const double line = font * 1.6, left = out.width * 0.05;
  // The band may be wider than the board (band_width): the picture widens to it, the board in its
  // middle (at its left, a tall board's PNG in a book was 40% blank on the right).
  const double band_right = std::max(out.width, decorations.band_width) - left;
  if (decorations.band_width > out.width) {
    const double shift = (decorations.band_width - out.width) / 2;
    for (Shape& shape : out.shapes) {
      for (auto& point : shape.points) point.first += shift;
    }
  }
  double y = out.height + line * 0.2;
  if (!decorations.status.empty()) {
    double x = left;
    if (!decorations.status_colour.empty()) {
      out.shapes.push_back(circle_shape(x + font * 0.45, y + line / 2, font * 0.45, decorations.status_colour, "#000000",
                                  font * 0.08, "status-marker"));
      x += font * 1.3;
    }
    // A long status (a game's notes and the last move) wraps at the band's size, as the caption
    // does (shrunk to one line it came out smaller than the caption under it): between its parts
    // ("White wins, ...; last move ...") first, so that a move is not cut between its words.
    const double room = band_right - x;
    std::vector<std::string> lines = wrapped(decorations.status, font, room);
    if (lines.size() > 1) {
      lines.clear();
      const std::string& status = decorations.status;
      for (std::size_t start = 0; start < status.size();) {
        std::size_t end = status.find("; ", start);
        end = end == std::string::npos ? status.size() : end + 1;
        for (std::string& part : wrapped(status.substr(start, end - start), font, room)) lines.push_back(std::move(part));
        start = end;
      }
    }
    for (const std::string& status_line : lines) {
      out.shapes.push_back(text_shape(x, y + line / 2, status_line, font, true, "status"));
      y += line;
    }
  }
  // The rulings that differ from the defaults, under the status they may decide, at its size; a
  // long list wraps between rulings.
  for (const std::string& rulings_part : wrapped(decorations.rulings, font, band_right - left)) {
    out.shapes.push_back(text_shape(left, y + line / 2, rulings_part, font, true, "rulings"));
    y += line;
  }
  // The key: what the game's marks mean, then each of the last move's marks drawn, the ring too
  // (it was named only beside other marks, so that a placement's ring went unexplained where a
  // step's was named). Entries flow along rows at the band's size, each swatch an em square before
  // its words.
  std::vector<KeyEntry> key = std::move(out.key);
  out.key.clear();
  const std::size_t game_entries = key.size();
  if (decorations.last_move) {
    const Shape swatch = landing_mark({0.5, 0.5, 1.1}, "last-move-key");
    key.push_back({{landing_band(swatch), swatch}, "last move"});
    if (trace.origin) key.push_back({origin_mark({0.5, 0.5, 0.6}, "last-move-key"), "came from"});
    if (trace.source) {
      key.push_back({source_mark({0.5, 0.5, 0.38}, std::nullopt, 0, "last-move-key"),
                     trace.source_words.empty() ? "made the move" : trace.source_words});
    }
    if (!trace.removed.empty()) key.push_back({removal_mark({0.5, 0.5, 0.9}, "last-move-key"), "captured"});
  }
  if (!trace.changed.empty()) {
    const std::string what = trace.changed_words.empty() ? "changed" : trace.changed_words;
    const bool by_line = !decorations.last_move && decorations.numbers.size() > 1;
    key.push_back({changed_mark({0.5, 0.5, 0.7}, "move-changed-key"), what + (by_line ? " by the numbered moves" : " by the move")});
  }
  // The key's words are a fifth smaller than the status (6 pt where a book prints the band at 7.5).
  const double key_font = font * 0.8, key_line = key_font * 1.6;
  double key_x = left;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const KeyEntry& entry = key[i];
    const double indent = key_font * 1.4;
    // An entry longer than the band wraps under its own words.
    const std::vector<std::string> words = wrapped(entry.words, key_font, std::max(band_right - left - indent, key_font));
    double wide = 0;
    for (const std::string& part : words) wide = std::max(wide, indent + text_width(part, key_font));
    // The last move's marks start a row of their own.
    if (key_x > left && (key_x + wide > band_right || i == game_entries)) {
      key_x = left;
      y += key_line;
    }
    const double swatch_top = y + (key_line - key_font) / 2;
    for (Shape shape : entry.swatch) {
      for (auto& [px, py] : shape.points) {
        px = key_x + px * key_font;
        py = swatch_top + py * key_font;
      }
      shape.radius *= key_font;
      shape.stroke_width *= key_font;
      shape.font_size *= key_font;
      out.shapes.push_back(std::move(shape));
    }
    for (std::size_t k = 0; k < words.size(); ++k) {
      if (k > 0) y += key_line;
      out.shapes.push_back(text_shape(key_x + indent, y + key_line / 2, words[k], key_font, true, "key"));
    }
    key_x = words.size() > 1 ? band_right : key_x + wide + key_font * 1.5;  // after a wrapped entry, a new row
  }
  if (!key.empty()) y += key_line;
  // A caption is the user's own sentence, of any length: it wraps at spaces, and a word too long
  // for a line is cut, so that it prints at the band's size instead of shrinking to a hairline.
  for (const std::string& caption_line : wrapped(decorations.caption, font, band_right - left)) {
    out.shapes.push_back(text_shape(left, y + line / 2, caption_line, font, true, "caption"));
    y += line;
  }
  out.height = y + line * 0.2;
  out.width = band_right + left;
  return out;
}

Drawing side_by_side(const Drawing& left, const Drawing& right) {
  Drawing out;
  const double gap = left.width * 0.06, scale = right.width > 0 ? left.width / right.width : 1;
  out.width = 2 * left.width + gap;
  out.height = std::max(left.height, right.height * scale);
  out.title = left.title + " | " + right.title;
  out.shapes = left.shapes;
  for (Shape shape : right.shapes) {
    for (auto& [x, y] : shape.points) {
      x = left.width + gap + x * scale;
      y *= scale;
    }
    shape.radius *= scale;
    shape.stroke_width *= scale;
    shape.font_size *= scale;
    out.shapes.push_back(std::move(shape));
  }
  Shape divider;
  divider.kind = Shape::Kind::Line;
  divider.points = {{left.width + gap / 2, 0}, {left.width + gap / 2, out.height}};
  divider.stroke = "#999999";
  divider.stroke_width = gap * 0.04;
  divider.role = "divider";
  out.shapes.push_back(divider);
  return out;
}

PlayedLine play_line(const State& start, const std::vector<std::string>& moves) {
  PlayedLine line;
  line.end = start.clone();
  int number = 0;
  for (const std::string& text : moves) {
    const Move move = line.end->parse_move(text);
    ++number;
    const int mover = line.end->side_to_move();
    line.last_anchor = line.end->move_anchor(move);
    line.last_trace = line.end->move_trace(move);
    line.last_text = text;
    line.last_words = line.end->move_words(move);
    if (line.last_anchor) {
      line.numbers.push_back({std::to_string(number), *line.last_anchor, mover});
    } else {
      line.unplaced.push_back(std::to_string(number) + " " + text);
    }
    for (const MoveAnchor& at : line.last_trace.changed) {
      if (std::none_of(line.changed.begin(), line.changed.end(), [&at](const MoveAnchor& seen) { return same_place(seen, at); })) {
        line.changed.push_back(at);
      }
    }
    if (!line.last_trace.changed_words.empty()) line.changed_words = line.last_trace.changed_words;
    line.end->apply(move);
  }
  // A place a later move landed on carries its number, which says enough.
  std::erase_if(line.changed, [&line](const MoveAnchor& at) {
    return std::any_of(line.numbers.begin(), line.numbers.end(), [&at](const NumberedMove& move) { return same_place(move.at, at); });
  });
  return line;
}

PlayedLine play_main_line(const Puzzle& puzzle, const State& start) {
  if (puzzle.main_line.empty()) throw InputError("its main line is empty");
  if (puzzle.main_line.front() != puzzle.key_move) {
    throw InputError("its main line begins with " + puzzle.main_line.front() + ", not with the key move " + puzzle.key_move);
  }
  try {
    return play_line(start, puzzle.main_line);
  } catch (const InputError& error) {
    throw InputError(std::string("its main line does not play: ") + error.what());
  }
}

}  // namespace arbiter::puzzles

// Hexabrae notation (docs/notation/hexabrae.md): field names, moves, the diagram, the one-line form.
#include "model/hexabrae/notation.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/text.hpp"

namespace arbiter::hexabrae {
namespace {

constexpr std::array<char, 3> kGlyph = {'/', '|', '\\'};  // the long axis as drawn (D0 up-right, D1 up)
constexpr std::array<const char*, 2> kSideWord = {"white", "black"};
constexpr std::array<char, 2> kColourLetter = {'W', 'B'};

// The text row of a field: the top row (largest 2r+q) is 0.
int text_row(const HexBoard& board, int f) { return 2 * board.radius() - (2 * board.r(f) + board.q(f)); }

int parse_number(std::string_view text, int max_digits) {
  if (text.empty() || static_cast<int>(text.size()) > max_digits) return -1;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

int field_or_throw(const HexBoard& board, std::string_view name, std::string_view whole) {
  const int f = board.parse_field(name);
  if (f == kNoField) {
    throw InputError("no field " + quote_input(name) + " on a board of radius " + std::to_string(board.radius()) +
                     " in " + quote_input(whole));
  }
  return f;
}

std::vector<std::string> split_on(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t at; (at = text.find(separator, start)) != std::string_view::npos; start = at + 1) {
    parts.emplace_back(text.substr(start, at - start));
  }
  parts.emplace_back(text.substr(start));
  return parts;
}

}  // namespace

std::string orientation_label(int o, bool clock) {
  static constexpr std::array<const char*, 3> kClock = {"2", "1", "3"};
  return clock ? kClock[static_cast<std::size_t>(o)] : std::to_string(o);
}

// "0, 1, 2 under orientation-numbers=axial (under orientation-numbers=clock they are 1, 2, 3)":
// what an orientation label may be, under the ruling in force and the other (H-10).
std::string orientation_labels_text(bool clock) {
  static constexpr std::array<const char*, 2> kLabels = {"0, 1, 2", "1, 2, 3"}, kRuling = {"axial", "clock"};
  const auto in_force = static_cast<std::size_t>(clock), other = 1 - in_force;
  return std::string(kLabels[in_force]) + " under orientation-numbers=" + kRuling[in_force] + " (under orientation-numbers=" +
         kRuling[other] + " they are " + kLabels[other] + ")";
}

int parse_orientation_label(std::string_view text, bool clock) {
  for (int o = 0; o < 3; ++o) {
    if (text == orientation_label(o, clock)) return o;
  }
  return -1;
}

std::string move_text(const HexBoard& board, const MoveParts& p, bool clock) {
  const std::string label = orientation_label(p.orientation, clock);
  switch (p.kind) {
    case MoveKind::Pass: return "pass";
    case MoveKind::Place: return "place " + board.name(p.to) + "/" + label;
    case MoveKind::Slide: return board.name(p.from) + "-" + board.name(p.to);
    case MoveKind::Rotate: return board.name(p.from) + "/" + label;
    case MoveKind::SlideRotate: return board.name(p.from) + "-" + board.name(p.to) + "/" + label;
    case MoveKind::RotateSlide: return board.name(p.from) + "/" + label + "-" + board.name(p.to);
  }
  return "?";
}

MoveParts parse_move_syntax(const HexBoard& board, std::string_view whole, bool clock) {
  const std::string_view text = trim(whole);
  auto orientation = [&](std::string_view label) {
    const int o = parse_orientation_label(label, clock);
    if (o < 0) {
      throw InputError("orientation " + quote_input(label) + " is not one of " + orientation_labels_text(clock) + " in " +
                       quote_input(whole));
    }
    return o;
  };
  MoveParts p;
  if (text == "pass") return p;
  if (text.substr(0, 6) == "place ") {
    const std::string_view rest = trim(text.substr(6));
    const auto slash = rest.find('/');
    if (slash == std::string_view::npos) throw InputError("a placement needs an orientation, as in 'place c4/1': " + quote_input(whole));
    return {MoveKind::Place, kNoField, field_or_throw(board, rest.substr(0, slash), whole), orientation(rest.substr(slash + 1))};
  }
  const auto dash = text.find('-'), slash = text.find('/');
  if (text.empty() || text.find_first_of(" \t") != std::string_view::npos ||
      (dash == std::string_view::npos && slash == std::string_view::npos) ||
      text.find('-', dash == std::string_view::npos ? 0 : dash + 1) != std::string_view::npos ||
      text.find('/', slash == std::string_view::npos ? 0 : slash + 1) != std::string_view::npos) {
    throw InputError("cannot read move " + quote_input(whole) +
                     " (expected pass, place c4/1, c4-c7, c4/2, c4-c7/2 or c4/2-c6)");
  }
  if (dash == std::string_view::npos) {
    return {MoveKind::Rotate, field_or_throw(board, text.substr(0, slash), whole), kNoField, orientation(text.substr(slash + 1))};
  }
  if (slash == std::string_view::npos) {
    p = {MoveKind::Slide, field_or_throw(board, text.substr(0, dash), whole),
         field_or_throw(board, text.substr(dash + 1), whole), 0};
    return p;
  }
  if (dash < slash) {
    return {MoveKind::SlideRotate, field_or_throw(board, text.substr(0, dash), whole),
            field_or_throw(board, text.substr(dash + 1, slash - dash - 1), whole), orientation(text.substr(slash + 1))};
  }
  return {MoveKind::RotateSlide, field_or_throw(board, text.substr(0, slash), whole),
          field_or_throw(board, text.substr(dash + 1), whole), orientation(text.substr(slash + 1, dash - slash - 1))};
}

std::vector<std::string> history_entries(const HexBoard& board, const Position& pos, bool clock) {
  std::vector<std::string> entries;
  for (int i = 0; i + 1 < pos.history_size; ++i) {
    const std::uint32_t code = pos.changes[static_cast<std::size_t>(i)];
    if (code == kPassChange) {
      entries.push_back("pass");
      continue;
    }
    const Change c = decode_change(code);
    entries.push_back(board.name(c.from) + "/" + orientation_label(c.from_orientation, clock) + ">" + board.name(c.to) +
                      "/" + orientation_label(c.to_orientation, clock));
  }
  return entries;
}

// The positions before this one since the last placement, each as the side to move and the fields
// where it differs from this one ("black -b1 Wb2/0": b1 empty, a White bar on b2): what the
// repetition rule (H-5a) counts, without the order they came in. Sorted, so that histories that
// visit the same positions as often in another order give the same text.
std::vector<std::string> earlier_positions(const HexBoard& board, const Position& pos, bool clock) {
  std::vector<std::string> positions;
  Cells cells = pos.cells;
  int side = pos.side;
  for (int i = pos.history_size - 2; i >= 0; --i) {
    side = 1 - side;
    if (const std::uint32_t code = pos.changes[static_cast<std::size_t>(i)]; code != kPassChange) {
      const Change c = decode_change(code);
      const int colour = colour_of(cells[static_cast<std::size_t>(c.to)]);  // under pieces=any, maybe not the mover's
      cells[static_cast<std::size_t>(c.to)] = kEmpty;
      cells[static_cast<std::size_t>(c.from)] = piece(colour, c.from_orientation);
    }
    std::string text = kSideWord[static_cast<std::size_t>(side)];
    for (int f = 0; f < board.fields(); ++f) {
      const std::int8_t cell = cells[static_cast<std::size_t>(f)];
      if (cell == pos.cells[static_cast<std::size_t>(f)]) continue;
      text += cell == kEmpty ? " -" + board.name(f)
                             : " " + std::string(1, kColourLetter[static_cast<std::size_t>(colour_of(cell))]) + board.name(f) + "/" +
                                   orientation_label(orientation_of(cell), clock);
    }
    positions.push_back(std::move(text));
  }
  std::sort(positions.begin(), positions.end());
  return positions;
}

// Rebuilds the positions since the last placement by undoing the listed changes from the current
// position, checking that each undo finds the piece where the change left it.
void restore_history(const HexBoard& board, Position& pos, const std::vector<std::string>& entries, bool clock,
                     std::string_view whole, bool any_pieces) {
  const int n = static_cast<int>(entries.size());
  if (n > pos.ply || n > kMaxPlyCap) {
    throw InputError("the history lists more plies than were played in " + quote_input(whole));
  }
  Cells cells = pos.cells;
  int side = pos.side;
  pos.history_size = static_cast<std::int16_t>(n + 1);
  pos.history[static_cast<std::size_t>(n)] = position_hash(cells, board.fields(), side);
  for (int i = n - 1; i >= 0; --i) {
    side = 1 - side;
    const std::string& entry = entries[static_cast<std::size_t>(i)];
    auto bad = [&](const std::string& why) {
      return InputError("history entry " + quote_input(entry) + " " + why + " in " + quote_input(whole));
    };
    if (entry == "pass") {
      pos.changes[static_cast<std::size_t>(i)] = kPassChange;
    } else {
      const auto arrow = entry.find('>');
      if (arrow == std::string::npos) throw bad("is not 'pass' or like c3/1>c3/0");
      int field[2], orientation[2];
      const std::string part[2] = {entry.substr(0, arrow), entry.substr(arrow + 1)};
      for (int k = 0; k < 2; ++k) {
        const auto slash = part[k].find('/');
        if (slash == std::string::npos) throw bad("needs orientations");
        field[k] = field_or_throw(board, std::string_view(part[k]).substr(0, slash), whole);
        orientation[k] = parse_orientation_label(std::string_view(part[k]).substr(slash + 1), clock);
        if (orientation[k] < 0) throw bad("has an orientation out of range (not one of " + orientation_labels_text(clock) + ")");
      }
      // The piece handled is the mover's, or under pieces=any (H-11) either side's (it keeps its colour).
      const std::int8_t there = cells[static_cast<std::size_t>(field[1])];
      const int colour = any_pieces && there != kEmpty ? colour_of(there) : side;
      const std::int8_t moved = piece(colour, orientation[1]);
      if (there != moved) throw bad("does not match the piece on " + board.name(field[1]));
      cells[static_cast<std::size_t>(field[1])] = kEmpty;
      if (cells[static_cast<std::size_t>(field[0])] != kEmpty) throw bad("starts on an occupied field");
      cells[static_cast<std::size_t>(field[0])] = piece(colour, orientation[0]);
      if (field[0] == field[1] && orientation[0] == orientation[1]) throw bad("changes nothing");
      pos.changes[static_cast<std::size_t>(i)] = encode_change(field[0], orientation[0], field[1], orientation[1]);
    }
    pos.history[static_cast<std::size_t>(i)] = position_hash(cells, board.fields(), side);
  }
}

std::vector<std::string> status_notes(const Position& pos) {
  if (pos.passes > 0) return {"passes " + std::to_string(pos.passes)};
  return {};
}

std::string status_text(const Position& pos, const std::string& end_reason) {
  std::string s;
  if (pos.outcome.kind == Outcome::Kind::Win) {
    s = std::string(kSideName[static_cast<std::size_t>(pos.outcome.winner)]) + " wins";
  } else if (pos.outcome.kind == Outcome::Kind::Draw) {
    s = "Draw";
  } else {
    s = std::string(kSideName[static_cast<std::size_t>(pos.side)]) + " to move";
  }
  if (pos.outcome.over() && !end_reason.empty()) s += ", " + end_reason;
  s += ", ply " + std::to_string(pos.ply);
  for (const std::string& note : status_notes(pos)) s += ", " + note;
  return s;
}

std::string diagram_text(const HexBoard& board, const Position& pos, bool clock, const std::string& end_reason) {
  const int width = 6 * board.radius() + 2;
  std::string header(static_cast<std::size_t>(width), ' ');
  for (int i = 0; i <= 2 * board.radius(); ++i) header[static_cast<std::size_t>(3 * i)] = static_cast<char>('a' + i);
  std::vector<std::string> rows(static_cast<std::size_t>(4 * board.radius() + 1), std::string(static_cast<std::size_t>(width), ' '));
  for (int f = 0; f < board.fields(); ++f) {
    std::string& row = rows[static_cast<std::size_t>(text_row(board, f))];
    const auto col = static_cast<std::size_t>(3 * (board.q(f) + board.radius()));
    const std::int8_t cell = pos.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty) {
      row[col] = '.';
    } else {
      row[col] = kColourLetter[static_cast<std::size_t>(colour_of(cell))];
      row[col + 1] = kGlyph[static_cast<std::size_t>(orientation_of(cell))];
    }
  }
  auto rstrip = [](std::string s) { return s.erase(s.find_last_not_of(' ') + 1); };
  std::string out = rstrip(header) + "\n";
  for (const std::string& row : rows) out += rstrip(row) + "\n";
  out += status_text(pos, end_reason);
  const auto history = history_entries(board, pos, clock);
  if (!history.empty()) {
    out += ", history";
    for (const std::string& entry : history) out += " " + entry;
  }
  return out + "\n";
}

std::vector<std::string> line_body(const HexBoard& board, const Position& pos, bool clock) {
  std::vector<std::string> body;
  for (int f = 0; f < board.fields(); ++f) {
    const std::int8_t cell = pos.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty) continue;
    body.push_back(kColourLetter[static_cast<std::size_t>(colour_of(cell))] + board.name(f) + "/" +
                   orientation_label(orientation_of(cell), clock));
  }
  body.push_back(kSideWord[static_cast<std::size_t>(pos.side)]);
  body.push_back(std::to_string(pos.ply));
  if (pos.passes > 0) body.push_back("passes:" + std::to_string(pos.passes));
  if (pos.outcome.kind == Outcome::Kind::Win) body.push_back(std::string("over:") + kSideWord[static_cast<std::size_t>(pos.outcome.winner)]);
  if (pos.outcome.kind == Outcome::Kind::Draw) body.push_back("over:draw");
  const auto history = history_entries(board, pos, clock);
  if (!history.empty()) {
    std::string token = "history:";
    for (std::size_t i = 0; i < history.size(); ++i) token += (i ? "," : "") + history[i];
    body.push_back(token);
  }
  return body;
}

namespace {

void put_piece(const HexBoard& board, Position& pos, int f, int colour, int o, std::string_view whole) {
  auto& cell = pos.cells[static_cast<std::size_t>(f)];
  if (cell != kEmpty) throw InputError("two pieces on field " + board.name(f) + " (pieces may not overlap) in " + quote_input(whole));
  cell = piece(colour, o);
  if (++pos.placed[static_cast<std::size_t>(colour)] > kPiecesPerSide) {
    throw InputError(std::string("more than 10 ") + kSideName[static_cast<std::size_t>(colour)] + " pieces in " + quote_input(whole));
  }
}

void check_ply(const Position& pos, int ply_cap, std::string_view whole) {
  if (pos.ply < 0 || pos.ply > ply_cap) {
    throw InputError("ply must be a number from 0 to the ply cap " + std::to_string(ply_cap) + " in " + quote_input(whole));
  }
}

}  // namespace

Position parse_line_body(const HexBoard& board, const std::vector<std::string>& body, bool clock, int ply_cap,
                         std::string_view whole, bool any_pieces) {
  Position pos;
  pos.cells.fill(kEmpty);
  std::size_t i = 0;
  for (; i < body.size() && (body[i][0] == 'W' || body[i][0] == 'B'); ++i) {
    const std::string& token = body[i];
    const auto slash = token.find('/');
    if (slash == std::string::npos) throw InputError("piece " + quote_input(token) + " needs an orientation, as in Wc4/1");
    const int f = field_or_throw(board, std::string_view(token).substr(1, slash - 1), whole);
    const int o = parse_orientation_label(std::string_view(token).substr(slash + 1), clock);
    if (o < 0) {
      throw InputError("orientation out of range in piece " + quote_input(token) + ": " +
                       quote_input(std::string_view(token).substr(slash + 1)) + " is not one of " + orientation_labels_text(clock));
    }
    put_piece(board, pos, f, token[0] == 'W' ? 0 : 1, o, whole);
  }
  // A token with a slash where the pieces end is a piece with another letter (Xa1/1).
  if (i < body.size() && body[i].find('/') != std::string::npos) {
    throw InputError("unknown piece letter " + quote_input(body[i].substr(0, 1)) + " in " + quote_input(body[i]) +
                     " (a piece is W for White or B for Black, as in Wc4/1)");
  }
  if (i >= body.size() || (body[i] != "white" && body[i] != "black")) {
    throw InputError("expected the side to move (white or black) after the pieces in " + quote_input(whole));
  }
  pos.side = body[i++] == "white" ? 0 : 1;
  if (i >= body.size()) throw InputError("expected the ply number after the side to move in " + quote_input(whole));
  pos.ply = static_cast<std::int16_t>(parse_number(body[i++], 4));
  check_ply(pos, ply_cap, whole);
  if (i < body.size() && body[i].rfind("passes:", 0) == 0) {
    const int passes = parse_number(std::string_view(body[i++]).substr(7), 1);
    if (passes < 1 || passes > 2) throw InputError("passes must be 1 or 2 in " + quote_input(whole));
    pos.passes = static_cast<std::int8_t>(passes);
  }
  if (i < body.size() && body[i].rfind("over:", 0) == 0) {
    const std::string result = body[i++].substr(5);
    if (result == "white" || result == "black") {
      pos.outcome = Outcome::win(result == "white" ? 0 : 1);
    } else if (result == "draw") {
      pos.outcome = Outcome::draw();
    } else {
      throw InputError("over: must be followed by white, black or draw in " + quote_input(whole));
    }
  }
  std::vector<std::string> history;
  if (i < body.size() && body[i].rfind("history:", 0) == 0) history = split_on(std::string_view(body[i++]).substr(8), ',');
  if (i != body.size()) throw InputError("unexpected " + quote_input(body[i]) + " in " + quote_input(whole));
  restore_history(board, pos, history, clock, whole, any_pieces);
  return pos;
}

namespace {

std::vector<std::string> meaningful_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!trim(line).empty()) lines.push_back(line);
  }
  if (!lines.empty()) {
    const auto words = words_of(lines.front());
    const bool header = std::all_of(words.begin(), words.end(), [](const std::string& w) {
      return w.size() == 1 && w[0] >= 'a' && w[0] <= 'z';
    });
    if (header) lines.erase(lines.begin());
  }
  return lines;
}

// A finished game's status line leads with its result ("White wins, enclosure, ply 7, ..."); before
// 28 November 2026 it led with the side to move and ended with the result ("Black to move, ply 7,
// White wins, ..."), which is read too.
std::vector<std::string> parse_status(Position& pos, const std::string& line, int ply_cap, std::string* end_reason) {
  std::vector<std::string> parts;
  std::string rest = line;
  for (std::size_t comma; (comma = rest.find(',')) != std::string::npos; rest = rest.substr(comma + 1)) {
    parts.emplace_back(trim(rest.substr(0, comma)));
  }
  parts.emplace_back(trim(rest));
  auto bad = [&] {
    return InputError("cannot read the status line " + quote_input(line) +
                      " (expected e.g. 'White to move, ply 3[, passes 1]' or 'Black wins[, <why it ended>], ply 8[, passes 1]')");
  };
  if (parts.size() < 2) throw bad();
  bool finished = false;
  if (parts[0] == "White to move") {
    pos.side = 0;
  } else if (parts[0] == "Black to move") {
    pos.side = 1;
  } else if (parts[0] == "White wins" || parts[0] == "Black wins" || parts[0] == "Draw") {
    finished = true;
    pos.outcome = parts[0] == "Draw" ? Outcome::draw() : Outcome::win(parts[0] == "White wins" ? 0 : 1);
    // The reason may itself begin with "ply" ("ply cap 200"); the ply item is "ply N".
    const bool ply_item = parts[1].size() > 4 && parts[1].rfind("ply ", 0) == 0 &&
                          parts[1].find_first_not_of("0123456789", 4) == std::string::npos;
    if (!ply_item) {
      if (end_reason != nullptr) *end_reason = parts[1];
      parts.erase(parts.begin() + 1);
      if (parts.size() < 2) throw bad();
    }
  } else {
    throw bad();
  }
  if (parts[1].rfind("ply ", 0) != 0) throw bad();
  pos.ply = static_cast<std::int16_t>(parse_number(std::string_view(parts[1]).substr(4), 4));
  check_ply(pos, ply_cap, line);
  // White moves at even plies, Black at odd ones (a pass is a ply too): the side that would move
  // next in a finished game.
  if (finished) pos.side = static_cast<std::int8_t>(pos.ply % 2);
  std::size_t i = 2;
  if (i < parts.size() && parts[i].rfind("passes ", 0) == 0) {
    const int passes = parse_number(std::string_view(parts[i++]).substr(7), 1);
    if (passes < 1 || passes > 2) throw bad();
    pos.passes = static_cast<std::int8_t>(passes);
  }
  if (!finished && i < parts.size() && parts[i].rfind("history ", 0) != 0) {
    if (parts[i] == "White wins") {
      pos.outcome = Outcome::win(0);
    } else if (parts[i] == "Black wins") {
      pos.outcome = Outcome::win(1);
    } else if (parts[i] == "draw") {
      pos.outcome = Outcome::draw();
    } else {
      throw bad();
    }
    ++i;
  }
  std::vector<std::string> history;
  if (i < parts.size() && parts[i].rfind("history ", 0) == 0) {
    std::istringstream in(parts[i++].substr(8));
    for (std::string entry; in >> entry;) history.push_back(entry);
  }
  if (i != parts.size()) throw bad();
  return history;
}

}  // namespace

int diagram_radius(std::string_view text) {
  const auto lines = meaningful_lines(text);
  const int rows = static_cast<int>(lines.size()) - 1;  // the last line is the status line
  if (rows < 1 || (rows - 1) % 4 != 0 || (rows - 1) / 4 < kMinRadius || (rows - 1) / 4 > kMaxRadius) {
    throw InputError("a Hexabrae diagram has 4*radius+1 board rows (radius 2 to 6) and a status line; got " +
                     std::to_string(std::max(rows, 0)) + " board rows in " + quote_input(text));
  }
  return (rows - 1) / 4;
}

Position parse_diagram(const HexBoard& board, std::string_view text, bool clock, int ply_cap, bool any_pieces,
                       std::string* end_reason) {
  const auto lines = meaningful_lines(text);
  if (diagram_radius(text) != board.radius()) {
    throw InputError("the diagram has radius " + std::to_string(diagram_radius(text)) + " but the game has radius " +
                     std::to_string(board.radius()));
  }
  Position pos;
  pos.cells.fill(kEmpty);
  std::vector<std::vector<int>> row_fields(static_cast<std::size_t>(4 * board.radius() + 1));
  for (int f = 0; f < board.fields(); ++f) row_fields[static_cast<std::size_t>(text_row(board, f))].push_back(f);
  for (std::size_t t = 0; t < row_fields.size(); ++t) {
    std::vector<int>& fields = row_fields[t];
    std::sort(fields.begin(), fields.end(), [&](int a, int b) { return board.q(a) < board.q(b); });
    const auto tokens = words_of(lines[t]);
    if (tokens.size() != fields.size()) {
      throw InputError("diagram row " + std::to_string(t + 1) + " has " + std::to_string(tokens.size()) +
                       " fields, expected " + std::to_string(fields.size()) + ": " + quote_input(lines[t]));
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const std::string& token = tokens[i];
      if (token == ".") continue;
      const auto glyph = token.size() == 2 ? std::find(kGlyph.begin(), kGlyph.end(), token[1]) : kGlyph.end();
      if ((token[0] != 'W' && token[0] != 'B') || glyph == kGlyph.end()) {
        throw InputError("diagram field " + quote_input(token) + " is not '.', or W or B followed by /, | or \\");
      }
      put_piece(board, pos, fields[i], token[0] == 'W' ? 0 : 1, static_cast<int>(glyph - kGlyph.begin()), text);
    }
  }
  restore_history(board, pos, parse_status(pos, lines.back(), ply_cap, end_reason), clock, text, any_pieces);
  return pos;
}

}  // namespace arbiter::hexabrae

#include "solver/board_map.hpp"

#include <map>
#include <optional>
#include <sstream>
#include <utility>

namespace arbiter::solver {

// The marks of the board map. The games draw their pieces as letters, their empty cells as '.',
// '+' or '#' and their bars with slashes and '|', so a mark never reads as a piece (as 'W' for a
// win did beside White's stones, drawn 'W'); board_map draws no map where a diagram has one.
char value_mark(Value v) {
  switch (v) {
    case Value::Win: case Value::WinWithin: return '*';
    case Value::Loss: case Value::NoWinWithin: return '-';
    case Value::Draw: return '=';
    case Value::Unknown: return '?';
  }
  return '?';
}

namespace {

bool is_value_mark(char ch) {
  for (Value v : {Value::Win, Value::Loss, Value::Draw, Value::Unknown}) {
    if (ch == value_mark(v)) return true;
  }
  return false;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether column c of a diagram line is a character on its own, between spaces or the line's ends:
// a cell of a square board, not one character of a piece drawn with two or of a word of the status
// line.
bool stands_alone(const std::string& line, std::size_t c) {
  return line[c] != ' ' && (c == 0 || line[c - 1] == ' ') && (c + 1 == line.size() || line[c + 1] == ' ');
}

using Place = std::pair<std::size_t, std::size_t>;  // (line, column) of a diagram

// The characters a move changes among those that stand alone, before and after it, as (line,
// column). A line with another change (the status line's words, a bar's glyph) is not a board row
// the move writes a cell of, and is left out, as is a line that changes its length. Nothing where
// the diagram changes its number of lines.
std::optional<std::vector<Place>> changed_places(const std::vector<std::string>& before, const std::vector<std::string>& after) {
  if (before.size() != after.size()) return std::nullopt;
  std::vector<Place> places;
  for (std::size_t l = 0; l < before.size(); ++l) {
    const std::string& a = before[l];
    const std::string& b = after[l];
    if (a == b || a.size() != b.size()) continue;
    std::vector<Place> changed;
    bool all_cells = true;
    for (std::size_t c = 0; c < a.size() && all_cells; ++c) {
      if (a[c] == b[c]) continue;
      all_cells = stands_alone(a, c) && stands_alone(b, c);
      changed.emplace_back(l, c);
    }
    if (all_cells) places.insert(places.end(), changed.begin(), changed.end());
  }
  return places;
}

}  // namespace

// The position's diagram with each move's value written on the cell its move fills: the one
// character the move changes (changed_places) besides those every move changes, which belong to
// no move's cell but to the status line (a side to move written with one letter: "X to move"
// becomes "O to move"). A move with no such character or several (a swap, a pass, a piece moved, a
// placement that fills other cells too), or one that shares its cell with another move (two
// kinds of piece placed on one square), is not written: one mark would stand for several values.
// Those moves are left unmapped, for the list below the map; so are all of them where the diagram
// already shows a mark's character on a cell, which would read as a value.
std::string board_map(const State& root, const std::vector<MoveResult>& moves, std::vector<bool>& mapped) {
  std::vector<std::string> map = lines_of(root.diagram());
  mapped.assign(moves.size(), false);
  for (const std::string& line : map) {
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (stands_alone(line, c) && is_value_mark(line[c])) return root.diagram();
    }
  }
  std::vector<std::optional<std::vector<Place>>> changes(moves.size());
  std::map<Place, std::size_t> changed_by;  // how many moves change each place
  auto child = root.clone();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    child->copy_from(root);
    child->apply(moves[i].move);
    changes[i] = changed_places(map, lines_of(child->diagram()));
    if (changes[i]) {
      for (const Place& place : *changes[i]) ++changed_by[place];
    }
  }
  std::vector<std::optional<Place>> cells(moves.size());
  std::map<Place, int> moves_on;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!changes[i]) continue;
    std::vector<Place> own;
    for (const Place& place : *changes[i]) {
      if (moves.size() < 2 || changed_by[place] < moves.size()) own.push_back(place);
    }
    if (own.size() != 1) continue;
    // A move that takes a piece and changes one cell emptied that piece's cell, it filled none: a
    // mark there hid the piece (a move that removed White's piece on g6 and placed none drew '*'
    // over that piece).
    if (!root.move_trace(moves[i].move).removed.empty()) continue;
    cells[i] = own.front();
    ++moves_on[own.front()];
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!cells[i] || moves_on[*cells[i]] != 1) continue;
    map[cells[i]->first][cells[i]->second] = value_mark(moves[i].value);
    mapped[i] = true;
  }
  std::string text;
  for (const std::string& line : map) text += line + "\n";
  return text;
}

}  // namespace arbiter::solver

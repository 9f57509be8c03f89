// Brochs notation: the diagram, the one-line form and move texts (docs/notation/brochs.md).
#include <algorithm>
#include <cctype>
#include <sstream>

#include "model/brochs/engine.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/square_grid.hpp"
#include "model/core/text.hpp"

namespace arbiter::brochs {
namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && text.size() <= 6 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int parse_number(std::string_view text, std::string_view what) {
  if (!all_digits(text)) throw InputError(std::string(what) + " must be a number from 0 to 999999, got " + quote_input(text));
  return std::stoi(std::string(text));
}

// The character of one square: its piece (lower case on a keep) or its empty square type.
// The character of `cell` holding `piece` (Empty for none).
char cell_char(const Tables& t, int cell, std::uint8_t piece) {
  const bool keep = t.is_keep(cell);
  switch (piece) {
    case White: return keep ? 'w' : 'W';
    case Black: return keep ? 'b' : 'B';
    case Main: return keep ? 's' : 'S';
    default: break;
  }
  if (keep) return '#';
  return t.region[static_cast<std::size_t>(cell)] == kCrossRegion ? '+' : '.';
}

char cell_char(const BrochsState& s, int cell) { return cell_char(s.tables(), cell, s.at(cell)); }

std::string square_type_name(const Tables& t, int cell) {
  if (t.is_keep(cell)) return "a keep";
  return t.region[static_cast<std::size_t>(cell)] == kCrossRegion ? "on the central cross" : "an ordinary quadrant square";
}

// Reads one square's character, checking it against the square's type.
void read_cell(BrochsState& s, int cell, char ch) {
  const Tables& t = s.tables();
  const std::string name = SquareGrid::of(t.n).name(cell);
  const bool keep = t.is_keep(cell);
  const bool cross = t.region[static_cast<std::size_t>(cell)] == kCrossRegion;
  std::uint8_t piece = Empty;
  bool keep_mark = false;
  switch (ch) {
    case 'W': case 'w': piece = White; break;
    case 'B': case 'b': piece = Black; break;
    case 'S': case 's': piece = Main; break;
    case '#': keep_mark = true; break;
    case '+':
      if (!cross) throw InputError("'+' marks the central cross but " + name + " is " + square_type_name(t, cell));
      break;
    case '.':
      if (keep || cross) throw InputError("'.' marks an ordinary square but " + name + " is " + square_type_name(t, cell));
      break;
    default: throw InputError("unknown square character " + quote_input(std::string(1, ch)) + " at " + name);
  }
  if (piece != Empty) keep_mark = std::islower(static_cast<unsigned char>(ch)) != 0;
  if (keep_mark != keep) {
    throw InputError(std::string(keep_mark ? "keep mark " : "non-keep mark ") + quote_input(std::string(1, ch)) +
                     " at " + name + ", which is " + square_type_name(t, cell) +
                     " (keeps are lower case or '#')");
  }
  s.put(cell, piece);
}

std::string reserve_text(const BrochsState& s) { return std::to_string(s.reserve()) + (s.main_in_reserve() ? "+S" : ""); }

void read_reserve(std::string_view text, int& ordinary, bool& main) {
  main = text.size() >= 2 && text.substr(text.size() - 2) == "+S";
  if (main) text.remove_suffix(2);
  ordinary = parse_number(text, "the reserve");
}

int read_side(std::string_view text) {
  if (text == "black" || text == "Black") return kBlackSide;
  if (text == "white" || text == "White") return kWhiteSide;
  throw InputError("side to move must be black or white, got " + quote_input(text));
}

// Checks piece counts and turn flags against the rules, then fixes the derived state.
void finish_parsed(BrochsState& s, int side, int ply, int passes, bool cursed, bool repeated) {
  const Rules& r = s.rules();
  const Tables& t = s.tables();
  int whites = 0, ordinary = 0, mains = 0;
  for (int cell = 0; cell < t.n * t.n; ++cell) {
    whites += s.at(cell) == White;
    ordinary += s.at(cell) == Black;
    mains += s.at(cell) == Main;
  }
  if (whites > kWhitePieces) throw InputError("too many White pieces: " + std::to_string(whites) + " (at most 24)");
  if (ordinary + s.reserve() > kBlackOrdinaryPieces) {
    throw InputError("too many ordinary Black pieces: " + std::to_string(ordinary) + " on the board and " +
                     std::to_string(s.reserve()) + " in reserve (at most 12 besides the main piece)");
  }
  if (mains + (s.main_in_reserve() ? 1 : 0) > 1) throw InputError("more than one main piece (S) on the board and in reserve");
  if (ply > r.ply_cap) throw InputError("ply " + std::to_string(ply) + " is beyond the ply cap " + std::to_string(r.ply_cap));
  if (passes > 2) throw InputError("passes must be 0, 1 or 2, got " + std::to_string(passes));
  if (cursed && (r.curse_cost != CurseCost::Free || side != kBlackSide || passes != 0)) {
    throw InputError("'cursed' (a curse already made this turn) needs curse-cost=free, Black to move and no pass");
  }
  if (repeated && r.repetition == Repetition::None) throw InputError("'repetition' is given but repetition=none");
  s.set_turn(side, ply, passes, cursed, repeated);
  s.finish_setup();
}

// The reversible moves since the last irreversible action, which the repetition rule needs.
// A leading "curse" item says the history starts right after a curse: that position carries the
// curse mark and can never recur, which the moves alone cannot tell.
std::string since_text(const BrochsState& s, const char* separator) {
  if (s.rules().repetition != Repetition::Third) return "";
  std::string out;
  if (s.history_from_curse() && !s.moves_since_irreversible().empty()) out = "curse";
  for (Move m : s.moves_since_irreversible()) {
    if (!out.empty()) out += separator;
    out += move_kind(m) == MoveKind::Pass ? "pass" : s.cell_name(move_from(m)) + "-" + s.cell_name(move_to(m));
  }
  return out;
}

struct StatusFlags {
  bool cursed = false;
  bool repeated = false;
  std::vector<std::string> taken;  // keeps Black's last stroke captured
  std::vector<std::string> since;
};

std::vector<std::string> split_on(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  return parts;
}

// Optional trailing items of the status: "cursed", "repetition", "since <moves>".
void read_flag(std::string_view word, StatusFlags& flags) {
  if (word == "cursed") {
    flags.cursed = true;
  } else if (word == "repetition") {
    flags.repeated = true;
  } else if (word.rfind("taken:", 0) == 0) {
    flags.taken = split_on(std::string(word.substr(6)), ',');
  } else if (word.rfind("taken ", 0) == 0) {
    flags.taken = words_of(word.substr(6));
  } else if (word.rfind("since:", 0) == 0) {
    flags.since = split_on(std::string(word.substr(6)), ',');
  } else if (word.rfind("since ", 0) == 0) {
    flags.since = words_of(word.substr(6));
  } else {
    throw InputError("unknown status item " + quote_input(word));
  }
}

// Reads the keeps named by 'taken' (keep-setting=after-capture only).
void restore_taken(BrochsState& s, const std::vector<std::string>& taken) {
  if (taken.empty()) return;
  if (s.rules().keep_setting != KeepSetting::AfterCapture) throw InputError("'taken' is only used with keep-setting=after-capture");
  const SquareGrid& grid = SquareGrid::of(s.tables().n);
  unsigned keeps = 0;
  for (const std::string& name : taken) {
    const int cell = grid.parse(name);
    const int keep = cell == SquareGrid::kNone ? -1 : s.tables().keep_index[static_cast<std::size_t>(cell)];
    if (keep < 0) throw InputError("'taken' names " + quote_input(name) + ", which is not a keep");
    // A keep is taken or not: a second mention adds nothing, and the form never writes one, so it
    // is refused as a slip ("taken:f6,f6" was read as "taken:f6").
    if ((keeps >> keep) & 1U) throw InputError("'taken' names " + quote_input(name) + " twice");
    keeps |= 1U << keep;
  }
  s.set_keeps_taken(keeps);
}

std::string taken_text(const BrochsState& s, const char* separator) {
  std::string out;
  for (int q = 0; q < kKeeps; ++q) {
    if (!((s.keeps_taken() >> q) & 1U)) continue;
    out += (out.empty() ? "" : separator) + s.cell_name(s.tables().keep_cell[static_cast<std::size_t>(q)]);
  }
  return out;
}

// Reads the 'since' moves and rebuilds the repetition history from them.
void restore_since(BrochsState& s, const std::vector<std::string>& since) {
  if (since.empty()) return;
  if (s.rules().repetition != Repetition::Third) throw InputError("'since' is only used with repetition=third");
  const SquareGrid& grid = SquareGrid::of(s.tables().n);
  std::vector<Move> moves;
  const bool from_curse = since.front() == "curse";
  for (std::size_t i = from_curse ? 1 : 0; i < since.size(); ++i) {
    const std::string& text = since[i];
    if (text == "pass") {
      moves.push_back(kPass);
      continue;
    }
    const auto dash = text.find('-');
    const int from = dash == std::string::npos ? SquareGrid::kNone : grid.parse(text.substr(0, dash));
    const int to = dash == std::string::npos ? SquareGrid::kNone : grid.parse(text.substr(dash + 1));
    if (from == SquareGrid::kNone || to == SquareGrid::kNone) throw InputError("not a move in 'since': " + quote_input(text));
    moves.push_back(make_move(MoveKind::Step, from, to));
  }
  if (from_curse && moves.empty()) throw InputError("'since' names a curse but no moves after it");
  // Only a free curse starts the history (the position after it carries the curse mark and cannot
  // recur); under curse-cost=turn the position after a curse can recur, so it is one of the moves'.
  if (from_curse && s.rules().curse_cost != CurseCost::Free) {
    throw InputError("'since' starts with 'curse', which only a free curse writes, but curse-cost=turn: the position after a "
                     "curse can recur there, so leave 'curse' out");
  }
  if (from_curse && (s.side_to_move() == kBlackSide) != (moves.size() % 2 == 0)) {
    const bool black_left = moves.size() % 2 == 0;
    throw InputError("'since' starts with 'curse', after which Black still moves (curse-cost=free), so its " +
                     counted(moves.size(), "move leaves ", "moves leave ") + (black_left ? "Black" : "White") + " to move, not " +
                     (black_left ? "White" : "Black"));
  }
  s.restore_history(moves, from_curse);
}

struct DiagramLines {
  std::vector<std::string> board;  // rows, header removed
  std::string status;
};

DiagramLines split_diagram(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string raw; std::getline(in, raw);) {
    const std::string_view line = trim(raw);
    if (!line.empty()) lines.emplace_back(line);
  }
  if (lines.size() < 2) throw InputError("a Brochs diagram needs board rows and a status line, got " + quote_input(text));
  // A last line of board characters alone is a row: the status line is missing (without this the
  // rows would be counted one short, and the error would name a board size).
  if (lines.back().find_first_not_of(".+#WBSwbs0123456789 ") == std::string::npos) {
    throw InputError("diagram has no status line (expected e.g. 'Black to move, ply 0, reserve 12+S, passes 0' as the last line), got " +
                     quote_input(lines.back()));
  }
  DiagramLines out;
  out.status = lines.back();
  lines.pop_back();
  const std::vector<std::string> first = words_of(lines.front());
  if (!first.empty() && first[0] == "a") lines.erase(lines.begin());
  out.board = std::move(lines);
  return out;
}

// The status line's items between the reserve and the moves since the last irreversible action:
// the passes in a row, then what else decides the next move or ended the game and the board does
// not show.
std::vector<std::string> turn_items(const BrochsState& s) {
  std::vector<std::string> items = {"passes " + std::to_string(s.passes())};
  if (s.cursed()) items.emplace_back("cursed");
  if (s.repeated()) items.emplace_back("repetition");
  if (const std::string taken = taken_text(s, " "); !taken.empty()) items.push_back("taken " + taken);
  return items;
}

std::string outcome_word(const Outcome& o) {
  if (o.kind == Outcome::Kind::Draw) return "draw";
  return o.winner == kBlackSide ? "Black wins" : "White wins";
}

// Game::parse_position plays the opening out (ply 0 and 1, and ply 2 with a status note); from
// there on the rules' necessary conditions are checked here.
void check_reachable_after_opening(const BrochsState& s) {
  if (s.ply() > 2 || (s.ply() == 2 && s.status_notes().empty())) check_reachable(s);
}

// The head of a finished game's status line: "Black wins", "White wins", "Draw".
std::string result_word(const Outcome& o) { return o.kind == Outcome::Kind::Draw ? "Draw" : outcome_word(o); }

// The last item of a finished game's status line after the side: " would move next".
constexpr const char* kWouldMoveNext = " would move next";

}  // namespace

std::string BrochsState::cell_name(int cell) const { return SquareGrid::of(tables_->n).name(cell); }

int diagram_size(std::string_view text) { return static_cast<int>(split_diagram(text).board.size()); }

std::vector<std::string> BrochsState::status_notes() const {
  // A finished game's status says why it ended, whichever way it did (the passes in a row, a
  // curse or a taken keep no longer matter).
  if (outcome_.over()) return {end_note()};
  std::vector<std::string> notes = turn_items(*this);
  // The text format always states the passes; a picture says so only once someone has passed.
  if (passes_ == 0) notes.erase(notes.begin());
  return notes;
}

std::vector<std::string> BrochsState::puzzle_notes() const {
  std::vector<std::string> notes = status_notes();
  // A book's reader has not learnt the status line's "passes 1" (a tester's book read "Black to
  // play, passes 1"): it says that the other side passed last, and that a second pass ends the game.
  if (!outcome_.over() && passes_ == 1 && !notes.empty() && notes.front() == "passes 1") {
    notes.front() = std::string(side_to_move() == kBlackSide ? "White" : "Black") + " just passed (two passes in a row end the game)";
  }
  if (!outcome_.over()) {
    for (std::string& note : ply_cap_note(ply_, rules_.ply_cap)) notes.push_back(std::move(note));
  }
  return notes;
}

std::string BrochsState::diagram() const {
  const int n = tables_->n;
  std::string out = "  ";
  for (int c = 0; c < n; ++c) out += std::string(" ") + static_cast<char>('a' + c);
  out += "\n";
  for (int r = 0; r < n; ++r) {
    const std::string number = std::to_string(r + 1);
    out += std::string(2 - std::min<std::size_t>(2, number.size()), ' ') + number;
    for (int c = 0; c < n; ++c) out += std::string(" ") + cell_char(*this, r * n + c);
    out += "\n";
  }
  return out + status_text() + "\n";
}

std::string BrochsState::status_text() const {
  std::string out;
  // A finished game has no side to move: its status leads with the result and why the game ended
  // (as Brique's and Quentin's diagrams and every picture's status do). The side that would move
  // next is still part of the position (the one-line form names it), so it closes the line.
  const std::string side = side_ == kBlackSide ? "Black" : "White";
  if (outcome_.over()) {
    out += result_word(outcome_);
    if (const std::string why = end_note(); !why.empty()) out += ", " + why;
    out += ", ply " + std::to_string(ply_);
  } else {
    out += side + " to move, ply " + std::to_string(ply_);
  }
  out += ", reserve " + reserve_text(*this);
  // A game ended by repetition says so once, in its lead ("White wins, repetition, ..."), which
  // the reader takes as the item; before 29 November 2026 the item followed the passes as well.
  for (const std::string& item : turn_items(*this)) {
    if (item != "repetition" || end_cause() != EndCause::Repetition) out += ", " + item;
  }
  if (const std::string since = since_text(*this, " "); !since.empty()) out += ", since " + since;
  if (outcome_.over()) out += ", " + side + kWouldMoveNext;
  return out;
}

std::string BrochsState::line() const {
  const int n = tables_->n;
  std::string rows;
  for (int r = 0; r < n; ++r) {
    if (r > 0) rows += '/';
    for (int c = 0; c < n; ++c) rows += cell_char(*this, r * n + c);
  }
  std::vector<std::string> body = {rows, side_ == kBlackSide ? "black" : "white", std::to_string(ply_),
                                   reserve_text(*this), std::to_string(passes_)};
  if (cursed_) body.emplace_back("cursed");
  if (repeated_) body.emplace_back("repetition");
  if (const std::string taken = taken_text(*this, ","); !taken.empty()) body.push_back("taken:" + taken);
  if (const std::string since = since_text(*this, ","); !since.empty()) body.push_back("since:" + since);
  return join_line_form(descriptor(), config_of(rules_), body);
}

// The future depends on the history only through how often each position occurs in it: a move
// ends the game by repetition when the position it makes is found twice among those since the last
// irreversible action, and no rule reads their order (key() keeps their multiset for the
// same reason). So the 'since' moves are replaced by the positions they pass through, each as its
// side to move and the squares where it differs from this one, sorted. A position just after a
// curse is left out, as the key leaves it out: it carries the curse mark, which only a curse, an
// irreversible action, makes, so no later position equals it.
std::string BrochsState::equivalence_text() const {
  if (rules_.repetition != Repetition::Third || history_.length <= 1) return line();
  const Tables& t = *tables_;
  std::vector<std::string> earlier;
  auto board = board_;
  int side = side_;
  for (int i = history_.length - 1; i >= 1; --i) {
    const Move m = history_.moves[static_cast<std::size_t>(i)];
    if (move_kind(m) == MoveKind::Step) {
      board[static_cast<std::size_t>(move_from(m))] = board[static_cast<std::size_t>(move_to(m))];
      board[static_cast<std::size_t>(move_to(m))] = Empty;
    }
    side = 1 - side;
    if (i - 1 == 0 && history_from_curse_) break;
    std::string text = side == kBlackSide ? "black" : "white";
    for (int cell = 0; cell < t.n * t.n; ++cell) {
      const std::uint8_t piece = board[static_cast<std::size_t>(cell)];
      if (piece != at(cell)) text += " " + cell_name(cell) + "=" + cell_char(t, cell, piece);
    }
    earlier.push_back(std::move(text));
  }
  std::sort(earlier.begin(), earlier.end());
  std::string out;
  const std::string printed = line();
  std::istringstream words(printed);
  for (std::string word; words >> word;) {
    if (word.rfind("since:", 0) == 0) continue;
    out += (out.empty() ? "" : " ") + word;
  }
  out += " earlier:";
  for (std::size_t i = 0; i < earlier.size(); ++i) out += (i ? ";" : "") + earlier[i];
  return out;
}

std::unique_ptr<BrochsState> parse_brochs_position(const Rules& rules, std::string_view text) {
  auto state = std::make_unique<BrochsState>(rules);
  const int n = rules.size;
  if (const auto form = split_line_form(text, descriptor().name)) {
    check_line_form_matches(descriptor(), config_of(rules), *form);
    const auto& body = form->body;
    if (body.size() < 5 || body.size() > 9) {
      throw InputError("a brochs one-line position needs <rows> <black|white> <ply> <reserve> <passes> [cursed] [repetition] [taken:<keeps>] [since:<moves>], got " +
                       quote_input(text));
    }
    std::vector<std::string> rows;
    std::stringstream split(body[0]);
    for (std::string row; std::getline(split, row, '/');) rows.push_back(row);
    if (static_cast<int>(rows.size()) != n || body[0].back() == '/') {
      throw InputError("expected " + std::to_string(n) + " rows separated by '/', got " + quote_input(body[0]));
    }
    for (int r = 0; r < n; ++r) {
      const std::string& row = rows[static_cast<std::size_t>(r)];
      if (static_cast<int>(row.size()) != n) throw InputError("row " + std::to_string(r + 1) + " must have " + std::to_string(n) + " squares, got " + quote_input(row));
      for (int c = 0; c < n; ++c) read_cell(*state, r * n + c, row[static_cast<std::size_t>(c)]);
    }
    int ordinary = 0;
    bool main = false;
    read_reserve(body[3], ordinary, main);
    state->set_reserve(ordinary, main);
    StatusFlags flags;
    for (std::size_t i = 5; i < body.size(); ++i) read_flag(body[i], flags);
    finish_parsed(*state, read_side(body[1]), parse_number(body[2], "ply"), parse_number(body[4], "passes"), flags.cursed, flags.repeated);
    restore_taken(*state, flags.taken);
    restore_since(*state, flags.since);
    check_reachable_after_opening(*state);
    return state;
  }
  const DiagramLines lines = split_diagram(text);
  if (static_cast<int>(lines.board.size()) != n) {
    throw InputError("diagram has " + std::to_string(lines.board.size()) + " rows but the board size is " + std::to_string(n));
  }
  for (int r = 0; r < n; ++r) {
    std::vector<std::string> words = words_of(lines.board[static_cast<std::size_t>(r)]);
    if (!words.empty() && all_digits(words[0])) {
      if (words[0] != std::to_string(r + 1)) throw InputError("row number " + quote_input(words[0]) + " where row " + std::to_string(r + 1) + " was expected");
      words.erase(words.begin());
    }
    std::string cells;
    for (const auto& w : words) cells += w;
    if (static_cast<int>(cells.size()) != n) {
      throw InputError("row " + std::to_string(r + 1) + " must have " + std::to_string(n) + " squares, got " +
                       quote_input(lines.board[static_cast<std::size_t>(r)]));
    }
    for (int c = 0; c < n; ++c) read_cell(*state, r * n + c, cells[static_cast<std::size_t>(c)]);
  }
  // Status: "<Black|White> to move, ply N, reserve R, passes P[, cursed][, repetition][, taken ...][, since ...]"
  // or, for a finished game, "<Black wins|White wins|Draw>[, <why it ended>], ply N, reserve R, passes P[, ...],
  // <Black|White> would move next". Before 28 November 2026 a finished game's line began "<side> to
  // move" and ended with the verdict ("..., White wins"); that form is read too.
  std::vector<std::string> parts;
  std::stringstream split(lines.status);
  for (std::string part; std::getline(split, part, ',');) parts.emplace_back(trim(part));
  std::string verdict, stated_reason;
  int side = kBlackSide;
  const bool finished_form = parts[0] == "Black wins" || parts[0] == "White wins" || parts[0] == "Draw";
  if (finished_form) {
    verdict = parts[0] == "Draw" ? "draw" : parts[0];
    // The reason may itself begin with "ply" ("ply cap 400"); the ply item is "ply N".
    const auto second = parts.size() > 1 ? words_of(parts[1]) : std::vector<std::string>{};
    if (parts.size() > 1 && !(second.size() == 2 && second[0] == "ply" && all_digits(second[1]))) {
      stated_reason = parts[1];
      parts.erase(parts.begin() + 1);
    }
    const auto last = words_of(parts.back());
    if (parts.size() < 5 || last.size() != 4 || last[1] + " " + last[2] + " " + last[3] != std::string(kWouldMoveNext).substr(1)) {
      throw InputError("a finished game's diagram status must read '<Black wins|White wins|Draw>[, <why it ended>], ply N, reserve R, "
                       "passes P[, ...], <Black|White> would move next', got " + quote_input(lines.status));
    }
    side = read_side(last[0]);
    parts.pop_back();
  } else {
    const auto head = words_of(parts[0]);
    if (parts.size() < 4 || head.size() != 3 || head[1] != "to" || head[2] != "move") {
      throw InputError("diagram status must read '<Black|White> to move, ply N, reserve R, passes P' (or, when the game is over, "
                       "'<Black wins|White wins|Draw>, ply N, ...'), got " + quote_input(lines.status));
    }
    side = read_side(head[0]);
  }
  auto field = [&](std::size_t i, std::string_view key) {
    const auto w = words_of(parts[i]);
    if (w.size() != 2 || w[0] != key) throw InputError("status item " + std::to_string(i + 1) + " must be '" + std::string(key) + " ...', got " + quote_input(parts[i]));
    return w[1];
  };
  const int ply = parse_number(field(1, "ply"), "ply");
  int ordinary = 0;
  bool main = false;
  read_reserve(field(2, "reserve"), ordinary, main);
  state->set_reserve(ordinary, main);
  const int passes = parse_number(field(3, "passes"), "passes");
  StatusFlags flags;
  flags.repeated = stated_reason == "repetition";
  for (std::size_t i = 4; i < parts.size(); ++i) {
    if (!finished_form && (parts[i] == "Black wins" || parts[i] == "White wins" || parts[i] == "draw")) {
      verdict = parts[i];
    } else {
      read_flag(parts[i], flags);
    }
  }
  finish_parsed(*state, side, ply, passes, flags.cursed, flags.repeated);
  restore_taken(*state, flags.taken);
  restore_since(*state, flags.since);
  const std::string actual = state->outcome().over() ? outcome_word(state->outcome()) : "";
  if (verdict != actual) {
    throw InputError("status says " + quote_input(verdict.empty() ? "ongoing" : verdict) + " but the position gives " +
                     (actual.empty() ? std::string("ongoing") : actual));
  }
  if (!stated_reason.empty() && stated_reason != state->end_note()) {
    throw InputError("status says the game ended by " + quote_input(stated_reason) + " but the position gives " +
                     quote_input(state->end_note()));
  }
  check_reachable_after_opening(*state);
  return state;
}

std::string BrochsState::move_text(Move m) const {
  std::string text;
  switch (move_kind(m)) {
    case MoveKind::Step: text = cell_name(move_from(m)) + "-" + cell_name(move_to(m)); break;
    case MoveKind::Set: text = "set " + cell_name(move_to(m)); break;
    case MoveKind::SetMain: text = "set main " + cell_name(move_to(m)); break;
    case MoveKind::Curse: return "curse " + cell_name(move_to(m));
    case MoveKind::Pass: return "pass";
  }
  const CaptureList captures = captures_of(m);
  std::vector<int> victims;
  for (int i = 0; i < captures.count; ++i) victims.push_back(captures.items[static_cast<std::size_t>(i)].victim);
  std::sort(victims.begin(), victims.end());
  for (int v : victims) text += " x " + cell_name(v);
  return text;
}

Move BrochsState::parse_move(std::string_view text) const { return read_move(text, true); }

// Every rook line of the mover's pieces to every square of it, and for Black setting (plain and
// the main piece) and cursing on every square; the capture suffix is optional, so a capturing
// step reads as legal without it.
std::vector<std::string> BrochsState::candidate_moves() const {
  const int n = tables_->n;
  std::vector<std::string> texts;
  for (int from = 0; from < n * n; ++from) {
    if (at(from) == Empty || side_of(at(from)) != side_) continue;
    for (int to = 0; to < n * n; ++to) {
      if (to != from && (to / n == from / n || to % n == from % n)) texts.push_back(cell_name(from) + "-" + cell_name(to));
    }
  }
  if (side_ == kBlackSide) {
    for (const char* kind : {"set ", "set main ", "curse "}) {
      for (int cell = 0; cell < n * n; ++cell) texts.push_back(kind + cell_name(cell));
    }
  }
  texts.push_back("pass");
  return texts;
}

std::string BrochsState::explain_text(std::string_view text) const { return explain(read_move(text, false)); }

Move BrochsState::read_move(std::string_view text, bool must_be_legal) const {
  const std::vector<std::string> words = words_of(text);
  if (words.empty()) throw InputError("empty move");
  const SquareGrid& grid = SquareGrid::of(tables_->n);
  auto cell = [&](const std::string& word) {
    const int c = grid.parse(word);
    if (c == SquareGrid::kNone) throw InputError("not a square of this board: " + quote_input(word) + " in move " + quote_input(text));
    return c;
  };
  Move move = 0;
  std::size_t next = 1;
  if (words[0] == "pass") {
    move = kPass;
  } else if (words[0] == "curse" && words.size() >= 2) {
    move = make_move(MoveKind::Curse, 0, cell(words[1]));
    next = 2;
  } else if (words[0] == "set" && words.size() >= 3 && words[1] == "main") {
    move = make_move(MoveKind::SetMain, 0, cell(words[2]));
    next = 3;
  } else if (words[0] == "set" && words.size() >= 2) {
    move = make_move(MoveKind::Set, 0, cell(words[1]));
    next = 2;
  } else if (const auto dash = words[0].find('-'); dash != std::string::npos) {
    move = make_move(MoveKind::Step, cell(words[0].substr(0, dash)), cell(words[0].substr(dash + 1)));
  } else {
    throw InputError("unknown move form " + quote_input(text) + " (expected a1-a5, set a1, set main a1, curse a1 or pass)");
  }
  std::vector<int> claimed;
  bool has_suffix = false;
  for (std::size_t i = next; i < words.size(); ++i) {
    if (words[i] == "x") {
      has_suffix = true;
      continue;
    }
    if (!has_suffix) throw InputError("unexpected " + quote_input(words[i]) + " in move " + quote_input(text));
    claimed.push_back(cell(words[i]));
  }
  if (has_suffix && claimed.empty()) throw InputError("capture suffix 'x' without a square in move " + quote_input(text));
  const std::string reason = illegal_reason(move);
  if (!reason.empty() && must_be_legal) throw InputError("illegal move " + quote_input(text) + ": " + reason);
  if (has_suffix && reason.empty()) {
    const std::string actual = move_text(move);
    std::sort(claimed.begin(), claimed.end());
    std::string claimed_text;
    for (int c : claimed) claimed_text += " x " + cell_name(c);
    const auto base_end = actual.find(" x ");
    const std::string actual_suffix = base_end == std::string::npos ? "" : actual.substr(base_end);
    if (claimed_text != actual_suffix || move_kind(move) == MoveKind::Curse) {
      throw InputError("wrong capture suffix in " + quote_input(text) + ": this move is " + quote_input(actual));
    }
  }
  return move;
}

}  // namespace arbiter::brochs

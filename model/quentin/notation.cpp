#include "model/quentin/notation.hpp"

#include <algorithm>
#include <cctype>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/square_grid.hpp"
#include "model/quentin/reference.hpp"

namespace arbiter::quentin {
namespace {

constexpr const char* kSideWords[2] = {"Black", "White"};
constexpr const char* kSideTokens[2] = {"black", "white"};

char cell_char(std::int8_t cell) { return cell == kBlackStone ? 'B' : cell == kWhiteStone ? 'W' : '.'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

std::vector<std::string_view> nonempty_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    if (!line.empty()) lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

bool is_status_line(std::string_view line) {
  return starts_with(line, "Black ") || starts_with(line, "White ") || starts_with(line, "Draw");
}

// A column header: lower-case letters separated by spaces ("a b c d e").
bool is_header_line(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || (c >= 'a' && c <= 'z'); });
}

int parse_count(std::string_view text, std::string_view what) {
  if (text.empty() || text.size() > 6 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw InputError(std::string(what) + " must be a number from 0 to 999999, got " + quote_input(text));
  }
  return std::stoi(std::string(text));
}

// One board row: an optional row number, then one character per point, spaces optional.
std::vector<std::int8_t> parse_row(std::string_view line, int row_number) {
  std::size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > 0) {
    if (parse_count(line.substr(0, digits), "a row number") != row_number) {
      throw InputError("row " + std::to_string(row_number) + " is numbered " +
                       std::string(line.substr(0, digits)) + " in " + quote_input(line));
    }
    line.remove_prefix(digits);
  }
  std::vector<std::int8_t> cells;
  for (char c : line) {
    if (c == ' ' || c == '\t') continue;
    if (c == '.') cells.push_back(kEmpty);
    else if (c == 'B') cells.push_back(kBlackStone);
    else if (c == 'W') cells.push_back(kWhiteStone);
    else throw InputError("unexpected character '" + std::string(1, c) + "' in board row " + quote_input(line) +
                          " (use . B W)");
  }
  return cells;
}

struct Status {
  bool finished = false;
  Outcome stated;  // when finished
  int side = -1;   // when not finished, or the side token of a one-line form
  bool claims_ongoing = false;  // a diagram's "<Side> to move" says the game goes on
  int ply = 0;
  bool swapped = false;
};

Status parse_status(std::string_view line) {
  Status status;
  std::string_view rest;
  auto take = [&](std::string_view prefix) {
    if (!starts_with(line, prefix)) return false;
    rest = line.substr(prefix.size());
    return true;
  };
  if (take("Black to move, ply ")) status.side = kBlackSide, status.claims_ongoing = true;
  else if (take("White to move, ply ")) status.side = kWhiteSide, status.claims_ongoing = true;
  else if (take("Black wins, ply ")) status.finished = true, status.stated = Outcome::win(kBlackSide);
  else if (take("White wins, ply ")) status.finished = true, status.stated = Outcome::win(kWhiteSide);
  else if (take("Draw, ply ")) status.finished = true, status.stated = Outcome::draw();
  else throw InputError("cannot read the status line " + quote_input(line) +
                        " (expected e.g. 'White to move, ply 1' or 'Black wins, ply 9')");
  if (const std::size_t comma = rest.find(','); comma != std::string_view::npos) {
    if (rest.substr(comma) != ", swapped") {
      throw InputError("unexpected text after the ply in the status line " + quote_input(line));
    }
    status.swapped = true;
    rest = rest.substr(0, comma);
  }
  status.ply = parse_count(rest, "the ply in the status line");
  return status;
}

struct ParsedText {
  Position position;
  Status status;
};

ParsedText parse_diagram(std::string_view text) {
  const std::vector<std::string_view> lines = nonempty_lines(text);
  if (lines.empty()) throw InputError("empty position");
  if (!is_status_line(lines.back())) {
    throw InputError("diagram has no status line (e.g. 'Black to move, ply 0') after the board; last line is " +
                     quote_input(lines.back()));
  }
  const bool has_header = is_header_line(lines.front());
  const std::size_t first_row = has_header ? 1 : 0;
  const std::size_t rows = lines.size() - 1 - first_row;
  if (rows < kMinSize || rows > kMaxSize) {
    throw InputError("a Quentin diagram needs 2 to 26 board rows, found " + std::to_string(rows));
  }
  ParsedText parsed;
  parsed.position = Position::empty(static_cast<int>(rows));
  const int size = parsed.position.size;
  if (has_header) {
    std::string expected;
    for (int col = 0; col < size; ++col) expected += std::string(col ? " " : "") + static_cast<char>('a' + col);
    if (lines.front() != expected) {
      throw InputError("column header " + quote_input(lines.front()) + " does not match a " + std::to_string(size) +
                       "-row board (expected " + quote_input(expected) + ")");
    }
  }
  for (int row = 0; row < size; ++row) {
    const std::string_view line = lines[first_row + static_cast<std::size_t>(row)];
    const std::vector<std::int8_t> cells = parse_row(line, row + 1);
    if (static_cast<int>(cells.size()) != size) {
      throw InputError("board row " + std::to_string(row + 1) + " has " + std::to_string(cells.size()) +
                       " points, expected " + std::to_string(size) + ": " + quote_input(line));
    }
    std::copy(cells.begin(), cells.end(), parsed.position.cells.begin() + row * size);
  }
  parsed.status = parse_status(lines.back());
  parsed.position.ply = parsed.status.ply;
  parsed.position.swapped = parsed.status.swapped;
  return parsed;
}

ParsedText parse_line_body(const LineForm& form) {
  const std::vector<std::string>& body = form.body;
  if (body.size() < 3 || body.size() > 4) {
    throw InputError("a Quentin one-line position is '<rows> <black|white> <ply> [swapped]', got " +
                     std::to_string(body.size()) + " body tokens");
  }
  ParsedText parsed;
  parsed.position = Position::empty(form.size);
  const int size = form.size;
  std::vector<std::string_view> rows;
  std::string_view rest = body[0];
  for (;;) {
    const std::size_t slash = rest.find('/');
    rows.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  if (static_cast<int>(rows.size()) != size) {
    throw InputError("the board " + quote_input(body[0]) + " has " + std::to_string(rows.size()) +
                     " rows, expected " + std::to_string(size));
  }
  for (int row = 0; row < size; ++row) {
    const std::string_view text = rows[static_cast<std::size_t>(row)];
    if (!text.empty() && text[0] >= '0' && text[0] <= '9') {
      throw InputError("unexpected row number in one-line board row " + quote_input(text));
    }
    const std::vector<std::int8_t> cells = parse_row(text, row + 1);
    if (static_cast<int>(cells.size()) != size) {
      throw InputError("board row " + std::to_string(row + 1) + " has " + std::to_string(cells.size()) +
                       " points, expected " + std::to_string(size) + ": " + quote_input(text));
    }
    std::copy(cells.begin(), cells.end(), parsed.position.cells.begin() + row * size);
  }
  if (body[1] == kSideTokens[0]) parsed.status.side = kBlackSide;
  else if (body[1] == kSideTokens[1]) parsed.status.side = kWhiteSide;
  else throw InputError("side to move must be 'black' or 'white', got " + quote_input(body[1]));
  parsed.status.ply = parse_count(body[2], "the ply");
  if (body.size() == 4) {
    if (body[3] != "swapped") throw InputError("unexpected token " + quote_input(body[3]) + " (expected 'swapped')");
    parsed.status.swapped = true;
  }
  parsed.position.ply = parsed.status.ply;
  parsed.position.swapped = parsed.status.swapped;
  return parsed;
}

std::string point_list(int size, std::vector<int> points) {
  std::sort(points.begin(), points.end());
  std::string out;
  for (int point : points) out += (out.empty() ? "" : " ") + SquareGrid::of(size).name(point);
  return out;
}

InputError unreachable(const std::string& why) { return InputError("no game reaches this position: " + why); }

// Whatever the text says, the stones must be a position some turn can end in.
void check_reachable_shape(const Rules& rules, const Position& position) {
  const int size = position.size;
  const SquareGrid& grid = SquareGrid::of(size);
  // Under diagonal-rule=mover-only the opponent's pairs are never unsupported either (Q-4: proved on sizes
  // 2-7 by invariant-inductive, argued for every size; docs/rulings/quentin.md).
  Rules all_stones = rules;
  all_stones.diagonal = Rules::Diagonal::AllStones;
  if (auto pair = reference::unsupported_diagonal(all_stones, size, position.cells, position.side_to_move())) {
    throw unreachable("stones " + grid.name(pair->first) + " and " + grid.name(pair->second) +
                      " are diagonally adjacent without a shared like-coloured neighbour; no turn ends like that");
  }
  const bool board_empty = std::all_of(position.cells.begin(), position.cells.end(), [](std::int8_t c) { return c == kEmpty; });
  if (board_empty) return;  // with edges-count=yes the empty 2x2 board is itself a territory
  for (const std::vector<int>& region : reference::empty_regions(size, position.cells)) {
    if (reference::judge_region(rules, size, position.cells, region, 0).territory()) {
      throw unreachable("the empty points " + point_list(size, region) +
                        " form a territory, which the end of every turn fills; no turn ends like that");
    }
  }
}

void check_status(const Rules& rules, const Position& position, const Status& status, const Outcome& outcome) {
  if (status.ply > max_plies_for(position.size)) {
    throw InputError("ply " + std::to_string(status.ply) + " exceeds the longest possible game on this board (" +
                     std::to_string(max_plies_for(position.size)) + ")");
  }
  if (status.swapped && !rules.pie) throw InputError("position says 'swapped' but the pie rule is off (pie=off)");
  if (status.swapped && status.ply < 2) {
    throw InputError("position says 'swapped' at ply " + std::to_string(status.ply) +
                     "; the swap is White's first move, so at least ply 2");
  }
  const int to_move = position.side_to_move();
  if (status.side >= 0 && status.side != to_move) {
    throw InputError(std::string("at ply ") + std::to_string(status.ply) + (status.swapped ? " after the swap" : "") +
                     " it is " + kSideWords[to_move] + "'s turn, not " + kSideWords[status.side] + "'s");
  }
  if (status.finished && !(status.stated == outcome)) {
    auto said = [](const Outcome& o) {
      return o.kind == Outcome::Kind::Draw ? std::string("a draw")
             : o.kind == Outcome::Kind::Win ? std::string(kSideWords[o.winner]) + " wins"
                                            : std::string("the game is still going on");
    };
    throw InputError("status says " + said(status.stated) + " but the stones say " + said(outcome));
  }
  if (status.claims_ongoing && outcome.over()) {
    throw InputError(std::string("status says ") + kSideWords[status.side] +
                     " is to move but the game is already over; write e.g. 'Black wins, ply N'");
  }
}

// Every placement leaves at least one more stone, stones never leave the board, the swap comes
// once, and a forced pass never opens the game nor follows another pass (the passer's opponent
// then has a placement, or the game is over). So at most one pass per other move: ply <= 2 *
// (stones + swap), one less when the side to move must pass now. The bound grows by at least
// what each move adds, so an accepted position plays on within max_plies() and its successors
// read back.
void check_ply_fits_stones(const Position& position, bool must_pass) {
  const int stones = static_cast<int>(
      std::count_if(position.cells.begin(), position.cells.end(), [](std::int8_t c) { return c != kEmpty; }));
  const int most_plies = 2 * (stones + (position.swapped ? 1 : 0)) - (must_pass ? 1 : 0);
  if (position.ply > most_plies) {
    throw InputError("ply " + std::to_string(position.ply) + " does not fit the board: " + std::to_string(stones) +
                     (stones == 1 ? " stone allows" : " stones allow") + " at most ply " +
                     std::to_string(std::max(0, most_plies)) + (must_pass ? " with a forced pass to come" : ""));
  }
}

std::string stones_text(int count) { return std::to_string(count) + (count == 1 ? " stone" : " stones"); }

// The least last index a set of passes (at least one) can end at: `black` of them on even move indices and `white` on
// odd ones (Black makes the even-numbered moves, the swap aside), none at an index below `first`,
// no two at neighbouring indices. Sorted, neighbouring passes of one colour are two indices apart and
// of different colours at least three, so the least last index packs each colour together and starts
// with the colour of `first`'s parity (one change of colour costs one index).
int last_pass_index(int first, int black, int white) {
  const auto start = [first](int parity) { return first % 2 == parity ? first : first + 1; };
  if (white == 0) return start(0) + 2 * (black - 1);
  if (black == 0) return start(1) + 2 * (white - 1);
  return first + 2 * (black + white) - 1;
}

// A legal placement of `side` on `position`, or -1.
int some_placement(const Rules& rules, const Position& position, int side) {
  for (int point = 0; point < position.size * position.size; ++point) {
    if (position.cells[static_cast<std::size_t>(point)] != kEmpty) continue;
    if (reference::play_placement(rules, position, point, side).legal) return point;
  }
  return -1;
}

// Stones per colour. A stone never leaves the board nor changes colour, and a placement adds at
// least one stone of the placer's colour (a fill adds stones of either colour), so a colour has at
// least as many stones as it made placements. The swap aside, the colours move in turn, Black first:
// of the m = ply - swap other moves Black made ceil(m/2) and White floor(m/2), and each one that
// placed nothing was a forced pass. Passes never come two in a row (after a pass the opponent has
// a placement, or the game would have ended instead), nor at the first move when Black can place
// on the empty board, nor just before a pass that the side to move must make now. So the passes
// the stones leave unaccounted for must fit the moves in that way.
void check_colour_counts(const Rules& rules, const Position& position, bool must_pass) {
  const int size = position.size;
  const int black = static_cast<int>(std::count(position.cells.begin(), position.cells.end(), kBlackStone));
  const int white = static_cast<int>(std::count(position.cells.begin(), position.cells.end(), kWhiteStone));
  const int moves = position.ply - (position.swapped ? 1 : 0);
  const int black_moves = (moves + 1) / 2, white_moves = moves / 2;
  const int black_passes = std::max(0, black_moves - black), white_passes = std::max(0, white_moves - white);
  const bool first_placed = reference::has_legal_placement(rules, Position::empty(size), kBlackSide);
  const int first = first_placed ? 1 : 0, last = moves - 1 - (must_pass ? 1 : 0);
  if (black_passes + white_passes > 0 && last_pass_index(first, black_passes, white_passes) > last) {
    std::string owed;
    if (black_passes > 0) owed += std::to_string(black_passes) + " of Black's " + std::to_string(black_moves) + " moves";
    if (white_passes > 0) owed += (owed.empty() ? "" : " and ") + std::to_string(white_passes) + " of White's " + std::to_string(white_moves) + " moves";
    throw unreachable("Black has " + stones_text(black) + " and White " + stones_text(white) + " at ply " +
                      std::to_string(position.ply) + (position.swapped ? " (swapped)" : "") + ", so at least " + owed +
                      " were passes (a stone never leaves the board, and a placement adds one of the placer's colour), "
                      "but passes never come two in a row" + (first_placed ? " nor open the game" : "") +
                      (must_pass ? ", nor just before the pass the side to move must make now" : ""));
  }
  // White without a stone: every White move was a pass, the first one on the board Black's first
  // placement left (the swap changes no stone). That board is within this one; a pass there needs
  // White to have no placement and no swap.
  if (white > 0 || white_moves == 0) return;
  std::string example;  // why White could not pass after the first candidate first move
  for (int point = 0; point < size * size; ++point) {
    if (position.cells[static_cast<std::size_t>(point)] != kBlackStone) continue;
    const reference::TurnReport first_move = reference::play_placement(rules, Position::empty(size), point, kBlackSide);
    bool within = first_move.legal;
    for (std::size_t i = 0; within && i < first_move.cells_after.size(); ++i) {
      within = first_move.cells_after[i] == kEmpty || first_move.cells_after[i] == position.cells[i];
    }
    if (!within) continue;
    Position after = Position::empty(size);
    after.cells = first_move.cells_after;
    after.ply = 1;
    if (reference::settle(rules, after).over()) continue;
    if (position.swapped) after.ply = 2, after.swapped = true;
    const bool swap = reference::swap_available(rules, after);
    const int placement = swap ? -1 : some_placement(rules, after, kWhiteSide);
    if (!swap && placement < 0) return;  // White had to pass after this first move
    if (example.empty()) {
      example = "after Black's first stone on " + SquareGrid::of(size).name(point) + " White could " +
                (swap ? std::string("swap (pie=on)") : "place on " + SquareGrid::of(size).name(placement));
    }
  }
  throw unreachable("White has no stone at ply " + std::to_string(position.ply) + ", so its first move (ply " +
                    std::to_string(position.swapped ? 2 : 1) + ") was a pass, but " +
                    (example.empty() ? std::string("no first move of Black's leaves a board within this one on which the game goes on")
                                     : example + ", and no first move of Black's that this board can follow leaves White without a move") +
                    " (a pass is allowed only when no other move is)");
}

}  // namespace

Position Position::empty(int size) {
  Position position;
  position.size = size;
  position.cells.assign(static_cast<std::size_t>(size * size), kEmpty);
  return position;
}

std::string diagram_text(const Position& position, const Outcome& outcome) {
  const int size = position.size;
  std::string out = "  ";
  for (int col = 0; col < size; ++col) out += std::string(" ") + static_cast<char>('a' + col);
  out += "\n";
  for (int row = 0; row < size; ++row) {
    const std::string number = std::to_string(row + 1);
    out += (number.size() < 2 ? " " : "") + number;
    for (int col = 0; col < size; ++col) out += std::string(" ") + cell_char(position.cells[static_cast<std::size_t>(position.point(row, col))]);
    out += "\n";
  }
  return out + status_text(position, outcome) + "\n";
}

std::string status_text(const Position& position, const Outcome& outcome) {
  std::string out;
  if (outcome.kind == Outcome::Kind::Win) out += std::string(kSideWords[outcome.winner]) + " wins";
  else if (outcome.kind == Outcome::Kind::Draw) out += "Draw";
  else out += std::string(kSideWords[position.side_to_move()]) + " to move";
  out += ", ply " + std::to_string(position.ply);
  for (const std::string& note : status_notes(position)) out += ", " + note;
  return out;
}

std::vector<std::string> status_notes(const Position& position) {
  if (position.swapped) return {"swapped"};
  return {};
}

std::vector<std::string> puzzle_notes(const State& state, const Position& position) {
  std::vector<std::string> notes = status_notes(position);
  if (is_legal_move(state, kSwap)) notes.emplace_back("swap available");
  return notes;
}

namespace {

// The rows of the one-line form, joined by '/'.
std::string board_rows(const Position& position) {
  std::string rows;
  for (int row = 0; row < position.size; ++row) {
    if (row) rows += '/';
    for (int col = 0; col < position.size; ++col) rows += cell_char(position.cells[static_cast<std::size_t>(position.point(row, col))]);
  }
  return rows;
}

}  // namespace

std::string line_text(const Game& game, const Position& position) {
  std::vector<std::string> body = {board_rows(position), kSideTokens[position.side_to_move()], std::to_string(position.ply)};
  if (position.swapped) body.push_back("swapped");
  return join_line_form(game.descriptor(), game.config(), body);
}

// What decides the rest of the game is the stones, the side to move and whether the swap is still
// available (the result follows from these): no rule reads the ply or the swap mark but through
// those (side_to_move, swap_available; the opponent-chain ruling's "ply > 0" holds after every
// move). The key leaves them out, so the position after a swap shares its node with the unswapped
// game a ply earlier; the verifier must compare them as equal.
std::string equivalence_line_text(const Game& game, const Position& position, bool swap_available) {
  std::vector<std::string> body = {board_rows(position), kSideTokens[position.side_to_move()]};
  if (swap_available) body.push_back("swap-available");
  return join_line_form(game.descriptor(), game.config(), body);
}

int diagram_rows(std::string_view text) { return parse_diagram(text).position.size; }

Position read_stones(const Game& game, std::string_view text) {
  if (auto form = split_line_form(text, game.descriptor().name)) {
    check_line_form_matches(game, *form);
    return parse_line_body(*form).position;
  }
  return parse_diagram(text).position;
}

Position read_position(const Game& game, const Rules& rules, std::string_view text) {
  ParsedText parsed;
  if (auto form = split_line_form(text, game.descriptor().name)) {
    check_line_form_matches(game, *form);
    if (form->size < kMinSize || form->size > kMaxSize) {
      throw InputError("board size " + std::to_string(form->size) + " is not allowed (2 to 26)");
    }
    parsed = parse_line_body(*form);
  } else {
    parsed = parse_diagram(text);
    if (parsed.position.size != game.config().size) {
      throw InputError("diagram has " + std::to_string(parsed.position.size) +
                       " rows but the game is configured with size " + std::to_string(game.config().size));
    }
  }
  const Position& position = parsed.position;
  check_reachable_shape(rules, position);
  const Outcome outcome = reference::settle(rules, position);
  check_status(rules, position, parsed.status, outcome);
  // Whether the side to move has nothing but a (forced) pass.
  const bool must_pass = !outcome.over() && !reference::swap_available(rules, position) &&
                         !reference::has_legal_placement(rules, position, position.side_to_move());
  check_ply_fits_stones(position, must_pass);
  // Game::parse_position plays plies 0 and 1 out; from ply 2 on the counts are checked here.
  if (position.ply >= 2) check_colour_counts(rules, position, must_pass);
  return position;
}

std::string move_name(int size, Move move) {
  if (move == kSwap) return "swap";
  if (move == kPass) return "pass";
  return SquareGrid::of(size).name(static_cast<int>(move));
}

Move read_move_words(const Position& position, std::string_view text) {
  const std::string_view word = trim(text);
  if (word == "swap") return kSwap;
  if (word == "pass") return kPass;
  const SquareGrid& grid = SquareGrid::of(position.size);
  const int point = grid.parse(word);
  if (point != SquareGrid::kNone) return static_cast<Move>(point);
  const bool looks_like_point = word.size() >= 2 && word.size() <= 3 && word[0] >= 'a' && word[0] <= 'z' &&
                                std::all_of(word.begin() + 1, word.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                                word[1] != '0';
  if (looks_like_point) {
    throw InputError("point " + quote_input(word) + " is off the " + std::to_string(position.size) + "x" +
                     std::to_string(position.size) + " board");
  }
  throw InputError("cannot read move " + quote_input(word) + " (expected a point like c3, 'swap' or 'pass')");
}

Move read_move(const Rules& rules, const Position& position, const Outcome& outcome, std::string_view text) {
  const Move move = read_move_words(position, text);
  if (outcome.over()) throw InputError("the game is over; no move " + quote_input(trim(text)) + " can be played");
  const int mover = position.side_to_move();
  const bool can_swap = reference::swap_available(rules, position);
  if (move == kSwap) {
    if (!rules.pie) throw InputError("swap is not allowed: the pie rule is off (pie=off)");
    if (!can_swap) {
      throw InputError(std::string("swap is allowed only as White's first move (ply 1) with pie=on; here it is ") +
                       kSideWords[mover] + "'s turn at ply " + std::to_string(position.ply) +
                       (position.swapped ? " after a swap" : ""));
    }
    return kSwap;
  }
  if (move == kPass) {
    if (can_swap || reference::has_legal_placement(rules, position, mover)) {
      throw InputError(std::string("pass is allowed only when no move is possible; ") + kSideWords[mover] +
                       " has a legal move here");
    }
    return kPass;
  }
  const SquareGrid& grid = SquareGrid::of(position.size);
  const int point = static_cast<int>(move);
  const std::int8_t occupant = position.cells[static_cast<std::size_t>(point)];
  if (occupant != kEmpty) {
    throw InputError("point " + grid.name(point) + " is occupied by a " +
                     (occupant == kBlackStone ? "black" : "white") + " stone");
  }
  const reference::TurnReport turn = reference::play_placement(rules, position, point, mover);
  if (turn.unsupported) {
    throw InputError("move " + grid.name(point) + " is illegal by the diagonal rule: " + (turn.filled() ? "after the fill, " : "") +
                     (turn.cells_after[static_cast<std::size_t>(turn.unsupported->first)] == kBlackStone ? "black" : "white") +
                     " stones " + grid.name(turn.unsupported->first) + " and " + grid.name(turn.unsupported->second) +
                     " are diagonally adjacent with no like-coloured orthogonal neighbour in common");
  }
  if (!turn.legal) {
    throw InputError("move " + grid.name(point) + " is illegal under opponent-chain=illegal: it completes " +
                     kSideWords[turn.completed_side] + "'s chain");
  }
  return static_cast<Move>(point);
}

}  // namespace arbiter::quentin

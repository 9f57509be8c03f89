#include "model/brique/notation.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/square_grid.hpp"

namespace arbiter::brique {
namespace {

char stone_char(std::uint8_t stone) { return stone == kBlackStone ? 'B' : stone == kWhiteStone ? 'W' : '.'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const auto at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

bool all_of(std::string_view text, int (*predicate)(int)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [&](char ch) { return predicate(static_cast<unsigned char>(ch)) != 0; });
}

int parse_ply(std::string_view text, std::string_view context) {
  if (!all_of(text, isdigit) || text.size() > 6) {
    throw InputError("the ply count must be a number from 0 to 999999, got " + quote_input(text) + " in " + quote_input(context));
  }
  return std::stoi(std::string(text));
}

// What the status line or the line form's tail claims, before it is checked against the stones.
struct Claim {
  enum class Kind { ToMove, Wins, Draw } kind = Kind::ToMove;
  int side = kBlack;  // the side to move, or the winner
  int ply = 0;
  bool swapped = false;
  int passes = 0;
};

Claim parse_status_line(std::string_view status) {
  const std::vector<std::string_view> parts = split(status, ',');
  Claim claim;
  const std::string_view head = trim(parts[0]);
  if (head == "Black to move" || head == "White to move") {
    claim.side = head[0] == 'B' ? kBlack : kWhite;
  } else if (head == "Black wins" || head == "White wins") {
    claim.kind = Claim::Kind::Wins;
    claim.side = head[0] == 'B' ? kBlack : kWhite;
  } else if (head == "Draw") {
    claim.kind = Claim::Kind::Draw;
  } else {
    throw InputError("diagram has no status line (expected e.g. 'Black to move, ply 0' as the last line), got " +
                     quote_input(status));
  }
  const std::string_view ply = parts.size() > 1 ? trim(parts[1]) : std::string_view();
  if (ply.substr(0, 4) != "ply ") throw InputError("status line lacks ', ply N': " + quote_input(status));
  claim.ply = parse_ply(ply.substr(4), status);
  for (std::size_t i = 2; i < parts.size(); ++i) {
    const std::string_view flag = trim(parts[i]);
    const bool in_order = (flag == "swapped" && i == 2 && claim.passes == 0) ||
                          ((flag == "passed" || flag == "passed twice") && claim.passes == 0);
    if (!in_order) throw InputError("unexpected " + quote_input(flag) + " in status line " + quote_input(status));
    if (flag == "swapped") claim.swapped = true;
    if (flag == "passed") claim.passes = 1;
    if (flag == "passed twice") claim.passes = 2;
  }
  return claim;
}

// Reads the rows of a board (with or without row numbers and spaces) into cells.
std::vector<std::uint8_t> parse_rows(const std::vector<std::string_view>& rows) {
  const std::size_t n = rows.size();
  std::vector<std::uint8_t> cells;
  for (std::size_t r = 0; r < n; ++r) {
    std::string_view row = trim(rows[r]);
    std::size_t digits = 0;
    while (digits < row.size() && std::isdigit(static_cast<unsigned char>(row[digits]))) ++digits;
    if (digits > 0) {
      if (digits > 2 || std::stoi(std::string(row.substr(0, digits))) != static_cast<int>(r + 1)) {
        throw InputError("row " + std::to_string(r + 1) + " is numbered " + quote_input(row.substr(0, digits)));
      }
      row.remove_prefix(digits);
    }
    std::size_t count = 0;
    for (char ch : row) {
      if (ch == ' ' || ch == '\t') continue;
      if (ch != '.' && ch != 'B' && ch != 'W') {
        throw InputError("unexpected character " + quote_input(std::string_view(&ch, 1)) + " in row " +
                         std::to_string(r + 1) + " (squares are '.', 'B' or 'W')");
      }
      cells.push_back(ch == 'B' ? kBlackStone : ch == 'W' ? kWhiteStone : kEmpty);
      ++count;
    }
    if (count != n) {
      throw InputError("row " + std::to_string(r + 1) + " has " + std::to_string(count) + " squares, expected " +
                       std::to_string(n) + ": " + quote_input(rows[r]));
    }
  }
  return cells;
}

struct DiagramParts {
  std::vector<std::string_view> rows;
  std::string_view status;
};

DiagramParts split_diagram(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::string_view line : split(text, '\n')) {
    line = trim(line);
    if (!line.empty()) lines.push_back(line);
  }
  if (lines.empty()) throw InputError("empty position");
  DiagramParts parts;
  parts.status = lines.back();
  const std::string_view first = trim(lines.back());
  if (!(first.substr(0, 5) == "Black" || first.substr(0, 5) == "White" || first.substr(0, 4) == "Draw")) {
    throw InputError("diagram has no status line (expected e.g. 'Black to move, ply 0' as the last line), got " +
                     quote_input(first));
  }
  lines.pop_back();
  // An optional header of column letters "a b c ...".
  if (!lines.empty()) {
    std::string letters;
    for (char ch : lines.front()) {
      if (ch != ' ' && ch != '\t') letters += ch;
    }
    if (all_of(letters, islower)) {
      std::string expected;
      for (std::size_t c = 0; c + 1 < lines.size(); ++c) expected += static_cast<char>('a' + c);
      if (letters != expected) {
        throw InputError("column header " + quote_input(lines.front()) + " does not match the " +
                         std::to_string(lines.size() - 1) + " rows below it");
      }
      lines.erase(lines.begin());
    }
  }
  if (lines.size() < 2 || lines.size() > static_cast<std::size_t>(kMaxSquareGridSize)) {
    throw InputError("a Brique diagram needs 2 to 26 rows, got " + std::to_string(lines.size()));
  }
  parts.rows = lines;
  return parts;
}

std::string stone_word(std::uint8_t stone) { return stone == kBlackStone ? "black" : "white"; }

// Rejects positions that break a necessary condition of play under these rules, so that both
// implementations (which trust the fill invariant differently) agree on every position they
// accept. The checks: the ply within the longest game; 'swapped' and 'passed' allowed by the
// rulings and in their place; the opening plies' stones; no square left fillable for either colour
// (with the escort-directions=facing exception below); not both colours connected; the status
// agrees with the stones; the ply fits the stones; from ply 2 on, the last placer has a stone,
// under fill=keep-enemy with pass=never each colour a stone per placement, and no colour more
// stones than its placements and the stones that can be its fills account for. These are
// necessary only: some positions no game reaches pass them all (on 3x3 `brique 3 .BW/..B/.WB
// black 4`, whose stones play reaches only at ply 5) and are read, and every command then answers
// for the position as given (docs/notation/brique.md, "What a position must satisfy").
void check_reachable(const Position& p, const Claim& claim) {
  const Rules& rules = p.rules;
  if (claim.ply > rules.max_plies()) {
    throw InputError("ply " + std::to_string(claim.ply) + " exceeds the longest possible game (" +
                     std::to_string(rules.max_plies()) + " plies)");
  }
  if (claim.swapped && rules.pie == PieMode::Off) throw InputError("position says 'swapped' but the pie rule is off");
  if (claim.swapped && claim.ply < 2) throw InputError("position says 'swapped' before White's first turn was played");
  if (claim.passes > 0 && !rules.pass_allowed) throw InputError("position records a pass but passing is not allowed (pass=never)");
  if (claim.passes == 2 && claim.kind != Claim::Kind::Draw) throw InputError("two passes in a row end the game; the status must be Draw");
  const int black = static_cast<int>(std::count(p.cells.begin(), p.cells.end(), kBlackStone));
  const int white = static_cast<int>(std::count(p.cells.begin(), p.cells.end(), kWhiteStone));
  if (claim.ply == 0 && black + white > 0) throw InputError("at ply 0 the board must be empty");
  if (claim.ply == 1 || (claim.ply == 2 && claim.swapped)) {
    const bool mirrored = claim.swapped && rules.pie == PieMode::Mirror;
    const int expected = (rules.pass_allowed && black + white == 0) ? 0 : 1;
    if ((mirrored ? white : black) != expected || (mirrored ? black : white) != 0) {
      throw InputError("after Black's first turn" + std::string(claim.swapped ? " and the swap" : "") +
                       " the board holds exactly one " + (mirrored ? "white" : "black") + " stone" +
                       (rules.pass_allowed ? ", or none if Black passed (pass=allowed)" : ""));
    }
  }
  // The fill rule has just run for the side that placed the last stone, so nothing may be left
  // fillable for it. Nor for the other side, whose own last placement's fill settled it: the turns
  // since (the last placer's, passes, a swap of at most one stone) add no stone of its colour and
  // empty no square. They only replace its stones, which, when both colours read the same escorts
  // (escort-directions=board), breaks its pairs: the replaced stone was escorted by the last
  // placer's stones. Under escort-directions=facing the colours' escorts differ, so a fill can
  // replace a stone whose own escorts still hold its colour, and the square is left fillable for
  // that colour (refilled at its next placement); such a square holds a stone, never is empty, and
  // the stone is the last placer's, put there by one of its fills since: its escorts as the last
  // placer reads them held its stones then and still do (only the other colour's fills, none since,
  // replace them, and no square becomes empty).
  const int last_placer = p.passes % 2 == 0 ? 1 - p.side : p.side;
  for (int side : {last_placer, 1 - last_placer}) {
    if (claim.ply == 0) break;
    for (int square : fillable_squares(p, side)) {
      const int row = square / p.n(), col = square % p.n();
      if (side != last_placer && rules.white_faces_black && p.cells[static_cast<std::size_t>(square)] != kEmpty) {
        const auto filler = escorts(rules, last_placer, row, col);
        const auto holds_filler = [&](const Escort& e) {
          return p.on_board(e.row, e.col) && p.at(e.row, e.col) == stone_of(last_placer);
        };
        if (holds_filler(filler[0]) && holds_filler(filler[1])) continue;
        const auto e = escorts(rules, side, row, col);
        const auto named = [&](int who, const Escort& x) {
          const std::string where = escort_direction(rules, who, row, col, x);
          return p.on_board(x.row, x.col) ? square_name(p, p.index(x.row, x.col)) + " " + where : "no square " + where + " (off the board)";
        };
        std::string lacking;
        for (const Escort& x : filler) {
          if (holds_filler(x)) continue;
          const std::uint8_t held = p.on_board(x.row, x.col) ? p.at(x.row, x.col) : kEmpty;
          lacking += (lacking.empty() ? "" : " and ") +
                     (!p.on_board(x.row, x.col) ? "one is off the board"
                      : held == kEmpty          ? square_name(p, p.index(x.row, x.col)) + " is empty"
                                                : square_name(p, p.index(x.row, x.col)) + " holds a " + stone_word(held) + " stone");
        }
        const std::string filler_colour = stone_word(stone_of(last_placer));
        throw InputError("no game reaches this position: square " + square_name(p, square) + " holds a " + filler_colour +
                         " stone although both its escorts for " + side_name(side) + " (" + named(side, e[0]) + " and " +
                         named(side, e[1]) + ") are " + stone_word(stone_of(side)) + ": only a " + filler_colour +
                         " fill since " + side_name(side) + "'s last placement can have put it there, and that needs both its escorts for " +
                         side_name(last_placer) + " (" + named(last_placer, filler[0]) + " and " + named(last_placer, filler[1]) +
                         ") to be " + filler_colour + ", but " + lacking +
                         " (escort-directions=facing: squares never become empty, and no " + stone_word(stone_of(side)) +
                         " fill came since)");
      }
      const auto e = escorts(rules, side, row, col);
      const std::string colour = stone_word(stone_of(side));
      std::string why = "so the fill rule would have filled it";
      if (side != last_placer) {
        why += std::string(" at ") + side_name(side) + "'s last placement, and " + side_name(last_placer) +
               "'s turns since cannot leave " +
               (p.cells[static_cast<std::size_t>(square)] == kEmpty
                    ? "such a square empty (they empty no square and add no " + colour + " stone)"
                    : "such a square behind (both colours read the same escorts: escort-directions=board)");
      }
      throw InputError("no game reaches this position: square " + square_name(p, square) + " must already hold a " + colour + " stone: both its escorts (" +
                       square_name(p, p.index(e[0].row, e[0].col)) + " " + escort_direction(rules, side, row, col, e[0]) + " and " +
                       square_name(p, p.index(e[1].row, e[1].col)) + " " + escort_direction(rules, side, row, col, e[1]) +
                       ") are " + colour + ", " + why);
    }
  }
  if (connects(p, kBlack) && connects(p, kWhite)) {
    throw InputError("both Black and White have a winning chain; no Brique game reaches this position");
  }
  const Outcome outcome = evaluate_outcome(p);
  const std::string said = claim.kind == Claim::Kind::ToMove ? std::string(side_name(claim.side)) + " to move"
                           : claim.kind == Claim::Kind::Wins ? std::string(side_name(claim.side)) + " wins"
                                                             : std::string("Draw");
  const bool agrees = (claim.kind == Claim::Kind::ToMove && !outcome.over()) ||
                      (claim.kind == Claim::Kind::Wins && outcome == Outcome::win(claim.side)) ||
                      (claim.kind == Claim::Kind::Draw && outcome == Outcome::draw());
  if (!agrees) {
    const std::string actual = outcome.kind == Outcome::Kind::Win ? std::string(side_name(outcome.winner)) + " has won"
                               : outcome.kind == Outcome::Kind::Draw ? "the game is drawn"
                                                                     : "the game is not over";
    throw InputError("status says '" + said + "' but on this board " + actual);
  }
  // Every placement leaves at least one more stone and stones never leave the board, so the ply
  // is bounded by the stones: without passes, placements + swap; with passes, which never come
  // two in a row before the game's end, twice that plus the passes just made. Every move raises the
  // bound at least as much as the ply, so a position within it plays on within max_plies().
  const int non_pass_moves = black + white + (claim.swapped ? 1 : 0);
  const int most_plies = rules.pass_allowed ? 2 * non_pass_moves + claim.passes : non_pass_moves;
  if (claim.ply > most_plies) {
    throw InputError("ply " + std::to_string(claim.ply) + " does not fit the board: " + std::to_string(black + white) +
                     (black + white == 1 ? " stone allows" : " stones allow") + " at most ply " +
                     std::to_string(most_plies));
  }
  // Game::parse_position plays the opening out (ply 0 and 1, and ply 2 after a swap or a pass) and
  // says what no first moves give; from there on the stones each colour keeps are checked here.
  if (claim.ply < 2 || (claim.ply == 2 && (claim.swapped || claim.passes > 0))) return;
  // The last placement's stone is still there: only passes came after it, or the swap, which keeps
  // the stones (or under pie=mirror turns them, that one included, into last_placer's colour), and a
  // stone leaves the board only by the fill of a placement. Stones come only from placements, so
  // with any on the board there was one.
  const int last_placer_stones = stone_of(last_placer) == kBlackStone ? black : white;
  if (black + white > 0 && last_placer_stones == 0) {
    throw InputError("no game reaches this position: " + std::string(side_name(last_placer)) + " has no stone, but " +
                     side_name(last_placer) + " made the last placement (" + side_name(p.side) + " to move at ply " +
                     std::to_string(claim.ply) + (claim.swapped ? ", swapped" : "") +
                     (claim.passes == 1 ? ", one pass since" : claim.passes == 2 ? ", two passes since" : "") +
                     ") and only a placement's fill removes a stone");
  }
  // Under fill=keep-enemy no stone ever leaves the board, so a colour has at least one stone per
  // placement it made; without passes every move but the swap is a placement, the colours in turn
  // from Black's (under pie=mirror the swap turns the first stone white and Black moves next).
  if (rules.fill == FillMode::KeepEnemy && !rules.pass_allowed) {
    const int moves = claim.ply - (claim.swapped ? 1 : 0);
    const bool mirrored = claim.swapped && rules.pie == PieMode::Mirror;
    const int black_placed = mirrored ? moves / 2 : (moves + 1) / 2;
    const int white_placed = moves - black_placed;
    for (const auto& [colour, stones, placed] : {std::tuple{kBlack, black, black_placed}, std::tuple{kWhite, white, white_placed}}) {
      if (stones >= placed) continue;
      throw InputError("no game reaches this position: " + std::string(side_name(colour)) + " has " + std::to_string(stones) +
                       (stones == 1 ? " stone" : " stones") + " but placed " + std::to_string(placed) + " by ply " +
                       std::to_string(claim.ply) + (mirrored ? " (the mirror swap made the first stone white)" : "") +
                       ", and under fill=keep-enemy no stone ever leaves the board (every move but the swap places one: pass=never)");
    }
  }
  // A colour may hold more stones than it placed only through its fills. Each placement leaves at
  // most one stone of its colour on the board (on its square, if no fill has replaced it since), so
  // of a colour's stones all but that many got their colour last from one of its fills. Such a
  // fill needed both escorts of the square, as that colour reads them, on the board and holding its
  // stones; since then squares never become empty (and under fill=keep-enemy no stone changes
  // colour after the swap), so those escorts still hold stones (its stones, under keep-enemy). The
  // turns counted are an upper bound on the placements (a pass places nothing): the colour to move
  // at each ply but the swap's, the first stone White's after the mirror swap.
  {
    const bool mirrored = claim.swapped && rules.pie == PieMode::Mirror;
    for (int colour : {kBlack, kWhite}) {
      int turns = 0;
      for (int ply = 0; ply < claim.ply; ++ply) {
        if (claim.swapped && ply == 1) continue;
        const int mover = ply == 0 ? (mirrored ? kWhite : kBlack) : rules.side_to_move(ply, claim.swapped);
        turns += mover == colour ? 1 : 0;
      }
      const int stones = colour == kBlack ? black : white;
      if (stones <= turns) continue;
      int could_be_filled = 0;
      for (int square = 0; square < static_cast<int>(p.cells.size()); ++square) {
        if (p.cells[static_cast<std::size_t>(square)] != stone_of(colour)) continue;
        bool escorted = true;
        for (const Escort& e : escorts(rules, colour, square / p.n(), square % p.n())) {
          const std::uint8_t held = p.on_board(e.row, e.col) ? p.at(e.row, e.col) : kEmpty;
          escorted = escorted && (rules.fill == FillMode::KeepEnemy ? held == stone_of(colour) : held != kEmpty);
        }
        could_be_filled += escorted ? 1 : 0;
      }
      if (could_be_filled >= stones - turns) continue;
      const std::string colour_word = stone_word(stone_of(colour));
      throw InputError("no game reaches this position: " + std::string(side_name(colour)) + " has " + std::to_string(stones) +
                       " stones but placed at most " + std::to_string(turns) + " by ply " + std::to_string(claim.ply) +
                       (mirrored ? " (the mirror swap made the first stone white)" : "") + ", so at least " +
                       std::to_string(stones - turns) + " came from its fills, yet only " + std::to_string(could_be_filled) + " " +
                       colour_word + (could_be_filled == 1 ? " stone has both its" : " stones have both their") + " escorts on the board " +
                       (rules.fill == FillMode::KeepEnemy ? "holding " + colour_word + " stones (fill=keep-enemy: no stone changes colour)"
                                                          : "holding stones (a fill needs both " + colour_word + ", and squares never become empty)"));
    }
  }
}

Position build_position(const Rules& rules, std::vector<std::uint8_t> cells, const Claim& claim) {
  Position p = Position::initial(rules);
  p.cells = std::move(cells);
  p.ply = claim.ply;
  p.swapped = claim.swapped;
  p.passes = claim.passes;
  p.side = rules.side_to_move(claim.ply, claim.swapped);
  if (claim.kind == Claim::Kind::ToMove && claim.side != p.side) {
    throw InputError(std::string("at ply ") + std::to_string(claim.ply) + (claim.swapped ? " after the swap" : "") +
                     " it is " + side_name(p.side) + "'s turn, not " + side_name(claim.side) + "'s");
  }
  check_reachable(p, claim);
  return p;
}

Position parse_line_form(const Rules& rules, const LineForm& form, std::string_view text) {
  check_line_form_matches(brique_game(), to_config(rules), form);
  if (form.body.size() < 3 || form.body.size() > 5) {
    throw InputError("a one-line Brique position is 'brique <size> <rows> <black|white> <ply> [swapped] [passed]', got " +
                     quote_input(text));
  }
  std::vector<std::string_view> rows;
  for (std::string_view row : split(form.body[0], '/')) rows.push_back(row);
  if (rows.size() != static_cast<std::size_t>(rules.n)) {
    throw InputError("the board has " + std::to_string(rows.size()) + " rows, expected " + std::to_string(rules.n) +
                     ": " + quote_input(form.body[0]));
  }
  for (std::string_view row : rows) {
    if (row.find(' ') != std::string_view::npos || (!row.empty() && std::isdigit(static_cast<unsigned char>(row[0])))) {
      throw InputError("malformed row " + quote_input(row));
    }
  }
  Claim claim;
  if (form.body[1] != "black" && form.body[1] != "white") {
    throw InputError("expected 'black' or 'white' for the side to move, got " + quote_input(form.body[1]));
  }
  claim.side = form.body[1] == "black" ? kBlack : kWhite;
  claim.ply = parse_ply(form.body[2], text);
  for (std::size_t i = 3; i < form.body.size(); ++i) {
    const std::string& flag = form.body[i];
    if (flag == "swapped" && i == 3) {
      claim.swapped = true;
    } else if ((flag == "passed" || flag == "passed-twice") && claim.passes == 0 && i + 1 == form.body.size()) {
      claim.passes = flag == "passed" ? 1 : 2;
    } else {
      throw InputError("unexpected " + quote_input(flag) + " in one-line position");
    }
  }
  std::vector<std::uint8_t> cells = parse_rows(rows);
  // A finished game's line names the side that would move next; the result comes from the stones.
  Position probe = Position::initial(rules);
  probe.cells = cells;
  probe.passes = claim.passes;
  probe.side = rules.side_to_move(claim.ply, claim.swapped);
  const Outcome outcome = evaluate_outcome(probe);
  if (outcome.kind == Outcome::Kind::Win) {
    if (claim.side != probe.side) {
      throw InputError(std::string("at ply ") + std::to_string(claim.ply) + " the side that would move next is " +
                       side_name(probe.side) + ", not " + side_name(claim.side));
    }
    claim.kind = Claim::Kind::Wins;
    claim.side = outcome.winner;
  } else if (outcome.kind == Outcome::Kind::Draw) {
    claim.kind = Claim::Kind::Draw;
    if (claim.side != probe.side) throw InputError("wrong side to move in " + quote_input(text));
  }
  return build_position(rules, std::move(cells), claim);
}

}  // namespace

Config to_config(const Rules& rules) {
  Config config;
  config.size = rules.n;
  config.rulings["light-squares"] = rules.light_when_even ? "even" : "odd";
  config.rulings["escort-directions"] = rules.white_faces_black ? "facing" : "board";
  config.rulings["fill"] = rules.fill == FillMode::Once ? "once" : rules.fill == FillMode::Repeat ? "repeat" : "keep-enemy";
  config.rulings["pie"] = rules.pie == PieMode::SwapSides ? "swap-sides" : rules.pie == PieMode::Mirror ? "mirror" : "off";
  config.rulings["pass"] = rules.pass_allowed ? "allowed" : "never";
  return config;
}

std::string square_name(const Position& position, int cell) { return SquareGrid::of(position.n()).name(cell); }

std::vector<std::string> status_notes(const Position& p) {
  std::vector<std::string> notes;
  if (p.swapped) notes.emplace_back("swapped");
  if (p.passes == 1) notes.emplace_back("passed");
  if (p.passes >= 2) notes.emplace_back("passed twice");
  return notes;
}

std::string status_text(const Position& p) {
  const Outcome outcome = evaluate_outcome(p);
  std::string status = outcome.kind == Outcome::Kind::Win  ? std::string(side_name(outcome.winner)) + " wins"
                       : outcome.kind == Outcome::Kind::Draw ? std::string("Draw")
                                                             : std::string(side_name(p.side)) + " to move";
  status += ", ply " + std::to_string(p.ply);
  for (const std::string& note : status_notes(p)) status += ", " + note;
  return status;
}

std::string diagram(const Position& p) {
  std::string out = "  ";
  for (int c = 0; c < p.n(); ++c) out += std::string(" ") + static_cast<char>('a' + c);
  out += '\n';
  for (int r = 0; r < p.n(); ++r) {
    const std::string number = std::to_string(r + 1);
    out += std::string(2 - number.size(), ' ') + number;
    for (int c = 0; c < p.n(); ++c) out += std::string(" ") + stone_char(p.at(r, c));
    out += '\n';
  }
  return out + status_text(p) + "\n";
}

namespace {

// The rows of the one-line form, joined by '/'.
std::string board_rows(const Position& p) {
  std::string rows;
  rows.reserve(static_cast<std::size_t>(p.n() * (p.n() + 1)));
  for (int r = 0; r < p.n(); ++r) {
    if (r > 0) rows += '/';
    for (int c = 0; c < p.n(); ++c) rows += stone_char(p.at(r, c));
  }
  return rows;
}

// The one-line form: the rows, the side to move, `marks`, then the passes in a row.
std::string line_form(const Position& p, const std::vector<std::string>& marks) {
  std::vector<std::string> body = {board_rows(p), p.side == kBlack ? "black" : "white"};
  body.insert(body.end(), marks.begin(), marks.end());
  if (p.passes == 1) body.push_back("passed");
  if (p.passes >= 2) body.push_back("passed-twice");
  return join_line_form(brique_game(), to_config(p.rules), body);
}

}  // namespace

std::string line(const Position& p) {
  std::vector<std::string> marks = {std::to_string(p.ply)};
  if (p.swapped) marks.push_back("swapped");
  return line_form(p, marks);
}

// What decides the rest of the game is the stones, the side to move, the passes in a row and
// whether the swap is still available (the result follows from these): the ply and the swap mark
// are read by no rule but through those (side_to_move, swap_available). Under pie=mirror a
// swapped and an unswapped game reach the same stones at the same ply with the same side to move;
// the solver's key and its certificate extraction share one node for them, so the verifier must
// compare them as equal.
std::string equivalence_line(const Position& p) {
  std::vector<std::string> marks;
  if (swap_available(p)) marks.push_back("swap-available");
  return line_form(p, marks);
}

int diagram_size(std::string_view text) { return static_cast<int>(split_diagram(text).rows.size()); }

Position parse_position(const Rules& rules, std::string_view text) {
  if (auto form = split_line_form(text, "brique")) return parse_line_form(rules, *form, text);
  const DiagramParts parts = split_diagram(text);
  if (parts.rows.size() != static_cast<std::size_t>(rules.n)) {
    throw InputError("diagram has " + std::to_string(parts.rows.size()) + " rows but the game is configured with size " +
                     std::to_string(rules.n));
  }
  const Claim claim = parse_status_line(parts.status);
  return build_position(rules, parse_rows(parts.rows), claim);
}

std::string move_text(const Position& p, Move m) { return move_text(p.n(), m); }

std::string move_text(int side_length, Move m) {
  if (m == kSwapMove) return "swap";
  if (m == kPassMove) return "pass";
  if (m < static_cast<Move>(side_length * side_length)) return SquareGrid::of(side_length).name(static_cast<int>(m));
  return "#" + std::to_string(m);
}

Move parse_move(const Position& p, std::string_view text) {
  const Move move = read_move(p, text);
  const std::string reason = why_illegal(p, move);
  if (!reason.empty()) throw InputError("illegal move " + quote_input(trim(text)) + ": " + reason);
  return move;
}

Move read_move(const Position& p, std::string_view text) {
  const std::string_view word = trim(text);
  Move move = 0;
  if (word == "swap") {
    move = kSwapMove;
  } else if (word == "pass") {
    move = kPassMove;
  } else {
    const int cell = SquareGrid::of(p.n()).parse(word);
    if (cell == SquareGrid::kNone) {
      const bool looks_like_square = word.size() >= 2 && word.size() <= 3 && std::islower(static_cast<unsigned char>(word[0])) &&
                                     all_of(word.substr(1), isdigit);
      if (looks_like_square && word.size() == 3 && word[1] == '0' && word[2] != '0') {
        // "a01": a square's row has no leading zero; said so, not that the square is off the board.
        throw InputError("not a square: " + quote_input(word) + " (a row number has no leading zero: " +
                         std::string(word.substr(0, 1)) + std::string(word.substr(2)) + ")");
      }
      if (looks_like_square) {
        throw InputError("square " + quote_input(word) + " is off the " + std::to_string(p.n()) + "x" +
                         std::to_string(p.n()) + " board (columns a-" + std::string(1, static_cast<char>('a' + p.n() - 1)) +
                         ", rows 1-" + std::to_string(p.n()) + ")");
      }
      throw InputError("not a Brique move: " + quote_input(text) + " (expected a square such as c3, 'swap' or 'pass')");
    }
    move = static_cast<Move>(cell);
  }
  return move;
}

}  // namespace arbiter::brique

#include "model/quentin/reference.hpp"

#include <algorithm>
#include <set>

#include "model/core/square_grid.hpp"
#include "model/quentin/notation.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::quentin::reference {
namespace {

// The up to four points orthogonally adjacent to a point, read off the square grid.
template <typename Visit>
void for_each_neighbour(const SquareGrid& grid, int point, Visit visit) {
  for (std::int16_t neighbour : grid.neighbours(point)) {
    if (neighbour != SquareGrid::kNone) visit(static_cast<int>(neighbour));
  }
}

// "At least two stones": with edges-count=yes each board edge a point lies on counts as one.
int edges_touched(int size, int point) {
  const int row = point / size;
  const int col = point % size;
  return (row == 0) + (row == size - 1) + (col == 0) + (col == size - 1);
}

// Every maximal orthogonally connected group of points holding `content` (empty points give the
// regions, stones of one colour its chains), in order of their first point.
std::vector<std::vector<int>> connected_groups(int size, const std::vector<std::int8_t>& cells, std::int8_t content) {
  const SquareGrid& grid = SquareGrid::of(size);
  std::vector<std::vector<int>> groups;
  std::vector<bool> seen(cells.size(), false);
  for (int start = 0; start < size * size; ++start) {
    if (cells[static_cast<std::size_t>(start)] != content || seen[static_cast<std::size_t>(start)]) continue;
    std::vector<int> group{start};
    seen[static_cast<std::size_t>(start)] = true;
    for (std::size_t next = 0; next < group.size(); ++next) {
      for_each_neighbour(grid, group[next], [&](int neighbour) {
        const auto index = static_cast<std::size_t>(neighbour);
        if (cells[index] == content && !seen[index]) {
          seen[index] = true;
          group.push_back(neighbour);
        }
      });
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

// "Filled with stones of the player who has the majority ... the same number ... filled with
// stones of the opponent's colour" (opponent of the mover).
std::int8_t majority_colour(int black_votes, int white_votes, int mover) {
  if (black_votes > white_votes) return kBlackStone;
  if (white_votes > black_votes) return kWhiteStone;
  return stone_of(1 - mover);
}

// One pass of "every territory on the board is filled": regions are judged on the board as it
// stands when the pass begins, then all territories are filled together.
std::vector<RegionReport> fill_pass(const Rules& rules, int size, std::vector<std::int8_t>& cells, int mover) {
  std::vector<RegionReport> reports;
  for (const std::vector<int>& region : empty_regions(size, cells)) {
    reports.push_back(judge_region(rules, size, cells, region, mover));
  }
  for (const RegionReport& report : reports) {
    if (!report.territory()) continue;
    for (int point : report.points) cells[static_cast<std::size_t>(point)] = report.fill;
  }
  return reports;
}

bool any_territory(const std::vector<RegionReport>& reports) {
  return std::any_of(reports.begin(), reports.end(), [](const RegionReport& r) { return r.territory(); });
}

}  // namespace

int adjacent_support(const Rules& rules, int size, const std::vector<std::int8_t>& cells, int point) {
  const SquareGrid& grid = SquareGrid::of(size);
  int support = 0;
  for_each_neighbour(grid, point, [&](int neighbour) {
    if (cells[static_cast<std::size_t>(neighbour)] != kEmpty) ++support;
  });
  if (rules.edges == Rules::Edges::Count) support += edges_touched(size, point);
  return support;
}

std::vector<std::vector<int>> empty_regions(int size, const std::vector<std::int8_t>& cells) {
  return connected_groups(size, cells, kEmpty);
}

RegionReport judge_region(const Rules& rules, int size, const std::vector<std::int8_t>& cells,
                          const std::vector<int>& region, int mover) {
  const SquareGrid& grid = SquareGrid::of(size);
  RegionReport report;
  report.points = region;
  for (int point : region) {
    const int support = adjacent_support(rules, size, cells, point);
    if (support < 2) {
      report.weak_point = point;
      report.weak_point_count = support;
      return report;  // not a territory: never filled, so its neighbours need no counting
    }
  }
  std::set<int> black;
  std::set<int> white;
  for (int point : region) {
    for_each_neighbour(grid, point, [&](int neighbour) {
      const std::int8_t cell = cells[static_cast<std::size_t>(neighbour)];
      if (cell == kBlackStone) {
        black.insert(neighbour);
        ++report.black_adjacencies;
      } else if (cell == kWhiteStone) {
        white.insert(neighbour);
        ++report.white_adjacencies;
      }
    });
  }
  report.black_stones.assign(black.begin(), black.end());
  report.white_stones.assign(white.begin(), white.end());
  // "Filled with stones of the player who has the majority of stones orthogonally adjacent to
  // it"; "the same number of Black and White stones" goes to the opponent of the mover.
  if (rules.majority == Rules::Majority::DistinctStones) {
    report.black_votes = static_cast<int>(black.size());
    report.white_votes = static_cast<int>(white.size());
  } else {
    report.black_votes = report.black_adjacencies;
    report.white_votes = report.white_adjacencies;
  }
  report.fill = majority_colour(report.black_votes, report.white_votes, mover);
  return report;
}

std::optional<std::pair<int, int>> unsupported_diagonal(const Rules& rules, int size,
                                                        const std::vector<std::int8_t>& cells, int mover) {
  // Every 2x2 block; in each, both diagonals. The two other points of the block are the only
  // orthogonal neighbours the diagonal pair shares.
  for (int row = 0; row + 1 < size; ++row) {
    for (int col = 0; col + 1 < size; ++col) {
      const int top_left = row * size + col;
      const int top_right = top_left + 1;
      const int bottom_left = top_left + size;
      const int bottom_right = bottom_left + 1;
      const std::pair<int, int> diagonals[2][2] = {{{top_left, bottom_right}, {top_right, bottom_left}},
                                                   {{top_right, bottom_left}, {top_left, bottom_right}}};
      for (const auto& [pair, others] : diagonals) {
        const std::int8_t colour = cells[static_cast<std::size_t>(pair.first)];
        if (colour == kEmpty || cells[static_cast<std::size_t>(pair.second)] != colour) continue;
        if (rules.diagonal == Rules::Diagonal::MoverOnly && colour != stone_of(mover)) continue;
        if (cells[static_cast<std::size_t>(others.first)] == colour) continue;
        if (cells[static_cast<std::size_t>(others.second)] == colour) continue;
        return pair;
      }
    }
  }
  return std::nullopt;
}

std::vector<int> winning_chain(int size, const std::vector<std::int8_t>& cells, int side) {
  auto first_edge = [&](int point) { return side == kBlackSide ? point / size == 0 : point % size == 0; };
  auto second_edge = [&](int point) {
    return side == kBlackSide ? point / size == size - 1 : point % size == size - 1;
  };
  for (std::vector<int>& chain : connected_groups(size, cells, stone_of(side))) {
    if (std::any_of(chain.begin(), chain.end(), first_edge) && std::any_of(chain.begin(), chain.end(), second_edge)) {
      std::sort(chain.begin(), chain.end());
      return std::move(chain);
    }
  }
  return {};
}

TurnReport play_placement(const Rules& rules, const Position& position, int point, int mover) {
  TurnReport turn;
  turn.point = point;
  turn.mover = mover;
  std::vector<std::int8_t> cells = position.cells;
  cells[static_cast<std::size_t>(point)] = stone_of(mover);
  // The first pass fills every territory; "until-none" keeps scanning while one is found (it
  // never finds one: filling a region changes no other region, docs/rulings/quentin.md Q-3).
  turn.passes.push_back(fill_pass(rules, position.size, cells, mover));
  if (rules.fill == Rules::Fill::UntilNone) {
    while (any_territory(turn.passes.back())) turn.passes.push_back(fill_pass(rules, position.size, cells, mover));
  }
  // "At the end of a turn" — after the fill — the diagonal rule decides legality.
  turn.unsupported = unsupported_diagonal(rules, position.size, cells, mover);
  for (int side : {mover, 1 - mover}) {
    std::vector<int> chain = winning_chain(position.size, cells, side);
    if (!chain.empty()) {
      turn.completed_side = side;
      turn.completed_chain = std::move(chain);
      break;
    }
  }
  const bool completes_only_opponent = turn.completed_side == 1 - mover;
  turn.legal = !turn.unsupported &&
               !(completes_only_opponent && rules.opponent_chain == Rules::OpponentChain::Illegal);
  turn.cells_after = std::move(cells);
  return turn;
}

bool has_legal_placement(const Rules& rules, const Position& position, int mover) {
  for (int point = 0; point < position.size * position.size; ++point) {
    if (position.cells[static_cast<std::size_t>(point)] != kEmpty) continue;
    if (play_placement(rules, position, point, mover).legal) return true;
  }
  return false;
}

bool swap_available(const Rules& rules, const Position& position) {
  return rules.pie && position.ply == 1 && !position.swapped;
}

Outcome settle(const Rules& rules, const Position& position) {
  const int to_move = position.side_to_move();
  const int last_mover = 1 - to_move;
  for (int side : {kBlackSide, kWhiteSide}) {
    if (winning_chain(position.size, position.cells, side).empty()) continue;
    const bool mover_takes_it = rules.opponent_chain == Rules::OpponentChain::MoverWins && position.ply > 0;
    return Outcome::win(mover_takes_it ? last_mover : side);
  }
  // "If a player can't make a move on his turn, he must pass" — unless neither can move.
  if (swap_available(rules, position) || has_legal_placement(rules, position, to_move)) return Outcome::ongoing();
  if (has_legal_placement(rules, position, 1 - to_move)) return Outcome::ongoing();
  switch (rules.no_moves) {
    case Rules::NoMoves::Draw: return Outcome::draw();
    case Rules::NoMoves::SideToMoveLoses: return Outcome::win(1 - to_move);
    case Rules::NoMoves::MoreStones: {
      const auto black = std::count(position.cells.begin(), position.cells.end(), kBlackStone);
      const auto white = std::count(position.cells.begin(), position.cells.end(), kWhiteStone);
      if (black == white) return Outcome::draw();
      return Outcome::win(black > white ? kBlackSide : kWhiteSide);
    }
  }
  return Outcome::draw();
}

namespace {

class ReferenceState final : public State {
 public:
  ReferenceState(const Game& game, const Rules& rules, Position position)
      : game_(&game), rules_(rules), position_(std::move(position)), outcome_(settle(rules_, position_)) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<ReferenceState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const ReferenceState&>(other); }
  std::uint64_t key() const override { return text_key(line()); }
  int side_to_move() const override { return position_.side_to_move(); }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return position_.ply; }

  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    for (int point = 0; point < position_.size * position_.size; ++point) {
      if (position_.cells[static_cast<std::size_t>(point)] != kEmpty) continue;
      if (play_placement(rules_, position_, point, side_to_move()).legal) out.push_back(static_cast<Move>(point));
    }
    if (swap_available(rules_, position_)) out.push_back(kSwap);
    if (out.empty()) out.push_back(kPass);  // settle() found that the opponent can move
  }

  void apply(Move move) override {
    if (move < kSwap) {
      position_.cells = play_placement(rules_, position_, static_cast<int>(move), side_to_move()).cells_after;
    } else if (move == kSwap) {
      position_.swapped = true;
    }
    ++position_.ply;
    outcome_ = settle(rules_, position_);
  }

  std::string move_text(Move move) const override { return move_name(position_.size, move); }
  Move parse_move(std::string_view text) const override { return read_move(rules_, position_, outcome_, text); }
  std::string diagram() const override { return diagram_text(position_, outcome_); }
  std::string line() const override { return line_text(*game_, position_); }
  std::string equivalence_text() const override {
    return equivalence_line_text(*game_, position_, swap_available(rules_, position_));
  }
  Drawing drawing() const override { return draw_position(position_, outcome_); }
  std::optional<MoveAnchor> move_anchor(Move m) const override { return draw_anchor(position_.size, m); }
  MoveTrace move_trace(Move m) const override {
    ReferenceState after(*this);
    after.apply(m);
    return draw_trace(position_, after.position_, m);
  }
  std::string move_words(Move m) const override {
    ReferenceState after(*this);
    after.apply(m);
    return fill_words(position_, after.position_, m);
  }
  bool exchanges_players(Move m) const override { return m == kSwap; }
  std::vector<std::string> status_notes() const override { return quentin::status_notes(position_); }
  std::vector<std::string> puzzle_notes() const override { return quentin::puzzle_notes(*this, position_); }
  std::string explain(Move move) const override { return explain_move(rules_, position_, outcome_, move); }
  std::vector<std::string> candidate_moves() const override {
    return SquareGrid::of(position_.size).names_and({"swap", "pass"});
  }
  std::string explain_text(std::string_view text) const override {
    return explain(read_move_words(position_, text));
  }

 private:
  const Game* game_;
  Rules rules_;
  Position position_;
  Outcome outcome_;
};

}  // namespace

std::unique_ptr<State> make_state(const Game& game, const Rules& rules, Position position) {
  return std::make_unique<ReferenceState>(game, rules, std::move(position));
}

}  // namespace arbiter::quentin::reference

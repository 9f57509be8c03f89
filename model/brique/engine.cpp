// Brique's fast engine: flat fixed-size state, tables precomputed per (size, shading, escort
// directions), the fill rule checked only at the (at most two) squares the placed stone escorts,
// and one union-find per colour for the win. A colour's union-find cannot forget a stone, so when
// the fill rule removes one, that colour's forest is marked stale and rebuilt before its next use.
#include <array>
#include <map>
#include <mutex>

#include "model/brique/states.hpp"

namespace arbiter::brique {
namespace {

constexpr int kMaxCells = kMaxBoard * kMaxBoard;
constexpr std::int16_t kNo = -1;

struct Tables {
  int n = 0;
  int cells = 0;
  std::array<std::array<std::int16_t, 4>, kMaxCells> neighbours{};
  // Per colour: the two escorts of each square that has two on the board, and, for each square,
  // the squares (at most two) whose escorts include it.
  std::array<std::array<std::array<std::int16_t, 2>, kMaxCells>, 2> escort_pair{};
  std::array<std::array<std::array<std::int16_t, 2>, kMaxCells>, 2> escorted_by{};
  // Per colour: the union-find node of the own edge a square lies on (cells or cells+1), or kNo.
  std::array<std::array<std::int16_t, kMaxCells>, 2> edge_node{};
};

// Built from the derived structure rather than from escorts(): every on-board NE-SW diagonal pair
// {(i,j+1),(i+1,j)} escorts exactly one square, its NW corner (i,j) if that is dark and its SE
// corner (i+1,j+1) otherwise -- with shading flipped for White when White faces Black. The
// differential test against the reference (which reads the text's directions) checks this.
void build_escorts(Tables& t, const Rules& rules) {
  const int n = t.n;
  for (int side : {kBlack, kWhite}) {
    for (auto& pair : t.escort_pair[side]) pair = {kNo, kNo};
    for (auto& list : t.escorted_by[side]) list = {kNo, kNo};
    const bool flip = rules.white_faces_black && side == kWhite;
    for (int i = 0; i + 1 < n; ++i) {
      for (int j = 0; j + 1 < n; ++j) {
        const auto a = static_cast<std::int16_t>(i * n + j + 1);
        const auto b = static_cast<std::int16_t>((i + 1) * n + j);
        const bool north_west = (!is_light(rules, i, j)) != flip;
        const int square = north_west ? i * n + j : (i + 1) * n + j + 1;
        t.escort_pair[side][static_cast<std::size_t>(square)] = {a, b};
        for (std::int16_t escort : {a, b}) {
          auto& list = t.escorted_by[side][static_cast<std::size_t>(escort)];
          list[list[0] == kNo ? 0 : 1] = static_cast<std::int16_t>(square);
        }
      }
    }
  }
}

Tables* build_tables(const Rules& rules) {
  auto* t = new Tables;
  const int n = rules.n;
  t->n = n;
  t->cells = n * n;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const auto cell = static_cast<std::size_t>(r * n + c);
      const int steps[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
      for (int d = 0; d < 4; ++d) {
        const int rr = r + steps[d][0], cc = c + steps[d][1];
        const bool on = rr >= 0 && cc >= 0 && rr < n && cc < n;
        t->neighbours[cell][static_cast<std::size_t>(d)] = static_cast<std::int16_t>(on ? rr * n + cc : kNo);
      }
      const auto first = static_cast<std::int16_t>(n * n), second = static_cast<std::int16_t>(n * n + 1);
      t->edge_node[kBlack][cell] = r == 0 ? first : r == n - 1 ? second : kNo;
      t->edge_node[kWhite][cell] = c == 0 ? first : c == n - 1 ? second : kNo;
    }
  }
  build_escorts(*t, rules);
  return t;
}

const Tables& tables_for(const Rules& rules) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<Tables>> cache;
  const int key = rules.n * 4 + (rules.light_when_even ? 2 : 0) + (rules.white_faces_black ? 1 : 0);
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[key];
  if (!slot) slot.reset(build_tables(rules));
  return *slot;
}

class FastState final : public BriqueState {
 public:
  explicit FastState(const Position& position) : tables_(&tables_for(position.rules)), rules_(position.rules) {
    const int cells = tables_->cells;
    empty_count_ = 0;
    for (int cell = 0; cell < cells; ++cell) {
      board_[static_cast<std::size_t>(cell)] = position.cells[static_cast<std::size_t>(cell)];
      if (board_[static_cast<std::size_t>(cell)] == kEmpty) add_empty(cell);
    }
    side_ = position.side;
    ply_ = position.ply;
    swapped_ = position.swapped;
    passes_ = position.passes;
    rebuild(kBlack);
    rebuild(kWhite);
    outcome_ = evaluate_outcome(position);
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<FastState>(*this); }
  int side_to_move() const override { return side_; }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return ply_; }

  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    for (int cell = 0; cell < tables_->cells; ++cell) {
      if (board_[static_cast<std::size_t>(cell)] == kEmpty) out.push_back(static_cast<Move>(cell));
    }
    if (swap_available()) out.push_back(kSwapMove);
    if (rules_.pass_allowed) out.push_back(kPassMove);
  }

  void apply(Move m) override {
    const int mover = side_;
    if (m == kPassMove) {
      ++passes_;
      if (passes_ >= 2) outcome_ = Outcome::draw();
    } else if (m == kSwapMove) {
      swapped_ = true;
      passes_ = 0;
      if (rules_.pie == PieMode::Mirror) mirror_board();
    } else {
      passes_ = 0;
      place(static_cast<int>(m), mover);
      if (stale_[mover]) rebuild(mover);
      const auto first = static_cast<std::int16_t>(tables_->cells);
      // Only the mover can have completed a chain: this turn removed none of its stones and
      // gave the opponent none (a derived fact the tests check against the reference).
      if (find(mover, first) == find(mover, static_cast<std::int16_t>(first + 1))) {
        outcome_ = Outcome::win(mover);
      } else if (empty_count_ == 0) {
        outcome_ = Outcome::draw();
      }
    }
    ++ply_;
    side_ = rules_.side_to_move(ply_, swapped_);
  }

  Outcome random_playout(Rng& rng) override {
    while (!outcome_.over()) {
      const std::uint32_t swap = swap_available() ? 1 : 0;
      const std::uint32_t choice = rng.below(static_cast<std::uint32_t>(empty_count_) + swap + (rules_.pass_allowed ? 1 : 0));
      if (choice < static_cast<std::uint32_t>(empty_count_)) {
        apply(static_cast<Move>(empties_[choice]));
      } else {
        apply(choice == static_cast<std::uint32_t>(empty_count_) && swap ? kSwapMove : kPassMove);
      }
    }
    return outcome_;
  }

  Position snapshot() const override {
    Position p = Position::initial(rules_);
    for (int cell = 0; cell < tables_->cells; ++cell) p.cells[static_cast<std::size_t>(cell)] = board_[static_cast<std::size_t>(cell)];
    p.side = side_;
    p.ply = ply_;
    p.swapped = swapped_;
    p.passes = passes_;
    return p;
  }

 private:
  bool swap_available() const { return rules_.pie != PieMode::Off && ply_ == 1 && !swapped_ && side_ == kWhite; }

  void add_empty(int cell) {
    empty_slot_[static_cast<std::size_t>(cell)] = empty_count_;
    empties_[static_cast<std::size_t>(empty_count_++)] = static_cast<std::int16_t>(cell);
  }
  void remove_empty(int cell) {
    const std::int16_t slot = empty_slot_[static_cast<std::size_t>(cell)];
    const std::int16_t last = empties_[static_cast<std::size_t>(--empty_count_)];
    empties_[static_cast<std::size_t>(slot)] = last;
    empty_slot_[static_cast<std::size_t>(last)] = slot;
  }

  // Puts a stone of `side` on `cell`, removing whatever was there.
  void take_square(int cell, int side) {
    std::uint8_t& here = board_[static_cast<std::size_t>(cell)];
    if (here == kEmpty) {
      remove_empty(cell);
    } else {
      stale_[1 - side] = true;
    }
    here = stone_of(side);
    if (!stale_[side]) link(cell, side);
  }

  // The placement and the fill rule. Only squares escorted by a newly placed stone can have become
  // fillable; under fill=repeat the newly filled squares are examined in turn.
  void place(int cell, int side) {
    std::array<std::int16_t, kMaxCells> pending;
    int count = 0;
    take_square(cell, side);
    pending[static_cast<std::size_t>(count++)] = static_cast<std::int16_t>(cell);
    const std::uint8_t friendly = stone_of(side);
    while (count > 0) {
      const int from = pending[static_cast<std::size_t>(--count)];
      for (std::int16_t square : tables_->escorted_by[side][static_cast<std::size_t>(from)]) {
        if (square == kNo) break;
        const auto& pair = tables_->escort_pair[side][static_cast<std::size_t>(square)];
        const std::uint8_t here = board_[static_cast<std::size_t>(square)];
        if (here == friendly || board_[static_cast<std::size_t>(pair[0])] != friendly ||
            board_[static_cast<std::size_t>(pair[1])] != friendly) {
          continue;
        }
        if (here != kEmpty && rules_.fill == FillMode::KeepEnemy) continue;
        take_square(square, side);
        if (rules_.fill == FillMode::Repeat) pending[static_cast<std::size_t>(count++)] = square;
      }
    }
  }

  void mirror_board() {
    const int n = tables_->n;
    std::array<std::uint8_t, kMaxCells> old = board_;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const std::uint8_t stone = old[static_cast<std::size_t>(r * n + c)];
        board_[static_cast<std::size_t>(c * n + r)] = stone == kEmpty ? kEmpty : stone == kBlackStone ? kWhiteStone : kBlackStone;
      }
    }
    rebuild(kBlack);
    rebuild(kWhite);
  }

  std::int16_t find(int side, std::int16_t x) {
    auto& parent = parent_[static_cast<std::size_t>(side)];
    while (parent[static_cast<std::size_t>(x)] != x) {
      parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
      x = parent[static_cast<std::size_t>(x)];
    }
    return x;
  }
  void unite(int side, std::int16_t a, std::int16_t b) {
    a = find(side, a);
    b = find(side, b);
    if (a != b) parent_[static_cast<std::size_t>(side)][static_cast<std::size_t>(a)] = b;
  }
  void link(int cell, int side) {
    const std::uint8_t friendly = stone_of(side);
    for (std::int16_t neighbour : tables_->neighbours[static_cast<std::size_t>(cell)]) {
      if (neighbour != kNo && board_[static_cast<std::size_t>(neighbour)] == friendly) {
        unite(side, static_cast<std::int16_t>(cell), neighbour);
      }
    }
    const std::int16_t edge = tables_->edge_node[side][static_cast<std::size_t>(cell)];
    if (edge != kNo) unite(side, static_cast<std::int16_t>(cell), edge);
  }
  void rebuild(int side) {
    auto& parent = parent_[static_cast<std::size_t>(side)];
    for (int i = 0; i < tables_->cells + 2; ++i) parent[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(i);
    stale_[side] = false;
    const std::uint8_t friendly = stone_of(side);
    for (int cell = 0; cell < tables_->cells; ++cell) {
      if (board_[static_cast<std::size_t>(cell)] == friendly) link(cell, side);
    }
  }

  const Tables* tables_;
  Rules rules_;
  std::array<std::uint8_t, kMaxCells> board_{};
  std::array<std::int16_t, kMaxCells> empties_{};
  std::array<std::int16_t, kMaxCells> empty_slot_{};
  std::int16_t empty_count_ = 0;
  std::array<std::array<std::int16_t, kMaxCells + 2>, 2> parent_{};
  std::array<bool, 2> stale_{};
  int side_ = kBlack;
  int ply_ = 0;
  bool swapped_ = false;
  int passes_ = 0;
  Outcome outcome_;
};

}  // namespace

std::unique_ptr<State> make_fast_state(const Position& position) { return std::make_unique<FastState>(position); }

}  // namespace arbiter::brique

// Brique's flat engine, for every size (the fast engine beyond 8x8; bit_engine.cpp plays the
// smaller boards and is tested against this one): flat fixed-size state, tables precomputed per
// (size, shading, escort directions), the fill rule checked only at the (at most two) squares the
// placed stone escorts, and one union-find per colour for the win.
// A union-find cannot forget a stone. When the fill rule removes one, that colour's forest is only
// marked stale and kept growing: it then describes a supergraph of the true stone graph, so "edges
// not joined" is still exact, and only a claimed win needs a rebuild to be confirmed or refuted.
#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <mutex>

#include "model/brique/engine_base.hpp"
#include "model/brique/states.hpp"
#include "model/core/connection_distance.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::brique {
namespace {

constexpr int kMaxCells = kMaxBoard * kMaxBoard;
constexpr std::int16_t kNo = -1;
// Off-board neighbours point here: a square past the board that never holds a stone.
constexpr std::int16_t kBorder = kMaxCells;
constexpr std::uint8_t kFirstEdge = 1, kSecondEdge = 2, kBothEdges = 3;
constexpr std::uint8_t kWatchCapacity = 8, kWatchOverflow = kWatchCapacity + 1;

struct Tables {
  int n = 0;
  int cells = 0;
  std::array<std::array<std::int16_t, 4>, kMaxCells> neighbours{};
  // Per colour: the two escorts of each square that has two on the board, and, for each square,
  // the squares (at most two) whose escorts include it.
  std::array<std::array<std::array<std::int16_t, 2>, kMaxCells>, 2> escort_pair{};
  // Each entry: the escorted square and the other escort of it. Unused entries point at the
  // border square (never friendly), so the fill check needs no end-of-list test.
  struct Escorted {
    std::int16_t square = kBorder;
    std::int16_t partner = kBorder;
  };
  std::array<std::array<std::array<Escorted, 2>, kMaxCells>, 2> escorted_by{};
  // Per colour: which of its own edges a square lies on (bit 1 the first, bit 2 the second).
  std::array<std::array<std::uint8_t, kMaxCells>, 2> edge_bits{};
};

// Built from the derived structure rather than from escorts(): every on-board NE-SW diagonal pair
// {(i,j+1),(i+1,j)} escorts exactly one square, its NW corner (i,j) if that is dark and its SE
// corner (i+1,j+1) otherwise -- with shading flipped for White when White faces Black. The
// differential test against the reference (which reads the text's directions) checks this.
void build_escorts(Tables& t, const Rules& rules) {
  const int n = t.n;
  for (int side : {kBlack, kWhite}) {
    for (auto& pair : t.escort_pair[side]) pair = {kNo, kNo};
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
          list[list[0].square == kBorder ? 0 : 1] = {static_cast<std::int16_t>(square), escort == a ? b : a};
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
        t->neighbours[cell][static_cast<std::size_t>(d)] = static_cast<std::int16_t>(on ? rr * n + cc : kBorder);
      }
      t->edge_bits[kBlack][cell] = r == 0 ? kFirstEdge : r == n - 1 ? kSecondEdge : 0;
      t->edge_bits[kWhite][cell] = c == 0 ? kFirstEdge : c == n - 1 ? kSecondEdge : 0;
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

class FastState final : public EngineBase<FastState> {
 public:
  explicit FastState(const Position& position) : EngineBase(position), tables_(&tables_for(position.rules)) {
    for (int cell = 0; cell < tables_->cells; ++cell) {
      board_[static_cast<std::size_t>(cell)] = position.cells[static_cast<std::size_t>(cell)];
    }
    collect_empties();
    rekey();
    // A parsed position may hold squares the fill rule will give a side at its next placement
    // (after a removal under escort-directions=facing, say): have that placement scan the board.
    for (int side : {kBlack, kWhite}) {
      if (!fillable_squares(position, side).empty()) watched_count_[static_cast<std::size_t>(side)] = kWatchOverflow;
    }
    rebuild(kBlack);
    rebuild(kWhite);
    outcome_ = evaluate_outcome(position);
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<FastState>(*this); }
  // Only the squares of this size are copied: the arrays are sized for the largest board, and
  // a search copies a state for every child it looks at.
  void copy_from(const State& other) override {
    const auto& o = static_cast<const FastState&>(other);
    // Boards of up to 64 squares (the ones a solver searches) copy a fixed length, which the
    // compiler turns into a few vector moves instead of calls sized at run time.
    if (o.tables_->cells <= 64) {
      copy_squares<64>(o, 64);
    } else {
      copy_squares<0>(o, static_cast<std::size_t>(o.tables_->cells));
    }
    tables_ = o.tables_;
    rules_ = o.rules_;
    board_[kBorder] = o.board_[kBorder];
    empty_count_ = o.empty_count_;
    stale_ = o.stale_;
    watched_ = o.watched_;
    watched_count_ = o.watched_count_;
    side_ = o.side_;
    ply_ = o.ply_;
    swapped_ = o.swapped_;
    passes_ = o.passes_;
    outcome_ = o.outcome_;
    board_key_ = o.board_key_;
    stone_bits_ = o.stone_bits_;
  }
  // Fixed > 0: copies exactly that many squares (memcpy of a constant size, inlined).
  template <std::size_t Fixed>
  void copy_squares(const FastState& o, std::size_t cells) {
    const std::size_t n = Fixed > 0 ? Fixed : cells;
    std::memcpy(board_.data(), o.board_.data(), n * sizeof board_[0]);
    std::memcpy(empties_.data(), o.empties_.data(), n * sizeof empties_[0]);
    std::memcpy(empty_slot_.data(), o.empty_slot_.data(), n * sizeof empty_slot_[0]);
    for (std::size_t side = 0; side < 2; ++side) {
      std::memcpy(parent_[side].data(), o.parent_[side].data(), n * sizeof parent_[side][0]);
      std::memcpy(group_edges_[side].data(), o.group_edges_[side].data(), n * sizeof group_edges_[side][0]);
    }
  }
  // Not the ply: no rule reads it but the swap's availability, which is keyed itself. So the
  // position after a swap (the same stones, White to move again) shares its entries with the
  // positions the unswapped game reaches a ply earlier.
  std::uint64_t key() const override {
    return board_key_ ^ zobrist_scalar(0, static_cast<std::uint64_t>(side_)) ^
           zobrist_scalar(2, swap_available() ? 1 : 0) ^ zobrist_scalar(3, static_cast<std::uint64_t>(passes_)) ^
           zobrist_outcome(static_cast<int>(outcome_.kind), outcome_.winner);
  }
  // The fill rule joins every NE-SW diagonal pair of friendly stones (each such pair escorts a
  // square on the board, which the fill makes friendly whatever stood there), so chains run on six
  // neighbours, as on a hex board; removals of the side's own stones are ignored. The estimate only
  // orders the solver's search. Boards the solver can reach (up to 8x8) use the bit-set form, the
  // rest the queue.
  int distance_to_win(int side) const override {
    if (tables_->n <= GridDistance::kMaxSize) {
      const std::uint64_t board = tables_->cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << tables_->cells) - 1;
      const std::uint64_t empty_bits = board & ~(stone_bits_[0] | stone_bits_[1]);
      return GridDistance::of(tables_->n, GridDistance::Adjacency::WithAntiDiagonal)
          .distance(side, stone_bits_[static_cast<std::size_t>(side)], empty_bits);
    }
    return queue_distance(side);
  }
  int queue_distance(int side) const {
    const std::uint8_t own = stone_of(side), enemy = stone_of(1 - side);
    const auto& edges = tables_->edge_bits[static_cast<std::size_t>(side)];
    return connection_distance<kMaxCells>(
        tables_->cells,
        [&](int c) {
          const std::uint8_t here = board_[static_cast<std::size_t>(c)];
          return here == own ? 0 : here == enemy ? -1 : 1;
        },
        [&](int c, auto&& visit) {
          for (std::int16_t n : tables_->neighbours[static_cast<std::size_t>(c)]) {
            if (n != kBorder) visit(n);
          }
          const int n = tables_->n, row = c / n, column = c % n;
          if (row > 0 && column + 1 < n) visit(c - n + 1);
          if (row + 1 < n && column > 0) visit(c + n - 1);
        },
        [&](int c) { return (edges[static_cast<std::size_t>(c)] & kFirstEdge) != 0; },
        [&](int c) { return (edges[static_cast<std::size_t>(c)] & kSecondEdge) != 0; });
  }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    for (int cell = 0; cell < tables_->cells; ++cell) {
      if (board_[static_cast<std::size_t>(cell)] == kEmpty) out.push_back(static_cast<Move>(cell));
    }
    add_swap_and_pass(out);
  }

  void apply_placement_counting(int cell, std::span<std::uint64_t> counts) {
    const int empties_before = empty_count_;
    const std::uint32_t removals_before = removals_;
    apply_placement(cell);
    const std::uint32_t removed = removals_ - removals_before;
    // Squares taken this turn: the empty ones the stone and the fills took, plus the removals.
    counts[kFills] += static_cast<std::uint64_t>(empties_before - empty_count_ - 1) + removed;
    counts[kRemovals] += removed;
  }

  Position snapshot() const override {
    Position p = Position::initial(rules_);
    for (int cell = 0; cell < tables_->cells; ++cell) p.cells[static_cast<std::size_t>(cell)] = board_[static_cast<std::size_t>(cell)];
    describe_turn(p);
    return p;
  }

 private:
  friend class EngineBase<FastState>;

  int square_count() const { return tables_->cells; }
  bool square_empty(int cell) const { return board_[static_cast<std::size_t>(cell)] == kEmpty; }
  int empty_count() const { return empty_count_; }
  int empty_at(int i) const { return empties_[static_cast<std::size_t>(i)]; }

  void apply_placement(int cell) {
    const int mover = start_placement();
    // Only the mover can have completed a chain: this turn removed none of its stones and
    // gave the opponent none (a derived fact the tests check against the reference).
    if (place(cell, mover) && edges_joined(mover, cell)) {
      outcome_ = Outcome::win(mover);
    } else if (empty_count_ == 0) {
      outcome_ = Outcome::draw();
    }
  }

  void collect_empties() {
    empty_count_ = 0;
    for (int cell = 0; cell < tables_->cells; ++cell) {
      if (board_[static_cast<std::size_t>(cell)] == kEmpty) add_empty(cell);
    }
  }
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

  // Puts a stone of `side` on `cell`, removing whatever was there. True if the stone's group (as
  // far as the forest knows) now touches both of the side's edges.
  bool take_square(int cell, int side) {
    std::uint8_t& here = board_[static_cast<std::size_t>(cell)];
    board_key_ ^= zobrist(static_cast<std::uint32_t>(cell), here) ^ zobrist(static_cast<std::uint32_t>(cell), stone_of(side));
    if (cell < 64) {
      const std::uint64_t bit = std::uint64_t{1} << cell;
      stone_bits_[static_cast<std::size_t>(side)] |= bit;
      stone_bits_[static_cast<std::size_t>(1 - side)] &= ~bit;
    }
    if (here == kEmpty) {
      remove_empty(cell);
    } else {
      ++removals_;
      stale_[1 - side] = true;
      watch(1 - side, cell);
    }
    here = stone_of(side);
    return link(cell, side) == kBothEdges;
  }

  // Whether `side`'s stones really join its two edges, once the forest claims that the group of
  // the stone just placed does.
  bool edges_joined(int side, int placed) {
    if (!stale_[side]) return true;
    // The stale forest may claim a join through a removed stone. A new chain must run through
    // the stones placed this turn, which all lie in the placed stone's group: search that group.
    if (group_touches_both_edges(side, placed)) return true;
    rebuild(side);
    return false;
  }

  bool group_touches_both_edges(int side, int start) {
    std::array<std::uint64_t, (kMaxCells + 63) / 64> seen{};
    std::array<std::int16_t, kMaxCells> stack;
    int depth = 0;
    std::uint8_t edges = 0;
    const std::uint8_t friendly = stone_of(side);
    seen[static_cast<std::size_t>(start) / 64] |= std::uint64_t{1} << (start % 64);
    stack[static_cast<std::size_t>(depth++)] = static_cast<std::int16_t>(start);
    while (depth > 0) {
      const std::int16_t cell = stack[static_cast<std::size_t>(--depth)];
      edges |= tables_->edge_bits[side][static_cast<std::size_t>(cell)];
      for (std::int16_t next : tables_->neighbours[static_cast<std::size_t>(cell)]) {
        if (board_[static_cast<std::size_t>(next)] != friendly) continue;
        std::uint64_t& word = seen[static_cast<std::size_t>(next) / 64];
        const std::uint64_t bit = std::uint64_t{1} << (next % 64);
        if (word & bit) continue;
        word |= bit;
        stack[static_cast<std::size_t>(depth++)] = next;
      }
    }
    return edges == kBothEdges;
  }

  // The placement and the fill rule. Only squares escorted by a newly placed stone can have become
  // fillable. Returns whether the forest claims the placed group joins the side's edges.
  bool place(int cell, int side) {
    bool joined = take_square(cell, side);
    joined = fill_escorted_by(cell, side) || joined;
    return fill_watched(side) || joined;
  }

  // A square that lost a stone of `side` may be fillable for `side` without any escort of it
  // changing (under the facing ruling the two colours' escorts differ): look at it again at
  // `side`'s next placement. Past the capacity, that placement scans the whole board.
  void watch(int side, int cell) {
    std::uint8_t& count = watched_count_[static_cast<std::size_t>(side)];
    if (count < kWatchCapacity) {
      watched_[static_cast<std::size_t>(side)][count++] = static_cast<std::int16_t>(cell);
    } else {
      count = kWatchOverflow;
    }
  }

  bool fillable(int square, int side) const {
    const auto& pair = tables_->escort_pair[side][static_cast<std::size_t>(square)];
    const std::uint8_t friendly = stone_of(side);
    const std::uint8_t here = board_[static_cast<std::size_t>(square)];
    if (pair[0] == kNo || here == friendly || (here != kEmpty && rules_.fill == FillMode::KeepEnemy)) return false;
    return board_[static_cast<std::size_t>(pair[0])] == friendly && board_[static_cast<std::size_t>(pair[1])] == friendly;
  }

  // No fill enables another (a filled square escorts only squares already friendly), so filling
  // these one by one equals the text's simultaneous fill.
  bool fill_watched(int side) {
    const std::uint8_t count = watched_count_[static_cast<std::size_t>(side)];
    if (count == 0) return false;
    watched_count_[static_cast<std::size_t>(side)] = 0;
    bool joined = false;
    const int squares = count == kWatchOverflow ? tables_->cells : count;
    for (int i = 0; i < squares; ++i) {
      const int square = count == kWatchOverflow ? i : watched_[static_cast<std::size_t>(side)][static_cast<std::size_t>(i)];
      if (!fillable(square, side)) continue;
      joined = take_square(square, side) || joined;
      if (rules_.fill == FillMode::Repeat) joined = fill_escorted_by(square, side) || joined;
    }
    return joined;
  }

  // Fills the (at most two) squares `from` escorts whose escorts are now both friendly; under
  // fill=repeat the squares filled are examined in turn.
  bool fill_escorted_by(int from, int side) {
    bool joined = false;
    const std::uint8_t friendly = stone_of(side);
    for (const auto& [square, partner] : tables_->escorted_by[side][static_cast<std::size_t>(from)]) {
      const std::uint8_t here = board_[static_cast<std::size_t>(square)];
      if (board_[static_cast<std::size_t>(partner)] != friendly || here == friendly) continue;
      if (here != kEmpty && rules_.fill == FillMode::KeepEnemy) continue;
      joined = take_square(square, side) || joined;
      if (rules_.fill == FillMode::Repeat) joined = fill_escorted_by(square, side) || joined;
    }
    return joined;
  }

  void mirror_board() {
    const int n = tables_->n;
    const std::array<std::uint8_t, kMaxCells + 1> old = board_;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const std::uint8_t stone = old[static_cast<std::size_t>(r * n + c)];
        board_[static_cast<std::size_t>(c * n + r)] = stone == kEmpty ? kEmpty : stone == kBlackStone ? kWhiteStone : kBlackStone;
      }
    }
    collect_empties();
    rekey();
    rebuild(kBlack);
    rebuild(kWhite);
  }

  void rekey() {
    board_key_ = 0;
    stone_bits_ = {};
    for (int cell = 0; cell < tables_->cells; ++cell) {
      const std::uint8_t here = board_[static_cast<std::size_t>(cell)];
      board_key_ ^= zobrist(static_cast<std::uint32_t>(cell), here);
      if (cell < 64 && here != kEmpty) stone_bits_[here == kBlackStone ? 0 : 1] |= std::uint64_t{1} << cell;
    }
  }

  std::int16_t find(int side, std::int16_t x) {
    auto& parent = parent_[static_cast<std::size_t>(side)];
    while (parent[static_cast<std::size_t>(x)] != x) {
      parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
      x = parent[static_cast<std::size_t>(x)];
    }
    return x;
  }
  // Hangs the stone's group under each friendly neighbour's group; returns the edges the merged
  // group touches (kept at each root).
  std::uint8_t link(int cell, int side) {
    auto& parent = parent_[static_cast<std::size_t>(side)];
    auto& edges = group_edges_[static_cast<std::size_t>(side)];
    const std::uint8_t friendly = stone_of(side);
    std::int16_t root = find(side, static_cast<std::int16_t>(cell));
    std::uint8_t touched = edges[static_cast<std::size_t>(root)] | tables_->edge_bits[side][static_cast<std::size_t>(cell)];
    for (std::int16_t neighbour : tables_->neighbours[static_cast<std::size_t>(cell)]) {
      if (board_[static_cast<std::size_t>(neighbour)] != friendly) continue;
      const std::int16_t other = find(side, neighbour);
      if (other != root) {
        parent[static_cast<std::size_t>(root)] = other;
        root = other;
        touched |= edges[static_cast<std::size_t>(root)];
      }
    }
    edges[static_cast<std::size_t>(root)] = touched;
    return touched;
  }
  void rebuild(int side) {
    auto& parent = parent_[static_cast<std::size_t>(side)];
    for (int i = 0; i < tables_->cells; ++i) parent[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(i);
    group_edges_[static_cast<std::size_t>(side)].fill(0);
    stale_[side] = false;
    const std::uint8_t friendly = stone_of(side);
    for (int cell = 0; cell < tables_->cells; ++cell) {
      if (board_[static_cast<std::size_t>(cell)] == friendly) link(cell, side);
    }
  }

  const Tables* tables_;
  std::array<std::uint8_t, kMaxCells + 1> board_{};  // + the border square
  std::array<std::int16_t, kMaxCells> empties_{};
  std::array<std::int16_t, kMaxCells> empty_slot_{};
  std::int16_t empty_count_ = 0;
  std::array<std::array<std::int16_t, kMaxCells>, 2> parent_{};
  std::array<std::array<std::uint8_t, kMaxCells>, 2> group_edges_{};
  std::array<bool, 2> stale_{};
  std::array<std::array<std::int16_t, kWatchCapacity>, 2> watched_{};
  std::array<std::uint8_t, 2> watched_count_{};
  std::uint64_t board_key_ = 0;  // Zobrist over the squares, kept by take_square
  // Per side, bit c set when square c (< 64) holds its stone: the distance estimate's input on the
  // boards it serves from bit sets, kept by take_square.
  std::array<std::uint64_t, 2> stone_bits_{};
  std::uint32_t removals_ = 0;   // enemy stones taken so far, for apply_counting only (not copied)
};

}  // namespace

std::unique_ptr<State> make_flat_state(const Position& position) { return std::make_unique<FastState>(position); }

}  // namespace arbiter::brique

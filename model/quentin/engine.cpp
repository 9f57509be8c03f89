#include "model/quentin/engine.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "model/core/connection_distance.hpp"
#include "model/core/zobrist.hpp"
#include "model/core/square_grid.hpp"
#include "model/quentin/engine_base.hpp"
#include "model/quentin/notation.hpp"

namespace arbiter::quentin::engine {
namespace {

// Edge bits: Black needs kTop and kBottom in one chain, White kLeft and kRight.
constexpr std::uint8_t kTop = 1, kBottom = 2, kLeft = 4, kRight = 8;
constexpr std::uint8_t kBlackEdges = kTop | kBottom;
constexpr std::uint8_t kWhiteEdges = kLeft | kRight;

// Geometry of one board size, computed once.
struct Tables {
  int size = 0;
  int points = 0;
  std::array<std::array<std::int16_t, 4>, kMaxCells> neighbours{};  // the first neighbour_count are valid
  std::array<std::uint8_t, kMaxCells> neighbour_count{};
  std::array<std::uint8_t, kMaxCells> edge_bits{};
  std::array<std::uint8_t, kMaxCells> edges_touched{};
  std::array<std::array<std::int16_t, 4>, kMaxCells> blocks{};  // top-left points of the 2x2 blocks holding a point
  std::array<std::uint8_t, kMaxCells> block_count{};
  // Where each point goes under the board symmetries the rules are invariant under (identity,
  // then mirror-columns, mirror-rows, rotate-180: see kSymmetries).
  std::array<std::array<std::int16_t, kMaxCells>, 4> image{};

  static const Tables& of(int size) {
    static std::array<Tables, kMaxSize + 1> tables;
    static std::once_flag built[kMaxSize + 1];
    std::call_once(built[size], [size] { tables[static_cast<std::size_t>(size)].build(size); });
    return tables[static_cast<std::size_t>(size)];
  }

 private:
  void build(int n) {
    size = n;
    points = n * n;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const auto p = static_cast<std::size_t>(r * n + c);
        const int steps[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
        for (const auto& step : steps) {
          const int rr = r + step[0], cc = c + step[1];
          if (rr >= 0 && rr < n && cc >= 0 && cc < n) neighbours[p][neighbour_count[p]++] = static_cast<std::int16_t>(rr * n + cc);
        }
        edge_bits[p] = static_cast<std::uint8_t>((r == 0 ? kTop : 0) | (r == n - 1 ? kBottom : 0) |
                                                 (c == 0 ? kLeft : 0) | (c == n - 1 ? kRight : 0));
        image[0][p] = static_cast<std::int16_t>(r * n + c);
        image[1][p] = static_cast<std::int16_t>(r * n + (n - 1 - c));
        image[2][p] = static_cast<std::int16_t>((n - 1 - r) * n + c);
        image[3][p] = static_cast<std::int16_t>((n - 1 - r) * n + (n - 1 - c));
        edges_touched[p] = static_cast<std::uint8_t>((r == 0) + (r == n - 1) + (c == 0) + (c == n - 1));
        for (int br = r - 1; br <= r; ++br) {
          for (int bc = c - 1; bc <= c; ++bc) {
            if (br >= 0 && bc >= 0 && br + 1 < n && bc + 1 < n) blocks[p][block_count[p]++] = static_cast<std::int16_t>(br * n + bc);
          }
        }
      }
    }
  }
};

// What one tentative placement changed: the placed point first, then every filled point.
struct Change {
  int count = 0;
  bool opponent_filled = false;
  std::array<std::int16_t, kMaxCells> points;
};

// Per-thread working memory for region searches, so that states stay small and apply() never
// allocates. Marks are generation stamps, so nothing is cleared between searches.
struct Scratch {
  std::array<std::uint32_t, kMaxCells> mark{};
  std::uint32_t stamp = 0;
  std::array<std::int16_t, kMaxCells> region{};
  Change change;

  std::uint32_t next_stamp() {
    if (++stamp == 0) {
      mark.fill(0);
      stamp = 1;
    }
    return stamp;
  }
  static Scratch& get() {
    thread_local Scratch scratch;
    return scratch;
  }
};

class FastState final : public EngineBase<FastState> {
 public:
  FastState(const Game& game, const Rules& rules, const Position& position)
      : EngineBase(game, rules, position), tables_(&Tables::of(position.size)) {
    cells_.fill(kEmpty);
    support_.fill(0);
    for (int p = 0; p < tables_->points; ++p) {
      if (rules_.edges == Rules::Edges::Count) support_[idx(p)] = tables_->edges_touched[idx(p)];
    }
    empty_count_ = 0;
    for (int p = 0; p < tables_->points; ++p) {
      empty_slot_[idx(p)] = static_cast<std::int16_t>(empty_count_);
      empties_[static_cast<std::size_t>(empty_count_++)] = static_cast<std::int16_t>(p);
    }
    Change& all = Scratch::get().change;
    all.count = 0;
    for (int p = 0; p < tables_->points; ++p) {
      const std::int8_t stone = position.cells[idx(p)];
      if (stone == kEmpty) continue;
      put_stone(p, stone);
      all.points[static_cast<std::size_t>(all.count++)] = static_cast<std::int16_t>(p);
    }
    settle_read_position(commit(all));
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<FastState>(*this); }
  // Only the points of this size are copied: the arrays are sized for the largest board, and a
  // search copies a state for every child it looks at.
  void copy_from(const State& other) override {
    const auto& o = static_cast<const FastState&>(other);
    const auto points = static_cast<std::size_t>(o.tables_->points);
    game_ = o.game_;
    tables_ = o.tables_;
    rules_ = o.rules_;
    ply_ = o.ply_;
    swapped_ = o.swapped_;
    outcome_ = o.outcome_;
    empty_count_ = o.empty_count_;
    std::copy_n(o.cells_.begin(), points, cells_.begin());
    std::copy_n(o.support_.begin(), points, support_.begin());
    std::copy_n(o.parent_.begin(), points, parent_.begin());
    std::copy_n(o.edges_.begin(), points, edges_.begin());
    std::copy_n(o.empties_.begin(), static_cast<std::size_t>(o.empty_count_), empties_.begin());
    std::copy_n(o.empty_slot_.begin(), points, empty_slot_.begin());
    board_keys_ = o.board_keys_;
  }
  std::uint64_t key() const override { return board_keys_[0] ^ scalar_key(); }
  std::uint64_t canonical_key() const override {
    std::uint64_t smallest = board_keys_[0];
    for (std::size_t s = 1; s < board_keys_.size(); ++s) smallest = std::min(smallest, board_keys_[s]);
    return smallest ^ scalar_key();
  }
  // Territory fills and the diagonal rule are ignored: the estimate only orders the search.
  int distance_to_win(int side) const override {
    const std::int8_t own = stone_of(side);
    if (tables_->size <= GridDistance::kMaxSize) {
      std::uint64_t own_bits = 0, empty_bits = 0;
      for (int p = 0; p < tables_->points; ++p) {
        own_bits |= std::uint64_t{cells_[idx(p)] == own} << p;
        empty_bits |= std::uint64_t{cells_[idx(p)] == kEmpty} << p;
      }
      return GridDistance::of(tables_->size).distance(side, own_bits, empty_bits);
    }
    return queue_distance(side);
  }
  int queue_distance(int side) const {
    const std::int8_t own = stone_of(side);
    const std::uint8_t first = side == kBlackSide ? kTop : kLeft, second = side == kBlackSide ? kBottom : kRight;
    return connection_distance<kMaxCells>(
        tables_->points,
        [&](int p) {
          const std::int8_t here = cells_[idx(p)];
          return here == own ? 0 : here == kEmpty ? 1 : -1;
        },
        [&](int p, auto&& visit) {
          for (int i = 0; i < tables_->neighbour_count[idx(p)]; ++i) visit(tables_->neighbours[idx(p)][static_cast<std::size_t>(i)]);
        },
        [&](int p) { return (tables_->edge_bits[idx(p)] & first) != 0; },
        [&](int p) { return (tables_->edge_bits[idx(p)] & second) != 0; });
  }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    // Tentative placements are undone on a copy, so this stays const; the copy is kept per thread
    // and copy_from() moves only this board's points, not the largest board's arrays.
    static thread_local std::optional<FastState> trial;
    if (trial) {
      trial->copy_from(*this);
    } else {
      trial.emplace(*this);
    }
    Scratch& scratch = Scratch::get();
    for (int p = 0; p < tables_->points; ++p) {
      if (cells_[idx(p)] != kEmpty) continue;
      const bool legal = trial->try_placement(p, side_to_move(), scratch);
      trial->undo(scratch.change);
      if (legal) out.push_back(static_cast<Move>(p));
    }
    if (swap_available()) out.push_back(kSwap);
    if (out.empty()) out.push_back(kPass);
  }

  // Uniform over the legal moves (EngineBase::play_randomly), drawn from the list of empty points
  // the state keeps anyway.
  Outcome random_playout(Rng& rng) override {
    Scratch& scratch = Scratch::get();
    return play_randomly(
        rng, [&] { return empty_count_; }, [&](int i) { return static_cast<int>(empties_[static_cast<std::size_t>(i)]); },
        [&](int point, int mover) {
          if (try_placement(point, mover, scratch)) {
            place_committed(scratch, mover);
            return true;
          }
          undo(scratch.change);
          return false;
        },
        [&](int i, int last) { swap_empty_slots(i, last); });
  }

 private:
  static std::size_t idx(int p) { return static_cast<std::size_t>(p); }

 public:
  Position position() const {
    Position out = Position::empty(tables_->size);
    for (int p = 0; p < tables_->points; ++p) out.cells[idx(p)] = cells_[idx(p)];
    out.ply = ply_;
    out.swapped = swapped_;
    return out;
  }

 private:
  friend class EngineBase<FastState>;

  bool point_empty(int p) const { return cells_[idx(p)] == kEmpty; }
  int point_count() const { return tables_->points; }
  int board_size() const { return tables_->size; }
  int empty_count() const { return empty_count_; }
  int stone_count(int side) const {
    return static_cast<int>(std::count(cells_.begin(), cells_.begin() + tables_->points, stone_of(side)));
  }
  bool has_legal_placement(int mover) { return has_legal_placement(mover, Scratch::get()); }

  // Not the ply: no rule reads it but the swap's availability, which is keyed itself, so the
  // position after a swap shares its entries with the unswapped game's a ply earlier.
  std::uint64_t scalar_key() const {
    return zobrist_scalar(0, static_cast<std::uint64_t>(side_to_move())) ^ zobrist_scalar(2, swap_available() ? 1 : 0) ^
           zobrist_outcome(static_cast<int>(outcome_.kind), outcome_.winner);
  }

  void rekey(int p, std::int8_t stone) {
    for (std::size_t s = 0; s < board_keys_.size(); ++s) {
      board_keys_[s] ^= zobrist(static_cast<std::uint32_t>(tables_->image[s][idx(p)]), static_cast<std::uint32_t>(stone));
    }
  }

  void put_stone(int p, std::int8_t stone) {
    cells_[idx(p)] = stone;
    rekey(p, stone);
    const auto& nb = tables_->neighbours[idx(p)];
    for (int i = 0; i < tables_->neighbour_count[idx(p)]; ++i) ++support_[idx(nb[static_cast<std::size_t>(i)])];
  }

  void remove_stone(int p) {
    rekey(p, cells_[idx(p)]);
    cells_[idx(p)] = kEmpty;
    const auto& nb = tables_->neighbours[idx(p)];
    for (int i = 0; i < tables_->neighbour_count[idx(p)]; ++i) --support_[idx(nb[static_cast<std::size_t>(i)])];
  }

  void undo(const Change& change) {
    for (int i = change.count - 1; i >= 0; --i) remove_stone(change.points[static_cast<std::size_t>(i)]);
  }

  // Searches the region holding the empty point `start`; leaves its points in scratch.region and
  // returns their number, or 0 as soon as a point with fewer than two adjacent stones shows it is
  // no territory.
  int find_territory(int start, Scratch& scratch) const {
    if (support_[idx(start)] < 2) return 0;
    const std::uint32_t stamp = scratch.next_stamp();
    scratch.mark[idx(start)] = stamp;
    scratch.region[0] = static_cast<std::int16_t>(start);
    int size = 1;
    for (int next = 0; next < size; ++next) {
      const int p = scratch.region[static_cast<std::size_t>(next)];
      const auto& nb = tables_->neighbours[idx(p)];
      for (int i = 0; i < tables_->neighbour_count[idx(p)]; ++i) {
        const int q = nb[static_cast<std::size_t>(i)];
        if (cells_[idx(q)] != kEmpty || scratch.mark[idx(q)] == stamp) continue;
        if (support_[idx(q)] < 2) return 0;
        scratch.mark[idx(q)] = stamp;
        scratch.region[static_cast<std::size_t>(size++)] = static_cast<std::int16_t>(q);
      }
    }
    return size;
  }

  std::int8_t fill_colour(int region_size, int mover, Scratch& scratch) const {
    int votes[3] = {0, 0, 0};
    const std::uint32_t stamp = scratch.next_stamp();
    const bool distinct = rules_.majority == Rules::Majority::DistinctStones;
    for (int i = 0; i < region_size; ++i) {
      const int p = scratch.region[static_cast<std::size_t>(i)];
      const auto& nb = tables_->neighbours[idx(p)];
      for (int k = 0; k < tables_->neighbour_count[idx(p)]; ++k) {
        const int q = nb[static_cast<std::size_t>(k)];
        const std::int8_t stone = cells_[idx(q)];
        if (stone == kEmpty) continue;
        if (distinct) {
          if (scratch.mark[idx(q)] == stamp) continue;
          scratch.mark[idx(q)] = stamp;
        }
        ++votes[stone];
      }
    }
    if (votes[kBlackStone] > votes[kWhiteStone]) return kBlackStone;
    if (votes[kWhiteStone] > votes[kBlackStone]) return kWhiteStone;
    return stone_of(1 - mover);
  }

  // Fills the territory (if any) holding the empty neighbour q; true if it filled one.
  bool fill_territory_at(int q, int mover, Scratch& scratch) {
    if (cells_[idx(q)] != kEmpty) return false;
    const int region_size = find_territory(q, scratch);
    if (region_size == 0) return false;
    const std::int8_t colour = fill_colour(region_size, mover, scratch);
    Change& change = scratch.change;
    if (colour != stone_of(mover)) change.opponent_filled = true;
    for (int i = 0; i < region_size; ++i) {
      const int p = scratch.region[static_cast<std::size_t>(i)];
      put_stone(p, colour);
      change.points[static_cast<std::size_t>(change.count++)] = static_cast<std::int16_t>(p);
    }
    return true;
  }

  bool fill_around(int from, int mover, Scratch& scratch) {
    bool filled = false;
    const auto& nb = tables_->neighbours[idx(from)];
    for (int i = 0; i < tables_->neighbour_count[idx(from)]; ++i) {
      filled |= fill_territory_at(nb[static_cast<std::size_t>(i)], mover, scratch);
    }
    return filled;
  }

  bool unsupported_pair(int a, int d, int b, int c, std::int8_t mover_stone) const {
    const std::int8_t colour = cells_[idx(a)];
    if (colour == kEmpty || cells_[idx(d)] != colour) return false;
    if (rules_.diagonal == Rules::Diagonal::MoverOnly && colour != mover_stone) return false;
    return cells_[idx(b)] != colour && cells_[idx(c)] != colour;
  }

  // Every unsupported pair a turn creates lies in a 2x2 block holding a changed point, because
  // stones are never removed and no turn ends with one.
  bool diagonals_supported(const Change& change, int mover) const {
    const std::int8_t mover_stone = stone_of(mover);
    const int n = tables_->size;
    for (int i = 0; i < change.count; ++i) {
      const int p = change.points[static_cast<std::size_t>(i)];
      for (int k = 0; k < tables_->block_count[idx(p)]; ++k) {
        const int tl = tables_->blocks[idx(p)][static_cast<std::size_t>(k)];
        const int tr = tl + 1, bl = tl + n, br = bl + 1;
        if (unsupported_pair(tl, br, tr, bl, mover_stone) || unsupported_pair(tr, bl, tl, br, mover_stone)) return false;
      }
    }
    return true;
  }

  // Under opponent-chain=illegal: does some opponent stone filled this turn now belong to a
  // chain joining the opponent's edges? (The union-find is not updated before the move stands.)
  bool completes_opponent_chain(const Change& change, int mover, Scratch& scratch) const {
    const std::int8_t stone = stone_of(1 - mover);
    const std::uint8_t goal = mover == kBlackSide ? kWhiteEdges : kBlackEdges;
    const std::uint32_t stamp = scratch.next_stamp();
    for (int i = 1; i < change.count; ++i) {
      const int start = change.points[static_cast<std::size_t>(i)];
      if (cells_[idx(start)] != stone || scratch.mark[idx(start)] == stamp) continue;
      std::uint8_t edges = 0;
      scratch.mark[idx(start)] = stamp;
      scratch.region[0] = static_cast<std::int16_t>(start);
      int size = 1;
      for (int next = 0; next < size; ++next) {
        const int p = scratch.region[static_cast<std::size_t>(next)];
        edges |= tables_->edge_bits[idx(p)];
        const auto& nb = tables_->neighbours[idx(p)];
        for (int k = 0; k < tables_->neighbour_count[idx(p)]; ++k) {
          const int q = nb[static_cast<std::size_t>(k)];
          if (cells_[idx(q)] != stone || scratch.mark[idx(q)] == stamp) continue;
          scratch.mark[idx(q)] = stamp;
          scratch.region[static_cast<std::size_t>(size++)] = static_cast<std::int16_t>(q);
        }
      }
      if ((edges & goal) == goal) return true;
    }
    return false;
  }

  // Places, fills and checks legality; the changes stay on the board (undo() or commit them).
  bool try_placement(int point, int mover, Scratch& scratch) {
    Change& change = scratch.change;
    change.count = 1;
    change.opponent_filled = false;
    change.points[0] = static_cast<std::int16_t>(point);
    put_stone(point, stone_of(mover));
    // Only regions next to the new stone can have become territories: every other region is as
    // it was at the end of the previous turn, when no territory was left.
    bool filled = fill_around(point, mover, scratch);
    if (rules_.fill == Rules::Fill::UntilNone) {
      while (filled) {
        filled = false;
        const int changed = change.count;
        for (int i = 0; i < changed; ++i) filled |= fill_around(change.points[static_cast<std::size_t>(i)], mover, scratch);
      }
    }
    if (!diagonals_supported(change, mover)) return false;
    if (rules_.opponent_chain == Rules::OpponentChain::Illegal && change.opponent_filled &&
        completes_opponent_chain(change, mover, scratch)) {
      return false;
    }
    return true;
  }

  int find(int p) {
    while (parent_[idx(p)] != p) {
      parent_[idx(p)] = parent_[idx(parent_[idx(p)])];
      p = parent_[idx(p)];
    }
    return p;
  }

  void unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    parent_[idx(a)] = static_cast<std::int16_t>(b);
    edges_[idx(b)] |= edges_[idx(a)];
  }

  void remove_empty(int p) {
    const int slot = empty_slot_[idx(p)];
    swap_empty_slots(slot, --empty_count_);
  }

  void swap_empty_slots(int a, int b) {
    const std::int16_t pa = empties_[static_cast<std::size_t>(a)];
    const std::int16_t pb = empties_[static_cast<std::size_t>(b)];
    empties_[static_cast<std::size_t>(a)] = pb;
    empties_[static_cast<std::size_t>(b)] = pa;
    empty_slot_[idx(pa)] = static_cast<std::int16_t>(b);
    empty_slot_[idx(pb)] = static_cast<std::int16_t>(a);
  }

  // Makes placed stones permanent: bookkeeping of empty points and chains. Returns the side
  // whose chain now joins its edges, or -1.
  int commit(const Change& change) {
    for (int i = 0; i < change.count; ++i) {
      const int p = change.points[static_cast<std::size_t>(i)];
      remove_empty(p);
      parent_[idx(p)] = static_cast<std::int16_t>(p);
      edges_[idx(p)] = tables_->edge_bits[idx(p)];
    }
    for (int i = 0; i < change.count; ++i) {
      const int p = change.points[static_cast<std::size_t>(i)];
      const auto& nb = tables_->neighbours[idx(p)];
      for (int k = 0; k < tables_->neighbour_count[idx(p)]; ++k) {
        const int q = nb[static_cast<std::size_t>(k)];
        if (cells_[idx(q)] == cells_[idx(p)]) unite(p, q);
      }
    }
    for (int i = 0; i < change.count; ++i) {
      const int p = change.points[static_cast<std::size_t>(i)];
      const std::uint8_t goal = cells_[idx(p)] == kBlackStone ? kBlackEdges : kWhiteEdges;
      if ((edges_[idx(find(p))] & goal) == goal) return side_of(cells_[idx(p)]);
    }
    return -1;
  }

  void place_committed(Scratch& scratch, int mover) {
    const int completed = commit(scratch.change);
    ++ply_;
    if (completed >= 0) outcome_ = chain_winner(completed, mover);
  }

  // The placement on the empty point, with its fills, if the diagonal (and opponent-chain) rules
  // allow it; otherwise the board is left as it was.
  bool place(int point) {
    const int mover = side_to_move();
    Scratch& scratch = Scratch::get();
    if (!try_placement(point, mover, scratch)) {
      undo(scratch.change);
      return false;
    }
    place_committed(scratch, mover);
    return true;
  }

  bool has_legal_placement(int mover, Scratch& scratch) {
    for (int i = 0; i < empty_count_; ++i) {
      const bool legal = try_placement(empties_[static_cast<std::size_t>(i)], mover, scratch);
      undo(scratch.change);
      if (legal) return true;
    }
    return false;
  }

  const Tables* tables_;
  int empty_count_ = 0;
  std::array<std::int8_t, kMaxCells> cells_;
  std::array<std::uint8_t, kMaxCells> support_;  // adjacent stones (plus edges under edges-count=yes)
  std::array<std::int16_t, kMaxCells> parent_;   // union-find over stones
  std::array<std::uint8_t, kMaxCells> edges_;    // at a root: the edges its chain touches
  std::array<std::int16_t, kMaxCells> empties_;  // the empty points, in slots 0..empty_count_-1
  std::array<std::int16_t, kMaxCells> empty_slot_;
  std::array<std::uint64_t, 4> board_keys_{};  // Zobrist of the stones, as is and under each symmetry
};

}  // namespace

const std::vector<std::string>& symmetries() {
  static const std::vector<std::string> names = {"mirror-columns", "mirror-rows", "rotate-180"};
  return names;
}

std::unique_ptr<State> make_flat_state(const Game& game, const Rules& rules, const Position& position) {
  return std::make_unique<FastState>(game, rules, position);
}

std::unique_ptr<State> make_state(const Game& game, const Rules& rules, const Position& position) {
  if (position.size <= kMaxBitSize) return make_bit_state(game, rules, position);
  return make_flat_state(game, rules, position);
}

}  // namespace arbiter::quentin::engine

// Brique's engine for boards up to 8x8: the stones of each side as one 64-bit set (bit r*n+c is
// the square in row r, column c, the same number as its move code). The fill rule, the win and the
// distance estimate are whole-word operations, and a state is a few words plus the list of empty
// squares, so the solver's copy per child is a short block move.
// It makes exactly the decisions of the flat engine (engine.cpp), which the tests play it against
// move by move under every ruling combination; where the flat engine needs incremental shortcuts
// (fills checked only next to the placed stone, a watch list of removed stones, a union-find
// marked stale by removals) this engine simply recomputes the whole board, which is cheaper here.
#include <array>
#include <bit>
#include <mutex>
#include <stdexcept>

#include "model/brique/engine_base.hpp"
#include "model/brique/states.hpp"
#include "model/core/bit_grid.hpp"
#include "model/core/connection_distance.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::brique {
namespace {

using Bits = std::uint64_t;

Bits bit(int p) { return Bits{1} << p; }
int lowest(Bits b) { return std::countr_zero(b); }

// Masks, escort geometry and key values of one (size, shading, escort directions), built once.
struct BitTables {
  int n = 0;
  int cells = 0;
  Bits board = 0, first_row = 0, last_row = 0, first_column = 0, last_column = 0;
  Bits block_corners = 0;  // top-left squares of the 2x2 blocks
  // Per side: the block corners (i,j) whose NE-SW diagonal pair {(i,j+1),(i+1,j)} escorts the
  // corner itself; the other pairs escort the block's SE corner (i+1,j+1). Every on-board pair
  // escorts exactly one square (see build_escorts in engine.cpp).
  std::array<Bits, 2> escorts_corner{};
  // Per side and square: the squares it escorts, in the order the flat engine fills them (its
  // escorted_by lists), -1 when fewer. Only the order of the list of empty squares depends on it,
  // which random_playout draws from.
  std::array<std::array<std::array<std::int8_t, 2>, 64>, 2> escorted_order{};
  std::array<std::array<std::uint64_t, 64>, 2> zobrist_of{};  // a stone of side s on square p
  // Per side and square: the square's escorts.
  std::array<std::array<Bits, 64>, 2> escorts_of{};
  const GridDistance* distance = nullptr;

  static const BitTables& of(const Rules& rules) {
    static std::array<BitTables, (kMaxBitBoard + 1) * 4> tables;
    static std::array<std::once_flag, (kMaxBitBoard + 1) * 4> built;
    const auto index = static_cast<std::size_t>(rules.n * 4 + (rules.light_when_even ? 2 : 0) + (rules.white_faces_black ? 1 : 0));
    std::call_once(built[index], [&] { tables[index].build(rules); });
    return tables[index];
  }

  Bits first_edge(int side) const { return side == kBlack ? first_row : first_column; }
  Bits second_edge(int side) const { return side == kBlack ? last_row : last_column; }
  Bits neighbours(Bits s) const {
    return ((s << n) & board) | (s >> n) | ((s << 1) & ~first_column & board) | ((s >> 1) & ~last_column);
  }
  // The part of `within` orthogonally connected to `seed` (seed included).
  Bits flood(Bits seed, Bits within) const {
    for (;;) {
      const Bits next = seed | (neighbours(seed) & within);
      if (next == seed) return seed;
      seed = next;
    }
  }
  // The squares the fill rule gives a side holding `own`: those its escort pairs point at.
  Bits escorted(int side, Bits own) const {
    const Bits pairs = (own >> 1) & (own >> n) & block_corners;
    const Bits corner = escorts_corner[static_cast<std::size_t>(side)];
    return (pairs & corner) | ((pairs & ~corner) << (n + 1));
  }

 private:
  void build(const Rules& rules) {
    n = rules.n;
    cells = n * n;
    board = cells == 64 ? ~Bits{0} : (Bits{1} << cells) - 1;
    first_row = (Bits{1} << n) - 1;
    last_row = first_row << (n * (n - 1));
    for (int r = 0; r < n; ++r) first_column |= bit(r * n);
    last_column = first_column << (n - 1);
    block_corners = board & ~last_row & ~last_column;
    for (int side : {kBlack, kWhite}) {
      const auto s = static_cast<std::size_t>(side);
      for (auto& order : escorted_order[s]) order = {-1, -1};
      const bool flip = rules.white_faces_black && side == kWhite;
      for (int i = 0; i + 1 < n; ++i) {
        for (int j = 0; j + 1 < n; ++j) {
          const bool corner = (!is_light(rules, i, j)) != flip;
          if (corner) escorts_corner[s] |= bit(i * n + j);
          const int square = corner ? i * n + j : (i + 1) * n + j + 1;
          const int pair[2] = {i * n + j + 1, (i + 1) * n + j};
          escorts_of[s][static_cast<std::size_t>(square)] = bit(pair[0]) | bit(pair[1]);
          for (int e = 0; e < 2; ++e) {
            const auto escort = static_cast<std::size_t>(pair[e]);
            auto& order = escorted_order[s][escort];
            order[order[0] < 0 ? 0 : 1] = static_cast<std::int8_t>(square);
          }
        }
      }
      for (int p = 0; p < cells; ++p) {
        zobrist_of[s][static_cast<std::size_t>(p)] = zobrist(static_cast<std::uint32_t>(p), stone_of(side));
      }
    }
    distance = &GridDistance::of(n, GridDistance::Adjacency::WithAntiDiagonal);
  }
};

std::uint64_t scalar_key_direct(int side, bool swap, int passes, const Outcome& outcome) {
  return zobrist_scalar(0, static_cast<std::uint64_t>(side)) ^ zobrist_scalar(2, swap ? 1 : 0) ^
         zobrist_scalar(3, static_cast<std::uint64_t>(passes)) ^ zobrist_outcome(static_cast<int>(outcome.kind), outcome.winner);
}

// The scalar part of the key (side to move, swap available, passes in a row, result), as the flat
// engine folds it in, from a table for the values play reaches.
std::uint64_t scalar_key_of(int side, bool swap, int passes, const Outcome& outcome) {
  static const auto table = [] {
    const Outcome outcomes[4] = {Outcome::ongoing(), Outcome::win(0), Outcome::win(1), Outcome::draw()};
    std::array<std::uint64_t, 2 * 2 * 3 * 4> t{};
    for (int s = 0; s < 2; ++s) {
      for (int w = 0; w < 2; ++w) {
        for (int p = 0; p < 3; ++p) {
          for (int o = 0; o < 4; ++o) t[static_cast<std::size_t>(((s * 2 + w) * 3 + p) * 4 + o)] = scalar_key_direct(s, w != 0, p, outcomes[o]);
        }
      }
    }
    return t;
  }();
  if (passes < 0 || passes > 2) return scalar_key_direct(side, swap, passes, outcome);
  const int o = outcome.kind == Outcome::Kind::Ongoing ? 0 : outcome.kind == Outcome::Kind::Draw ? 3 : 1 + outcome.winner;
  return table[static_cast<std::size_t>(((side * 2 + (swap ? 1 : 0)) * 3 + passes) * 4 + o)];
}

class BitState final : public EngineBase<BitState> {
 public:
  explicit BitState(const Position& position) : EngineBase(position), t_(&BitTables::of(position.rules)) {
    for (int p = 0; p < t_->cells; ++p) {
      const std::uint8_t here = position.cells[static_cast<std::size_t>(p)];
      if (here != kEmpty) stones_[here == kBlackStone ? 0 : 1] |= bit(p);
    }
    rekey();
    // As evaluate_outcome reads a position: the side that just moved is asked first.
    const int last_mover = 1 - side_;
    if (connects(last_mover)) {
      outcome_ = Outcome::win(last_mover);
    } else if (connects(side_)) {
      outcome_ = Outcome::win(side_);
    } else if (empty() == 0 || passes_ >= 2) {
      outcome_ = Outcome::draw();
    }
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<BitState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const BitState&>(other); }
  // The flat engine's key: the same Zobrist values of the stones and of the scalars. No symmetry
  // is declared, so the canonical key is the key.
  std::uint64_t key() const override { return board_key_ ^ scalar_key_of(side_, swap_available(), passes_, outcome_); }
  // The flat engine's estimate (the same bit-set distance on the same sets).
  int distance_to_win(int side) const override {
    return t_->distance->distance(side, stones_[static_cast<std::size_t>(side)], empty());
  }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    for (Bits open = empty(); open != 0; open &= open - 1) out.push_back(static_cast<Move>(lowest(open)));
    add_swap_and_pass(out);
  }

  // Locality (docs/solver.md, "Threat zones"). A placement changes its square and the squares it
  // escorts, and only those, as long as every square whose two escorts hold one colour holds
  // that colour: then the only squares the fill can take are those the new stone completes a
  // pair for. Z3 proves that invariant inductive (`arbiter prove brique invariant-inductive`)
  // under both shadings with the other rulings at their defaults, and that such games end only in
  // a win (no-draw-every-size); under the other escort directions, the other fills, passes or a
  // swap still to come, zones are not used.
  bool zones_apply() const override {
    const bool swap_to_come = rules_.pie != PieMode::Off && !swapped_ && ply_ <= 1;
    if (outcome_.over() || rules_.white_faces_black || rules_.fill != FillMode::Once || rules_.pass_allowed ||
        swap_to_come) {
      return false;
    }
    for (int side : {kBlack, kWhite}) {
      const Bits own = stones_[static_cast<std::size_t>(side)];
      if ((t_->escorted(side, own) & ~own) != 0) return false;
    }
    return true;
  }
  // The placed square, and for each square it escorts that matters, that square and its other
  // escort (which decide the fill).
  CellSet move_reads(Move m, CellSet affected) const override {
    if (m >= kSwapMove) return ~CellSet{0};
    CellSet reads = bit(static_cast<int>(m));
    const auto side = static_cast<std::size_t>(side_);
    for (const std::int8_t square : t_->escorted_order[side][m]) {
      if (square >= 0 && (affected & bit(square)) != 0) reads |= bit(square) | t_->escorts_of[side][static_cast<std::size_t>(square)];
    }
    return reads;
  }
  CellSet move_changes(Move m) const override {
    if (m >= kSwapMove) return ~CellSet{0};
    const Bits own = stones_[static_cast<std::size_t>(side_)] | bit(static_cast<int>(m));
    Bits fills = t_->escorted(side_, own) & ~own;
    if (rules_.fill == FillMode::KeepEnemy) fills &= ~stones_[static_cast<std::size_t>(1 - side_)];
    return bit(static_cast<int>(m)) | fills;
  }
  // A placement may change its square and the squares it escorts: the writers into a zone are
  // the empty squares of the zone and the empty escorts of its squares, and which of those are
  // empty is all that decides it.
  CellSet writers_into(CellSet zone, std::vector<Move>& writers) const override {
    const auto side = static_cast<std::size_t>(side_);
    CellSet deciding = zone;
    for (Bits z = zone; z != 0; z &= z - 1) deciding |= t_->escorts_of[side][static_cast<std::size_t>(lowest(z))];
    writers.clear();
    for (Bits open = deciding & empty(); open != 0; open &= open - 1) writers.push_back(static_cast<Move>(lowest(open)));
    return deciding;
  }
  CellSet win_witness() const override {
    if (outcome_.kind != Outcome::Kind::Win) return ~CellSet{0};
    return BitGrid::of(t_->n).chain(outcome_.winner, stones_[static_cast<std::size_t>(outcome_.winner)]);
  }
  CellSet no_win_witness(int side, CellSet prefer) const override {
    return BitGrid::of(t_->n).blocking_line(side, stones_[static_cast<std::size_t>(side)], prefer);
  }
  void apply_null() override {
    ++ply_;
    side_ = 1 - side_;
  }

  // A placement wins when the squares it takes (the stone and its fills) join stones that reach
  // both of the mover's edges, or lie on them: the chain through them is those squares and the
  // groups of the mover's stones next to them. Where the fills are not all next to the stone
  // (a position read in with squares the rule should already have filled), the chain is flooded.
  void winning_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome_.over()) return;
    const int mover = side_;
    const Bits own = stones_[static_cast<std::size_t>(mover)];
    const Bits enemy = stones_[static_cast<std::size_t>(1 - mover)];
    const Bits first = t_->first_edge(mover), second = t_->second_edge(mover);
    const Bits from_first = t_->flood(own & first, own);
    const Bits from_second = t_->flood(own & second, own);
    for (Bits open = empty(); open != 0; open &= open - 1) {
      const Bits placed = open & (~open + 1);
      Bits fills = t_->escorted(mover, own | placed) & ~(own | placed);
      if (rules_.fill == FillMode::KeepEnemy) fills &= ~enemy;
      const Bits taken = placed | fills;
      const Bits next_to = t_->neighbours(taken);
      if ((taken & first) == 0 && (next_to & from_first) == 0) continue;
      if ((taken & second) == 0 && (next_to & from_second) == 0) continue;
      bool wins = true;
      if ((taken & ~(placed | t_->neighbours(placed))) != 0) {
        const Bits chain = t_->flood(taken, own | taken);
        wins = (chain & first) != 0 && (chain & second) != 0;
      }
      if (wins) out.push_back(static_cast<Move>(lowest(placed)));
    }
  }

  void apply_placement_counting(int cell, std::span<std::uint64_t> counts) {
    const Bits enemy_before = stones_[static_cast<std::size_t>(1 - side_)];
    const Bits taken = apply_placement(cell);
    // Squares taken this turn besides the placed one, empty or enemy; the enemy ones are removals.
    counts[kFills] += static_cast<std::uint64_t>(std::popcount(taken) - 1);
    counts[kRemovals] += static_cast<std::uint64_t>(std::popcount(taken & enemy_before));
  }

  Position snapshot() const override {
    Position p = Position::initial(rules_);
    for (int cell = 0; cell < t_->cells; ++cell) {
      p.cells[static_cast<std::size_t>(cell)] = (stones_[0] & bit(cell)) != 0   ? kBlackStone
                                                : (stones_[1] & bit(cell)) != 0 ? kWhiteStone
                                                                                : kEmpty;
    }
    describe_turn(p);
    return p;
  }

 private:
  friend class EngineBase<BitState>;

  Bits empty() const { return t_->board & ~(stones_[0] | stones_[1]); }
  int square_count() const { return t_->cells; }
  bool square_empty(int cell) const { return (empty() & bit(cell)) != 0; }
  // The flat engine's list of empty squares in its order (remove_empty keeps it as the flat engine
  // does), so that random_playout draws the same games from one seed in both.
  int empty_count() const { return empty_count_; }
  int empty_at(int i) const { return empties_[static_cast<std::size_t>(i)]; }

  bool connects(int side) const {
    const Bits own = stones_[static_cast<std::size_t>(side)];
    return (t_->flood(own & t_->first_edge(side), own) & t_->second_edge(side)) != 0;
  }

  // The placement and its fills; returns the squares the mover took (the placed one included).
  Bits apply_placement(int cell) {
    const int mover = start_placement();
    const Bits taken = place(cell, mover);
    // Only the mover can have completed a chain (this turn removed none of its stones and gave
    // the opponent none), and only through a square it took this turn.
    if (completes_chain(mover, taken)) {
      outcome_ = Outcome::win(mover);
    } else if (empty_count_ == 0) {
      outcome_ = Outcome::draw();
    }
    return taken;
  }

  // The text's simultaneous fill, on the whole board at once: after the placement, every square
  // whose two escorts are the mover's and which is not yet the mover's (nor an enemy stone, under
  // fill=keep-enemy). A filled square escorts only squares already friendly, so fill=repeat fills
  // nothing more. The whole board is looked at, so the squares an enemy fill took from the mover
  // (which the flat engine keeps on a watch list) are refilled here without being tracked.
  Bits place(int cell, int mover) {
    Bits& own = stones_[static_cast<std::size_t>(mover)];
    Bits& enemy = stones_[static_cast<std::size_t>(1 - mover)];
    const Bits placed = bit(cell);
    Bits fills = t_->escorted(mover, own | placed) & ~(own | placed);
    if (rules_.fill == FillMode::KeepEnemy) fills &= ~enemy;
    const Bits taken = placed | fills;
    const Bits removed = taken & enemy;
    // The empty squares leave the list in the flat engine's order: the placed square, the squares
    // it escorts, then (only in positions read in, not reached by play) the rest by number. (The
    // two escorted squares always come by number too, both pairs' corners having one shade, but
    // their table keeps this independent of that fact.)
    remove_empty(cell);
    if (Bits left = fills & ~enemy; left != 0) {
      for (const std::int8_t square : t_->escorted_order[static_cast<std::size_t>(mover)][static_cast<std::size_t>(cell)]) {
        if (square >= 0 && (left & bit(square)) != 0) {
          remove_empty(square);
          left &= ~bit(square);
        }
      }
      for (; left != 0; left &= left - 1) remove_empty(lowest(left));
    }
    const auto& own_keys = t_->zobrist_of[static_cast<std::size_t>(mover)];
    const auto& enemy_keys = t_->zobrist_of[static_cast<std::size_t>(1 - mover)];
    for (Bits b = taken; b != 0; b &= b - 1) board_key_ ^= own_keys[static_cast<std::size_t>(lowest(b))];
    for (Bits b = removed; b != 0; b &= b - 1) board_key_ ^= enemy_keys[static_cast<std::size_t>(lowest(b))];
    own |= taken;
    enemy &= ~taken;
    return taken;
  }

  // Whether a chain of `side`'s stones holding one of `seeds` joins the side's edges.
  bool completes_chain(int side, Bits seeds) const {
    const Bits own = stones_[static_cast<std::size_t>(side)];
    const Bits first = t_->first_edge(side), second = t_->second_edge(side);
    if ((own & first) == 0 || (own & second) == 0) return false;
    while (seeds != 0) {
      const Bits chain = t_->flood(seeds & (~seeds + 1), own);
      if ((chain & first) != 0 && (chain & second) != 0) return true;
      seeds &= ~chain;
    }
    return false;
  }

  // pie=mirror: each stone becomes the other colour on its mirror square across the a1 diagonal.
  void mirror_board() {
    const int n = t_->n;
    std::array<Bits, 2> mirrored{};
    for (std::size_t side = 0; side < 2; ++side) {
      for (Bits b = stones_[side]; b != 0; b &= b - 1) {
        const int p = lowest(b);
        mirrored[1 - side] |= bit((p % n) * n + p / n);
      }
    }
    stones_ = mirrored;
    rekey();
  }

  // The key and the list of empty squares (by number, as the flat engine collects them) afresh.
  void rekey() {
    board_key_ = 0;
    for (std::size_t side = 0; side < 2; ++side) {
      for (Bits b = stones_[side]; b != 0; b &= b - 1) board_key_ ^= t_->zobrist_of[side][static_cast<std::size_t>(lowest(b))];
    }
    empty_count_ = 0;
    for (Bits open = empty(); open != 0; open &= open - 1) {
      const int p = lowest(open);
      empty_slot_[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(empty_count_);
      empties_[static_cast<std::size_t>(empty_count_++)] = static_cast<std::int8_t>(p);
    }
  }
  void remove_empty(int cell) {
    const std::int8_t slot = empty_slot_[static_cast<std::size_t>(cell)];
    const std::int8_t last = empties_[static_cast<std::size_t>(--empty_count_)];
    empties_[static_cast<std::size_t>(slot)] = last;
    empty_slot_[static_cast<std::size_t>(last)] = slot;
  }

  const BitTables* t_;
  std::array<Bits, 2> stones_{};
  std::uint64_t board_key_ = 0;  // Zobrist of the stones, kept by place
  std::int8_t empty_count_ = 0;
  std::array<std::int8_t, 64> empties_{};     // the empty squares, in the flat engine's order
  std::array<std::int8_t, 64> empty_slot_{};  // where each empty square stands in empties_
};

}  // namespace

std::unique_ptr<State> make_bit_state(const Position& position) {
  if (position.rules.n > kMaxBitBoard) throw std::logic_error("brique: the bit-set engine holds boards up to 8x8");
  return std::make_unique<BitState>(position);
}

std::unique_ptr<State> make_fast_state(const Position& position) {
  return position.rules.n <= kMaxBitBoard ? make_bit_state(position) : make_flat_state(position);
}

}  // namespace arbiter::brique

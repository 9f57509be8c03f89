// Quentin's engine for boards up to 8x8: the stones of each side as one 64-bit set (bit r*n+c is
// the point in row r, column c, the same number as its move code). A placement's regions,
// territories, majorities, the diagonal rule and the chains are computed with shifts and masks
// over whole words, and a state is a few words, so the solver's copy per child costs nothing.
// It makes exactly the decisions of the flat engine (engine.cpp), which the tests play it
// against move by move; the comments there say why each shortcut (regions next to the placed
// stone only, diagonal pairs near changed points only) is exact.
#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <stdexcept>

#include "model/core/connection_distance.hpp"
#include "model/core/zobrist.hpp"
#include "model/quentin/engine.hpp"
#include "model/quentin/engine_base.hpp"

namespace arbiter::quentin::engine {
namespace {

using Bits = std::uint64_t;

Bits bit(int p) { return Bits{1} << p; }
int lowest(Bits b) { return std::countr_zero(b); }

// Masks and key tables of one board size, built once.
struct BitTables {
  int size = 0;
  int points = 0;
  Bits board = 0, first_row = 0, last_row = 0, first_column = 0, last_column = 0;
  Bits block_corners = 0;  // top-left points of the 2x2 blocks
  // Zobrist values of a stone (black, white) on each point as is and under each symmetry, the
  // same values the flat engine computes stone by stone.
  std::array<std::array<std::array<std::uint64_t, 64>, 2>, 4> zobrist_of{};

  static const BitTables& of(int size) {
    static std::array<BitTables, kMaxBitSize + 1> tables;
    static std::once_flag built[kMaxBitSize + 1];
    std::call_once(built[size], [size] { tables[static_cast<std::size_t>(size)].build(size); });
    return tables[static_cast<std::size_t>(size)];
  }

  // The points with a stone of `s` north (south, west, east) of them.
  Bits below(Bits s) const { return (s << size) & board; }
  Bits above(Bits s) const { return s >> size; }
  Bits right_of(Bits s) const { return (s << 1) & ~first_column & board; }
  Bits left_of(Bits s) const { return (s >> 1) & ~last_column; }
  Bits neighbours(Bits s) const { return below(s) | above(s) | right_of(s) | left_of(s); }
  // The part of `within` orthogonally connected to `seed` (seed included).
  Bits flood(Bits seed, Bits within) const {
    for (;;) {
      const Bits next = seed | (neighbours(seed) & within);
      if (next == seed) return seed;
      seed = next;
    }
  }

 private:
  void build(int n) {
    size = n;
    points = n * n;
    board = points == 64 ? ~Bits{0} : (Bits{1} << points) - 1;
    first_row = (Bits{1} << n) - 1;
    last_row = first_row << (n * (n - 1));
    for (int r = 0; r < n; ++r) first_column |= bit(r * n);
    last_column = first_column << (n - 1);
    block_corners = board & ~last_row & ~last_column;
    for (std::size_t s = 0; s < 4; ++s) {
      for (int p = 0; p < points; ++p) {
        const auto image = static_cast<std::uint32_t>(symmetric_point(static_cast<int>(s), n, p));
        for (std::size_t stone = 0; stone < 2; ++stone) {
          zobrist_of[s][stone][static_cast<std::size_t>(p)] = zobrist(image, static_cast<std::uint32_t>(stone + 1));
        }
      }
    }
  }
};

// The scalar part of the key (side to move, swap available, result), as the flat engine folds it.
std::uint64_t scalar_key_of(int side, bool swap, const Outcome& outcome) {
  static const auto table = [] {
    std::array<std::uint64_t, 16> t{};
    const Outcome outcomes[4] = {Outcome::ongoing(), Outcome::win(0), Outcome::win(1), Outcome::draw()};
    for (int s = 0; s < 2; ++s) {
      for (int w = 0; w < 2; ++w) {
        for (int o = 0; o < 4; ++o) {
          t[static_cast<std::size_t>(s * 8 + w * 4 + o)] =
              zobrist_scalar(0, static_cast<std::uint64_t>(s)) ^ zobrist_scalar(2, static_cast<std::uint64_t>(w)) ^
              zobrist_outcome(static_cast<int>(outcomes[o].kind), outcomes[o].winner);
        }
      }
    }
    return t;
  }();
  const int o = outcome.kind == Outcome::Kind::Ongoing ? 0 : outcome.kind == Outcome::Kind::Draw ? 3 : 1 + outcome.winner;
  return table[static_cast<std::size_t>(side * 8 + (swap ? 4 : 0) + o)];
}

// What one placement would do: the stones after it (placed stone and fills) and what changed.
struct Trial {
  std::array<Bits, 2> stones{};
  Bits changed = 0;         // the placed point and every filled point
  Bits opponent_fill = 0;   // the filled points that took the opponent's colour
};

// The trials of the legal moves last listed on this thread, and the position they were listed in.
// A search lists a position's moves and then plays each on a copy of the position: the placement's
// trial (fills and legality) is most of the cost of either, and is then made once.
struct ListedTrials {
  const BitTables* tables = nullptr;
  Rules rules;
  std::array<Bits, 2> stones{};
  int mover = -1;
  Bits legal = 0;
  std::array<Trial, 64> trials;
};
thread_local ListedTrials listed_trials;

class BitState final : public EngineBase<BitState> {
 public:
  BitState(const Game& game, const Rules& rules, const Position& position)
      : EngineBase(game, rules, position), t_(&BitTables::of(position.size)) {
    for (int p = 0; p < t_->points; ++p) {
      const std::int8_t stone = position.cells[static_cast<std::size_t>(p)];
      if (stone != kEmpty) put(side_of(stone), bit(p));
    }
    settle_read_position(read_completed_side());
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<BitState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const BitState&>(other); }
  std::uint64_t key() const override { return board_keys_[0] ^ scalar_key(); }
  std::uint64_t canonical_key() const override {
    const std::uint64_t smallest =
        std::min(std::min(board_keys_[0], board_keys_[1]), std::min(board_keys_[2], board_keys_[3]));
    return smallest ^ scalar_key();
  }
  // Territory fills and the diagonal rule are ignored: the estimate only orders the search.
  int distance_to_win(int side) const override {
    return GridDistance::of(t_->size).distance(side, stones_[static_cast<std::size_t>(side)], empty());
  }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    ListedTrials& listed = listed_trials;
    listed.legal = 0;
    if (outcome_.over()) return;
    const int mover = side_to_move();
    listed.tables = t_;
    listed.rules = rules_;
    listed.stones = stones_;
    listed.mover = mover;
    for (Bits open = empty(); open != 0; open &= open - 1) {
      const int p = lowest(open);
      if (try_placement(p, mover, listed.trials[static_cast<std::size_t>(p)])) {
        out.push_back(static_cast<Move>(p));
        listed.legal |= bit(p);
      }
    }
    if (swap_available()) out.push_back(kSwap);
    if (out.empty()) out.push_back(kPass);
  }

  // Uniform over the legal moves (EngineBase::play_randomly), from a list of the empty points made
  // for the playout. (The flat engine's list is in another order, so the two engines draw
  // different games from one seed.)
  Outcome random_playout(Rng& rng) override {
    std::array<std::int8_t, 64> empties{};
    std::array<std::int8_t, 64> slot{};
    int listed = 0;
    for (Bits open = empty(); open != 0; open &= open - 1) {
      const int p = lowest(open);
      slot[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(listed);
      empties[static_cast<std::size_t>(listed++)] = static_cast<std::int8_t>(p);
    }
    const auto swap_slots = [&](int a, int b) {
      const std::int8_t pa = empties[static_cast<std::size_t>(a)], pb = empties[static_cast<std::size_t>(b)];
      empties[static_cast<std::size_t>(a)] = pb;
      empties[static_cast<std::size_t>(b)] = pa;
      slot[static_cast<std::size_t>(pa)] = static_cast<std::int8_t>(b);
      slot[static_cast<std::size_t>(pb)] = static_cast<std::int8_t>(a);
    };
    Trial trial;
    return play_randomly(
        rng, [&] { return listed; }, [&](int i) { return static_cast<int>(empties[static_cast<std::size_t>(i)]); },
        [&](int point, int mover) {
          if (!try_placement(point, mover, trial)) return false;
          for (Bits b = trial.changed; b != 0; b &= b - 1) swap_slots(slot[static_cast<std::size_t>(lowest(b))], --listed);
          commit(trial, mover);
          return true;
        },
        swap_slots);
  }

  // The placements that win at once, from trials (no list of moves, no settling). A move after
  // which nobody can move ends the game by the no-moves ruling, which may give it to the mover:
  // under such a ruling every move is played out, as wins_at_once_with does.
  void winning_moves(std::vector<Move>& out) const override {
    if (rules_.no_moves != Rules::NoMoves::Draw) return State::winning_moves(out);
    out.clear();
    if (outcome_.over()) return;
    const int mover = side_to_move();
    Trial trial;
    const bool screened = wins_screened();
    for (Bits open = screened ? could_win_at_once(mover) : empty(); open != 0; open &= open - 1) {
      const int p = lowest(open);
      if (screened && !could_win_at(p, mover)) continue;
      if (try_placement(p, mover, trial) && trial_wins(trial, mover)) out.push_back(static_cast<Move>(p));
    }
  }

  // From a trial, without playing: the solver asks this of remembered moves at every new position.
  // A swap or a pass wins nothing by itself, but a move after which nobody can move ends the game
  // by the no-moves ruling, which may give it to the mover: those cases are played out.
  bool wins_at_once_with(Move m, State& scratch) const override {
    if (m >= kSwap || rules_.no_moves != Rules::NoMoves::Draw) return State::wins_at_once_with(m, scratch);
    if (outcome_.over()) return false;
    const int p = static_cast<int>(m);
    const int mover = side_to_move();
    Trial trial;
    return p < t_->points && point_empty(p) && (!wins_screened() || could_win_at(p, mover)) &&
           try_placement(p, mover, trial) && trial_wins(trial, mover);
  }

  Position position() const {
    Position out = Position::empty(t_->size);
    for (int p = 0; p < t_->points; ++p) {
      out.cells[static_cast<std::size_t>(p)] = (stones_[0] & bit(p)) != 0   ? kBlackStone
                                               : (stones_[1] & bit(p)) != 0 ? kWhiteStone
                                                                            : kEmpty;
    }
    out.ply = ply_;
    out.swapped = swapped_;
    return out;
  }

 private:
  friend class EngineBase<BitState>;

  Bits empty() const { return t_->board & ~(stones_[0] | stones_[1]); }
  bool point_empty(int p) const { return (empty() & bit(p)) != 0; }
  int point_count() const { return t_->points; }
  int board_size() const { return t_->size; }
  int empty_count() const { return std::popcount(empty()); }
  int stone_count(int side) const { return std::popcount(stones_[static_cast<std::size_t>(side)]); }
  std::uint64_t scalar_key() const { return scalar_key_of(side_to_move(), swap_available(), outcome_); }

  void put(int side, Bits points) {
    stones_[static_cast<std::size_t>(side)] |= points;
    for (Bits b = points; b != 0; b &= b - 1) {
      const auto p = static_cast<std::size_t>(lowest(b));
      for (std::size_t s = 0; s < 4; ++s) board_keys_[s] ^= t_->zobrist_of[s][static_cast<std::size_t>(side)][p];
    }
  }

  // The points with a stone of `all` beside them, by the side it is on (each board edge counting as
  // a stone under edges-count=yes).
  struct Beside {
    Bits north, south, west, east;
    Bits any() const { return north | south | west | east; }
    Bits two() const { return (north & south) | (west & east) | ((north | south) & (west | east)); }
  };
  Beside beside(Bits all) const {
    const bool edges = rules_.edges == Rules::Edges::Count;
    return {t_->below(all) | (edges ? t_->first_row : 0), t_->above(all) | (edges ? t_->last_row : 0),
            t_->right_of(all) | (edges ? t_->first_column : 0), t_->left_of(all) | (edges ? t_->last_column : 0)};
  }
  // The points with at least two adjacent stones: the empty ones among them can be territory.
  Bits supported(Bits all) const { return beside(all).two(); }

  // Empty points where a stone of `mover` is legal without a trial. Every region next to the new
  // stone p holds an empty neighbour q of it, and is no territory if it keeps a point with fewer
  // than two stones beside it once p stands: q itself if nothing is beside q now (no stone, no edge
  // that counts: "lonely"), or a neighbour r of q other than p that is weak now (fewer than two
  // beside it): r is not next to p (a square grid has no triangles), so it stays weak. If p is weak
  // itself, q needs two weak neighbours to be sure one is not p. Then nothing is filled, and the
  // only new diagonal pairs are p's, each of which must share an own orthogonal neighbour with p.
  Bits open_points(int mover) const {
    const Bits all = stones_[0] | stones_[1];
    const Bits open = t_->board & ~all;
    const Beside stones = beside(all);
    const Bits lonely = open & ~stones.any();
    const Bits weak = open & ~stones.two();
    const Beside weak_beside{t_->below(weak), t_->above(weak), t_->right_of(weak), t_->left_of(weak)};
    const Bits next_to_weak = weak_beside.any();
    const Bits next_to_two_weak = weak_beside.two();
    const Bits sure_for_strong_p = open & ~weak & ~t_->neighbours(open & ~lonely & ~next_to_weak);
    const Bits sure_for_weak_p = weak & ~t_->neighbours(open & ~lonely & ~next_to_two_weak);
    const Bits own = stones_[static_cast<std::size_t>(mover)];
    const Bits north = t_->below(own), south = t_->above(own), west = t_->right_of(own), east = t_->left_of(own);
    const Bits unjoined = (t_->right_of(north) & ~north & ~west) | (t_->left_of(north) & ~north & ~east) |
                          (t_->right_of(south) & ~south & ~west) | (t_->left_of(south) & ~south & ~east);
    return (sure_for_strong_p | sure_for_weak_p) & ~unjoined;
  }

  // The territory holding the empty point `start` (all of its region), or 0 as soon as the region
  // reaches a point without the support a territory needs.
  Bits territory_at(Bits start, Bits open, Bits weak) const {
    if (start & weak) return 0;
    for (Bits region = start;;) {
      const Bits next = region | (t_->neighbours(region) & open);
      if (next & weak) return 0;
      if (next == region) return region;
      region = next;
    }
  }

  // The colour a territory is filled with: the majority of its adjacent stones (distinct stones,
  // or (point, stone) pairs), a tie going to the mover's opponent.
  int fill_side(Bits region, const std::array<Bits, 2>& stones, int mover) const {
    int votes[2];
    for (std::size_t side = 0; side < 2; ++side) {
      const Bits own = stones[side];
      if (rules_.majority == Rules::Majority::DistinctStones) {
        votes[side] = std::popcount(t_->neighbours(region) & own);
      } else {
        votes[side] = std::popcount(t_->below(region) & own) + std::popcount(t_->above(region) & own) +
                      std::popcount(t_->right_of(region) & own) + std::popcount(t_->left_of(region) & own);
      }
    }
    if (votes[0] > votes[1]) return kBlackSide;
    if (votes[1] > votes[0]) return kWhiteSide;
    return 1 - mover;
  }

  // Fills the territories among the regions holding the points of `seeds`; true if any.
  bool fill_regions(Bits seeds, int mover, Trial& trial) const {
    const Bits all = trial.stones[0] | trial.stones[1];
    const Bits open = t_->board & ~all;
    const Bits weak = open & ~supported(all);
    bool filled = false;
    for (seeds &= open & ~weak; seeds != 0; seeds &= seeds - 1) {
      const Bits start = seeds & (~seeds + 1);
      if ((trial.changed & start) != 0) continue;  // filled already, with a region met earlier
      const Bits region = territory_at(start, open, weak);
      if (region == 0) continue;
      const int side = fill_side(region, trial.stones, mover);
      trial.stones[static_cast<std::size_t>(side)] |= region;
      trial.changed |= region;
      if (side != mover) trial.opponent_fill |= region;
      filled = true;
    }
    return filled;
  }

  // Whether a legal trial wins for the mover, as commit() decides: the mover's new chain first,
  // else one a fill gave the opponent, which the mover wins only under opponent-chain=mover-wins.
  bool trial_wins(const Trial& trial, int mover) const {
    const auto own = static_cast<std::size_t>(mover);
    const Bits own_new = trial.stones[own] & ~stones_[own];
    return completes_chain(trial.stones[own], own_new, mover) ||
           (rules_.opponent_chain == Rules::OpponentChain::MoverWins && trial.opponent_fill != 0 &&
            completes_chain(trial.stones[1 - own], trial.opponent_fill, 1 - mover));
  }

  // An unsupported diagonal pair of `stones` in a 2x2 block whose top-left corner is in `corners`.
  bool unsupported(Bits stones, Bits corners) const {
    const int n = t_->size;
    const Bits tl = stones, tr = stones >> 1, bl = stones >> n, br = stones >> (n + 1);
    return ((((tl & br) & ~tr & ~bl) | ((tr & bl) & ~tl & ~br)) & corners) != 0;
  }

  // The placement on the empty point with its fills, and whether the diagonal (and
  // opponent-chain) rules allow it; the state is not changed.
  bool try_placement(int point, int mover, Trial& trial) const {
    trial.stones = stones_;
    trial.stones[static_cast<std::size_t>(mover)] |= bit(point);
    trial.changed = bit(point);
    trial.opponent_fill = 0;
    // Only regions next to the new stone can have become territories, and filling one changes no
    // other region (its neighbours are all stones), so the order they are filled in is immaterial.
    bool filled = fill_regions(t_->neighbours(bit(point)), mover, trial);
    if (rules_.fill == Rules::Fill::UntilNone) {
      while (filled) filled = fill_regions(t_->neighbours(trial.changed), mover, trial);
    }
    // Blocks holding a changed point: their top-left corners are the point itself or lie one
    // column left, one row up, or both.
    const int n = t_->size;
    const Bits c = trial.changed;
    const Bits corners = (c | (c >> 1) | (c >> n) | (c >> (n + 1))) & t_->block_corners;
    if (rules_.diagonal == Rules::Diagonal::MoverOnly) {
      if (unsupported(trial.stones[static_cast<std::size_t>(mover)], corners)) return false;
    } else if (unsupported(trial.stones[0], corners) || unsupported(trial.stones[1], corners)) {
      return false;
    }
    if (rules_.opponent_chain == Rules::OpponentChain::Illegal && trial.opponent_fill != 0 &&
        completes_chain(trial.stones[static_cast<std::size_t>(1 - mover)], trial.opponent_fill, 1 - mover)) {
      return false;
    }
    return true;
  }

  // A placement's win can be ruled out cheaply. Under single-pass fill and an owner-wins opponent
  // chain, a win is a chain of the mover's through the new stone p, over its own stones and points
  // p's turn fills with its colour; a filled point is empty now and has two adjacent stones once p
  // stands. (Other rulings: every placement is tried.)
  bool wins_screened() const {
    return rules_.fill == Rules::Fill::SinglePass && rules_.opponent_chain != Rules::OpponentChain::MoverWins;
  }
  // So the chain lies within the mover's stones, p and the empty points supported once p stands.
  bool could_win_at(int p, int mover) const {
    const Bits way = stones_[static_cast<std::size_t>(mover)] | bit(p) | (empty() & supported(stones_[0] | stones_[1] | bit(p)));
    const Bits chain = t_->flood(bit(p), way);
    return (chain & first_edge(mover)) != 0 && (chain & second_edge(mover)) != 0;
  }
  // And, for all p at once: a point supported once p stands is supported now or next to p, so,
  // walking the chain from the first edge, the first point that is p or next to p lies on that
  // edge or next to a point joined to it over own stones and points supported now; likewise from
  // the second edge. p is that point or next to it, on both sides.
  Bits could_win_at_once(int mover) const {
    const Bits open = empty();
    const Bits way = stones_[static_cast<std::size_t>(mover)] | (open & supported(stones_[0] | stones_[1]));
    const auto near_edge = [&](Bits edge) {
      const Bits touching = edge | t_->neighbours(t_->flood(edge & way, way));
      return touching | t_->neighbours(touching);
    };
    return open & near_edge(first_edge(mover)) & near_edge(second_edge(mover));
  }

  Bits first_edge(int side) const { return side == kBlackSide ? t_->first_row : t_->first_column; }
  Bits second_edge(int side) const { return side == kBlackSide ? t_->last_row : t_->last_column; }

  // Whether a chain of `stones` holding a point of `seeds` joins the side's edges.
  bool completes_chain(Bits stones, Bits seeds, int side) const {
    if ((stones & first_edge(side)) == 0 || (stones & second_edge(side)) == 0) return false;
    while (seeds != 0) {
      const Bits chain = t_->flood(seeds & (~seeds + 1), stones);
      if ((chain & first_edge(side)) != 0 && (chain & second_edge(side)) != 0) return true;
      seeds &= ~chain;
    }
    return false;
  }

  // A position as read: the side whose chain joins its edges, or -1. Were there two (no legal
  // play reaches that), the flat engine's answer: the side owning the lowest such point.
  int read_completed_side() const {
    Bits joined[2];
    for (int side = 0; side < 2; ++side) {
      const Bits own = stones_[static_cast<std::size_t>(side)];
      joined[side] = t_->flood(t_->flood(own & first_edge(side), own) & second_edge(side), own);
    }
    if (joined[0] == 0 && joined[1] == 0) return -1;
    if (joined[1] == 0) return kBlackSide;
    if (joined[0] == 0) return kWhiteSide;
    return lowest(joined[0]) < lowest(joined[1]) ? kBlackSide : kWhiteSide;
  }

  // Makes a legal trial the position; only a side that got stones can have joined its edges.
  void commit(const Trial& trial, int mover) {
    const Bits own_new = trial.stones[static_cast<std::size_t>(mover)] & ~stones_[static_cast<std::size_t>(mover)];
    put(mover, own_new);
    put(1 - mover, trial.opponent_fill);
    ++ply_;
    const int opponent = 1 - mover;
    if (completes_chain(stones_[static_cast<std::size_t>(mover)], own_new, mover)) {
      outcome_ = chain_winner(mover, mover);
    } else if (trial.opponent_fill != 0 && completes_chain(stones_[static_cast<std::size_t>(opponent)], trial.opponent_fill, opponent)) {
      outcome_ = chain_winner(opponent, mover);
    }
  }

  bool place(int point) {
    const int mover = side_to_move();
    const ListedTrials& listed = listed_trials;
    if ((listed.legal & bit(point)) != 0 && listed.stones == stones_ && listed.mover == mover && listed.tables == t_ &&
        listed.rules == rules_) {
      commit(listed.trials[static_cast<std::size_t>(point)], mover);
      return true;
    }
    Trial trial;
    if (!try_placement(point, mover, trial)) return false;
    commit(trial, mover);
    return true;
  }

  bool has_legal_placement(int mover) const {
    if (open_points(mover) != 0) return true;
    Trial trial;
    for (Bits open = empty(); open != 0; open &= open - 1) {
      if (try_placement(lowest(open), mover, trial)) return true;
    }
    return false;
  }

  const BitTables* t_;
  std::array<Bits, 2> stones_{};
  std::array<std::uint64_t, 4> board_keys_{};  // Zobrist of the stones, as is and under each symmetry
};

}  // namespace

std::unique_ptr<State> make_bit_state(const Game& game, const Rules& rules, const Position& position) {
  if (position.size > kMaxBitSize) throw std::logic_error("quentin: the bit-set engine holds boards up to 8x8");
  return std::make_unique<BitState>(game, rules, position);
}

}  // namespace arbiter::quentin::engine

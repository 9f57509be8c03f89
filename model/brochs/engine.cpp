// The Brochs engine: tables, move generation, captures (C1..C4), application, end of game.
#include <memory>
#include <mutex>

#include "model/core/errors.hpp"
#include <stdexcept>

#include "model/brochs/engine.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::brochs {
namespace {

constexpr int kRowStep[kDirections] = {-1, 0, 1, 0, -1, 1, 1, -1};
constexpr int kColStep[kDirections] = {0, 1, 0, -1, 1, 1, -1, -1};

// Distance of a keep from its quadrant's outer edges.
int keep_offset(int quadrant_size, KeepPlace keeps) {
  switch (keeps) {
    case KeepPlace::Centres: return quadrant_size / 2;
    case KeepPlace::Outer: return 1;
    case KeepPlace::Inner: return quadrant_size - 2;
  }
  return quadrant_size / 2;
}

Tables build_tables(int n, KeepPlace keeps) {
  Tables t;
  t.n = n;
  t.mid = n / 2;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const auto cell = static_cast<std::size_t>(r * n + c);
      for (int d = 0; d < kDirections; ++d) {
        const int rr = r + kRowStep[d];
        const int cc = c + kColStep[d];
        const bool on = rr >= 0 && cc >= 0 && rr < n && cc < n;
        t.step[cell][static_cast<std::size_t>(d)] = static_cast<std::int16_t>(on ? rr * n + cc : kNoCell);
      }
      if (r == t.mid || c == t.mid) {
        t.region[cell] = kCrossRegion;
      } else {
        t.region[cell] = static_cast<std::uint8_t>((r > t.mid ? 2 : 0) + (c > t.mid ? 1 : 0));
      }
      t.keep_index[cell] = -1;
    }
  }
  const int offset = keep_offset(t.mid, keeps);
  for (int q = 0; q < kKeeps; ++q) {
    const int r = (q & 2) ? n - 1 - offset : offset;
    const int c = (q & 1) ? n - 1 - offset : offset;
    t.keep_cell[static_cast<std::size_t>(q)] = static_cast<std::int16_t>(r * n + c);
    t.keep_index[static_cast<std::size_t>(r * n + c)] = static_cast<std::int8_t>(q);
  }
  for (int cell = 0; cell < n * n; ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    const bool keep = t.keep_index[i] >= 0;
    t.settable[static_cast<std::size_t>(SetSquares::NorthOrKeep)][i] = keep || cell < n;
    t.settable[static_cast<std::size_t>(SetSquares::KeepsOnly)][i] = keep;
    t.settable[static_cast<std::size_t>(SetSquares::Anywhere)][i] = 1;
    for (std::size_t rule = 0; rule < 3; ++rule) {
      if (t.settable[rule][i]) t.settable_cells[rule][static_cast<std::size_t>(t.settable_count[rule]++)] = static_cast<std::int16_t>(cell);
    }
  }
  for (int sym = 0; sym < kSquareMaps; ++sym) {
    for (int cell = 0; cell < n * n; ++cell) {
      t.image[static_cast<std::size_t>(sym)][static_cast<std::size_t>(cell)] = static_cast<std::int16_t>(symmetric_cell(n, sym, cell));
    }
  }
  std::uint64_t seed = 0xB20C45ULL + static_cast<std::uint64_t>(n);
  for (auto& keys : t.zobrist) {
    for (auto& key : keys) key = splitmix_next(seed);
  }
  t.zobrist_white_to_move = splitmix_next(seed);
  t.zobrist_cursed = splitmix_next(seed);
  return t;
}

void set_bit(std::array<std::uint64_t, 4>& set, int cell) { set[static_cast<std::size_t>(cell >> 6)] |= 1ULL << (cell & 63); }
void clear_bit(std::array<std::uint64_t, 4>& set, int cell) { set[static_cast<std::size_t>(cell >> 6)] &= ~(1ULL << (cell & 63)); }

// Calls f(cell) for every cell in the set, in increasing order.
template <class F>
void for_each_cell(const std::array<std::uint64_t, 4>& set, F&& f) {
  for (std::size_t w = 0; w < set.size(); ++w) {
    for (std::uint64_t bits = set[w]; bits; bits &= bits - 1) f(static_cast<int>(w * 64) + __builtin_ctzll(bits));
  }
}

// Portable bit count: the build has no -mpopcnt, and the libgcc fallback is a slow call.
int bit_count(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// The k-th cell (0-based, increasing order) of the set; precondition k < count_cells(set).
int nth_cell(const std::array<std::uint64_t, 4>& set, int k) {
  for (std::size_t w = 0;; ++w) {
    const int here = bit_count(set[w]);
    if (k < here) {
      std::uint64_t bits = set[w];
      for (; k > 0; --k) bits &= bits - 1;
      return static_cast<int>(w * 64) + __builtin_ctzll(bits);
    }
    k -= here;
  }
}

}  // namespace

const Tables& Tables::of(int n, KeepPlace keeps) {
  if (n < kMinSize || n > kMaxSize || n % 2 == 0) throw std::logic_error("Brochs size out of range");
  constexpr int kPlaces = 3;
  static std::array<std::unique_ptr<Tables>, (kMaxSize + 1) * kPlaces> cache;
  static std::once_flag built[(kMaxSize + 1) * kPlaces];
  const auto index = static_cast<std::size_t>(n * kPlaces + static_cast<int>(keeps));
  std::call_once(built[index], [&] { cache[index] = std::make_unique<Tables>(build_tables(n, keeps)); });
  return *cache[index];
}

std::string_view quadrant_name(int q) {
  static constexpr std::string_view kNames[] = {"NW", "NE", "SW", "SE", "central cross"};
  return kNames[q];
}

BrochsState::BrochsState(const Rules& rules) : rules_(rules), tables_(&Tables::of(rules.size, rules.keeps)) {}

std::unique_ptr<State> BrochsState::clone() const { return std::make_unique<BrochsState>(*this); }

// The ply is keyed because of the ply cap; the history digest because of the repetition rule
// (and only under it: without it the history is not even printed, so it cannot matter).
std::uint64_t BrochsState::key() const {
  // A position just after a curse carries the curse mark in its hash and can never recur, and a
  // position read back cannot know it was one: leave it out.
  const std::uint64_t from_curse = history_from_curse_ && history_.length > 0 ? mix64(history_.hashes[0]) : 0;
  return key_with(hash_, history_digest_ - from_curse, keeps_taken_);
}

std::uint64_t BrochsState::key_with(std::uint64_t hash, std::uint64_t history_digest, unsigned keeps_taken) const {
  const std::uint64_t counters = static_cast<std::uint64_t>(reserve_) | std::uint64_t{main_in_reserve_} << 8 |
                                 std::uint64_t{passes_} << 9 | std::uint64_t{repeated_} << 12;
  const std::uint64_t history = rules_.repetition == Repetition::Third ? history_digest : 0;
  return hash ^ zobrist_scalar(1, static_cast<std::uint64_t>(ply_)) ^ zobrist_scalar(4, counters) ^
         zobrist_scalar(5, history) ^ zobrist_scalar(6, keeps_taken);
}

// The smallest of the keys of the position's images, each image's repetition history found by
// undoing the recorded moves (as restore_history does), so that no image is built.
std::uint64_t BrochsState::canonical_key() const {
  const Tables& t = *tables_;
  const int n = t.n;
  const auto images = static_cast<std::size_t>(symmetry_count(rules_));
  std::array<std::uint64_t, kSquareMaps> hash{};
  hash.fill((side_ == kWhiteSide ? t.zobrist_white_to_move : 0) ^ (cursed_ ? t.zobrist_cursed : 0));
  for (int cell = 0; cell < n * n; ++cell) {
    const std::uint8_t piece = board_[static_cast<std::size_t>(cell)];
    if (piece == Empty) continue;
    for (std::size_t s = 1; s <= images; ++s) hash[s] ^= t.zobrist[static_cast<std::size_t>(t.image[s][static_cast<std::size_t>(cell)])][piece];
  }
  std::array<std::uint64_t, kSquareMaps> digest{};
  if (rules_.repetition == Repetition::Third) {
    auto board = board_;
    std::array<std::uint64_t, kSquareMaps> walked = hash;
    // The position right after a curse is left out of the key (see key()).
    const int oldest = history_from_curse_ ? 1 : 0;
    for (int i = history_.length - 1; i >= oldest; --i) {
      for (std::size_t s = 1; s <= images; ++s) digest[s] += mix64(walked[s]);
      if (i == 0) break;
      const Move m = history_.moves[static_cast<std::size_t>(i)];
      for (std::size_t s = 1; s <= images; ++s) walked[s] ^= t.zobrist_white_to_move;
      if (move_kind(m) != MoveKind::Step) continue;
      const auto from = static_cast<std::size_t>(move_from(m)), to = static_cast<std::size_t>(move_to(m));
      const std::uint8_t piece = board[to];
      board[from] = piece;
      board[to] = Empty;
      for (std::size_t s = 1; s <= images; ++s) {
        walked[s] ^= t.zobrist[static_cast<std::size_t>(t.image[s][to])][piece] ^ t.zobrist[static_cast<std::size_t>(t.image[s][from])][piece];
      }
    }
  }
  std::uint64_t smallest = key();
  for (std::size_t s = 1; s <= images; ++s) {
    smallest = std::min(smallest, key_with(hash[s], digest[s], symmetric_quadrants(static_cast<int>(s), keeps_taken_)));
  }
  return smallest;
}

std::unique_ptr<State> BrochsState::symmetric_image(int symmetry) const {
  const int n = tables_->n;
  auto image = std::make_unique<BrochsState>(rules_);
  for (int cell = 0; cell < n * n; ++cell) {
    if (board_[static_cast<std::size_t>(cell)] != Empty) image->put(symmetric_cell(n, symmetry, cell), board_[static_cast<std::size_t>(cell)]);
  }
  image->set_reserve(reserve_, main_in_reserve_);
  image->set_turn(side_, ply_, passes_, cursed_, repeated_);
  image->finish_setup();
  image->set_keeps_taken(symmetric_quadrants(symmetry, keeps_taken_));
  std::vector<Move> since = moves_since_irreversible();
  for (Move& m : since) m = symmetric_move_of(n, symmetry, m);
  image->restore_history(since, history_from_curse_);
  return image;
}

// ---- Setup -------------------------------------------------------------------------------------

void BrochsState::put(int cell, std::uint8_t piece) { board_[static_cast<std::size_t>(cell)] = piece; }

void BrochsState::set_reserve(int ordinary, bool main_in_reserve) {
  reserve_ = static_cast<std::uint8_t>(ordinary);
  main_in_reserve_ = main_in_reserve;
}

void BrochsState::set_turn(int side, int ply, int passes, bool cursed, bool repeated) {
  side_ = static_cast<std::uint8_t>(side);
  ply_ = static_cast<std::int16_t>(ply);
  passes_ = static_cast<std::uint8_t>(passes);
  cursed_ = cursed;
  repeated_ = repeated;
}

void BrochsState::finish_setup() {
  const Tables& t = *tables_;
  const auto board = board_;
  board_ = {};
  white_count_ = black_count_ = 0;
  main_cell_ = kNoCell;
  black_in_quadrant_ = {};
  pieces_ = {};
  hash_ = 0;
  for (int cell = 0; cell < t.n * t.n; ++cell) {
    if (board[static_cast<std::size_t>(cell)] != Empty) place_piece(cell, board[static_cast<std::size_t>(cell)]);
  }
  if (side_ == kWhiteSide) hash_ ^= t.zobrist_white_to_move;
  if (cursed_) hash_ ^= t.zobrist_cursed;
  forget_history();
  outcome_ = compute_outcome();
}

std::unique_ptr<BrochsState> initial_position(const Rules& rules) {
  auto state = std::make_unique<BrochsState>(rules);
  const Tables& t = state->tables();
  // each keep and its four orthogonal neighbours, plus its diagonal neighbour toward the
  // board's centre: 4 x 6 = 24 White pieces.
  for (int q = 0; q < kKeeps; ++q) {
    const int keep = t.keep_cell[static_cast<std::size_t>(q)];
    state->put(keep, White);
    for (int d = 0; d < 4; ++d) state->put(t.neighbour(keep, d), White);
    const int toward_centre = (q == 0) ? 5 : (q == 1) ? 6 : (q == 2) ? 4 : 7;  // SE, SW, NE, NW
    state->put(t.neighbour(keep, toward_centre), White);
  }
  int ordinary = kBlackOrdinaryPieces;
  bool main_in_reserve = true;
  if (rules.start == StartRule::NorthRow) {
    state->put(t.mid, Main);
    main_in_reserve = false;
    for (int offset = 1; offset <= t.mid && ordinary > 0; ++offset) {
      for (int c : {t.mid - offset, t.mid + offset}) {
        if (ordinary > 0) {
          state->put(c, Black);
          --ordinary;
        }
      }
    }
  }
  state->set_reserve(ordinary, main_in_reserve);
  state->set_turn(kBlackSide, 0, 0, false, false);
  state->finish_setup();
  return state;
}

// ---- Move generation --------------------------------------------------------------------------

template <class Sink>
void BrochsState::generate_steps(int side, Sink& add) const {
  const Tables& t = *tables_;
  const bool keeps_block = rules_.empty_keeps == EmptyKeeps::Blocked;
  for_each_cell(pieces_[static_cast<std::size_t>(side)], [&](int from) {
    for (int d = 0; d < 4; ++d) {
      for (int to = t.neighbour(from, d); to != kNoCell && at(to) == Empty; to = t.neighbour(to, d)) {
        add(make_move(MoveKind::Step, from, to));
        if (keeps_block && t.is_keep(to)) break;  // an empty keep may be entered, not crossed
      }
    }
  });
}

bool BrochsState::pieces_may_move() const {
  return side_ == kWhiteSide || rules_.black_turn == BlackOptions::Any || (reserve_ == 0 && !main_in_reserve_);
}

// Black may always pass (seed 003 B); White too unless white-pass=only-when-stuck.
bool BrochsState::pass_allowed() const {
  if (side_ == kBlackSide || rules_.white_pass == WhitePass::Allowed) return true;
  bool any = false;
  auto found = [&any](Move) { any = true; };
  generate_steps(kWhiteSide, found);
  return !any;
}

// under curse-holder=ordinary the main piece cannot be both the keep holder and the Sorcerer.
bool BrochsState::curse_eligible(int target_quadrant) const {
  if (main_cell_ == kNoCell) return false;
  const int keep = tables_->keep_cell[static_cast<std::size_t>(3 - target_quadrant)];
  const std::uint8_t holder = at(keep);
  const bool holder_counts = holder == Black || (holder == Main && rules_.curse_holder == CurseHolder::Any);
  return holder_counts && black_in_quadrant_[static_cast<std::size_t>(target_quadrant)] == 0;
}

bool BrochsState::keep_setting_allows(int cell) const {
  const int keep = tables_->keep_index[static_cast<std::size_t>(cell)];
  if (keep < 0 || rules_.keep_setting == KeepSetting::AnyTime) return true;
  return (keeps_taken_ >> keep) & 1U;
}

template <class Sink>
void BrochsState::generate(Sink&& add) const {
  if (outcome_.over()) return;
  const Tables& t = *tables_;
  if (side_ == kBlackSide && !cursed_) {
    for (int q = 0; q < kKeeps; ++q) {
      if (!curse_eligible(q)) continue;
      for_each_cell(pieces_[kWhiteSide], [&](int cell) {
        if (t.region[static_cast<std::size_t>(cell)] == q) add(make_move(MoveKind::Curse, 0, cell));
      });
    }
  }
  bool any_step = false;
  auto step = [&](Move m) {
    any_step = true;
    add(m);
  };
  if (pieces_may_move()) generate_steps(side_, step);
  if (side_ == kBlackSide && (reserve_ > 0 || main_in_reserve_)) {
    const auto rule = static_cast<std::size_t>(rules_.set_squares);
    for (int i = 0; i < t.settable_count[rule]; ++i) {
      const int cell = t.settable_cells[rule][static_cast<std::size_t>(i)];
      if (at(cell) != Empty || !keep_setting_allows(cell)) continue;
      if (reserve_ > 0) add(make_move(MoveKind::Set, 0, cell));
      if (main_in_reserve_) add(make_move(MoveKind::SetMain, 0, cell));
    }
  }
  if (side_ == kBlackSide || rules_.white_pass == WhitePass::Allowed || !any_step) add(kPass);
}

void BrochsState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  generate([&out](Move m) { out.push_back(m); });
}

// Decided from the board alone, rule by rule as generate() lists the moves (the engine tests
// compare the two on random games): searches ask this for every killer move they try, and
// listing a 15x15 position's few hundred moves for it was half of Brochs' puzzle generation.
bool BrochsState::is_legal(Move m) const {
  if (outcome_.over()) return false;
  const Tables& t = *tables_;
  const int cells = t.n * t.n;
  const int from = move_from(m), to = move_to(m);
  if (m != make_move(move_kind(m), from, to)) return false;  // stray bits: not a code generate() makes
  switch (move_kind(m)) {
    case MoveKind::Pass: return m == kPass && pass_allowed();
    case MoveKind::Curse: {
      if (side_ != kBlackSide || cursed_ || from != 0 || to >= cells || at(to) != White) return false;
      const int q = t.region[static_cast<std::size_t>(to)];
      return q != kCrossRegion && curse_eligible(q);
    }
    case MoveKind::Set:
    case MoveKind::SetMain: {
      if (side_ != kBlackSide || from != 0 || to >= cells || at(to) != Empty) return false;
      if (!(move_kind(m) == MoveKind::Set ? reserve_ > 0 : main_in_reserve_)) return false;
      return t.settable[static_cast<std::size_t>(rules_.set_squares)][static_cast<std::size_t>(to)] && keep_setting_allows(to);
    }
    case MoveKind::Step: {
      if (from >= cells || to >= cells || from == to || !pieces_may_move()) return false;
      const std::uint8_t piece = at(from);
      if (piece == Empty || side_of(piece) != side_) return false;
      const bool keeps_block = rules_.empty_keeps == EmptyKeeps::Blocked;
      for (int d = 0; d < 4; ++d) {
        for (int c = t.neighbour(from, d); c != kNoCell && at(c) == Empty; c = t.neighbour(c, d)) {
          if (c == to) return true;
          if (keeps_block && t.is_keep(c)) break;
        }
      }
      return false;
    }
  }
  return false;
}

bool BrochsState::is_listed(Move m) const {
  bool found = false;
  generate([&](Move candidate) { found = found || candidate == m; });
  return found;
}

bool BrochsState::apply_if_legal(Move m) {
  if (!is_legal(m)) return false;
  apply(m);
  return true;
}

// ---- Captures ---------------------------------------------------------------------------------

bool BrochsState::is_friend(int cell, int side) const {
  if (cell == kNoCell) return false;
  const std::uint8_t piece = at(cell);
  return piece != Empty && side_of(piece) == side;
}

// A square that helps `side` sandwich a piece: its own piece, or an empty keep when keeps are
// hostile.
bool BrochsState::is_partner(int cell, int side) const {
  if (cell == kNoCell) return false;
  if (is_friend(cell, side)) return true;
  return rules_.empty_keeps == EmptyKeeps::Hostile && at(cell) == Empty && tables_->is_keep(cell);
}

// A keep occupant falls to two-piece captures only under keep-two-piece=yes.
bool BrochsState::counts_as_c1_target(int cell) const {
  return !tables_->is_keep(cell) || rules_.keep_two_piece == KeepTwoPiece::Yes;
}

// R-15: under isolated=unsupported only a piece with no friendly orthogonal neighbour is "a
// isolated piece" that a line capture (C1) can take.
bool BrochsState::unsupported(int cell) const {
  if (rules_.isolated == Isolated::Any) return true;
  const int side = side_of(at(cell));
  for (int d = 0; d < 4; ++d) {
    if (is_friend(tables_->neighbour(cell, d), side)) return false;
  }
  return true;
}

bool BrochsState::is_corner(int cell) const {
  const int n = tables_->n;
  return (cell / n == 0 || cell / n == n - 1) && (cell % n == 0 || cell % n == n - 1);
}

bool BrochsState::closes_line(int victim, int near, int far, int side, std::int16_t& far_partner) const {
  far_partner = static_cast<std::int16_t>(far);
  if (is_partner(far, side)) return true;
  if (far != kNoCell) return false;
  switch (rules_.edge_captures) {
    case EdgeCaptures::None: return false;
    case EdgeCaptures::Edges: return true;  // the edge itself stands in for the second piece
    case EdgeCaptures::Corners:
      if (!is_corner(victim)) return false;
      for (int d = 0; d < 4; ++d) {  // the corner's other neighbour closes the L
        const int other = tables_->neighbour(victim, d);
        if (other != kNoCell && other != near && is_partner(other, side)) {
          far_partner = static_cast<std::int16_t>(other);
          return true;
        }
      }
      return false;
  }
  return false;
}

BrochsState::CompletePairs BrochsState::complete_pairs_around(int keep, int side) const {
  CompletePairs complete;
  for (const OppositePair& pair : tables_->opposite_pairs(keep)) {
    if (is_friend(pair.a, side) && is_friend(pair.b, side)) complete.items[static_cast<std::size_t>(complete.count++)] = pair;
  }
  return complete;
}

// Whether the occupant of `keep` falls to C2, two opposite pairs held by `side`, and if so the
// capture (left untouched otherwise). When `arrival` is a cell the configuration must be new, so
// the mover must be in one of the pairs; that pair comes first (arrival, then the square opposite
// it), so that a keep occupant already between two complete pairs is said to fall to the third,
// the new one; the other pair is the first complete one in the order N-S, E-W, NE-SW, SE-NW.
bool BrochsState::keep_capture(int keep, int side, int arrival, Capture& capture) const {
  const CompletePairs complete = complete_pairs_around(keep, side);
  if (complete.count < 2) return false;
  const OppositePair* completed = nullptr;  // the pair the arrival completed
  for (const OppositePair& pair : complete) {
    if (arrival != kNoCell && (pair.a == arrival || pair.b == arrival)) completed = &pair;
  }
  if (arrival != kNoCell && completed == nullptr) return false;
  capture.rule = CaptureRule::C2;
  capture.partner_count = 0;
  const auto add = [&capture](int first, int second) {
    capture.partners[capture.partner_count++] = static_cast<std::int16_t>(first);
    capture.partners[capture.partner_count++] = static_cast<std::int16_t>(second);
  };
  if (completed) add(arrival, completed->a == arrival ? completed->b : completed->a);
  for (const OppositePair& pair : complete) {
    if (&pair != completed && capture.partner_count < 4) add(pair.a, pair.b);
  }
  return true;
}

// Captures made by the piece that just arrived on `to` (moved or set): only configurations it
// takes part in are new (seed 003 D: "causing a new situation"), so only its neighbours can fall.
void BrochsState::find_captures(int to, CaptureList& out) const {
  const Tables& t = *tables_;
  const std::uint8_t mover = at(to);
  const int side = side_of(mover);
  for (int d = 0; d < kDirections; ++d) {
    const int victim = t.neighbour(to, d);
    if (victim == kNoCell || at(victim) == Empty || side_of(at(victim)) == side) continue;
    const int beyond = t.neighbour(victim, d);
    Capture capture;
    capture.victim = static_cast<std::int16_t>(victim);
    if (t.is_keep(victim) && keep_capture(victim, side, to, capture)) {
      out.add(capture);
      continue;
    }
    if (!counts_as_c1_target(victim)) continue;
    capture.partner_count = 2;
    capture.partners = {static_cast<std::int16_t>(to), static_cast<std::int16_t>(beyond), kNoCell, kNoCell};
    if (d < 4) {
      if (unsupported(victim) && closes_line(victim, to, beyond, side, capture.partners[1])) {
        capture.rule = CaptureRule::C1;
        out.add(capture);
      }
      continue;
    }
    // C4: a diagonal pair of Black pieces, one of them the main piece (R-8: the mover, or either).
    if (side != kBlackSide || !is_friend(beyond, side)) continue;
    const bool main_moved = mover == Main;
    const bool main_partner = at(beyond) == Main && rules_.main_diagonal == MainDiagonal::MainInPair;
    if (main_moved || main_partner) {
      capture.rule = CaptureRule::C4;
      out.add(capture);
    }
  }
}

bool BrochsState::standing_threat(int cell, Capture& threat) const {
  const Tables& t = *tables_;
  const std::uint8_t piece = at(cell);
  if (piece == Empty) return false;
  const int enemy = 1 - side_of(piece);
  threat = Capture{};
  threat.victim = static_cast<std::int16_t>(cell);
  if (t.is_keep(cell) && keep_capture(cell, enemy, kNoCell, threat)) return true;
  if (!counts_as_c1_target(cell)) return false;
  for (const auto& [a, b, diagonal] : t.opposite_pairs(cell)) {
    threat.partner_count = 2;
    threat.partners = {static_cast<std::int16_t>(a), static_cast<std::int16_t>(b), kNoCell, kNoCell};
    if (!diagonal && unsupported(cell)) {
      threat.rule = CaptureRule::C1;
      if (is_partner(a, enemy) && closes_line(cell, a, b, enemy, threat.partners[1])) return true;
      threat.partners[0] = static_cast<std::int16_t>(b);
      if (is_partner(b, enemy) && closes_line(cell, b, a, enemy, threat.partners[1])) return true;
    }
    const bool diagonal_pair = diagonal && enemy == kBlackSide && is_friend(a, enemy) && is_friend(b, enemy);
    if (diagonal_pair && (at(a) == Main || at(b) == Main)) {
      threat.rule = CaptureRule::C4;
      return true;
    }
  }
  return false;
}

// ---- Applying moves ---------------------------------------------------------------------------

void BrochsState::place_piece(int cell, std::uint8_t piece) {
  const Tables& t = *tables_;
  board_[static_cast<std::size_t>(cell)] = piece;
  hash_ ^= t.zobrist[static_cast<std::size_t>(cell)][piece];
  set_bit(pieces_[static_cast<std::size_t>(side_of(piece))], cell);
  if (piece == White) {
    ++white_count_;
    return;
  }
  ++black_count_;
  if (piece == Main) main_cell_ = static_cast<std::int16_t>(cell);
  const int region = t.region[static_cast<std::size_t>(cell)];
  if (region != kCrossRegion) ++black_in_quadrant_[static_cast<std::size_t>(region)];
}

void BrochsState::remove_piece(int cell) {
  const Tables& t = *tables_;
  const std::uint8_t piece = at(cell);
  board_[static_cast<std::size_t>(cell)] = Empty;
  hash_ ^= t.zobrist[static_cast<std::size_t>(cell)][piece];
  clear_bit(pieces_[static_cast<std::size_t>(side_of(piece))], cell);
  if (piece == White) {
    --white_count_;
    return;
  }
  --black_count_;
  if (piece == Main) main_cell_ = kNoCell;
  const int region = t.region[static_cast<std::size_t>(cell)];
  if (region != kCrossRegion) --black_in_quadrant_[static_cast<std::size_t>(region)];
}

void BrochsState::apply(Move m) { apply_logged(m, nullptr); }

void BrochsState::apply_counting(Move m, std::span<std::uint64_t> counts) {
  if (move_kind(m) == MoveKind::Pass) ++counts[kPasses];
  CaptureList removed;
  apply_logged(m, &removed);
  for (int i = 0; i < removed.count; ++i) {
    const Capture& capture = removed.items[static_cast<std::size_t>(i)];
    if (capture.self) {
      ++counts[kEntryCaptures];
      continue;
    }
    switch (capture.rule) {
      case CaptureRule::C1: ++counts[kCapturesC1]; break;
      case CaptureRule::C2: ++counts[kCapturesC2]; break;
      case CaptureRule::C3: ++counts[kCurses]; break;
      case CaptureRule::C4: ++counts[kCapturesC4]; break;
    }
  }
}

void BrochsState::apply_logged(Move m, CaptureList* log) {
  const MoveKind kind = move_kind(m);
  const int to = move_to(m);
  bool irreversible = kind != MoveKind::Step && kind != MoveKind::Pass;
  int arrived = kNoCell;
  CaptureList freed;  // what this stroke removed, for R-17
  switch (kind) {
    case MoveKind::Step: {
      const std::uint8_t piece = at(move_from(m));
      remove_piece(move_from(m));
      place_piece(to, piece);
      arrived = to;
      break;
    }
    case MoveKind::Set:
      --reserve_;
      place_piece(to, Black);
      arrived = to;
      break;
    case MoveKind::SetMain:
      main_in_reserve_ = false;
      place_piece(to, Main);
      arrived = to;
      break;
    case MoveKind::Curse:
      if (log) {
        Capture curse;
        curse.victim = static_cast<std::int16_t>(to);
        curse.rule = CaptureRule::C3;
        log->add(curse);
      }
      remove_piece(to);
      break;
    case MoveKind::Pass: break;
  }
  if (arrived != kNoCell) {
    CaptureList captures;
    find_captures(arrived, captures);
    for (int i = 0; i < captures.count; ++i) remove_piece(captures.items[static_cast<std::size_t>(i)].victim);
    irreversible = irreversible || captures.count > 0;
    Capture threat;
    if (entry_is_captured(arrived) && standing_threat(arrived, threat)) {
      threat.self = true;
      captures.add(threat);
      remove_piece(arrived);
      irreversible = true;
    }
    if (log) {
      for (int i = 0; i < captures.count; ++i) log->add(captures.items[static_cast<std::size_t>(i)]);
    }
    freed = captures;
  } else if (kind == MoveKind::Curse) {
    freed.add(Capture{static_cast<std::int16_t>(to), CaptureRule::C3, 0, {}, false});
  }
  if (side_ == kBlackSide && rules_.keep_setting == KeepSetting::AfterCapture) keeps_taken_ = static_cast<std::uint8_t>(keeps_freed_by(freed));
  passes_ = kind == MoveKind::Pass ? static_cast<std::uint8_t>(passes_ + 1) : 0;
  if (cursed_) hash_ ^= tables_->zobrist_cursed;
  const bool curse_keeps_turn = kind == MoveKind::Curse && rules_.curse_cost == CurseCost::Free;
  cursed_ = curse_keeps_turn;
  if (cursed_) hash_ ^= tables_->zobrist_cursed;
  if (!curse_keeps_turn) {
    side_ = static_cast<std::uint8_t>(1 - side_);
    hash_ ^= tables_->zobrist_white_to_move;
  }
  ++ply_;
  record_position(irreversible, m);
  outcome_ = compute_outcome();
}

// R-6 entry, overridden for keeps by R-18 keep-entry unless that follows R-6.
bool BrochsState::entry_is_captured(int cell) const {
  if (tables_->is_keep(cell) && rules_.keep_entry != KeepEntry::AsEntry) return rules_.keep_entry == KeepEntry::Captured;
  return rules_.entry == EntryRule::Captured;
}

// The keeps whose White occupant is among the removed pieces (a capture of the keep, R-17).
unsigned BrochsState::keeps_freed_by(const CaptureList& captures) const {
  unsigned keeps = 0;
  for (int i = 0; i < captures.count; ++i) {
    const Capture& c = captures.items[static_cast<std::size_t>(i)];
    const int keep = tables_->keep_index[static_cast<std::size_t>(c.victim)];
    if (!c.self && keep >= 0) keeps |= 1U << keep;
  }
  return keeps;
}

// Repetition: only positions since the last irreversible action can recur.
void BrochsState::record_position(bool irreversible, Move m) {
  if (irreversible) {
    history_.length = 0;
    history_digest_ = 0;
    history_from_curse_ = cursed_;
  }
  // Within the history sides alternate (a free curse is irreversible), so only every other entry
  // can hold the same position.
  int occurrences = 1;
  for (int i = history_.length - 2; i >= 0; i -= 2) occurrences += history_.hashes[static_cast<std::size_t>(i)] == hash_;
  if (history_.length < static_cast<int>(history_.hashes.size())) {
    history_.moves[static_cast<std::size_t>(history_.length)] = m;
    history_.hashes[static_cast<std::size_t>(history_.length++)] = hash_;
    history_digest_ += mix64(hash_);
  }
  if (rules_.repetition == Repetition::Third && occurrences >= 3) repeated_ = true;
}

std::vector<Move> BrochsState::moves_since_irreversible() const {
  return std::vector<Move>(history_.moves.begin() + 1, history_.moves.begin() + std::max(1, history_.length));
}

void BrochsState::forget_history() {
  history_.length = 0;
  history_.hashes[static_cast<std::size_t>(history_.length++)] = hash_;
  history_digest_ = mix64(hash_);
  history_from_curse_ = cursed_;
}

std::unique_ptr<State> BrochsState::as_shown() const {
  auto shown = std::make_unique<BrochsState>(*this);
  shown->forget_history();
  return shown;
}

void BrochsState::restore_history(const std::vector<Move>& since, bool from_curse) {
  const Tables& t = *tables_;
  if (since.empty()) return;
  if (static_cast<int>(since.size()) > ply_) throw InputError("more moves since the last capture or setting than plies played");
  if (cursed_) throw InputError("a position just after a curse has no moves since the last irreversible action");
  auto board = board_;
  std::uint64_t hash = hash_;
  int side = side_;
  std::vector<std::uint64_t> hashes(since.size() + 1);
  hashes.back() = hash;
  for (std::size_t i = since.size(); i-- > 0;) {
    const Move m = since[i];
    side = 1 - side;  // the side that played m
    hash ^= t.zobrist_white_to_move;
    if (move_kind(m) == MoveKind::Step) {
      const int from = move_from(m), to = move_to(m);
      const std::uint8_t piece = board[static_cast<std::size_t>(to)];
      const bool same_line = from / t.n == to / t.n || from % t.n == to % t.n;
      if (piece == Empty || side_of(piece) != side || board[static_cast<std::size_t>(from)] != Empty || !same_line || from == to) {
        throw InputError("move " + cell_name(from) + "-" + cell_name(to) + " in 'since' cannot have been played by " +
                         (side == kBlackSide ? "Black" : "White") + " on the way to this position");
      }
      const int d = to / t.n < from / t.n ? 0 : to % t.n > from % t.n ? 1 : to / t.n > from / t.n ? 2 : 3;
      for (int c = t.neighbour(from, d); c != to; c = t.neighbour(c, d)) {
        if (board[static_cast<std::size_t>(c)] != Empty) throw InputError("move " + cell_name(from) + "-" + cell_name(to) + " in 'since' crosses a piece");
      }
      board[static_cast<std::size_t>(from)] = piece;
      board[static_cast<std::size_t>(to)] = Empty;
      hash ^= t.zobrist[static_cast<std::size_t>(to)][piece] ^ t.zobrist[static_cast<std::size_t>(from)][piece];
    } else if (move_kind(m) != MoveKind::Pass) {
      throw InputError("only moves and passes can follow the last capture, setting or curse");
    }
    hashes[i] = hash;
  }
  if (from_curse) hashes.front() ^= t.zobrist_cursed;
  history_.length = static_cast<int>(hashes.size());
  history_digest_ = 0;
  history_from_curse_ = from_curse;
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    history_digest_ += mix64(hashes[i]);
    history_.hashes[i] = hashes[i];
    history_.moves[i] = i == 0 ? kPass : since[i - 1];
  }
  int occurrences = 0;
  for (int i = history_.length - 1; i >= 0; i -= 2) occurrences += history_.hashes[static_cast<std::size_t>(i)] == hash_;
  const bool repeats = rules_.repetition == Repetition::Third && occurrences >= 3;
  if (repeats != repeated_) {
    throw InputError(repeats ? "the moves in 'since' repeat this position a third time: add 'repetition'"
                             : "'repetition' is given but the moves in 'since' do not repeat this position a third time");
  }
  outcome_ = compute_outcome();
}

Outcome BrochsState::compute_outcome() const {
  const Tables& t = *tables_;
  bool all_keeps_black = true;
  for (int q = 0; q < kKeeps; ++q) {
    const std::uint8_t holder = at(t.keep_cell[static_cast<std::size_t>(q)]);
    all_keeps_black = all_keeps_black && (holder == Black || holder == Main);
  }
  if (all_keeps_black) return Outcome::win(kBlackSide);
  const int black_total = black_count_ + reserve_ + (main_in_reserve_ ? 1 : 0);
  if (black_total < kKeeps) return Outcome::win(kWhiteSide);
  const bool main_gone = main_cell_ == kNoCell && !main_in_reserve_;
  if (rules_.end == EndRule::KeepsMain && main_gone) return Outcome::win(kWhiteSide);
  const bool stalled = passes_ >= 2 || repeated_ || ply_ >= rules_.ply_cap;
  if (stalled) return rules_.end == EndRule::KeepsDraw ? Outcome::draw() : Outcome::win(kWhiteSide);
  return Outcome::ongoing();
}

int BrochsState::distance_to_win(int side) const {
  if (side == kWhiteSide) return std::max(1, black_count_ + reserve_ + (main_in_reserve_ ? 1 : 0) - (kKeeps - 1));
  int to_take = 0;
  for (int q = 0; q < kKeeps; ++q) {
    const std::uint8_t holder = at(tables_->keep_cell[static_cast<std::size_t>(q)]);
    to_take += holder == Black || holder == Main ? 0 : (holder == White ? 2 : 1);
  }
  return std::max(1, to_take);
}

CaptureList BrochsState::captures_of(Move m) const {
  BrochsState copy(*this);
  CaptureList log;
  copy.apply_logged(m, &log);
  return log;
}

Move BrochsState::random_move(Rng& rng) const {
  const Tables& t = *tables_;
  const int reach = t.n - 1;  // longest rook move
  const int own = side_ == kWhiteSide ? white_count_ : black_count_;
  const int steps = pieces_may_move() ? own * 4 * reach : 0;
  const auto rule = static_cast<std::size_t>(rules_.set_squares);
  const bool black = side_ == kBlackSide;
  const int sets = black && (reserve_ > 0 || main_in_reserve_) ? 2 * t.settable_count[rule] : 0;
  const int curses = black && !cursed_ ? white_count_ : 0;
  const auto candidates = static_cast<std::uint32_t>(steps + sets + curses + 1);
  constexpr int kTrials = 48;
  for (int trial = 0; trial < kTrials; ++trial) {
    int k = static_cast<int>(rng.below(candidates));
    if (k < steps) {
      const int from = nth_cell(pieces_[side_], k / (4 * reach));
      const int d = (k / reach) % 4;
      const int distance = 1 + k % reach;
      int to = from;
      bool open = true;
      for (int i = 0; i < distance && open; ++i) {
        if (i > 0 && rules_.empty_keeps == EmptyKeeps::Blocked && t.is_keep(to)) open = false;
        to = t.neighbour(to, d);
        open = open && to != kNoCell && at(to) == Empty;
      }
      if (open) return make_move(MoveKind::Step, from, to);
      continue;
    }
    k -= steps;
    if (k < sets) {
      const int cell = t.settable_cells[rule][static_cast<std::size_t>(k / 2)];
      const bool main = k % 2 == 1;
      if (at(cell) == Empty && keep_setting_allows(cell) && (main ? main_in_reserve_ : reserve_ > 0)) {
        return make_move(main ? MoveKind::SetMain : MoveKind::Set, 0, cell);
      }
      continue;
    }
    k -= sets;
    if (k < curses) {
      const int cell = nth_cell(pieces_[kWhiteSide], k);
      const int q = t.region[static_cast<std::size_t>(cell)];
      if (q != kCrossRegion && curse_eligible(q)) return make_move(MoveKind::Curse, 0, cell);
      continue;
    }
    if (pass_allowed()) return kPass;
  }
  // Mostly blocked positions: draw from the full list (still uniform).
  std::array<Move, kMaxMoves> moves;
  int count = 0;
  generate([&](Move m) { moves[static_cast<std::size_t>(count++)] = m; });
  return moves[rng.below(static_cast<std::uint32_t>(count))];
}

Outcome BrochsState::random_playout(Rng& rng) {
  while (!outcome_.over()) apply(random_move(rng));
  return outcome_;
}

}  // namespace arbiter::brochs

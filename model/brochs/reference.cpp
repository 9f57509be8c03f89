// The reference Brochs model: a plain transcription of seed 003 and the rulings, written for
// obviousness (whole-board scans, capture conditions checked square by square as the text words
// them, repetition by replaying the moves since the last irreversible action). It shares only the
// move encoding and the notation with the fast engine; the differential test compares the two.
#include "model/brochs/reference.hpp"

#include <algorithm>

#include "model/brochs/engine.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::brochs {
namespace {

struct Position {
  std::vector<int> board;  // Piece codes, row by row
  int side = kBlackSide;
  bool cursed = false;
  friend bool operator==(const Position&, const Position&) = default;
};

class ReferenceState final : public State {
 public:
  explicit ReferenceState(const BrochsState& fast) : rules_(fast.rules()), n_(fast.rules().size) {
    for (int c = 0; c < n_ * n_; ++c) now_.board.push_back(fast.at(c));
    now_.side = fast.side_to_move();
    now_.cursed = fast.cursed();
    reserve_ = fast.reserve();
    main_in_reserve_ = fast.main_in_reserve();
    ply_ = fast.ply();
    passes_ = fast.passes();
    repeated_ = fast.repeated();
    taken_ = fast.keeps_taken();
    since_ = fast.moves_since_irreversible();
    anchor_ = now_;
    for (auto it = since_.rbegin(); it != since_.rend(); ++it) {  // undo back to the anchor
      anchor_.side = 1 - anchor_.side;
      if (move_kind(*it) == MoveKind::Step) std::swap(anchor_.board[static_cast<std::size_t>(move_from(*it))], anchor_.board[static_cast<std::size_t>(move_to(*it))]);
    }
    if (!since_.empty()) anchor_.cursed = fast.history_from_curse();
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<ReferenceState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const ReferenceState&>(other); }
  std::uint64_t key() const override { return text_key(line()); }
  int side_to_move() const override { return now_.side; }
  int ply() const override { return ply_; }

  // ---- Geometry, by definition -----------------------------------------------------------------
  int row(int c) const { return c / n_; }
  int col(int c) const { return c % n_; }
  int mid() const { return n_ / 2; }
  bool on_board(int r, int c) const { return r >= 0 && c >= 0 && r < n_ && c < n_; }
  int at(int r, int c) const { return on_board(r, c) ? now_.board[static_cast<std::size_t>(r * n_ + c)] : -1; }
  bool on_cross(int c) const { return row(c) == mid() || col(c) == mid(); }
  int quadrant(int c) const { return on_cross(c) ? -1 : (row(c) > mid() ? 2 : 0) + (col(c) > mid() ? 1 : 0); }
  bool is_keep(int c) const {
    const int q = n_ / 2;
    const int offset = rules_.keeps == KeepPlace::Centres ? q / 2 : rules_.keeps == KeepPlace::Outer ? 1 : q - 2;
    const bool r_ok = row(c) == offset || row(c) == n_ - 1 - offset;
    const bool c_ok = col(c) == offset || col(c) == n_ - 1 - offset;
    return r_ok && c_ok;
  }
  int keep_of(int q) const {
    for (int c = 0; c < n_ * n_; ++c) {
      if (is_keep(c) && quadrant(c) == q) return c;
    }
    return -1;
  }
  static bool is_black(int p) { return p == Black || p == Main; }
  static bool belongs(int p, int side) { return p > 0 && (side == kWhiteSide ? p == White : is_black(p)); }
  int count_black_total() const {
    int total = reserve_ + (main_in_reserve_ ? 1 : 0);
    for (int p : now_.board) total += is_black(p);
    return total;
  }
  bool main_on_board() const { return std::find(now_.board.begin(), now_.board.end(), int{Main}) != now_.board.end(); }

  // ---- Legal moves ---------------------------------------------------------------------------
  bool curse_allowed(int target) const {
    if (now_.side != kBlackSide || now_.cursed || now_.board[static_cast<std::size_t>(target)] != White) return false;
    const int q = quadrant(target);
    if (q < 0 || !main_on_board()) return false;
    const int holder = now_.board[static_cast<std::size_t>(keep_of(3 - q))];
    if (!is_black(holder) || (holder == Main && rules_.curse_holder == CurseHolder::Ordinary)) return false;
    for (int c = 0; c < n_ * n_; ++c) {
      if (quadrant(c) == q && is_black(now_.board[static_cast<std::size_t>(c)])) return false;
    }
    return true;
  }

  std::vector<Move> steps() const {
    std::vector<Move> out;
    const bool reserve_left = reserve_ > 0 || main_in_reserve_;
    if (now_.side == kBlackSide && rules_.black_turn == BlackOptions::SetFirst && reserve_left) return out;
    const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    for (int from = 0; from < n_ * n_; ++from) {
      if (!belongs(now_.board[static_cast<std::size_t>(from)], now_.side)) continue;
      for (int d = 0; d < 4; ++d) {
        for (int k = 1;; ++k) {
          const int r = row(from) + k * dr[d], c = col(from) + k * dc[d];
          if (at(r, c) != Empty) break;
          out.push_back(make_move(MoveKind::Step, from, r * n_ + c));
          if (rules_.empty_keeps == EmptyKeeps::Blocked && is_keep(r * n_ + c)) break;
        }
      }
    }
    return out;
  }

  bool settable(int c) const {
    if (is_keep(c) && rules_.keep_setting == KeepSetting::AfterCapture && !((taken_ >> quadrant(c)) & 1U)) return false;
    switch (rules_.set_squares) {
      case SetSquares::NorthOrKeep: return row(c) == 0 || is_keep(c);
      case SetSquares::KeepsOnly: return is_keep(c);
      case SetSquares::Anywhere: return true;
    }
    return false;
  }

  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (outcome().over()) return;
    for (int c = 0; c < n_ * n_; ++c) {
      if (curse_allowed(c)) out.push_back(make_move(MoveKind::Curse, 0, c));
    }
    const std::vector<Move> s = steps();
    out.insert(out.end(), s.begin(), s.end());
    if (now_.side == kBlackSide) {
      for (int c = 0; c < n_ * n_; ++c) {
        if (!settable(c) || now_.board[static_cast<std::size_t>(c)] != Empty) continue;
        if (reserve_ > 0) out.push_back(make_move(MoveKind::Set, 0, c));
        if (main_in_reserve_) out.push_back(make_move(MoveKind::SetMain, 0, c));
      }
    }
    const bool white_may_pass = rules_.white_pass == WhitePass::Allowed || s.empty();
    if (now_.side == kBlackSide || white_may_pass) out.push_back(kPass);
  }

  // ---- Captures, as the text words them --------------------------------------------------------
  // Squares helping `side` to sandwich: its pieces, and empty keeps when they are hostile.
  bool helps(int r, int c, int side) const {
    if (belongs(at(r, c), side)) return true;
    return rules_.empty_keeps == EmptyKeeps::Hostile && at(r, c) == Empty && is_keep(r * n_ + c);
  }
  // Is the piece on v captured by `side`, counting only configurations that include square
  // `arrival` (kNoCell: any configuration)?
  bool captured(int v, int side, int arrival) const {
    const int r = row(v), c = col(v);
    const int axes[4][2] = {{-1, 0}, {0, -1}, {-1, -1}, {-1, 1}};  // N-S, W-E, NW-SE, NE-SW
    auto includes = [&](int ra, int ca, int rb, int cb) {
      return arrival == kNoCell || (on_board(ra, ca) && ra * n_ + ca == arrival) || (on_board(rb, cb) && rb * n_ + cb == arrival);
    };
    if (is_keep(v)) {
      int pairs = 0;
      bool with_arrival = false;
      for (const auto& axis : axes) {
        const int ra = r + axis[0], ca = c + axis[1], rb = r - axis[0], cb = c - axis[1];
        if (belongs(at(ra, ca), side) && belongs(at(rb, cb), side)) {
          ++pairs;
          with_arrival = with_arrival || includes(ra, ca, rb, cb);
        }
      }
      if (pairs >= 2 && with_arrival) return true;
      if (rules_.keep_two_piece == KeepTwoPiece::No) return false;
    }
    // C1 takes "a isolated piece": under isolated=unsupported, one with no friend beside it.
    bool isolated = true;
    for (int i = 0; i < 2; ++i) {
      isolated = isolated && !belongs(at(r + axes[i][0], c + axes[i][1]), 1 - side) && !belongs(at(r - axes[i][0], c - axes[i][1]), 1 - side);
    }
    if (isolated || rules_.isolated == Isolated::Any) {
      for (int i = 0; i < 2; ++i) {
        const int ra = r + axes[i][0], ca = c + axes[i][1], rb = r - axes[i][0], cb = c - axes[i][1];
        if (helps(ra, ca, side) && helps(rb, cb, side) && includes(ra, ca, rb, cb)) return true;
        // edge-captures=edges: the edge is the second piece of the couple.
        const bool edge_rule = rules_.edge_captures == EdgeCaptures::Edges;
        if (edge_rule && helps(ra, ca, side) && !on_board(rb, cb) && includes(ra, ca, ra, ca)) return true;
        if (edge_rule && helps(rb, cb, side) && !on_board(ra, ca) && includes(rb, cb, rb, cb)) return true;
      }
      // edge-captures=corners: a corner piece between enemy pieces on its two neighbours.
      const bool corner = (r == 0 || r == n_ - 1) && (c == 0 || c == n_ - 1);
      if (corner && rules_.edge_captures == EdgeCaptures::Corners) {
        const int rn = r == 0 ? 1 : r - 1, cn = c == 0 ? 1 : c - 1;
        if (helps(rn, c, side) && helps(r, cn, side) && includes(rn, c, r, cn)) return true;
      }
    }
    if (side != kBlackSide) return false;
    for (int i = 2; i < 4; ++i) {
      const int ra = r + axes[i][0], ca = c + axes[i][1], rb = r - axes[i][0], cb = c - axes[i][1];
      if (!is_black(at(ra, ca)) || !is_black(at(rb, cb)) || !includes(ra, ca, rb, cb)) continue;
      if (arrival == kNoCell) {
        if (at(ra, ca) == Main || at(rb, cb) == Main) return true;
        continue;
      }
      const int other = ra * n_ + ca == arrival ? at(rb, cb) : at(ra, ca);
      const bool main_arrived = now_.board[static_cast<std::size_t>(arrival)] == Main;
      if (main_arrived || (rules_.main_diagonal == MainDiagonal::MainInPair && other == Main)) return true;
    }
    return false;
  }

  // Returns the squares of the captured enemy pieces.
  std::vector<int> arrive(int cell) {
    const int side = now_.side;
    std::vector<int> victims;
    for (int v = 0; v < n_ * n_; ++v) {
      if (belongs(now_.board[static_cast<std::size_t>(v)], 1 - side) && captured(v, side, cell)) victims.push_back(v);
    }
    for (int v : victims) now_.board[static_cast<std::size_t>(v)] = Empty;
    irreversible_ = irreversible_ || !victims.empty();
    const bool keep_rule = is_keep(cell) && rules_.keep_entry != KeepEntry::AsEntry;
    const bool entering_falls = keep_rule ? rules_.keep_entry == KeepEntry::Captured : rules_.entry == EntryRule::Captured;
    if (entering_falls && captured(cell, 1 - side, kNoCell)) {
      now_.board[static_cast<std::size_t>(cell)] = Empty;
      irreversible_ = true;
    }
    return victims;
  }

  void apply(Move m) override {
    irreversible_ = false;
    const int to = move_to(m);
    std::vector<int> removed;
    switch (move_kind(m)) {
      case MoveKind::Step:
        std::swap(now_.board[static_cast<std::size_t>(move_from(m))], now_.board[static_cast<std::size_t>(to)]);
        removed = arrive(to);
        break;
      case MoveKind::Set:
      case MoveKind::SetMain:
        if (move_kind(m) == MoveKind::Set) {
          --reserve_;
        } else {
          main_in_reserve_ = false;
        }
        now_.board[static_cast<std::size_t>(to)] = move_kind(m) == MoveKind::Set ? Black : Main;
        irreversible_ = true;
        removed = arrive(to);
        break;
      case MoveKind::Curse:
        removed = {to};
        now_.board[static_cast<std::size_t>(to)] = Empty;
        irreversible_ = true;
        break;
      case MoveKind::Pass: break;
    }
    // keep-setting=after-capture: Black's stroke names the keeps it captured; the next uses them.
    if (now_.side == kBlackSide && rules_.keep_setting == KeepSetting::AfterCapture) {
      taken_ = 0;
      for (int v : removed) {
        if (is_keep(v)) taken_ |= 1U << quadrant(v);
      }
    }
    passes_ = move_kind(m) == MoveKind::Pass ? passes_ + 1 : 0;
    const bool free_curse = move_kind(m) == MoveKind::Curse && rules_.curse_cost == CurseCost::Free;
    now_.cursed = free_curse;
    if (!free_curse) now_.side = 1 - now_.side;
    ++ply_;
    if (irreversible_) {
      anchor_ = now_;
      since_.clear();
    } else {
      since_.push_back(m);
    }
    repeated_ = repeated_ || (rules_.repetition == Repetition::Third && occurrences_of_now() >= 3);
  }

  // Replays the moves since the anchor and counts the positions equal to the current one.
  int occurrences_of_now() const {
    Position p = anchor_;
    int count = p == now_;
    for (Move m : since_) {
      if (move_kind(m) == MoveKind::Step) std::swap(p.board[static_cast<std::size_t>(move_from(m))], p.board[static_cast<std::size_t>(move_to(m))]);
      p.side = 1 - p.side;
      count += p == now_;
    }
    return count;
  }

  Outcome outcome() const override {
    bool all_black = true;
    for (int q = 0; q < kKeeps; ++q) all_black = all_black && is_black(now_.board[static_cast<std::size_t>(keep_of(q))]);
    if (all_black) return Outcome::win(kBlackSide);
    if (count_black_total() < kKeeps) return Outcome::win(kWhiteSide);
    if (rules_.end == EndRule::KeepsMain && !main_on_board() && !main_in_reserve_) return Outcome::win(kWhiteSide);
    if (passes_ >= 2 || repeated_ || ply_ >= rules_.ply_cap) {
      return rules_.end == EndRule::KeepsDraw ? Outcome::draw() : Outcome::win(kWhiteSide);
    }
    return Outcome::ongoing();
  }

  // ---- Notation and explanations: through the fast engine's printer ------------------------------
  std::unique_ptr<BrochsState> as_fast() const {
    auto fast = std::make_unique<BrochsState>(rules_);
    for (int c = 0; c < n_ * n_; ++c) fast->put(c, static_cast<std::uint8_t>(now_.board[static_cast<std::size_t>(c)]));
    fast->set_reserve(reserve_, main_in_reserve_);
    fast->set_turn(now_.side, ply_, passes_, now_.cursed, repeated_);
    fast->set_keeps_taken(taken_);
    fast->finish_setup();
    fast->restore_history(since_, anchor_.cursed);
    return fast;
  }
  std::string move_text(Move m) const override { return as_fast()->move_text(m); }
  Move parse_move(std::string_view text) const override { return as_fast()->parse_move(text); }
  std::string diagram() const override { return as_fast()->diagram(); }
  std::string line() const override { return as_fast()->line(); }
  std::string equivalence_text() const override { return as_fast()->equivalence_text(); }
  Drawing drawing() const override { return as_fast()->drawing(); }
  std::vector<std::string> status_notes() const override { return as_fast()->status_notes(); }
  std::vector<std::string> puzzle_notes() const override { return as_fast()->puzzle_notes(); }
  std::unique_ptr<State> as_shown() const override {
    const auto fast = as_fast();
    fast->forget_history();
    return std::make_unique<ReferenceState>(*fast);
  }
  std::optional<MoveAnchor> move_anchor(Move m) const override { return as_fast()->move_anchor(m); }
  MoveTrace move_trace(Move m) const override { return as_fast()->move_trace(m); }
  std::string explain(Move m) const override { return as_fast()->explain(m); }
  std::string explain_text(std::string_view text) const override { return as_fast()->explain_text(text); }
  std::vector<std::string> candidate_moves() const override { return as_fast()->candidate_moves(); }

 private:
  Rules rules_;
  int n_;
  Position now_;
  Position anchor_;           // the position after the last irreversible action
  std::vector<Move> since_;   // reversible moves played since then
  int reserve_ = 0;
  bool main_in_reserve_ = false;
  int ply_ = 0;
  int passes_ = 0;
  bool repeated_ = false;
  unsigned taken_ = 0;  // keeps Black's last stroke captured (keep-setting=after-capture)
  bool irreversible_ = false;
};

}  // namespace

std::unique_ptr<State> reference_state(const BrochsState& fast) { return std::make_unique<ReferenceState>(fast); }

}  // namespace arbiter::brochs

#pragma once
// Brochs (seed 003, truncated): 24 White pieces defend four keeps against 13 Black pieces, one of
// them the main piece (Sorcerer). Everything the truncated text leaves open is a ruling R-1..R-13
// (see descriptor.cpp and docs/rulings/brochs.md).
//
// The engine is flat: a board of piece codes, a few counters, and a fixed-size history of
// Zobrist hashes for the repetition rule. Geometry (neighbours in 8 directions, quadrants, keeps,
// setting squares, Zobrist keys) lives in per-size tables built once.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::brochs {

inline constexpr int kMinSize = 7;
inline constexpr int kMaxSize = 15;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;
inline constexpr int kKeeps = 4;
inline constexpr int kWhitePieces = 24;
inline constexpr int kBlackOrdinaryPieces = 12;  // plus the main piece: 13
inline constexpr int kCrossRegion = 4;           // region id of the central row and column
inline constexpr int kBlackSide = 0;
inline constexpr int kWhiteSide = 1;
inline constexpr int kNoCell = -1;

enum Piece : std::uint8_t { Empty = 0, White = 1, Black = 2, Main = 3 };
inline int side_of(std::uint8_t piece) { return piece == White ? kWhiteSide : kBlackSide; }

// Directions 0..3 orthogonal (N, E, S, W), 4..7 diagonal (NE, SE, SW, NW); d ^ 2 is the opposite.
inline constexpr int kDirections = 8;
inline int opposite_direction(int d) { return d ^ 2; }

// ---- Rulings, read once from the Config into small enums -----------------------------------
enum class KeepPlace : std::uint8_t { Centres, Outer, Inner };                // R-1 keeps
enum class StartRule : std::uint8_t { Reserve, NorthRow };                    // R-2 start
enum class BlackOptions : std::uint8_t { Any, SetFirst };                     // R-3 black-turn
enum class SetSquares : std::uint8_t { NorthOrKeep, KeepsOnly, Anywhere };    // R-4 set-squares
enum class EndRule : std::uint8_t { Keeps, KeepsMain, KeepsDraw };            // R-5 end
enum class EntryRule : std::uint8_t { Protected, Captured };                  // R-6 entry
enum class KeepTwoPiece : std::uint8_t { No, Yes };                           // R-7 keep-two-piece
enum class MainDiagonal : std::uint8_t { MainMoves, MainInPair };             // R-8 main-diagonal
enum class CurseCost : std::uint8_t { Turn, Free };                           // R-9 curse-cost
enum class EmptyKeeps : std::uint8_t { Passable, Blocked, Hostile };          // R-10 empty-keeps
enum class WhitePass : std::uint8_t { Allowed, OnlyWhenStuck };               // R-11 white-pass
enum class Repetition : std::uint8_t { Third, None };                         // R-12 repetition
enum class EdgeCaptures : std::uint8_t { None, Corners, Edges };              // R-14 edge-captures
enum class Isolated : std::uint8_t { Any, Unsupported };                      // R-15 isolated
enum class CurseHolder : std::uint8_t { Any, Ordinary };                      // R-16 curse-holder
enum class KeepSetting : std::uint8_t { AnyTime, AfterCapture };              // R-17 keep-setting
enum class KeepEntry : std::uint8_t { AsEntry, Captured, Protected };         // R-18 keep-entry

struct Rules {
  int size = 15;
  KeepPlace keeps = KeepPlace::Centres;
  StartRule start = StartRule::Reserve;
  BlackOptions black_turn = BlackOptions::Any;
  SetSquares set_squares = SetSquares::NorthOrKeep;
  EndRule end = EndRule::Keeps;
  EntryRule entry = EntryRule::Protected;
  KeepTwoPiece keep_two_piece = KeepTwoPiece::No;
  MainDiagonal main_diagonal = MainDiagonal::MainMoves;
  CurseCost curse_cost = CurseCost::Turn;
  EmptyKeeps empty_keeps = EmptyKeeps::Passable;
  WhitePass white_pass = WhitePass::Allowed;
  Repetition repetition = Repetition::Third;
  int ply_cap = 400;  // R-13 ply-cap
  EdgeCaptures edge_captures = EdgeCaptures::None;
  Isolated isolated = Isolated::Any;
  CurseHolder curse_holder = CurseHolder::Any;
  KeepSetting keep_setting = KeepSetting::AnyTime;
  KeepEntry keep_entry = KeepEntry::AsEntry;
  friend bool operator==(const Rules&, const Rules&) = default;
};

Rules rules_from_config(const Config& config);
Config config_from_rules(const Rules& rules);
// config_from_rules(rules), kept per thread for the last rules asked: the one-line form of every
// position needs it (a map of 19 strings), which took 11% of the conformance battery. The
// reference is good until the thread's next call with other rules.
const Config& config_of(const Rules& rules);
const GameDescriptor& descriptor();

inline constexpr int kMaxPlyCap = 1000;

// ---- Geometry of one size and keep placement ---------------------------------------------------
// Two squares facing each other across a square (kNoCell where one is off the board): together
// they capture the piece between them, a keep's occupant with a second such pair (C2, seed 003
// D.2), another piece along an orthogonal pair (C1) or a diagonal one holding the main piece (C4).
struct OppositePair {
  int a = kNoCell;
  int b = kNoCell;
  bool diagonal = false;
};
// The square's symmetries, the identity included (map 0; the others are listed below).
inline constexpr int kSquareMaps = 8;
struct Tables {
  int n = 0;
  int mid = 0;  // index of the central row and column
  std::array<std::array<std::int16_t, kDirections>, kMaxCells> step{};  // kNoCell off the board
  std::array<std::uint8_t, kMaxCells> region{};                           // quadrant 0..3 or kCrossRegion
  std::array<std::int8_t, kMaxCells> keep_index{};                        // -1 or the keep's quadrant
  std::array<std::int16_t, kKeeps> keep_cell{};                           // keep of quadrant q
  // Quadrants: 0 = NW, 1 = NE, 2 = SW, 3 = SE; the diametrically opposite one is 3 - q.
  std::array<std::array<std::uint8_t, kMaxCells>, 3> settable{};  // per SetSquares value
  std::array<std::array<std::int16_t, kMaxCells>, 3> settable_cells{};  // the same as lists
  std::array<int, 3> settable_count{};
  std::array<std::array<std::uint64_t, 4>, kMaxCells> zobrist{};   // per cell and piece code
  std::array<std::array<std::int16_t, kMaxCells>, kSquareMaps> image{};  // symmetric_cell per map
  std::uint64_t zobrist_white_to_move = 0;
  std::uint64_t zobrist_cursed = 0;

  static const Tables& of(int n, KeepPlace keeps);
  bool is_keep(int cell) const { return keep_index[static_cast<std::size_t>(cell)] >= 0; }
  int neighbour(int cell, int d) const {
    return step[static_cast<std::size_t>(cell)][static_cast<std::size_t>(d)];
  }
  // The four opposite pairs across `cell`, seed 003 D.2's couples "(North,South), (Est,West),
  // (NW, SE), (NE,SW)", in the order N-S, E-W, NE-SW, SE-NW (first squares N, E, NE, SE).
  std::array<OppositePair, 4> opposite_pairs(int cell) const {
    constexpr std::array<int, 4> kFirst = {0, 1, 4, 5};
    std::array<OppositePair, 4> pairs{};
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      pairs[i] = {neighbour(cell, kFirst[i]), neighbour(cell, opposite_direction(kFirst[i])), kFirst[i] >= 4};
    }
    return pairs;
  }
};

std::string_view quadrant_name(int q);  // "NW", "NE", "SW", "SE"

// ---- Moves -----------------------------------------------------------------------------------
enum class MoveKind : std::uint8_t { Step = 0, Set = 1, SetMain = 2, Curse = 3, Pass = 4 };
inline Move make_move(MoveKind kind, int from, int to) {
  return (static_cast<Move>(kind) << 16) | (static_cast<Move>(from & 0xff) << 8) | static_cast<Move>(to & 0xff);
}
inline MoveKind move_kind(Move m) { return static_cast<MoveKind>(m >> 16); }
inline int move_from(Move m) { return static_cast<int>((m >> 8) & 0xff); }
inline int move_to(Move m) { return static_cast<int>(m & 0xff); }
inline const Move kPass = make_move(MoveKind::Pass, 0, 0);

// The board's symmetries (the square's rotations and reflections), numbered as BrochsGame::symmetries()
// lists them. Symmetry 1, the West-East mirror, is kept by every ruling: keeps, setting squares,
// quadrants and the starting position are symmetric under it. Symmetries 2-7 move the North edge,
// where set-squares=north-or-keep lets Black set pieces, so they are kept only under the other two
// setting rulings (keeps, curses and captures are symmetric under all eight; the starting position
// under start=north-row is not, but a symmetry concerns the rules of play, not where a game starts).
inline constexpr std::array<const char*, 7> kSymmetryNames = {"mirror-west-east", "mirror-north-south", "turn-180", "turn-90",
                                                              "turn-270",         "mirror-nw-se",       "mirror-ne-sw"};
static_assert(static_cast<int>(kSymmetryNames.size()) + 1 == kSquareMaps);
inline int symmetry_count(const Rules& rules) { return rules.set_squares == SetSquares::NorthOrKeep ? 1 : 7; }
// Cell `cell` of an n x n board under symmetry s (0: the identity); turn-90 is clockwise.
inline int symmetric_cell(int n, int s, int cell) {
  const int r = cell / n, c = cell % n, m = n - 1;
  switch (s) {
    case 1: return r * n + (m - c);
    case 2: return (m - r) * n + c;
    case 3: return (m - r) * n + (m - c);
    case 4: return c * n + (m - r);
    case 5: return (m - c) * n + r;
    case 6: return c * n + r;
    case 7: return (m - c) * n + (m - r);
    default: return cell;
  }
}
// A move (only a step's `from` is a cell) and a set of quadrants (bit q; a quadrant is a cell of
// the 2 x 2 board of quadrants) under symmetry s.
inline Move symmetric_move_of(int n, int s, Move m) {
  const MoveKind kind = move_kind(m);
  if (kind == MoveKind::Pass) return m;
  const int from = kind == MoveKind::Step ? symmetric_cell(n, s, move_from(m)) : move_from(m);
  return make_move(kind, from, symmetric_cell(n, s, move_to(m)));
}
inline unsigned symmetric_quadrants(int s, unsigned quadrants) {
  unsigned image = 0;
  for (int q = 0; q < 4; ++q) {
    if (quadrants >> q & 1U) image |= 1U << symmetric_cell(2, s, q);
  }
  return image;
}

// The capture rules of seed 003 section D.
enum class CaptureRule : std::uint8_t { C1 = 1, C2 = 2, C3 = 3, C4 = 4 };

// Signature mechanics counted by State::apply_counting, in Game::mechanics() order: pieces
// removed by each capture rule (C3, a curse, is counted as such), pieces lost by entering a
// standing capture (entry=captured), and passes.
enum Mechanic : std::size_t { kCapturesC1, kCapturesC2, kCapturesC4, kEntryCaptures, kCurses, kPasses };
inline constexpr std::array<const char*, 6> kMechanicNames = {"C1 captures",    "C2 captures", "C4 captures",
                                                              "entry captures", "curses",      "passes"};

// One piece removed by a move, with the pieces (or empty hostile keeps) that formed the capture.
struct Capture {
  std::int16_t victim = kNoCell;
  CaptureRule rule = CaptureRule::C1;
  std::uint8_t partner_count = 0;
  std::array<std::int16_t, 4> partners{};
  bool self = false;  // the moved piece itself (entry=captured)
};

struct CaptureList {
  std::array<Capture, 10> items{};
  int count = 0;
  void add(const Capture& c) { items[static_cast<std::size_t>(count++)] = c; }
};

// Largest number of legal moves in any position (24 pieces x 28 rook moves, or 13 x 28 plus 450
// settings plus 24 curses, plus pass), rounded up.
inline constexpr int kMaxMoves = 1024;

class BrochsState final : public State {
 public:
  BrochsState(const Rules& rules);  // empty board, Black to move, empty reserve

  // Board editing used by the initial position and the parsers (no rules applied).
  void put(int cell, std::uint8_t piece);
  void set_reserve(int ordinary, bool main_in_reserve);
  void set_turn(int side, int ply, int passes, bool cursed, bool repeated);
  void finish_setup();  // recomputes derived counters, hash, history and outcome
  // Keeps (bit q: the keep of quadrant q) whose White occupant Black's last stroke captured: the
  // keeps Black may set on now under keep-setting=after-capture; always 0 otherwise.
  void set_keeps_taken(unsigned keeps) { keeps_taken_ = static_cast<std::uint8_t>(keeps); }
  unsigned keeps_taken() const { return keeps_taken_; }
  // Restores the repetition history from the reversible moves (steps and passes, oldest first)
  // played since the last irreversible action, by undoing them from this position; throws
  // InputError when they cannot have led here.
  // from_curse: the history starts right after a curse (whose position carries the curse mark).
  void restore_history(const std::vector<Move>& since, bool from_curse = false);
  bool history_from_curse() const { return history_from_curse_; }
  // Those moves, oldest first (what the notation's "since" item lists).
  std::vector<Move> moves_since_irreversible() const;
  // Drops the repetition history: the position is the first of its own (as after a capture).
  void forget_history();

  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override { *this = static_cast<const BrochsState&>(other); }
  std::uint64_t key() const override;
  // The smallest key of the images under the symmetries the rules keep (symmetry_count).
  std::uint64_t canonical_key() const override;
  std::unique_ptr<State> symmetric_image(int symmetry) const override;
  Move symmetric_move(int symmetry, Move m) const override { return symmetric_move_of(tables_->n, symmetry, m); }
  int side_to_move() const override { return side_; }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return ply_; }
  void legal_moves(std::vector<Move>& out) const override;
  void apply(Move m) override;
  void apply_counting(Move m, std::span<std::uint64_t> counts) override;
  std::string move_text(Move m) const override;
  Move parse_move(std::string_view text) const override;
  std::string diagram() const override;
  // The diagram's last line: "Black to move, ply 0, reserve 0, passes 0", or the result and why
  // the game ended; a picture's title carries it too.
  std::string status_text() const;
  std::string line() const override;
  // line() with the 'since' moves as the repetition rule sees them: the positions, in no order.
  std::string equivalence_text() const override;
  Drawing drawing() const override;
  // "passes 1", "cursed", "taken d4": what the diagram's status line says that the board and its
  // reserve line do not show ("passes 0" is left out); once the game is over, why it ended alone
  // (end_note: "repetition", "ply cap 400", ...).
  std::vector<std::string> status_notes() const override;
  // status_notes and, near the ply cap, "ply 391 of 400".
  std::vector<std::string> puzzle_notes() const override;
  // Without the 'since' moves, which no diagram shows (the repetition rule counts from here).
  std::unique_ptr<State> as_shown() const override;
  std::optional<MoveAnchor> move_anchor(Move m) const override;
  MoveTrace move_trace(Move m) const override;  // a step's origin; the pieces captured or cursed
  std::string explain(Move m) const override;
  std::string explain_text(std::string_view move_text) const override;
  std::vector<std::string> candidate_moves() const override;
  Outcome random_playout(Rng& rng) override;
  // One uniformly random legal move (precondition: the game is not over), drawn by rejection from
  // a superset of candidate moves that holds each legal move once, without building the list.
  Move random_move(Rng& rng) const;
  // "curse", "double-capture" (one move takes two or more pieces), "capture", or "".
  std::string move_theme(Move m) const override;
  // Black: the keeps still to take (a White-held keep counts twice: its holder must be captured
  // first); White: the Black pieces still to capture before Black has fewer than four. Only an
  // ordering hint (and the puzzle sources' guide), never a verdict.
  int distance_to_win(int side) const override;

  // Read access for tests, notation and explain.
  const Rules& rules() const { return rules_; }
  const Tables& tables() const { return *tables_; }
  std::uint8_t at(int cell) const { return board_[static_cast<std::size_t>(cell)]; }
  int reserve() const { return reserve_; }
  bool main_in_reserve() const { return main_in_reserve_; }
  int passes() const { return passes_; }
  bool cursed() const { return cursed_; }
  bool repeated() const { return repeated_; }
  int main_cell() const { return main_cell_; }
  std::uint64_t hash() const { return hash_; }
  int black_in_quadrant(int q) const { return black_in_quadrant_[static_cast<std::size_t>(q)]; }
  bool is_legal(Move m) const;
  // Whether generate() lists m: the slow definition is_legal must agree with (for the tests).
  bool is_listed(Move m) const;
  bool apply_if_legal(Move m) override;
  // may Black set a piece on `cell` (empty, settable under R-4) now?
  bool keep_setting_allows(int cell) const;
  // is a piece arriving on `cell` inside an enemy configuration captured?
  bool entry_is_captured(int cell) const;
  // The rulings that decide it, cited: "ruling R-6 entry=protected", "ruling R-18 keep-entry=captured",
  // "rulings R-18 keep-entry=as-entry and R-6 entry=protected".
  std::string entry_ruling(int cell) const;
  // Why m is not legal here (empty when it is).
  std::string illegal_reason(Move m) const;
  // What applying m removes (with the rule and the pieces that formed each capture).
  CaptureList captures_of(Move m) const;
  // A standing enemy configuration around the piece on `cell` that would capture it (C1, C2, C4),
  // used for the voluntary-entry rule. Returns false when there is none.
  bool standing_threat(int cell, Capture& threat) const;
  // The quadrant a curse from the keep of quadrant q would target, and whether it is eligible now.
  bool curse_eligible(int target_quadrant) const;
  std::string cell_name(int cell) const;
  // Text of the end-of-game verdict for the current position.
  std::string verdict() const;
  // Why the game ended, in a few words for a picture's status ("ply cap 400", "repetition"); ""
  // while it goes on.
  std::string end_note() const;

 private:
  MoveAnchor square_anchor(int cell) const;  // drawing(): the centre of a square, a piece's radius
  enum class EndCause : std::uint8_t { None, KeepsHeld, TooFew, MainCaptured, TwoPasses, Repetition, PlyCap };
  EndCause end_cause() const;
  std::string black_left() const;  // "3 pieces"
  // explain: what R-7 keep-two-piece, R-8 main-diagonal and R-15 isolated say about a line (C1)
  // or diagonal (C4) configuration around the enemy piece on `victim`, on the board as the engine
  // judges it (the arriving piece placed, nothing removed yet). main_partner: the square of the main
  // piece of a diagonal pair when it is not the arriving piece (R-8 applies), else kNoCell. Each
  // reading says whether it prevents the capture.
  struct RulingReading {
    bool prevents = false;
    std::string text;
  };
  std::vector<RulingReading> capture_rulings(int victim, bool diagonal, int main_partner) const;
  // explain: the C1 or C4 configuration around the enemy piece next to `to` in direction d that the
  // piece which arrived on `to` closes when are read most permissively (partners
  // as a Capture's), or false when there is none.
  bool near_capture(int to, int d, Capture& configuration) const;
  // explain: the same for the piece on `cell` standing in a configuration it entered.
  bool near_standing_threat(int cell, Capture& configuration) const;
  template <class Sink>
  void generate(Sink&& add) const;
  // Reads a move's text; with must_be_legal=false an illegal but well-formed move is returned too.
  Move read_move(std::string_view text, bool must_be_legal) const;
  template <class Sink>
  void generate_steps(int side, Sink& add) const;
  bool pieces_may_move() const;  // false while set-first keeps Black's pieces still
  bool pass_allowed() const;
  void apply_logged(Move m, CaptureList* log);
  void find_captures(int to, CaptureList& out) const;
  bool is_partner(int cell, int side) const;
  bool is_friend(int cell, int side) const;
  // The opposite pairs across `keep` (Tables::opposite_pairs, in its order) whose two squares both
  // hold `side`'s pieces.
  struct CompletePairs {
    std::array<OppositePair, 4> items{};
    int count = 0;
    const OppositePair* begin() const { return items.data(); }
    const OppositePair* end() const { return items.data() + count; }
  };
  CompletePairs complete_pairs_around(int keep, int side) const;
  bool keep_capture(int keep, int side, int arrival, Capture& capture) const;
  void remove_piece(int cell);
  void place_piece(int cell, std::uint8_t piece);
  bool counts_as_c1_target(int cell) const;
  bool unsupported(int cell) const;
  bool is_corner(int cell) const;
  // does the square beyond `victim` (opposite the piece on `near`), possibly off the board,
  // close a line capture (C1) for `side`? far_partner: that square, the corner's other neighbour,
  // or kNoCell for the board edge.
  bool closes_line(int victim, int near, int far, int side, std::int16_t& far_partner) const;
  unsigned keeps_freed_by(const CaptureList& captures) const;
  void record_position(bool irreversible, Move m);
  Outcome compute_outcome() const;
  std::uint64_t key_with(std::uint64_t hash, std::uint64_t history_digest, unsigned keeps_taken) const;

  Rules rules_;
  const Tables* tables_;
  std::array<std::uint8_t, kMaxCells> board_{};
  std::array<std::uint8_t, kKeeps> black_in_quadrant_{};
  // Cells of each side's pieces as bit sets (bit c of word c / 64), to visit pieces in cell order.
  using CellSet = std::array<std::uint64_t, (kMaxCells + 63) / 64>;
  std::array<CellSet, 2> pieces_{};
  std::uint8_t side_ = kBlackSide;
  std::uint8_t passes_ = 0;
  bool cursed_ = false;
  bool main_in_reserve_ = false;
  bool repeated_ = false;
  std::uint8_t reserve_ = 0;
  std::uint8_t keeps_taken_ = 0;
  std::uint8_t white_count_ = 0;
  std::uint8_t black_count_ = 0;  // on the board, main piece included
  std::int16_t main_cell_ = kNoCell;
  std::int16_t ply_ = 0;
  std::uint64_t hash_ = 0;
  // Sum (not XOR: counts matter to the repetition rule) of the mixed hashes in history_.
  std::uint64_t history_digest_ = 0;
  bool history_from_curse_ = false;  // history_ starts at the position right after a curse
  Outcome outcome_{};
  // Positions since the last irreversible action (capture, setting, curse): at most one per ply.
  // Copying takes only the used part, so that cloning a state stays cheap.
  struct History {
    int length = 0;
    std::array<std::uint64_t, kMaxPlyCap + 1> hashes;  // only [0, length) is meaningful
    std::array<Move, kMaxPlyCap + 1> moves;            // moves[i] led to position i (i >= 1)
    History() = default;
    History(const History& other) : length(other.length) { copy_from(other); }
    History& operator=(const History& other) {
      length = other.length;
      copy_from(other);
      return *this;
    }
    void copy_from(const History& other) {
      for (std::size_t i = 0; i < static_cast<std::size_t>(length); ++i) {
        hashes[i] = other.hashes[i];
        moves[i] = other.moves[i];
      }
    }
  };
  History history_;
};

std::unique_ptr<BrochsState> initial_position(const Rules& rules);
std::unique_ptr<BrochsState> parse_brochs_position(const Rules& rules, std::string_view text);
// Refuses (InputError "no game reaches this position: ...") a read position that breaks a condition
// every game under its rules keeps (reachability.cpp); parse_brochs_position calls it from ply 2 on
// (Game::parse_position plays the opening out).
void check_reachable(const BrochsState& state);
int diagram_size(std::string_view text);

}  // namespace arbiter::brochs

namespace arbiter {
const GameDescriptor& brochs_game();
}

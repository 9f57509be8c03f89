#pragma once
// Hexabrae (SPLLN / Martijn Althuizen, 2010): the rules engine. Seed text: seeds/004; research:
// rules.md section 4 and ambiguities H-1..H-10, each a ruling of the descriptor (descriptor.cpp).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"
#include "model/hexabrae/board.hpp"
#include "model/hexabrae/enclosures.hpp"

namespace arbiter {
const GameDescriptor& hexabrae_game();
}

namespace arbiter::hexabrae {

inline constexpr int kPiecesPerSide = 10;
inline constexpr int kMaxPlyCap = 1000;

// The rulings of one configuration, decoded once from the Config.
struct Rules {
  int radius = 4;
  bool rim_is_wall = false;            // H-1 rim=wall
  bool touch_means_adjacent = false;   // H-2 touch=adjacent
  bool may_jump = false;               // H-3 path=jump
  bool immobilization_each_step = false;  // H-4 immobilization=each-step
  bool repetition_draws = true;        // H-5a repetition=third
  int ply_cap = 300;                   // H-5b ply-cap
  bool no_action_loses = false;        // H-6 no-action=lose
  bool mover_only = false;             // H-7a enclosure-owner=mover-only
  bool count_all_enclosures = false;   // H-7b enclosures-counted=all
  bool islands_included = false;       // H-8 islands=included
  bool spurs_excluded = false;         // H-8b spurs=excluded
  bool need_half_of_enclosures = false;  // H-9 enclosure-majority=half
  bool clock_labels = false;           // H-10 orientation-numbers=clock
  bool any_pieces = false;             // H-11 pieces=any
  bool rotation_swept = false;         // H-12 rotation=swept
  bool size_by_area = false;           // H-13 enclosure-size=area
  // Not a ruling: run the whole enclosure search on every move, never the still_unsealed shortcut
  // (the tests' yardstick for the shortcut).
  bool always_search_enclosures = false;
  EnclosureRules enclosure_rules() const { return {rim_is_wall, islands_included, spurs_excluded, size_by_area}; }
};
Rules decode_rules(const Config& config);

enum class MoveKind : std::uint8_t { Pass = 0, Place = 1, Slide = 2, Rotate = 3, SlideRotate = 4, RotateSlide = 5 };

struct MoveParts {
  MoveKind kind = MoveKind::Pass;
  int from = kNoField;  // the moving piece (not for Place/Pass)
  int to = kNoField;    // destination (Place, Slide, SlideRotate, RotateSlide)
  int orientation = 0;  // new orientation (Place, Rotate, SlideRotate, RotateSlide)
};
Move encode_move(const MoveParts& parts);
MoveParts decode_move(Move m);
// The move m under board symmetry s (board.hpp): fields and new orientation mapped.
Move symmetric_move_code(const HexBoard& board, int symmetry, Move m);

struct Position {
  Cells cells{};
  std::int8_t side = 0;     // side to move: 0 White, 1 Black
  std::int8_t passes = 0;   // consecutive passes just played
  std::int16_t ply = 0;
  Outcome outcome;
  std::array<std::int8_t, 2> placed{};  // pieces on the board per side (the rest are in reserve)
  std::uint64_t hash = 0;               // pieces and side to move
  // Known: with the rim not a wall, no region of the free space is cut off from the rim. False
  // when not known (a position read from text, until its first move). Only needed under
  // enclosures-counted=all: otherwise a move needs the full enclosure search only if it seals a
  // region through the fields it changed (still_unsealed), whatever regions are sealed elsewhere.
  bool unsealed = false;
  // HexabraeState::copy_from copies these fields one by one (the histories only as far as used):
  // a new field must be added there.
  // Hashes of the positions since the last placement (placements are irreversible), current last,
  // and the change of each ply between them (printed, so that a position reads back identically).
  std::int16_t history_size = 0;
  std::array<std::uint64_t, kMaxPlyCap + 1> history{};
  std::array<std::uint32_t, kMaxPlyCap> changes{};
};

// One ply's change: a pass, or one piece going from (field, orientation) to (field, orientation).
inline constexpr std::uint32_t kPassChange = 0xFFFFFFFFu;
inline std::uint32_t encode_change(int from, int from_o, int to, int to_o) {
  return static_cast<std::uint32_t>(from | from_o << 8 | to << 16 | to_o << 24);
}
struct Change {
  int from, from_orientation, to, to_orientation;
};
inline Change decode_change(std::uint32_t c) {
  return {static_cast<int>(c & 0xFF), static_cast<int>(c >> 8 & 0xFF), static_cast<int>(c >> 16 & 0xFF),
          static_cast<int>(c >> 24 & 0xFF)};
}

// Signature mechanics counted by State::apply_counting, in Game::mechanics() order: valid
// enclosures a move made (those its verdict counts), the tied ones among them, passes.
enum Mechanic : std::size_t { kEnclosures, kTiedEnclosures, kPasses };
inline constexpr std::array<const char*, 3> kMechanicNames = {"enclosures", "tied enclosures", "passes"};

// How a move's enclosures decide the game.
struct EnclosureJudgement {
  EnclosureList after;                       // every enclosure after the move
  std::array<bool, kMaxEnclosures> counted{};  // made by this move (or all, under H-7b=all)
  std::array<int, kMaxEnclosures> winner{};    // per enclosure: side, -1 tie, -2 not valid
  std::array<int, 2> won{};
  int valid_counted = 0;
  Outcome outcome;     // ongoing unless the enclosures decide
  bool sealed = true;  // some free space is cut off from the rim (found only with the rim not a wall)
};

class HexabraeState final : public State {
 public:
  HexabraeState(const Rules& rules, const Position& position);

  std::unique_ptr<State> clone() const override { return std::make_unique<HexabraeState>(*this); }
  void copy_from(const State& other) override;
  std::uint64_t key() const override;
  std::uint64_t canonical_key() const override;
  std::unique_ptr<State> symmetric_image(int symmetry) const override;
  Move symmetric_move(int symmetry, Move m) const override { return symmetric_move_code(*board_, symmetry, m); }
  int side_to_move() const override { return position_.side; }
  Outcome outcome() const override { return position_.outcome; }
  int ply() const override { return position_.ply; }
  void legal_moves(std::vector<Move>& out) const override;
  void apply(Move m) override;
  bool apply_if_legal(Move m) override;
  void apply_counting(Move m, std::span<std::uint64_t> counts) override;
  std::string move_text(Move m) const override;
  Move parse_move(std::string_view text) const override;
  std::string diagram() const override;
  std::string line() const override;
  // line() with the history as the repetition rule sees it: the earlier positions, in no order.
  std::string equivalence_text() const override;
  Drawing drawing() const override;
  std::optional<MoveAnchor> move_anchor(Move m) const override;
  MoveTrace move_trace(Move m) const override;
  std::string move_words(Move m) const override;  // the fields of each enclosure it makes that counts  // a slide's origin (Hexabrae removes no pieces)
  std::vector<std::string> status_notes() const override;
  // status_notes and, near the ply cap (H-5b), "ply 391 of 400".
  std::vector<std::string> puzzle_notes() const override;
  // Without the history, which no diagram shows (the repetition rule counts from here).
  std::unique_ptr<State> as_shown() const override;
  std::string explain(Move m) const override;
  // Well-formed but illegal moves are explained too: the trace says which rule forbids them.
  std::string explain_text(std::string_view move_text) const override;
  std::vector<std::string> candidate_moves() const override;
  Outcome random_playout(Rng& rng) override;
  // From the board: a move wins at once only by the enclosures it makes (but under
  // no-action=lose, where these play the moves out as the default does), and a move that leaves
  // every region through the fields it changes reaching the rim makes none.
  void winning_moves(std::vector<Move>& out) const override;
  bool wins_at_once_with(Move m, State& scratch) const override;
  // "rotation-enclosure" (a move that rotates a bar and so closes a winning enclosure),
  // "enclosure" (any other move that closes one), or "".
  std::string move_theme(Move m) const override;

  // Why a finished game ended, in the order play decides it: the enclosures a move made, then a
  // third repetition, two passes in a row, the ply cap, and no action under no-action=lose.
  // Unknown where the position cannot tell (a win that enclosures on the board and the loser's
  // having no action could both explain, under no-action=lose).
  enum class EndCause { None, Enclosure, NoAction, Repetition, TwoPasses, PlyCap, Unknown };
  EndCause end_cause() const;
  // Why a finished game ended, as its status says it ("enclosure", "two passes"; "" while it goes
  // on or where the cause is Unknown): the second item of a finished game's diagram status.
  std::string end_reason() const;

  const Position& position() const { return position_; }
  const Rules& rules() const { return rules_; }
  const HexBoard& board() const { return *board_; }

  // Rule mechanics, each in one place.
  bool can_place(int field, int orientation) const;
  unsigned placeable_orientations(int field) const;  // bit o set: orientation o may be placed
  // The short-side contact of a bar of orientation o on `field` toward direction d (o or o+3),
  // with `vacated` treated as empty.
  bool short_contact(int field, int orientation, int direction, int vacated = kNoField) const;
  // H-12: the neighbouring field whose bar blocks turning a bar on `field` from orientation `from`
  // to `to` (rotation=swept), or kNoField.
  int rotation_blocker(int field, int from, int to, int vacated = kNoField) const;
  // H-11: may the side to move move or rotate the bar on `field`?
  bool may_handle(std::int8_t cell) const;
  // A placement or piece move of the side to move, or none when it has none (and must pass).
  std::optional<Move> any_action() const;
  // Why the move is not legal here, or "" when it is.
  std::string why_illegal(Move m) const;
  // every_detail: also tell made from old enclosures when none is valid (for explain).
  EnclosureJudgement judge(const Cells& before, const Cells& after, int mover, bool every_detail) const;
  Cells cells_after(const MoveParts& parts) const;

  template <class Sink>
  void for_each_legal_move(Sink&& sink) const;

 private:
  template <class Visit>
  void for_each_image_since_placement(Visit&& visit) const;
  std::uint64_t key_with(std::uint64_t hash, std::uint64_t history_digest) const;
  // The one-line form with these body tokens: "hexabrae <R> <body> [rule=value ...]".
  std::string one_line(const std::vector<std::string>& body) const;
  template <class Sink>
  bool for_each_action(Sink&& sink) const;  // placements and piece moves; true if any
  bool has_any_action() const;
  bool is_legal(Move m) const;  // m is one of the moves for_each_legal_move lists
  // Whether the move p from here to `after` may have made an enclosure: false only when it made
  // none (play skips the enclosure search then). `cuts`, this position's or null, answers most
  // moves without a walk.
  bool may_have_enclosed(const MoveParts& p, const Cells& after, const RimCuts* cuts) const;
  // Whether the legal non-pass move p wins by the enclosures it makes; `cuts`: this position's, or
  // null.
  bool wins_by_enclosure(const MoveParts& p, const RimCuts* cuts) const;
  void settle_after_change();
  void play(Move m, std::span<std::uint64_t> counts);  // counts empty: count nothing

  Rules rules_;
  const HexBoard* board_;
  Position position_;
};

// The Hexabrae state behind a State the caller knows came from this game.
inline const HexabraeState& hexabrae_state(const State& s) { return dynamic_cast<const HexabraeState&>(s); }

std::uint64_t position_hash(const Cells& cells, int fields, int side);

}  // namespace arbiter::hexabrae

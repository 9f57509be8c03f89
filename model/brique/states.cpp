#include "model/brique/states.hpp"

#include <string>
#include <utility>

#include "model/brique/explain.hpp"
#include "model/brique/notation.hpp"
#include "model/core/position_io.hpp"
#include "model/core/square_grid.hpp"
#include "model/core/text.hpp"
#include "model/core/zobrist.hpp"

namespace arbiter::brique {

std::string BriqueState::move_text(Move m) const { return brique::move_text(board_side(), m); }
Move BriqueState::parse_move(std::string_view text) const { return brique::parse_move(snapshot(), text); }
std::string BriqueState::diagram() const { return brique::diagram(snapshot()); }
std::string BriqueState::line() const { return brique::line(snapshot()); }
std::string BriqueState::equivalence_text() const { return equivalence_line(snapshot()); }
Drawing BriqueState::drawing() const { return draw(snapshot()); }
std::optional<MoveAnchor> BriqueState::move_anchor(Move m) const { return draw_anchor(snapshot(), m); }
MoveTrace BriqueState::move_trace(Move m) const {
  const Position before = snapshot();
  if (!draw_anchor(before, m)) return {};  // the swap, a pass
  Position after = before;
  reference_apply(after, m);
  return placement_trace(before.cells, after.cells, m, kEmpty, [&before](std::size_t i) { return *draw_anchor(before, static_cast<Move>(i)); },
                         "filled");
}

std::string BriqueState::move_words(Move m) const {
  const Position before = snapshot();
  if (!draw_anchor(before, m)) return "";
  Position after = before;
  reference_apply(after, m);
  const auto name_of = [&before](std::size_t i) { return brique::move_text(before.n(), static_cast<Move>(i)); };
  std::string words = placement_fill_words(before.cells, after.cells, m, kEmpty, name_of, [](std::uint8_t stone) {
    return stone == kBlackStone ? std::pair<std::string, std::string>{"a black stone", "black stones"}
                                : std::pair<std::string, std::string>{"a white stone", "white stones"};
  });
  // A fill may take a square from an enemy stone: said, since the fill's mark on it looks the same
  // as on a square that was empty ("fills d4 with a black stone, replacing White's stone").
  std::vector<std::string> filled, replaced;
  std::uint8_t enemy = kEmpty;
  for (std::size_t i = 0; i < before.cells.size(); ++i) {
    if (i == static_cast<std::size_t>(m) || before.cells[i] == after.cells[i] || after.cells[i] == kEmpty) continue;
    filled.push_back(name_of(i));
    if (before.cells[i] == kEmpty) continue;
    replaced.push_back(filled.back());
    enemy = before.cells[i];
  }
  if (!replaced.empty()) {
    words += std::string(", replacing ") + side_name(enemy == kBlackStone ? kBlack : kWhite) + "'s stone" +
             (replaced.size() > 1 ? "s" : "") + (replaced.size() < filled.size() ? " on " + listed(replaced) : "");
  }
  return words;
}

bool BriqueState::exchanges_players(Move m) const {
  return m == kSwapMove && snapshot().rules.pie == PieMode::SwapSides;
}
std::vector<std::string> BriqueState::status_notes() const { return brique::status_notes(snapshot()); }
std::vector<std::string> BriqueState::puzzle_notes() const {
  std::vector<std::string> notes = status_notes();
  if (is_legal_move(*this, kSwapMove)) notes.emplace_back("swap available");
  return notes;
}
std::string BriqueState::explain(Move m) const { return brique::explain(snapshot(), m); }
std::string BriqueState::explain_text(std::string_view move_text) const {
  const Position position = snapshot();
  return brique::explain(position, read_move(position, move_text));
}
std::vector<std::string> BriqueState::candidate_moves() const {
  return SquareGrid::of(snapshot().n()).names_and({"swap", "pass"});
}

namespace {

class ReferenceState final : public BriqueState {
 public:
  explicit ReferenceState(Position position)
      : position_(std::move(position)), outcome_(evaluate_outcome(position_)) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<ReferenceState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const ReferenceState&>(other); }
  std::uint64_t key() const override { return text_key(line()); }
  int side_to_move() const override { return position_.side; }
  Outcome outcome() const override { return outcome_; }
  int ply() const override { return position_.ply; }
  void legal_moves(std::vector<Move>& out) const override { reference_legal_moves(position_, outcome_, out); }
  void apply(Move m) override {
    reference_apply(position_, m);
    outcome_ = evaluate_outcome(position_);
  }
  Position snapshot() const override { return position_; }
  std::string line() const override { return brique::line(position_); }

 private:
  Position position_;
  Outcome outcome_;  // evaluate_outcome(position_), kept because every query needs it
};

}  // namespace

std::unique_ptr<State> make_reference_state(const Position& position) { return std::make_unique<ReferenceState>(position); }

}  // namespace arbiter::brique

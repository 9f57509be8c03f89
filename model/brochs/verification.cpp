// Brochs' verification properties, run after the game's own (properties.cpp). The board
// after a move is predicted from the move and the captures its printed form and its explanation
// name, never from the engine's internal capture search alone.
#include "model/brochs/verification.hpp"

#include "model/core/property_suite.hpp"

#include <algorithm>
#include <array>

#include "model/brochs/engine.hpp"
#include "model/brochs/properties.hpp"
#include "model/core/square_grid.hpp"

namespace arbiter::brochs {
namespace {

const BrochsState& as_brochs(const State& state) { return dynamic_cast<const BrochsState&>(state); }

// The victims a move's text names after " x ", and for a curse its target.
std::vector<int> named_victims(const BrochsState& before, Move m) {
  const std::string text = before.move_text(m);
  const SquareGrid& grid = SquareGrid::of(before.tables().n);
  std::vector<int> victims;
  if (move_kind(m) == MoveKind::Curse) return {move_to(m)};
  for (std::size_t at = text.find(" x "); at != std::string::npos; at = text.find(" x ", at + 3)) {
    const std::size_t end = text.find(' ', at + 3);
    victims.push_back(grid.parse(text.substr(at + 3, end == std::string::npos ? std::string::npos : end - at - 3)));
  }
  return victims;
}

std::uint8_t arriving_piece(const BrochsState& before, Move m) {
  switch (move_kind(m)) {
    case MoveKind::Step: return before.at(move_from(m));
    case MoveKind::Set: return Black;
    case MoveKind::SetMain: return Main;
    default: return Empty;
  }
}

PropertyVerdict touches_only_named_captures(const Game&, const State& before_state, Move m, const State& after_state) {
  const BrochsState& before = as_brochs(before_state);
  const BrochsState& after = as_brochs(after_state);
  const int cells = before.tables().n * before.tables().n;
  std::array<std::uint8_t, kMaxCells> expected{};
  for (int cell = 0; cell < cells; ++cell) expected[static_cast<std::size_t>(cell)] = before.at(cell);
  const MoveKind kind = move_kind(m);
  const int to = move_to(m);
  if (kind == MoveKind::Step) expected[static_cast<std::size_t>(move_from(m))] = Empty;
  if (kind != MoveKind::Pass && kind != MoveKind::Curse) expected[static_cast<std::size_t>(to)] = arriving_piece(before, m);
  const std::string explanation = before.explain(m);
  for (int victim : named_victims(before, m)) {
    const std::string name = before.cell_name(victim);
    if (victim < 0 || expected[static_cast<std::size_t>(victim)] == Empty) {
      return PropertyVerdict::violated(before.move_text(m) + " names an empty square as captured: " + name);
    }
    const bool self = victim == to && kind != MoveKind::Curse;
    if (!self && side_of(expected[static_cast<std::size_t>(victim)]) == before.side_to_move()) {
      return PropertyVerdict::violated(before.move_text(m) + " names the mover's own piece on " + name + " as captured");
    }
    // "Captures the ... on c5 by C1", "The arriving ... on c5 is itself captured by C1", "curses c5".
    const std::string traced = kind == MoveKind::Curse ? "curses " + name : " on " + name + (self ? " is itself captured by C" : " by C");
    if (explanation.find(traced) == std::string::npos) {
      return PropertyVerdict::violated("the explanation of " + before.move_text(m) + " does not name the capture on " + name);
    }
    expected[static_cast<std::size_t>(victim)] = Empty;
  }
  for (int cell = 0; cell < cells; ++cell) {
    if (after.at(cell) != expected[static_cast<std::size_t>(cell)]) {
      return PropertyVerdict::violated(before.move_text(m) + " changed " + before.cell_name(cell) +
                                       " other than the move and its named captures say");
    }
  }
  const int reserve = before.reserve() - (kind == MoveKind::Set ? 1 : 0);
  const bool main_in_reserve = before.main_in_reserve() && kind != MoveKind::SetMain;
  if (after.reserve() != reserve || after.main_in_reserve() != main_in_reserve) {
    return PropertyVerdict::violated(before.move_text(m) + " changed the reserve other than by the piece it set");
  }
  return PropertyVerdict::ok();
}

PropertyVerdict entering_piece_survives(const Game&, const State& before_state, Move m, const State& after_state) {
  const BrochsState& before = as_brochs(before_state);
  const BrochsState& after = as_brochs(after_state);
  const std::uint8_t piece = arriving_piece(before, m);
  if (piece == Empty || before.entry_is_captured(move_to(m))) return PropertyVerdict::ok();
  if (after.at(move_to(m)) == piece) return PropertyVerdict::ok();
  return PropertyVerdict::violated("the piece arriving on " + before.cell_name(move_to(m)) +
                                   " did not survive its own entry (" + before.entry_ruling(move_to(m)) + ")");
}

// Under entry=captured every entry is captured unless keep-entry=protected spares the keeps.
std::string every_entry_is_captured(const Game& game) {
  const Rules rules = rules_from_config(game.config());
  if (rules.entry != EntryRule::Captured || rules.keep_entry == KeepEntry::Protected) return "";
  return rules.keep_entry == KeepEntry::Captured
             ? "under entry=captured and keep-entry=captured a piece entering a sandwich is captured everywhere"
             : "under entry=captured a piece entering a sandwich is captured, on the keeps too (keep-entry=as-entry)";
}

bool all_keeps_black(const BrochsState& s) {
  for (int q = 0; q < kKeeps; ++q) {
    const std::uint8_t holder = s.at(s.tables().keep_cell[static_cast<std::size_t>(q)]);
    if (holder != Black && holder != Main) return false;
  }
  return true;
}

}  // namespace

PropertyVerdict judge_goals(const BrochsState& s, Outcome result) {
  int black_pieces = s.reserve() + (s.main_in_reserve() ? 1 : 0);
  for (int cell = 0; cell < s.tables().n * s.tables().n; ++cell) black_pieces += s.at(cell) == Black || s.at(cell) == Main;
  const bool black_goal = all_keeps_black(s);
  const bool white_goal = black_pieces < kKeeps;
  if (black_goal && white_goal) return PropertyVerdict::violated("both sides' goals are met");
  if (black_goal && result != Outcome::win(kBlackSide)) return PropertyVerdict::violated("Black holds every keep but has not won");
  if (white_goal && result != Outcome::win(kWhiteSide)) {
    return PropertyVerdict::violated("Black has fewer pieces than keeps but White has not won");
  }
  return PropertyVerdict::ok();
}

namespace {

PropertyVerdict never_two_winners(const Game&, const State& state) { return judge_goals(as_brochs(state), state.outcome()); }

}  // namespace

PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng) {
  const int n = game.config().size;
  const auto difference = [n, symmetry](const State& state, const State& image) -> std::string {
    const BrochsState& s = as_brochs(state);
    const BrochsState& t = as_brochs(image);
    if (s.reserve() != t.reserve() || s.main_in_reserve() != t.main_in_reserve() || s.side_to_move() != t.side_to_move()) {
      return "in reserve or turn";
    }
    for (int cell = 0; cell < n * n; ++cell) {
      const int image_cell = symmetric_cell(n, symmetry, cell);
      if (s.at(cell) != t.at(image_cell)) return "on " + t.cell_name(image_cell);
    }
    return "";
  };
  const std::string name = kSymmetryNames[static_cast<std::size_t>(symmetry - 1)];
  return image_game_agrees(game, image_game, {name, [n, symmetry](Move m) { return symmetric_move_of(n, symmetry, m); }, difference}, rng);
}

// A random one of the declared symmetries that map the starting position onto itself (under
// start=north-row only the West-East mirror does; the conformance battery checks the others there
// from positions of play).
PropertyVerdict board_symmetry(const Game& game, Rng& rng) {
  const auto start = game.initial_state();
  std::vector<int> keeping_the_start;
  for (int s = 1; s <= static_cast<int>(game.symmetries().size()); ++s) {
    if (start->symmetric_image(s)->line() == start->line()) keeping_the_start.push_back(s);
  }
  if (keeping_the_start.empty()) return PropertyVerdict::violated("no declared symmetry maps the starting position onto itself");
  const int symmetry = keeping_the_start[rng.below(static_cast<std::uint32_t>(keeping_the_start.size()))];
  const PropertyVerdict v = symmetry_maps_games_to_games(game, *reconfigured(game), symmetry, rng);
  return v.holds ? v : PropertyVerdict::violated(std::string(kSymmetryNames[static_cast<std::size_t>(symmetry - 1)]) + ": " + v.why);
}

std::vector<Property> verification_suite() {
  std::vector<Property> out = properties();
  add_property(out, "touches-only-named-captures",
      "a move changes only its from and to squares, the squares of the captures its text and its explanation name, and the reserve by the piece it sets",
      "seed 003 B, C, D (moves, settings, captures C1-C4)")
      .transition = touches_only_named_captures;
  Property& entering = add_property(out, "entering-piece-survives",
      "a piece that moves or is set into an enemy sandwich is not captured by it (entry=protected)",
      "seed 003 D.1: 'If a piece voluntarily infiltrates into a gap between two opposite pieces, it is not considered as captured.'");
  entering.not_applicable = every_entry_is_captured;
  entering.transition = entering_piece_survives;
  add_property(out, "never-two-winners",
      "Black's goal (every keep Black) and White's (fewer Black pieces than keeps) are never met together, and the result names the side whose goal is met",
      "seed 003 A (goals), each checked directly on the board")
      .position = never_two_winners;
  add_property(out, "board-symmetry",
      "each declared board symmetry (the West-East mirror; all eight of the square's under set-squares=keeps or anywhere) that keeps the start maps every game to a game with the same legal moves, pieces and outcome",
      "derived: keeps, quadrants, curses, captures and the reserve start are symmetric under all eight; only set-squares=north-or-keep singles out an edge")
      .arbitrary = board_symmetry;
  return out;
}

}  // namespace arbiter::brochs

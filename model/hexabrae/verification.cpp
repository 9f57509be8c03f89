// Hexabrae's verification properties, run after the game's own (properties.cpp). Positions are
// compared field by field; the enclosures a move makes are found with find_enclosures and judged
// here from the text, not with the engine's own judgement.
#include "model/hexabrae/verification.hpp"

#include "model/core/property_suite.hpp"

#include <algorithm>

#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/properties.hpp"

namespace arbiter::hexabrae {
namespace {

PropertyVerdict touches_only_the_moved_piece(const Game&, const State& before_state, Move m, const State& after_state) {
  const HexabraeState& before = hexabrae_state(before_state);
  const HexabraeState& after = hexabrae_state(after_state);
  const Position& b = before.position();
  const MoveParts parts = decode_move(m);
  const int mover = b.side;
  Cells expected = b.cells;
  auto placed = b.placed;
  switch (parts.kind) {
    case MoveKind::Pass: break;
    case MoveKind::Place:
      if (b.cells[static_cast<std::size_t>(parts.to)] != kEmpty) return PropertyVerdict::violated("a piece was placed on an occupied field");
      expected[static_cast<std::size_t>(parts.to)] = piece(mover, parts.orientation);
      ++placed[static_cast<std::size_t>(mover)];
      break;
    default: {
      const std::int8_t moving = b.cells[static_cast<std::size_t>(parts.from)];
      // Under pieces=any (H-11) the mover may handle the opponent's piece, which keeps its colour.
      const bool handled_may = moving != kEmpty && (colour_of(moving) == mover || before.rules().any_pieces);
      if (!handled_may) return PropertyVerdict::violated("the moved piece is not the mover's (pieces=own)");
      const bool turns = parts.kind != MoveKind::Slide;
      const bool slides = parts.kind != MoveKind::Rotate;
      expected[static_cast<std::size_t>(parts.from)] = kEmpty;
      expected[static_cast<std::size_t>(slides ? parts.to : parts.from)] =
          turns ? piece(colour_of(moving), parts.orientation) : moving;
      break;
    }
  }
  const Position& a = after.position();
  for (int f = 0; f < before.board().fields(); ++f) {
    if (a.cells[static_cast<std::size_t>(f)] != expected[static_cast<std::size_t>(f)]) {
      return PropertyVerdict::violated(before.move_text(m) + " changed the field " + before.board().name(f) +
                                       " other than the move says");
    }
  }
  if (a.placed != placed) return PropertyVerdict::violated(before.move_text(m) + " changed the count of placed pieces wrongly");
  return PropertyVerdict::ok();
}

// Under the default counting rulings: the enclosures a move makes (regions not there before) that
// are valid are won by their majorities; the side winning more of them wins the game. Why another
// counting ruling in force makes that claim say nothing, or "" under the defaults.
std::string counted_otherwise(const Game& game) {
  const Rules r = decode_rules(game.config());
  if (r.mover_only) return "under enclosure-owner=mover-only an enclosure the mover does not win counts as tied";
  if (r.count_all_enclosures) return "under enclosures-counted=all the enclosures already on the board count too";
  if (r.need_half_of_enclosures) return "under enclosure-majority=half a win needs more than half of the valid enclosures";
  if (r.no_action_loses) return "under no-action=lose a game is also won when the opponent can do nothing";
  return "";
}

PropertyVerdict never_two_winners(const Game&, const State& before_state, Move, const State& after_state) {
  const HexabraeState& before = hexabrae_state(before_state);
  const HexabraeState& after = hexabrae_state(after_state);
  if (before.is_terminal()) return PropertyVerdict::ok();
  EnclosureList old_list, new_list;
  find_enclosures(before.board(), before.position().cells, before.rules().enclosure_rules(), old_list);
  find_enclosures(after.board(), after.position().cells, after.rules().enclosure_rules(), new_list);
  std::array<int, 2> won{};
  for (const Enclosure& e : new_list) {
    const bool made_now = std::none_of(old_list.begin(), old_list.end(), [&](const Enclosure& o) { return o.same_region(e); });
    if (made_now && e.valid() && e.majority() >= 0) ++won[static_cast<std::size_t>(e.majority())];
  }
  const Outcome result = after.outcome();
  if (won[0] != won[1]) {
    const int winner = won[0] > won[1] ? 0 : 1;
    if (result != Outcome::win(winner)) {
      return PropertyVerdict::violated("the move's enclosures give the win to side " + std::to_string(winner) + " (" +
                                       std::to_string(won[0]) + " to " + std::to_string(won[1]) + ") but the result says otherwise");
    }
  } else if (result.kind == Outcome::Kind::Win) {
    return PropertyVerdict::violated("the game was won although the move's enclosures are tied " + std::to_string(won[0]) + " to " +
                                     std::to_string(won[1]));
  }
  return PropertyVerdict::ok();
}

}  // namespace

PropertyVerdict symmetry_maps_games_to_games(const Game& game, const Game& image_game, int symmetry, Rng& rng) {
  const HexBoard& board = HexBoard::of(game.config().size);
  // A field matches its image when both are empty, or hold the same colour in the mapped orientation.
  const auto difference = [&board, symmetry](const State& state, const State& image) -> std::string {
    const Cells& s = hexabrae_state(state).position().cells;
    const Cells& t = hexabrae_state(image).position().cells;
    for (int f = 0; f < board.fields(); ++f) {
      const std::int8_t here = s[static_cast<std::size_t>(f)], there = t[static_cast<std::size_t>(board.image(symmetry, f))];
      const bool same = here == kEmpty ? there == kEmpty
                                       : there != kEmpty && colour_of(there) == colour_of(here) &&
                                             orientation_of(there) == symmetric_orientation(symmetry, orientation_of(here));
      if (!same) return "at " + board.name(board.image(symmetry, f));
    }
    return "";
  };
  return image_game_agrees(game, image_game, {"image", [&board, symmetry](Move m) { return symmetric_move_code(board, symmetry, m); }, difference},
                           rng);
}

std::vector<Property> verification_suite() {
  std::vector<Property> out = properties();
  add_property(out, "touches-only-the-moved-piece",
      "a move changes only the placed piece's field, or the moved or rotated piece's from and to fields (colour kept, orientation as the move says)",
      "seed 004, actions 1 and 2")
      .transition = touches_only_the_moved_piece;
  Property& one_winner = add_property(out, "never-two-winners",
      "the enclosures a move makes give at most one side the majority of won enclosures, and the result names exactly that side (default counting rulings)",
      "seed 004, end of the game and its note on multiple enclosures");
  one_winner.not_applicable = counted_otherwise;
  one_winner.transition = never_two_winners;
  add_property(out, "board-symmetry",
      "the 6 turns and 6 reflections of the board, with orientations mapped, take every game to a game with the same legal moves, pieces and outcome",
      "derived: the rules speak only of fields, sides, corners and enclosed areas, all kept by the board's symmetries")
      .arbitrary = [](const Game& game, Rng& rng) {
    const int symmetry = 1 + static_cast<int>(rng.below(11));
    const PropertyVerdict v = symmetry_maps_games_to_games(game, game, symmetry, rng);
    return v.holds ? v : PropertyVerdict::violated("symmetry " + std::to_string(symmetry) + ": " + v.why);
  };
  return out;
}

}  // namespace arbiter::hexabrae

// Hexabrae's own property suite (run by `arbiter check` and the generic property tests): claims
// of rules.md section 4 and statements of seed 004 checked on random reachable play.
#include "model/hexabrae/properties.hpp"

#include "model/core/property_suite.hpp"

#include <algorithm>

#include "model/hexabrae/engine.hpp"

namespace arbiter::hexabrae {
namespace {

EnclosureList enclosures_of(const State& s) {
  EnclosureList list;
  find_enclosures(hexabrae_state(s).board(), hexabrae_state(s).position().cells, hexabrae_state(s).rules().enclosure_rules(), list);
  return list;
}

// Under rim=wall the rim seals regions together with pieces, so enclosures need not be made of
// pieces alone.
std::string rim_encloses(const Game& game) {
  return decode_rules(game.config()).rim_is_wall ? "under rim=wall the rim closes enclosures together with pieces" : "";
}

}  // namespace

std::vector<Property> properties() {
  std::vector<Property> out;
  Property& placement = add_property(out, "placement-never-encloses",
               "a placed piece touches nothing, so it never creates or changes an enclosure (rim=open, islands=excluded)",
               "rules.md 4.4 (derived)");
  placement.not_applicable = [](const Game& game) -> std::string {
    if (const std::string rim = rim_encloses(game); !rim.empty()) return rim;
    return decode_rules(game.config()).islands_included
               ? "under islands=included a piece placed inside an enclosure joins it without touching its ring"
               : "";
  };
  placement.transition = [](const Game&, const State& before, Move move, const State& after) {
    if (decode_move(move).kind != MoveKind::Place) return PropertyVerdict::ok();
    const EnclosureList a = enclosures_of(before), b = enclosures_of(after);
    const bool same = a.size == b.size && std::all_of(a.begin(), a.end(), [&](const Enclosure& e) {
                        return std::any_of(b.begin(), b.end(), [&](const Enclosure& o) { return o.same_region(e); });
                      });
    return same ? PropertyVerdict::ok() : PropertyVerdict::violated("the placement changed the enclosures");
  };
  Property& three_pieces = add_property(out, "enclosures-have-three-pieces",
               "every region sealed by pieces alone is bounded by at least 3 pieces (rim=open)",
               "rules.md 4.5 (derived: the smallest enclosure is 3 bars around a vertex)");
  three_pieces.not_applicable = rim_encloses;
  three_pieces.position = [](const Game&, const State& state) {
    for (const Enclosure& e : enclosures_of(state)) {
      if (e.pieces.count() < 3) return PropertyVerdict::violated("an enclosure made of fewer than 3 pieces");
    }
    return PropertyVerdict::ok();
  };
  Property& wins = add_property(out, "wins-come-from-enclosures",
               "a won game shows a valid enclosure whose majority is the winner's",
               "seed 004, end of the game", true);
  wins.not_applicable = [](const Game& game) -> std::string {
    return decode_rules(game.config()).no_action_loses ? "under no-action=lose a game is also won when the opponent can do nothing" : "";
  };
  wins.transition = [](const Game&, const State& before, Move, const State& after) {
    const Outcome result = after.outcome();
    if (before.is_terminal() || result.kind != Outcome::Kind::Win) return PropertyVerdict::ok();
    for (const Enclosure& e : enclosures_of(after)) {
      if (e.valid() && e.majority() == result.winner) return PropertyVerdict::ok();
    }
    return PropertyVerdict::violated("the game was won without a valid enclosure of the winner's majority");
  };
  add_property(out, "immobilized-pieces-obey",
               "a piece whose short side touches a short side never rotates first, and one with both never moves",
               "seed 004, action 2a and 2b")
      .transition = [](const Game&, const State& before, Move move, const State&) {
    const MoveParts parts = decode_move(move);
    if (parts.kind == MoveKind::Pass || parts.kind == MoveKind::Place) return PropertyVerdict::ok();
    const HexabraeState& s = hexabrae_state(before);
    const int o = orientation_of(s.position().cells[static_cast<std::size_t>(parts.from)]);
    const bool ahead = s.short_contact(parts.from, o, o), behind = s.short_contact(parts.from, o, o + 3);
    if (ahead && behind) return PropertyVerdict::violated("a totally immobilized piece moved");
    if ((ahead || behind) && (parts.kind == MoveKind::Rotate || parts.kind == MoveKind::RotateSlide)) {
      return PropertyVerdict::violated("a partially immobilized piece rotated before moving away");
    }
    return PropertyVerdict::ok();
  };
  return out;
}

}  // namespace arbiter::hexabrae

#include "model/brique/rules.hpp"

namespace arbiter::brique {

Rules Rules::from(const Config& config) {
  Rules rules;
  rules.n = config.size;
  rules.light_when_even = config.rule_is("light-squares", "even");
  rules.white_faces_black = config.rule_is("escort-directions", "facing");
  const std::string& fill = config.rule("fill");
  rules.fill = fill == "once" ? FillMode::Once : fill == "repeat" ? FillMode::Repeat : FillMode::KeepEnemy;
  const std::string& pie = config.rule("pie");
  rules.pie = pie == "swap-sides" ? PieMode::SwapSides : pie == "mirror" ? PieMode::Mirror : PieMode::Off;
  rules.pass_allowed = config.rule_is("pass", "allowed");
  return rules;
}

int Rules::max_plies() const {
  // Every placement takes an empty square and squares never become empty again, so at most n*n
  // placements; the pie swap adds one ply. With passes, no two passes are adjacent except the two
  // that end the game, so passes <= other moves + 2.
  const int other_moves = n * n + 1;
  return pass_allowed ? 2 * other_moves + 2 : other_moves;
}

bool is_light(const Rules& rules, int row, int col) { return ((row + col) % 2 == 0) == rules.light_when_even; }

std::array<Escort, 2> escorts(const Rules& rules, int side, int row, int col) {
  // "In front of" is toward the top of the diagram and "left" is the diagram's left, unless the
  // facing ruling seats White across the table, which turns both directions around for White.
  const bool turned = rules.white_faces_black && side == kWhite;
  const int front = turned ? 1 : -1;
  const int left = turned ? 1 : -1;
  if (is_light(rules, row, col)) {
    // "The escorts of a light square are the square immediately in front of it and the square
    // immediately to the left of it."
    return {Escort{row + front, col, "in front of it"}, Escort{row, col + left, "to the left of it"}};
  }
  // "The escorts of a dark square are the square immediately behind it and the square
  // immediately to the right of it."
  return {Escort{row - front, col, "behind it"}, Escort{row, col - left, "to the right of it"}};
}

std::string escort_direction(const Rules& rules, int side, int row, int col, const Escort& e) {
  if (!rules.white_faces_black || side != kWhite) return e.direction;
  const char* on_diagram = e.row < row   ? "above it"
                           : e.row > row ? "below it"
                           : e.col < col ? "to the left of it"
                                         : "to the right of it";
  return std::string(e.direction) + " in White's view, " + on_diagram + " on the diagram";
}

}  // namespace arbiter::brique

#pragma once
#include <optional>
#include <string>

#include "model/brique/reference.hpp"
#include "model/core/drawing.hpp"

namespace arbiter::brique {

// The turn m step by step as the rule text words it, or why m is illegal here.
std::string explain(const Position& position, Move m);
// Shaded squares per the light-squares ruling, stones, coordinates, the coloured edges.
Drawing draw(const Position& position);
// The square a placement fills on draw(); nothing for the swap and a pass.
std::optional<MoveAnchor> draw_anchor(const Position& position, Move m);

}  // namespace arbiter::brique

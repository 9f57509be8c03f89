#pragma once
#include <string>

#include "model/core/drawing.hpp"

namespace arbiter {

// Renders a game's Drawing as a standalone SVG document. Output is byte-identical for the same
// drawing (fixed number formatting, no timestamps), so diagrams can be committed and diffed.
std::string render_svg(const Drawing& drawing, double pixels_per_unit = 40.0);

// Text made safe inside XML or HTML (text and attribute values): & < > " escaped.
std::string xml_escape(const std::string& text);

}  // namespace arbiter

#pragma once
#include <string>

#include "model/core/drawing.hpp"

namespace arbiter {

// Text made safe inside XML and HTML elements and attributes (& < > ").
std::string xml_escape(const std::string& text);

// Renders a game's Drawing as a standalone SVG document whose declared size is `width_mm`
// millimetres wide (the height follows the drawing's proportions), so that it prints at the size
// a diagram has in a book. `record` (picture_record in puzzles/image.hpp: the program's version,
// the game, its size and the rulings in force) goes into its <metadata>, none when empty (an SVG
// inlined into a page that says them once). Output is byte-identical for the same drawing and
// record (fixed number formatting, no timestamps), so diagrams can be committed and diffed.
std::string render_svg(const Drawing& drawing, double width_mm, const std::string& record);
// The same picture as an <svg> element to inline in HTML; the page's CSS gives its size. With an
// `id`, the picture is one image for a screen reader: role="img", named by its <title> (id
// ID-title) and described by `description` in a <desc> (ID-desc), and its texts (coordinates,
// the band) aria-hidden, which read one by one were "a 1 b 2 c 3". With `described_by`, the id of
// an element of the page that gives the same words (a paragraph under the diagram), the picture
// is described by it (aria-describedby) and has no <desc>: a screen reader read the words twice.
std::string render_svg_element(const Drawing& drawing, const std::string& css_class, const std::string& id = "",
                               const std::string& description = "", const std::string& described_by = "");

// A coordinate as every text back end writes it: two decimals at most, no trailing zeros, so the
// same drawing always gives the same bytes.
std::string short_number(double value);

}  // namespace arbiter

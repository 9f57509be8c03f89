#pragma once
// A Drawing as a TikZ picture, for authors who typeset their own books in LaTeX: the same
// geometry the SVG and Cairo back ends draw (puzzles/svg.hpp, puzzles/image.hpp), so a board in
// book.tex is the board in book.html and book.pdf.
#include <string>

#include "model/core/drawing.hpp"

namespace arbiter {

// The drawing as `\begin{tikzpicture} ... \end{tikzpicture}`, scaled to `width_mm` millimetres
// wide, or smaller when its height would pass `max_height_mm` (0: no limit). Needs only the
// tikz package (which loads xcolor); labels use \fontsize, so the document should load fix-cm or
// another scalable font. Byte-identical for the same drawing.
std::string render_tikz(const Drawing& drawing, double width_mm, double max_height_mm = 0);

// Text made safe in a LaTeX paragraph or node: the ten special characters escaped, the few
// non-ASCII characters Arbiter writes (· — – ×) spelled in plain LaTeX, any other non-ASCII
// character replaced by '?' (a document with only the default fonts has no glyph for it).
std::string tex_escape(const std::string& text);

}  // namespace arbiter

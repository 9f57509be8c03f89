#pragma once
// One renderer for every format: a Drawing becomes SVG (puzzles/svg.hpp) or is painted with Cairo
// to PNG and PDF, from the same geometry, at a printed size chosen here rather than by the game.
#include <optional>
#include <string>

#include <cairo.h>

#include "model/core/drawing.hpp"

namespace arbiter {

enum class ImageFormat { Svg, Png, Pdf };

// PostScript points (PDF's and Cairo's unit) in a millimetre.
inline constexpr double kPointsPerMm = 72.0 / 25.4;

// A Drawing's colour (drawing.hpp: "none", "black", "white", "red", #rgb, #rrggbb, #rrggbbaa) as
// components in 0..1, for the back ends that need numbers (Cairo, TikZ). Any other text is a bug
// in a game's drawing (std::logic_error).
struct Colour {
  double r = 0, g = 0, b = 0, a = 1;
  bool none = false;
};
Colour parse_colour(const std::string& text);

// The endings an image file name may have, as messages list them.
inline constexpr const char* kImageNameEndings = ".svg, .png or .pdf";
// The format a file name asks for by its extension (.svg, .png, .pdf, any letter case), or
// nullopt when it names none of them.
std::optional<ImageFormat> image_format_named(const std::string& path);
// The same, throwing InputError naming the file when the name gives no format.
ImageFormat image_format_of(const std::string& path);

struct PrintSize {
  double width_mm = 90;  // a board diagram in a book is 8 to 12 cm wide
  double png_dpi = 200;  // 90 mm at 200 dpi: about 700 pixels, readable on screen and in print
};

// Writes the drawing to `path` in the format its extension asks for; throws InputError when the
// extension is unknown or the file cannot be written.
void write_image(const Drawing& drawing, const std::string& path, const PrintSize& size = {});
// The same, into memory ("-" as the file name on the command line).
std::string image_bytes(const Drawing& drawing, ImageFormat format, const PrintSize& size = {});

// Paints the drawing with its top-left corner at (x, y) of `cairo`'s user space, `scale` user
// units per drawing unit, background included. Used for single images and for book pages.
// `text_as_outlines`: the drawing's texts painted as their letters' outlines rather than shown as
// text, so that a PDF's text (what a reader extracts or a screen reader speaks) is the page's words
// alone: a book's diagram labels, extracted, fell between its headings and solutions ("a b c 2.
// Black to play"), and the book says in words what its diagrams show.
void paint_drawing(cairo_t* cairo, const Drawing& drawing, double x, double y, double scale, bool text_as_outlines = false);

}  // namespace arbiter

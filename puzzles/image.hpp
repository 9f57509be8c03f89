#pragma once
// One renderer for every format: a Drawing becomes SVG (puzzles/svg.hpp) or is painted with Cairo
// to PNG and PDF, from the same geometry, at a printed size chosen here rather than by the game.
#include <optional>
#include <string>
#include <vector>

#include <cairo.h>

#include "model/core/drawing.hpp"
#include "model/core/game.hpp"

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

// What a picture shows, as its file records it beside the program's version (version_string()):
// a game, its board and every ruling in force, defaults included, NAME=VALUE as `--json` outputs
// list them (rulings_in_force). A picture separated from its page (a PNG mailed on, a book's PDF)
// still names the code and the rules it was drawn under: an SVG in its <metadata>, a PNG in tEXt
// chunks "Software" and "Description", a PDF in its Creator, Subject and Keywords (pdfinfo shows
// them). A picture of several configurations (two readings side by side, a book) lists each.
struct PictureSubject {
  std::string game;                   // the game's name, as commands take it (GameDescriptor::name)
  std::string board;                  // board_size_name ("5x5", "radius 3")
  std::vector<std::string> rulings;   // rulings_in_force
};
using PictureSubjects = std::vector<PictureSubject>;
PictureSubject picture_subject(const GameDescriptor& game, const Config& config);
// "drawn by arbiter 0.4.0 (commit abc123): GAME 5x5, rulings in force: edges-count=no pie=on;
// ..." (the configurations in order, each once): what every format records, the SVG's <metadata>.
std::string picture_record(const PictureSubjects& subjects);
// The configurations alone ("GAME 5x5, rulings in force: edges-count=no pie=on; ..."): a
// PNG's Description and a PDF's Subject, beside the version as its Software or Creator.
std::string picture_description(const PictureSubjects& subjects);
// A PDF's Keywords: "arbiter, GAME, 5x5, edges-count=no, pie=on", each word once.
std::string picture_keywords(const PictureSubjects& subjects);

struct PrintSize {
  double width_mm = 90;  // a board diagram in a book is 8 to 12 cm wide
  double png_dpi = 200;  // 90 mm at 200 dpi: about 700 pixels, readable on screen and in print
};

// Writes the drawing to `path` in the format its extension asks for, recording what it shows
// (`subjects`) and this program's version in the file; throws InputError when the extension is
// unknown or the file cannot be written.
void write_image(const Drawing& drawing, const std::string& path, const PictureSubjects& subjects, const PrintSize& size = {});
// The same, into memory ("-" as the file name on the command line).
std::string image_bytes(const Drawing& drawing, ImageFormat format, const PictureSubjects& subjects, const PrintSize& size = {});
// A PDF surface's Creator (the version), Subject and Keywords (`subjects`): image_bytes's PDFs
// and a book's.
void set_pdf_record(cairo_surface_t* pdf, const PictureSubjects& subjects);

// Paints the drawing with its top-left corner at (x, y) of `cairo`'s user space, `scale` user
// units per drawing unit, background included. Used for single images and for book pages.
// `text_as_outlines`: the drawing's texts painted as their letters' outlines rather than shown as
// text, so that a PDF's text (what a reader extracts or a screen reader speaks) is the page's words
// alone: a book's diagram labels, extracted, fell between its headings and solutions ("a b c 2.
// Black to play"), and the book says in words what its diagrams show.
void paint_drawing(cairo_t* cairo, const Drawing& drawing, double x, double y, double scale, bool text_as_outlines = false);

}  // namespace arbiter

#include "puzzles/book.hpp"

#include <cairo-pdf.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include "model/core/errors.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/fonts.hpp"
#include "puzzles/image.hpp"
#include "puzzles/svg.hpp"
#include "puzzles/tikz.hpp"

namespace arbiter::puzzles {
namespace {

namespace fs = std::filesystem;

// One puzzle made ready for both outputs: texts and the two diagrams.
struct Entry {
  int number = 0;
  std::string task;      // "Black to play and win in 2"
  std::string details;   // "Difficulty 2/5 · Brique 7x7 · theme"
  int difficulty = 0;
  Drawing problem;
  Drawing solution;
  std::string main_line; // "1 c3!  2 d4  3 e5"
  std::vector<std::pair<std::string, std::string>> wrong_moves;  // ("b2?", "why it fails")
};

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : separator) + word;
  return out;
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

// ---- Printed sizes ------------------------------------------------------------------------

// Pages: book.pdf is A4; book.html prints on A4 or US Letter, whose printable areas with 15 mm
// margins share 180 x 249 mm (A4 is 180 mm wide, Letter 249 mm high).
constexpr double kPointsPerMm = 72.0 / 25.4;
constexpr double kPageWidth = 595.28, kPageHeight = 841.89;  // A4 in points
constexpr double kMargin = 42.5;                              // 15 mm

// The box a diagram is fitted into (as large as fits, its proportions kept), in millimetres.
struct Box {
  double width_mm, height_mm;
};
// book.html: the puzzles' diagrams at most 80 x 66 mm, so that three rows with their task and
// details lines fit 249 mm; the solutions' at most 70 x 52 mm, so that four with the heading fit.
constexpr Box kHtmlPuzzleBox{80, 66};
constexpr Box kHtmlSolutionBox{70, 52};
// book.pdf, on A4's taller page: two columns 20 pt apart, three rows with 40 pt for the texts;
// four solutions under a 30 pt heading, 12 pt apart, 170 pt wide.
constexpr double kPdfColumn = (kPageWidth - 2 * kMargin - 20) / 2, kPdfRow = (kPageHeight - 2 * kMargin) / 3;
constexpr double kPdfSolutionSlot = (kPageHeight - 2 * kMargin - 30) / 4, kPdfSolutionWidth = 170;
constexpr Box kPdfPuzzleBox{kPdfColumn / kPointsPerMm, (kPdfRow - 40) / kPointsPerMm};
constexpr Box kPdfSolutionBox{kPdfSolutionWidth / kPointsPerMm, (kPdfSolutionSlot - 12) / kPointsPerMm};

// The band under a diagram (side to move, result, caption) prints at least this large in the
// book, a long status at least four fifths of it (diagram.hpp): 7.5 pt and 6 pt.
constexpr double kBandPoints = 7.5;

// Millimetres a drawing unit prints at in the smaller of its two boxes (HTML and PDF).
double mm_per_unit(const Drawing& drawing, const Box& html, const Box& pdf) {
  double scale = 1e9;
  for (const Box& box : {html, pdf}) scale = std::min({scale, box.width_mm / drawing.width, box.height_mm / drawing.height});
  return scale;
}

// The game's own labels (coordinates, field names) print at least this large in the book where
// they have room (the key under a picture prints at the band's size, kBandPoints).
constexpr double kLabelPoints = 6;

// The box a label takes, about: DejaVu Sans averages a little over half an em a character, and
// glyphs stay within half an em of the middle line. A label anchored at its left end usually has
// a key (a swatch, a disc) in the em and a half before it, which counts as its own.
struct LabelBox {
  double left, top, right, bottom;
  bool meets(const LabelBox& other) const {
    return left < other.right && other.left < right && top < other.bottom && other.top < bottom;
  }
};
LabelBox label_box(const Shape& label, double size) {
  const double wide = 0.58 * size * static_cast<double>(label.text.size()), x = label.points[0].first, y = label.points[0].second;
  const double high = 0.8 * size;  // letters and digits stand about 0.73 em high
  if (label.text_from_left) return {x - 1.5 * size, y - high / 2, x + wide, y + high / 2};
  return {x - wide / 2, y - high / 2, x + wide / 2, y + high / 2};
}

LabelBox bounds_of(const Shape& s) {
  LabelBox bounds{s.points[0].first, s.points[0].second, s.points[0].first, s.points[0].second};
  for (const auto& [x, y] : s.points) {
    bounds = {std::min(bounds.left, x), std::min(bounds.top, y), std::max(bounds.right, x), std::max(bounds.bottom, y)};
  }
  return bounds;
}

bool holds(const LabelBox& outer, const LabelBox& inner) {
  return outer.left <= inner.left && outer.top <= inner.top && outer.right >= inner.right && outer.bottom >= inner.bottom;
}

// A label's own plate: the filled polygon drawn for it (role "<label's role>-tag", drawing.hpp)
// that holds it whole as drawn. It grows with its label.
std::optional<std::size_t> plate_of(const Drawing& drawing, const Shape& label) {
  const LabelBox was = label_box(label, label.font_size);
  for (std::size_t i = 0; i < drawing.shapes.size(); ++i) {
    const Shape& s = drawing.shapes[i];
    if (s.kind == Shape::Kind::Polygon && !s.points.empty() && s.role == label.role + "-tag" && holds(bounds_of(s), was)) return i;
  }
  return std::nullopt;
}

// Where a label may grow: within the picture (widened up to `max_width`), and, unless it has a
// plate of its own (which it takes along), within the bounds of every filled polygon that held it
// whole as drawn (a square), so that it stays on what it was drawn on.
LabelBox room_of(const Drawing& drawing, const LabelBox& was, double max_width, bool plated) {
  LabelBox room{0, 0, max_width, drawing.height};
  for (const Shape& s : drawing.shapes) {
    if (plated) break;
    if (s.kind != Shape::Kind::Polygon || s.points.empty() || s.fill == "none") continue;
    const LabelBox bounds = bounds_of(s);
    if (holds(bounds, was)) {
      room = {std::max(room.left, bounds.left), std::max(room.top, bounds.top), std::min(room.right, bounds.right),
              std::min(room.bottom, bounds.bottom)};
    }
  }
  return room;
}

// The game's labels set larger where they would print under kLabelPoints at `mm_per_unit`. Labels
// of one kind (one role and size: the coordinates, the field names) grow together, to the largest
// least size (up to kLabelPoints) at which none of them comes to overlap another label or to leave
// its room (room_of: the square it is on, the picture, which may widen up to `max_width`) where it
// did not before; one kind after another. A label's plate grows with it. Generic: the game drew its
// labels for a picture 9 cm wide, and a book prints some diagrams at half that width. The band
// (status, caption) is sized by decorate_for_print, and numbered moves fit their discs.
Drawing with_printable_labels(Drawing drawing, double mm_per_unit, double max_width) {
  struct Label {
    std::size_t shape;
    double was, least = 0;  // its font size as drawn; the least size (points) its kind grows to
    LabelBox room;          // room_of its box as drawn
    std::optional<std::size_t> plate;
  };
  std::vector<Label> labels;
  std::map<std::pair<std::string, double>, std::vector<std::size_t>> kinds;  // indexes into labels
  for (std::size_t i = 0; i < drawing.shapes.size(); ++i) {
    const Shape& s = drawing.shapes[i];
    if (s.kind == Shape::Kind::Text && !s.points.empty() && !s.text.empty() && s.role != "status" && s.role != "caption" &&
        s.role != "move-number") {
      kinds[{s.role, s.font_size}].push_back(labels.size());
      const auto plate = plate_of(drawing, s);
      labels.push_back({i, s.font_size, 0, room_of(drawing, label_box(s, s.font_size), max_width, plate.has_value()), plate});
    }
  }
  const double unit_points = mm_per_unit * kPointsPerMm;
  const auto size_of = [&](const Label& label) {
    // 1% over, as the band: an SVG writes sizes to two decimals, which took 5.98 pt from 6.
    return std::max(label.was, label.least * 1.01 / unit_points);
  };
  const auto box_of = [&](const Label& label, double size) { return label_box(drawing.shapes[label.shape], size); };
  const auto inside = [](const LabelBox& box, const LabelBox& room) {
    return box.left >= room.left && box.top >= room.top && box.right <= room.right && box.bottom <= room.bottom;
  };
  const auto fits = [&](const std::vector<std::size_t>& kind, double least) {
    for (const std::size_t a : kind) {
      Label grown_label = labels[a];
      grown_label.least = least;
      const LabelBox grown = box_of(grown_label, size_of(grown_label)), was = box_of(labels[a], labels[a].was);
      if (!inside(grown, labels[a].room) && inside(was, labels[a].room)) return false;
      for (std::size_t b = 0; b < labels.size(); ++b) {
        if (b == a) continue;
        const Label& other = labels[b];
        const double other_size = std::find(kind.begin(), kind.end(), b) != kind.end() ? size_of(grown_label) * other.was / labels[a].was
                                                                                        : size_of(other);
        if (grown.meets(box_of(other, other_size)) && !was.meets(box_of(other, other.was))) return false;
      }
    }
    return true;
  };
  for (const auto& [key, kind] : kinds) {
    double low = 0, high = kLabelPoints;  // in points: `low` fits (nothing grows), `high` may not
    if (!fits(kind, high)) {
      for (int step = 0; step < 10; ++step) {
        const double middle = (low + high) / 2;
        (fits(kind, middle) ? low : high) = middle;
      }
      high = low;
    }
    for (const std::size_t i : kind) labels[i].least = high;
  }
  // A label that grew past the right edge widens the picture (into room its box leaves free).
  double right = drawing.width;
  for (const Label& label : labels) {
    const double size = size_of(label);
    drawing.shapes[label.shape].font_size = size;
    if (label.plate && size > label.was) {
      const auto [x, y] = drawing.shapes[label.shape].points[0];
      for (auto& [px, py] : drawing.shapes[*label.plate].points) {
        px = x + (px - x) * size / label.was;
        py = y + (py - y) * size / label.was;
      }
    }
    if (size > label.was) right = std::max(right, box_of(label, size).right + size / 2);
  }
  drawing.width = std::min(right, max_width);
  return drawing;
}

// The board decorated with its band set large enough to print at kBandPoints in its boxes: the
// band's size depends on the scale and the scale on the band's height, so it is set a few times.
Drawing decorate_for_print(const Drawing& board, Decorations decorations, const Box& html, const Box& pdf) {
  Drawing out = decorate(board, decorations);
  for (int round = 0; round < 6; ++round) {
    const double font = decorations.band_font > 0 ? decorations.band_font : board.width * 0.036;
    const double scale = mm_per_unit(out, html, pdf);
    const double least_number = kLabelPoints / kPointsPerMm / scale;  // numbers: kLabelPoints, as the game's labels
    // Half of the 1% margin kept: an SVG writes sizes to two decimals.
    if (font * scale * kPointsPerMm >= kBandPoints - 1e-6 && decorations.number_font >= least_number * 1.005) break;
    decorations.band_font = std::max(font, kBandPoints / kPointsPerMm / scale * 1.01);
    decorations.number_font = std::max(decorations.number_font, least_number * 1.01);
    decorations.band_width = std::min(html.width_mm, pdf.width_mm) / scale * 0.98;
    out = decorate(board, decorations);
  }
  // The picture may grow wider up to the width at which it would print smaller: a tall diagram
  // leaves its box room at the side.
  const double scale = mm_per_unit(out, html, pdf);
  return with_printable_labels(std::move(out), scale, std::min(html.width_mm, pdf.width_mm) / scale);
}

Entry prepare(const Puzzle& puzzle, int number) {
  const GameDescriptor& game = find_game(puzzle.game);
  const auto configured = make_game(game, puzzle.size, puzzle.rulings);
  std::unique_ptr<State> start;
  try {
    start = configured->parse_position(puzzle.position);
  } catch (const InputError& error) {
    throw InputError("puzzle " + std::to_string(puzzle.id) + ": its position does not read back: " + error.what());
  }
  const int mover = start->side_to_move();
  const std::string mover_name = game.side_names.at(static_cast<std::size_t>(mover));
  Entry entry;
  entry.number = number;
  entry.task = task_text(puzzle, mover_name);
  entry.difficulty = puzzle.difficulty;
  // The board as the game names it in its drawing's title ("Brique 7x7", "Hexabrae, radius 3").
  const Drawing board = start->drawing();
  const std::string board_name = board.title.substr(0, board.title.find(':'));
  entry.details = "Difficulty " + std::to_string(puzzle.difficulty) + "/5 · " + board_name +
                  (puzzle.theme.empty() ? "" : " · " + puzzle.theme);

  Decorations problem;
  problem.status = mover_name + " to play";
  problem.status_colour = side_colour(game, mover);
  entry.problem = decorate_for_print(board, problem, kHtmlPuzzleBox, kPdfPuzzleBox);

  PlayedLine line;
  try {
    line = play_main_line(puzzle, *start);
  } catch (const InputError& error) {
    throw InputError("puzzle " + std::to_string(puzzle.id) + ": " + error.what());
  }
  // The status of the line's end as every other picture gives it: the result with the winner's
  // disc (and why the game ended), or, for a line that stops short of the end, the side to move.
  Decorations solution = status_decorations(game, *line.end);
  if (!line.unplaced.empty()) solution.caption = "Off the board: " + join(line.unplaced, ", ");
  solution.numbers = line.numbers;
  solution.mover_colours = side_colours(game);
  entry.solution = decorate_for_print(line.end->drawing(), solution, kHtmlSolutionBox, kPdfSolutionBox);

  std::vector<std::string> numbered;
  for (std::size_t i = 0; i < puzzle.main_line.size(); ++i) {
    numbered.push_back(std::to_string(i + 1) + " " + puzzle.main_line[i] + (i == 0 ? "!" : ""));
  }
  entry.main_line = join(numbered, "  ");
  for (const Refutation& wrong : puzzle.refutations) {
    std::string why = wrong.why;  // the generator's sentence names the defence itself
    if (why.empty()) {
      why = wrong.defence.empty() ? "it does not win" : "answered by " + join(wrong.defence, " ") + ", it does not win";
      if (puzzle.kind == PuzzleKind::WinsWithin) why += " in " + std::to_string(puzzle.within);
    }
    entry.wrong_moves.push_back({wrong.move + "?", why});
  }
  return entry;
}

// Print: one sheet a page on A4 and US Letter alike, whose printable areas with 15 mm margins
// share 180 x 249 mm. A puzzle row is its task (11 pt), a diagram at most 66 mm high and the
// details (8 pt, two lines at most): three rows take about 245 mm. A solution is at most 52 mm
// high, so that four with 4 mm between them and the heading take about 240 mm. The diagrams'
// heights are set and their widths follow from their proportions (kHtmlPuzzleBox and
// kHtmlSolutionBox, from which the band under each diagram is sized).
constexpr const char* kCss = R"(
@page { margin: 15mm; }
body { font-family: "DejaVu Serif", Georgia, serif; color: #111; margin: 0; background: #ddd; }
.sheet { background: white; width: 180mm; min-height: 249mm; margin: 8mm auto; padding: 10mm; box-sizing: content-box; }
.title-page { display: flex; flex-direction: column; justify-content: center; text-align: center; }
.title-page h1 { font-size: 32pt; margin-bottom: 4mm; overflow-wrap: anywhere; }
.title-page .subtitle { font-size: 14pt; overflow-wrap: anywhere; }
.title-page .notes { font-size: 10pt; text-align: left; margin: 20mm 20mm 0; }
.grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 8mm; row-gap: 4mm; }
.puzzle h3 { font-size: 11pt; margin: 0 0 1mm; font-family: "DejaVu Sans", sans-serif; }
.puzzle .details, .solution .details { font-size: 8pt; color: #444; margin: 0.5mm 0 0; font-family: "DejaVu Sans", sans-serif; }
svg.diagram { display: block; flex: none; width: auto; height: 66mm; max-width: 80mm; }
h2 { font-size: 18pt; margin: 0 0 5mm; }
.solution { display: flex; gap: 6mm; margin-bottom: 4mm; break-inside: avoid; }
.solution svg.diagram { height: 52mm; max-width: 70mm; }
.solution .text { font-size: 9.5pt; }
.solution h3 { font-size: 11pt; margin: 0 0 1.5mm; }
.solution p { margin: 1mm 0; }
.solution .line { font-family: "DejaVu Sans Mono", monospace; }
.solution ul { padding-left: 5mm; margin: 1mm 0; }
@media print {
  body { background: none; }
  .sheet { margin: 0; padding: 0; width: auto; min-height: 0; break-after: page; }
  .sheet:last-child { break-after: auto; }
}
)";

std::string html_book(const std::vector<Entry>& entries, const BookOptions& options, const std::string& notes) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << xml_escape(options.title)
       << "</title>\n<style>" << kCss << "</style>\n</head>\n<body>\n";
  html << "<section class=\"sheet title-page\">\n<h1>" << xml_escape(options.title) << "</h1>\n";
  if (!options.subtitle.empty()) html << "<p class=\"subtitle\">" << xml_escape(options.subtitle) << "</p>\n";
  html << "<div class=\"notes\">" << notes << "</div>\n</section>\n";
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    html << "<section class=\"sheet\">\n<div class=\"grid\">\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      html << "<div class=\"puzzle\" id=\"puzzle-" << e.number << "\">\n<h3>" << e.number << ". " << xml_escape(e.task)
           << "</h3>\n" << render_svg_element(e.problem, "diagram problem") << "<p class=\"details\">"
           << xml_escape(e.details) << "</p>\n</div>\n";
    }
    html << "</div>\n</section>\n";
  }
  for (std::size_t first = 0; first < entries.size(); first += kSolutionsPerPage) {
    html << "<section class=\"sheet\">\n";
    if (first == 0) html << "<h2>Solutions</h2>\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kSolutionsPerPage); ++i) {
      const Entry& e = entries[i];
      html << "<div class=\"solution\" id=\"solution-" << e.number << "\">\n"
           << render_svg_element(e.solution, "diagram solution") << "<div class=\"text\">\n<h3>" << e.number << ". "
           << xml_escape(e.task) << "</h3>\n<p class=\"line\">" << xml_escape(e.main_line) << "</p>\n";
      if (!e.wrong_moves.empty()) {
        html << "<ul>\n";
        for (const auto& [move, why] : e.wrong_moves) {
          html << "<li><b>" << xml_escape(move) << "</b> " << xml_escape(why) << "</li>\n";
        }
        html << "</ul>\n";
      }
      html << "<p class=\"details\">" << xml_escape(e.details) << "</p>\n</div>\n</div>\n";
    }
    html << "</section>\n";
  }
  html << "</body>\n</html>\n";
  return html.str();
}

// ---- LaTeX ----------------------------------------------------------------------------------

// book.tex: the same pages for authors who typeset their own books. Plain LaTeX with tikz (and
// fix-cm, for labels at any size), A4 with 15 mm margins like book.pdf, six puzzles a page in a
// 2x3 grid of fixed-height boxes, four solutions a page, each diagram a tikzpicture drawn from
// the very Drawing the HTML and PDF show.
std::string tex_book(const std::vector<Entry>& entries, const BookOptions& options, const std::vector<std::string>& notes) {
  std::ostringstream tex;
  // The compile command names another output: `pdflatex book.tex` would replace the book.pdf
  // that Cairo wrote beside it.
  tex << "% " << tex_escape(options.title) << ": written by arbiter book (packages: fix-cm, geometry, tikz).\n"
         "% Compile with: pdflatex -jobname=book-latex book.tex (plain `pdflatex book.tex` replaces book.pdf)\n"
         "\\documentclass[a4paper,10pt]{article}\n"
         "\\usepackage{fix-cm}\n"
         "\\usepackage[margin=15mm,includefoot]{geometry}\n"
         "\\usepackage{tikz}\n"
         "\\setlength{\\parindent}{0pt}\n"
         "\\begin{document}\n"
         "\\begin{titlepage}\n\\centering\n\\vspace*{0.28\\textheight}\n{\\fontsize{30}{36}\\selectfont\\bfseries "
      << tex_escape(options.title) << "\\par}\n";
  if (!options.subtitle.empty()) tex << "\\vspace{6mm}\n{\\Large " << tex_escape(options.subtitle) << "\\par}\n";
  tex << "\\vspace{20mm}\n\\begin{minipage}{0.8\\textwidth}\n\\small\n";
  for (const std::string& note : notes) tex << tex_escape(note) << "\\par\\medskip\n";
  tex << "\\end{minipage}\n\\end{titlepage}\n\\setcounter{page}{2}\n";

  // Diagrams as in book.html: 80 mm wide, at most 68 mm high, two columns.
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    tex << "% puzzles " << first + 1 << " to "
        << std::min(entries.size(), first + kPuzzlesPerPage) << "\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      tex << "\\begin{minipage}[t][84mm][t]{0.485\\textwidth}\n\\textbf{" << e.number << ". " << tex_escape(e.task)
          << "}\\par\\smallskip\n\\centering\n" << render_tikz(e.problem, 80, 68) << "\\par\\smallskip\n"
          << "\\raggedright{\\footnotesize\\sffamily " << tex_escape(e.details) << "}\n\\end{minipage}"
          << ((i - first) % 2 == 0 ? "\\hfill\n" : "\\par\n");
    }
    tex << "\\clearpage\n";
  }
  for (std::size_t first = 0; first < entries.size(); first += kSolutionsPerPage) {
    if (first == 0) tex << "\\section*{Solutions}\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kSolutionsPerPage); ++i) {
      const Entry& e = entries[i];
      tex << "\\begin{minipage}[t]{62mm}\n\\vspace{0pt}\n" << render_tikz(e.solution, 60, 55)
          << "\n\\end{minipage}\\hfill\n\\begin{minipage}[t]{\\dimexpr\\textwidth-66mm\\relax}\n\\vspace{0pt}\n"
          << "\\textbf{" << e.number << ". " << tex_escape(e.task) << "}\\par\\smallskip\n{\\ttfamily "
          << tex_escape(e.main_line) << "}\\par\\smallskip\n";
      for (const auto& [move, why] : e.wrong_moves) {
        tex << "{\\small\\textbf{" << tex_escape(move) << "} " << tex_escape(why) << "}\\par\n";
      }
      tex << "\\smallskip{\\footnotesize\\sffamily " << tex_escape(e.details) << "}\n\\end{minipage}\\par\\vspace{5mm}\n";
    }
    tex << "\\clearpage\n";
  }
  tex << "\\end{document}\n";
  return tex.str();
}

// ---- PDF ----------------------------------------------------------------------------------

class PdfWriter {
 public:
  explicit PdfWriter(const std::string& path)
      : surface_(cairo_pdf_surface_create(path.c_str(), kPageWidth, kPageHeight), cairo_surface_destroy),
        cairo_(cairo_create(surface_.get()), cairo_destroy) {
    if (cairo_surface_status(surface_.get()) != CAIRO_STATUS_SUCCESS) throw InputError("cannot write " + quote_input(path));
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z");
  }
  cairo_t* cairo() { return cairo_.get(); }
  void set_title(const std::string& title) {
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
  }

  void text(double x, double y, const std::string& content, double size, bool bold = false, bool centred = false) {
    const double advance = text_advance(cairo(), content, size, bold);
    cairo_set_source_rgb(cairo(), 0.07, 0.07, 0.07);
    show_text(cairo(), centred ? x - advance / 2 : x, y, content, size, bold);
  }
  // Words wrapped to `width`; returns the baseline below the last line.
  double wrapped(double x, double y, double width, const std::string& content, double size, bool bold = false) {
    std::istringstream words(content);
    std::string line, word;
    auto flush = [&] {
      if (line.empty()) return;
      text(x, y, line, size, bold);
      y += size * 1.3;
      line.clear();
    };
    while (words >> word) {
      const std::string longer = line.empty() ? word : line + " " + word;
      if (text_advance(cairo(), longer, size, bold) > width && !line.empty()) {
        flush();
        line = word;
      } else {
        line = longer;
      }
    }
    flush();
    return y;
  }
  // Lines centred on x, wrapped to `width`, the first baseline at y; a word wider than `width`
  // sets the whole text smaller until it fits (a long title ran off both edges of the page on one
  // line). Returns the baseline below the last line.
  double centred(double x, double y, double width, const std::string& content, double size, bool bold = false) {
    const auto width_of = [&](const std::string& words, double at_size) { return text_advance(cairo(), words, at_size, bold); };
    std::vector<std::string> words;
    std::istringstream in(content);
    for (std::string word; in >> word;) words.push_back(word);
    for (const std::string& word : words) {
      const double wide = width_of(word, size);
      if (wide > width) size *= width / wide;
    }
    std::string line;
    for (const std::string& word : words) {
      const std::string longer = line.empty() ? word : line + " " + word;
      if (!line.empty() && width_of(longer, size) > width) {
        text(x, y, line, size, bold, true);
        y += size * 1.2;
        line = word;
      } else {
        line = longer;
      }
    }
    if (!line.empty()) text(x, y, line, size, bold, true);
    return y + size * 1.2;
  }
  void finish_page() {
    ++pages_;
    if (pages_ > 1) text(kPageWidth / 2, kPageHeight - kMargin / 2, std::to_string(pages_), 9, false, true);
    cairo_show_page(cairo());
  }
  int pages() const { return pages_; }
  void close() {
    cairo_.reset();
    cairo_surface_finish(surface_.get());
    if (cairo_surface_status(surface_.get()) != CAIRO_STATUS_SUCCESS) throw InputError("cannot finish the PDF");
    surface_.reset();
  }

 private:
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface_;
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cairo_;
  int pages_ = 0;
};

// Paints the drawing centred in the box (x, y, width, height), as large as fits.
void fit_drawing(cairo_t* cairo, const Drawing& drawing, double x, double y, double width, double height) {
  const double scale = std::min(width / drawing.width, height / drawing.height);
  paint_drawing(cairo, drawing, x + (width - drawing.width * scale) / 2, y, scale);
}

int pdf_book(const std::vector<Entry>& entries, const BookOptions& options, const std::vector<std::string>& notes,
             const std::string& path, const std::function<void(const char*, int)>& report) {
  PdfWriter pdf(path);
  pdf.set_title(options.title);
  const double text_width = kPageWidth - 2 * kMargin;
  double y = pdf.centred(kPageWidth / 2, kPageHeight * 0.35, text_width, options.title, 30, true);
  if (!options.subtitle.empty()) y = pdf.centred(kPageWidth / 2, y + 6, text_width, options.subtitle, 14);
  y = std::max(kPageHeight * 0.55, y + 40);
  for (const std::string& note : notes) y = pdf.wrapped(kMargin + 40, y, kPageWidth - 2 * kMargin - 80, note, 10) + 6;
  pdf.finish_page();

  const double column = kPdfColumn, row = kPdfRow;
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      const std::size_t slot = i - first;
      const double x = kMargin + static_cast<double>(slot % 2) * (column + 20);
      const double top = kMargin + static_cast<double>(slot / 2) * row;
      pdf.text(x, top + 11, std::to_string(e.number) + ". " + e.task, 11, true);
      fit_drawing(pdf.cairo(), e.problem, x, top + 18, column, row - 40);
      pdf.text(x, top + row - 12, e.details, 8);
      report("pdf puzzles", static_cast<int>(i) + 1);
    }
    pdf.finish_page();
  }
  const double slot_height = kPdfSolutionSlot, diagram_width = kPdfSolutionWidth;
  static_assert(kSolutionsPerPage == 4 && kPuzzlesPerPage == 6, "the page geometry above is for 6 puzzles and 4 solutions");
  for (std::size_t first = 0; first < entries.size(); first += kSolutionsPerPage) {
    double top = kMargin;
    if (first == 0) {
      pdf.text(kMargin, kMargin + 18, "Solutions", 18, true);
    }
    top += 30;
    for (std::size_t i = first; i < std::min(entries.size(), first + kSolutionsPerPage); ++i) {
      const Entry& e = entries[i];
      fit_drawing(pdf.cairo(), e.solution, kMargin, top, diagram_width, slot_height - 12);
      const double x = kMargin + diagram_width + 16, width = kPageWidth - kMargin - x;
      double line_y = pdf.wrapped(x, top + 12, width, std::to_string(e.number) + ". " + e.task, 11, true);
      line_y = pdf.wrapped(x, line_y + 2, width, e.main_line, 10);
      for (const auto& [move, why] : e.wrong_moves) line_y = pdf.wrapped(x, line_y + 2, width, move + " " + why, 9);
      pdf.wrapped(x, line_y + 2, width, e.details, 8);
      top += slot_height;
      report("pdf solutions", static_cast<int>(i) + 1);
    }
    pdf.finish_page();
  }
  const int pages = pdf.pages();
  pdf.close();
  return pages;
}

// The title page's claim, exactly what the solver proved for the kinds of puzzles in the book:
// a win-in-K puzzle's other moves were proved not to win within K moves, which leaves them free
// to win later, while a plain win puzzle's were proved not to win at all.
std::string what_was_proved(const std::vector<Puzzle>& puzzles) {
  std::set<int> move_counts;  // K of the win-in-K puzzles
  bool any_plain_win = false;
  for (const Puzzle& puzzle : puzzles) {
    if (puzzle.kind == PuzzleKind::WinsWithin) {
      move_counts.insert(puzzle.within);
    } else {
      any_plain_win = true;
    }
  }
  const auto within = [](int k) { return "within " + std::to_string(k) + (k == 1 ? " move" : " moves"); };
  std::string text = "Every puzzle has exactly one winning first move, proved by Arbiter's exact solver";
  if (move_counts.empty()) return text + "; every other move was proved not to win.";
  const int most = *move_counts.rbegin();
  const std::string counting = " \"Win in " + std::to_string(most) + "\" counts the winner's own moves.";
  if (move_counts.size() == 1 && !any_plain_win) {
    return text + ": it wins " + within(most) + " against every defence, and every other move was proved not to win " +
           within(most) + " (it may still win later)." + counting;
  }
  std::vector<std::string> claims;
  for (const int k : move_counts) {
    claims.push_back("not to win " + within(k) + " in the \"win in " + std::to_string(k) + "\" puzzles");
  }
  if (any_plain_win) {
    return text + ". Every other move was proved " + join(claims, ", ") +
           ", and not to win at all in the \"win\" puzzles; in the others such a move may still win later." + counting;
  }
  const std::string last = claims.back();
  claims.pop_back();
  return text + ". Every other move was proved " + join(claims, ", ") + " and " + last +
         " (such a move may still win later)." + counting;
}

}  // namespace

std::string task_text(const Puzzle& puzzle, const std::string& side_name) {
  std::string text = side_name + " to play and win";
  if (puzzle.kind == PuzzleKind::WinsWithin) text += " in " + std::to_string(puzzle.within);
  return text;
}

BookFiles write_book(const std::vector<Puzzle>& puzzles, const std::string& folder, const BookOptions& options) {
  if (puzzles.empty()) throw InputError("no puzzles to put in a book");
  std::error_code error;
  fs::create_directories(fs::path(folder) / "diagrams", error);
  if (error) throw InputError("cannot create the folder " + quote_input(folder) + ": " + error.message());

  std::vector<Entry> entries;
  std::set<std::string> games;
  const int total = static_cast<int>(puzzles.size());
  const auto report = [&](const char* stage, int done) {
    if (options.progress) options.progress(stage, done, total);
  };
  for (const Puzzle& puzzle : puzzles) {
    entries.push_back(prepare(puzzle, static_cast<int>(entries.size()) + 1));
    games.insert(capitalised(puzzle.game));
    report("diagrams", static_cast<int>(entries.size()));
  }
  const std::vector<std::string> notes = {
      std::to_string(puzzles.size()) + " puzzles: " + join({games.begin(), games.end()}, ", ") + ".",
      what_was_proved(puzzles),
      "The solutions number the moves of the main line on the board where they were played; moves without a place "
      "(a pass) are listed under the diagram. Tempting wrong moves are marked '?'.",
      "Made with " + std::string(version_string()) + "."};
  std::string html_notes;
  for (const std::string& note : notes) html_notes += "<p>" + xml_escape(note) + "</p>\n";

  BookFiles files;
  files.html = (fs::path(folder) / "book.html").string();
  files.pdf = (fs::path(folder) / "book.pdf").string();
  const auto write_text = [](const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush()) throw InputError("cannot write " + quote_input(path));
  };
  write_text(files.html, html_book(entries, options, html_notes));
  files.tex = (fs::path(folder) / "book.tex").string();
  write_text(files.tex, tex_book(entries, options, notes));
  files.pdf_pages = pdf_book(entries, options, notes, files.pdf, report);
  PrintSize size;
  size.width_mm = 80;
  for (const char* kind : {"puzzle", "solution"}) {
    for (const Entry& e : entries) {
      char name[64];
      std::snprintf(name, sizeof name, "%s-%03d.png", kind, e.number);
      const std::string path = (fs::path(folder) / "diagrams" / name).string();
      write_image(kind == std::string("puzzle") ? e.problem : e.solution, path, size);
      files.images.push_back(path);
      report(kind == std::string("puzzle") ? "puzzle PNGs" : "solution PNGs", e.number);
    }
  }
  files.diagrams = static_cast<int>(entries.size());
  return files;
}

}  // namespace arbiter::puzzles

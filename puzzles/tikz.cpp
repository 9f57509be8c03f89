#include "puzzles/tikz.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "puzzles/image.hpp"
#include "puzzles/svg.hpp"

namespace arbiter {
namespace {

constexpr double kTexPointsPerMm = 72.27 / 25.4;  // TeX points

// An xcolor colour expression TikZ accepts inline, and its opacity.
std::string colour_of(const Colour& c) {
  auto channel = [](double v) { return std::to_string(static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255))); };
  return "{rgb,255:red," + channel(c.r) + ";green," + channel(c.g) + ";blue," + channel(c.b) + "}";
}

// The TikZ options that paint a shape as Cairo does (puzzles/image.cpp): fill when it has a
// colour, stroke only with a positive width and a colour.
std::string paint_options(const Shape& shape, double scale) {
  std::string options;
  auto add = [&](const std::string& option) { options += (options.empty() ? "" : ",") + option; };
  const Colour fill = parse_colour(shape.fill);
  if (!fill.none) {
    add("fill=" + colour_of(fill));
    if (fill.a < 1) add("fill opacity=" + short_number(fill.a));
  }
  const Colour stroke = parse_colour(shape.stroke);
  if (shape.stroke_width > 0 && !stroke.none) {
    add("draw=" + colour_of(stroke));
    add("line width=" + short_number(shape.stroke_width * scale) + "mm");
    add("line join=round");
    if (stroke.a < 1) add("draw opacity=" + short_number(stroke.a));
  }
  return options;
}

// The Latin letters a designer's or a place's name is likely to hold (Latin-1's), as accents of
// the default fonts: the name "Bola\u00F1os" must not print as "Bola?os". Empty for any other.
std::string tex_latin_letter(const std::string& sequence) {
  // Each base letter follows the accent it takes, in the order of the code points from U+00C0.
  static const char* const kLetters[64] = {
      "\\`A", "\\'A", "\\^A", "\\~A", "\\\"A", "\\AA{}", "\\AE{}", "\\c{C}",
      "\\`E", "\\'E", "\\^E", "\\\"E", "\\`I", "\\'I", "\\^I", "\\\"I",
      "",      "\\~N", "\\`O", "\\'O", "\\^O", "\\~O", "\\\"O", "",
      "\\O{}", "\\`U", "\\'U", "\\^U", "\\\"U", "\\'Y", "",      "\\ss{}",
      "\\`a", "\\'a", "\\^a", "\\~a", "\\\"a", "\\aa{}", "\\ae{}", "\\c{c}",
      "\\`e", "\\'e", "\\^e", "\\\"e", "\\`\\i{}", "\\'\\i{}", "\\^\\i{}", "\\\"\\i{}",
      "",      "\\~n", "\\`o", "\\'o", "\\^o", "\\~o", "\\\"o", "",
      "\\o{}", "\\`u", "\\'u", "\\^u", "\\\"u", "\\'y", "",      "\\\"y"};
  if (sequence.size() != 2 || static_cast<unsigned char>(sequence[0]) != 0xC3) return "";
  const unsigned code = 0xC0 + (static_cast<unsigned char>(sequence[1]) & 0x3F);
  const std::string letter = kLetters[code - 0xC0];
  return letter.empty() ? "" : "{" + letter + "}";
}

}  // namespace

std::string tex_escape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; continue;
      case '{': out += "\\{"; continue;
      case '}': out += "\\}"; continue;
      case '$': out += "\\$"; continue;
      case '&': out += "\\&"; continue;
      case '#': out += "\\#"; continue;
      case '%': out += "\\%"; continue;
      case '_': out += "\\_"; continue;
      case '~': out += "\\textasciitilde{}"; continue;
      case '^': out += "\\textasciicircum{}"; continue;
      // The default (OT1) text fonts have no '|', '<' or '>' in those places: they printed an em
      // dash (a reading guide's "vertical (|)" read "vertical (---)"), an inverted exclamation and
      // question mark.
      case '|': out += "\\textbar{}"; continue;
      case '<': out += "\\textless{}"; continue;
      case '>': out += "\\textgreater{}"; continue;
      // A straight quote prints as a closing quote on both sides in TeX: open after a space, a
      // bracket or at the start.
      case '"': out += i == 0 || text[i - 1] == ' ' || text[i - 1] == '(' || text[i - 1] == '[' ? "``" : "''"; continue;
      // Likewise a single quote that opens a quoted move ('swap'); one after a letter is an apostrophe.
      case '\'': out += i == 0 || text[i - 1] == ' ' || text[i - 1] == '(' || text[i - 1] == '[' ? "`" : "'"; continue;
      default: break;
    }
    if (static_cast<unsigned char>(ch) < 0x80) {
      out += ch;
      continue;
    }
    // One UTF-8 sequence: its lead byte says how long it is.
    const auto lead = static_cast<unsigned char>(ch);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    const std::string sequence = text.substr(i, length);
    i += length - 1;
    if (sequence == "\u00B7") out += "$\\cdot$";
    else if (sequence == "\u2014") out += "---";
    else if (sequence == "\u2013") out += "--";
    else if (sequence == "\u00D7") out += "$\\times$";
    else if (const std::string latin = tex_latin_letter(sequence); !latin.empty()) out += latin;
    else out += "?";
  }
  return out;
}

std::string render_tikz(const Drawing& drawing, double width_mm, double max_height_mm) {
  double scale = drawing.width > 0 ? width_mm / drawing.width : 1;  // mm per drawing unit
  if (max_height_mm > 0 && drawing.height * scale > max_height_mm) scale = max_height_mm / drawing.height;
  // Drawing units grow downwards, TikZ's y upwards: every y is negated.
  auto at = [&](double x, double y) { return "(" + short_number(x * scale) + "," + short_number(-y * scale) + ")"; };
  std::ostringstream tex;
  tex << "\\begin{tikzpicture}[x=1mm,y=1mm]\n";
  if (!drawing.title.empty()) tex << "% " << tex_escape(drawing.title) << "\n";
  tex << "\\fill[white] (0,0) rectangle " << at(drawing.width, drawing.height) << ";\n";
  for (const Shape& shape : drawing.shapes) {
    switch (shape.kind) {
      case Shape::Kind::Polygon: {
        if (shape.points.empty()) break;
        const std::string options = paint_options(shape, scale);
        if (options.empty()) break;
        tex << "\\path[" << options << "] ";
        for (const auto& [x, y] : shape.points) tex << at(x, y) << " -- ";
        tex << "cycle;\n";
        break;
      }
      case Shape::Kind::Circle: {
        if (shape.points.empty()) break;
        const std::string options = paint_options(shape, scale);
        if (options.empty()) break;
        tex << "\\path[" << options << "] " << at(shape.points[0].first, shape.points[0].second) << " circle[radius="
            << short_number(shape.radius * scale) << "];\n";
        break;
      }
      case Shape::Kind::Line: {
        if (shape.points.size() < 2) break;
        const Colour stroke = parse_colour(shape.stroke);
        if (shape.stroke_width <= 0 || stroke.none) break;
        tex << "\\draw[draw=" << colour_of(stroke) << ",line width=" << short_number(shape.stroke_width * scale)
            << "mm" << (stroke.a < 1 ? ",draw opacity=" + short_number(stroke.a) : "") << "] "
            << at(shape.points[0].first, shape.points[0].second) << " -- "
            << at(shape.points[1].first, shape.points[1].second) << ";\n";
        break;
      }
      case Shape::Kind::Text: {
        if (shape.points.empty() || shape.text.empty()) break;
        // As in SVG and Cairo: the anchor is the middle of the text (or its left end), vertically
        // the middle of the line; text without a fill is black.
        Colour colour = parse_colour(shape.fill);
        if (colour.none) colour = Colour{0, 0, 0, 1};
        const double points = shape.font_size * scale * kTexPointsPerMm;
        // A stroke on text is a halo (puzzles/svg.cpp); TikZ has none without a package, so the
        // node is filled with its colour as far as the halo reaches.
        const Colour halo = parse_colour(shape.stroke);
        const bool haloed = shape.stroke_width > 0 && !halo.none;
        tex << "\\node[anchor=" << (shape.text_from_left ? "west" : "center") << ",inner sep="
            << (haloed ? short_number(shape.stroke_width / 2 * scale) + "mm,fill=" + colour_of(halo) +
                             (halo.a < 1 ? ",fill opacity=" + short_number(halo.a) + ",text opacity=1" : "")
                       : "0pt")
            << ",text="
            << colour_of(colour) << (colour.a < 1 ? ",text opacity=" + short_number(colour.a) : "")
            << ",font=\\fontsize{" << short_number(points) << "}{" << short_number(points * 1.2) << "}\\selectfont\\sffamily"
            << (shape.bold ? "\\bfseries" : "") << "] at " << at(shape.points[0].first, shape.points[0].second) << " {"
            << tex_escape(shape.text) << "};\n";
        break;
      }
    }
  }
  tex << "\\end{tikzpicture}";
  return tex.str();
}

}  // namespace arbiter

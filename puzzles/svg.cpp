#include "puzzles/svg.hpp"

#include <cstdio>
#include <sstream>

namespace arbiter {

std::string short_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

namespace {

std::string number(double value) { return short_number(value); }

std::string paint(const Shape& shape) {
  // Text with no fill would be invisible; black is the only sensible default for it.
  const std::string fill = shape.kind == Shape::Kind::Text && shape.fill == "none" ? "black" : shape.fill;
  std::string out = " fill=\"" + xml_escape(fill) + "\" stroke=\"" + xml_escape(shape.stroke) + "\"";
  if (shape.stroke_width > 0) out += " stroke-width=\"" + number(shape.stroke_width) + "\"";
  if (!shape.role.empty()) out += " class=\"" + xml_escape(shape.role) + "\"";
  return out;
}

std::string svg_element(const Drawing& drawing, const std::string& size_attributes, const std::string& id = "",
                        std::string description = "", const std::string& described_by = "", const std::string& record = "") {
  std::ostringstream svg;
  const bool image = !id.empty();
  if (!described_by.empty()) description.clear();  // the page's element says it: said once
  std::string labelled;
  if (image) {
    labelled = " role=\"img\" aria-labelledby=\"" + xml_escape(id) + "-title" + (description.empty() ? "" : " " + xml_escape(id) + "-desc") + "\"" +
               (described_by.empty() ? "" : " aria-describedby=\"" + xml_escape(described_by) + "\"");
  }
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\"" << size_attributes << labelled << " viewBox=\"0 0 " << number(drawing.width)
      << " " << number(drawing.height) << "\" font-family=\"DejaVu Sans, sans-serif\">\n";
  if (!drawing.title.empty() || image) {
    svg << "  <title" << (image ? " id=\"" + xml_escape(id) + "-title\"" : "") << ">" << xml_escape(drawing.title) << "</title>\n";
  }
  if (image && !description.empty()) svg << "  <desc id=\"" << xml_escape(id) << "-desc\">" << xml_escape(description) << "</desc>\n";
  // What it was drawn by and under, for the file's reader, not the picture's: <metadata>, which no
  // viewer shows and a screen reader does not read (a <desc> is read as the picture's description).
  if (!record.empty()) svg << "  <metadata>" << xml_escape(record) << "</metadata>\n";
  svg << "  <rect x=\"0\" y=\"0\" width=\"" << number(drawing.width) << "\" height=\"" << number(drawing.height)
      << "\" fill=\"white\"/>\n";
  for (const Shape& shape : drawing.shapes) {
    switch (shape.kind) {
      case Shape::Kind::Polygon: {
        svg << "  <polygon points=\"";
        for (std::size_t i = 0; i < shape.points.size(); ++i) {
          svg << (i ? " " : "") << number(shape.points[i].first) << "," << number(shape.points[i].second);
        }
        svg << "\"" << paint(shape) << "/>\n";
        break;
      }
      case Shape::Kind::Circle:
        if (shape.points.empty()) break;
        svg << "  <circle cx=\"" << number(shape.points[0].first) << "\" cy=\"" << number(shape.points[0].second)
            << "\" r=\"" << number(shape.radius) << "\"" << paint(shape) << "/>\n";
        break;
      case Shape::Kind::Line:
        if (shape.points.size() < 2) break;
        svg << "  <line x1=\"" << number(shape.points[0].first) << "\" y1=\"" << number(shape.points[0].second)
            << "\" x2=\"" << number(shape.points[1].first) << "\" y2=\"" << number(shape.points[1].second) << "\""
            << paint(shape) << "/>\n";
        break;
      case Shape::Kind::Text:
        if (shape.points.empty()) break;
        svg << "  <text x=\"" << number(shape.points[0].first) << "\" y=\"" << number(shape.points[0].second)
            << "\" font-size=\"" << number(shape.font_size) << "\" text-anchor=\""
            << (shape.text_from_left ? "start" : "middle") << "\" dominant-baseline=\"central\""
            << (shape.bold ? " font-weight=\"bold\"" : "") << paint(shape) << (image ? " aria-hidden=\"true\"" : "")
            // A stroke on text is a halo: painted under the letters, so that they read on whatever
            // they stand on (Cairo and TikZ draw it so too).
            << (shape.stroke_width > 0 && shape.stroke != "none" ? " stroke-linejoin=\"round\" paint-order=\"stroke\"" : "")
            << ">" << xml_escape(shape.text) << "</text>\n";
        break;
    }
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string render_svg(const Drawing& drawing, double width_mm, const std::string& record) {
  const double height_mm = drawing.width > 0 ? width_mm * drawing.height / drawing.width : 0;
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
         svg_element(drawing, " width=\"" + number(width_mm) + "mm\" height=\"" + number(height_mm) + "mm\"", "", "", "", record);
}

std::string render_svg_element(const Drawing& drawing, const std::string& css_class, const std::string& id,
                               const std::string& description, const std::string& described_by) {
  return svg_element(drawing, " class=\"" + xml_escape(css_class) + "\"", id, description, described_by);
}

}  // namespace arbiter

#include "puzzles/image.hpp"

#include <cairo-pdf.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "puzzles/fonts.hpp"
#include "puzzles/svg.hpp"

namespace arbiter {

Colour parse_colour(const std::string& text) {
  if (text == "none" || text.empty()) return {0, 0, 0, 0, true};
  if (text == "black") return {0, 0, 0, 1};
  if (text == "white") return {1, 1, 1, 1};
  if (text == "red") return {1, 0, 0, 1};
  auto hex = [&](std::size_t at, std::size_t digits) {
    const int value = std::stoi(text.substr(at, digits), nullptr, 16);
    return digits == 1 ? value * 17 / 255.0 : value / 255.0;
  };
  const bool hex_digits = text.size() > 1 && text[0] == '#' &&
                          std::all_of(text.begin() + 1, text.end(), [](unsigned char c) { return std::isxdigit(c); });
  if (hex_digits && text.size() == 4) return {hex(1, 1), hex(2, 1), hex(3, 1), 1};
  if (hex_digits && text.size() == 7) return {hex(1, 2), hex(3, 2), hex(5, 2), 1};
  if (hex_digits && text.size() == 9) return {hex(1, 2), hex(3, 2), hex(5, 2), hex(7, 2)};
  throw std::logic_error("drawing colour not understood: " + text);
}

namespace {

bool set_colour(cairo_t* cairo, const std::string& text) {
  const Colour c = parse_colour(text);
  if (c.none) return false;
  cairo_set_source_rgba(cairo, c.r, c.g, c.b, c.a);
  return true;
}

void fill_and_stroke(cairo_t* cairo, const Shape& shape) {
  if (set_colour(cairo, shape.fill)) cairo_fill_preserve(cairo);
  if (shape.stroke_width > 0 && set_colour(cairo, shape.stroke)) {
    cairo_set_line_width(cairo, shape.stroke_width);
    cairo_stroke_preserve(cairo);
  }
  cairo_new_path(cairo);
}

// Text in the fonts that have its characters (puzzles/fonts.hpp), placed by DejaVu Sans's metrics.
void paint_text(cairo_t* cairo, const Shape& shape, bool as_outlines) {
  cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         shape.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cairo, shape.font_size);
  cairo_font_extents_t font;
  cairo_font_extents(cairo, &font);
  // As SVG's dominant-baseline="central": the anchor's y is the middle of the em box.
  const double advance = text_advance(cairo, shape.text, shape.font_size, shape.bold);
  const double x = shape.text_from_left ? shape.points[0].first : shape.points[0].first - advance / 2;
  const double y = shape.points[0].second + (font.ascent - font.descent) / 2;
  // A stroke on text is its halo, painted under it (puzzles/svg.cpp).
  if (shape.stroke_width > 0 && set_colour(cairo, shape.stroke)) {
    cairo_new_path(cairo);
    trace_text(cairo, x, y, shape.text, shape.font_size, shape.bold);
    cairo_set_line_width(cairo, shape.stroke_width);
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cairo);
  }
  // SVG paints text with its fill; "none" there means the default black (puzzles/svg.cpp).
  if (!set_colour(cairo, shape.fill)) cairo_set_source_rgb(cairo, 0, 0, 0);
  if (as_outlines) {
    cairo_new_path(cairo);
    trace_text(cairo, x, y, shape.text, shape.font_size, shape.bold);
    cairo_fill(cairo);
  } else {
    show_text(cairo, x, y, shape.text, shape.font_size, shape.bold);
  }
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// A PNG chunk's CRC (ISO 3309, as the PNG specification gives it) over its type and data.
std::uint32_t png_crc(const std::string& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const char ch : bytes) {
    crc ^= static_cast<unsigned char>(ch);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

std::string big_endian(std::uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8), static_cast<char>(value)};
}

// A PNG chunk: its length, type, data and CRC.
std::string png_chunk(const std::string& type_and_data) {
  return big_endian(static_cast<std::uint32_t>(type_and_data.size() - 4)) + type_and_data + big_endian(png_crc(type_and_data));
}

// Cairo writes no resolution into a PNG, so that a viewer or a word processor takes it at 72 or
// 96 dpi and "90 mm wide" holds only for a reader who knows the dpi. A pHYs chunk (pixels per
// metre, both axes), where the specification wants it before the image data, makes the PNG print
// at the size it was drawn for.
std::string resolution_chunk(double dpi) {
  const auto per_metre = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
  return png_chunk("pHYs" + big_endian(per_metre) + big_endian(per_metre) + std::string(1, '\1'));  // unit: metre
}

// A text chunk of the picture's record (picture_record): "Software" and "Description", keywords
// the PNG specification defines. tEXt is Latin-1; a text with a byte outside ASCII (a size name in
// UTF-8) goes in an iTXt chunk instead, which is UTF-8: keyword, 0, not compressed (0, 0), no
// language tag, no translated keyword (0, 0), text.
std::string text_chunk(const std::string& keyword, const std::string& text) {
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  return png_chunk(ascii ? "tEXt" + keyword + std::string(1, '\0') + text : "iTXt" + keyword + std::string(5, '\0') + text);
}

// The resolution and the record, inserted right after IHDR into the stream Cairo wrote (Cairo
// writes neither): a chunk is four fields and a CRC, so that a second PNG encoder (libpng, to be
// built against and fed Cairo's pixels) would only add a dependency for what these lines do.
std::string with_chunks(const std::string& png, double dpi, const PictureSubjects& subjects) {
  constexpr std::size_t kAfterHeader = 8 + 4 + 4 + 13 + 4;  // signature, IHDR length, type, data, CRC
  if (png.size() < kAfterHeader || png.compare(12, 4, "IHDR") != 0) throw std::runtime_error("cairo wrote no PNG header");
  const std::string description = picture_description(subjects);
  return png.substr(0, kAfterHeader) + resolution_chunk(dpi) + text_chunk("Software", version_string()) +
         (description.empty() ? "" : text_chunk("Description", description)) + png.substr(kAfterHeader);
}

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

}  // namespace

PictureSubject picture_subject(const GameDescriptor& game, const Config& config) {
  return {game.name, board_size_name(game, config.size), rulings_in_force(game, config)};
}

namespace {

// Each configuration once, in the order given: a book of ten 5x5 puzzles of one game under
// the defaults names that configuration once.
std::vector<std::string> configurations(const PictureSubjects& subjects) {
  std::vector<std::string> out;
  for (const PictureSubject& subject : subjects) {
    const std::string rulings = join(subject.rulings, " ");
    const std::string text = subject.game + " " + subject.board + ", rulings in force: " + (rulings.empty() ? "none" : rulings);
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(text);
  }
  return out;
}

}  // namespace

std::string picture_description(const PictureSubjects& subjects) { return join(configurations(subjects), "; "); }

std::string picture_record(const PictureSubjects& subjects) {
  const std::string description = picture_description(subjects);
  return "drawn by " + version_string() + (description.empty() ? "" : ": " + description);
}

std::string picture_keywords(const PictureSubjects& subjects) {
  std::vector<std::string> words = {"arbiter"};
  const auto add = [&](const std::string& word) {
    if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  };
  for (const PictureSubject& subject : subjects) {
    add(subject.game);
    add(subject.board);
    for (const std::string& ruling : subject.rulings) add(ruling);
  }
  return join(words, ", ");
}

void set_pdf_record(cairo_surface_t* pdf, const PictureSubjects& subjects) {
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, version_string().c_str());
  const std::string description = picture_description(subjects);
  if (!description.empty()) cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_SUBJECT, description.c_str());
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_KEYWORDS, picture_keywords(subjects).c_str());
}

std::optional<ImageFormat> image_format_named(const std::string& path) {
  const auto dot = path.find_last_of('.');
  std::string extension = dot == std::string::npos ? "" : path.substr(dot + 1);
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == "svg") return ImageFormat::Svg;
  if (extension == "png") return ImageFormat::Png;
  if (extension == "pdf") return ImageFormat::Pdf;
  return std::nullopt;
}

ImageFormat image_format_of(const std::string& path) {
  if (const auto format = image_format_named(path)) return *format;
  throw InputError("cannot tell the image format of " + quote_input(path) + ": name it " + kImageNameEndings);
}

void paint_drawing(cairo_t* cairo, const Drawing& drawing, double x, double y, double scale, bool text_as_outlines) {
  cairo_save(cairo);
  cairo_translate(cairo, x, y);
  cairo_scale(cairo, scale, scale);
  cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cairo, 0, 0, drawing.width, drawing.height);
  cairo_set_source_rgb(cairo, 1, 1, 1);
  cairo_fill(cairo);
  for (const Shape& shape : drawing.shapes) {
    switch (shape.kind) {
      case Shape::Kind::Polygon:
        if (shape.points.empty()) break;
        for (const auto& [px, py] : shape.points) cairo_line_to(cairo, px, py);
        cairo_close_path(cairo);
        fill_and_stroke(cairo, shape);
        break;
      case Shape::Kind::Circle:
        if (shape.points.empty()) break;
        cairo_new_sub_path(cairo);
        cairo_arc(cairo, shape.points[0].first, shape.points[0].second, shape.radius, 0, 2 * M_PI);
        fill_and_stroke(cairo, shape);
        break;
      case Shape::Kind::Line:
        if (shape.points.size() < 2) break;
        cairo_move_to(cairo, shape.points[0].first, shape.points[0].second);
        cairo_line_to(cairo, shape.points[1].first, shape.points[1].second);
        if (shape.stroke_width > 0 && set_colour(cairo, shape.stroke)) {
          cairo_set_line_width(cairo, shape.stroke_width);
          cairo_stroke(cairo);
        }
        cairo_new_path(cairo);
        break;
      case Shape::Kind::Text:
        if (shape.points.empty() || shape.text.empty()) break;
        paint_text(cairo, shape, text_as_outlines);
        break;
    }
  }
  cairo_restore(cairo);
}

std::string image_bytes(const Drawing& drawing, ImageFormat format, const PictureSubjects& subjects, const PrintSize& size) {
  if (format == ImageFormat::Svg) return render_svg(drawing, size.width_mm, picture_record(subjects));
  const double aspect = drawing.width > 0 ? drawing.height / drawing.width : 1;
  std::string bytes;
  if (format == ImageFormat::Png) {
    const double pixels_wide = std::round(size.width_mm / 25.4 * size.png_dpi);
    const int width = static_cast<int>(pixels_wide), height = static_cast<int>(std::round(pixels_wide * aspect));
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), cairo_surface_destroy);
    Context cairo(cairo_create(surface.get()), cairo_destroy);
    // The whole surface white first: its height is rounded to whole pixels, and a last row the
    // drawing only partly covers was left part transparent (an RGBA PNG with a faint line at the
    // foot on a dark page).
    cairo_set_source_rgb(cairo.get(), 1, 1, 1);
    cairo_paint(cairo.get());
    paint_drawing(cairo.get(), drawing, 0, 0, width / drawing.width);
    cairo_surface_flush(surface.get());
    if (cairo_surface_write_to_png_stream(surface.get(), append_to_string, &bytes) != CAIRO_STATUS_SUCCESS) {
      throw std::runtime_error("cairo could not encode the PNG");
    }
    return with_chunks(bytes, size.png_dpi, subjects);
  }
  const double width_pt = size.width_mm * kPointsPerMm;
  {
    Surface surface(cairo_pdf_surface_create_for_stream(append_to_string, &bytes, width_pt, width_pt * aspect),
                    cairo_surface_destroy);
    // No creation date, so that the same drawing gives the same bytes: an empty one leaves the
    // field out (Cairo 1.16; it ignores SOURCE_DATE_EPOCH and writes the time otherwise). A fixed
    // 1 January 2026, 00:00, until session 52, looked like the day the picture was drawn.
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, drawing.title.c_str());
    set_pdf_record(surface.get(), subjects);
    Context cairo(cairo_create(surface.get()), cairo_destroy);
    paint_drawing(cairo.get(), drawing, 0, 0, width_pt / drawing.width);
    cairo_show_page(cairo.get());
  }  // the PDF is complete once its surface is destroyed
  return bytes;
}

void write_image(const Drawing& drawing, const std::string& path, const PictureSubjects& subjects, const PrintSize& size) {
  const std::string bytes = image_bytes(drawing, image_format_of(path), subjects, size);
  errno = 0;
  std::ofstream file(path, std::ios::binary);
  if (!file || !file.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !file.flush()) {
    const int cause = errno;  // the failed open's or write's ("Is a directory", "No space left on device")
    throw InputError("cannot write " + quote_input(path) + (cause != 0 ? std::string(": ") + std::strerror(cause) : ""));
  }
}

}  // namespace arbiter

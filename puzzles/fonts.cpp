#include "puzzles/fonts.hpp"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <utility>

namespace arbiter {
namespace {

// One character of UTF-8 text: its code point and its bytes. A malformed byte reads as U+FFFD.
struct Character {
  char32_t code;
  std::string bytes;
};

std::vector<Character> decode(std::string_view text) {
  std::vector<Character> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 0;
    char32_t code = length == 1 ? byte : length == 2 ? byte & 0x1F : length == 3 ? byte & 0x0F : byte & 0x07;
    bool whole = length > 0 && i + length <= text.size();
    for (std::size_t k = 1; whole && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      whole = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3F);
    }
    if (!whole) {
      out.push_back({0xFFFD, std::string(text.substr(i, 1))});
      ++i;
      continue;
    }
    out.push_back({code, std::string(text.substr(i, length))});
    i += length;
  }
  return out;
}

// The installed fonts in fontconfig's order of preference for DejaVu Sans at one weight, and the
// Cairo face of each that text has used, made once per process and kept (fontconfig's own caches
// live as long).
class Fonts {
 public:
  static Fonts& of(bool bold) {
    // Plain pointers, never destroyed: they keep the sets reachable to the end of the process (a
    // map of them was destroyed at exit, and LeakSanitizer then counted the sets as leaks).
    static Fonts* const regular = new Fonts(false);
    static Fonts* const heavy = new Fonts(true);
    return bold ? *heavy : *regular;
  }

  // The index in the preference list of the first font that has `code`, or -1 when none does.
  int covering(char32_t code) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto known = covering_.find(code);
    if (known != covering_.end()) return known->second;
    int found = -1;
    for (int i = 0; set_ != nullptr && i < set_->nfont && found < 0; ++i) {
      FcCharSet* charset = nullptr;
      if (FcPatternGetCharSet(set_->fonts[i], FC_CHARSET, 0, &charset) == FcResultMatch && FcCharSetHasChar(charset, code)) found = i;
    }
    covering_[code] = found;
    return found;
  }

  // The Cairo face of font `index` (the first font for -1: what draws a character none has).
  cairo_font_face_t* face(int index) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (set_ == nullptr || set_->nfont == 0) return fallback_;
    if (index < 0) index = 0;
    cairo_font_face_t*& face = faces_[index];
    if (face == nullptr) {
      FcPattern* prepared = FcFontRenderPrepare(nullptr, pattern_, set_->fonts[index]);
      face = cairo_ft_font_face_create_for_pattern(prepared);
      FcPatternDestroy(prepared);
    }
    return face;
  }

 private:
  explicit Fonts(bool bold) {
    FcInit();
    pattern_ = FcNameParse(reinterpret_cast<const FcChar8*>("DejaVu Sans"));
    FcPatternAddInteger(pattern_, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcConfigSubstitute(nullptr, pattern_, FcMatchPattern);
    FcDefaultSubstitute(pattern_);
    FcResult result = FcResultMatch;
    set_ = FcFontSort(nullptr, pattern_, FcFalse, nullptr, &result);
    fallback_ = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  }

  std::mutex mutex_;
  FcPattern* pattern_ = nullptr;
  FcFontSet* set_ = nullptr;
  cairo_font_face_t* fallback_ = nullptr;
  std::map<int, cairo_font_face_t*> faces_;
  std::map<char32_t, int> covering_;
};

// Runs of `text` that one font draws: the font's index and the run's bytes.
std::vector<std::pair<int, std::string>> runs_of(const std::string& text, bool bold) {
  Fonts& fonts = Fonts::of(bold);
  std::vector<std::pair<int, std::string>> runs;
  for (const Character& c : decode(text)) {
    int font = fonts.covering(c.code);
    if (font < 0) font = 0;
    if (!runs.empty() && runs.back().first == font) {
      runs.back().second += c.bytes;
    } else {
      runs.emplace_back(font, c.bytes);
    }
  }
  return runs;
}

// East Asian wide characters (Unicode's East_Asian_Width W and F, the main blocks): Hangul Jamo,
// CJK radicals to Yi, Hangul syllables, compatibility ideographs, vertical and full-width forms,
// and the supplementary ideographic planes.
bool wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) || (c >= 0xAC00 && c <= 0xD7A3) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace

double text_ems(std::string_view text) {
  double ems = 0;
  for (const Character& c : decode(text)) ems += wide(c.code) ? 1.0 : 0.58;
  return ems;
}

double text_advance(cairo_t* cairo, const std::string& text, double size, bool bold) {
  Fonts& fonts = Fonts::of(bold);
  cairo_save(cairo);
  cairo_set_font_size(cairo, size);
  double advance = 0;
  for (const auto& [font, run] : runs_of(text, bold)) {
    cairo_set_font_face(cairo, fonts.face(font));
    cairo_text_extents_t extents;
    cairo_text_extents(cairo, run.c_str(), &extents);
    advance += extents.x_advance;
  }
  cairo_restore(cairo);
  return advance;
}

namespace {

// Each run of `text` from (x, baseline) in its font: shown, or (outline) its outlines added to the
// current path, which is not part of the state cairo_save keeps.
void draw_runs(cairo_t* cairo, double x, double baseline, const std::string& text, double size, bool bold, bool outline) {
  Fonts& fonts = Fonts::of(bold);
  cairo_save(cairo);
  cairo_set_font_size(cairo, size);
  for (const auto& [font, run] : runs_of(text, bold)) {
    cairo_set_font_face(cairo, fonts.face(font));
    cairo_text_extents_t extents;
    cairo_text_extents(cairo, run.c_str(), &extents);
    cairo_move_to(cairo, x, baseline);
    if (outline) {
      cairo_text_path(cairo, run.c_str());
    } else {
      cairo_show_text(cairo, run.c_str());
    }
    x += extents.x_advance;
  }
  if (!outline) cairo_new_path(cairo);
  cairo_restore(cairo);
}

}  // namespace

void show_text(cairo_t* cairo, double x, double baseline, const std::string& text, double size, bool bold) {
  warn_uncovered(text);
  draw_runs(cairo, x, baseline, text, size, bold, false);
}

void trace_text(cairo_t* cairo, double x, double baseline, const std::string& text, double size, bool bold) {
  draw_runs(cairo, x, baseline, text, size, bold, true);
}

std::vector<std::string> uncovered_characters(const std::string& text) {
  Fonts& fonts = Fonts::of(false);
  std::vector<std::string> out;
  std::set<char32_t> seen;
  for (const Character& c : decode(text)) {
    if (c.code < 0x20 || !seen.insert(c.code).second) continue;
    if (fonts.covering(c.code) < 0) out.push_back(c.bytes);
  }
  return out;
}

void warn_uncovered(const std::string& text) {
  static std::mutex mutex;
  static std::set<std::string> named;
  std::string list;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const std::string& character : uncovered_characters(text)) {
      if (!named.insert(character).second) continue;
      char code[16];
      const std::vector<Character> decoded = decode(character);
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(decoded.front().code));
      list += (list.empty() ? "" : ", ") + ("'" + character + "' (" + code + ")");
    }
  }
  if (list.empty()) return;
  std::cerr << "arbiter: warning: no installed font has " << list
            << ": they print as boxes in PNG and PDF; install a font that covers them (fontconfig's fc-list lists those installed)\n";
}

}  // namespace arbiter

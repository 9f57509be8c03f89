#pragma once
// Text in PNG and PDF in the installed fonts that have its characters. Cairo's own text calls draw
// every character in the one face they are given (DejaVu Sans), so a caption in a script DejaVu
// lacks (Chinese, Japanese, Korean) printed as boxes even where another installed font has it, and
// nothing said so. Here each run of characters is drawn in the first font fontconfig ranks for
// DejaVu Sans that covers it (scripts/quickstart.sh installs a CJK font), and characters that no
// installed font covers are named once on standard error.
#include <string>
#include <string_view>
#include <vector>

#include <cairo.h>

namespace arbiter {

// The advance (width) of `text` at `size` points of user space, as show_text draws it.
double text_advance(cairo_t* cairo, const std::string& text, double size, bool bold);

// Draws `text` from (x, baseline) in user space, each run of characters in a font that has them;
// a character no installed font has is drawn in DejaVu Sans (a box) and named by warn_uncovered.
void show_text(cairo_t* cairo, double x, double baseline, const std::string& text, double size, bool bold);

// Adds the outlines of `text`, in the fonts and at the place show_text draws it, to the current
// path: stroked before the text is shown, they make its halo.
void trace_text(cairo_t* cairo, double x, double baseline, const std::string& text, double size, bool bold);

// About how wide `text` (UTF-8) is, in ems: DejaVu Sans averages a little over half an em a
// character, and the ideographs, kana and Hangul of the CJK fonts take a whole em. For wrapping
// lines before they are drawn (a Chinese caption wrapped as Latin ran off the picture).
double text_ems(std::string_view text);

// The characters of `text` (UTF-8) that no installed font covers, each once, in order.
std::vector<std::string> uncovered_characters(const std::string& text);

// One line on standard error naming the characters of `text` that no installed font covers and
// that no earlier call named ("arbiter: warning: no installed font has 'X' (U+XXXX) ..."): a
// picture with them prints boxes in their place. Nothing when every character is covered.
void warn_uncovered(const std::string& text);

}  // namespace arbiter

#include <charconv>
#include <iostream>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/book.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/image.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

bool on_or_off(const std::string& option, const std::string& value) {
  if (value == "on") return true;
  if (value == "off") return false;
  throw InputError("--" + option + " takes on or off, not " + quote_input(value));
}

// --width: a PNG's width in pixels, 100 to 10000. It still prints 90 mm wide: its pHYs chunk says
// the resolution that makes it so.
int png_width(const std::string& value) {
  int pixels = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), pixels);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || pixels < 100 || pixels > 10000) {
    throw InputError("--width takes a whole number of pixels from 100 to 10000, not " + quote_input(value));
  }
  return pixels;
}

int render(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game, position, out, coordinates = "on", caption, width;
  std::vector<std::string> moves;
  bool last_move = false, width_given = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("moves", po::value<std::vector<std::string>>(&moves), "moves to play first")
      ("position,p", position_value(&position), "position (text, @FILE or path; default: the game's start position)")
      ("out,o", po::value<std::string>(&out)->required(), "file to write: .svg, .png or .pdf ('-': SVG on standard output)")
      ("last-move", po::bool_switch(&last_move), "mark the last of the moves played")
      ("coordinates", po::value<std::string>(&coordinates), "on (default) or off: the coordinates, on the board's edges or in each field")
      ("caption", po::value<std::string>(&caption), "a line of text under the diagram")
      ("width", po::value<std::string>(&width)->notifier([&width_given](const std::string&) { width_given = true; }), "PNG only: the width in pixels, 100 to 10000 (default 709: 90 mm at 200 dpi)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1).add("moves", -1);
  bool proceed = false;
  parse_arguments("render", args, options, positional, proceed);
  if (!proceed) return 0;
  const bool show_coordinates = on_or_off("coordinates", coordinates);
  PrintSize size;
  if (width_given) {
    const int pixels = png_width(width);
    if (out == "-" || image_format_of(out) != ImageFormat::Png) {
      throw InputError("--width sets a PNG's pixels; " + (out == "-" ? std::string("standard output is SVG") : quote_input(out) + " is not a .png"));
    }
    // The same 90 mm, at the resolution that gives the pixels asked for (said in the PNG's pHYs).
    size.png_dpi = pixels * 25.4 / size.width_mm;
  }
  if (out != "-") {
    check_image_name("--out", out);  // an unknown extension or a place that cannot be written fails before any work
    check_output_file("--out", out);
  }
  check_one_line_text("--caption", caption);
  auto loaded = load_game_position(game, game_options, position);
  moves = group_move_words(*loaded.state, moves);
  if (last_move && moves.empty()) throw InputError("--last-move needs at least one move to mark");
  const auto start = loaded.state->clone();
  play_moves(loaded.game->descriptor(), *loaded.state, moves, moves.size());
  puzzles::Decorations decorations = puzzles::status_decorations(loaded.game->descriptor(), *loaded.state);
  decorations.coordinates = show_coordinates;
  decorations.rulings = puzzles::rulings_line(loaded.game->descriptor(), loaded.game->config());
  decorations.caption = caption;
  if (last_move) {
    const puzzles::PlayedLine line = puzzles::play_line(*start, moves);
    decorations.last_move = line.last_anchor;
    decorations.last_trace = line.last_trace;
    // Without coordinates a reader cannot find "e3" on the board: the mark says where.
    // (a pass or the swap, which has no mark, is still named).
    decorations.status += show_coordinates || !line.last_anchor ? "; last move " + line.last_text : std::string("; last move marked");
    // What the move did besides placing its piece, in the game's words ("which fills d4 with black
    // stones, replacing White's stone": its marks look the same as a fill of an empty square), where
    // the coordinates let the reader find the places it names. Words that list more places than
    // about two lines of the band hold are left to the marks, which show each place: a border
    // filled on a 9x9 board (an edges-count ruling) named 32 points in six lines under the board.
    constexpr std::size_t kMostWords = 100;
    if (show_coordinates && !line.last_words.empty() && line.last_words.size() <= kMostWords) {
      decorations.status += ", which " + line.last_words;
    }
  }
  // The coordinates at least as large as a book prints them (they printed at 5.2 pt on 15x15).
  const Drawing drawing = puzzles::with_book_sized_labels(puzzles::decorate(loaded.state->drawing(), decorations), size.width_mm);
  const PictureSubjects subjects = {picture_subject(loaded.game->descriptor(), loaded.game->config())};
  if (out == "-") {
    std::cout << image_bytes(drawing, ImageFormat::Svg, subjects);
    return 0;
  }
  write_image(drawing, out, subjects, size);
  std::cout << "wrote " << out << "\n";
  return 0;
}

const CommandRegistration render_registration{Command{
    "render",
    "render GAME [--position P] [MOVE...] --out FILE.svg|.png|.pdf [--last-move] [--coordinates on|off] [--caption TEXT] [--width PX]",
    "draw a position as SVG, PNG or PDF (about 9 cm wide): board, pieces, coordinates, side to move or result, and the rulings that differ from the defaults",
    render}};

}  // namespace
}  // namespace arbiter::cli

#include <iostream>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
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

int render(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game, position, out, coordinates = "on", caption;
  std::vector<std::string> moves;
  bool last_move = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("moves", po::value<std::vector<std::string>>(&moves), "moves to play first")
      ("position,p", position_value(&position), "position (text, @FILE or path; default: empty board)")
      ("out,o", po::value<std::string>(&out)->required(), "file to write: .svg, .png or .pdf ('-': SVG on standard output)")
      ("last-move", po::bool_switch(&last_move), "mark the last of the moves played")
      ("coordinates", po::value<std::string>(&coordinates), "on (default) or off: the coordinates, on the board's edges or in each field")
      ("caption", po::value<std::string>(&caption), "a line of text under the diagram");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1).add("moves", -1);
  bool proceed = false;
  parse_arguments("render", args, options, positional, proceed);
  if (!proceed) return 0;
  const bool show_coordinates = on_or_off("coordinates", coordinates);
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
    decorations.status += "; last move " + line.last_text;
  }
  const Drawing drawing = puzzles::decorate(loaded.state->drawing(), decorations);
  if (out == "-") {
    std::cout << image_bytes(drawing, ImageFormat::Svg);
    return 0;
  }
  write_image(drawing, out);
  std::cout << "wrote " << out << "\n";
  return 0;
}

const CommandRegistration render_registration{Command{
    "render",
    "render GAME [--position P] [MOVE...] --out FILE.svg|.png|.pdf [--last-move] [--coordinates on|off] [--caption TEXT]",
    "draw a position as SVG, PNG or PDF (about 9 cm wide): board, pieces, coordinates, side to move or result, and the rulings that differ from the defaults",
    render}};

}  // namespace
}  // namespace arbiter::cli

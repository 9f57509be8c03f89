#include <fstream>
#include <iostream>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "puzzles/svg.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int render(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game, position, out;
  std::vector<std::string> moves;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name")
      ("moves", po::value<std::vector<std::string>>(&moves), "moves to play first")
      ("position,p", po::value<std::string>(&position), "position (text, @FILE or path; default: empty board)")
      ("out,o", po::value<std::string>(&out)->required(), "SVG file to write ('-' for standard output)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1).add("moves", -1);
  bool proceed = false;
  parse_arguments("render", args, options, positional, proceed);
  if (!proceed) return 0;
  auto loaded = load_game_position(game, game_options, position);
  moves = group_move_words(*loaded.state, moves);
  play_moves(*loaded.state, moves, moves.size());
  const std::string svg = render_svg(loaded.state->drawing());
  if (out == "-") {
    std::cout << svg;
    return 0;
  }
  std::ofstream file(out, std::ios::binary);
  if (!file) throw InputError("cannot write " + quote_input(out));
  file << svg;
  if (!file.flush()) throw InputError("cannot write " + quote_input(out));
  std::cout << "wrote " << out << "\n";
  return 0;
}

const CommandRegistration registration{Command{
    "render", "render GAME [--position P] [MOVE...] --out FILE.svg",
    "draw a position as SVG (board, pieces, special squares, enclosures)", render}};

}  // namespace
}  // namespace arbiter::cli

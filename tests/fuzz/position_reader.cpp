// Positions (diagram or one-line form) through every implementation of the addressed game: an
// accepted position prints a one-line form and a diagram that both read back to the same
// position, and every position one legal move later reads back too (issue 13 item 14: a ply too
// large for the stones used to be accepted and then printed a position the reader refused).
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace arbiter::fuzzing {
namespace {

void reads_back(const GameDescriptor& game, const State& state, const std::string& implementation, const std::string& what) {
  const std::string line = state.line();
  LoadedPosition from_line;
  try {
    from_line = load_position(game, 0, {}, line, implementation);
  } catch (const InputError& e) {
    broken(what + ": the printed line is refused: " + line + " (" + e.what() + ")");
  }
  expect_equal(line, from_line.state->line(), what + ": line read back");
  LoadedPosition from_diagram;
  try {
    from_diagram = load_position(game, from_line.game->config().size, non_default_rulings(game, from_line.game->config()),
                                 state.diagram(), implementation);
  } catch (const InputError& e) {
    broken(what + ": the printed diagram is refused:\n" + state.diagram() + "(" + e.what() + ")");
  }
  // A diagram carries no repetition history; compared are the board and the status it shows.
  expect_equal(state.diagram(), from_diagram.state->diagram(), what + ": diagram read back");
}

}  // namespace
}  // namespace arbiter::fuzzing

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  using namespace arbiter::fuzzing;
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (text.empty()) return 0;  // the empty text means "the initial position" to load_position
  // Every game reads the text: a one-line form names its game (and the others refuse it), a
  // diagram may read as a position of several.
  for (const GameDescriptor* game : registered_games()) {
    auto probe = make_game(*game, game->default_size);
    for (const std::string& implementation : probe->implementations()) {
      LoadedPosition loaded;
      try {
        loaded = load_position(*game, 0, {}, text, implementation);
      } catch (const InputError&) {
        continue;
      }
      const std::string what = game->name + " " + implementation;
      reads_back(*game, *loaded.state, implementation, what);
      std::vector<Move> moves;
      loaded.state->legal_moves(moves);
      if (loaded.state->is_terminal() != moves.empty()) broken(what + ": terminal exactly when no move is legal: " + loaded.state->line());
      if (moves.empty()) continue;
      auto next = loaded.state->clone();
      next->apply(moves[size % moves.size()]);
      reads_back(*game, *next, implementation, what + " after " + loaded.state->move_text(moves[size % moves.size()]));
    }
  }
  return 0;
}

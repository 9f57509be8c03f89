#pragma once
// The generic envelope of the one-line position form, "<game> <size> <body...> [name=value ...]",
// and loading a position given on the command line or in a test.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

struct LineForm {
  std::string game;
  int size = 0;
  std::vector<std::string> body;     // game-specific tokens, in order
  std::vector<std::string> rulings;  // "name=value" tokens
};

// Splits a one-line form. Returns nullopt when the text is not one line starting with a game
// name token (then it is a diagram); throws InputError when it starts like one but is malformed
// or names a ruling twice (even with one value).
std::optional<LineForm> split_line_form(std::string_view text, std::string_view expected_game);

// The squares of a board's rows ("..W/.B.", as a one-line form writes them: the first row is row
// 1, the first column a) that hold one of `pieces`, named as the games name squares ("b1"), column
// by column: what GameDescriptor::position_words lists for each side.
std::vector<std::string> squares_holding(std::string_view rows, std::string_view pieces);
// One side's pieces of one kind as position_words says them: "White, 3 stones: a7, b1 and c7."
// ("White, no stones." for none).
std::string pieces_words(const std::string& side, const std::string& one, const std::string& many,
                         const std::vector<std::string>& squares);

// GameDescriptor::position_words of a game of stones whose one-line form's body starts with the
// rows ('W' and 'B' stones) and the side to move ("white" or "black"): "Black to move. White, 7
// stones: a1, ... and e5. Black, 8 stones: ...". The one-line form itself if it is not one.
std::string stones_position_words(const State& state, std::string_view game);

// Joins the envelope back: "<game> <size> <body...> <rulings...>".
std::string join_line_form(const GameDescriptor& game, const Config& config,
                           const std::vector<std::string>& body);

// Checks that a parsed one-line form belongs to this configured game (game name, size, rulings).
void check_line_form_matches(const Game& game, const LineForm& form);
void check_line_form_matches(const GameDescriptor& game, const Config& config, const LineForm& form);

// A ruling asked for (a "name=value" of `asked`) that a one-line position is not under: the
// position names every ruling that is not the default, so one it leaves out is at its default.
struct RulingConflict {
  std::string name;
  std::string in_position;  // the value the position is under
  std::string asked;        // the value asked for
  bool named_in_position = false;
  std::string set_by;  // when not named: "name=value" of the ruling of the line that sets it, or "" (the default)
};
// The first such ruling, if any. Assignments without '=' are skipped (make_config reports them).
std::optional<RulingConflict> ruling_conflict(const GameDescriptor& game, const LineForm& form,
                                              const std::vector<std::string>& asked);

// The ruling an option names by its command-line name or its rules.md id, as `arbiter rules GAME`
// prints them ("majority" or "Q-2"); an InputError naming `option` and the known rulings otherwise.
const Ruling& ruling_named(const GameDescriptor& game, const std::string& name_or_id, const std::string& option);

// --rule's NAME=VALUE assignments, whose NAME may be a ruling's name or its id (as ruling_named
// reads them), each rewritten with the ruling's name: what is stored, keyed, printed and compared
// for a ruling is its name only, so "Q-2=..." and "majority=..." are one ruling given twice. An
// unknown NAME is an InputError listing the known rulings; an assignment without a NAME= is kept
// as given, for make_config to report.
std::vector<std::string> assignments_by_name(const GameDescriptor& game, const std::vector<std::string>& assignments);

struct LoadedPosition {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
};

// A diagram copied with the key line that the commands print under it (GameDescriptor::diagram_key
// under `assignments`) as the diagram alone; any other text as it is.
std::string_view without_diagram_key(const GameDescriptor& game, const std::vector<std::string>& assignments, std::string_view text);

// Builds the game from the command-line size and rulings, completed by what the position carries:
// a one-line form brings its size and rulings, a diagram its size (a key line under a diagram is
// left out: without_diagram_key). Conflicts are InputErrors. size 0 means "not given". An empty
// text gives the initial position.
LoadedPosition load_position(const GameDescriptor& game, int size,
                             const std::vector<std::string>& assignments, std::string_view text,
                             std::string_view implementation = {});

// Reads a text argument that may name a file ("@path", an existing path, or one word without
// spaces, which no position text is) or be the text itself; "-" is standard input. A named file
// that does not exist is an InputError saying so.
std::string read_text_argument(const std::string& argument);

}  // namespace arbiter

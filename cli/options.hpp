#pragma once
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/command.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/numbers.hpp"
#include "model/core/position_io.hpp"

namespace arbiter::cli {

// The game named on the command line with --size/--rule, and the position given with --position
// (text, @file or a file path; empty for the initial position).
LoadedPosition load_game_position(const std::string& game_name, const GameOptions& options,
                                  const std::string& position_argument, const std::string& implementation = {});

// The --position option's value: a given position that is blank (an empty string, an empty file or
// standard input) is an InputError, never the initial position that leaving the option out means.
boost::program_options::typed_value<std::string>* position_value(std::string* target);

// Text a user gives for a picture or a page (a caption, a title) goes into SVG, HTML, TeX and
// Cairo's text layout: throws InputError naming the option unless it is one line of valid UTF-8
// without control characters (which XML cannot carry at all).
void check_one_line_text(const std::string& option, const std::string& text);

// An option holding a number, read by one grammar with its range (model/core/numbers.hpp) in
// every command: Boost's own reading differed by type (a double took "1e3" and "inf", an unsigned
// took "-1" as 2^64-1) and each command then checked its range in a message of its own. A bad
// value is one line naming the option and its range: "--threads: expected a whole number from 1 to
// 256, got '0x10'", "--time-limit: expected a number of seconds above 0 and at most 1000000, got
// 'inf'". The range must fit the option's type (a WholeRange's high at most the type's largest).
template <class Number, class Range>
class NumberValue : public boost::program_options::typed_value<Number> {
 public:
  NumberValue(Number* target, Range range, std::string hint)
      : boost::program_options::typed_value<Number>(target), range_(std::move(range)), hint_(std::move(hint)) {}
  void xparse(boost::any& value, const std::vector<std::string>& tokens) const override {
    // Boost says what is wrong with no value or with several.
    if (tokens.size() != 1) return boost::program_options::typed_value<Number>::xparse(value, tokens);
    std::conditional_t<std::is_floating_point_v<Number>, double, std::uint64_t> read{};
    if (const std::string problem = read_number(tokens.front(), range_, read); !problem.empty()) {
      // Boost fills in the option's name.
      throw boost::program_options::error_with_option_name("%canonical_option%: " + problem + hint_);
    }
    value = static_cast<Number>(read);
  }

 private:
  Range range_;
  std::string hint_;
};
// `hint` follows the message where the range alone would leave the user guessing (" (leave --size
// out for the game's own size)").
template <class Number>
boost::program_options::typed_value<Number>* number_value(Number* target, WholeRange range, std::string hint = "") {
  static_assert(std::is_integral_v<Number>);
  return new NumberValue<Number, WholeRange>(target, range, std::move(hint));
}
template <class Number>
boost::program_options::typed_value<Number>* number_value(Number* target, DecimalRange range) {
  static_assert(std::is_floating_point_v<Number>);
  return new NumberValue<Number, DecimalRange>(target, std::move(range), "");
}
// A seed: any whole number that fits 64 bits.
template <class Unsigned>
boost::program_options::typed_value<Unsigned>* seed_value(Unsigned* target) {
  static_assert(std::is_unsigned_v<Unsigned> && sizeof(Unsigned) == 8);
  return number_value(target, WholeRange{});
}
// Throws InputError unless `implementation` is one of the game's (empty means the first).
void check_implementation(const Game& game, const std::string& implementation);

// Moves arrive as command-line words, but some notations have spaces ("set e1", "h1-h5 x h6").
// Groups the words into move texts: at each step the longest run of up to four words that is a
// legal move here (playing them out on a copy); a word that has a space in it is a move of its own,
// and a comma ends a move ("place a1/0, place b2/1" is two, as move_list writes them).
// Where no legal move starts, the group is the longest run that is a move of the game at all (an
// illegal one, which `explain` can explain), else the next word alone, and the words after it are
// one final group: play_moves then reports the failing move by its number with its own reason.
std::vector<std::string> group_move_words(const State& start, const std::vector<std::string>& words);

// A text diagram (State::diagram) and under it the game's key line (GameDescriptor::diagram_key,
// under game's rulings): what the commands that print a position for a reader print. JSON keeps
// the diagram alone.
std::string keyed_diagram(const Game& game, const State& state);

// A move of a record by its number, "move 3"; where the record starts from a position the user
// gave (--position), "move 3 from the given position", so that it is not read as the game's third
// move (the position may be well into the game).
std::string move_label(std::size_t number, bool from_given_position);
// A move label's parts, for a sentence that puts them otherwise ("Move 3 from the given position:",
// "move 3 'c2' from the given position"): the number ("3") and the origin, empty or " from the
// given position".
struct MoveLabelParts {
  std::string number;
  std::string origin;
};
MoveLabelParts move_label_parts(std::size_t number, bool from_given_position);

// Plays the moves in order on state, with errors naming the move's index (move_label) and text.
void play_moves(const GameDescriptor& game, State& state, const std::vector<std::string>& moves, std::size_t count,
                bool from_given_position = false);

// The error for moves[next] when the game in `state` is already over, `state` having played the
// moves before it: "move 5 'c2': the game is already over (Black won with move 3 'a2')", or
// "(... drawn with move ...)", or "(the position it starts from is over: Black wins)".
// With from_given_position the move is named "move 5 'c2' from the given position" (move_label).
InputError game_over_error(const GameDescriptor& game, const State& state, const std::vector<std::string>& moves,
                           std::size_t next, bool from_given_position = false);

// A command that can print either JSON or a Markdown table prints one of them: throws InputError
// when both --json and --markdown are given.
void require_one_format(bool json, bool markdown);

// A range option's value, "A-B" or one number "A" (then A to A), each end read as every number
// option reads a whole number in `each` (read_number: no space, sign or unit); returns "" or why it
// is refused (the caller names the option and the text). A above B is the caller's to refuse.
std::string read_range(const std::string& text, const WholeRange& each, std::uint64_t& low, std::uint64_t& high);

// A difficulty range "A-B" or a single level "A" (1 <= A <= B <= 5); throws InputError otherwise.
void parse_difficulty(const std::string& text, int& low, int& high);

// The side --to-move names, in any case, as side_word writes it ("black"), or "" for "any": a side
// of the game named `game`, or, where that is "" (a filter over every game), of any game. Throws
// InputError listing the words it takes otherwise.
std::string parse_to_move(const std::string& text, const std::string& game);

// Every ruling's value under config, defaults too, and which differ from the defaults:
// "majority=distinct pie=off ... (the defaults but pie=off)". A verdict is stated under the rulings
// it was reached under, and a default may change between versions.
std::string rulings_in_force_line(const GameDescriptor& game, const Config& config);

// with_commas (model/core/digits.hpp): 1234567 as "1,234,567", in every command's text output.

// Bad paths fail before the work, in one line naming the option and the path as the user gave
// them ("--out '/proc/x/a.png': its folder '/proc/x' does not exist").
//
// An option given an empty path names nothing: throws InputError ("--out needs a file name, got
// ''") rather than acting as if it were left out. `kind`: "a file name", "a directory".
void require_path(const boost::program_options::variables_map& given, const std::string& name, const std::string& value,
                  const std::string& kind);
// Why `directory` cannot hold files ("it is not a directory", "cannot create it: ..."), or "" when
// it can; a missing directory is created.
std::string directory_problem(const std::string& directory);
// "its folder 'DIR' does not exist" (or "... is not a directory") when the folder `path` would be
// made in is missing, else "" (a path without a folder is in the current directory). A trailing
// slash names the folder itself: the folder of "a/b/" is "a".
std::string parent_folder_problem(const std::string& path);
// Why a file cannot be written at `path`, or "" when it can: its folder must exist, and `path` must
// not be a directory and must open for writing (a file made only to find that out is removed
// again; an existing one is left as it was).
std::string output_file_problem(const std::string& path);
// Throws InputError "OPTION 'VALUE': PROBLEM" unless a file can be written at `path` (by default the
// option's value; a command that derives the names it writes from the value passes each one, which
// the message names too).
void check_output_file(const std::string& option, const std::string& value, const std::string& path = "");
// A number as the user would write it ("0.2", "600"), not in a table's fixed decimals: for
// messages that repeat an option's value (shortest_number, which metrics' text uses too).
std::string as_given(double number);
// Refuses an image file name whose ending names no format Arbiter draws (the option named in the message).
void check_image_name(const std::string& option, const std::string& path);
// Throws InputError "OPTION 'DIR': PROBLEM" unless `directory` is one or can be made in a folder
// that is there ("its folder '/x/y' does not exist": a mistyped path is not made whole); it is
// made. Returns whether it was made now (a command that fails can remove it again).
bool make_output_directory(const std::string& option, const std::string& directory);
// Why a file cannot be read at `path` ("no such file", "it is a directory", ...), or "".
std::string input_file_problem(const std::string& path);
// Throws InputError "OPTION 'PATH': PROBLEM" unless a file can be read at `path`.
void check_input_file(const std::string& option, const std::string& path);
// The state directory as the user named it, for messages: "--state 'DIR'", or "the state directory
// 'DIR' (the default; --state DIR names another)" when --state was left out (`option_value` "").
std::string state_directory_words(const std::string& option_value, const std::string& directory);
// Throws InputError "STATE-DIRECTORY-WORDS: PROBLEM" unless `directory` is one or can be made; it is
// made.
void check_state_directory(const std::string& option_value, const std::string& directory);
// Why verdicts cannot be kept in `file`, or "" when they can: its folder must exist (a --state
// directory is made before this is asked; a --results path's folder is not made), and the file must be a regular file (or not exist yet) that opens for appending, and for reading
// unless `fresh`. Asked before anything is proved, so that a bad place fails at once and not
// after the work.
std::string results_file_problem(const std::string& file, bool fresh);

// Writes the whole file under a temporary name ("<path>.partial") and renames it, so that an
// interrupted or failed write never leaves a partial file under the name asked for. Throws
// InputError naming the path when it cannot be written.
void write_whole_file(const std::string& path, const std::string& text);
// The same for a file too large to hold in memory first (a certificate of hundreds of MB): `write`
// fills "<path>.partial" beside `path`, which is flushed, closed and renamed over `path` only when
// every write succeeded. On failure the temporary file is removed, an older `path` is left as it
// was, and the reason is returned ("No space left on device"); "" when written.
// An exception from `write` removes the temporary file too, and goes on.
std::string write_file_whole(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace arbiter::cli

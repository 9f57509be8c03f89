#include "cli/options.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <unistd.h>

#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/registry.hpp"
#include "puzzles/image.hpp"

namespace arbiter::cli {

void check_implementation(const Game& game, const std::string& implementation) {
  if (implementation.empty()) return;
  const auto names = game.implementations();
  if (std::find(names.begin(), names.end(), implementation) == names.end()) {
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown implementation " + quote_input(implementation) + " of " + game.descriptor().name +
                     " (known: " + known + ")");
  }
}

LoadedPosition load_game_position(const std::string& game_name, const GameOptions& options,
                                  const std::string& position_argument, const std::string& implementation) {
  const GameDescriptor& game = find_game(game_name);
  std::string text;
  try {
    text = position_argument.empty() ? std::string() : read_text_argument(position_argument);
  } catch (const InputError& e) {
    throw InputError(std::string("--position: ") + e.what());  // a file that cannot be read, named with the option
  }
  if (!position_argument.empty() && trim(text).empty()) {
    throw InputError("the position " + (position_argument == "-" ? std::string("on standard input") : quote_input(position_argument)) +
                     " is empty (leave --position out for the initial position)");
  }
  // Validate the implementation name before building states with it.
  check_implementation(*make_game(game, 0, {}), implementation);
  return load_position(game, options.size, options.rulings, text, implementation);
}

static void reject_blank_position(const std::string& given) {
  if (trim(given).empty()) {
    throw InputError("--position is empty (leave it out for the initial position)");
  }
}

boost::program_options::typed_value<std::string>* position_value(std::string* target) {
  return boost::program_options::value<std::string>(target)->notifier(&reject_blank_position);
}

void check_one_line_text(const std::string& option, const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) {
      throw InputError(option + " must be one line of printable text; it has the control character " +
                       (byte == '\n' ? std::string("newline") : "0x" + std::string(1, "0123456789abcdef"[byte >> 4]) +
                                                                  std::string(1, "0123456789abcdef"[byte & 15])) +
                       " at byte " + std::to_string(i + 1));
    }
    // The length of a UTF-8 sequence from its first byte, and its continuation bytes 10xxxxxx.
    const std::size_t length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xe ? 3 : (byte >> 3) == 0x1e ? 4 : 0;
    bool valid = length != 0 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (valid && length > 1) {
      // No overlong forms, no UTF-16 surrogates, nothing past U+10FFFF (XML parsers refuse them).
      const auto second = static_cast<unsigned char>(text[i + 1]);
      valid = !(byte < 0xc2 || (byte == 0xe0 && second < 0xa0) || (byte == 0xed && second >= 0xa0) ||
                (byte == 0xf0 && second < 0x90) || (byte == 0xf4 && second >= 0x90) || byte > 0xf4);
    }
    if (!valid) throw InputError(option + " is not valid UTF-8 (at byte " + std::to_string(i + 1) + ")");
    i += length;
  }
}

std::vector<std::string> group_move_words(const State& start, const std::vector<std::string>& given) {
  constexpr std::size_t kLongestMove = 4;
  // A comma ends a move, in a word or quoted: "place a1/0, place b2/1" (a list as move_list prints
  // it, pasted as the shell's words "place" "a1/0," "place" "b2/1" or as one quoted word) is two
  // moves. No notation has a comma in a move.
  std::vector<std::string> words;
  std::vector<bool> ends_move;  // a comma followed this word
  for (const std::string& word : given) {
    if (word.find(',') == std::string::npos) {
      words.push_back(word);
      ends_move.push_back(false);
      continue;
    }
    std::size_t from = 0;
    for (std::size_t comma = word.find(','); ; comma = word.find(',', from)) {
      const std::string_view part = trim(std::string_view(word).substr(from, comma == std::string::npos ? std::string::npos : comma - from));
      if (!part.empty()) {
        words.emplace_back(part);
        ends_move.push_back(false);
      }
      if (comma == std::string::npos) break;
      if (!ends_move.empty()) ends_move.back() = true;
      from = comma + 1;
    }
  }
  std::vector<std::string> groups;
  auto state = start.clone();
  for (std::size_t i = 0; i < words.size();) {
    // A word with a space in it was quoted as one move by the user; it is never joined with its
    // neighbours, so "set a1" "b1-d1" reads as the two moves written.
    const auto quoted = [&](std::size_t k) { return words[k].find_first_of(" \t") != std::string::npos; };
    std::size_t longest = 1;
    while (!quoted(i) && !ends_move[i + longest - 1] && longest < std::min(kLongestMove, words.size() - i) &&
           !quoted(i + longest))
      ++longest;
    std::size_t taken = 0;
    for (std::size_t n = longest; n >= 1 && taken == 0; --n) {
      std::string text = words[i];
      for (std::size_t k = 1; k < n; ++k) text += " " + words[i + k];
      if (state->is_terminal()) break;
      try {
        const Move move = state->parse_move(text);
        state->apply(move);
        groups.push_back(text);
        taken = n;
      } catch (const InputError&) {
      }
    }
    if (taken == 0) {
      // Nothing from here is a legal move. The move the user meant is the longest group of words
      // that is a move of this game at all (explain_text reads an illegal move, not a malformed
      // one), else the next word alone: reported by its own number with its own reason (an occupied
      // point, an off-board one) rather than glued to the words after it. The rest stays one group
      // for play_moves to reject.
      std::size_t meant = 1;
      for (std::size_t n = longest; n > 1 && !state->is_terminal(); --n) {
        std::string text = words[i];
        for (std::size_t k = 1; k < n; ++k) text += " " + words[i + k];
        try {
          state->explain_text(text);
          meant = n;
          break;
        } catch (const InputError&) {
        }
      }
      const auto joined = [&](std::size_t from, std::size_t to) {
        std::string text = words[from];
        for (std::size_t k = from + 1; k < to; ++k) text += " " + words[k];
        return text;
      };
      groups.push_back(joined(i, i + meant));
      if (i + meant < words.size()) groups.push_back(joined(i + meant, words.size()));
      break;
    }
    i += taken;
  }
  return groups;
}

MoveLabelParts move_label_parts(std::size_t number, bool from_given_position) {
  return {std::to_string(number), from_given_position ? " from the given position" : ""};
}

std::string move_label(std::size_t number, bool from_given_position) {
  const MoveLabelParts label = move_label_parts(number, from_given_position);
  return "move " + label.number + label.origin;
}

InputError game_over_error(const GameDescriptor& game, const State& state, const std::vector<std::string>& moves,
                           std::size_t next, bool from_given_position) {
  const Outcome outcome = state.outcome();
  std::string how;
  if (next == 0) {
    how = "the position it starts from is over: " + outcome_text(game, outcome);
  } else {
    // Play stops at the first move that ends the game, so the move before this one ended it.
    const std::string ending = "move " + std::to_string(next) + " " + quote_input(moves[next - 1]);
    how = outcome.kind == Outcome::Kind::Win
              ? game.side_names.at(static_cast<std::size_t>(outcome.winner)) + " won with " + ending
              : "drawn with " + ending;
  }
  const MoveLabelParts label = move_label_parts(next + 1, from_given_position);
  return InputError("move " + label.number + " " + quote_input(moves[next]) + label.origin + ": the game is already over (" + how + ")");
}

void play_moves(const GameDescriptor& game, State& state, const std::vector<std::string>& moves, std::size_t count,
                bool from_given_position) {
  for (std::size_t i = 0; i < count; ++i) {
    if (state.is_terminal()) throw game_over_error(game, state, moves, i, from_given_position);
    Move move = 0;
    try {
      move = state.parse_move(moves[i]);
    } catch (const InputError& error) {
      throw InputError(move_label(i + 1, from_given_position) + ": " + error.what());
    }
    state.apply(move);
  }
}

void require_one_format(bool json, bool markdown) {
  if (json && markdown) throw InputError("--json and --markdown cannot be combined: choose one format");
}

std::string read_range(const std::string& text, const WholeRange& each, std::uint64_t& low, std::uint64_t& high) {
  const auto dash = text.find('-');
  const std::string first = text.substr(0, dash);
  if (std::string problem = read_number(first, each, low); !problem.empty()) return problem;
  if (dash == std::string::npos) {
    high = low;
    return "";
  }
  return read_number(text.substr(dash + 1), each, high);
}

void parse_difficulty(const std::string& text, int& low, int& high) {
  // Each level as every number option reads a whole number: " 2-3" was taken (a stream skips the
  // space) where a space in any other number option is refused.
  std::uint64_t first = 0, last = 0;
  if (!read_range(text, WholeRange{1, 5}, first, last).empty() || first > last)
    throw InputError("--difficulty: expected N or A-B, each a whole number from 1 to 5 with A at most B, got " + quote_input(text));
  low = static_cast<int>(first);
  high = static_cast<int>(last);
}

std::string parse_to_move(const std::string& text, const std::string& game) {
  const std::string word = lower_case(text);
  if (word == "any") return "";
  std::vector<std::string> sides;
  for (const GameDescriptor* descriptor : registered_games()) {
    if (!game.empty() && descriptor->name != game) continue;
    for (int side = 0; side < 2; ++side) {
      if (std::find(sides.begin(), sides.end(), side_word(*descriptor, side)) == sides.end()) sides.push_back(side_word(*descriptor, side));
    }
  }
  if (std::find(sides.begin(), sides.end(), word) != sides.end()) return word;
  throw InputError("--to-move " + quote_input(text) + " names no side " + (game.empty() ? "of any game" : "of " + game) +
                   " (known: " + join(sides, ", ") + ", any)");
}

std::string keyed_diagram(const Game& game, const State& state) {
  const GameDescriptor& descriptor = game.descriptor();
  const std::string key = descriptor.diagram_key ? descriptor.diagram_key(game.config()) : "";
  return state.diagram() + (key.empty() ? "" : key + "\n");
}

std::string rulings_in_force_line(const GameDescriptor& game, const Config& config) {
  const std::vector<std::string> in_force = rulings_in_force(game, config);
  if (in_force.empty()) return "none (" + game.name + " has no rulings)";
  std::string line;
  for (const std::string& ruling : in_force) line += (line.empty() ? "" : " ") + ruling;
  const std::vector<std::string> changed = non_default_rulings(game, config);
  if (changed.empty()) return line + " (the defaults)";
  line += " (the defaults but";
  for (const std::string& ruling : changed) line += " " + ruling;
  return line + ")";
}

void require_path(const boost::program_options::variables_map& given, const std::string& name, const std::string& value,
                  const std::string& kind) {
  if (given.count(name) != 0 && value.empty()) throw InputError("--" + name + " needs " + kind + ", got ''");
}

std::string directory_problem(const std::string& directory) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = fs::status(directory, error);
  if (fs::exists(status)) return fs::is_directory(status) ? "" : "it is not a directory";
  fs::create_directories(directory, error);
  if (error) return "cannot create it: " + error.message();
  return "";
}

namespace {

// Opens `file` with `flags`, creating it if it is not there, to learn whether it opens, and closes
// it again; a file made only to find that out (`existed` false) is removed. Not truncated: a file
// that is there stays as it was until the work is done. "" when it opens, else the reason.
std::string open_problem(const std::filesystem::path& file, bool existed, int flags) {
  const int descriptor = ::open(file.c_str(), flags | O_CREAT | O_CLOEXEC, 0666);
  if (descriptor < 0) return std::strerror(errno);
  ::close(descriptor);
  std::error_code error;
  if (!existed) std::filesystem::remove(file, error);
  return "";
}

// A symbolic link whose target does not exist: the probe above created the target through it and
// removed the link, and the run then wrote a regular file where the link was (an empty target
// left beside it). "" for anything else.
std::string dangling_link_problem(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::is_symlink(std::filesystem::symlink_status(file, error)) || std::filesystem::exists(file, error)) return "";
  return "it is a symbolic link to " + quote_input(std::filesystem::read_symlink(file, error).string()) +
         ", which does not exist: give the target's path, or create the target first";
}

}  // namespace

std::string parent_folder_problem(const std::string& path) {
  namespace fs = std::filesystem;
  // "book/" names the folder book: its parent is that of "book".
  std::string name = path;
  while (name.size() > 1 && name.back() == '/') name.pop_back();
  const fs::path file(name);
  if (!file.has_parent_path() || file.parent_path() == file) return "";
  const fs::path folder = file.parent_path();
  std::error_code error;
  const fs::file_status status = fs::status(folder, error);
  if (!fs::exists(status)) return "its folder " + quote_input(folder.string()) + " does not exist";
  if (!fs::is_directory(status)) return "its folder " + quote_input(folder.string()) + " is not a directory";
  return "";
}

std::string output_file_problem(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path file(path);
  if (const std::string problem = parent_folder_problem(path); !problem.empty()) return problem;
  const fs::file_status status = fs::status(file, error);
  if (fs::is_directory(status)) return "it is a directory";
  if (const std::string problem = dangling_link_problem(file); !problem.empty()) return problem;
  // Non-blocking: a pipe with no reader is refused, not waited on.
  const std::string problem = open_problem(file, fs::exists(status), O_WRONLY | O_NONBLOCK);
  return problem.empty() ? "" : "cannot write it: " + problem;
}

std::string results_file_problem(const std::string& file, bool fresh) {
  namespace fs = std::filesystem;
  const fs::path path(file);
  // Its folder must be there: a mistyped path is refused, not made whole (as --out and --db are).
  if (const std::string problem = parent_folder_problem(file); !problem.empty()) return problem;
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  // A directory, a device or a pipe would be written to, or read from, as no file of records is.
  if (fs::exists(status) && !fs::is_regular_file(status)) return "it is not a regular file";
  if (const std::string dangling = dangling_link_problem(path); !dangling.empty()) return dangling;
  const std::string problem = open_problem(path, fs::exists(status), (fresh ? O_WRONLY : O_RDWR) | O_APPEND);
  if (problem.empty()) return "";
  return std::string("cannot open it for ") + (fresh ? "appending" : "reading and appending") + ": " + problem;
}

void check_output_file(const std::string& option, const std::string& value, const std::string& path) {
  const std::string written = path.empty() ? value : path;
  const std::string problem = output_file_problem(written);
  if (problem.empty()) return;
  throw InputError(option + " " + quote_input(value) + (written == value ? "" : " (" + quote_input(written) + ")") + ": " +
                   problem);
}

std::string as_given(double number) { return shortest_number(number); }

void check_image_name(const std::string& option, const std::string& path) {
  if (image_format_named(path)) return;
  throw InputError(option + " " + quote_input(path) + ": cannot tell the image format from the name: end it in " +
                   kImageNameEndings);
}

bool make_output_directory(const std::string& option, const std::string& directory) {
  std::error_code error;
  const bool there = std::filesystem::exists(directory, error);
  std::string problem = there ? "" : parent_folder_problem(directory);
  if (problem.empty()) problem = directory_problem(directory);
  if (!problem.empty()) throw InputError(option + " " + quote_input(directory) + ": " + problem);
  return !there;
}

std::string input_file_problem(const std::string& path) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) return "no such file";
  if (std::filesystem::is_directory(status)) return "it is a directory";
  if (std::ifstream(path)) return "";
  return std::string("cannot read it: ") + std::strerror(errno);
}

void check_input_file(const std::string& option, const std::string& path) {
  const std::string problem = input_file_problem(path);
  if (!problem.empty()) throw InputError(option + " " + quote_input(path) + ": " + problem);
}

std::string state_directory_words(const std::string& option_value, const std::string& directory) {
  return option_value.empty() ? "the state directory " + quote_input(directory) + " (the default; --state DIR names another)"
                              : "--state " + quote_input(option_value);
}

void check_state_directory(const std::string& option_value, const std::string& directory) {
  const std::string problem = directory_problem(directory);
  if (!problem.empty()) throw InputError(state_directory_words(option_value, directory) + ": " + problem);
}

std::string write_file_whole(const std::string& asked, const std::function<void(std::ostream&)>& write) {
  // A link is written through, as opening it would: the file it names is replaced, not the link.
  std::error_code not_a_link;
  const std::string path = std::filesystem::is_symlink(asked, not_a_link)
                               ? std::filesystem::weakly_canonical(asked, not_a_link).string()
                               : asked;
  const std::string temporary = path + ".partial";
  const auto fail = [&](int cause, const std::string& reason) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    return !reason.empty() ? reason : cause != 0 ? std::string(std::strerror(cause)) : std::string("write failed");
  };
  std::ofstream out;
  // A stop signal that comes while the open waits (FILE.partial a FIFO with no reader yet) breaks
  // it off with EINTR: the stop waits for this write, so the open is tried again (it failed the
  // certificate, "Interrupted system call", beside a line that called the run complete). The
  // writes themselves are retried by the library.
  do {
    out.clear();
    errno = 0;
    out.open(temporary, std::ios::binary | std::ios::trunc);
  } while (!out && errno == EINTR);
  if (!out) return fail(errno, "");
  try {
    write(out);
  } catch (...) {
    out.close();
    fail(0, "");
    throw;
  }
  if (!out) return fail(errno, "");
  errno = 0;
  out.flush();  // a full disk shows here at the latest
  if (!out) return fail(errno, "");
  out.close();
  if (out.fail()) return fail(errno, "");
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return fail(0, "cannot rename " + temporary + " to " + path + ": " + error.message());
  return "";
}

void write_whole_file(const std::string& path, const std::string& text) {
  // What failed, with the system's reason, and no partial file left behind (a full disk left an
  // empty FILE.partial and said only "cannot write").
  const std::string why = write_file_whole(path, [&](std::ostream& out) { out << text; });
  if (!why.empty()) throw InputError("cannot write " + quote_input(path) + ": " + why);
}

}  // namespace arbiter::cli

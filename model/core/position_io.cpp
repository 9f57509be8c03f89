#include "model/core/position_io.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <utility>

#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"

namespace arbiter {

std::optional<LineForm> split_line_form(std::string_view text, std::string_view expected_game) {
  text = trim(text);
  if (text.find('\n') != std::string_view::npos) return std::nullopt;
  const std::vector<std::string> words = words_of(text);
  if (words.empty()) throw InputError("empty position");
  if (words[0] != expected_game) {
    throw InputError("a one-line position must start with the game name '" + std::string(expected_game) +
                     "', got " + quote_input(words[0]));
  }
  if (words.size() < 2) throw InputError("a one-line position needs a board size after the game name");
  LineForm form;
  form.game = words[0];
  const std::string& size = words[1];
  if (size.empty() || size.size() > 3 || !std::all_of(size.begin(), size.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw InputError("board size in a one-line position must be a number, got " + quote_input(size));
  }
  form.size = std::stoi(size);
  for (std::size_t i = 2; i < words.size(); ++i) {
    (words[i].find('=') != std::string::npos ? form.rulings : form.body).push_back(words[i]);
  }
  // A line names each ruling once, as every position Arbiter writes does: a second "pie=off" is a
  // slip of the writer's (an edit that added a ruling the line had), refused rather than read.
  for (std::size_t i = 0; i < form.rulings.size(); ++i) {
    const std::string name = form.rulings[i].substr(0, form.rulings[i].find('='));
    for (std::size_t j = 0; j < i; ++j) {
      if (form.rulings[j].substr(0, form.rulings[j].find('=')) != name) continue;
      throw InputError("the one-line position gives the ruling " + quote_input(name) + " twice (" +
                       quote_input(form.rulings[j]) + " and " + quote_input(form.rulings[i]) + "): name each ruling once");
    }
  }
  return form;
}

std::vector<std::string> squares_holding(std::string_view rows, std::string_view pieces) {
  std::vector<std::pair<std::pair<int, int>, std::string>> found;  // (column, row), name
  int row = 0, column = 0;
  for (const char c : rows) {
    if (c == '/') {
      ++row;
      column = 0;
      continue;
    }
    if (pieces.find(c) != std::string_view::npos) {
      found.push_back({{column, row}, std::string(1, static_cast<char>('a' + column)) + std::to_string(row + 1)});
    }
    ++column;
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> names;
  for (const auto& [at, name] : found) names.push_back(name);
  return names;
}

std::string pieces_words(const std::string& side, const std::string& one, const std::string& many,
                         const std::vector<std::string>& squares) {
  if (squares.empty()) return side + ", no " + many + ".";
  return side + ", " + counted(squares.size(), one, many) + ": " + listed(squares) + ".";
}

std::string stones_position_words(const State& state, std::string_view game) {
  const std::string line = state.line();
  const std::optional<LineForm> form = split_line_form(line, game);
  if (!form || form->body.size() < 2) return line;
  const std::string& rows = form->body[0];
  return (state.is_terminal() ? std::string() : std::string(form->body[1] == "black" ? "Black" : "White") + " to move. ") +
         pieces_words("White", "stone", "stones", squares_holding(rows, "W")) + " " +
         pieces_words("Black", "stone", "stones", squares_holding(rows, "B"));
}

std::string join_line_form(const GameDescriptor& game, const Config& config, const std::vector<std::string>& body) {
  std::string out = game.name + " " + std::to_string(config.size);
  for (const std::string& token : body) out += " " + token;
  for (const std::string& ruling : non_default_rulings(game, config)) out += " " + ruling;
  return out;
}

void check_line_form_matches(const Game& game, const LineForm& form) {
  check_line_form_matches(game.descriptor(), game.config(), form);
}

void check_line_form_matches(const GameDescriptor& d, const Config& config, const LineForm& form) {
  if (form.game != d.name) throw InputError("position is for " + quote_input(form.game) + ", not " + d.name);
  if (form.size != config.size) {
    throw InputError("position has size " + std::to_string(form.size) + " but the game is configured with size " +
                     std::to_string(config.size));
  }
  // The line as written (exactly the non-default rulings) is the common case and needs no Config.
  std::vector<std::string> written = form.rulings;
  std::sort(written.begin(), written.end());
  std::vector<std::string> configured_rulings = non_default_rulings(d, config);
  std::sort(configured_rulings.begin(), configured_rulings.end());
  if (written == configured_rulings) return;
  // Otherwise compared by value: a line may also write a ruling at its default value and still
  // describe the game configured (split_line_form refuses one written twice).
  const Config carried = make_config(d, form.size, form.rulings);
  std::string differences;
  for (const Ruling& ruling : d.rulings) {
    const std::string& in_line = carried.rule(ruling.name);
    const std::string& configured = config.rule(ruling.name);
    if (in_line == configured) continue;
    auto described = [&](const std::string& value) {
      return ruling.name + "=" + value + (value == ruling.default_value ? " (the default)" : "");
    };
    differences += (differences.empty() ? "" : ", ") + described(in_line) + " where the game has " + described(configured);
  }
  if (!differences.empty()) throw InputError("the position's rulings differ from the game's: " + differences);
}

std::optional<RulingConflict> ruling_conflict(const GameDescriptor& game, const LineForm& form,
                                              const std::vector<std::string>& asked) {
  const Config from_line = make_config(game, form.size, form.rulings);
  for (const std::string& assignment : asked) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = assignment.substr(0, eq), value = assignment.substr(eq + 1);
    const auto known = from_line.rulings.find(name);
    if (known == from_line.rulings.end() || known->second == value) continue;
    const bool named = std::any_of(form.rulings.begin(), form.rulings.end(),
                                   [&](const std::string& r) { return r.substr(0, r.find('=')) == name; });
    return RulingConflict{name, known->second, value, named, named ? "" : ruling_set_by(game, from_line, name)};
  }
  return std::nullopt;
}

const Ruling& ruling_named(const GameDescriptor& game, const std::string& name_or_id, const std::string& option) {
  for (const Ruling& ruling : game.rulings) {
    if (ruling.name == name_or_id || ruling.id == name_or_id) return ruling;
  }
  std::string known;
  for (const Ruling& r : game.rulings) known += (known.empty() ? "" : ", ") + r.id + " " + r.name;
  throw InputError("unknown ruling " + quote_input(name_or_id) + " for " + option + " of " + game.name +
                   (known.empty() ? " (it has no rulings)" : " (known: " + known + ")"));
}

std::vector<std::string> assignments_by_name(const GameDescriptor& game, const std::vector<std::string>& assignments) {
  std::vector<std::string> named;
  named.reserve(assignments.size());
  for (const std::string& assignment : assignments) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
      named.push_back(assignment);
      continue;
    }
    named.push_back(ruling_named(game, assignment.substr(0, eq), "--rule").name + assignment.substr(eq));
  }
  return named;
}

std::string_view without_diagram_key(const GameDescriptor& game, const std::vector<std::string>& assignments, std::string_view text) {
  if (!game.diagram_key) return text;
  std::string key;
  try {
    key = game.diagram_key(make_config(game, game.default_size, assignments));
  } catch (const InputError&) {
    return text;  // a bad --rule is reported where the game is made
  }
  std::string_view body = text;
  while (!body.empty() && (body.back() == '\n' || body.back() == '\r' || body.back() == ' ')) body.remove_suffix(1);
  if (key.empty() || body.size() <= key.size() || !body.ends_with(key) || body[body.size() - key.size() - 1] != '\n') return text;
  return body.substr(0, body.size() - key.size());
}

LoadedPosition load_position(const GameDescriptor& game, int size, const std::vector<std::string>& assignments,
                             std::string_view text, std::string_view implementation) {
  LoadedPosition loaded;
  if (trim(text).empty()) {
    loaded.game = make_game(game, size, assignments);
    loaded.state = loaded.game->initial_state(implementation);
    return loaded;
  }
  text = without_diagram_key(game, assignments, text);
  std::vector<std::string> all_assignments = assignments;
  int position_size = 0;
  if (auto form = split_line_form(text, game.name)) {
    position_size = form->size;
    // A --rule that contradicts the line: said with both values, and how to write what was meant.
    if (const auto conflict = ruling_conflict(game, *form, assignments)) {
      const std::string asked = conflict->name + "=" + conflict->asked, had = conflict->name + "=" + conflict->in_position;
      if (!conflict->set_by.empty()) {
        throw InputError(conflict->set_by + " (in the one-line position) sets " + had + ", so it cannot be given with " + asked);
      }
      throw InputError("the one-line position is under " + had +
                       (conflict->named_in_position ? "" : " (it names no " + conflict->name + ", so the default)") +
                       ", and --rule asks for " + asked + ": write " + asked +
                       (conflict->named_in_position ? " in the line in place of " + had : " at the end of the line") +
                       ", or give the position as a diagram");
    }
    all_assignments.insert(all_assignments.end(), form->rulings.begin(), form->rulings.end());
  } else {
    position_size = game.diagram_size(text);
  }
  if (size != 0 && size != position_size) {
    throw InputError("--size " + std::to_string(size) + " disagrees with the position, which has size " +
                     std::to_string(position_size));
  }
  loaded.game = make_game(game, position_size, all_assignments);
  loaded.state = loaded.game->parse_position(text, implementation);
  return loaded;
}

namespace {

// The largest position text any game writes is a few kilobytes (a Brochs position with its
// repetition history is the longest); a megabyte leaves room for comments and lines of moves. A
// device such as /dev/zero, or a file given by mistake, must not be read until memory runs out.
constexpr std::size_t kMaxTextBytes = std::size_t{1} << 20;

std::string read_bounded(std::istream& in, const std::string& what) {
  std::string text;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxTextBytes) {
      throw InputError(what + " is longer than " + std::to_string(kMaxTextBytes >> 20) +
                       " MiB: not a position (a position text is a few kilobytes at most)");
    }
  }
  // A byte-order mark, which some Windows editors put before UTF-8 text, is no part of the
  // position: left in, it made the game's name read "\ufeffquentin", shown as 'quentin'.
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  return text;
}

}  // namespace

std::string read_text_argument(const std::string& argument) {
  if (argument == "-") {
    // Standard input can be read once; a command that needs the text again gets the same text.
    static const std::string standard_input = [] { return read_bounded(std::cin, "standard input"); }();
    return standard_input;
  }
  std::string path;
  if (!argument.empty() && argument[0] == '@') {
    path = argument.substr(1);
  } else if (argument.find('\n') == std::string::npos && argument.size() < 4096) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(argument, ec)) {
      path = argument;
    } else if (!argument.empty() && std::none_of(argument.begin(), argument.end(), [](char c) {
                 return std::isspace(static_cast<unsigned char>(c));
               })) {
      // Every position text has a space or a line break (a one-line form starts "<game> <size>"),
      // so one bare word can only have been meant as a file name.
      path = argument;
    }
  }
  if (path.empty()) return argument;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError("no such file " + quote_input(path));
  if (std::filesystem::is_directory(path, ec)) throw InputError(quote_input(path) + " is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read file " + quote_input(path));
  return read_bounded(in, "file " + quote_input(path));
}

}  // namespace arbiter

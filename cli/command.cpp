#include "cli/command.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/registry.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {

namespace po = boost::program_options;

std::vector<Command>& commands() {
  static std::vector<Command> all;
  return all;
}

void GameOptions::add_to(po::options_description& options) {
  options.add_options()
      // Inside, 0 stands for "not given"; given by the user it is refused like any other wrong size.
      // Which sizes the game has, the game says (a size of 1 to 999 it does not have is named so).
      ("size", number_value(&size, WholeRange{1, 999}, " (leave --size out for the game's own size; see `arbiter rules GAME`)"),
       "board size (default: the game's own; see `arbiter rules GAME`)")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(),
       "ruling as NAME=VALUE or ID=VALUE; repeatable (see `arbiter rules GAME`)");
}

// --rule NAME=VALUE names a ruling of the game in the "game" option by its name or its id. The id
// becomes the name here, before the options reach their variables, so that no command stores,
// keys, prints or compares an id. (A command that learns its game later, from a file, renames its
// --rule values itself with assignments_by_name.)
static void rename_ruling_ids(po::variables_map& vm) {
  const auto rule = vm.find("rule"), game = vm.find("game");
  if (rule == vm.end() || game == vm.end()) return;
  const auto* game_name = boost::any_cast<std::string>(&game->second.value());
  auto* assignments = boost::any_cast<std::vector<std::string>>(&rule->second.value());
  if (game_name == nullptr || assignments == nullptr) return;
  *assignments = assignments_by_name(find_game(*game_name), *assignments);
}

// The positional argument that Boost knows as the option --NAME, as the usage line names it (NAME
// in capitals), or "" when --NAME is a real option.
static std::string positional_name(const po::positional_options_description& positional, const std::string& option) {
  const unsigned named = std::min(positional.max_total_count(), 64u);
  for (unsigned i = 0; i < named; ++i) {
    const std::string& name = positional.name_for_position(i);
    if (option == "--" + name || option == name) {
      std::string shown = name;
      for (char& c : shown) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return shown;
    }
  }
  return "";
}

// The words after the ones the positional arguments take: found by parsing again with a place for them.
static std::vector<std::string> surplus_words(const std::vector<std::string>& args, const po::options_description& all,
                                              const po::positional_options_description& positional, po::variables_map& vm) {
  po::options_description with_surplus;
  with_surplus.add(all);
  with_surplus.add_options()("arbiter-surplus-words", po::value<std::vector<std::string>>());
  po::positional_options_description extended;
  const unsigned named = positional.max_total_count();
  for (unsigned i = 0; i < named; ++i) extended.add(positional.name_for_position(i).c_str(), 1);
  extended.add("arbiter-surplus-words", -1);
  po::store(po::command_line_parser(args).options(with_surplus).positional(extended).run(), vm);
  const auto found = vm.find("arbiter-surplus-words");
  return found == vm.end() ? std::vector<std::string>{} : found->second.as<std::vector<std::string>>();
}

po::variables_map parse_arguments(const std::string& command_name, const std::vector<std::string>& args,
                                  const po::options_description& options,
                                  const po::positional_options_description& positional, bool& proceed,
                                  RulingIds ruling_ids, const NamedCheck& check_named) {
  for (const Command& c : commands()) {
    if (c.name == command_name) return parse_arguments(c, args, options, positional, proceed, ruling_ids, check_named);
  }
  return parse_arguments(Command{command_name, "", "", {}}, args, options, positional, proceed, ruling_ids, check_named);
}

// Boost reports positional arguments as options (--file, --id): the error's words with the name
// the usage line gives it ("ID"); "" for an error about a named option.
static std::string said_as_usage(const po::error_with_option_name& error, const po::positional_options_description& positional) {
  const std::string name = positional_name(positional, error.get_option_name());
  if (name.empty()) return "";
  std::string message = error.what();
  // "option '--id'", "'--id'" (Boost's own words), "--id:" (a number's, cli/options.hpp).
  for (const std::string& said : {"option '" + error.get_option_name() + "'", "'" + error.get_option_name() + "'",
                                  error.get_option_name() + ":"}) {
    if (const auto at = message.find(said); at != std::string::npos) {
      message.replace(at, said.size(), said.back() == ':' ? name + ":" : name);
      break;
    }
  }
  return message;
}

// An unknown game, where the game is the command's first word, is the first problem to name.
static void check_game_word(const po::variables_map& vm, const po::positional_options_description& positional) {
  if (const auto game = vm.find("game"); game != vm.end() && positional.max_total_count() > 0 &&
                                         positional.name_for_position(0) == "game") {
    if (const auto* name = boost::any_cast<std::string>(&game->second.value())) find_game(*name);
  }
}

// Whether `name` is a registered game's name.
static bool is_game_name(const std::string& name) {
  const auto& games = registered_games();
  return std::any_of(games.begin(), games.end(), [&](const GameDescriptor* game) { return game->name == name; });
}

// A one-line position names its game ("GAME 3 ..."): where GAME, the first word, is left out
// beside it, that game; "" otherwise (GAME given, no such position, or one whose first word is no
// game: a diagram, @file or a path, which need GAME). Where words follow GAME (explain's moves),
// the first of them is read as GAME when GAME is left out: a word that is no game is then taken
// for the first of those words ('explain -p "GAME 3 ..." a1').
static std::string game_of_position(const po::variables_map& vm, const po::positional_options_description& positional) {
  if (positional.max_total_count() == 0 || positional.name_for_position(0) != "game") return "";
  if (const auto given = vm.find("game"); given != vm.end()) {
    const auto* word = boost::any_cast<std::string>(&given->second.value());
    if (positional.max_total_count() == 1 || word == nullptr || is_game_name(*word)) return "";
  }
  const auto position = vm.find("position");
  if (position == vm.end()) return "";
  const auto* text = boost::any_cast<std::string>(&position->second.value());
  if (text == nullptr) return "";
  const std::string first = text->substr(0, text->find(' '));
  return is_game_name(first) ? first : "";
}

po::variables_map parse_arguments(const Command& action, const std::vector<std::string>& args,
                                  const po::options_description& options,
                                  const po::positional_options_description& positional, bool& proceed,
                                  RulingIds ruling_ids, const NamedCheck& check_named) {
  const std::string usage = action.usage.empty() ? "" : " (usage: arbiter " + action.usage + ")";
  po::options_description all("Options");
  all.add_options()("help,h", "show this help");
  all.add(options);
  po::variables_map vm;
  // --help wins over every other word: it is looked for before they are read, so that a bad value
  // beside it ('solve --threads 0 --help') does not stand in the way of the help (it was refused
  // first). Words after '--' are never options.
  const auto end_of_options = std::find(args.begin(), args.end(), "--");
  if (std::any_of(args.begin(), end_of_options, [](const std::string& word) { return word == "--help" || word == "-h"; })) {
    std::cout << "usage: arbiter " << action.usage << "\n" << action.summary << "\n\n" << all << "\n";
    proceed = false;
    return vm;
  }
  // Boost reports positional arguments as options (--file, --id): say them as the usage line does.
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    // GAME left out: the game the position names is read as the first word.
    if (const std::string game = game_of_position(vm, positional); !game.empty()) {
      std::vector<std::string> with_game{game};
      with_game.insert(with_game.end(), args.begin(), args.end());
      vm = po::variables_map();
      po::store(po::command_line_parser(with_game).options(all).positional(positional).run(), vm);
    }
    // ARBITER_PROGRESS_SECONDS is read here, before the command does anything: a bad value is
    // refused at once, not when (or whether) the command first makes a progress line, and never
    // from a worker thread. After --help, which it must not block (it was read before every
    // command, and `ARBITER_PROGRESS_SECONDS=abc arbiter solve --help` printed only the error).
    progress_line_interval();
    // An unknown game is the problem to name, before any option the command would require of it
    // (where the game is the first word: a word before it, such as an action, is named first).
    check_game_word(vm, positional);
    if (ruling_ids == RulingIds::RenamedByGame) rename_ruling_ids(vm);
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    po::variables_map named;
    std::vector<std::string> surplus;
    try {
      surplus = surplus_words(args, all, positional, named);
    } catch (const po::error_with_option_name& error) {
      // A bad positional word before the surplus ('puzzles show -- -1 --db F'): named as the
      // usage line names it, as without the surplus (it said '--id:', Boost's name for ID).
      const std::string message = said_as_usage(error, positional);
      if (message.empty()) throw;
      throw InputError(message);
    }
    if (surplus.empty()) throw;
    // The words before the surplus are read first: an unknown game or claim is the first problem
    // ('prove GAME bogus all' names the claim 'bogus', not the word 'all').
    check_game_word(named, positional);
    if (check_named) check_named(named);
    throw InputError("unexpected argument " + quote_input(surplus.front()) + usage);
  } catch (const po::required_option& error) {
    const std::string name = positional_name(positional, error.get_option_name());
    if (name.empty()) throw;
    throw InputError("missing " + name + usage);
  } catch (const po::error_with_option_name& error) {
    const std::string message = said_as_usage(error, positional);
    if (message.empty()) throw;
    throw InputError(message);
  }
  proceed = true;
  return vm;
}

}  // namespace arbiter::cli

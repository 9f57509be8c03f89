#include "cli/command.hpp"

#include <iostream>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/registry.hpp"

namespace arbiter::cli {

namespace po = boost::program_options;

std::vector<Command>& commands() {
  static std::vector<Command> all;
  return all;
}

// Inside, 0 stands for "not given"; given by the user it is a size like any other wrong one.
static void reject_size_zero(const int& given) {
  if (given == 0) {
    throw InputError("board size 0 is not allowed (leave --size out for the game's own size; see `arbiter rules GAME`)");
  }
}

void GameOptions::add_to(po::options_description& options) {
  options.add_options()
      ("size", po::value<int>(&size)->notifier(&reject_size_zero),
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

po::variables_map parse_arguments(const std::string& command_name, const std::vector<std::string>& args,
                                  const po::options_description& options,
                                  const po::positional_options_description& positional, bool& proceed) {
  po::options_description all("Options");
  all.add_options()("help,h", "show this help");
  all.add(options);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  if (vm.count("help")) {
    const Command* found = nullptr;
    for (const Command& c : commands()) {
      if (c.name == command_name) found = &c;
    }
    const Command& command = *found;
    std::cout << "usage: arbiter " << command.usage << "\n" << command.summary << "\n\n" << all << "\n";
    proceed = false;
    return vm;
  }
  rename_ruling_ids(vm);
  po::notify(vm);
  proceed = true;
  return vm;
}

}  // namespace arbiter::cli

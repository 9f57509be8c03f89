#include <iostream>

#include "cli/command.hpp"
#include "model/registry.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

std::string size_line(const GameDescriptor& game) {
  return "sizes: " + game.size_help + " (default " + std::to_string(game.default_size) + ")";
}

int run(const std::vector<std::string>& args) {
  po::options_description options;
  bool markdown = false;
  options.add_options()("game", po::value<std::string>(), "game name")
      ("markdown", po::bool_switch(&markdown), "print the rulings as a Markdown table (for docs/rulings.md)");
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  const auto vm = parse_arguments("rules", args, options, positional, proceed);
  if (!proceed) return 0;
  if (!vm.count("game")) {
    for (const GameDescriptor* game : registered_games()) {
      std::cout << game->name << "  " << game->title << ": " << game->summary << "\n    " << size_line(*game)
                << ", " << game->rulings.size() << " rulings\n";
    }
    return 0;
  }
  const GameDescriptor& game = find_game(vm["game"].as<std::string>());
  if (markdown) {
    std::cout << "| id | `--rule` name | question | default (provenance) | alternatives | why the default |\n"
              << "|---|---|---|---|---|---|\n";
    for (const Ruling& ruling : game.rulings) {
      std::string alternatives;
      std::string default_meaning;
      for (const RulingOption& option : ruling.options) {
        if (option.value == ruling.default_value) {
          default_meaning = option.meaning;
        } else {
          alternatives += (alternatives.empty() ? "" : "<br>") + ("`" + option.value + "`: " + option.meaning);
        }
      }
      std::cout << "| " << ruling.id << " | `" << ruling.name << "` | " << ruling.question << " | `"
                << ruling.default_value << "`: " << default_meaning << " (" << provenance_name(ruling.provenance)
                << ") | " << alternatives << " | " << ruling.reason << " |\n";
    }
    return 0;
  }
  std::cout << game.title << "\n" << game.summary << "\n" << size_line(game) << "\n"
            << "Select a reading with --rule NAME=VALUE. Provenance of a default: sourced (a rule text or its\n"
            << "diagrams settle it), derived (follows from the texts by argument), invented (the text is silent).\n";
  for (const Ruling& ruling : game.rulings) {
    std::cout << "\n" << ruling.id << "  " << ruling.name << "  -- " << ruling.question << "\n";
    for (const RulingOption& option : ruling.options) {
      const bool is_default = option.value == ruling.default_value;
      std::cout << "    " << (is_default ? "* " : "  ") << option.value;
      if (is_default) std::cout << " (default, " << provenance_name(ruling.provenance) << ")";
      std::cout << ": " << option.meaning << "\n";
    }
    std::cout << "    why the default: " << ruling.reason << "\n";
  }
  return 0;
}

const CommandRegistration registration{Command{
    "rules", "rules [GAME]", "list the games, or one game's rulings with defaults, alternatives and reasons",
    run}};

}  // namespace
}  // namespace arbiter::cli

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/book.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

std::string size_line(const GameDescriptor& game) {
  return "sizes: " + game.size_help + " (default " + std::to_string(game.default_size) + ")";
}

// Every board size --size accepts, read off the game's own check (GameDescriptor::size_ok), so that
// the list cannot disagree with what the commands accept; `sizes` (size_help) says the same in words.
// No game's board goes beyond 26 columns (a to z); sizes up to 1024 are asked.
std::vector<int> allowed_sizes(const GameDescriptor& game) {
  std::vector<int> sizes;
  for (int n = 1; n <= 1024; ++n) {
    if (game.size_ok(n)) sizes.push_back(n);
  }
  return sizes;
}

// `in_force`: the value of every ruling (the defaults unless --rule chose others); null without GAME.
nlohmann::json game_json(const GameDescriptor& game, bool with_rulings, const Config* in_force = nullptr) {
  nlohmann::json out = {{"name", game.name},          {"title", game.title},
                        {"summary", game.summary},    {"sides", game.side_names},
                        {"sizes", game.size_help},    {"default_size", game.default_size},
                        {"ruling_count", game.rulings.size()}};
  const std::vector<int> sizes = allowed_sizes(game);
  out["size_min"] = sizes.front();
  out["size_max"] = sizes.back();
  out["allowed_sizes"] = sizes;
  if (!with_rulings) return out;
  out["rulings"] = nlohmann::json::array();
  for (const Ruling& ruling : game.rulings) {
    nlohmann::json options = nlohmann::json::array();
    for (const RulingOption& option : ruling.options) options.push_back({{"value", option.value}, {"meaning", option.meaning}});
    out["rulings"].push_back({{"id", ruling.id},
                              {"name", ruling.name},
                              {"question", ruling.question},
                              {"options", options},
                              {"default", ruling.default_value},
                              {"provenance", std::string(provenance_name(ruling.provenance))},
                              {"reason", ruling.reason}});
    if (in_force != nullptr) out["rulings"].back()["in_force"] = in_force->rulings.at(ruling.name);
  }
  // The plain-language rules under the rulings in force, the paragraphs a book's rules page prints.
  if (in_force != nullptr) out["rules_summary"] = puzzles::guide_paragraphs(game, *in_force);
  return out;
}

// " (sets NAME=VALUE, ...)" for an option that decides other rulings, in `quote` marks; "" otherwise.
std::string sets_note(const RulingOption& option, const std::string& quote) {
  std::string note;
  for (const auto& [name, value] : option.sets) note += (note.empty() ? " (sets " : ", ") + quote + name + "=" + value + quote;
  return note.empty() ? note : note + ")";
}

int run(const std::vector<std::string>& args) {
  po::options_description options;
  bool markdown = false, json = false, summary = false;
  std::vector<std::string> rulings;
  options.add_options()("game", po::value<std::string>(), "game name")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(),
       "ruling as NAME=VALUE or ID=VALUE, repeatable: mark its value as the one in force and state the rulings in force")
      ("summary", po::bool_switch(&summary),
       "print the game's rules in plain words under the rulings in force (a rules sheet: the text of a book's rules page)")
      ("markdown", po::bool_switch(&markdown), "print the rulings as a Markdown table (for docs/rulings.md)")
      ("json", po::bool_switch(&json), "print the games, or the game's rulings, as JSON (docs/schemas/rules.schema.json)");
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  const auto vm = parse_arguments("rules", args, options, positional, proceed);
  if (!proceed) return 0;
  require_one_format(json, markdown);
  if (markdown && !vm.count("game")) throw InputError("--markdown prints one game's rulings: name the game (arbiter rules GAME --markdown)");
  if (!rulings.empty() && !vm.count("game")) throw InputError("--rule selects a reading of one game: name the game (arbiter rules GAME --rule NAME=VALUE)");
  if (!rulings.empty() && markdown) throw InputError("--markdown prints the table of defaults (docs/rulings.md): it takes no --rule");
  if (summary && !vm.count("game")) throw InputError("--summary prints one game's rules: name the game (arbiter rules GAME --summary)");
  if (summary && markdown) throw InputError("--summary prints the rules as text, --markdown the rulings' table: give one of them");
  if (summary && json) throw InputError("--summary prints the rules as text; --json has them already, as the field rules_summary: give one of them");
  // The rulings in force: the defaults, with --rule's choices validated as every command does.
  std::unique_ptr<Game> configured;
  if (vm.count("game")) {
    const GameDescriptor& named = find_game(vm["game"].as<std::string>());
    configured = make_game(named, named.default_size, rulings);
  }
  if (json) {
    nlohmann::json out = json_document("rules");
    if (!vm.count("game")) {
      out["games"] = nlohmann::json::array();
      for (const GameDescriptor* game : registered_games()) out["games"].push_back(game_json(*game, false));
    } else {
      out["game"] = game_json(configured->descriptor(), true, &configured->config());
    }
    print_json(out);
    return 0;
  }
  if (!vm.count("game")) {
    for (const GameDescriptor* game : registered_games()) {
      std::cout << game->name << "  " << game->title << ": " << game->summary << "\n    " << size_line(*game)
                << ", " << game->rulings.size() << " rulings\n";
    }
    return 0;
  }
  const GameDescriptor& game = configured->descriptor();
  const Config& config = configured->config();
  if (summary) {
    // The rules as a book's rules page gives them (puzzles/book.cpp), under the rulings in force.
    const std::vector<std::string> paragraphs = puzzles::guide_paragraphs(game, config);
    std::cout << game.title << ": the rules, as Arbiter reads them\n";
    if (!rulings.empty()) std::cout << "Rulings in force: " << rulings_in_force_line(game, config) << "\n";
    for (const std::string& paragraph : paragraphs) std::cout << "\n" << paragraph << "\n";
    if (const std::string note = puzzles::gap_mark_note(paragraphs); !note.empty()) std::cout << "\n" << note << "\n";
    return 0;
  }
  if (markdown) {
    std::cout << "| id | `--rule` name | question | default (provenance) | alternatives | why the default |\n"
              << "|---|---|---|---|---|---|\n";
    for (const Ruling& ruling : game.rulings) {
      std::string alternatives;
      std::string default_meaning;
      for (const RulingOption& option : ruling.options) {
        if (option.value == ruling.default_value) {
          default_meaning = option.meaning + sets_note(option, "`");
        } else {
          alternatives += (alternatives.empty() ? "" : "<br>") +
                          ("`" + option.value + "`: " + option.meaning + sets_note(option, "`"));
        }
      }
      std::cout << "| " << ruling.id << " | `" << ruling.name << "` | " << ruling.question << " | `"
                << ruling.default_value << "`: " << default_meaning << " (" << provenance_name(ruling.provenance)
                << ") | " << alternatives << " | " << ruling.reason << " |\n";
    }
    return 0;
  }
  std::cout << game.title << "\n" << game.summary << "\n" << size_line(game) << "\n"
            << "Select a reading with --rule NAME=VALUE or ID=VALUE (a ruling's name or id as listed below).\n"
            << "Provenance of a default: sourced (a rule text or its diagrams settle it), derived (follows from\n"
            << "the texts by argument), invented (the text is silent). '*' marks the value in force.\n";
  if (!rulings.empty()) std::cout << "Rulings in force: " << rulings_in_force_line(game, config) << "\n";
  for (const Ruling& ruling : game.rulings) {
    std::cout << "\n" << ruling.id << "  " << ruling.name << "  -- " << ruling.question << "\n";
    for (const RulingOption& option : ruling.options) {
      const bool is_default = option.value == ruling.default_value;
      const bool in_force = option.value == config.rulings.at(ruling.name);
      std::cout << "    " << (in_force ? "* " : "  ") << option.value;
      if (is_default) std::cout << " (default, " << provenance_name(ruling.provenance) << ")";
      if (in_force && !is_default) {
        const std::string set_by = ruling_set_by(game, config, ruling.name);
        std::cout << (set_by.empty() ? " (chosen with --rule)" : " (set by " + set_by + ")");
      }
      std::cout << ": " << option.meaning << sets_note(option, "") << "\n";
    }
    std::cout << "    why the default: " << ruling.reason << "\n";
  }
  return 0;
}

const CommandRegistration rules_registration{Command{
    "rules", "rules [GAME] [--rule NAME=VALUE]... [--summary | --json]", "list the games, or one game's rulings with defaults, alternatives and reasons",
    run}};

}  // namespace
}  // namespace arbiter::cli

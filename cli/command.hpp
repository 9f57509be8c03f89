#pragma once
// Each subcommand lives in its own cli/<name>.cpp and registers itself with a static
// CommandRegistration; main.cpp dispatches on the first word.
#include <functional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "model/core/game.hpp"

namespace arbiter::cli {

struct Command {
  std::string name;
  std::string usage;    // e.g. "explain GAME [--position P] MOVES..."
  std::string summary;  // one line
  // Receives the words after the subcommand name; returns the exit status. Throws InputError
  // (or boost::program_options::error) for bad input; main prints it as one line and exits 2.
  std::function<int(const std::vector<std::string>& args)> run;
  // Runs on every rank under mpirun and shares its units among them (distributed/farm.hpp);
  // other commands run on rank 0 alone.
  bool distributed = false;
};

std::vector<Command>& commands();

struct CommandRegistration {
  explicit CommandRegistration(Command command) { commands().push_back(std::move(command)); }
};

// Options every game-facing command shares: --size N, --rule NAME=VALUE (repeatable; NAME may be
// the ruling's id, which parse_arguments turns into its name).
struct GameOptions {
  int size = 0;
  std::vector<std::string> rulings;
  void add_to(boost::program_options::options_description& options);
};

// Parses args against options (positional names in order, the last may repeat with -1) and
// returns the variables map. --help prints usage and the options and returns false in `proceed`.
// A "rule" option's NAME=VALUE values, where a "game" option names the game, reach their variable
// with every ruling id replaced by the ruling's name (assignments_by_name), unknown names refused;
// a command whose --game only checks a file's game (RulingIds::Kept) renames them itself, after
// that check, so that a wrong game is named as such rather than as its rulings being unknown.
enum class RulingIds { RenamedByGame, Kept };
// Where more words are given than the positional arguments take, the ones they do take are
// checked first with this (it throws InputError for a bad one), and only then is the first word
// too many named: 'prove GAME bogus all' is about the unknown claim 'bogus'.
using NamedCheck = std::function<void(const boost::program_options::variables_map&)>;
boost::program_options::variables_map parse_arguments(
    const std::string& command_name, const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional, bool& proceed,
    RulingIds ruling_ids = RulingIds::RenamedByGame, const NamedCheck& check_named = {});
// The same for one action of a command that has several (`puzzles generate`, `puzzles show`):
// `action` (its name, usage and summary; no run) is what its errors and its --help show.
boost::program_options::variables_map parse_arguments(
    const Command& action, const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional, bool& proceed,
    RulingIds ruling_ids = RulingIds::RenamedByGame, const NamedCheck& check_named = {});

}  // namespace arbiter::cli

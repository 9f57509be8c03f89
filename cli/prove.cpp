// arbiter prove GAME CLAIM --sizes A-B: Z3 proofs of a game's claims, size by size (solver/prove.hpp).
// Exit status: 0 when every verdict is "proved", 1 when something was refuted or stayed unknown
// (a timeout is never a proof), 2 for bad input.
#include <unistd.h>

#include <cstdio>
#include <iomanip>
#include <iostream>

#include "cli/command.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "solver/prove.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

void parse_sizes(const std::string& text, int& low, int& high) {
  const auto dash = text.find('-');
  const std::string first = text.substr(0, dash);
  const std::string second = dash == std::string::npos ? first : text.substr(dash + 1);
  const auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 3 || part.find_first_not_of("0123456789") != std::string::npos) {
      throw InputError("--sizes must be N or A-B with whole numbers, got " + quote_input(text));
    }
    return std::stoi(part);
  };
  low = number(first);
  high = number(second);
  if (low > high) throw InputError("--sizes range is empty: " + quote_input(text));
}

void print_row(const ProveRow& row) {
  const Verdict& v = row.verdict;
  std::cout << std::left << std::setw(24) << row.claim << " " << std::setw(18) << v.scope << " " << std::setw(8)
            << verdict_name(v.kind) << std::right << std::fixed << std::setprecision(2) << std::setw(9) << v.seconds
            << "s " << std::setw(8) << v.variables << " vars " << std::setw(8) << v.assertions << " assertions"
            << (row.from_results_file ? "  (stored)" : "");
  if (v.kind == Verdict::Kind::Unknown) std::cout << "  reason: " << v.reason;
  std::cout << "\n";
  if (v.kind == Verdict::Kind::Refuted) {
    std::cout << "counterexample:\n" << v.counterexample;
    if (!v.moves.empty()) {
      std::cout << "moves:";
      for (const auto& m : v.moves) std::cout << " " << m;
      std::cout << "\n";
    }
  }
  if (!v.note.empty()) std::cout << "note: " << v.note << "\n";
  std::cout << std::flush;
}

int prove_command(const std::vector<std::string>& args) {
  std::string game_name, claim, sizes;
  std::vector<std::string> rulings;
  double timeout = 60;
  bool list = false, fresh = false;
  std::string results_file;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game_name)->required(), "game name")
      ("claim", po::value<std::string>(&claim), "claim name, or 'all'")
      ("sizes", po::value<std::string>(&sizes), "board sizes: N or A-B (default: the game's default size)")
      ("timeout", po::value<double>(&timeout), "seconds per claim and size (default 60); unknown on expiry")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(), "ruling as NAME=VALUE; repeatable")
      ("fresh", po::bool_switch(&fresh), "ignore stored verdicts and decide everything again")
      ("results", po::value<std::string>(&results_file), "results file (default .arbiter-state/prove-GAME.tsv)")
      ("list", po::bool_switch(&list), "list the game's claims");
  po::positional_options_description positional;
  positional.add("game", 1).add("claim", 1);
  bool proceed = false;
  parse_arguments("prove", args, options, positional, proceed);
  if (!proceed) return 0;
  const GameDescriptor& game = find_game(game_name);
  const std::vector<Claim> claims = game.claims ? game.claims() : std::vector<Claim>{};
  if (list) {
    if (claims.empty()) std::cout << game.name << " has no claims\n";
    for (const Claim& c : claims) {
      std::cout << c.name << (c.size_independent ? "  [all sizes: lemma]" : "") << "\n  " << c.statement
                << "\n  source: " << c.source << "\n";
    }
    return 0;
  }
  if (claim.empty()) throw InputError("name a claim (or 'all'); `arbiter prove " + game.name + " --list` lists them");
  if (!(timeout > 0) || timeout > 1e6) throw InputError("--timeout must be a positive number of seconds");
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.timeout_seconds = timeout;
  request.rulings = rulings;
  request.fresh = fresh;
  request.results_file = results_file.empty() ? default_results_file(game) : results_file;
  if (sizes.empty()) {
    request.min_size = request.max_size = game.default_size;
  } else {
    parse_sizes(sizes, request.min_size, request.max_size);
  }
  bool all_proved = true;
  std::cout << std::left << std::setw(24) << "claim" << " " << std::setw(18) << "scope" << " " << std::setw(8)
            << "verdict" << std::right << std::setw(10) << "time" << " " << std::setw(8) << "variables"
            << std::setw(19) << "assertions" << "\n";
  run_proofs(request, [&](const ProveRow& row) {
    all_proved = all_proved && row.verdict.kind == Verdict::Kind::Proved;
    print_row(row);
  }, std::cerr, isatty(fileno(stderr)) != 0);
  return all_proved ? 0 : 1;
}

const CommandRegistration registration({
    "prove",
    "prove GAME CLAIM|all [--sizes A-B] [--timeout S] [--rule NAME=VALUE] [--fresh] | prove GAME --list",
    "Z3 proofs of the rule texts' claims, size by size (exit 1 if any is refuted or unknown)",
    prove_command,
});

}  // namespace
}  // namespace arbiter::cli

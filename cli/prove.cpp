// arbiter prove GAME CLAIM --sizes A-B: Z3 proofs of a game's claims, size by size (solver/prove.hpp).
// Exit status: 0 when every verdict is "proved", 1 when something was refuted or stayed unknown
// (a timeout is never a proof), 2 for bad input.
#include <unistd.h>

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/command.hpp"
#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "solver/encoding_differential.hpp"
#include "solver/interrupt.hpp"
#include "solver/prove.hpp"
#include "solver/z3_encoding.hpp"

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

// --sizes, or the game's default size when it is not given.
void size_range(const GameDescriptor& game, const std::string& sizes, int& low, int& high) {
  if (sizes.empty()) {
    low = high = game.default_size;
  } else {
    parse_sizes(sizes, low, high);
  }
  // Every size of the range is checked here, before anything is proved or stored under it (size 0
  // once stood for the default size, proved and stored as "size 0").
  for (int n = low; n <= high; ++n) {
    if (!game.size_ok(n)) {
      throw InputError("--sizes " + sizes + ": board size " + std::to_string(n) + " is not allowed for " + game.name +
                       " (allowed: " + game.size_help + ")");
    }
  }
}

void print_row(const ProveRow& row) {
  const Verdict& v = row.verdict;
  std::cout << std::left << std::setw(30) << row.claim << " " << std::setw(20) << v.scope << " " << std::setw(8)
            << verdict_name(v.kind) << std::right << std::fixed << std::setprecision(2) << std::setw(9) << v.seconds
            << "s " << std::setw(8) << v.variables << " vars " << std::setw(8) << v.assertions << " assertions"
            << (row.from_results_file ? "  (stored)" : "");
  if (v.kind == Verdict::Kind::Unknown) std::cout << "  reason: " << v.reason;
  if (v.kind == Verdict::Kind::Unknown && row.from_results_file) {
    std::ostringstream budget;  // as given, not in the table's fixed two decimals
    budget << row.stored_budget;
    std::cout << " (at --timeout " << budget.str() << "; a larger --timeout or --fresh tries again)";
  }
  std::cout << "\n";
  if (!v.derivation.empty()) {
    std::cout << "derivation (" << row.claim << " holds where every premise is proved):\n";
    std::istringstream lines(v.derivation);
    for (std::string line; std::getline(lines, line);) std::cout << "  " << line << "\n";
  }
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

nlohmann::json verdict_json(const ProveRow& row) {
  const Verdict& v = row.verdict;
  return {{"claim", row.claim},
          {"size", row.size},
          {"scope", v.scope},
          {"verdict", verdict_name(v.kind)},
          {"seconds", v.seconds},
          {"variables", v.variables},
          {"assertions", v.assertions},
          {"stored", row.from_results_file},
          {"reason", v.kind == Verdict::Kind::Unknown ? nlohmann::json(v.reason) : nlohmann::json(nullptr)},
          {"derivation", v.derivation.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.derivation)},
          {"counterexample", v.kind == Verdict::Kind::Refuted ? nlohmann::json(v.counterexample) : nlohmann::json(nullptr)},
          {"moves", v.moves},
          {"note", v.note.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.note)}};
}

// `prove GAME --differential`: per size, the turn encoding against the model (exit 1 on a
// disagreement). Each size is short, so progress is a counter on a terminal and nothing is stored.
int differential_command(const GameDescriptor& game, const std::string& sizes, const std::vector<std::string>& rulings,
                         long pairs, std::uint64_t seed) {
  int low = 0, high = 0;
  size_range(game, sizes, low, high);
  std::vector<std::unique_ptr<Game>> games;
  for (int n = low; n <= high; ++n) games.push_back(make_game(game, n, rulings));  // bad input fails first
  const bool terminal = isatty(fileno(stderr)) != 0;
  bool all_agree = true;
  for (const auto& configured : games) {
    const int n = configured->config().size;
    const DifferentialResult result =
        compare_encoding_with_model(*configured, pairs, seed + static_cast<std::uint64_t>(n), [&](long done) {
          if (terminal && done % 10 == 0) std::cerr << "\rsize " << n << ": " << done << "/" << pairs << std::flush;
        });
    if (terminal) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
    if (&configured == &games.front()) {  // after the first size: a game without an encoding fails before
      std::cout << std::left << std::setw(6) << "size" << std::right << std::setw(8) << "pairs" << std::setw(8)
                << "legal" << std::setw(10) << "result" << std::setw(10) << "time" << "\n";
    }
    const bool agree = result.disagreement.empty();
    all_agree = all_agree && agree;
    std::cout << std::left << std::setw(6) << n << std::right << std::setw(8) << result.pairs << std::setw(8)
              << result.legal << std::setw(10) << (agree ? "agree" : "DISAGREE") << std::fixed << std::setprecision(2)
              << std::setw(9) << result.seconds << "s\n";
    if (!agree) std::cout << result.disagreement;
    std::cout << std::flush;
  }
  return all_agree ? 0 : 1;
}

int prove_command(const std::vector<std::string>& args) {
  std::string game_name, claim, sizes;
  std::vector<std::string> rulings;
  double timeout = 60;
  bool list = false, fresh = false, differential = false, json = false;
  long pairs = 1000;
  std::uint64_t seed = 20261122;
  std::string results_file, state_directory;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game_name)->required(), "game name")
      ("claim", po::value<std::string>(&claim), "claim name, or 'all'")
      ("sizes", po::value<std::string>(&sizes), "board sizes: N or A-B (default: the game's default size)")
      ("timeout", po::value<double>(&timeout), "seconds per claim and size (default 60); unknown on expiry")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(), "ruling as NAME=VALUE; repeatable")
      ("fresh", po::bool_switch(&fresh), "ignore stored verdicts and decide everything again")
      ("state", po::value<std::string>(&state_directory),
       "directory of stored verdicts (default $XDG_CACHE_HOME/arbiter, else ~/.cache/arbiter)")
      ("results", po::value<std::string>(&results_file), "results file (default STATE/prove-GAME.tsv)")
      ("list", po::bool_switch(&list), "list the game's claims")
      ("differential", po::bool_switch(&differential),
       "instead of proving: compare the claims' Z3 turn encoding with the model on random (position, move) pairs")
      ("pairs", po::value<long>(&pairs), "--differential: pairs per size (default 1000)")
      ("seed", whole_number_value(&seed), "--differential: random seed (default 20261122)")
      ("json", po::bool_switch(&json), "print the claims (--list) or the verdicts as JSON (docs/schemas/prove.schema.json)");
  po::positional_options_description positional;
  positional.add("game", 1).add("claim", 1);
  bool proceed = false;
  parse_arguments("prove", args, options, positional, proceed);
  if (!proceed) return 0;
  const GameDescriptor& game = find_game(game_name);
  const std::vector<Claim> claims = game.claims ? game.claims() : std::vector<Claim>{};
  // Under mpirun only the proofs are shared out; listing and the differential run on rank 0.
  const bool coordinator = distributed::world().coordinator();
  if (!coordinator && (list || differential)) return 0;
  if (list && json) {
    nlohmann::json out = json_document("prove");
    out["game"] = game.name;
    out["claims"] = nlohmann::json::array();
    for (const Claim& c : claims) {
      out["claims"].push_back({{"name", c.name},
                               {"statement", c.statement},
                               {"source", c.source},
                               {"premises", c.premises},
                               {"size_independent", c.size_independent}});
    }
    print_json(out);
    return 0;
  }
  if (list) {
    if (claims.empty()) std::cout << game.name << " has no claims\n";
    for (const Claim& c : claims) {
      std::cout << c.name << (c.premises.empty() ? (c.size_independent ? "  [all sizes: lemma]" : "")
                                                 : (c.size_independent ? "  [all sizes: derived]" : "  [derived]"))
                << "\n  " << c.statement << "\n  source: " << c.source << "\n";
      if (!c.premises.empty()) {
        std::cout << "  premises:";
        for (const auto& p : c.premises) std::cout << " " << p;
        std::cout << "\n";
      }
    }
    return 0;
  }
  if (differential) {
    if (json) throw InputError("--json is not available with --differential");
    if (!claim.empty()) throw InputError("--differential takes no claim name, got " + quote_input(claim));
    if (pairs < 1 || pairs > 100'000'000) throw InputError("--pairs must be between 1 and 100000000");
    return differential_command(game, sizes, rulings, pairs, seed);
  }
  if (claim.empty()) throw InputError("name a claim (or 'all'); `arbiter prove " + game.name + " --list` lists them");
  if (!(timeout > 0) || timeout > 1e6) throw InputError("--timeout must be a positive number of seconds");
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.timeout_seconds = timeout;
  request.rulings = rulings;
  request.fresh = fresh;
  if (!results_file.empty() && !state_directory.empty()) throw InputError("give --state or --results, not both");
  request.results_file =
      !results_file.empty() ? results_file
                            : results_file_in(state_directory.empty() ? default_state_directory() : state_directory, game);
  size_range(game, sizes, request.min_size, request.max_size);
  install_stop_handlers();
  add_stop_hook([] { smt::interrupt_shared_context(); });
  if (!coordinator) {
    std::ostringstream unseen;  // rank 0 alone shows progress and rows
    run_proofs(request, nullptr, unseen, false);
    return 0;
  }
  bool all_proved = true, header_printed = false, stored_used = false;
  nlohmann::json verdicts = nlohmann::json::array();
  run_proofs(request, [&](const ProveRow& row) {
    all_proved = all_proved && row.verdict.kind == Verdict::Kind::Proved;
    stored_used = stored_used || row.from_results_file;
    if (json) {
      verdicts.push_back(verdict_json(row));
      return;
    }
    if (!header_printed) {  // only once there is a row: bad input (no claims, say) is just its error line
      std::cout << std::left << std::setw(30) << "claim" << " " << std::setw(20) << "scope" << " " << std::setw(8)
                << "verdict" << std::right << std::setw(10) << "time" << " " << std::setw(8) << "variables"
                << std::setw(19) << "assertions" << "\n";
      header_printed = true;
    }
    print_row(row);
  }, std::cerr, isatty(fileno(stderr)) != 0);
  if (json) {
    nlohmann::json out = json_document("prove");
    out["game"] = game.name;
    out["claim"] = claim;
    out["sizes"] = {request.min_size, request.max_size};
    out["rulings"] = rulings;
    out["timeout_seconds"] = timeout;
    out["verdicts"] = verdicts;
    out["state"] = request.results_file;
    out["interrupted"] = stop_requested();
    print_json(out);
    if (stop_requested()) return interrupted_exit_status();
    return all_proved ? 0 : 1;
  }
  // Where verdicts were read from and kept, so that stored state never acts unseen.
  std::cout << "state: " << request.results_file << (request.fresh ? " (--fresh: stored verdicts ignored" : " (")
            << (request.fresh ? ", new ones kept)" : stored_used ? "stored verdicts used, new ones kept)" : "new verdicts kept)")
            << "\n";
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; finished verdicts are kept in "
              << request.results_file << "\n";
    return interrupted_exit_status();
  }
  return all_proved ? 0 : 1;
}

const CommandRegistration prove_registration({
    "prove",
    "prove GAME CLAIM|all [--sizes A-B] [--timeout S] [--rule NAME=VALUE] [--fresh] [--state DIR] [--json] | prove GAME --list [--json] | "
    "prove GAME --differential [--sizes A-B] [--pairs N] [--seed S]",
    "Z3 proofs of the rule texts' claims, size by size (exit 1 if any is refuted or unknown)",
    prove_command,
    true,
});

}  // namespace
}  // namespace arbiter::cli

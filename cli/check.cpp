#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "properties/property_runner.hpp"
#include "solver/interrupt.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

const char* verdict_word(const PropertyResult& r) {
  if (r.holds) return "holds";
  if (r.interrupted) return "INTERRUPTED";
  if (r.gave_up) return "NO VERDICT";
  return r.rule_text_claim ? "FINDING" : "DEFECT";
}

int check(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game;
  int cases = 100;
  unsigned long long seed = 1;
  std::vector<std::string> only;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name")
      ("cases", po::value<int>(&cases), "random games per property (default 100)")
      ("seed", po::value<unsigned long long>(&seed), "random seed (default 1); same seed, same output")
      ("property", po::value<std::vector<std::string>>(&only), "run only this property (repeatable)")
      ("json", po::bool_switch(&json), "print the results as JSON (docs/schemas/check.schema.json)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  parse_arguments("check", args, options, positional, proceed);
  if (!proceed) return 0;
  if (cases < 1 || cases > 10000000) throw InputError("--cases must be between 1 and 10000000");
  auto loaded = load_game_position(game, game_options, "");
  const std::vector<Property> suite = property_suite(loaded.game->descriptor());
  for (const std::string& name : only) {
    bool known = false;
    std::string names;
    for (const Property& p : suite) {
      known |= p.name == name;
      names += (names.empty() ? "" : ", ") + p.name;
    }
    if (!known) throw InputError("unknown property " + quote_input(name) + " (known: " + names + ")");
  }
  if (!json) {
    std::cout << "property suite of " << game << ", size " << loaded.game->config().size << ", seed " << seed << "\n";
    std::printf("%-34s %8s %10s  %-10s %8s\n", "property", "cases", "checks", "result", "seconds");
  }
  install_stop_handlers();
  Progress progress(std::cerr);
  std::vector<PropertyResult> failed, all;
  for (const Property& property : suite) {
    if (!only.empty() && std::find(only.begin(), only.end(), property.name) == only.end()) continue;
    const PropertyResult r = run_property(*loaded.game, property, cases, seed, [&](long done) {
      progress.update([&] { return "check " + property.name + ": " + std::to_string(done) + "/" + std::to_string(cases) + " cases"; });
      return !stop_requested();
    });
    progress.clear();
    all.push_back(r);
    if (!json) {
      std::printf("%-34s %8ld %10ld  %-10s %8.2f\n", r.name.c_str(), r.cases, r.checks, verdict_word(r), r.seconds);
      std::fflush(stdout);
    }
    if (r.interrupted) break;
    if (!r.holds) failed.push_back(r);
  }
  if (json) {
    nlohmann::json out = json_document("check");
    out["game"] = loaded.game->descriptor().name;
    out["size"] = loaded.game->config().size;
    out["rulings"] = game_options.rulings;
    out["position"] = loaded.state->line();
    out["cases"] = cases;
    out["seed"] = seed;
    out["properties"] = nlohmann::json::array();
    for (const PropertyResult& r : all) {
      nlohmann::json row = {{"name", r.name},       {"statement", r.statement}, {"source", r.source},
                            {"rule_text_claim", r.rule_text_claim}, {"verdict", verdict_word(r)},
                            {"cases", r.cases},     {"checks", r.checks},       {"seconds", r.seconds}};
      if (!r.holds && !r.gave_up && !r.interrupted) {
        row["why"] = r.why;
        row["counterexample"] = r.counterexample;
        row["moves"] = r.moves;
        row["replay"] = r.moves.empty() ? nlohmann::json(nullptr) : nlohmann::json(replay_command(*loaded.game, r.moves));
      }
      out["properties"].push_back(row);
    }
    out["interrupted"] = stop_requested();
    out["all_hold"] = failed.empty() && !stop_requested();
    print_json(out);
    if (stop_requested()) return interrupted_exit_status();
    return failed.empty() ? 0 : 1;
  }
  for (const PropertyResult& r : failed) {
    std::cout << "\n" << verdict_word(r) << ": " << r.name << " -- " << r.statement << "\n  source: " << r.source
              << "\n  " << (r.rule_text_claim ? "the rule text's claim is false here (a finding about the rules)"
                                              : "an Arbiter invariant failed (a defect in Arbiter)")
              << "\n  why: " << r.why << "\n";
    if (!r.counterexample.empty()) std::cout << "  shrunk counterexample:\n" << r.counterexample;
    if (!r.moves.empty()) {
      std::cout << "  replay: " << replay_command(*loaded.game, r.moves) << "\n";
    }
  }
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; the properties listed before it finished\n";
    return interrupted_exit_status();
  }
  std::cout << "\n" << (failed.empty() ? "all properties hold" : std::to_string(failed.size()) + " did not hold")
            << "\n";
  return failed.empty() ? 0 : 1;
}

const CommandRegistration registration{Command{
    "check", "check GAME [--size N] [--rule NAME=VALUE]... [--cases N] [--seed N] [--property NAME]... [--json]",
    "run the game's property suite on random reachable play; shrunk counterexamples as diagrams", check}};

}  // namespace
}  // namespace arbiter::cli

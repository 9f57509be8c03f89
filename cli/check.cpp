#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "model/core/errors.hpp"
#include "properties/property_runner.hpp"
#include "solver/interrupt.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

const char* verdict_word(const PropertyResult& r) {
  if (!r.not_applicable.empty()) return "not applicable";
  if (r.holds) return "holds";  // JSON's word, kept for its readers (check.schema.json)
  if (r.interrupted) return "INTERRUPTED";
  if (r.gave_up) return "NO VERDICT";
  return r.rule_text_claim ? "FINDING" : "DEFECT";
}

// A property's result as bytes, what the ranks of an MPI run send rank 0 (distributed/farm.hpp).
std::string result_bytes(const PropertyResult& r) {
  return nlohmann::json{r.name, r.statement, r.source, r.rule_text_claim, r.cases, r.checks, r.holds,
                        r.gave_up, r.interrupted, r.seconds, r.why, r.counterexample, r.moves,
                        r.not_applicable, r.shrink_attempts}.dump();
}

PropertyResult result_from_bytes(const std::string& bytes) {
  const nlohmann::json j = nlohmann::json::parse(bytes);
  PropertyResult r;
  r.name = j.at(0).get<std::string>();
  r.statement = j.at(1).get<std::string>();
  r.source = j.at(2).get<std::string>();
  r.rule_text_claim = j.at(3).get<bool>();
  r.cases = j.at(4).get<long>();
  r.checks = j.at(5).get<long>();
  r.holds = j.at(6).get<bool>();
  r.gave_up = j.at(7).get<bool>();
  r.interrupted = j.at(8).get<bool>();
  r.seconds = j.at(9).get<double>();
  r.why = j.at(10).get<std::string>();
  r.counterexample = j.at(11).get<std::string>();
  r.moves = j.at(12).get<std::vector<std::string>>();
  r.not_applicable = j.at(13).get<std::string>();
  r.shrink_attempts = j.at(14).get<long>();
  return r;
}

// The text's word for a verdict: a property that passed held in the cases tried, which is a test
// on random play, not a proof ("holds" read as one).
const char* verdict_text(const PropertyResult& r) {
  return r.holds && r.not_applicable.empty() ? "held" : verdict_word(r);
}

// "all properties held" only when every property was checked ("the property held" for one asked
// for alone); otherwise how many were not. Said
// with the number of random cases, since that is all a pass covers.
std::string summary_line(std::size_t reported, std::size_t failed, int not_applicable, int cases) {
  const std::string others = not_applicable == 0 ? "" : "; " + std::to_string(not_applicable) + " not applicable (not checked)";
  if (failed > 0) return std::to_string(failed) + " did not hold" + others;
  const std::string in_cases = " in " + std::to_string(cases) + (cases == 1 ? " random case" : " random cases");
  const std::string each = in_cases + " each (tested, not proved)";
  if (not_applicable == 0 && reported == 1) return "the property held" + in_cases + " (tested, not proved)";
  if (not_applicable == 0) return "all properties held" + each;
  const std::size_t checked = reported - static_cast<std::size_t>(not_applicable);
  if (checked == 0) return "no property checked: " + std::to_string(not_applicable) + " not applicable";
  if (checked == 1) return "the 1 applicable property held" + in_cases + " (tested, not proved)" + others;
  return "all " + std::to_string(checked) + " applicable properties held" + each + others;
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
      ("cases", number_value(&cases, WholeRange{1, 10000000}), "random games per property (default 100)")
      ("seed", seed_value(&seed), "random seed (default 1); same seed, same output")
      ("property", po::value<std::vector<std::string>>(&only), "run only this property (repeatable)")
      ("json", po::bool_switch(&json), "print the results as JSON (docs/schemas/check.schema.json)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  parse_arguments("check", args, options, positional, proceed);
  if (!proceed) return 0;
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
  // Each property is a unit of work; under mpirun the ranks share them (one at a time per rank:
  // rapidcheck's runner is not made for several threads) and rank 0 prints them in suite order.
  std::vector<std::size_t> selected;
  for (std::size_t i = 0; i < suite.size(); ++i) {
    if (only.empty() || std::find(only.begin(), only.end(), suite[i].name) != only.end()) selected.push_back(i);
  }
  install_stop_handlers();
  const bool coordinator = distributed::world().coordinator();
  Progress progress(std::cerr);
  std::mutex progress_lock;
  distributed::FarmJob job;
  job.work = [&](distributed::UnitId i) {
    const Property& property = suite.at(i);
    return result_bytes(run_property(*loaded.game, property, cases, seed, [&](long done) {
      if (coordinator) {
        std::lock_guard<std::mutex> guard(progress_lock);
        progress.update([&] { return "check " + property.name + ": " + std::to_string(done) + "/" + std::to_string(cases) + " cases"; });
      }
      return !stop_requested();
    }));
  };
  if (!coordinator) {
    distributed::run_farm(job);
    return 0;
  }
  if (!json) {
    std::cout << "property suite of " << game << ", size " << loaded.game->config().size << ", seed " << seed << "\n";
    std::cout << "rulings: " << rulings_in_force_line(loaded.game->descriptor(), loaded.game->config()) << "\n";
    std::printf("%-34s %8s %10s  %-10s %8s\n", "property", "cases", "checks", "result", "seconds");
  }
  std::vector<PropertyResult> failed, all;
  int not_applicable = 0;
  std::map<std::size_t, PropertyResult> arrived;  // by suite index, until the ones before are printed
  std::size_t handed = 0, printed = 0;
  bool ended = false;  // a property was interrupted: nothing after it is printed
  job.next_unit = [&]() -> std::optional<distributed::UnitId> {
    if (handed == selected.size() || ended || stop_requested()) return std::nullopt;
    return selected[handed++];
  };
  job.on_result = [&](distributed::UnitId index, const std::string& bytes) {
    arrived.emplace(index, result_from_bytes(bytes));
    for (auto it = arrived.begin(); !ended && printed < selected.size() && it != arrived.end() && it->first == selected[printed];
         it = arrived.erase(it), ++printed) {
      const PropertyResult& r = it->second;
      {
        std::lock_guard<std::mutex> guard(progress_lock);
        progress.clear();
      }
      all.push_back(r);
      if (!json) {
        if (r.not_applicable.empty()) {
          std::printf("%-34s %8ld %10ld  %-10s %8.2f\n", r.name.c_str(), r.cases, r.checks, verdict_text(r), r.seconds);
        } else {
          std::printf("%-34s %8s %10s  %s (%s)\n", r.name.c_str(), "-", "-", verdict_word(r), r.not_applicable.c_str());
        }
        std::fflush(stdout);
      }
      if (r.interrupted) ended = true;
      if (!r.not_applicable.empty()) {
        ++not_applicable;
      } else if (!r.holds && !r.interrupted) {
        failed.push_back(r);
      }
    }
  };
  distributed::run_farm(job);
  progress.clear();
  // Said on standard error in either output format, as every long command says it.
  auto report_interruption = [] {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; the properties listed before it finished\n";
    return interrupted_exit_status();
  };
  if (json) {
    nlohmann::json out = json_document("check", 2);
    out["game"] = loaded.game->descriptor().name;
    out["size"] = loaded.game->config().size;
    out["rulings"] = game_options.rulings;
    out["rulings_in_force"] = rulings_in_force(loaded.game->descriptor(), loaded.game->config());
    out["position"] = loaded.state->line();
    out["cases"] = cases;
    out["seed"] = seed;
    out["properties"] = nlohmann::json::array();
    for (const PropertyResult& r : all) {
      nlohmann::json row = {{"name", r.name},       {"statement", r.statement}, {"source", r.source},
                            {"rule_text_claim", r.rule_text_claim}, {"verdict", verdict_word(r)},
                            {"cases", r.cases},     {"checks", r.checks},       {"seconds", r.seconds}};
      if (!r.not_applicable.empty()) {
        row["not_applicable"] = r.not_applicable;
      } else if (!r.holds && !r.gave_up && !r.interrupted) {
        row["shrink_attempts"] = r.shrink_attempts;
        row["why"] = r.why;
        row["counterexample"] = r.counterexample;
        row["moves"] = r.moves;
        row["replay"] = r.moves.empty() ? nlohmann::json(nullptr) : nlohmann::json(replay_command(*loaded.game, r.moves));
      }
      out["properties"].push_back(row);
    }
    out["interrupted"] = stop_requested();
    out["not_applicable"] = not_applicable;
    out["all_hold"] = failed.empty() && !stop_requested();
    print_json(out);
    if (stop_requested()) return report_interruption();
    return failed.empty() ? 0 : 1;
  }
  for (const PropertyResult& r : failed) {
    std::cout << "\n" << verdict_word(r) << ": " << r.name << " -- " << r.statement << "\n  source: " << r.source
              << "\n  " << (r.rule_text_claim ? "the rule text's claim is false here (a finding about the rules)"
                                              : "an Arbiter invariant failed (a defect in Arbiter)")
              << "\n  why: " << r.why << "\n";
    std::cout << "  found in case " << r.cases << " after " << r.checks << " checks; shrinking then tried "
              << r.shrink_attempts << " smaller cases\n";
    if (!r.counterexample.empty()) std::cout << "  shrunk counterexample:\n" << r.counterexample;
    if (!r.moves.empty()) {
      std::cout << "  replay: " << replay_command(*loaded.game, r.moves) << "\n";
    }
  }
  if (stop_requested()) return report_interruption();
  std::cout << "\n" << summary_line(all.size(), failed.size(), not_applicable, cases) << "\n";
  return failed.empty() ? 0 : 1;
}

const CommandRegistration check_registration{Command{
    "check", "check GAME [--size N] [--rule NAME=VALUE]... [--cases N] [--seed N] [--property NAME]... [--json]",
    "run the game's property suite on random reachable play; shrunk counterexamples as diagrams; exit 1 if a property "
    "fails (a rule text's claim false, or a defect in Arbiter)", check, true}};

}  // namespace
}  // namespace arbiter::cli

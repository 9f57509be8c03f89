// arbiter metrics: balance of a configured game measured by play (solver/metrics.hpp) -- win rate
// of the side that moves first under random and MCTS play with confidence intervals, game length,
// branching (legal moves per turn) and the game-tree size it gives,
// the game's signature mechanics, and the solver's value of the empty board where it reaches --
// for one configuration or every reading of one ruling side by side, with an SVG chart.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/chart.hpp"
#include "puzzles/image.hpp"
#include "solver/interrupt.hpp"
#include "solver/metrics_report.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// What the chart's file records it shows: each reading compared, with every ruling in force.
PictureSubjects chart_subjects(const metrics::MetricsReport& report) {
  const GameDescriptor& game = find_game(report.game);
  PictureSubjects subjects;
  for (const metrics::ReadingMetrics& reading : report.readings) {
    subjects.push_back(picture_subject(game, make_config(game, report.size, reading.rulings)));
  }
  if (subjects.empty()) subjects.push_back(picture_subject(game, make_config(game, report.size, report.request.rulings)));
  return subjects;
}

int metrics_command(const std::vector<std::string>& args) {
  GameOptions game_options;
  metrics::MetricsRequest request;
  std::string player = "both", out_file;
  unsigned long long seed = 1;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&request.game)->required(), "game name")
      ("games", number_value(&request.random_games, metrics::kRandomGamesRange), "random games per reading (default 1000)")
      ("mcts-games", number_value(&request.mcts_games, metrics::kMctsGamesRange), "MCTS games per reading (default 20)")
      ("player", po::value<std::string>(&player), "random, mcts or both (default both)")
      ("playouts", number_value(&request.playouts, metrics::kPlayoutsRange), "MCTS playouts per move (default 300)")
      ("seed", seed_value(&seed), "random seed (default 1)")
      ("threads", number_value(&request.threads, metrics::kThreadsRange), "worker threads; results do not depend on it (default 1)")
      ("solve-seconds", number_value(&request.solve_seconds, metrics::kSolveSecondsRange),
       "time limit for solving the empty board, per pie reading, and as long again for the second player's answers "
       "where it may exchange the players; 0 skips the solver (default 2)")
      ("compare-ruling", po::value<std::string>(&request.compare_ruling), "measure every reading of this ruling (its name or id, as `arbiter rules GAME` prints them) side by side")
      ("json", po::bool_switch(&json), "print the result as JSON (docs/schemas/metrics.schema.json)")
      ("out", po::value<std::string>(&out_file), "also draw win rates and lengths per reading into this .svg, .png or .pdf file");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  const auto given = parse_arguments("metrics", args, options, positional, proceed);
  if (!proceed) return 0;
  require_path(given, "out", out_file, "a file name");
  if (player != "random" && player != "mcts" && player != "both") {
    throw InputError("--player must be random, mcts or both, got " + quote_input(player));
  }
  request.random = player != "mcts";
  request.mcts = player != "random";
  // An option for the player left out would be ignored: said, not dropped.
  for (const auto& [option, used] : {std::pair<const char*, bool>{"games", request.random}, {"mcts-games", request.mcts},
                                     {"playouts", request.mcts}}) {
    if (given.count(option) && !used) {
      throw InputError(std::string("--") + option + " has no effect with --player " + player + " (it plays no " +
                       (request.random ? "MCTS" : "random") + " games)");
    }
  }
  request.seed = seed;
  request.size = game_options.size;
  request.rulings = game_options.rulings;
  if (!out_file.empty()) {
    // An unknown extension or a place that cannot be written is refused before the measurement.
    check_image_name("--out", out_file);
    // By the coordinator alone, which writes it: another rank's probe file could be removed under it.
    if (distributed::world().coordinator()) check_output_file("--out", out_file);
  }
  metrics::validate(request);

  install_stop_handlers();
  request.keep_going = [] { return !stop_requested(); };
  Progress progress(std::cerr);
  std::mutex lock;
  const auto started = std::chrono::steady_clock::now();
  // A solve reports nothing while it runs: a heartbeat says how long it has been at it.
  std::unique_ptr<Heartbeat> step;
  request.on_progress = [&](const std::string& what, int done, int of) {
    std::lock_guard<std::mutex> guard(lock);
    step.reset();
    if (of == 0) {
      progress.clear();
      step = std::make_unique<Heartbeat>(std::cerr, progress.terminal(), "metrics: " + what);
      return;
    }
    progress.update([&] {
      const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      return "metrics: " + what + ": " + std::to_string(done) + "/" + std::to_string(of) + " games, " +
             std::to_string(seconds) + " s";
    });
  };
  request.distribute = true;
  if (!distributed::world().coordinator()) {
    metrics::measure(request);  // plays its share of the games; rank 0 reports
    return 0;
  }
  // The report, printed once: by this thread when the measurement ends, or, should a step not stop
  // within 3 s of a stop request, by the watcher thread from what had finished (the abandon
  // report), with this thread still in the step. Both under output_lock(), which also guards
  // `so_far` and `printed`. (Before, an abandoned run printed nothing and said "finished results
  // are kept".)
  metrics::MetricsReport so_far;
  bool printed = false;
  const auto print = [&](const metrics::MetricsReport& shown) {
    if (json) {
      std::cout << json_text(metrics::to_json(shown)) << "\n" << std::flush;
    } else {
      std::cout << metrics::to_text(shown) << std::flush;
    }
    printed = true;
  };
  request.on_report = [&](const metrics::MetricsReport& report) {
    const auto output = output_lock();
    so_far = report;
  };
  const AbandonReport on_abandon([&]() -> std::string {
    if (printed) return "";
    print(so_far);
    return "shown: what finished before it" + std::string(out_file.empty() ? "" : "; no chart written");
  });
  const metrics::MetricsReport report = metrics::measure(request);
  step.reset();
  progress.clear();
  // The report first: a chart that cannot be written (a full disk) must not lose the measurement.
  {
    const auto output = output_lock();
    if (printed) return interrupted_exit_status();  // abandoned: the watcher printed it and ends the process
    print(report);
  }
  if (!out_file.empty() && !report.stopped) {
    const Drawing chart = metrics::chart(report);
    PrintSize size;
    size.width_mm = chart_width_mm(chart);
    try {
      write_whole_file(out_file, image_bytes(chart, image_format_of(out_file), chart_subjects(report), size));
    } catch (const InputError& error) {
      throw InputError(std::string("--out: ") + error.what() + " (the measurement above is complete; only the chart is missing)");
    }
    if (!json) std::cout << "chart written to " << out_file << "\n";
  }
  if (report.stopped) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; shown: what finished before it"
              << (out_file.empty() ? "" : "; no chart written") << "\n";
    return interrupted_exit_status();
  }
  return 0;
}

const CommandRegistration metrics_registration{Command{
    "metrics",
    "metrics GAME [--size N] [--rule NAME=VALUE]... [--games G] [--mcts-games M] [--player random|mcts|both] "
    "[--playouts P] [--seed S] [--threads T] [--solve-seconds S] [--compare-ruling NAME|ID] [--json] [--out chart.svg|.png|.pdf]",
    "balance by play: first-mover win rate (random and MCTS, 95% CI), length, branching, mechanics, solved openings",
    metrics_command, true}};

}  // namespace
}  // namespace arbiter::cli

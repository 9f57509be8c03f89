#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "solver/interrupt.hpp"
#include "solver/perft.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

std::vector<std::string> chosen_implementations(const Game& game, const std::string& implementation) {
  if (implementation.empty() || implementation == "all") return game.implementations();
  check_implementation(game, implementation);
  return {implementation};
}

int perft_command(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game, position, implementation;
  int depth = 0;
  bool markdown = false, json = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("depth,d", number_value(&depth, WholeRange{0, 12})->required(), "deepest ply to count (0-12)")
      ("position,p", position_value(&position), "start position (default: the game's start position)")
      ("impl", po::value<std::string>(&implementation), "implementation, or 'all' (default: all, compared)")
      ("markdown", po::bool_switch(&markdown), "print a Markdown table")
      ("json", po::bool_switch(&json), "print the table as JSON (docs/schemas/perft.schema.json)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  parse_arguments("perft", args, options, positional, proceed);
  if (!proceed) return 0;
  require_one_format(json, markdown);
  auto loaded = load_game_position(game, game_options, position);
  auto names = chosen_implementations(*loaded.game, implementation);
  const std::size_t asked = names.size();

  install_stop_handlers();
  std::vector<std::vector<PerftRow>> tables;
  Progress progress(std::cerr);
  for (const std::string& name : names) {
    auto root = position.empty() ? loaded.game->initial_state(name)
                                 : loaded.game->parse_position(read_text_argument(position), name);
    std::string finished;  // the depths counted so far
    tables.push_back(perft(
        *root, depth, [&](const PerftRow& row) { finished += " " + std::to_string(row.depth); },
        [&](int counting, std::uint64_t visited) {
          progress.update([&] {
            return "perft " + name + ": depths" + finished + " done; depth " + std::to_string(counting) + ": " +
                   std::to_string(visited) + " positions so far";
          });
          return !stop_requested();
        }));
    if (stop_requested()) break;
  }
  progress.clear();
  // Only the depths every implementation finished are shown (all of them unless interrupted).
  if (stop_requested()) {
    int done = tables.empty() ? -1 : static_cast<int>(tables.front().size()) - 1;
    for (const auto& table : tables) done = std::min(done, static_cast<int>(table.size()) - 1);
    depth = done;
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; the table has the depths finished ("
              << (done < 0 ? std::string("none") : "0-" + std::to_string(done)) << ") by " << tables.size()
              << " of " << names.size() << " implementation(s)\n";
    if (tables.empty() || done < 0) return interrupted_exit_status();
    names.resize(tables.size());
  }
  bool agree = true;
  // Why no agreement is claimed where fewer than two implementations' counts are there to compare.
  const std::string not_compared = tables.size() > 1 ? ""
                                   : asked > 1       ? "interrupted before a second implementation counted"
                                   : loaded.game->implementations().size() > 1
                                       ? "one implementation was asked for (--impl " + names.front() + ")"
                                       : "the game has one implementation";
  if (json) {
    nlohmann::json out = json_document("perft", 2);
    out["game"] = loaded.game->descriptor().name;
    out["position"] = loaded.state->line();
    out["rulings_in_force"] = rulings_in_force(loaded.game->descriptor(), loaded.game->config());
    out["implementations"] = names;
    out["rows"] = nlohmann::json::array();
    for (int d = 0; d <= depth; ++d) {
      nlohmann::json counts = nlohmann::json::object();
      for (std::size_t i = 0; i < tables.size(); ++i) {
        const PerftRow& row = tables[i][static_cast<std::size_t>(d)];
        const PerftRow& first = tables.front()[static_cast<std::size_t>(d)];
        agree = agree && row.nodes == first.nodes && row.finished == first.finished;
        counts[names[i]] = {{"positions", row.nodes}, {"finished", row.finished}};
      }
      out["rows"].push_back({{"depth", d}, {"counts", counts}});
    }
    // Agreement is claimed only where two implementations' counts were compared.
    if (tables.size() > 1) {
      out["agree"] = agree;
      out["not_compared"] = nullptr;
    } else {
      out["agree"] = nullptr;
      out["not_compared"] = not_compared;
    }
    out["interrupted"] = stop_requested();
    print_json(out);
    if (stop_requested()) return interrupted_exit_status();
    return agree ? 0 : 1;
  }
  std::cout << (markdown ? "| depth |" : "depth");
  for (const auto& name : names) {
    if (markdown) {
      std::cout << " move sequences (" + name + ") | finished (" + name + ") |";
    } else {
      std::printf(" %16s %16s", (name + ":sequences").c_str(), (name + ":finished").c_str());
      std::fflush(stdout);
    }
  }
  std::cout << "\n";
  if (markdown) {
    std::cout << "|---|";
    for (std::size_t i = 0; i < names.size(); ++i) std::cout << "---:|---:|";
    std::cout << "\n";
  }
  for (int d = 0; d <= depth; ++d) {
    if (markdown) {
      std::cout << "| " << d << " |";
    } else {
      std::printf("%5d", d);
      std::fflush(stdout);
    }
    for (const auto& table : tables) {
      const PerftRow& row = table[static_cast<std::size_t>(d)];
      const PerftRow& first = tables.front()[static_cast<std::size_t>(d)];
      agree = agree && row.nodes == first.nodes && row.finished == first.finished;
      if (markdown) {
        std::cout << " " << row.nodes << " | " << row.finished << " |";
      } else {
        std::printf(" %16llu %16llu", static_cast<unsigned long long>(row.nodes),
                    static_cast<unsigned long long>(row.finished));
        std::fflush(stdout);
      }
    }
    std::cout << "\n";
  }
  if (tables.size() > 1) {
    std::cout << (agree ? "implementations agree\n" : "IMPLEMENTATIONS DISAGREE\n");
  } else if (!markdown) {
    std::cout << "not compared: " << not_compared << "\n";  // as --json's not_compared says
  }
  if (stop_requested()) return interrupted_exit_status();
  return agree ? 0 : 1;
}

int bench_command(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game, position, implementation;
  double seconds = 2.0;
  unsigned long long seed = 1;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("seconds", number_value(&seconds, DecimalRange{0, false, 3600}), "wall time per implementation (default 2, at most 3600)")
      ("seed", seed_value(&seed), "random seed (default 1)")
      ("position,p", position_value(&position), "start position (default: the game's start position)")
      ("impl", po::value<std::string>(&implementation), "implementation, or 'all' (default: all)")
      ("json", po::bool_switch(&json), "print the measurements as JSON (docs/schemas/bench.schema.json)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  parse_arguments("bench", args, options, positional, proceed);
  if (!proceed) return 0;
  auto loaded = load_game_position(game, game_options, position);
  const GameDescriptor& d = loaded.game->descriptor();
  if (loaded.state->is_terminal()) {
    throw InputError("the game is over in this position (" + outcome_text(d, loaded.state->outcome()) +
                     "): there is nothing to play out");
  }
  install_stop_handlers();
  std::vector<std::pair<std::string, BenchResult>> results;
  const std::vector<std::string> implementations = chosen_implementations(*loaded.game, implementation);
  for (const std::string& name : implementations) {
    if (stop_requested()) break;
    auto root = position.empty() ? loaded.game->initial_state(name)
                                 : loaded.game->parse_position(read_text_argument(position), name);
    results.emplace_back(name, bench_playouts(*root, seconds, seed, [] { return !stop_requested(); }));
  }
  // A rate over the time an implementation ran is still a measurement; say how much of it there is.
  const auto report_stop = [&] {
    if (!stop_requested()) return 0;
    char ran[64];
    std::snprintf(ran, sizeof ran, "%.1f s of the %g s asked", results.empty() ? 0.0 : results.back().second.seconds, seconds);
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; shown: " << results.size() << " of "
              << implementations.size() << " implementations, the last over " << ran << "\n";
    return interrupted_exit_status();
  };
  if (json) {
    nlohmann::json out = json_document("bench");
    out["game"] = d.name;
    out["size"] = loaded.game->config().size;
    out["position"] = loaded.state->line();
    out["rulings_in_force"] = rulings_in_force(d, loaded.game->config());
    out["seconds_per_implementation"] = seconds;
    out["seed"] = seed;
    out["results"] = nlohmann::json::array();
    for (const auto& [name, r] : results) {
      const double n = static_cast<double>(r.playouts);
      out["results"].push_back({{"implementation", name},
                                {"playouts", r.playouts},
                                {"playouts_per_second", r.playouts_per_second()},
                                {"moves_per_second", r.moves_per_second()},
                                {"average_plies", static_cast<double>(r.moves) / n},
                                {"win_rates", {{d.side_names[0], static_cast<double>(r.wins[0]) / n},
                                               {d.side_names[1], static_cast<double>(r.wins[1]) / n}}},
                                {"draw_rate", static_cast<double>(r.draws) / n}});
    }
    out["interrupted"] = stop_requested();
    print_json(out);
    return report_stop();
  }
  std::cout << "random playouts, single thread, " << d.name << " size " << loaded.game->config().size << "\n";
  std::printf("%-12s %10s %14s %14s %10s %8s %8s %8s\n", "impl", "playouts", "playouts/s", "moves/s", "avg plies",
              (d.side_names[0] + "%").c_str(), (d.side_names[1] + "%").c_str(), "draw%");
  for (const auto& [name, r] : results) {
    const double n = static_cast<double>(r.playouts);
    // Counts and rates grouped in thousands, as every command's text writes them (JSON: plain).
    const auto grouped = [](double x) { return with_commas(static_cast<std::uint64_t>(std::llround(x))); };
    std::printf("%-12s %10s %14s %14s %10.1f %8.1f %8.1f %8.1f\n", name.c_str(),
                with_commas(static_cast<std::uint64_t>(r.playouts)).c_str(), grouped(r.playouts_per_second()).c_str(),
                grouped(r.moves_per_second()).c_str(), static_cast<double>(r.moves) / n,
                100.0 * static_cast<double>(r.wins[0]) / n, 100.0 * static_cast<double>(r.wins[1]) / n,
                100.0 * static_cast<double>(r.draws) / n);
  }
  return report_stop();
}

const CommandRegistration perft_registration{Command{
    "perft", "perft GAME --depth D [--size N] [--rule NAME=VALUE]... [--impl all|NAME] [--markdown|--json]",
    "count move sequences (leaves, not distinct positions) and finished games per depth with every implementation, and compare", perft_command}};
const CommandRegistration bench_registration{Command{
    "bench", "bench GAME [--size N] [--seconds S] [--seed N] [--impl all|NAME] [--json]",
    "random playouts per second and moves per second, single thread, per implementation", bench_command}};

}  // namespace
}  // namespace arbiter::cli

#include "solver/metrics_report.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "distributed/farm.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/heading.hpp"
#include "model/core/position_io.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/chart.hpp"
#include "solver/board_map.hpp"
#include "solver/interrupt.hpp"
#include "solver/players.hpp"

namespace arbiter::metrics {
namespace {

// The pie rule, by the name every game that has one uses for it, and its reading without it.
constexpr const char* kPieRuling = "pie";
constexpr const char* kPieOff = "off";

const Ruling* find_ruling(const GameDescriptor& game, const std::string& name) {
  for (const Ruling& ruling : game.rulings) {
    if (ruling.name == name) return &ruling;
  }
  return nullptr;
}

bool has_pie_off(const GameDescriptor& game) {
  const Ruling* pie = find_ruling(game, kPieRuling);
  return pie != nullptr && std::any_of(pie->options.begin(), pie->options.end(),
                                       [](const RulingOption& o) { return o.value == kPieOff; });
}

std::string percent(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * x);
  return buffer;
}

std::string fixed(double x, int digits) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

// x with `digits` decimals, or as many more as a value above 0 needs not to round to 0 (a
// mechanic in 1 game of 1000, 0.001 per game, was printed "0.00").
std::string fixed_nonzero(double x, int digits) {
  while (x > 0 && digits < 9 && x < 0.5 * std::pow(10.0, -digits)) ++digits;
  return fixed(x, digits);
}

std::string percent_nonzero(double x) { return fixed_nonzero(100 * x, 1) + "%"; }

// A wall time as the report gives it, and a rate per second from it only where the time is at
// least the 0.01 s it is printed to: from less, the rate would be noise ("0.00 s (6393088
// playouts/s)").
constexpr double kShortestTimed = 0.01;
std::string seconds_text(double seconds) { return seconds < kShortestTimed ? "< 0.01 s" : fixed(seconds, 2) + " s"; }

// Under a rule that lets the second player exchange the players after the first move (the pie
// rule's swap, State::exchanges_players), the empty board's value is the colours' and not the
// first player's: what it means for the first player is solver::exchange_next_view's reading, the
// one `arbiter solve` prints for the player to move. After an opening that loses for the first
// colour, the second player wins if it has a winning move that does not exchange: the opening's
// line shows the reply the solve proved, and where it is the exchange (or there is no line) a
// value-only solve of the position after the opening looks for another (within its own
// `solve_seconds`). "" when no opening can be answered by an exchange.
std::string first_player_meaning(const GameDescriptor& descriptor, const MetricsRequest& request, const State& root,
                                 const solver::SolveResult& result) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::microseconds(static_cast<long long>(request.solve_seconds * 1e6));
  const auto wins_without_exchange = [&](const solver::MoveResult& opening, const State& after, const std::string& exchange) {
    if (solver::line_wins_without_exchange(opening, after, exchange)) return true;
    if (std::chrono::steady_clock::now() >= deadline || stop_requested()) return false;
    solver::SolveOptions options;
    options.threads = request.threads;
    options.table_megabytes = 64;
    options.value_only = true;
    options.certificates = false;
    options.control.deadline = deadline;
    options.control.stop = &stop_requested;
    for (const solver::MoveResult& reply : solver::solve_moves(after, options).moves) {
      if (solver::is_win(reply.value) && !after.exchanges_players(reply.move)) return true;
    }
    return false;
  };
  return solver::exchange_next_view(descriptor, root, result.moves, wins_without_exchange).text;
}

EmptyBoardValue solve_empty_board(const GameDescriptor& descriptor, const MetricsRequest& request,
                                  const std::vector<std::string>& rulings, const std::string& pie) {
  const auto game = make_game(descriptor, request.size, rulings);
  const auto root = game->initial_state(game->implementations().front());
  solver::SolveOptions options;
  options.threads = request.threads;
  options.table_megabytes = 64;
  options.control.deadline = std::chrono::steady_clock::now() +
                             std::chrono::microseconds(static_cast<long long>(request.solve_seconds * 1e6));
  options.control.stop = &stop_requested;
  const solver::SolveResult result = solver::solve_moves(*root, options);
  EmptyBoardValue value;
  value.pie = pie;
  value.value = result.value;
  value.seconds = result.seconds;
  value.limit_seconds = request.solve_seconds;
  for (const solver::MoveResult& move : result.moves) {
    value.openings.emplace_back(move.text, move.value);
    value.settled += move.value != solver::Value::Unknown;
  }
  value.board_map = solver::board_map(*root, result.moves, value.mapped);
  value.first_player = first_player_meaning(descriptor, request, *root, result);
  return value;
}

std::vector<std::string> reading_rulings(const MetricsRequest& request, const std::string& value) {
  std::vector<std::string> rulings = request.rulings;
  if (!value.empty()) rulings.push_back(request.compare_ruling + "=" + value);
  return rulings;
}

std::string reading_label(const GameDescriptor& descriptor, const MetricsRequest& request, const std::string& value) {
  return value.empty() ? descriptor.name : request.compare_ruling + "=" + value;
}

PlayOptions play_options(const MetricsRequest& request, PlayerKind kind) {
  PlayOptions options;
  options.player = kind;
  options.games = kind == PlayerKind::Random ? request.random_games : request.mcts_games;
  options.playouts = request.playouts;
  options.seed = request.seed;
  options.threads = request.threads;
  options.keep_going = request.keep_going;
  return options;
}

using RunKey = std::pair<std::size_t, PlayerKind>;  // (reading, player)

// Under mpirun (`arbiter metrics`), every random and MCTS run of every reading is played first,
// cut into blocks of games that the ranks share (distributed/farm.hpp). Rank 0 gets each run's
// metrics exactly as play_games would give them: a game's record depends on the seed and its index
// alone, and the records are summed in game order. Other ranks get nothing back.
std::map<RunKey, PlayMetrics> play_shared(const GameDescriptor& descriptor, const MetricsRequest& request,
                                          const std::vector<std::string>& values) {
  struct Run {
    RunKey key;
    std::unique_ptr<Game> game;
    PlayOptions options;
    std::string what;
    std::optional<Tally> tally;
    int block = 1;   // games per block
    int blocks = 0;  // units handed out for it: its blocks, in order, follow the runs' before it
    int finished = 0;
    std::optional<std::chrono::steady_clock::time_point> started, ended;
  };
  struct Block {
    std::size_t run;
    int first, count;
  };
  std::vector<Run> runs;
  for (std::size_t r = 0; r < values.size(); ++r) {
    for (PlayerKind kind : {PlayerKind::Random, PlayerKind::Mcts}) {
      if (kind == PlayerKind::Random ? !request.random : !request.mcts) continue;
      Run run;
      run.key = {r, kind};
      run.game = make_game(descriptor, request.size, reading_rulings(request, values[r]));
      run.options = play_options(request, kind);
      run.what = reading_label(descriptor, request, values[r]) + ", " + player_name(kind);
      run.tally.emplace(*run.game, run.options.games);
      // Random games take well under a millisecond: blocks of them keep the messages few.
      run.block = kind == PlayerKind::Random ? std::clamp(run.options.games / 32, 1, 50) : 1;
      run.blocks = (run.options.games + run.block - 1) / run.block;
      runs.push_back(std::move(run));
    }
  }
  // Unit u is a run's block, counted over the runs in order: worked out when it is needed, not
  // listed up front (10,000,000 random games are 200,000 blocks).
  const auto block_of = [&](distributed::UnitId unit) {
    std::size_t run = 0;
    while (run < runs.size() && unit >= static_cast<distributed::UnitId>(runs[run].blocks)) {
      unit -= static_cast<distributed::UnitId>(runs[run].blocks);
      ++run;
    }
    if (run == runs.size()) throw std::logic_error("play_shared: no block " + std::to_string(unit));
    const int first = static_cast<int>(unit) * runs[run].block;
    return Block{run, first, std::min(runs[run].block, runs[run].options.games - first)};
  };
  distributed::UnitId units = 0;
  for (const Run& run : runs) units += static_cast<distributed::UnitId>(run.blocks);
  const auto keep_going = [&] { return !request.keep_going || request.keep_going(); };
  distributed::UnitId handed = 0;
  distributed::FarmJob job;
  job.threads = request.threads;
  job.units_in_hand = request.mcts ? 1 : 2;  // an MCTS game is long: none waits behind another
  job.next_unit = [&]() -> std::optional<distributed::UnitId> {
    if (handed >= units || !keep_going()) return std::nullopt;
    Run& run = runs[block_of(handed).run];
    if (!run.started) run.started = std::chrono::steady_clock::now();
    return handed++;
  };
  job.work = [&](distributed::UnitId unit) {
    const Block block = block_of(unit);
    const Run& run = runs[block.run];
    return block_bytes(play_block(*run.game, run.options, block.first, block.count));
  };
  job.on_result = [&](distributed::UnitId unit, const std::string& bytes) {
    const Block block = block_of(unit);
    Run& run = runs[block.run];
    int at = block.first;
    for (GameRecord& record : block_from_bytes(bytes)) run.tally->add(at++, std::move(record));
    run.finished += at - block.first;
    run.ended = std::chrono::steady_clock::now();
    if (request.on_progress) request.on_progress(run.what, run.finished, run.options.games);
  };
  distributed::run_farm(job);
  std::map<RunKey, PlayMetrics> played;
  if (!distributed::world().coordinator()) return played;
  for (const Run& run : runs) {
    if (!run.started) continue;  // stopped before it began
    const double seconds = run.ended ? std::chrono::duration<double>(*run.ended - *run.started).count() : 0;
    played[run.key] = run.tally->metrics(seconds);
  }
  return played;
}

nlohmann::json proportion_json(const Proportion& p) {
  return {{"count", p.hits}, {"of", p.trials}, {"rate", p.rate}, {"low", p.low}, {"high", p.high}};
}

nlohmann::json play_json(const PlayMetrics& m, const MetricsReport& report, PlayerKind kind) {
  nlohmann::json out;
  out["player"] = player_name(kind);
  if (kind == PlayerKind::Mcts) out["playouts_per_move"] = report.request.playouts;
  out["games_requested"] = m.games_requested;
  out["games"] = m.games;
  out["wins"] = {{report.sides[0], m.wins[0]}, {report.sides[1], m.wins[1]}};
  out["draws"] = m.draws;
  out["first_side_wins"] = proportion_json(m.first_side_wins());
  out["draw_rate"] = proportion_json(m.draw_rate());
  out["length"] = {{"mean", m.length_mean}, {"stddev", m.length_stddev}, {"min", m.length_min},
                   {"median", m.length_median}, {"max", m.length_max}};
  nlohmann::json mechanics = nlohmann::json::array();
  for (std::size_t i = 0; i < m.mechanics.size(); ++i) {
    mechanics.push_back({{"name", m.mechanics[i]},
                         {"events", m.mechanic_events[i]},
                         {"per_game", m.games > 0 ? static_cast<double>(m.mechanic_events[i]) / m.games : 0.0},
                         {"games_with", m.mechanic_games[i]}});
  }
  out["mechanics"] = mechanics;
  const auto number_or_null = [](const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
  nlohmann::json quarters = nlohmann::json::array();
  for (std::size_t q = 0; q < kQuarters; ++q) {
    quarters.push_back({{"mean", number_or_null(m.branching_in_quarter(q))}, {"turns", m.branching.turns[q]}});
  }
  out["branching"] = {{"mean", number_or_null(m.branching_mean())},
                      {"turns", m.branching.all_turns()},
                      {"by_quarter", quarters},
                      {"log10_game_tree", number_or_null(m.log10_game_tree())}};
  out["seconds"] = m.seconds;
  if (kind == PlayerKind::Mcts) {
    out["playouts"] = m.playouts;
    out["playouts_per_second"] = m.seconds > 0 ? static_cast<double>(m.playouts) / m.seconds : 0.0;
  }
  out["stopped"] = m.stopped;
  return out;
}

void play_text(std::ostringstream& out, const PlayMetrics& m, const MetricsReport& report, PlayerKind kind) {
  const Proportion first = m.first_side_wins();
  out << "  " << (kind == PlayerKind::Random ? std::string("random play")
                                              : "MCTS, " + std::to_string(report.request.playouts) + " playouts/move")
      << ", " << m.games << (m.stopped ? " of " + std::to_string(m.games_requested) : std::string()) << " games in "
      << seconds_text(m.seconds);
  if (kind == PlayerKind::Mcts && m.seconds >= kShortestTimed) {
    out << " (" << with_commas(static_cast<std::uint64_t>(std::llround(static_cast<double>(m.playouts) / m.seconds))) << " playouts/s)";
  }
  out << ":\n    " << report.sides[0] << " (moves first) wins " << percent(first.rate) << " [95% CI " << percent(first.low)
      << ", " << percent(first.high) << "], " << report.sides[1] << " " << percent(m.games ? static_cast<double>(m.wins[1]) / m.games : 0)
      << ", draws " << percent(m.draw_rate().rate) << "\n";
  out << "    length: mean " << fixed(m.length_mean, 1) << " plies, sd " << fixed(m.length_stddev, 1) << ", min "
      << m.length_min << ", median " << m.length_median << ", max " << m.length_max << "\n";
  // Legal moves per turn, and by quarter of each game's length ("-" where no turn fell: games
  // shorter than 4 plies leave a quarter empty).
  const auto branching_text = [](const std::optional<double>& x) { return x ? fixed(*x, 1) : std::string("-"); };
  out << "    branching: " << branching_text(m.branching_mean())
      << " legal moves per turn (a forced pass counts as one); by quarter of the game";
  for (std::size_t q = 0; q < kQuarters; ++q) out << (q == 0 ? " " : ", ") << branching_text(m.branching_in_quarter(q));
  out << "\n";
  if (const auto tree = m.log10_game_tree()) {
    out << "    game-tree size about 10^" << fixed(*tree, 1) << " (estimated from " << m.games << " "
        << (kind == PlayerKind::Random ? "random" : "MCTS") << (m.games == 1 ? " game" : " games")
        << ": the mean of the sum of log10(legal moves) along each)\n";
  }
  for (std::size_t i = 0; i < m.mechanics.size(); ++i) {
    const double per_game = m.games ? static_cast<double>(m.mechanic_events[i]) / m.games : 0;
    out << "    " << m.mechanics[i] << ": " << fixed_nonzero(per_game, 2) << " per game, in "
        << percent_nonzero(m.games ? static_cast<double>(m.mechanic_games[i]) / m.games : 0) << " of games\n";
  }
}

std::string value_for(const MetricsReport& report, solver::Value v) {
  switch (v) {
    case solver::Value::Win: return report.sides[0] + " wins";
    case solver::Value::Loss: return report.sides[1] + " wins";
    case solver::Value::Draw: return "draw";
    default: return "unknown";
  }
}

// After an empty board's value line: the legend and map of every first move's value, then the
// moves the map cannot show, by value.
void opening_values_text(std::ostream& out, const EmptyBoardValue& s, const std::string& side) {
  out << "; every first move (" << solver::value_mark(solver::Value::Win) << " win, "
      << solver::value_mark(solver::Value::Loss) << " loss, " << solver::value_mark(solver::Value::Draw) << " draw, "
      << solver::value_mark(solver::Value::Unknown) << " unknown) for " << side << ":\n";
  if (std::count(s.mapped.begin(), s.mapped.end(), true) > 0) {
    std::istringstream map(s.board_map);
    for (std::string line; std::getline(map, line);) out << "    " << line << "\n";
  }
  // The moves the map cannot show (a game's pieces placed several ways on one cell), by value.
  for (const solver::Value v : {solver::Value::Win, solver::Value::Loss, solver::Value::Draw, solver::Value::Unknown}) {
    std::vector<std::string> moves;
    for (std::size_t i = 0; i < s.openings.size(); ++i) {
      if ((i >= s.mapped.size() || !s.mapped[i]) && s.openings[i].second == v) moves.push_back(s.openings[i].first);
    }
    if (moves.empty()) continue;
    std::string line = "    " + solver::value_word(v) + " (" + std::to_string(moves.size()) + "):";
    // Separated as move_list separates them (a comma after each where a move's text has a space
    // in it: "set a1, set main a1", not "set a1 set main a1"), wrapped at 100 characters.
    const bool commas = move_list_has_commas(moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::string item = moves[i] + (commas && i + 1 < moves.size() ? "," : "");
      if (line.size() + 1 + item.size() > 100) {
        out << line << "\n";
        line = "     ";
      }
      line += " " + item;
    }
    out << line << "\n";
  }
}

// Whether an empty board's solve settled its value and every first move.
bool settled_fully(const EmptyBoardValue& solved) {
  return solved.value != solver::Value::Unknown && solved.settled == static_cast<int>(solved.openings.size());
}

// Whether some part of the report is missing (its JSON's `interrupted`).
bool incomplete(const MetricsReport& report) {
  if (report.stopped) return true;
  for (const ReadingMetrics& reading : report.readings) {
    if (std::any_of(reading.solved.begin(), reading.solved.end(), [](const EmptyBoardValue& s) { return !settled_fully(s); })) return true;
  }
  return false;
}

}  // namespace

void validate(const MetricsRequest& request) {
  const GameDescriptor& descriptor = find_game(request.game);
  make_config(descriptor, request.size, request.rulings);
  // In the words the CLI's options use ("--games: expected a whole number from 1 to 10000000, got 0").
  for (const auto& [option, value, range] : {std::tuple<const char*, int, WholeRange>{"--games", request.random_games, kRandomGamesRange},
                                            {"--mcts-games", request.mcts_games, kMctsGamesRange},
                                            {"--playouts", request.playouts, kPlayoutsRange},
                                            {"--threads", request.threads, kThreadsRange}}) {
    if (value < 0 || static_cast<std::uint64_t>(value) < range.low || static_cast<std::uint64_t>(value) > range.high) {
      throw InputError(std::string(option) + ": expected " + range_words(range) + ", got " + std::to_string(value));
    }
  }
  const DecimalRange& seconds = kSolveSecondsRange;
  if (!(request.solve_seconds >= seconds.low && request.solve_seconds <= seconds.high)) {
    throw InputError("--solve-seconds: expected " + range_words(seconds) + ", got " + shortest_number(request.solve_seconds));
  }
  if (!request.compare_ruling.empty()) {
    const Ruling& compared = ruling_named(descriptor, request.compare_ruling, "--compare-ruling");
    for (const std::string& assignment : request.rulings) {
      if (assignment.substr(0, assignment.find('=')) == compared.name) {
        throw InputError("--compare-ruling " + request.compare_ruling + " runs every reading; do not also give --rule " +
                         assignment);
      }
    }
  }
}

MetricsReport measure(const MetricsRequest& asked) {
  validate(asked);
  const GameDescriptor& descriptor = find_game(asked.game);
  // The compared ruling by its name from here on (it may have been given by its id).
  MetricsRequest request = asked;
  if (!request.compare_ruling.empty()) request.compare_ruling = ruling_named(descriptor, asked.compare_ruling, "--compare-ruling").name;
  MetricsReport report;
  report.game = descriptor.name;
  report.size = make_config(descriptor, request.size, request.rulings).size;
  report.sides = descriptor.side_names;
  report.compare_ruling = request.compare_ruling;
  report.request = request;
  std::vector<std::string> values = {""};
  if (!request.compare_ruling.empty()) {
    values.clear();
    for (const RulingOption& option : find_ruling(descriptor, request.compare_ruling)->options) values.push_back(option.value);
  }
  const auto keep_going = [&] { return !request.keep_going || request.keep_going(); };
  // What a stop now would leave: the readings done, and the one under way as far as it got.
  const auto tell = [&](const ReadingMetrics* under_way) {
    if (!request.on_report) return;
    MetricsReport so_far = report;
    if (under_way != nullptr) so_far.readings.push_back(*under_way);
    so_far.stopped = true;
    request.on_report(so_far);
  };
  tell(nullptr);
  std::optional<std::map<RunKey, PlayMetrics>> shared;
  if (request.distribute && distributed::world().size > 1) {
    shared = play_shared(descriptor, request, values);
    report.ranks = distributed::world().size;
    if (!distributed::world().coordinator()) return report;
  }
  for (std::size_t r = 0; r < values.size(); ++r) {
    const std::string& value = values[r];
    const bool played_shared = shared && (shared->count({r, PlayerKind::Random}) + shared->count({r, PlayerKind::Mcts})) > 0;
    if (!keep_going() && !played_shared) break;
    ReadingMetrics reading;
    reading.value = value;
    reading.rulings = reading_rulings(request, value);
    const auto game = make_game(descriptor, request.size, reading.rulings);
    reading.position_line = game->initial_state()->line();
    const std::string label = reading_label(descriptor, request, value);
    for (PlayerKind kind : {PlayerKind::Random, PlayerKind::Mcts}) {
      if (kind == PlayerKind::Random ? !request.random : !request.mcts) continue;
      PlayMetrics played;
      if (shared) {
        const auto it = shared->find({r, kind});
        if (it == shared->end()) break;
        played = it->second;
      } else {
        if (!keep_going()) {
          report.stopped = true;  // this run, and what follows it, not played
          break;
        }
        PlayOptions options = play_options(request, kind);
        const std::string what = label + ", " + player_name(kind);
        if (request.on_progress) options.on_game = [&](int done) { request.on_progress(what, done, options.games); };
        played = play_games(*game, options);
      }
      report.stopped = report.stopped || played.stopped;
      (kind == PlayerKind::Random ? reading.random : reading.mcts) = std::move(played);
      tell(&reading);
    }
    if (request.solve_seconds > 0) {
      std::vector<std::string> pies = {game->config().rulings.count(kPieRuling) ? game->config().rule(kPieRuling) : ""};
      if (has_pie_off(descriptor) && pies.front() != kPieOff) pies.push_back(kPieOff);
      for (const std::string& pie : pies) {
        if (!keep_going()) break;
        if (request.on_progress) request.on_progress(label + ", solving the empty board" + (pie.empty() ? "" : " (pie=" + pie + ")"), 0, 0);
        std::vector<std::string> rulings = reading.rulings;
        if (pie != pies.front()) {
          std::erase_if(rulings, [](const std::string& r) { return r.rfind(std::string(kPieRuling) + "=", 0) == 0; });
          rulings.push_back(std::string(kPieRuling) + "=" + pie);
        }
        reading.solved.push_back(solve_empty_board(descriptor, request, rulings, pie));
        // A stop that came once the solve had settled everything took nothing from it.
        if (!keep_going() && !settled_fully(reading.solved.back())) {
          reading.solved.back().interrupted = reading.solved.back().value == solver::Value::Unknown;
          report.stopped = true;
        }
        tell(&reading);
      }
      report.stopped = report.stopped || reading.solved.size() < pies.size();
    }
    report.readings.push_back(std::move(reading));
  }
  report.stopped = report.stopped || report.readings.size() < values.size();
  return report;
}

nlohmann::json to_json(const MetricsReport& report) {
  nlohmann::json out;
  out["schema"] = "arbiter-metrics/1";
  out["arbiter"] = version_string();
  out["game"] = report.game;
  out["size"] = report.size;
  out["sides"] = report.sides;
  out["rulings"] = report.request.rulings;
  // Every ruling's value, defaults included (a list, as solve --json's): those every reading holds
  // under; each reading lists its own, the compared ruling's value included.
  const GameDescriptor& descriptor = find_game(report.game);
  const auto in_force = [&](const std::vector<std::string>& rulings) {
    return rulings_in_force(descriptor, make_config(descriptor, report.size, rulings));
  };
  std::vector<std::string> common = in_force(report.request.rulings);
  for (const ReadingMetrics& reading : report.readings) {
    const std::vector<std::string> its = in_force(reading.rulings);
    std::erase_if(common, [&](const std::string& r) { return std::find(its.begin(), its.end(), r) == its.end(); });
  }
  out["rulings_in_force"] = common;
  out["compare_ruling"] = report.compare_ruling.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.compare_ruling);
  out["seed"] = report.request.seed;
  out["threads"] = report.request.threads;
  out["ranks"] = report.ranks;
  nlohmann::json readings = nlohmann::json::array();
  for (const ReadingMetrics& reading : report.readings) {
    nlohmann::json r;
    r["value"] = reading.value.empty() ? nlohmann::json(nullptr) : nlohmann::json(reading.value);
    r["rulings"] = reading.rulings;
    r["rulings_in_force"] = in_force(reading.rulings);
    r["position"] = reading.position_line;
    r["random"] = reading.random ? play_json(*reading.random, report, PlayerKind::Random) : nlohmann::json(nullptr);
    r["mcts"] = reading.mcts ? play_json(*reading.mcts, report, PlayerKind::Mcts) : nlohmann::json(nullptr);
    nlohmann::json solved = nlohmann::json::array();
    for (const EmptyBoardValue& s : reading.solved) {
      nlohmann::json openings = nlohmann::json::array();
      for (const auto& [move, value] : s.openings) openings.push_back({{"move", move}, {"value", solver::value_word(value)}});
      solved.push_back({{"pie", s.pie.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.pie)},
                        {"value", solver::value_word(s.value)},
                        {"result", value_for(report, s.value)},
                        {"openings", openings},
                        {"settled", s.settled},
                        {"seconds", s.seconds},
                        {"limit_seconds", s.limit_seconds}});
    }
    r["solved"] = solved;
    readings.push_back(r);
  }
  out["readings"] = readings;
  // A stop request cut the run short (exit status 130 or 143): the field's name before
  // "interrupted", which now says more.
  out["stopped"] = report.stopped;
  // Some part of the result is missing, cut short by a stop request or by a limit: games not
  // played, an empty board's solve not begun, or one that left its value or a first move unknown
  // (by the stop, or by --solve-seconds). It said `stopped` again, and so was true where only a
  // solve was stopped and false where its time limit left it unsettled.
  out["interrupted"] = incomplete(report);
  return out;
}

std::string to_text(const MetricsReport& report) {
  std::ostringstream out;
  out << report.game << " size " << report.size;
  if (!report.request.rulings.empty()) {
    out << ",";
    for (const auto& r : report.request.rulings) out << " " << r;
  }
  // The ranks said as solve says them ("2 ranks x 1 thread"), and only when there are several.
  out << "; seed " << report.request.seed << ", " << (report.ranks > 1 ? std::to_string(report.ranks) + " ranks x " : "")
      << report.request.threads
      << (report.request.threads == 1 ? " thread" : " threads") << "\n";
  for (const ReadingMetrics& reading : report.readings) {
    out << "\n" << (reading.value.empty() ? std::string("metrics") : report.compare_ruling + "=" + reading.value) << "\n";
    if (reading.random) play_text(out, *reading.random, report, PlayerKind::Random);
    if (reading.mcts) play_text(out, *reading.mcts, report, PlayerKind::Mcts);
    for (const EmptyBoardValue& s : reading.solved) {
      out << "  empty board" << (s.pie.empty() ? "" : ", pie=" + s.pie) << ": " << value_for(report, s.value)
          << (s.value != solver::Value::Unknown ? std::string()
              : s.interrupted                    ? std::string(": interrupted")
                                                 : " within the " + shortest_number(s.limit_seconds) + " s limit")
          << " (" << s.settled << " of " << s.openings.size() << " first moves settled, " << fixed(s.seconds, 2) << " s)";
      // A map of nothing but unknowns (an 11x11 board in 2 s: two boards of 121 '?') says no more
      // than the count; --json keeps every opening's value all the same.
      if (s.settled == 0 && !s.openings.empty()) {
        out << "; no first move was settled, so no map\n";
      } else {
        opening_values_text(out, s, report.sides[0]);
      }
      // The colours' value above, for the player who moves first (under a pie rule).
      if (!s.first_player.empty()) out << "    for the first player: " << s.first_player << "\n";
    }
  }
  if (report.readings.size() > 1) {
    // Where any reading has draws, each row gives its draw rate too: two readings that differ only
    // in draws (an end-of-game ruling's readings, one scoring as the defender's win what the other
    // calls a draw) would otherwise read the same.
    bool any_draws = false;
    for (const ReadingMetrics& reading : report.readings) {
      for (const auto* played : {&reading.random, &reading.mcts}) any_draws = any_draws || (*played && (*played)->draws > 0);
    }
    out << "\nside by side (" << report.sides[0] << " win rate [95% CI]" << (any_draws ? ", draws" : "")
        << "; mean length ± sd):\n";
    // One row per reading, its columns padded to line up (a "±" is one column, two bytes).
    std::vector<std::vector<std::string>> rows;
    for (const ReadingMetrics& reading : report.readings) {
      std::vector<std::string> row{report.compare_ruling + "=" + reading.value + ":"};
      for (const auto* played : {&reading.random, &reading.mcts}) {
        if (!*played) continue;
        const PlayMetrics& m = **played;
        const Proportion p = m.first_side_wins();
        row.push_back(std::string(played == &reading.random ? "random " : "mcts ") + percent(p.rate) + " [" +
                      percent(p.low) + ", " + percent(p.high) + "]" + (any_draws ? ", draws " + percent(m.draw_rate().rate) : "") +
                      ";");
        row.push_back(fixed(m.length_mean, 1) + " ± " + fixed(m.length_stddev, 1));
      }
      rows.push_back(std::move(row));
    }
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
      for (std::size_t c = 0; c < row.size(); ++c) {
        if (widths.size() <= c) widths.push_back(0);
        widths[c] = std::max(widths[c], characters(row[c]));
      }
    }
    for (const auto& row : rows) {
      std::string line = " ";
      for (std::size_t c = 0; c < row.size(); ++c) {
        line += " " + row[c];
        if (c + 1 < row.size()) line += std::string(widths[c] - characters(row[c]) + (c % 2 == 0 ? 1 : 0), ' ');
      }
      out << line << "\n";
    }
  }
  if (report.stopped) out << "\n(stopped early: shown is what finished before the stop)\n";
  return out.str();
}

Drawing chart(const MetricsReport& report) {
  std::vector<ChartPanel> panels;
  for (PlayerKind kind : {PlayerKind::Random, PlayerKind::Mcts}) {
    ChartPanel wins, lengths;
    const std::string player = kind == PlayerKind::Random
                                   ? "random play"
                                   : "MCTS, " + std::to_string(report.request.playouts) + " playouts/move";
    std::vector<const PlayMetrics*> played;
    std::vector<std::string> labels;
    bool draws = false;
    for (const ReadingMetrics& reading : report.readings) {
      const auto& m = kind == PlayerKind::Random ? reading.random : reading.mcts;
      if (!m) continue;
      played.push_back(&*m);
      // One configuration: the title names the game, the bar needs no label of its own.
      labels.push_back(reading.value);
      draws = draws || m->draws > 0;
    }
    if (played.empty()) continue;
    // Where a game can end drawn, a side's win rate alone hides the draws (a reading that turns
    // White's wins into draws drew the same bar): each reading shows the first side's wins, the
    // draws and the second side's wins side by side, and the 50% line, which means an even game
    // only when nothing is drawn, is left out.
    wins.title = draws ? "outcomes" : report.sides[0] + " (first) win rate";
    // Without draws the other side won the rest: the subtitle says so, where a chart of a game
    // that drew shows every outcome (a reader of both wondered where the second side's bars were).
    wins.subtitle = draws ? player : player + ", no game drawn";
    wins.percent = true;
    if (draws) {
      wins.series = {report.sides[0] + " wins", "draws", report.sides[1] + " wins"};
    } else {
      wins.reference = 0.5;
    }
    wins.new_row = true;
    lengths.title = "game length (plies)";
    lengths.subtitle = player;
    lengths.axis_max = 0;
    for (std::size_t i = 0; i < played.size(); ++i) {
      const PlayMetrics& m = *played[i];
      const auto bar = [&](const std::string& label, const Proportion& p) { wins.bars.push_back({label, p.rate, p.low, p.high}); };
      bar(labels[i], m.first_side_wins());
      if (draws) {
        bar(labels[i], m.draw_rate());
        bar(labels[i], wilson(m.wins[1], static_cast<std::uint64_t>(m.games)));
      }
      // The whisker runs from the shortest game to the longest: it cannot leave the lengths played
      // (mean ± sd ran below 0 and past a ply cap and was cut off there unseen).
      lengths.bars.push_back({labels[i], m.length_mean, static_cast<double>(m.length_min), static_cast<double>(m.length_max)});
      lengths.axis_max = std::max({lengths.axis_max, m.length_mean, static_cast<double>(m.length_max)});
    }
    lengths.axis_max = lengths.axis_max > 0 ? lengths.axis_max * 1.1 : 1;
    panels.push_back(wins);
    panels.push_back(lengths);
  }
  // The title names what the bars hold fixed: the game, its size and the rulings given (--rule).
  const GameDescriptor& game = find_game(report.game);
  std::string title = configuration_heading(game, make_config(game, report.size, report.request.rulings), report.compare_ruling);
  if (!report.compare_ruling.empty()) title += ": readings of " + report.compare_ruling;
  std::string caption = "seed " + std::to_string(report.request.seed) + "; ";
  if (report.request.random) caption += std::to_string(report.request.random_games) + " random games, ";
  if (report.request.mcts) {
    caption += std::to_string(report.request.mcts_games) + " MCTS games (" + std::to_string(report.request.playouts) +
               " playouts/move), ";
  }
  caption += "whiskers: 95% Wilson interval (rates), shortest to longest game (length)";
  return chart_drawing(title, caption, panels);
}

}  // namespace arbiter::metrics

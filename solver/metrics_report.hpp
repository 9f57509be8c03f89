#pragma once
// `arbiter metrics` as data: the metrics of one configuration, or of every reading of one ruling
// side by side, with the solver's exact value of the empty board where it reaches; their JSON
// (docs/schemas/metrics.schema.json), text and chart. The audit report uses the same pieces.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/core/drawing.hpp"
#include "model/core/numbers.hpp"
#include "solver/metrics.hpp"
#include "solver/solve.hpp"

namespace arbiter::metrics {

struct MetricsReport;

struct MetricsRequest {
  std::string game;
  int size = 0;                        // 0: the game's default
  std::vector<std::string> rulings;    // NAME=VALUE, as given
  std::string compare_ruling;          // its name or rules.md id; "" for one configuration
  bool random = true;                  // play random games
  bool mcts = true;                    // play MCTS games
  int random_games = 1000;
  int mcts_games = 20;
  int playouts = 300;                  // MCTS playouts per move
  std::uint64_t seed = 1;
  int threads = 1;
  double solve_seconds = 2;            // per solve of the empty board; 0 skips the solver
  // Share the games among the ranks of an mpirun (`arbiter metrics`, which runs on every rank);
  // false where only rank 0 runs (the audit).
  bool distribute = false;
  std::function<bool()> keep_going;
  // Progress: what is being measured and how far it got.
  // Games: (what, done, of); a step that counts nothing (the empty board's solve): (what, 0, 0),
  // which lasts until the next call.
  std::function<void(const std::string& what, int done, int of)> on_progress;
  // The report as it would read were the run stopped now (marked stopped): before the first game
  // (no readings) and after each run and solve, for a caller that prints it should a step not
  // stop in time (solver/interrupt.hpp's abandon report).
  std::function<void(const MetricsReport& so_far)> on_report;
};

// The empty board solved under one value of the pie ruling (the ruling named "pie", when the
// game has one with an "off" reading).
struct EmptyBoardValue {
  std::string pie;  // the pie ruling's value, "" when the game has none
  solver::Value value = solver::Value::Unknown;  // for the side to move first
  std::vector<std::pair<std::string, solver::Value>> openings;  // every first move, in legal-move order
  std::string board_map;     // the empty board with each opening's value on its cell (solver/board_map.hpp)
  std::vector<bool> mapped;  // per opening: whether the map shows it
  int settled = 0;
  double seconds = 0;
  double limit_seconds = 0;
  bool interrupted = false;  // a stop request ended the solve, not its time limit
  // Where the second player may exchange the players after the first move (a pie rule): what the
  // value means for the first player, as far as the solve proved it ("loses, whatever the first
  // move (...)"); "" otherwise.
  std::string first_player;
};

struct ReadingMetrics {
  std::string value;                 // the compared ruling's value ("" without --compare-ruling)
  std::vector<std::string> rulings;  // every assignment used
  std::string position_line;         // the empty board's one-line form (names the configuration)
  std::optional<PlayMetrics> random, mcts;
  std::vector<EmptyBoardValue> solved;
};

struct MetricsReport {
  std::string game;
  int size = 0;
  std::array<std::string, 2> sides;
  std::string compare_ruling;  // by its name
  MetricsRequest request;
  int ranks = 1;  // the mpirun ranks that shared the games (1 in one process)
  std::vector<ReadingMetrics> readings;
  bool stopped = false;
};

// The ranges validate() holds a request's counts and time to; `arbiter metrics` reads its options
// in them, so that a bad value is refused in the same words as every command's.
inline const WholeRange kRandomGamesRange{1, 10'000'000};
inline const WholeRange kMctsGamesRange{1, 100'000};
inline const WholeRange kPlayoutsRange{1, 10'000'000};
inline const WholeRange kThreadsRange{1, 256};
inline const DecimalRange kSolveSecondsRange{0, true, 3600};

// Throws InputError for an unknown game, size, ruling or value, an unknown --compare-ruling, a
// ruling both compared and fixed, or counts out of range.
void validate(const MetricsRequest& request);
MetricsReport measure(const MetricsRequest& request);

nlohmann::json to_json(const MetricsReport& report);
std::string to_text(const MetricsReport& report);
// Win rate and game length per reading, with their intervals, as a chart for the renderer.
Drawing chart(const MetricsReport& report);

}  // namespace arbiter::metrics

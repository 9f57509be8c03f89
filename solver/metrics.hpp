#pragma once
// Balance metrics of a configured game, measured by play (`arbiter metrics`): who wins under random
// play or under a Monte Carlo tree search player, how long games last, how often the game's
// signature mechanics occur (Game::mechanics, State::apply_counting), how many legal moves a
// player has to choose from (the branching factor, by quarter of the game, and the game-tree size
// it gives). Every game is played from
// its own seed, derived from the run's seed and the game's index, and results are combined by
// index, so a run's numbers depend on the seed alone, never on the thread count.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::metrics {

// A proportion with its Wilson score interval (95% unless another z is given).
struct Proportion {
  std::uint64_t hits = 0;
  std::uint64_t trials = 0;
  double rate = 0;  // hits / trials, 0 when there were no trials
  double low = 0;
  double high = 0;
};
Proportion wilson(std::uint64_t hits, std::uint64_t trials, double z = 1.959963984540054);

enum class PlayerKind : std::uint8_t { Random, Mcts };
std::string player_name(PlayerKind kind);  // "random", "mcts"

struct PlayOptions {
  int games = 1000;
  std::uint64_t seed = 1;
  PlayerKind player = PlayerKind::Random;
  int playouts = 1000;  // MCTS: playouts per move
  int threads = 1;
  // Polled between moves; false stops the run (the games finished first, in index order, count).
  std::function<bool()> keep_going;
  // Called (under a lock) after each finished game with the number finished so far.
  std::function<void(int finished)> on_game;
};

// The legal moves of each turn (a forced pass is one legal move, so one choice), by quarter of
// the game: turn i (0-based) of a game of L plies belongs to quarter floor(4i / L), the quarter in
// which the share of the game played before it falls, so the first turn is always in the first
// quarter. Quarters of each game's own length, not fixed ply numbers, so that games of different
// lengths are compared at the same stage (per 10 plies, the last buckets would hold only the
// longest games).
constexpr std::size_t kQuarters = 4;
struct Branching {
  std::array<std::uint64_t, kQuarters> moves{};  // legal moves summed over the quarter's turns
  std::array<std::uint64_t, kQuarters> turns{};  // turns in the quarter
  // The sum of log10(legal moves) over the turns: log10 of the number of lines the game's
  // sequence of choices stands for. Of one game, or summed over games.
  double log10_lines = 0;

  void add(const Branching& other);
  std::uint64_t all_turns() const;
};
// One game's branching from its turns' numbers of legal moves, in order.
Branching branching_of(std::span<const std::uint32_t> legal_moves_per_turn);

struct PlayMetrics {
  int games_requested = 0;
  int games = 0;  // finished games counted: all requested unless stopped early
  std::array<std::uint64_t, 2> wins{};
  std::uint64_t draws = 0;
  // Plies per game.
  double length_mean = 0;
  double length_stddev = 0;
  int length_min = 0;
  int length_median = 0;
  int length_max = 0;
  std::vector<std::string> mechanics;          // Game::mechanics()
  std::vector<std::uint64_t> mechanic_events;  // total over all games
  std::vector<std::uint64_t> mechanic_games;   // games in which the mechanic occurred at least once
  std::uint64_t playouts = 0;                  // MCTS playouts run (0 for random play)
  Branching branching;                         // summed over all games
  double seconds = 0;                          // wall time
  bool stopped = false;

  Proportion first_side_wins() const { return wilson(wins[0], static_cast<std::uint64_t>(games)); }
  Proportion draw_rate() const { return wilson(draws, static_cast<std::uint64_t>(games)); }
  // Legal moves per turn over every turn of every game (nothing without turns), and in one
  // quarter of the games (nothing where no turn fell in it: games shorter than 4 plies).
  std::optional<double> branching_mean() const;
  std::optional<double> branching_in_quarter(std::size_t quarter) const;
  // Estimated game-tree size, as a power of 10: the mean over the games of the sum of
  // log10(legal moves) along each (nothing without games).
  std::optional<double> log10_game_tree() const;
};

// Plays options.games games from the initial position of game's fast implementation
// (implementations().front()), both sides with the chosen player.
PlayMetrics play_games(const Game& game, const PlayOptions& options);

// The same games cut into blocks, for a run shared by MPI ranks (`arbiter metrics` under
// mpirun): a game's record depends on the seed and its index alone.
struct GameRecord {
  Outcome outcome;
  int plies = 0;
  std::vector<std::uint64_t> mechanic_events;  // per Game::mechanics()
  std::uint64_t playouts = 0;
  Branching branching;
};
// Games first..first+count-1 (options.games is not read); the list ends early, with an empty
// record, when options.keep_going stops the run.
std::vector<std::optional<GameRecord>> play_block(const Game& game, const PlayOptions& options, int first, int count);
// A block's finished records as bytes, and back.
std::string block_bytes(const std::vector<std::optional<GameRecord>>& records);
std::vector<GameRecord> block_from_bytes(const std::string& bytes);

// A run's metrics, summed in game order from records that may come in any order: a record waits
// until every game before it is in, so only the games before the first unfinished one count and a
// stopped run reports what a shorter run with the same seed would have. Nothing is set aside per
// game requested: a run of 10,000,000 games allocated all its records before its first game (1.27
// GB, 3.5 s on a loaded machine, deaf to a stop), where this keeps each counted game's length (for
// the median) and the records that wait.
class Tally {
 public:
  Tally(const Game& game, int games_requested);
  void add(int index, GameRecord record);
  // The games counted so far, with their wall time.
  PlayMetrics metrics(double seconds) const;

 private:
  PlayMetrics sums_;  // all but the lengths' statistics and the times
  std::vector<int> lengths_;  // of the games counted, in game order
  std::map<int, GameRecord> waiting_;  // by index: finished, after a game not yet in
};

// UCT (UCB1 over a tree grown by one node per playout) with uniformly random playouts from
// the leaf; rewards 1 for a win, 1/2 for a draw. Picks the most visited move of the root.
class MctsPlayer {
 public:
  MctsPlayer(int playouts_per_move, double exploration = 1.4142135623730951);
  // Precondition: state is not over. Uses rng for the tree's choices and the playouts. Nothing
  // when keep_going (polled between playouts) says stop first: a move of 10,000,000 playouts took
  // about a minute on a 9x9 board, and a stop waited for it until the process was abandoned.
  std::optional<Move> choose(const State& state, Rng& rng, const std::function<bool()>& keep_going = {});
  std::uint64_t playouts() const { return playouts_; }

 private:
  struct Node {
    Move move = 0;
    int parent = -1;
    int first_child = -1;
    int next_sibling = -1;
    int mover = 0;              // the side that played `move` into this node
    std::uint32_t untried_begin = 0;  // moves not yet expanded: pool_[untried_begin, untried_end)
    std::uint32_t untried_end = 0;
    std::uint32_t visits = 0;
    double reward = 0;          // for `mover`
  };
  int add_node(Move move, int parent, int mover, const State& state);

  int playouts_per_move_;
  double exploration_;
  std::vector<Node> nodes_;
  std::vector<Move> pool_;
  std::vector<Move> moves_;
  std::unique_ptr<State> scratch_;
  std::uint64_t playouts_ = 0;
};

}  // namespace arbiter::metrics

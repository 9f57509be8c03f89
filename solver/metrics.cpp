#include "solver/metrics.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace arbiter::metrics {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Game i's own stream: independent of which thread plays it and of the games before it.
std::uint64_t game_seed(std::uint64_t seed, int index) {
  return splitmix64(seed ^ splitmix64(static_cast<std::uint64_t>(index) + 0x5EED));
}

// Plays one game to the end, or returns nothing when asked to stop first.
std::optional<GameRecord> play_one(const Game& game, const PlayOptions& options, int index,
                                   std::optional<MctsPlayer>& mcts) {
  Rng rng(game_seed(options.seed, index));
  auto state = game.initial_state(game.implementations().front());
  GameRecord record;
  record.mechanic_events.assign(game.mechanics().size(), 0);
  const std::uint64_t playouts_before = mcts ? mcts->playouts() : 0;
  std::vector<Move> moves;
  std::vector<std::uint32_t> legal_per_turn;
  while (!state->is_terminal()) {
    if (options.keep_going && !options.keep_going()) return std::nullopt;
    state->legal_moves(moves);
    legal_per_turn.push_back(static_cast<std::uint32_t>(moves.size()));
    Move move = 0;
    if (mcts) {
      const std::optional<Move> chosen = mcts->choose(*state, rng, options.keep_going);
      if (!chosen) return std::nullopt;
      move = *chosen;
    } else {
      move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    }
    state->apply_counting(move, record.mechanic_events);
    ++record.plies;
  }
  record.outcome = state->outcome();
  record.playouts = mcts ? mcts->playouts() - playouts_before : 0;
  record.branching = branching_of(legal_per_turn);
  return record;
}

}  // namespace

Proportion wilson(std::uint64_t hits, std::uint64_t trials, double z) {
  Proportion p;
  p.hits = hits;
  p.trials = trials;
  if (trials == 0) return p;
  const double n = static_cast<double>(trials);
  const double rate = static_cast<double>(hits) / n;
  const double z2 = z * z;
  // The bounds are (r + z²/2n ∓ z·sqrt(r(1-r)/n + z²/4n²)) / (1 + z²/n) for the rate r, its low one
  // for r and its high one as 1 minus the low one for the other outcome's rate 1 - r. Written so,
  // the difference of two nearly equal numbers loses everything to rounding (0 draws in 100 games
  // gave a low bound of 3.5e-18, not 0); multiplied through by the sum, it is r² / (r + z²/2n +
  // z·sqrt(...)), which has no such difference and is exactly 0 for r = 0 (and the high bound
  // exactly 1 for r = 1).
  const auto low_bound = [&](double r) {
    return r * r / (r + z2 / (2 * n) + z * std::sqrt(r * (1 - r) / n + z2 / (4 * n * n)));
  };
  p.rate = rate;
  p.low = low_bound(rate);
  p.high = 1 - low_bound(static_cast<double>(trials - hits) / n);
  return p;
}

std::string player_name(PlayerKind kind) { return kind == PlayerKind::Random ? "random" : "mcts"; }

void Branching::add(const Branching& other) {
  for (std::size_t q = 0; q < kQuarters; ++q) {
    moves[q] += other.moves[q];
    turns[q] += other.turns[q];
  }
  log10_lines += other.log10_lines;
}

std::uint64_t Branching::all_turns() const {
  std::uint64_t all = 0;
  for (std::uint64_t t : turns) all += t;
  return all;
}

Branching branching_of(std::span<const std::uint32_t> legal_moves_per_turn) {
  Branching b;
  const std::size_t length = legal_moves_per_turn.size();
  for (std::size_t turn = 0; turn < length; ++turn) {
    const std::size_t quarter = kQuarters * turn / length;
    b.moves[quarter] += legal_moves_per_turn[turn];
    ++b.turns[quarter];
    b.log10_lines += std::log10(static_cast<double>(legal_moves_per_turn[turn]));
  }
  return b;
}

std::optional<double> PlayMetrics::branching_mean() const {
  std::uint64_t moves = 0;
  for (std::uint64_t m : branching.moves) moves += m;
  const std::uint64_t turns = branching.all_turns();
  if (turns == 0) return std::nullopt;
  return static_cast<double>(moves) / static_cast<double>(turns);
}

std::optional<double> PlayMetrics::branching_in_quarter(std::size_t quarter) const {
  if (branching.turns.at(quarter) == 0) return std::nullopt;
  return static_cast<double>(branching.moves[quarter]) / static_cast<double>(branching.turns[quarter]);
}

std::optional<double> PlayMetrics::log10_game_tree() const {
  if (games == 0) return std::nullopt;
  return branching.log10_lines / games;
}

PlayMetrics play_games(const Game& game, const PlayOptions& options) {
  if (options.games < 1) throw std::logic_error("play_games: no games to play");
  const auto start = std::chrono::steady_clock::now();
  const int games = options.games;
  Tally tally(game, games);
  std::atomic<int> next{0};
  std::mutex lock;
  int finished = 0;
  const auto work = [&] {
    std::optional<MctsPlayer> mcts;
    if (options.player == PlayerKind::Mcts) mcts.emplace(options.playouts);
    for (int index = next++; index < games; index = next++) {
      auto record = play_one(game, options, index, mcts);
      if (!record) break;
      std::lock_guard<std::mutex> guard(lock);
      tally.add(index, std::move(*record));
      ++finished;
      if (options.on_game) options.on_game(finished);
    }
  };
  const int threads = std::clamp(options.threads, 1, games);
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (auto& worker : workers) worker.join();
  return tally.metrics(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

std::vector<std::optional<GameRecord>> play_block(const Game& game, const PlayOptions& options, int first, int count) {
  std::vector<std::optional<GameRecord>> records;
  std::optional<MctsPlayer> mcts;
  if (options.player == PlayerKind::Mcts) mcts.emplace(options.playouts);
  for (int index = first; index < first + count; ++index) {
    records.push_back(play_one(game, options, index, mcts));
    if (!records.back()) break;
  }
  return records;
}

std::string block_bytes(const std::vector<std::optional<GameRecord>>& records) {
  std::ostringstream out;
  for (const auto& record : records) {
    if (!record) break;
    out << static_cast<int>(record->outcome.kind) << ' ' << record->outcome.winner << ' ' << record->plies << ' '
        << record->playouts << ' ' << record->mechanic_events.size();
    for (std::uint64_t events : record->mechanic_events) out << ' ' << events;
    for (std::size_t q = 0; q < kQuarters; ++q) out << ' ' << record->branching.moves[q] << ' ' << record->branching.turns[q];
    // As many digits as give the same double back: rank 0 sums what play_games would.
    out << ' ' << std::setprecision(std::numeric_limits<double>::max_digits10) << record->branching.log10_lines;
    out << '\n';
  }
  return out.str();
}

std::vector<GameRecord> block_from_bytes(const std::string& bytes) {
  std::vector<GameRecord> records;
  std::istringstream in(bytes);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    GameRecord record;
    int kind = 0;
    std::size_t mechanics = 0;
    fields >> kind >> record.outcome.winner >> record.plies >> record.playouts >> mechanics;
    record.outcome.kind = static_cast<Outcome::Kind>(kind);
    record.mechanic_events.resize(mechanics);
    for (auto& events : record.mechanic_events) fields >> events;
    for (std::size_t q = 0; q < kQuarters; ++q) fields >> record.branching.moves[q] >> record.branching.turns[q];
    fields >> record.branching.log10_lines;
    if (!fields) throw std::runtime_error("a rank sent an unreadable game record: " + line);
    records.push_back(std::move(record));
  }
  return records;
}

Tally::Tally(const Game& game, int games_requested) {
  sums_.games_requested = games_requested;
  sums_.mechanics = game.mechanics();
  sums_.mechanic_events.assign(sums_.mechanics.size(), 0);
  sums_.mechanic_games.assign(sums_.mechanics.size(), 0);
}

void Tally::add(int index, GameRecord record) {
  if (index < sums_.games || index >= sums_.games_requested || waiting_.count(index)) {
    throw std::logic_error("Tally::add: game " + std::to_string(index) + " is not awaited");
  }
  waiting_.emplace(index, std::move(record));
  // Every record that now follows the games counted, in order.
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == sums_.games; it = waiting_.erase(it)) {
    const GameRecord& r = it->second;
    ++sums_.games;
    if (r.outcome.kind == Outcome::Kind::Win) ++sums_.wins[static_cast<std::size_t>(r.outcome.winner)];
    if (r.outcome.kind == Outcome::Kind::Draw) ++sums_.draws;
    lengths_.push_back(r.plies);
    for (std::size_t i = 0; i < sums_.mechanics.size(); ++i) {
      sums_.mechanic_events[i] += r.mechanic_events[i];
      sums_.mechanic_games[i] += r.mechanic_events[i] > 0 ? 1 : 0;
    }
    sums_.playouts += r.playouts;
    sums_.branching.add(r.branching);
  }
}

PlayMetrics Tally::metrics(double seconds) const {
  PlayMetrics m = sums_;
  m.stopped = m.games < m.games_requested;
  if (!lengths_.empty()) {
    double sum = 0;
    for (int length : lengths_) sum += length;
    m.length_mean = sum / static_cast<double>(lengths_.size());
    double squares = 0;
    for (int length : lengths_) squares += (length - m.length_mean) * (length - m.length_mean);
    m.length_stddev = lengths_.size() > 1 ? std::sqrt(squares / static_cast<double>(lengths_.size() - 1)) : 0;
    std::vector<int> sorted = lengths_;
    std::sort(sorted.begin(), sorted.end());
    m.length_min = sorted.front();
    m.length_max = sorted.back();
    m.length_median = sorted[sorted.size() / 2];
  }
  m.seconds = seconds;
  return m;
}

MctsPlayer::MctsPlayer(int playouts_per_move, double exploration)
    : playouts_per_move_(playouts_per_move), exploration_(exploration) {
  if (playouts_per_move < 1) throw std::logic_error("MctsPlayer: needs at least one playout per move");
}

int MctsPlayer::add_node(Move move, int parent, int mover, const State& state) {
  Node node;
  node.move = move;
  node.parent = parent;
  node.mover = mover;
  node.untried_begin = static_cast<std::uint32_t>(pool_.size());
  state.legal_moves(moves_);
  pool_.insert(pool_.end(), moves_.begin(), moves_.end());
  node.untried_end = static_cast<std::uint32_t>(pool_.size());
  nodes_.push_back(node);
  const int id = static_cast<int>(nodes_.size()) - 1;
  if (parent >= 0) {
    nodes_[static_cast<std::size_t>(id)].next_sibling = nodes_[static_cast<std::size_t>(parent)].first_child;
    nodes_[static_cast<std::size_t>(parent)].first_child = id;
  }
  return id;
}

std::optional<Move> MctsPlayer::choose(const State& state, Rng& rng, const std::function<bool()>& keep_going) {
  nodes_.clear();
  pool_.clear();
  if (!scratch_) scratch_ = state.clone();
  add_node(0, -1, 1 - state.side_to_move(), state);
  // Polled every 64 playouts, not every one: a playout on a 9x9 board takes about 6 microseconds
  // (159,000 a second under load), so a stop is heard within half a millisecond there.
  constexpr int kPollEvery = 64;
  for (int playout = 0; playout < playouts_per_move_; ++playout) {
    if (keep_going && playout % kPollEvery == kPollEvery - 1 && !keep_going()) return std::nullopt;
    scratch_->copy_from(state);
    int at = 0;
    // Selection: down through fully expanded nodes by UCB1.
    while (nodes_[static_cast<std::size_t>(at)].untried_begin == nodes_[static_cast<std::size_t>(at)].untried_end &&
           nodes_[static_cast<std::size_t>(at)].first_child >= 0) {
      const double log_visits = std::log(static_cast<double>(nodes_[static_cast<std::size_t>(at)].visits));
      int best = -1;
      double best_score = -1;
      for (int child = nodes_[static_cast<std::size_t>(at)].first_child; child >= 0;
           child = nodes_[static_cast<std::size_t>(child)].next_sibling) {
        const Node& c = nodes_[static_cast<std::size_t>(child)];
        const double visits = static_cast<double>(c.visits);
        const double score = c.reward / visits + exploration_ * std::sqrt(log_visits / visits);
        if (score > best_score) {
          best_score = score;
          best = child;
        }
      }
      at = best;
      scratch_->apply(nodes_[static_cast<std::size_t>(at)].move);
    }
    // Expansion: one untried move, drawn at random.
    Node& leaf = nodes_[static_cast<std::size_t>(at)];
    if (leaf.untried_begin < leaf.untried_end) {
      const std::uint32_t pick = leaf.untried_begin + rng.below(leaf.untried_end - leaf.untried_begin);
      std::swap(pool_[pick], pool_[leaf.untried_end - 1]);
      const Move move = pool_[--leaf.untried_end];
      const int mover = scratch_->side_to_move();
      scratch_->apply(move);
      at = add_node(move, at, mover, *scratch_);
    }
    const Outcome outcome = scratch_->random_playout(rng);
    ++playouts_;
    for (int node = at; node >= 0; node = nodes_[static_cast<std::size_t>(node)].parent) {
      Node& n = nodes_[static_cast<std::size_t>(node)];
      ++n.visits;
      if (outcome.kind == Outcome::Kind::Draw) {
        n.reward += 0.5;
      } else if (outcome.winner == n.mover) {
        n.reward += 1;
      }
    }
  }
  int best = -1;
  for (int child = nodes_.front().first_child; child >= 0; child = nodes_[static_cast<std::size_t>(child)].next_sibling) {
    if (best < 0 || nodes_[static_cast<std::size_t>(child)].visits > nodes_[static_cast<std::size_t>(best)].visits) {
      best = child;
    }
  }
  return nodes_[static_cast<std::size_t>(best)].move;
}

}  // namespace arbiter::metrics

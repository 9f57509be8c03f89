// The yardstick: a plain alpha-beta with a transposition table over the generic game
// interface, with no game knowledge (moves in the game's own order, the table's best move first).
// It is not part of `arbiter`; docs/solver.md compares the solver's times with it.
//
//   alphabeta_baseline GAME SIZE [--openings] [--time-limit S] [--tt-mb M] [--rule NAME=VALUE]...
//
// Without --openings it settles the initial position; with it, every first move (each with the
// time limit, a fresh table per move, as a reader of the issue would run it).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/game.hpp"
#include "model/registry.hpp"

namespace {

using arbiter::Move;
using arbiter::Outcome;
using arbiter::State;
using Clock = std::chrono::steady_clock;

struct OutOfTime {};

class AlphaBeta {
 public:
  AlphaBeta(std::size_t megabytes, double seconds)
      : table_(std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(Entry)),
        deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds))) {}

  // The value for the side to move: +1 win, 0 draw, -1 loss. Throws OutOfTime.
  int value(const State& root) {
    stack_.clear();
    return search(root, -1, 1, 0);
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  enum Bound : std::uint8_t { kEmpty, kExact, kLower, kUpper };
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t value = 0;
    Bound bound = kEmpty;
    std::uint16_t best = 0;  // index of the best move in the position's move list
  };

  State& scratch(std::size_t depth, const State& like) {
    while (stack_.size() <= depth) {
      stack_.push_back(like.clone());
      moves_.emplace_back();
    }
    return *stack_[depth];
  }

  int search(const State& state, int alpha, int beta, std::size_t depth) {
    if ((++nodes_ & 0xFFFF) == 0 && Clock::now() > deadline_) throw OutOfTime();
    const Outcome outcome = state.outcome();
    if (outcome.over()) {
      if (outcome.kind == Outcome::Kind::Draw) return 0;
      return outcome.winner == state.side_to_move() ? 1 : -1;
    }
    const std::uint64_t key = state.key();
    Entry& entry = table_[key % table_.size()];
    std::size_t first = 0;
    if (entry.key == key && entry.bound != kEmpty) {
      if (entry.bound == kExact) return entry.value;
      if (entry.bound == kLower && entry.value >= beta) return entry.value;
      if (entry.bound == kUpper && entry.value <= alpha) return entry.value;
      first = entry.best;
    }
    State& child = scratch(depth + 1, state);
    std::vector<Move>& moves = moves_[depth];
    state.legal_moves(moves);
    if (first >= moves.size()) first = 0;  // a key collision
    const int alpha_in = alpha;
    int best_value = -2;
    std::size_t best = 0;
    for (std::size_t n = 0; n < moves.size(); ++n) {
      const std::size_t i = n == 0 ? first : (n <= first ? n - 1 : n);
      child.copy_from(state);
      child.apply(moves[i]);
      // Sides need not alternate (a swap may leave the same side to move).
      const bool same_side = child.side_to_move() == state.side_to_move();
      const int v = same_side ? search(child, alpha, beta, depth + 1) : -search(child, -beta, -alpha, depth + 1);
      if (v > best_value) {
        best_value = v;
        best = i;
      }
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    Entry& slot = table_[key % table_.size()];
    slot.key = key;
    slot.value = static_cast<std::int8_t>(best_value);
    slot.bound = best_value <= alpha_in ? kUpper : best_value >= beta ? kLower : kExact;
    slot.best = static_cast<std::uint16_t>(best);
    return best_value;
  }

  std::vector<Entry> table_;
  Clock::time_point deadline_;
  std::uint64_t nodes_ = 0;
  // Deques: growing them keeps the references that shallower frames hold valid.
  std::deque<std::unique_ptr<State>> stack_;
  std::deque<std::vector<Move>> moves_;
};

const char* word(int v) { return v > 0 ? "win" : v < 0 ? "loss" : "draw"; }

constexpr const char* kUsage =
    "usage: alphabeta_baseline GAME SIZE [--openings] [--time-limit S] [--tt-mb M] [--rule NAME=VALUE]...\n"
    "A plain alpha-beta search with a transposition table, the yardstick of docs/solver.md. Without\n"
    "--openings it settles the initial position; with it, every first move (each with the time limit\n"
    "and a fresh table). Prints each value with its nodes and seconds; exits 0 if all were settled,\n"
    "1 if a time limit stopped one, 2 on bad arguments.\n";

}  // namespace

int main(int argc, char** argv) {
  // --help anywhere, before the arguments are read (an unknown option is refused here too, so that
  // it is named even without GAME and SIZE).
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "--time-limit" || arg == "--tt-mb" || arg == "--rule") {
      ++i;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "--openings") {
      std::fprintf(stderr, "alphabeta_baseline: error: unknown option '%s' (--help for the usage)\n", arg.c_str());
      return 2;
    }
  }
  if (argc < 3) {
    std::fprintf(stderr, "alphabeta_baseline: error: GAME and SIZE are needed (--help for the usage)\n");
    return 2;
  }
  try {
    const std::string game_name = argv[1];
    const int size = std::atoi(argv[2]);
    bool openings = false;
    double seconds = 1e9;
    std::size_t megabytes = 256;
    std::vector<std::string> rulings;
    for (int i = 3; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--openings") {
        openings = true;
      } else if (arg == "--time-limit" && i + 1 < argc) {
        seconds = std::atof(argv[++i]);
      } else if (arg == "--tt-mb" && i + 1 < argc) {
        megabytes = static_cast<std::size_t>(std::atol(argv[++i]));
      } else if (arg == "--rule" && i + 1 < argc) {
        rulings.emplace_back(argv[++i]);
      } else {  // a third operand, or an option without its value
        std::fprintf(stderr, "alphabeta_baseline: error: unexpected argument '%s' (--help for the usage)\n", arg.c_str());
        return 2;
      }
    }
    const auto game = arbiter::make_game(arbiter::find_game(game_name), size, rulings);
    const auto root = game->initial_state();
    std::vector<Move> roots;
    if (openings) {
      root->legal_moves(roots);
    } else {
      roots.push_back(0);
    }
    int settled = 0;
    const auto all_start = Clock::now();
    for (Move m : roots) {
      auto position = root->clone();
      std::string label = "root";
      if (openings) {
        label = root->move_text(m);
        position->apply(m);
      }
      AlphaBeta search(megabytes, seconds);
      const auto start = Clock::now();
      try {
        const int v = search.value(*position);
        // After an opening, the value is the opponent's unless the mover moves again.
        const bool flip = openings && position->side_to_move() != root->side_to_move();
        const int for_first = openings ? (flip ? -v : v) : v;
        ++settled;
        std::printf("%s %s %llu nodes %.2f s\n", label.c_str(), word(for_first),
                    static_cast<unsigned long long>(search.nodes()),
                    std::chrono::duration<double>(Clock::now() - start).count());
      } catch (const OutOfTime&) {
        std::printf("%s unknown %llu nodes %.2f s\n", label.c_str(), static_cast<unsigned long long>(search.nodes()),
                    std::chrono::duration<double>(Clock::now() - start).count());
      }
      std::fflush(stdout);
    }
    std::printf("settled %d of %zu in %.2f s\n", settled, roots.size(),
                std::chrono::duration<double>(Clock::now() - all_start).count());
    return settled == static_cast<int>(roots.size()) ? 0 : 1;
  } catch (const arbiter::InputError& e) {
    std::fprintf(stderr, "alphabeta_baseline: error: %s\n", e.what());
    return 2;
  }
}

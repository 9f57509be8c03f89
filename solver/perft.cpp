#include "solver/perft.hpp"

#include <algorithm>
#include <chrono>

namespace arbiter {
namespace {

struct Walk {
  std::vector<PerftRow> rows;
  std::uint64_t visited = 0;
  const std::function<bool(int depth, std::uint64_t visited)>* poll = nullptr;
  bool stopped = false;
};

void count(const State& state, int depth, int max_depth, Walk& walk) {
  // Polling costs a call, so only every 2^16 positions.
  if ((++walk.visited & 0xFFFF) == 0 && *walk.poll && !(*walk.poll)(max_depth, walk.visited)) walk.stopped = true;
  if (walk.stopped) return;
  PerftRow& row = walk.rows[static_cast<std::size_t>(depth)];
  ++row.nodes;
  const bool over = state.is_terminal();
  if (over) ++row.finished;
  if (over || depth == max_depth) return;
  std::vector<Move> moves;
  state.legal_moves(moves);
  for (Move m : moves) {
    auto child = state.clone();
    child->apply(m);
    count(*child, depth + 1, max_depth, walk);
    if (walk.stopped) return;
  }
}

}  // namespace

std::vector<PerftRow> perft(const State& root, int max_depth, const std::function<void(const PerftRow&)>& progress,
                            const std::function<bool(int depth, std::uint64_t visited)>& poll) {
  // Depth by depth, so that a long run reports each depth as soon as it is known.
  std::vector<PerftRow> result;
  for (int limit = 0; limit <= max_depth; ++limit) {
    Walk walk;
    walk.poll = &poll;
    walk.rows.resize(static_cast<std::size_t>(limit) + 1);
    for (int d = 0; d <= limit; ++d) walk.rows[static_cast<std::size_t>(d)].depth = d;
    count(root, 0, limit, walk);
    if (walk.stopped) break;  // a depth cut short has no count
    result.push_back(walk.rows.back());
    if (progress) progress(walk.rows.back());
  }
  return result;
}

BenchResult bench_playouts(const State& root, double seconds, std::uint64_t seed, const std::function<bool()>& keep_going) {
  using Clock = std::chrono::steady_clock;
  BenchResult result;
  Rng rng(seed);
  const auto start = Clock::now();
  const int root_ply = root.ply();
  double elapsed = 0;
  // The clock is read after each batch of playouts, sized from the time they have taken so far to
  // last about 10 ms (at most 4,096 playouts, at least one): timing costs nothing measurable, and a
  // run ends within one playout and 10 ms of the time asked. Batches that only doubled ran a slow
  // implementation (tens of ms a playout) nearly twice as long as asked.
  bool stopped = false;
  long batch = 1;
  while (!stopped && (elapsed < seconds || result.playouts == 0)) {
    for (long i = 0; i < batch && !stopped; ++i) {
      auto state = root.clone();
      const Outcome outcome = state->random_playout(rng);
      ++result.playouts;
      result.moves += state->ply() - root_ply;
      if (outcome.kind == Outcome::Kind::Win) ++result.wins[outcome.winner];
      if (outcome.kind == Outcome::Kind::Draw) ++result.draws;
      stopped = keep_going && !keep_going();
    }
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const double fit = elapsed > 0 ? 0.01 * static_cast<double>(result.playouts) / elapsed : 4096.0;
    batch = std::clamp(static_cast<long>(std::min(fit, 4096.0)), 1L, std::min(batch * 2, 4096L));
  }
  result.seconds = elapsed;
  return result;
}

}  // namespace arbiter

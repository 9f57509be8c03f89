// The node count that progress lines read while a solve runs (SearchControl::checkpoint).
#include <gtest/gtest.h>

#include <atomic>

#include "model/registry.hpp"
#include "solver/solve.hpp"

namespace arbiter {
namespace {

// The shared node count that progress lines print never runs ahead of the nodes the searches
// report: it was raised by 1024 at the first node of every search, so that a solve of many small
// units (Brique 3x3: 9 moves, a few hundred nodes) showed thousands.
TEST(ProgressNodes, NeverExceedTheSearchesCount) {
  for (const int within : {0, 2}) {
    auto game = make_game(find_game("brique"), within == 0 ? 4 : 3, {});
    const auto root = game->initial_state();
    std::atomic<std::uint64_t> nodes{0};
    solver::SolveOptions options;
    options.table_megabytes = 16;
    options.within = within;
    options.control.nodes = &nodes;
    const solver::SolveResult result = solver::solve_moves(*root, options);
    EXPECT_GT(result.stats.nodes, 0u);
    EXPECT_LE(nodes.load(), result.stats.nodes) << "within " << within;
  }
}

}  // namespace
}  // namespace arbiter

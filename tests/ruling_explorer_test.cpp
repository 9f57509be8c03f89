// The ruling explorer's bounds: a difference in the initial positions of a larger board is found
// even when the time limit is spent on a smaller board whose readings coincide.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "solver/ruling_explorer.hpp"

namespace arbiter {
namespace {

// On 7x7 the three readings of Brochs' keeps name the same squares, so no search there can find a
// difference; centres and outer part on 9x9, centres and inner only on 11x11.
TEST(RulingExplorer, FindsAnInitialDifferenceBeyondASizeItCouldNotFinish) {
  ExplorerBounds bounds;
  bounds.sizes = {7, 9, 11};
  bounds.max_seconds = 0.3;
  const ExplorerReport outer = explore_ruling(find_game("brochs"), "keeps", "centres", "outer", {}, bounds);
  ASSERT_EQ(outer.differences.size(), 1u);
  EXPECT_EQ(outer.differences[0].size, 9);
  EXPECT_EQ(outer.differences[0].kind, "initial position");
  EXPECT_TRUE(outer.unreached.empty());

  const ExplorerReport inner = explore_ruling(find_game("brochs"), "keeps", "centres", "inner", {}, bounds);
  ASSERT_EQ(inner.differences.size(), 1u);
  EXPECT_EQ(inner.differences[0].size, 11);
  EXPECT_EQ(inner.unreached, std::vector<int>{9});  // its initial positions were compared, no more
  ASSERT_EQ(inner.searched.size(), 3u);
  EXPECT_EQ(inner.searched[0].rfind("size 7: cut by the time limit", 0), 0u) << inner.searched[0];
  EXPECT_EQ(inner.searched[1], "size 9: initial positions only (they agree; the limit was spent on smaller sizes)");
  EXPECT_EQ(inner.searched[2], "size 11: initial positions differ");
}

// A count of one is "1 position" in both forms (it read "difference after 1 positions").
TEST(RulingExplorer, OnePositionIsSaidInTheSingular) {
  ExplorerBounds bounds;
  bounds.sizes = {2};
  const ExplorerReport report = explore_ruling(find_game("brique"), "pass", "never", "allowed", {}, bounds);
  ASSERT_EQ(report.searched.size(), 1u);
  EXPECT_EQ(report.searched[0], "size 2: difference after 1 position");
  EXPECT_EQ(report.searched_text[0], "size 2: difference after 1 position");
}

}  // namespace
}  // namespace arbiter

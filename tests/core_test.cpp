#include <gtest/gtest.h>

#include "model/core/errors.hpp"
#include "model/core/rng.hpp"
#include "model/core/square_grid.hpp"

namespace arbiter {
namespace {

TEST(SquareGrid, NamesAndParsesEveryCell) {
  for (int n = 1; n <= kMaxSquareGridSize; ++n) {
    const SquareGrid& grid = SquareGrid::of(n);
    for (int cell = 0; cell < grid.cells(); ++cell) EXPECT_EQ(grid.parse(grid.name(cell)), cell);
  }
}

TEST(SquareGrid, TopLeftIsA1) {
  const SquareGrid& grid = SquareGrid::of(5);
  EXPECT_EQ(grid.parse("a1"), grid.cell(0, 0));
  EXPECT_EQ(grid.parse("e1"), grid.cell(0, 4));
  EXPECT_EQ(grid.parse("a5"), grid.cell(4, 0));
  EXPECT_EQ(grid.name(grid.cell(2, 1)), "b3");
}

TEST(SquareGrid, RejectsOffBoardAndMalformedCells) {
  const SquareGrid& grid = SquareGrid::of(5);
  for (const char* text : {"f1", "a6", "a0", "a01", "A1", "1a", "", "a", "aa1", "a1x"}) {
    EXPECT_EQ(grid.parse(text), SquareGrid::kNone) << text;
  }
}

TEST(SquareGrid, NeighboursStopAtTheEdges) {
  const SquareGrid& grid = SquareGrid::of(3);
  EXPECT_EQ(grid.neighbour(0, SquareGrid::North), SquareGrid::kNone);
  EXPECT_EQ(grid.neighbour(0, SquareGrid::West), SquareGrid::kNone);
  EXPECT_EQ(grid.neighbour(0, SquareGrid::East), 1);
  EXPECT_EQ(grid.neighbour(0, SquareGrid::South), 3);
  EXPECT_EQ(grid.neighbour(8, SquareGrid::South), SquareGrid::kNone);
}

TEST(Rng, SameSeedSameSequenceAndBoundsRespected) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.below(7);
    EXPECT_EQ(x, b.below(7));
    EXPECT_LT(x, 7u);
    differs |= (x != c.below(7));
  }
  EXPECT_TRUE(differs);
}

TEST(Errors, QuoteInputClipsAndEscapes) {
  EXPECT_EQ(quote_input("a\nb"), "'a\\nb'");
  EXPECT_EQ(quote_input(std::string(100, 'x')).size(), 2u + 60u + 3u);
}

}  // namespace
}  // namespace arbiter

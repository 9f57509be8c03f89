#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "model/core/connection_distance.hpp"
#include "model/core/errors.hpp"
#include "model/core/rng.hpp"
#include "model/core/square_grid.hpp"
#include "model/core/text.hpp"
#include "model/core/zobrist.hpp"

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

// text_key_hex names solve journals and ends proof records and unit files with a checksum: the
// values are pinned (written by `std::hex << text_key(...)` before the helper), so that files an
// earlier arbiter wrote are still found and still pass their checks. No leading zeros: "t584".
TEST(Zobrist, TextKeyHexIsTheKeyInLowerCaseHexWithoutPadding) {
  EXPECT_EQ(text_key_hex(""), "c3817c016ba4ff30");
  EXPECT_EQ(text_key_hex("brique 5"), "549337ce6907475c");
  EXPECT_EQ(text_key_hex("table|x|y"), "266a525fd12f9524");
  EXPECT_EQ(text_key_hex("t584"), "3bf72dc436c5ce");
}

// The bit-set distance must equal the queue's on every board it serves (it orders the solver, so a
// difference would only cost time, but it would go unnoticed).
// Both adjacencies: the square grid's four neighbours, and with the NE-SW diagonal (six).
TEST(ConnectionDistance, BitSetGridEqualsTheQueue) {
  Rng rng(9);
  int unjoinable = 0, joined_at_once = 0, shortened_by_diagonals = 0;
  for (int n = 1; n <= GridDistance::kMaxSize; ++n) {
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<int> cell(static_cast<std::size_t>(n * n));  // 0 empty, 1 side 0's stone, 2 side 1's
      const std::uint32_t stones = rng.below(5);                // from an empty board to a full one
      for (int& c : cell) c = rng.below(4) < stones ? static_cast<int>(1 + rng.below(2)) : 0;
      for (int side = 0; side < 2; ++side) {
        std::uint64_t own = 0, empty = 0;
        for (int c = 0; c < n * n; ++c) {
          own |= std::uint64_t{cell[static_cast<std::size_t>(c)] == 1 + side} << c;
          empty |= std::uint64_t{cell[static_cast<std::size_t>(c)] == 0} << c;
        }
        int orthogonal_distance = 0;
        for (const bool diagonal : {false, true}) {
          const int queued = connection_distance<64>(
              n * n,
              [&](int c) { return cell[static_cast<std::size_t>(c)] == 0 ? 1 : cell[static_cast<std::size_t>(c)] == 1 + side ? 0 : -1; },
              [&](int c, auto&& visit) {
                const int r = c / n, col = c % n;
                if (r > 0) visit(c - n);
                if (r + 1 < n) visit(c + n);
                if (col > 0) visit(c - 1);
                if (col + 1 < n) visit(c + 1);
                if (diagonal && r > 0 && col + 1 < n) visit(c - n + 1);
                if (diagonal && r + 1 < n && col > 0) visit(c + n - 1);
              },
              [&](int c) { return side == 0 ? c / n == 0 : c % n == 0; },
              [&](int c) { return side == 0 ? c / n == n - 1 : c % n == n - 1; });
          const auto adjacency = diagonal ? GridDistance::Adjacency::WithAntiDiagonal : GridDistance::Adjacency::Orthogonal;
          ASSERT_EQ(GridDistance::of(n, adjacency).distance(side, own, empty), queued)
              << "n " << n << " trial " << trial << " side " << side << " diagonal " << diagonal;
          unjoinable += queued == n * n + 1;
          joined_at_once += queued == 0;
          if (!diagonal) orthogonal_distance = queued;
          shortened_by_diagonals += diagonal && queued < orthogonal_distance;
        }
      }
    }
  }
  EXPECT_GT(unjoinable, 0);  // the boards drawn include blocked and finished ones
  EXPECT_GT(joined_at_once, 0);
  EXPECT_GT(shortened_by_diagonals, 0);  // the diagonal steps were taken
}

// words_of splits where a stream's >> would: on every kind of white space, runs of it included.
TEST(Text, WordsOfSplitsLikeAStream) {
  for (const std::string text : {"", " ", "a", "  a1-b2 \t pass\n", "x\vy\fz\r\nw", "one  two   three", "\xc3\xa9 e"}) {
    std::vector<std::string> by_stream;
    std::istringstream in(text);
    for (std::string word; in >> word;) by_stream.push_back(word);
    EXPECT_EQ(words_of(text), by_stream) << "'" << text << "'";
  }
  EXPECT_EQ(words_of(" a\tb "), (std::vector<std::string>{"a", "b"}));
}

TEST(Errors, QuoteInputClipsAndEscapes) {
  EXPECT_EQ(quote_input("a\nb"), "'a\\nb'");
  EXPECT_EQ(quote_input(std::string(100, 'x')).size(), 2u + 60u + 3u);
}

}  // namespace
}  // namespace arbiter

// Hexabrae geometry: the board, field names, the bars as true rectangles, and the contact relation
// computed from exact vertex coordinates, checked against the table of rules.md 4.3.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "model/hexabrae/board.hpp"

namespace arbiter::hexabrae {
namespace {

// Squared real length of a lattice vector: x = X/2, y = Y*sqrt(3)/2, times 4 to stay integral.
std::int64_t four_times_squared_length(const LatticePoint& a, const LatticePoint& b) {
  const std::int64_t dx = b.x - a.x, dy = b.y - a.y;
  return dx * dx + 3 * dy * dy;
}

std::int64_t four_times_dot(const LatticePoint& o, const LatticePoint& a, const LatticePoint& b) {
  return (a.x - o.x) * (b.x - o.x) + 3 * (a.y - o.y) * (b.y - o.y);
}

TEST(HexabraeGeometry, BoardSizesAreHexHexWithRadiusTwoToSix) {
  for (int radius = kMinRadius; radius <= kMaxRadius; ++radius) {
    EXPECT_EQ(HexBoard::of(radius).fields(), 3 * radius * (radius + 1) + 1);
  }
  EXPECT_EQ(HexBoard::of(4).fields(), 61);  // "61 smaller hexagons (5 per side)"
  int rim_fields = 0;
  const HexBoard& board = HexBoard::of(4);
  for (int f = 0; f < board.fields(); ++f) {
    bool rim = false;
    for (int k = 0; k < 6; ++k) rim |= board.on_rim(f, k);
    rim_fields += rim;
  }
  EXPECT_EQ(rim_fields, 6 * 4);  // 5 per side
}

TEST(HexabraeGeometry, FieldNamesAreUniqueAndReadBack) {
  for (int radius = kMinRadius; radius <= kMaxRadius; ++radius) {
    const HexBoard& board = HexBoard::of(radius);
    std::set<std::string> names;
    for (int f = 0; f < board.fields(); ++f) {
      EXPECT_EQ(board.parse_field(board.name(f)), f);
      names.insert(board.name(f));
    }
    EXPECT_EQ(static_cast<int>(names.size()), board.fields());
  }
  const HexBoard& board = HexBoard::of(4);
  EXPECT_EQ(board.name(board.field_at(0, 0)), "e5");  // the centre
  EXPECT_EQ(board.name(board.field_at(0, 4)), "e1");  // top of the middle column
  EXPECT_EQ(board.name(board.field_at(-4, 4)), "a1");
  EXPECT_EQ(board.name(board.field_at(4, -4)), "i5");
  for (const char* bad : {"", "a", "a0", "a6", "j1", "e10", "E5", "e5x", "5e", "e05"}) {
    EXPECT_EQ(board.parse_field(bad), kNoField) << bad;
  }
}

TEST(HexabraeGeometry, NeighboursFollowTheAxialDirections) {
  const HexBoard& board = HexBoard::of(4);
  const int centre = board.field_at(0, 0);
  EXPECT_EQ(board.name(board.neighbour(centre, 1)), "e4");  // D1 is straight up
  EXPECT_EQ(board.name(board.neighbour(centre, 4)), "e6");
  EXPECT_EQ(board.name(board.neighbour(centre, 0)), "f4");  // up-right
  EXPECT_EQ(board.name(board.neighbour(centre, 3)), "d5");  // down-left
  for (int f = 0; f < board.fields(); ++f) {
    for (int k = 0; k < 6; ++k) {
      const int g = board.neighbour(f, k);
      if (g != kNoField) {
        EXPECT_EQ(board.neighbour(g, (k + 3) % 6), f);
      }
    }
  }
}

TEST(HexabraeGeometry, NeighbouringHexagonsShareTheFacingEdge) {
  const HexBoard& board = HexBoard::of(3);
  const int centre = board.field_at(0, 0);
  for (int k = 0; k < 6; ++k) {
    const int g = board.neighbour(centre, k);
    // Edge k of the centre (V_k V_{k+1}) is edge k+3 of the neighbour (V_{k+4} V_{k+3}).
    EXPECT_EQ(board.vertex(centre, k), board.vertex(g, k + 4));
    EXPECT_EQ(board.vertex(centre, k + 1), board.vertex(g, k + 3));
  }
}

TEST(HexabraeGeometry, BarIsARectangleOneBySqrt3WithCornersOnFourHexagonVertices) {
  const HexBoard& board = HexBoard::of(2);
  const int f = board.field_at(0, 0);
  for (int o = 0; o < 3; ++o) {
    const auto c = board.bar(f, o);
    EXPECT_EQ(four_times_squared_length(c[0], c[1]), 4);   // short side 1
    EXPECT_EQ(four_times_squared_length(c[1], c[2]), 12);  // long side sqrt(3)
    EXPECT_EQ(four_times_squared_length(c[2], c[3]), 4);
    EXPECT_EQ(four_times_squared_length(c[3], c[0]), 12);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(four_times_dot(c[i], c[(i + 1) % 4], c[(i + 3) % 4]), 0);  // right angles
    EXPECT_EQ(four_times_squared_length(c[0], c[2]), 16);  // diagonal 2 = the hexagon's long diagonal
    // The short sides are the hexagon's edges o and o+3; the long axis points at D_o and D_{o+3}.
    EXPECT_EQ(c[0], board.vertex(f, o));
    EXPECT_EQ(c[1], board.vertex(f, o + 1));
    EXPECT_EQ(c[2], board.vertex(f, o + 3));
    EXPECT_EQ(c[3], board.vertex(f, o + 4));
    const LatticePoint mid_short{(c[0].x + c[1].x), (c[0].y + c[1].y)};  // twice the midpoint
    const LatticePoint towards = board.centre(board.neighbour(f, o));
    EXPECT_EQ(mid_short, towards);  // the neighbour's centre is twice the edge midpoint away
  }
}

// rules.md 4.3: a = b = axis(k): short side to short side; a = b != axis(k): none; a != b: corner.
TEST(HexabraeGeometry, ContactTableComputedFromGeometryMatchesTheResearchTable) {
  for (int a = 0; a < 3; ++a) {
    for (int k = 0; k < 6; ++k) {
      for (int b = 0; b < 3; ++b) {
        const Contact expected = a != b ? Contact::Corner : (a == k % 3 ? Contact::ShortSides : Contact::None);
        EXPECT_EQ(HexBoard::contact(a, k, b), expected) << "a=" << a << " k=" << k << " b=" << b;
      }
    }
  }
}

TEST(HexabraeGeometry, CornerContactsAreAtAVertexTheBothBarsHaveAsCorner) {
  const HexBoard& board = HexBoard::of(2);
  const int f = board.field_at(0, 0);
  for (int a = 0; a < 3; ++a) {
    for (int k = 0; k < 6; ++k) {
      for (int b = 0; b < 3; ++b) {
        if (HexBoard::contact(a, k, b) != Contact::Corner) continue;
        const LatticePoint p = board.vertex(f, HexBoard::corner_vertex(a, k, b));
        const auto mine = board.bar(f, a), theirs = board.bar(board.neighbour(f, k), b);
        EXPECT_NE(std::find(mine.begin(), mine.end(), p), mine.end());
        EXPECT_NE(std::find(theirs.begin(), theirs.end(), p), theirs.end());
        // The shared vertex is one of the two ends of the shared edge k.
        EXPECT_TRUE(p == board.vertex(f, k) || p == board.vertex(f, k + 1));
      }
    }
  }
}

TEST(HexabraeGeometry, OnlyEdgeNeighboursCanTouchAndNoBarsOverlap) {
  const HexBoard& board = HexBoard::of(3);
  for (int f = 0; f < board.fields(); ++f) {
    for (int g = f + 1; g < board.fields(); ++g) {
      bool neighbours = false;
      for (int k = 0; k < 6; ++k) neighbours |= board.neighbour(f, k) == g;
      for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) {
          const Contact c = classify_contact(board.bar(f, a), board.bar(g, b)).kind;
          EXPECT_NE(c, Contact::Other);
          if (!neighbours) {
            EXPECT_EQ(c, Contact::None) << board.name(f) << " " << board.name(g);
          }
        }
      }
    }
  }
}

TEST(HexabraeGeometry, ClassifyContactRecognisesOverlapAndTouchingShapes) {
  const HexBoard& board = HexBoard::of(2);
  const int f = board.field_at(0, 0);
  EXPECT_EQ(classify_contact(board.bar(f, 0), board.bar(f, 1)).kind, Contact::Other);  // same field: overlap
  EXPECT_EQ(classify_contact(board.bar(f, 0), board.bar(f, 0)).kind, Contact::Other);
  EXPECT_EQ(classify_contact(board.bar(f, 0), board.bar(board.neighbour(f, 0), 0)).kind, Contact::ShortSides);
}

TEST(HexabraeGeometry, AtMostThreeBarsMeetAtAVertex) {
  // Around vertex V1 of the centre: the centre, D0 and D1. Orientations with V1 as a corner meet there.
  const HexBoard& board = HexBoard::of(2);
  const int centre = board.field_at(0, 0);
  const LatticePoint v = board.vertex(centre, 1);
  int fields_with_v = 0;
  for (int f = 0; f < board.fields(); ++f) {
    for (int j = 0; j < 6; ++j) fields_with_v += board.vertex(f, j) == v;
  }
  EXPECT_EQ(fields_with_v, 3);
}

}  // namespace
}  // namespace arbiter::hexabrae

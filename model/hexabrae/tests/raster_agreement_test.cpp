// The second, independent enclosure method: sample the plane on a fine grid, test every sample and
// every link between neighbouring samples against the exact bar rectangles, flood-fill, and read
// the holes' fields and pieces off the samples. It shares nothing with enclosures.cpp but the
// definition of a bar (short sides on two opposite hexagon edges) and the board's field list.
//
// Exactness: coordinates are integers in units of 1/(21*D) of the (X, Y) lattice of board.hpp.
// Samples sit at (21i+7, 21j+3): never on a hexagon edge (lines Y = c, X + Y = c, X - Y = c for
// integers c) and no link passes through a vertex, so every test is an exact integer predicate.
// Sampling can only err by missing passages narrower than the grid (open passages here are at
// least half a hexagon side wide) or by isolating a few samples in the sharp wedge where two bars
// meet at a corner; components of fewer than kMinSamples samples are such wedge crumbs and ignored
// (the smallest true enclosure, one apex triangle, holds about 40 samples).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <map>
#include <vector>

#include "model/core/rng.hpp"
#include "model/hexabrae/enclosures.hpp"
#include "tests/game_param.hpp"

namespace arbiter::hexabrae {
namespace {

constexpr std::int64_t kD = 6;          // samples per lattice unit
constexpr std::int64_t kUnit = 21 * kD;  // scaled lattice unit
constexpr int kMinSamples = 8;

struct P {
  std::int64_t x, y;
};

std::int64_t orient(const P& a, const P& b, const P& c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

bool on_segment(const P& a, const P& b, const P& p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

bool segments_meet(const P& a, const P& b, const P& c, const P& d) {
  const std::int64_t d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c), d4 = orient(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 == 0 && on_segment(c, d, a)) || (d2 == 0 && on_segment(c, d, b)) || (d3 == 0 && on_segment(a, b, c)) ||
         (d4 == 0 && on_segment(a, b, d));
}

using Quad = std::array<P, 4>;  // counter-clockwise

bool in_convex(const Quad& q, const P& p) {
  for (std::size_t i = 0; i < 4; ++i) {
    if (orient(q[i], q[(i + 1) % 4], p) < 0) return false;
  }
  return true;
}

bool segment_meets_quad(const Quad& q, const P& a, const P& b) {
  if (in_convex(q, a) || in_convex(q, b)) return true;
  for (std::size_t i = 0; i < 4; ++i) {
    if (segments_meet(a, b, q[i], q[(i + 1) % 4])) return true;
  }
  return false;
}

bool quads_meet(const Quad& a, const Quad& b) {
  for (std::size_t i = 0; i < 4; ++i) {
    if (segment_meets_quad(b, a[i], a[(i + 1) % 4])) return true;
  }
  return in_convex(a, b[0]) || in_convex(b, a[0]);
}

// Hexagon of side 1 centred at the origin, flat-topped: vertex j at angle 60j degrees, in (X, Y).
constexpr std::array<P, 6> kHexCorner = {{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}};

P field_centre(const HexBoard& board, int f) { return {3 * board.q(f) * kUnit, (2 * board.r(f) + board.q(f)) * kUnit}; }

P corner(const HexBoard& board, int f, int j) {
  const P c = field_centre(board, f);
  return {c.x + kHexCorner[static_cast<std::size_t>(j % 6)].x * kUnit, c.y + kHexCorner[static_cast<std::size_t>(j % 6)].y * kUnit};
}

// The bar whose short sides are hexagon edges o (V_o V_{o+1}) and o+3.
Quad bar_quad(const HexBoard& board, int f, int o) {
  return {corner(board, f, o), corner(board, f, o + 1), corner(board, f, o + 3), corner(board, f, o + 4)};
}

bool in_hexagon(const HexBoard& board, int f, const P& p) {
  for (int j = 0; j < 6; ++j) {
    if (orient(corner(board, f, j), corner(board, f, j + 1), p) <= 0) return false;
  }
  return true;
}

struct Raster {
  int width = 0, height = 0;
  std::int64_t x0 = 0, y0 = 0;
  std::vector<int> field;                          // per sample: the field it lies in, or -1
  std::vector<std::uint8_t> inside_bar;            // per sample: orientations o whose bar contains it
  // Links: to the right, up, up-right, up-left. Per link, the (field, orientations) that block it.
  static constexpr std::array<std::array<int, 2>, 4> kLink = {{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}};
  std::vector<std::array<std::vector<std::pair<int, std::uint8_t>>, 4>> blockers;

  P point(int i, int j) const { return {x0 + 21 * i + 7, y0 + 21 * j + 3}; }
  int index(int i, int j) const { return j * width + i; }
};

const Raster& raster_for(int radius) {
  static std::map<int, Raster> cache;
  auto it = cache.find(radius);
  if (it != cache.end()) return it->second;
  const HexBoard& board = HexBoard::of(radius);
  Raster r;
  r.x0 = (-3 * radius - 4) * kUnit;
  r.y0 = (-2 * radius - 3) * kUnit;
  r.width = static_cast<int>((2 * (3 * radius + 4)) * kUnit / 21);
  r.height = static_cast<int>((2 * (2 * radius + 3)) * kUnit / 21);
  const std::size_t n = static_cast<std::size_t>(r.width) * static_cast<std::size_t>(r.height);
  r.field.assign(n, -1);
  r.inside_bar.assign(n, 0);
  r.blockers.resize(n);
  for (int f = 0; f < board.fields(); ++f) {
    const P c = field_centre(board, f);
    const int i_low = static_cast<int>((c.x - 3 * kUnit - r.x0) / 21) - 2, i_high = static_cast<int>((c.x + 3 * kUnit - r.x0) / 21) + 2;
    const int j_low = static_cast<int>((c.y - 2 * kUnit - r.y0) / 21) - 2, j_high = static_cast<int>((c.y + 2 * kUnit - r.y0) / 21) + 2;
    std::array<Quad, 3> bars;
    for (int o = 0; o < 3; ++o) bars[static_cast<std::size_t>(o)] = bar_quad(board, f, o);
    for (int j = std::max(j_low, 0); j <= std::min(j_high, r.height - 1); ++j) {
      for (int i = std::max(i_low, 0); i <= std::min(i_high, r.width - 1); ++i) {
        const P p = r.point(i, j);
        const auto s = static_cast<std::size_t>(r.index(i, j));
        if (in_hexagon(board, f, p)) {
          r.field[s] = f;
          for (int o = 0; o < 3; ++o) r.inside_bar[s] |= static_cast<std::uint8_t>(in_convex(bars[static_cast<std::size_t>(o)], p) << o);
        }
        for (std::size_t l = 0; l < 4; ++l) {
          const int ti = i + Raster::kLink[l][0], tj = j + Raster::kLink[l][1];
          if (ti < 0 || tj < 0 || ti >= r.width || tj >= r.height) continue;
          std::uint8_t mask = 0;
          for (int o = 0; o < 3; ++o) {
            mask |= static_cast<std::uint8_t>(segment_meets_quad(bars[static_cast<std::size_t>(o)], p, r.point(ti, tj)) << o);
          }
          if (mask != 0) r.blockers[s][l].push_back({f, mask});
        }
      }
    }
  }
  return cache.emplace(radius, std::move(r)).first->second;
}

struct RasterHole {
  FieldSet covered{}, pieces{};
  friend bool operator<(const RasterHole& a, const RasterHole& b) {
    return std::tie(a.covered.bits, a.pieces.bits) < std::tie(b.covered.bits, b.pieces.bits);
  }
  friend bool operator==(const RasterHole& a, const RasterHole& b) = default;
};

bool link_open(const Raster& r, const Cells& view, std::size_t s, std::size_t l) {
  for (const auto& [f, mask] : r.blockers[s][l]) {
    const std::int8_t cell = view[static_cast<std::size_t>(f)];
    if (cell != kEmpty && (mask >> orientation_of(cell) & 1)) return false;
  }
  return true;
}

bool sample_blocked(const Raster& r, const Cells& view, std::size_t s) {
  const int f = r.field[s];
  if (f < 0) return false;
  const std::int8_t cell = view[static_cast<std::size_t>(f)];
  return cell != kEmpty && (r.inside_bar[s] >> orientation_of(cell) & 1);
}

// Holes of the free plane with the bars of `view`: components not reaching the border of a window
// around the bars (the window's border lies in free space outside every bar's hexagon).
void raster_holes(const HexBoard& board, const Raster& r, const Cells& view, std::vector<RasterHole>& out) {
  std::int64_t x_low = INT64_MAX, x_high = INT64_MIN, y_low = INT64_MAX, y_high = INT64_MIN;
  for (int f = 0; f < board.fields(); ++f) {
    if (view[static_cast<std::size_t>(f)] == kEmpty) continue;
    const P c = field_centre(board, f);
    x_low = std::min(x_low, c.x - 2 * kUnit), x_high = std::max(x_high, c.x + 2 * kUnit);
    y_low = std::min(y_low, c.y - kUnit), y_high = std::max(y_high, c.y + kUnit);
  }
  if (x_low > x_high) return;
  const int i0 = static_cast<int>((x_low - r.x0) / 21) - 2, i1 = static_cast<int>((x_high - r.x0) / 21) + 2;
  const int j0 = static_cast<int>((y_low - r.y0) / 21) - 2, j1 = static_cast<int>((y_high - r.y0) / 21) + 2;
  const std::size_t n = r.field.size();
  std::vector<int> label(n, -1);
  std::vector<std::size_t> stack, members;
  int next_label = 0;
  for (int sj = j0; sj <= j1; ++sj) for (int si = i0; si <= i1; ++si) {
    const auto start = static_cast<std::size_t>(r.index(si, sj));
    if (label[start] >= 0 || sample_blocked(r, view, start)) continue;
    const int id = next_label++;
    bool reaches_border = false;
    members.clear();
    stack.assign(1, start);
    label[start] = id;
    while (!stack.empty()) {
      const std::size_t s = stack.back();
      stack.pop_back();
      members.push_back(s);
      const int i = static_cast<int>(s) % r.width, j = static_cast<int>(s) / r.width;
      if (i == i0 || j == j0 || i == i1 || j == j1) reaches_border = true;
      for (std::size_t l = 0; l < 8; ++l) {
        // Links are stored once, from the lower/left end; walk them both ways.
        const bool forward = l < 4;
        const auto& d = Raster::kLink[l % 4];
        const int ti = forward ? i + d[0] : i - d[0], tj = forward ? j + d[1] : j - d[1];
        if (ti < i0 || tj < j0 || ti > i1 || tj > j1) continue;
        const auto t = static_cast<std::size_t>(r.index(ti, tj));
        if (label[t] >= 0 || sample_blocked(r, view, t)) continue;
        if (!link_open(r, view, forward ? s : t, l % 4)) continue;
        label[t] = id;
        stack.push_back(t);
      }
    }
    if (reaches_border || static_cast<int>(members.size()) < kMinSamples) continue;
    RasterHole hole;
    for (const std::size_t s : members) {
      hole.covered.add(r.field[s]);
      const int i = static_cast<int>(s) % r.width, j = static_cast<int>(s) / r.width;
      for (std::size_t l = 0; l < 8; ++l) {
        const bool forward = l < 4;
        const auto& d = Raster::kLink[l % 4];
        const int ti = forward ? i + d[0] : i - d[0], tj = forward ? j + d[1] : j - d[1];
        if (ti < 0 || tj < 0 || ti >= r.width || tj >= r.height) continue;
        const auto t = static_cast<std::size_t>(r.index(ti, tj));
        // A link that meets exactly one bar leads from the hole to that bar's boundary.
        int hit = -1, hits = 0;
        for (const auto& [f, mask] : r.blockers[forward ? s : t][l % 4]) {
          const std::int8_t cell = view[static_cast<std::size_t>(f)];
          if (cell != kEmpty && (mask >> orientation_of(cell) & 1)) {
            hit = f;
            ++hits;
          }
        }
        if (hits == 1) hole.pieces.add(hit);
      }
    }
    out.push_back(hole);
  }
}

// Groups of touching bars, by exact closed-rectangle intersection.
std::vector<std::vector<int>> raster_touch_groups(const HexBoard& board, const Cells& cells) {
  std::vector<int> bars;
  for (int f = 0; f < board.fields(); ++f) {
    if (cells[static_cast<std::size_t>(f)] != kEmpty) bars.push_back(f);
  }
  std::vector<int> group(bars.size(), -1);
  std::vector<std::vector<int>> groups;
  for (std::size_t a = 0; a < bars.size(); ++a) {
    if (group[a] >= 0) continue;
    group[a] = static_cast<int>(groups.size());
    groups.push_back({bars[a]});
    for (std::size_t k = 0; k < groups.back().size(); ++k) {
      const int f = groups.back()[k];
      const Quad qf = bar_quad(board, f, orientation_of(cells[static_cast<std::size_t>(f)]));
      for (std::size_t b = 0; b < bars.size(); ++b) {
        if (group[b] >= 0) continue;
        if (quads_meet(qf, bar_quad(board, bars[b], orientation_of(cells[static_cast<std::size_t>(bars[b])])))) {
          group[b] = group[a];
          groups.back().push_back(bars[b]);
        }
      }
    }
  }
  return groups;
}

std::vector<RasterHole> raster_enclosures(const HexBoard& board, const Cells& cells, bool islands_included) {
  const Raster& r = raster_for(board.radius());
  std::vector<RasterHole> holes;
  if (islands_included) {
    raster_holes(board, r, cells, holes);
  } else {
    for (const auto& members : raster_touch_groups(board, cells)) {
      if (members.size() < 3) continue;  // fewer than three bars cannot surround anything
      Cells view;
      view.fill(kEmpty);
      for (int f : members) view[static_cast<std::size_t>(f)] = cells[static_cast<std::size_t>(f)];
      raster_holes(board, r, view, holes);
    }
  }
  std::sort(holes.begin(), holes.end());
  return holes;
}

std::vector<RasterHole> main_enclosures(const HexBoard& board, const Cells& cells, bool islands_included) {
  EnclosureList list;
  find_enclosures(board, cells, {false, islands_included}, list);
  std::vector<RasterHole> holes;
  for (const Enclosure& e : list) holes.push_back({e.covered, e.pieces});
  std::sort(holes.begin(), holes.end());
  return holes;
}

std::string describe(const HexBoard& board, const Cells& cells, const std::vector<RasterHole>& holes) {
  std::string s;
  for (int f = 0; f < board.fields(); ++f) {
    if (cells[static_cast<std::size_t>(f)] != kEmpty) s += board.name(f) + ":" + std::to_string(cells[static_cast<std::size_t>(f)]) + " ";
  }
  for (const RasterHole& h : holes) {
    s += "\n  hole covers";
    for (int f = 0; f < board.fields(); ++f) if (h.covered.has(f)) s += " " + board.name(f);
    s += "; pieces";
    for (int f = 0; f < board.fields(); ++f) if (h.pieces.has(f)) s += " " + board.name(f);
  }
  return s;
}

// Random bars on random fields, dense enough that most positions hold several enclosures.
Cells random_cells(const HexBoard& board, Rng& rng, int bars) {
  Cells cells;
  cells.fill(kEmpty);
  for (int placed = 0; placed < bars;) {
    const int f = static_cast<int>(rng.below(static_cast<std::uint32_t>(board.fields())));
    if (cells[static_cast<std::size_t>(f)] != kEmpty) continue;
    cells[static_cast<std::size_t>(f)] = static_cast<std::int8_t>(rng.below(6));
    ++placed;
  }
  return cells;
}

TEST(HexabraeRasterAgreement, MainMethodAgreesWithSamplingOnRandomPositions) {
  constexpr int kPositions = arbiter::testing::when_sanitized(600, 10000);
  const auto start = std::chrono::steady_clock::now();
  Rng rng(20261122);
  int with_enclosures = 0, enclosures_checked = 0, fields_checked = 0;
  for (int n = 0; n < kPositions; ++n) {
    const int radius = n % 10 == 9 ? 5 : 2 + n % 3;  // radii 2, 3, 4, and some 5
    const HexBoard& board = HexBoard::of(radius);
    const int bars = 3 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::min(board.fields() - 3, 18))));
    const Cells cells = random_cells(board, rng, bars);
    for (const bool islands : {false, true}) {
      const auto expected = raster_enclosures(board, cells, islands);
      const auto got = main_enclosures(board, cells, islands);
      ASSERT_EQ(got, expected) << "position " << n << " islands=" << islands << "\nmain:" << describe(board, cells, got)
                               << "\nraster:" << describe(board, cells, expected);
      enclosures_checked += static_cast<int>(got.size());
      for (const auto& h : got) fields_checked += h.covered.count();
      with_enclosures += !got.empty() && !islands;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ raster ] %d positions (%d with enclosures), %d enclosures and %d covered fields agree, %.1f s\n",
              kPositions, with_enclosures, enclosures_checked, fields_checked, seconds);
  EXPECT_GT(with_enclosures, kPositions / 4);
}

}  // namespace
}  // namespace arbiter::hexabrae

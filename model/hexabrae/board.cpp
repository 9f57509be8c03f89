#include "model/hexabrae/board.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

namespace arbiter::hexabrae {
namespace {

std::int64_t cross(const LatticePoint& o, const LatticePoint& a, const LatticePoint& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

int sign(std::int64_t v) { return (v > 0) - (v < 0); }

// Closed containment in a counter-clockwise convex polygon.
bool inside_closed(const LatticePoint& p, const std::array<LatticePoint, 4>& poly) {
  for (std::size_t i = 0; i < 4; ++i) {
    if (cross(poly[i], poly[(i + 1) % 4], p) < 0) return false;
  }
  return true;
}

// The open segments cross at one point interior to both (a transversal crossing).
bool cross_properly(const LatticePoint& a, const LatticePoint& b, const LatticePoint& c, const LatticePoint& d) {
  const int s1 = sign(cross(a, b, c)), s2 = sign(cross(a, b, d));
  const int s3 = sign(cross(c, d, a)), s4 = sign(cross(c, d, b));
  return s1 * s2 < 0 && s3 * s4 < 0;
}

bool is_short_side(const std::array<LatticePoint, 4>& rect, const LatticePoint& p, const LatticePoint& q) {
  // Corners are listed V_o, V_{o+1}, V_{o+3}, V_{o+4}: sides 0-1 and 2-3 are the short ones.
  auto same = [&](const LatticePoint& u, const LatticePoint& v) { return (u == p && v == q) || (u == q && v == p); };
  return same(rect[0], rect[1]) || same(rect[2], rect[3]);
}

}  // namespace

std::string_view contact_name(Contact c) {
  switch (c) {
    case Contact::None: return "none";
    case Contact::Corner: return "corner to corner";
    case Contact::ShortSides: return "short side to short side";
    case Contact::Other: return "other";
  }
  return "?";
}

// The intersection of two convex polygons is the convex hull of the corners of each lying in the
// other, unless two sides cross transversally (then the pieces overlap in area).
ContactGeometry classify_contact(const std::array<LatticePoint, 4>& a, const std::array<LatticePoint, 4>& b) {
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = 0; j < 4; ++j) {
      if (cross_properly(a[i], a[(i + 1) % 4], b[j], b[(j + 1) % 4])) return {Contact::Other, {}};
    }
  }
  std::vector<LatticePoint> shared;
  auto add = [&](const LatticePoint& p) {
    if (std::find(shared.begin(), shared.end(), p) == shared.end()) shared.push_back(p);
  };
  for (const LatticePoint& p : a) if (inside_closed(p, b)) add(p);
  for (const LatticePoint& p : b) if (inside_closed(p, a)) add(p);
  if (shared.empty()) return {Contact::None, {}};
  if (shared.size() == 1) {
    const bool corner_of_both = std::find(a.begin(), a.end(), shared[0]) != a.end() &&
                                std::find(b.begin(), b.end(), shared[0]) != b.end();
    return {corner_of_both ? Contact::Corner : Contact::Other, shared[0]};
  }
  if (shared.size() == 2 && is_short_side(a, shared[0], shared[1]) && is_short_side(b, shared[0], shared[1])) {
    return {Contact::ShortSides, {}};
  }
  return {Contact::Other, {}};
}

HexBoard::HexBoard(int radius) : radius_(radius) {
  for (auto& row : index_) row.fill(kNoField);
  for (int q = -radius; q <= radius; ++q) {
    const int r_low = std::max(-radius, -radius - q), r_high = std::min(radius, radius - q);
    for (int r = r_high; r >= r_low; --r) {
      const auto f = static_cast<std::size_t>(fields_++);
      q_[f] = static_cast<std::int8_t>(q);
      r_[f] = static_cast<std::int8_t>(r);
      index_[static_cast<std::size_t>(q + kMaxRadius)][static_cast<std::size_t>(r + kMaxRadius)] =
          static_cast<std::int16_t>(f);
      names_[f] = std::string(1, static_cast<char>('a' + q + radius)) + std::to_string(r_high - r + 1);
    }
  }
  for (int f = 0; f < fields_; ++f) {
    for (int k = 0; k < 6; ++k) {
      neighbour_[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)] = static_cast<std::int16_t>(
          field_at(q(f) + kDirections[static_cast<std::size_t>(k)][0], r(f) + kDirections[static_cast<std::size_t>(k)][1]));
    }
  }
  for (int s = 0; s < kSymmetries; ++s) {
    for (int f = 0; f < fields_; ++f) {
      int fq = q(f), fr = r(f);
      if (s >= 6) std::swap(fq, fr);  // D0 <-> D1
      for (int turn = 0; turn < s % 6; ++turn) {
        const int turned_q = -fr, turned_r = fq + fr;  // D_k -> D_{k+1}
        fq = turned_q;
        fr = turned_r;
      }
      image_[static_cast<std::size_t>(s)][static_cast<std::size_t>(f)] = static_cast<std::int8_t>(field_at(fq, fr));
    }
  }
}

std::string_view symmetry_name(int symmetry) {
  static constexpr std::array<std::string_view, kSymmetries> kNames = {
      "identity",  "turn-60",   "turn-120",  "turn-180",  "turn-240", "turn-300",
      "mirror-60", "mirror-90", "mirror-120", "mirror-150", "mirror-0", "mirror-30"};
  return kNames[static_cast<std::size_t>(symmetry)];
}

const HexBoard& HexBoard::of(int radius) {
  if (radius < kMinRadius || radius > kMaxRadius) throw std::logic_error("hexabrae radius out of range");
  static const auto boards = [] {
    std::array<std::unique_ptr<HexBoard>, kMaxRadius + 1> built;
    for (int n = kMinRadius; n <= kMaxRadius; ++n) built[static_cast<std::size_t>(n)].reset(new HexBoard(n));
    return built;
  }();
  return *boards[static_cast<std::size_t>(radius)];
}

int HexBoard::field_at(int q, int r) const {
  if (std::max({std::abs(q), std::abs(r), std::abs(q + r)}) > radius_) return kNoField;
  return index_[static_cast<std::size_t>(q + kMaxRadius)][static_cast<std::size_t>(r + kMaxRadius)];
}

int HexBoard::parse_field(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'a' + 2 * radius_) return kNoField;
  if (text[1] < '1' || text[1] > '9') return kNoField;
  int number = text[1] - '0';
  if (text.size() == 3) {
    if (text[2] < '0' || text[2] > '9') return kNoField;
    number = number * 10 + (text[2] - '0');
  }
  const int q = text[0] - 'a' - radius_;
  const int r_high = std::min(radius_, radius_ - q), r_low = std::max(-radius_, -radius_ - q);
  const int r = r_high - number + 1;
  if (r < r_low) return kNoField;
  return field_at(q, r);
}

std::array<LatticePoint, 4> HexBoard::bar(int f, int o) const {
  std::array<LatticePoint, 4> corners;
  const auto vertices = bar_corner_vertices(o);
  for (std::size_t i = 0; i < 4; ++i) corners[i] = vertex(f, vertices[i]);
  return corners;
}

const HexBoard::ContactTable& HexBoard::contact_table() {
  static const ContactTable table = [] {
    ContactTable t{};
    const HexBoard& board = of(kMinRadius);
    const int centre = board.field_at(0, 0);
    for (int a = 0; a < 3; ++a) {
      for (int k = 0; k < 6; ++k) {
        const int other = board.neighbour(centre, k);
        for (int b = 0; b < 3; ++b) {
          const ContactGeometry g = classify_contact(board.bar(centre, a), board.bar(other, b));
          t.kind[a][k][b] = g.kind;
          t.vertex[a][k][b] = -1;
          for (int j = 0; j < 6; ++j) {
            if (g.kind == Contact::Corner && board.vertex(centre, j) == g.point) t.vertex[a][k][b] = j;
          }
        }
      }
    }
    return t;
  }();
  return table;
}

}  // namespace arbiter::hexabrae

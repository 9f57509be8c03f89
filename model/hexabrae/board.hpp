#pragma once
// Hexabrae geometry, separate from the rules: the hex-hex board of one radius, field names, the
// exact lattice coordinates of hexagon vertices, the bar rectangles, and the contact relation
// between bars computed from those coordinates (never typed in by hand).
//
// Coordinates. Fields are axial (q, r) with max(|q|, |r|, |q+r|) <= radius. Direction k in 0..5 is
// D0=(1,0) D1=(0,1) D2=(-1,1) D3=(-1,0) D4=(0,-1) D5=(1,-1), counter-clockwise. Hexagons are
// flat-topped: vertex V_j of a field sits at angle 60j degrees from its centre, and edge k (from V_k
// to V_{k+1}) faces the neighbour in direction D_k.
//
// Exactness. A point (x, y) of the plane (hexagon side 1) is stored as integers X = 2x and
// Y = 2y/sqrt(3). Every hexagon vertex and centre has integer (X, Y), and the map is linear, so
// incidence, orientation and intersection tests done on (X, Y) with integer arithmetic are exact.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::hexabrae {

inline constexpr int kMinRadius = 2;
inline constexpr int kMaxRadius = 6;
inline constexpr int kMaxFields = 3 * kMaxRadius * (kMaxRadius + 1) + 1;  // 127
inline constexpr int kNoField = -1;

struct LatticePoint {
  std::int64_t x = 0;  // 2 * x
  std::int64_t y = 0;  // 2 * y / sqrt(3)
  friend bool operator==(const LatticePoint&, const LatticePoint&) = default;
};

inline constexpr std::array<std::array<int, 2>, 6> kDirections = {{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}};
inline constexpr std::array<LatticePoint, 6> kVertexOffsets = {{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}};

// The bar of orientation o (0..2): short sides on edges o and o+3, long axis along +-D_o, corners
// V_o, V_{o+1}, V_{o+3}, V_{o+4} (listed counter-clockwise), vertices V_{o+2} and V_{o+5} left open.
inline constexpr std::array<int, 4> bar_corner_vertices(int o) { return {o, o + 1, o + 3, (o + 4) % 6}; }

// The 12 symmetries of the hex-hex board, identity included: symmetry s < 6 turns the board s times
// by 60 degrees counter-clockwise (direction D_k to D_{k+1}); s >= 6 first reflects it in the line
// through the centre and the direction D0 + D1 (exchanging D0 and D1), then turns it s - 6 times,
// which is the reflection in the line at 60 + 30 (s - 6) degrees from the horizontal.
inline constexpr int kSymmetries = 12;
// A bar of orientation o has its short sides on edges o and o + 3: the reflection sends edge k to
// edge 1 - k, each turn sends edge k to k + 1.
inline constexpr int symmetric_orientation(int symmetry, int orientation) {
  const int reflected = symmetry >= 6 ? (4 - orientation) % 3 : orientation;
  return (reflected + symmetry % 6) % 3;
}
// The name of symmetry s (1..11), as Game::symmetries() lists it and the conformance battery reports it.
std::string_view symmetry_name(int symmetry);

enum class Contact : std::uint8_t {
  None,        // the closed rectangles are disjoint
  Corner,      // they share exactly one point, a corner of each
  ShortSides,  // they share a whole short side of each
  Other,       // anything else (a segment that is not two short sides, or area): never happens
};
std::string_view contact_name(Contact c);

// The exact contact between two bars given as rectangles (corners counter-clockwise).
struct ContactGeometry {
  Contact kind = Contact::None;
  LatticePoint point;  // the shared point for Corner
};
ContactGeometry classify_contact(const std::array<LatticePoint, 4>& a, const std::array<LatticePoint, 4>& b);

class HexBoard {
 public:
  static const HexBoard& of(int radius);  // kMinRadius..kMaxRadius, built once

  int radius() const { return radius_; }
  int fields() const { return fields_; }
  int q(int f) const { return q_[static_cast<std::size_t>(f)]; }
  int r(int f) const { return r_[static_cast<std::size_t>(f)]; }
  int field_at(int q, int r) const;  // kNoField off the board
  // Where symmetry s (0..kSymmetries-1, see above) takes field f.
  int image(int symmetry, int f) const {
    return image_[static_cast<std::size_t>(symmetry)][static_cast<std::size_t>(f)];
  }
  int neighbour(int f, int k) const { return neighbour_[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)]; }
  bool on_rim(int f, int k) const { return neighbour(f, k) == kNoField; }

  // Names: letter = column (q = -radius is 'a'), number = place in the column counted from the top
  // (the top field, largest r, is 1). Fields are indexed column by column in name order.
  const std::string& name(int f) const { return names_[static_cast<std::size_t>(f)]; }
  int parse_field(std::string_view text) const;  // kNoField when not a field of this board

  LatticePoint centre(int f) const { return {3 * q(f), 2 * r(f) + q(f)}; }
  LatticePoint vertex(int f, int j) const {
    const LatticePoint c = centre(f), d = kVertexOffsets[static_cast<std::size_t>(j % 6)];
    return {c.x + d.x, c.y + d.y};
  }
  std::array<LatticePoint, 4> bar(int f, int o) const;

  // Contact between a bar of orientation a and one of orientation b on the neighbour in direction k,
  // computed once from classify_contact. corner_vertex is the index j (of the first field's
  // vertices) of the shared point for Corner contacts.
  static Contact contact(int a, int k, int b) { return contact_table().kind[a][k][b]; }
  static int corner_vertex(int a, int k, int b) { return contact_table().vertex[a][k][b]; }

 private:
  struct ContactTable {
    Contact kind[3][6][3];
    int vertex[3][6][3];
  };
  static const ContactTable& contact_table();
  explicit HexBoard(int radius);
  int radius_ = 0;
  int fields_ = 0;
  std::array<std::int8_t, kMaxFields> q_{}, r_{};
  std::array<std::array<std::int16_t, 6>, kMaxFields> neighbour_{};
  std::array<std::array<std::int8_t, kMaxFields>, kSymmetries> image_{};
  std::array<std::array<std::int16_t, 2 * kMaxRadius + 1>, 2 * kMaxRadius + 1> index_{};
  std::array<std::string, kMaxFields> names_{};
};

}  // namespace arbiter::hexabrae

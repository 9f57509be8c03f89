#pragma once
// Enclosures: the regions of the plane sealed off by bars, found on a discrete model of the free
// space (the main method; the tests check it against a fine sampling of the plane).
//
// Free-space model. An empty field is one region with its 6 edge slots open. A field holding a bar
// of orientation o is cut into two open apex triangles: the one at V_{o+2} owns edge slots o+1 and
// o+2, the one at V_{o+5} owns slots o+4 and o+5; slots o and o+3 are the bar's short sides and are
// shut. Slot k of a field links to slot k+3 of the neighbour D_k when both are open; an open slot on
// the board's rim leads outside. Regions meeting only at a vertex need no link: a vertex that is no
// bar's corner leaves all three edges around it open, and a corner closes the point itself.
#include <array>
#include <cstdint>

#include "model/hexabrae/board.hpp"

namespace arbiter::hexabrae {

inline constexpr int kMaxEnclosures = 64;
inline constexpr std::int8_t kEmpty = -1;
// A field's area in apex triangles: a bar's two apex triangles are a sixth of its field each.
inline constexpr int kFieldArea = 6;

// One field's content: kEmpty or colour * 3 + orientation (colour 0 White, 1 Black).
using Cells = std::array<std::int8_t, kMaxFields>;
inline int colour_of(std::int8_t cell) { return cell / 3; }
inline int orientation_of(std::int8_t cell) { return cell % 3; }
inline std::int8_t piece(int colour, int orientation) { return static_cast<std::int8_t>(colour * 3 + orientation); }

// FieldSet and Enclosure have no member initialisers: every move builds an EnclosureList of 64
// of them (10 KB) and zeroing it cost more than the search it serves. Create them with `{}`.
struct FieldSet {
  std::array<std::uint64_t, 2> bits;
  void add(int f) { bits[static_cast<std::size_t>(f >> 6)] |= std::uint64_t{1} << (f & 63); }
  bool has(int f) const { return (bits[static_cast<std::size_t>(f >> 6)] >> (f & 63)) & 1; }
  int count() const { return __builtin_popcountll(bits[0]) + __builtin_popcountll(bits[1]); }
  friend bool operator==(const FieldSet&, const FieldSet&) = default;
};

// A set of free-space nodes, numbered 2 * field + part as in the model above. Create with `{}`.
struct NodeSet {
  std::array<std::uint64_t, (2 * kMaxFields + 63) / 64> bits;
  void add(int node) { bits[static_cast<std::size_t>(node >> 6)] |= std::uint64_t{1} << (node & 63); }
  bool has(int node) const { return (bits[static_cast<std::size_t>(node >> 6)] >> (node & 63)) & 1; }
};

struct Enclosure {
  std::array<std::uint8_t, kMaxFields> open_slots;    // per field: the edge slots inside the region
  FieldSet covered;                                   // fields with (part of) the region
  FieldSet pieces;                                    // fields of the bars that make it up
  std::array<int, 2> pieces_of;                       // bars per colour
  int area = 0;                                       // in apex triangles: a field is 6
  bool size_by_area = false;                          // H-13 enclosure-size=area
  // "(parts of) 3 fields": 3 fields touched, or (H-13 area) the area of 3 whole fields.
  bool has_enough_fields() const { return size_by_area ? area >= 3 * kFieldArea : covered.count() >= 3; }
  bool has_both_colours() const { return pieces_of[0] > 0 && pieces_of[1] > 0; }
  bool valid() const { return has_enough_fields() && has_both_colours(); }
  int majority() const { return pieces_of[0] == pieces_of[1] ? -1 : (pieces_of[0] > pieces_of[1] ? 0 : 1); }
  bool same_region(const Enclosure& other) const { return open_slots == other.open_slots; }
};

struct EnclosureList {
  int size = 0;
  std::array<Enclosure, kMaxEnclosures> items;
  const Enclosure* begin() const { return items.data(); }
  const Enclosure* end() const { return items.data() + size; }
};

struct EnclosureRules {
  bool rim_is_wall = false;        // H-1: the rim may close a region together with bars
  bool islands_included = false;   // H-8: bars lying inside a region count among its pieces
  bool spurs_excluded = false;     // H-8b: bars whose sides face this region only do not count
  bool size_by_area = false;       // H-13: '3 fields' measured as area
};

// Every enclosure of the position (valid or not), in a deterministic order. With the rim not a
// wall, `sealed` (when given) tells whether the free space of the whole position, every bar
// counted, has a region that does not reach the rim; with the rim a wall it is left alone.
void find_enclosures(const HexBoard& board, const Cells& cells, EnclosureRules rules, EnclosureList& out,
                     bool* sealed = nullptr);

// For a position `after` that differs from one with no sealed region (as above) only in the
// fields `changed` (kNoField entries ignored): whether it still has none. Exact, and cheap
// because only regions through a changed field or a field next to one can be new: a region away
// from them has the same nodes and links before and after, so it reached the rim before.
bool still_unsealed(const HexBoard& board, const Cells& after, const std::array<int, 2>& changed);

// The free space of one position as a graph with the outside as one more node, searched depth
// first from the outside (Tarjan's cut vertices). Most moves put a bar on an empty field and, for
// a slide, empty another field, which only adds links; removing the empty field's node leaves
// every node linked to the outside but those in the subtrees it cuts off, and the bar's two parts
// may link those back. So one search answers still_unsealed's question for most moves of a
// position.
class RimCuts {
 public:
  RimCuts(const HexBoard& board, const Cells& cells);
  // For a move that puts a bar on the field `placed`, empty in the constructor's cells, and
  // empties the field `vacated` (kNoField: none), `after` being the cells after it: true only if
  // still_unsealed(board, after, {vacated, placed}) is true; false when the search does not tell.
  bool surely_unsealed(const Cells& after, int vacated, int placed) const;

 private:
  // For a node of the constructor's cells with `hub` removed: bit 0 if it is linked to the
  // outside, bit 1 + i if it lies in the subtree of separated[i] (cut off), none if not known.
  unsigned side_without(int node, int hub, const std::array<int, 6>& separated, int separated_count) const;
  const HexBoard* board_;
  const Cells* cells_;
  NodeSet reached_{};  // linked to the outside; the arrays below are set for these nodes only
  NodeSet cuts_{};     // removing the node cuts some others off from the outside
  std::array<std::int16_t, 2 * kMaxFields> found_at_, low_, finished_at_, parent_;
  std::array<bool, kMaxFields> neighbours_reached_{};  // every node of every neighbour of the field
  // Bit k: the field's slot k leads out of the board or into a node (found) of the neighbour D_k.
  std::array<std::uint8_t, kMaxFields> links_out_{};
};

// Touch-components of the bars: bars touching (corner or short side) belong to one component.
// component[f] is a small id per occupied field (-1 for empty fields); returns the count.
int touch_components(const HexBoard& board, const Cells& cells, std::array<std::int8_t, kMaxFields>& component);

}  // namespace arbiter::hexabrae

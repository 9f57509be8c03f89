#include "model/hexabrae/enclosures.hpp"

#include <algorithm>
#include <stdexcept>

namespace arbiter::hexabrae {
namespace {

// Which part of a field owns edge slot k: 0 (the whole empty field, or the apex triangle at
// V_{o+2}), 1 (the apex triangle at V_{o+5}), or -1 when a short side shuts the slot.
constexpr std::array<std::array<std::int8_t, 6>, 7> kSlotPart = [] {
  std::array<std::array<std::int8_t, 6>, 7> table{};
  for (int cell = -1; cell < 6; ++cell) {
    for (int k = 0; k < 6; ++k) {
      const int d = (k - cell % 3 + 6) % 6;
      table[static_cast<std::size_t>(cell + 1)][static_cast<std::size_t>(k)] =
          static_cast<std::int8_t>(cell < 0 ? 0 : (d == 0 || d == 3) ? -1 : d < 3 ? 0 : 1);
    }
  }
  return table;
}();

int slot_part(std::int8_t cell, int k) {
  return kSlotPart[static_cast<std::size_t>(cell + 1)][static_cast<std::size_t>(k)];
}

// The part of a neighbouring field, whose cell is `neighbour`, that slot k of a field faces (the
// neighbour's slot opposite k), or -1.
int part_across(std::int8_t neighbour, int k) { return slot_part(neighbour, k < 3 ? k + 3 : k - 3); }

// The slots a part owns, as a mask (bit k: slot k), for the walks that visit every node's links.
constexpr std::array<std::array<std::uint8_t, 2>, 7> kOwnedSlots = [] {
  std::array<std::array<std::uint8_t, 2>, 7> table{};
  for (std::size_t cell = 0; cell < kSlotPart.size(); ++cell) {
    for (int k = 0; k < 6; ++k) {
      const int part = kSlotPart[cell][static_cast<std::size_t>(k)];
      if (part >= 0) table[cell][static_cast<std::size_t>(part)] |= static_cast<std::uint8_t>(1u << k);
    }
  }
  return table;
}();

unsigned owned_slots(std::int8_t cell, int part) {
  return kOwnedSlots[static_cast<std::size_t>(cell + 1)][static_cast<std::size_t>(part)];
}

int region_area(std::int8_t cell) { return cell == kEmpty ? kFieldArea : 1; }  // in apex triangles

struct Regions {
  std::array<std::int16_t, 2 * kMaxFields> label;  // per node 2f+part, -1 = no such node
  int count = 0;
  std::array<int, 2 * kMaxFields> area{};
  std::array<bool, 2 * kMaxFields> touches_rim{};
};

void label_regions(const HexBoard& board, const Cells& cells, Regions& out) {
  out.label.fill(-1);
  out.count = 0;
  std::array<std::int16_t, 2 * kMaxFields> stack;
  for (int f = 0; f < board.fields(); ++f) {
    const int parts = cells[static_cast<std::size_t>(f)] == kEmpty ? 1 : 2;
    for (int part = 0; part < parts; ++part) {
      if (out.label[static_cast<std::size_t>(2 * f + part)] >= 0) continue;
      const int region = out.count++;
      out.area[static_cast<std::size_t>(region)] = 0;
      out.touches_rim[static_cast<std::size_t>(region)] = false;
      int top = 0;
      stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(2 * f + part);
      out.label[static_cast<std::size_t>(2 * f + part)] = static_cast<std::int16_t>(region);
      while (top > 0) {
        const int node = stack[static_cast<std::size_t>(--top)];
        const int field = node / 2, node_part = node % 2;
        const std::int8_t cell = cells[static_cast<std::size_t>(field)];
        out.area[static_cast<std::size_t>(region)] += region_area(cell);
        for (int k = 0; k < 6; ++k) {
          if (slot_part(cell, k) != node_part) continue;
          const int other = board.neighbour(field, k);
          if (other == kNoField) {
            out.touches_rim[static_cast<std::size_t>(region)] = true;
            continue;
          }
          const int other_part = part_across(cells[static_cast<std::size_t>(other)], k);
          if (other_part < 0) continue;
          const auto next = static_cast<std::size_t>(2 * other + other_part);
          if (out.label[next] >= 0) continue;
          out.label[next] = static_cast<std::int16_t>(region);
          stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(next);
        }
      }
    }
  }
}

// Which regions are enclosed: those not reaching the rim; with the rim as a wall, also every
// rim-touching region but the largest (by area; all of the largest when several tie). Returns
// whether any is.
bool enclosed_regions(const Regions& regions, bool rim_is_wall, std::array<bool, 2 * kMaxFields>& enclosed) {
  int largest_rim_area = 0;
  for (int g = 0; g < regions.count; ++g) {
    if (regions.touches_rim[static_cast<std::size_t>(g)]) {
      largest_rim_area = std::max(largest_rim_area, regions.area[static_cast<std::size_t>(g)]);
    }
  }
  bool any = false;
  for (int g = 0; g < regions.count; ++g) {
    const auto i = static_cast<std::size_t>(g);
    enclosed[i] = !regions.touches_rim[i] || (rim_is_wall && regions.area[i] < largest_rim_area);
    any |= enclosed[i];
  }
  return any;
}

// Appends the enclosed regions of `view` (the bars considered) to out; colours come from view.
void emit_enclosures(const HexBoard& board, const Cells& view, const Regions& regions,
                     const std::array<bool, 2 * kMaxFields>& enclosed, bool size_by_area, EnclosureList& out) {
  std::array<int, 2 * kMaxFields> slot_in_list;
  slot_in_list.fill(-1);
  for (int f = 0; f < board.fields(); ++f) {
    const std::int8_t cell = view[static_cast<std::size_t>(f)];
    const int parts = cell == kEmpty ? 1 : 2;
    for (int part = 0; part < parts; ++part) {
      const int region = regions.label[static_cast<std::size_t>(2 * f + part)];
      if (!enclosed[static_cast<std::size_t>(region)]) continue;
      int& index = slot_in_list[static_cast<std::size_t>(region)];
      if (index < 0) {
        if (out.size == kMaxEnclosures) throw std::logic_error("hexabrae: more enclosures than kMaxEnclosures");
        index = out.size++;
        out.items[static_cast<std::size_t>(index)] = Enclosure{};
        out.items[static_cast<std::size_t>(index)].area = regions.area[static_cast<std::size_t>(region)];
        out.items[static_cast<std::size_t>(index)].size_by_area = size_by_area;
      }
      Enclosure& e = out.items[static_cast<std::size_t>(index)];
      auto add_piece = [&](int field) {
        if (e.pieces.has(field)) return;
        e.pieces.add(field);
        ++e.pieces_of[static_cast<std::size_t>(colour_of(view[static_cast<std::size_t>(field)]))];
      };
      e.covered.add(f);
      if (cell != kEmpty) add_piece(f);  // a long side borders this apex triangle
      for (int k = 0; k < 6; ++k) {
        if (slot_part(cell, k) != part) continue;
        e.open_slots[static_cast<std::size_t>(f)] |= static_cast<std::uint8_t>(1u << k);
        const int other = board.neighbour(f, k);
        if (other != kNoField && part_across(view[static_cast<std::size_t>(other)], k) < 0) {
          add_piece(other);  // a short side faces this open slot
        }
      }
    }
  }
}

// A spur: a bar every side of which faces the one region (its apex triangles and whatever lies
// beyond its short sides), so that it separates that region from nothing.
bool is_spur(const HexBoard& board, const Cells& view, const Regions& regions, int f, int region) {
  const int o = orientation_of(view[static_cast<std::size_t>(f)]);
  for (int part = 0; part < 2; ++part) {
    if (regions.label[static_cast<std::size_t>(2 * f + part)] != region) return false;
  }
  for (const int k : {o, o + 3}) {
    const int other = board.neighbour(f, k);
    if (other == kNoField) return false;  // faces the outside
    const int part = part_across(view[static_cast<std::size_t>(other)], k);
    if (part >= 0 && regions.label[static_cast<std::size_t>(2 * other + part)] != region) return false;
  }
  return true;
}

void add_enclosures_of_view(const HexBoard& board, const Cells& view, EnclosureRules rules, EnclosureList& out) {
  Regions regions;
  label_regions(board, view, regions);
  std::array<bool, 2 * kMaxFields> enclosed;
  if (!enclosed_regions(regions, rules.rim_is_wall, enclosed)) return;
  const int first = out.size;
  emit_enclosures(board, view, regions, enclosed, rules.size_by_area, out);
  if (!rules.spurs_excluded) return;
  for (int i = first; i < out.size; ++i) {
    Enclosure& e = out.items[static_cast<std::size_t>(i)];
    int region = -1;
    for (int f = 0; f < board.fields() && region < 0; ++f) {
      if (e.open_slots[static_cast<std::size_t>(f)] == 0) continue;
      const std::int8_t cell = view[static_cast<std::size_t>(f)];
      for (int k = 0; k < 6; ++k) {
        if (e.open_slots[static_cast<std::size_t>(f)] >> k & 1) {
          region = regions.label[static_cast<std::size_t>(2 * f + std::max(0, slot_part(cell, k)))];
          break;
        }
      }
    }
    FieldSet kept{};
    std::array<int, 2> kept_of{};
    for (int f = 0; f < board.fields(); ++f) {
      if (!e.pieces.has(f) || is_spur(board, view, regions, f, region)) continue;
      kept.add(f);
      ++kept_of[static_cast<std::size_t>(colour_of(view[static_cast<std::size_t>(f)]))];
    }
    e.pieces = kept;
    e.pieces_of = kept_of;
  }
}

Cells only_component(const Cells& cells, const std::array<std::int8_t, kMaxFields>& component, int which) {
  Cells view;
  view.fill(kEmpty);
  for (std::size_t f = 0; f < cells.size(); ++f) {
    if (component[f] == which) view[f] = cells[f];
  }
  return view;
}

}  // namespace

int touch_components(const HexBoard& board, const Cells& cells, std::array<std::int8_t, kMaxFields>& component) {
  component.fill(-1);
  int count = 0;
  std::array<std::int16_t, kMaxFields> stack;
  for (int f = 0; f < board.fields(); ++f) {
    if (cells[static_cast<std::size_t>(f)] == kEmpty || component[static_cast<std::size_t>(f)] >= 0) continue;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(f);
    component[static_cast<std::size_t>(f)] = static_cast<std::int8_t>(count);
    while (top > 0) {
      const int here = stack[static_cast<std::size_t>(--top)];
      const int a = orientation_of(cells[static_cast<std::size_t>(here)]);
      for (int k = 0; k < 6; ++k) {
        const int other = board.neighbour(here, k);
        if (other == kNoField || cells[static_cast<std::size_t>(other)] == kEmpty ||
            component[static_cast<std::size_t>(other)] >= 0) {
          continue;
        }
        if (HexBoard::contact(a, k, orientation_of(cells[static_cast<std::size_t>(other)])) == Contact::None) continue;
        component[static_cast<std::size_t>(other)] = static_cast<std::int8_t>(count);
        stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(other);
      }
    }
    ++count;
  }
  return count;
}

// A region belongs to the ring of bars around it (H-8 default): enclosures are computed for each
// touch-component alone, so bars lying loose inside do not split or join it. A region enclosed by
// a component alone always contains free space of the full position that the component borders,
// so components bordering no enclosed region of the full position can be skipped. And when every
// enclosed region of the full position is bordered by one component only, there are no loose bars
// inside any of them and those regions are exactly the components' own (removing bars that do not
// border a region cannot link anything to it), so the per-component work is needed only when some
// region is bordered by two components.
void find_enclosures(const HexBoard& board, const Cells& cells, EnclosureRules rules, EnclosureList& out,
                     bool* sealed) {
  out.size = 0;
  if (rules.islands_included) {
    add_enclosures_of_view(board, cells, rules, out);
    if (sealed != nullptr && !rules.rim_is_wall) *sealed = out.size > 0;
    return;
  }
  EnclosureRules bordering = rules;  // the first pass needs every bordering bar, spurs included
  bordering.spurs_excluded = false;
  if (!rules.rim_is_wall) {
    add_enclosures_of_view(board, cells, bordering, out);
    if (sealed != nullptr) *sealed = out.size > 0;
    if (out.size == 0) return;
  }
  std::array<std::int8_t, kMaxFields> component;
  const int components = touch_components(board, cells, component);
  std::array<bool, kMaxFields> wanted{};
  if (rules.rim_is_wall) {
    for (int c = 0; c < components; ++c) wanted[static_cast<std::size_t>(c)] = true;
  } else {
    bool shared = false;
    for (const Enclosure& e : out) {
      int first = -1;
      for (int f = 0; f < board.fields(); ++f) {
        if (!e.pieces.has(f)) continue;
        const int c = component[static_cast<std::size_t>(f)];
        wanted[static_cast<std::size_t>(c)] = true;
        if (first < 0) first = c;
        shared |= c != first;
      }
    }
    if (!shared) {
      if (rules.spurs_excluded) {
        out.size = 0;
        add_enclosures_of_view(board, cells, rules, out);
      }
      return;
    }
    out.size = 0;
  }
  for (int c = 0; c < components; ++c) {
    if (wanted[static_cast<std::size_t>(c)]) add_enclosures_of_view(board, only_component(cells, component, c), rules, out);
  }
}

// A depth-first walk from each node of the changed fields and their neighbours, stopping at the
// rim or at a node already known to reach it; nodes are numbered 2 * field + part as in
// label_regions.
bool still_unsealed(const HexBoard& board, const Cells& after, const std::array<int, 2>& changed) {
  // Bit sets: clearing two arrays of bools took a fifth of this function's time in a solve.
  NodeSet reaches_rim{}, seen{};
  std::array<std::int16_t, 2 * kMaxFields> stack;
  std::array<std::int16_t, 2 * kMaxFields> visited;
  auto walk_reaches_rim = [&](int start) {
    int top = 0, count = 0;
    stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(start);
    visited[static_cast<std::size_t>(count++)] = static_cast<std::int16_t>(start);
    seen.add(start);
    bool reached = false;
    while (top > 0 && !reached) {
      const int node = stack[static_cast<std::size_t>(--top)];
      const int field = node / 2, part = node % 2;
      const std::int8_t cell = after[static_cast<std::size_t>(field)];
      for (int k = 0; k < 6 && !reached; ++k) {
        if (slot_part(cell, k) != part) continue;
        const int other = board.neighbour(field, k);
        if (other == kNoField) {
          reached = true;
          break;
        }
        const int other_part = part_across(after[static_cast<std::size_t>(other)], k);
        if (other_part < 0) continue;
        const int next = 2 * other + other_part;
        if (reaches_rim.has(next)) {
          reached = true;
        } else if (!seen.has(next)) {
          seen.add(next);
          visited[static_cast<std::size_t>(count++)] = static_cast<std::int16_t>(next);
          stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(next);
        }
      }
    }
    // Every node seen is linked to the start, so it shares the start's region.
    if (reached) {
      for (int i = 0; i < count; ++i) reaches_rim.add(visited[static_cast<std::size_t>(i)]);
    }
    return reached;
  };
  for (const int centre : changed) {
    if (centre == kNoField) continue;
    for (int k = -1; k < 6; ++k) {
      const int f = k < 0 ? centre : board.neighbour(centre, k);
      if (f == kNoField) continue;
      const int parts = after[static_cast<std::size_t>(f)] == kEmpty ? 1 : 2;
      for (int part = 0; part < parts; ++part) {
        if (reaches_rim.has(2 * f + part)) continue;
        if (!walk_reaches_rim(2 * f + part)) return false;
      }
    }
  }
  return true;
}

// Tarjan's depth-first search from the outside, whose edges are the open rim slots. Nodes are
// numbered 2 * field + part; a pair of nodes shares at most one edge (one pair of slots), so the
// edge back to the parent is recognised by the parent's number. Times start at 1: the outside is
// found at 0.
RimCuts::RimCuts(const HexBoard& board, const Cells& cells) : board_(&board), cells_(&cells) {
  constexpr int kOutside = -1;
  struct Frame {
    std::int16_t node;
    std::uint8_t slots_left;  // owned slots not looked at yet
  };
  std::array<Frame, 2 * kMaxFields> stack;
  int top = 0;
  std::int16_t clock = 0;
  auto discover = [&](int node, int parent) {
    const auto u = static_cast<std::size_t>(node);
    reached_.add(node);
    found_at_[u] = low_[u] = ++clock;
    parent_[u] = static_cast<std::int16_t>(parent);
    stack[static_cast<std::size_t>(top++)] = {static_cast<std::int16_t>(node),
                                              static_cast<std::uint8_t>(owned_slots(cells[static_cast<std::size_t>(node / 2)], node % 2))};
  };
  for (int f = 0; f < board.fields(); ++f) {
    for (int k = 0; k < 6; ++k) {
      const int part = slot_part(cells[static_cast<std::size_t>(f)], k);
      if (part < 0 || board.neighbour(f, k) != kNoField || reached_.has(2 * f + part)) continue;
      discover(2 * f + part, kOutside);
      while (top > 0) {
        Frame& frame = stack[static_cast<std::size_t>(top - 1)];
        const int node = frame.node, field = node / 2;
        const auto u = static_cast<std::size_t>(node);
        // The node's links in turn, up to the first that leads to a node not found yet.
        unsigned slots = frame.slots_left;
        int next = -1;
        while (slots != 0 && next < 0) {
          const int slot = __builtin_ctz(slots);
          slots &= slots - 1;
          const int other = board.neighbour(field, slot);
          if (other == kNoField) {
            low_[u] = 0;  // an edge to the outside
            continue;
          }
          const int other_part = part_across(cells[static_cast<std::size_t>(other)], slot);
          if (other_part < 0) continue;
          const int linked = 2 * other + other_part;
          if (!reached_.has(linked)) {
            next = linked;
          } else if (linked != parent_[u]) {
            low_[u] = std::min(low_[u], found_at_[static_cast<std::size_t>(linked)]);
          }
        }
        frame.slots_left = static_cast<std::uint8_t>(slots);
        if (next >= 0) {
          discover(next, node);
          continue;
        }
        --top;
        finished_at_[u] = clock;
        const int parent = parent_[u];
        if (parent == kOutside) continue;
        low_[static_cast<std::size_t>(parent)] = std::min(low_[static_cast<std::size_t>(parent)], low_[u]);
        if (low_[u] >= found_at_[static_cast<std::size_t>(parent)]) cuts_.add(parent);
      }
    }
  }
  for (int f = 0; f < board.fields(); ++f) {
    bool all = true;
    unsigned links = 0;
    for (int k = 0; k < 6; ++k) {
      const int other = board.neighbour(f, k);
      if (other == kNoField) {
        links |= 1u << k;
        continue;
      }
      const std::int8_t cell = cells[static_cast<std::size_t>(other)];
      all = all && reached_.has(2 * other) && (cell == kEmpty || reached_.has(2 * other + 1));
      const int other_part = part_across(cell, k);
      if (other_part >= 0 && reached_.has(2 * other + other_part)) links |= 1u << k;
    }
    neighbours_reached_[static_cast<std::size_t>(f)] = all;
    links_out_[static_cast<std::size_t>(f)] = static_cast<std::uint8_t>(links);
  }
}

unsigned RimCuts::side_without(int node, int hub, const std::array<int, 6>& separated, int separated_count) const {
  if (!reached_.has(node) || node == hub) return 0;
  if (separated_count == 0) return 1;
  const int found = found_at_[static_cast<std::size_t>(node)];
  for (int i = 0; i < separated_count; ++i) {
    const auto root = static_cast<std::size_t>(separated[static_cast<std::size_t>(i)]);
    if (found_at_[root] <= found && found <= finished_at_[root]) return 2u << i;
  }
  return 1;
}

// The nodes still_unsealed starts from are those of the two fields and their neighbours. Removing
// the empty field's node (the hub) from the free space before the move leaves each node found
// linked to the outside, or cut off in the subtree of a child of the hub with no edge above the
// hub. Emptying `vacated` only adds links (its empty field has every slot its two parts had, so it
// joins whatever they were linked to), and the bar's parts join what their slots lead to. If the
// joins link every cut-off subtree, the vacated field and both parts to the outside, every node
// found before is linked to it after: in particular the neighbours, if they were found.
bool RimCuts::surely_unsealed(const Cells& after, int vacated, int placed) const {
  const HexBoard& board = *board_;
  const Cells& cells = *cells_;
  const bool all_found = neighbours_reached_[static_cast<std::size_t>(placed)] &&
                         (vacated == kNoField || neighbours_reached_[static_cast<std::size_t>(vacated)]);
  for (const int centre : {placed, vacated}) {
    if (all_found || centre == kNoField) continue;
    for (int k = 0; k < 6; ++k) {
      const int f = board.neighbour(centre, k);
      if (f == kNoField || f == placed || f == vacated) continue;
      if (!reached_.has(2 * f) || (cells[static_cast<std::size_t>(f)] != kEmpty && !reached_.has(2 * f + 1))) return false;
    }
  }
  const int hub = 2 * placed;
  if (all_found && !cuts_.has(hub)) {
    // Nothing is cut off: each part needs one slot out, and the vacated field one node found (its
    // empty field then leads wherever that node did).
    unsigned links = links_out_[static_cast<std::size_t>(placed)];
    if (vacated != kNoField) {
      if (!reached_.has(2 * vacated) && !reached_.has(2 * vacated + 1)) return false;
      for (int k = 0; k < 6; ++k) {
        if (board.neighbour(placed, k) == vacated) links |= 1u << k;
      }
    }
    const std::int8_t bar = after[static_cast<std::size_t>(placed)];
    return (links & owned_slots(bar, 0)) != 0 && (links & owned_slots(bar, 1)) != 0;
  }
  std::array<int, 6> separated{};
  int separated_count = 0;
  for (int k = 0; k < 6 && cuts_.has(hub); ++k) {
    const int other = board.neighbour(placed, k);
    if (other == kNoField) continue;
    const int other_part = part_across(cells[static_cast<std::size_t>(other)], k);
    if (other_part < 0) continue;
    const auto child = static_cast<std::size_t>(2 * other + other_part);
    if (parent_[child] == hub && low_[child] >= found_at_[static_cast<std::size_t>(hub)]) {
      separated[static_cast<std::size_t>(separated_count++)] = 2 * other + other_part;
    }
  }
  const auto side = [&](int node) { return side_without(node, hub, separated, separated_count); };
  const unsigned vacated_links = vacated == kNoField ? 0 : side(2 * vacated) | side(2 * vacated + 1);
  std::array<unsigned, 2> part_links{};
  const std::int8_t bar = after[static_cast<std::size_t>(placed)];
  for (int k = 0; k < 6; ++k) {
    const int part = slot_part(bar, k);
    if (part < 0) continue;
    const int other = board.neighbour(placed, k);
    if (other == kNoField) {
      part_links[static_cast<std::size_t>(part)] |= 1;
      continue;
    }
    const int other_part = part_across(after[static_cast<std::size_t>(other)], k);
    if (other_part < 0) continue;
    part_links[static_cast<std::size_t>(part)] |= other == vacated ? vacated_links : side(2 * other + other_part);
  }
  unsigned joined = 1;
  for (bool grew = true; grew;) {
    grew = false;
    for (const unsigned links : {part_links[0], part_links[1], vacated_links}) {
      if ((links & joined) != 0 && (links | joined) != joined) {
        joined |= links;
        grew = true;
      }
    }
  }
  const unsigned every_side = (2u << separated_count) - 1;
  return joined == every_side && (part_links[0] & joined) != 0 && (part_links[1] & joined) != 0 &&
         (vacated == kNoField || (vacated_links & joined) != 0);
}

}  // namespace arbiter::hexabrae

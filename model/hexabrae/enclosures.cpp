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
          const int other_part = slot_part(cells[static_cast<std::size_t>(other)], (k + 3) % 6);
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
        if (other != kNoField && slot_part(view[static_cast<std::size_t>(other)], (k + 3) % 6) < 0) {
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
    const int part = slot_part(view[static_cast<std::size_t>(other)], (k + 3) % 6);
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
        const int other_part = slot_part(after[static_cast<std::size_t>(other)], (k + 3) % 6);
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

}  // namespace arbiter::hexabrae

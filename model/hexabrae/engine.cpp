// The Hexabrae turn (seed 004): place, or move and/or rotate one own piece; immobilization; the
// end by enclosure; passes, repetition and the ply cap (rulings H-5, H-6).
#include <algorithm>

#include "model/core/zobrist.hpp"
#include "model/hexabrae/engine.hpp"

namespace arbiter::hexabrae {
namespace {

constexpr int kMaxLegalMoves = 4096;

const std::array<std::array<std::uint64_t, 6>, kMaxFields>& zobrist_keys() {
  static const auto keys = [] {
    std::array<std::array<std::uint64_t, 6>, kMaxFields> k{};
    std::uint64_t seed = 0x48657861627261ULL;  // "Hexabra"
    for (auto& field : k) {
      for (auto& key : field) key = splitmix_next(seed);
    }
    return k;
  }();
  return keys;
}
constexpr std::uint64_t kBlackToMoveKey = 0x9D39247E33776D41ULL;

std::uint64_t cell_key(int field, std::int8_t cell) {
  return cell == kEmpty ? 0 : zobrist_keys()[static_cast<std::size_t>(field)][static_cast<std::size_t>(cell)];
}

}  // namespace

// The ply is keyed because of the ply cap; the positions since the last placement because of the
// repetition rule, when it is on (their multiset: only how often a position occurred matters).
std::uint64_t HexabraeState::key() const {
  const Position& p = position_;
  std::uint64_t history = 0;
  if (rules_.repetition_draws) {
    for (int i = 0; i < p.history_size; ++i) history += mix64(p.history[static_cast<std::size_t>(i)]);
  }
  return key_with(p.hash, history);
}

std::uint64_t HexabraeState::key_with(std::uint64_t hash, std::uint64_t history_digest) const {
  const Position& p = position_;
  const std::uint64_t counters = static_cast<std::uint64_t>(p.passes) | static_cast<std::uint64_t>(p.outcome.kind) << 8 |
                                 static_cast<std::uint64_t>(p.outcome.winner + 1) << 12;
  return hash ^ zobrist_scalar(1, static_cast<std::uint64_t>(p.ply)) ^ zobrist_scalar(4, counters) ^
         zobrist_scalar(5, history_digest);
}

// Calls visit(i, hashes) for each position i since the last placement, the current one first and
// then back to the oldest while visit returns true, where hashes[s] is the position_hash of its
// image under symmetry s. The earlier positions are found by undoing the recorded changes, so no
// image is built.
template <class Visit>
void HexabraeState::for_each_image_since_placement(Visit&& visit) const {
  const Position& p = position_;
  std::array<std::uint64_t, kSymmetries> hashes{};
  const std::uint64_t side_key = p.side == 1 ? kBlackToMoveKey : 0;
  hashes.fill(side_key);
  for (int f = 0; f < board_->fields(); ++f) {
    const std::int8_t cell = p.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty) continue;
    for (int s = 0; s < kSymmetries; ++s) {
      hashes[static_cast<std::size_t>(s)] ^=
          cell_key(board_->image(s, f), piece(colour_of(cell), symmetric_orientation(s, orientation_of(cell))));
    }
  }
  if (!visit(p.history_size - 1, hashes)) return;
  Cells cells = p.cells;
  for (int i = p.history_size - 2; i >= 0; --i) {
    const std::uint32_t code = p.changes[static_cast<std::size_t>(i)];
    if (code != kPassChange) {
      const Change c = decode_change(code);
      // The piece keeps its colour (under pieces=any it may be the opponent's).
      const int colour = colour_of(cells[static_cast<std::size_t>(c.to)]);
      cells[static_cast<std::size_t>(c.to)] = kEmpty;
      cells[static_cast<std::size_t>(c.from)] = piece(colour, c.from_orientation);
      for (int s = 0; s < kSymmetries; ++s) {
        hashes[static_cast<std::size_t>(s)] ^= cell_key(board_->image(s, c.to), piece(colour, symmetric_orientation(s, c.to_orientation))) ^
                                               cell_key(board_->image(s, c.from), piece(colour, symmetric_orientation(s, c.from_orientation)));
      }
    }
    for (std::uint64_t& h : hashes) h ^= kBlackToMoveKey;
    if (!visit(i, hashes)) return;
  }
}

// The smallest key among the 12 images (identity included), with the repetition history's images
// when the repetition rule is on.
std::uint64_t HexabraeState::canonical_key() const {
  std::array<std::uint64_t, kSymmetries> current{}, history{};
  const bool keyed_history = rules_.repetition_draws;
  for_each_image_since_placement([&](int i, const std::array<std::uint64_t, kSymmetries>& hashes) {
    if (i == position_.history_size - 1) current = hashes;
    if (!keyed_history) return false;  // only the current position is keyed
    for (std::size_t s = 0; s < hashes.size(); ++s) history[s] += mix64(hashes[s]);
    return true;
  });
  std::uint64_t smallest = key_with(current[0], history[0]);
  for (std::size_t s = 1; s < current.size(); ++s) smallest = std::min(smallest, key_with(current[s], history[s]));
  return smallest;
}

std::unique_ptr<State> HexabraeState::symmetric_image(int symmetry) const {
  const Position& p = position_;
  Position image = p;  // side, counters and result as they are; the board and its history mapped
  image.cells.fill(kEmpty);
  for (int f = 0; f < board_->fields(); ++f) {
    const std::int8_t cell = p.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty) continue;
    image.cells[static_cast<std::size_t>(board_->image(symmetry, f))] =
        piece(colour_of(cell), symmetric_orientation(symmetry, orientation_of(cell)));
  }
  for (int i = 0; i + 1 < p.history_size; ++i) {
    const std::uint32_t code = p.changes[static_cast<std::size_t>(i)];
    if (code == kPassChange) {
      image.changes[static_cast<std::size_t>(i)] = kPassChange;
      continue;
    }
    const Change c = decode_change(code);
    image.changes[static_cast<std::size_t>(i)] =
        encode_change(board_->image(symmetry, c.from), symmetric_orientation(symmetry, c.from_orientation),
                      board_->image(symmetry, c.to), symmetric_orientation(symmetry, c.to_orientation));
  }
  for_each_image_since_placement([&](int i, const std::array<std::uint64_t, kSymmetries>& hashes) {
    image.history[static_cast<std::size_t>(i)] = hashes[static_cast<std::size_t>(symmetry)];
    return true;
  });
  return std::make_unique<HexabraeState>(rules_, image);
}

std::uint64_t position_hash(const Cells& cells, int fields, int side) {
  std::uint64_t h = side == 1 ? kBlackToMoveKey : 0;
  for (int f = 0; f < fields; ++f) h ^= cell_key(f, cells[static_cast<std::size_t>(f)]);
  return h;
}

Move encode_move(const MoveParts& p) {
  const auto field_code = [](int f) { return static_cast<Move>(f == kNoField ? 127 : f); };
  return static_cast<Move>(p.kind) | field_code(p.from) << 3 | field_code(p.to) << 10 |
         static_cast<Move>(p.orientation) << 17;
}

MoveParts decode_move(Move m) {
  const auto field_of = [](Move code) { return code == 127 ? kNoField : static_cast<int>(code); };
  MoveParts p;
  p.kind = static_cast<MoveKind>(m & 7);
  p.from = field_of((m >> 3) & 127);
  p.to = field_of((m >> 10) & 127);
  p.orientation = static_cast<int>((m >> 17) & 3);
  return p;
}

Move symmetric_move_code(const HexBoard& board, int symmetry, Move m) {
  MoveParts parts = decode_move(m);
  if (parts.kind == MoveKind::Pass) return m;
  if (parts.from != kNoField) parts.from = board.image(symmetry, parts.from);
  if (parts.to != kNoField) parts.to = board.image(symmetry, parts.to);
  if (parts.kind != MoveKind::Slide) parts.orientation = symmetric_orientation(symmetry, parts.orientation);
  return encode_move(parts);
}

HexabraeState::HexabraeState(const Rules& rules, const Position& position)
    : rules_(rules), board_(&HexBoard::of(rules.radius)), position_(position) {
  position_.hash = position_hash(position_.cells, board_->fields(), position_.side);
  position_.unsealed = false;
  if (position_.history_size == 0) position_.history[static_cast<std::size_t>(position_.history_size++)] = position_.hash;
  settle_after_change();
}

namespace {

// touching[k][b]: the orientations that touch a bar of orientation b on the neighbour D_k.
const std::array<std::array<unsigned, 3>, 6>& touching_orientations() {
  static const auto touching = [] {
    std::array<std::array<unsigned, 3>, 6> t{};
    for (int k = 0; k < 6; ++k) {
      for (int b = 0; b < 3; ++b) {
        for (int a = 0; a < 3; ++a) {
          if (HexBoard::contact(a, k, b) != Contact::None) t[static_cast<std::size_t>(k)][static_cast<std::size_t>(b)] |= 1u << a;
        }
      }
    }
    return t;
  }();
  return touching;
}

// The orientations a bar placed on a field may not take because of the bar `cell` on its
// neighbour in direction k: the ones that touch it (H-2), or every one under touch=adjacent.
unsigned orientations_touching(const Rules& rules, int k, std::int8_t cell) {
  return rules.touch_means_adjacent
             ? 7u
             : touching_orientations()[static_cast<std::size_t>(k)][static_cast<std::size_t>(orientation_of(cell))];
}

}  // namespace

// "A playing piece may only be placed on a free field, not touching any other piece" (H-2): the
// orientations (bit o) a piece placed on `field` may take.
unsigned HexabraeState::placeable_orientations(int field) const {
  if (position_.cells[static_cast<std::size_t>(field)] != kEmpty) return 0;
  unsigned allowed = 7;
  for (int k = 0; k < 6 && allowed != 0; ++k) {
    const int other = board_->neighbour(field, k);
    if (other == kNoField) continue;
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(other)];
    if (cell == kEmpty) continue;
    allowed &= ~orientations_touching(rules_, k, cell);
  }
  return allowed;
}

bool HexabraeState::can_place(int field, int orientation) const { return placeable_orientations(field) >> orientation & 1; }

bool HexabraeState::short_contact(int field, int orientation, int direction, int vacated) const {
  const int other = board_->neighbour(field, direction);
  if (other == kNoField || other == vacated) return false;
  const std::int8_t cell = position_.cells[static_cast<std::size_t>(other)];
  return cell != kEmpty && HexBoard::contact(orientation, direction, orientation_of(cell)) == Contact::ShortSides;
}

// Turning 60 degrees, the bar's four corners sweep the arcs beyond the edges of its old and new
// short sides. A neighbour whose short side lies on such an edge overlaps that arc; any other
// neighbour's bar meets it at most at one point (its long side is tangent to the arc).
int HexabraeState::rotation_blocker(int field, int from, int to, int vacated) const {
  if (!rules_.rotation_swept) return kNoField;
  for (const int d : {from, from + 3, to, to + 3}) {
    const int other = board_->neighbour(field, d);
    if (other == kNoField || other == vacated) continue;
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(other)];
    if (cell != kEmpty && orientation_of(cell) == d % 3) return other;
  }
  return kNoField;
}

bool HexabraeState::may_handle(std::int8_t cell) const {
  return cell != kEmpty && (rules_.any_pieces || colour_of(cell) == position_.side);
}

// Calls sink(Move) for every placement and piece action of the side to move; the slide along a
// direction stops at the rim and, unless jumping is allowed (H-3), at the first occupied field.
template <class Sink>
bool HexabraeState::for_each_action(Sink&& sink) const {
  const int side = position_.side;
  bool any = false;
  auto emit = [&](const MoveParts& parts) {
    any = true;
    return sink(encode_move(parts));
  };
  if (position_.placed[static_cast<std::size_t>(side)] < kPiecesPerSide) {
    // What placeable_orientations says of each field, marked from the bars (at most 20) instead of
    // asked of every field's six neighbours (placeable_orientations took a sixth of a random playout).
    std::array<std::uint8_t, kMaxFields> forbidden;
    std::fill_n(forbidden.begin(), board_->fields(), std::uint8_t{0});
    for (int g = 0; g < board_->fields(); ++g) {
      const std::int8_t cell = position_.cells[static_cast<std::size_t>(g)];
      if (cell == kEmpty) continue;
      forbidden[static_cast<std::size_t>(g)] = 7;
      for (int k = 0; k < 6; ++k) {
        const int f = board_->neighbour(g, k);
        if (f == kNoField) continue;
        // g is f's neighbour in direction k + 3.
        forbidden[static_cast<std::size_t>(f)] |= static_cast<std::uint8_t>(orientations_touching(rules_, (k + 3) % 6, cell));
      }
    }
    for (int f = 0; f < board_->fields(); ++f) {
      const unsigned allowed = ~forbidden[static_cast<std::size_t>(f)] & 7u;
      for (int o = 0; o < 3; ++o) {
        if ((allowed >> o & 1) && !emit({MoveKind::Place, kNoField, f, o})) return true;
      }
    }
  }
  for (int f = 0; f < board_->fields(); ++f) {
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(f)];
    if (!may_handle(cell)) continue;
    const int o = orientation_of(cell);
    const bool stuck_ahead = short_contact(f, o, o), stuck_behind = short_contact(f, o, o + 3);
    if (stuck_ahead && stuck_behind) continue;  // totally immobilized (seed 004, 2b)
    const bool partially = stuck_ahead || stuck_behind;
    // Slides along the axis `axis` of a piece now of orientation `now`; `blocked` directions are the
    // ones toward a short-side contact, which an immobilized piece may not take (seed 004, 2a).
    auto slides = [&](int now, bool blocked_ahead, bool blocked_behind, auto&& on_destination) {
      for (const int d : {now, now + 3}) {
        if (d == now ? blocked_ahead : blocked_behind) continue;
        for (int g = board_->neighbour(f, d); g != kNoField; g = board_->neighbour(g, d)) {
          if (position_.cells[static_cast<std::size_t>(g)] != kEmpty) {
            if (rules_.may_jump) continue;
            break;
          }
          if (!on_destination(g)) return false;
        }
      }
      return true;
    };
    const bool ok = slides(o, stuck_ahead, stuck_behind, [&](int g) {
      if (!emit({MoveKind::Slide, f, g, 0})) return false;
      // After the slide the piece may rotate ("then you may rotate if you wish"); judged again at
      // the destination under H-4 each-step.
      if (rules_.immobilization_each_step && (short_contact(g, o, o, f) || short_contact(g, o, o + 3, f))) return true;
      for (int turn = 1; turn <= 2; ++turn) {
        if (rotation_blocker(g, o, (o + turn) % 3, f) != kNoField) continue;
        if (!emit({MoveKind::SlideRotate, f, g, (o + turn) % 3})) return false;
      }
      return true;
    });
    if (!ok) return true;
    if (partially) continue;  // a partially immobilized piece must move away first
    for (int turn = 1; turn <= 2; ++turn) {
      const int now = (o + turn) % 3;
      if (rotation_blocker(f, o, now) != kNoField) continue;
      if (!emit({MoveKind::Rotate, f, kNoField, now})) return true;
      const bool each = rules_.immobilization_each_step;
      const bool ahead = each && short_contact(f, now, now), behind = each && short_contact(f, now, now + 3);
      if (!slides(now, ahead, behind, [&](int g) { return emit({MoveKind::RotateSlide, f, g, now}); })) return true;
    }
  }
  return any;
}

template <class Sink>
void HexabraeState::for_each_legal_move(Sink&& sink) const {
  if (position_.outcome.over()) return;
  if (!for_each_action(sink)) sink(encode_move({MoveKind::Pass, kNoField, kNoField, 0}));
}

bool HexabraeState::has_any_action() const {
  return for_each_action([](Move) { return false; });
}

std::optional<Move> HexabraeState::any_action() const {
  std::optional<Move> found;
  for_each_action([&](Move m) {
    found = m;
    return false;
  });
  return found;
}

void HexabraeState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  for_each_legal_move([&](Move m) {
    out.push_back(m);
    return true;
  });
}

// Searches try the move that settled a sibling before listing moves; the default would list them
// into a vector for every such try.
bool HexabraeState::is_legal(Move m) const {
  bool found = false;
  for_each_legal_move([&](Move legal) {
    found = legal == m;
    return !found;
  });
  return found;
}

bool HexabraeState::apply_if_legal(Move m) {
  if (!is_legal(m)) return false;
  apply(m);
  return true;
}

Cells HexabraeState::cells_after(const MoveParts& p) const {
  Cells cells = position_.cells;
  // The colour of the piece placed or handled (under pieces=any, possibly the opponent's).
  const std::int8_t handled = p.kind == MoveKind::Place || p.kind == MoveKind::Pass ? kEmpty : cells[static_cast<std::size_t>(p.from)];
  const auto mover = static_cast<std::int8_t>((handled == kEmpty ? position_.side : colour_of(handled)) * 3);
  switch (p.kind) {
    case MoveKind::Pass: break;
    case MoveKind::Place: cells[static_cast<std::size_t>(p.to)] = static_cast<std::int8_t>(mover + p.orientation); break;
    case MoveKind::Rotate: cells[static_cast<std::size_t>(p.from)] = static_cast<std::int8_t>(mover + p.orientation); break;
    case MoveKind::Slide:
    case MoveKind::SlideRotate:
    case MoveKind::RotateSlide: {
      const std::int8_t moving = position_.cells[static_cast<std::size_t>(p.from)];
      cells[static_cast<std::size_t>(p.from)] = kEmpty;
      cells[static_cast<std::size_t>(p.to)] =
          p.kind == MoveKind::Slide ? moving : static_cast<std::int8_t>(mover + p.orientation);
      break;
    }
  }
  return cells;
}

// "A game ends whenever an enclosure is made ..." (seed 004): each enclosure made by the move is
// won by its majority colour or tied; the game is won by the side that won more of them (H-9).
EnclosureJudgement HexabraeState::judge(const Cells& before, const Cells& after, int mover, bool every_detail) const {
  EnclosureJudgement j;
  find_enclosures(*board_, after, rules_.enclosure_rules(), j.after, &j.sealed);
  bool any_valid = false;
  for (const Enclosure& e : j.after) any_valid |= e.valid();
  if (!any_valid && !every_detail) return j;  // nothing can decide; skip telling new from old
  EnclosureList old;
  old.size = 0;
  if (!rules_.count_all_enclosures) find_enclosures(*board_, before, rules_.enclosure_rules(), old);
  for (int i = 0; i < j.after.size; ++i) {
    const Enclosure& e = j.after.items[static_cast<std::size_t>(i)];
    const auto ui = static_cast<std::size_t>(i);
    j.counted[ui] = std::none_of(old.begin(), old.end(), [&](const Enclosure& o) { return o.same_region(e); });
    if (!e.valid()) {
      j.winner[ui] = -2;
      continue;
    }
    int winner = e.majority();
    if (rules_.mover_only && winner != mover) winner = -1;  // H-7a: only the mover's enclosures count
    j.winner[ui] = winner;
    if (!j.counted[ui]) continue;
    ++j.valid_counted;
    if (winner >= 0) ++j.won[static_cast<std::size_t>(winner)];
  }
  for (int side = 0; side < 2; ++side) {
    const int mine = j.won[static_cast<std::size_t>(side)], theirs = j.won[static_cast<std::size_t>(1 - side)];
    const bool wins = rules_.need_half_of_enclosures ? 2 * mine > j.valid_counted : mine > theirs;
    if (wins) j.outcome = Outcome::win(side);
  }
  return j;
}

// Searches copy a position for every move they try; the repetition history is 12 KB at its
// largest but a few entries in use, so only those are copied.
void HexabraeState::copy_from(const State& other) {
  const auto& from = static_cast<const HexabraeState&>(other);
  const Position& source = from.position_;
  Position& target = position_;
  target.cells = source.cells;
  target.side = source.side;
  target.passes = source.passes;
  target.ply = source.ply;
  target.outcome = source.outcome;
  target.placed = source.placed;
  target.hash = source.hash;
  target.unsealed = source.unsealed;
  target.history_size = source.history_size;
  const auto used = static_cast<std::size_t>(source.history_size);
  std::copy_n(source.history.begin(), used, target.history.begin());
  std::copy_n(source.changes.begin(), std::min(used, source.changes.size()), target.changes.begin());
  board_ = from.board_;
  rules_ = from.rules_;
}

void HexabraeState::apply(Move m) { play(m, {}); }

void HexabraeState::apply_counting(Move m, std::span<std::uint64_t> counts) { play(m, counts); }

void HexabraeState::play(Move m, std::span<std::uint64_t> counts) {
  const MoveParts p = decode_move(m);
  Position& pos = position_;
  std::uint32_t change = kPassChange;
  if (p.kind == MoveKind::Pass) {
    if (!counts.empty()) ++counts[kPasses];
    ++pos.passes;
  } else {
    if (p.kind != MoveKind::Place) {
      const int from_o = orientation_of(pos.cells[static_cast<std::size_t>(p.from)]);
      const int to = p.kind == MoveKind::Rotate ? p.from : p.to;
      const int to_o = p.kind == MoveKind::Slide ? from_o : p.orientation;
      change = encode_change(p.from, from_o, to, to_o);
    }
    pos.passes = 0;
    const Cells after = cells_after(p);
    for (const int f : {p.from, p.to == p.from ? kNoField : p.to}) {
      if (f != kNoField) pos.hash ^= cell_key(f, pos.cells[static_cast<std::size_t>(f)]) ^ cell_key(f, after[static_cast<std::size_t>(f)]);
    }
    if (!may_have_enclosed(p, after, nullptr)) {
      pos.outcome = Outcome::ongoing();  // and pos.unsealed stays what it was
    } else {
      const EnclosureJudgement verdict = judge(pos.cells, after, pos.side, false);
      if (!counts.empty()) {
        counts[kEnclosures] += static_cast<std::uint64_t>(verdict.valid_counted);
        counts[kTiedEnclosures] += static_cast<std::uint64_t>(verdict.valid_counted - verdict.won[0] - verdict.won[1]);
      }
      pos.outcome = verdict.outcome;
      pos.unsealed = !rules_.rim_is_wall && !verdict.sealed;
    }
    pos.cells = after;
    if (p.kind == MoveKind::Place) {
      ++pos.placed[static_cast<std::size_t>(pos.side)];
      pos.history_size = 0;  // a placement can never be undone, so no earlier position returns
    }
  }
  pos.side = static_cast<std::int8_t>(1 - pos.side);
  ++pos.ply;
  pos.hash ^= kBlackToMoveKey;  // the fields were updated above (position_hash over every field took a quarter of a solve)
  int seen = 1;
  for (int i = 0; i < pos.history_size; ++i) seen += pos.history[static_cast<std::size_t>(i)] == pos.hash;
  if (pos.history_size > 0) pos.changes[static_cast<std::size_t>(pos.history_size - 1)] = change;
  pos.history[static_cast<std::size_t>(pos.history_size++)] = pos.hash;
  if (!pos.outcome.over() && rules_.repetition_draws && seen >= 3) pos.outcome = Outcome::draw();
  settle_after_change();
}

// A region the move did not touch (through none of its fields or their neighbours) is the same
// before and after, so an enclosure made by the move must be one of those that still_unsealed
// walks; when all of them reach the rim, the move made none. Under enclosures-counted=all the old
// ones count too, so the shortcut needs a position known to have none.
bool HexabraeState::may_have_enclosed(const MoveParts& p, const Cells& after, const RimCuts* cuts) const {
  const bool may_skip = !rules_.rim_is_wall && !rules_.always_search_enclosures &&
                        (position_.unsealed || !rules_.count_all_enclosures);
  if (!may_skip) return true;
  // A placement or a slide (turning or not) puts a bar on an empty field; a turn on the spot does not.
  const bool lands_on_empty = p.kind != MoveKind::Rotate;
  if (cuts != nullptr && lands_on_empty && cuts->surely_unsealed(after, p.from, p.to)) return false;
  return !still_unsealed(*board_, after, {p.from, p.to});
}

// As play decides it: a win by enclosures stands whatever the repetition rule and the ply cap say,
// and nothing else ends a game in the mover's favour but no-action=lose, which callers leave to
// the default.
bool HexabraeState::wins_by_enclosure(const MoveParts& p, const RimCuts* cuts) const {
  const Cells after = cells_after(p);
  return may_have_enclosed(p, after, cuts) && judge(position_.cells, after, position_.side, false).outcome == Outcome::win(position_.side);
}

void HexabraeState::winning_moves(std::vector<Move>& out) const {
  if (rules_.no_action_loses) return State::winning_moves(out);
  out.clear();
  if (position_.outcome.over()) return;
  const RimCuts cuts(*board_, position_.cells);
  for_each_legal_move([&](Move m) {
    const MoveParts p = decode_move(m);
    if (p.kind != MoveKind::Pass && wins_by_enclosure(p, &cuts)) out.push_back(m);
    return true;
  });
}

bool HexabraeState::wins_at_once_with(Move m, State& scratch) const {
  if (rules_.no_action_loses) return State::wins_at_once_with(m, scratch);
  if (!is_legal(m)) return false;
  const MoveParts p = decode_move(m);
  return p.kind != MoveKind::Pass && wins_by_enclosure(p, nullptr);
}

// The endings that do not come from enclosures: two passes in a row (H-6), no action under
// no-action=lose (H-6), the ply cap (H-5b).
void HexabraeState::settle_after_change() {
  Position& pos = position_;
  if (pos.outcome.over()) return;
  if (pos.passes >= 2) {
    pos.outcome = Outcome::draw();
  } else if (pos.ply >= rules_.ply_cap) {
    pos.outcome = Outcome::draw();
  } else if (rules_.no_action_loses && !has_any_action()) {
    pos.outcome = Outcome::win(1 - pos.side);
  }
}

// Each reason is one the move breaks, tested in the order the action happens (a turn before the
// slide it precedes, the slide before the turn after it): a partially immobilized piece moving
// directly away is not refused for its immobilization when something else stops it.
std::string HexabraeState::why_illegal(Move m) const {
  if (position_.outcome.over()) return "the game is over";
  if (is_legal(m)) return "";
  const MoveParts p = decode_move(m);
  const auto& cells = position_.cells;
  if (p.kind == MoveKind::Pass) return "a pass is allowed only when no other action is possible";
  if (p.kind == MoveKind::Place) {
    if (position_.placed[static_cast<std::size_t>(position_.side)] >= kPiecesPerSide) return "no piece left in reserve";
    if (cells[static_cast<std::size_t>(p.to)] != kEmpty) return board_->name(p.to) + " is not free";
    for (int k = 0; k < 6; ++k) {
      const int other = board_->neighbour(p.to, k);
      const std::int8_t there = other == kNoField ? kEmpty : cells[static_cast<std::size_t>(other)];
      if (there == kEmpty || !(orientations_touching(rules_, k, there) >> p.orientation & 1)) continue;
      const Contact contact = HexBoard::contact(p.orientation, k, orientation_of(there));
      if (contact == Contact::None) {  // touch=adjacent: a neighbour it does not touch
        return "the piece would stand next to the piece on " + board_->name(other) +
               " (it would not touch it, but under touch=adjacent a placed piece may not even have a neighbour)";
      }
      return "the piece would touch the piece on " + board_->name(other) + " " + std::string(contact_name(contact)) +
             " (a placed piece may touch none)";
    }
    return "the piece would touch another piece (a placed piece may touch none)";
  }
  const std::int8_t cell = cells[static_cast<std::size_t>(p.from)];
  if (cell == kEmpty) return "no piece on " + board_->name(p.from);
  if (!may_handle(cell)) return "the piece on " + board_->name(p.from) + " belongs to the opponent (pieces=own)";
  const int o = orientation_of(cell);
  const bool ahead = short_contact(p.from, o, o), behind = short_contact(p.from, o, o + 3);
  if (ahead && behind) return "the piece is totally immobilized (both short sides touch short sides)";
  const bool rotates_first = p.kind == MoveKind::Rotate || p.kind == MoveKind::RotateSlide;
  if ((ahead || behind) && rotates_first) {
    return "the piece is partially immobilized: it must first move directly away, then it may rotate";
  }
  if (p.kind != MoveKind::Rotate && p.from == p.to) {
    const bool turns = p.kind != MoveKind::Slide && p.orientation != o;
    return "the piece would start and end on " + board_->name(p.from) + ": a move must go at least one field" +
           (turns ? " (a turn on the spot is written " + move_text(encode_move({MoveKind::Rotate, p.from, kNoField, p.orientation})) + ")"
                  : std::string());
  }
  if (p.kind != MoveKind::Slide && p.orientation == o) {
    if (p.kind == MoveKind::Rotate) return "the piece already has that orientation (a rotation must turn it)";
    // A slide written with the orientation it keeps: say so when the slide alone is legal, and
    // otherwise why the slide is not.
    const Move slide = encode_move({MoveKind::Slide, p.from, p.to, 0});
    if (!is_legal(slide)) return why_illegal(slide);
    return "the piece already has that orientation, so nothing turns: write " + move_text(slide) + " for the move alone";
  }
  // The turn on `field` (after leaving `vacated`), when a bar sweeps it under rotation=swept.
  const auto swept = [&](int field, int vacated) -> std::string {
    const int blocker = rotation_blocker(field, o, p.orientation, vacated);
    if (blocker == kNoField) return "";
    return "turning on " + board_->name(field) + " the piece would sweep through the bar on " + board_->name(blocker) +
           ", whose short side lies on an edge it sweeps (rotation=swept)";
  };
  if (p.kind == MoveKind::Rotate || p.kind == MoveKind::RotateSlide) {
    if (std::string blocked = swept(p.from, kNoField); !blocked.empty()) return blocked;
  }
  // Not reached (each check above names a rule the move breaks; HexabraeEngine.EveryRefusedCandidate...
  // checks it), but no rule is named that the move may keep.
  const std::string unexplained = "the move is not among the legal ones here";
  if (p.kind == MoveKind::Rotate) return unexplained;
  const int axis = p.kind == MoveKind::RotateSlide ? p.orientation : o;
  const int dq = board_->q(p.to) - board_->q(p.from), dr = board_->r(p.to) - board_->r(p.from);
  int slide_direction = -1;
  for (const int d : {axis, axis + 3}) {
    const auto& dir = kDirections[static_cast<std::size_t>(d)];
    const int steps = dir[0] != 0 ? dq / dir[0] : dr / dir[1];
    if (steps > 0 && dq == steps * dir[0] && dr == steps * dir[1]) slide_direction = d;
  }
  if (slide_direction < 0) return "pieces move only along their long axis";
  if (cells[static_cast<std::size_t>(p.to)] != kEmpty) return "the destination " + board_->name(p.to) + " is not free";
  // A short-side contact forbids only the slide toward it (seed 004, 2a): at the start, or under
  // each-step after the turn that precedes the slide.
  const int touched = board_->neighbour(p.from, slide_direction);
  if (p.kind != MoveKind::RotateSlide && short_contact(p.from, o, slide_direction)) {
    return "a partially immobilized piece may only move directly away from the piece it touches (" + board_->name(touched) +
           ")";
  }
  if (p.kind == MoveKind::RotateSlide && rules_.immobilization_each_step && short_contact(p.from, p.orientation, slide_direction)) {
    return "after turning on " + board_->name(p.from) + " the piece touches " + board_->name(touched) +
           " short side to short side, so it may only move directly away from it (immobilization=each-step)";
  }
  for (int g = touched; g != kNoField && g != p.to; g = board_->neighbour(g, slide_direction)) {
    if (cells[static_cast<std::size_t>(g)] != kEmpty && !rules_.may_jump) {
      return "the field " + board_->name(g) + " on the way is occupied (path=clear)";
    }
  }
  if (p.kind == MoveKind::SlideRotate) {
    // Under each-step the piece is judged again between the two parts of its action; name the
    // piece whose short side stops it there.
    if (rules_.immobilization_each_step) {
      for (const int d : {o, o + 3}) {
        if (!short_contact(p.to, o, d, p.from)) continue;
        return "after the slide to " + board_->name(p.to) + " the piece touches " + board_->name(board_->neighbour(p.to, d)) +
               " short side to short side, so it may not rotate there (immobilization=each-step)";
      }
    }
    if (std::string blocked = swept(p.to, p.from); !blocked.empty()) return blocked;
  }
  return unexplained;
}

Outcome HexabraeState::random_playout(Rng& rng) {
  std::array<Move, kMaxLegalMoves> moves;
  while (!position_.outcome.over()) {
    int count = 0;
    for_each_legal_move([&](Move m) {
      moves[static_cast<std::size_t>(count++)] = m;
      return true;
    });
    apply(moves[rng.below(static_cast<std::uint32_t>(count))]);
  }
  return position_.outcome;
}

}  // namespace arbiter::hexabrae

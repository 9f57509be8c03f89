// Hexabrae for people: explain(move) traces.
#include <sstream>
#include <string>
#include <vector>

#include "model/core/position_io.hpp"
#include "model/core/text.hpp"
#include "model/hexabrae/engine.hpp"
#include "model/hexabrae/notation.hpp"

namespace arbiter::hexabrae {
namespace {

std::string piece_text(const HexBoard& board, const Cells& cells, int f, bool clock) {
  const std::int8_t cell = cells[static_cast<std::size_t>(f)];
  return std::string(kSideName[static_cast<std::size_t>(colour_of(cell))]) + " " + board.name(f) + "/" +
         orientation_label(orientation_of(cell), clock);
}

std::string field_list(const HexBoard& board, const FieldSet& set) {
  std::string out;
  for (int f = 0; f < board.fields(); ++f) {
    if (set.has(f)) out += (out.empty() ? "" : " ") + board.name(f);
  }
  return out;
}

std::string enclosure_text(const HexBoard& board, const Cells& cells, const Enclosure& e, bool clock) {
  std::ostringstream out;
  out << "covers " << e.covered.count() << " field(s): " << field_list(board, e.covered);
  if (e.size_by_area) out << " (area " << e.area << "/" << kFieldArea << " of a field)";
  out << "; pieces:";
  for (int f = 0; f < board.fields(); ++f) {
    if (e.pieces.has(f)) out << " " << piece_text(board, cells, f, clock);
  }
  out << "; White " << e.pieces_of[0] << ", Black " << e.pieces_of[1] << "; ";
  if (!e.valid()) {
    out << "not valid (";
    if (!e.has_enough_fields()) out << (e.size_by_area ? "encloses less than the area of 3 fields (enclosure-size=area)" : "covers fewer than 3 fields");
    if (!e.has_enough_fields() && !e.has_both_colours()) out << ", and ";
    if (!e.has_both_colours()) out << "pieces of one player only";
    out << ")";
  } else if (e.majority() < 0) {
    out << "valid, tied";
  } else {
    out << "valid, majority " << kSideName[static_cast<std::size_t>(e.majority())];
  }
  return out.str();
}

}  // namespace

// "encloses c4, d3 and d4": the fields each counted valid enclosure the move makes covers, as
// explain lists them ("Enclosure made: covers 3 field(s): c4 d3 d4").
std::string HexabraeState::move_words(Move m) const {
  if (!why_illegal(m).empty()) return "";
  const Cells after = cells_after(decode_move(m));
  const EnclosureJudgement j = judge(position_.cells, after, position_.side, true);
  std::string words;
  for (int i = 0; i < j.after.size; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    if (!j.counted[ui] || !j.after.items[ui].valid()) continue;
    std::vector<std::string> fields;
    for (int f = 0; f < board_->fields(); ++f) {
      if (j.after.items[ui].covered.has(f)) fields.push_back(board_->name(f));
    }
    words += (words.empty() ? "" : "; ") + std::string("encloses ") + listed(fields);
  }
  return words;
}

std::string HexabraeState::explain(Move m) const {
  std::ostringstream out;
  const MoveParts p = decode_move(m);
  const bool clock = rules_.clock_labels;
  out << kSideName[static_cast<std::size_t>(position_.side)] << " plays " << move_text(m) << "\n";
  const std::string illegal = why_illegal(m);
  if (!illegal.empty()) {
    out << "Illegal: " << illegal << "\n";
    return out.str();
  }
  if (p.kind == MoveKind::Pass) {
    out << "No placement, move or rotation is possible, so the player passes.\n";
  } else if (p.kind != MoveKind::Place) {
    const std::int8_t handled = position_.cells[static_cast<std::size_t>(p.from)];
    const int o = orientation_of(handled);
    const bool ahead = short_contact(p.from, o, o), behind = short_contact(p.from, o, o + 3);
    if (colour_of(handled) != position_.side) {
      out << "The piece on " << board_->name(p.from) << " is " << kSideName[static_cast<std::size_t>(colour_of(handled))]
          << "'s; it keeps its colour (pieces=any, ruling H-11).\n";
    }
    out << "Before the move the piece on " << board_->name(p.from) << " is "
        << (ahead || behind ? "partially immobilized (one short side touches a short side): it may only move directly away, then rotate"
                            : "free (no short side touches a short side)")
        << ".\n";
  } else {
    out << "The placed piece touches no piece.\n";
  }
  const Cells after = cells_after(p);
  if (p.kind != MoveKind::Pass) {
    const int f = p.kind == MoveKind::Rotate ? p.from : p.to;
    const int a = orientation_of(after[static_cast<std::size_t>(f)]);
    int contacts = 0;
    for (int k = 0; k < 6; ++k) {
      const int g = board_->neighbour(f, k);
      if (g == kNoField || after[static_cast<std::size_t>(g)] == kEmpty) continue;
      const Contact c = HexBoard::contact(a, k, orientation_of(after[static_cast<std::size_t>(g)]));
      if (c == Contact::None) continue;
      ++contacts;
      out << "Contact: " << contact_name(c) << " with " << piece_text(*board_, after, g, clock) << "\n";
    }
    if (contacts == 0) out << "The piece touches no other piece afterwards.\n";
  }
  const EnclosureJudgement j = judge(position_.cells, after, position_.side, true);
  int made = 0;
  for (int i = 0; i < j.after.size; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    out << (j.counted[ui] ? "Enclosure made: " : "Enclosure already there (not counted): ")
        << enclosure_text(*board_, after, j.after.items[ui], clock);
    if (j.winner[ui] == -1 && j.after.items[ui].valid() && j.after.items[ui].majority() >= 0) {
      out << " (counted as tied: enclosure-owner=mover-only)";
    }
    out << "\n";
    made += j.counted[ui];
  }
  if (j.after.size == 0) out << "No enclosure.\n";
  if (made > 0 || j.valid_counted > 0) {
    out << "Valid enclosures counted: " << j.valid_counted << "; won by White " << j.won[0] << ", by Black " << j.won[1]
        << ".\n";
  }
  HexabraeState next(*this);
  next.apply(m);
  const Outcome result = next.outcome();
  out << "Verdict: ";
  if (result.kind == Outcome::Kind::Win) {
    out << kSideName[static_cast<std::size_t>(result.winner)] << " wins";
    if (!j.outcome.over()) out << " (the opponent can do nothing; no-action=lose)";
  } else if (result.kind == Outcome::Kind::Draw) {
    const EndCause cause = next.end_cause();
    out << "draw (" << (cause == EndCause::TwoPasses ? "two passes in a row"
                        : cause == EndCause::PlyCap  ? "ply cap " + std::to_string(rules_.ply_cap) + " reached"
                                                     : std::string("third repetition")) << ")";
  } else {
    out << "play continues";
    if (j.valid_counted > 0) out << " (no player won the majority of the enclosures)";
  }
  out << "\n";
  return out.str();
}

// A placement on every field in every orientation, and for each piece the side may handle every
// slide along its axis up to the rim (occupied fields included), with or without a rotation before
// or after, and a pass: `moves --why` says why each refused one is refused.
std::vector<std::string> HexabraeState::candidate_moves() const {
  const HexBoard& board = *board_;
  std::vector<std::string> texts;
  auto add = [&](const MoveParts& parts) { texts.push_back(hexabrae::move_text(board, parts, rules_.clock_labels)); };
  for (int f = 0; f < board.fields(); ++f) {
    for (int o = 0; o < 3; ++o) add({MoveKind::Place, kNoField, f, o});
  }
  for (int f = 0; f < board.fields(); ++f) {
    const std::int8_t cell = position_.cells[static_cast<std::size_t>(f)];
    if (!may_handle(cell)) continue;
    const int o = orientation_of(cell);
    auto along = [&](int axis, auto&& each) {
      for (const int d : {axis, axis + 3}) {
        for (int g = board.neighbour(f, d); g != kNoField; g = board.neighbour(g, d)) each(g);
      }
    };
    along(o, [&](int g) {
      add({MoveKind::Slide, f, g, 0});
      for (int turn = 1; turn <= 2; ++turn) add({MoveKind::SlideRotate, f, g, (o + turn) % 3});
    });
    for (int turn = 1; turn <= 2; ++turn) {
      const int now = (o + turn) % 3;
      add({MoveKind::Rotate, f, kNoField, now});
      along(now, [&](int g) { add({MoveKind::RotateSlide, f, g, now}); });
    }
  }
  add({MoveKind::Pass, kNoField, kNoField, 0});
  return texts;
}

}  // namespace arbiter::hexabrae

// Brochs for people: why a move is illegal, what a move captures and why, the verdict.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "model/brochs/engine.hpp"
#include "model/core/text.hpp"

namespace arbiter::brochs {
namespace {

std::string piece_name(std::uint8_t piece) {
  switch (piece) {
    case White: return "White piece";
    case Black: return "Black piece";
    case Main: return "main piece";
    default: return "empty square";
  }
}

// The clause of seed 003 part D that states the rule (each also says a voluntary entry is safe).
std::string clause_of(CaptureRule rule) { return "seed 003 D." + std::to_string(static_cast<int>(rule)); }

std::string_view rule_text(CaptureRule rule) {
  switch (rule) {
    case CaptureRule::C1: return "C1, sandwich in a line or column (seed 003 D.1)";
    case CaptureRule::C2: return "C2, keep occupant held by two opposite pairs (seed 003 D.2)";
    case CaptureRule::C3: return "C3, curse (seed 003 D.3)";
    case CaptureRule::C4: return "C4, diagonal capture by the main piece (seed 003 D.4)";
  }
  return "?";
}

}  // namespace

// The ruling that decided whether a piece arriving on `cell` inside an enemy configuration falls,
// as "entry=protected" or "keep-entry=captured".
std::string BrochsState::entry_ruling(int cell) const {
  const std::string entry = std::string("R-6 entry=") + (rules_.entry == EntryRule::Captured ? "captured" : "protected");
  if (!tables_->is_keep(cell)) return "ruling " + entry;
  // On a keep R-18 decides, by R-6 under keep-entry=as-entry: both are cited.
  if (rules_.keep_entry == KeepEntry::AsEntry) return "rulings R-18 keep-entry=as-entry and " + entry;
  return std::string("ruling R-18 keep-entry=") + (rules_.keep_entry == KeepEntry::Captured ? "captured" : "protected");
}

std::vector<BrochsState::RulingReading> BrochsState::capture_rulings(int victim, bool diagonal, int main_partner) const {
  std::vector<RulingReading> out;
  if (tables_->is_keep(victim)) {
    const bool two = rules_.keep_two_piece == KeepTwoPiece::Yes;
    out.push_back({!two, cell_name(victim) + (two ? " is a keep, whose occupant falls to two pieces as well (keep-two-piece=yes, ruling R-7)"
                                                  : " is a keep, whose occupant falls only to two opposite pairs, C2 (keep-two-piece=no, ruling R-7)")});
  }
  if (!diagonal && rules_.isolated == Isolated::Unsupported) {
    int beside = kNoCell;
    for (int d = 0; d < 4 && beside == kNoCell; ++d) {
      const int c = tables_->neighbour(victim, d);
      if (is_friend(c, side_of(at(victim)))) beside = c;
    }
    out.push_back({beside != kNoCell, beside != kNoCell ? "the " + piece_name(at(beside)) + " on " + cell_name(beside) +
                                                              " stands beside it, so it is not isolated and C1 cannot take it (isolated=unsupported, ruling R-15)"
                                                        : "no piece of its side stands beside it, so it is isolated (isolated=unsupported, ruling R-15)"});
  }
  if (diagonal && main_partner != kNoCell) {
    const bool in_pair = rules_.main_diagonal == MainDiagonal::MainInPair;
    out.push_back({!in_pair, "the main piece on " + cell_name(main_partner) + " is not the piece that arrived" +
                                 (in_pair ? ", and any Black piece completing its diagonal pair captures (main-diagonal=main-in-pair, ruling R-8)"
                                          : ", and C4 needs the main piece itself to move or be set (main-diagonal=main-moves, ruling R-8)")});
  }
  return out;
}

bool BrochsState::near_capture(int to, int d, Capture& configuration) const {
  const Tables& t = *tables_;
  const int side = side_of(at(to));
  const int victim = t.neighbour(to, d);
  if (victim == kNoCell || at(victim) == Empty || side_of(at(victim)) == side) return false;
  const int beyond = t.neighbour(victim, d);
  configuration = Capture{};
  configuration.victim = static_cast<std::int16_t>(victim);
  configuration.partner_count = 2;
  configuration.partners = {static_cast<std::int16_t>(to), static_cast<std::int16_t>(beyond), kNoCell, kNoCell};
  if (d < 4) {
    configuration.rule = CaptureRule::C1;
    return closes_line(victim, to, beyond, side, configuration.partners[1]);
  }
  configuration.rule = CaptureRule::C4;
  return side == kBlackSide && is_friend(beyond, side) && (at(to) == Main || at(beyond) == Main);
}

bool BrochsState::near_standing_threat(int cell, Capture& configuration) const {
  const Tables& t = *tables_;
  const int enemy = 1 - side_of(at(cell));
  configuration = Capture{};
  configuration.victim = static_cast<std::int16_t>(cell);
  configuration.partner_count = 2;
  for (const auto& [a, b, diagonal] : t.opposite_pairs(cell)) {
    if (!diagonal) {
      configuration.rule = CaptureRule::C1;
      for (const auto& [near, far] : {std::pair{a, b}, std::pair{b, a}}) {
        configuration.partners[0] = static_cast<std::int16_t>(near);
        if (is_partner(near, enemy) && closes_line(cell, near, far, enemy, configuration.partners[1])) return true;
      }
    } else if (enemy == kBlackSide && is_friend(a, enemy) && is_friend(b, enemy) && (at(a) == Main || at(b) == Main)) {
      configuration.rule = CaptureRule::C4;
      configuration.partners[0] = static_cast<std::int16_t>(a);
      configuration.partners[1] = static_cast<std::int16_t>(b);
      return true;
    }
  }
  return false;
}

std::string BrochsState::illegal_reason(Move m) const {
  if (outcome_.over()) return "the game is over (" + verdict() + ")";
  if (is_legal(m)) return "";
  const Tables& t = *tables_;
  const int cells = t.n * t.n;
  const int to = move_to(m);
  const std::string side_name = side_ == kBlackSide ? "Black" : "White";
  switch (move_kind(m)) {
    case MoveKind::Pass:
      return "White must move when it can (white-pass=only-when-stuck)";
    case MoveKind::Step: {
      const int from = move_from(m);
      if (from >= cells || to >= cells) return "square off the board";
      if (at(from) == Empty) return "no piece on " + cell_name(from);
      if (side_of(at(from)) != side_) return cell_name(from) + " holds a " + piece_name(at(from)) + " but " + side_name + " is to move";
      if (!pieces_may_move()) return "Black must set from reserve before moving (black-turn=set-first)";
      const int dr = t.n ? to / t.n - from / t.n : 0;
      const int dc = to % t.n - from % t.n;
      if (from == to) return cell_name(from) + "-" + cell_name(to) + " does not move the piece (it starts and ends on " + cell_name(from) + ")";
      if (dr != 0 && dc != 0) return "pieces move along a row or column, like a rook (seed 003 C)";
      // The first obstacle on the way, as generate_steps meets it: a piece (on the destination or
      // before it), or an empty keep crossed where empty-keeps=blocked forbids it.
      const int d = dr < 0 ? 0 : dc > 0 ? 1 : dr > 0 ? 2 : 3;
      for (int c = t.neighbour(from, d); c != kNoCell; c = t.neighbour(c, d)) {
        if (at(c) != Empty) {
          if (c == to) return cell_name(c) + " is occupied by a " + piece_name(at(c));
          return "the way is blocked at " + cell_name(c) + " by a " + piece_name(at(c)) + " (no jumping)";
        }
        if (c == to) break;
        if (rules_.empty_keeps == EmptyKeeps::Blocked && t.is_keep(c)) {
          return "the empty keep " + cell_name(c) + " cannot be crossed (empty-keeps=blocked, ruling R-10)";
        }
      }
      return "not legal here";
    }
    case MoveKind::Set:
    case MoveKind::SetMain:
      if (side_ != kBlackSide) return "only Black sets pieces";
      if (to >= cells) return "square off the board";
      if (move_kind(m) == MoveKind::Set && reserve_ == 0) return "Black has no ordinary piece in reserve";
      if (move_kind(m) == MoveKind::SetMain && !main_in_reserve_) return "the main piece is not in reserve";
      if (at(to) != Empty) return cell_name(to) + " is occupied by a " + piece_name(at(to));
      if (!t.settable[static_cast<std::size_t>(rules_.set_squares)][static_cast<std::size_t>(to)]) {
        return "setting is not allowed on " + cell_name(to) + " (set-squares=" + config_of(rules_).rule("set-squares") + ", ruling R-4)";
      }
      if (!keep_setting_allows(to)) {
        return "Black sets on a free keep only on the stroke after capturing its occupant (keep-setting=after-capture, ruling R-17)";
      }
      return "not legal here";
    case MoveKind::Curse: {
      if (side_ != kBlackSide) return "only Black curses";
      if (to >= cells) return "square off the board";
      if (cursed_) return "Black has already cursed this turn";
      if (at(to) != White) return "a curse removes a White piece, and " + cell_name(to) + " holds none";
      const int q = t.region[static_cast<std::size_t>(to)];
      if (q == kCrossRegion) return cell_name(to) + " is on the central cross, which belongs to no quadrant: safe from curses (seed 003 D.3)";
      if (main_cell_ == kNoCell) return "the main piece is not on the board (seed 003 D.3)";
      const int keep = t.keep_cell[static_cast<std::size_t>(3 - q)];
      if (at(keep) == Main && rules_.curse_holder == CurseHolder::Ordinary) {
        return "the " + std::string(quadrant_name(3 - q)) + " keep " + cell_name(keep) +
               " is held by the main piece itself, which cannot curse from its own keep (curse-holder=ordinary, ruling R-16)";
      }
      if (at(keep) == Empty || side_of(at(keep)) != kBlackSide) {
        return "no Black piece occupies the " + std::string(quadrant_name(3 - q)) + " keep " + cell_name(keep) +
               ", opposite quadrant " + std::string(quadrant_name(q));
      }
      for (int c = 0; c < cells; ++c) {  // the first Black piece in quadrant q, which curse_eligible counted
        if (t.region[static_cast<std::size_t>(c)] == q && at(c) != Empty && side_of(at(c)) == kBlackSide) {
          return "the " + piece_name(at(c)) + " on " + cell_name(c) + " stands in quadrant " + std::string(quadrant_name(q)) +
                 " (seed 003 D.3: 'NO OTHER Black piece')";
        }
      }
      return "not legal here";
    }
  }
  return "not legal here";
}

// Why the game ended, in the order compute_outcome decides it.
BrochsState::EndCause BrochsState::end_cause() const {
  if (!outcome_.over()) return EndCause::None;
  if (outcome_.kind == Outcome::Kind::Win && outcome_.winner == kBlackSide) return EndCause::KeepsHeld;
  if (black_count_ + reserve_ + (main_in_reserve_ ? 1 : 0) < kKeeps) return EndCause::TooFew;
  if (rules_.end == EndRule::KeepsMain && main_cell_ == kNoCell && !main_in_reserve_) return EndCause::MainCaptured;
  if (passes_ >= 2) return EndCause::TwoPasses;
  if (repeated_) return EndCause::Repetition;
  return EndCause::PlyCap;
}

std::string BrochsState::end_note() const {
  switch (end_cause()) {
    case EndCause::None: return "";
    case EndCause::KeepsHeld: return "all four keeps held";
    case EndCause::TooFew: return "Black has " + black_left() + " left";
    case EndCause::MainCaptured: return "main piece captured";
    case EndCause::TwoPasses: return "two passes";
    case EndCause::Repetition: return "repetition";
    case EndCause::PlyCap: return "ply cap " + std::to_string(rules_.ply_cap);
  }
  return "";
}

std::string BrochsState::verdict() const {
  std::string why;
  switch (end_cause()) {
    case EndCause::None: return "ongoing";
    case EndCause::KeepsHeld: return "Black wins: all four keeps hold Black pieces (end ruling R-5)";
    case EndCause::TooFew: why = "Black has " + black_left() + " left, too few to hold the 4 keeps"; break;
    case EndCause::MainCaptured: why = "the main piece has been captured (end=keeps-main)"; break;
    case EndCause::TwoPasses: why = "two passes in a row"; break;
    case EndCause::Repetition: why = "the position occurred for the third time (repetition ruling R-12)"; break;
    case EndCause::PlyCap: why = "the ply cap of " + std::to_string(rules_.ply_cap) + " was reached (ruling R-13)"; break;
  }
  const std::string result = outcome_.kind == Outcome::Kind::Draw ? "Draw" : "White wins";
  return result + ": " + why + " (end ruling R-5)";
}

// "3 pieces", "1 piece": Black's pieces on the board and in reserve, the main piece included.
std::string BrochsState::black_left() const {
  const int total = black_count_ + reserve_ + (main_in_reserve_ ? 1 : 0);
  return std::to_string(total) + (total == 1 ? " piece" : " pieces");
}

std::string BrochsState::explain(Move m) const {
  const std::string side_name = side_ == kBlackSide ? "Black" : "White";
  std::string out;
  const std::string reason = illegal_reason(m);
  if (!reason.empty()) return side_name + " cannot play this: " + reason + ".\n";
  const Tables& t = *tables_;
  const int to = move_to(m);
  switch (move_kind(m)) {
    case MoveKind::Pass: out += side_name + " passes (seed 003 B: either player may pass).\n"; break;
    case MoveKind::Step:
      out += side_name + " moves the " + piece_name(at(move_from(m))) + " " + cell_name(move_from(m)) + "-" + cell_name(to) + ".\n";
      break;
    case MoveKind::Set:
    case MoveKind::SetMain:
      out += "Black sets " + std::string(move_kind(m) == MoveKind::SetMain ? "the main piece" : "a piece") +
             " from reserve on " + cell_name(to) + (t.is_keep(to) ? " (a free keep)" : "") + ".\n";
      break;
    case MoveKind::Curse: {
      const int q = t.region[static_cast<std::size_t>(to)];
      const int keep = t.keep_cell[static_cast<std::size_t>(3 - q)];
      out += "Black curses " + cell_name(to) + " (C3): the " + std::string(quadrant_name(3 - q)) + " keep " + cell_name(keep) +
             " holds a " + piece_name(at(keep)) + ", the main piece is on the board at " + cell_name(main_cell_) +
             ", and no Black piece stands in the opposite quadrant " + std::string(quadrant_name(q)) + ", so the " +
             piece_name(at(to)) + (t.is_keep(to) ? " on the keep " : " on ") + cell_name(to) + " is removed.\n";
      if (rules_.curse_cost == CurseCost::Free) out += "The curse is free (curse-cost=free): Black still plays this turn.\n";
      break;
    }
  }
  const MoveKind kind = move_kind(m);
  const bool arrives = kind == MoveKind::Step || kind == MoveKind::Set || kind == MoveKind::SetMain;
  const std::uint8_t arriving = kind == MoveKind::Step ? at(move_from(m)) : kind == MoveKind::SetMain ? std::uint8_t{Main} : std::uint8_t{Black};
  // The board the engine judges captures on: the piece arrived, nothing removed yet; and after the move.
  BrochsState placed(*this);
  if (arrives) {
    if (kind == MoveKind::Step) placed.remove_piece(move_from(m));
    placed.place_piece(to, arriving);
  }
  BrochsState after(*this);
  after.apply(m);
  // The squares that formed a configuration, read on `board`: "c2 (the arriving piece), a2".
  auto partners_text = [&](const BrochsState& board, const Capture& c, const std::string& separator) {
    std::string text;
    for (int p = 0; p < c.partner_count; ++p) {
      const int cell = c.partners[static_cast<std::size_t>(p)];
      std::string label = cell == kNoCell ? "the board edge (edge-captures=edges)" : cell_name(cell);
      if (cell != kNoCell && cell == to && !c.self) label += " (the arriving piece)";
      if (cell != kNoCell && board.at(cell) == Empty) label += " (empty hostile keep)";
      text += (p == 0 ? "" : p + 1 == c.partner_count ? separator : ", ") + label;
    }
    return text;
  };
  auto pair_text = [&](int a, int b) { return cell_name(a) + " with " + cell_name(b); };
  auto pairs_text = [&](const std::vector<OppositePair>& pairs) {
    std::vector<std::string> texts;
    for (const OppositePair& pair : pairs) texts.push_back(pair_text(pair.a, pair.b));
    return (pairs.size() == 1 ? "the pair " : "the pairs ") + listed(texts);
  };
  // A C2 configuration read on `board`. A piece arriving next to the keep completes one pair (the
  // engine lists it first) and falls on the keep's occupant with any other complete pair: the
  // sentence names the new pair, one that stood already, and any further complete pair, which the
  // rule does not need. A configuration the arriving piece entered (c.self, or a standing threat) is
  // made by all the complete pairs around it.
  auto keep_pairs_text = [&](const BrochsState& board, const Capture& c) {
    const int side = 1 - side_of(board.at(c.victim));
    const CompletePairs complete = board.complete_pairs_around(c.victim, side);
    const std::vector<OppositePair> all(complete.begin(), complete.end());
    if (c.self || c.partner_count < 4 || c.partners[0] != to) return pairs_text(all);
    const int first = c.partners[0], opposite = c.partners[1], other_a = c.partners[2], other_b = c.partners[3];
    std::vector<OppositePair> more;
    for (const OppositePair& pair : all) {
      const bool named = pair.a == first || pair.b == first || pair.a == other_a || pair.b == other_a;
      if (!named) more.push_back(pair);
    }
    std::string text = "the pair " + cell_name(first) + " (the arriving piece) with " + cell_name(opposite) +
                       ", which this move completed, and the pair " + pair_text(other_a, other_b) + ", already complete";
    if (!more.empty()) {
      text += " (" + pairs_text(more) + (more.size() == 1 ? " was" : " were") +
              " complete too; the new pair and one other are enough)";
    }
    return text;
  };
  // What said about a C1 or C4 configuration: those that allowed it, or those
  // that prevented it.
  auto readings_text = [](const std::vector<RulingReading>& readings, bool preventing, const std::string& separator) {
    std::string text;
    for (const RulingReading& reading : readings) {
      if (reading.prevents == preventing) text += (text.empty() ? "" : separator) + reading.text;
    }
    return text;
  };
  const CaptureList captures = captures_of(m);
  // The board a piece's own entry is judged on: its captures removed, itself still there.
  BrochsState judged(placed);
  for (int i = 0; i < captures.count; ++i) {
    const Capture& c = captures.items[static_cast<std::size_t>(i)];
    if (arrives && !c.self) judged.remove_piece(c.victim);
  }
  std::vector<int> captured;
  int shown = 0;
  for (int i = 0; i < captures.count; ++i) {
    const Capture& c = captures.items[static_cast<std::size_t>(i)];
    if (c.rule == CaptureRule::C3) continue;
    ++shown;
    const std::uint8_t victim_piece = c.self ? arriving : at(c.victim);
    out += (c.self ? "The arriving " + piece_name(victim_piece) + " on " + cell_name(c.victim) + " is itself captured by "
                   : "Captures the " + piece_name(victim_piece) + " on " + cell_name(c.victim) + " by ") +
           std::string(rule_text(c.rule));
    out += ", formed by " + (c.rule == CaptureRule::C2 ? keep_pairs_text(c.self ? judged : placed, c) : partners_text(c.self ? judged : placed, c, ", "));
    if (c.self) out += "; the arriving piece entered this configuration and is removed (" + entry_ruling(to) + ")";
    if (c.rule == CaptureRule::C1 || c.rule == CaptureRule::C4) {
      const int main_partner = c.rule == CaptureRule::C4 && !c.self && arriving != Main ? c.partners[1] : kNoCell;
      const BrochsState& board = c.self ? judged : placed;
      const std::string allowed = readings_text(board.capture_rulings(c.victim, c.rule == CaptureRule::C4, main_partner), false, "; ");
      if (!allowed.empty()) out += "; " + allowed;
    }
    if (!c.self) captured.push_back(c.victim);
    out += ".\n";
  }
  if (arrives) {
    // Near-captures: a line or diagonal the arriving piece closed that kept from capturing.
    for (int d = 0; d < kDirections; ++d) {
      Capture near;
      if (!placed.near_capture(to, d, near) || std::find(captured.begin(), captured.end(), near.victim) != captured.end()) continue;
      const bool diagonal = near.rule == CaptureRule::C4;
      const int main_partner = diagonal && arriving != Main ? near.partners[1] : kNoCell;
      const std::string prevented = readings_text(placed.capture_rulings(near.victim, diagonal, main_partner), true, "; and ");
      if (prevented.empty()) continue;
      out += "The " + piece_name(placed.at(near.victim)) + " on " + cell_name(near.victim) + " is not captured, although " +
             partners_text(placed, near, " and ") + (diagonal ? " close a diagonal (C4)" : " close a line (C1)") + " around it: " + prevented + ".\n";
    }
    Capture threat;
    if (after.at(to) != Empty && entry_is_captured(to) && !judged.standing_threat(to, threat) && judged.near_standing_threat(to, threat)) {
      threat.self = true;
      const std::string prevented = readings_text(judged.capture_rulings(to, threat.rule == CaptureRule::C4, kNoCell), true, "; and ");
      if (!prevented.empty()) {
        out += "The arriving " + piece_name(arriving) + " on " + cell_name(to) + " entered a " +
               (threat.rule == CaptureRule::C4 ? "diagonal (C4)" : "line (C1)") + " of " + partners_text(judged, threat, " and ") +
               " but is not captured (" + entry_ruling(to) + "): " + prevented + ".\n";
      }
    }
    if (after.at(to) != Empty && after.standing_threat(to, threat)) {
      out += "The arriving piece stands in an enemy configuration (" + std::string(rule_text(threat.rule)) + ": ";
      if (threat.rule == CaptureRule::C2) {
        threat.self = true;
        out += keep_pairs_text(after, threat);
      }
      for (int p = 0; p < threat.partner_count && threat.rule != CaptureRule::C2; ++p) {
        const int cell = threat.partners[static_cast<std::size_t>(p)];
        out += (p ? ", " : "") + (cell == kNoCell ? std::string("the board edge") : cell_name(cell));
      }
      out += ") but entered it voluntarily, so it is not captured (" + clause_of(threat.rule) + "; " +
             entry_ruling(to) + ").\n";
    }
    if (shown == 0) out += "No capture.\n";
  }
  out += "Result: " + after.verdict() + ".\n";
  return out;
}

}  // namespace arbiter::brochs

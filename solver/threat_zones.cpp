#include "solver/threat_zones.hpp"

#include <bit>

namespace arbiter::solver {
namespace {

// The two questions asked of a position, told apart in the table.
constexpr std::uint64_t kDefenderLoses = 0x9E3779B97F4A7C15ULL;

}  // namespace

ThreatZones::ThreatZones(int depth) : depth_(depth) {}

ThreatZones::Found& ThreatZones::found(std::uint64_t key) {
  if (found_.empty()) found_.resize(std::size_t{1} << 20);
  Found& slot = found_[(key ^ (key >> 29)) & (found_.size() - 1)];
  if (slot.key != key) slot = Found{key, 0, -1, -1};
  return slot;
}

bool zone_of_win_at_once(const State& state, State& scratch, std::vector<Move>& wins, State::CellSet& zone) {
  state.winning_moves(wins);
  if (wins.empty()) return false;
  const int opponent = 1 - state.side_to_move();
  zone = ~State::CellSet{0};
  for (Move m : wins) {
    scratch.copy_from(state);
    scratch.apply(m);
    State::CellSet z = scratch.win_witness();
    z |= state.move_reads(m, z);
    z |= state.no_win_witness(opponent, z);
    if (std::popcount(z) < std::popcount(zone)) zone = z;
  }
  return true;
}

bool zones_apply_from(const State& root) {
  constexpr int kPliesLooked = 4;
  std::unique_ptr<State> state = root.clone();
  std::vector<Move> moves;
  for (int ply = 0; ply <= kPliesLooked; ++ply) {
    if (state->zones_apply()) return true;
    if (state->is_terminal()) return false;
    state->legal_moves(moves);
    if (moves.empty()) return false;
    state->apply(moves.front());
  }
  return false;
}

State& ThreatZones::scratch(std::size_t depth, const State& like) {
  while (scratch_.size() <= depth) scratch_.push_back(like.clone());
  return *scratch_[depth];
}

std::vector<Move>& ThreatZones::moves_at(std::size_t depth) {
  while (moves_.size() <= depth) moves_.emplace_back();
  return moves_[depth];
}

std::size_t ThreatZones::prune(const State& state, std::vector<Move>& moves, std::vector<CellSet>* zones) {
  if (zones != nullptr) zones->clear();
  if (moves.empty() || state.is_terminal() || !state.zones_apply()) return 0;
  const int defender = state.side_to_move();
  threatener_ = 1 - defender;
  if (state.distance_to_win(threatener_) > depth_) return 0;
  writes_.resize(moves.size());
  // This position is known, so what each move changes in it decides whether it leaves a zone
  // alone (in the searches below, over positions that only agree on a zone, what a move may
  // change anywhere does).
  for (std::size_t i = 0; i < moves.size(); ++i) writes_[i] = state.move_changes(moves[i]);
  keep_.assign(moves.size(), true);
  std::size_t kept = moves.size();
  bool found = false;

  const auto narrow = [&](CellSet zone) {
    zone |= state.no_win_witness(defender, zone);
    found = true;
    if (zones != nullptr) zones->push_back(zone);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (keep_[i] && (writes_[i] & zone) == 0) {
        keep_[i] = false;
        --kept;
      }
    }
  };
  State& passed = scratch(0, state);
  passed.copy_from(state);
  passed.apply_null();
  State& after = scratch(1, state);
  std::vector<Move>& threats = moves_at(0);
  // Each winning first move of the opponent is a threat of its own; the moves that survive are
  // those that meet all of their zones. Wins at once first: where there is one, the few moves
  // that answer it are left, and deeper threats are not looked for.
  passed.winning_moves(threats);
  for (std::size_t t = 0; t < threats.size() && kept > 0; ++t) {
    after.copy_from(passed);
    after.apply(threats[t]);
    const CellSet chain = after.win_witness();
    narrow(chain | passed.move_reads(threats[t], chain));
  }
  if (!found && depth_ >= 2) {
    passed.legal_moves(threats);
    for (std::size_t t = 0; t < threats.size() && kept > 0; ++t) {
      const Move m = threats[t];
      after.copy_from(passed);
      after.apply(m);
      CellSet zone = 0;
      if (after.is_terminal() || after.distance_to_win(threatener_) > depth_ - 1 ||
          !defender_loses(after, depth_ - 1, zone, 2)) {
        continue;
      }
      narrow(zone | passed.move_reads(m, zone));
    }
  }
  if (!found) return 0;
  std::size_t out = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (keep_[i]) moves[out++] = moves[i];
  }
  const std::size_t removed = moves.size() - out;
  moves.resize(out);
  return removed;
}

// A table of what the searches found, per position and question, saves searching a position
// again where threats of depth 3 meet it twice.
template <class Search>
bool ThreatZones::remembered(std::uint64_t key, int k, CellSet& zone, Search&& search) {
  {
    const Found& known = found(key);
    if (known.won >= 0 && known.won <= k) {
      zone = known.zone;
      return true;
    }
    if (known.lost >= k) return false;
  }
  const bool yes = search();
  Found& slot = found(key);
  if (yes) {
    slot.won = static_cast<std::int8_t>(k);
    slot.zone = zone;
  } else {
    slot.lost = static_cast<std::int8_t>(k);
  }
  return yes;
}

bool ThreatZones::attacker_wins(const State& state, int k, CellSet& zone, std::size_t depth) {
  if (k <= 0) return false;
  // A win at once is found from the board faster than the table is read.
  if (k == 1) return search_attacker_wins(state, k, zone, depth);
  if (state.distance_to_win(threatener_) > k) return false;
  return remembered(state.key(), k, zone, [&] { return search_attacker_wins(state, k, zone, depth); });
}

bool ThreatZones::search_attacker_wins(const State& state, int k, CellSet& zone, std::size_t depth) {
  std::vector<Move>& moves = moves_at(depth);
  State& after = scratch(depth, state);
  const int defender = 1 - threatener_;
  // A win at once first: it needs the fewest cells.
  if (zone_of_win_at_once(state, after, moves, zone)) return true;
  if (k == 1) return false;
  state.legal_moves(moves);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves_at(depth)[i];
    after.copy_from(state);
    after.apply(m);
    if (after.is_terminal() || after.distance_to_win(threatener_) > k - 1) continue;
    CellSet below = 0;
    if (defender_loses(after, k - 1, below, depth + 1)) {
      zone = below | state.move_reads(m, below);
      zone |= state.no_win_witness(defender, zone);
      return true;
    }
  }
  return false;
}

bool ThreatZones::defender_loses(const State& state, int k, CellSet& zone, std::size_t depth) {
  if (k == 1) return search_defender_loses(state, k, zone, depth);
  return remembered(state.key() ^ kDefenderLoses, k, zone, [&] { return search_defender_loses(state, k, zone, depth); });
}

bool ThreatZones::search_defender_loses(const State& state, int k, CellSet& zone, std::size_t depth) {
  State& after = scratch(depth, state);
  after.copy_from(state);
  after.apply_null();
  if (k == 1) {
    // With one winning move, the defender's likely answer is to play it; look only where there
    // are two or more. (Giving up is always sound: it only finds fewer threats.)
    std::vector<Move>& wins = moves_at(depth);
    after.winning_moves(wins);
    if (wins.size() < 2) return false;
  }
  CellSet passed_zone = 0;
  if (!attacker_wins(after, k, passed_zone, depth + 1)) return false;
  std::vector<Move>& writers = moves_at(depth);
  CellSet result = passed_zone | state.writers_into(passed_zone, writers);
  for (std::size_t i = 0; i < writers.size(); ++i) {
    const Move x = moves_at(depth)[i];
    after.copy_from(state);
    after.apply(x);
    if (after.is_terminal()) return false;  // the defender won: no threat here
    CellSet below = 0;
    if (!attacker_wins(after, k, below, depth + 1)) return false;
    result |= below | state.move_reads(x, below);
  }
  zone = result;
  return true;
}

}  // namespace arbiter::solver

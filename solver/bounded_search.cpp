#include "solver/bounded_search.hpp"

#include <algorithm>
#include <bit>
#include <new>
#include <stdexcept>

#include "solver/dfpn.hpp"

namespace arbiter::solver {

BoundedSearch::BoundedSearch(std::size_t table_megabytes, const SearchControl& control)
    : size_(entries_for(table_megabytes)), control_(&control) {
  table_.reset(static_cast<Entry*>(std::calloc(size_, sizeof(Entry))));
  if (!table_) throw std::bad_alloc();
}

std::size_t BoundedSearch::entries_for(std::size_t table_megabytes) {
  return std::bit_floor(std::clamp<std::size_t>(table_megabytes, 1, 64) * 1024 * 1024 / sizeof(Entry));
}

std::size_t BoundedSearch::table_megabytes_for(std::size_t table_megabytes) {
  return entries_for(table_megabytes) * sizeof(Entry) / (1024 * 1024);
}

std::size_t BoundedSearch::used() const {
  const auto holds_a_position = [](const Entry& e) { return e.key != 0; };
  return static_cast<std::size_t>(std::count_if(table_.get(), table_.get() + size_, holds_a_position));
}

void BoundedSearch::tick() {
  const std::uint64_t node = stats_->nodes++;
  if (node % SearchControl::kCheckInterval == 0 && control_->checkpoint(node)) throw SearchInterrupted();
}

BoundedSearch::Entry& BoundedSearch::slot(std::uint64_t key) {
  if (key == 0) key = 1;  // 0 marks a slot never used (the table comes zeroed)
  ++stats_->tt_lookups;
  Entry& e = table_[key & (size_ - 1)];
  if (e.key != key) {
    e = Entry{key, -1, -1};
  } else {
    ++stats_->tt_hits;
  }
  return e;
}

State& BoundedSearch::scratch(std::size_t depth, const State& like) {
  while (scratch_.size() <= depth) {
    scratch_.push_back(like.clone());
    moves_.emplace_back();
    killers_.push_back(kNoMove);
  }
  return *scratch_[depth];
}

bool BoundedSearch::attacker_wins(const State& state, int attacker, int k) { return next_node(state, attacker, k, 0); }

bool BoundedSearch::defender_loses(const State& state, int attacker, int k) { return next_node(state, attacker, k, 0); }

// 1 or 0 when the table settles "wins within k" for the key, -1 when it does not.
int BoundedSearch::settled(std::uint64_t key, int k) {
  const Entry& e = slot(key);
  if (e.win_within >= 0 && e.win_within <= k) return 1;
  if (e.no_win_up_to >= k) return 0;
  return -1;
}

void BoundedSearch::record(std::uint64_t key, int k, bool wins) {
  Entry& e = slot(key);
  ++stats_->tt_stores;
  if (wins) {
    if (e.win_within < 0 || e.win_within > k) e.win_within = static_cast<std::int8_t>(k);
  } else if (e.no_win_up_to < k) {
    e.no_win_up_to = static_cast<std::int8_t>(k);
  }
}

// Sides need not alternate (a swap can leave the same side to move): each position is searched as
// whose move it is.
bool BoundedSearch::next_node(const State& state, int attacker, int k, std::size_t depth) {
  if (state.is_terminal()) return attacker_won(state, attacker);
  return state.side_to_move() == attacker ? attacker_node(state, attacker, k, depth) : defender_node(state, attacker, k, depth);
}

// Values are cached per canonical key as "wins within w" and "no win within n": a win within w
// is a win within any larger bound, a refutation within n refutes every smaller one.
bool BoundedSearch::attacker_node(const State& state, int attacker, int k, std::size_t depth) {
  tick();
  if (state.is_terminal()) return attacker_won(state, attacker);
  if (k <= 0) return false;
  const std::uint64_t key = state.canonical_key() ^ 0xA77AC4E5ULL;
  if (const int known = settled(key, k); known >= 0) return known == 1;
  State& child = scratch(depth, state);
  scratch(depth + 1, state);
  // The move that last won at once at this depth first: it often wins here too (a threat the
  // defender's last move left open), and trying it needs no list of moves. The attacker is the
  // side to move, so the moves that win at once are the game's own winning moves, which a game
  // may tell from the board without playing each.
  Move& killer = killers_[depth];
  if (killer != kNoMove && state.wins_at_once_with(killer, child)) {
    record(key, k, true);
    return true;
  }
  std::vector<Move>& moves = moves_[depth];
  // Immediate wins first: they are cheap and end the search.
  state.winning_moves(moves);
  bool won = !moves.empty();
  if (won) {
    killer = moves.front();
  } else {
    state.legal_moves(moves);
  }
  for (std::size_t i = 0; i < moves.size() && !won; ++i) {
    child.copy_from(state);
    child.apply(moves[i]);
    if (child.is_terminal()) continue;
    won = next_node(child, attacker, k - 1, depth + 1);
  }
  record(key, k, won);
  return won;
}

bool BoundedSearch::defender_node(const State& state, int attacker, int k, std::size_t depth) {
  tick();
  if (state.is_terminal()) return attacker_won(state, attacker);
  const std::uint64_t key = state.canonical_key() ^ 0xDEFE4D00ULL;
  if (const int known = settled(key, k); known >= 0) return known == 1;
  State& child = scratch(depth, state);
  scratch(depth + 1, state);
  auto refutes_at_once = [&](const State& reply) {
    return (reply.is_terminal() && !attacker_won(reply, attacker)) ||
           (!reply.is_terminal() && k == 0 && reply.side_to_move() == attacker);
  };
  // When the attacker has no move left (k = 0) almost any reply refutes: the last one that did
  // at this depth is tried before the moves are listed.
  Move& killer = killers_[depth];
  if (killer != kNoMove) {
    child.copy_from(state);
    if (child.apply_if_legal(killer) && refutes_at_once(child)) {
      record(key, k, false);
      return false;
    }
  }
  std::vector<Move>& moves = moves_[depth];
  state.legal_moves(moves);
  // Replies that end the game (or leave the attacker out of moves) first: they refute cheaply.
  bool refuted = false;
  for (Move m : moves) {
    child.copy_from(state);
    child.apply(m);
    if (refutes_at_once(child)) {
      killer = m;
      refuted = true;
      break;
    }
  }
  for (std::size_t i = 0; i < moves.size() && !refuted; ++i) {
    child.copy_from(state);
    child.apply(moves[i]);
    if (child.is_terminal()) continue;
    refuted = !next_node(child, attacker, k, depth + 1);
  }
  record(key, k, !refuted);
  return !refuted;
}

// Rebuilds the tree the search found, asking the (cached) search again at each node; k counts
// the attacker's remaining moves, as in the claims written.
int BoundedSearch::certify(const State& state, int attacker, int k, bool wins, Certificate& out) {
  memo_.clear();  // its ids belong to the certificate being written
  return certify_node(state, attacker, k, wins, out);
}

int BoundedSearch::certify_node(const State& state, int attacker, int k, bool wins, Certificate& out) {
  const MemoKey memo_key{state.key(), state.ply(), k, wins};
  if (auto it = memo_.find(memo_key); it != memo_.end()) return it->second;
  CertificateNode node;
  node.claim = Claim{wins ? Claim::Kind::Win : Claim::Kind::NoWin, attacker, k};
  if (!state.is_terminal() && !(!wins && k == 0 && state.side_to_move() == attacker)) {
    std::vector<Move> moves;
    state.legal_moves(moves);
    auto child = state.clone();
    const bool attacker_moves = state.side_to_move() == attacker;
    const int next_k = attacker_moves ? k - 1 : k;
    auto child_wins = [&](const State& c) { return next_node(c, attacker, next_k, 0); };
    // The side acting for the claim names one move; the other side has every move listed.
    const bool pick_one = wins == attacker_moves;
    // A win names a move that wins soonest: within 1 of the attacker's moves if one does, else
    // within 2, ... (each a search over the same table), so that the certificate's longest line
    // is the quickest win against the longest defence, not one that marks time first.
    if (pick_one && wins) {
      for (int soonest = 0; soonest < next_k; ++soonest) {
        const auto quick = std::find_if(moves.begin(), moves.end(), [&](Move m) {
          child->copy_from(state);
          child->apply(m);
          return next_node(*child, attacker, soonest, 0);
        });
        if (quick != moves.end()) {
          moves = {*quick};
          break;
        }
      }
    }
    for (Move m : moves) {
      child->copy_from(state);
      child->apply(m);
      const bool w = child_wins(*child);
      if (pick_one && w != wins) continue;
      if (!pick_one && w != wins) throw std::logic_error("bounded search: certificate contradicts the search");
      node.children.emplace_back(state.move_text(m), certify_node(*child, attacker, next_k, wins, out));
      if (pick_one) break;
    }
    if (pick_one && node.children.empty()) throw std::logic_error("bounded search: no move shows the result");
  }
  const int id = out.add(std::move(node));
  memo_.emplace(memo_key, id);
  return id;
}

}  // namespace arbiter::solver

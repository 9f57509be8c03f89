#include "solver/dfpn.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

#include "model/core/zobrist.hpp"

namespace arbiter::solver {
namespace {

constexpr std::uint32_t kInf = kInfiniteNumber;
constexpr int kRefreshEvery = 16;

std::uint32_t saturating_sum(std::uint64_t a, std::uint64_t b) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(a + b, kInf));
}

// Pawlewicz and Lew's threshold for the best child: a little above the second best, so that the
// search does not bounce between two siblings of nearly equal cost.
std::uint32_t one_plus_epsilon(std::uint32_t second) {
  if (second >= kInf) return kInf;
  const std::uint64_t raised = std::uint64_t{second} + 1 + second / 4;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(raised, kInf));
}

}  // namespace

// Proof numbers mean different things for different goals; salting the keys lets one table hold
// the searches for several goals without mixing them up.
std::uint64_t Dfpn::goal_salt(const Goal& goal) {
  return mix64(0x600D5A17ULL + static_cast<std::uint64_t>(goal.attacker) * 2 + (goal.draw_enough ? 1 : 0));
}

State& Dfpn::at_depth(std::size_t depth) {
  while (stack_.size() <= depth) {
    stack_.push_back(stack_.front()->clone());
    moves_.emplace_back();
    children_.emplace_back();
  }
  while (killers_.size() <= depth) killers_.push_back(kNoKillers);
  return *stack_[depth];
}

State& Dfpn::spare_at_depth(std::size_t depth) {
  at_depth(depth);
  while (spare_.size() <= depth) spare_.push_back(stack_.front()->clone());
  return *spare_[depth];
}

ProofNumbers Dfpn::terminal_numbers(const State& state) const {
  const Outcome outcome = state.outcome();
  const bool reached = outcome.kind == Outcome::Kind::Win ? outcome.winner == goal_.attacker
                                                          : outcome.kind == Outcome::Kind::Draw && goal_.draw_enough;
  if (reached) return ProofNumbers{0, kInf};
  return ProofNumbers{outcome.kind == Outcome::Kind::Draw ? kDrawnDisproof : kInf, 0};
}

// The proof number that says whether a node's disproof rests on a draw: at the attacker's node
// every child is disproved, and it is clean only if all of them are; at the defender's node one
// disproved child is enough, and it is clean if a clean one is among them.
std::uint32_t Dfpn::disproof_pn(const std::vector<Child>& children, bool or_node) {
  bool clean = or_node;
  for (const Child& child : children) {
    if (!child.numbers.disproven()) continue;
    const bool child_clean = child.numbers.pn == kInf;
    clean = or_node ? clean && child_clean : clean || child_clean;
  }
  return clean ? kInf : kDrawnDisproof;
}

Verdict Dfpn::solve(const State& root, const Goal& goal, std::uint64_t node_budget) {
  budget_end_ = node_budget >= kNoBudget - stats_.nodes ? kNoBudget : stats_.nodes + node_budget;
  goal_ = goal;
  salt_ = goal_salt(goal);
  stopped_ = false;
  stack_.clear();
  spare_.clear();
  moves_.clear();
  children_.clear();
  killers_.clear();
  stack_.push_back(root.clone());
  moves_.emplace_back();
  children_.emplace_back();
  ProofNumbers result;
  if (root.is_terminal()) {
    result = terminal_numbers(root);
  } else {
    while (!result.solved() && !stopped_) result = mid(0, kInf, kInf);
  }
  last_ = result;
  if (result.proven()) return Verdict::Proven;
  if (result.disproven()) return Verdict::Disproven;
  return Verdict::Unknown;
}

ProofNumbers Dfpn::mid(std::size_t depth, std::uint32_t thpn, std::uint32_t thdn) {
  const std::uint64_t nodes_before = stats_.nodes++;
  if (nodes_before % SearchControl::kCheckInterval == 0 &&
      (control_.checkpoint(nodes_before) || ((nodes_before & 1023) == 0 && nodes_before >= budget_end_))) {
    stopped_ = true;
  }
  State& state = *stack_[depth];
  const std::uint64_t key = state.canonical_key() ^ salt_;
  if (stopped_) {
    ProofNumbers stored;
    table_.lookup(key, stored);
    return stored;
  }
  const bool or_node = state.side_to_move() == goal_.attacker;
  State& scratch = at_depth(depth + 1);
  std::vector<Move>& moves = moves_[depth];
  std::vector<Child>& children = children_[depth];
  state.legal_moves(moves);
  const bool local = zones_ != nullptr && state.zones_apply();
  const bool refute = local && !searching_again_;
  // A copy: the searches below reuse the slots of the table it comes from.
  const Threats threats = local ? prune_moves(state, moves) : Threats{};
  children.clear();
  ProofNumbers numbers;
  bool decided = false;
  const ProofNumbers node_won = or_node ? ProofNumbers{0, kInf} : ProofNumbers{kInf, 0};
  // Each child is made, its key computed and its table bucket prefetched; the child made before it
  // is then looked up (its bucket has had the time of one move to arrive) and, when the table does
  // not know it, evaluated in the state it was made in. Made states alternate between two per
  // depth. A move that ends the game in the mover's favour, or a child found won for the mover,
  // settles the node at once: no other child is needed.
  std::array<State*, 2> made{&scratch, &spare_at_depth(depth + 1)};
  const auto settle = [&](Child& child, const State& made_state) {
    if (child.terminal) return;
    ++stats_.tt_lookups;
    if (table_.lookup(child.key, child.numbers)) {
      ++stats_.tt_hits;
      return;
    }
    child.numbers = evaluate_new(made_state, depth + 1);
    if (child.numbers.solved()) {
      table_.store(child.key, child.numbers, 1);
      ++stats_.tt_stores;
    }
  };
  for (std::size_t i = 0; i < moves.size() && !decided; ++i) {
    const Move m = moves[i];
    State& child_state = *made[i & 1];
    child_state.copy_from(state);
    child_state.apply(m);
    Child child{m, child_state.canonical_key() ^ salt_, local ? child_state.key() : 0, {}, child_state.is_terminal()};
    if (child.terminal) {
      child.numbers = terminal_numbers(child_state);
      if (child.numbers == node_won) {
        remember_winning_move(depth, m);
        numbers = node_won;
        decided = true;
        if (i > 0) settle(children.back(), *made[(i - 1) & 1]);
        children.push_back(child);
        break;
      }
    } else {
      table_.prefetch(child.key);
    }
    if (i > 0) {
      settle(children.back(), *made[(i - 1) & 1]);
      if (children.back().numbers == node_won) {
        numbers = node_won;
        decided = true;
        break;
      }
    }
    children.push_back(child);
  }
  if (!decided && !children.empty()) {
    settle(children.back(), *made[(moves.size() - 1) & 1]);
    if (children.back().numbers == node_won) {
      numbers = node_won;
      decided = true;
    }
  }
  // Children the table already knows to be lost for the mover may refute their siblings.
  if (refute && !decided) {
    for (std::size_t i = 0; i < children.size(); ++i) {
      if (lost_for_mover(children[i].numbers, or_node)) refute_siblings(state, children, i, or_node);
    }
  }
  for (int step = 0; !decided; ++step) {
    const bool refresh = step > 0 && step % kRefreshEvery == 0;
    std::uint64_t sum = 0;
    std::uint32_t best_value = kInf + 1, second_value = kInf + 1;
    std::size_t best = 0;
    for (std::size_t i = 0; i < children.size(); ++i) {
      Child& child = children[i];
      // Children are read from the table when the node is entered and then kept up to date from
      // what each search below returns: re-reading every child at every step (Nagai's original)
      // costs a cache miss per child and only catches changes made through transpositions.
      if (!child.terminal && refresh) {
        ++stats_.tt_lookups;
        if (table_.lookup(child.key, child.numbers)) ++stats_.tt_hits;
      }
      const std::uint32_t selecting = or_node ? child.numbers.pn : child.numbers.dn;
      sum += or_node ? child.numbers.dn : child.numbers.pn;
      if (selecting < best_value || (later_ties_ && selecting == best_value)) {
        second_value = best_value;
        best_value = selecting;
        best = i;
      } else if (selecting < second_value) {
        second_value = selecting;
      }
    }
    const std::uint32_t summed = static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, kInf));
    const std::uint32_t selected = std::min(best_value, kInf);
    if (or_node) {
      numbers.pn = selected;
      numbers.dn = selected == 0 ? kInf : std::min(summed, summed >= kInf && selected < kInf ? kInf - 1 : summed);
    } else {
      numbers.dn = selected;
      numbers.pn = selected == 0 ? kInf : std::min(summed, summed >= kInf && selected < kInf ? kInf - 1 : summed);
    }
    if (numbers.solved() || numbers.pn >= thpn || numbers.dn >= thdn || stopped_) break;
    Child& chosen = children[best];
    if (depth == 0 && control_.focus != nullptr) {
      control_.focus->move.store(chosen.move, std::memory_order_relaxed);
      control_.focus->pn.store(numbers.pn, std::memory_order_relaxed);
      control_.focus->dn.store(numbers.dn, std::memory_order_relaxed);
    }
    const std::uint32_t second = std::min(second_value, kInf);
    std::uint32_t child_thpn, child_thdn;
    if (or_node) {
      child_thpn = std::min(thpn, one_plus_epsilon(second));
      child_thdn = thdn >= kInf ? kInf : saturating_sum(thdn - numbers.dn, chosen.numbers.dn);
    } else {
      child_thdn = std::min(thdn, one_plus_epsilon(second));
      child_thpn = thpn >= kInf ? kInf : saturating_sum(thpn - numbers.pn, chosen.numbers.pn);
    }
    scratch.copy_from(state);
    scratch.apply(chosen.move);
    const ProofNumbers result = mid(depth + 1, child_thpn, child_thdn);
    // The child's numbers may have been pushed out of the table already; keep them here.
    children[best].numbers = result;
    if (refute && lost_for_mover(result, or_node)) refute_siblings(state, children, best, or_node);
    // Where zones apply, siblings are refuted by zones instead (see proved_by_simulation).
    if (!or_node && !local && result.proven() && simulation_steps_ > 0) simulate_siblings(depth, best);
  }
  if (numbers.disproven() && !decided) numbers.pn = disproof_pn(children, or_node);
  if (local && numbers.solved() && !stopped_) record_zone(state, children, threats, or_node, numbers);
  if (!stopped_ || numbers.solved()) {
    table_.store(key, numbers, stats_.nodes - nodes_before);
    ++stats_.tt_stores;
    if (numbers.proven()) ++stats_.proven;
    if (numbers.disproven()) ++stats_.disproven;
  }
  return numbers;
}

State& Dfpn::simulation_state(std::size_t level, int which) {
  const std::size_t slot = level * 2 + static_cast<std::size_t>(which);
  while (simulation_states_.size() <= slot) simulation_states_.push_back(stack_.front()->clone());
  while (simulation_moves_.size() <= level) simulation_moves_.emplace_back();
  return *simulation_states_[slot];
}

// Kawano's simulation (1996): a defence the search has just refuted is often refuted the same way
// as its siblings, above all a defence far from the fight. Each unsolved sibling q is tried with
// the proved one's proof p as a model: at the attacker's nodes the move the table shows winning in
// p is played in q; at the defender's nodes every legal reply of q is taken, and each is either
// shown proved by the table (or a finished game) or followed by the same reply in p, which must be
// proved too, and the walk goes on. Nothing is assumed: every position stored as proved has a
// winning move (attacker) or every reply proved (defender), each played out or found proved in
// the table, as a search would have found them. A walk that meets anything else, or uses up its
// steps, stops and proves nothing.
void Dfpn::simulate_siblings(std::size_t depth, std::size_t proved) {
  if (simulation_failed_.empty()) simulation_failed_.assign(std::size_t{1} << 16, 0);
  const State& state = *stack_[depth];
  std::vector<Child>& children = children_[depth];
  State& model = at_depth(depth + 1);
  model.copy_from(state);
  model.apply(children[proved].move);
  const std::uint64_t model_key = children[proved].key;
  // The siblings live beyond the stack's depth + 1 (the model) and the simulation's own states.
  State& sibling = spare_at_depth(depth + 1);
  for (std::size_t j = 0; j < children.size(); ++j) {
    Child& child = children[j];
    if (j == proved || child.terminal || child.numbers.solved()) continue;
    const std::uint64_t pair = child.key ^ (model_key * 0x9E3779B97F4A7C15ULL);
    std::uint64_t& failed = simulation_failed_[pair & (simulation_failed_.size() - 1)];
    if (failed == pair) continue;
    sibling.copy_from(state);
    sibling.apply(child.move);
    simulation_steps_left_ = simulation_steps_;
    if (simulate(sibling, model, 0)) {
      child.numbers = ProofNumbers{0, kInf};
      table_.store(child.key, child.numbers, 1);
      ++stats_.tt_stores;
      ++stats_.proven;
      ++stats_.simulated;
    } else {
      failed = pair;
    }
  }
}

// Whether q is proved by following p's proof (p proved, the same side to move in both): at the
// attacker's turn the move the table shows winning in p, at the defender's every reply of q.
// Whose turn it is is asked of each position, not assumed to alternate.
bool Dfpn::simulate(const State& q, const State& p, std::size_t level) {
  if (--simulation_steps_left_ < 0 || q.side_to_move() != p.side_to_move()) return false;
  // Where zones apply the search refutes siblings by zones, which a position proved here would
  // lack (none is recorded for it, and the refutations that need it are lost: a 5x5 connection
  // game's solve took 3% more nodes); so the simulation stays out.
  if (zones_ != nullptr && q.zones_apply()) return false;
  State& p_child = simulation_state(level, 0);
  State& q_child = simulation_state(level, 1);
  std::vector<Move>& moves = simulation_moves_[level];
  if (q.side_to_move() == goal_.attacker) {
    p.legal_moves(moves);
    for (Move m : moves) {
      p_child.copy_from(p);
      p_child.apply(m);
      if (!child_shows(p_child, true)) continue;
      q_child.copy_from(q);
      return q_child.apply_if_legal(m) && (child_shows(q_child, true) || proved_by_simulation(q_child, p_child, level));
    }
    return false;
  }
  q.legal_moves(moves);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    q_child.copy_from(q);
    q_child.apply(moves[i]);
    if (child_shows(q_child, true)) continue;
    p_child.copy_from(p);
    if (!p_child.apply_if_legal(moves[i]) || !child_shows(p_child, true) ||
        !proved_by_simulation(q_child, p_child, level)) {
      return false;
    }
  }
  return true;
}

// q_child (reached in the simulation at `level`, not shown proved yet) is proved by following
// p_child (which the caller has seen proved; it must not be over), and is then stored as proved.
bool Dfpn::proved_by_simulation(const State& q_child, const State& p_child, std::size_t level) {
  if (q_child.is_terminal() || p_child.is_terminal()) return false;
  if (!simulate(q_child, p_child, level + 1)) return false;
  table_.store(q_child.canonical_key() ^ salt_, ProofNumbers{0, kInf}, 1);
  ++stats_.tt_stores;
  ++stats_.proven;
  return true;
}

void Dfpn::prune_by_threats(int depth, ZoneTable* zones) {
  zones_ = depth > 0 ? zones : nullptr;
  if (zones_ == nullptr) {
    threats_.reset();
    threats_found_.clear();
    return;
  }
  threats_ = std::make_unique<ThreatZones>(depth);
  threats_found_.clear();
}

// The threat search is costlier than an expansion and df-pn enters a position many times, so
// what it found is remembered per position (exactly: a slot holds one key).
const Dfpn::Threats& Dfpn::prune_moves(const State& state, std::vector<Move>& moves) {
  static const Threats kNone;
  if (moves.size() > 64) return kNone;
  // A slot per 32 table entries, at most 2^18 (18 MB), taken at the first threat search: each unit
  // of a solve has a Dfpn of its own, and the many small solves of puzzle generation (or a game
  // without local moves) would otherwise spend their time clearing it. A slot missed only costs a
  // threat search again: the moves it keeps are the same.
  if (threats_found_.empty()) {
    threats_found_.assign(std::bit_floor(std::clamp<std::size_t>(table_.capacity() / 32, std::size_t{1} << 10, std::size_t{1} << 18)),
                          Threats{});
  }
  const std::uint64_t key = state.key();
  Threats& slot = threats_found_[key & (threats_found_.size() - 1)];
  if (!slot.used || slot.key != key) {
    slot = Threats{key, ~std::uint64_t{0}, {}, 0, true};
    ++stats_.threat_searches;
    unpruned_ = moves;
    if (threats_->prune(state, unpruned_, &threat_zones_) == 0 && threat_zones_.empty()) return slot;
    // The moves kept are those that meet every zone kept (the threats beyond kThreatsKept are
    // dropped: fewer moves pruned, but every pruned one has its zone at hand).
    slot.count = static_cast<std::uint8_t>(std::min(threat_zones_.size(), kThreatsKept));
    std::copy_n(threat_zones_.begin(), slot.count, slot.zones.begin());
    std::uint64_t kept = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const CellSet writes = state.move_changes(moves[i]);
      bool meets_all = true;
      for (std::size_t t = 0; t < slot.count && meets_all; ++t) meets_all = (writes & slot.zones[t]) != 0;
      if (meets_all) kept |= std::uint64_t{1} << i;
    }
    slot.kept = kept;
  }
  if (slot.kept == ~std::uint64_t{0}) return slot;
  std::size_t out = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if ((slot.kept >> i) & 1) moves[out++] = moves[i];
  }
  stats_.moves_pruned += moves.size() - out;
  moves.resize(out);
  return slot;
}

bool Dfpn::zone_of_child(const State& state, const Child& child, CellSet& zone) {
  if (!child.terminal && zones_->lookup(child.position_key, zone)) return true;
  if (!zone_child_) {
    zone_child_ = state.clone();
    zone_scratch_ = state.clone();
  }
  zone_child_->copy_from(state);
  zone_child_->apply(child.move);
  if (zone_child_->is_terminal()) {
    if (zone_child_->outcome().kind != Outcome::Kind::Win) return false;
    zone = zone_child_->win_witness();
    return true;
  }
  if (!zone_of_win_at_once(*zone_child_, *zone_scratch_, zone_moves_, zone) || zone == ~CellSet{0}) return false;
  zones_->store(child.position_key, zone);
  return true;
}

void Dfpn::refute_siblings(const State& state, std::vector<Child>& children, std::size_t refuted, bool or_node) {
  CellSet zone = 0;
  if (!zone_of_child(state, children[refuted], zone)) return;
  // A proof that reads a cell the move changed may rest on the move: then it refutes only it.
  if ((state.move_changes(children[refuted].move) & zone) != 0) return;
  const ProofNumbers lost = or_node ? ProofNumbers{kInf, 0} : ProofNumbers{0, kInf};
  for (std::size_t i = 0; i < children.size(); ++i) {
    Child& sibling = children[i];
    if (sibling.numbers.solved() || (state.move_changes(sibling.move) & zone) != 0) continue;
    sibling.numbers = lost;
    table_.store(sibling.key, lost, 1);
    ++stats_.tt_stores;
    zones_->store(sibling.position_key, zone);
    ++stats_.siblings_refuted;
  }
}

// Won for its mover by a child: that child's zone, what the move reads, and cells showing the
// opponent has not won. Lost: every move of the mover loses. One zone Zn that refutes a pass (a
// threat's, or a refuted child's that its move does not touch) refutes every move that leaves it
// alone; the moves that write into it must each be refuted with a zone of their own. Then
// positions that agree on Zn, on the cells that decide which moves write into it, and on those
// moves' cells and zones are lost the same way (docs/solver.md, "Threat zones").
void Dfpn::record_zone(const State& state, const std::vector<Child>& children, const Threats& threats, bool or_node,
                       const ProofNumbers& numbers) {
  const std::uint64_t key = state.key();
  if (won_for_mover(numbers, or_node)) {
    for (const Child& child : children) {
      CellSet zone = 0;
      if (!won_for_mover(child.numbers, or_node) || !zone_of_child(state, child, zone)) continue;
      zone |= state.move_reads(child.move, zone);
      zone |= state.no_win_witness(1 - state.side_to_move(), zone);
      if (zone != ~CellSet{0}) zones_->store(key, zone);
      return;
    }
    return;
  }
  // Candidates for Zn: the threats, then the children refuted by proofs their moves do not touch.
  std::array<CellSet, kThreatsKept + 4> passes{};
  std::size_t count = 0;
  for (std::size_t t = 0; t < threats.count; ++t) passes[count++] = threats.zones[t];
  for (const Child& child : children) {
    if (count == passes.size()) break;
    CellSet zone = 0;
    if (lost_for_mover(child.numbers, or_node) && zone_of_child(state, child, zone) &&
        (state.move_changes(child.move) & zone) == 0) {
      passes[count++] = zone;
    }
  }
  if (count == 0) return;
  CellSet best = ~CellSet{0};
  for (std::size_t p = 0; p < count; ++p) {
    const CellSet pass = passes[p];
    // (A vector of its own: zone_of_child below uses zone_moves_.)
    CellSet zone = pass | state.writers_into(pass, writer_moves_);
    bool known = true;
    for (Move m : writer_moves_) {
      CellSet refutation = 0;
      const auto child = std::find_if(children.begin(), children.end(), [m](const Child& c) { return c.move == m; });
      if (child != children.end()) {
        known = lost_for_mover(child->numbers, or_node) && zone_of_child(state, *child, refutation);
      } else {
        // Left out by a threat: one whose zone it does not touch refutes it.
        known = false;
        const CellSet changes = state.move_changes(m);
        for (std::size_t t = 0; t < threats.count && !known; ++t) {
          if ((changes & threats.zones[t]) == 0) {
            refutation = threats.zones[t];
            known = true;
          }
        }
      }
      if (!known) break;
      zone |= refutation | state.move_reads(m, refutation);
    }
    if (known && std::popcount(zone) < std::popcount(best)) best = zone;
  }
  if (best != ~CellSet{0}) zones_->store(key, best);
}

// Killer moves: a move that just won at once somewhere at this depth is likely to win at once in
// the sibling positions too (a threat the defender's other moves leave open). Trying it costs one
// copy and one move, where expanding the position would cost a move per legal move.
void Dfpn::remember_winning_move(std::size_t depth, Move m) {
  std::array<Move, kKillers>& killers = killers_[depth];
  if (killers[0] == m) return;
  for (std::size_t i = kKillers - 1; i > 0; --i) killers[i] = killers[i - 1];
  killers[0] = m;
}

// Whether the side to move in `state` (at `depth`) wins with one of the depth's killer moves: the
// definition of the position's value, played out (or decided by the game exactly as playing it
// would), so nothing is pruned by guess.
bool Dfpn::wins_at_once(const State& state, std::size_t depth) {
  State& trial = at_depth(depth + 1);
  for (std::size_t i = 0; i < kKillers; ++i) {
    const Move m = killers_[depth][i];
    if (m == kNoMove) break;
    if (state.wins_at_once_with(m, trial)) return true;
  }
  return false;
}

// A position the table does not know: won at once by a killer; else, when the game's estimate says
// its side to move is one move from winning, won at once by a move found among all of them (which
// becomes the depth's killer); else the estimate's numbers. The estimate only decides where to
// look: a win is always played out.
ProofNumbers Dfpn::evaluate_new(const State& state, std::size_t depth) {
  if (wins_at_once(state, depth)) return won_by_mover(state);
  const ProofNumbers estimate = initial_numbers(state);
  const bool attacker_moves = state.side_to_move() == goal_.attacker;
  if ((attacker_moves ? estimate.pn : estimate.dn) > 1) return estimate;
  std::vector<Move>& wins = moves_[depth];
  state.winning_moves(wins);
  if (!wins.empty()) {
    remember_winning_move(depth, wins.front());
    return won_by_mover(state);
  }
  return estimate;
}

// The numbers of a position whose side to move wins: proved if that side is the attacker,
// disproved (the attacker neither wins nor draws) if it is the defender.
ProofNumbers Dfpn::won_by_mover(const State& state) const {
  return state.side_to_move() == goal_.attacker ? ProofNumbers{0, kInf} : ProofNumbers{kInf, 0};
}

// df-pn+ style: an unexpanded node starts with proof and disproof numbers from the game's
// distance estimates, so that the search tries first what looks closest to a result. Only the
// order of the search depends on them.
ProofNumbers Dfpn::initial_numbers(const State& state) const {
  const int attacker = state.distance_to_win(goal_.attacker);
  const int defender = state.distance_to_win(1 - goal_.attacker);
  return {static_cast<std::uint32_t>(std::max(1, attacker)), static_cast<std::uint32_t>(std::max(1, defender))};
}

bool Dfpn::child_shows(const State& child, bool proof) {
  if (child.is_terminal()) {
    const ProofNumbers n = terminal_numbers(child);
    return proof ? n.proven() : n.disproven();
  }
  ProofNumbers n;
  if (!table_.lookup(child.canonical_key() ^ salt_, n)) return false;
  return proof ? n.proven() : n.disproven();
}

std::vector<std::string> Dfpn::table_line(const State& root, const Goal& goal, bool proved,
                                          std::uint64_t research_nodes) {
  const int chooser_side = proved ? goal.attacker : 1 - goal.attacker;
  // A draw's line (the attacker holds, and its win was refuted): the other side keeps the draw
  // too, by a reply that refutes the attacker's win. Without that, a reply that loses would do
  // (every reply leaves the attacker its draw), and the line would end in a win.
  const bool draw = proved && goal.draw_enough;
  const Goal no_win{goal.attacker, false};
  const std::uint64_t research_end =
      research_nodes >= kNoBudget - stats_.nodes ? kNoBudget : stats_.nodes + research_nodes;
  std::vector<std::string> line;
  auto here = root.clone(), child = root.clone(), best = root.clone();
  std::vector<Move> moves;
  // Every move adds a ply, and no game outlasts its ply cap, so the walk ends.
  while (!here->is_terminal()) {
    const bool chooser = here->side_to_move() == chooser_side;
    // What the side to move keeps, if anything: the chooser its result, the other side its draw.
    const bool keeps = chooser || draw;
    const Goal& kept_goal = chooser || !draw ? goal : no_win;
    const bool kept_proved = chooser ? proved : false;
    const Verdict kept = kept_proved ? Verdict::Proven : Verdict::Disproven;
    goal_ = kept_goal;
    salt_ = goal_salt(kept_goal);
    here->legal_moves(moves);
    bool found = false, researched = false;
    int best_rank = 0;
    Move chosen = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      child->copy_from(*here);
      child->apply(m);
      int rank = 0;
      if (keeps) {
        if (!child_shows(*child, kept_proved)) {
          // The table no longer holds a proved move here (its entry gave way, or the move was
          // refuted beside another without a search of its own): the position is searched again,
          // within what is left of the line's budget, and its moves looked at anew.
          if (i + 1 < moves.size() || found || researched || stats_.nodes >= research_end) continue;
          researched = true;
          if (solve(*here, kept_goal, research_end - stats_.nodes) != kept) break;
          goal_ = kept_goal;
          salt_ = goal_salt(kept_goal);
          i = static_cast<std::size_t>(-1);
          continue;
        }
        rank = child->is_terminal() ? 1 : 0;
      } else {
        // The other side: a reply that does not end the game first, of those a reply the table
        // shows lost for it (the line goes on from there without a search: the replies it does not
        // show were mostly refuted without one, by a threat they leave alone), then the one that
        // leaves the chooser farthest from its goal.
        rank = child->is_terminal() ? -1 : (child_shows(*child, proved) ? 1 << 20 : 0) + child->distance_to_win(chooser_side);
      }
      if (!found || rank > best_rank) {
        found = true;
        best_rank = rank;
        chosen = m;
        best->copy_from(*child);
      }
      if (keeps && rank == 1) break;
    }
    if (!found) break;
    line.push_back(here->move_text(chosen));
    std::swap(here, best);
  }
  return line;
}

int Dfpn::extract(const State& root, const Goal& goal, Verdict verdict, Certificate& out) {
  if (verdict == Verdict::Unknown) throw std::logic_error("extract: nothing was proved");
  goal_ = goal;
  salt_ = goal_salt(goal);
  memo_.clear();
  extract_children_.clear();
  extract_moves_.clear();
  return extract_node(root, verdict == Verdict::Proven, out, 0).id;
}

// The move that wins at once after the most replies of `state` (its text empty if none does). Votes
// are counted by move code (its text kept from where it was first met: codes that read alike
// everywhere, as in the games whose codes do not depend on the position, give the same answer as
// counting texts; elsewhere the replies it does not answer are written out, see answered_at_once),
// and the count stops once no other move can reach the leader's votes with the replies left: the
// answer is the same.
Dfpn::Answer Dfpn::default_answer(const State& state, const std::vector<Move>& replies, int claim_side, std::size_t depth) {
  State& after = at_depth(depth + 1);
  std::vector<Move>& wins = answer_wins_;
  std::vector<Votes>& votes = answer_votes_;  // in the order first met: ties go to the first
  votes.clear();
  for (std::size_t r = 0; r < replies.size(); ++r) {
    after.copy_from(state);
    after.apply(replies[r]);
    if (after.is_terminal() || after.side_to_move() != claim_side) continue;
    after.winning_moves(wins);
    for (Move w : wins) {
      auto it = std::find_if(votes.begin(), votes.end(), [&](const Votes& v) { return v.answer.move == w; });
      if (it == votes.end()) votes.push_back({{after.move_text(w), w}, 1});
      else ++it->count;
    }
    int leader = 0, second = 0;
    for (const Votes& v : votes) {
      if (v.count > leader) {
        second = leader;
        leader = v.count;
      } else if (v.count > second) {
        second = v.count;
      }
    }
    if (leader - second > static_cast<int>(replies.size() - r - 1)) break;
  }
  const auto best = std::max_element(votes.begin(), votes.end(), [](const Votes& a, const Votes& b) { return a.count < b.count; });
  return best == votes.end() ? Answer{} : best->answer;
}

// Whether the position after a reply is left to the default answer: over already with the claimer's
// win, or the claimer to move and the answer, played, wins at once. Played out here as the verifier
// will, so nothing rests on the game's own list of winning moves. The verifier reads the answer's
// text in each position; the move it was where it won is what the text reads as wherever that move
// is legal and written the same (a legal move's text reads back as that move, which the conformance
// battery checks). Elsewhere the reply is written out with its own answer: never wrong, only
// larger, and in a game whose move codes do not depend on the position (a code per cell, as where
// moves place stones), it never happens (reading the text there, as before, cost an exception per
// illegal answer and 7% of a certificate run's time).
bool Dfpn::answered_at_once(const State& after_reply, const Answer& answer, int claim_side, std::size_t depth) {
  const auto claimer_won = [&](const State& s) {
    const Outcome outcome = s.outcome();
    return outcome.kind == Outcome::Kind::Win && outcome.winner == claim_side;
  };
  if (after_reply.is_terminal()) return claimer_won(after_reply);
  if (after_reply.side_to_move() != claim_side) return false;
  State& played = at_depth(depth + 2);
  played.copy_from(after_reply);
  if (!played.apply_if_legal(answer.move) || after_reply.move_text(answer.move) != answer.text) return false;
  return played.is_terminal() && claimer_won(played);
}

// A position the extraction needs but the table lost (or never held: a sibling refuted with
// another's proof, a defence a threat left out), solved again for the extraction's goal; true if
// proved. Such a search refutes no siblings: each it refuted would be one more position held
// without its children, to be searched again in turn when the extraction reaches it. On d4
// (docs/solver.md) that cascade made a certificate 39% larger for no fewer nodes.
bool Dfpn::search_again(const State& state) {
  const Goal goal = goal_;
  searching_again_ = true;
  const Verdict again = solve(state, goal);
  searching_again_ = false;
  goal_ = goal;
  // A stop (Ctrl-C, the time limit) during the search returns the node's stored value without its
  // children: that is an interruption, not a proof to extract.
  if (again == Verdict::Unknown || stopped_) throw SearchInterrupted();
  return again == Verdict::Proven;
}

Dfpn::Extracted Dfpn::extract_node(const State& state, bool proof, Certificate& out, std::size_t depth) {
  const std::uint64_t memo_key = state.key();
  const int memo_ply = state.ply();
  if (ExtractionMemo::Written written; memo_.find(memo_key, memo_ply, proof ? 1 : 0, written)) {
    return Extracted{written.id, written.strict};
  }
  // A large proof takes minutes to write out: a stop (Ctrl-C, the time limit) must be noticed here
  // too, or the command waits for the whole certificate. The move is then not settled.
  if ((++extracted_nodes_ & 1023) == 0 && control_.should_stop()) {
    stopped_ = true;
    throw SearchInterrupted();
  }
  const int claim_side = proof ? goal_.attacker : 1 - goal_.attacker;
  CertificateNode node;
  Extracted result;
  if (state.is_terminal()) {
    const Outcome outcome = state.outcome();
    result.strict = outcome.kind == Outcome::Kind::Win && outcome.winner == claim_side;
  } else {
    while (extract_children_.size() <= depth) {
      extract_children_.push_back(state.clone());
      extract_moves_.emplace_back();
      extract_probes_.emplace_back();
    }
    std::vector<Move>& moves = extract_moves_[depth];
    state.legal_moves(moves);
    State* child = extract_children_[depth].get();
    const bool chooser = state.side_to_move() == claim_side;
    if (chooser) {
      // The smallest certificate the table allows without searching: a move that ends the game as
      // claimed, else one whose subtree is already written, else the first the table shows to
      // work. If the table lost them all, prove this node again.
      // Else, of those the table shows, the one that leaves the chooser nearest its win by the
      // game's estimate: a shorter win, a smaller tree below.
      const auto preference = [&](const State& after) {
        if (after.is_terminal()) return 0;
        if (ExtractionMemo::Written written; memo_.find(after.key(), after.ply(), proof ? 1 : 0, written)) return 1;
        return 2 + std::min(after.distance_to_win(claim_side), 1 << 20);
      };
      constexpr int kNone = std::numeric_limits<int>::max();
      std::vector<ChildProbe>& probes = extract_probes_[depth];
      for (int attempt = 0; attempt < 2 && node.children.empty(); ++attempt) {
        Move chosen = 0;
        int chosen_preference = kNone;
        probes.clear();
        for (Move m : moves) {
          child->copy_from(state);
          child->apply(m);
          if (child->is_terminal()) {
            const bool shows = child_shows(*child, proof);
            // The first move that ends the game as claimed is the one chosen below: no need to look further.
            probes.push_back({m, 0, true, shows});
            if (shows) break;
          } else {
            const std::uint64_t key = child->canonical_key() ^ salt_;
            table_.prefetch(key);
            probes.push_back({m, key, false, false});
          }
        }
        for (const ChildProbe& probe : probes) {
          // The table first: few moves show the claim, and the memo is the larger, slower look-up.
          if (probe.finished) {
            if (!probe.shows) continue;
          } else {
            ProofNumbers n;
            if (!table_.lookup(probe.key, n) || !(proof ? n.proven() : n.disproven())) continue;
          }
          const Move m = probe.move;
          child->copy_from(state);
          child->apply(m);
          const int p = preference(*child);
          if (p >= chosen_preference) continue;
          chosen = m;
          chosen_preference = p;
          if (p == 0) break;
        }
        if (chosen_preference < kNone) {
          child->copy_from(state);
          child->apply(chosen);
          const Extracted below = extract_node(*child, proof, out, depth + 1);
          node.children.emplace_back(state.move_text(chosen), below.id);
          result.strict = below.strict;
        }
        if (node.children.empty() && attempt == 0 && search_again(state) != proof) {
          throw std::logic_error("df-pn: a re-search contradicted the table");
        }
      }
      if (node.children.empty()) throw std::logic_error("df-pn: no move shows the proved result");
    } else {
      // Replies the claimer answers by winning at once are left to one default answer (the move
      // that does so after the most of them) instead of being written out: the verifier plays
      // each such reply and the answer. A reply that ends the game with the claimer's win needs
      // no answer, but only a node that names one may leave it out.
      const Answer answer = default_answer(state, moves, claim_side, depth);
      node.answer = answer.text;
      for (Move m : moves) {
        child->copy_from(state);
        child->apply(m);
        if (!answer.text.empty() && answered_at_once(*child, answer, claim_side, depth)) continue;
        if (!child_shows(*child, proof)) {
          if (search_again(*child) != proof) throw std::logic_error("df-pn: a defence the table missed refutes the proof");
          child->copy_from(state);
          child->apply(m);
        }
        const Extracted below = extract_node(*child, proof, out, depth + 1);
        node.children.emplace_back(state.move_text(m), below.id);
        result.strict = result.strict && below.strict;
      }
    }
  }
  node.claim = Claim{result.strict ? Claim::Kind::Win : Claim::Kind::Hold, claim_side, kUnbounded};
  result.id = out.add(std::move(node));
  memo_.insert(memo_key, memo_ply, proof ? 1 : 0, ExtractionMemo::Written{result.id, result.strict});
  return result;
}

}  // namespace arbiter::solver

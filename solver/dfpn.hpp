#pragma once
// Depth-first proof-number search (Nagai's df-pn with Pawlewicz and Lew's 1+epsilon thresholds)
// over the generic game interface, and the extraction of its proof or disproof as a certificate.
#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "solver/certificate.hpp"
#include "solver/extraction_memo.hpp"
#include "solver/search.hpp"
#include "solver/threat_zones.hpp"
#include "solver/transposition_table.hpp"
#include "solver/zone_table.hpp"

namespace arbiter::solver {

// What the attacker tries to reach: a win, or (draw_enough) at least a draw.
struct Goal {
  int attacker = 0;
  bool draw_enough = false;
};

class Dfpn {
 public:
  // Ties between children of equal numbers go to the first child, or with `later_ties` to the
  // last: a second thread searching the same position takes other paths through the shared table.
  Dfpn(TranspositionTable& table, const SearchControl& control, SearchStats& stats, bool later_ties = false)
      : table_(table), control_(control), stats_(stats), later_ties_(later_ties) {}

  // Where the game's moves are local (State::zones_apply; solver/threat_zones.hpp): before each
  // position is expanded, its moves that a threat of the opponent's (within `depth` of the
  // opponent's moves) refutes are left out; every solved position's zone is kept in `zones`; and
  // once a move is refuted by a proof that does not depend on it, every other move that leaves
  // the proof's zone alone is refuted with it. depth 0 (or no zones): none of this.
  void prune_by_threats(int depth, ZoneTable* zones);
  // Once a defence is refuted, each unsolved sibling is tried with that proof as a model, walking
  // at most `steps` positions (Kawano's simulation; see dfpn.cpp); 0: not tried.
  void simulate_siblings_for(long steps) { simulation_steps_ = steps; }

  // Proven: the attacker reaches the goal against every defence; Disproven: the defender prevents
  // it; Unknown: stopped (time limit or stop request) first, or `node_budget` more nodes expanded
  // (budget_spent() then says so; solving again continues from what the table kept).
  static constexpr std::uint64_t kNoBudget = ~std::uint64_t{0};
  Verdict solve(const State& root, const Goal& goal, std::uint64_t node_budget = kNoBudget);
  bool budget_spent() const { return stopped_ && stats_.nodes >= budget_end_ && !control_.should_stop(); }
  // After a Disproven solve: whether the disproof is the defender's win, shown without leaning on
  // any drawn game (false: a draw may be needed, or the search could not tell; ask again with
  // draw_enough to decide between a draw and a loss).
  bool disproof_is_win() const { return last_.disproven() && last_.pn == kInfiniteNumber; }

  // The proof (Proven) or disproof (Disproven) of the last solve's goal from `root` as certificate
  // nodes; returns the id of the node for `root`. Searches again where the table lost what it
  // needs. Its claims: the attacker's Win (or Hold when a draw was enough) for a proof, the
  // defender's Hold (or Win when no leaf is a draw, or the goal admitted draws) for a disproof.
  // Throws SearchInterrupted if stopped meanwhile.
  int extract(const State& root, const Goal& goal, Verdict verdict, Certificate& out);

  // What a position's key is XORed with in the table for this goal (one table serves several).
  static std::uint64_t goal_salt(const Goal& goal);

  // A principal line of the last solve's result for `goal` from `root` (proved: the attacker's
  // win; otherwise the defender's refutation), read off the table without a certificate: the side
  // the result favours plays a move the table shows to keep it (one that ends the game first),
  // the other side the reply that leaves the former farthest from its goal by the game's
  // estimate, preferring a reply the table shows settled. In a draw's line (proved, with a goal a
  // draw meets, after a search for the attacker's win without draws refuted it) the other side
  // keeps its draw as the chooser keeps its result: by a reply the table shows to refute the
  // attacker's win. Where the table lost what a side that keeps something needs, the position is
  // searched again (counted in the stats, as any search), at most `research_nodes` nodes for the
  // whole line; the line stops where that does not settle it. Move texts, as principal_line gives.
  std::vector<std::string> table_line(const State& root, const Goal& goal, bool proved, std::uint64_t research_nodes = 0);

 private:
  struct Child {
    Move move = 0;
    std::uint64_t key = 0;           // in the table: canonical key ^ goal salt
    std::uint64_t position_key = 0;  // in the zone table: the position's own key
    ProofNumbers numbers;
    bool terminal = false;
  };
  ProofNumbers mid(std::size_t depth, std::uint32_t thpn, std::uint32_t thdn);
  static std::uint32_t disproof_pn(const std::vector<Child>& children, bool or_node);
  ProofNumbers terminal_numbers(const State& state) const;
  ProofNumbers initial_numbers(const State& state) const;
  State& at_depth(std::size_t depth);
  // A second state per depth: a node makes its children alternately in at_depth(depth + 1) and
  // here, so that the previous child survives while the next one is made (see mid).
  State& spare_at_depth(std::size_t depth);
  static constexpr std::size_t kKillers = 2;
  static constexpr Move kNoMove = ~Move{0};
  static constexpr std::array<Move, kKillers> kNoKillers{kNoMove, kNoMove};
  void remember_winning_move(std::size_t depth, Move m);
  bool wins_at_once(const State& state, std::size_t depth);
  ProofNumbers won_by_mover(const State& state) const;
  ProofNumbers evaluate_new(const State& state, std::size_t depth);
  struct Extracted {
    int id = 0;
    bool strict = true;  // no leaf below is a draw
  };
  Extracted extract_node(const State& state, bool proof, Certificate& out, std::size_t depth);
  bool search_again(const State& state);
  // A default answer as written (its text) and as the move it was in a position where it won.
  struct Answer {
    std::string text;
    Move move = 0;
  };
  Answer default_answer(const State& state, const std::vector<Move>& replies, int claim_side, std::size_t depth);
  struct Votes {
    Answer answer;
    int count = 0;
  };
  std::vector<Move> answer_wins_;
  std::vector<Votes> answer_votes_;
  bool answered_at_once(const State& after_reply, const Answer& answer, int claim_side, std::size_t depth);
  // Per depth of the extraction: a state for the children and the moves, reused (a certificate
  // has millions of nodes; a copy of a state per node would dominate its writing).
  std::deque<std::unique_ptr<State>> extract_children_;
  std::deque<std::vector<Move>> extract_moves_;
  bool child_shows(const State& child, bool proof);
  // What the table says of each move of a chooser's node: its children's keys are all computed and
  // prefetched before any is looked up (one look-up per move, each a cache miss otherwise).
  struct ChildProbe {
    Move move;
    std::uint64_t key;  // the child's table key; unused for a finished game
    bool finished;      // the game is over after the move
    bool shows;         // for a finished game: whether its outcome shows the claim
  };
  std::deque<std::vector<ChildProbe>> extract_probes_;

  // The threat pruning and, per position, what it found: the zones of the threats (kept at most
  // kThreatsKept) and which legal moves survive them all (bit i: the i-th legal move).
  using CellSet = State::CellSet;
  static constexpr std::size_t kThreatsKept = 6;
  struct Threats {
    std::uint64_t key = 0;
    std::uint64_t kept = ~std::uint64_t{0};
    std::array<CellSet, kThreatsKept> zones{};
    std::uint8_t count = 0;
    bool used = false;
  };
  const Threats& prune_moves(const State& state, std::vector<Move>& moves);
  std::unique_ptr<ThreatZones> threats_;
  std::vector<Threats> threats_found_;
  std::vector<Move> unpruned_;
  std::vector<CellSet> threat_zones_;
  // Zones of solved positions (see prune_by_threats).
  ZoneTable* zones_ = nullptr;
  static bool lost_for_mover(const ProofNumbers& n, bool or_node) { return or_node ? n.disproven() : n.proven(); }
  static bool won_for_mover(const ProofNumbers& n, bool or_node) { return or_node ? n.proven() : n.disproven(); }
  // The zone of the position after `child`'s move from `state`: from the zone table, else, for a
  // finished game or a win at once, worked out here. False when it is not known.
  bool zone_of_child(const State& state, const Child& child, CellSet& zone);
  // Child `refuted` is lost for the mover by a proof whose zone its move does not touch: every
  // sibling that leaves the zone alone is lost the same way, without a search.
  void refute_siblings(const State& state, std::vector<Child>& children, std::size_t refuted, bool or_node);
  // The zone of `state`, solved (won or lost for its mover, as `numbers` say), from its children's
  // and its threats' zones; stored in the zone table when one is found.
  void record_zone(const State& state, const std::vector<Child>& children, const Threats& threats, bool or_node,
                   const ProofNumbers& numbers);
  std::unique_ptr<State> zone_scratch_, zone_child_;
  std::vector<Move> zone_moves_, writer_moves_;

  // Kawano's simulation: a proof of one defence replayed on its siblings (see dfpn.cpp).
  void simulate_siblings(std::size_t depth, std::size_t proved);
  bool simulate(const State& q, const State& p, std::size_t level);
  bool proved_by_simulation(const State& q_child, const State& p_child, std::size_t level);
  State& simulation_state(std::size_t level, int which);
  std::deque<std::unique_ptr<State>> simulation_states_;
  std::deque<std::vector<Move>> simulation_moves_;
  std::vector<std::uint64_t> simulation_failed_;
  long simulation_steps_left_ = 0;
  long simulation_steps_ = 0;

  TranspositionTable& table_;
  const SearchControl& control_;
  SearchStats& stats_;
  Goal goal_;
  ProofNumbers last_;  // the root's numbers after the last solve
  std::uint64_t salt_ = 0;
  bool stopped_ = false;
  bool searching_again_ = false;  // within search_again: siblings are not refuted
  std::uint64_t budget_end_ = kNoBudget;  // stats_.nodes at which the solve under way stops
  bool later_ties_ = false;
  // Per depth, reused across nodes so that the search allocates only while it first goes deeper.
  // Deques: growing them keeps references held by shallower frames valid.
  std::deque<std::unique_ptr<State>> stack_;
  std::deque<std::unique_ptr<State>> spare_;
  std::deque<std::vector<Move>> moves_;
  std::deque<std::vector<Child>> children_;
  // Per depth: the last moves that won at once there (killers), newest first.
  std::deque<std::array<Move, kKillers>> killers_;
  // The ply is part of it: a certificate shares a node only between identical positions (the
  // verifier compares their printed forms), while keys may merge positions at different plies.
  ExtractionMemo memo_;
  std::uint64_t extracted_nodes_ = 0;
};

struct SearchInterrupted : std::exception {
  const char* what() const noexcept override { return "search interrupted"; }
};

}  // namespace arbiter::solver

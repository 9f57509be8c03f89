#pragma once
// Pruning by threats, for games whose moves act locally (State::zones_apply).
//
// Suppose the side to move, X, passed: if its opponent Y could then win within k of its own
// moves against every defence, and that win depends only on the contents of a set of cells Z
// (the threat's zone), then every move of X that changes no cell of Z loses too: after it the
// cells of Z hold what they held, so Y's win goes through unchanged. Only the moves that write
// into Z (X's "must-play" moves) need to be searched; with several threats, only those that
// write into every one of their zones. The zone of a win is built up through its proof:
//   - a finished win: the cells of the winner's chain (State::win_witness);
//   - Y to move, winning by m: the zone after m, the cells m reads (so that m is legal and does
//     the same wherever they agree), and cells that show X has not won here (no_win_witness);
//   - X to move: the zone of Y's win if X passed, Zn; the cells that decide which of X's moves
//     may change a cell of Zn (State::writers_into); and, for each such move x, the zone of Y's
//     win after x and the cells that decide what x does to it (State::move_reads).
// A position that agrees with the proved one on the zone is won the same way: at X's turns,
// every move that leaves Zn alone leads to a position that agrees with the null move's on Zn,
// and every other move is one of the moves examined (docs/solver.md, "Threat zones").
// Nothing found here is trusted by a certificate: the moves pruned are searched again when a
// certificate is extracted, and the verifier plays every one of them out.
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::solver {

// Whether the side to move in `state` wins at once and, if so, the smallest zone of such a win
// (the chain it completes, what the winning move reads, and cells that show the opponent has not
// won already). `scratch` (a state of the same game) and `wins` are working space.
bool zone_of_win_at_once(const State& state, State& scratch, std::vector<Move>& wins, State::CellSet& zone);

// Whether threat zones can be used from `root` on (State::zones_apply): asked of the position and
// of the next few along its first legal moves, since a game may declare its moves local only
// after the opening (once a swap is no longer to come, say). A game that never declares them
// answers false all the way, and a threat depth then changes nothing.
bool zones_apply_from(const State& root);

class ThreatZones {
 public:
  // Threats of up to `depth` moves of the opponent (1: a win at once; 2: a move that leaves a
  // win at once against every defence) are looked for.
  explicit ThreatZones(int depth);

  // Removes from `moves` (the legal moves of `state`, in order) those that a threat of the
  // opponent's refutes. Returns the number removed; `moves` may end up empty (the side to move
  // loses). Leaves `moves` alone where zones do not apply or no threat was found. `zones`, if
  // given, receives the zone of each threat found: the opponent wins, if the side to move passes,
  // in every position that agrees with this one on it; a move that writes none of its cells
  // loses to it, and every move removed writes none of the cells of at least one of them.
  std::size_t prune(const State& state, std::vector<Move>& moves, std::vector<State::CellSet>* zones = nullptr);

 private:
  using CellSet = State::CellSet;
  // Y (the threatening side) to move in `state`: does Y win within k of its moves? Its zone.
  bool attacker_wins(const State& state, int k, CellSet& zone, std::size_t depth);
  // X to move: does Y win within k of its moves against every move of X? Its zone.
  bool defender_loses(const State& state, int k, CellSet& zone, std::size_t depth);
  bool search_attacker_wins(const State& state, int k, CellSet& zone, std::size_t depth);
  bool search_defender_loses(const State& state, int k, CellSet& zone, std::size_t depth);
  // What the two searches found, per position and question, exact (a slot holds one key): a win
  // within `won` moves with its zone, and no win found within `lost` moves.
  struct Found {
    std::uint64_t key = 0;
    CellSet zone = 0;
    std::int8_t won = -1;
    std::int8_t lost = -1;
  };
  Found& found(std::uint64_t key);
  template <class Search>
  bool remembered(std::uint64_t key, int k, CellSet& zone, Search&& search);
  State& scratch(std::size_t depth, const State& like);
  std::vector<Move>& moves_at(std::size_t depth);

  int depth_;
  int threatener_ = 0;
  std::deque<std::unique_ptr<State>> scratch_;
  std::deque<std::vector<Move>> moves_;
  std::vector<CellSet> writes_;  // per move of the position being pruned: what it changes
  std::vector<bool> keep_;       // likewise: whether it survives the threats found so far
  std::vector<Found> found_;     // allocated when first needed (threats of depth 3)
};

}  // namespace arbiter::solver

#pragma once
// Vocabulary shared by Arbiter's exact searches (df-pn, the bounded "win within k" search), their
// certificates and the commands built on them.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "model/core/game.hpp"

namespace arbiter::solver {

inline constexpr int kUnbounded = -1;

// What a certificate node (or a search) establishes about a position.
//   Win   side wins; with bound k, within k of its own moves from here.
//   Hold  side does not lose (wins or draws); always unbounded.
//   NoWin side does not win within `bound` of its own moves (bounded searches' refutations).
struct Claim {
  enum class Kind : std::uint8_t { Win, Hold, NoWin };
  Kind kind = Kind::Win;
  int side = 0;
  int bound = kUnbounded;
  friend bool operator==(const Claim&, const Claim&) = default;
};

// Whether an outcome of a finished game satisfies the claim.
bool outcome_satisfies(const Claim& claim, const Outcome& outcome);
// "Black wins", "Black wins within 2 of its moves", "White does not lose", ...
std::string claim_text(const GameDescriptor& game, const Claim& claim);

// Where a search of a whole position stands, for progress reports: the move its root is searching
// below now (the most promising, by proof numbers) and the root's current proof and disproof
// numbers. Written by the search at its root only; read by another thread at any time.
struct RootFocus {
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  std::atomic<std::uint64_t> move{kNone};
  std::atomic<std::uint32_t> pn{0}, dn{0};
  // The search beside the root's that takes the root's moves in turn: the move it is at now.
  std::atomic<std::uint64_t> in_turn{kNone};
};

// Limits and stop requests for a search. The stop flag is set from a signal handler or another
// thread; a search that sees it returns "unknown" promptly and keeps what it proved.
struct SearchControl {
  bool (*stop)() = nullptr;  // polled: true once a stop was requested (solver/interrupt.hpp)
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Shared count of expanded nodes, for progress reports (added to every 1024 nodes).
  std::atomic<std::uint64_t>* nodes = nullptr;
  // Set once another thread has settled what this search is for (two threads on the last unit of
  // a solve): the search stops like at a deadline, and its result is dropped.
  const std::atomic<bool>* abandon = nullptr;
  // Where the root's search stands, when someone reports it (a search of a unit's position leaves
  // it unset: its root is not the position the report is about).
  RootFocus* focus = nullptr;

  // A search calls checkpoint(n) when its n-th node (counted from 0) is a multiple of
  // kCheckInterval; it adds 1024 to the shared count at nodes 0, 1024, 2048, ...: paid ahead, so
  // that a node budget (the puzzle generator's) stops a search at its first look, whatever the
  // search's size. A caller that reports the count settles each finished search with settle(), so
  // that progress lines do not run ahead of the nodes the searches report (unsettled, a solve of
  // many small units showed 71,680 nodes where its final line said 46,371). The clock is read that
  // often because nodes differ in cost by orders of magnitude: a node of a radius-4 hexagonal
  // board's opening took 12 ms, so a look every 1024 nodes let `--time-limit 2` run for 12 s.
  static constexpr std::uint64_t kCheckInterval = 16;
  bool checkpoint(std::uint64_t node) const {
    if (nodes != nullptr && (node & 1023) == 0) nodes->fetch_add(1024, std::memory_order_relaxed);
    return should_stop();
  }
  // Takes back what checkpoint() paid ahead for a search (counted from 0) that expanded `expanded`
  // nodes in all and is over.
  void settle(std::uint64_t expanded) const {
    const std::uint64_t paid = (expanded + 1023) / 1024 * 1024;
    if (nodes != nullptr && paid > expanded) nodes->fetch_sub(paid - expanded, std::memory_order_relaxed);
  }

  bool should_stop() const {
    return (stop != nullptr && stop()) || (abandon != nullptr && abandon->load(std::memory_order_relaxed)) ||
           std::chrono::steady_clock::now() >= deadline;
  }
};

struct SearchStats {
  std::uint64_t nodes = 0;        // positions expanded
  std::uint64_t tt_lookups = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t tt_stores = 0;
  std::uint64_t proven = 0;       // nodes stored as proven / disproven
  std::uint64_t disproven = 0;
  std::uint64_t threat_searches = 0;  // positions looked at for the opponent's threats
  std::uint64_t moves_pruned = 0;     // moves those threats refuted without a search
  std::uint64_t siblings_refuted = 0; // moves refuted with a sibling by a proof that holds for both
  std::uint64_t simulated = 0;        // defences proved by replaying a refuted sibling's proof
  void add(const SearchStats& other) {
    nodes += other.nodes;
    tt_lookups += other.tt_lookups;
    tt_hits += other.tt_hits;
    tt_stores += other.tt_stores;
    proven += other.proven;
    disproven += other.disproven;
    threat_searches += other.threat_searches;
    moves_pruned += other.moves_pruned;
    siblings_refuted += other.siblings_refuted;
    simulated += other.simulated;
  }
};

enum class Verdict : std::uint8_t { Proven, Disproven, Unknown };

}  // namespace arbiter::solver

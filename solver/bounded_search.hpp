#pragma once
// "Can the attacker win within k of its own moves against every defence?": an exhaustive AND/OR
// search to a fixed number of attacker moves, with a table of the bounds already settled per
// position, and the certificates of its answers (Win within k, or NoWin within k).
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <unordered_map>
#include <memory>
#include <vector>

#include "solver/certificate.hpp"
#include "solver/search.hpp"

namespace arbiter::solver {

class BoundedSearch {
 public:
  // The table is at most `table_megabytes` (and 64 MiB: its entries are small and a large zeroed
  // block costs more to touch than it saves), taken from the system as it is first used.
  BoundedSearch(std::size_t table_megabytes, const SearchControl& control);
  // The size of the table made for `table_megabytes`, in MiB.
  static std::size_t table_megabytes_for(std::size_t table_megabytes);
  // The table's entries, and how many of them hold a position.
  std::size_t capacity() const { return size_; }
  std::size_t used() const;
  // Where the following searches count their nodes and table use, and what stops them: a search
  // kept across a solve's units is given each unit's own (which must outlive the unit's searches).
  void count_into(SearchStats& stats) { stats_ = &stats; }
  void controlled_by(const SearchControl& control) { control_ = &control; }

  // Whether the attacker wins from `state` within k of its own moves, whoever is to move (a
  // finished game: whether the attacker has won). Throws SearchInterrupted when stopped.
  bool attacker_wins(const State& state, int attacker, int k);
  // The same question, named for the position after the attacker's move.
  bool defender_loses(const State& state, int attacker, int k);

  // Certificate nodes for what the two functions above found; return the node id.
  int certify(const State& state, int attacker, int k, bool wins, Certificate& out);

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t win_within = -1;   // smallest k known to win, -1 none
    std::int8_t no_win_up_to = -1; // largest k known not to win, -1 none
  };
  static std::size_t entries_for(std::size_t table_megabytes);
  bool attacker_node(const State& state, int attacker, int k, std::size_t depth);
  bool defender_node(const State& state, int attacker, int k, std::size_t depth);
  bool next_node(const State& state, int attacker, int k, std::size_t depth);
  int certify_node(const State& state, int attacker, int k, bool wins, Certificate& out);
  Entry& slot(std::uint64_t key);
  int settled(std::uint64_t key, int k);
  void record(std::uint64_t key, int k, bool wins);
  State& scratch(std::size_t depth, const State& like);
  bool attacker_won(const State& state, int attacker) const {
    return state.outcome().kind == Outcome::Kind::Win && state.outcome().winner == attacker;
  }
  void tick();

  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  std::unique_ptr<Entry[], Free> table_;
  std::size_t size_ = 0;
  const SearchControl* control_;
  SearchStats own_stats_;
  SearchStats* stats_ = &own_stats_;
  // Per depth; deques, so that growing them keeps the references shallower frames hold valid.
  std::deque<std::unique_ptr<State>> scratch_;
  std::deque<std::vector<Move>> moves_;
  // Per depth: the last move that settled a node there at once (see attacker_node, defender_node).
  static constexpr Move kNoMove = ~Move{0};
  std::deque<Move> killers_;
  struct MemoKey {  // with the ply: see Dfpn::MemoKey
    std::uint64_t key;
    int ply;
    int k;
    bool wins;
    friend bool operator==(const MemoKey&, const MemoKey&) = default;
  };
  struct MemoHash {
    std::size_t operator()(const MemoKey& m) const { return static_cast<std::size_t>(m.key * 31 + static_cast<std::uint64_t>(m.ply) * 977 + static_cast<std::uint64_t>(m.k) * 2 + m.wins); }
  };
  std::unordered_map<MemoKey, int, MemoHash> memo_;
};

}  // namespace arbiter::solver

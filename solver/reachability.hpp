#pragma once
// Is a given position reachable from a game's initial position? A depth-first search through the
// game's own implementation (the executable model), with a game-supplied pruning test.
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

struct ReachResult {
  enum class Kind { Reached, Unreachable, Undecided };
  Kind kind = Kind::Undecided;
  std::vector<std::string> moves;  // Reached: the move texts from the initial position
  long nodes = 0;                  // states expanded
};

// may_lead_to_goal must be false only for states from which the goal cannot be reached (the
// caller's argument makes it sound); key must identify states with the same future. Unreachable
// is reported only when the search finished within node_budget.
ReachResult search_reachable(const Game& game, const std::function<bool(const State&)>& goal,
                             const std::function<bool(const State&)>& may_lead_to_goal,
                             const std::function<std::string(const State&)>& key, long node_budget);

// search_reachable as one sentence for a verdict's note; `pruning` says which states the search
// skipped (it qualifies an "unreachable"). A model that cannot search (an exception) is undecided.
std::string reachability_note(const Game& game, const std::function<bool(const State&)>& goal,
                              const std::function<bool(const State&)>& may_lead_to_goal,
                              const std::function<std::string(const State&)>& key, long node_budget,
                              const std::string& pruning);

}  // namespace arbiter

// ---- implementation (header-only: the game libraries use it and cannot link solver/) ----

namespace arbiter {
namespace {

struct Search {
  const std::function<bool(const State&)>& goal;
  const std::function<bool(const State&)>& may_lead_to_goal;
  const std::function<std::string(const State&)>& key;
  long budget;
  std::unordered_set<std::string> seen;
  std::vector<std::string> path;
  long nodes = 0;
  bool out_of_budget = false;

  bool visit(const State& state) {
    if (goal(state)) return true;
    if (state.is_terminal() || !may_lead_to_goal(state)) return false;
    if (!seen.insert(key(state)).second) return false;
    if (++nodes > budget) {
      out_of_budget = true;
      return false;
    }
    std::vector<Move> moves;
    state.legal_moves(moves);
    for (Move m : moves) {
      auto next = state.clone();
      path.push_back(state.move_text(m));
      next->apply(m);
      if (visit(*next)) return true;
      path.pop_back();
      if (out_of_budget) return false;
    }
    return false;
  }
};

}  // namespace

inline ReachResult search_reachable(const Game& game, const std::function<bool(const State&)>& goal,
                             const std::function<bool(const State&)>& may_lead_to_goal,
                             const std::function<std::string(const State&)>& key, long node_budget) {
  Search search{goal, may_lead_to_goal, key, node_budget, {}, {}, 0, false};
  const auto root = game.initial_state();
  ReachResult result;
  if (search.visit(*root)) {
    result.kind = ReachResult::Kind::Reached;
    result.moves = search.path;
  } else {
    result.kind = search.out_of_budget ? ReachResult::Kind::Undecided : ReachResult::Kind::Unreachable;
  }
  result.nodes = search.nodes;
  return result;
}

inline std::string reachability_note(const Game& game, const std::function<bool(const State&)>& goal,
                                     const std::function<bool(const State&)>& may_lead_to_goal,
                                     const std::function<std::string(const State&)>& key, long node_budget,
                                     const std::string& pruning) {
  try {
    const ReachResult result = search_reachable(game, goal, may_lead_to_goal, key, node_budget);
    switch (result.kind) {
      case ReachResult::Kind::Reached: {
        std::string moves;
        for (const auto& m : result.moves) moves += " " + m;
        return "reachable from the empty board by the model:" + moves;
      }
      case ReachResult::Kind::Unreachable:
        return "NOT reachable from the empty board: exhaustive search of the model (" + std::to_string(result.nodes) +
               " states, " + pruning + ")";
      case ReachResult::Kind::Undecided:
        return "reachability undecided: the search stopped after " + std::to_string(result.nodes) + " states";
    }
  } catch (const std::exception& error) {
    return std::string("reachability undecided: the model could not search (") + error.what() + ")";
  }
  return "reachability undecided";
}

}  // namespace arbiter

#pragma once
// Finds where two readings of one ruling part ways: a breadth-first search over positions
// reachable under reading A, smallest board first, comparing at each position the legal moves
// and the result of each move under both readings.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter {

struct RulingDifference {
  int size = 0;
  std::vector<std::string> moves;  // from the initial position (under reading A) to the position
  std::string position;            // diagram of the position where the readings part
  std::string move;                // the move they treat differently, as reading A writes it ("" when the position itself differs)
  std::string move_under_b;        // the same move as reading B writes it (a capture suffix may differ); "" where B refuses it
  std::string kind;                // "legality", "position", "result", "initial position"
  std::string under_a;             // explain trace or description under A
  std::string under_b;             // the same under B
};

struct ExplorerBounds {
  std::vector<int> sizes;         // tried in order
  long max_positions = 200000;    // distinct positions examined per size
  int max_depth = 64;
  double max_seconds = 60;        // over all sizes
};

// Why the search of one size ended short of every reachable position.
enum class SearchCut : std::uint8_t { None, Positions, Depth, Time, Interrupted };
std::string_view search_cut_text(SearchCut cut);  // "", "the position bound", ...
// Every cut named by `words`, joined: "A", "A and B", "A, B and C".
std::string search_cuts_text(const std::vector<SearchCut>& cuts, const std::function<std::string(SearchCut)>& words);

struct ExplorerReport {
  std::string ruling;
  std::string value_a, value_b;
  std::vector<RulingDifference> differences;  // the first found (smallest size, fewest moves)
  long positions = 0;                         // examined over all sizes
  std::vector<std::string> searched;          // per size: "size 3: exhaustive, 5913 positions, no difference" (JSON)
  std::vector<std::string> searched_text;     // the same lines with counts grouped, "5,913 positions" (text)
  bool exhaustive = true;                     // every reachable position of every size tried was examined
  SearchCut cut = SearchCut::None;            // the first cut met (time and interruption end the search)
  std::vector<SearchCut> cuts;                // every bound that cut the search, each once, in the order met
  std::vector<int> unreached;                 // sizes of the bounds never started (time or interruption)
};

// progress gets a line (as searched_text writes it) when a size is done and, every 4,096 positions, one on the size under way;
// stop_requested is polled before every position (true ends the search: SearchCut::Interrupted).
ExplorerReport explore_ruling(const GameDescriptor& game, const std::string& ruling, const std::string& value_a,
                              const std::string& value_b, const std::vector<std::string>& other_rulings,
                              const ExplorerBounds& bounds,
                              const std::function<void(const std::string& line, bool size_done)>& progress = {},
                              const std::function<bool()>& stop_requested = {});

}  // namespace arbiter

#include "solver/ruling_explorer.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <unordered_set>

#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"

namespace arbiter {
namespace {

std::vector<Move> sorted_moves(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::string safe_explain(const State& state, const std::string& move_text) {
  try {
    return state.explain_text(move_text);
  } catch (const InputError& e) {
    return std::string("(not a move here: ") + e.what() + ")\n";
  }
}

struct Node {
  std::unique_ptr<State> state;
  std::vector<std::string> moves;
};

// Compares the two readings at one position; returns a difference or nothing.
std::optional<RulingDifference> compare(const Game& game_a, const Game& game_b, const State& a,
                                        const std::vector<std::string>& path) {
  std::unique_ptr<State> b;
  try {
    b = game_b.parse_position(a.diagram());
  } catch (const InputError& e) {
    return RulingDifference{game_a.config().size, path, a.diagram(), "", "", "position",
                            "reachable position", std::string("not a valid position: ") + e.what()};
  }
  if (a.outcome() != b->outcome()) {
    return RulingDifference{game_a.config().size, path, a.diagram(), "", "", "result",
                            outcome_text(game_a.descriptor(), a.outcome()),
                            outcome_text(game_b.descriptor(), b->outcome())};
  }
  const auto moves_a = sorted_moves(a);
  const auto moves_b = sorted_moves(*b);
  if (moves_a != moves_b) {
    std::vector<Move> only;
    std::set_symmetric_difference(moves_a.begin(), moves_a.end(), moves_b.begin(), moves_b.end(),
                                  std::back_inserter(only));
    const Move m = only.front();
    const bool legal_in_a = std::binary_search(moves_a.begin(), moves_a.end(), m);
    const std::string text = legal_in_a ? a.move_text(m) : b->move_text(m);
    return RulingDifference{game_a.config().size, path, a.diagram(), text, legal_in_a ? "" : text, "legality",
                            safe_explain(a, text), safe_explain(*b, text)};
  }
  for (Move m : moves_a) {
    auto after_a = a.clone();
    auto after_b = b->clone();
    after_a->apply(m);
    after_b->apply(m);
    if (after_a->diagram() != after_b->diagram() || after_a->outcome() != after_b->outcome()) {
      // Legal under both, but each reading writes it as it plays it ("set c1 x b1" where it captures).
      const std::string text = a.move_text(m), text_b = b->move_text(m);
      return RulingDifference{game_a.config().size, path, a.diagram(), text, text_b,
                              after_a->outcome() != after_b->outcome() ? "result" : "position",
                              safe_explain(a, text), safe_explain(*b, text_b)};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view search_cut_text(SearchCut cut) {
  switch (cut) {
    case SearchCut::None: return "";
    case SearchCut::Positions: return "the position bound (--max-positions)";
    case SearchCut::Depth: return "the depth bound";
    case SearchCut::Time: return "the time limit (--time-limit)";
    case SearchCut::Interrupted: return "an interruption";
  }
  return "";
}

std::string search_cuts_text(const std::vector<SearchCut>& cuts, const std::function<std::string(SearchCut)>& words) {
  if (cuts.empty()) return "";
  std::vector<std::string> texts;
  for (const SearchCut cut : cuts) texts.push_back(words(cut));
  return listed(texts);
}

ExplorerReport explore_ruling(const GameDescriptor& descriptor, const std::string& ruling, const std::string& value_a,
                              const std::string& value_b, const std::vector<std::string>& other_rulings,
                              const ExplorerBounds& bounds,
                              const std::function<void(const std::string&, bool)>& progress,
                              const std::function<bool()>& stop_requested) {
  if (value_a == value_b) throw InputError("comparing " + ruling + "=" + value_a + " with itself finds nothing; give two different values");
  ExplorerReport report{ruling, value_a, value_b, {}, 0, {}, {}, true, SearchCut::None, {}, {}};
  const auto met = [&report](SearchCut cut) {
    if (cut == SearchCut::None) return;
    if (report.cut == SearchCut::None) report.cut = cut;
    if (std::find(report.cuts.begin(), report.cuts.end(), cut) == report.cuts.end()) report.cuts.push_back(cut);
  };
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<std::string> rules_a = other_rulings, rules_b = other_rulings;
  rules_a.push_back(ruling + "=" + value_a);
  rules_b.push_back(ruling + "=" + value_b);
  // The initial positions of every size are compared before any search: where the readings agree
  // on the smaller boards (a ruling that places a game's goal squares picks the same squares on
  // 7x7 under all three of its readings), the search there could spend the whole time limit and
  // never reach the board where they differ.
  std::optional<RulingDifference> initial_difference;
  std::size_t initial_index = bounds.sizes.size();
  for (std::size_t i = 0; i < bounds.sizes.size() && !initial_difference; ++i) {
    const auto init_a = make_game(descriptor, bounds.sizes[i], rules_a)->initial_state();
    const auto init_b = make_game(descriptor, bounds.sizes[i], rules_b)->initial_state();
    if (init_a->diagram() != init_b->diagram()) {
      initial_difference = RulingDifference{bounds.sizes[i], {}, init_a->diagram(), "", "", "initial position",
                                            init_a->diagram(), init_b->diagram()};
      initial_index = i;
    }
  }
  // A size's line, its count of positions (if any, between `before` and `after`, "1 position",
  // "2 positions") plain for JSON and grouped in thousands for text.
  const auto say_searched = [&report](const std::string& before, std::optional<long> positions = std::nullopt, const std::string& after = "") {
    const std::string noun = !positions ? "" : *positions == 1 ? " position" : " positions";
    report.searched.push_back(before + (positions ? std::to_string(*positions) + noun : "") + after);
    report.searched_text.push_back(before + (positions ? counted(static_cast<std::uint64_t>(*positions), "position", "positions") : "") + after);
  };
  const auto report_initial_difference = [&](std::size_t searched_up_to) {
    report.differences.push_back(*initial_difference);
    report.unreached.assign(bounds.sizes.begin() + static_cast<long>(searched_up_to),
                            bounds.sizes.begin() + static_cast<long>(initial_index));
    for (const int size : report.unreached) {
      say_searched("size " + std::to_string(size) + ": initial positions only (they agree; the limit was spent on smaller sizes)");
    }
    say_searched("size " + std::to_string(initial_difference->size) + ": initial positions differ");
    return report;
  };
  for (std::size_t size_index = 0; size_index < bounds.sizes.size(); ++size_index) {
    const int size = bounds.sizes[size_index];
    if (size_index == initial_index) return report_initial_difference(size_index);
    auto game_a = make_game(descriptor, size, rules_a);
    auto game_b = make_game(descriptor, size, rules_b);
    std::deque<Node> frontier;
    std::unordered_set<std::string> seen;
    frontier.push_back({game_a->initial_state(), {}});
    seen.insert(frontier.back().state->line());
    long positions = 0;
    SearchCut cut = SearchCut::None;
    while (!frontier.empty()) {
      if (stop_requested && stop_requested()) cut = SearchCut::Interrupted;
      else if (elapsed() > bounds.max_seconds) cut = SearchCut::Time;
      else if (positions >= bounds.max_positions) cut = SearchCut::Positions;
      if (cut != SearchCut::None) break;
      Node node = std::move(frontier.front());
      frontier.pop_front();
      if (++positions % 4096 == 0 && progress) {
        progress("size " + std::to_string(size) + ": " + with_commas(static_cast<std::uint64_t>(positions)) + " positions so far, " +
                     with_commas(frontier.size()) + " waiting",
                 false);
      }
      if (auto difference = compare(*game_a, *game_b, *node.state, node.moves)) {
        report.differences.push_back(*difference);
        report.positions += positions;
        say_searched("size " + std::to_string(size) + ": difference after ", positions);
        return report;
      }
      if (static_cast<int>(node.moves.size()) >= bounds.max_depth) {
        if (cut == SearchCut::None) cut = SearchCut::Depth;
        continue;
      }
      for (Move m : sorted_moves(*node.state)) {
        auto child = node.state->clone();
        child->apply(m);
        if (!seen.insert(child->line()).second) continue;
        std::vector<std::string> path = node.moves;
        path.push_back(node.state->move_text(m));
        frontier.push_back({std::move(child), std::move(path)});
      }
    }
    report.positions += positions;
    report.exhaustive = report.exhaustive && cut == SearchCut::None;
    met(cut);
    say_searched("size " + std::to_string(size) + ": " +
                 (cut == SearchCut::None ? std::string("exhaustive") : "cut by " + std::string(search_cut_text(cut))) + ", ",
             positions, ", no difference");
    if (progress) progress(report.searched_text.back(), true);
    if (cut == SearchCut::Time || cut == SearchCut::Interrupted || elapsed() > bounds.max_seconds) {
      // A size that ended complete as the time ran out: the time limit kept the next sizes out.
      if (cut == SearchCut::None) met(SearchCut::Time);
      if (initial_difference && cut != SearchCut::Interrupted) return report_initial_difference(size_index + 1);
      report.exhaustive = report.exhaustive && size_index + 1 == bounds.sizes.size();
      report.unreached.assign(bounds.sizes.begin() + static_cast<long>(size_index) + 1, bounds.sizes.end());
      break;
    }
  }
  return report;
}

}  // namespace arbiter

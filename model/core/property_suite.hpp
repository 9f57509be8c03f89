#pragma once
// What the games' property suites share (properties.cpp, verification.cpp): each property is added
// with its words and the caller sets the one check it is; tests pick one out by name; verification
// properties play a game in step with its image under a board symmetry.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/core/property.hpp"

namespace arbiter {

inline Property& add_property(std::vector<Property>& suite, std::string name, std::string statement, std::string source,
                              bool rule_text_claim = false) {
  Property& property = suite.emplace_back();
  property.name = std::move(name);
  property.statement = std::move(statement);
  property.source = std::move(source);
  property.rule_text_claim = rule_text_claim;
  return property;
}

// The property `name` of `suite` (tests pick the one they exercise); a logic error when absent.
inline Property find_property(const std::vector<Property>& suite, const std::string& name) {
  for (const Property& property : suite) {
    if (property.name == name) return property;
  }
  throw std::logic_error("no property " + name);
}

// The same game with the rulings in `changes` (name -> value) changed and every other one kept.
inline std::unique_ptr<Game> reconfigured(const Game& game, const std::map<std::string, std::string>& changes = {}) {
  std::vector<std::string> assignments;
  for (const auto& [ruling, value] : game.config().rulings) {
    const auto change = changes.find(ruling);
    assignments.push_back(ruling + "=" + (change == changes.end() ? value : change->second));
  }
  return make_game(game.descriptor(), game.config().size, assignments);
}

// The legal moves in increasing order, so that two move lists compare as sets.
inline std::vector<Move> sorted_legal_moves(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  std::sort(moves.begin(), moves.end());
  return moves;
}

// A board symmetry (or a ruling change that acts as one) taking the games of one configuration to
// the games of another.
struct GameImage {
  std::string name;               // how a violation calls the image game: "turned", "mirrored"
  std::function<Move(Move)> move;  // the image of a move
  // "" when the image position is the position mapped; otherwise where they differ ("on c3").
  std::function<std::string(const State& state, const State& image)> difference;
};

// Plays one random game of `game` and, move by move, its image in `image_game`: after every ply
// both have the same legal moves (mapped), the same outcome and corresponding positions.
inline PropertyVerdict image_game_agrees(const Game& game, const Game& image_game, const GameImage& image, Rng& rng) {
  auto state = game.initial_state();
  auto image_state = image_game.initial_state();
  std::string played;
  std::vector<Move> legal;
  for (;;) {
    std::vector<Move> mapped = sorted_legal_moves(*state);
    for (Move& m : mapped) m = image.move(m);
    std::sort(mapped.begin(), mapped.end());
    if (mapped != sorted_legal_moves(*image_state)) {
      return PropertyVerdict::violated("after" + played + " the " + image.name + " game has other legal moves");
    }
    if (state->outcome() != image_state->outcome()) {
      return PropertyVerdict::violated("after" + played + " the outcomes differ: " + outcome_text(game.descriptor(), state->outcome()) +
                                       " vs " + outcome_text(image_game.descriptor(), image_state->outcome()));
    }
    const std::string where = image.difference(*state, *image_state);
    if (!where.empty()) return PropertyVerdict::violated("after" + played + " the " + image.name + " game differs " + where);
    if (mapped.empty()) return PropertyVerdict::ok();
    state->legal_moves(legal);
    const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    played += " " + state->move_text(m);
    state->apply(m);
    image_state->apply(image.move(m));
  }
}

// The first cell whose content differs from the content of its image (`image_of`) in
// `image_cells`, or -1 when every cell matches.
template <typename Cells, typename ImageOf>
int first_unmatched_cell(const Cells& cells, const Cells& image_cells, ImageOf image_of) {
  for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
    if (cells[static_cast<std::size_t>(cell)] != image_cells[static_cast<std::size_t>(image_of(cell))]) return cell;
  }
  return -1;
}

}  // namespace arbiter

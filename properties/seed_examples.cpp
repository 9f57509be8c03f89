#include "properties/seed_examples.hpp"

#include <algorithm>

#include "model/core/errors.hpp"

namespace arbiter {

ExampleVerdict run_seed_example(const GameDescriptor& descriptor, const SeedExample& example,
                                std::string_view implementation) {
  ExampleVerdict verdict;
  try {
    auto game = make_game(descriptor, example.size, example.rulings);
    auto state = game->parse_position(example.before, implementation);
    std::vector<Move> legal;
    for (std::size_t i = 0; i < example.moves.size(); ++i) {
      const std::string& text = example.moves[i];
      const bool must_be_illegal = i + 1 == example.moves.size() && !example.last_move_legal;
      if (must_be_illegal) {
        try {
          state->parse_move(text);
          verdict.detail = "move " + text + " was accepted but the text says it is illegal";
          return verdict;
        } catch (const InputError&) {
          break;
        }
      }
      const Move move = state->parse_move(text);
      legal.clear();
      state->legal_moves(legal);
      if (std::find(legal.begin(), legal.end(), move) == legal.end()) {
        verdict.detail = "move " + text + " parsed but is missing from the legal-move list";
        return verdict;
      }
      state->apply(move);
    }
    if (!example.after.empty()) {
      const auto expected = game->parse_position(example.after, implementation);
      if (expected->line() != state->line()) {
        verdict.detail = "position differs: expected\n" + expected->diagram() + "got\n" + state->diagram();
        return verdict;
      }
    }
    if (!example.result.empty()) {
      const std::string got = outcome_text(descriptor, state->outcome());
      if (got != example.result) {
        verdict.detail = "result differs: expected '" + example.result + "', got '" + got + "'";
        return verdict;
      }
    }
    verdict.passed = true;
    verdict.detail = example.claim;
  } catch (const InputError& error) {
    verdict.detail = std::string("input rejected: ") + error.what();
  }
  return verdict;
}

}  // namespace arbiter

#include "solver/encoding_differential.hpp"

#include <chrono>

#include "model/core/errors.hpp"

namespace arbiter {

DifferentialResult compare_encoding_with_model(const Game& game, long pairs, std::uint64_t seed,
                                               const std::function<void(long done)>& progress) {
  const auto& compare = game.descriptor().compare_turn_encoding;
  if (!compare) throw InputError("game " + quote_input(game.descriptor().name) + " has no turn encoding to compare");
  const auto start = std::chrono::steady_clock::now();
  Rng rng(seed);
  DifferentialResult result;
  std::vector<Move> moves;
  // Half the ply bound covers every stage of a game, from the empty board to a crowded one.
  const auto longest = static_cast<std::uint32_t>(game.max_plies() / 2 + 1);
  while (result.pairs < pairs) {
    auto state = game.initial_state();
    const std::uint32_t plies = rng.below(longest);
    for (std::uint32_t p = 0; p < plies && !state->is_terminal(); ++p) {
      state->legal_moves(moves);
      state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    if (state->is_terminal()) continue;
    const EncodingComparison comparison = compare(game, *state, rng);
    if (comparison.move.empty()) continue;  // nothing the encoding covers in this position
    ++result.pairs;
    result.legal += comparison.legal;
    if (!comparison.disagreement.empty()) {
      result.disagreement = state->diagram() + "move " + comparison.move + ": " + comparison.disagreement;
      break;
    }
    if (progress) progress(result.pairs);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace arbiter

#include "cli/options.hpp"

#include <algorithm>

#include "model/core/errors.hpp"
#include "model/registry.hpp"

namespace arbiter::cli {

void check_implementation(const Game& game, const std::string& implementation) {
  if (implementation.empty()) return;
  const auto names = game.implementations();
  if (std::find(names.begin(), names.end(), implementation) == names.end()) {
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown implementation " + quote_input(implementation) + " of " + game.descriptor().name +
                     " (known: " + known + ")");
  }
}

LoadedPosition load_game_position(const std::string& game_name, const GameOptions& options,
                                  const std::string& position_argument, const std::string& implementation) {
  const GameDescriptor& game = find_game(game_name);
  const std::string text = position_argument.empty() ? std::string() : read_text_argument(position_argument);
  // Validate the implementation name before building states with it.
  check_implementation(*make_game(game, 0, {}), implementation);
  return load_position(game, options.size, options.rulings, text, implementation);
}

std::vector<std::string> group_move_words(const State& start, const std::vector<std::string>& words) {
  constexpr std::size_t kLongestMove = 4;
  std::vector<std::string> groups;
  auto state = start.clone();
  for (std::size_t i = 0; i < words.size();) {
    std::size_t taken = 0;
    for (std::size_t n = std::min(kLongestMove, words.size() - i); n >= 1 && taken == 0; --n) {
      std::string text = words[i];
      for (std::size_t k = 1; k < n; ++k) text += " " + words[i + k];
      if (state->is_terminal()) break;
      try {
        const Move move = state->parse_move(text);
        state->apply(move);
        groups.push_back(text);
        taken = n;
      } catch (const InputError&) {
      }
    }
    if (taken == 0) {
      std::string rest = words[i];
      for (std::size_t k = i + 1; k < words.size(); ++k) rest += " " + words[k];
      if (words.size() - i > kLongestMove) {
        // Let the one-word parse report what is wrong with it.
        try {
          state->parse_move(words[i]);
        } catch (const InputError& error) {
          throw InputError("move " + std::to_string(groups.size() + 1) + ": " + error.what());
        }
      }
      groups.push_back(rest);
      break;
    }
    i += taken;
  }
  return groups;
}

void play_moves(State& state, const std::vector<std::string>& moves, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (state.is_terminal()) {
      throw InputError("move " + std::to_string(i + 1) + " " + quote_input(moves[i]) + ": the game is already over");
    }
    Move move = 0;
    try {
      move = state.parse_move(moves[i]);
    } catch (const InputError& error) {
      throw InputError("move " + std::to_string(i + 1) + ": " + error.what());
    }
    state.apply(move);
  }
}

}  // namespace arbiter::cli

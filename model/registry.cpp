#include "model/registry.hpp"

#include <string>

#include "model/core/errors.hpp"

// Each game folder defines `const GameDescriptor& <name>_game()`. Adding a game means adding its
// folder and its name to this one list.
#define ARBITER_GAMES(X) X(brique) X(quentin) X(brochs) X(hexabrae)

namespace arbiter {

#define ARBITER_DECLARE_GAME(name) const GameDescriptor& name##_game();
ARBITER_GAMES(ARBITER_DECLARE_GAME)
#undef ARBITER_DECLARE_GAME

const std::vector<const GameDescriptor*>& registered_games() {
#define ARBITER_LIST_GAME(name) &name##_game(),
  static const std::vector<const GameDescriptor*> games = {ARBITER_GAMES(ARBITER_LIST_GAME)};
#undef ARBITER_LIST_GAME
  return games;
}

const GameDescriptor& find_game(std::string_view name) {
  std::string known;
  for (const GameDescriptor* game : registered_games()) {
    if (game->name == name) return *game;
    known += (known.empty() ? "" : ", ") + game->name;
  }
  throw InputError("unknown game " + quote_input(name) + " (known: " + known + ")");
}

}  // namespace arbiter

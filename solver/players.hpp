#pragma once
// What the colours' values mean for the players where a move exchanges them (the pie rule's swap,
// State::exchanges_players). The solver's values are the colours'; the player who makes such a
// move takes over the other colour and so gets the opposite of the move's colour value. Where the
// exchange is legal now (ply 1) or still to come (the first move of a game with a pie rule), the
// colour to move and the player to move are not the same thing: these say, from what was proved
// and never beyond it, what the player to move gets. `arbiter solve`, `verify-proof` and `metrics`
// print them.
#include <functional>
#include <string>
#include <vector>

#include "solver/solve.hpp"

namespace arbiter::solver {

// The player to move's result: a win, a loss, a draw at best, no win within the bound of a
// bounded search (whatever the player plays), or not settled by what was proved.
enum class PlayerResult { Win, Loss, Draw, NoWinWithin, Unknown };
// "win", "loss", "draw", "no win", "not settled" (as --json words them).
std::string player_result_word(PlayerResult result);

struct PlayerView {
  PlayerResult result = PlayerResult::Unknown;
  // "wins, by swap", "loses, whatever the first move: ...", "not settled (...)"; "" where no move
  // exchanges the players (the colours' values are then the players').
  std::string text;
  // Where the players' principal line differs from the colours', the moves it starts with: the
  // player's winning move (an exchange), or a winning opening and the exchange that answers it.
  // Empty otherwise, and always where the result is not settled (no line of best play is proved).
  std::vector<std::string> line;
};

// The player to move's result as solve and verify-proof --json word it: under a bounded search's
// bound `within` (0: exact) a win within it is "win within K" and no win "no win within K", as
// the text says them; otherwise player_result_word's.
std::string player_result_word(const PlayerView& view, int within);

// At a position where a move of the mover's exchanges the players (`moves`: every legal move with
// its colour value, as solve_moves gives them; `within` the bound of a bounded search, 0 exact).
// The player wins by a move that wins for its colour without an exchange, or by an exchange that
// loses for the mover's colour. Text "" when no move exchanges the players.
PlayerView exchange_now_view(const State& root, const std::vector<MoveResult>& moves, int within);

// For an opening that loses for the first colour (the second colour wins after it), whether the
// second player has a winning reply that does not exchange the players (`exchange`: the text of
// the exchange there): true only when that was proved. An opening answered only by a winning
// exchange would hand the second player the losing colour.
using WinsWithoutExchange =
    std::function<bool(const MoveResult& opening, const State& after, const std::string& exchange)>;

// At a position whose openings the second player may answer by exchanging the players (`openings`:
// every legal move with its exact colour value). After an opening that wins for the first colour
// every reply loses for the second colour, the exchange too, so the second player wins by
// exchanging; after one that draws, exchanging gives it at least a draw; after one that loses for
// the first colour, the second player wins if it has a winning move that does not exchange
// (`wins_without_exchange`). Text "" when no opening can be answered by an exchange.
PlayerView exchange_next_view(const GameDescriptor& descriptor, const State& root,
                              const std::vector<MoveResult>& openings, const WinsWithoutExchange& wins_without_exchange);

// wins_without_exchange from a solve's principal lines: the line of an opening that loses for the
// first colour starts with the second colour's proved winning reply.
bool line_wins_without_exchange(const MoveResult& opening, const State& after, const std::string& exchange);

}  // namespace arbiter::solver

#include "solver/players.hpp"

#include <algorithm>

namespace arbiter::solver {

std::string player_result_word(PlayerResult result) {
  switch (result) {
    case PlayerResult::Win: return "win";
    case PlayerResult::Loss: return "loss";
    case PlayerResult::Draw: return "draw";
    case PlayerResult::NoWinWithin: return "no win";
    case PlayerResult::Unknown: return "not settled";
  }
  return "not settled";
}

std::string player_result_word(const PlayerView& view, int within) {
  if (within > 0 && view.result == PlayerResult::Win && view.text.rfind("wins within ", 0) == 0) {
    return "win within " + std::to_string(within);
  }
  if (within > 0 && view.result == PlayerResult::NoWinWithin) return "no win within " + std::to_string(within);
  return player_result_word(view.result);
}

PlayerView exchange_now_view(const State& root, const std::vector<MoveResult>& moves, int within) {
  PlayerView view;
  std::vector<std::string> wins, draws;
  bool any_exchange = false, all_settled = true, swap_open = false, colour_win = false;
  for (const MoveResult& m : moves) {
    const bool exchanges = root.exchanges_players(m.move);
    any_exchange = any_exchange || exchanges;
    all_settled = all_settled && m.value != Value::Unknown;
    colour_win = colour_win || is_win(m.value);
    // A bounded search's "no win within K" for the mover's colour says nothing of a win for the
    // other colour, which the player takes with the exchange: that stays open.
    if (exchanges ? m.value == Value::Loss : is_win(m.value)) wins.push_back(m.text);
    if (m.value == Value::Draw) draws.push_back(m.text);
    swap_open = swap_open || (exchanges && m.value == Value::NoWinWithin);
  }
  if (!any_exchange) return view;
  // Alternatives, not a line of play: "b1 or swap", "b1, c1 or a2".
  const auto listed = [](const std::vector<std::string>& list) {
    std::string text;
    for (std::size_t i = 0; i < list.size(); ++i) {
      text += (i == 0 ? " " : i + 1 == list.size() ? " or " : ", ") + list[i];
    }
    return text;
  };
  if (!wins.empty()) {
    view.result = PlayerResult::Win;
    // A bounded search's win for the colour is a win within its bound, and says so; an exchange's
    // win is the other colour's, whose bound (verify-proof) counts that colour's moves: not this one.
    const bool bounded = within > 0 && std::all_of(moves.begin(), moves.end(), [&](const MoveResult& m) {
                           return root.exchanges_players(m.move) ? m.value != Value::Loss : m.value != Value::Win;
                         });
    view.text = (bounded ? "wins within " + std::to_string(within) + ", by" : "wins, by") + listed(wins);
    // Only an exchange wins for the player: the colours' line (the mover's colour loses) is not theirs.
    if (!colour_win) view.line = {wins.front()};
  } else if (!all_settled) {
    const auto open = std::count_if(moves.begin(), moves.end(), [](const MoveResult& m) { return m.value == Value::Unknown; });
    view.text = "not settled (" + std::to_string(open) + " of the " + std::to_string(moves.size()) +
                " moves are not settled, and none of the others wins for the player)";
  } else if (within == 0 && !draws.empty()) {
    view.result = PlayerResult::Draw;
    view.text = "a draw at best, by" + listed(draws) + " (no move wins for the player, the swap included)";
  } else if (within == 0) {
    view.result = PlayerResult::Loss;
    view.text = "loses, whatever they play (the swap included)";
  } else if (!swap_open) {
    view.result = PlayerResult::NoWinWithin;
    view.text = "no win within " + std::to_string(within) + ", whatever they play (the swap included)";
  } else {
    view.text = "no win within " + std::to_string(within) + " but for the swap, whose value for them a bounded search does not settle";
  }
  return view;
}

PlayerView exchange_next_view(const GameDescriptor& descriptor, const State& root,
                              const std::vector<MoveResult>& openings, const WinsWithoutExchange& wins_without_exchange) {
  enum class For { Win, Loss, AtMostDraw, Unknown };
  PlayerView view;
  int exchanged = 0, unknown = 0;
  std::string exchange_text, winning_opening, exchanged_opening, drawing_opening;
  bool any_draw = false, all_loss = !openings.empty();
  std::vector<Move> replies;
  for (const MoveResult& opening : openings) {
    const auto after = root.clone();
    after->apply(opening.move);
    after->legal_moves(replies);
    const auto exchange = std::find_if(replies.begin(), replies.end(), [&](Move m) { return after->exchanges_players(m); });
    For outcome = For::Unknown;
    if (exchange == replies.end()) {
      // The players keep their colours: the colour's value is the first player's.
      outcome = is_win(opening.value)           ? For::Win
                : opening.value == Value::Loss  ? For::Loss
                : opening.value == Value::Draw  ? For::AtMostDraw
                                                : For::Unknown;
    } else {
      exchange_text = after->move_text(*exchange);
      if (is_win(opening.value)) {
        outcome = For::Loss;
        ++exchanged;
        if (exchanged_opening.empty()) exchanged_opening = opening.text;
      } else if (opening.value == Value::Draw) {
        outcome = For::AtMostDraw;
        if (drawing_opening.empty()) drawing_opening = opening.text;
      } else if (opening.value == Value::Loss && wins_without_exchange && wins_without_exchange(opening, *after, exchange_text)) {
        outcome = For::Loss;
      }
    }
    if (outcome == For::Win && winning_opening.empty()) winning_opening = opening.text;
    unknown += outcome == For::Unknown;
    any_draw = any_draw || outcome == For::AtMostDraw;
    all_loss = all_loss && outcome == For::Loss;
  }
  if (exchange_text.empty()) return view;
  const std::string rule = "the second player may answer the first move with " + exchange_text + ", which exchanges the players";
  const auto count = [](int n) { return std::to_string(n) + (n == 1 ? " opening" : " openings"); };
  if (!winning_opening.empty()) {
    view.result = PlayerResult::Win;
    view.text = "wins, by " + winning_opening + " (" + rule + ")";
  } else if (all_loss) {
    const int others = static_cast<int>(openings.size()) - exchanged;
    const std::string colour = descriptor.side_names.at(static_cast<std::size_t>(root.side_to_move()));
    const std::string swapped = exchanged == 1 ? "the opening that wins for " + colour
                                : others == 0  ? "each of the " + count(exchanged) + " (all win for " + colour + ")"
                                               : "each of the " + count(exchanged) + " that win for " + colour;
    const std::string own = others == 0   ? ""
                            : others == 1 ? "the other one"
                            : exchanged == 0 ? "each of the " + count(others)
                                             : "each of the " + std::to_string(others) + " others";
    view.result = PlayerResult::Loss;
    view.text = "loses, whatever the first move: the second player answers " +
                (exchanged == 0 ? own + " with a winning move of its own"
                                : swapped + " with " + exchange_text + ", which exchanges the players" +
                                      (own.empty() ? "" : ", and " + own + " with a winning move of its own"));
  } else if (unknown == 0 && any_draw) {
    view.result = PlayerResult::Draw;
    view.text = "a draw at best (" + rule + ")";
  } else {
    view.text = "not settled (" + rule + "; the second player's best answer to " + count(unknown) + " was not settled)";
  }
  // The colours' line starts with a winning opening; for the players it is answered by the exchange,
  // unless a drawing opening is the first player's best (the drawn opening's own line follows it:
  // after it the exchange draws too). Where the result is not settled no opening is known to be the
  // first player's best, and there is no line.
  if (view.result == PlayerResult::Draw && !drawing_opening.empty()) {
    view.line = {drawing_opening};
  } else if (view.result == PlayerResult::Loss && !exchanged_opening.empty()) {
    view.line = {exchanged_opening, exchange_text};
  }
  return view;
}

bool line_wins_without_exchange(const MoveResult& opening, const State& after, const std::string& exchange) {
  (void)after;
  return opening.value == Value::Loss && !opening.line.empty() && opening.line.front() != exchange;
}

}  // namespace arbiter::solver

// What a wrong move's sentence claims (puzzles/puzzle.hpp): the names the store and the JSON give
// its kinds, and the claim of a sentence stored before claims were (schema version 2 and before).
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "model/core/text.hpp"
#include "puzzles/puzzle.hpp"

namespace arbiter::puzzles {
namespace {

using Kind = RefutationClaim::Kind;

constexpr std::array<std::pair<Kind, const char*>, 7> kNames{{{Kind::None, "none"},
                                                               {Kind::EndsGame, "ends-game"},
                                                               {Kind::NotAtOnce, "not-at-once"},
                                                               {Kind::AnswerWins, "answer-wins"},
                                                               {Kind::NoWinWithin, "no-win-within"},
                                                               {Kind::Draw, "draw"},
                                                               {Kind::Loses, "loses"}}};

bool starts_with(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }
bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The number that starts text at `at` ("3 moves ..."), or 0.
int number_at(const std::string& text, std::size_t at) {
  int n = 0;
  for (; at < text.size() && text[at] >= '0' && text[at] <= '9' && n < 1000; ++at) n = n * 10 + (text[at] - '0');
  return n;
}

}  // namespace

std::string claim_kind_name(Kind kind) {
  for (const auto& [k, name] : kNames) {
    if (k == kind) return name;
  }
  return "none";
}

bool claim_kind_from_name(const std::string& name, Kind& kind) {
  for (const auto& [k, text] : kNames) {
    if (name == text) {
      kind = k;
      return true;
    }
  }
  return false;
}

RefutationClaim claim_of_sentence(const std::string& move, const std::string& why) {
  RefutationClaim claim;
  // "... still wins, but needs 3 moves from the puzzle position, c5 counted." ends the sentence of a slower win.
  std::string rest = why;
  const std::string slower = " still wins, but needs ";
  if (const std::size_t at = why.find(slower); at != std::string::npos) {
    claim.slower_win = number_at(why, at + slower.size());
    // The part before it, back to the end of its own sentence.
    const std::size_t stop = why.rfind(". ", at);
    rest = stop == std::string::npos ? why.substr(0, at) : why.substr(0, stop + 1);
  }
  const std::string cannot = " cannot win within ";
  if (starts_with(rest, move + " ends the game: ")) {
    claim.kind = Kind::EndsGame;
  } else if (starts_with(rest, move + " does not win at once")) {
    claim.kind = Kind::NotAtOnce;
  } else if (const std::size_t at = rest.find(cannot); at != std::string::npos) {
    claim.kind = Kind::NoWinWithin;
    claim.within = number_at(rest, at + cannot.size());
  } else if (ends_with(rest, " holds a draw.")) {
    claim.kind = Kind::Draw;
  } else if (ends_with(rest, " and wins.") && rest.find(" answers ") != std::string::npos) {
    // Since 29 November 2026 the sentence of an answer that ends the game with its win; before,
    // also of a loss whose line was the answer alone, which ended the game the same way.
    claim.kind = Kind::AnswerWins;
  } else if (ends_with(rest, " wins.")) {
    claim.kind = Kind::Loses;
  } else if (const std::size_t at = rest.rfind(" wins ("); at != std::string::npos && ends_with(rest, ").")) {
    claim.kind = Kind::Loses;
    const std::string list = rest.substr(at + 7, rest.size() - at - 9);
    // move_list's form: ", " between moves where a move has a space in it, else a space.
    const bool commas = list.find(", ") != std::string::npos;
    for (std::size_t from = 0; from <= list.size();) {
      const std::size_t end = list.find(commas ? ", " : " ", from);
      claim.line.push_back(list.substr(from, end == std::string::npos ? std::string::npos : end - from));
      if (end == std::string::npos) break;
      from = end + (commas ? 2 : 1);
    }
  }
  return claim;
}

}  // namespace arbiter::puzzles

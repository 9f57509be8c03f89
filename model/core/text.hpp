#pragma once
// The small text pieces every reader of positions and moves needs (model/core/position_io.cpp and
// the games' notation.cpp).
#include <cctype>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// Characters, not bytes: text is UTF-8, and a continuation byte (10xxxxxx) starts none. For widths
// of captions, table columns and progress lines.
inline std::size_t characters(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

inline std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// ASCII letters in lower case, the rest as it is: for words a command line takes in any case.
inline std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The whitespace-separated words of `text` (the words `>>` would read, without a stream: setting
// one up took most of the time of reading a move).
inline std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_space(text[end])) ++end;
    words.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return words;
}

// The words with `separator` between them ("a, b, c" with ", ").
inline std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : separator) + word;
  return out;
}

// Words as a sentence lists them: "b1, a7 and c7"; "none" for no words (a caller for whom none
// reads otherwise says so before it asks).
inline std::string listed(const std::vector<std::string>& words) {
  if (words.empty()) return "none";
  std::string out = words.front();
  for (std::size_t i = 1; i < words.size(); ++i) out += (i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// Moves' texts as one list: separated by spaces, or by ", " where a move's text has a space in it
// ("g2-g3 x f3", "place a1/0"), so that the list reads move by move.
inline bool move_list_has_commas(const std::vector<std::string>& moves) {
  bool spaced = false;
  for (const std::string& m : moves) spaced = spaced || contains(m, " ");
  return spaced;
}
inline std::string move_list(const std::vector<std::string>& moves) {
  const bool spaced = move_list_has_commas(moves);
  std::string out;
  for (const std::string& m : moves) out += (out.empty() ? "" : spaced ? ", " : " ") + m;
  return out;
}

}  // namespace arbiter

#pragma once
// The small text pieces every reader of positions and moves needs (model/core/position_io.cpp and
// the games' notation.cpp).
#include <cctype>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

inline std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The whitespace-separated words of `text`.
inline std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace arbiter

#pragma once
// Test support for claim encodings: a configured game that carries only a size and rulings (the
// encodings read nothing else), and a plain breadth-first chain check for replaying counterexamples.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/game.hpp"

namespace arbiter::testing {

class ConfigOnlyGame final : public Game {
 public:
  ConfigOnlyGame(const GameDescriptor& descriptor, Config config) : Game(descriptor, std::move(config)) {}
  std::vector<std::string> implementations() const override { return {}; }
  std::unique_ptr<State> initial_state(std::string_view) const override {
    throw std::runtime_error("this test game has no implementation");
  }
  // An InputError, like a position the model refuses: counterexample printers then keep the
  // encoding's board and say why.
  std::unique_ptr<State> parse_position(std::string_view, std::string_view) const override {
    throw InputError("this test game has no implementation");
  }
  int max_plies() const override { return 0; }
};

inline const GameDescriptor& claims_only_descriptor() {
  static const GameDescriptor descriptor = [] {
    GameDescriptor d;
    d.name = "claims-test";
    d.size_ok = [](int n) { return n >= 1 && n <= 26; };
    return d;
  }();
  return descriptor;
}

inline Verdict decide_claim(const std::vector<Claim>& claims, const std::string& name, int n,
                            const std::map<std::string, std::string>& rulings = {}, double timeout = 120) {
  Config config;
  config.size = n;
  config.rulings = rulings;
  const ConfigOnlyGame game(claims_only_descriptor(), config);
  for (const Claim& claim : claims) {
    if (claim.name == name) return claim.decide(game, timeout);
  }
  throw std::logic_error("no claim " + name);
}

// Does `colour` ('B' top-bottom, 'W' left-right) have an orthogonal chain joining its edges?
inline bool has_chain(int n, const std::vector<char>& cells, char colour) {
  std::vector<int> stack;
  std::vector<bool> seen(cells.size(), false);
  for (int k = 0; k < n; ++k) {
    const int start = colour == 'B' ? k : k * n;
    if (cells[static_cast<std::size_t>(start)] == colour) {
      stack.push_back(start);
      seen[static_cast<std::size_t>(start)] = true;
    }
  }
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    const int r = i / n, c = i % n;
    if ((colour == 'B' ? r : c) == n - 1) return true;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; ++d) {
      const int rr = r + dr[d], cc = c + dc[d];
      if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
      const int j = rr * n + cc;
      if (!seen[static_cast<std::size_t>(j)] && cells[static_cast<std::size_t>(j)] == colour) {
        seen[static_cast<std::size_t>(j)] = true;
        stack.push_back(j);
      }
    }
  }
  return false;
}

}  // namespace arbiter::testing

#pragma once
// Test support for claim encodings: a configured game that carries only a size and rulings (the
// encodings read nothing else), and a plain breadth-first chain check for replaying counterexamples.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/core/claim.hpp"
#include "model/core/errors.hpp"
#include "model/core/game.hpp"
#include "model/core/rulings.hpp"
#include "solver/prove.hpp"

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
  std::unique_ptr<State> read_position(std::string_view, std::string_view) const override {
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

// Issue 12: under a ruling value a claim's encoding does not model, the claim says "not encoded"
// rather than borrowing the default ruling's verdict. `modelled` declares, per directly decided
// claim, the ruling values its encoding models (std::nullopt: it reads no ruling); a derived claim
// models a value when all its premises do. For every claim and every non-default value of every
// ruling of `game`, either the declaration lists the value or the verdict at size `n` (a derived
// claim's through the prove driver) is unknown with "not encoded" in its reason; a derived claim
// may instead be refuted by a premise that models the value. Returns one line per violation ("" when
// there is none).
inline std::string unmodelled_values_not_encoded(
    const GameDescriptor& game, const std::vector<Claim>& claims,
    const std::function<std::optional<ModelledRulings>(const std::string& claim)>& modelled, int n) {
  std::function<bool(const std::string&, const std::string&, const std::string&)> models =
      [&](const std::string& claim, const std::string& ruling, const std::string& value) {
        const auto found = std::find_if(claims.begin(), claims.end(), [&](const Claim& c) { return c.name == claim; });
        if (found == claims.end()) throw std::logic_error("no claim " + claim);
        if (!found->premises.empty()) {
          return std::all_of(found->premises.begin(), found->premises.end(),
                             [&](const std::string& premise) { return models(premise, ruling, value); });
        }
        const std::optional<ModelledRulings> declared = modelled(claim);
        if (!declared) return true;
        const auto listed = std::find_if(declared->begin(), declared->end(), [&](const auto& m) { return m.first == ruling; });
        return listed != declared->end() && std::find(listed->second.begin(), listed->second.end(), value) != listed->second.end();
      };
  std::string violations;
  for (const Claim& claim : claims) {
    for (const Ruling& ruling : game.rulings) {
      for (const RulingOption& option : ruling.options) {
        if (option.value == ruling.default_value || models(claim.name, ruling.name, option.value)) continue;
        const std::string assignment = ruling.name + "=" + option.value;
        Verdict verdict;
        if (claim.premises.empty()) {
          verdict = claim.decide(*make_game(game, n, {assignment}), 30);
        } else {
          ProveRequest request;
          request.game = &game;
          request.claims = {claim.name};
          request.min_size = request.max_size = n;
          // Short: what is checked is that the premise that does not model the value says so, and
          // the premises that do model it need not be decided for that (their timeout is unknown too).
          request.timeout_seconds = 1;
          request.rulings = {assignment};
          std::ostringstream progress;
          verdict = run_proofs(request, {}, progress, false).front().verdict;
        }
        const bool honest = (verdict.kind == Verdict::Kind::Unknown && verdict.reason.find("not encoded") != std::string::npos) ||
                            (!claim.premises.empty() && verdict.kind == Verdict::Kind::Refuted);
        if (!honest) {
          violations += claim.name + " under " + assignment + ": " + verdict_name(verdict.kind) + " " + verdict.reason + "\n";
        }
      }
    }
  }
  return violations;
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

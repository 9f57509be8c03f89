#include "properties/property_runner.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <rapidcheck.h>

#include "model/core/errors.hpp"

namespace arbiter {
namespace {

// rapidcheck keeps shrinking while the property fails; the last failure it saw is the smallest.
struct LastFailure {
  std::string why;
  std::string counterexample;
  std::vector<std::string> moves;
};

// Implementations are compared by the conformance battery, which replays whole games from the
// start: positions can carry history (repetition counts) that a one-line form alone does not.
std::vector<Property> generic_properties() {
  std::vector<Property> out;
  {
    Property p;
    p.name = "ends-within-bound";
    p.statement = "every position is within the game's ply bound, and a finished game lists no legal move";
    p.source = "generic (termination)";
    p.position = [](const Game& game, const State& state) {
      if (state.ply() > game.max_plies()) {
        return PropertyVerdict::violated("ply " + std::to_string(state.ply()) + " exceeds the bound " +
                                         std::to_string(game.max_plies()));
      }
      std::vector<Move> legal;
      state.legal_moves(legal);
      if (state.is_terminal() != legal.empty()) {
        return PropertyVerdict::violated(state.is_terminal() ? "finished game lists legal moves"
                                                             : "running game lists no legal move");
      }
      return PropertyVerdict::ok();
    };
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

std::vector<Property> property_suite(const GameDescriptor& game) {
  std::vector<Property> suite = generic_properties();
  if (game.properties) {
    for (Property& p : game.properties()) suite.push_back(std::move(p));
  }
  return suite;
}

std::string replay_command(const Game& game, const std::vector<std::string>& moves) {
  std::string command = "arbiter replay " + game.descriptor().name + " --size " + std::to_string(game.config().size);
  for (const std::string& rule : non_default_rulings(game.descriptor(), game.config())) command += " --rule " + rule;
  for (const std::string& move : moves) command += " " + move;
  return command;
}

// rapidcheck announces its global configuration on stderr the first time it is used; the
// parameters that matter here are passed per property, so that line is only noise for a user.
void load_rapidcheck_configuration_quietly() {
  static const bool loaded = [] {
    std::ostringstream sink;
    std::streambuf* saved = std::cerr.rdbuf(sink.rdbuf());
    rc::detail::configuration();
    std::cerr.rdbuf(saved);
    return true;
  }();
  (void)loaded;
}

// rapidcheck calls the property once for each random case it generates and again for each smaller
// case it tries while shrinking a failure, and tells its listener which call was which: cases and
// checks are counted here from the call just made, so that a failure's shrinking is not reported
// as cases. (The default listener would also collect "reproduce" strings and print them at exit;
// Arbiter reports its own replay commands instead.)
class CaseCounter : public rc::detail::TestListener {
 public:
  CaseCounter(PropertyResult& result, const long& checks_of_last_call) : result_(result), checks_of_last_call_(checks_of_last_call) {}
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {
    if (result_.interrupted) return;  // the call that noticed the stop request ran no game
    ++result_.cases;
    result_.checks += checks_of_last_call_;
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {
    if (!result_.interrupted) ++result_.shrink_attempts;
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}

 private:
  PropertyResult& result_;
  const long& checks_of_last_call_;
};

PropertyResult run_property(const Game& game, const Property& property, int cases, std::uint64_t seed,
                            const std::function<bool(long cases_run)>& poll) {
  PropertyResult result;
  result.name = property.name;
  result.statement = property.statement;
  result.source = property.source;
  result.rule_text_claim = property.rule_text_claim;
  if (property.not_applicable) result.not_applicable = property.not_applicable(game);
  if (!result.not_applicable.empty()) {
    result.holds = false;
    return result;
  }
  load_rapidcheck_configuration_quietly();
  long checks = 0;  // in the call under way
  CaseCounter listener(result, checks);
  LastFailure failure;
  const auto start = std::chrono::steady_clock::now();

  auto fail = [&](const std::string& why, const State& state, const std::vector<std::string>& moves) {
    failure = {why, state.diagram(), moves};
    RC_FAIL(why);
  };

  // A stop request fails the case under way, which ends rapidcheck's run of cases; the shrink
  // steps that follow pass at once, so it returns promptly. The result is then marked
  // interrupted, never a verdict.
  auto stopped = [&] {
    if (result.interrupted) return true;
    if (poll && !poll(result.cases)) {
      result.interrupted = true;
      RC_FAIL("interrupted");
    }
    return false;
  };

  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = cases;
  params.maxSize = 200;
  rc::detail::TestMetadata metadata;
  metadata.id = property.name;
  metadata.description = property.statement;

  const rc::detail::TestResult outcome = property.arbitrary ? rc::detail::checkTestable(
        [&](std::uint64_t input_seed) {
          checks = 0;
          if (stopped()) return;
          ++checks;
          Rng rng(input_seed);
          const PropertyVerdict verdict = property.arbitrary(game, rng);
          if (!verdict.holds) {
            failure = {verdict.why, verdict.why, {}};
            RC_FAIL(verdict.why);
          }
        },
        metadata, params, listener) : rc::detail::checkTestable(
        [&](const std::vector<std::uint32_t>& choices) {
          checks = 0;
          if (stopped()) return;
          auto state = game.initial_state();
          std::vector<std::string> moves;
          std::vector<Move> legal;
          // The choices pick among the legal moves; past their end the game is played out with
          // choice 0 so that whole games (and their ends) are examined too.
          for (std::size_t i = 0;; ++i) {
            if (property.position) {
              ++checks;
              const PropertyVerdict verdict = property.position(game, *state);
              if (!verdict.holds) fail(verdict.why, *state, moves);
            }
            legal.clear();
            state->legal_moves(legal);
            if (legal.empty() || state->ply() > game.max_plies()) break;
            const std::uint32_t choice = i < choices.size() ? choices[i] : 0;
            const Move move = legal[choice % legal.size()];
            auto before = state->clone();
            moves.push_back(state->move_text(move));
            state->apply(move);
            if (property.transition) {
              ++checks;
              const PropertyVerdict verdict = property.transition(game, *before, move, *state);
              if (!verdict.holds) fail(verdict.why, *state, moves);
            }
          }
        },
        metadata, params, listener);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.interrupted) {
    result.holds = false;
    result.gave_up = true;
    result.why = "interrupted after " + std::to_string(result.cases) + " of " + std::to_string(cases) + " cases; no verdict";
  } else if (outcome.template is<rc::detail::FailureResult>()) {
    result.holds = false;
    result.why = failure.why;
    result.counterexample = failure.counterexample;
    result.moves = failure.moves;
  } else if (!outcome.template is<rc::detail::SuccessResult>()) {
    result.holds = false;
    result.gave_up = true;
    result.why = "rapidcheck gave up or reported an error; no verdict";
  }
  return result;
}

}  // namespace arbiter

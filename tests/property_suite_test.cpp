#include <gtest/gtest.h>

#include "properties/property_runner.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

class EveryGameProperties : public ::testing::TestWithParam<std::string> {
 protected:
  const GameDescriptor& descriptor() const { return find_game(GetParam()); }
  // A small board keeps CI fast while still reaching finished games.
  std::unique_ptr<Game> small_game() const {
    const auto sizes = testing::interesting_sizes(descriptor());
    return make_game(descriptor(), sizes.size() > 1 ? sizes[1] : sizes[0], {});
  }
};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryGameProperties);

// Replays a counterexample's moves and returns the position they reach.
std::unique_ptr<State> replay(const Game& game, const std::vector<std::string>& moves) {
  auto state = game.initial_state();
  for (const std::string& text : moves) state->apply(state->parse_move(text));
  return state;
}

TEST_P(EveryGameProperties, ArbiterInvariantsHoldAndRuleClaimsGetAReplayableVerdict) {
  auto game = small_game();
  for (const Property& property : property_suite(descriptor())) {
    const PropertyResult r = run_property(*game, property, testing::scaled(60), 20261122);
    EXPECT_FALSE(r.gave_up) << property.name << ": " << r.why;
    EXPECT_GT(r.checks, 0) << property.name;
    if (!property.rule_text_claim) {
      EXPECT_TRUE(r.holds) << property.name << ": " << r.why << "\n" << r.counterexample;
    } else if (!r.holds) {
      // A refuted claim is a finding; what must be right is that its counterexample replays.
      EXPECT_NO_THROW(replay(*game, r.moves)) << property.name;
    }
  }
}

TEST_P(EveryGameProperties, APlantedFalsePropertyIsRefutedWithAShrunkReplayableGame) {
  // Every game ends, so "no game ever ends" is false for every game; the driver must refute it
  // and hand back a game that replays to a finished position and ends exactly at its last move.
  auto game = small_game();
  Property planted;
  planted.name = "no-game-ends";
  planted.statement = "planted falsehood: no game ever ends";
  planted.source = "test";
  planted.position = [](const Game&, const State& state) {
    return state.is_terminal() ? PropertyVerdict::violated("the game ended") : PropertyVerdict::ok();
  };
  const PropertyResult r = run_property(*game, planted, 50, 3);
  ASSERT_FALSE(r.holds);
  EXPECT_FALSE(r.gave_up);
  EXPECT_EQ(r.why, "the game ended");
  const auto reached = replay(*game, r.moves);
  EXPECT_TRUE(reached->is_terminal()) << "the counterexample does not replay";
  EXPECT_EQ(reached->diagram(), r.counterexample);
  ASSERT_FALSE(r.moves.empty());
  std::vector<std::string> shorter(r.moves.begin(), r.moves.end() - 1);
  EXPECT_FALSE(replay(*game, shorter)->is_terminal());
}

TEST_P(EveryGameProperties, APropertyThatDoesNotApplyIsNotRunAndDoesNotHold) {
  auto game = small_game();
  long calls = 0;
  Property planted;
  planted.name = "planted";
  planted.statement = "planted: every position is fine";
  planted.source = "test";
  planted.position = [&calls](const Game&, const State&) {
    ++calls;
    return PropertyVerdict::ok();
  };
  planted.not_applicable = [](const Game&) { return std::string("planted: claims nothing here"); };
  const PropertyResult skipped = run_property(*game, planted, 20, 3);
  EXPECT_EQ(skipped.not_applicable, "planted: claims nothing here");
  EXPECT_FALSE(skipped.holds) << "a property not checked is reported as holding";
  EXPECT_EQ(skipped.cases, 0);
  EXPECT_EQ(skipped.checks, 0);
  EXPECT_EQ(calls, 0);
  planted.not_applicable = [](const Game&) { return std::string(); };
  const PropertyResult run = run_property(*game, planted, 20, 3);
  EXPECT_TRUE(run.holds);
  EXPECT_EQ(run.not_applicable, "");
  EXPECT_EQ(run.cases, 20);
  EXPECT_EQ(run.checks, calls);
}

TEST_P(EveryGameProperties, CasesAndChecksOfAFailureLeaveOutTheShrinking) {
  // Planted falsehoods that fail from the fifth random game (the third arbitrary input) on, every
  // smaller game rapidcheck then tries included: the counts must be those of the cases generated
  // up to and including the first failing one, the shrinking reported apart.
  auto game = small_game();
  long games = 0, checks_in_first_five = 0;
  Property planted;
  planted.name = "fifth-game-never-ends";
  planted.statement = "planted falsehood: from the fifth game on, no game ends";
  planted.source = "test";
  planted.position = [&](const Game&, const State& state) {
    games += state.ply() == 0;
    checks_in_first_five += games <= 5;
    return games >= 5 && state.is_terminal() ? PropertyVerdict::violated("the game ended") : PropertyVerdict::ok();
  };
  const PropertyResult r = run_property(*game, planted, 50, 3);
  ASSERT_FALSE(r.holds);
  EXPECT_EQ(r.cases, 5);
  EXPECT_EQ(r.checks, checks_in_first_five);
  EXPECT_GT(r.shrink_attempts, 0);
  EXPECT_GT(games, 5) << "rapidcheck shrank nothing, so this test shows nothing";

  long inputs = 0;
  Property arbitrary;
  arbitrary.name = "third-input-is-fine";
  arbitrary.statement = "planted falsehood: from the third input on, every input is wrong";
  arbitrary.source = "test";
  arbitrary.arbitrary = [&inputs](const Game&, Rng&) {
    return ++inputs >= 3 ? PropertyVerdict::violated("input " + std::to_string(inputs)) : PropertyVerdict::ok();
  };
  const PropertyResult a = run_property(*game, arbitrary, 50, 3);
  ASSERT_FALSE(a.holds);
  EXPECT_EQ(a.cases, 3);
  EXPECT_EQ(a.checks, 3);
  EXPECT_GT(a.shrink_attempts, 0);
  EXPECT_LE(3 + a.shrink_attempts, inputs);
}

TEST_P(EveryGameProperties, SameSeedSameVerdict) {
  auto game = small_game();
  const Property first = property_suite(descriptor()).front();
  const PropertyResult a = run_property(*game, first, 20, 5);
  const PropertyResult b = run_property(*game, first, 20, 5);
  EXPECT_EQ(a.holds, b.holds);
  EXPECT_EQ(a.checks, b.checks);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGameProperties, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter

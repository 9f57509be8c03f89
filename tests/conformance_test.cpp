#include <gtest/gtest.h>

#include "model/core/errors.hpp"
#include "properties/conformance.hpp"
#include "properties/seed_examples.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

class EveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  const GameDescriptor& game() const { return find_game(GetParam()); }
};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryGame);

TEST_P(EveryGame, PassesTheConformanceBattery) {
  for (int size : testing::interesting_sizes(game())) {
    auto configured = make_game(game(), size, {});
    // About 4,000 positions per check: long games (Brochs' ply cap) get fewer of them.
    const int by_length = std::clamp(4000 / std::max(1, configured->max_plies()), 3, 40);
    const int games = testing::scaled(size == game().default_size ? std::min(10, by_length) : by_length);
    for (const CheckOutcome& outcome : run_conformance(*configured, {games, 20261122})) {
      EXPECT_TRUE(outcome.passed) << "size " << size << ", " << outcome.name << " [" << outcome.subject << "]\n"
                                  << outcome.detail;
      EXPECT_GT(outcome.cases, 0) << outcome.name;
    }
  }
}

TEST_P(EveryGame, PassesTheConformanceBatteryUnderEveryRulingAlternative) {
  // Each non-default reading of each ruling, alone, at the smallest size: the interface contract
  // must hold whatever the reading.
  const int size = testing::interesting_sizes(game()).front();
  for (const Ruling& ruling : game().rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value == ruling.default_value) continue;
      auto configured = make_game(game(), size, {ruling.name + "=" + option.value});
      for (const CheckOutcome& outcome : run_conformance(*configured, {testing::scaled(10), 7})) {
        EXPECT_TRUE(outcome.passed) << ruling.name << "=" << option.value << ": " << outcome.name << " ["
                                    << outcome.subject << "]\n" << outcome.detail;
      }
    }
  }
}

TEST_P(EveryGame, ReplaysEverySeedExampleInEveryImplementation) {
  ASSERT_TRUE(static_cast<bool>(game().seed_examples)) << "a game must list the examples of its rule text";
  const auto examples = game().seed_examples();
  EXPECT_FALSE(examples.empty());
  for (const SeedExample& example : examples) {
    auto configured = make_game(game(), example.size, example.rulings);
    for (const std::string& impl : configured->implementations()) {
      const ExampleVerdict verdict = run_seed_example(game(), example, impl);
      EXPECT_TRUE(verdict.passed) << example.name << " (" << example.source << ") [" << impl << "]: " << verdict.detail;
    }
  }
}

TEST_P(EveryGame, DescribesEveryRulingCompletely) {
  for (const Ruling& ruling : game().rulings) {
    EXPECT_FALSE(ruling.id.empty());
    EXPECT_FALSE(ruling.question.empty()) << ruling.name;
    EXPECT_FALSE(ruling.reason.empty()) << ruling.name;
    EXPECT_GE(ruling.options.size(), 2u) << ruling.name << " must offer an alternative to select";
    int defaults = 0;
    for (const RulingOption& option : ruling.options) defaults += option.value == ruling.default_value;
    EXPECT_EQ(defaults, 1) << ruling.name << ": the default must be exactly one of the options";
  }
}

TEST_P(EveryGame, RejectsImpossibleSizesAndUnknownRulings) {
  EXPECT_THROW(make_game(game(), -1, {}), InputError);
  EXPECT_THROW(make_game(game(), 1000, {}), InputError);
  EXPECT_THROW(make_game(game(), 0, {"no-such-ruling=x"}), InputError);
  EXPECT_THROW(make_game(game(), 0, {"missing-equals"}), InputError);
  if (!game().rulings.empty()) {
    EXPECT_THROW(make_game(game(), 0, {game().rulings.front().name + "=not-a-value"}), InputError);
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/zobrist.hpp"
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
  const std::vector<int> sizes = testing::interesting_sizes(game());
  for (int size : sizes) {
    auto configured = make_game(game(), size, {});
    // About 4,000 positions per check: long games (Brochs' ply cap) get fewer of them.
    const int by_length = std::clamp(4000 / std::max(1, configured->max_plies()), 3, 40);
    const int games = testing::scaled(size == game().default_size ? std::min(10, by_length) : by_length);
    ConformanceSettings settings{games, 20261122};
    // Under the sanitizers, the reference implementations (plain rules, rescanning the board) run
    // the battery at the small sizes only: at Quentin 13x13 they took 28 of its 31 s there.
    settings.first_implementation_only = testing::when_sanitized(size == game().default_size && size != sizes.front(), false);
    for (const CheckOutcome& outcome : run_conformance(*configured, settings)) {
      EXPECT_TRUE(outcome.passed) << "size " << size << ", " << outcome.name << " [" << outcome.subject << "]\n"
                                  << outcome.detail;
      EXPECT_GT(outcome.cases, 0) << outcome.name;
    }
  }
}

TEST_P(EveryGame, PassesTheConformanceBatteryUnderEveryRulingAlternative) {
  // Each non-default reading of each ruling, alone, at the smallest size: the interface contract
  // must hold whatever the reading. Three games each (about 1,200 positions per check for Brochs,
  // whose 25 readings took 55 s in Release with ten games and 32 s with five).
  const int size = testing::interesting_sizes(game()).front();
  for (const Ruling& ruling : game().rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value == ruling.default_value) continue;
      auto configured = make_game(game(), size, {ruling.name + "=" + option.value});
      for (const CheckOutcome& outcome : run_conformance(*configured, {testing::scaled(3), 7})) {
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
    // A value that decides another ruling names one of its values, and that ruling decides none.
    for (const RulingOption& option : ruling.options) {
      for (const auto& set_entry : option.sets) {
        // Named copies, not structured bindings: clang 14 (Debian 12) cannot capture those in a lambda.
        const std::string name = set_entry.first, value = set_entry.second;
        const auto set =
            std::find_if(game().rulings.begin(), game().rulings.end(), [&](const Ruling& r) { return r.name == name; });
        ASSERT_NE(set, game().rulings.end()) << ruling.name << "=" << option.value << " sets an unknown ruling " << name;
        EXPECT_NE(set->name, ruling.name);
        EXPECT_TRUE(std::any_of(set->options.begin(), set->options.end(),
                                [&](const RulingOption& o) { return o.value == value; }))
            << ruling.name << "=" << option.value << " sets " << name << " to a value it lacks: " << value;
        for (const RulingOption& o : set->options) EXPECT_TRUE(o.sets.empty()) << name << " is set by " << ruling.name << " and sets others";
        EXPECT_EQ(make_config(game(), 0, {ruling.name + "=" + option.value}).rule(name), value);
      }
    }
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

// A one-line position names each ruling once: written twice, with one value or two, the line is
// refused with the ruling named (the readers accepted "... pie=off pie=off" until session 50).
TEST_P(EveryGame, ALineNamingARulingTwiceIsRefused) {
  if (game().rulings.empty()) {
    // A game without rulings still reads its lines through split_line_form, which refuses the
    // repeat before it asks whether the game knows the name.
    const auto configured = make_game(game(), 0, {});
    const std::string line = configured->initial_state()->line() + " house=1 house=1";
    try {
      configured->parse_position(line);
      ADD_FAILURE() << "accepted: " << line;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("the ruling 'house' twice"), std::string::npos) << e.what();
    }
    return;
  }
  const Ruling& ruling = game().rulings.front();
  std::string other;
  for (const RulingOption& option : ruling.options) {
    if (option.value != ruling.default_value) other = option.value;
  }
  const auto refusal = [&](const std::vector<std::string>& assignments, const std::string& extra) -> std::string {
    auto configured = make_game(game(), 0, assignments);
    const std::string line = configured->initial_state()->line() + extra;
    try {
      configured->parse_position(line);
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted: " + line;
  };
  const std::string at_default = ruling.name + "=" + ruling.default_value;
  const std::string named = "the ruling '" + ruling.name + "' twice";
  for (const std::string& message : {refusal({}, " " + at_default + " " + at_default),
                                     refusal({ruling.name + "=" + other}, " " + ruling.name + "=" + other),
                                     refusal({ruling.name + "=" + other}, " " + at_default)}) {
    EXPECT_NE(message.find(named), std::string::npos) << message;
  }
}

// A race to 7: each turn adds 1 or 2 to a shared count, and whoever reaches 7 wins. Its
// `winning_moves` can be planted wrong: it then lists no move, as a board-level list that missed a
// threat would. The battery must catch it, since the solver trusts that list (wins at once).
class RaceState final : public State {
 public:
  static constexpr int kGoal = 7;
  explicit RaceState(bool planted, int count = 0, int ply = 0) : planted_(planted), count_(count), ply_(ply) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<RaceState>(*this); }
  void copy_from(const State& other) override { *this = static_cast<const RaceState&>(other); }
  int side_to_move() const override { return ply_ % 2; }
  Outcome outcome() const override { return count_ == kGoal ? Outcome::win((ply_ + 1) % 2) : Outcome::ongoing(); }
  int ply() const override { return ply_; }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    for (Move m = 1; m <= 2; ++m) {
      if (count_ + static_cast<int>(m) <= kGoal) out.push_back(m);
    }
  }
  void winning_moves(std::vector<Move>& out) const override {
    if (planted_) return out.clear();
    State::winning_moves(out);
  }
  void apply(Move m) override {
    count_ += static_cast<int>(m);
    ++ply_;
  }
  std::string move_text(Move m) const override { return "+" + std::to_string(m); }
  Move parse_move(std::string_view text) const override {
    const Move m = text == "+1" ? 1 : text == "+2" ? 2 : 0;
    if (m == 0) throw InputError("not a race move: " + std::string(text));
    if (count_ + static_cast<int>(m) > kGoal) throw InputError("beyond the goal: " + std::string(text));
    return m;
  }
  std::string diagram() const override { return line() + "\n"; }
  std::string line() const override { return "race " + std::to_string(count_) + " " + std::to_string(ply_); }
  Drawing drawing() const override { return {}; }
  std::string explain(Move m) const override { return move_text(m); }
  std::uint64_t key() const override { return mix64(static_cast<std::uint64_t>(count_ * 64 + ply_)); }

 private:
  bool planted_;
  int count_;
  int ply_;
};

class RaceGame final : public Game {
 public:
  RaceGame(const GameDescriptor& descriptor, bool planted) : Game(descriptor, Config{}), planted_(planted) {}
  std::vector<std::string> implementations() const override { return {"fast"}; }
  std::unique_ptr<State> initial_state(std::string_view) const override { return std::make_unique<RaceState>(planted_); }
  std::unique_ptr<State> read_position(std::string_view text, std::string_view) const override {
    std::istringstream in{std::string(text)};
    std::string name;
    int count = -1, ply = -1;
    if (!(in >> name >> count >> ply) || name != "race" || count < 0 || count > RaceState::kGoal || ply < 0) {
      throw InputError("not a race position: " + std::string(text));
    }
    return std::make_unique<RaceState>(planted_, count, ply);
  }
  int max_plies() const override { return RaceState::kGoal; }

 private:
  bool planted_;
};

TEST(ConformanceBattery, CatchesAWinningMovesListThatMissesAWin) {
  GameDescriptor descriptor;
  descriptor.name = "race";
  for (const bool planted : {false, true}) {
    const RaceGame game(descriptor, planted);
    bool checked = false;
    for (const CheckOutcome& outcome : run_conformance(game, {20, 3})) {
      // Without the plant the toy is a correct game, so the plant is the one thing to catch.
      if (!planted) {
        EXPECT_TRUE(outcome.passed) << outcome.name << ": " << outcome.detail;
      }
      if (outcome.name != "winning moves are the moves that win at once") continue;
      checked = true;
      EXPECT_EQ(outcome.passed, !planted) << outcome.detail;
      if (planted) {
        EXPECT_NE(outcome.detail.find("winning_moves lists none"), std::string::npos) << outcome.detail;
      }
    }
    EXPECT_TRUE(checked) << "the battery has no winning-moves check";
  }
}

// Every game's reader goes through Game::parse_position, which refuses what the reader alone cannot
// see: a position at ply 0 other than the initial one, at ply 1 one that no first move gives.
TEST(ConformanceBattery, TheOpeningPliesOfEveryGameMustBeReachedByPlay) {
  GameDescriptor descriptor;
  descriptor.name = "race";
  const RaceGame game(descriptor, false);
  for (const auto& [text, problem] : {std::pair{"race 3 0", "at ply 0 a position must be the initial position (race 0 0)"},
                                      std::pair{"race 3 1", "at ply 1 a position must be one legal move from the initial "
                                                            "position (race 0 0), and no first move gives this one"}}) {
    try {
      game.parse_position(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& error) {
      EXPECT_EQ(std::string(error.what()), std::string("no game reaches this position: ") + problem);
    }
  }
  for (const char* reached : {"race 0 0", "race 1 1", "race 2 1", "race 3 2", "race 7 3"}) {
    EXPECT_EQ(game.parse_position(reached)->line(), reached);
  }
}

// A stop request ends the battery at its next unit of work (a position, a game): the checks
// finished before it are returned whole, and the one it cut short is left out, its verdict would
// rest on fewer cases than were asked for.
TEST(ConformanceBattery, StopsAtTheNextUnitOnceAStopIsRequested) {
  GameDescriptor descriptor;
  descriptor.name = "race";
  const RaceGame game(descriptor, false);
  static long polls = 0, stop_after = 0;
  ConformanceSettings settings{20, 3, [] { return ++polls > stop_after; }};
  stop_after = 1L << 40;
  const std::vector<CheckOutcome> whole = run_conformance(game, settings);
  const long every_poll = polls;
  ASSERT_GT(whole.size(), 2U);
  for (const long after : {0L, every_poll / 2}) {
    polls = 0;
    stop_after = after;
    int reported = 0;
    const std::vector<CheckOutcome> cut = run_conformance(game, settings, [&](const CheckOutcome&) { ++reported; });
    EXPECT_EQ(polls, after + 1) << "polled on after the stop was requested";
    EXPECT_EQ(reported, static_cast<int>(cut.size()));
    EXPECT_LT(cut.size(), whole.size());
    if (after > 0) {
      EXPECT_GT(cut.size(), 0U);
    }
    for (std::size_t i = 0; i < cut.size(); ++i) {
      EXPECT_EQ(cut[i].name, whole[i].name);
      EXPECT_EQ(cut[i].cases, whole[i].cases) << cut[i].name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter

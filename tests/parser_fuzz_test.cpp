// Random and truncated input to every parser of every game: the only acceptable failure is an
// InputError (which the CLI turns into a one-line message); anything else is a crash to a user.
#include <gtest/gtest.h>

#include <sstream>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "properties/conformance.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

std::string mutate(const std::string& text, Rng& rng) {
  static const std::string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ./-=x\n\tBW#*?!+:,;|@\x01\xff";
  std::string out = text;
  switch (rng.below(5)) {
    case 0:  // truncate
      out = out.substr(0, rng.below(static_cast<std::uint32_t>(out.size() + 1)));
      break;
    case 1:  // flip characters
      for (int k = 0; k < 3 && !out.empty(); ++k) {
        out[rng.below(static_cast<std::uint32_t>(out.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
      }
      break;
    case 2:  // insert characters
      for (int k = 0; k < 3; ++k) {
        out.insert(out.begin() + rng.below(static_cast<std::uint32_t>(out.size() + 1)),
                   alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))]);
      }
      break;
    case 3:  // delete a span
      if (!out.empty()) {
        const auto at = rng.below(static_cast<std::uint32_t>(out.size()));
        out.erase(at, rng.below(8) + 1);
      }
      break;
    default:  // pure garbage
      out.clear();
      for (std::uint32_t k = rng.below(40); k > 0; --k) out += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
  }
  return out;
}

class EveryGameParser : public ::testing::TestWithParam<std::string> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryGameParser);

TEST_P(EveryGameParser, OnlyInputErrorsComeOutOfMangledInput) {
  const GameDescriptor& descriptor = find_game(GetParam());
  const int size = testing::interesting_sizes(descriptor).front();
  auto game = make_game(descriptor, size, {});
  Rng rng(99);
  long rejected = 0, accepted = 0;
  for (int g = 0; g < testing::scaled(20); ++g) {
    const auto moves = random_game(*game, {}, rng);
    auto state = game->initial_state();
    const std::size_t stride = moves.size() / 40 + 1;  // about 40 positions per game
    for (std::size_t i = 0; i <= moves.size(); ++i) {
      if (i % stride != 0 && i != moves.size()) {
        state->apply(moves[i]);
        continue;
      }
      std::vector<std::string> samples = {state->line(), state->diagram()};
      std::vector<Move> legal;
      state->legal_moves(legal);
      // A handful of moves per position is enough; long games with many moves stay cheap.
      for (int k = 0; k < 8 && !legal.empty(); ++k) {
        samples.push_back(state->move_text(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]));
      }
      for (const std::string& sample : samples) {
        for (int k = 0; k < 4; ++k) {
          const std::string text = mutate(sample, rng);
          try {
            game->parse_position(text);
            ++accepted;
          } catch (const InputError&) {
            ++rejected;
          }
          try {
            load_position(descriptor, 0, {}, text);
            ++accepted;
          } catch (const InputError&) {
            ++rejected;
          }
          try {
            state->parse_move(text);
            ++accepted;
          } catch (const InputError&) {
            ++rejected;
          }
        }
      }
      if (i == moves.size()) break;
      state->apply(moves[i]);
    }
  }
  EXPECT_GT(rejected, 0);
  EXPECT_GT(accepted + rejected, testing::scaled(1000) / 2);
}

// Plays uniformly random moves from `state` to the end: every position stays within the game's
// bound and its one-line form reads back to itself (item 14 of issue 13: an accepted position
// whose successor was refused).
void expect_plays_on_and_reads_back(const Game& game, State& state, Rng& rng, const std::string& origin) {
  std::vector<Move> legal;
  std::string played;
  for (;;) {
    ASSERT_LE(state.ply(), game.max_plies()) << origin << " then" << played;
    const std::string line = state.line();
    try {
      ASSERT_EQ(game.parse_position(line)->line(), line) << origin << " then" << played;
    } catch (const InputError& error) {
      FAIL() << "printed position " << line << " is refused (" << error.what() << "); reached from " << origin
             << " by" << played;
    }
    state.legal_moves(legal);
    if (legal.empty()) return;
    const Move move = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    played += " '" + state.move_text(move) + "'";
    state.apply(move);
  }
}

// The numbers in a one-line form (ply, counters) replaced by others, larger and smaller: whatever
// a reader accepts must play on within max_plies() and keep reading back. A game whose one-line
// form holds no number has nothing to vary here.
TEST_P(EveryGameParser, AcceptedNumbersPlayOnWithinTheBound) {
  const GameDescriptor& descriptor = find_game(GetParam());
  const int size = testing::interesting_sizes(descriptor).front();
  auto game = make_game(descriptor, size, {});
  Rng rng(14);
  long accepted = 0;
  long numbers = 0;  // the numbers met in the one-line forms
  // Not scaled down under sanitizers: fewer games may leave no accepted variant to play on.
  for (int g = 0; g < 6; ++g) {
    const auto moves = random_game(*game, {}, rng);
    auto state = game->initial_state();
    for (std::size_t i = 0; i <= moves.size(); ++i) {
      if (i % (moves.size() / 8 + 1) == 0) {
        std::vector<std::string> words;
        std::istringstream in(state->line());
        for (std::string word; in >> word;) words.push_back(word);
        for (std::size_t w = 2; w < words.size(); ++w) {  // past the game name and the size
          if (words[w].find_first_not_of("0123456789") != std::string::npos) continue;
          ++numbers;
          const int was = std::stoi(words[w]);
          for (int now : {was + 1, was + 2, was + 5, was * 2 + 3, was - 1, game->max_plies(), game->max_plies() - 1}) {
            if (now < 0) continue;
            std::vector<std::string> changed = words;
            changed[w] = std::to_string(now);
            std::string text;
            for (const auto& word : changed) text += (text.empty() ? "" : " ") + word;
            std::unique_ptr<State> parsed;
            try {
              parsed = game->parse_position(text);
            } catch (const InputError&) {
              continue;
            }
            ++accepted;
            expect_plays_on_and_reads_back(*game, *parsed, rng, text);
            if (::testing::Test::HasFatalFailure()) return;
          }
        }
      }
      if (i == moves.size()) break;
      state->apply(moves[i]);
    }
  }
  if (numbers > 0) {
    EXPECT_GT(accepted, 0) << numbers << " numbers met, no variant accepted";
  }
}

TEST_P(EveryGameParser, ErrorsAreOneLine) {
  const GameDescriptor& descriptor = find_game(GetParam());
  auto game = make_game(descriptor, 0, {});
  auto state = game->initial_state();
  for (const std::string text : {"", "zz99", "???", "a1-", "\n\n\n", "x x x x"}) {
    try {
      state->parse_move(text);
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    try {
      game->parse_position(text);
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGameParser, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter

// Quentin's notation (docs/notation/quentin.md): exact round trips, the lenient diagram forms,
// one-line errors for bad input, and a fuzz test of every parser.
#include <gtest/gtest.h>

#include <functional>

#include "model/core/position_io.hpp"
#include "model/core/text.hpp"
#include "model/quentin/tests/fixtures.hpp"

namespace arbiter::quentin {
namespace {

// The same diagram as the user may type it: no header, no row numbers, no spaces.
std::string compact(const std::string& diagram) {
  std::string out;
  std::size_t start = diagram.find('\n') + 1;  // drop the header
  while (start < diagram.size()) {
    const std::size_t end = diagram.find('\n', start);
    std::string line = diagram.substr(start, end - start);
    if (line.size() > 3 && line[2] == ' ' && (line[0] == ' ' || std::isdigit(static_cast<unsigned char>(line[0])))) {
      line = line.substr(3);
      std::erase(line, ' ');
    }
    out += line + "\n";
    start = end + 1;
  }
  return out;
}

TEST(QuentinNotation, DiagramLayoutIsExact) {
  auto game = make_game(quentin_game(), 5, {});
  auto state = game->initial_state();
  play(*state, {"c1", "b3"});
  EXPECT_EQ(state->diagram(), R"(   a b c d e
 1 . . B . .
 2 . . . . .
 3 . W . . .
 4 . . . . .
 5 . . . . .
Black to move, ply 2
)");
  EXPECT_EQ(state->line(), "quentin 5 ..B../...../.W.../...../..... black 2");
  auto big = make_game(quentin_game(), 12, {"pie=off"});
  auto s12 = big->initial_state();
  play(*s12, {"l12"});
  const std::string d = s12->diagram();
  EXPECT_TRUE(contains(d, "   a b c d e f g h i j k l\n 1 . ")) << d;
  EXPECT_TRUE(contains(d, "\n12 . . . . . . . . . . . B\nWhite to move, ply 1\n")) << d;
  EXPECT_TRUE(contains(s12->line(), " white 1 pie=off"));
}

TEST(QuentinNotation, EveryPrintedFormReadsBackInBothImplementations) {
  for (int size : {2, 3, 4, 5, 6, 7, 9, 13, 26}) {
    for (const std::vector<std::string>& rulings :
         {std::vector<std::string>{}, std::vector<std::string>{"opponent-chain=mover-wins", "majority=adjacencies"}}) {
      auto game = make_game(quentin_game(), size, rulings);
      Rng rng(static_cast<std::uint64_t>(size) * 31);
      const int games = std::max(1, (size <= 7 ? 20 : size <= 9 ? 2 : 1) / static_cast<int>(kHeavyDivisor));
      for (int g = 0; g < games; ++g) {
        auto state = game->initial_state();
        std::vector<Move> moves;
        for (;;) {
          const bool check = size <= 7 || state->ply() % (10 * kHeavyDivisor) == 0 || state->is_terminal();
          for (const std::string& impl : implementations()) {
            if (!check) break;
            for (const std::string& text : {state->diagram(), state->line(), compact(state->diagram())}) {
              auto back = game->parse_position(text, impl);
              ASSERT_EQ(back->line(), state->line()) << text;
              ASSERT_EQ(back->diagram(), state->diagram()) << text;
              ASSERT_EQ(back->outcome(), state->outcome()) << text;
            }
          }
          state->legal_moves(moves);
          if (moves.empty()) break;
          if (check) {
            for (Move m : moves) ASSERT_EQ(state->parse_move(state->move_text(m)), m);
          }
          state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
      }
    }
  }
}

TEST(QuentinNotation, LoadPositionInfersSizeAndRulings) {
  auto loaded = load_position(quentin_game(), 0, {}, "quentin 3 B../.../... white 1 pie=off");
  EXPECT_EQ(loaded.game->config().size, 3);
  EXPECT_EQ(loaded.game->config().rule("pie"), "off");
  auto from_diagram = load_position(quentin_game(), 0, {}, "B..\n...\n...\nWhite to move, ply 1\n");
  EXPECT_EQ(from_diagram.state->line(), "quentin 3 B../.../... white 1");
  // A line may write a ruling at its default value: read by value, printed canonically. One
  // written twice, even with one value, is refused (it was read until session 50).
  auto default_written = load_position(quentin_game(), 0, {}, "quentin 3 B../.../... white 1 pie=on majority=distinct");
  EXPECT_EQ(default_written.state->line(), "quentin 3 B../.../... white 1");
  EXPECT_THROW(load_position(quentin_game(), 0, {"pie=off"}, "quentin 3 B../.../... white 1 pie=off pie=off"), InputError);
}

void expect_input_error(const std::function<void()>& action, const std::string& phrase) {
  try {
    action();
    ADD_FAILURE() << "no InputError; expected one mentioning '" << phrase << "'";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_TRUE(contains(message, phrase)) << message;
    EXPECT_FALSE(contains(message, "\n")) << message;
  }
}

TEST(QuentinNotation, BadPositionsGiveOneLineErrors) {
  auto game = make_game(quentin_game(), 3, {});
  auto parse = [&](const std::string& text) { return [&game, text] { game->parse_position(text); }; };
  expect_input_error(parse("B..\n...\n...\n"), "diagram has no status line");
  expect_input_error(parse("B..\n...\n...\nBlue to move, ply 1\n"), "diagram has no status line");
  expect_input_error(parse("B..\n.X.\n...\nWhite to move, ply 1\n"), "unexpected character 'X'");
  expect_input_error(parse("B..\n..\n...\nWhite to move, ply 1\n"), "board row 2 has 2 points, expected 3");
  expect_input_error(parse("1 B..\n3 ...\n3 ...\nWhite to move, ply 1\n"), "row 2 is numbered 3");
  expect_input_error(parse("a b d\nB..\n...\n...\nWhite to move, ply 1\n"), "column header 'a b d'");
  expect_input_error(parse("B...\n....\n....\n....\nWhite to move, ply 1\n"), "diagram has 4 rows but the game is configured with size 3");
  expect_input_error(parse("B..\n...\n...\nBlack to move, ply 1\n"), "it is White's turn, not Black's");
  expect_input_error(parse("B..\n...\n...\nWhite to move, ply x\n"), "must be a number");
  expect_input_error(parse("B..\n...\n...\nWhite to move, ply 1000000\n"), "from 0 to 999999");
  expect_input_error(parse("B..\n...\n...\nWhite to move, ply 1, twice\n"), "unexpected text after the ply");
  expect_input_error(parse("BW.\n...\n...\nBlack to move, ply 2, swapped\n"), "it is White's turn");
  expect_input_error(parse("B..\n...\n...\nWhite to move, ply 1, swapped\n"), "at least ply 2");
  expect_input_error(parse("B..\n...\n...\nWhite to move, ply 999\n"), "exceeds the longest possible game");
  expect_input_error(parse("B..\n.B.\n...\nWhite to move, ply 1\n"), "no game reaches this position: stones a1 and b2 are diagonally adjacent");
  expect_input_error(parse(".B.\nBB.\n...\nWhite to move, ply 1\n"), "no game reaches this position: the empty points a1 form a territory");
  expect_input_error(parse("B..\nB..\nB..\nWhite to move, ply 3\n"), "the game is already over");
  expect_input_error(parse("B..\n...\n...\nBlack wins, ply 1\n"), "the stones say the game is still going on");
  expect_input_error(parse("B..\nB..\nB..\nWhite wins, ply 3\n"), "status says White wins but the stones say Black wins");
  expect_input_error(parse("quentin 4 B.../..../..../.... white 1"), "size 4 but the game is configured with size 3");
  expect_input_error(parse("quentin 3 B../.../... white 1 pie=off"),
                     "the position's rulings differ from the game's: pie=off where the game has pie=on (the default)");
  expect_input_error(parse("quentin 3 B../.../... white 1 pie=off pie=on"),
                     "the one-line position gives the ruling 'pie' twice ('pie=off' and 'pie=on'): name each ruling once");
  expect_input_error(parse("quentin 3 B../... white 1"), "has 2 rows, expected 3");
  expect_input_error(parse("quentin 3 B../.../... red 1"), "side to move must be 'black' or 'white'");
  expect_input_error(parse("quentin 3 B../.../... white 1 swapped extra"), "body tokens");
  expect_input_error(parse("quentin 3 B../.../... white 1 twice"), "expected 'swapped'");
  expect_input_error(parse("quentin 3 1B../.../... white 1"), "unexpected row number");
  expect_input_error(parse("brique 3 B../.../... white 1"), "must start with the game name");
  expect_input_error(parse(""), "empty position");
  expect_input_error(parse("B\nWhite to move, ply 1\n"), "needs 2 to 26 board rows");
  expect_input_error([] { quentin_game().diagram_size("..\n..\n"); }, "no status line");
  expect_input_error([] { make_game(quentin_game(), 27, {}); }, "board size 27 is not allowed");
  expect_input_error([] { make_game(quentin_game(), 1, {}); }, "board size 1 is not allowed");
}

// Issue 13 item 14: `quentin 2 ../B. white 9` was accepted and its successor after b1 refused.
TEST(QuentinNotation, ThePlyMustFitTheStones) {
  auto game = make_game(quentin_game(), 2, {});
  expect_input_error([&] { game->parse_position("quentin 2 ../B. white 9"); },
                     "ply 9 does not fit the board: 1 stone allows at most ply 2");
  expect_input_error([&] { game->parse_position("quentin 2 ../B. white 3"); }, "at most ply 2");
  // One stone at ply 2 fits the ply, but White's move was then a pass while it could move (the
  // stones per colour, reachability_test.cpp).
  expect_input_error([&] { game->parse_position("quentin 2 ../B. black 2"); }, "White has no stone at ply 2");
  auto fits = game->parse_position("quentin 2 ../BW black 2");
  fits->apply(fits->parse_move("a1"));
  EXPECT_EQ(game->parse_position(fits->line())->line(), fits->line());
}

// A user's test: stones at ply 0, a White stone before White's first turn and two stones before the
// swap were read, though no game reaches them (Game::parse_position now plays the opening out).
TEST(QuentinNotation, TheOpeningPliesMustBeReachedByPlay) {
  auto game = make_game(quentin_game(), 3, {});
  for (const std::string& impl : implementations()) {
    expect_input_error([&] { game->parse_position("quentin 3 WWW/.../... black 0", impl); },
                       "no game reaches this position: at ply 0 a position must be the initial position (quentin 3 .../.../... black 0)");
    expect_input_error([&] { game->parse_position("quentin 3 .W./.../.B. white 1", impl); },
                       "at ply 1 a position must be one legal move from the initial position (quentin 3 .../.../... black 0), "
                       "and no first move gives this one");
    expect_input_error([&] { game->parse_position("quentin 3 BW./.../... white 2 swapped", impl); },
                       "at ply 2 (swapped) a position must be two legal moves from the initial position");
    for (const char* diagram : {"WWW\n...\n...\nWhite wins, ply 0\n", ".B.\n...\n...\nBlack to move, ply 0\n",
                                ".W.\n...\n.B.\nWhite to move, ply 1\n", "BW.\n...\n...\nWhite to move, ply 2, swapped\n"}) {
      expect_input_error([&] { game->parse_position(diagram, impl); }, "no game reaches this position");
    }
    for (const char* reached : {"quentin 3 .../.../... black 0", "quentin 3 .../.B./... white 1", "quentin 3 .../.B./... white 2 swapped"}) {
      EXPECT_EQ(game->parse_position(reached, impl)->line(), reached);
    }
  }
  auto larger = make_game(quentin_game(), 4, {});
  expect_input_error([&] { larger->parse_position("quentin 4 B.../..../..../...W black 0"); }, "at ply 0");
}

TEST(QuentinNotation, BadMovesGiveOneLineErrors) {
  for (const std::string& impl : implementations()) {
    auto s = setup("B..\n...\n...\nWhite to move, ply 1\n", {}, impl);
    auto move = [&](const std::string& text) { return [&s, text] { s.state->parse_move(text); }; };
    expect_input_error(move("a1"), "point a1 is occupied by a black stone");
    expect_input_error(move("d1"), "point 'd1' is off the 3x3 board");
    expect_input_error(move("a4"), "off the 3x3 board");
    expect_input_error(move("a0"), "cannot read move");
    expect_input_error(move("A1"), "cannot read move");
    expect_input_error(move(""), "cannot read move");
    expect_input_error(move("a1b"), "cannot read move");
    expect_input_error(move("pass"), "pass is allowed only when no move is possible");
    auto over = setup("B..\nBW.\nB..\nBlack wins, ply 3\n", {}, impl);
    expect_input_error([&] { over.state->parse_move("b1"); }, "the game is over");
  }
}

// Random and damaged text must produce an InputError or a position that prints back to itself.
TEST(QuentinNotation, FuzzedInputOnlyEverRaisesInputError) {
  const std::vector<std::string> samples = {
      "   a b c\n 1 B . .\n 2 . W .\n 3 . . .\nBlack to move, ply 2\n",
      "quentin 3 B../.W./... black 2",
      "quentin 3 B../.W./... black 2 swapped opponent-chain=illegal",
      "B..\n.W.\n...\nWhite wins, ply 3, swapped\n",
      "   a b c d e\n 1 W . . . W\n 2 . B W B W\n 3 . . . . W\n 4 W B W . B\n 5 . . W . B\nBlack to move, ply 12\n",
  };
  const std::string alphabet = ".BW \n/abcdeqntuilkpwyshm0123456789,=-_\t\r";
  Rng rng(2026);
  const int rounds = 30000 / static_cast<int>(kHeavyDivisor);
  std::vector<std::unique_ptr<Game>> games;
  for (int size : {3, 5}) games.push_back(make_game(quentin_game(), size, {}));
  auto state = games[1]->parse_position(samples[4]);
  for (int round = 0; round < rounds; ++round) {
    std::string text;
    const std::string& base = samples[rng.below(static_cast<std::uint32_t>(samples.size()))];
    switch (rng.below(4)) {
      case 0:  // random characters
        for (std::uint32_t i = 0, n = rng.below(40); i < n; ++i) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
        break;
      case 1:  // truncated
        text = base.substr(0, rng.below(static_cast<std::uint32_t>(base.size()) + 1));
        break;
      case 2:  // mutated
        text = base;
        for (std::uint32_t i = 0, n = 1 + rng.below(3); i < n; ++i) {
          text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
        }
        break;
      default:  // arbitrary bytes
        for (std::uint32_t i = 0, n = rng.below(30); i < n; ++i) text += static_cast<char>(rng.below(256));
    }
    for (const auto& game : games) {
      for (const std::string& impl : implementations()) {
        try {
          auto parsed = game->parse_position(text, impl);
          auto again = game->parse_position(parsed->diagram(), impl);
          ASSERT_EQ(again->line(), parsed->line()) << text;
        } catch (const InputError&) {
        }
      }
    }
    try {
      quentin_game().diagram_size(text);
    } catch (const InputError&) {
    }
    try {
      load_position(quentin_game(), 0, {}, text);
    } catch (const InputError&) {
    }
    const std::string move_text = text.substr(0, 4);
    try {
      const Move m = state->parse_move(move_text);
      ASSERT_EQ(state->parse_move(state->move_text(m)), m);
    } catch (const InputError&) {
    }
  }
}

}  // namespace
}  // namespace arbiter::quentin

namespace arbiter::quentin {
namespace {

// The key leaves out the ply and the swap mark (docs/solver.md, "Keys and symmetries"): no rule
// reads them but through the side to move and the swap's availability, which it keeps. A
// certificate's checker compares positions by equivalence_text, which must leave out the same.
TEST(QuentinNotation, EquivalenceTextLeavesOutWhatTheKeyLeavesOut) {
  const auto g = make_game(quentin_game(), 3, {});
  for (const std::string implementation : {"fast", "reference"}) {
    const auto reached = [&](const std::vector<std::string>& moves) {
      auto state = g->parse_position("quentin 3 .../.../... black 0", implementation);
      play(*state, moves);
      return state;
    };
    const auto later = reached({"a1", "swap", "c3"});
    const auto sooner = reached({"a1", "c3"});
    EXPECT_NE(later->line(), sooner->line());
    EXPECT_EQ(later->equivalence_text(), sooner->equivalence_text()) << implementation;
    if (implementation == "fast") {
      EXPECT_EQ(later->key(), sooner->key());
    }
    // The swap's availability and the side to move still tell positions apart.
    const auto open = reached({"a1"});
    const auto taken = reached({"a1", "swap"});
    EXPECT_NE(open->equivalence_text(), taken->equivalence_text());
    EXPECT_NE(open->equivalence_text().find(" swap-available"), std::string::npos) << open->equivalence_text();
    EXPECT_NE(taken->equivalence_text(), sooner->equivalence_text());
  }
}

}  // namespace
}  // namespace arbiter::quentin

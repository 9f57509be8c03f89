// Diagrams, one-line forms and moves: exact formats, round trips, and bad input (including random
// and truncated text) that must come out as one-line InputErrors and nothing else.
#include <gtest/gtest.h>

#include "model/brique/tests/fixtures.hpp"
#include "model/core/errors.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

using brique_test::game;
using brique_test::implementations;

constexpr int kNotationScale = arbiter::testing::when_sanitized(16, 1);

TEST(BriqueNotation, DiagramAndLineFormats) {
  const auto g = game(5);
  const auto state = g->parse_position("brique 5 ..B../...../.W.../...../..... black 2", "fast");
  EXPECT_EQ(state->diagram(),
            "   a b c d e\n"
            " 1 . . B . .\n"
            " 2 . . . . .\n"
            " 3 . W . . .\n"
            " 4 . . . . .\n"
            " 5 . . . . .\n"
            "Black to move, ply 2\n");
  const auto big = game(12)->initial_state("reference");
  EXPECT_EQ(big->diagram().substr(0, 30), "   a b c d e f g h i j k l\n 1 ");
  EXPECT_NE(big->diagram().find("\n12 . . ."), std::string::npos);
  EXPECT_EQ(big->line(), "brique 12 ............/............/............/............/............/............/"
                         "............/............/............/............/............/............ black 0");
}

TEST(BriqueNotation, AcceptsRowsWithoutHeaderNumbersOrSpaces) {
  const auto g = game(5);
  const std::string full = g->parse_position("brique 5 ..B../...../.W.../...../..... black 2", "fast")->diagram();
  for (const char* text : {"..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2\n",
                           " 1 ..B..\n 2 .....\n 3 .W...\n 4 .....\n 5 .....\nBlack to move, ply 2",
                           "abcde\n. . B . .\n. . . . .\n. W . . .\n. . . . .\n. . . . .\n\nBlack to move, ply 2\n",
                           "\r\n..B..\r\n.....\r\n.W...\r\n.....\r\n.....\r\nBlack to move, ply 2\r\n"}) {
    for (const std::string& implementation : implementations()) {
      EXPECT_EQ(g->parse_position(text, implementation)->diagram(), full) << text;
    }
  }
  EXPECT_EQ(brique_test::brique().diagram_size("..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2\n"), 5);
}

void expect_rejected(const Game& g, const std::string& text, const std::string& fragment) {
  try {
    g.parse_position(text, "fast");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const InputError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(BriqueNotation, RejectsMalformedAndUnreachablePositions) {
  const auto g = game(5);
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\n", "no status line");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\nBlack to move, ply 2", "4 rows");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n....\nBlack to move, ply 2", "row 5 has 4 squares");
  expect_rejected(*g, "..B..\n.....\n.X...\n.....\n.....\nBlack to move, ply 2", "unexpected character 'X'");
  expect_rejected(*g, " 1 ..B..\n 3 .....\n 3 .W...\n 4 .....\n 5 .....\nBlack to move, ply 2", "row 2 is numbered");
  expect_rejected(*g, "abcdf\n..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2", "column header");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nWhite to move, ply 2", "it is Black's turn");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply x", "ply count must be a number");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 1000000", "from 0 to 999999");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nBlack to move", "ply N");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2, sideways", "unexpected 'sideways'");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nWhite to move, ply 99", "exceeds the longest possible game");
  expect_rejected(*g, "..B..\n.....\n.....\n.....\n.....\nWhite to move, ply 0", "ply 0");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nWhite to move, ply 1", "exactly one black stone");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nWhite to move, ply 3, swapped", "it is Black's turn, not White's");
  expect_rejected(*g, "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2, passed", "passing is not allowed");
  expect_rejected(*g, "..B..\n.B...\n.....\n.....\n.....\nWhite to move, ply 3", "square b1 must already hold a black stone");
  expect_rejected(*g, "..B..\n..B..\n..B..\n..B..\n..B..\nWhite to move, ply 9", "Black has won");
  expect_rejected(*g, "..B..\n..B..\n..B..\n..B..\n.....\nWhite wins, ply 9", "the game is not over");
  expect_rejected(*g, "brique 5 ..B../...../.W.../...../..... black 2 pie=off", "rulings differ");
  expect_rejected(*g, "brique 6 ..B../...../.W.../...../..... black 2", "size 6");
  expect_rejected(*g, "brique 5 ..B../...../.W.../..... black 2", "4 rows");
  expect_rejected(*g, "brique 5 ..B../...../.W.../...../..... blue 2", "'black' or 'white'");
  expect_rejected(*g, "brique 5 ..B../...../.W.../...../..... white 2 swapped", "exactly one black stone");
  expect_rejected(*game(5, {"pie=off"}), "brique 5 ..B../...../...../...../..... black 2 swapped pie=off", "pie rule is off");
  expect_rejected(*g, "quentin 5 ..B../...../.W.../...../..... black 2", "must start with the game name");
  expect_rejected(*g, "", "empty position");
}

// Brique's reader refuses its own unreachable openings with its own words; play decides the rest
// (Game::parse_position): a lone White stone at ply 2 after a pass, which only Black's pass before
// White's stone could give, and that stone would have ended the passing.
TEST(BriqueNotation, TheOpeningPliesMustBeReachedByPlay) {
  const auto passing = game(5, {"pass=allowed"});
  for (const std::string& implementation : implementations()) {
    for (const char* text : {"brique 5 ..W../...../...../...../..... black 2 passed pass=allowed",
                             "..W..\n.....\n.....\n.....\n.....\nBlack to move, ply 2, passed\n"}) {
      try {
        passing->parse_position(text, implementation);
        ADD_FAILURE() << "accepted: " << text;
      } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("no game reaches this position: at ply 2 (passed) a position must be two legal "
                                                 "moves from the initial position (brique 5 ...../...../...../...../..... black 0 "
                                                 "pass=allowed)"),
                  std::string::npos)
            << error.what();
      }
    }
    for (const char* text : {"brique 5 ..B../...../...../...../..... black 2 passed pass=allowed",
                             "brique 5 ...../...../...../...../..... white 1 passed pass=allowed",
                             "brique 5 ..B../...../...../...../..... white 1 pass=allowed"}) {
      EXPECT_EQ(passing->parse_position(text, implementation)->line(), text);
    }
  }
  expect_rejected(*game(5), "..B..\n.....\n.....\n.....\n.....\nBlack to move, ply 0", "at ply 0 the board must be empty");
}

// Issue 13 item 14: `brique 2 .B/.. white 5` was accepted and its successor after a1 refused.
TEST(BriqueNotation, ThePlyMustFitTheStones) {
  expect_rejected(*game(2), "brique 2 .B/.. white 5", "ply 5 does not fit the board: 1 stone allows at most ply 1");
  expect_rejected(*game(5), "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 4", "at most ply 2");
  expect_rejected(*game(5), "brique 5 ..B../...../.W.../...../..... black 5 swapped", "at most ply 3");
  const auto passing = game(2, {"pass=allowed"});
  expect_rejected(*passing, "brique 2 .B/.. black 4 pass=allowed", "at most ply 2");
  expect_rejected(*passing, "brique 2 .B/.. black 4 passed pass=allowed", "at most ply 3");
  // The largest plies the stones allow are accepted and play on.
  // (At ply 3 after a pass the stone is White's: White placed last, at ply 1, after Black's pass;
  // a lone black stone there is refused, reachability_test.cpp.)
  for (const char* text : {"brique 2 .B/.. white 1", "brique 2 .W/.. white 3 passed pass=allowed"}) {
    const auto g = game(2, std::string(text).find("pass=") == std::string::npos ? std::vector<std::string>{}
                                                                                 : std::vector<std::string>{"pass=allowed"});
    auto state = g->parse_position(text, "fast");
    state->apply(state->parse_move("a1"));
    EXPECT_EQ(g->parse_position(state->line(), "reference")->line(), state->line()) << text;
  }
}

// Random games under several rulings: every position's diagram and line read back to the same
// position in both implementations, and every legal move's text parses back to the move.
TEST(BriqueNotation, EverythingPrintedReadsBack) {
  const std::vector<std::vector<std::string>> configurations = {
      {}, {"pie=mirror", "pass=allowed"}, {"light-squares=odd", "escort-directions=facing", "fill=keep-enemy"}};
  for (const auto& rulings : configurations) {
    for (int size : {2, 3, 4, 7, 10, 26}) {
      const auto g = game(size, rulings);
      Rng rng(static_cast<std::uint64_t>(size) * 3 + rulings.size());
      const int games = size > 10 ? 1 : (kNotationScale == 1 ? 10 : 3);
      for (int i = 0; i < games; ++i) {
        auto state = g->initial_state("fast");
        std::vector<Move> moves;
        for (;;) {
          for (const std::string& implementation : implementations()) {
            ASSERT_EQ(g->parse_position(state->diagram(), implementation)->line(), state->line());
            ASSERT_EQ(g->parse_position(state->line(), implementation)->diagram(), state->diagram());
          }
          state->legal_moves(moves);
          if (moves.empty()) break;
          // A sample of the legal moves, always including the swap or pass when legal (listed last).
          for (int k = 0; k < 6; ++k) {
            const Move move = k == 0 ? moves.back() : moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
            ASSERT_EQ(state->parse_move(state->move_text(move)), move);
          }
          state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
      }
    }
  }
}

// Random text, truncated and mutated valid text: only InputError may come out, and whatever is
// accepted prints back to text that reads back identically.
TEST(BriqueNotation, FuzzedInputGivesInputErrorsOnly) {
  const auto g = game(5, {"pass=allowed"});
  const std::vector<std::string> seeds = {
      g->parse_position("brique 5 ..B../...../.W.../...../..... black 2 pass=allowed", "fast")->diagram(),
      "brique 5 ..B../...../.W.../...../..... black 2 pass=allowed",
      "brique 5 ..B../...../..B../...../..... white 5 passed-twice pass=allowed",
      "..B..\n.....\n.W...\n.....\n.....\nBlack to move, ply 2, passed\n",
  };
  const std::string alphabet = ".BWbw abcdez0123456789\n/,=-plyswapedtomvinrDaWhBk\r\t";
  Rng rng(2026);
  int accepted = 0;
  auto check = [&](const std::string& text) {
    try {
      const auto state = g->parse_position(text, "fast");
      ++accepted;
      ASSERT_EQ(g->parse_position(state->line(), "reference")->diagram(), state->diagram()) << text;
    } catch (const InputError& error) {
      ASSERT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
    }
    try {
      const auto state = g->parse_position(seeds[1], "fast");
      const Move move = state->parse_move(text);
      ASSERT_EQ(state->move_text(move), text);
    } catch (const InputError&) {
    }
  };
  for (int i = 0; i < 20000 / kNotationScale; ++i) {
    const std::string& seed = seeds[rng.below(static_cast<std::uint32_t>(seeds.size()))];
    std::string text;
    switch (rng.below(3)) {
      case 0:  // truncated
        text = seed.substr(0, rng.below(static_cast<std::uint32_t>(seed.size() + 1)));
        break;
      case 1:  // mutated
        text = seed;
        for (int k = 0, edits = 1 + static_cast<int>(rng.below(3)); k < edits; ++k) {
          text[rng.below(static_cast<std::uint32_t>(text.size()))] =
              alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
        }
        break;
      default:  // random
        for (int k = 0, length = static_cast<int>(rng.below(80)); k < length; ++k) {
          text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
        }
    }
    check(text);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace arbiter

namespace arbiter::brique_test {
namespace {

// The key leaves out the ply and the swap mark (docs/solver.md, "Keys and symmetries"): no rule
// reads them but through the side to move and the swap's availability, which it keeps. A
// certificate's checker compares positions by equivalence_text, which must leave out the same, or
// it rejects a node the extraction shares between them (s47: the 3x3 board under pie=mirror).
TEST(BriqueNotation, EquivalenceTextLeavesOutWhatTheKeyLeavesOut) {
  const auto reached = [](const Game& g, const std::vector<std::string>& moves, const std::string& implementation) {
    return play(g, g.initial_state()->line(), moves, implementation);
  };
  for (const std::string& implementation : implementations()) {
    // pie=mirror: Black's b1 swapped turns into White's a2, as White's a2 after Black's pass.
    const auto mirror = game(3, {"pie=mirror", "pass=allowed"});
    const auto swapped = reached(*mirror, {"b1", "swap"}, implementation);
    const auto passed = reached(*mirror, {"pass", "a2"}, implementation);
    EXPECT_NE(swapped->line(), passed->line());
    EXPECT_EQ(swapped->equivalence_text(), passed->equivalence_text()) << implementation;
    EXPECT_EQ(swapped->equivalence_text(), "brique 3 .../W../... black pie=mirror pass=allowed");
    // pie=swap-sides: the same stones a ply later.
    const auto sides = game(3, {"pie=swap-sides"});
    const auto later = reached(*sides, {"b1", "swap", "a1"}, implementation);
    const auto sooner = reached(*sides, {"b1", "a1"}, implementation);
    EXPECT_NE(later->line(), sooner->line());
    EXPECT_EQ(later->equivalence_text(), sooner->equivalence_text()) << implementation;
    // The swap's availability, the passes and the side to move still tell positions apart.
    const auto open = reached(*sides, {"b1"}, implementation);
    const auto taken = reached(*sides, {"b1", "swap"}, implementation);
    EXPECT_NE(open->equivalence_text(), taken->equivalence_text());
    EXPECT_NE(open->equivalence_text().find(" swap-available"), std::string::npos) << open->equivalence_text();
    EXPECT_NE(reached(*mirror, {"b1", "pass"}, implementation)->equivalence_text(),
              reached(*mirror, {"b1", "pass", "pass"}, implementation)->equivalence_text());
    if (implementation == "fast") {
      EXPECT_EQ(swapped->key(), passed->key());
      EXPECT_EQ(later->key(), sooner->key());
    }
  }
}

}  // namespace
}  // namespace arbiter::brique_test

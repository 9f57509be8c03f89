// Hexabrae notation: exact forms, bad input as one-line InputErrors, and a fuzz test of every
// parser (diagram, one-line form, moves) with random, truncated and mutated text.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/hexabrae/engine.hpp"
#include "tests/game_param.hpp"

namespace arbiter::hexabrae {
namespace {

const int kFuzzRounds = arbiter::testing::scaled(4000);

// Reached by random play (a game of seed 263): White could do nothing and passed.
constexpr const char* kSmallPosition = R"(
a  b  c  d  e
      B|
   .     .
W\    .     B/
   W\    .
.     W\    .
   B|    B/
B|    .     .
   .     B/
      .
Black to move, ply 33, passes 1
)";

TEST(HexabraeNotation, DiagramAndLineFormOfASmallPosition) {
  auto game = make_game(hexabrae_game(), 2);
  auto state = game->parse_position(kSmallPosition);
  EXPECT_EQ(state->line(), "hexabrae 2 Wa1/2 Ba3/1 Wb2/2 Bb3/1 Bc1/1 Wc3/2 Bd3/0 Bd4/0 Be1/0 black 33 passes:1");
  EXPECT_EQ("\n" + state->diagram(), std::string(kSmallPosition));
  EXPECT_EQ(game->parse_position(state->line())->diagram(), state->diagram());
}

TEST(HexabraeNotation, MovesPrintAndReadBack) {
  auto game = make_game(hexabrae_game(), 4);
  auto state = game->parse_position("hexabrae 4 We5/1 Bi5/0 white 2");
  for (const char* text : {"place c4/1", "e5-e1", "e5-e3/2", "e5/2-f5", "e5/0", "place a1/0"}) {
    EXPECT_EQ(state->move_text(state->parse_move(text)), text);
  }
  EXPECT_EQ(state->move_text(state->parse_move("  e5-e1 ")), "e5-e1");
}

TEST(HexabraeNotation, FinishedGamesCarryTheirResult) {
  auto game = make_game(hexabrae_game(), 4);
  auto state = game->parse_position("hexabrae 4 We4/0 Be5/2 Wf1/1 white 6");
  state->apply(state->parse_move("f1-f4"));
  EXPECT_EQ(state->line(), "hexabrae 4 We4/0 Be5/2 Wf4/1 black 7 over:white history:f1/1>f4/1");
  // A finished game has no side to move: the status leads with the result and why the game ended
  // (before, "Black to move, ply 7, White wins, history ..."; that form is still read).
  EXPECT_NE(state->diagram().find("\nWhite wins, enclosure, ply 7, history f1/1>f4/1\n"), std::string::npos) << state->diagram();
  EXPECT_EQ(game->parse_position(state->diagram())->outcome(), Outcome::win(0));
  EXPECT_EQ(game->parse_position(state->diagram())->line(), state->line());
  std::string old_form = state->diagram();
  old_form.replace(old_form.find("White wins, enclosure, ply 7"), 28, "Black to move, ply 7, White wins");
  EXPECT_EQ(game->parse_position(old_form)->line(), state->line());
  std::string wrong_reason = state->diagram();
  wrong_reason.replace(wrong_reason.find("enclosure"), 9, "two passes");
  EXPECT_THROW(game->parse_position(wrong_reason), InputError);
  EXPECT_THROW(state->parse_move("pass"), InputError);
}

TEST(HexabraeNotation, HistoryCarriesTheRepetitionRecord) {
  auto game = make_game(hexabrae_game(), 2);
  const std::string with_history =
      "hexabrae 2 Ba1/0 Wc3/1 black 9 history:c3/1>c3/0,a1/1>a1/0,c3/0>c3/1,a1/0>a1/1,c3/1>c3/0,a1/1>a1/0,c3/0>c3/1";
  auto state = game->parse_position(with_history);
  EXPECT_EQ(state->line(), with_history);
  EXPECT_EQ(game->parse_position(state->diagram())->line(), with_history);
  state->apply(state->parse_move("a1/1"));  // the starting position a third time
  EXPECT_EQ(state->outcome(), Outcome::draw());
  auto fresh = game->parse_position("hexabrae 2 Ba1/0 Wc3/1 black 9");
  fresh->apply(fresh->parse_move("a1/1"));
  EXPECT_EQ(fresh->outcome(), Outcome::ongoing());
  EXPECT_THROW(game->parse_position("hexabrae 2 Ba1/0 Wc3/1 black 9 history:c3/1>c3/2"), InputError);
  EXPECT_THROW(game->parse_position("hexabrae 2 Ba1/0 Wc3/1 black 1 history:pass,pass"), InputError);
  EXPECT_THROW(game->parse_position("hexabrae 2 Ba1/0 Wc3/1 black 9 history:c3/1c3/0"), InputError);
}

// The repetition rule counts how often a position occurs since the last placement, not in which
// order: the two finished games of a tester's certificate (s47), White's b1 turned to b2/1 and
// back, then to b2/0 and back, or the other way round, are one position to the solver's key and to
// a certificate's checker (equivalence_text). Turning to b2/1 twice visits other positions.
TEST(HexabraeNotation, HistoriesInAnotherOrderAreEquivalentPositions) {
  auto game = make_game(hexabrae_game(), 2);
  const std::string board = "hexabrae 2 Ba1/1 Ba2/1 Wa3/0 Wb1/1 Bb3/0 Wc1/1 Bc2/1 Wc3/1 Bc4/1 Bc5/1 Wd2/0 We1/0 Be3/2 black 299 over:draw";
  const std::string start = " history:a3/2>a3/0,e3/2>d3/2,";
  const auto one = game->parse_position(board + start + "b1/1>b2/1,d3/2>e3/2,b2/1>b1/1,e3/2>d3/2,b1/1>b2/0,d3/2>e3/2,b2/0>b1/1");
  const auto other = game->parse_position(board + start + "b1/1>b2/0,d3/2>e3/2,b2/0>b1/1,e3/2>d3/2,b1/1>b2/1,d3/2>e3/2,b2/1>b1/1");
  const auto twice = game->parse_position(board + start + "b1/1>b2/1,d3/2>e3/2,b2/1>b1/1,e3/2>d3/2,b1/1>b2/1,d3/2>e3/2,b2/1>b1/1");
  EXPECT_NE(one->line(), other->line());
  EXPECT_EQ(one->equivalence_text(), other->equivalence_text());
  EXPECT_EQ(one->key(), other->key());
  EXPECT_NE(one->equivalence_text(), twice->equivalence_text());
  EXPECT_NE(one->key(), twice->key());
  // The earlier positions by what differs from this one (Black's e3 on d3, White's b1 on b2 ...).
  EXPECT_EQ(one->equivalence_text().find("history:"), std::string::npos) << one->equivalence_text();
  EXPECT_NE(one->equivalence_text().find(" earlier:"), std::string::npos) << one->equivalence_text();
  EXPECT_NE(one->equivalence_text().find("black -b1 Wb2/0"), std::string::npos) << one->equivalence_text();
  // Without a history, or without the repetition rule, the history is nothing to it.
  const auto fresh = game->parse_position(board.substr(0, board.find(" over:")));
  EXPECT_EQ(fresh->equivalence_text(), fresh->line());
  auto off = make_game(hexabrae_game(), 2, {"repetition=off"});
  const std::string ongoing = "hexabrae 2 Ba1/0 Wc3/1 black 9 history:c3/1>c3/0,a1/1>a1/0,c3/0>c3/1";
  EXPECT_EQ(off->parse_position(ongoing + " repetition=off")->equivalence_text(), "hexabrae 2 Ba1/0 Wc3/1 black 9 repetition=off");
}

void expect_input_error(const Game& game, const std::string& text, const std::string& fragment) {
  try {
    game.parse_position(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(fragment), std::string::npos) << fragment << " not in: " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(HexabraeNotation, BadPositionsAreOneLineInputErrors) {
  auto game = make_game(hexabrae_game(), 4);
  expect_input_error(*game, "hexabrae 4 Wc4/1 Bc4/0 white 2", "two pieces on field c4");
  expect_input_error(*game, "hexabrae 4 Wc4/3 white 1", "orientation out of range");
  expect_input_error(*game, "hexabrae 4 Wc4/-1 white 1", "orientation out of range");
  expect_input_error(*game, "hexabrae 4 Wj1/1 white 1", "no field 'j1'");
  expect_input_error(*game, "hexabrae 4 Wa6/1 white 1", "no field 'a6'");
  expect_input_error(*game,
                     "hexabrae 4 Wa1/0 Wa3/0 Wa5/0 Wc1/0 Wc3/0 Wc5/0 Wc7/0 We1/0 We3/0 We5/0 We7/0 white 30",
                     "more than 10 White pieces");
  expect_input_error(*game, "hexabrae 4 Wc4/1 white", "ply number");
  expect_input_error(*game, "hexabrae 4 Wc4/1 white 301", "ply must be");
  expect_input_error(*game, "hexabrae 4 Wc4/1", "side to move");
  expect_input_error(*game, "hexabrae 4 Wc4/1 white 3 extra", "unexpected 'extra'");
  expect_input_error(*game, "hexabrae 3 white 0", "size 3");
  expect_input_error(*game, "hexabrae 4 white 0 rim=wall", "rulings");
  auto small = make_game(hexabrae_game(), 2);
  std::string no_status = kSmallPosition;
  no_status = no_status.substr(0, no_status.find("Black to move"));
  EXPECT_THROW(small->parse_position(no_status), InputError);
  // kSmallPosition with one piece of text replaced by a mistake, and what the reader says about it.
  const std::vector<std::array<std::string, 3>> mistakes = {
      {"B|\n   .     .", "B|\n   .  .  .", "diagram row 2 has 3 fields, expected 2"},
      {"W\\", "W-", "is not '.'"},
      {"ply 3", "ply x", "ply must be"},
      {"Black to move", "Red to move", "status line"},
  };
  for (const auto& [correct, wrong, complaint] : mistakes) {
    std::string text = kSmallPosition;
    text.replace(text.find(correct), correct.size(), wrong);
    expect_input_error(*small, text, complaint);
  }
  EXPECT_THROW(load_position(hexabrae_game(), 4, {}, kSmallPosition), InputError);  // size disagrees
}

// A user's test found pieces accepted at ply 0 (`hexabrae 2 Wc3/1 Ba1/0 Be1/0 white 0`). Through
// Game::parse_position play must reach a position: the empty board at ply 0, one White placement at
// ply 1, and at ply 2 after a pass two moves from the start.
TEST(HexabraeNotation, TheOpeningPliesMustBeReachedByPlay) {
  auto game = make_game(hexabrae_game(), 2);
  std::string staged = kSmallPosition;
  const std::string status = "Black to move, ply 33, passes 1";
  expect_input_error(*game, "hexabrae 2 Wc3/1 Ba1/0 Be1/0 white 0",
                     "no game reaches this position: at ply 0 a position must be the initial position (hexabrae 2 white 0)");
  expect_input_error(*game, std::string(staged).replace(staged.find(status), status.size(), "White to move, ply 0"), "at ply 0");
  expect_input_error(*game, "hexabrae 2 Ba1/0 black 1",
                     "at ply 1 a position must be one legal move from the initial position (hexabrae 2 white 0), "
                     "and no first move gives this one");
  expect_input_error(*game, std::string(staged).replace(staged.find(status), status.size(), "Black to move, ply 1"), "at ply 1");
  expect_input_error(*game, "hexabrae 2 Wc3/1 Ba1/0 white 2 passes:1",
                     "at ply 2 (passes 1) a position must be two legal moves from the initial position");
  for (const char* reached : {"hexabrae 2 white 0", "hexabrae 2 Wc3/1 black 1", "hexabrae 2 Ba1/0 Wc3/1 white 2"}) {
    EXPECT_EQ(game->parse_position(reached)->line(), reached);
  }
}

TEST(HexabraeNotation, BadMovesAreOneLineInputErrors) {
  auto game = make_game(hexabrae_game(), 4);
  auto state = game->parse_position("hexabrae 4 We5/1 Bi5/0 white 2");
  for (const char* text : {"", "place", "place e5", "place e5/3", "place z1/0", "e5", "e5-", "-e1", "e5--e1", "e5/1/2",
                           "e5-e1-e2", "e5/9", "e5-e1/x", "E5-E1", "place  e5 /1", "e5 - e1", "pass pass"}) {
    try {
      state->parse_move(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
}

// Only InputError may come out; whatever parses must print and read back identically.
void fuzz_one(const Game& game, const std::string& text) {
  try {
    auto state = game.parse_position(text);
    const std::string line = state->line();
    EXPECT_EQ(game.parse_position(line)->line(), line);
    EXPECT_EQ(game.parse_position(state->diagram())->line(), line);
  } catch (const InputError&) {
  }
  try {
    LoadedPosition loaded = load_position(hexabrae_game(), 0, {}, text);
    (void)loaded;
  } catch (const InputError&) {
  }
}

void fuzz_move(const State& state, const std::string& text) {
  try {
    const Move m = state.parse_move(text);
    EXPECT_EQ(state.parse_move(state.move_text(m)), m);
  } catch (const InputError&) {
  }
}

TEST(HexabraeNotation, FuzzedInputGivesOnlyInputErrors) {
  auto game = make_game(hexabrae_game(), 2);
  auto state = game->parse_position(kSmallPosition);
  const std::vector<std::string> valid = {kSmallPosition, state->line(), "hexabrae 2 white 0",
                                          "hexabrae 2 Wc3/1 Bc1/2 white 300 over:draw"};
  const std::vector<std::string> valid_moves = {"place a1/0", "c2-c1", "d3/0", "d3-e3/1", "d3/1-d4", "pass"};
  const std::string alphabet = "abcdeWB./|\\-0123456789 \n,:plysto mvhexabrWhiteBlackpassr=";
  Rng rng(99);
  for (const std::string& text : valid) {
    for (std::size_t n = 0; n <= text.size(); ++n) fuzz_one(*game, text.substr(0, n));
  }
  for (const std::string& move : valid_moves) {
    for (std::size_t n = 0; n <= move.size(); ++n) fuzz_move(*state, move.substr(0, n));
  }
  for (int round = 0; round < kFuzzRounds; ++round) {
    std::string text;
    const std::uint32_t length = rng.below(120);
    for (std::uint32_t i = 0; i < length; ++i) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    fuzz_one(*game, text);
    fuzz_move(*state, text.substr(0, rng.below(12)));
    std::string mutated = valid[rng.below(static_cast<std::uint32_t>(valid.size()))];
    for (int edits = 1 + static_cast<int>(rng.below(3)); edits > 0 && !mutated.empty(); --edits) {
      mutated[rng.below(static_cast<std::uint32_t>(mutated.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    fuzz_one(*game, mutated);
    std::string move = valid_moves[rng.below(static_cast<std::uint32_t>(valid_moves.size()))];
    move[rng.below(static_cast<std::uint32_t>(move.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    fuzz_move(*state, move);
  }
}

}  // namespace
}  // namespace arbiter::hexabrae

namespace arbiter::hexabrae {
namespace {

// An arbiter's report (session 45): positions no game reaches were read, among them an empty board
// that "Black wins", Black to move at an even ply, three White pieces by ply 3, a board without
// White pieces, and two passes in a history read as ongoing or while both sides could move.
TEST(HexabraeNotation, PositionsNoGameReachesAreRefused) {
  auto game = make_game(hexabrae_game(), 4);
  auto small = make_game(hexabrae_game(), 2);
  const std::string no_game = "no game reaches this position: ";
  // The side to move follows from the ply: White starts, and a pass is a ply too.
  expect_input_error(*game, "hexabrae 4 white 5 over:black", no_game + "at ply 5 it is Black to move, not White");
  expect_input_error(*game, "hexabrae 4 Wa1/1 Bb1/1 black 2", "at ply 2 it is White to move, not Black");
  // A turn places at most one piece; the first moves of both sides are placements.
  expect_input_error(*game, "hexabrae 4 Wa1/1 Wc1/1 We1/1 black 3",
                     no_game + "White has 3 pieces on the board but had only 2 turns to place them by ply 3");
  expect_input_error(*game, "hexabrae 4 Ba1/1 Bc1/1 white 4", "White has no piece on the board at ply 4");
  expect_input_error(*game, "hexabrae 4 Wa1/1 white 2", "Black has no piece on the board at ply 2");
  const std::string ten_white = "hexabrae 4 Wa1/0 Wa3/0 Wa5/0 Wc1/0 Wc3/0 Wc5/0 Wc7/0 We1/0 We3/0 We5/0 white 30";
  expect_input_error(*game, ten_white, "Black's first move must be a placement");
  // Under pieces=any Black may have turned White's pieces instead.
  EXPECT_EQ(make_game(hexabrae_game(), 4, {"pieces=any"})->parse_position(ten_white + " pieces=any")->line(),
            ten_white + " pieces=any");
  // The plies a history covers placed nothing: one White piece at most by ply 2 here.
  expect_input_error(*small, "hexabrae 2 Ba1/0 Wc1/1 Wc3/1 black 5 history:c3/1>c3/0,a1/2>a1/0,c3/0>c3/1",
                     "White has 2 pieces on the board but had only 1 turn to place them by ply 2");
  // Passes: only without an action, and the history's last passes are the counter.
  expect_input_error(*small, "hexabrae 2 Wa1/1 Bc5/1 white 10 history:pass,pass",
                     "the history ends with 2 passes in a row but the position says none");
  expect_input_error(*small, "hexabrae 2 Wa1/1 Bc5/1 white 10 passes:2 history:pass,pass",
                     "history entry 2 (ply 9) is a pass by Black, but Black could play place a3/0 there");
  expect_input_error(*small, "hexabrae 2 Wa1/1 Bc5/1 white 10 passes:2",
                     "passes:2 says ply 9 is a pass by Black, but Black could play place a3/0 there "
                     "(a pass is allowed only when no other action is possible)");
  expect_input_error(*small, "hexabrae 2 Wa1/1 Bc5/1 white 10 history:pass,pass,c5/0>c5/1",
                     "history entries 1 and 2 are two passes in a row");
  // The result: a win needs an enclosure the winner wins, a draw its cause.
  const std::string won = "hexabrae 4 We4/0 Be5/2 Wf4/1 black 7 over:white history:f1/1>f4/1";
  EXPECT_EQ(game->parse_position(won)->outcome(), Outcome::win(0));
  expect_input_error(*game, "hexabrae 4 We4/0 Be5/2 Wf4/1 black 7 over:black history:f1/1>f4/1",
                     "it says Black wins, but no valid enclosure on the board is won by Black");
  expect_input_error(*game, "hexabrae 4 Wa1/1 Bi5/0 white 4 over:black", "no valid enclosure on the board is won by Black");
  expect_input_error(*small, "hexabrae 2 Wc3/1 Bc1/2 white 2 over:draw",
                     "it says draw, but a draw comes only from two passes in a row (passes:2), the ply cap (300) or a "
                     "third repetition (shown by history:), and none applies here");
  EXPECT_EQ(small->parse_position("hexabrae 2 Wc3/1 Bc1/2 white 300 over:draw")->outcome(), Outcome::draw());
  // Under enclosures-counted=all the board's enclosures are the verdict of the move that made it.
  auto all = make_game(hexabrae_game(), 4, {"enclosures-counted=all"});
  expect_input_error(*all, "hexabrae 4 We4/0 Be5/2 Wf4/1 black 7 enclosures-counted=all",
                     "it says ongoing, but the enclosures on the board give White wins");
  // A third occurrence in the history ends the game.
  auto cycle = small->parse_position("hexabrae 2 Ba1/0 Wc3/1 white 2");
  for (const char* move : {"c3/0", "a1/1", "c3/1", "a1/0", "c3/0", "a1/1", "c3/1", "a1/0"}) cycle->apply(cycle->parse_move(move));
  ASSERT_EQ(cycle->outcome(), Outcome::draw());
  const std::string drawn = cycle->line();
  EXPECT_EQ(small->parse_position(drawn)->line(), drawn);
  std::string unfinished = drawn;
  unfinished.erase(unfinished.find(" over:draw"), 10);
  expect_input_error(*small, unfinished, "the history shows this position for the third time");
}

// The same report: an unknown piece letter was called a missing side to move, and an orientation
// out of range did not say which labels the ruling in force allows.
TEST(HexabraeNotation, PieceErrorsNameTheLetterAndTheLabels) {
  auto game = make_game(hexabrae_game(), 4);
  expect_input_error(*game, "hexabrae 4 Xa1/1 white 4", "unknown piece letter 'X' in 'Xa1/1' (a piece is W for White or B for Black");
  expect_input_error(*game, "hexabrae 4 We1/3 black 1",
                     "orientation out of range in piece 'We1/3': '3' is not one of 0, 1, 2 under orientation-numbers=axial "
                     "(under orientation-numbers=clock they are 1, 2, 3)");
  auto clock = make_game(hexabrae_game(), 4, {"orientation-numbers=clock"});
  expect_input_error(*clock, "hexabrae 4 We1/0 black 1 orientation-numbers=clock",
                     "'0' is not one of 1, 2, 3 under orientation-numbers=clock (under orientation-numbers=axial they are 0, 1, 2)");
}

// The same report: a slide written with the orientation the bar keeps was refused without saying
// how to write it, and a placement that touches did not name the piece it touches.
TEST(HexabraeNotation, IllegalMoveTextsSayWhatToWrite) {
  auto game = make_game(hexabrae_game(), 4);
  auto state = game->parse_position("hexabrae 4 We5/1 Bi5/0 white 2");
  auto complaint = [&](const State& s, const char* move) {
    try {
      s.parse_move(move);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(complaint(*state, "e5-e1/1"),
            "illegal move 'e5-e1/1': the piece already has that orientation, so nothing turns: write e5-e1 for the move alone");
  EXPECT_EQ(complaint(*state, "e5/1-e1"),
            "illegal move 'e5/1-e1': the piece already has that orientation, so nothing turns: write e5-e1 for the move alone");
  EXPECT_EQ(complaint(*state, "e5-f4/1"), "illegal move 'e5-f4/1': pieces move only along their long axis");
  EXPECT_EQ(complaint(*state, "e5/1"), "illegal move 'e5/1': the piece already has that orientation (a rotation must turn it)");
  auto black = game->parse_position("hexabrae 4 We5/1 black 1");
  EXPECT_EQ(complaint(*black, "place e4/1"),
            "illegal move 'place e4/1': the piece would touch the piece on e5 short side to short side (a placed piece may touch none)");
}

}  // namespace
}  // namespace arbiter::hexabrae

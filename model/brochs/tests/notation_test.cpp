// Notation: diagrams and one-line forms round-trip exactly, moves read with or without their
// capture suffix, and every malformed input is an InputError (fuzzed).
#include <algorithm>
#include <string>

#include "model/brochs/tests/fixtures.hpp"
#include "model/core/position_io.hpp"

namespace arbiter::brochs::testing {
namespace {

const char* const kStart15 = R"(
   a b c d e f g h i j k l m n o
 1 . . . . . . . + . . . . . . .
 2 . . . . . . . + . . . . . . .
 3 . . . W . . . + . . . W . . .
 4 . . W w W . . + . . W w W . .
 5 . . . W W . . + . . W W . . .
 6 . . . . . . . + . . . . . . .
 7 . . . . . . . + . . . . . . .
 8 + + + + + + + + + + + + + + +
 9 . . . . . . . + . . . . . . .
10 . . . . . . . + . . . . . . .
11 . . . W W . . + . . W W . . .
12 . . W w W . . + . . W w W . .
13 . . . W . . . + . . . W . . .
14 . . . . . . . + . . . . . . .
15 . . . . . . . + . . . . . . .
Black to move, ply 0, reserve 12+S, passes 0
)";

TEST(Notation, InitialPositionDiagramIsTheDefaultStart) {
  const auto s = start(15);
  EXPECT_EQ("\n" + s->diagram(), std::string(kStart15));
  const auto parsed = load(kStart15);
  EXPECT_EQ(parsed->line(), s->line());
  EXPECT_EQ(parsed->hash(), s->hash());
}

TEST(Notation, LineFormCarriesRulingsAndRoundTrips) {
  const auto s = start(9, {"keeps=inner", "curse-cost=free"});
  const std::string line = s->line();
  EXPECT_EQ(line.rfind("brochs 9 ", 0), 0u) << line;
  EXPECT_NE(line.find(" black 0 12+S 0 keeps=inner curse-cost=free"), std::string::npos) << line;
  const auto back = parse_brochs_position(s->rules(), line);
  EXPECT_EQ(back->line(), line);
  EXPECT_EQ(back->diagram(), s->diagram());
  // A line whose rulings differ from the configured game is refused.
  EXPECT_THROW(parse_brochs_position(rules_for(9), line), InputError);
}

TEST(Notation, DiagramAcceptsRowsWithoutSpacesOrNumbers) {
  const auto s = load(R"(
....+....
.BW.+....
..#.+.#..
...B+....
+++++++++
....+....
..#.+.#..
....+..W.
....+....
Black to move, ply 0, reserve 8, passes 0
)");
  EXPECT_EQ(play(*s, "d4-d2"), "d4-d2 x c2");
}

TEST(Notation, MovesWithAndWithoutCaptureSuffix) {
  const auto s = load(diagram_9x9("B b2 d4; W c2 h8", "Black to move, ply 0, reserve 8+S, passes 0"));
  const Move m = s->parse_move("d4-d2");
  EXPECT_EQ(s->parse_move("d4-d2 x c2"), m);
  EXPECT_EQ(s->move_text(m), "d4-d2 x c2");
  EXPECT_THROW(s->parse_move("d4-d2 x b2"), InputError);       // wrong suffix
  EXPECT_THROW(s->parse_move("d4-d2 x c2 x h8"), InputError);  // too many
  EXPECT_THROW(s->parse_move("d4-d3 x c2"), InputError);       // captures nothing
  EXPECT_THROW(s->parse_move("d4-d2 x"), InputError);
  EXPECT_EQ(s->move_text(s->parse_move("set main a1")), "set main a1");
  EXPECT_EQ(s->move_text(s->parse_move("pass")), "pass");
  for (const char* bad : {"", "d4", "d4-", "-d2", "d4-z9", "d4-d2-d1", "castle", "set", "set main", "curse",
                          "curse z1", "set j1", "d4 d2", "x c2", "pass x c2", "PASS", "d4-d4", "d4-e3"}) {
    EXPECT_THROW(s->parse_move(bad), InputError) << bad;
  }
}

TEST(Notation, WrongSquareTypesAndCountsAreRejected) {
  const std::string good = diagram_9x9("B b2; w c3", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_NO_THROW(load(good));
  auto mutate = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    return text;
  };
  EXPECT_THROW(load(mutate(" 3 . . w", " 3 . . W")), InputError);  // upper case on a keep
  EXPECT_THROW(load(mutate(" 2 . B", " 2 . b")), InputError);      // keep mark off a keep
  EXPECT_THROW(load(mutate(" 2 . B", " 2 . #")), InputError);
  EXPECT_THROW(load(mutate(" 2 . B", " 2 . +")), InputError);      // cross mark off the cross
  EXPECT_THROW(load(mutate(" 5 + +", " 5 . +")), InputError);      // ordinary mark on the cross
  EXPECT_THROW(load(mutate(" 2 . B", " 2 . Q")), InputError);
  EXPECT_THROW(load(mutate("reserve 8", "reserve 12")), InputError);  // 13 ordinary Black pieces
  EXPECT_NO_THROW(load(mutate(" 2 . B", " 2 . S")));  // one main piece is fine
}

TEST(Notation, TooManyPieces) {
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += (r == 2 || r == 6) ? "WW#W+W#WW\n" : (r == 4 ? "+++++++++\n" : "WWWW+WWWW\n");
  EXPECT_THROW(load(rows + "Black to move, ply 0, reserve 8, passes 0\n"), InputError);
  const std::string two_mains = diagram_9x9("S b2 c2", "Black to move, ply 0, reserve 8, passes 0");
  EXPECT_THROW(load(two_mains), InputError);
  const std::string main_twice = diagram_9x9("S b2", "Black to move, ply 0, reserve 8+S, passes 0");
  EXPECT_THROW(load(main_twice), InputError);
}

TEST(Notation, StatusLineIsChecked) {
  const std::string board = diagram_9x9("B i1 b2 i2; W c2", "Black to move, ply 0, reserve 8, passes 0");
  const std::string rows = board.substr(0, board.find("Black to move"));
  for (const char* bad : {"", "Black to move", "Green to move, ply 0, reserve 8, passes 0",
                          "Black to move, ply x, reserve 8, passes 0", "Black to move, ply 0, reserve 8, passes 3",
                          "Black to move, ply 0, reserve 8, passes 0, cursed", "Black to move, ply 0, reserve 8, passes 0, White wins",
                          "Black to move, ply 0, reserve 8, passes 0, sideways", "Black to move, reserve 8, ply 0, passes 0"}) {
    EXPECT_THROW(load(rows + bad + "\n"), InputError) << bad;
  }
  EXPECT_NO_THROW(load(rows + "Black to move, ply 0, reserve 8, passes 0, cursed\n", {"curse-cost=free"}));
  EXPECT_NO_THROW(load(rows + "White to move, ply 11, reserve 8, passes 2, White wins\n"));
}

// A finished game has no side to move: its diagram's status leads with the result and why the
// game ended, as Brique's and Quentin's do, and names the side that would move next last (the
// position holds it; the one-line form names it too). Before, it read "White to move, ply 11, ...,
// White wins". The old form is still read.
TEST(Notation, AFinishedGamesStatusLeadsWithItsResult) {
  const std::string board = diagram_9x9("B i1 b2 i2; W c2", "Black to move, ply 0, reserve 8, passes 0");
  const std::string rows = board.substr(0, board.find("Black to move"));
  const auto finished = load(rows + "White to move, ply 11, reserve 8, passes 2, White wins\n");
  ASSERT_TRUE(finished->outcome().over());
  const std::string diagram = finished->diagram();
  const std::string status = diagram.substr(diagram.rfind('\n', diagram.size() - 2) + 1);
  EXPECT_EQ(status, "White wins, two passes, ply 11, reserve 8, passes 2, White would move next\n");
  const auto again = load(diagram);
  EXPECT_EQ(again->line(), finished->line());
  EXPECT_EQ(again->hash(), finished->hash());
  // Without the reason it reads the same; a wrong reason, a wrong result, a missing side are refused.
  EXPECT_EQ(load(rows + "White wins, ply 11, reserve 8, passes 2, White would move next\n")->line(), finished->line());
  for (const char* bad : {"White wins, repetition, ply 11, reserve 8, passes 2, White would move next",
                          "Black wins, two passes, ply 11, reserve 8, passes 2, White would move next",
                          "White wins, two passes, ply 11, reserve 8, passes 2",
                          "White wins, two passes, ply 11, reserve 8, passes 2, White to move",
                          "White wins, ply 11, reserve 8, passes 2, White would move next, White wins",
                          "White wins, ply 0, reserve 8, passes 0, Black would move next"}) {
    EXPECT_THROW(load(rows + bad + "\n"), InputError) << bad;
  }
}

// Seven rows and no status line: the error says the status line is missing, not that the board
// (six rows once the last is taken for the status) has a size Brochs does not allow.
TEST(Notation, ADiagramWithoutItsStatusLineSaysSo) {
  const std::string rows = ".W.+.W.\nWwW+WwW\n.WW+WW.\n+++++++\n.WW+WW.\nWwW+WwW\n.W.+.W.\n";
  for (const std::string& text : {rows, "   a b c d e f g\n" + rows}) {
    try {
      load_position(descriptor(), 0, {}, text, "");
      ADD_FAILURE() << "read without a status line";
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find("diagram has no status line (expected e.g. 'Black to move, ply 0"), std::string::npos)
          << error.what();
      EXPECT_NE(std::string(error.what()).find(".W.+.W."), std::string::npos) << error.what();
    }
  }
  EXPECT_NO_THROW(load_position(descriptor(), 0, {}, rows + "Black to move, ply 0, reserve 12+S, passes 0\n", ""));
}

TEST(Notation, SinceCarriesTheRepetitionHistory) {
  auto s = load(diagram_9x9("B i9; W a1", "Black to move, ply 10, reserve 8, passes 0"));
  for (const char* m : {"i9-i8", "a1-a2", "i8-i9", "a2-a1", "i9-i8", "a1-a2", "i8-i9"}) play(*s, m);
  const std::string line = s->line();
  EXPECT_NE(line.find(" since:i9-i8,a1-a2,i8-i9,a2-a1,i9-i8,a1-a2,i8-i9"), std::string::npos) << line;
  EXPECT_NE(s->diagram().find(", since i9-i8 a1-a2 i8-i9 a2-a1 i9-i8 a1-a2 i8-i9\n"), std::string::npos) << s->diagram();
  auto from_line = parse_brochs_position(s->rules(), line);
  auto from_diagram = parse_brochs_position(s->rules(), s->diagram());
  for (auto* state : {s.get(), from_line.get(), from_diagram.get()}) {
    EXPECT_EQ(state->line(), line);
    play(*state, "a2-a1");  // the start position with Black to move, a third time
    EXPECT_TRUE(state->repeated());
  }
  EXPECT_EQ(from_line->line(), s->line());
  EXPECT_EQ(parse_brochs_position(s->rules(), s->diagram())->line(), s->line());
}

// 'since:curse' says the history starts right after a free curse, whose position carries the curse
// mark and cannot recur. A user's engine found it read under curse-cost=turn as well, where the
// position after a curse (White to move) can recur: the same position read with and without it
// gave different results (44 positions, 1 finished against 0). It is refused where no game makes it.
TEST(Notation, SinceCurseIsReadOnlyAfterAFreeCurse) {
  const std::string rows = "brochs 7 .BB+.../.b.+.#./S..+.../+++++++/...+W../.#.+.#./...W... black 108 2 0 since:";
  const std::string moves = "e5-e6,a1-b1,e6-e5,b1-a1,e5-e6,a1-b1,e6-e5";
  EXPECT_NO_THROW(load(rows + moves));
  try {
    load(rows + "curse," + moves);
    ADD_FAILURE() << "since:curse read under curse-cost=turn";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("curse-cost=turn"), std::string::npos) << error.what();
  }
  // Under curse-cost=free the curse keeps Black's turn, so the oldest position is Black's to move:
  // here it is White's (White plays e5-e6 first).
  EXPECT_THROW(load(rows + "curse," + moves + " curse-cost=free", {"curse-cost=free"}), InputError);
  // One move is counted as one ("its 1 moves leave White to move").
  try {
    load(rows + "curse,a2-a1 curse-cost=free", {"curse-cost=free"});
    ADD_FAILURE() << "since:curse,a2-a1 read with Black to move";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("so its 1 move leaves White to move, not Black"), std::string::npos) << error.what();
  }
  EXPECT_NO_THROW(load(rows + "curse," + moves.substr(6) + " curse-cost=free", {"curse-cost=free"}));
  // A free curse, then two rounds of steps: the form says so and reads back the same.
  auto s = load(diagram_9x9("b c3; S a9; W h8 a1", "Black to move, ply 10, reserve 8, passes 0"), {"curse-cost=free"});
  for (const char* m : {"curse h8", "a9-a8", "a1-a2", "a8-a9", "a2-a1"}) play(*s, m);
  const std::string line = s->line();
  EXPECT_NE(line.find(" since:curse,a9-a8,a1-a2,a8-a9,a2-a1"), std::string::npos) << line;
  EXPECT_EQ(load(line, {"curse-cost=free"})->line(), line);
  EXPECT_EQ(load(line, {"curse-cost=free"})->key(), s->key());
}

// 'taken' names each keep once: "taken:f6,f6" was read as "taken:f6", a slip passed over.
TEST(Notation, TakenNamesEachKeepOnce) {
  const std::string rows = "brochs 7 .BB+.../.b.+.#./S..+.../+++++++/...+W../.#.+.#./...W... black 108 2 0 keep-setting=after-capture ";
  EXPECT_NO_THROW(load(rows + "taken:f6", {"keep-setting=after-capture"}));
  try {
    load(rows + "taken:f6,f6", {"keep-setting=after-capture"});
    ADD_FAILURE() << "taken:f6,f6 read";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()), "'taken' names 'f6' twice");
  }
}

// A game ended by repetition says so once: its status read "White wins, repetition, ply 18, ...,
// passes 0, repetition, since ..." (an arbiter's report, session 47). The lead alone is read as the
// item, and the line with both is still read.
TEST(Notation, AGameEndedByRepetitionSaysSoOnce) {
  auto s = load(diagram_9x9("B i9; W a1", "Black to move, ply 10, reserve 8, passes 0"));
  for (const char* m : {"i9-i8", "a1-a2", "i8-i9", "a2-a1", "i9-i8", "a1-a2", "i8-i9", "a2-a1"}) play(*s, m);
  ASSERT_TRUE(s->repeated());
  const std::string diagram = s->diagram();
  const std::string status = diagram.substr(diagram.rfind('\n', diagram.size() - 2) + 1);
  EXPECT_EQ(status, "White wins, repetition, ply 18, reserve 8, passes 0, since i9-i8 a1-a2 i8-i9 a2-a1 i9-i8 a1-a2 i8-i9 a2-a1, "
                    "Black would move next\n");
  const auto again = load(diagram);
  EXPECT_TRUE(again->repeated());
  EXPECT_EQ(again->line(), s->line());
  const std::string rows = diagram.substr(0, diagram.size() - status.size());
  EXPECT_EQ(load(rows + "White wins, repetition, ply 18, reserve 8, passes 0, repetition, since i9-i8 a1-a2 i8-i9 a2-a1 i9-i8 a1-a2 i8-i9 "
                        "a2-a1, Black would move next\n")
                ->line(),
            s->line());
  // Without the reason, the item is needed: the moves repeat the position a third time.
  EXPECT_THROW(load(rows + "White wins, ply 18, reserve 8, passes 0, since i9-i8 a1-a2 i8-i9 a2-a1 i9-i8 a1-a2 i8-i9 a2-a1, Black would move next\n"),
               InputError);
}

// The repetition rule counts how often a position occurs since the last irreversible action, not
// in which order: two histories that visit the same positions as often are one position to the
// solver's key and to a certificate's checker (equivalence_text); other histories are not.
TEST(Notation, HistoriesInAnotherOrderAreEquivalentPositions) {
  const std::string drawn = diagram_9x9("B i9; W a1; W i1", "Black to move, ply 10, reserve 8, passes 0");
  const auto after_cycles = [&](const std::vector<std::string>& white_steps) {
    auto s = load(drawn);
    for (std::size_t i = 0; i < white_steps.size(); i += 2) {
      for (const std::string& m : {std::string("i9-i8"), white_steps[i], std::string("i8-i9"), white_steps[i + 1]}) play(*s, m);
    }
    return s;
  };
  const auto a_then_i = after_cycles({"a1-a2", "a2-a1", "i1-h1", "h1-i1"});
  const auto i_then_a = after_cycles({"i1-h1", "h1-i1", "a1-a2", "a2-a1"});
  const auto a_twice = after_cycles({"a1-a2", "a2-a1", "a1-a2", "a2-a1"});
  EXPECT_NE(a_then_i->line(), i_then_a->line());
  EXPECT_EQ(a_then_i->equivalence_text(), i_then_a->equivalence_text());
  EXPECT_EQ(a_then_i->key(), i_then_a->key());
  EXPECT_NE(a_then_i->equivalence_text(), a_twice->equivalence_text()) << a_twice->equivalence_text();
  EXPECT_NE(a_then_i->key(), a_twice->key());
  // The text names the earlier positions by what differs from this one, and reads nothing else away.
  EXPECT_EQ(a_then_i->equivalence_text().find("since:"), std::string::npos) << a_then_i->equivalence_text();
  EXPECT_NE(a_then_i->equivalence_text().find(" earlier:"), std::string::npos) << a_then_i->equivalence_text();
  // The reference implementation (the one verify-proof uses) says the same.
  const auto game = make_game(descriptor(), 9, {});
  for (const auto* s : {a_then_i.get(), i_then_a.get(), a_twice.get()}) {
    EXPECT_EQ(game->parse_position(s->line(), "reference")->equivalence_text(), s->equivalence_text());
  }
  // Without a history, or without the repetition rule, it is the printed form.
  EXPECT_EQ(load(drawn)->equivalence_text(), load(drawn)->line());
  auto no_rule = load(drawn, {"repetition=none"});
  for (const char* m : {"i9-i8", "a1-a2"}) play(*no_rule, m);
  EXPECT_EQ(no_rule->equivalence_text(), no_rule->line());
}

TEST(Notation, ImpossibleSinceMovesAreRejected) {
  const std::string rows = diagram_9x9("B i9; W a1", "Black to move, ply 10, reserve 8, passes 0");
  const std::string head = rows.substr(0, rows.find("Black to move"));
  EXPECT_NO_THROW(load(head + "Black to move, ply 10, reserve 8, passes 0, since a2-a1\n"));
  for (const char* bad : {"since a1-a2", "since i8-i9", "since a3-a1 a1-a3", "since a2-a1 a1-a2 a2-a1 a1-a2 a2-a1",
                          "since i9-a1", "since a1-a1", "since set", "since a2-a1 x", "since"}) {
    EXPECT_THROW(load(head + "Black to move, ply 10, reserve 8, passes 0, " + bad + "\n"), InputError) << bad;
  }
  EXPECT_THROW(load(head + "Black to move, ply 10, reserve 8, passes 0, since a2-a1\n", {"repetition=none"}), InputError);
}

// A user's test found pieces accepted at ply 0. A game read through Game::parse_position must reach
// the position: ply 0 is the set-up itself, ply 1 one of Black's first moves from it, ply 2 after a
// pass two moves from it (the staged scenes above are read by the engine's own reader).
TEST(Notation, TheOpeningPliesMustBeReachedByPlay) {
  const auto game = make_game(descriptor(), 7, {});
  const std::string setup = ".W.+.W./WwW+WwW/.WW+WW./+++++++/.WW+WW./WwW+WwW/.W.+.W.";
  const std::string start = "brochs 7 " + setup + " black 0 12+S 0";
  const std::string moved = "brochs 7 W..+.W." + setup.substr(7);
  for (const std::string& implementation : game->implementations()) {
    for (const std::string& text : {moved + " black 0 12+S 0", "brochs 7 BWB" + setup.substr(3) + " white 1 10+S 0",
                                    "brochs 7 BWB" + setup.substr(3) + " black 2 10+S 1 since:pass"}) {
      for (const std::string& form : {text, load(text)->diagram()}) {
        try {
          game->parse_position(form, implementation);
          ADD_FAILURE() << "accepted: " << form;
        } catch (const InputError& error) {
          EXPECT_NE(std::string(error.what()).find("no game reaches this position: at ply "), std::string::npos) << error.what();
          EXPECT_NE(std::string(error.what()).find("the initial position (" + start + ")"), std::string::npos) << error.what();
        }
      }
    }
    for (const std::string& text : {start, "brochs 7 BW." + setup.substr(3) + " white 1 11+S 0",
                                    "brochs 7 BW." + setup.substr(3) + " black 2 11+S 1 since:pass"}) {
      EXPECT_EQ(game->parse_position(text, implementation)->line(), text);
    }
  }
}

// Random games in every size and some rulings: every position's diagram and line read back to the
// same position, and every legal move's text reads back to the same move.
TEST(Notation, RandomPositionsAndMovesRoundTrip) {
  Rng rng(7);
  const std::vector<std::vector<std::string>> rulings = {
      {}, {"keeps=outer", "set-squares=anywhere"}, {"start=north-row", "curse-cost=free"}, {"keeps=inner", "empty-keeps=hostile", "entry=captured"}};
  int checked_moves = 0;
  for (int size = kMinSize; size <= kMaxSize; size += 2) {
    for (const auto& r : rulings) {
      auto s = start(size, r);
      for (int ply = 0; ply < 120 / kScale && !s->is_terminal(); ++ply) {
        const auto from_line = parse_brochs_position(s->rules(), s->line());
        const auto from_diagram = parse_brochs_position(s->rules(), s->diagram());
        ASSERT_EQ(from_line->line(), s->line());
        ASSERT_EQ(from_diagram->diagram(), s->diagram());
        ASSERT_EQ(from_line->hash(), s->hash());
        std::vector<Move> moves, again;
        s->legal_moves(moves);
        from_line->legal_moves(again);
        ASSERT_EQ(moves, again);
        ASSERT_FALSE(moves.empty());
        for (std::size_t i = 0; i < moves.size(); i += 1 + moves.size() / 12) {
          const std::string text = s->move_text(moves[i]);
          ASSERT_EQ(s->parse_move(text), moves[i]) << text;
          const auto base = text.substr(0, text.find(" x "));
          ASSERT_EQ(s->parse_move(base), moves[i]) << base;
          ++checked_moves;
        }
        s->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
  EXPECT_GT(checked_moves, 1000 / kScale);
}

// Random, truncated and mutated texts for all parsers: only InputError may come out.
TEST(Notation, FuzzedInputsOnlyThrowInputError) {
  Rng rng(11);
  const auto s = start(9);
  std::vector<std::string> seeds = {s->diagram(), s->line(), "d4-d2 x c2", "set main a1", "curse g7", "pass",
                                    "brochs 9 ", "Black to move, ply 0, reserve 8, passes 0"};
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -+#.WBSwbs/x\n,=";
  int inputs = 0;
  auto try_all = [&](const std::string& text) {
    ++inputs;
    for (int kind = 0; kind < 3; ++kind) {
      try {
        if (kind == 0) parse_brochs_position(s->rules(), text);
        if (kind == 1) s->parse_move(text);
        if (kind == 2) {
          const int size = diagram_size(text);
          (void)size;
        }
      } catch (const InputError&) {
      }
    }
  };
  for (int i = 0; i < 3000 / kScale; ++i) {
    const std::string& seed = seeds[rng.below(static_cast<std::uint32_t>(seeds.size()))];
    std::string text = seed.substr(0, rng.below(static_cast<std::uint32_t>(seed.size() + 1)));
    try_all(text);
    text = seed;
    for (int k = 0, edits = 1 + static_cast<int>(rng.below(4)); k < edits && !text.empty(); ++k) {
      text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try_all(text);
    std::string noise;
    for (int k = 0, len = static_cast<int>(rng.below(40)); k < len; ++k) noise += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    try_all(noise);
  }
  EXPECT_GT(inputs, 0);
}

// `arbiter moves --why` (issue 13 item 9): the candidates hold every legal move and illegal ones
// whose refusal names the rule.
TEST(Notation, CandidateMovesCoverTheLegalOnesAndSayWhyTheOthersAreNot) {
  auto s = start(7);
  const std::vector<std::string> candidates = s->candidate_moves();
  std::vector<Move> legal;
  s->legal_moves(legal);
  for (Move m : legal) {
    const std::string text = s->move_text(m);
    const std::string base = text.substr(0, text.find(" x "));
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), base), candidates.end()) << text;
  }
  ASSERT_NE(std::find(candidates.begin(), candidates.end(), "set d3"), candidates.end());
  try {
    s->parse_move("set d3");
    ADD_FAILURE() << "set d3 accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("R-4"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace arbiter::brochs::testing

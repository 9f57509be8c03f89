// Why a move is illegal: the reason `moves --why` and `explain` give names the obstacle the engine
// meets, and a ruling only as the rulings in force set it.
#include <algorithm>
#include <regex>
#include <tuple>
#include <utility>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

// Black's piece on c9 moves North over c7, an empty keep, to c3 (another one); c2 holds a White piece.
const std::string kPastAKeep =
    "brochs 9 ....+..../..W.+..../..#.+.#../....+..../+++++++++/....+..../..#.+.#../....+..../S.B.+.... black 20 8 0";

// The reason parse_move gives for an illegal move (what `moves --why` lists), or "" when it is legal.
std::string why_not(const BrochsState& s, const std::string& text) {
  try {
    s.parse_move(text);
    return "";
  } catch (const InputError& error) {
    return error.what();
  }
}

TEST(ExplainIllegal, AStepNamesThePieceInItsWayNotAPassableKeep) {
  for (const std::string ruling : {"passable", "hostile"}) {
    const auto s = load(kPastAKeep + (ruling == "passable" ? "" : " empty-keeps=" + ruling), {"empty-keeps=" + ruling});
    EXPECT_EQ(why_not(*s, "c9-c3"), "") << ruling;  // crosses the empty keep c7
    const std::string onto = why_not(*s, "c9-c2");
    EXPECT_NE(onto.find("c2 is occupied by a White piece"), std::string::npos) << ruling << ": " << onto;
    const std::string past = why_not(*s, "c9-c1");
    EXPECT_NE(past.find("the way is blocked at c2 by a White piece"), std::string::npos) << ruling << ": " << past;
    EXPECT_EQ(past.find("keep"), std::string::npos) << ruling << ": " << past;
    EXPECT_NE(s->explain_text("c9-c1").find("blocked at c2"), std::string::npos);
  }
  // Where empty keeps block, c7 is the first obstacle, before the piece on c2.
  const auto blocked = load(kPastAKeep + " empty-keeps=blocked", {"empty-keeps=blocked"});
  EXPECT_NE(why_not(*blocked, "c9-c3").find("the empty keep c7 cannot be crossed (empty-keeps=blocked"), std::string::npos);
  EXPECT_NE(why_not(*blocked, "c9-c2").find("the empty keep c7"), std::string::npos);
  EXPECT_EQ(why_not(*blocked, "c9-c7"), "");  // an empty keep may be entered
}

// A step that starts and ends on one square is refused for what it is, not as a diagonal.
TEST(ExplainIllegal, AStepToItsOwnSquareDoesNotMoveThePiece) {
  const auto s = load(kPastAKeep);
  const std::string why = why_not(*s, "c9-c9");
  EXPECT_NE(why.find("c9-c9 does not move the piece"), std::string::npos) << why;
  EXPECT_EQ(why.find("row or column"), std::string::npos) << why;
  EXPECT_NE(why_not(*s, "a9-b8").find("pieces move along a row or column"), std::string::npos);
}

// An arbiter's reports (session 47): a capture let happen, and a near-capture one of
// them prevented, name the piece, the ruling and its value in force. Before, the near-captures said
// only "No capture." and the captures only the capture rule.
TEST(ExplainRulings, KeepTwoPieceR7) {
  // c4-c2 closes a2 (Black) and c2 around b2, a White piece on a keep.
  const std::string p = "brochs 7 ...+.../Bw.+.#./...+.../++B++++/.W.W.W./WwW+WwW/.W.+.W. black 40 10+S 0";
  const std::string kept = explained(p, "c4-c2");
  EXPECT_NE(kept.find("The White piece on b2 is not captured, although c2 (the arriving piece) and a2 close a line (C1) around it: b2 is a "
                      "keep, whose occupant falls only to two opposite pairs, C2 (keep-two-piece=no, ruling R-7)."),
            std::string::npos)
      << kept;
  EXPECT_NE(kept.find("No capture."), std::string::npos) << kept;
  const std::string taken = explained(p + " keep-two-piece=yes", "c4-c2", {"keep-two-piece=yes"});
  EXPECT_NE(taken.find("Captures the White piece on b2 by C1"), std::string::npos) << taken;
  EXPECT_NE(taken.find("b2 is a keep, whose occupant falls to two pieces as well (keep-two-piece=yes, ruling R-7)"), std::string::npos) << taken;
  EXPECT_EQ(taken.find("not captured"), std::string::npos) << taken;
}

TEST(ExplainRulings, MainDiagonalR8) {
  // a4-f4 brings an ordinary piece diagonally next to e3 (White), with the main piece on d2 beyond.
  const std::string p = "brochs 7 ...+.../.#.S.#./...+W../B++++++/.W.W.W./WwW+WwW/.W.+.W. black 40 10 0";
  const std::string kept = explained(p, "a4-f4");
  EXPECT_NE(kept.find("The White piece on e3 is not captured, although f4 (the arriving piece) and d2 close a diagonal (C4) around it: "
                      "the main piece on d2 is not the piece that arrived, and C4 needs the main piece itself to move or be set "
                      "(main-diagonal=main-moves, ruling R-8)."),
            std::string::npos)
      << kept;
  const std::string taken = explained(p + " main-diagonal=main-in-pair", "a4-f4", {"main-diagonal=main-in-pair"});
  EXPECT_NE(taken.find("Captures the White piece on e3 by C4"), std::string::npos) << taken;
  EXPECT_NE(taken.find("the main piece on d2 is not the piece that arrived, and any Black piece completing its diagonal pair captures "
                       "(main-diagonal=main-in-pair, ruling R-8)"),
            std::string::npos)
      << taken;
  // The main piece moving itself needs no ruling: d2-d3 would not take e3 (not diagonal); set main
  // pieces aside, an ordinary piece with an ordinary partner closes nothing.
  EXPECT_EQ(explained(p, "a4-a3").find("R-8"), std::string::npos);
}

TEST(ExplainRulings, IsolatedR15) {
  // c2-a2: the main piece and a4 close a column around a3 (White), which has b3 (White) beside it.
  const std::string p = "brochs 7 ...+.../.#S+.#./WW.+.../B++++++/.W.W.W./WwW+WwW/.W.+.W. black 40 10 0";
  const std::string kept = explained(p + " isolated=unsupported", "c2-a2", {"isolated=unsupported"});
  EXPECT_NE(kept.find("The White piece on a3 is not captured, although a2 (the arriving piece) and a4 close a line (C1) around it: the "
                      "White piece on b3 stands beside it, so it is not isolated and C1 cannot take it (isolated=unsupported, ruling R-15)."),
            std::string::npos)
      << kept;
  const std::string taken = explained(p, "c2-a2");
  EXPECT_NE(taken.find("Captures the White piece on a3 by C1"), std::string::npos) << taken;
  EXPECT_EQ(taken.find("R-15"), std::string::npos) << taken;  // isolated=any: no reading to name
  // A lone piece under isolated=unsupported falls, and the explanation says it was isolated.
  const std::string lone = "brochs 7 ...+.../.#S+.#./W..+.../B++++++/.W.W.W./WwW+WwW/.W.+.W. black 40 10 0";
  const std::string falls = explained(lone + " isolated=unsupported", "c2-a2", {"isolated=unsupported"});
  EXPECT_NE(falls.find("Captures the White piece on a3 by C1, sandwich in a line or column (seed 003 D.1), formed by a2 (the arriving "
                       "piece), a4; no piece of its side stands beside it, so it is isolated (isolated=unsupported, ruling R-15)."),
            std::string::npos)
      << falls;
}

// A user's report (session 51): a keep occupant already standing between two complete pairs falls
// when the arriving piece completes a third, and the explanation named the two pairs that stood
// ("formed by b1, b3, c2, a2") instead of the one the move completed. It now names the new pair
// first, one pair that stood already, and the further complete pairs the rule does not need.
TEST(ExplainCaptures, AKeepCaptureNamesThePairTheMoveCompleted) {
  // The position of docs/rulings/brochs.md: b2 (White) stands between b1-b3 and a2-c2; e3-c3 completes a1-c3.
  const std::string third = explained("brochs 7 BB.+.../BwB+.#./.B.+B../+++++++/...+.../.#.+.#./...+W.S black 60 6 0", "e3-c3");
  EXPECT_NE(third.find("Captures the White piece on b2 by C2, keep occupant held by two opposite pairs (seed 003 D.2), formed by "
                       "the pair c3 (the arriving piece) with a1, which this move completed, and the pair b1 with b3, already "
                       "complete (the pair c2 with a2 was complete too; the new pair and one other are enough).\n"),
            std::string::npos)
      << third;
  // The arriving piece completes the fourth pair: the three that stood are all named.
  const std::string fourth = explained("brochs 7 BB.+B../BwB+.#./BBB+.../+++++++/...+.../.#.+.#./...+W.S black 60 4 0", "e1-c1");
  EXPECT_NE(fourth.find("formed by the pair c1 (the arriving piece) with a3, which this move completed, and the pair b1 with b3, "
                        "already complete (the pairs c2 with a2 and c3 with a1 were complete too; the new pair and one other are enough).\n"),
            std::string::npos)
      << fourth;
  // The ordinary case: one pair stood, the move completes the second.
  const std::string second = explained("brochs 7 .B.+.../Bw.+B#./.B.+.../+++++++/...+.../.#.+.#./...+W.S black 60 6 0", "e2-c2");
  EXPECT_NE(second.find("formed by the pair c2 (the arriving piece) with a2, which this move completed, and the pair b1 with b3, "
                        "already complete.\n"),
            std::string::npos)
      << second;
  // White takes a Black keep occupant the same way: b6 (Black) stands between b5-b7 and a6-c6, and
  // e7-c7 completes a5-c7.
  const std::string white = explained("brochs 7 ...+.../.#.+.#./...+.../+++++++/WW.+.../WbW+.#./.W.+W.. white 61 6 0", "e7-c7");
  EXPECT_NE(white.find("Captures the Black piece on b6 by C2, keep occupant held by two opposite pairs (seed 003 D.2), formed by "
                       "the pair c7 (the arriving piece) with a5, which this move completed, and the pair b5 with b7, already "
                       "complete (the pair c6 with a6 was complete too; the new pair and one other are enough).\n"),
            std::string::npos)
      << white;
}

// A piece that enters a keep stands between every complete pair around it: a standing configuration
// and a capture of the entering piece (keep-entry=captured) name all of them, grouped in pairs.
// Before, they named the squares of the first two pairs only ("c2, a2, c1, a3").
TEST(ExplainCaptures, AnEnteredKeepConfigurationNamesEveryCompletePair) {
  const std::string p = "brochs 7 B.B+.../B#B+.#./B.B+.../+++++++/.W.+.../.#.+.#./...+... white 41 6 0";
  const std::string safe = explained(p, "b5-b2");
  EXPECT_NE(safe.find("The arriving piece stands in an enemy configuration (C2, keep occupant held by two opposite pairs (seed 003 "
                      "D.2): the pairs c2 with a2, c1 with a3 and c3 with a1) but entered it voluntarily"),
            std::string::npos)
      << safe;
  const std::string taken = explained(p + " keep-entry=captured", "b5-b2", {"keep-entry=captured"});
  EXPECT_NE(taken.find("The arriving White piece on b2 is itself captured by C2, keep occupant held by two opposite pairs (seed 003 "
                       "D.2), formed by the pairs c2 with a2, c1 with a3 and c3 with a1; the arriving piece entered this configuration"),
            std::string::npos)
      << taken;
}

// One move, several captures: each names its own squares.
TEST(ExplainCaptures, EachCaptureOfOneMoveNamesItsOwnSquares) {
  // c5-c2 sandwiches d2 against e2 (C1) and completes a2-c2 around the keep b2, where b1-b3 stood (C2).
  const std::string both = explained("brochs 7 .B.+.../Bw.WB#./.B.+.../+++++++/..B+.../.#.+.#./...+W.S black 60 6 0", "c5-c2");
  EXPECT_NE(both.find("Captures the White piece on d2 by C1, sandwich in a line or column (seed 003 D.1), formed by c2 (the arriving "
                      "piece), e2.\nCaptures the White piece on b2 by C2, keep occupant held by two opposite pairs (seed 003 D.2), "
                      "formed by the pair c2 (the arriving piece) with a2, which this move completed, and the pair b1 with b3, already "
                      "complete.\n"),
            std::string::npos)
      << both;
  // c3-c1 takes b1 against a1 and d1 against e1.
  const std::string lines = explained("brochs 7 BW.WB../.#.+.#./..B+.../+++++++/...+.../.#.+.#./...+W.S black 60 6 0", "c3-c1");
  EXPECT_NE(lines.find("Captures the White piece on b1 by C1, sandwich in a line or column (seed 003 D.1), formed by c1 (the arriving "
                       "piece), a1.\n"),
            std::string::npos)
      << lines;
  EXPECT_NE(lines.find("Captures the White piece on d1 by C1, sandwich in a line or column (seed 003 D.1), formed by c1 (the arriving "
                       "piece), e1.\n"),
            std::string::npos)
      << lines;
  // The main piece's c7-c5 takes b4 (diagonal, with a3) and d4 (diagonal, with e3): C4 twice.
  const std::string diagonals = explained("brochs 7 ...+.../.#.+.#./B..+B../+W+W+++/...+.../.#.+.#./..S+... black 60 6 0", "c7-c5");
  for (const auto& [victim, beyond] : {std::pair{"b4", "a3"}, std::pair{"d4", "e3"}}) {
    EXPECT_NE(diagonals.find(std::string("Captures the White piece on ") + victim + " by C4, diagonal capture by the main piece (seed 003 "
                             "D.4), formed by c5 (the arriving piece), " + beyond + ".\n"),
              std::string::npos)
        << diagonals;
  }
  // The curse names the keep it is cast from, the main piece's square and the quadrant it targets.
  const std::string curse = explained("brochs 7 ...+.../.b.+.#./S..+.../+++++++/...+.../.#.+.w./...+W.. black 60 4 0", "curse f6");
  EXPECT_NE(curse.find("Black curses f6 (C3): the NW keep b2 holds a Black piece, the main piece is on the board at a3, and no Black piece "
                       "stands in the opposite quadrant SE, so the White piece on the keep f6 is removed.\n"),
            std::string::npos)
      << curse;
}

// Over random games, every capture an explanation reports by a move that arrives names the arriving
// square first, and the squares it names stand as the rule needs them on the board before the
// move's captures: for C1 and C4 a square beyond the victim; for C2 the new pair opposite each
// other around the keep, and the pair that stood already held by the capturer before the move too.
TEST(ExplainCaptures, TheSquaresNamedFormTheCapture) {
  const std::regex line("Captures the [a-zA-Z ]+ on ([a-o][0-9]+) by (C1|C4)[^\n]*, formed by ([a-o][0-9]+) \\(the arriving piece\\), ([a-o][0-9]+|the board edge)");
  const std::regex keep("Captures the [a-zA-Z ]+ on ([a-o][0-9]+) by C2[^\n]*, formed by the pair ([a-o][0-9]+) \\(the arriving piece\\) with "
                        "([a-o][0-9]+), which this move completed, and the pair ([a-o][0-9]+) with ([a-o][0-9]+), already complete");
  Rng rng(5);
  int lines_checked = 0, keeps_checked = 0;
  for (const auto& rulings : std::vector<std::vector<std::string>>{{}, {"keep-two-piece=yes", "main-diagonal=main-in-pair", "edge-captures=corners"}}) {
    for (const int size : {7, 9}) {
      for (int game = 0; game < (kScale > 1 ? 1 : 4); ++game) {
        auto s = start(size, rulings);
        for (int ply = 0; !s->is_terminal(); ++ply) {
          std::vector<Move> moves;
          s->legal_moves(moves);
          for (const Move m : moves) {
            const MoveKind kind = move_kind(m);
            if ((kind != MoveKind::Step && kind != MoveKind::Set && kind != MoveKind::SetMain) || s->captures_of(m).count == 0) continue;
            const std::string text = s->explain(m);
            const int to = move_to(m);
            const int side = kind == MoveKind::Step ? side_of(s->at(move_from(m))) : kBlackSide;
            auto held = [&](int c) { return kind == MoveKind::Step && c == move_from(m) ? false : c == to || (s->at(c) != Empty && side_of(s->at(c)) == side); };
            for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it) {
              ASSERT_EQ(cell(*s, (*it)[3]), to) << s->move_text(m) << "\n" << text;
              ++lines_checked;
            }
            for (std::sregex_iterator it(text.begin(), text.end(), keep), end; it != end; ++it) {
              const int victim = cell(*s, (*it)[1]), first = cell(*s, (*it)[2]), opposite = cell(*s, (*it)[3]);
              const int other_a = cell(*s, (*it)[4]), other_b = cell(*s, (*it)[5]);
              ASSERT_EQ(first, to) << s->move_text(m) << "\n" << text << s->diagram();
              const Tables& t = s->tables();
              bool new_pair = false, old_pair = false;
              for (int d = 0; d < kDirections; ++d) {
                new_pair = new_pair || (t.neighbour(victim, d) == first && t.neighbour(victim, opposite_direction(d)) == opposite);
                old_pair = old_pair || (t.neighbour(victim, d) == other_a && t.neighbour(victim, opposite_direction(d)) == other_b);
              }
              ASSERT_TRUE(new_pair && old_pair && held(opposite) && held(other_a) && held(other_b) && other_a != to && other_b != to)
                  << s->move_text(m) << "\n" << text << s->diagram();
              ++keeps_checked;
            }
          }
          s->apply(s->random_move(rng));
        }
      }
    }
  }
  EXPECT_GT(lines_checked, 1000);  // measured: 12,084 and 337 with four games each, 2,729 and 80 with one
  EXPECT_GT(keeps_checked, 20);
}

// With entry=captured, a piece that enters a line survives only because a ruling says so: the
// explanation names it.
TEST(ExplainRulings, AnEnteringPieceSparedByARuling) {
  // White b3-b2 enters the keep b2 between a2 and c2 (Black): a keep occupant needs two pairs.
  const std::string p = "brochs 7 ...+.../B#B+.#./.W.+.../+++++++/...+.../.#.+.#./...+... white 41 8 0 entry=captured";
  const std::string kept = explained(p, "b3-b2", {"entry=captured"});
  EXPECT_NE(kept.find("The arriving White piece on b2 entered a line (C1) of c2 and a2 but is not captured (rulings R-18 "
                      "keep-entry=as-entry and R-6 entry=captured): b2 is a keep, whose occupant falls only to two opposite "
                      "pairs, C2 (keep-two-piece=no, ruling R-7)."),
            std::string::npos)
      << kept;
  const std::string taken = explained(p + " keep-two-piece=yes", "b3-b2", {"entry=captured", "keep-two-piece=yes"});
  EXPECT_NE(taken.find("The arriving White piece on b2 is itself captured by C1"), std::string::npos) << taken;
  EXPECT_NE(taken.find("(keep-two-piece=yes, ruling R-7)"), std::string::npos) << taken;
}

// Over random games, every near-capture an explanation reports is a capture once
// are read permissively (keep-two-piece=yes, main-diagonal=main-in-pair, isolated=any), and every
// capture it credits to keep-two-piece=yes or main-diagonal=main-in-pair does not happen under
// keep-two-piece=no and main-diagonal=main-moves.
TEST(ExplainRulings, TheRulingNamedIsTheOneThatDecides) {
  const std::regex near("The (White|Black|main) piece on ([a-o][0-9]+) is not captured, although");
  const std::regex credited("Captures the (White|Black|main) piece on ([a-o][0-9]+) by [^\n]*(keep-two-piece=yes|main-diagonal=main-in-pair)");
  const std::vector<std::string> permissive = {"keep-two-piece=yes", "main-diagonal=main-in-pair"};
  const std::vector<std::string> strict = {"keep-two-piece=no", "main-diagonal=main-moves"};
  Rng rng(11);
  int near_checked = 0, credited_checked = 0;
  for (const auto& rulings : std::vector<std::vector<std::string>>{
           {}, {"isolated=unsupported", "edge-captures=corners"}, {"keep-two-piece=yes", "main-diagonal=main-in-pair", "isolated=unsupported"}}) {
    const bool unsupported = std::find(rulings.begin(), rulings.end(), "isolated=unsupported") != rulings.end();
    for (const int size : {7, 9}) {
      auto s = start(size, rulings);
      std::vector<std::string> loose = permissive, tight = strict;
      for (const std::string& ruling : rulings) {
        if (ruling.starts_with("edge-captures")) loose.push_back(ruling), tight.push_back(ruling);
      }
      if (unsupported) tight.push_back("isolated=unsupported");
      for (int ply = 0; !s->is_terminal(); ++ply) {
        if (ply % (3 * kScale) == 0) {
          std::vector<Move> moves;
          s->legal_moves(moves);
          for (const Move m : moves) {
            const std::string text = s->explain(m);
            for (const auto& [pattern, other, falls] : {std::tuple{&near, &loose, true}, std::tuple{&credited, &tight, false}}) {
              for (std::sregex_iterator it(text.begin(), text.end(), *pattern), end; it != end; ++it) {
                auto there = parse_brochs_position(rules_for(size, *other), s->diagram());
                there->apply(m);
                const int victim = cell(*s, (*it)[2]);
                ASSERT_EQ(there->at(victim) == Empty, falls) << s->move_text(m) << "\n" << text << s->diagram();
                ++(falls ? near_checked : credited_checked);
              }
            }
          }
        }
        s->apply(s->random_move(rng));
      }
    }
  }
  EXPECT_GT(near_checked, 10 / kScale);
  EXPECT_GT(credited_checked, 10 / kScale);
}

// What the first obstacle of the step from-to is, walked independently of the engine: the first
// piece on the way (the destination included), or an empty keep crossed under empty-keeps=blocked.
std::string first_obstacle(const BrochsState& s, int from, int to) {
  const int n = s.tables().n;
  const int dr = (to / n > from / n) - (to / n < from / n), dc = (to % n > from % n) - (to % n < from % n);
  for (int c = from + dr * n + dc;; c += dr * n + dc) {
    if (s.at(c) != Empty) return s.cell_name(c);
    if (c == to) return "";
    if (s.rules().empty_keeps == EmptyKeeps::Blocked && s.tables().is_keep(c)) return s.cell_name(c);
  }
}

// Over random games under several rulings, every candidate move `moves --why` would list: the
// reason is empty exactly for the legal moves, every 'name=value' it names is a ruling in force
// with that value, and an illegal step along a line names its first obstacle.
TEST(ExplainIllegal, ReasonsAgreeWithLegalityAndNameOnlyRulingsInForce) {
  const std::regex ruling_named("([a-z][a-z-]*)=([a-z0-9-]+)");
  Rng rng(7);
  int steps_checked = 0, rulings_checked = 0, reasons_naming_rulings = 0;
  for (const auto& rulings : std::vector<std::vector<std::string>>{{},
                                                                   {"empty-keeps=blocked", "black-turn=set-first"},
                                                                   {"empty-keeps=hostile", "white-pass=only-when-stuck"},
                                                                   {"set-squares=keeps", "keep-setting=after-capture", "curse-holder=ordinary"},
                                                                   {"set-squares=anywhere", "curse-cost=free", "edge-captures=edges"},
                                                                   {"keep-two-piece=yes", "main-diagonal=main-in-pair", "isolated=unsupported"},
                                                                   {"isolated=unsupported", "entry=captured", "empty-keeps=hostile"}}) {
    for (const int size : {7, 9}) {
      auto s = start(size, rulings);
      const Config config = config_from_rules(s->rules());
      for (int ply = 0; !s->is_terminal(); ++ply) {
        if (ply % (8 * kScale) == 0) {
          for (const std::string& text : s->candidate_moves()) {
            const std::string reason = why_not(*s, text);
            const std::string explained = s->explain_text(text);
            ASSERT_EQ(reason.empty(), explained.find("cannot play this") == std::string::npos) << text << "\n" << explained << s->diagram();
            for (const std::string* said : {&reason, &explained}) {
              for (std::sregex_iterator it(said->begin(), said->end(), ruling_named), end; it != end; ++it) {
                const std::string name = (*it)[1], value = (*it)[2];
                ASSERT_TRUE(config.rulings.contains(name)) << *said;
                ASSERT_EQ(config.rule(name), value) << text << ": " << *said << "\n" << s->diagram();
                ++rulings_checked;
                reasons_naming_rulings += said == &reason;
              }
            }
            const auto dash = text.find('-');
            if (reason.empty() || dash == std::string::npos || reason.find("set from reserve") != std::string::npos) continue;
            const int from = cell(*s, text.substr(0, dash)), to = cell(*s, text.substr(dash + 1));
            const std::string obstacle = first_obstacle(*s, from, to);
            ASSERT_FALSE(obstacle.empty()) << text << ": " << reason;
            const std::regex names_a_cell("(at |keep )?([a-o][0-9]+)( is occupied| by| cannot)");
            std::smatch named;
            ASSERT_TRUE(std::regex_search(reason, named, names_a_cell)) << reason;
            ASSERT_EQ(named[2].str(), obstacle) << text << ": " << reason << "\n" << s->diagram();
            ++steps_checked;
          }
        }
        s->apply(s->random_move(rng));
      }
    }
  }
  EXPECT_GT(steps_checked, 1000 / kScale);
  EXPECT_GT(rulings_checked, 100 / kScale);
  EXPECT_GT(reasons_naming_rulings, 10 / kScale);
}

}  // namespace
}  // namespace arbiter::brochs::testing

// The puzzle generator: every puzzle it makes on small boards is re-checked by a plain search
// over the reference implementation (exactly one winning first move, not trivial), its
// certificate verifies, and the same seed gives the same puzzles whatever the thread count.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "generators/generator.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/registry.hpp"
#include "solver/certificate.hpp"
#include "solver/dfpn.hpp"
#include "tests/game_param.hpp"
#include "tests/random_games.hpp"

namespace arbiter::generators {
namespace {

using puzzles::Puzzle;
using puzzles::PuzzleKind;

// Does `attacker` win within k of its own moves from here, against every defence? Plain
// exhaustive search, no table, no ordering.
bool wins_within(const State& s, int attacker, int k) {
  if (s.is_terminal()) return s.outcome().kind == Outcome::Kind::Win && s.outcome().winner == attacker;
  const bool attacking = s.side_to_move() == attacker;
  if (attacking && k == 0) return false;
  std::vector<Move> moves;
  s.legal_moves(moves);
  for (const Move m : moves) {
    auto child = s.clone();
    child->apply(m);
    const bool wins = wins_within(*child, attacker, attacking ? k - 1 : k);
    if (attacking && wins) return true;
    if (!attacking && !wins) return false;
  }
  return !attacking;
}

// Game-theoretic value for `side` by plain minimax memoised on the printed position: does it win?
bool wins_game(const State& s, int side, std::map<std::string, bool>& memo) {
  if (s.is_terminal()) return s.outcome().kind == Outcome::Kind::Win && s.outcome().winner == side;
  const std::string key = s.line();
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  std::vector<Move> moves;
  s.legal_moves(moves);
  const bool attacking = s.side_to_move() == side;
  bool result = !attacking;
  for (const Move m : moves) {
    auto child = s.clone();
    child->apply(m);
    const bool wins = wins_game(*child, side, memo);
    if (attacking && wins) { result = true; break; }
    if (!attacking && !wins) { result = false; break; }
  }
  memo.emplace(key, result);
  return result;
}

std::string reference_of(const Game& game) {
  const auto names = game.implementations();
  return std::find(names.begin(), names.end(), "reference") != names.end() ? "reference" : names.front();
}

std::vector<Puzzle> make_puzzles(const GeneratorOptions& options, int wanted, int max_candidates) {
  const auto game = make_game(find_game(options.game), options.size, options.rulings);
  std::vector<Puzzle> found;
  for (int i = 0; i < max_candidates && static_cast<int>(found.size()) < wanted; ++i) {
    const auto position = candidate_position(*game, options, static_cast<std::uint64_t>(i));
    if (!position) continue;
    bool interrupted = false;
    if (auto p = examine(*game, *position, options, interrupted)) found.push_back(std::move(*p));
    EXPECT_FALSE(interrupted);
  }
  return found;
}

void expect_certificate_verifies(const Game& game, const Puzzle& p) {
  EXPECT_EQ(sha256_hex(p.certificate), p.certificate_sha256);
  std::istringstream in(p.certificate);
  const auto certificate = solver::Certificate::read(in, "test");
  const auto report = solver::verify_certificate(certificate, reference_of(game), p.rulings);
  EXPECT_TRUE(report.accepted) << report.reason;
  EXPECT_TRUE(recheck(p).empty()) << p.position;
}

void expect_within_puzzles_sound(const std::string& game_name, int size, int k, int wanted) {
  GeneratorOptions options;
  options.game = game_name;
  options.size = size;
  options.kind = PuzzleKind::WinsWithin;
  options.within = k;
  options.seed = 7;
  const auto puzzles = make_puzzles(options, wanted, 3000);
  ASSERT_EQ(static_cast<int>(puzzles.size()), wanted) << game_name << " " << size << " within " << k;
  const auto game = make_game(find_game(game_name), size);
  for (const Puzzle& p : puzzles) {
    const auto position = game->parse_position(p.position, reference_of(*game));
    const int mover = position->side_to_move();
    std::vector<Move> moves;
    position->legal_moves(moves);
    EXPECT_GE(moves.size(), 2u);
    EXPECT_FALSE(k > 1 && wins_within(*position, mover, k - 1)) << "trivial: " << p.position;
    std::vector<std::string> winners;
    for (const Move m : moves) {
      auto child = position->clone();
      child->apply(m);
      if (wins_within(*child, mover, k - 1)) winners.push_back(position->move_text(m));
    }
    EXPECT_EQ(winners, std::vector<std::string>{p.key_move}) << p.position;
    EXPECT_EQ(p.main_line.front(), p.key_move);
    // k moves of the mover and the replies between them; a Quentin defence can itself complete
    // the mover's chain (a tied territory is filled with the enemy's stones), hence up to 2k.
    EXPECT_LE(static_cast<int>(p.main_line.size()), 2 * k);
    EXPECT_GE(p.difficulty, 1);
    EXPECT_LE(p.difficulty, 5);
    expect_certificate_verifies(*game, p);
  }
}

TEST(Generator, BriqueWithinOneAndTwoHaveOneSolution) {
  expect_within_puzzles_sound("brique", 5, 1, testing::scaled(6));
  expect_within_puzzles_sound("brique", 5, 2, testing::scaled(6));
}

TEST(Generator, QuentinWithinTwoHasOneSolution) { expect_within_puzzles_sound("quentin", 5, 2, testing::scaled(5)); }

// The pie swap exchanges the players: the player who swaps plays the other colour after it, and
// the first player, now the swapper's old colour, moves next. The solver's values are the
// colours', so the generator once judged the swap by the wrong colour's chances (in the puzzle
// below: "After swap, Black answers a1 and White cannot win within 2 moves (it still wins, but only
// in 3)", where White moves next, the swapper plays Black, and White's "win in 3" was the
// opponent's). Every Brique position after Black's first stone, where White may swap, is examined:
// a puzzle must have exactly its key move winning for the player to move, the swap judged for the
// colour the player takes with it.
// Brique's options for the kind within-k, or `wins` for k = 0.
GeneratorOptions kind_options(const std::string& game, int size, int k) {
  GeneratorOptions options;
  options.game = game;
  options.size = size;
  options.kind = k == 0 ? PuzzleKind::Wins : PuzzleKind::WinsWithin;
  options.within = k;
  return options;
}
GeneratorOptions brique_options(int size, int k) { return kind_options("brique", size, k); }

TEST(Generator, ThePieSwapIsJudgedForThePlayerWhoSwaps) {
  for (const int size : {2, 3}) {
    const auto game = make_game(find_game("brique"), size);
    const auto start = game->initial_state();
    std::vector<Move> firsts;
    start->legal_moves(firsts);
    for (const int k : {0, 1, 2, 3}) {  // 0: the `wins` kind
      const GeneratorOptions options = brique_options(size, k);
      for (const Move first : firsts) {
        auto position = start->clone();
        position->apply(first);
        bool interrupted = false;
        const auto p = examine(*game, *position, options, interrupted);
        if (!p) continue;
        const int mover = position->side_to_move();
        std::vector<Move> moves;
        position->legal_moves(moves);
        std::vector<std::string> winners;
        std::map<std::string, bool> memo;
        for (const Move m : moves) {
          auto child = position->clone();
          child->apply(m);
          const int player = position->exchanges_players(m) ? 1 - mover : mover;
          if (k == 0 ? wins_game(*child, player, memo) : wins_within(*child, player, k - 1)) winners.push_back(position->move_text(m));
        }
        EXPECT_EQ(winners, std::vector<std::string>{p->key_move}) << p->position << " within " << k;
        EXPECT_TRUE(recheck(*p).empty()) << p->position;
      }
    }
  }
  // White wins by b1 alone, within 2 moves and in the game; the swap loses for the player who
  // makes it (White, now Black: the first player moves on as White and wins). The `wins` kind once
  // counted the swap as a second winning move (White's colour wins after it) and rejected this.
  const auto game = make_game(find_game("brique"), 2);
  const auto position = game->parse_position("brique 2 ../.B white 1");
  for (const int k : {0, 2}) {
    const GeneratorOptions options = brique_options(2, k);
    bool interrupted = false;
    const auto p = examine(*game, *position, options, interrupted);
    ASSERT_TRUE(p) << "within " << k;
    EXPECT_EQ(p->key_move, "b1");
    const auto swap = std::find_if(p->refutations.begin(), p->refutations.end(), [](const auto& r) { return r.move == "swap"; });
    ASSERT_NE(swap, p->refutations.end());
    // (The line after the answer is the solver's principal line, not pinned here.)
    const std::string said = "After swap the players exchange colours, so the player to move plays Black; White answers b1 and " +
                             std::string(k == 0 ? "wins" : "Black cannot win within 2 moves.");
    EXPECT_EQ(swap->why.substr(0, said.size()), said);
  }
}

// A wrong move whose answer wins at once is said to lose to it, as in a `wins` puzzle: "Black
// answers d5 and wins", not only "White cannot win within 2 moves" (true, but it hid that d1, c2
// and d2 all lose to d5 in this Quentin puzzle, store id 7 of a new user's book in session 48).
// The sentence is checked by replaying the answer: where it does not end the game, the bound is said.
TEST(Generator, AWrongMoveThatLosesToItsAnswerIsSaidToLose) {
  const auto game = make_game(find_game("quentin"), 5);
  const auto position = game->parse_position("quentin 5 WWW.B/WB..B/BB..B/W...B/WWW.. white 13");
  bool interrupted = false;
  const auto p = examine(*game, *position, kind_options("quentin", 5, 2), interrupted);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->key_move, "e5");
  ASSERT_FALSE(p->refutations.empty());
  for (const auto& r : p->refutations) {
    ASSERT_FALSE(r.defence.empty()) << r.move;
    auto after = position->clone();
    after->apply(after->parse_move(r.move));
    const int black = after->side_to_move();  // White is to play the puzzle
    after->apply(after->parse_move(r.defence.front()));
    const bool lost = after->is_terminal() && after->outcome() == Outcome::win(black);
    EXPECT_EQ(r.why, lost ? "After " + r.move + ", Black answers " + r.defence.front() + " and wins." : r.why) << r.move;
    EXPECT_EQ(r.why.find("cannot win within") != std::string::npos, !lost) << r.why;
  }
  // (d3 before d1 since session 52: of wrong moves alike, the one nearer the key move comes first.)
  EXPECT_EQ(p->refutations.front().why, "After d3, Black answers d5 and wins.");
}

// "After e3, Black answers b4 and White cannot win within 2 moves" rests on b4: the sentence with
// another answer (a tester's tampered store, session 49: "answers a3", after which White has
// already won) read as sound, for only its legality and its bound were checked. The defence must be
// the one the certificate refutes the move with; a legal one that does not lose at once is refused
// as well, since nothing without search shows that White cannot win after it.
// "After a5, Black answers b3 and wins (b3 e1 c5)" rests on b3 in the same way (and "holds a draw"
// on its answer): a `loses` or `draw` claim was checked for its legality and for the certificate's
// proof that the other side wins or holds, so another answer read as sound until session 50.
TEST(Generator, AWrongMovesDefenceIsTheCertificates) {
  using Kind = puzzles::RefutationClaim::Kind;
  struct Case {
    std::string position;
    int k;  // the puzzle's bound; 0: a `wins` puzzle
    std::string key, wrong;
    Kind kind;  // the wrong move's claim
    std::vector<std::string> defence;  // as the generator stores it
    std::string answer;  // the tampered answer; "" for the first legal one after which the game goes on and no win is at once
  };
  // Puzzles 2 and 1 of the tester's store: after e3 every Black answer but b4 ends the game or lets
  // White win at once (a3 is White's key move), so the second case is another position. The third
  // is puzzle 22 of a quentin 5x5 `wins` store made with seed 1.
  const std::vector<Case> cases = {
      {"quentin 5 BWBWB/B..../..WB./..W../WBWWB white 13", 2, "a3", "e3", Kind::NoWinWithin, {"b4", "b2"}, "a3"},
      {"quentin 5 ...BW/.W.../...../...WB/...BB black 6", 2, "d2", "e3", Kind::NoWinWithin, {"d2", "a1"}, ""},
      {"quentin 5 W.B../..W../B..B./B..B./...WW white 9", 0, "b3", "a5", Kind::Loses, {"b3", "e1"}, ""},
  };
  const auto game = make_game(find_game("quentin"), 5);
  for (const Case& c : cases) {
    const auto position = game->parse_position(c.position);
    bool interrupted = false;
    const auto p = examine(*game, *position, kind_options("quentin", 5, c.k), interrupted);
    ASSERT_TRUE(p) << c.position;
    ASSERT_EQ(p->key_move, c.key);
    ASSERT_TRUE(check_without_search(*p).empty()) << c.position;
    // It hears a stop: `book` re-checks every puzzle before it prints, and the re-check of a
    // Quentin certificate of 268 KB took seconds, past the 3 s a SIGTERM is given (it did not poll).
    EXPECT_TRUE(check_without_search(*p, [] { return true; }).empty());
    EXPECT_THROW(check_without_search(*p, [] { return false; }), solver::SearchInterrupted);
    std::size_t index = p->refutations.size();
    for (std::size_t i = 0; i < p->refutations.size(); ++i) {
      if (p->refutations[i].move == c.wrong) index = i;
    }
    ASSERT_LT(index, p->refutations.size()) << c.position;
    ASSERT_EQ(p->refutations[index].claim.kind, c.kind) << c.position;
    ASSERT_EQ(p->refutations[index].defence, c.defence);
    const Move wrong = position->parse_move(c.wrong);
    auto after = position->clone();
    after->apply(wrong);
    std::string answer = c.answer;
    std::vector<Move> replies, wins;
    after->legal_moves(replies);
    for (Move m : replies) {
      auto next = after->clone();
      next->apply(m);
      if (!answer.empty() || after->move_text(m) == c.defence.front() || next->is_terminal()) continue;
      next->winning_moves(wins);
      if (wins.empty()) answer = after->move_text(m);
    }
    ASSERT_FALSE(answer.empty()) << c.position;
    Puzzle tampered = *p;
    puzzles::Refutation& r = tampered.refutations[index];
    r.defence = {answer};
    r.claim.line.clear();  // a `loses` claim's line begins with its defence
    r.why = refutation_sentence(*game, *position, wrong, r.defence, r.claim).value();
    ASSERT_NE(r.why.find(" answers " + answer + " and "), std::string::npos) << r.why;
    const std::vector<RecheckProblem> problems = check_without_search(tampered);
    ASSERT_EQ(problems.size(), 1u) << c.position << " " << answer;
    EXPECT_EQ(problems.front().text(), "wrong move " + c.wrong + ": its defence " + answer + " is not the one the certificate refutes " +
                                           c.wrong + " with: after " + c.wrong + " the certificate plays " + c.defence.front() + ", not " + answer);
    // Said of the wrong move it is about, which show marks by it (not by the words' "wrong move e3: ").
    EXPECT_EQ(problems.front().refutation, index);
    EXPECT_EQ(problems.front().what.rfind("its defence " + answer + " ", 0), 0u) << problems.front().what;
  }
}

// The tempting-move count stops at 4, the most the level counts (docs/puzzles.md): past it the
// slower-win searches stop, and Brochs' flat one-ply estimate ties the key move with most moves,
// so this Brochs 7x7 puzzle (store id 11 of a new user's book) stored 63.
TEST(Generator, TheTemptingCountStopsWhereTheLevelStopsCounting) {
  const auto game = make_game(find_game("brochs"), 7);
  const auto position = game->parse_position(
      "brochs 7 BB.BB../Ww.+Ww./WW.W.WW/++W+++W/.W.+..W/.wW+Ww./...W... white 125 0 0 since:e4-e2,d1-b1,e5-e6,d3-d1,"
      "d7-a7,d1-d5,pass,e1-d1,c2-c1,d1-e1,c1-c3,d5-c5,f4-f3,c5-d5,a5-c5,d5-d6,a7-d7,d6-d1,c3-d3,e1-f1,c5-b5,f1-e1");
  bool interrupted = false;
  const auto p = examine(*game, *position, kind_options("brochs", 7, 2), interrupted);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->key_move, "c4-c1");
  EXPECT_EQ(p->measures.tempting_moves, 4);
}

// The main line shows the defence that resists most where every defence loses equally fast: the
// one after which the winner has fewest moves that win at once, not the first in move order. This
// Brique 5x5 puzzle (store 33 of a user's book, session 52) showed "1 d3! 2 a1 3 a4", where Black's
// blocks a4 and a5 were never shown.
TEST(Generator, TheMainLinesDefenceIsTheOneThatResistsMost) {
  const auto game = make_game(find_game("brique"), 5);
  const auto position = game->parse_position("brique 5 ...../..BB./..B../.WWBW/.B... white 7");
  bool interrupted = false;
  const auto p = examine(*game, *position, kind_options("brique", 5, 2), interrupted);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->main_line.size(), 3u);
  EXPECT_EQ(p->main_line[0], "d3");
  EXPECT_TRUE(p->main_line[1] == "a4" || p->main_line[1] == "a5") << p->main_line[1];
  // Deterministic: the same position gives the same line.
  const auto again = examine(*game, *position, kind_options("brique", 5, 2), interrupted);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->main_line, p->main_line);
}

// The wrong moves stored (and shown) differ in place where the position offers such moves, and of
// moves alike the one nearer the key move comes first: this Hexabrae radius-2 puzzle (store 42 of a
// user's book, session 52) stored three turnings of one bar on a1, far from the play.
TEST(Generator, TheWrongMovesShownDifferInPlace) {
  const auto game = make_game(find_game("hexabrae"), 2);
  const auto position = game->parse_position("hexabrae 2 Ba3/2 Wb3/1 Bc4/0 Bc5/0 Bd2/0 We3/2 black 27");
  bool interrupted = false;
  const auto p = examine(*game, *position, kind_options("hexabrae", 2, 1), interrupted);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->key_move, "d2-c3/2");
  ASSERT_EQ(p->refutations.size(), 3u);
  std::set<std::pair<double, double>> places;
  for (const puzzles::Refutation& r : p->refutations) {
    const auto anchor = position->move_anchor(position->parse_move(r.move));
    ASSERT_TRUE(anchor) << r.move;
    places.insert({anchor->x, anchor->y});
  }
  EXPECT_EQ(places.size(), 3u) << p->refutations[0].move << ", " << p->refutations[1].move << ", " << p->refutations[2].move;
}

// A ply cap is a ruling that ends an undecided game (Brochs R-13: White wins at ply 400 by
// default), which no reader of a puzzle expects to decide it. This Brochs 7x7 within-1 puzzle (the
// third of seed 1's run; Black moves at even plies) is the same puzzle at ply 236 and at 396, where
// a wrong move's slower win ends at ply 399; at 398 the refutation of every wrong move (White's
// answer reaches ply 400, where the cap ends the game as White's win) reaches the cap: refused.
TEST(Generator, AProofThatReachesThePlyCapIsRefused) {
  const auto game = make_game(find_game("brochs"), 7);
  const std::string board = "brochs 7 ...+.../.b.+.#./...+.B./+++++++/...+.../.b.+.s./W..+... black ";
  const auto examined = [&](int ply, Rejection& why) {
    bool interrupted = false;
    const auto position = game->parse_position(board + std::to_string(ply) + " 0 0");
    auto p = examine(*game, *position, kind_options("brochs", 7, 1), interrupted, &why);
    EXPECT_FALSE(interrupted);
    return p;
  };
  Rejection why = Rejection::None;
  const auto far = examined(236, why);
  ASSERT_TRUE(far);
  EXPECT_EQ(far->key_move, "f3-f2");
  ASSERT_FALSE(far->refutations.empty());
  EXPECT_TRUE(puzzles::claims_slower_win(far->refutations.front())) << far->refutations.front().why;
  const auto near = examined(396, why);
  ASSERT_TRUE(near);
  EXPECT_EQ(near->key_move, far->key_move);
  ASSERT_EQ(near->refutations.size(), far->refutations.size());
  for (std::size_t i = 0; i < far->refutations.size(); ++i) EXPECT_EQ(near->refutations[i].why, far->refutations[i].why);
  EXPECT_FALSE(examined(398, why));
  EXPECT_EQ(why, Rejection::NearPlyCap);
  EXPECT_EQ(rejection_name(Rejection::NearPlyCap), "near the ply cap");

  // A stored puzzle whose proof reaches the cap (the one at 236 moved to ply 398, its certificate
  // with it, which still verifies: after a wrong move and White's answer the cap gives White the
  // game) is flagged by the check that show, book and verify make.
  EXPECT_TRUE(check_without_search(*far).empty()) << problems_text(check_without_search(*far));
  Puzzle moved = *far;
  const auto at_398 = [](std::string text) {
    const std::string from = " black 236 0 0", to = " black 398 0 0";
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << text;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
  };
  moved.position = at_398(moved.position);
  moved.certificate = at_398(moved.certificate);
  moved.certificate_sha256 = sha256_hex(moved.certificate);
  // (Its slower wins, moved so, end at the cap too: their sentences are flagged after it.)
  const std::vector<RecheckProblem> problems = check_without_search(moved);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().text(), "a line of its certificate reaches the ply cap (ply 400), so it may rest on that ruling rather than on play");
}

// In a win in one the one move is spent by the wrong move itself: no answer is named, and a slower
// win is counted from the puzzle position.
TEST(Generator, WinInOneRefutationsNameNoAnswer) {
  GeneratorOptions options = brique_options(5, 1);
  options.seed = 7;
  const auto puzzles = make_puzzles(options, 20, 3000);
  ASSERT_EQ(puzzles.size(), 20u);
  int slower = 0;
  for (const Puzzle& p : puzzles) {
    for (const auto& r : p.refutations) {
      EXPECT_EQ(r.why.find(" answers "), std::string::npos) << r.why;
      EXPECT_EQ(r.why.rfind(r.move + " does not win at once.", 0), 0u) << r.why;
      if (r.why.find(" still wins, but needs 2 moves from the puzzle position, " + r.move + " counted.") != std::string::npos) ++slower;
    }
  }
  EXPECT_GT(slower, 0);  // some of seed 7's first 20 have wrong moves that win one move later
}

// Every claim a wrong move's sentence can make: refutation_sentence writes it, the one place its
// wording is made, and claim_of_sentence, which reads the claims of stores written before claims
// were kept (schema version 2), reads it back. A change of wording that the reader does not follow
// fails here, instead of every older store's puzzles reading as sentences of no claim, or of
// another one (docs/puzzles.md, Verification).
TEST(Generator, EveryRefutationClaimRoundTripsThroughItsSentence) {
  using puzzles::RefutationClaim;
  using Kind = RefutationClaim::Kind;
  const auto game = make_game(find_game("brique"), 3);
  // The opening position, and one where a move ends the game, found by playing the middle legal move.
  auto state = game->initial_state();
  const std::unique_ptr<State> open = game->initial_state();
  std::vector<Move> moves;
  open->legal_moves(moves);
  const Move open_move = moves.front();
  std::unique_ptr<State> ending;
  Move ending_move = 0;
  while (!state->is_terminal() && !ending) {
    state->legal_moves(moves);
    for (const Move m : moves) {
      auto child = state->clone();
      child->apply(m);
      if (child->is_terminal() && !ending) {
        ending = state->clone();
        ending_move = m;
      }
    }
    state->apply(moves[moves.size() / 2]);
  }
  ASSERT_TRUE(ending);
  auto after = open->clone();
  after->apply(open_move);
  after->legal_moves(moves);
  const std::vector<std::string> defence = {after->move_text(moves.front()), after->move_text(moves.back())};
  // The pie swap, after which the player plays the other colour.
  const auto small = make_game(find_game("brique"), 2);
  const auto swap_position = small->parse_position("brique 2 ../.B white 1");
  const Move swap = swap_position->parse_move("swap");
  const std::vector<std::string> swap_defence = {"b1"};

  auto claim = [](Kind kind, int within, int slower, std::vector<std::string> line) {
    RefutationClaim c;
    c.kind = kind;
    c.within = within;
    c.slower_win = slower;
    c.line = std::move(line);
    return c;
  };
  struct Case {
    const State* position;
    Move move;
    std::vector<std::string> defence;
    RefutationClaim claim;
  };
  const std::vector<std::string> none;
  const std::vector<Case> cases = {
      {ending.get(), ending_move, none, claim(Kind::EndsGame, 0, 0, {})},
      {open.get(), open_move, none, claim(Kind::NotAtOnce, 0, 0, {})},
      {open.get(), open_move, none, claim(Kind::NotAtOnce, 0, 2, {})},
      {swap_position.get(), swap, none, claim(Kind::NotAtOnce, 0, 2, {})},
      {open.get(), open_move, defence, claim(Kind::AnswerWins, 0, 0, {})},
      {open.get(), open_move, defence, claim(Kind::NoWinWithin, 1, 0, {})},
      {open.get(), open_move, defence, claim(Kind::NoWinWithin, 2, 3, {})},
      {open.get(), open_move, none, claim(Kind::NoWinWithin, 3, 0, {})},
      {swap_position.get(), swap, swap_defence, claim(Kind::NoWinWithin, 2, 3, {})},
      {open.get(), open_move, defence, claim(Kind::Draw, 0, 0, {})},
      {open.get(), open_move, none, claim(Kind::Draw, 0, 0, {})},
      {open.get(), open_move, defence, claim(Kind::Loses, 0, 0, {defence[0], defence[1], defence[0]})},
      {open.get(), open_move, none, claim(Kind::Loses, 0, 0, {})},
      {open.get(), open_move, none, claim(Kind::Loses, 0, 0, {defence[0], defence[1]})},
  };
  std::set<std::string> kinds;
  for (const Case& c : cases) {
    const auto sentence = refutation_sentence(c.position == swap_position.get() ? *small : *game, *c.position, c.move, c.defence, c.claim);
    ASSERT_TRUE(sentence) << puzzles::claim_kind_name(c.claim.kind);
    const RefutationClaim read = puzzles::claim_of_sentence(c.position->move_text(c.move), *sentence);
    EXPECT_TRUE(read == c.claim) << *sentence << ": read as " << puzzles::claim_kind_name(read.kind) << " " << read.within
                                 << " " << read.slower_win << " " << move_list(read.line);
    kinds.insert(puzzles::claim_kind_name(c.claim.kind));
    Kind named = Kind::None;
    EXPECT_TRUE(puzzles::claim_kind_from_name(puzzles::claim_kind_name(c.claim.kind), named) && named == c.claim.kind);
  }
  // Every kind a generator writes (all but Kind::None) is among the cases.
  EXPECT_EQ(kinds.size(), 6u);
  // A claim that cannot be said of the move has no sentence.
  EXPECT_FALSE(refutation_sentence(*game, *open, open_move, defence, claim(Kind::EndsGame, 0, 0, {})));
  EXPECT_FALSE(refutation_sentence(*game, *open, open_move, none, claim(Kind::AnswerWins, 0, 0, {})));
  EXPECT_FALSE(refutation_sentence(*game, *open, open_move, none, claim(Kind::None, 0, 0, {})));
}

// The claims the generator stores are those its sentences make, as a store of schema version 2 reads
// them back from the sentences alone.
TEST(Generator, StoredClaimsAreTheirSentences) {
  for (const int k : {1, 2}) {
    GeneratorOptions options = brique_options(5, k);
    options.seed = 7;
    for (const Puzzle& p : make_puzzles(options, 10, 3000)) {
      for (const auto& r : p.refutations) {
        EXPECT_TRUE(puzzles::claim_of_sentence(r.move, r.why) == r.claim) << r.why;
        EXPECT_NE(r.claim.kind, puzzles::RefutationClaim::Kind::None);
      }
      EXPECT_TRUE(check_without_search(p).empty()) << p.position;
    }
  }
}

TEST(Generator, BriqueWinsPuzzlesHaveOneSolutionByMinimax) {
  GeneratorOptions options;
  options.game = "brique";
  options.size = 4;
  options.kind = PuzzleKind::Wins;
  options.seed = 3;
  const auto puzzles = make_puzzles(options, testing::scaled(4), 3000);
  ASSERT_FALSE(puzzles.empty());
  const auto game = make_game(find_game("brique"), 4);
  for (const Puzzle& p : puzzles) {
    const auto position = game->parse_position(p.position, reference_of(*game));
    const int mover = position->side_to_move();
    EXPECT_FALSE(wins_within(*position, mover, 1)) << "also a win in one: " << p.position;
    std::vector<Move> moves;
    position->legal_moves(moves);
    std::map<std::string, bool> memo;
    std::vector<std::string> winners;
    for (const Move m : moves) {
      auto child = position->clone();
      child->apply(m);
      if (wins_game(*child, mover, memo)) winners.push_back(position->move_text(m));
    }
    EXPECT_EQ(winners, std::vector<std::string>{p.key_move}) << p.position;
    expect_certificate_verifies(*game, p);
  }
}

// A tester's Quentin 7x7 `wins` puzzle: its main line stopped two plies before the win, where the
// certificate answers every reply with one move, and the book printed that as the solution.
TEST(Generator, AWinsPuzzlesMainLineEndsInTheWin) {
  GeneratorOptions options;
  options.game = "quentin";
  options.size = 7;
  options.kind = PuzzleKind::Wins;
  const auto game = make_game(find_game("quentin"), 7);
  const auto position = game->parse_position("quentin 7 ..B.BBB/BWB.WWW/..B..BB/.WB...W/....BWW/.WW..WW/B...BWW white 23");
  bool interrupted = false;
  const auto p = examine(*game, *position, options, interrupted);
  ASSERT_TRUE(p.has_value());
  auto end = position->clone();
  for (const std::string& move : p->main_line) end->apply(end->parse_move(move));
  EXPECT_TRUE(end->is_terminal()) << p->main_line.size() << " moves";
  EXPECT_EQ(end->outcome(), Outcome::win(position->side_to_move()));
  EXPECT_TRUE(recheck(*p).empty());
}

// Generates `count` puzzles of the options into a new store with 1 thread and with 3: the same ids
// and positions. A second run asked for the same count finds them all stored and adds nothing.
void expect_same_puzzles_whatever_the_threads(GeneratorOptions options, int count) {
  const auto dir = std::filesystem::temp_directory_path() / ("arbiter_generator_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::vector<std::vector<std::string>> runs;
  for (const int threads : {1, 3}) {
    options.threads = threads;
    auto store = puzzles::PuzzleStore::open((dir / ("t" + std::to_string(threads) + ".db")).string(), true);
    GeneratorProgress progress;
    const auto report = generate(store, options, count, progress);
    EXPECT_EQ(report.stored_after, count);
    std::vector<std::string> positions;
    for (const Puzzle& p : store.select(puzzles::PuzzleQuery{})) positions.push_back(std::to_string(p.id) + " " + p.position);
    runs.push_back(positions);
    const auto again = generate(store, options, count, progress);
    EXPECT_EQ(again.stored_before, count);
    EXPECT_EQ(again.stored_after, count);
    EXPECT_EQ(store.total(), count);
  }
  EXPECT_EQ(runs[0], runs[1]);
  std::filesystem::remove_all(dir);
}

TEST(Generator, SameSeedSamePuzzlesWhateverTheThreads) {
  GeneratorOptions options;
  options.game = "brique";
  options.size = 5;
  options.within = 2;
  options.seed = 11;
  expect_same_puzzles_whatever_the_threads(options, 5);
}

// --to-move: every puzzle has the side asked for to move. A within-K position is cut from near the
// end of a won game, where the winner has the short win, and White wins 97.5% of random Brochs 7x7
// games: of seed 1's first 2,000 within-1 candidates 25 puzzles had Black to move, 96 White. With a
// side asked for, the sources cut games that side won: 3 Black puzzles come within 40 candidates
// (a filter alone, keeping the candidates of before, would find one in about 80).
TEST(Generator, ToMoveGivesPuzzlesOfThatSideAlone) {
  GeneratorOptions options;
  options.game = "brochs";
  options.size = 7;
  options.within = 1;
  const auto game = make_game(find_game("brochs"), 7);
  for (const auto& [side, candidates] : {std::pair{std::string("black"), 40}, std::pair{std::string("white"), 200}}) {
    options.to_move = side;
    const auto puzzles = make_puzzles(options, 3, candidates);
    EXPECT_EQ(puzzles.size(), 3u) << side;
    for (const Puzzle& p : puzzles) {
      EXPECT_EQ(side_word(find_game("brochs"), game->parse_position(p.position)->side_to_move()), side) << p.position;
    }
  }
  // A candidate with the other side to move (a free curse lets a side move twice) is refused first.
  const auto black_to_move = game->parse_position("brochs 7 ...+.../.b.+.#./...+.B./+++++++/...+.../.b.+.s./W..+... black 236 0 0");
  bool interrupted = false;
  Rejection why = Rejection::None;
  options.to_move = "white";
  EXPECT_FALSE(examine(*game, *black_to_move, options, interrupted, &why));
  EXPECT_EQ(why, Rejection::OtherSide);
  options.to_move = "red";
  EXPECT_THROW(examine(*game, *black_to_move, options, interrupted, &why), InputError);
}

// The candidates of a side are drawn from (seed, number) alone too.
TEST(Generator, ToMoveSamePuzzlesWhateverTheThreads) {
  GeneratorOptions options;
  options.game = "brochs";
  options.size = 7;
  options.within = 1;
  options.to_move = "black";
  expect_same_puzzles_whatever_the_threads(options, 3);
}

// `puzzles generate --theme` refuses a theme the game does not declare, so every theme a move
// is given must be declared, one declared to win at once (Theme::wins_at_once, refused for a
// kind without a win in one) must win, and one declared never to win within one move
// (Theme::never_wins_in_one, refused for within-1) must not: checked on every move of random
// games at each tested size. Each theme has a meaning for the book's reader (Theme::meaning).
class ThemesOfEveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(ThemesOfEveryGame, EveryThemeAMoveGetsIsDeclared) {
  const GameDescriptor& descriptor = find_game(GetParam());
  std::set<std::string> seen_anywhere;
  bool any_declared = false, declares_wins_at_once = false;
  int wins_at_once_seen = 0;
  for (const int size : testing::interesting_sizes(descriptor)) {
    const auto game = make_game(descriptor, size);
    // A game may declare none (game.hpp's default): then no move may have one.
    std::vector<std::string> declared;
    std::set<std::string> wins_at_once, never_in_one;
    for (const Theme& theme : game->themes()) {
      declared.push_back(theme.name);
      // The book says it in brackets after the name, "Theme: fill-win (...).": words, no full stop.
      EXPECT_FALSE(theme.meaning.empty()) << GetParam() << ": theme " << theme.name << " has no meaning";
      EXPECT_FALSE(theme.meaning.ends_with('.')) << GetParam() << ": theme " << theme.name << "'s meaning ends with a full stop";
      if (theme.wins_at_once) wins_at_once.insert(theme.name);
      if (theme.never_wins_in_one) never_in_one.insert(theme.name);
    }
    any_declared = any_declared || !declared.empty();
    declares_wins_at_once = declares_wins_at_once || !wins_at_once.empty();
    std::set<std::string> seen;
    testing::play_random_games(testing::scaled(20), 20261125, [&] { return game->initial_state(); },
                               [&](State& state, Move m) {
                                 const std::string theme = state.move_theme(m);
                                 if (!theme.empty()) seen.insert(theme);
                                 const int mover = state.side_to_move();
                                 // `puzzles generate` refuses such a theme for within-1.
                                 if (never_in_one.count(theme) > 0) {
                                   auto child = state.clone();
                                   child->apply(m);
                                   EXPECT_FALSE(wins_within(*child, mover, 0))
                                       << GetParam() << " size " << size << ": a " << theme << " move that wins within 1 move";
                                 }
                                 state.apply(m);
                                 // `puzzles generate` refuses such a theme for a kind that excludes a win in one.
                                 if (wins_at_once.count(theme) > 0) {
                                   ++wins_at_once_seen;
                                   EXPECT_TRUE(state.outcome().kind == Outcome::Kind::Win && state.outcome().winner == mover)
                                       << GetParam() << " size " << size << ": a " << theme << " move that does not win at once";
                                 }
                               });
    for (const std::string& theme : seen) {
      EXPECT_NE(std::find(declared.begin(), declared.end(), theme), declared.end())
          << GetParam() << " size " << size << " names an undeclared theme " << theme;
    }
    seen_anywhere.insert(seen.begin(), seen.end());
  }
  // Random games use the signature mechanics of a game that declares some, so the check above is
  // not vacuous for it.
  if (any_declared) {
    EXPECT_FALSE(seen_anywhere.empty()) << GetParam() << ": no move of the random games has a theme";
  }
  // Nor is the check that a theme declared to win at once did win.
  EXPECT_TRUE(!declares_wins_at_once || wins_at_once_seen > 0) << GetParam() << ": no move of the random games wins by such a theme";
  // A theme declared never to win in one need not occur in random games under the default rulings
  // (Quentin's forced-pass: in none of 200 random games at sizes 2, 3, 4 and 7); the game's own
  // tests check it where it occurs (QuentinThemes.AForcedPassNeverWinsInOne).
}

INSTANTIATE_TEST_SUITE_P(Registered, ThemesOfEveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

// A puzzle is solved, certified and stored from the position as its diagram shows it: every
// game's State::as_shown keeps what a reader sees (side, ply, outcome, the notes under a puzzle's
// diagram, the legal moves), reads back as it is, and is its own shown position.
class ShownPositionOfEveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(ShownPositionOfEveryGame, KeepsWhatTheDiagramShowsAndReadsBack) {
  const GameDescriptor& descriptor = find_game(GetParam());
  for (const int size : testing::interesting_sizes(descriptor)) {
    const auto game = make_game(descriptor, size);
    std::vector<Move> moves, shown_moves;
    int checked = 0;
    testing::play_random_games(testing::scaled(4), 20261129, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      if (state.ply() % 5 == 0) {
        ++checked;
        const auto shown = state.as_shown();
        EXPECT_EQ(shown->side_to_move(), state.side_to_move());
        EXPECT_EQ(shown->ply(), state.ply());
        EXPECT_EQ(shown->outcome(), state.outcome());
        EXPECT_EQ(shown->puzzle_notes(), state.puzzle_notes());
        state.legal_moves(moves);
        shown->legal_moves(shown_moves);
        EXPECT_EQ(shown_moves, moves) << state.line();
        const std::string line = shown->line();
        EXPECT_EQ(game->parse_position(line)->line(), line);
        EXPECT_EQ(shown->as_shown()->line(), line);
      }
      state.apply(m);
    });
    EXPECT_GT(checked, 0) << GetParam() << " size " << size;
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, ShownPositionOfEveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

// Hexabrae's one-line form carries the history since the last placement, which its repetition
// rule (H-5a, third) counts and no diagram shows; Brochs' the moves since the last capture
// ('since:', R-12). A puzzle is stored without it, and a stored position with one is refused by
// the re-check without search. Until 29 November 2026 both were stored with their history (the
// first position below is puzzle 3 of a tester's Hexabrae store, the second the Brochs example
// of docs/puzzles.md).
TEST(Generator, APuzzleIsStoredWithoutTheHistoryItsDiagramDoesNotShow) {
  struct Case {
    std::string game;
    int size;
    std::vector<std::string> rulings;
    std::string position;
    std::string history;  // the token the stored position must not carry
    int within;
  };
  const std::vector<Case> cases = {
      {"hexabrae", 4, {},
       "hexabrae 4 Wa1/0 Ba3/0 Ba5/0 Wb2/0 Wc1/0 Wc3/0 Wc4/0 Wc5/0 Bd8/2 We2/1 Be3/0 We6/1 Be9/2 Bf2/1 Bf8/0 Bg1/2 Bg4/2 "
       "Wh1/0 Wh3/2 Bi5/1 black 45 history:b6/0>e6/1,f4/0>f2/1,g2/1>h1/0",
       "history:", 1},
      {"brochs", 7, {"curse-cost=free"},
       "brochs 7 BBBW.WB/Wb.+.bW/.B.SW../+++W+WW/...+.../.b.W.wW/BWWW.WW black 75 3 0 since:curse,b5-b3,d5-f5,c2-f2,f5-f6 "
       "curse-cost=free",
       "since:", 2},
  };
  for (const Case& c : cases) {
    const auto game = make_game(find_game(c.game), c.size, c.rulings);
    const auto candidate = game->parse_position(c.position);
    ASSERT_NE(candidate->line().find(c.history), std::string::npos) << c.position;
    GeneratorOptions options;
    options.game = c.game;
    options.size = c.size;
    options.rulings = c.rulings;
    options.within = c.within;
    bool interrupted = false;
    const auto p = examine(*game, *candidate, options, interrupted);
    ASSERT_TRUE(p.has_value()) << c.position;
    EXPECT_EQ(p->position.find(c.history), std::string::npos) << p->position;
    EXPECT_EQ(p->position, candidate->as_shown()->line());
    EXPECT_TRUE(check_without_search(*p).empty()) << p->position;
    // The same puzzle with the history put back into its position (and its certificate's) is refused.
    Puzzle tampered = *p;
    tampered.position = c.position;
    std::string certificate = tampered.certificate;
    const std::string shown = "position " + p->position + "\n";
    ASSERT_NE(certificate.find(shown), std::string::npos);
    certificate.replace(certificate.find(shown), shown.size(), "position " + c.position + "\n");
    tampered.certificate = certificate;
    tampered.certificate_sha256 = sha256_hex(certificate);
    const std::vector<RecheckProblem> problems = check_without_search(tampered);
    ASSERT_FALSE(problems.empty()) << c.position;
    EXPECT_NE(problems.front().text().find("carries a history of earlier positions that its diagram does not show"), std::string::npos)
        << problems.front().text();
    EXPECT_FALSE(problems.front().refutation.has_value());  // about the puzzle, no wrong move
  }
}

TEST(Generator, Sha256KnownAnswers) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace arbiter::generators

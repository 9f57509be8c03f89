// The fast engine against the reference transcription: random games in lock step, the same
// position, legal-move set and result after every move; plus the derived facts the fast engine
// relies on (only the mover can win, the fill invariant, no draws, the length bound).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

#include "model/brique/notation.hpp"
#include "model/brique/reference.hpp"
#include "model/brique/tests/fixtures.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

// The sanitizer build is ~20-50x slower; every check still runs.
constexpr int kDifferentialScale = arbiter::testing::when_sanitized(20, 1);

std::vector<Move> sorted_moves(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  std::sort(moves.begin(), moves.end());
  return moves;
}

// Plays one uniformly random game with both implementations in lock step. Returns the plies.
int play_lock_step(const Game& g, Rng& rng) {
  auto fast = g.initial_state("fast");
  auto reference = g.initial_state("reference");
  for (;;) {
    const std::string line = reference->line();
    EXPECT_EQ(fast->line(), line);
    const Outcome outcome = reference->outcome();
    EXPECT_EQ(fast->outcome(), outcome) << line;
    EXPECT_EQ(fast->side_to_move(), reference->side_to_move()) << line;
    const std::vector<Move> moves = sorted_moves(*reference);
    EXPECT_EQ(sorted_moves(*fast), moves) << line;
    EXPECT_EQ(moves.empty(), outcome.over()) << line;
    if (moves.empty() || ::testing::Test::HasFailure()) return reference->ply();
    const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    fast->apply(move);
    reference->apply(move);
  }
}

// Games per size in a test run. The full cross-check of issue #2, 10,000 games for every size
// 2-15, is a sweep, run with BRIQUE_DIFFERENTIAL_GAMES=10000 and recorded in docs/cross-checks.md;
// a test run plays a prefix of those games (same seeds): 5,000 up to 9x9 and 1,000 above, 12 s in
// Release on two cores (the test command must stay under 20 minutes there).
int games_for(int size) {
  const int games = std::max(1, (size <= 9 ? 5000 : 1000) / kDifferentialScale);
  return static_cast<int>(arbiter::testing::count_from_environment("BRIQUE_DIFFERENTIAL_GAMES", games));
}

TEST(BriqueDifferential, FastEngineMatchesReferenceOnSizes2To15) {
  for (int size = 2; size <= 15; ++size) {
    const auto start = std::chrono::steady_clock::now();
    const auto g = brique_test::game(size);
    Rng rng(static_cast<std::uint64_t>(size) * 7919);
    const int games = games_for(size);
    int longest = 0;
    for (int i = 0; i < games && !HasFailure(); ++i) longest = std::max(longest, play_lock_step(*g, rng));
    EXPECT_LE(longest, g->max_plies()) << "size " << size;
    if (HasFailure()) FAIL() << "size " << size;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("size %2d: %6d games, longest %d plies, %.1f s\n", size, games, longest, seconds);
    std::fflush(stdout);
  }
}

TEST(BriqueDifferential, EveryNonDefaultRulingAndSomeCombinations) {
  const std::vector<std::vector<std::string>> configurations = {
      {"light-squares=odd"},
      {"escort-directions=facing"},
      {"fill=repeat"},
      {"fill=keep-enemy"},
      {"pie=mirror"},
      {"pie=off"},
      {"pass=allowed"},
      {"light-squares=odd", "escort-directions=facing", "fill=keep-enemy", "pie=mirror", "pass=allowed"},
      {"escort-directions=facing", "fill=repeat", "pie=off"},
  };
  const int games = 400 / kDifferentialScale;
  for (const auto& rulings : configurations) {
    for (int size = 2; size <= 9; ++size) {
      const auto g = brique_test::game(size, rulings);
      Rng rng(static_cast<std::uint64_t>(size) * 104729 + rulings.size());
      for (int i = 0; i < games && !HasFailure(); ++i) EXPECT_LE(play_lock_step(*g, rng), g->max_plies());
      if (HasFailure()) FAIL() << rulings.front() << " size " << size;
    }
  }
}

// Random reference games on the plain Position, checking after every turn: only the mover may
// have a chain (so only the mover can win), no square is left fillable for the mover -- nor for
// the other colour when both read the escorts alike -- and, unless a ruling allows draws, nobody
// is ever left with a full board and no winner.
void check_derived_facts(const std::vector<std::string>& rulings, bool draws_possible) {
  const int games = 1000 / kDifferentialScale;
  for (int size = 2; size <= 11; ++size) {
    const auto g = brique_test::game(size, rulings);
    const brique::Rules rules = brique::Rules::from(g->config());
    Rng rng(static_cast<std::uint64_t>(size) * 31337);
    std::vector<Move> moves;
    for (int i = 0; i < games; ++i) {
      brique::Position p = brique::Position::initial(rules);
      for (;;) {
        brique::reference_legal_moves(p, moves);
        if (moves.empty()) break;
        const int mover = p.side;
        const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        brique::reference_apply(p, move);
        const int other = mover == brique::kBlack ? brique::kWhite : brique::kBlack;
        if (move != brique::kSwapMove) {
          ASSERT_FALSE(brique::connects(p, other)) << brique::line(p);
        }
        if (move != brique::kPassMove) {
          ASSERT_TRUE(brique::fillable_squares(p, mover).empty()) << brique::line(p);
        }
        if (!rules.white_faces_black) {
          ASSERT_TRUE(brique::fillable_squares(p, other).empty()) << brique::line(p);
        }
        const Outcome outcome = brique::evaluate_outcome(p);
        if (outcome.kind == Outcome::Kind::Win && move != brique::kSwapMove) {
          ASSERT_EQ(outcome.winner, mover);
        }
        if (!draws_possible) {
          ASSERT_NE(outcome.kind, Outcome::Kind::Draw) << brique::line(p);
        }
      }
      ASSERT_LE(p.ply, g->max_plies());
    }
  }
}

TEST(BriqueDerivedFacts, OnlyTheMoverWinsFillInvariantHoldsNoDraws) { check_derived_facts({}, false); }
TEST(BriqueDerivedFacts, SameUnderOddShading) { check_derived_facts({"light-squares=odd"}, false); }
TEST(BriqueDerivedFacts, FacingDirectionsLeaveSquaresPendingForTheOtherColour) {
  // Draws become possible: the colours' connections no longer mesh like Hex's.
  check_derived_facts({"escort-directions=facing"}, true);
}
TEST(BriqueDerivedFacts, KeepEnemyAndPassingAllowDraws) {
  // Still only the mover can win; the fill invariant (no fillable square) holds as well.
  check_derived_facts({"fill=keep-enemy", "pass=allowed"}, true);
}

// The exact probability that Black wins a uniformly random game, by full enumeration of the
// game tree (reference rules), positions memoised by their line.
double black_win_probability(const brique::Position& p, std::map<std::string, double>& known) {
  const std::string key = brique::line(p);
  if (const auto it = known.find(key); it != known.end()) return it->second;
  std::vector<Move> moves;
  brique::reference_legal_moves(p, moves);
  double probability = brique::evaluate_outcome(p) == Outcome::win(brique::kBlack) ? 1.0 : 0.0;
  if (!moves.empty()) {
    double sum = 0;
    for (Move move : moves) {
      brique::Position next = p;
      brique::reference_apply(next, move);
      sum += black_win_probability(next, known);
    }
    probability = sum / static_cast<double>(moves.size());
  }
  known.emplace(key, probability);
  return probability;
}

TEST(BriqueDifferential, FastRandomPlayoutIsUniformOverLegalMoves) {
  for (const std::vector<std::string>& rulings : {std::vector<std::string>{}, {"pie=off"}, {"fill=keep-enemy", "pie=mirror"}}) {
    const auto g = brique_test::game(3, rulings);
    std::map<std::string, double> known;
    const double exact = black_win_probability(brique::Position::initial(brique::Rules::from(g->config())), known);
    const auto root = g->initial_state("fast");
    Rng rng(99);
    const int playouts = 40000 / kDifferentialScale;
    int black = 0;
    for (int i = 0; i < playouts; ++i) {
      auto state = root->clone();
      const Outcome outcome = state->random_playout(rng);
      EXPECT_EQ(outcome, state->outcome());
      EXPECT_EQ(outcome, g->parse_position(state->line(), "reference")->outcome());
      black += outcome == Outcome::win(0) ? 1 : 0;
    }
    const double observed = static_cast<double>(black) / playouts;
    // Five standard errors of a proportion near 1/2.
    EXPECT_NEAR(observed, exact, 5 * 0.5 / std::sqrt(static_cast<double>(playouts))) << rulings.size();
  }
}

TEST(BriqueDifferential, FastRandomPlayoutsEndWithinTheBoundOnEverySize) {
  for (int size = 2; size <= 26; ++size) {
    const auto g = brique_test::game(size);
    Rng rng(static_cast<std::uint64_t>(size));
    for (int i = 0; i < 200 / kDifferentialScale; ++i) {
      auto state = g->initial_state("fast");
      const Outcome outcome = state->random_playout(rng);
      ASSERT_TRUE(outcome.over());
      ASSERT_LE(state->ply(), g->max_plies());
      ASSERT_EQ(outcome, g->parse_position(state->line(), "reference")->outcome()) << state->line();
    }
  }
}

}  // namespace
}  // namespace arbiter

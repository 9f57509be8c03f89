// The bit-set engine (boards up to 8x8) against the flat engine it replaces there: random games
// on every size 2-8 under every combination of rulings, played through both in lockstep and
// compared after every move in everything the solver, the generators and the printers read.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "model/brique/states.hpp"
#include "model/brique/tests/fixtures.hpp"
#include "tests/game_param.hpp"

namespace arbiter::brique {
namespace {

constexpr int kBitEngineScale = arbiter::testing::when_sanitized(20, 1);

// The two engines agree on the position, result, keys, legal moves and estimates.
::testing::AssertionResult same_state(const State& bit, const State& flat) {
  if (bit.line() != flat.line()) return ::testing::AssertionFailure() << "positions differ\nbit:  " << bit.line() << "\nflat: " << flat.line();
  if (bit.diagram() != flat.diagram()) return ::testing::AssertionFailure() << "diagrams differ at " << flat.line();
  if (!(bit.outcome() == flat.outcome())) return ::testing::AssertionFailure() << "outcomes differ at " << flat.line();
  if (bit.side_to_move() != flat.side_to_move() || bit.ply() != flat.ply()) {
    return ::testing::AssertionFailure() << "side or ply differ at " << flat.line();
  }
  if (bit.key() != flat.key()) return ::testing::AssertionFailure() << "keys differ at " << flat.line();
  if (bit.canonical_key() != flat.canonical_key()) return ::testing::AssertionFailure() << "canonical keys differ at " << flat.line();
  std::vector<Move> bit_moves, flat_moves;
  bit.legal_moves(bit_moves);
  flat.legal_moves(flat_moves);
  if (bit_moves != flat_moves) return ::testing::AssertionFailure() << "legal moves differ at " << flat.line();
  for (int side : {kBlack, kWhite}) {
    if (bit.distance_to_win(side) != flat.distance_to_win(side)) {
      return ::testing::AssertionFailure() << "distances of side " << side << " differ at " << flat.line() << ": "
                                           << bit.distance_to_win(side) << " vs " << flat.distance_to_win(side);
    }
  }
  return ::testing::AssertionSuccess();
}

// Plays both states in lockstep with random moves to the end, comparing after every move; also
// tries a random move code (legal or not) on copies and plays a random playout from a copy of
// each with one seed. Returns the number of moves compared; adds the mechanic counts to `totals`.
long play_lockstep(State& bit, State& flat, int cells, Rng& rng, const std::string& where, std::array<std::uint64_t, 4>& totals) {
  long compared = 0;
  std::vector<Move> moves;
  for (;;) {
    EXPECT_TRUE(same_state(bit, flat)) << where;
    if (::testing::Test::HasFailure()) return compared;
    // A random square (or the code just past the board), swap or pass: both accept it, or both
    // refuse it and stay unchanged.
    const std::uint32_t pick = rng.below(static_cast<std::uint32_t>(cells + 3));
    const Move probe = pick < static_cast<std::uint32_t>(cells + 1) ? static_cast<Move>(pick) : pick == static_cast<std::uint32_t>(cells + 1) ? kSwapMove : kPassMove;
    auto bit_probe = bit.clone();
    auto flat_probe = flat.clone();
    EXPECT_EQ(bit_probe->apply_if_legal(probe), flat_probe->apply_if_legal(probe)) << where << " probe " << probe << " at " << flat.line();
    EXPECT_TRUE(same_state(*bit_probe, *flat_probe)) << where << " after probe " << probe;
    // Random playouts draw the same games from one seed (the puzzle generators rely on it).
    if (rng.below(8) == 0) {
      const std::uint64_t seed = rng.next();
      Rng bit_rng(seed), flat_rng(seed);
      bit_probe->copy_from(bit);
      flat_probe->copy_from(flat);
      EXPECT_EQ(bit_probe->random_playout(bit_rng), flat_probe->random_playout(flat_rng)) << where << " playout from " << flat.line();
      EXPECT_TRUE(same_state(*bit_probe, *flat_probe)) << where << " after a playout from " << flat.line();
    }
    flat.legal_moves(moves);
    if (moves.empty()) return compared;
    const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    std::array<std::uint64_t, 4> bit_counts{}, flat_counts{};
    bit.apply_counting(move, bit_counts);
    flat.apply_counting(move, flat_counts);
    EXPECT_EQ(bit_counts, flat_counts) << where << " mechanics of " << flat.move_text(move);
    for (std::size_t i = 0; i < 4; ++i) totals[i] += bit_counts[i];
    ++compared;
  }
}

TEST(BriqueBitEngine, PlaysLikeTheFlatEngineOnSizes2To8UnderEveryRulingCombination) {
  const auto combinations = testing::every_ruling_combination(brique_test::brique());
  ASSERT_EQ(combinations.size(), 72u);
  const int games = std::max(1, 20 / kBitEngineScale);
  long compared = 0;
  std::array<std::uint64_t, 4> totals{};
  Rng rng(20261125);
  for (const auto& rulings : combinations) {
    for (int size = 2; size <= kMaxBitBoard; ++size) {
      const auto game = brique_test::game(size, rulings);
      const Rules rules = Rules::from(game->config());
      for (int g = 0; g < games; ++g) {
        auto bit = make_bit_state(Position::initial(rules));
        auto flat = make_flat_state(Position::initial(rules));
        compared += play_lockstep(*bit, *flat, size * size, rng, testing::describe_combination(rulings, size) + ", game " + std::to_string(g), totals);
        ASSERT_FALSE(HasFailure());
        // A state made by copy_from agrees as well.
        auto copy = make_bit_state(Position::initial(rules));
        copy->copy_from(*bit);
        ASSERT_TRUE(same_state(*copy, *flat)) << testing::describe_combination(rulings, size) << " copy";
      }
    }
  }
  // The games must have exercised what could differ: fills, removals, swaps, passes (the floors
  // are for 20 games per combination, and shrink with the sanitized build's fewer games).
  const auto floor = [&](std::uint64_t for_20_games) { return for_20_games * static_cast<std::uint64_t>(games) / 20; };
  EXPECT_GT(static_cast<std::uint64_t>(compared), floor(20000));
  EXPECT_GT(totals[kFills], floor(1000));
  EXPECT_GT(totals[kRemovals], floor(100));
  EXPECT_GT(totals[kSwaps], floor(50));
  EXPECT_GT(totals[kPasses], floor(100));
}

// Random positions not reached by play (any stones, a chain perhaps made already) start and continue
// the same in both engines; so do positions read back from their printed form. The positions hold
// no square the fill rule should have given already: the flat engine finds a win made by such a
// late fill away from the placed stone only while no stone of the winner was ever removed (its
// stale-forest check searches from the placed stone), and play never reaches one.
Position random_settled_position(const Rules& rules, Rng& rng) {
  for (;;) {
    Position p = Position::initial(rules);
    const std::uint32_t density = 1 + rng.below(5);
    for (auto& cell : p.cells) {
      const std::uint32_t r = rng.below(20);
      cell = r < density ? kBlackStone : r < 2 * density ? kWhiteStone : kEmpty;
    }
    if (fillable_squares(p, kBlack).empty() && fillable_squares(p, kWhite).empty()) return p;
  }
}

TEST(BriqueBitEngine, ReadsArbitraryPositionsLikeTheFlatEngine) {
  const auto combinations = testing::every_ruling_combination(brique_test::brique());
  Rng rng(77);
  long compared = 0;
  std::array<std::uint64_t, 4> totals{};
  for (const auto& rulings : combinations) {
    for (int size = 2; size <= kMaxBitBoard; ++size) {
      const auto game = brique_test::game(size, rulings);
      const Rules rules = Rules::from(game->config());
      for (int g = 0; g < std::max(1, 3 / kBitEngineScale); ++g) {
        Position p = random_settled_position(rules, rng);
        p.ply = 2 + static_cast<int>(rng.below(5));
        p.side = p.ply % 2;
        auto bit = make_bit_state(p);
        auto flat = make_flat_state(p);
        compared += play_lockstep(*bit, *flat, size * size, rng, testing::describe_combination(rulings, size) + " from " + flat->line(), totals);
        ASSERT_FALSE(HasFailure());
      }
      // A game's positions read back through the descriptor (which picks the engine by size).
      auto flat = make_flat_state(Position::initial(rules));
      std::vector<Move> moves;
      while (!flat->is_terminal()) {
        auto read = game->parse_position(flat->line());
        ASSERT_TRUE(same_state(*read, *flat)) << testing::describe_combination(rulings, size) << " read back " << flat->line();
        flat->legal_moves(moves);
        flat->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
  EXPECT_GT(compared, 2000);
  EXPECT_GT(totals[kFills], 100u);
}

TEST(BriqueBitEngine, IsTheFastEngineUpTo8x8) {
  for (int size : {2, 5, 8, 9, 15}) {
    const auto game = brique_test::game(size);
    const Rules rules = Rules::from(game->config());
    auto chosen = game->initial_state();
    auto flat = make_flat_state(Position::initial(rules));
    auto bit = size <= kMaxBitBoard ? make_bit_state(Position::initial(rules)) : nullptr;
    // The states of both engines agree in everything they answer, so only their types tell them apart.
    const State& expected = size <= kMaxBitBoard ? *bit : *flat;
    const State& got = *chosen;
    EXPECT_EQ(typeid(got), typeid(expected)) << "size " << size;
  }
  const auto game = brique_test::game(9);
  EXPECT_THROW(make_bit_state(Position::initial(Rules::from(game->config()))), std::logic_error);
}

}  // namespace
}  // namespace arbiter::brique

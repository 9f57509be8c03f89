// The bit-set engine (boards up to 8x8) against the flat engine it replaces there: random games
// on every size 2-8 under every combination of rulings, played through both in lockstep and
// compared after every move in everything the solver and the generators read.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "model/quentin/engine.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/tests/fixtures.hpp"

namespace arbiter::quentin {
namespace {

// The two engines agree on the position, result, keys, legal moves, estimates and symmetric
// images of `bit` and `flat`.
::testing::AssertionResult same_state(const State& bit, const State& flat) {
  if (bit.line() != flat.line()) return ::testing::AssertionFailure() << "positions differ\nbit:\n" << bit.diagram() << "flat:\n" << flat.diagram();
  if (!(bit.outcome() == flat.outcome())) return ::testing::AssertionFailure() << "outcomes differ at\n" << flat.diagram();
  if (bit.side_to_move() != flat.side_to_move() || bit.ply() != flat.ply()) {
    return ::testing::AssertionFailure() << "side or ply differ at\n" << flat.diagram();
  }
  if (bit.key() != flat.key()) return ::testing::AssertionFailure() << "keys differ at\n" << flat.diagram();
  if (bit.canonical_key() != flat.canonical_key()) return ::testing::AssertionFailure() << "canonical keys differ at\n" << flat.diagram();
  std::vector<Move> bit_moves, flat_moves;
  bit.legal_moves(bit_moves);
  flat.legal_moves(flat_moves);
  if (bit_moves != flat_moves) {
    std::string b, f;
    for (Move m : bit_moves) b += " " + bit.move_text(m);
    for (Move m : flat_moves) f += " " + flat.move_text(m);
    return ::testing::AssertionFailure() << "legal moves differ at\n" << flat.diagram() << "bit:" << b << "\nflat:" << f;
  }
  for (int side : {kBlackSide, kWhiteSide}) {
    if (bit.distance_to_win(side) != flat.distance_to_win(side)) {
      return ::testing::AssertionFailure() << "distances of side " << side << " differ at\n" << flat.diagram();
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(QuentinBitEngine, PlaysLikeTheFlatEngineOnSizes2To8UnderEveryRulingCombination) {
  // rules-version only names a diagonal-rule reading, which the combinations already cover.
  const auto combinations = testing::every_ruling_combination(quentin_game(), {ruling_name::kRulesVersion});
  ASSERT_EQ(combinations.size(), 288u);  // 2 * 2 * 2 * 2 * 3 * 3 * 2 values
  const int games = static_cast<int>(std::max(1L, 3L / kHeavyDivisor));
  long moves_compared = 0, fills = 0, illegal_tries = 0;
  Rng rng(20261125);
  std::vector<Move> moves;
  for (const auto& rulings : combinations) {
    for (int size = 2; size <= engine::kMaxBitSize; ++size) {
      auto game = make_game(quentin_game(), size, rulings);
      const Rules rules = Rules::from(game->config());
      for (int g = 0; g < games; ++g) {
        auto bit = engine::make_bit_state(*game, rules, Position::empty(size));
        auto flat = engine::make_flat_state(*game, rules, Position::empty(size));
        for (;;) {
          ASSERT_TRUE(same_state(*bit, *flat)) << testing::describe_combination(rulings, size) << ", game " << g;
          // A random point, legal or not: both accept it, or both refuse it and stay unchanged.
          const Move probe = static_cast<Move>(rng.below(static_cast<std::uint32_t>(size * size)));
          auto bit_probe = bit->clone();
          auto flat_probe = flat->clone();
          const bool bit_took = bit_probe->apply_if_legal(probe);
          ASSERT_EQ(bit_took, flat_probe->apply_if_legal(probe)) << testing::describe_combination(rulings, size) << " " << bit->move_text(probe) << " at\n" << flat->diagram();
          illegal_tries += !bit_took;
          ASSERT_TRUE(same_state(*bit_probe, *flat_probe)) << testing::describe_combination(rulings, size) << " after trying " << bit->move_text(probe);
          flat->legal_moves(moves);
          if (moves.empty()) break;
          const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
          std::array<std::uint64_t, 4> bit_counts{}, flat_counts{};
          bit->apply_counting(move, bit_counts);
          flat->apply_counting(move, flat_counts);
          ASSERT_EQ(bit_counts, flat_counts) << testing::describe_combination(rulings, size) << " mechanics of " << flat->move_text(move);
          fills += static_cast<long>(bit_counts[kFillingTurns]);
          ++moves_compared;
        }
        // The images under each symmetry, and a copy made by copy_from, agree as well.
        for (int s = 1; s <= static_cast<int>(engine::symmetries().size()); ++s) {
          ASSERT_TRUE(same_state(*bit->symmetric_image(s), *flat->symmetric_image(s))) << testing::describe_combination(rulings, size) << " symmetry " << s;
        }
        auto copy = engine::make_bit_state(*game, rules, Position::empty(size));
        copy->copy_from(*bit);
        ASSERT_TRUE(same_state(*copy, *flat)) << testing::describe_combination(rulings, size) << " copy";
      }
    }
  }
  // The games must have exercised what could differ: fills and refused placements.
  EXPECT_GT(moves_compared, 10000);
  EXPECT_GT(fills, 100);
  EXPECT_GT(illegal_tries, 100);
}

// Positions read from their printed form (not reached by play) start the same in both engines,
// and the move themes the puzzle generators record agree.
TEST(QuentinBitEngine, ReadsPositionsAndNamesThemesLikeTheFlatEngine) {
  Rng rng(7);
  std::vector<Move> moves;
  for (int size = 2; size <= engine::kMaxBitSize; ++size) {
    auto game = make_game(quentin_game(), size, {});
    const Rules rules = Rules::from(game->config());
    for (int g = 0; g < static_cast<int>(std::max(1L, 40L / kHeavyDivisor)); ++g) {
      auto flat = engine::make_flat_state(*game, rules, Position::empty(size));
      while (!flat->is_terminal()) {
        const Position read = read_position(*game, rules, flat->line());
        auto bit = engine::make_bit_state(*game, rules, read);
        ASSERT_TRUE(same_state(*bit, *flat)) << "read back " << flat->line();
        flat->legal_moves(moves);
        for (Move m : moves) ASSERT_EQ(bit->move_theme(m), flat->move_theme(m)) << flat->line() << " " << flat->move_text(m);
        flat->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
}

TEST(QuentinBitEngine, IsTheFastEngineUpTo8x8) {
  for (int size : {2, 5, 8, 9}) {
    auto game = make_game(quentin_game(), size, {});
    const Rules rules = Rules::from(game->config());
    auto chosen = engine::make_state(*game, rules, Position::empty(size));
    auto bit = size <= engine::kMaxBitSize ? engine::make_bit_state(*game, rules, Position::empty(size)) : nullptr;
    // The states of both engines agree in everything they answer, so only their types tell them apart.
    auto flat = engine::make_flat_state(*game, rules, Position::empty(size));
    const State& expected = size <= engine::kMaxBitSize ? *bit : *flat;
    const State& got = *chosen;
    EXPECT_EQ(typeid(got), typeid(expected)) << "size " << size;
  }
  auto game = make_game(quentin_game(), 9, {});
  EXPECT_THROW(engine::make_bit_state(*game, Rules::from(game->config()), Position::empty(9)), std::logic_error);
}

}  // namespace
}  // namespace arbiter::quentin

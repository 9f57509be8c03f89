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
#include "model/quentin/verification.hpp"

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
  // A pass is legal exactly when no placement is.
  if (bit.clone()->apply_if_legal(kPass) != flat.clone()->apply_if_legal(kPass)) {
    return ::testing::AssertionFailure() << "a pass is legal in one engine only at\n" << flat.diagram();
  }
  // The wins at once, which the bit engine screens before trying (and the solver asks of every
  // remembered move, legal or not).
  std::vector<Move> bit_wins, flat_wins;
  bit.winning_moves(bit_wins);
  flat.winning_moves(flat_wins);
  if (bit_wins != flat_wins) return ::testing::AssertionFailure() << "winning moves differ at\n" << flat.diagram();
  auto bit_scratch = bit.clone(), flat_scratch = flat.clone();
  for (Move m = 0; m < 66; ++m) {  // every point of the largest bit board, and two codes beyond
    if (bit.wins_at_once_with(m, *bit_scratch) != flat.wins_at_once_with(m, *flat_scratch)) {
      return ::testing::AssertionFailure() << "wins_at_once_with(" << flat.move_text(m) << ") differs at\n" << flat.diagram();
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
  // Under the sanitizers, which look for memory errors rather than for rare positions, each
  // combination plays on one size, the sizes taken in turn (7x fewer games: 5 s instead of 36 s).
  constexpr bool kOneSizePerCombination = testing::when_sanitized(true, false);
  for (std::size_t c = 0; c < combinations.size(); ++c) {
    const auto& rulings = combinations[c];
    for (int size = 2; size <= engine::kMaxBitSize; ++size) {
      if (kOneSizePerCombination && size != 2 + static_cast<int>(c % (engine::kMaxBitSize - 1))) continue;
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
  EXPECT_GT(moves_compared, testing::when_sanitized(3000, 10000));
  EXPECT_GT(fills, 100);
  EXPECT_GT(illegal_tries, 100);
}

// The bit engine keeps the trials of the moves it last listed on a thread, to play them without
// trying them again. A state under other rulings, or with other stones, must not take them: the
// moves of a position are listed under one combination of rulings and then played in the same
// position under another, against the flat engine (which keeps nothing).
TEST(QuentinBitEngine, PlaysAMoveListedUnderOtherRulingsAsItsOwnRulingsSay) {
  const auto combinations = testing::every_ruling_combination(quentin_game(), {ruling_name::kRulesVersion});
  Rng rng(20261126);
  std::vector<Move> listed, moves;
  long played_differently = 0;
  for (std::size_t c = 0; c < combinations.size(); ++c) {
    const int size = 4 + static_cast<int>(c % 3);
    auto game = make_game(quentin_game(), size, combinations[c]);
    auto other_game = make_game(quentin_game(), size, combinations[(c * 7 + 1) % combinations.size()]);
    const Rules rules = Rules::from(game->config()), other_rules = Rules::from(other_game->config());
    auto bit = engine::make_bit_state(*game, rules, Position::empty(size));
    auto flat = engine::make_flat_state(*game, rules, Position::empty(size));
    for (;;) {
      flat->legal_moves(moves);
      if (moves.empty()) break;
      const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const Position here = position_of(*flat);
      auto other_bit = engine::make_bit_state(*other_game, other_rules, here);
      if (!other_bit->is_terminal()) other_bit->legal_moves(listed);
      // How the same move plays under the other rulings (flat engine), to see that the case arises.
      auto other_flat = engine::make_flat_state(*other_game, other_rules, here);
      auto mine = flat->clone();
      mine->apply(move);
      if (!other_flat->apply_if_legal(move) || position_of(*other_flat).cells != position_of(*mine).cells) ++played_differently;
      bit->apply(move);
      flat->apply(move);
      ASSERT_TRUE(same_state(*bit, *flat)) << testing::describe_combination(combinations[c], size) << " after " << flat->move_text(move);
    }
  }
  EXPECT_GT(played_differently, 10);
}

// Arrangements of stones on 3x3 (all of them), 4x4 and 5x5 boards (random ones) that can stand at the
// end of a turn (not only those play reaches), with either side to move, under every ruling combination: the same status (a side that
// cannot place passes, and the game ends when neither can) and the same moves. The bit engine
// decides some of that without trying placements.
TEST(QuentinBitEngine, JudgesEveryArrangementLikeTheFlatEngine) {
  const auto combinations = testing::every_ruling_combination(quentin_game(), {ruling_name::kRulesVersion});
  Rng rng(3);
  long stuck = 0, judged = 0;
  for (std::size_t c = 0; c < combinations.size(); ++c) {
    const auto& rulings = combinations[c];
    for (int size = 3; size <= 5; ++size) {
      auto game = make_game(quentin_game(), size, rulings);
      const Rules rules = Rules::from(game->config());
      const int points = size * size;
      // All 3^9 boards under one combination in 18 (in 144 when sanitized).
      const bool every_board = size == 3 && c % (kHeavyDivisor > 1 ? 144 : 18) == 0;
      const long arrangements = every_board ? 19683 : 60 / kHeavyDivisor + 10;
      for (long a = 0; a < arrangements; ++a) {
        Position position = Position::empty(size);
        long code = a;
        for (int p = 0; p < points; ++p) {
          const long cell = every_board ? code % 3 : static_cast<long>(rng.below(3));
          code /= 3;
          position.cells[static_cast<std::size_t>(p)] = cell == 0 ? kEmpty : cell == 1 ? kBlackStone : kWhiteStone;
        }
        for (int ply : {2, 3}) {
          position.ply = ply;
          // Only positions that can stand at the end of a turn (no territory left unfilled, no
          // unsupported diagonal pair), as a position is read.
          Position valid;
          try {
            valid = read_position(*game, rules, engine::make_flat_state(*game, rules, position)->line());
          } catch (const InputError&) {
            continue;
          }
          ++judged;
          auto bit = engine::make_bit_state(*game, rules, valid);
          auto flat = engine::make_flat_state(*game, rules, valid);
          ASSERT_TRUE(same_state(*bit, *flat)) << testing::describe_combination(rulings, size);
          std::vector<Move> moves;
          flat->legal_moves(moves);
          stuck += flat->is_terminal() || (moves.size() == 1 && moves[0] == kPass);
        }
      }
    }
  }
  EXPECT_GT(judged, 10000);
  EXPECT_GT(stuck, 1000);  // positions where a side cannot place were among them
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

// Every game with a Z3 turn encoding: the encoding and the executable model agree on random
// (position, move) pairs at every size 2-15 (CI-sized counts; `arbiter prove GAME --differential
// --pairs 1000` is the full run, docs/proofs.md), and a disagreement is reported when there is one.
#include <gtest/gtest.h>

#include "model/registry.hpp"
#include "solver/encoding_differential.hpp"

namespace arbiter {
namespace {

long pairs_for(int size) {
#ifdef ARBITER_SANITIZED
  return size <= 6 ? 10 : 0;
#else
  return size <= 8 ? 50 : 10;
#endif
}

TEST(EncodingDifferential, EveryTurnEncodingAgreesWithItsModelOnSizes2To15) {
  int games_with_encoding = 0;
  for (const GameDescriptor* descriptor : registered_games()) {
    if (!descriptor->compare_turn_encoding) continue;
    ++games_with_encoding;
    for (int n = 2; n <= 15; ++n) {
      const long pairs = pairs_for(n);
      if (pairs == 0 || !descriptor->size_ok(n)) continue;
      const auto game = make_game(*descriptor, n);
      const DifferentialResult result = compare_encoding_with_model(*game, pairs, 20261122 + static_cast<unsigned>(n));
      EXPECT_EQ(result.disagreement, "") << descriptor->name << " size " << n;
      EXPECT_EQ(result.pairs, pairs) << descriptor->name << " size " << n;
      EXPECT_GT(result.legal, 0) << descriptor->name << " size " << n;
    }
  }
  EXPECT_GE(games_with_encoding, 2);
}

// A hook that misreports the model's verdict stands for a wrong encoding: the driver must stop at
// the first pair and report it with the position.
TEST(EncodingDifferential, ADisagreementIsReportedWithThePosition) {
  for (const GameDescriptor* descriptor : registered_games()) {
    if (!descriptor->compare_turn_encoding) continue;
    GameDescriptor broken = *descriptor;
    broken.compare_turn_encoding = [real = descriptor->compare_turn_encoding](const Game& game, const State& state,
                                                                              Rng& rng) {
      EncodingComparison c = real(game, state, rng);
      if (!c.move.empty()) c.disagreement = "planted";
      return c;
    };
    const auto game = make_game(broken, 3);
    const DifferentialResult result = compare_encoding_with_model(*game, 50, 1);
    EXPECT_EQ(result.pairs, 1) << descriptor->name;
    EXPECT_NE(result.disagreement.find("planted"), std::string::npos) << descriptor->name;
    EXPECT_NE(result.disagreement.find("move "), std::string::npos) << descriptor->name;
  }
}

}  // namespace
}  // namespace arbiter

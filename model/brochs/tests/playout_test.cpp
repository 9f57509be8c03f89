// Random play: the sampler draws legal moves uniformly, games end within max_plies, and the
// incrementally kept counters agree with a position rebuilt from scratch.
#include <cmath>
#include <map>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

TEST(Playout, RandomMoveIsAlwaysLegal) {
  Rng rng(3);
  for (const auto& r : std::vector<std::vector<std::string>>{{}, {"set-squares=anywhere", "black-turn=set-first"},
                                                            {"empty-keeps=blocked", "white-pass=only-when-stuck"}}) {
    for (int game = 0; game < 20 / kScale + 1; ++game) {
      auto s = start(9 + 2 * (game % 4), r);
      while (!s->is_terminal()) {
        const Move m = s->random_move(rng);
        ASSERT_TRUE(s->is_legal(m)) << s->move_text(m) << "\n" << s->diagram();
        s->apply(m);
      }
    }
  }
}

// is_legal decides from the board what generate() lists: asked about this position's moves, the
// previous position's (the killer moves a search tries) and random setting, curse and step codes.
TEST(Playout, IsLegalAgreesWithTheMoveList) {
  Rng rng(11);
  std::vector<Move> here, before;
  for (const auto& r : std::vector<std::vector<std::string>>{{}, {"set-squares=anywhere", "black-turn=set-first"},
                                                            {"empty-keeps=blocked", "white-pass=only-when-stuck"},
                                                            {"keep-setting=after-capture", "curse-holder=ordinary"}}) {
    for (int game = 0; game < 3; ++game) {
      const int size = 7 + 4 * game;
      auto s = start(size, r);
      before.clear();
      while (!s->is_terminal()) {
        s->legal_moves(here);
        std::vector<Move> asked = here;
        asked.insert(asked.end(), before.begin(), before.end());
        for (int i = 0; i < 16; ++i) {
          const auto cell = [&] { return static_cast<int>(rng.below(static_cast<std::uint32_t>(size * size))); };
          for (const MoveKind kind : {MoveKind::Set, MoveKind::SetMain, MoveKind::Curse}) asked.push_back(make_move(kind, 0, cell()));
          asked.push_back(make_move(MoveKind::Step, cell(), cell()));
        }
        asked.push_back(kPass);
        asked.push_back(kPass | 1u << 24);  // not a code generate() makes
        for (const Move m : asked) ASSERT_EQ(s->is_legal(m), s->is_listed(m)) << s->move_text(m) << "\n" << s->diagram();
        before = here;
        s->apply(here[rng.below(static_cast<std::uint32_t>(here.size()))]);
      }
    }
  }
}

// Frequencies of the sampler's choices match the uniform distribution over legal_moves.
TEST(Playout, RandomMoveIsUniform) {
  const std::vector<std::string> positions = {
      diagram_9x9("S e1; B b1 a2; W a1 h8 i9; b c3; w g7", "Black to move, ply 0, reserve 2, passes 0"),
      diagram_9x9("B b1 a2 i9; W a1 e5; b c3", "White to move, ply 0, reserve 2, passes 0"),
      diagram_9x9("B b1 a2 i9; W a1 e5 h9; b c3", "Black to move, ply 0, reserve 1+S, passes 0")
  };
  Rng rng(5);
  for (const auto& text : positions) {
    const auto s = load(text, {"white-pass=only-when-stuck"});
    std::vector<Move> moves;
    s->legal_moves(moves);
    const int samples = 400 * static_cast<int>(moves.size()) / kScale;
    std::map<Move, int> seen;
    for (int i = 0; i < samples; ++i) ++seen[s->random_move(rng)];
    ASSERT_EQ(seen.size(), moves.size());
    const double expected = static_cast<double>(samples) / static_cast<double>(moves.size());
    for (Move m : moves) {
      EXPECT_NEAR(seen[m], expected, 6 * std::sqrt(expected)) << s->move_text(m);
    }
  }
}

TEST(Playout, GamesEndWithinMaxPlies) {
  Rng rng(9);
  for (const auto& r : std::vector<std::vector<std::string>>{
           {}, {"ply-cap=200"}, {"ply-cap=1000", "repetition=none"}, {"curse-cost=free", "start=north-row"},
           {"end=keeps-draw", "set-squares=anywhere"}, {"end=keeps-main", "entry=captured", "keep-two-piece=yes"}}) {
    for (int size = kMinSize; size <= kMaxSize; size += 2) {
      auto game = make_game(descriptor(), size, r);
      for (int i = 0; i < 6 / kScale + 1; ++i) {
        auto s = game->initial_state();
        const Outcome o = s->random_playout(rng);
        EXPECT_TRUE(o.over());
        EXPECT_LE(s->ply(), game->max_plies());
      }
    }
  }
}

TEST(Playout, IncrementalStateMatchesARebuild) {
  Rng rng(13);
  auto s = start(15, {"start=north-row", "set-squares=anywhere"});
  while (!s->is_terminal()) {
    const auto rebuilt = parse_brochs_position(s->rules(), s->line());
    ASSERT_EQ(rebuilt->hash(), s->hash());
    for (int q = 0; q < kKeeps; ++q) ASSERT_EQ(rebuilt->black_in_quadrant(q), s->black_in_quadrant(q));
    ASSERT_EQ(rebuilt->main_cell(), s->main_cell());
    s->apply(s->random_move(rng));
  }
  EXPECT_LE(s->ply(), 400);
}

TEST(Playout, TheDefaultGameCanEndEitherWay) {
  // Black's win needs all four keeps; random play rarely gets there, so search over many games on 7x7.
  Rng rng(17);
  auto game = make_game(descriptor(), 7, {"set-squares=anywhere"});
  int black_wins = 0, white_wins = 0;
  for (int i = 0; i < 3000 / kScale; ++i) {
    auto s = game->initial_state();
    const Outcome o = s->random_playout(rng);
    black_wins += o == Outcome::win(kBlackSide);
    white_wins += o == Outcome::win(kWhiteSide);
  }
  EXPECT_GT(black_wins, 0);
  EXPECT_GT(white_wins, 0);
}

}  // namespace
}  // namespace arbiter::brochs::testing

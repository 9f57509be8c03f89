// Brochs' property suite: it holds on random play under every ruling, and each property reports a
// deliberately broken transition or position.
#include <gtest/gtest.h>

#include <iostream>

#include "model/brochs/verification.hpp"
#include "model/brochs/tests/fixtures.hpp"
#include "properties/property_runner.hpp"

namespace arbiter::brochs {
namespace {

using testing::kScale;
using testing::start;

Property named(const std::string& name) {
  for (Property& p : verification_suite()) {
    if (p.name == name) return p;
  }
  ADD_FAILURE() << "no property " << name;
  return {};
}

std::unique_ptr<BrochsState> copy_of(const BrochsState& s) {
  return std::unique_ptr<BrochsState>(static_cast<BrochsState*>(s.clone().release()));
}

// The first legal move of `state` that is of `kind`.
Move first_move(const BrochsState& state, MoveKind kind) {
  std::vector<Move> legal;
  state.legal_moves(legal);
  for (Move m : legal) {
    if (move_kind(m) == kind) return m;
  }
  ADD_FAILURE() << "no move of that kind";
  return kPass;
}

class SuiteUnderRuling : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(SuiteUnderRuling, EveryArbiterPropertyHoldsOnRandomPlay) {
  for (int size : {7, 9}) {
    const auto game = make_game(descriptor(), size, GetParam());
    for (const Property& p : verification_suite()) {
      const PropertyResult r = run_property(*game, p, 30 / kScale, 7);
      EXPECT_GT(r.checks, 0) << p.name;
      if (p.rule_text_claim) continue;  // a claim of the text: reported by `arbiter check`
      EXPECT_TRUE(r.holds) << p.name << " size " << size << ": " << r.why << "\n" << r.counterexample;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Rulings, SuiteUnderRuling,
    ::testing::Values(std::vector<std::string>{}, std::vector<std::string>{"keeps=outer"}, std::vector<std::string>{"keeps=inner"},
                      std::vector<std::string>{"start=north-row"}, std::vector<std::string>{"black-turn=set-first"},
                      std::vector<std::string>{"set-squares=anywhere"}, std::vector<std::string>{"end=keeps-main"},
                      std::vector<std::string>{"end=keeps-draw"}, std::vector<std::string>{"entry=captured"},
                      std::vector<std::string>{"keep-two-piece=yes"}, std::vector<std::string>{"main-diagonal=main-in-pair"},
                      std::vector<std::string>{"curse-cost=free"}, std::vector<std::string>{"empty-keeps=hostile"},
                      std::vector<std::string>{"empty-keeps=blocked"}, std::vector<std::string>{"white-pass=only-when-stuck"},
                      std::vector<std::string>{"repetition=none"}));

TEST(BrochsProperties, RandomPlayCapturesSoTheCaptureCheckIsExercised) {
  // touches-only-named-captures only means something if random play captures: count it.
  Rng rng(9);
  std::vector<Move> legal;
  int captures = 0, curses = 0;
  for (int game = 0; game < 200 / kScale; ++game) {
    auto state = start(7);
    while (!state->is_terminal()) {
      state->legal_moves(legal);
      const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      captures += state->move_text(m).find(" x ") != std::string::npos;
      curses += move_kind(m) == MoveKind::Curse;
      state->apply(m);
    }
  }
  EXPECT_GT(captures, 0);
  std::cout << 200 / kScale << " random games, size 7: " << captures << " capturing moves, " << curses << " curses\n";
}

TEST(BrochsProperties, AStrayChangeIsNotAMoveOrANamedCapture) {
  const auto before = start(7);
  const auto game = make_game(descriptor(), 7, {});
  const Move m = first_move(*before, MoveKind::Set);
  auto after = copy_of(*before);
  after->apply(m);
  const Property touches = named("touches-only-named-captures");
  EXPECT_TRUE(touches.transition(*game, *before, m, *after).holds);
  // A White piece vanishes far from the setting: neither the move nor a named capture.
  int far_white = -1;
  for (int cell = 0; cell < 49 && far_white < 0; ++cell) {
    if (after->at(cell) == White && std::abs(cell / 7 - move_to(m) / 7) > 1) far_white = cell;
  }
  ASSERT_GE(far_white, 0);
  auto stray = copy_of(*after);
  stray->put(far_white, Empty);
  stray->finish_setup();
  EXPECT_FALSE(touches.transition(*game, *before, m, *stray).holds);
  EXPECT_FALSE(named("captures-touch-the-arrival").transition(*game, *before, m, *stray).holds);
  // A piece set from nowhere: the reserve did not shrink.
  auto extra = copy_of(*after);
  extra->set_reserve(before->reserve(), before->main_in_reserve());
  extra->finish_setup();
  EXPECT_FALSE(touches.transition(*game, *before, m, *extra).holds);
}

TEST(BrochsProperties, ALostArrivingPieceIsReported) {
  const auto before = start(7);
  const auto game = make_game(descriptor(), 7, {});
  const Move m = first_move(*before, MoveKind::Set);
  auto after = copy_of(*before);
  after->apply(m);
  auto lost = copy_of(*after);
  lost->put(move_to(m), Empty);
  lost->finish_setup();
  EXPECT_FALSE(named("entering-piece-survives").transition(*game, *before, m, *lost).holds);
  EXPECT_TRUE(named("entering-piece-survives").transition(*game, *before, m, *after).holds);
}

TEST(BrochsProperties, AResultThatIgnoresAGoalIsReported) {
  // Black on all four keeps: Black's goal is met, so only a Black win is the right result.
  const auto s = start(7);
  auto keeps = copy_of(*s);
  for (int q = 0; q < kKeeps; ++q) keeps->put(keeps->tables().keep_cell[static_cast<std::size_t>(q)], Black);
  keeps->finish_setup();
  EXPECT_FALSE(judge_goals(*keeps, Outcome::ongoing()).holds);
  EXPECT_FALSE(judge_goals(*keeps, Outcome::win(kWhiteSide)).holds);
  EXPECT_TRUE(judge_goals(*keeps, Outcome::win(kBlackSide)).holds);
  EXPECT_TRUE(named("never-two-winners").position(*make_game(descriptor(), 7, {}), *keeps).holds);
}

TEST(BrochsProperties, ACurseOnTheCrossAndTooManyPiecesAreReported) {
  const auto game = make_game(descriptor(), 7, {});
  auto s = start(7);
  const int cross_cell = s->tables().mid * 7 + 1;  // on the central row
  s->put(cross_cell, White);
  s->finish_setup();
  const Move curse = make_move(MoveKind::Curse, 0, cross_cell);
  EXPECT_FALSE(named("cross-is-safe-from-curses").transition(*game, *s, curse, *s).holds);
  auto crowded = start(7);
  for (int cell = 0; cell < 49; ++cell) crowded->put(cell, White);
  crowded->finish_setup();
  EXPECT_FALSE(named("material-bounded").position(*game, *crowded).holds);
}

TEST(BrochsProperties, TheMirrorCheckNoticesAnImageUnderOtherKeeps) {
  const auto game = make_game(descriptor(), 9, {});
  const auto other = make_game(descriptor(), 9, {"keeps=outer"});
  Rng rng(3), again(3);
  EXPECT_FALSE(mirror_maps_games_to_games(*game, *other, rng).holds);
  EXPECT_TRUE(mirror_maps_games_to_games(*game, *game, again).holds);
  for (int cell = 0; cell < 81; ++cell) EXPECT_EQ(mirrored_cell(9, mirrored_cell(9, cell)), cell);
  EXPECT_EQ(mirrored_cell(9, 0), 8);
}

}  // namespace
}  // namespace arbiter::brochs

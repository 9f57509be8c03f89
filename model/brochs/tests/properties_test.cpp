// Brochs' property suite: it holds on random play under every ruling, and each property reports a
// deliberately broken transition or position.
#include <gtest/gtest.h>

#include <iostream>

#include "model/brochs/verification.hpp"
#include "model/brochs/tests/fixtures.hpp"
#include "properties/property_runner.hpp"
#include "tests/random_games.hpp"
#include "tests/suite_checks.hpp"

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
    arbiter::testing::expect_suite_holds(*make_game(descriptor(), size, GetParam()), verification_suite(), 30 / kScale,
                                         "size " + std::to_string(size));
  }
}

INSTANTIATE_TEST_SUITE_P(Rulings, SuiteUnderRuling,
                         ::testing::ValuesIn(arbiter::testing::each_alternative_alone(descriptor())));

TEST(BrochsProperties, RandomPlayCapturesSoTheCaptureCheckIsExercised) {
  // touches-only-named-captures only means something if random play captures: count it.
  int captures = 0, curses = 0;
  arbiter::testing::play_random_games(200 / kScale, 9, [] { return start(7); }, [&](State& state, Move m) {
    captures += state.move_text(m).find(" x ") != std::string::npos;
    curses += move_kind(m) == MoveKind::Curse;
    state.apply(m);
  });
  EXPECT_GT(captures, 0);
  std::cout << 200 / kScale << " random games, size 7: " << captures << " capturing moves, " << curses << " curses\n";
}

// The 7x7 start and the position after Black's first setting from reserve, and copies of it
// edited by hand.
struct FirstSetting {
  std::unique_ptr<Game> game = make_game(descriptor(), 7, {});
  std::unique_ptr<BrochsState> before = start(7);
  Move m = first_move(*before, MoveKind::Set);
  std::unique_ptr<BrochsState> after = [this] {
    auto s = copy_of(*before);
    s->apply(m);
    return s;
  }();
  template <class Edit>
  std::unique_ptr<BrochsState> edited(Edit&& edit) const {
    auto s = copy_of(*after);
    edit(*s);
    s->finish_setup();
    return s;
  }
};

TEST(BrochsProperties, AStrayChangeIsNotAMoveOrANamedCapture) {
  const FirstSetting f;
  const auto& [game, before, m, after] = f;
  const Property touches = named("touches-only-named-captures");
  EXPECT_TRUE(touches.transition(*game, *before, m, *after).holds);
  // A White piece vanishes far from the setting: neither the move nor a named capture.
  int far_white = -1;
  for (int cell = 0; cell < 49 && far_white < 0; ++cell) {
    if (after->at(cell) == White && std::abs(cell / 7 - move_to(m) / 7) > 1) far_white = cell;
  }
  ASSERT_GE(far_white, 0);
  const auto stray = f.edited([&](BrochsState& s) { s.put(far_white, Empty); });
  EXPECT_FALSE(touches.transition(*game, *before, m, *stray).holds);
  EXPECT_FALSE(named("captures-touch-the-arrival").transition(*game, *before, m, *stray).holds);
  // A piece set from nowhere: the reserve did not shrink.
  const auto extra = f.edited([&](BrochsState& s) { s.set_reserve(f.before->reserve(), f.before->main_in_reserve()); });
  EXPECT_FALSE(touches.transition(*game, *before, m, *extra).holds);
}

TEST(BrochsProperties, ALostArrivingPieceIsReported) {
  const FirstSetting f;
  const auto& [game, before, m, after] = f;
  const auto lost = f.edited([&](BrochsState& s) { s.put(move_to(f.m), Empty); });
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

// The solver's canonical key computes the mirror's key without building the image (its repetition
// history by undoing the recorded moves); here the image is built, printed and read back, which
// rebuilds its history from the printed moves (notation.cpp), and the smaller key must be it.
TEST(BrochsProperties, CanonicalKeyIsTheSmallerKeyOfThePositionAndItsMirrorReadBack) {
  const std::vector<std::vector<std::string>> rulings = {
      {}, {"keeps=outer", "set-squares=anywhere"}, {"start=north-row", "curse-cost=free"}, {"keep-setting=after-capture"}};
  int checked = 0, with_history = 0;
  std::string failure;  // the first position that fails, so that one bug gives one report
  for (const auto& r : rulings) {
    const auto game = make_game(descriptor(), 7, r);
    arbiter::testing::play_random_games(20 / kScale + 1, 31, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      if (failure.empty()) {
        const auto image = state.symmetric_image(1);
        const auto read = game->parse_position(image->line());
        if (read->line() != image->line()) failure = "the image reads back as another position: " + image->line();
        else if (read->key() != image->key()) failure = "the image read back has another key: " + image->line();
        else if (state.canonical_key() != std::min(state.key(), read->key())) failure = "wrong canonical key: " + state.line();
        ++checked;
        with_history += !static_cast<const BrochsState&>(state).moves_since_irreversible().empty();
      }
      state.apply(m);
    });
  }
  ASSERT_EQ(failure, "");
  EXPECT_GT(with_history, checked / 10) << "too few positions with a repetition history to check";
  std::cout << "[ brochs ] canonical keys of " << checked << " positions checked, " << with_history << " with a history\n";
}

}  // namespace
}  // namespace arbiter::brochs

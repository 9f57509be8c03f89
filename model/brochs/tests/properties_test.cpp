// Brochs' property suite: it holds on random play under every ruling, and each property reports a
// deliberately broken transition or position.
#include <gtest/gtest.h>

#include <array>
#include <iostream>
#include <set>
#include <vector>

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

INSTANTIATE_TEST_SUITE_P(BrochsRulings, SuiteUnderRuling,
                         ::testing::ValuesIn(arbiter::testing::each_alternative_alone(descriptor())),
                         arbiter::testing::ruling_mix_name);

// Under set-squares=anywhere the rules keep all eight of the square's symmetries, and board-symmetry
// checks them: again with each other ruling's alternatives, which must not break them.
std::vector<std::vector<std::string>> each_alternative_with_setting_anywhere() {
  std::vector<std::vector<std::string>> out;
  for (auto rulings : arbiter::testing::each_alternative_alone(descriptor())) {
    if (!rulings.empty() && rulings.front().starts_with("set-squares=")) continue;
    rulings.push_back("set-squares=anywhere");
    out.push_back(rulings);
  }
  return out;
}
INSTANTIATE_TEST_SUITE_P(BrochsRulingsWithEverySymmetry, SuiteUnderRuling, ::testing::ValuesIn(each_alternative_with_setting_anywhere()),
                         arbiter::testing::ruling_mix_name);

TEST(BrochsProperties, EnteringPieceSurvivesDoesNotApplyWhereEveryEntryIsCaptured) {
  using Names = std::vector<std::string>;
  const auto names = [](const std::vector<std::string>& rulings) {
    return arbiter::testing::not_applicable_names(*make_game(descriptor(), 7, rulings), verification_suite());
  };
  EXPECT_EQ(names({}), Names{});
  EXPECT_EQ(names({"entry=captured"}), Names{"entering-piece-survives"});
  EXPECT_EQ(names({"entry=captured", "keep-entry=captured"}), Names{"entering-piece-survives"});
  EXPECT_EQ(names({"entry=captured", "keep-entry=protected"}), Names{}) << "the keeps still protect an entering piece";
  EXPECT_EQ(names({"keep-entry=captured"}), Names{}) << "off the keeps an entering piece is protected";
}

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
  EXPECT_FALSE(symmetry_maps_games_to_games(*game, *other, 1, rng).holds);
  EXPECT_TRUE(symmetry_maps_games_to_games(*game, *game, 1, again).holds);
  // Under set-squares=north-or-keep, turning the board moves Black's setting row: the turned game
  // has other legal moves.
  Rng turned(5);
  EXPECT_FALSE(symmetry_maps_games_to_games(*game, *game, 4, turned).holds);
  const auto anywhere = make_game(descriptor(), 9, {"set-squares=anywhere"});
  for (int s = 1; s <= 7; ++s) {
    Rng each(static_cast<std::uint64_t>(s));
    EXPECT_TRUE(symmetry_maps_games_to_games(*anywhere, *anywhere, s, each).holds) << kSymmetryNames[static_cast<std::size_t>(s - 1)];
  }
}

// The seven maps are the square's symmetries other than the identity, each named for what it does
// with the corners: a1 is the NW corner (cell 0), the board's rows run from North to South.
TEST(BrochsProperties, SymmetriesAreTheSquaresSevenOtherMaps) {
  const int n = 9, nw = 0, ne = 8, sw = 72, se = 80;
  const std::array<std::array<int, 4>, 8> corners = {{{nw, ne, sw, se},    // identity
                                                      {ne, nw, se, sw},    // mirror-west-east
                                                      {sw, se, nw, ne},    // mirror-north-south
                                                      {se, sw, ne, nw},    // turn-180
                                                      {ne, se, nw, sw},    // turn-90 (clockwise)
                                                      {sw, nw, se, ne},    // turn-270
                                                      {nw, sw, ne, se},    // mirror-nw-se
                                                      {se, ne, sw, nw}}};  // mirror-ne-sw
  std::set<std::vector<int>> distinct;
  for (int s = 0; s < 8; ++s) {
    EXPECT_EQ((std::array<int, 4>{symmetric_cell(n, s, nw), symmetric_cell(n, s, ne), symmetric_cell(n, s, sw), symmetric_cell(n, s, se)}),
              corners[static_cast<std::size_t>(s)])
        << "symmetry " << s;
    std::vector<int> images;
    for (int cell = 0; cell < n * n; ++cell) images.push_back(symmetric_cell(n, s, cell));
    EXPECT_EQ(std::set<int>(images.begin(), images.end()).size(), static_cast<std::size_t>(n * n)) << "symmetry " << s << " is not one-to-one";
    distinct.insert(images);
    // The 2 x 2 board of quadrants turns as the board does: NW, NE, SW, SE are bits 0-3.
    for (int q = 0; q < 4; ++q) {
      const int corner = corners[0][static_cast<std::size_t>(q)];
      const int image_corner = symmetric_cell(n, s, corner);
      const int image_quadrant = (image_corner / n > n / 2 ? 2 : 0) + (image_corner % n > n / 2 ? 1 : 0);
      EXPECT_EQ(symmetric_quadrants(s, 1U << q), 1U << image_quadrant) << "symmetry " << s << ", quadrant " << q;
    }
  }
  EXPECT_EQ(distinct.size(), 8U);
  for (int cell = 0; cell < n * n; ++cell) EXPECT_EQ(symmetric_cell(n, 4, symmetric_cell(n, 5, cell)), cell);  // turns undo each other
  EXPECT_EQ(make_game(descriptor(), 9, {})->symmetries(), std::vector<std::string>{"mirror-west-east"});
  EXPECT_EQ(make_game(descriptor(), 9, {"set-squares=keeps"})->symmetries().size(), 7U);
  EXPECT_EQ(make_game(descriptor(), 9, {"set-squares=anywhere"})->symmetries().size(), 7U);
}

// The solver's canonical key computes the images' keys without building the images (their
// repetition histories by undoing the recorded moves); here each image is built, printed and read
// back, which rebuilds its history from the printed moves (notation.cpp), and the smallest key must be it.
TEST(BrochsProperties, CanonicalKeyIsTheSmallestKeyOfTheImagesReadBack) {
  const std::vector<std::vector<std::string>> rulings = {{},
                                                         {"keeps=outer", "set-squares=anywhere"},
                                                         {"start=north-row", "curse-cost=free"},
                                                         {"keep-setting=after-capture", "set-squares=keeps"},
                                                         {"set-squares=anywhere", "repetition=none"}};
  int checked = 0, with_history = 0, with_seven = 0;
  std::string failure;  // the first position that fails, so that one bug gives one report
  for (const auto& r : rulings) {
    const auto game = make_game(descriptor(), 7, r);
    const int symmetries = static_cast<int>(game->symmetries().size());
    arbiter::testing::play_random_games(20 / kScale + 1, 31, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      if (failure.empty()) {
        std::uint64_t smallest = state.key();
        for (int s = 1; s <= symmetries && failure.empty(); ++s) {
          const auto image = state.symmetric_image(s);
          const auto read = game->parse_position(image->line());
          if (read->line() != image->line()) failure = "the image reads back as another position: " + image->line();
          else if (read->key() != image->key()) failure = "the image read back has another key: " + image->line();
          smallest = std::min(smallest, read->key());
        }
        if (failure.empty() && state.canonical_key() != smallest) failure = "wrong canonical key: " + state.line();
        ++checked;
        with_seven += symmetries == 7;
        with_history += !static_cast<const BrochsState&>(state).moves_since_irreversible().empty();
      }
      state.apply(m);
    });
  }
  ASSERT_EQ(failure, "");
  EXPECT_GT(with_history, checked / 10) << "too few positions with a repetition history to check";
  EXPECT_GT(with_seven, checked / 4) << "too few positions under rulings with all eight symmetries";
  std::cout << "[ brochs ] canonical keys of " << checked << " positions checked, " << with_history << " with a history, "
            << with_seven << " under all eight symmetries\n";
}

}  // namespace
}  // namespace arbiter::brochs

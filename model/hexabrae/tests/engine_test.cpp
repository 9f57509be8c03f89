// Properties of the Hexabrae engine over random games: notation round trips, consistency of the
// legal-move list, the fast playout, claims of rules.md (placements never enclose; counting the
// enclosures made equals counting all of them under the default rulings), and game length.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "model/core/errors.hpp"
#include "model/hexabrae/engine.hpp"
#include "tests/game_param.hpp"
#include "tests/random_games.hpp"

namespace arbiter::hexabrae {
namespace {

const int kScale = arbiter::testing::scaled(10);

EnclosureList enclosures_of(const State& s) {
  EnclosureList list;
  find_enclosures(hexabrae_state(s).board(), hexabrae_state(s).position().cells, hexabrae_state(s).rules().enclosure_rules(), list);
  return list;
}

bool same_regions(const EnclosureList& a, const EnclosureList& b) {
  if (a.size != b.size) return false;
  return std::all_of(a.begin(), a.end(), [&](const Enclosure& e) {
    return std::any_of(b.begin(), b.end(), [&](const Enclosure& o) { return o.same_region(e); });
  });
}

struct Setting {
  int radius;
  std::vector<std::string> rulings;
};

const std::vector<Setting>& settings() {
  static const std::vector<Setting> all = {
      {4, {}},
      {2, {}},
      {3, {"path=jump", "immobilization=each-step"}},
      {5, {"touch=adjacent", "islands=included"}},
      {4, {"spurs=excluded"}},
      {3, {"spurs=excluded", "islands=included", "rim=wall"}},
      {6, {"ply-cap=200"}},
      {3, {"rim=wall", "enclosure-owner=mover-only", "enclosure-majority=half"}},
      {2, {"no-action=lose", "repetition=off", "orientation-numbers=clock"}},
      {4, {"enclosures-counted=all"}},
  };
  return all;
}

TEST(HexabraeEngine, RandomGamesKeepNotationLegalityAndLengthConsistent) {
  Rng rng(11);
  int games = 0, plies = 0;
  for (int round = 0; round < 2 * kScale; ++round) {
    for (const Setting& setting : settings()) {
      auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
      auto state = game->initial_state();
      std::vector<Move> moves;
      while (true) {
        const std::string line = state->line(), diagram = state->diagram();
        ASSERT_EQ(game->parse_position(line)->line(), line);
        ASSERT_EQ(game->parse_position(diagram)->line(), line) << diagram;
        ASSERT_EQ(game->parse_position(line)->diagram(), diagram);
        moves.clear();
        state->legal_moves(moves);
        ASSERT_EQ(moves.empty(), state->is_terminal());
        ASSERT_LE(state->ply(), game->max_plies());
        if (moves.empty()) break;
        std::vector<Move> sorted = moves;
        std::sort(sorted.begin(), sorted.end());
        ASSERT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "a move listed twice";
        for (int sample = 0; sample < 3; ++sample) {
          const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
          ASSERT_EQ(state->parse_move(state->move_text(m)), m) << state->move_text(m);
        }
        const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        const bool placement = decode_move(m).kind == MoveKind::Place;
        const EnclosureList before = enclosures_of(*state);
        state->apply(m);
        ++plies;
        if (placement && !hexabrae_state(*state).rules().rim_is_wall && !hexabrae_state(*state).rules().islands_included) {
          // rules.md H1: a piece touching nothing cannot make an enclosure.
          ASSERT_TRUE(same_regions(before, enclosures_of(*state))) << state->diagram();
        }
      }
      ++games;
    }
  }
  std::printf("[ engine ] %d random games, %d plies checked\n", games, plies);
}

// Every refused candidate of `moves --why` is refused for a rule why_illegal tests, never by its
// last line, which no refusal should reach (each check before it names a rule the move breaks).
// Session 49: the checks were reordered so that each names a rule the move breaks.
TEST(HexabraeEngine, EveryRefusedCandidateNamesTheRuleItBreaks) {
  const std::vector<Setting> rulings = {{3, {}},
                                        {3, {"immobilization=each-step", "rotation=swept"}},
                                        {3, {"path=jump", "immobilization=each-step", "pieces=any"}},
                                        {2, {"touch=adjacent", "rotation=swept", "orientation-numbers=clock"}}};
  int refused = 0;
  std::string failure;
  for (const Setting& setting : rulings) {
    auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
    int ply = 0;
    arbiter::testing::play_random_games(kScale, 31, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      if (failure.empty() && ply++ % 5 == 4) {
        for (const std::string& text : state.candidate_moves()) {
          try {
            state.parse_move(text);
          } catch (const InputError& error) {
            ++refused;
            if (std::string(error.what()).find("not among the legal ones") != std::string::npos) {
              failure = state.line() + ": " + error.what();
            }
          }
        }
      }
      state.apply(m);
    });
  }
  ASSERT_EQ(failure, "");
  std::printf("[ engine ] %d refused candidate moves checked\n", refused);
}

// The solver's canonical key is computed without building the images (their repetition histories
// by undoing the recorded changes); here each image is built, printed and read back, which rebuilds
// its history from the printed changes (notation.cpp), and the smallest of their keys must be it.
TEST(HexabraeEngine, CanonicalKeyIsTheSmallestKeyOfTheImagesReadBack) {
  int checked = 0, with_history = 0;
  std::string failure;  // the first position that fails, so that one bug gives one report
  for (const Setting& setting : settings()) {
    auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
    int ply = 0;
    arbiter::testing::play_random_games(kScale, 23, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      if (failure.empty() && ply++ % 7 == 0) {
        std::uint64_t smallest = state.key();
        for (int s = 1; s < kSymmetries && failure.empty(); ++s) {
          const auto image = state.symmetric_image(s);
          const auto read = game->parse_position(image->line());
          const std::string under = std::string(symmetry_name(s)) + ": ";
          if (read->line() != image->line()) failure = under + "the image reads back as another position: " + image->line();
          else if (read->key() != image->key()) failure = under + "the image read back has another key: " + image->line();
          smallest = std::min(smallest, read->key());
        }
        if (failure.empty() && state.canonical_key() != smallest) failure = "wrong canonical key: " + state.line();
        ++checked;
        with_history += hexabrae_state(state).position().history_size > 1;
      }
      state.apply(m);
    });
  }
  ASSERT_EQ(failure, "");
  EXPECT_GT(with_history, checked / 10) << "too few positions with a repetition history to check";
  std::printf("[ engine ] canonical keys of %d positions checked, %d with a history\n", checked, with_history);
}

// A move skips the enclosure search when every region through the fields it changed reaches the
// rim (still_unsealed); the same move from the same position with the full search on every move
// must give the same result. The shortcut is also tracked for positions known to have no sealed
// region at all (what enclosures-counted=all needs).
TEST(HexabraeEngine, SkippingTheEnclosureSearchForUnsealedMovesChangesNoResult) {
  int known_unsealed = 0, plies = 0, skipped_while_sealed = 0;
  for (const Setting& setting : settings()) {
    auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
    arbiter::testing::play_random_games((kScale + 1) / 2, 17, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      auto fresh = game->parse_position(state.line());
      EXPECT_FALSE(hexabrae_state(*fresh).position().unsealed);
      Rules searching = hexabrae_state(state).rules();
      searching.always_search_enclosures = true;
      HexabraeState reference(searching, hexabrae_state(state).position());
      known_unsealed += hexabrae_state(state).position().unsealed;
      const Rules& rules = hexabrae_state(state).rules();
      const MoveParts parts = decode_move(m);
      if (!hexabrae_state(state).position().unsealed && !rules.rim_is_wall && !rules.count_all_enclosures && parts.kind != MoveKind::Pass) {
        skipped_while_sealed += still_unsealed(hexabrae_state(state).board(), hexabrae_state(state).cells_after(parts), {parts.from, parts.to});
      }
      state.apply(m);
      fresh->apply(m);
      reference.apply(m);
      ++plies;
      ASSERT_EQ(state.outcome(), reference.outcome()) << state.diagram();
      ASSERT_EQ(fresh->outcome(), reference.outcome()) << state.diagram();
      ASSERT_EQ(state.line(), reference.line());
      if (hexabrae_state(state).position().unsealed) {
        EnclosureList list;
        bool sealed = true;
        find_enclosures(hexabrae_state(state).board(), hexabrae_state(state).position().cells, hexabrae_state(state).rules().enclosure_rules(), list, &sealed);
        ASSERT_FALSE(sealed) << state.diagram();
      }
    });
  }
  std::printf("[ engine ] %d plies, %d from positions known to be unsealed, %d skipped in sealed ones\n", plies,
              known_unsealed, skipped_while_sealed);
  // Both shortcuts are in use, so the comparison tests something.
  EXPECT_GT(known_unsealed, 0);
  EXPECT_GT(skipped_while_sealed, plies / 4);
}

// winning_moves answers still_unsealed's question for most moves from one search of the position
// (RimCuts): where it answers, still_unsealed must agree, and it must answer most of the moves
// that leave every region reaching the rim (or winning_moves would be exact but slow again).
TEST(HexabraeEngine, CutVerticesAnswerLikeStillUnsealedForMostMoves) {
  long answered = 0, unsealed = 0, moves_checked = 0;
  std::string failure;
  std::vector<Move> legal;
  for (const Setting& setting : settings()) {
    auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
    arbiter::testing::play_random_games((kScale + 1) / 2, 29, [&] { return game->initial_state(); }, [&](State& state, Move m) {
      const HexabraeState& hexabrae = hexabrae_state(state);
      const RimCuts cuts(hexabrae.board(), hexabrae.position().cells);
      state.legal_moves(legal);
      for (Move candidate : legal) {
        const MoveParts parts = decode_move(candidate);
        if (parts.kind == MoveKind::Pass || parts.kind == MoveKind::Rotate) continue;  // a bar lands on an empty field
        const Cells after = hexabrae.cells_after(parts);
        const bool sure = cuts.surely_unsealed(after, parts.from, parts.to);
        const bool exact = still_unsealed(hexabrae.board(), after, {parts.from, parts.to});
        ++moves_checked;
        unsealed += exact;
        answered += sure;
        if (sure && !exact && failure.empty()) failure = state.move_text(candidate) + " seals a region of\n" + state.diagram();
      }
      state.apply(m);
    });
  }
  ASSERT_EQ(failure, "");
  std::printf("[ engine ] %ld moves, %ld leave every region reaching the rim, %ld of them answered by the cut vertices\n",
              moves_checked, unsealed, answered);
  EXPECT_GT(answered, unsealed * 9 / 10);
}

TEST(HexabraeEngine, FastPlayoutPlaysTheSameGamesAsTheGenericLoop) {
  for (const Setting& setting : settings()) {
    auto game = make_game(hexabrae_game(), setting.radius, setting.rulings);
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(kScale); ++seed) {
      auto fast = game->initial_state();
      auto generic = game->initial_state();
      Rng a(seed), b(seed);
      const Outcome fast_result = fast->random_playout(a);
      const Outcome generic_result = generic->State::random_playout(b);
      ASSERT_EQ(fast_result, generic_result);
      ASSERT_EQ(fast->line(), generic->line());
    }
  }
}

// rules.md H-7: with the default rulings every enclosure already on the board is tied or not valid,
// so judging all enclosures after a move gives the verdict of judging only those it made.
TEST(HexabraeEngine, CountingAllEnclosuresEqualsCountingTheMadeOnesUnderDefaults) {
  auto made = make_game(hexabrae_game(), 3);
  auto all = make_game(hexabrae_game(), 3, {"enclosures-counted=all"});
  std::unique_ptr<State> other;
  int decided = 0;
  arbiter::testing::play_random_games(30 * kScale, 5, [&] {
    other = all->initial_state();
    return made->initial_state();
  }, [&](State& state, Move m) {
    state.apply(m);
    other->apply(m);
    ASSERT_EQ(state.outcome(), other->outcome()) << state.diagram();
    decided += state.outcome().kind == Outcome::Kind::Win;
  });
  EXPECT_GT(decided, 0);
}

TEST(HexabraeEngine, EveryGameEndsWithinMaxPlies) {
  for (const char* cap : {"200", "300", "1000"}) {
    auto game = make_game(hexabrae_game(), 2, {std::string("ply-cap=") + cap, "repetition=off"});
    Rng rng(3);
    for (int n = 0; n < 5 * kScale; ++n) {
      auto state = game->initial_state();
      state->random_playout(rng);
      EXPECT_TRUE(state->is_terminal());
      EXPECT_LE(state->ply(), game->max_plies());
    }
  }
}

TEST(HexabraeEngine, ThroughputOfRandomGames) {
  auto game = make_game(hexabrae_game(), 4);
  Rng rng(1);
  const auto start = std::chrono::steady_clock::now();
  long plies = 0;
  int games = 0, wins = 0;
  for (; games < 50 * kScale; ++games) {
    auto state = game->initial_state();
    wins += state->random_playout(rng).kind == Outcome::Kind::Win;
    plies += state->ply();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ bench ] %d random games on 61 fields: %.0f games/s, %.0f plies/s, %d decided by enclosure\n", games,
              games / seconds, static_cast<double>(plies) / seconds, wins);
  EXPECT_GT(wins, 0);
}

}  // namespace
}  // namespace arbiter::hexabrae

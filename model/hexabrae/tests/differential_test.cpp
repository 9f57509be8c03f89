// The legal-move generator against a plain transcription of seed 004's turn: every conceivable
// move (all kinds, all fields, all orientations) is judged by the text's conditions, with contacts
// taken from the exact rectangle geometry (classify_contact on every pair of bars, not the
// neighbour table), and the set of accepted moves must equal legal_moves() on random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include "model/hexabrae/engine.hpp"
#include "tests/game_param.hpp"

namespace arbiter::hexabrae {
namespace {

const int kDifferentialGames = arbiter::testing::scaled(40);

struct Reference {
  const HexBoard& board;
  const Rules& rules;
  Cells cells;

  Contact contact(int f, int o, int g) const {
    return classify_contact(board.bar(f, o), board.bar(g, orientation_of(cells[static_cast<std::size_t>(g)]))).kind;
  }
  // Directions d in {o, o+3} toward a bar touching short side to short side.
  std::set<int> short_touches(int f, int o) const {
    std::set<int> out;
    for (int g = 0; g < board.fields(); ++g) {
      if (g == f || cells[static_cast<std::size_t>(g)] == kEmpty || contact(f, o, g) != Contact::ShortSides) continue;
      for (const int d : {o, o + 3}) {
        if (board.neighbour(f, d) == g) out.insert(d);
      }
    }
    return out;
  }
  bool touches_anything(int f, int o) const {
    for (int g = 0; g < board.fields(); ++g) {
      if (g == f || cells[static_cast<std::size_t>(g)] == kEmpty) continue;
      bool adjacent = false;
      for (int k = 0; k < 6; ++k) adjacent |= board.neighbour(f, k) == g;
      if (rules.touch_means_adjacent ? adjacent : contact(f, o, g) != Contact::None) return true;
    }
    return false;
  }
  // The direction of a slide from f to t along axis o (o or o+3), or -1; checks the path.
  int slide_direction(int f, int t, int o, const std::set<int>& forbidden) const {
    for (const int d : {o, o + 3}) {
      if (forbidden.count(d)) continue;
      bool clear = true;
      for (int g = board.neighbour(f, d); g != kNoField; g = board.neighbour(g, d)) {
        if (g == t) {
          if (cells[static_cast<std::size_t>(g)] == kEmpty && (clear || rules.may_jump)) return d;
          break;
        }
        clear &= cells[static_cast<std::size_t>(g)] == kEmpty;
      }
    }
    return -1;
  }
};

std::set<Move> reference_moves(const HexabraeState& state) {
  const Position& pos = state.position();
  Reference ref{state.board(), state.rules(), pos.cells};
  const int side = pos.side, n = ref.board.fields();
  std::set<Move> out;
  if (pos.outcome.over()) return out;
  if (pos.placed[static_cast<std::size_t>(side)] < kPiecesPerSide) {
    for (int t = 0; t < n; ++t) {
      for (int o = 0; o < 3; ++o) {
        if (pos.cells[static_cast<std::size_t>(t)] == kEmpty && !ref.touches_anything(t, o)) {
          out.insert(encode_move({MoveKind::Place, kNoField, t, o}));
        }
      }
    }
  }
  for (int f = 0; f < n; ++f) {
    const std::int8_t cell = pos.cells[static_cast<std::size_t>(f)];
    if (cell == kEmpty || colour_of(cell) != side) continue;
    const int o = orientation_of(cell);
    const std::set<int> stuck = ref.short_touches(f, o);
    if (stuck.size() == 2) continue;  // totally immobilized
    for (int t = 0; t < n; ++t) {
      if (ref.slide_direction(f, t, o, stuck) < 0) continue;
      out.insert(encode_move({MoveKind::Slide, f, t, 0}));
      Reference there = ref;
      there.cells[static_cast<std::size_t>(f)] = kEmpty;
      there.cells[static_cast<std::size_t>(t)] = cell;
      const bool may_rotate = !ref.rules.immobilization_each_step || there.short_touches(t, o).empty();
      for (int o2 = 0; o2 < 3; ++o2) {
        if (o2 != o && may_rotate) out.insert(encode_move({MoveKind::SlideRotate, f, t, o2}));
      }
    }
    if (!stuck.empty()) continue;  // partially immobilized: no rotation first
    for (int o2 = 0; o2 < 3; ++o2) {
      if (o2 == o) continue;
      out.insert(encode_move({MoveKind::Rotate, f, kNoField, o2}));
      Reference turned = ref;
      turned.cells[static_cast<std::size_t>(f)] = static_cast<std::int8_t>(side * 3 + o2);
      const std::set<int> now_stuck = ref.rules.immobilization_each_step ? turned.short_touches(f, o2) : std::set<int>{};
      for (int t = 0; t < n; ++t) {
        if (turned.slide_direction(f, t, o2, now_stuck) >= 0) out.insert(encode_move({MoveKind::RotateSlide, f, t, o2}));
      }
    }
  }
  if (out.empty()) out.insert(encode_move({MoveKind::Pass, kNoField, kNoField, 0}));
  return out;
}

TEST(HexabraeMoveReference, LegalMovesEqualATranscriptionOfTheText) {
  const std::vector<std::pair<int, std::vector<std::string>>> settings = {
      {3, {}},
      {2, {}},
      {3, {"path=jump"}},
      {3, {"immobilization=each-step"}},
      {2, {"touch=adjacent", "path=jump", "immobilization=each-step"}},
  };
  Rng rng(17);
  long positions = 0;
  for (const auto& [radius, rulings] : settings) {
    auto game = make_game(hexabrae_game(), radius, rulings);
    for (int n = 0; n < kDifferentialGames; ++n) {
      auto state = game->initial_state();
      std::vector<Move> moves;
      while (!state->is_terminal()) {
        moves.clear();
        state->legal_moves(moves);
        const std::set<Move> got(moves.begin(), moves.end());
        ASSERT_EQ(got, reference_moves(dynamic_cast<const HexabraeState&>(*state))) << state->diagram();
        ++positions;
        state->apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
  }
  std::printf("[ moves ] legal moves of %ld positions equal the transcription\n", positions);
}

}  // namespace
}  // namespace arbiter::hexabrae

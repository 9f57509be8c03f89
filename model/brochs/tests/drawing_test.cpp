// Pictures: the status under the board says why a finished game ended, whichever way it did, and a
// legend under the reserve says what keeps, the main piece and the central cross look like.
#include "model/brochs/tests/fixtures.hpp"
#include "puzzles/diagram.hpp"

namespace arbiter::brochs::testing {
namespace {

// A 7x7 position (keeps b2, f2, b6, f6) with Black pieces on `black`, White ones on `white`.
std::unique_ptr<BrochsState> staged(const std::vector<std::string>& rulings, const std::vector<std::string>& black,
                                    const std::vector<std::string>& white, int reserve, int ply, int passes, bool repeated) {
  auto s = std::make_unique<BrochsState>(rules_for(7, rulings));
  for (const std::string& square : black) s->put(cell(*s, square), Black);
  for (const std::string& square : white) s->put(cell(*s, square), White);
  s->set_reserve(reserve, false);
  s->set_turn(kWhiteSide, ply, passes, false, repeated);
  s->finish_setup();
  return s;
}

TEST(Picture, TheStatusOfAFinishedGameSaysWhyItEnded) {
  const std::vector<std::string> white = {"d6", "e7"};
  struct Ending {
    std::unique_ptr<BrochsState> state;
    std::string status;
  };
  std::vector<Ending> endings;
  endings.push_back({staged({}, {"b2", "f2", "b6", "f6"}, white, 0, 30, 0, false), "Black wins, all four keeps held"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 1, 30, 0, false), "White wins, Black has 3 pieces left"});
  endings.push_back({staged({"end=keeps-main"}, {"a1", "c1"}, white, 4, 30, 0, false), "White wins, main piece captured"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 4, 30, 2, false), "White wins, two passes"});
  endings.push_back({staged({"end=keeps-draw"}, {"a1", "c1"}, white, 4, 30, 0, true), "Draw, repetition"});
  endings.push_back({staged({}, {"a1", "c1"}, white, 4, 400, 0, false), "White wins, ply cap 400"});
  endings.push_back({staged({"ply-cap=200"}, {"a1", "c1"}, white, 4, 200, 1, false), "White wins, ply cap 200"});
  for (const Ending& e : endings) {
    ASSERT_TRUE(e.state->is_terminal()) << e.status;
    EXPECT_EQ(puzzles::side_status(descriptor(), *e.state), e.status) << e.state->diagram();
  }
  // A game that goes on keeps its notes.
  const auto going = staged({}, {"a1", "c1"}, white, 4, 30, 1, false);
  EXPECT_EQ(puzzles::side_status(descriptor(), *going), "White to move, passes 1");
}

// Every game of random play ends with one reason in its picture's status, the one its verdict gives.
TEST(Picture, EveryRandomGameEndsWithItsReason) {
  Rng rng(19);
  for (const auto& rulings : std::vector<std::vector<std::string>>{{}, {"end=keeps-main", "ply-cap=200"}, {"end=keeps-draw"}}) {
    for (int game = 0; game < 12 / kScale + 1; ++game) {
      auto s = start(7 + 2 * (game % 3), rulings);
      while (!s->is_terminal()) s->apply(s->random_move(rng));
      const std::vector<std::string> notes = s->status_notes();
      ASSERT_EQ(notes.size(), 1u) << s->diagram();
      EXPECT_FALSE(notes[0].empty()) << s->diagram();
      EXPECT_NE(puzzles::side_status(descriptor(), *s).find(", " + notes[0]), std::string::npos);
    }
  }
}


// The legend: its three entries in one row under the reserve line, inside the picture on the
// smallest board too; its swatches are not counted as pieces on the board.
TEST(Picture, ALegendNamesKeepsTheMainPieceAndTheCross) {
  for (const int size : {7, 15}) {
    const auto s = start(size, {"start=north-row"});
    const Drawing d = s->drawing();
    double reserve_y = 0;
    std::vector<std::string> words;
    int main_rings = 0;
    for (const Shape& shape : d.shapes) {
      if (shape.role == "reserve") reserve_y = shape.points[0].second;
      if (shape.role == "main") ++main_rings;
      if (shape.role != "legend") continue;
      words.push_back(shape.text);
      EXPECT_GE(shape.points[0].first, 0);
      EXPECT_LE(shape.points[0].first + 0.6 * shape.font_size * static_cast<double>(shape.text.size()), d.width) << shape.text;
      EXPECT_GT(shape.points[0].second, reserve_y);
      EXPECT_LT(shape.points[0].second + shape.font_size, d.height);
    }
    EXPECT_EQ(words, (std::vector<std::string>{"keep", "main piece", "central cross"}));
    EXPECT_EQ(main_rings, 2);  // the main piece on the board: its stone and its gold ring
  }
}

}  // namespace
}  // namespace arbiter::brochs::testing

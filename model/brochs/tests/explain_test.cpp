// Why a move is illegal: the reason `moves --why` and `explain` give names the obstacle the engine
// meets, and a ruling only as the rulings in force set it.
#include <regex>

#include "model/brochs/tests/fixtures.hpp"

namespace arbiter::brochs::testing {
namespace {

// Black's piece on c9 moves North over c7, an empty keep, to c3 (another one); c2 holds a White piece.
const std::string kPastAKeep =
    "brochs 9 ....+..../..W.+..../..#.+.#../....+..../+++++++++/....+..../..#.+.#../....+..../S.B.+.... black 20 8 0";

// The reason parse_move gives for an illegal move (what `moves --why` lists), or "" when it is legal.
std::string why_not(const BrochsState& s, const std::string& text) {
  try {
    s.parse_move(text);
    return "";
  } catch (const InputError& error) {
    return error.what();
  }
}

TEST(ExplainIllegal, AStepNamesThePieceInItsWayNotAPassableKeep) {
  for (const std::string ruling : {"passable", "hostile"}) {
    const auto s = load(kPastAKeep + (ruling == "passable" ? "" : " empty-keeps=" + ruling), {"empty-keeps=" + ruling});
    EXPECT_EQ(why_not(*s, "c9-c3"), "") << ruling;  // crosses the empty keep c7
    const std::string onto = why_not(*s, "c9-c2");
    EXPECT_NE(onto.find("c2 is occupied by a White piece"), std::string::npos) << ruling << ": " << onto;
    const std::string past = why_not(*s, "c9-c1");
    EXPECT_NE(past.find("the way is blocked at c2 by a White piece"), std::string::npos) << ruling << ": " << past;
    EXPECT_EQ(past.find("keep"), std::string::npos) << ruling << ": " << past;
    EXPECT_NE(s->explain_text("c9-c1").find("blocked at c2"), std::string::npos);
  }
  // Where empty keeps block, c7 is the first obstacle, before the piece on c2.
  const auto blocked = load(kPastAKeep + " empty-keeps=blocked", {"empty-keeps=blocked"});
  EXPECT_NE(why_not(*blocked, "c9-c3").find("the empty keep c7 cannot be crossed (empty-keeps=blocked"), std::string::npos);
  EXPECT_NE(why_not(*blocked, "c9-c2").find("the empty keep c7"), std::string::npos);
  EXPECT_EQ(why_not(*blocked, "c9-c7"), "");  // an empty keep may be entered
}

// A step that starts and ends on one square is refused for what it is, not as a diagonal.
TEST(ExplainIllegal, AStepToItsOwnSquareDoesNotMoveThePiece) {
  const auto s = load(kPastAKeep);
  const std::string why = why_not(*s, "c9-c9");
  EXPECT_NE(why.find("c9-c9 does not move the piece"), std::string::npos) << why;
  EXPECT_EQ(why.find("row or column"), std::string::npos) << why;
  EXPECT_NE(why_not(*s, "a9-b8").find("pieces move along a row or column"), std::string::npos);
}

// What the first obstacle of the step from-to is, walked independently of the engine: the first
// piece on the way (the destination included), or an empty keep crossed under empty-keeps=blocked.
std::string first_obstacle(const BrochsState& s, int from, int to) {
  const int n = s.tables().n;
  const int dr = (to / n > from / n) - (to / n < from / n), dc = (to % n > from % n) - (to % n < from % n);
  for (int c = from + dr * n + dc;; c += dr * n + dc) {
    if (s.at(c) != Empty) return s.cell_name(c);
    if (c == to) return "";
    if (s.rules().empty_keeps == EmptyKeeps::Blocked && s.tables().is_keep(c)) return s.cell_name(c);
  }
}

// Over random games under several rulings, every candidate move `moves --why` would list: the
// reason is empty exactly for the legal moves, every 'name=value' it names is a ruling in force
// with that value, and an illegal step along a line names its first obstacle.
TEST(ExplainIllegal, ReasonsAgreeWithLegalityAndNameOnlyRulingsInForce) {
  const std::regex ruling_named("([a-z][a-z-]*)=([a-z0-9-]+)");
  Rng rng(7);
  int steps_checked = 0, rulings_checked = 0, reasons_naming_rulings = 0;
  for (const auto& rulings : std::vector<std::vector<std::string>>{{},
                                                                   {"empty-keeps=blocked", "black-turn=set-first"},
                                                                   {"empty-keeps=hostile", "white-pass=only-when-stuck"},
                                                                   {"set-squares=keeps", "keep-setting=after-capture", "curse-holder=ordinary"},
                                                                   {"set-squares=anywhere", "curse-cost=free", "edge-captures=edges"}}) {
    for (const int size : {7, 9}) {
      auto s = start(size, rulings);
      const Config config = config_from_rules(s->rules());
      for (int ply = 0; !s->is_terminal(); ++ply) {
        if (ply % (8 * kScale) == 0) {
          for (const std::string& text : s->candidate_moves()) {
            const std::string reason = why_not(*s, text);
            const std::string explained = s->explain_text(text);
            ASSERT_EQ(reason.empty(), explained.find("cannot play this") == std::string::npos) << text << "\n" << explained << s->diagram();
            for (const std::string* said : {&reason, &explained}) {
              for (std::sregex_iterator it(said->begin(), said->end(), ruling_named), end; it != end; ++it) {
                const std::string name = (*it)[1], value = (*it)[2];
                ASSERT_TRUE(config.rulings.contains(name)) << *said;
                ASSERT_EQ(config.rule(name), value) << text << ": " << *said << "\n" << s->diagram();
                ++rulings_checked;
                reasons_naming_rulings += said == &reason;
              }
            }
            const auto dash = text.find('-');
            if (reason.empty() || dash == std::string::npos || reason.find("set from reserve") != std::string::npos) continue;
            const int from = cell(*s, text.substr(0, dash)), to = cell(*s, text.substr(dash + 1));
            const std::string obstacle = first_obstacle(*s, from, to);
            ASSERT_FALSE(obstacle.empty()) << text << ": " << reason;
            const std::regex names_a_cell("(at |keep )?([a-o][0-9]+)( is occupied| by| cannot)");
            std::smatch named;
            ASSERT_TRUE(std::regex_search(reason, named, names_a_cell)) << reason;
            ASSERT_EQ(named[2].str(), obstacle) << text << ": " << reason << "\n" << s->diagram();
            ++steps_checked;
          }
        }
        s->apply(s->random_move(rng));
      }
    }
  }
  EXPECT_GT(steps_checked, 1000 / kScale);
  EXPECT_GT(rulings_checked, 100 / kScale);
  EXPECT_GT(reasons_naming_rulings, 10 / kScale);
}

}  // namespace
}  // namespace arbiter::brochs::testing

// The solver against plain minimax on positions of random small games of every registered game,
// and its certificates against the reference implementation: every one written must verify, and
// tampered ones must be rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "model/core/errors.hpp"
#include "model/core/zobrist.hpp"
#include "properties/conformance.hpp"
#include "solver/board_map.hpp"
#include "solver/bounded_search.hpp"
#include "solver/certificate.hpp"
#include "solver/dfpn.hpp"
#include "solver/extraction_memo.hpp"
#include "solver/interrupt.hpp"
#include "solver/solve.hpp"
#include "solver/transposition_table.hpp"
#include "solver/zeroed_memory.hpp"
#include "solver/zone_table.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

using solver::Certificate;
using solver::Value;

class SolverOnEveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  const GameDescriptor& game() const { return find_game(GetParam()); }
  // The comparisons on the game's small positions (below), run by one test.
  void ExactValuesEqualPlainMinimaxAndCertificatesVerify();
  void ValuesWithoutCertificatesEqualValuesWithThem();
  void BoundedSearchEqualsPlainSearchAndCertificatesVerify();
  void ValueOnlyNamesOneWinningMoveThatAFullSolveConfirms();
};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SolverOnEveryGame);

// Plain minimax over the game's last (reference) implementation, memoised by printed position:
// +1 if side 0 wins, -1 if side 1 wins, 0 for a draw; nullopt past the node budget or the deadline.
class Minimax {
 public:
  explicit Minimax(long budget, std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max())
      : budget_(budget), deadline_(deadline) {}
  // Values already found stay memoised; the next searches get a fresh budget.
  void renew_budget(long budget, std::chrono::steady_clock::time_point deadline) {
    budget_ = budget;
    deadline_ = deadline;
  }
  std::optional<int> value(const State& s) {
    if (s.is_terminal()) {
      const Outcome o = s.outcome();
      return o.kind == Outcome::Kind::Win ? (o.winner == 0 ? 1 : -1) : 0;
    }
    const std::string key = s.line();
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (out_of_budget()) return std::nullopt;
    std::vector<Move> moves;
    s.legal_moves(moves);
    const int mover = s.side_to_move();
    int best = mover == 0 ? -2 : 2;
    for (Move m : moves) {
      auto child = s.clone();
      child->apply(m);
      const auto v = value(*child);
      if (!v) return std::nullopt;
      best = mover == 0 ? std::max(best, *v) : std::min(best, *v);
      if (best == (mover == 0 ? 1 : -1)) break;
    }
    memo_[key] = best;
    return best;
  }
  // Can `attacker` (to move or not) force a win within k of its own moves? nullopt past budget.
  std::optional<bool> wins_within(const State& s, int attacker, int k) {
    if (s.is_terminal()) return s.outcome().kind == Outcome::Kind::Win && s.outcome().winner == attacker;
    if (s.side_to_move() == attacker && k == 0) return false;
    if (out_of_budget()) return std::nullopt;
    std::vector<Move> moves;
    s.legal_moves(moves);
    const bool attacking = s.side_to_move() == attacker;
    for (Move m : moves) {
      auto child = s.clone();
      child->apply(m);
      const auto w = wins_within(*child, attacker, attacking ? k - 1 : k);
      if (!w) return std::nullopt;
      if (*w == attacking) return attacking;
    }
    return !attacking;
  }

 private:
  bool out_of_budget() {
    return --budget_ < 0 || ((budget_ & 255) == 0 && std::chrono::steady_clock::now() > deadline_);
  }
  long budget_;
  std::chrono::steady_clock::time_point deadline_;
  std::map<std::string, int> memo_;
};

// Wide games (hundreds of moves a position) make plain minimax slow, above all under the
// sanitizers: each test compares moves until this much time has gone, and always at least one.
// The sanitizers look for memory errors, which the first positions show as well as the last.
constexpr auto kTimeBox = std::chrono::seconds(testing::when_sanitized(3, 6));
// Positions are taken where plain minimax settles them within this many nodes (more for the
// initial position, which is taken whenever it is small enough).
constexpr long kMinimaxProbeBudget = 2000;
constexpr long kInitialProbeBudget = 20000;

Value expected_value(int minimax_for_side0, int mover) {
  const int v = mover == 0 ? minimax_for_side0 : -minimax_for_side0;
  return v > 0 ? Value::Win : v < 0 ? Value::Loss : Value::Draw;
}

std::string reference_of(const Game& game) { return game.implementations().back(); }

// Positions of random games at the game's small sizes, last ones first, whose plain minimax stays
// within the budget: the initial position itself when it is small enough. A larger board's
// initial position is not tried once a smaller one's was too large: such a probe is long and
// fails (Hexabrae radius 3's took 16.5 s under the sanitizers).
std::vector<std::pair<std::unique_ptr<Game>, std::string>> small_positions(const GameDescriptor& descriptor, int wanted) {
  std::vector<std::pair<std::unique_ptr<Game>, std::string>> out;
  auto sizes = testing::interesting_sizes(descriptor);
  if (sizes.size() > 1) sizes.pop_back();  // the default size is too large for minimax
  Rng rng(20261123);
  bool initial_too_large = false;
  for (int size : sizes) {
    auto game = make_game(descriptor, size, {});
    const std::string ref = reference_of(*game);
    int taken_here = 0;
    if (!initial_too_large) {
      Minimax probe(kInitialProbeBudget);
      auto initial = game->initial_state(ref);
      if (probe.value(*initial)) {
        out.emplace_back(make_game(descriptor, size, {}), initial->line());
        ++taken_here;
      } else {
        initial_too_large = true;
      }
    }
    for (int g = 0; g < 12 && taken_here < wanted; ++g) {
      const auto moves = random_game(*game, ref, rng);
      std::vector<std::string> lines;
      auto state = game->initial_state(ref);
      for (Move m : moves) {
        lines.push_back(state->line());
        state->apply(m);
      }
      // From the end backwards, while minimax stays cheap; one position every few plies.
      for (std::size_t back = 1; back <= lines.size() && taken_here < wanted; back += 3) {
        auto position = game->parse_position(lines[lines.size() - back], ref);
        Minimax probe(kMinimaxProbeBudget);
        if (!probe.value(*position)) break;
        out.emplace_back(make_game(descriptor, size, {}), position->line());
        ++taken_here;
      }
    }
  }
  return out;
}

using SmallPositions = std::vector<std::pair<std::unique_ptr<Game>, std::string>>;

// Finding the positions costs more than testing them for the wide games under the sanitizers, so
// the comparisons share one set per game (and run in one test, below).
const SmallPositions& shared_small_positions(const GameDescriptor& descriptor) {
  static std::map<std::string, SmallPositions> found;
  auto it = found.find(descriptor.name);
  if (it == found.end()) it = found.emplace(descriptor.name, small_positions(descriptor, testing::scaled(12) + 2)).first;
  return it->second;
}

// What the comparisons over the shared small positions have in common: positions are taken one
// at a time while the time box lasts, and at least one comparison is always made.
struct TimeBox {
  const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  int compared = 0;
  std::chrono::steady_clock::time_point end() const { return start + kTimeBox; }
  bool over() const { return compared > 0 && std::chrono::steady_clock::now() > end(); }
};

// Each shared small position of the game that is not over, as (configured game, line, root in the
// fast implementation), until the box's time is over.
template <typename Visit>
void for_each_small_root(const GameDescriptor& descriptor, const TimeBox& box, Visit visit) {
  for (const auto& [configured, line] : shared_small_positions(descriptor)) {
    if (box.over()) break;
    auto root = configured->parse_position(line, configured->implementations().front());
    if (!root->is_terminal()) visit(*configured, line, *root);
  }
}

// A small table and a few seconds per position: where the solver needs longer (wide positions of
// the piece games), the position is not compared rather than the suite made slow.
solver::SolveOptions exact_options() {
  solver::SolveOptions options;
  options.table_megabytes = 8;
  options.control.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  return options;
}

Certificate round_trip(const Certificate& c) {
  std::stringstream text;
  c.write(text);
  return Certificate::read(text, "test");
}

// Alters node `id` of a certificate (its nodes are stored compactly, so a node is changed whole).
template <class Change>
void edit(Certificate& c, int id, Change change) {
  solver::CertificateNode node = c.node(id);
  change(node);
  c.replace(id, node);
}

void SolverOnEveryGame::ExactValuesEqualPlainMinimaxAndCertificatesVerify() {
  ASSERT_FALSE(shared_small_positions(game()).empty());
  TimeBox box;
  int skipped = 0;
  for_each_small_root(game(), box, [&](const Game& configured, const std::string& line, const State& root) {
    const solver::SolveResult result = solver::solve_moves(root, exact_options());
    if (result.value == Value::Unknown) {
      ++skipped;
      return;
    }
    auto reference = configured.parse_position(line, reference_of(configured));
    // The root's value takes at most the selection probe's budget. Each move's value gets a budget
    // of its own: a losing move means a full tree (Hexabrae's repetition history keeps the memo
    // from merging paths), and a move past its budget or the time box is not compared.
    Minimax minimax(kInitialProbeBudget);
    const auto root_value = minimax.value(*reference);
    ASSERT_TRUE(root_value.has_value()) << line;
    EXPECT_EQ(result.value, expected_value(*root_value, root.side_to_move())) << line;
    for (const solver::MoveResult& m : result.moves) {
      if (box.over()) break;
      auto child = reference->clone();
      child->apply(m.move);
      minimax.renew_budget(20'000, box.end());
      const auto v = minimax.value(*child);
      if (!v || m.value == Value::Unknown) continue;  // minimax's budget or the solver's time ran out
      EXPECT_EQ(m.value, expected_value(*v, root.side_to_move())) << line << " move " << m.text;
      ++box.compared;
    }
    const Certificate c = round_trip(solver::analysis_certificate(configured, root, result, "test"));
    const auto report = solver::verify_certificate(c, reference_of(configured));
    EXPECT_TRUE(report.accepted) << line << ": " << report.reason << "\n" << report.bad_position;
    EXPECT_GT(report.nodes_checked, 0u);
    // What --proof writes, streamed from the units, is the same text.
    std::ostringstream assembled, streamed;
    c.write(assembled);
    const solver::CertificateSummary summary = solver::write_analysis_certificate(streamed, configured, root, result, "test");
    EXPECT_EQ(streamed.str(), assembled.str()) << line;
    EXPECT_EQ(summary.nodes, c.size());
  });
  EXPECT_GT(box.compared, 0);
  EXPECT_LE(skipped, box.compared) << "most positions were not settled within the time given";
}

// Without certificates (a solve without --proof) every value is the same: the search's own
// numbers tell a loss from a refutation that needs a draw, and a second search settles the latter.
// Such units say they hold no certificate, read back from the journal's format as such, and their
// lines (read off the table) are legal play.
void SolverOnEveryGame::ValuesWithoutCertificatesEqualValuesWithThem() {
  TimeBox box;
  int draws = 0;
  for_each_small_root(game(), box, [&](const Game&, const std::string& line, const State& root) {
    const solver::SolveOptions with = exact_options();
    solver::SolveOptions without = with;
    without.certificates = false;
    const solver::SolveResult certified = solver::solve_moves(root, with);
    const solver::SolveResult plain = solver::solve_moves(root, without);
    ASSERT_EQ(certified.moves.size(), plain.moves.size());
    for (std::size_t i = 0; i < plain.moves.size(); ++i) {
      const solver::MoveResult& a = certified.moves[i];
      const solver::MoveResult& b = plain.moves[i];
      if (a.value == Value::Unknown || b.value == Value::Unknown) continue;
      EXPECT_EQ(a.value, b.value) << line << " move " << b.text;
      EXPECT_TRUE(a.certified);
      EXPECT_FALSE(b.certified);
      EXPECT_TRUE(b.claims.empty());
      draws += b.value == Value::Draw;
      auto replay = root.clone();
      replay->apply(b.move);
      for (const std::string& move : b.line) {
        ASSERT_FALSE(replay->is_terminal()) << line << " move " << b.text << ": the line goes on after the end";
        replay->apply(replay->parse_move(move));
      }
      for (const solver::MoveResult* unit : {&a, &b}) {
        std::stringstream text;
        solver::write_move_result(text, *unit);
        const auto back = solver::read_move_result(text, "test");
        ASSERT_TRUE(back.has_value()) << text.str();
        EXPECT_EQ(back->value, unit->value);
        EXPECT_EQ(back->certified, unit->certified);
        EXPECT_EQ(back->line, unit->line);
      }
      ++box.compared;
    }
  });
  EXPECT_GT(box.compared, 0);
  std::printf("%d moves compared, %d of them draws\n", box.compared, draws);
}

void SolverOnEveryGame::BoundedSearchEqualsPlainSearchAndCertificatesVerify() {
  TimeBox box;
  for_each_small_root(game(), box, [&](const Game& configured, const std::string& line, const State& root) {
    for (int k = 1; k <= 2; ++k) {
      solver::SolveOptions options;
      options.within = k;
      options.table_megabytes = 4;
      const solver::SolveResult result = solver::solve_moves(root, options);
      auto reference = configured.parse_position(line, reference_of(configured));
      const int mover = root.side_to_move();
      for (const solver::MoveResult& m : result.moves) {
        if (box.over()) break;
        auto child = reference->clone();
        child->apply(m.move);
        Minimax plain(2'000'000, box.compared > 0 ? box.end() : std::chrono::steady_clock::time_point::max());
        const auto w = plain.wins_within(*child, mover, k - 1);
        if (!w) continue;
        EXPECT_EQ(m.value, *w ? Value::WinWithin : Value::NoWinWithin) << line << " within " << k << " move " << m.text;
        ++box.compared;
      }
      const Certificate c = round_trip(solver::analysis_certificate(configured, root, result, "test"));
      const auto report = solver::verify_certificate(c, reference_of(configured));
      EXPECT_TRUE(report.accepted) << line << " within " << k << ": " << report.reason << "\n" << report.bad_position;
    }
  });
  EXPECT_GT(box.compared, 0);
}

// --value-only: the same value as a full solve; a win names one move that the full solve finds
// winning (exact: the root's own search; bounded: the first winning move in search order, every
// move before it settled as the full solve settles it), the same move on 1 and 2 threads, every
// other move unknown, and a certificate of the claim that the reference implementation accepts.
// Raced on two threads (race_root, exact only), all of that but the same move.
void SolverOnEveryGame::ValueOnlyNamesOneWinningMoveThatAFullSolveConfirms() {
  TimeBox box;
  int wins = 0;
  for_each_small_root(game(), box, [&](const Game& configured, const std::string& line, const State& root) {
    for (int within : {0, 2}) {
      solver::SolveOptions full = exact_options();
      full.within = within;
      const solver::SolveResult all = solver::solve_moves(root, full);
      if (all.value == Value::Unknown) return;
      std::vector<std::string> named;
      for (const auto& [threads, race] : {std::pair{1, false}, std::pair{2, false}, std::pair{2, true}}) {
        if (race && within > 0) continue;
        solver::SolveOptions fast = exact_options();
        fast.within = within;
        fast.value_only = true;
        fast.threads = threads;
        fast.race_root = race;
        const solver::SolveResult some = solver::solve_moves(root, fast);
        if (some.value == Value::Unknown) return;
        ASSERT_EQ(some.value, all.value) << line << " within " << within;
        const bool won = some.value == Value::Win || some.value == Value::WinWithin;
        if (!won) {
          EXPECT_EQ(some.not_searched, 0u) << line;
          continue;
        }
        std::size_t winner = all.moves.size(), unknown = 0;
        for (std::size_t i = 0; i < some.moves.size(); ++i) {
          if (some.moves[i].value == Value::Unknown) {
            ++unknown;
          } else if (some.moves[i].value == some.value) {
            EXPECT_EQ(winner, all.moves.size()) << line << ": two winning moves named";
            winner = i;
          } else {
            EXPECT_EQ(some.moves[i].value, all.moves[i].value) << line << " move " << some.moves[i].text;
          }
        }
        ASSERT_LT(winner, all.moves.size()) << line;
        EXPECT_EQ(all.moves[winner].value, some.value) << line << " move " << some.moves[winner].text;
        EXPECT_EQ(unknown, some.not_searched) << line;
        if (within == 0) {
          EXPECT_EQ(some.not_searched, some.moves.size() - 1) << line;
        }
        if (within > 0) {
          // Every move before the winner in search order is settled, none after it.
          std::vector<Move> moves;
          root.legal_moves(moves);
          const auto order = solver::search_order(root, moves);
          bool after = false;
          for (std::size_t i : order) {
            if (i == winner) {
              after = true;
            } else {
              EXPECT_EQ(some.moves[i].value == Value::Unknown, after) << line << " move " << some.moves[i].text;
            }
          }
        }
        if (!race) named.push_back(some.moves[winner].text);
        const Certificate c = round_trip(solver::analysis_certificate(configured, root, some, "test"));
        const auto report = solver::verify_certificate(c, reference_of(configured));
        EXPECT_TRUE(report.accepted) << line << ": " << report.reason << "\n" << report.bad_position;
        ++wins;
        ++box.compared;
      }
      if (named.size() == 2) {
        EXPECT_EQ(named[0], named[1]) << line << " within " << within;
      }
    }
  });
  EXPECT_GT(wins, 0) << "no position with a win was compared";
  std::printf("%d value-only wins checked\n", wins);
}

// One test, not four: ctest runs every test in a process of its own, and finding the small
// positions (plain minimax probes that must fail before a too-large one is passed over) costs more
// than comparing on them for the wide games: 36 s of each Hexabrae comparison's 36-46 s under the
// sanitizers when each found them anew.
TEST_P(SolverOnEveryGame, AgreesWithPlainSearchOnSmallPositions) {
  {
    SCOPED_TRACE("ExactValuesEqualPlainMinimaxAndCertificatesVerify");
    ExactValuesEqualPlainMinimaxAndCertificatesVerify();
  }
  {
    SCOPED_TRACE("ValuesWithoutCertificatesEqualValuesWithThem");
    ValuesWithoutCertificatesEqualValuesWithThem();
  }
  {
    SCOPED_TRACE("BoundedSearchEqualsPlainSearchAndCertificatesVerify");
    BoundedSearchEqualsPlainSearchAndCertificatesVerify();
  }
  {
    SCOPED_TRACE("ValueOnlyNamesOneWinningMoveThatAFullSolveConfirms");
    ValueOnlyNamesOneWinningMoveThatAFullSolveConfirms();
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, SolverOnEveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

// Tampering, on the first registered game's certificates: a defence removed, a move changed, a
// claim given to the other side, a truncated file.
class TamperedCertificates : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const GameDescriptor* descriptor : registered_games()) {
      for (auto& [configured, line] : small_positions(*descriptor, 6)) {
        auto root = configured->parse_position(line, configured->implementations().front());
        if (root->is_terminal()) continue;
        solver::SolveOptions options;
        options.table_megabytes = 4;
        const auto result = solver::solve_moves(*root, options);
        Certificate c = solver::analysis_certificate(*configured, *root, result, "test");
        // Wanted: a node answering at least two replies, and a root move that wins beside one
        // that loses.
        const auto win = std::find_if(result.moves.begin(), result.moves.end(), [](const auto& m) { return m.value == Value::Win; });
        const auto loss = std::find_if(result.moves.begin(), result.moves.end(), [](const auto& m) { return m.value == Value::Loss; });
        if (win == result.moves.end() || loss == result.moves.end()) continue;
        for (int id = 1; id <= c.size(); ++id) {
          if (!c.analysis(id) && c.edges(id).size() >= 2) {
            certificate_ = c;
            // A solve stopped with only these two moves settled (a time limit, --max-units).
            solver::SolveResult cut = result;
            for (auto& m : cut.moves) {
              if (m.text == win->text || m.text == loss->text) continue;
              m = solver::unsettled_move(*root, m.move);
            }
            partial_ = solver::analysis_certificate(*configured, *root, cut, "test");
            legal_moves_ = result.moves.size();
            defended_ = id;
            winning_ = win->text;
            losing_ = loss->text;
            reference_ = reference_of(*configured);
            game_ = std::move(configured);
            root_line_ = line;
            return;
          }
        }
      }
    }
  }
  bool accepted(const Certificate& c) { return solver::verify_certificate(round_trip(c), reference_).accepted; }
  // The winning move's proof relabelled as the losing move's, and the other way round.
  void swap_root_moves(Certificate& c) const {
    edit(c, c.root, [&](solver::CertificateNode& node) {
      for (auto& [move, child] : node.children) {
        if (move == winning_) move = losing_;
        else if (move == losing_) move = winning_;
      }
    });
  }

  // The first node, walking the certificate from its root, that leaves a reply to its default
  // answer after which the game is not over and some legal move does not win at once: its id and
  // that move (a wrong answer there).
  struct Answered {
    int id = 0;
    std::string wrong_answer;
  };
  static std::string non_winning_move(const State& after) {
    std::vector<Move> legal;
    after.legal_moves(legal);
    for (Move m : legal) {
      auto s = after.clone();
      s->apply(m);
      const Outcome o = s->outcome();
      if (!(o.kind == Outcome::Kind::Win && o.winner == after.side_to_move())) return after.move_text(m);
    }
    return "";
  }
  Answered first_answered_reply(const Certificate& c) const {
    auto root = game_->parse_position(root_line_, reference_);
    std::vector<std::pair<int, std::unique_ptr<State>>> todo;
    for (const auto& [move, child] : c.node(c.root).children) {
      auto s = root->clone();
      s->apply(s->parse_move(move));
      todo.emplace_back(child, std::move(s));
    }
    while (!todo.empty()) {
      auto [id, state] = std::move(todo.back());
      todo.pop_back();
      const solver::CertificateNode node = c.node(id);
      std::vector<Move> legal;
      state->legal_moves(legal);
      if (!node.answer.empty()) {
        for (Move reply : legal) {
          const std::string text = state->move_text(reply);
          const bool listed = std::any_of(node.children.begin(), node.children.end(), [&](const auto& ch) { return ch.first == text; });
          if (listed) continue;
          auto after = state->clone();
          after->apply(reply);
          if (after->is_terminal()) continue;
          if (std::string wrong = non_winning_move(*after); !wrong.empty()) return {id, wrong};
        }
      }
      for (const auto& [move, child] : node.children) {
        auto s = state->clone();
        s->apply(s->parse_move(move));
        todo.emplace_back(child, std::move(s));
      }
    }
    return {};
  }

  Certificate certificate_, partial_;
  std::unique_ptr<Game> game_;
  std::string root_line_;
  std::size_t legal_moves_ = 0;
  int defended_ = 0;
  std::string winning_, losing_;
  std::string reference_;
};

TEST_F(TamperedCertificates, AreRejected) {
  ASSERT_GT(defended_, 0) << "no certificate with a defended node among the small positions";
  EXPECT_TRUE(accepted(certificate_));

  // A defence removed (and no default answer left to cover it).
  Certificate missing_defence = certificate_;
  edit(missing_defence, defended_, [](solver::CertificateNode& node) {
    node.children.pop_back();
    node.answer.clear();
  });
  const auto report = solver::verify_certificate(round_trip(missing_defence), reference_);
  EXPECT_FALSE(report.accepted);
  EXPECT_NE(report.reason.find("every reply"), std::string::npos) << report.reason;
  EXPECT_FALSE(report.bad_position.empty());

  // The winning move's proof relabelled as the losing move's, and the other way round: a proof
  // that the mover wins cannot check out after a move that loses.
  Certificate swapped_moves = certificate_;
  swap_root_moves(swapped_moves);
  EXPECT_FALSE(accepted(swapped_moves));

  Certificate other_side = certificate_;
  for (int id = 1; id <= other_side.size(); ++id) {
    if (!other_side.analysis(id) && other_side.edges(id).empty()) {
      edit(other_side, id, [](solver::CertificateNode& node) {
        node.claim.side = 1 - node.claim.side;
        node.claim.kind = solver::Claim::Kind::Win;
        node.claim.bound = solver::kUnbounded;
      });
      break;
    }
  }
  EXPECT_FALSE(accepted(other_side));
}

// Defences that lose to a move winning at once are left to the node's default answer; the
// verifier plays each of them with the answer. An answer that does not win after one of them, that
// is not a move, that is dropped, or that stands at a node naming one move, is rejected.
TEST_F(TamperedCertificates, DefaultAnswersAreCheckedReplyByReply) {
  ASSERT_GT(defended_, 0) << "no certificate with a defended node among the small positions";
  const Answered answered = first_answered_reply(certificate_);
  ASSERT_GT(answered.id, 0) << "the certificate leaves no reply to a default answer";
  // A legal move there that does not win at once, as the answer.
  Certificate wrong_answer = certificate_;
  edit(wrong_answer, answered.id, [&](solver::CertificateNode& node) { node.answer = answered.wrong_answer; });
  const auto report = solver::verify_certificate(round_trip(wrong_answer), reference_);
  EXPECT_FALSE(report.accepted);
  EXPECT_NE(report.reason.find("default answer"), std::string::npos) << report.reason;
  EXPECT_FALSE(report.bad_position.empty());
  // The header is the node's own position; the diagram, a later one, says which.
  EXPECT_NE(report.reason.find("(the diagram: after the reply "), std::string::npos) << report.reason;

  Certificate not_a_move = certificate_;
  edit(not_a_move, answered.id, [](solver::CertificateNode& node) { node.answer = "no-such-move"; });
  EXPECT_FALSE(accepted(not_a_move));

  Certificate dropped = certificate_;
  edit(dropped, answered.id, [](solver::CertificateNode& node) { node.answer.clear(); });
  const auto dropped_report = solver::verify_certificate(round_trip(dropped), reference_);
  EXPECT_FALSE(dropped_report.accepted);
  EXPECT_NE(dropped_report.reason.find("every reply"), std::string::npos) << dropped_report.reason;

  // At a node that names one move, an answer has no place.
  Certificate misplaced = certificate_;
  for (int id = 1; id <= misplaced.size(); ++id) {
    solver::CertificateNode node = misplaced.node(id);
    if (!node.analysis && node.children.size() == 1 && node.answer.empty()) {
      node.answer = node.children.front().first;
      misplaced.replace(id, node);
      break;
    }
  }
  EXPECT_FALSE(accepted(misplaced));
}

// A solve stopped by its limits certifies what it settled: a partial analysis that lists the
// settled moves, each with its proof, and says nothing of the others. Marked as a full analysis it
// is rejected, and a move's proof still has to fit its move.
TEST_F(TamperedCertificates, APartialAnalysisCoversTheSettledMovesOnly) {
  ASSERT_GT(defended_, 0) << "no certificate with a defended node among the small positions";
  ASSERT_GT(legal_moves_, 2u);
  EXPECT_TRUE(partial_.analysis(partial_.root));
  EXPECT_TRUE(partial_.partial(partial_.root));
  const auto report = solver::verify_certificate(round_trip(partial_), reference_);
  ASSERT_TRUE(report.accepted) << report.reason << "\n" << report.bad_position;
  EXPECT_TRUE(report.partial);
  EXPECT_EQ(report.legal_moves, legal_moves_);
  std::vector<std::string> listed;
  for (const auto& verdict : report.moves) listed.push_back(verdict.move);
  std::sort(listed.begin(), listed.end());
  std::vector<std::string> expected{winning_, losing_};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(listed, expected);

  Certificate claimed_whole = partial_;
  edit(claimed_whole, claimed_whole.root, [](solver::CertificateNode& node) { node.partial = false; });
  const auto whole = solver::verify_certificate(round_trip(claimed_whole), reference_);
  EXPECT_FALSE(whole.accepted);
  EXPECT_NE(whole.reason.find("leaves out"), std::string::npos) << whole.reason;

  Certificate swapped_moves = partial_;
  swap_root_moves(swapped_moves);
  EXPECT_FALSE(accepted(swapped_moves));

  Certificate empty = partial_;
  edit(empty, empty.root, [](solver::CertificateNode& node) { node.children.clear(); });
  EXPECT_FALSE(accepted(empty));
}

// A solve's certificate in parts (what solve --proof-parts writes): every part verifies through
// the analysis that refers to it, the journal reads the parts back, and a part that is missing,
// belongs to another move or has lost a defence is a rejection of the whole.
TEST(CertificateParts, VerifyThroughTheirAnalysisAndAreCheckedAsCarefully) {
  namespace fs = std::filesystem;
  auto game = make_game(find_game("brique"), 3, {});
  auto root = game->initial_state();
  solver::SolveOptions options;
  options.table_megabytes = 8;
  solver::SolveResult result = solver::solve_moves(*root, options);
  ASSERT_NE(result.value, Value::Unknown);
  const fs::path dir = fs::temp_directory_path() / ("arbiter-parts-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (std::size_t i = 0; i < result.moves.size(); ++i) {
    solver::MoveResult& unit = result.moves[i];
    unit.parts = solver::write_certificate_parts(*game, *root, unit, (dir / "x.cert.parts").string(), "test");
    ASSERT_EQ(unit.parts.size(), unit.claims.size());
    unit.certificate = Certificate{};  // what --proof-parts drops from memory
    std::stringstream journal;
    solver::write_move_result(journal, unit);
    const auto back = solver::read_move_result(journal, "test");
    ASSERT_TRUE(back.has_value());
    EXPECT_TRUE(back->certified);
    ASSERT_EQ(back->parts.size(), unit.parts.size());
    EXPECT_EQ(back->parts.front().file, unit.parts.front().file);
    EXPECT_EQ(back->parts.front().claim, unit.parts.front().claim);
  }
  const fs::path file = dir / "x.cert";
  {
    std::ofstream out(file);
    solver::write_analysis_certificate(out, *game, *root, result, "test");
  }
  const auto verify = [&] {
    std::ifstream in(file);
    return solver::verify_certificate(Certificate::read(in, file.string()), "reference");
  };
  // Parts checked three at a time give the report one at a time gives, and each part is told once.
  const auto verify_in_threads = [&](int threads, std::size_t* told = nullptr) {
    std::ifstream in(file);
    solver::VerifyOptions parallel;
    parallel.threads = threads;
    if (told != nullptr) {
      parallel.on_part = [told](std::size_t done, std::size_t total, const std::string&, const solver::VerificationReport&) {
        EXPECT_EQ(done, ++*told);
        EXPECT_LE(done, total);
      };
    }
    return solver::verify_certificate(Certificate::read(in, file.string()), "reference", {}, parallel);
  };
  const auto same_report = [](const solver::VerificationReport& a, const solver::VerificationReport& b) {
    EXPECT_EQ(a.accepted, b.accepted);
    EXPECT_EQ(a.reason, b.reason);
    EXPECT_EQ(a.bad_position, b.bad_position);
    EXPECT_EQ(a.nodes_checked, b.nodes_checked);
    EXPECT_EQ(a.edges_checked, b.edges_checked);
    EXPECT_EQ(a.parts_checked, b.parts_checked);
    EXPECT_EQ(a.moves.size(), b.moves.size());
  };
  const auto whole = verify();
  EXPECT_TRUE(whole.accepted) << whole.reason;
  EXPECT_EQ(whole.parts_checked, result.moves.size());
  EXPECT_EQ(whole.moves.size(), result.moves.size());
  std::size_t told = 0;
  same_report(verify_in_threads(3, &told), whole);
  EXPECT_EQ(told, result.moves.size());
  const fs::path first = dir / result.moves[0].parts.front().file, second = dir / result.moves[1].parts.front().file;
  const fs::path last = dir / result.moves.back().parts.front().file;
  const fs::path kept = dir / "kept.cert";
  fs::rename(first, kept);
  EXPECT_FALSE(verify().accepted) << "a missing part";
  same_report(verify_in_threads(3), verify());
  fs::copy_file(second, first);
  const auto misplaced = verify();
  EXPECT_FALSE(misplaced.accepted);
  EXPECT_NE(misplaced.reason.find("another position"), std::string::npos) << misplaced.reason;
  // Two bad parts, the first and the last: the first in the certificate's order is the one named,
  // however the threads happen to finish.
  const fs::path last_kept = dir / "last-kept.cert";
  fs::rename(last, last_kept);
  const auto two_bad = verify_in_threads(1);
  EXPECT_EQ(two_bad.reason, misplaced.reason);
  for (int threads : {2, 3}) same_report(verify_in_threads(threads), two_bad);
  fs::rename(last_kept, last);
  fs::remove(first);
  fs::rename(kept, first);
  EXPECT_TRUE(verify().accepted);

  // A part may be the position's own solve, move by move (an analysis, as `solve --position`
  // writes): it stands for the claim when its verified moves give it. A partial one that leaves
  // out a needed reply, or one put under the opposite claim, is rejected. Tried for a first move
  // that wins (its part must answer every reply) and for one that loses (one reply is enough).
  const auto move_part = [&](std::size_t i) { return dir / result.moves[i].parts.front().file; };
  const auto put_part = [](const fs::path& where, const Certificate& part) {
    std::ofstream out(where);
    part.write(out);
  };
  for (const Value first_move_value : {Value::Win, Value::Loss}) {
    SCOPED_TRACE(solver::value_word(first_move_value));
    const auto it = std::find_if(result.moves.begin(), result.moves.end(),
                                 [&](const solver::MoveResult& m) { return m.value == first_move_value; });
    ASSERT_NE(it, result.moves.end());
    const auto i = static_cast<std::size_t>(it - result.moves.begin());
    const fs::path where = move_part(i);
    const fs::path saved = dir / "saved.cert";
    fs::copy_file(where, saved, fs::copy_options::overwrite_existing);
    auto after_move = root->clone();
    after_move->apply(it->move);
    const solver::SolveResult solved_after = solver::solve_moves(*after_move, options);
    ASSERT_EQ(solved_after.value, first_move_value == Value::Win ? Value::Loss : Value::Win);
    std::stringstream text;
    solver::write_analysis_certificate(text, *game, *after_move, solved_after, "test");
    const Certificate analysis_part = Certificate::read(text, where.string());
    put_part(where, analysis_part);
    const auto through_analysis = verify();
    EXPECT_TRUE(through_analysis.accepted) << through_analysis.reason;
    EXPECT_EQ(through_analysis.parts_checked, result.moves.size());
    same_report(verify_in_threads(2), through_analysis);

    // One move that does not win for the side to move after the first move left out.
    const auto dropped = std::find_if(solved_after.moves.begin(), solved_after.moves.end(),
                                      [](const solver::MoveResult& m) { return m.value != Value::Win; });
    ASSERT_NE(dropped, solved_after.moves.end());
    // Written as a solve stopped before that move writes it (a partial analysis whose nodes are all
    // reached): erasing the root's edge left the move's nodes in the file, reached by nothing, which
    // the check rejects first (session 50).
    solver::SolveResult unsettled = solved_after;
    unsettled.moves[static_cast<std::size_t>(dropped - solved_after.moves.begin())].value = Value::Unknown;
    std::stringstream cut_text;
    solver::write_analysis_certificate(cut_text, *game, *after_move, unsettled, "test");
    const Certificate cut = Certificate::read(cut_text, where.string());
    ASSERT_TRUE(cut.partial(cut.root));
    put_part(where, cut);
    const auto from_partial = verify();
    if (first_move_value == Value::Win) {
      EXPECT_FALSE(from_partial.accepted);
      EXPECT_NE(from_partial.reason.find("partial analysis"), std::string::npos) << from_partial.reason;
    } else {
      EXPECT_TRUE(from_partial.accepted) << "its winning move is still there: " << from_partial.reason;
    }

    put_part(where, analysis_part);
    std::ifstream in(file);
    Certificate top = Certificate::read(in, file.string());
    in.close();
    const Certificate kept_top = top;
    const int part_node = top.edges(top.root)[i].child;
    edit(top, part_node, [](solver::CertificateNode& node) { node.claim.side = 1 - node.claim.side; });
    put_part(file, top);
    const auto opposite = verify();
    EXPECT_FALSE(opposite.accepted);
    EXPECT_NE(opposite.reason.find("do not give"), std::string::npos) << opposite.reason;
    put_part(file, kept_top);
    fs::rename(saved, where);
    EXPECT_TRUE(verify().accepted);
  }

  // The same written while the units are extracted (SolveOptions::parts_directory): no
  // certificate is kept in memory, and the analysis of the parts verifies with the same values.
  fs::remove_all(dir);
  fs::create_directories(dir);
  options.parts_directory = (dir / "x.cert.parts").string();
  options.made_by = "test";
  const solver::SolveResult streamed = solver::solve_moves(*root, options);
  ASSERT_EQ(streamed.moves.size(), result.moves.size());
  for (std::size_t i = 0; i < streamed.moves.size(); ++i) {
    EXPECT_EQ(streamed.moves[i].value, result.moves[i].value);
    EXPECT_TRUE(streamed.moves[i].certified);
    EXPECT_EQ(streamed.moves[i].certificate.size(), 0);
    EXPECT_EQ(streamed.moves[i].parts.size(), 1u);
  }
  {
    std::ofstream out(file);
    solver::write_analysis_certificate(out, *game, *root, streamed, "test");
  }
  const auto from_stream = verify();
  EXPECT_TRUE(from_stream.accepted) << from_stream.reason;
  EXPECT_EQ(from_stream.parts_checked, streamed.moves.size());
  fs::remove_all(dir);
}

// A unit left alone with two threads is searched by both (the second joins it at once) and both
// extract its proof, the second from the first's entries in the shared table: the part written
// must still be one whole certificate (both once wrote their nodes to one scratch file), and no
// scratch file is left behind.
TEST(CertificateParts, TwoThreadsOnOneUnitWriteOneWholePart) {
  namespace fs = std::filesystem;
  auto game = make_game(find_game("brique"), 4, {});
  auto root = game->initial_state();
  solver::SolveOptions values;
  values.table_megabytes = 16;
  values.certificates = false;
  const solver::SolveResult known = solver::solve_moves(*root, values);
  // The unit whose search took the most nodes is left to solve: its extraction is the longest.
  std::size_t left = 0;
  for (std::size_t i = 0; i < known.moves.size(); ++i) {
    if (known.moves[i].stats.nodes > known.moves[left].stats.nodes) left = i;
  }
  std::vector<std::optional<solver::MoveResult>> finished(known.moves.begin(), known.moves.end());
  finished[left].reset();
  const fs::path dir = fs::temp_directory_path() / ("arbiter-two-on-one-" + std::to_string(::getpid()));
  for (int attempt = 0; attempt < 5; ++attempt) {
    fs::remove_all(dir);
    solver::SolveOptions options;
    options.table_megabytes = 16;
    options.threads = 2;
    options.parts_directory = (dir / "x.cert.parts").string();
    options.made_by = "test";
    const solver::SolveResult result = solver::solve_moves(*root, options, finished);
    const solver::MoveResult& unit = result.moves[left];
    EXPECT_EQ(unit.value, known.moves[left].value);
    ASSERT_EQ(unit.parts.size(), 1u);
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir / "x.cert.parts")) files.push_back(entry.path().filename().string());
    EXPECT_EQ(files, std::vector<std::string>{fs::path(unit.parts.front().file).filename().string()});
    std::ifstream in(dir / unit.parts.front().file);
    const Certificate part = Certificate::read(in, (dir / unit.parts.front().file).string());
    const auto report = solver::verify_certificate(part, "reference");
    EXPECT_TRUE(report.accepted) << report.reason;
  }
  fs::remove_all(dir);
}

// A node may be reached along several edges (the extraction writes a subtree met twice once), but
// only ever at one position; the verifier keeps where it was first reached for such nodes only.
// The certificate of a small position solved move by move (an analysis), as written and read back.
Certificate analysis_certificate(const Game& game, const State& root) {
  solver::SolveOptions options;
  options.table_megabytes = 8;
  const solver::SolveResult result = solver::solve_moves(root, options);
  std::stringstream text;
  solver::write_analysis_certificate(text, game, root, result, "test");
  return Certificate::read(text, "test.cert");
}

TEST(CertificateSharing, ANodeReachedTwiceMustBeReachedAtOnePosition) {
  auto game = make_game(find_game("brique"), 3, {});
  auto root = game->initial_state();
  const Certificate certificate = analysis_certificate(*game, *root);
  std::vector<int> parents(static_cast<std::size_t>(certificate.size()) + 1, 0);
  int parent = 0;
  for (int id = 1; id <= certificate.size(); ++id) {
    const auto children = certificate.edges(id);
    for (const auto& edge : children) ++parents[static_cast<std::size_t>(edge.child)];
    if (parent == 0 && !certificate.analysis(id) && children.size() >= 2 && children[0].child != children[1].child) parent = id;
  }
  EXPECT_GT(std::count_if(parents.begin(), parents.end(), [](int n) { return n > 1; }), 0)
      << "the certificate shares no subtree, so its acceptance does not exercise sharing";
  const auto whole = solver::verify_certificate(certificate, "reference");
  EXPECT_TRUE(whole.accepted) << whole.reason;
  ASSERT_GT(parent, 0);
  Certificate rewired = certificate;
  edit(rewired, parent, [](solver::CertificateNode& node) { node.children[1].second = node.children[0].second; });
  const auto report = solver::verify_certificate(rewired, "reference");
  EXPECT_FALSE(report.accepted);
  EXPECT_NE(report.reason.find("two different positions"), std::string::npos) << report.reason;
}

// Hexabrae keys its repetition history as a multiset (only how often a position occurred
// matters), so the search and the extraction share a node between positions whose histories visit
// the same positions in another order. The verifier compares them by State::equivalence_text, not
// by their printed forms: the tester's certificates were rejected so (s47). Two positions that
// differ in the positions of their history are still not one node.
TEST(CertificateSharing, PositionsEqualUpToTheirHistorysOrderAreOneNode) {
  auto game = make_game(find_game("hexabrae"), 2, {});
  // White can turn b1 to b2 and back in two ways, Black shuttles d3-e3: 8 plies before the cap.
  auto root = game->parse_position(
      "hexabrae 2 Ba1/1 Ba2/1 Wa3/0 Wb1/1 Bb3/0 Wc1/1 Bc2/1 Wc3/1 Bc4/1 Bc5/1 Wd2/0 Bd3/2 We1/0 white 290 "
      "history:a3/2>a3/0,e3/2>d3/2");
  const Certificate certificate = analysis_certificate(*game, *root);

  // Where each node is first reached, and whether one is reached again at another printed form.
  struct Reached {
    std::string line, equivalence;
    bool over = false;
    int parent = 0, edge = 0;  // one edge into it
  };
  std::map<int, Reached> reached;
  int reordered = 0;
  std::vector<std::pair<int, std::unique_ptr<State>>> todo;
  todo.emplace_back(certificate.root, root->clone());
  while (!todo.empty()) {
    auto [id, state] = std::move(todo.back());
    todo.pop_back();
    const auto edges = certificate.edges(id);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      auto child = state->clone();
      child->apply(child->parse_move(certificate.move(edges[i])));
      const auto [it, fresh] = reached.emplace(edges[i].child, Reached{child->line(), child->equivalence_text(), child->is_terminal(), id, static_cast<int>(i)});
      if (!fresh) {
        if (it->second.line != child->line() && it->second.equivalence == child->equivalence_text()) reordered = edges[i].child;
        continue;
      }
      todo.emplace_back(edges[i].child, std::move(child));
    }
  }
  ASSERT_GT(reordered, 0) << "no node is reached at two orders of one history, so the test shows nothing";
  const auto whole = solver::verify_certificate(certificate, "fast");
  EXPECT_TRUE(whole.accepted) << whole.reason;

  // Two finished games on one board whose histories visit different positions, joined.
  const auto without_history = [](const std::string& line) { return line.substr(0, line.find(" history:")); };
  int from = 0, to = 0;
  for (const auto& [a, at_a] : reached) {
    for (const auto& [b, at_b] : reached) {
      if (from == 0 && a != b && at_a.over && at_b.over &&
          certificate.claim(a) == certificate.claim(b) && without_history(at_a.line) == without_history(at_b.line) &&
          at_a.equivalence != at_b.equivalence) {
        from = a;
        to = b;
      }
    }
  }
  ASSERT_GT(from, 0) << "no two leaves differ in their history's positions alone";
  Certificate joined = certificate;
  const Reached& into = reached.at(from);
  edit(joined, into.parent, [&](solver::CertificateNode& node) { node.children[static_cast<std::size_t>(into.edge)].second = to; });
  const auto report = solver::verify_certificate(round_trip(joined), "fast");
  EXPECT_FALSE(report.accepted);
  EXPECT_NE(report.reason.find("two different positions"), std::string::npos) << report.reason;
  EXPECT_NE(report.reason.find("under the root's move "), std::string::npos) << report.reason;
}

// Brique's key leaves out the ply and the swap mark, which no rule reads but through the side to
// move and the swap's availability (docs/solver.md, "Keys and symmetries"). Under pie=mirror a
// swapped and an unswapped game reach the same stones at the same ply, and the extraction writes
// one node for them: the verifier compared printed forms, "swapped" included, and rejected the
// solver's certificate of the empty 3x3 board under fill=keep-enemy (s47). It compares
// State::equivalence_text, which leaves out what the key does.
TEST(CertificateSharing, PositionsEqualUpToTheSwapMarkAreOneNode) {
  auto game = make_game(find_game("brique"), 3, {"fill=keep-enemy", "pie=mirror"});
  auto root = game->initial_state();
  const Certificate certificate = analysis_certificate(*game, *root);
  std::map<int, std::string> first_line;
  int marked_apart = 0;
  std::vector<std::pair<int, std::unique_ptr<State>>> todo;
  todo.emplace_back(certificate.root, root->clone());
  while (!todo.empty()) {
    const int id = todo.back().first;
    std::unique_ptr<State> state = std::move(todo.back().second);
    todo.pop_back();
    for (const auto& edge : certificate.edges(id)) {
      auto child = state->clone();
      child->apply(child->parse_move(certificate.move(edge)));
      const auto found = first_line.find(edge.child);
      if (found != first_line.end()) {
        if (found->second != child->line()) marked_apart = edge.child;
        continue;
      }
      first_line.emplace(edge.child, child->line());
      todo.emplace_back(edge.child, std::move(child));
    }
  }
  ASSERT_GT(marked_apart, 0) << "no node is reached at two printed forms, so the test shows nothing";
  for (const std::string implementation : {"fast", "reference"}) {
    const auto report = solver::verify_certificate(certificate, implementation);
    EXPECT_TRUE(report.accepted) << implementation << ": " << report.reason << "\n" << report.bad_position;
  }
}

TEST(CertificateFiles, TruncatedOrForeignTextIsAnInputError) {
  Certificate c;
  c.game = "brique";
  c.position = "brique 2 ../.. black 0";
  c.made_by = "test";
  solver::CertificateNode leaf;
  c.root = c.add(leaf);
  std::stringstream whole;
  c.write(whole);
  std::string text = whole.str();
  std::stringstream truncated(text.substr(0, text.rfind("end")));
  EXPECT_THROW(Certificate::read(truncated, "t"), InputError);
  std::stringstream foreign("hello\n");
  EXPECT_THROW(Certificate::read(foreign, "t"), InputError);
  std::stringstream complete(text);
  EXPECT_NO_THROW(Certificate::read(complete, "t"));
  // The 'game' line and the position's own game name must agree, and the game must be one Arbiter has.
  const auto message = [](std::string altered) {
    std::stringstream in(altered);
    try {
      Certificate::read(in, "t");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string other_game = text;
  other_game.replace(other_game.find("game brique"), 11, "game quentin");
  EXPECT_EQ(message(other_game), "t line 4: the position is for 'brique', but the 'game' line says 'quentin'");
  // An empty position line is said to be the fault ("the position is empty, but the 'game' line
  // says 'brique'" read as if the game line were wrong).
  std::string no_position = text;
  const std::size_t position_at = no_position.find("position ");
  no_position.replace(position_at, no_position.find('\n', position_at) - position_at, "position ");
  EXPECT_EQ(message(no_position), "t line 4: the position line is empty; the 'game' line says 'brique', so a brique position is expected");
  // The first line names both versions it reads (it named only version 2, though 1 is read too).
  std::string not_one = text;
  not_one.replace(0, not_one.find('\n'), "hello");
  EXPECT_EQ(message(not_one), "t line 1: not an Arbiter certificate (the first line must be 'arbiter-certificate 2', or "
                              "'arbiter-certificate 1' for the older version, read as well)");
  std::string unknown_game = text;
  unknown_game.replace(unknown_game.find("game brique"), 11, "game chess");
  EXPECT_EQ(message(unknown_game).rfind("t line 3: unknown game 'chess'", 0), 0u) << message(unknown_game);
  // A node id used twice is said to be so (it was "node 1 is out of order (expected 2)").
  std::string twice = text;
  twice.replace(twice.find("end 1"), 5, "n 1 win 0 *\nend 2");
  EXPECT_EQ(message(twice).rfind("t line 7: node 1 is defined twice", 0), 0u) << message(twice);
  // A position no game reaches is a fault of its line, with the file and line (it had neither).
  std::string unreachable = text;
  unreachable.replace(unreachable.find("../.. black 0"), 13, "BB/.. black 0");
  EXPECT_EQ(message(unreachable).rfind("t line 4: ", 0), 0u) << message(unreachable);
}

// A node that neither the root nor any move reaches is rejected, named (docs/solver.md,
// "Certificates"): it was read and counted among the certificate's nodes but never checked. Here
// the root alone is a whole proof (Black has won), so the stray nodes are all there is to reject.
TEST(CertificateFiles, ANodeNothingReachesIsRejected) {
  const auto reason = [](const std::string& nodes) {
    std::stringstream in("arbiter-certificate 2\nmade-by test\ngame brique\nposition brique 2 WB/BB white 3\n" + nodes);
    const solver::VerificationReport report = solver::verify_certificate(Certificate::read(in, "t"), "reference");
    return report.accepted ? std::string("accepted") : report.reason;
  };
  EXPECT_EQ(reason("root 1\nn 1 win 0 *\nend 1\n"), "accepted");
  // A claim node no move names, and a stray analysis line with a node only it leads to.
  EXPECT_EQ(reason("root 1\nn 1 win 0 *\nn 2 win 0 *\nend 2\n").rfind("node 2 is reached neither from the root (node 1)", 0), 0u)
      << reason("root 1\nn 1 win 0 *\nn 2 win 0 *\nend 2\n");
  EXPECT_EQ(reason("root 1\nn 1 win 0 *\na 2\nm 3 a1\nn 3 win 0 *\nend 3\n")
                .rfind("node 2 (and 1 more) is reached neither from the root (node 1)", 0),
            0u)
      << reason("root 1\nn 1 win 0 *\na 2\nm 3 a1\nn 3 win 0 *\nend 3\n");
}

// A move's text is the rest of its line without blanks at either end (docs/solver.md): `m 1 a1 `
// names a1, and is written back so (the trailing blank was kept in the move's text).
TEST(CertificateFiles, AMoveIsTheRestOfItsLineWithoutBlanksAtEitherEnd) {
  std::stringstream in(
      "arbiter-certificate 2\nmade-by test\ngame brique\nposition brique 2 ../.. black 0\nroot 2\n"
      "n 1 win 0 *\nn 2 win 0 *\nm 1   a1 \t\nr b2  \nend 2\n");
  const Certificate c = Certificate::read(in, "t");
  ASSERT_EQ(c.edges(2).size(), 1u);
  EXPECT_EQ(c.move(c.edges(2).front()), "a1");
  EXPECT_EQ(c.answer(2), "b2");
}

// A ruling asked for that the certificate was not made under is named with both values (it was
// "ruling pie is given twice, as swap-sides and off" for a certificate made under a ruling that is
// not the default, and "position's rulings differ from the game's configuration" for one that is).
TEST(CertificateRulings, ARulingAskedForIsNamedWithBothValues) {
  const auto message = [](const std::string& position, const std::string& asked) {
    Certificate c;
    c.game = "brique";
    c.position = position;
    c.made_by = "test";
    solver::CertificateNode leaf;
    c.root = c.add(leaf);
    try {
      solver::verify_certificate(c, "reference", {asked});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("brique 2 ../.. black 0 pie=off", "pie=swap-sides"),
            "the certificate was made under pie=off, and the command asks for pie=swap-sides");
  EXPECT_EQ(message("brique 2 ../.. black 0", "pie=off"),
            "the certificate was made under pie=swap-sides, and the command asks for pie=off");
  EXPECT_EQ(message("brique 2 ../.. black 0 pie=off", "pie=off"), "no error");
}

// A bounded search reports its own tables, one on each thread that searched, not the df-pn table
// it leaves unused (whose 65,536 entries were printed beside the --tt-mb asked).
TEST(BoundedSearchTables, AreTheOnesReported) {
  auto game = make_game(find_game("quentin"), 3, {});
  auto root = game->initial_state();
  solver::SolveOptions options;
  options.within = 2;
  options.threads = 2;
  options.table_megabytes = 256;
  const solver::SolveResult result = solver::solve_moves(*root, options);
  EXPECT_EQ(solver::table_megabytes_of(options), 64u) << "a bounded search's table is at most 64 MiB";
  const solver::SearchControl control;
  const solver::BoundedSearch one(options.table_megabytes, control);
  // A thread that found every unit taken before it began made no table.
  EXPECT_GE(result.tables, 1);
  EXPECT_LE(result.tables, 2);
  EXPECT_EQ(result.table_capacity, static_cast<std::size_t>(result.tables) * one.capacity());
  EXPECT_GT(result.table_used, 0u);
  EXPECT_LE(result.table_used, result.table_capacity);
}

// The race's second search takes the root's moves in turn, ties of the estimate nearest the middle
// first: on an empty odd board that is the centre. The legal order is kept for --within.
TEST(SearchOrder, BreaksTiesNearestTheMiddleWhenAsked) {
  for (const char* name : {"brique", "quentin"}) {
    auto game = make_game(find_game(name), 5, {});
    const auto root = game->initial_state();
    std::vector<Move> moves;
    root->legal_moves(moves);
    const auto legal = solver::search_order(*root, moves);
    const auto middle = solver::search_order(*root, moves, solver::MoveTies::MiddleFirst);
    ASSERT_EQ(middle.size(), moves.size()) << name;
    EXPECT_TRUE(std::is_permutation(middle.begin(), middle.end(), legal.begin())) << name;
    EXPECT_EQ(root->move_text(moves[middle.front()]), "c3") << name;
    EXPECT_NE(root->move_text(moves[legal.front()]), "c3") << name;
  }
}

// Solves `position` of `game` on one thread until `limit`; `winning` must be found winning, as the
// root's value, and (with `cut_short`) the limit must have left some move unsettled.
void expect_win_found_within(const char* game_name, int size, const char* position, const char* winning,
                             std::chrono::milliseconds limit, bool cut_short) {
  auto game = make_game(find_game(game_name), size, {});
  const auto root = game->parse_position(position);
  solver::SolveOptions options;
  options.threads = 1;
  options.table_megabytes = 16;
  options.look_for_short_wins = true;  // as `arbiter solve` asks
  options.control.deadline = std::chrono::steady_clock::now() + limit;
  const solver::SolveResult result = solver::solve_moves(*root, options);
  EXPECT_EQ(result.value, Value::Win) << position;
  const auto win = std::find_if(result.moves.begin(), result.moves.end(), [&](const solver::MoveResult& m) { return m.text == winning; });
  ASSERT_NE(win, result.moves.end()) << position;
  EXPECT_EQ(win->value, Value::Win) << position;
  if (cut_short) {
    EXPECT_LT(std::count_if(result.moves.begin(), result.moves.end(), [](const solver::MoveResult& m) { return m.value != Value::Unknown; }),
              static_cast<long>(result.moves.size()));
  }
}

// A solve under a time limit settles a move that ends the game before it searches the others: in
// legal order, 90 s went to the first hard move of this position and its win in one (f1-f4) was
// never reached. Whatever the limit, the win is found, so the test does not depend on the clock.
TEST(SearchOrder, AWinInOneIsSettledBeforeTheLimitIsSpent) {
  expect_win_found_within("hexabrae", 4, "hexabrae 4 We4/0 Be5/2 Wf1/1 Bg3/2 Wg4/0 white 6", "f1-f4",
                          std::chrono::milliseconds(300), true);
}

// A win within two of the mover's moves is found before the limit goes to the hard moves: a short
// bounded look orders it first (this late Brochs position: 0 of 41 moves settled in 60 s before).
TEST(SearchOrder, AWinWithinTwoIsSettledBeforeTheLimitIsSpent) {
  expect_win_found_within("brochs", 7, "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0", "e5-e3",
                          std::chrono::seconds(3), false);
}

// Keys that share a bucket (equal low bits) but differ above: the table must tell them apart,
// keep solved entries against open ones, and save and load every solved entry with its full key.
// A draw's principal line keeps the draw for both sides, each move of it one that plain minimax
// shows keeps the value, with a certificate and without. Brique 3x3 where a filled cell keeps the
// enemy and passes are allowed is a draw; its line was a1 a2 c1 b1 c2 a3 b3, in which White's a3
// lost (the table line let the side that only had to refute the win play any reply) and Black won.
TEST(PrincipalLine, OfADrawKeepsTheDrawForBothSides) {
  auto game = make_game(find_game("brique"), 3, {"fill=keep-enemy", "pass=allowed"});
  auto root = game->initial_state();
  Minimax minimax(2'000'000);
  ASSERT_EQ(minimax.value(*root), 0);
  for (const bool certificates : {false, true}) {
    solver::SolveOptions options;
    options.table_megabytes = 8;
    options.certificates = certificates;
    const solver::SolveResult result = solver::solve_moves(*root, options);
    ASSERT_EQ(result.value, Value::Draw);
    int draws = 0;
    for (const solver::MoveResult& unit : result.moves) {
      if (unit.value != Value::Draw) continue;
      ++draws;
      auto replay = root->clone();
      replay->apply(unit.move);
      for (const std::string& move : unit.line) {
        ASSERT_EQ(minimax.value(*replay), 0) << unit.text << " with certificates " << certificates;
        ASSERT_FALSE(replay->is_terminal());
        replay->apply(replay->parse_move(move));
      }
      EXPECT_EQ(minimax.value(*replay), 0) << unit.text << " with certificates " << certificates << ": the line ends in a win";
    }
    EXPECT_GT(draws, 0);
  }
}

// A game given as an explicit tree, for the search's handling of draws (no registered game's
// small positions include a draw): node 0 is the root, side 0 moves at even depths, a node without
// children is finished with its outcome.
class TreeState final : public State {
 public:
  struct Node {
    std::vector<int> children;
    Outcome outcome;
  };
  TreeState(const std::vector<Node>* tree, int node = 0, int depth = 0) : tree_(tree), node_(node), depth_(depth) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<TreeState>(*this); }
  int side_to_move() const override { return depth_ % 2; }
  Outcome outcome() const override { return here().outcome; }
  int ply() const override { return depth_; }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    for (std::size_t i = 0; i < here().children.size(); ++i) out.push_back(static_cast<Move>(i));
  }
  void apply(Move m) override {
    node_ = here().children.at(m);
    ++depth_;
  }
  std::string move_text(Move m) const override { return "m" + std::to_string(m); }
  Move parse_move(std::string_view text) const override { return static_cast<Move>(std::stoi(std::string(text.substr(1)))); }
  std::string diagram() const override { return line() + "\n"; }
  std::string line() const override { return "tree " + std::to_string(node_) + " " + std::to_string(depth_); }
  Drawing drawing() const override { return {}; }
  std::string explain(Move m) const override { return move_text(m); }
  std::uint64_t key() const override { return mix64(static_cast<std::uint64_t>(node_) * 64 + static_cast<std::uint64_t>(depth_)); }
  void copy_from(const State& other) override { *this = static_cast<const TreeState&>(other); }

 private:
  const Node& here() const { return (*tree_)[static_cast<std::size_t>(node_)]; }
  const std::vector<TreeState::Node>* tree_;
  int node_;
  int depth_;
};

// A 2x2 board of marks whose status line names the side to move by one letter, "X to move" then
// "O to move", as a game with sides X and O writes it: only the diagram matters to board_map.
class MarkState final : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<MarkState>(*this); }
  int side_to_move() const override { return ply_ % 2; }
  Outcome outcome() const override { return Outcome::ongoing(); }
  int ply() const override { return ply_; }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i] == '.') out.push_back(static_cast<Move>(i));
    }
  }
  void apply(Move m) override { cells_.at(m) = ply_++ % 2 == 0 ? 'X' : 'O'; }
  std::string move_text(Move m) const override { return std::string(1, static_cast<char>('a' + m)); }
  Move parse_move(std::string_view text) const override { return static_cast<Move>(text.at(0) - 'a'); }
  std::string diagram() const override {
    return std::string{cells_[0], ' ', cells_[1], '\n', cells_[2], ' ', cells_[3], '\n'} + (ply_ % 2 == 0 ? "X" : "O") +
           " to move\n";
  }
  std::string line() const override { return "marks " + cells_; }
  Drawing drawing() const override { return {}; }
  std::string explain(Move m) const override { return move_text(m); }
  std::uint64_t key() const override { return mix64(std::hash<std::string>{}(cells_)); }
  void copy_from(const State& other) override { *this = static_cast<const MarkState&>(other); }

 private:
  std::string cells_ = "....";
  int ply_ = 0;
};

// The map of `solve --openings`: every move's mark on its cell, the status line's letter, which
// every move changes, being no move's cell (it was counted as a second cell, and the map gave way
// to a list).
TEST(BoardMap, AStatusLetterEveryMoveChangesIsNoCell) {
  const MarkState root;
  std::vector<solver::MoveResult> moves(4);
  for (std::size_t i = 0; i < moves.size(); ++i) moves[i].move = static_cast<Move>(i);
  moves[0].value = Value::Win;
  moves[3].value = Value::Loss;
  std::vector<bool> mapped;
  EXPECT_EQ(solver::board_map(root, moves, mapped), "* ?\n? -\nX to move\n");
  EXPECT_EQ(mapped, std::vector<bool>(4, true));
}

// Side 0 to move at the root. Move m0 leads to a node where side 1 can only draw or (listed
// second) win; move m1 to one where side 1 can only draw. So m0 loses, m1 draws: the refutation
// of "side 0 wins" after m1 rests on a draw, after m0 it does not.
TEST(DrawnRefutations, AreToldFromLossesWithAndWithoutCertificates) {
  const std::vector<TreeState::Node> tree = {
      {{1, 2}, Outcome::ongoing()},  // 0: root, side 0 to move
      {{3, 4}, Outcome::ongoing()},  // 1: side 1 to move: draw or win
      {{3}, Outcome::ongoing()},     // 2: side 1 to move: draw only
      {{}, Outcome::draw()},         // 3
      {{}, Outcome::win(1)},         // 4
  };
  const TreeState root(&tree);
  for (const bool certificates : {true, false}) {
    solver::SolveOptions options;
    options.table_megabytes = 1;
    options.certificates = certificates;
    const solver::SolveResult result = solver::solve_moves(root, options);
    ASSERT_EQ(result.moves.size(), 2u);
    EXPECT_EQ(result.moves[0].value, Value::Loss) << "certificates " << certificates;
    EXPECT_EQ(result.moves[1].value, Value::Draw) << "certificates " << certificates;
    EXPECT_EQ(result.value, Value::Draw);
    EXPECT_EQ(result.moves[0].certified, certificates);
  }
  // The search's own numbers: a disproof that needs the draw is not the defender's win.
  solver::TranspositionTable table(1);
  solver::SearchControl control;
  solver::SearchStats stats;
  solver::Dfpn dfpn(table, control, stats);
  const solver::Goal side0_wins{0, false};
  TreeState after_m0(&tree, 1, 1), after_m1(&tree, 2, 1);
  ASSERT_EQ(dfpn.solve(after_m0, side0_wins), solver::Verdict::Disproven);
  EXPECT_TRUE(dfpn.disproof_is_win());
  ASSERT_EQ(dfpn.solve(after_m1, side0_wins), solver::Verdict::Disproven);
  EXPECT_FALSE(dfpn.disproof_is_win());
  ASSERT_EQ(dfpn.solve(root, side0_wins), solver::Verdict::Disproven);
  EXPECT_FALSE(dfpn.disproof_is_win());
}

// --value-only's search of the moves in turn settles every move it takes before the winning one.
// A move it refutes by the opponent's win is reported as a loss when no certificate was asked for
// (with one, every value shown is one the certificate holds); a move refuted by a draw is neither
// a loss nor settled. Side 0 to move: m0 lets side 1 draw, m1 lets it win, and after m2 side 1's
// only move gives side 0 the game; the moves are taken in legal order (no anchors, equal
// estimates, no game over at once).
TEST(ValueOnly, ReportsTheLossesItsMovesInTurnFoundWhenNoCertificateIsAsked) {
  const std::vector<TreeState::Node> tree = {
      {{1, 2, 3}, Outcome::ongoing()},  // 0: root, side 0 to move
      {{4}, Outcome::ongoing()},        // 1: side 1 to move: draw only
      {{5}, Outcome::ongoing()},        // 2: side 1 to move: a win
      {{6}, Outcome::ongoing()},        // 3: side 1 to move: a loss
      {{}, Outcome::draw()},            // 4
      {{}, Outcome::win(1)},            // 5
      {{}, Outcome::win(0)},            // 6
  };
  const TreeState root(&tree);
  for (const bool certificates : {false, true}) {
    solver::SolveOptions options;
    options.table_megabytes = 1;
    options.value_only = true;
    options.certificates = certificates;
    std::vector<std::size_t> done;
    const solver::SolveResult result =
        solver::solve_moves(root, options, {}, [&](std::size_t i, const solver::MoveResult&) { done.push_back(i); });
    ASSERT_EQ(result.moves.size(), 3u);
    EXPECT_EQ(result.value, Value::Win);
    EXPECT_EQ(result.moves[0].value, Value::Unknown) << "a drawn refutation is no loss";
    EXPECT_EQ(result.moves[1].value, certificates ? Value::Unknown : Value::Loss) << "certificates " << certificates;
    EXPECT_EQ(result.moves[2].value, Value::Win);
    EXPECT_EQ(result.not_searched, certificates ? 2u : 1u);
    const std::vector<std::size_t> journal = certificates ? std::vector<std::size_t>{2} : std::vector<std::size_t>{1, 2};
    EXPECT_EQ(done, journal) << "what the journal is told, in order";
  }
}

// On real boards: every move --value-only settles without a certificate has the value a full
// solve gives it, and the centre losses of Quentin 4x4 (the first moves taken in turn, with their
// symmetric images) are among them.
TEST(ValueOnly, LossesFoundInTurnAgreeWithAFullSolve) {
  for (const char* name : {"quentin", "brique"}) {
    const auto game = make_game(find_game(name), 4, {});
    const auto root = game->initial_state();
    solver::SolveOptions options;
    options.table_megabytes = 8;
    options.certificates = false;
    const solver::SolveResult all = solver::solve_moves(*root, options);
    options.value_only = true;
    const solver::SolveResult some = solver::solve_moves(*root, options);
    ASSERT_EQ(some.value, all.value) << name;
    std::size_t losses = 0, wins = 0, unknown = 0;
    for (std::size_t i = 0; i < some.moves.size(); ++i) {
      const Value v = some.moves[i].value;
      if (v == Value::Unknown) {
        ++unknown;
        continue;
      }
      EXPECT_EQ(v, all.moves[i].value) << name << " " << some.moves[i].text;
      (v == Value::Loss ? losses : wins) += 1;
    }
    EXPECT_EQ(wins, 1u) << name;
    EXPECT_EQ(unknown, some.not_searched) << name;
    EXPECT_EQ(losses + wins + unknown, some.moves.size()) << name;
    if (std::string(name) == "quentin") {
      EXPECT_EQ(losses, 4u) << "b2, c2, b3, c3";
    }
  }
}

// Kawano's simulation proves defences by replaying a sibling's proof: on the 4x4 boards' every
// first move (Quentin's proofs replay often, Brique's zones refute most siblings first), with and
// without it every value is the same, it proves some defences on Quentin, and the certificates
// written with it verify with the reference implementation. Positions from random 5x5 games add
// cases where the replay meets defences the model does not have.
TEST(Simulation, ProvesDefencesWithoutChangingAValueAndItsCertificatesVerify) {
  std::uint64_t simulated_on_quentin = 0;
  for (const char* name : {"quentin", "brique"}) {
    for (int size : {4, 5}) {
      const auto game = make_game(find_game(name), size, {});
      std::vector<std::unique_ptr<State>> roots;
      if (size == 4) {
        roots.push_back(game->initial_state());
      } else {
        Rng rng(20261127);
        for (int g = 0; g < testing::scaled(10); ++g) {
          const auto moves = random_game(*game, game->implementations().front(), rng);
          auto state = game->initial_state();
          for (std::size_t i = 0; i + 6 < moves.size(); ++i) state->apply(moves[i]);
          if (!state->is_terminal()) roots.push_back(std::move(state));
        }
      }
      for (const auto& root : roots) {
        solver::SolveOptions options;
        options.table_megabytes = 8;
        options.simulation_steps = 0;
        const solver::SolveResult plain = solver::solve_moves(*root, options);
        options.simulation_steps = solver::SolveOptions::kDefaultSimulationSteps;
        const solver::SolveResult simulating = solver::solve_moves(*root, options);
        EXPECT_EQ(plain.stats.simulated, 0u);
        ASSERT_EQ(simulating.value, plain.value) << root->line();
        ASSERT_EQ(simulating.moves.size(), plain.moves.size());
        for (std::size_t i = 0; i < plain.moves.size(); ++i) {
          EXPECT_EQ(simulating.moves[i].value, plain.moves[i].value) << root->line() << " move " << plain.moves[i].text;
        }
        if (std::string(name) == "quentin") simulated_on_quentin += simulating.stats.simulated;
        const Certificate c = round_trip(solver::analysis_certificate(*game, *root, simulating, "test"));
        const auto report = solver::verify_certificate(c, game->implementations().back());
        EXPECT_TRUE(report.accepted) << root->line() << ": " << report.reason << "\n" << report.bad_position;
      }
    }
  }
  EXPECT_GT(simulated_on_quentin, 0u) << "no defence was proved by simulation: the test shows nothing about it";
}

// The memo answers exactly for (key, ply, tag): one key at two plies or under two tags is two
// entries, and every entry stays findable as the table grows past its first size.
TEST(ExtractionMemo, KeepsEveryEntryApartByKeyPlyAndTagAcrossGrowth) {
  solver::ExtractionMemo memo;
  solver::ExtractionMemo::Written out;
  EXPECT_FALSE(memo.find(7, 0, 0, out));
  memo.insert(7, 3, 0, {10, true});
  memo.insert(7, 4, 0, {11, false});
  memo.insert(7, 3, 1, {12, false});
  ASSERT_TRUE(memo.find(7, 3, 0, out));
  EXPECT_EQ(out.id, 10);
  EXPECT_TRUE(out.strict);
  ASSERT_TRUE(memo.find(7, 4, 0, out));
  EXPECT_EQ(out.id, 11);
  ASSERT_TRUE(memo.find(7, 3, 1, out));
  EXPECT_EQ(out.id, 12);
  EXPECT_FALSE(memo.find(7, 5, 0, out));
  // Keys that share their low bits land in one neighbourhood and must probe past each other.
  constexpr int kMany = 5000;
  for (int i = 0; i < kMany; ++i) memo.insert(static_cast<std::uint64_t>(i) << 40, i % 7, i % 2, {100 + i, i % 3 == 0});
  EXPECT_EQ(memo.size(), std::size_t{kMany} + 3);
  for (int i = 0; i < kMany; ++i) {
    ASSERT_TRUE(memo.find(static_cast<std::uint64_t>(i) << 40, i % 7, i % 2, out)) << i;
    EXPECT_EQ(out.id, 100 + i);
    EXPECT_EQ(out.strict, i % 3 == 0);
    EXPECT_FALSE(memo.find(static_cast<std::uint64_t>(i) << 40, i % 7 + 7, i % 2, out));
  }
  memo.insert(7, 3, 0, {99, false});  // written again: replaced, not added
  EXPECT_EQ(memo.size(), std::size_t{kMany} + 3);
  ASSERT_TRUE(memo.find(7, 3, 0, out));
  EXPECT_EQ(out.id, 99);
  memo.clear();
  EXPECT_EQ(memo.size(), 0u);
  EXPECT_FALSE(memo.find(7, 3, 0, out));
}

TEST(TranspositionTable, KeepsSolvedEntriesAndTellsKeysOfOneBucketApart) {
  using solver::ProofNumbers;
  solver::TranspositionTable table(1);
  const std::uint64_t base = 0x1234;
  auto key = [&](std::uint64_t i) { return base | (i << 40); };
  table.store(key(1), ProofNumbers{0, solver::kInfiniteNumber}, 1000);  // proved, much work
  table.store(key(2), ProofNumbers{5, 7}, 10);
  ProofNumbers n;
  ASSERT_TRUE(table.lookup(key(1), n));
  EXPECT_TRUE(n.proven());
  ASSERT_TRUE(table.lookup(key(2), n));
  EXPECT_EQ(n, (ProofNumbers{5, 7}));
  EXPECT_FALSE(table.lookup(key(3), n));
  // A proof is not undone by open numbers for the same position (an older search finishing).
  table.store(key(1), ProofNumbers{3, 3}, 5);
  ASSERT_TRUE(table.lookup(key(1), n));
  EXPECT_TRUE(n.proven());
  // Fill the bucket past its four entries with open ones: the solved entry stays.
  for (std::uint64_t i = 3; i < 12; ++i) table.store(key(i), ProofNumbers{2, 2}, 1);
  ASSERT_TRUE(table.lookup(key(1), n));
  EXPECT_TRUE(n.proven());
  std::stringstream saved;
  table.save_solved(saved, 7);
  solver::TranspositionTable reloaded(1);
  EXPECT_EQ(reloaded.load_solved(saved, 7).entries, 1u);
  ASSERT_TRUE(reloaded.lookup(key(1), n));
  EXPECT_TRUE(n.proven());
  EXPECT_FALSE(reloaded.lookup(key(2), n));
}

// A saved table ends with a mark, so that one cut short is told from a whole one, at a record's end
// too (a full disk cut --resume's table short, and it was loaded without a word). Such a table is
// not used at all: its entries are facts only if the file is whole.
TEST(TranspositionTable, TellsASavedTableCutShortFromAWholeOne) {
  using solver::ProofNumbers;
  solver::TranspositionTable table(1);
  for (std::uint64_t i = 1; i <= 3; ++i) table.store(i << 20, ProofNumbers{0, 1u << 30}, 1);
  table.store(4 << 20, ProofNumbers{3, 3}, 1);  // open: not saved
  std::stringstream saved;
  table.save_solved(saved, 7);
  const std::string whole = saved.str();
  constexpr std::size_t kRecord = 16;
  ASSERT_EQ(whole.size(), 3 * kRecord + 40);  // start and identity, three records, end and count, checksum
  const auto load = [](const std::string& bytes) {
    std::istringstream in(bytes);
    solver::TranspositionTable reloaded(1);
    return reloaded.load_solved(in, 7);
  };
  EXPECT_EQ(load(whole).entries, 3u);
  EXPECT_EQ(load(whole).problem, "");
  for (std::size_t size : {whole.size() - 1, whole.size() - 8, whole.size() - kRecord, 2 * kRecord, std::size_t{5}, std::size_t{0}}) {
    const auto loaded = load(whole.substr(0, size));
    EXPECT_EQ(loaded.entries, 0u) << size;
    EXPECT_NE(loaded.problem, "") << size;
  }
  EXPECT_NE(load(whole + "x").problem, "");  // something after the end: not the file saved
  EXPECT_NE(load(whole + std::string(kRecord, 'x')).problem, "");
  std::stringstream empty;
  solver::TranspositionTable(1).save_solved(empty, 7);
  EXPECT_EQ(load(empty.str()).entries, 0u);
  EXPECT_EQ(load(empty.str()).problem, "");
}

// A saved table changed on disk is not trusted, not even in part: a record whose numbers were
// swapped reads as a proof of what was disproved (swapping bytes 8-11 with 12-15 of every record
// made a lost Quentin 5x5 opening "proved" on --resume, with one warning that the rest was trusted).
// One flipped byte anywhere, the numbers swapped, another search's table, or a table as saved
// before checksums: none of it is used, and the reason is said.
TEST(TranspositionTable, UsesNothingOfASavedTableThatFailsItsChecks) {
  using solver::ProofNumbers;
  solver::TranspositionTable table(1);
  for (std::uint64_t i = 1; i <= 3; ++i) table.store(i << 20, ProofNumbers{0, 1u << 30}, 1);
  table.store(4 << 20, ProofNumbers{1u << 30, 0}, 1);
  std::stringstream saved;
  table.save_solved(saved, 7);
  const std::string whole = saved.str();
  const auto load = [](const std::string& bytes, std::uint64_t identity, std::size_t& found) {
    std::istringstream in(bytes);
    solver::TranspositionTable reloaded(1);
    const auto loaded = reloaded.load_solved(in, identity);
    found = 0;
    ProofNumbers n;
    for (std::uint64_t i = 1; i <= 4; ++i) found += reloaded.lookup(i << 20, n);
    return loaded;
  };
  std::size_t found = 0;
  ASSERT_EQ(load(whole, 7, found).entries, 4u);
  ASSERT_EQ(found, 4u);
  for (std::size_t at = 0; at < whole.size(); ++at) {
    for (unsigned char flip : {0x01, 0x80}) {
      std::string damaged = whole;
      damaged[at] = static_cast<char>(damaged[at] ^ flip);
      const auto loaded = load(damaged, 7, found);
      EXPECT_EQ(found, 0u) << "byte " << at;
      EXPECT_EQ(loaded.entries, 0u) << "byte " << at;
      EXPECT_NE(loaded.problem, "") << "byte " << at;
    }
  }
  std::string swapped = whole;  // each record's proof and disproof numbers swapped
  for (std::size_t at = 16; at + 16 <= whole.size() - 24; at += 16) {
    std::swap_ranges(swapped.begin() + static_cast<std::ptrdiff_t>(at + 8), swapped.begin() + static_cast<std::ptrdiff_t>(at + 12),
                     swapped.begin() + static_cast<std::ptrdiff_t>(at + 12));
  }
  ASSERT_NE(swapped, whole);
  EXPECT_EQ(load(swapped, 7, found).problem, "fails its checksum (changed since it was saved)");
  EXPECT_EQ(found, 0u);
  EXPECT_EQ(load(whole, 8, found).problem, "is another search's table (another position, rulings or code version)");
  EXPECT_EQ(found, 0u);
  // As saved before 28 November 2026: the records, then the end mark with their count.
  std::string old = whole.substr(16, whole.size() - 16 - 8);
  EXPECT_EQ(load(old, 7, found).problem, "has no checksum (an older arbiter's table, or not a table)");
  EXPECT_EQ(found, 0u);
}

// load_solved reads a saved table 4 MiB at a time: a table of several blocks loads whole, with its
// last record, and one damaged or cut short beyond the first block is refused as a small one is.
TEST(TranspositionTable, ReadsASavedTableOfSeveralBlocks) {
  using solver::ProofNumbers;
  solver::TranspositionTable table(32);  // 2,097,152 entries
  for (std::uint64_t i = 0; i < 300'000; ++i) table.store(mix64(i + 1), ProofNumbers{0, 1u << 30}, 1);
  std::stringstream saved;
  table.save_solved(saved, 7);
  const std::string whole = saved.str();
  constexpr std::size_t kBlock = std::size_t{4} << 20;
  ASSERT_GT(whole.size(), kBlock + 40);
  const auto load = [](const std::string& bytes, std::uint64_t last_key, bool& last_found) {
    std::istringstream in(bytes);
    solver::TranspositionTable reloaded(32);
    const auto loaded = reloaded.load_solved(in, 7);
    ProofNumbers n;
    last_found = reloaded.lookup(last_key, n);
    return loaded;
  };
  // The last record's key, as saved (the machine's order), just before the end mark, count and checksum.
  std::uint64_t last_key = 0;
  whole.copy(reinterpret_cast<char*>(&last_key), sizeof last_key, whole.size() - 40);
  bool found = false;
  const auto loaded = load(whole, last_key, found);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_EQ(loaded.entries, table.used());
  EXPECT_TRUE(found);
  std::string damaged = whole;
  damaged[kBlock + 3] = static_cast<char>(damaged[kBlock + 3] ^ 0x01);  // in the second block
  EXPECT_EQ(load(damaged, last_key, found).problem, "fails its checksum (changed since it was saved)");
  EXPECT_FALSE(found);
  damaged = whole;
  damaged[whole.size() - 1] = static_cast<char>(damaged[whole.size() - 1] ^ 0x80);  // the checksum
  EXPECT_EQ(load(damaged, last_key, found).problem, "fails its checksum (changed since it was saved)");
  const std::string cut = whole.substr(0, whole.size() - 40) + whole.substr(whole.size() - 24);  // no last record
  EXPECT_EQ(load(cut, last_key, found).problem, "is cut short or damaged (no end mark where its size puts it)");
  EXPECT_EQ(load(whole.substr(0, whole.size() - 16), last_key, found).problem,
            "is cut short or damaged (no end mark where its size puts it)");
}

// save_solved writes a saved table a block of up to 4 MiB at a time, as load_solved reads it: a
// word per call made one write per word (599,595 here). The bytes are the same either way
// (ReadsASavedTableOfSeveralBlocks reads them back).
TEST(TranspositionTable, WritesASavedTableInBlocks) {
  using solver::ProofNumbers;
  // Counts the calls that hand the stream its bytes (a stream with no buffer of its own gets each
  // write as one call).
  class CountingBuffer : public std::streambuf {
   public:
    std::size_t writes = 0;
    std::string bytes;

   protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      ++writes;
      bytes.append(s, static_cast<std::size_t>(n));
      return n;
    }
    int_type overflow(int_type ch) override {
      ++writes;
      if (!traits_type::eq_int_type(ch, traits_type::eof())) bytes.push_back(traits_type::to_char_type(ch));
      return traits_type::not_eof(ch);
    }
  };
  solver::TranspositionTable table(32);
  for (std::uint64_t i = 0; i < 300'000; ++i) table.store(mix64(i + 1), ProofNumbers{0, 1u << 30}, 1);
  CountingBuffer buffer;
  std::ostream out(&buffer);
  table.save_solved(out, 7);
  ASSERT_TRUE(out);
  std::stringstream saved;
  table.save_solved(saved, 7);
  EXPECT_EQ(buffer.bytes, saved.str());
  constexpr std::size_t kBlock = std::size_t{4} << 20;
  EXPECT_EQ(buffer.writes, (buffer.bytes.size() + kBlock - 1) / kBlock);  // 2 for these 4.8 MB
}

// A table starts on small pages and, once a quarter of its small pages' worth of entries is in use,
// gathers its memory into huge pages (zeroed_memory.hpp) while its threads go on writing: nothing
// written before, during or after that may be lost, and untouched memory still reads as zeros.
TEST(TranspositionTable, KeepsItsEntriesWhenItTakesHugePages) {
  using solver::ProofNumbers;
  solver::TranspositionTable table(4);  // 262,144 entries; huge pages from the 256th
  constexpr std::uint64_t kKeys = 3000;  // few enough that no bucket of four overflows
  // The table takes no lock: two threads storing into one bucket at once may pick the same empty
  // slot, and one entry is lost (a lost entry costs search, never a value). That race is not what
  // this test is about, and it failed one CI run in many (2,999 of 3,000 found), so each thread
  // keeps to buckets of its own: the bucket is the key's low bits, and thread t writes the keys
  // whose lowest bit is t.
  const auto key = [](std::uint64_t i) { return (mix64(i + 1) & ~std::uint64_t{1}) | (i & 1); };
  const auto numbers = [](std::uint64_t i) { return ProofNumbers{static_cast<std::uint32_t>(i + 1), static_cast<std::uint32_t>(i + 2)}; };
  std::vector<std::thread> writers;
  for (std::uint64_t t = 0; t < 2; ++t) {
    writers.emplace_back([&, t] {
      for (std::uint64_t i = t; i < kKeys; i += 2) table.store(key(i), numbers(i), 1);
    });
  }
  for (auto& w : writers) w.join();
  EXPECT_EQ(table.used(), kKeys);
  std::uint64_t found = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i) {
    ProofNumbers n;
    found += table.lookup(key(i), n) && n == numbers(i);
  }
  EXPECT_EQ(found, kKeys);

  solver::ZeroedMemory memory(8 << 20, solver::ZeroedMemory::Pages::SmallUntilAsked);
  auto* bytes = static_cast<unsigned char*>(memory.data());
  for (std::size_t i = 0; i < memory.size(); i += 4096 * 3) bytes[i] = static_cast<unsigned char>(i / 4096 % 255 + 1);
  memory.use_huge_pages();
  memory.use_huge_pages();  // acts once
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < memory.size(); i += 512) {
    const unsigned char expected = i % (4096 * 3) == 0 ? static_cast<unsigned char>(i / 4096 % 255 + 1) : 0;
    wrong += bytes[i] != expected;
  }
  EXPECT_EQ(wrong, 0U);
}

// The zone table, too, starts on small pages and switches once a quarter of them hold zones, while
// its threads go on writing: no zone written before, during or after the switch may be lost.
TEST(ZoneTable, KeepsItsZonesWhenItTakesHugePages) {
  solver::ZoneTable zones(1);  // 65,536 slots on 256 small pages; huge pages from the 64th zone
  constexpr std::uint64_t kKeys = 3000;  // keys 2..3001 fall in slots of their own
  const auto zone = [](std::uint64_t i) { return State::CellSet{mix64(i) | 1}; };
  std::vector<std::thread> writers;
  for (std::uint64_t t = 0; t < 2; ++t) {
    writers.emplace_back([&, t] {
      for (std::uint64_t i = t; i < kKeys; i += 2) zones.store(i + 2, zone(i));
    });
  }
  for (auto& w : writers) w.join();
  std::uint64_t found = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i) {
    State::CellSet z = 0;
    found += zones.lookup(i + 2, z) && z == zone(i);
  }
  EXPECT_EQ(found, kKeys);
  State::CellSet z = 0;
  EXPECT_FALSE(zones.lookup(kKeys + 5, z));  // untouched slots still read as empty
}

// The two ways a full bucket gives way (TranspositionTable::Keep): for certificates a solved entry
// stays whatever comes; for a search alone the costliest entries stay, solved or not.
TEST(TranspositionTable, KeepsSolvedEntriesForCertificatesAndCostlyOnesForASearchAlone) {
  using solver::ProofNumbers;
  using Keep = solver::TranspositionTable::Keep;
  const auto key = [](std::uint64_t i) { return std::uint64_t{0x77} | (i << 40); };  // one bucket
  const ProofNumbers proved{0, solver::kInfiniteNumber}, open{4, 4};
  for (Keep keep : {Keep::Solved, Keep::Work}) {
    solver::TranspositionTable table(1, keep);
    for (std::uint64_t i = 1; i <= 4; ++i) table.store(key(i), proved, 1);  // cheap proofs fill it
    table.store(key(5), open, 1 << 20);                                      // a costly open one
    ProofNumbers n;
    int proofs_left = 0;
    for (std::uint64_t i = 1; i <= 4; ++i) proofs_left += table.lookup(key(i), n) && n.proven();
    if (keep == Keep::Solved) {
      EXPECT_FALSE(table.lookup(key(5), n));
      EXPECT_EQ(proofs_left, 4);
    } else {
      ASSERT_TRUE(table.lookup(key(5), n));
      EXPECT_EQ(n, open);
      EXPECT_EQ(proofs_left, 3);
      // Cheaper than everything in the bucket: not stored.
      for (std::uint64_t i = 6; i <= 8; ++i) table.store(key(i), open, 1 << 10);
      table.store(key(9), proved, 2);
      EXPECT_FALSE(table.lookup(key(9), n));
      ASSERT_TRUE(table.lookup(key(5), n));
      EXPECT_EQ(n, open);
    }
    // Either way a proof is not undone by its own key's open numbers.
    table.store(key(10), proved, 1 << 30);
    table.store(key(10), open, 1 << 30);
    ASSERT_TRUE(table.lookup(key(10), n));
    EXPECT_TRUE(n.proven());
  }
}

// Keep::Solved keeps solved entries only while a unit that may extract a certificate from them
// is under way (TranspositionTable::Pin): once every unit of their epoch has ended they give way
// to open ones by work; one that a later unit finds is kept again; a unit still under way keeps
// its own, however many others end meanwhile.
TEST(TranspositionTable, KeepsSolvedEntriesWhileTheirUnitsAreUnderWay) {
  using solver::ProofNumbers;
  using Table = solver::TranspositionTable;
  const auto key = [](std::uint64_t i) { return std::uint64_t{0x4321} | (i << 40); };  // one bucket
  const ProofNumbers proved{0, solver::kInfiniteNumber}, open{4, 4};
  const auto proofs_left = [&](Table& table, std::uint64_t from, std::uint64_t to) {
    int left = 0;
    ProofNumbers n;
    for (std::uint64_t i = from; i <= to; ++i) left += table.lookup(key(i), n) && n.proven();
    return left;
  };
  {
    Table table(1, Table::Keep::Solved);
    { const Table::Pin unit(table);
      for (std::uint64_t i = 1; i <= 4; ++i) table.store(key(i), proved, 1);
      table.store(key(5), open, 1 << 20);  // the unit's own proofs stay
      ProofNumbers n;
      EXPECT_FALSE(table.lookup(key(5), n));
    }
    EXPECT_EQ(table.epoch(), 1u);
    const Table::Pin next(table);
    ProofNumbers n;
    ASSERT_TRUE(table.lookup(key(1), n));  // found again: kept again
    table.store(key(5), open, 1 << 20);
    ASSERT_TRUE(table.lookup(key(5), n));
    EXPECT_EQ(n, open);
    EXPECT_EQ(proofs_left(table, 1, 1), 1);
    EXPECT_EQ(proofs_left(table, 2, 4), 2);  // one of the old, cheap proofs gave way
  }
  {
    Table table(1, Table::Keep::Solved);
    auto first = std::make_unique<Table::Pin>(table);
    for (std::uint64_t i = 1; i <= 4; ++i) table.store(key(i), proved, 1);
    for (int other = 0; other < 100; ++other) Table::Pin{table};
    EXPECT_EQ(table.epoch(), 63u);  // the epoch stops before it wraps around onto the first unit's
    table.store(key(5), open, 1 << 20);
    EXPECT_EQ(proofs_left(table, 1, 4), 4);  // the first unit is still under way
  }
  {
    Table table(1, Table::Keep::Solved);
    auto first = std::make_unique<Table::Pin>(table);
    for (std::uint64_t i = 1; i <= 4; ++i) table.store(key(i), proved, 1);
    for (int other = 0; other < 10; ++other) Table::Pin{table};
    table.store(key(5), open, 1 << 20);
    EXPECT_EQ(proofs_left(table, 1, 4), 4);
    first.reset();
    EXPECT_EQ(table.epoch(), 11u);
    EXPECT_EQ(table.oldest_kept_epoch(), 11u);
    table.store(key(5), open, 1 << 20);
    ProofNumbers n;
    EXPECT_TRUE(table.lookup(key(5), n));
    EXPECT_EQ(proofs_left(table, 1, 4), 3);
  }
  {
    // Without pins (a single search, puzzle generation) every solved entry stays, as before.
    Table table(1, Table::Keep::Solved);
    for (std::uint64_t i = 1; i <= 4; ++i) table.store(key(i), proved, 1);
    table.store(key(5), open, 1 << 20);
    EXPECT_EQ(proofs_left(table, 1, 4), 4);
  }
}

// A stop that arrives while the extraction searches again (the table lost a node's children but
// kept the node) ends the search with the node's stored value and without its children: that
// must be an interruption, not "no move shows the proved result" (seen on a 2-rank solve that
// reached its time limit during extraction).
bool always_stop() { return true; }

TEST(DfpnExtraction, AStopDuringAReSearchIsAnInterruption) {
  const auto game = make_game(find_game("brique"), 3, {});
  const auto root = game->initial_state(game->implementations().front());
  const solver::Goal goal{root->side_to_move(), false};
  solver::SearchStats stats;
  solver::TranspositionTable table(1);
  // The root proved, nothing else known: extraction must search the root's children again.
  table.store(root->canonical_key() ^ solver::Dfpn::goal_salt(goal), solver::ProofNumbers{0, solver::kInfiniteNumber}, 1);
  solver::SearchControl stopping;
  stopping.stop = &always_stop;
  solver::Dfpn dfpn(table, stopping, stats);
  Certificate certificate;
  EXPECT_THROW(dfpn.extract(*root, goal, solver::Verdict::Proven, certificate), solver::SearchInterrupted);
}

// A node budget stops a solve as a deadline would, and solving again goes on from what the table
// kept to the value an unbudgeted solve finds; a budget is not a stop request.
TEST(DfpnBudget, StopsASolveThatSolvingAgainFinishes) {
  for (const char* name : {"brique", "quentin"}) {
    const auto game = make_game(find_game(name), 4, {});
    const auto root = game->initial_state(game->implementations().front());
    const solver::Goal goal{root->side_to_move(), false};
    solver::SearchStats whole_stats;
    solver::TranspositionTable whole_table(4);
    const solver::SearchControl control;  // the search keeps a reference to it
    solver::Dfpn whole(whole_table, control, whole_stats);
    const auto expected = whole.solve(*root, goal);
    ASSERT_NE(expected, solver::Verdict::Unknown) << name;
    ASSERT_GT(whole_stats.nodes, 4096u) << name << ": too small a search to cut into slices";
    solver::SearchStats stats;
    solver::TranspositionTable table(4);
    solver::Dfpn sliced(table, control, stats);
    auto verdict = solver::Verdict::Unknown;
    int slices = 0;
    while (verdict == solver::Verdict::Unknown && slices < 10000) {
      const std::uint64_t before = stats.nodes;
      verdict = sliced.solve(*root, goal, 1024);
      ++slices;
      if (verdict == solver::Verdict::Unknown) {
        EXPECT_TRUE(sliced.budget_spent()) << name;
        EXPECT_LE(stats.nodes - before, 2048u + 1) << name << ": the budget was overrun";
      }
    }
    EXPECT_EQ(verdict, expected) << name;
    EXPECT_GT(slices, 2) << name;
    EXPECT_FALSE(sliced.budget_spent()) << name;
  }
}

// A stop request ends the process after a grace period of 3 s, unless the command is saving what
// --resume needs (a large solve's table took longer than that and was abandoned half-written) or
// writing its certificate; the notice says which (a certificate's write said "saving what the
// search proved, for --resume", the table's words, until session 50).
void stop_while_saving_then_finish() {
  install_stop_handlers();
  {
    const SavingForResume saving("finishing the certificate file, then stopping");
    std::raise(SIGTERM);
    std::this_thread::sleep_for(std::chrono::seconds(5));  // longer than the grace period
    std::fprintf(stderr, "saved\n");
  }
  std::this_thread::sleep_for(std::chrono::seconds(20));  // the watcher ends the process first
  std::fprintf(stderr, "not stopped\n");
  std::_Exit(0);
}

TEST(StopRequestDeathTest, WaitsForASaveForResumeThenEndsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_while_saving_then_finish(), ::testing::ExitedWithCode(128 + SIGTERM),
              "arbiter: finishing the certificate file, then stopping \\(another Ctrl-C or SIGTERM now abandons it\\)\n(.|\n)*saved");
}

// GNU timeout signals the child and then its process group, so two signals arrive microseconds
// apart: a repeat within kRepeatWindowSeconds of the first is the same stop. Before, the second
// ended the process at once, with nothing printed and a solve's table half-written.
void stop_twice_then_go_on() {
  install_stop_handlers();
  const SavingForResume saving;  // the grace period does not end the process meanwhile
  std::raise(SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::raise(SIGTERM);
  std::raise(SIGINT);
  std::fprintf(stderr, "went on after %s\n", stop_signal_name().c_str());
  std::_Exit(0);
}

TEST(StopRequestDeathTest, ARepeatSoonAfterTheFirstIsTheSameStop) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_twice_then_go_on(), ::testing::ExitedWithCode(0), "went on after SIGTERM");
}

// A repeat later than that is a user who wants out: the process ends at once, even while saving.
void stop_then_again_later() {
  install_stop_handlers();
  const SavingForResume saving;
  std::raise(SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(kRepeatWindowSeconds * 1000 + 200));
  std::raise(SIGTERM);
  std::fprintf(stderr, "not ended\n");
  std::_Exit(0);
}

TEST(StopRequestDeathTest, ARepeatAfterTheWindowEndsTheProcessAtOnce) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_then_again_later(), ::testing::ExitedWithCode(128 + SIGINT),
              "arbiter: ended at once by a second stop signal");
}

// A step that does not stop within the grace period is abandoned; the command's report of what
// finished is printed first (by the watcher thread, the command's own being stuck in the step),
// and its clause is in the closing line. Before, the process ended with nothing but that line.
void stop_while_stuck() {
  install_stop_handlers();
  const AbandonReport report([] {
    std::fprintf(stderr, "the report of what finished\n");
    return std::string("3 results kept");
  });
  std::raise(SIGTERM);
  std::this_thread::sleep_for(std::chrono::seconds(20));  // a step that ignores the request
  std::fprintf(stderr, "not stopped\n");
  std::_Exit(0);
}

TEST(StopRequestDeathTest, AnAbandonedStepIsReportedBeforeTheProcessEnds) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(stop_while_stuck(), ::testing::ExitedWithCode(128 + SIGTERM),
              "the report of what finished\narbiter: interrupted by SIGTERM; 3 results kept; the step under way did "
              "not stop within 3 s and was abandoned\n");
}

}  // namespace
}  // namespace arbiter

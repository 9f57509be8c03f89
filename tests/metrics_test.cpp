// What `arbiter metrics` relies on, for every registered game: apply_counting plays exactly the
// move apply plays, under every ruling alternative; metrics are the same whatever the thread
// count; the Wilson interval brackets the rate; the chart's text fits in the picture.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "puzzles/chart.hpp"
#include "solver/metrics.hpp"
#include "solver/metrics_report.hpp"
#include "tests/game_param.hpp"

namespace arbiter {
namespace {

class MetricsOnEveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  const GameDescriptor& game() const { return find_game(GetParam()); }
};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MetricsOnEveryGame);

// Random games played twice in lockstep, once through apply and once through apply_counting.
void expect_counting_plays_like_apply(const Game& game, int games) {
  const std::size_t mechanics = game.mechanics().size();
  Rng rng(17);
  std::vector<Move> moves;
  for (int played = 0; played < games; ++played) {
    auto plain = game.initial_state();
    auto counting = game.initial_state();
    // Exactly one entry per mechanic: an engine writing past them fails under the sanitizers.
    std::vector<std::uint64_t> counts(mechanics, 0);
    while (!plain->is_terminal()) {
      plain->legal_moves(moves);
      const Move move = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      plain->apply(move);
      counting->apply_counting(move, counts);
      ASSERT_EQ(counting->line(), plain->line());
      ASSERT_EQ(counting->key(), plain->key());
      ASSERT_EQ(counting->outcome(), plain->outcome());
    }
  }
}

TEST_P(MetricsOnEveryGame, ApplyCountingPlaysLikeApply) {
  // The second smallest size: the smallest boards end before most mechanics can happen.
  const int size = testing::interesting_sizes(game()).at(1);
  // Whatever mechanics the game declares (a game with nothing to count declares none, game.hpp):
  // apply_counting writes only their entries and plays as apply does.
  expect_counting_plays_like_apply(*make_game(game(), size, {}), testing::scaled(30));
  for (const Ruling& ruling : game().rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value != ruling.default_value) {
        expect_counting_plays_like_apply(*make_game(game(), size, {ruling.name + "=" + option.value}), testing::scaled(5));
      }
    }
  }
}

TEST_P(MetricsOnEveryGame, TheSameNumbersWhateverTheThreadCount) {
  const auto configured = make_game(game(), testing::interesting_sizes(game()).front(), {});
  for (const metrics::PlayerKind player : {metrics::PlayerKind::Random, metrics::PlayerKind::Mcts}) {
    metrics::PlayOptions options;
    options.player = player;
    // MCTS runs a playout per tree step: a few games keep Brochs' 400-ply games affordable.
    options.games = player == metrics::PlayerKind::Random ? testing::scaled(200) : 4;
    options.playouts = 4;
    options.seed = 5;
    const metrics::PlayMetrics one = metrics::play_games(*configured, options);
    options.threads = 2;
    const metrics::PlayMetrics two = metrics::play_games(*configured, options);
    EXPECT_EQ(one.games, options.games);
    EXPECT_EQ(one.wins, two.wins);
    EXPECT_EQ(one.draws, two.draws);
    EXPECT_EQ(one.length_mean, two.length_mean);
    EXPECT_EQ(one.length_median, two.length_median);
    EXPECT_EQ(one.mechanic_events, two.mechanic_events);
    EXPECT_EQ(one.playouts, two.playouts);
    EXPECT_EQ(one.branching.moves, two.branching.moves);
    EXPECT_EQ(one.branching.turns, two.branching.turns);
    EXPECT_EQ(one.branching.log10_lines, two.branching.log10_lines) << "summed in game order, not as the threads finish";
    EXPECT_EQ(one.branching.all_turns(), static_cast<std::uint64_t>(std::lround(one.length_mean * one.games)))
        << "every ply is a turn counted";
    EXPECT_EQ(one.wins[0] + one.wins[1] + one.draws, static_cast<std::uint64_t>(one.games));
    if (player == metrics::PlayerKind::Random) {  // enough games that two seeds cannot tie by chance
      options.seed = 6;
      const metrics::PlayMetrics other = metrics::play_games(*configured, options);
      EXPECT_TRUE(other.length_mean != one.length_mean || other.mechanic_events != one.mechanic_events ||
                  other.wins != one.wins)
          << "another seed played the same games";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, MetricsOnEveryGame, ::testing::ValuesIn(testing::registered_game_names()),
                         [](const auto& info) { return info.param; });

// A game's turns fall into the quarter of its length in which the share played before them falls:
// 10 turns with 9, 8, ..., 2, 1, 1 legal moves are quarters {9, 8, 7}, {6, 5}, {4, 3, 2}, {1, 1},
// and the lines they stand for number 9! (log10 9! = 5.5598).
TEST(Branching, TurnsFallIntoQuartersOfTheGamesLength) {
  const std::vector<std::uint32_t> legal = {9, 8, 7, 6, 5, 4, 3, 2, 1, 1};
  const metrics::Branching b = metrics::branching_of(legal);
  EXPECT_EQ(b.moves, (std::array<std::uint64_t, 4>{24, 11, 9, 2}));
  EXPECT_EQ(b.turns, (std::array<std::uint64_t, 4>{3, 2, 3, 2}));
  EXPECT_NEAR(b.log10_lines, std::log10(362880.0), 1e-12);
  // A game of 2 plies leaves two quarters empty; one of 1 ply, three.
  EXPECT_EQ(metrics::branching_of(std::vector<std::uint32_t>{4, 3}).turns, (std::array<std::uint64_t, 4>{1, 0, 1, 0}));
  EXPECT_EQ(metrics::branching_of(std::vector<std::uint32_t>{5}).turns, (std::array<std::uint64_t, 4>{1, 0, 0, 0}));
  // Summed over games: the mean per turn and the game-tree size as a mean over games.
  metrics::PlayMetrics m;
  m.games = 2;
  m.branching.add(b);
  m.branching.add(metrics::branching_of(std::vector<std::uint32_t>{4, 3}));
  EXPECT_DOUBLE_EQ(*m.branching_mean(), 53.0 / 12);
  EXPECT_DOUBLE_EQ(*m.branching_in_quarter(0), 28.0 / 4);
  EXPECT_DOUBLE_EQ(*m.branching_in_quarter(1), 11.0 / 2);
  EXPECT_DOUBLE_EQ(*m.branching_in_quarter(2), 12.0 / 4);
  EXPECT_DOUBLE_EQ(*m.branching_in_quarter(3), 2.0 / 2);
  EXPECT_NEAR(*m.log10_game_tree(), (std::log10(362880.0) + std::log10(12.0)) / 2, 1e-12);
  EXPECT_FALSE(metrics::PlayMetrics{}.branching_mean()) << "no turns, no mean";
  EXPECT_FALSE(metrics::PlayMetrics{}.log10_game_tree());
}

// Records are summed in game order whatever order they finish in, and only up to the first game
// missing: a stopped run reports what a shorter run with the same seed would have.
TEST(Tally, SumsInGameOrderUpToTheFirstGameMissing) {
  const auto game = make_game(find_game("quentin"), 2, {});
  const auto record = [&](int plies, Outcome outcome) {
    metrics::GameRecord r;
    r.outcome = outcome;
    r.plies = plies;
    r.mechanic_events.assign(game->mechanics().size(), 0);
    return r;
  };
  metrics::Tally tally(*game, 5);
  tally.add(2, record(4, Outcome::win(1)));
  tally.add(1, record(3, Outcome::win(0)));
  EXPECT_EQ(tally.metrics(0).games, 0) << "game 0 is not in: nothing after it counts yet";
  tally.add(0, record(2, Outcome::win(0)));
  tally.add(4, record(9, Outcome::draw()));  // after game 3, which never comes (a stop)
  const metrics::PlayMetrics m = tally.metrics(1.5);
  EXPECT_EQ(m.games_requested, 5);
  EXPECT_EQ(m.games, 3);
  EXPECT_TRUE(m.stopped);
  EXPECT_EQ(m.wins, (std::array<std::uint64_t, 2>{2, 1}));
  EXPECT_EQ(m.draws, 0u) << "game 4's draw is not counted";
  EXPECT_EQ(m.length_min, 2);
  EXPECT_EQ(m.length_median, 3);
  EXPECT_EQ(m.length_max, 4);
  EXPECT_DOUBLE_EQ(m.length_mean, 3);
  EXPECT_DOUBLE_EQ(m.length_stddev, 1);
  EXPECT_EQ(m.seconds, 1.5);
  EXPECT_THROW(tally.add(1, record(3, Outcome::win(0))), std::logic_error) << "game 1 is counted already";
  EXPECT_THROW(tally.add(5, record(3, Outcome::win(0))), std::logic_error) << "only 5 games were asked for";
}

// A stop heard inside an MCTS move: a move of 10,000,000 playouts took about a minute, and the stop
// waited for it.
TEST(Mcts, AStopEndsTheMoveBetweenPlayouts) {
  const auto game = make_game(find_game("quentin"), 5, {});
  const auto state = game->initial_state();
  metrics::MctsPlayer player(10'000'000);
  Rng rng(3);
  int polls = 0;
  EXPECT_FALSE(player.choose(*state, rng, [&] { return ++polls < 3; }));
  EXPECT_EQ(polls, 3);
  EXPECT_LE(player.playouts(), 3u * 64) << "polled every 64 playouts";
  metrics::MctsPlayer few(20);
  EXPECT_TRUE(few.choose(*state, rng, [] { return false; })) << "fewer playouts than a poll's spacing: not polled";
}

// Quentin 2x2 games last 2 to 4 plies, so the first quarter of each is its first turn alone:
// Black chooses among the 4 empty points and nothing else (the pie swap comes at White's first
// turn), so the first quarter's mean is exactly 4, under random play and under MCTS.
TEST(Branching, QuentinTwoByTwoOpensWithFourChoices) {
  const auto game = make_game(find_game("quentin"), 2, {});
  for (const metrics::PlayerKind player : {metrics::PlayerKind::Random, metrics::PlayerKind::Mcts}) {
    metrics::PlayOptions options;
    options.player = player;
    options.games = player == metrics::PlayerKind::Random ? 300 : 5;
    options.playouts = 10;
    const metrics::PlayMetrics m = metrics::play_games(*game, options);
    ASSERT_LE(m.length_max, 4) << "the first quarter would hold a second turn";
    EXPECT_EQ(m.branching.turns[0], static_cast<std::uint64_t>(m.games));
    ASSERT_TRUE(m.branching_in_quarter(0));
    EXPECT_EQ(*m.branching_in_quarter(0), 4.0) << metrics::player_name(player);
    // Later turns have fewer points and at most the swap besides: never more than 4 choices.
    ASSERT_TRUE(m.branching_mean());
    EXPECT_GT(*m.branching_mean(), 1.0);
    EXPECT_LE(*m.branching_mean(), 4.0);
    EXPECT_GT(*m.log10_game_tree(), std::log10(4.0));
  }
  const std::string text = metrics::to_text([&] {
    metrics::MetricsRequest request;
    request.game = "quentin";
    request.size = 2;
    request.random_games = 50;
    request.mcts = false;
    request.solve_seconds = 0;
    return metrics::measure(request);
  }());
  EXPECT_NE(text.find("legal moves per turn (a forced pass counts as one); by quarter of the game 4.0, "), std::string::npos) << text;
  EXPECT_NE(text.find("game-tree size about 10^"), std::string::npos) << text;
  EXPECT_NE(text.find("(estimated from 50 random games"), std::string::npos) << text;
}

TEST(Wilson, BracketsTheRateAndNarrowsWithMoreTrials) {
  const metrics::Proportion few = metrics::wilson(6, 10);
  const metrics::Proportion many = metrics::wilson(600, 1000);
  EXPECT_DOUBLE_EQ(few.rate, 0.6);
  EXPECT_LT(few.low, 0.6);
  EXPECT_GT(few.high, 0.6);
  EXPECT_GT(few.high - few.low, many.high - many.low);
  // The textbook value for 6 of 10: [0.3127, 0.8318].
  EXPECT_NEAR(few.low, 0.3127, 1e-4);
  EXPECT_NEAR(few.high, 0.8318, 1e-4);
  // No successes still leaves room above zero.
  EXPECT_NEAR(metrics::wilson(0, 20).low, 0.0, 1e-12);
  EXPECT_GT(metrics::wilson(0, 20).high, 0.1);
  // The bound at a rate of 0 is 0 and at a rate of 1 is 1, exactly: no rounding noise (0 draws in
  // 100 or 300 games gave a low bound of 3.47e-18 or 8.67e-19, which --json printed).
  for (const std::uint64_t n : {1, 2, 10, 20, 100, 300, 1000, 12345}) {
    EXPECT_EQ(metrics::wilson(0, n).low, 0.0) << n;
    EXPECT_EQ(metrics::wilson(n, n).high, 1.0) << n;
    EXPECT_GT(metrics::wilson(0, n).high, 0.0) << n;
    EXPECT_LT(metrics::wilson(n, n).low, 1.0) << n;
  }
  // The rewritten bounds are the textbook formula's, a half-interval from either end included.
  const auto textbook = [](double hits, double n, double z) {
    const double r = hits / n, z2 = z * z;
    const double centre = (r + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(r * (1 - r) / n + z2 / (4 * n * n));
    return std::pair<double, double>{centre - half, centre + half};
  };
  for (const auto& [hits, n] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 10}, {5, 10}, {9, 10}, {37, 300}, {299, 300}}) {
    const auto [low, high] = textbook(static_cast<double>(hits), static_cast<double>(n), 1.959963984540054);
    EXPECT_NEAR(metrics::wilson(hits, n).low, low, 1e-12) << hits << "/" << n;
    EXPECT_NEAR(metrics::wilson(hits, n).high, high, 1e-12) << hits << "/" << n;
  }
}

// The chart's text stays inside the picture, however narrow the panels and long the caption (a
// chart of random play alone, two panels, had its footnote run off the right edge): text widths
// estimated at 0.55 of the font size (0.6 in bold), above what DejaVu Sans measures (0.51, 0.56).
TEST(Chart, EveryTextFitsInThePicture) {
  ChartPanel panel;
  panel.title = "Black (first) win rate";
  panel.subtitle = "random play";
  panel.bars = {{"board", 0.47, 0.38, 0.57}, {"facing", 0.57, 0.47, 0.66}};
  const std::string caption =
      "seed 1; 100 random games, whiskers: 95% Wilson interval (win rate), one standard deviation (length); "
      "and a second sentence long enough to need a third line in a chart this narrow";
  const Drawing chart = chart_drawing("brique 5x5: readings of escort-directions", caption, {panel, panel});
  std::string caption_shown;
  for (const Shape& shape : chart.shapes) {
    if (shape.kind != Shape::Kind::Text) continue;
    const double width = static_cast<double>(shape.text.size()) * shape.font_size * (shape.bold ? 0.6 : 0.55);
    const auto [x, y] = shape.points[0];
    const double left = shape.text_from_left ? x : x - width / 2;
    EXPECT_GE(left, 0) << shape.text;
    EXPECT_LE(left + width, chart.width) << shape.text;
    EXPECT_GE(y - shape.font_size / 2, 0) << shape.text;
    EXPECT_LE(y + shape.font_size / 2, chart.height) << shape.text;
    if (shape.fill == "#555555" && shape.text_from_left) caption_shown += (caption_shown.empty() ? "" : " ") + shape.text;
  }
  EXPECT_EQ(caption_shown, caption) << "the caption, wrapped, says all of it in order";
}


// A report of random play on Brochs 7x7 under three readings, as `metrics --compare-ruling end`
// measured them: White wins almost every game under two of them, under the third 134 of the 200
// are draws instead.
metrics::MetricsReport end_readings(bool with_draws) {
  metrics::MetricsReport report;
  report.game = "brochs";
  report.size = 7;
  report.sides = {"Black", "White"};
  report.compare_ruling = "end";
  report.request.random_games = 200;
  report.request.mcts = false;
  for (const auto& [value, black, draws] : std::vector<std::tuple<std::string, int, int>>{
           {"keeps", 3, 0}, {"keeps-main", 1, 0}, {"keeps-draw", 3, with_draws ? 134 : 0}}) {
    metrics::ReadingMetrics reading;
    reading.value = value;
    metrics::PlayMetrics m;
    m.games = 200;
    m.wins = {static_cast<std::uint64_t>(black), static_cast<std::uint64_t>(200 - black - draws)};
    m.draws = static_cast<std::uint64_t>(draws);
    m.length_mean = 280;
    m.length_stddev = 130;
    reading.random = m;
    reading.mcts = m;
    report.readings.push_back(reading);
  }
  return report;
}

std::vector<std::string> texts(const Drawing& d, const std::string& role = "") {
  std::vector<std::string> out;
  for (const Shape& s : d.shapes) {
    if (s.kind == Shape::Kind::Text && (role.empty() || s.role == role)) out.push_back(s.text);
  }
  return out;
}

// Where a game can be drawn, the chart shows the draws: two readings that differ only in turning
// White's wins into draws drew the same bar (Black's win rate alone, 1.5%), over a 50% line that
// means an even game only when nothing is drawn.
TEST(Chart, DrawsAreShownWhereTheGameHasThem) {
  const Drawing drawn = metrics::chart(end_readings(true));
  const std::vector<std::string> words = texts(drawn);
  const auto has = [&](const std::string& w) { return std::find(words.begin(), words.end(), w) != words.end(); };
  EXPECT_TRUE(has("67.0%")) << "the draws of keeps-draw";
  EXPECT_TRUE(has("98.5%")) << "White's wins under keeps";
  EXPECT_EQ(texts(drawn, "legend"), (std::vector<std::string>{"Black wins", "draws", "White wins"}));
  const auto bars = std::count_if(drawn.shapes.begin(), drawn.shapes.end(), [](const Shape& s) { return s.role == "bar-1"; });
  EXPECT_EQ(bars, 6) << "a draw bar per reading, random and MCTS";
  for (const Shape& s : drawn.shapes) EXPECT_NE(s.stroke, "#c0392b") << "no 50% line where draws are";
  // Without draws: one bar a reading, the 50% line, no legend.
  const Drawing plain = metrics::chart(end_readings(false));
  EXPECT_TRUE(texts(plain, "legend").empty());
  EXPECT_TRUE(std::any_of(plain.shapes.begin(), plain.shapes.end(), [](const Shape& s) { return s.stroke == "#c0392b"; }));
}

// The chart's title says what its bars hold fixed: the game, its size and the rulings given with
// --rule, or that they are the defaults (the title named the game and size alone, so a chart of
// Brochs with edge-captures=corners read as one of the default game).
TEST(Chart, TheTitleNamesTheRulingsHeldFixed) {
  const auto title = [](const metrics::MetricsReport& report) { return metrics::chart(report).title; };
  metrics::MetricsReport report = end_readings(false);
  EXPECT_EQ(title(report), "brochs 7x7, other rulings default: readings of end");
  report.request.rulings = {"edge-captures=corners"};
  EXPECT_EQ(title(report), "brochs 7x7, edge-captures=corners: readings of end");
  report.compare_ruling.clear();
  report.readings.resize(1);
  EXPECT_EQ(title(report), "brochs 7x7, edge-captures=corners");
  report.request.rulings = {"edge-captures=none"};  // a default given explicitly is no change
  EXPECT_EQ(title(report), "brochs 7x7, default rulings");
  const std::vector<std::string> words = texts(metrics::chart(report));
  EXPECT_NE(std::find(words.begin(), words.end(), "brochs 7x7, default rulings"), words.end()) << "drawn, not only the file's title";
}

// Brochs 7x7 random and MCTS play as keeps-main gave it: games of 2 to 400 plies (the cap),
// 130.5 ± 184.9 on average, and a rare mechanic; the MCTS games in a few milliseconds.
metrics::MetricsReport long_and_short_games() {
  metrics::MetricsReport report;
  report.game = "brochs";
  report.size = 7;
  report.sides = {"Black", "White"};
  report.request.random_games = 1000;
  report.request.mcts_games = 2;
  metrics::ReadingMetrics reading;
  metrics::PlayMetrics m;
  m.games = m.games_requested = 1000;
  m.wins = {100, 900};
  m.length_mean = 130.5;
  m.length_stddev = 184.9;
  m.length_min = 20;
  m.length_median = 60;
  m.length_max = 400;
  m.mechanics = {"forced passes", "captures"};
  m.mechanic_events = {1, 4000};
  m.mechanic_games = {1, 1000};
  m.seconds = 0.25;
  reading.random = m;
  m.games = m.games_requested = 2;
  m.wins = {0, 2};
  m.mechanic_events = {0, 8};
  m.mechanic_games = {0, 2};
  m.playouts = 25'000;
  m.seconds = 0.004;
  reading.mcts = m;
  report.readings.push_back(reading);
  return report;
}

// A mechanic seen in 1 game of 1000 is not printed as 0.00 per game, and a run timed below the
// 0.01 s it is printed to gives no rate ("0.00 s (6393088 playouts/s)").
TEST(MetricsText, SmallRatesAndShortTimesAreNotRoundedAway) {
  const std::string text = metrics::to_text(long_and_short_games());
  EXPECT_NE(text.find("forced passes: 0.001 per game, in 0.1% of games"), std::string::npos) << text;
  EXPECT_NE(text.find("captures: 4.00 per game, in 100.0% of games"), std::string::npos) << text;
  EXPECT_NE(text.find("forced passes: 0.00 per game, in 0.0% of games"), std::string::npos) << "a zero stays 0.00\n" << text;
  EXPECT_NE(text.find("1000 games in 0.25 s"), std::string::npos) << text;
  EXPECT_NE(text.find("2 games in < 0.01 s:"), std::string::npos) << text;
  EXPECT_EQ(text.find("playouts/s"), std::string::npos) << text;
}

// A rate is grouped in thousands as every command's counts are ("(563471 playouts/s)" stood beside
// solve's "1,234 nodes").
TEST(MetricsText, PlayoutRateIsGroupedInThousands) {
  auto report = long_and_short_games();
  report.readings.front().mcts->seconds = 0.04;  // 25,000 playouts
  const std::string text = metrics::to_text(report);
  EXPECT_NE(text.find("(625,000 playouts/s)"), std::string::npos) << text;
}

// The length whisker runs from the shortest game to the longest, which it says: mean ± sd ran
// below 0 and past the 400-ply cap and was cut at the axis unseen.
TEST(Chart, LengthWhiskersStayWithinTheLengthsPlayed) {
  const Drawing chart = metrics::chart(long_and_short_games());
  // The panels: random wins, random lengths, MCTS wins, MCTS lengths; each bar's whisker is a
  // vertical line, the axes are grey ones.
  std::vector<const Shape*> whiskers;
  double axis_y = 0;
  for (const Shape& s : chart.shapes) {
    if (s.kind != Shape::Kind::Line) continue;
    if (s.stroke == "#222222" && s.points[0].first == s.points[1].first) whiskers.push_back(&s);
    if (s.stroke == "#333333" && s.points[0].second == s.points[1].second && axis_y == 0) axis_y = s.points[0].second;
  }
  ASSERT_EQ(whiskers.size(), 4u);
  const Shape& lengths = *whiskers[1];
  const double low = std::max(lengths.points[0].second, lengths.points[1].second);
  const double high = std::min(lengths.points[0].second, lengths.points[1].second);
  // 20 plies of an axis to 440 (400 and a tenth) of 220 units: 10 units above the axis.
  EXPECT_NEAR(axis_y - low, 10, 0.01) << "the shortest game, not 0";
  EXPECT_NEAR(axis_y - high, 200, 0.01) << "the longest game, 400, not 315.4";
  const std::vector<std::string> words = texts(chart);
  bool said = false;
  for (const std::string& w : words) said = said || w.find("shortest to longest") != std::string::npos;
  EXPECT_TRUE(said) << "the caption says what the whisker spans";
}

// Under the pie rule the empty board's value is the colours': Brique 3x3 "Black wins" with the
// swap means the first player loses (the second swaps after each of Black's 5 winning openings and
// wins as White after the 4 others, docs/openings.md), and the report says so for the first
// player; without a swap there is nothing to add.
TEST(MetricsText, ThePieRuleValueIsSaidForTheFirstPlayer) {
  metrics::MetricsRequest request;
  request.game = "brique";
  request.size = 3;
  request.random_games = 10;
  request.mcts = false;
  request.solve_seconds = 30;  // a limit, not a duration: it takes about 0.1 s
  const metrics::MetricsReport report = metrics::measure(request);
  ASSERT_EQ(report.readings.size(), 1u);
  const auto& solved = report.readings[0].solved;
  ASSERT_EQ(solved.size(), 2u);
  EXPECT_EQ(solved[0].pie, "swap-sides");
  EXPECT_EQ(solved[0].first_player,
            "loses, whatever the first move: the second player answers each of the 5 openings that win for Black with swap, "
            "which exchanges the players, and each of the 4 others with a winning move of its own");
  EXPECT_EQ(solved[1].pie, "off");
  EXPECT_EQ(solved[1].first_player, "") << "without the swap the colour's value is the first player's";
  EXPECT_NE(metrics::to_text(report).find("    for the first player: loses, whatever the first move"), std::string::npos);
}

// The first moves the map cannot show are listed as solve lists moves (move_list): where a move's
// text has a space in it, separated by commas ("loss (2): set a1 set main a1" read as four moves).
TEST(MetricsText, FirstMovesWithSpacesAreListedMoveByMove) {
  metrics::MetricsReport report = long_and_short_games();
  metrics::EmptyBoardValue solved;
  solved.openings = {{"set a1", solver::Value::Loss}, {"set main a1", solver::Value::Loss}, {"pass", solver::Value::Unknown}};
  solved.mapped = {false, false, false};
  solved.settled = 2;
  report.readings[0].solved.push_back(solved);
  const std::string text = metrics::to_text(report);
  EXPECT_NE(text.find("    loss (2): set a1, set main a1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    unknown (1): pass\n"), std::string::npos) << text;
}

// Three readings of random and MCTS play fit an A4 page across (the four panels side by side
// were 351 mm wide): each kind of play has its own row.
TEST(Chart, ThreeReadingsFitAPageAcross) {
  EXPECT_LT(chart_width_mm(metrics::chart(end_readings(true))), 250);
  EXPECT_LT(chart_width_mm(metrics::chart(end_readings(false))), 250);
}

// A single bar (no --compare-ruling) sits under its panel's title, unlabelled (it was labelled
// with the game's name, which the title gives, and sat left of the middle); a value label that
// would sit on the 50% line goes above it.
TEST(Chart, ASingleBarIsCentredAndLabelsKeepOffTheLine) {
  ChartPanel panel;
  panel.title = "Black (first) win rate";
  panel.reference = 0.5;
  panel.percent = true;
  panel.bars = {{"", 0.0, 0.0, 0.49}};
  const Drawing d = chart_drawing("brochs 7x7", "seed 1", {panel});
  double title_x = 0, bar_centre = 0, label_y = 0, line_y = 0;
  for (const Shape& s : d.shapes) {
    if (s.text == panel.title) title_x = s.points[0].first;
    if (s.role == "bar") bar_centre = (s.points[0].first + s.points[1].first) / 2;
    if (s.text == "0.0%") label_y = s.points[0].second;
    if (s.stroke == "#c0392b") line_y = s.points[0].second;
  }
  EXPECT_NEAR(bar_centre, title_x, 0.5);
  EXPECT_GT(std::abs(label_y - line_y), 10 * 0.6) << "the label's middle at " << label_y << ", the line at " << line_y;
  // Its letters (a digit is about 0.73 of the size tall) stand clear of the line, not on it.
  EXPECT_GE(line_y - (label_y + 10 * 0.73 / 2), 5) << "the label's foot at " << label_y + 10 * 0.73 / 2 << ", the line at " << line_y;
}

// A title longer than its panels wraps to their width (between its clauses first) instead of
// widening the chart: 'hexabrae radius 3, other rulings default: readings of enclosure-owner' over
// two panels left the right third of the chart blank.
TEST(Chart, ALongTitleWrapsToThePanelsWidth) {
  ChartPanel panel;
  panel.title = "White (first) win rate";
  panel.percent = true;
  panel.bars = {{"majority", 0.5, 0.15, 0.85}, {"mover-only", 0.0, 0.0, 0.49}};
  const std::string title = "hexabrae radius 3, other rulings default: readings of enclosure-owner";
  const Drawing d = chart_drawing(title, "seed 1", {panel, panel});
  double panels_right = 0, first_bar_top = 1e9;
  std::vector<std::string> title_lines;
  for (const Shape& s : d.shapes) {
    if (s.kind == Shape::Kind::Line && s.stroke == "#333333") panels_right = std::max({panels_right, s.points[0].first, s.points[1].first});
    if (s.kind == Shape::Kind::Text && s.font_size == 16) title_lines.push_back(s.text);
    if (s.role == "bar") first_bar_top = std::min(first_bar_top, s.points[0].second);
  }
  EXPECT_LE(d.width, panels_right + 30 + 1e-9) << "the chart is as wide as its panels";
  EXPECT_EQ(title_lines, (std::vector<std::string>{"hexabrae radius 3, other rulings default:", "readings of enclosure-owner"}));
  for (const Shape& s : d.shapes) {
    if (s.kind == Shape::Kind::Text && s.font_size == 16) {
      EXPECT_LT(s.points[0].second + 8, first_bar_top - 40) << s.text;
    }
  }
}

// An "outcomes" panel: a group of the first side's wins, the draws and the second side's wins per reading.
ChartPanel outcomes_panel(std::vector<ChartBar> bars) {
  ChartPanel outcomes;
  outcomes.title = "outcomes";
  outcomes.percent = true;
  outcomes.series = {"White wins", "draws", "Black wins"};
  outcomes.bars = std::move(bars);
  return outcomes;
}

// A row of panels ends where the row above it ends, each panel as wide as the one over it: a row of
// single bars (MCTS play, no draw) under a row of grouped ones (random play, with draws) ended
// 66 units short of it. The axes are the dark horizontal lines, one a panel.
TEST(Chart, RowsOfPanelsEndTogether) {
  const ChartPanel outcomes = outcomes_panel({{"majority", 0.489, 0.458, 0.52}, {"majority", 0.0, 0.0, 0.004},
                                              {"majority", 0.511, 0.48, 0.54}, {"mover-only", 0.483, 0.452, 0.514},
                                              {"mover-only", 0.002, 0.0, 0.007}, {"mover-only", 0.515, 0.48, 0.54}});
  ChartPanel lengths;
  lengths.title = "game length (plies)";
  lengths.axis_max = 180;
  lengths.bars = {{"majority", 50, 10, 160}, {"mover-only", 58, 10, 165}};
  ChartPanel rate;
  rate.title = "White (first) win rate";
  rate.percent = true;
  rate.reference = 0.5;
  rate.new_row = true;
  rate.bars = {{"majority", 0.6, 0.31, 0.83}, {"mover-only", 0.4, 0.17, 0.69}};
  const Drawing d = chart_drawing("hexabrae radius 2", "seed 1", {outcomes, lengths, rate, lengths});
  std::map<double, std::vector<std::pair<double, double>>> axes;  // by height: each panel's (left, right)
  for (const Shape& s : d.shapes) {
    if (s.kind == Shape::Kind::Line && s.stroke == "#333333" && s.points[0].second == s.points[1].second) {
      axes[s.points[0].second].emplace_back(s.points[0].first, s.points[1].first);
    }
  }
  ASSERT_EQ(axes.size(), 2u);
  const auto& top = axes.begin()->second;
  const auto& bottom = axes.rbegin()->second;
  ASSERT_EQ(top.size(), 2u);
  ASSERT_EQ(bottom.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_NEAR(bottom[i].first, top[i].first, 1e-9) << "panel " << i;
    EXPECT_NEAR(bottom[i].second, top[i].second, 1e-9) << "panel " << i;
  }
}

// Equal bars side by side in a group (30 units apart) have value labels that do not run together:
// "50.0%50.0%" read as one number. A label is about 0.64 of its size a character wide in DejaVu Sans
// ("%" nearly a whole em); labels of one panel that would overlap stand one over the other.
TEST(Chart, EqualBarsLabelsDoNotRunTogether) {
  const ChartPanel outcomes = outcomes_panel({{"majority", 0.5, 0.15, 0.85}, {"majority", 0.0, 0.0, 0.0}, {"majority", 0.5, 0.15, 0.85},
                                              {"mover-only", 0.5, 0.15, 0.85}, {"mover-only", 0.5, 0.15, 0.85},
                                              {"mover-only", 0.0, 0.0, 0.0}});
  const Drawing d = chart_drawing("hexabrae radius 2", "seed 1", {outcomes});
  std::vector<const Shape*> labels;
  for (const Shape& s : d.shapes) {
    if (s.kind == Shape::Kind::Text && s.font_size == 10) labels.push_back(&s);
  }
  ASSERT_EQ(labels.size(), 6u);
  for (std::size_t a = 0; a < labels.size(); ++a) {
    for (std::size_t b = a + 1; b < labels.size(); ++b) {
      const Shape& p = *labels[a];
      const Shape& q = *labels[b];
      const double apart = std::abs(p.points[0].first - q.points[0].first);
      const double widths = 0.64 * 10 * static_cast<double>(p.text.size() + q.text.size()) / 2;
      const bool beside = apart >= widths, above = std::abs(p.points[0].second - q.points[0].second) >= 10;
      EXPECT_TRUE(beside || above) << p.text << " at " << p.points[0].first << "," << p.points[0].second << " and " << q.text
                                   << " at " << q.points[0].first << "," << q.points[0].second;
    }
  }
}

}  // namespace
}  // namespace arbiter

#include "generators/generator.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "distributed/farm.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/puzzle_json.hpp"
#include "solver/bounded_search.hpp"
#include "solver/certificate.hpp"
#include "solver/dfpn.hpp"
#include "solver/interrupt.hpp"
#include "solver/solve.hpp"

namespace arbiter::generators {
namespace {

using puzzles::Puzzle;
using puzzles::PuzzleKind;
using solver::Value;

// A search's stop condition is a plain function, so the per-candidate node budget and the
// "already two winning moves" cut-off live in thread-local state: each candidate is examined on
// one thread, with solve_moves' single worker running on that same thread.
struct Budget {
  std::atomic<std::uint64_t> nodes{0};
  std::uint64_t limit = 0;  // 0: no limit
  bool abort = false;
};
thread_local Budget* active_budget = nullptr;

// The --time-limit's end, in steady_clock nanoseconds (0: none), for every thread of the process.
// A candidate's search polls it as it polls a stop signal: the limit was read only when the next
// candidate was handed out, and one candidate can search for minutes within its node budget (in
// one game a --time-limit 5 run took 34.7 s, one of 40 s ran past 170 s). A candidate cut
// short by it is not examined ("I"): the cursor stays on it, as after a stop, and the next run
// examines it whole, so that what is stored still depends on the seed alone.
std::atomic<long long> g_deadline_ns{0};

long long steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool past_deadline() {
  const long long deadline = g_deadline_ns.load(std::memory_order_relaxed);
  return deadline != 0 && steady_ns() >= deadline;
}

// A stop signal, or the time limit: the candidate under way is given up, not judged.
bool cut_short() { return stop_requested() || past_deadline(); }

// Sets the deadline while it lives.
class DeadlineScope {
 public:
  explicit DeadlineScope(double seconds) {
    if (seconds > 0) g_deadline_ns.store(steady_ns() + static_cast<long long>(seconds * 1e9));
  }
  ~DeadlineScope() { g_deadline_ns.store(0); }
  DeadlineScope(const DeadlineScope&) = delete;
  DeadlineScope& operator=(const DeadlineScope&) = delete;
};

bool budget_exhausted() {
  if (cut_short()) return true;
  const Budget* b = active_budget;
  return b != nullptr && (b->abort || (b->limit > 0 && b->nodes.load(std::memory_order_relaxed) > b->limit));
}

// Installs a budget for the current thread while it lives.
class BudgetScope {
 public:
  explicit BudgetScope(std::uint64_t limit) {
    budget_.limit = limit;
    previous_ = active_budget;
    active_budget = &budget_;
    control.stop = &budget_exhausted;
    control.nodes = &budget_.nodes;
  }
  ~BudgetScope() { active_budget = previous_; }
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;
  void restart(std::uint64_t limit) {
    budget_.nodes = 0;
    budget_.limit = limit;
    budget_.abort = false;
  }
  void abort() { budget_.abort = true; }
  std::uint64_t nodes() const { return budget_.nodes.load(std::memory_order_relaxed); }
  solver::SearchControl control;

 private:
  Budget budget_;
  Budget* previous_ = nullptr;
};

std::uint64_t candidate_seed(std::uint64_t seed, std::uint64_t index) {
  // splitmix64 of the pair, so that neighbouring candidates share no random stream.
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + index;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Plays a whole game from the start and returns its moves: uniformly random, or (guided) the best
// of a few random moves by the result of short random playouts, which gives games that look more
// like play (threats answered, wins taken).
std::vector<Move> play_game(const Game& game, Rng& rng, bool guided) {
  auto state = game.initial_state();
  std::vector<Move> played, legal;
  auto trial = state->clone();
  while (!state->is_terminal() && static_cast<int>(played.size()) < game.max_plies()) {
    state->legal_moves(legal);
    Move chosen = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    // Playouts cost a game's length each, so a game of length L guided at every ply costs L^2:
    // about 40 guided plies per game keep long games (a ply cap of 400) as cheap as short ones.
    if (guided && legal.size() > 1 && rng.below(static_cast<std::uint32_t>(std::max(1, game.max_plies()))) < 40) {
      const int mover = state->side_to_move();
      int best_score = -1;
      for (int sample = 0; sample < 3; ++sample) {
        const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        int score = 0;
        for (int playout = 0; playout < 2; ++playout) {
          trial->copy_from(*state);
          trial->apply(m);
          const Outcome o = trial->is_terminal() ? trial->outcome() : trial->random_playout(rng);
          score += o.kind == Outcome::Kind::Win ? (o.winner == mover ? 2 : 0) : 1;
        }
        if (score > best_score) {
          best_score = score;
          chosen = m;
        }
      }
    }
    state->apply(chosen);
    played.push_back(chosen);
  }
  return played;
}

bool won_by(const State& state, int side) {
  return state.outcome().kind == Outcome::Kind::Win && state.outcome().winner == side;
}

// A move of `state` that wins for its mover at once, if it has one (`scratch`: any state of the game).
std::optional<Move> win_in_one(const State& state, std::vector<Move>& moves, State& scratch) {
  const int mover = state.side_to_move();
  state.legal_moves(moves);
  for (Move m : moves) {
    scratch.copy_from(state);
    scratch.apply(m);
    if (won_by(scratch, mover)) return m;
  }
  return std::nullopt;
}

// A game in which each side takes a win in one when it has one and otherwise plays a move after
// which the opponent has no win in one (up to kThreatTries tried, else a random move): half the
// time the one that gains most by the game's own distance_to_win estimate (ties drawn at random),
// otherwise random ones. Such a game is not decided by a single threat left open by chance but
// where a side found no defence, so the position 2k-1 plies before a win is where the winner's
// forcing sequence began: a within-k candidate the other sources rarely offer on large boards,
// where a long random game ends in a threat left open, a draw or a ply cap. The estimate makes
// the sides go for their goals (captures, say) instead of playing out the ply cap.
std::vector<Move> play_threat_aware_game(const Game& game, Rng& rng) {
  constexpr int kThreatTries = 12;
  auto state = game.initial_state();
  auto child = state->clone(), scratch = state->clone();
  std::vector<Move> played, legal, replies;
  auto safe = [&](Move m, int mover) {
    child->copy_from(*state);
    child->apply(m);
    if (child->is_terminal()) return false;  // a draw or a loss at once; a win was taken before
    return child->side_to_move() == mover || !win_in_one(*child, replies, *scratch);
  };
  while (!state->is_terminal() && static_cast<int>(played.size()) < game.max_plies()) {
    const int mover = state->side_to_move();
    state->legal_moves(legal);
    std::optional<Move> chosen;
    const bool greedy = rng.below(2) == 0;
    Move best = legal.front();
    int best_gain = std::numeric_limits<int>::min(), ties = 0;
    for (Move m : legal) {
      child->copy_from(*state);
      child->apply(m);
      if (won_by(*child, mover)) {
        chosen = m;
        break;
      }
      if (!greedy || child->is_terminal()) continue;
      const int gain = child->distance_to_win(1 - mover) - child->distance_to_win(mover);
      if (gain > best_gain) {
        best_gain = gain;
        best = m;
        ties = 1;
      } else if (gain == best_gain && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
        best = m;
      }
    }
    if (!chosen && greedy && safe(best, mover)) chosen = best;
    // Distinct moves in random order (a partial Fisher-Yates shuffle of the list).
    for (std::size_t tried = 0; !chosen && tried < legal.size() && tried < static_cast<std::size_t>(kThreatTries); ++tried) {
      const std::size_t pick = tried + rng.below(static_cast<std::uint32_t>(legal.size() - tried));
      std::swap(legal[tried], legal[pick]);
      if (safe(legal[tried], mover)) chosen = legal[tried];
    }
    if (!chosen) chosen = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    state->apply(*chosen);
    played.push_back(*chosen);
  }
  return played;
}

bool ran_to_cap(const Game& game, const std::vector<Move>& moves) { return static_cast<int>(moves.size()) >= game.max_plies(); }

std::unique_ptr<State> replay(const Game& game, const std::vector<Move>& moves, std::size_t count) {
  auto state = game.initial_state();
  for (std::size_t i = 0; i < count && i < moves.size(); ++i) state->apply(moves[i]);
  return state;
}

int depth_of(const GeneratorOptions& options) { return options.kind == PuzzleKind::Wins ? 3 : options.within; }

// The side options.to_move asks to be to move, or nothing for either.
std::optional<int> asked_side(const Game& game, const GeneratorOptions& options) {
  if (options.to_move.empty()) return std::nullopt;
  const std::optional<int> side = side_named(game.descriptor(), options.to_move);
  if (!side) throw InputError("--to-move " + quote_input(options.to_move) + " names no side of " + game.descriptor().name);
  return side;
}

std::string side_name(const Game& game, int side) { return game.descriptor().side_names.at(static_cast<std::size_t>(side)); }

// The colour the player to move plays after its move m: its own, or the other one after a move
// that exchanges the players (the pie swap). A puzzle asks whether that player wins; the solver's
// values and searches are the colours', so a search of the position after m is for this side.
int player_after(const State& position, Move m) {
  const int mover = position.side_to_move();
  return position.exchanges_players(m) ? 1 - mover : mover;
}

// The game's own estimate of how much better the mover stands after the move: what a one-ply
// search prefers. Used only to rank tempting moves, never to decide a puzzle.
int shallow_score(const State& position, Move m) {
  const int mover = player_after(position, m);
  auto child = position.clone();
  child->apply(m);
  if (child->is_terminal()) return child->outcome().kind == Outcome::Kind::Win && child->outcome().winner == mover ? 1000 : -1000;
  return child->distance_to_win(1 - mover) - child->distance_to_win(mover);
}

// Whether two of the moves each win within depth_of(options) moves (bounded searches, so each
// really wins): then the position has several winning moves and is no puzzle of the `wins` kind.
// The df-pn solve of every move finds that out only after disproving each losing move that comes
// before the second winner in the move list, and on the threat-aware source's positions (early
// in a game, often with several winning moves) it often ran out of node budget first: that
// source took nine tenths of a 7x7 `wins` run (docs/puzzles.md). It rejects only what the
// solve rejects too, so a seed's puzzles do not change. Moves are probed in the order the one-ply
// look prefers them, each with a fortieth of the node budget and all together with a quarter.
bool fast_wins_of_two_moves(const State& position, const std::vector<Move>& legal, const GeneratorOptions& options,
                            BudgetScope& budget) {
  std::vector<std::pair<int, Move>> order;
  for (const Move m : legal) order.emplace_back(shallow_score(position, m), m);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  solver::BoundedSearch probe(1, budget.control);
  auto child = position.clone();
  std::uint64_t spent = 0;
  int winners = 0;
  for (const auto& scored : order) {
    const Move m = scored.second;
    if (spent >= options.node_budget / 4) break;
    child->copy_from(position);
    child->apply(m);
    if (child->is_terminal()) continue;  // a loss or a draw; a win at once was ruled out before
    budget.restart(options.node_budget / 40 + 1);
    bool wins = false;
    try {
      wins = probe.defender_loses(*child, player_after(position, m), depth_of(options) - 1);
    } catch (const solver::SearchInterrupted&) {
      if (cut_short()) throw;
    }
    spent += budget.nodes();
    if (wins && ++winners == 2) return true;
  }
  return false;
}

// Settles r, a move of `position` that exchanges the players, for the player who makes it: the
// solver's values are the colours', and after the exchange that player plays the other colour.
// An exact value turns over (the colour's win is the player's loss); a bounded one says nothing of
// the other colour, so the player's is searched: whether it wins within the k - 1 moves left to it,
// with its certificate and line in place of the colour's.
void for_the_player(const State& position, solver::MoveResult& r, int k, bool wins_kind, BudgetScope& budget,
                    const GeneratorOptions& options) {
  if (wins_kind) {
    if (r.value == Value::Win) r.value = Value::Loss;
    else if (r.value == Value::Loss) r.value = Value::Win;
    return;
  }
  auto child = position.clone();
  child->apply(r.move);
  const int player = player_after(position, r.move);
  budget.restart(options.node_budget);
  solver::BoundedSearch search(1, budget.control);
  search.count_into(r.stats);
  const bool wins = search.defender_loses(*child, player, k - 1);
  r.value = wins ? Value::WinWithin : Value::NoWinWithin;
  r.certificate = solver::Certificate();
  r.claims = {search.certify(*child, player, k - 1, wins, r.certificate)};
  r.line = solver::principal_line(r.certificate, r.claims.front());
  r.line_ends = solver::finish_line(*child, r.line);
}

std::string moves_word(int n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }

std::string outcome_words(const Game& game, const Outcome& o) {
  return o.kind == Outcome::Kind::Win ? side_name(game, o.winner) + " wins" : "it is drawn";
}

// What the sentence of the wrong move m of `position` claims (refutation_sentence writes it): k is
// the puzzle's bound (0: a `wins` puzzle); `slower_win`: the player still wins within k moves after
// m, so k + 1 moves from the puzzle position, m counted.
puzzles::RefutationClaim refutation_claim(const State& position, const solver::MoveResult& m, int k, bool slower_win) {
  using Kind = puzzles::RefutationClaim::Kind;
  puzzles::RefutationClaim claim;
  const int player = player_after(position, m.move);
  auto child = position.clone();
  child->apply(m.move);
  if (child->is_terminal()) {
    claim.kind = Kind::EndsGame;
    return claim;
  }
  // The one move of a win in one is spent: there is no answer to speak of.
  if (k == 1) {
    claim.kind = Kind::NotAtOnce;
    claim.slower_win = slower_win ? k + 1 : 0;
    return claim;
  }
  if (!m.line.empty() && child->side_to_move() == 1 - player) {
    // An answer that ends the game with the opponent's win is said to win, as in a `wins` puzzle
    // ("Black answers d5 and wins."): the bounded search's "cannot win within k" is true but hides
    // that the move loses at once. Said only where replaying the answer shows it.
    child->apply(child->parse_move(m.line.front()));
    const Outcome end = child->is_terminal() ? child->outcome() : Outcome{};
    if (end.kind == Outcome::Kind::Win && end.winner == 1 - player) {
      claim.kind = Kind::AnswerWins;
      return claim;
    }
  }
  if (m.value == Value::NoWinWithin) {
    claim.kind = Kind::NoWinWithin;
    claim.within = k;
    claim.slower_win = slower_win ? k + 1 : 0;
  } else if (m.value == Value::Draw) {
    claim.kind = Kind::Draw;
  } else {
    claim.kind = Kind::Loses;
    if (m.line.size() > 1) claim.line = m.line;
  }
  return claim;
}

}  // namespace

std::optional<std::string> refutation_sentence(const Game& game, const State& position, Move move,
                                               const std::vector<std::string>& defence, const puzzles::RefutationClaim& claim) {
  using Kind = puzzles::RefutationClaim::Kind;
  const std::string text = position.move_text(move);
  const int player = player_after(position, move);
  const std::string side = side_name(game, player), opponent = side_name(game, 1 - player);
  auto child = position.clone();
  child->apply(move);
  if (claim.kind == Kind::None) return std::nullopt;
  if (claim.kind == Kind::EndsGame) {
    if (!child->is_terminal()) return std::nullopt;
    return text + " ends the game: " + outcome_words(game, child->outcome()) + ".";
  }
  const std::string exchange =
      position.exchanges_players(move) ? "the players exchange colours, so the player to move plays " + side : "";
  const std::string still = claim.slower_win > 0 ? " " + side + " still wins, but needs " + moves_word(claim.slower_win) +
                                                       " from the puzzle position, " + text + " counted."
                                                 : "";
  if (claim.kind == Kind::NotAtOnce) return text + " does not win at once" + (exchange.empty() ? "" : " (" + exchange + ")") + "." + still;
  std::string sentence = "After " + text + (exchange.empty() ? ", " : " " + exchange + "; ");
  const bool answered = !defence.empty() && child->side_to_move() == 1 - player;
  if (answered) sentence += opponent + " answers " + defence.front() + " and ";
  switch (claim.kind) {
    case Kind::AnswerWins:
      if (!answered) return std::nullopt;
      return sentence + "wins.";
    case Kind::NoWinWithin:
      if (!answered && child->side_to_move() == player) sentence += side + " is to move again, but ";
      return sentence + side + " cannot win within " + moves_word(claim.within) + "." + still;
    case Kind::Draw: return sentence + (answered ? "" : opponent + " ") + "holds a draw.";
    case Kind::Loses:
      return sentence + (answered ? "" : opponent + " ") + "wins" + (claim.line.empty() ? "." : " (" + move_list(claim.line) + ").");
    default: return std::nullopt;
  }
}

std::string source_name(Source source) {
  switch (source) {
    case Source::TruncatedRandom: return "truncated random game";
    case Source::PlayoutGuided: return "playout-guided game";
    case Source::SolverLine: return "solver line";
    case Source::ThreatAware: return "threat-aware game";
  }
  return "?";
}

std::string rejection_name(Rejection why) {
  switch (why) {
    case Rejection::None: return "none";
    case Rejection::NoPosition: return "no position";
    case Rejection::NoWin: return "no win";
    case Rejection::FasterWin: return "faster win";
    case Rejection::OverBudget: return "over budget";
    case Rejection::SeveralWins: return "several winning moves";
    case Rejection::WrongTheme: return "other theme";
    case Rejection::KeyOffBoard: return "key move off the board";
    case Rejection::NearPlyCap: return "near the ply cap";
    case Rejection::OtherSide: return "other side to move";
  }
  return "?";
}

std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  std::string hex;
  char byte[3];
  for (unsigned int i = 0; i < length; ++i) {
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex;
}

int difficulty_level(const puzzles::DifficultyMeasures& m, PuzzleKind kind, int within) {
  // Points, each for something a solver (human) must see; docs/puzzles.md explains the choice.
  int points = kind == PuzzleKind::Wins ? 2 : within - 1;  // own moves the solution takes beyond the first
  if (m.tempting_moves >= 1) ++points;
  if (m.tempting_moves >= 4) ++points;
  if (m.defences >= 40) ++points;
  if (m.solver_nodes >= 2000) ++points;
  if (m.solver_nodes >= 100000) ++points;
  return std::clamp(1 + points * 4 / 7, 1, 5);
}

std::unique_ptr<State> candidate_position(const Game& game, const GeneratorOptions& options, std::uint64_t index) {
  Rng rng(candidate_seed(options.seed, index));
  const auto source = static_cast<Source>(index % kSources);
  const int depth = depth_of(options);
  const std::optional<int> side = asked_side(game, options);
  // Whether a finished game is one the source looks for: won, and by the side asked for, if any.
  const auto wanted = [&](const std::vector<Move>& moves) {
    const Outcome end = replay(game, moves, moves.size())->outcome();
    return end.kind == Outcome::Kind::Win && (!side || end.winner == *side);
  };
  if (source == Source::ThreatAware) {
    // The winner's forcing sequence starts 2·depth-1 plies before the end (where a turn is one
    // ply); a game that nobody won offers nothing.
    std::vector<Move> moves;
    for (int attempt = 0; attempt < (side ? kGamesForASide : 1); ++attempt) {
      moves = play_threat_aware_game(game, rng);
      if (wanted(moves)) break;
    }
    const auto plies = static_cast<std::size_t>(2 * depth - 1);
    if (!wanted(moves) || moves.size() <= plies || ran_to_cap(game, moves)) return nullptr;
    return replay(game, moves, moves.size() - plies);
  }
  // Short wins sit before a won ending; a game that ran into a draw (a ply cap, a full board)
  // offers few, so a few more games are tried for one that someone wins.
  std::vector<Move> moves;
  for (int attempt = 0; attempt < (side ? kGamesForASide : 8); ++attempt) {
    moves = play_game(game, rng, source == Source::PlayoutGuided);
    if (wanted(moves)) break;
  }
  // A game that ran to the ply cap was ended by the cap, not by play: the short wins of its last
  // positions are the cap's (on a 15x15 board where every random game does: the mover wins with
  // any move, or has nothing), and proving that cost half of that run for no puzzle. A game the
  // other side won has no short win for the side asked for near its end.
  if (moves.size() < 2 || ran_to_cap(game, moves) || (side && !wanted(moves))) return nullptr;
  // A random game ends with a win, so its last few positions are the ones with short wins.
  const std::size_t back = 1 + rng.below(static_cast<std::uint32_t>(2 * depth + 2));
  const std::size_t extra = source == Source::SolverLine ? 2 : 0;
  std::size_t cut = moves.size() > back + extra ? moves.size() - back - extra : 0;
  auto state = replay(game, moves, cut);
  // The side asked for to move: one ply earlier, where the other side is to move at the cut.
  if (side && state->side_to_move() != *side && cut > 0) state = replay(game, moves, --cut);
  if (source != Source::SolverLine || state->is_terminal()) return state;
  // Solver line: from a position where the mover wins within depth+1, play a winning first move
  // and a defence after which no faster win remains; what is left is a win within depth found by
  // the solver itself. (Asking the searches move by move reuses their table; writing the whole
  // proof as a certificate to read its line cost one game nine tenths of its generation time.)
  // A source only proposes, so its search gets a tenth of the budget: on a board of 61 fields the
  // whole budget made this source three quarters of the run for a tenth of its puzzles.
  BudgetScope budget(options.node_budget / 10 + 1);
  try {
    solver::BoundedSearch search(4, budget.control);
    const int mover = state->side_to_move();
    if (!search.attacker_wins(*state, mover, depth + 1)) return state;
    std::vector<Move> moves, replies;
    state->legal_moves(moves);
    auto child = state->clone();
    auto after = state->clone();
    for (Move m : moves) {
      child->copy_from(*state);
      child->apply(m);
      if (child->is_terminal() || !search.defender_loses(*child, mover, depth)) continue;
      child->legal_moves(replies);
      for (Move r : replies) {
        after->copy_from(*child);
        after->apply(r);
        if (after->is_terminal() || search.attacker_wins(*after, mover, depth - 1)) continue;
        return after;
      }
      break;  // every defence loses sooner: keep the position itself
    }
  } catch (const solver::SearchInterrupted&) {
  }
  return state;
}

namespace {

// A wrong move of examine(): its index among the solved moves, whether it wins one move later than
// asked, and the one-ply look's score of it.
struct Wrong {
  std::size_t index;
  bool slower_win;
  int score;
};

// Puts first, in `wrong` (sorted as examine() stores them: the tempting moves first), the up to three
// wrong moves a puzzle stores and a book shows. Among the tempting moves, then among the others, a
// move on a place (Game::move_anchor) no move already chosen has comes first, and of moves alike so
// far the one nearer the key move's place, then the earlier: three turnings of one bar on one field
// far from the play (a book showed one corner placement in its three orientations as the three
// wrong moves) told a reader one thing three times. A move without a place counts as far, and as a place of its own.
void choose_shown_wrong_moves(const State& position, const std::vector<solver::MoveResult>& moves, Move key, int key_score,
                              std::vector<Wrong>& wrong) {
  constexpr std::size_t kShown = 3;
  const std::optional<MoveAnchor> key_place = position.move_anchor(key);
  struct Candidate {
    std::size_t at;  // in `wrong`
    bool tempting;
    std::optional<MoveAnchor> place;
    double distance;
  };
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < wrong.size(); ++i) {
    const std::optional<MoveAnchor> place = position.move_anchor(moves[wrong[i].index].move);
    const double distance = place && key_place ? std::hypot(place->x - key_place->x, place->y - key_place->y)
                                               : std::numeric_limits<double>::infinity();
    candidates.push_back({i, wrong[i].slower_win || wrong[i].score >= key_score, place, distance});
  }
  // Alike: the same tempting class and standing (slower win, score) in examine()'s order.
  const auto alike = [&](const Candidate& a, const Candidate& b) {
    const Wrong &x = wrong[a.at], &y = wrong[b.at];
    return x.slower_win == y.slower_win && x.score == y.score;
  };
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
    if (!alike(a, b)) return a.at < b.at;
    return a.distance < b.distance;
  });
  std::vector<std::size_t> chosen;  // positions in `candidates`
  std::vector<MoveAnchor> places;
  const auto same_place = [&](const std::optional<MoveAnchor>& place) {
    return place && std::any_of(places.begin(), places.end(), [&](const MoveAnchor& p) { return p.x == place->x && p.y == place->y; });
  };
  for (const bool tempting : {true, false}) {
    for (const bool repeats_allowed : {false, true}) {
      for (std::size_t c = 0; c < candidates.size() && chosen.size() < kShown; ++c) {
        if (candidates[c].tempting != tempting || std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
        if (!repeats_allowed && same_place(candidates[c].place)) continue;
        chosen.push_back(c);
        if (candidates[c].place) places.push_back(*candidates[c].place);
      }
    }
  }
  std::vector<Wrong> ordered;
  for (const std::size_t c : chosen) ordered.push_back(wrong[candidates[c].at]);
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    if (std::find(chosen.begin(), chosen.end(), c) == chosen.end()) ordered.push_back(wrong[candidates[c].at]);
  }
  wrong = std::move(ordered);
}

// The main line as the certificate proves it, with the defence that resists most at each of the
// defender's turns: one that loses slowest (the longest line below it in the certificate), then one
// after which the winner has fewest moves that win at once, then the one whose refutation has the
// most nodes, then the first in the position's move order. The solver's line took the first of
// the defences that lose equally fast, often a meaningless one (a reply in a far corner, where the
// natural blocks beside the threat were never shown). The winner's moves are the certificate's. Nothing
// where the certificate does not lead to the game's end so (a part, a node without a move): the
// solver's line stands then.
std::optional<std::vector<std::string>> resisting_line(const State& position, const solver::Certificate& certificate,
                                                       const std::string& key) {
  const auto valid = [&](int id) { return id >= 1 && id <= certificate.size(); };
  if (!valid(certificate.root)) return std::nullopt;
  const std::vector<int> longest = solver::longest_lines(certificate);  // plies below each node
  const auto nodes_below = [&](int id) {
    std::set<int> seen;
    std::vector<int> stack{id};
    while (!stack.empty()) {
      const int at = stack.back();
      stack.pop_back();
      if (!valid(at) || !seen.insert(at).second) continue;
      for (const solver::Certificate::Edge& edge : certificate.edges(at)) stack.push_back(edge.child);
    }
    return seen.size();
  };
  int node = 0;
  for (const solver::Certificate::Edge& edge : certificate.edges(certificate.root)) {
    if (certificate.move(edge) == key) node = edge.child;
  }
  std::vector<std::string> line{key};
  auto state = position.clone();
  try {
    state->apply(state->parse_move(key));
    std::vector<Move> replies, answers;
    while (!state->is_terminal()) {
      if (!valid(node) || !certificate.part(node).empty()) return std::nullopt;
      const solver::Claim& claim = certificate.claim(node);
      const std::span<const solver::Certificate::Edge> edges = certificate.edges(node);
      if (state->side_to_move() == claim.side) {  // the winner's move: the certificate's
        if (edges.empty()) return std::nullopt;
        line.emplace_back(certificate.move(edges.front()));
        state->apply(state->parse_move(line.back()));
        node = edges.front().child;
        continue;
      }
      struct Defence {
        std::string text;
        int child = 0;  // 0: answered by the node's default answer
        int plies = 0;
        std::size_t winning_answers = 0;
        std::size_t nodes = 0;
      };
      std::vector<Defence> defences;
      state->legal_moves(replies);
      for (const Move reply : replies) {
        Defence d;
        d.text = state->move_text(reply);
        const auto listed = std::find_if(edges.begin(), edges.end(), [&](const solver::Certificate::Edge& e) { return certificate.move(e) == d.text; });
        if (listed != edges.end()) {
          d.child = listed->child;
          d.plies = 1 + (valid(d.child) ? std::max(0, longest[static_cast<std::size_t>(d.child)]) : 0);
        } else if (!certificate.answer(node).empty()) {
          d.plies = 2;
        } else {
          return std::nullopt;  // a reply the certificate does not answer: not a proof to follow
        }
        defences.push_back(d);
      }
      if (defences.empty()) return std::nullopt;
      // The winning answers are counted only where the slowest defences tie (a search-free count,
      // but a reply times an answer each).
      int slowest = 0;
      for (const Defence& d : defences) slowest = std::max(slowest, d.plies);
      std::optional<Defence> best;
      auto after = state->clone();
      auto won = state->clone();
      for (std::size_t r = 0; r < defences.size(); ++r) {
        Defence& d = defences[r];
        if (d.plies < slowest) continue;
        d.nodes = d.child != 0 ? nodes_below(d.child) : 1;
        after->copy_from(*state);
        after->apply(replies[r]);
        if (!after->is_terminal() && after->side_to_move() == claim.side) {
          after->legal_moves(answers);
          for (const Move answer : answers) {
            won->copy_from(*after);
            won->apply(answer);
            const Outcome end = won->is_terminal() ? won->outcome() : Outcome{};
            d.winning_answers += end.kind == Outcome::Kind::Win && end.winner == claim.side ? 1 : 0;
          }
        }
        const bool better = !best || d.winning_answers < best->winning_answers ||
                            (d.winning_answers == best->winning_answers && d.nodes > best->nodes);
        if (better) best = d;
      }
      line.push_back(best->text);
      state->apply(state->parse_move(best->text));
      if (best->child == 0) {
        if (state->is_terminal()) break;
        line.emplace_back(certificate.answer(node));
        state->apply(state->parse_move(line.back()));
        if (!state->is_terminal()) return std::nullopt;
        break;
      }
      node = best->child;
    }
  } catch (const InputError&) {
    return std::nullopt;
  }
  if (state->outcome().kind != Outcome::Kind::Win) return std::nullopt;
  return line;
}

}  // namespace

std::optional<Puzzle> examine(const Game& game, const State& candidate, const GeneratorOptions& options,
                              bool& interrupted, Rejection* why) {
  interrupted = false;
  // The position as its diagram shows it: a history of earlier positions (what a repetition rule
  // counts) is dropped, so that the puzzle is solved, certified and stored from exactly what the
  // reader is shown. Until 29 November 2026 the puzzles of a game with a repetition rule were
  // solved with a history of up to 76 plies that no diagram showed.
  const std::unique_ptr<State> shown = candidate.as_shown();
  const State& position = *shown;
  auto reject = [why](Rejection reason) -> std::optional<Puzzle> {
    if (why != nullptr) *why = reason;
    return std::nullopt;
  };
  if (why != nullptr) *why = Rejection::None;
  if (position.is_terminal()) return reject(Rejection::NoPosition);
  // A source cuts its games where the side asked for is to move, but not every game alternates
  // (a game may let one side move twice, as a free move does).
  if (const std::optional<int> side = asked_side(game, options); side && position.side_to_move() != *side) {
    return reject(Rejection::OtherSide);
  }
  std::vector<Move> legal;
  position.legal_moves(legal);
  if (legal.size() < 2) return reject(Rejection::NoPosition);
  const int mover = position.side_to_move();
  const bool wins_kind = options.kind == PuzzleKind::Wins;
  const int k = options.within;
  BudgetScope budget(options.node_budget);
  try {
    solver::BoundedSearch quick(1, budget.control);
    // Cheap whole-position tests first: most candidates fail one of them.
    if (wins_kind) {
      if (quick.attacker_wins(position, mover, 1)) return reject(Rejection::NoWin);
      if (fast_wins_of_two_moves(position, legal, options, budget)) return reject(Rejection::SeveralWins);
    } else {
      if (!quick.attacker_wins(position, mover, k)) return reject(Rejection::NoWin);
      if (k > 1 && quick.attacker_wins(position, mover, k - 1)) return reject(Rejection::FasterWin);
    }
  } catch (const solver::SearchInterrupted&) {
    interrupted = cut_short();
    return reject(interrupted ? Rejection::None : Rejection::OverBudget);
  }

  budget.restart(options.node_budget);
  solver::SolveOptions solve_options;
  solve_options.within = wins_kind ? 0 : k;
  solve_options.threads = 1;
  solve_options.table_megabytes = wins_kind ? 16 : 1;
  solve_options.control = budget.control;
  int winners = 0;
  solver::SolveResult result = solver::solve_moves(position, solve_options, {}, [&](std::size_t, const solver::MoveResult& r) {
    // A move that exchanges the players is settled for its player below.
    if (!position.exchanges_players(r.move) && solver::is_win(r.value)) {
      if (++winners > 1) budget.abort();  // a second winning move: not a one-solution puzzle
    }
  });
  if (cut_short()) {
    interrupted = true;
    return reject(Rejection::None);
  }
  try {
    for (solver::MoveResult& r : result.moves) {
      if (position.exchanges_players(r.move) && r.value != Value::Unknown) for_the_player(position, r, k, wins_kind, budget, options);
    }
  } catch (const solver::SearchInterrupted&) {
    interrupted = cut_short();
    return reject(interrupted ? Rejection::None : Rejection::OverBudget);
  }
  std::size_t key = legal.size();
  for (std::size_t i = 0; i < result.moves.size(); ++i) {
    const Value v = result.moves[i].value;
    if (v == Value::Unknown) return reject(winners > 1 ? Rejection::SeveralWins : Rejection::OverBudget);
    if (solver::is_win(v)) {
      if (key != legal.size()) return reject(Rejection::SeveralWins);
      key = i;
    }
  }
  if (key == legal.size()) return reject(Rejection::NoWin);
  const solver::MoveResult& key_result = result.moves[key];
  // A key move with no place on the board (a pass, the pie swap) is no move to find: in a game
  // where the opponent has just passed, a second pass that ends the game is a "win in 1" with
  // nothing on the board to see.
  if (!position.move_anchor(key_result.move)) return reject(Rejection::KeyOffBoard);

  Puzzle p;
  p.theme = position.move_theme(key_result.move);
  if (!options.theme.empty() && p.theme != options.theme) return reject(Rejection::WrongTheme);
  p.game = game.descriptor().name;
  p.size = game.config().size;
  for (const auto& [name, value] : game.config().rulings) p.rulings.push_back(name + "=" + value);
  p.position = position.line();
  p.kind = options.kind;
  p.within = wins_kind ? 0 : k;
  p.key_move = key_result.text;
  p.main_line = {key_result.text};
  p.main_line.insert(p.main_line.end(), key_result.line.begin(), key_result.line.end());

  // Tempting wrong moves: those that win one move later than asked (within kind) and those a
  // one-ply look at the game's own distance estimate rates at least as highly as the key move,
  // counted up to kSlowerWinsCounted. They come first among the (up to three) wrong moves stored. The slower-win
  // searches are the costliest part of a puzzle with many moves (on a board of 61 fields, 200
  // searches of k+1 moves took 25 s for one puzzle), so they stop where the level stops counting
  // (kSlowerWinsCounted found), each gets a fortieth of the node budget and all of them together
  // the budget once; the moves are tried in the order the one-ply look prefers them.
  constexpr int kSlowerWinsCounted = 4;
  const int key_score = shallow_score(position, key_result.move);
  std::vector<Wrong> wrong;
  for (std::size_t i = 0; i < result.moves.size(); ++i) {
    if (i != key) wrong.push_back({i, false, shallow_score(position, result.moves[i].move)});
  }
  std::stable_sort(wrong.begin(), wrong.end(), [](const Wrong& a, const Wrong& b) { return a.score > b.score; });
  if (!wins_kind) {
    try {
      solver::BoundedSearch deeper(1, budget.control);
      std::uint64_t spent = 0;
      int slower_wins = 0;
      auto child = position.clone();
      for (Wrong& w : wrong) {
        if (slower_wins >= kSlowerWinsCounted || spent >= options.node_budget) break;
        child->copy_from(position);
        child->apply(result.moves[w.index].move);
        budget.restart(options.node_budget / 40 + 1);
        try {
          w.slower_win = deeper.defender_loses(*child, player_after(position, result.moves[w.index].move), k);
        } catch (const solver::SearchInterrupted&) {
          if (cut_short()) throw;
        }
        spent += budget.nodes();
        slower_wins += w.slower_win ? 1 : 0;
      }
    } catch (const solver::SearchInterrupted&) {
      interrupted = true;
      return std::nullopt;
    }
  }
  std::stable_sort(wrong.begin(), wrong.end(), [](const Wrong& a, const Wrong& b) {
    if (a.slower_win != b.slower_win) return a.slower_win;
    return a.score > b.score;
  });
  // The count stops where the level stops counting, as the searches do: past 4 found not every
  // move was searched, and a flat one-ply estimate ties the key move with most moves (one game's
  // within-2 puzzle stored 63 of its moves), so a larger number measured neither. 4 is "4 or more".
  int tempting = 0;
  for (const Wrong& w : wrong) tempting += (w.slower_win || w.score >= key_score) ? 1 : 0;
  p.measures.tempting_moves = std::min(tempting, kSlowerWinsCounted);
  choose_shown_wrong_moves(position, result.moves, key_result.move, key_score, wrong);
  // A ply cap (Game::ply_cap) is a ruling that ends an undecided game, often invented (one game's
  // cap gives the win to a side by default, another's is a draw): a puzzle whose proof, or a stored
  // wrong move's slower win, has a line that reaches it may rest on it, which no reader expects.
  // Such a candidate is refused ("near the ply cap"). The lines are counted in plies on the
  // certificates, not from K, since in some games a side may move twice in a turn.
  const int ply_cap = game.ply_cap();
  for (std::size_t r = 0; ply_cap > 0 && !wins_kind && r < wrong.size() && r < 3; ++r) {
    if (!wrong[r].slower_win) continue;
    const Move move = result.moves[wrong[r].index].move;
    auto child = position.clone();
    child->apply(move);
    solver::Certificate slower;
    budget.restart(options.node_budget);
    try {
      solver::BoundedSearch search(1, budget.control);
      const int player = player_after(position, move);
      slower.root = search.certify(*child, player, k, true, slower);
    } catch (const solver::SearchInterrupted&) {
      interrupted = cut_short();
      return reject(interrupted ? Rejection::None : Rejection::OverBudget);
    }
    if (child->ply() + solver::longest_line(slower) >= ply_cap) return reject(Rejection::NearPlyCap);
  }
  for (std::size_t r = 0; r < wrong.size() && r < 3; ++r) {
    const solver::MoveResult& m = result.moves[wrong[r].index];
    puzzles::Refutation refutation;
    refutation.move = m.text;
    refutation.defence.assign(m.line.begin(), m.line.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(2, m.line.size())));
    refutation.claim = refutation_claim(position, m, wins_kind ? 0 : k, wrong[r].slower_win);
    refutation.why = refutation_sentence(game, position, m.move, refutation.defence, refutation.claim).value();
    p.refutations.push_back(std::move(refutation));
  }

  // The main line shows the defence that resists most where several lose equally fast
  // (resisting_line); the solver's line, which took the first of them, where the certificate
  // cannot be followed so.
  const solver::Certificate certificate = solver::analysis_certificate(game, position, result, version_string());
  if (auto line = resisting_line(position, certificate, key_result.text)) p.main_line = std::move(*line);

  // Defences the main line must answer: the defender's legal replies at each of its turns.
  auto walk = position.clone();
  std::vector<Move> replies;
  for (const std::string& text : p.main_line) {
    if (walk->is_terminal()) break;
    if (walk->side_to_move() != mover) {
      walk->legal_moves(replies);
      p.measures.defences += static_cast<int>(replies.size());
    }
    walk->apply(walk->parse_move(text));
  }
  p.measures.solver_nodes = key_result.stats.nodes;
  p.measures.solution_plies = static_cast<int>(p.main_line.size());
  p.difficulty = difficulty_level(p.measures, p.kind, p.within);

  if (ply_cap > 0 && position.ply() + solver::longest_line(certificate) >= ply_cap) return reject(Rejection::NearPlyCap);
  std::ostringstream text;
  certificate.write(text);
  p.certificate = text.str();
  p.certificate_sha256 = sha256_hex(p.certificate);
  p.seed = options.seed;
  p.version = version_string();
  return p;
}

namespace {

// A candidate's outcome as bytes, what the ranks of a distributed run send rank 0: "R" and the
// Rejection's number for one examined and not a puzzle, "I" interrupted (not examined), "P" and
// the puzzle in the JSON of `puzzles show --json` (puzzles/puzzle_json.hpp).
std::string outcome_bytes(const std::optional<Puzzle>& puzzle, bool interrupted, Rejection why) {
  if (interrupted) return "I";
  if (!puzzle) return "R" + std::to_string(static_cast<int>(why));
  return "P" + puzzles::puzzle_to_json(*puzzle).dump();
}

bool is_puzzle(const std::string& bytes) { return !bytes.empty() && bytes.front() == 'P'; }

Puzzle puzzle_from_bytes(const std::string& bytes) { return puzzles::puzzle_from_json(nlohmann::json::parse(bytes.substr(1))); }

// Candidate numbers as the units of a farm (distributed/farm.hpp): a candidate's outcome depends
// on (seed, number) alone, whichever rank or thread examines it.
distributed::FarmJob candidate_farm(const Game& game, const GeneratorOptions& options) {
  distributed::FarmJob job;
  job.threads = std::max(1, options.threads);
  job.units_in_hand = 2;  // a candidate takes milliseconds: ask for the next one ahead
  job.work = [&game, &options](distributed::UnitId index) {
    const auto position = candidate_position(game, options, index);
    bool interrupted = false;
    Rejection why = Rejection::NoPosition;
    std::optional<Puzzle> puzzle;
    if (position) puzzle = examine(game, *position, options, interrupted, &why);
    return outcome_bytes(puzzle, interrupted || cut_short(), why);
  };
  return job;
}

}  // namespace

void serve_generation(const GeneratorOptions& options) {
  const auto game = make_game(find_game(options.game), options.size, options.rulings);
  const DeadlineScope deadline(options.time_limit_seconds);
  distributed::run_farm(candidate_farm(*game, options));
}

GenerationReport generate(puzzles::PuzzleStore& store, const GeneratorOptions& options, std::int64_t count,
                          GeneratorProgress& progress) {
  const GameDescriptor& descriptor = find_game(options.game);
  const auto game = make_game(descriptor, options.size, options.rulings);
  puzzles::RunCursor run;
  run.game = descriptor.name;
  run.size = options.size;
  for (const auto& [name, value] : game->config().rulings) run.rulings.push_back(name + "=" + value);
  run.kind = options.kind;
  run.within = options.kind == PuzzleKind::Wins ? 0 : options.within;
  run.theme = options.theme;
  run.to_move = options.to_move;
  run.seed = options.seed;
  run.node_budget = options.node_budget;
  run.next = store.run_next(run);

  GenerationReport report;
  for (const puzzles::RunCursor& other : store.runs_with_other_budgets(run)) report.other_budgets.emplace_back(other.node_budget, other.next);
  report.stored_before = store.count(run);
  report.first_candidate = run.next;
  report.examined_before = store.run_history(run);
  std::int64_t stored = report.stored_before;
  progress.stored = stored;
  progress.stored_at_start = stored;
  // Candidates come back in any order; they are stored in candidate order, each finished prefix
  // in one transaction with the cursor, up to the count asked for. A duplicate found at insertion
  // is not counted, and the following candidates are taken instead.
  std::map<std::uint64_t, std::string> arrived;
  std::uint64_t handed = run.next;
  const auto started = std::chrono::steady_clock::now();
  // When each candidate out was handed out, and how long each one the time limit cut had been
  // searched (both under the farm's lock).
  std::map<std::uint64_t, std::chrono::steady_clock::time_point> handed_at;
  std::map<std::uint64_t, double> cut_after;
  const DeadlineScope deadline(options.time_limit_seconds);
  distributed::FarmJob job = candidate_farm(*game, options);
  job.next_unit = [&]() -> std::optional<distributed::UnitId> {
    if (stored >= count || stop_requested() || !report.write_error.empty()) return std::nullopt;
    if (options.max_positions > 0 && handed - report.first_candidate >= options.max_positions) {
      report.position_limit = true;
      return std::nullopt;
    }
    if (options.time_limit_seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >= options.time_limit_seconds) {
      report.time_limit = true;
      return std::nullopt;
    }
    handed_at[handed] = std::chrono::steady_clock::now();
    return handed++;
  };
  job.on_result = [&](distributed::UnitId index, const std::string& bytes) {
    if (const auto at = handed_at.find(index); at != handed_at.end()) {
      if (bytes == "I") cut_after[index] = std::chrono::duration<double>(std::chrono::steady_clock::now() - at->second).count();
      handed_at.erase(at);
    }
    // Not examined, or past what is kept (a store that could not be written keeps nothing more).
    if (bytes == "I" || index < run.next || stored >= count || !report.write_error.empty()) return;
    progress.candidates.fetch_add(1);
    if (bytes.size() > 1 && bytes.front() == 'R' && bytes.substr(1) == std::to_string(static_cast<int>(Rejection::OverBudget))) {
      progress.over_budget.fetch_add(1);
    }
    arrived.emplace(index, bytes);
    for (;;) {
      std::vector<Puzzle> keep;
      std::uint64_t consumed = 0;
      std::int64_t would_store = stored;
      // Counted in the report once the batch is written: a batch rolled back is examined again by
      // the next run, and its outcomes counted there (counted here too, the summary gave more
      // outcomes than positions examined).
      std::array<std::uint64_t, kRejections> batch_rejected{};
      for (auto it = arrived.find(run.next + consumed); it != arrived.end() && would_store < count;
           it = arrived.find(run.next + consumed)) {
        if (is_puzzle(it->second)) {
          keep.push_back(puzzle_from_bytes(it->second));
          ++would_store;
        } else if (it->second.size() > 1 && it->second.front() == 'R') {
          const int why = std::stoi(it->second.substr(1));
          if (why >= 0 && why < kRejections) ++batch_rejected[static_cast<std::size_t>(why)];
        }
        arrived.erase(it);
        ++consumed;
      }
      if (consumed == 0) return;
      run.next += consumed;
      std::vector<puzzles::PuzzleStore::Added> batch;
      try {
        batch = store.insert_batch(keep, run);
      } catch (const puzzles::StoreMoved&) {
        throw;  // not a write that failed: the store is not where it was asked to be (cli/puzzles.cpp)
      } catch (const InputError& error) {
        // The batch was rolled back: its candidates are examined again by the next run, which
        // then ends as an unbroken one would have. The run ends here, handing out no more.
        run.next -= consumed;
        report.write_error = error.what();
        return;
      }
      for (std::size_t why = 0; why < batch_rejected.size(); ++why) report.rejected[why] += batch_rejected[why];
      for (const auto& added : batch) {
        if (added.inserted) {
          ++stored;
        } else {
          ++report.duplicates;
        }
      }
      progress.stored = stored;
      if (stored >= count) return;
    }
  };
  distributed::run_farm(job);
  report.stored_after = stored;
  report.next_candidate = run.next;
  report.interrupted = stored < count;
  // A limit that was met just as the count was reached did not end the run.
  if (stored >= count) report.position_limit = report.time_limit = false;
  if (report.time_limit && !stop_requested()) {
    if (const auto cut = cut_after.find(run.next); cut != cut_after.end()) {
      report.candidate_cut = true;
      report.cut_seconds = cut->second;
    }
  }
  return report;
}

namespace {

// What a root move's verified claims prove of the puzzle's claim for `player`, the one who made the
// move (claims are the colours', each of the position after the move: a bound there counts the
// player's moves after this one). A `wins` puzzle asks for a win: a bounded one is a win too, and
// only the other colour's win or its hold shows the move does not win. A within-K puzzle asks for
// a win within K moves: "win within K-1" after the move, or "no win within K-1" (or more), the
// other colour's win or hold.
struct MoveProof {
  bool wins = false;   // the move does what the puzzle claims of the key move
  bool fails = false;  // the move does not
  bool loses = false;  // the other colour wins after it
  bool draws = false;  // both colours hold
};

MoveProof move_proof(const std::vector<solver::Claim>& claims, int player, const Puzzle& p) {
  using solver::Claim;
  const bool wins_kind = p.kind == PuzzleKind::Wins;
  MoveProof proof;
  bool holds[2] = {false, false};
  for (const Claim& c : claims) {
    if (c.kind == Claim::Kind::Win && c.side == player) {
      proof.wins = proof.wins || wins_kind || (c.bound != solver::kUnbounded && c.bound <= p.within - 1);
    } else if (c.kind == Claim::Kind::Win) {
      proof.fails = proof.loses = true;
    } else if (c.kind == Claim::Kind::Hold) {
      if (c.side == 0 || c.side == 1) holds[c.side] = true;
      proof.fails = proof.fails || c.side != player;
    } else if (c.side == player && !wins_kind && (c.bound == solver::kUnbounded || c.bound >= p.within - 1)) {
      proof.fails = true;
    }
  }
  proof.draws = holds[0] && holds[1];
  return proof;
}

std::string puzzle_claim_words(const Puzzle& p) {
  return p.kind == PuzzleKind::Wins ? "win" : "win within " + moves_word(p.within);
}

// The bound of an analysis as the puzzle counts it (moves from the puzzle position, the root's move
// counted): the one bound of every claim the players make for themselves, 0 when none is bounded,
// -1 when they differ (a certificate no solve writes).
int analysis_bound(const std::vector<std::pair<Move, std::vector<solver::Claim>>>& proved, const State& position) {
  std::set<int> bounds;
  for (const auto& [move, claims] : proved) {
    for (const solver::Claim& c : claims) {
      if (c.side == player_after(position, move) && c.kind != solver::Claim::Kind::Hold) {
        bounds.insert(c.bound == solver::kUnbounded ? 0 : c.bound + 1);
      }
    }
  }
  return bounds.size() == 1 ? *bounds.begin() : bounds.empty() ? 0 : -1;
}

// What the certificate, verified, proves against the puzzle's claim: that the key move does what
// the puzzle says (wins, or wins within K) and every other legal move does not. So it must be an
// analysis of every legal move, of the puzzle's kind.
std::vector<std::string> certificate_problems(const solver::Certificate& certificate, const solver::VerificationReport& report,
                                              const Game& game, const State& position, const Puzzle& p,
                                              std::vector<std::pair<Move, std::vector<solver::Claim>>>& proved) {
  if (!certificate.analysis(certificate.root)) {
    return {"the certificate is not an analysis of every legal move: it proves one claim, \"" +
            solver::claim_text(game.descriptor(), report.root_claim) + "\""};
  }
  std::vector<std::string> problems;
  if (report.partial) {
    const std::size_t missing = report.legal_moves - report.moves.size();
    problems.push_back("the certificate is a partial analysis: " + std::to_string(missing) + " of the " +
                       std::to_string(report.legal_moves) + " legal moves " + (missing == 1 ? "is" : "are") + " not covered");
  }
  for (const solver::MoveVerdict& verdict : report.moves) {
    try {
      proved.emplace_back(position.parse_move(verdict.move), verdict.claims);
    } catch (const InputError&) {
      // a move this position does not have: verify_certificate rejects the certificate then
    }
  }
  const int bound = analysis_bound(proved, position);
  const int asked = p.kind == PuzzleKind::Wins ? 0 : p.within;
  if (bound >= 0 && bound != asked) {
    problems.push_back("the certificate is an analysis " + (bound == 0 ? std::string("without a bound") : "within " + moves_word(bound)) +
                       ", the puzzle a " + puzzle_claim_words(p));
    return problems;
  }
  std::optional<Move> key;
  try {
    key = position.parse_move(p.key_move);
  } catch (const InputError&) {
    return problems;  // a key move the position does not have: the main line's replay reports it
  }
  std::vector<std::string> open;
  for (const auto& [move, claims] : proved) {
    const MoveProof proof = move_proof(claims, player_after(position, move), p);
    const std::string text = position.move_text(move);
    if (move == *key) {
      if (!proof.wins) problems.push_back("the certificate does not prove that " + p.key_move + " wins" + (asked ? " within " + moves_word(asked) : ""));
    } else if (proof.wins) {
      problems.push_back("the certificate proves " + text + " wins, not " + p.key_move);
    } else if (!proof.fails) {
      open.push_back(text);
    }
  }
  if (!open.empty()) {
    problems.push_back("the certificate does not prove that " + open.front() +
                       (open.size() > 1 ? " and " + std::to_string(open.size() - 1) + " other moves" : std::string()) +
                       (open.size() > 1 ? " fail" : " fails") + " to " + puzzle_claim_words(p));
  }
  return problems;
}

// Where `defence`, played after the root move `move` of the analysis `certificate` (of `position`,
// verified), leaves the certificate's proof that `player`, who made the move, does not win as the
// puzzle asks: nothing when it follows, from one of the move's nodes whose claim says so (the other
// colour's win or hold, or the player's no-win), the move each node names or one of the replies
// it lists, to the defence's end or to a node that needs no more moves (the game over, or a claim
// that holds without them), or to a reply the node leaves to its default answer. Otherwise what
// the certificate does there instead, or that the proof is in a part file it does not hold.
std::optional<std::string> defence_off_certificate(const solver::Certificate& certificate, const State& position, Move move,
                                                   int player, const std::vector<std::string>& defence) {
  using solver::Claim;
  std::optional<std::string> first;
  auto state = position.clone();
  for (const solver::Certificate::Edge& root_edge : certificate.edges(certificate.root)) {
    state->copy_from(position);
    try {
      if (state->parse_move(std::string(certificate.move(root_edge))) != move) continue;
    } catch (const InputError&) {
      continue;  // verify_certificate rejects such a certificate
    }
    const Claim& claim = certificate.claim(root_edge.child);
    const bool refutes = claim.kind == Claim::Kind::NoWin ? claim.side == player : claim.side != player;
    if (!refutes) continue;
    state->apply(move);
    int id = root_edge.child;
    std::string played = position.move_text(move);
    std::optional<std::string> off;
    for (const std::string& text : defence) {
      if (!certificate.part(id).empty()) {
        off = "the certificate's proof after " + played + " is in a part file it does not hold";
        break;
      }
      const auto edges = certificate.edges(id);
      if (edges.empty()) break;  // nothing more to prove: the rest of the defence is beyond the proof
      Move m;
      try {
        m = state->parse_move(text);
      } catch (const InputError&) {
        break;  // refutation_problems replays the defence and reports it
      }
      const solver::Certificate::Edge* next = nullptr;
      for (const solver::Certificate::Edge& edge : edges) {
        try {
          if (state->parse_move(std::string(certificate.move(edge))) == m) {
            next = &edge;
            break;  // the rest are not read: verify_certificate refuses a reply listed twice
          }
        } catch (const InputError&) {
          // verify_certificate rejects such a certificate
        }
      }
      if (next == nullptr) {
        if (!certificate.answer(id).empty()) break;  // a reply its default answer ends the game after
        off = edges.size() == 1 ? "after " + played + " the certificate plays " + std::string(certificate.move(edges.front())) + ", not " + text
                                : "after " + played + " the certificate does not list " + text;
        break;
      }
      played += " " + text;
      state->apply(m);
      id = next->child;
    }
    if (!off) return std::nullopt;
    if (!first) first = off;
  }
  // A move without a refuting node: certificate_problems reports that the certificate does not prove it fails.
  return first;
}

// The stored wrong moves, checked without search: each is a legal move of the position other than
// the key move, given once; its defence plays after it; and what its sentence says (whose move it
// is about, the answer it names, who wins, a draw, the bound) agrees with the move, its defence and
// the certificate's claims for it (`proved`: empty when the certificate does not verify, then
// only the rest is checked), and the defence of a no-win-within, loses or draw claim is the
// certificate's (`certificate`: the verified analysis, or null). What the sentence says is its stored claim (Refutation::claim): the
// claim is checked, and the sentence must be the one refutation_sentence writes for it.
std::vector<RecheckProblem> refutation_problems(const Game& game, const State& position, const Puzzle& p,
                                             const std::vector<std::pair<Move, std::vector<solver::Claim>>>& proved,
                                             const solver::Certificate* certificate) {
  std::vector<RecheckProblem> problems;
  std::vector<Move> seen;
  std::optional<Move> key;
  try {
    key = position.parse_move(p.key_move);
  } catch (const InputError&) {
    // the main line's replay reports it
  }
  for (std::size_t index = 0; index < p.refutations.size(); ++index) {
    const puzzles::Refutation& r = p.refutations[index];
    const auto refuse = [&problems, index, &r](const std::string& what) { problems.emplace_back(index, r.move, what); };
    Move move;
    try {
      move = position.parse_move(r.move);
    } catch (const InputError& e) {
      refuse(std::string("not a legal move of the position: ") + e.what());
      continue;
    }
    if (move == key) {
      refuse("it is the key move");
      continue;
    }
    if (std::find(seen.begin(), seen.end(), move) != seen.end()) {
      refuse("it is given twice");
      continue;
    }
    seen.push_back(move);
    const int player = player_after(position, move);
    const std::string side = side_name(game, player), opponent = side_name(game, 1 - player);
    // Where the game ends, if it does, on the move or within its defence.
    std::optional<Outcome> ended;
    auto line = position.clone();
    line->apply(move);
    bool plays = true;
    for (const std::string& answer : r.defence) {
      if (line->is_terminal()) {
        refuse("its defence goes on after the game has ended");
        plays = false;
        break;
      }
      try {
        line->apply(line->parse_move(answer));
      } catch (const InputError& e) {
        refuse(std::string("its defence does not play: ") + e.what());
        plays = false;
        break;
      }
    }
    if (!plays) continue;
    if (line->is_terminal()) ended = line->outcome();
    MoveProof proof;
    for (const auto& [m, claims] : proved) {
      if (m == move) proof = move_proof(claims, player, p);
    }
    using Kind = puzzles::RefutationClaim::Kind;
    const puzzles::RefutationClaim& claim = r.claim;
    // The first disagreement of a claim or its sentence is said, not every one.
    std::string disagreement;
    auto wrong = [&disagreement](const std::string& what) {
      if (disagreement.empty()) disagreement = "its sentence " + what;
    };
    auto after = position.clone();
    after->apply(move);
    const bool ends = after->is_terminal();
    const bool answered = !r.defence.empty() && !ends && after->side_to_move() == 1 - player;
    const bool opponent_wins = ended && ended->kind == Outcome::Kind::Win && ended->winner == 1 - player;
    const bool drawn = ended && ended->kind != Outcome::Kind::Win;
    const bool bounded = p.kind == PuzzleKind::WinsWithin;
    // What the claim says, checked against the move, its defence and the certificate.
    if (claim.kind == Kind::None) wrong("reads as no claim this arbiter writes");
    if (ends != (claim.kind == Kind::EndsGame)) wrong(ends ? "does not say that " + r.move + " ends the game" : "says " + r.move + " ends the game, which it does not");
    if (claim.slower_win > 0 && claim.kind != Kind::NotAtOnce && claim.kind != Kind::NoWinWithin) {
      wrong("says " + side + " still wins beside saying " + puzzles::claim_kind_name(claim.kind));
    }
    if (claim.kind == Kind::NotAtOnce && !(bounded && p.within == 1)) wrong("speaks of a win at once in a " + puzzle_claim_words(p) + " puzzle");
    if (claim.kind == Kind::AnswerWins) {
      bool answer_wins = false;
      if (answered) {
        auto answer = after->clone();
        answer->apply(answer->parse_move(r.defence.front()));  // the defence played above
        answer_wins = answer->is_terminal() && answer->outcome().kind == Outcome::Kind::Win && answer->outcome().winner == 1 - player;
      }
      if (!answer_wins) wrong("says " + opponent + "'s answer wins at once, which replaying it does not show");
    }
    if (claim.kind == Kind::NoWinWithin && (!bounded || claim.within != p.within)) wrong("gives another bound than the puzzle's " + puzzle_claim_words(p));
    if (claim.kind == Kind::Draw && !proof.draws && !drawn) wrong("says it is a draw, which neither the certificate nor the defence shows");
    if (claim.kind == Kind::Loses) {
      if (!proof.loses && !opponent_wins) wrong("says " + opponent + " wins, which neither the certificate nor the defence shows");
      if (!claim.line.empty() &&
          (claim.line.size() < r.defence.size() || !std::equal(r.defence.begin(), r.defence.end(), claim.line.begin()))) {
        wrong("names a line " + move_list(claim.line) + " that does not begin with its defence " + move_list(r.defence));
      }
    }
    if (claim.slower_win > 0) {
      if (!bounded || claim.slower_win != p.within + 1) wrong("gives another slower win than " + moves_word(p.within + 1));
      // A slower win the defence or the certificate disproves needs no search to refute.
      if (ended && !(ended->kind == Outcome::Kind::Win && ended->winner == player)) {
        wrong("says " + side + " still wins, but its defence ends the game: " + outcome_words(game, *ended));
      } else if (proof.loses || proof.draws) {
        wrong("says " + side + " still wins, but the certificate proves " + (proof.loses ? opponent + " wins" : "a draw"));
      }
    }
    // And the sentence is the one written for the claim: its wording is made in one place.
    if (disagreement.empty()) {
      const std::optional<std::string> sentence = refutation_sentence(game, position, move, r.defence, claim);
      if (!sentence) {
        wrong("claims " + puzzles::claim_kind_name(claim.kind) + ", which cannot be said of " + r.move);
      } else if (*sentence != r.why) {
        wrong("is not the one written for its claim (" + puzzles::claim_kind_name(claim.kind) + "): \"" + *sentence + "\"");
      }
    }
    // "cannot win within K", "wins" and "holds a draw" rest on the defence they name: that defence
    // must be the certificate's, which alone shows that the move fails after it (a legal defence
    // that loses, or a line in which the player errs, would read the same).
    const bool rests_on_defence = claim.kind == Kind::NoWinWithin || claim.kind == Kind::Loses || claim.kind == Kind::Draw;
    if (disagreement.empty() && rests_on_defence && certificate != nullptr && !r.defence.empty()) {
      if (const auto off = defence_off_certificate(*certificate, position, move, player, r.defence)) {
        disagreement = "its defence " + move_list(r.defence) + " is not the one the certificate refutes " + r.move + " with: " + *off;
      }
    }
    if (!disagreement.empty()) refuse(disagreement);
  }
  return problems;
}

}  // namespace

std::vector<RecheckProblem> check_without_search(const Puzzle& p, const std::function<bool()>& keep_going) {
  const auto game = make_game(find_game(p.game), p.size, p.rulings);
  std::unique_ptr<State> position;
  try {
    position = game->parse_position(p.position);
  } catch (const InputError& error) {
    // Said as `book` and `show` say it: nothing else can be checked without the position.
    return {std::string("its position does not read back: ") + error.what()};
  }
  std::vector<RecheckProblem> problems;
  // The position must be what its diagram shows: a history (the earlier positions a repetition
  // rule counts) that the diagram does not show would make its value rest on something the reader
  // never sees. The generator drops it (State::as_shown) since 29 November 2026.
  if (position->as_shown()->line() != position->line()) {
    problems.emplace_back("its position carries a history of earlier positions that its diagram does not show (a puzzle stored "
                       "before 29 November 2026, or a changed row)");
  }
  try {
    // The main line is the solution a reader replays: it must end in the solver's win, not stop
    // where the certificate answers every reply with one move.
    const puzzles::PlayedLine line = puzzles::play_main_line(p, *position);
    const int solver_colour = player_after(*position, position->parse_move(p.key_move));
    const Outcome end = line.end->outcome();
    if (!line.end->is_terminal()) {
      problems.push_back("its main line stops before the game ends (" + std::to_string(p.main_line.size()) + " moves)");
    } else if (end.kind != Outcome::Kind::Win || end.winner != solver_colour) {
      problems.push_back("its main line ends with " + outcome_words(*game, end) + ", not the solver's win");
    }
  } catch (const InputError& e) {
    problems.emplace_back(e.what());
  }
  if (sha256_hex(p.certificate) != p.certificate_sha256) problems.emplace_back("the certificate does not match its SHA-256");
  // The theme is the key move's, as the generator gives it (State::move_theme in the position),
  // and one the game names (Game::themes).
  try {
    const std::string theme = position->move_theme(position->parse_move(p.key_move));
    const std::vector<Theme> themes = game->themes();
    std::string names;
    for (const Theme& t : themes) names += (names.empty() ? "" : ", ") + t.name;
    const auto theme_words = [](const std::string& t) { return t.empty() ? std::string("no theme") : "theme '" + t + "'"; };
    if (!p.theme.empty() && std::none_of(themes.begin(), themes.end(), [&p](const Theme& t) { return t.name == p.theme; })) {
      problems.push_back("it is stored with theme '" + p.theme + "', which the game does not name (" +
                         (names.empty() ? std::string("it names none") : "it names " + names) + ")");
    } else if (p.theme != theme) {
      problems.push_back("it is stored with " + theme_words(p.theme) + ", but its key move " + p.key_move + " has " + theme_words(theme));
    }
  } catch (const InputError&) {
    // the main line's replay reports a key move that does not read
  }
  // The claims of every legal move the certificate proves, once it verifies.
  std::vector<std::pair<Move, std::vector<solver::Claim>>> proved;
  std::optional<solver::Certificate> verified;  // once it verifies, as an analysis of this position
  try {
    std::istringstream in(p.certificate);
    solver::Certificate certificate = [&] {
      try {
        return solver::Certificate::read(in, "puzzle " + std::to_string(p.id), keep_going);
      } catch (const solver::Certificate::ReadStopped&) {
        throw solver::SearchInterrupted();
      }
    }();
    solver::VerifyOptions verify_options;
    verify_options.keep_going = keep_going;
    const solver::VerificationReport report =
        solver::verify_certificate(certificate, game->checking_implementation(), p.rulings, verify_options);
    if (report.interrupted) throw solver::SearchInterrupted();
    if (!report.accepted) problems.push_back("the certificate is rejected: " + report.reason);
    if (certificate.position != position->line()) {
      problems.emplace_back("the certificate proves another position");
    } else if (report.accepted) {
      for (std::string& problem : certificate_problems(certificate, report, *game, *position, p, proved)) problems.push_back(std::move(problem));
      // The generator refuses such a proof (examine: "near the ply cap"); a puzzle stored before
      // it did, or by another program, is flagged here.
      if (const int cap = game->ply_cap(); cap > 0 && position->ply() + solver::longest_line(certificate) >= cap) {
        problems.push_back("a line of its certificate reaches the ply cap (ply " + std::to_string(cap) +
                           "), so it may rest on that ruling rather than on play");
      }
      if (certificate.analysis(certificate.root)) verified = std::move(certificate);
    }
  } catch (const InputError& e) {
    problems.push_back(std::string("the certificate does not read: ") + e.what());
  }
  for (RecheckProblem& problem : refutation_problems(*game, *position, p, proved, verified ? &*verified : nullptr)) {
    problems.push_back(std::move(problem));
  }
  return problems;
}

std::optional<std::string> key_move_theme(const Puzzle& p) {
  try {
    const auto position = make_game(find_game(p.game), p.size, p.rulings)->parse_position(p.position);
    return position->move_theme(position->parse_move(p.key_move));
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::vector<RecheckProblem> recheck(const Puzzle& p) {
  std::vector<RecheckProblem> problems;
  const GameDescriptor& descriptor = find_game(p.game);
  const auto game = make_game(descriptor, p.size, p.rulings);
  std::unique_ptr<State> position;
  try {
    position = game->parse_position(p.position);
  } catch (const InputError&) {
    return check_without_search(p);  // which says that the position does not read back
  }
  GeneratorOptions options;
  options.game = p.game;
  options.size = p.size;
  options.kind = p.kind;
  options.within = p.within;
  options.node_budget = std::max<std::uint64_t>(4 * p.measures.solver_nodes + 1000000, options.node_budget);
  bool interrupted = false;
  Rejection why = Rejection::None;
  const auto again = examine(*game, *position, options, interrupted, &why);
  if (interrupted) throw solver::SearchInterrupted();
  if (!again) {
    // Over budget settles nothing: the puzzle was not re-proved, which is not "no longer a puzzle".
    problems.push_back(why == Rejection::OverBudget
                           ? "the solver did not settle it within " + std::to_string(options.node_budget) + " nodes, so it was not re-proved"
                           : "it is no longer a puzzle: " + rejection_name(why));
  } else if (again->key_move != p.key_move) {
    problems.push_back("the winning move is now " + again->key_move + ", not " + p.key_move);
  }
  // A wrong move's slower win ("still wins, but needs K+1 moves", K the puzzle's bound), which
  // only a search checks: its player wins within K of its moves after it, searched as the
  // generator searched it, on the same budget as the examination.
  if (p.kind == PuzzleKind::WinsWithin) {
    BudgetScope budget(options.node_budget);
    solver::BoundedSearch search(1, budget.control);
    for (std::size_t index = 0; index < p.refutations.size(); ++index) {
      const puzzles::Refutation& r = p.refutations[index];
      if (!puzzles::claims_slower_win(r)) continue;
      Move move;
      try {
        move = position->parse_move(r.move);
      } catch (const InputError&) {
        continue;  // check_without_search reports it
      }
      auto child = position->clone();
      child->apply(move);
      const int player = player_after(*position, move);
      budget.restart(options.node_budget);
      try {
        if (!search.defender_loses(*child, player, p.within)) {
          problems.emplace_back(index, r.move, "its sentence says " + side_name(*game, player) + " still wins within " +
                                                   moves_word(p.within + 1) + ", " + r.move + " counted, which a search refutes");
        }
      } catch (const solver::SearchInterrupted&) {
        if (stop_requested()) throw;
        problems.emplace_back(index, r.move, "the solver did not settle its slower win within " + std::to_string(options.node_budget) +
                                                 " nodes, so it was not re-proved");
      }
    }
  }
  for (RecheckProblem& problem : check_without_search(p, [] { return !stop_requested(); })) problems.push_back(std::move(problem));
  return problems;
}

std::string RecheckProblem::text() const { return refutation ? "wrong move " + move + ": " + what : what; }

std::string problems_text(const std::vector<RecheckProblem>& problems) {
  std::string text;
  for (const RecheckProblem& problem : problems) text += (text.empty() ? "" : "; ") + problem.text();
  return text;
}

}  // namespace arbiter::generators

#include "properties/conformance.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <sstream>

#include "model/core/errors.hpp"
#include "solver/bounded_search.hpp"
#include "solver/dfpn.hpp"
#include "solver/threat_zones.hpp"

namespace arbiter {
namespace {

using Clock = std::chrono::steady_clock;

CheckOutcome named(std::string name, std::string subject) {
  CheckOutcome outcome;
  outcome.name = std::move(name);
  outcome.subject = std::move(subject);
  return outcome;
}

std::string record_text(const Game& game, std::string_view implementation, const std::vector<Move>& moves,
                        std::size_t count) {
  auto state = game.initial_state(implementation);
  std::string out;
  for (std::size_t i = 0; i < count && i < moves.size(); ++i) {
    out += (out.empty() ? "" : " ") + state->move_text(moves[i]);
    state->apply(moves[i]);
  }
  return out.empty() ? "(no moves)" : out;
}

// Failure detail with what a user needs to replay it.
std::string replay_hint(const Game& game, std::string_view implementation, const std::vector<Move>& moves,
                        std::size_t count, const State& state, const std::string& problem) {
  std::ostringstream out;
  out << problem << "\n  after moves: " << record_text(game, implementation, moves, count) << "\n  position: "
      << state.line() << "\n" << state.diagram();
  return out.str();
}

std::vector<Move> sorted_legal(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  std::sort(moves.begin(), moves.end());
  return moves;
}

// Thrown by poll() once the settings' stop says so; run_conformance catches it and returns the
// checks finished before it, without the one it cut short.
struct StopRequested {};

// Called between units of work (a position, a game): one position of a reference implementation on
// a large board takes milliseconds, a check of twenty games minutes.
void poll(const ConformanceSettings& s) {
  if (s.stop != nullptr && s.stop()) throw StopRequested{};
}

// Calls visit(state, moves_so_far) on every position of `s.games` random games.
template <typename Visit>
long for_each_position(const Game& game, std::string_view implementation, const ConformanceSettings& s, std::uint64_t seed,
                       Visit&& visit) {
  long positions = 0;
  Rng rng(seed);
  for (int g = 0; g < s.games; ++g) {
    poll(s);
    const std::vector<Move> moves = random_game(game, implementation, rng);
    auto state = game.initial_state(implementation);
    for (std::size_t i = 0;; ++i) {
      poll(s);
      ++positions;
      if (!visit(*state, moves, i)) return -positions;
      if (i == moves.size()) break;
      state->apply(moves[i]);
    }
  }
  return positions;
}

CheckOutcome check_random_games_end(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("random games end within the bound", std::string(impl));
  Rng rng(s.seed);
  std::vector<Move> legal;
  for (int g = 0; g < s.games && out.passed; ++g, ++out.cases) {
    auto state = game.initial_state(impl);
    std::vector<Move> played;
    while (!state->is_terminal()) {
      poll(s);
      // `legal` still holds the previous position's moves: legal_moves must replace them.
      state->legal_moves(legal);
      std::vector<Move> fresh;
      state->legal_moves(fresh);
      if (fresh != legal) {
        out.passed = false;
        out.detail = replay_hint(game, impl, played, played.size(), *state,
                                 "legal_moves appended to a vector that held moves instead of replacing them");
        break;
      }
      if (legal.empty()) {
        out.passed = false;
        out.detail = replay_hint(game, impl, played, played.size(), *state, "game not over but no legal move listed");
        break;
      }
      if (state->ply() >= game.max_plies()) {
        out.passed = false;
        out.detail = replay_hint(game, impl, played, played.size(), *state,
                                 "game still running at ply " + std::to_string(state->ply()) + " >= max_plies " +
                                     std::to_string(game.max_plies()));
        break;
      }
      const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      played.push_back(m);
      state->apply(m);
    }
    if (out.passed) {
      state->legal_moves(legal);
      if (!legal.empty()) {
        out.passed = false;
        out.detail = replay_hint(game, impl, played, played.size(), *state, "finished game still lists legal moves");
      }
    }
  }
  return out;
}

CheckOutcome check_playout_matches_bound(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("random playouts end and are reproducible", std::string(impl));
  for (int g = 0; g < s.games && out.passed; ++g, ++out.cases) {
    poll(s);
    Rng first(s.seed + static_cast<std::uint64_t>(g)), second(s.seed + static_cast<std::uint64_t>(g));
    auto a = game.initial_state(impl);
    auto b = game.initial_state(impl);
    const Outcome ra = a->random_playout(first);
    const Outcome rb = b->random_playout(second);
    if (!ra.over() || ra != a->outcome() || a->ply() > game.max_plies()) {
      out.passed = false;
      out.detail = "random_playout returned " + outcome_text(game.descriptor(), ra) + " at ply " +
                   std::to_string(a->ply()) + " (max_plies " + std::to_string(game.max_plies()) + ")\n" + a->diagram();
    } else if (ra != rb || a->line() != b->line()) {
      out.passed = false;
      out.detail = "two playouts with the same seed differ:\n" + a->line() + "\n" + b->line();
    }
  }
  return out;
}

CheckOutcome check_moves_accepted(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("legal moves accepted, others rejected", std::string(impl));
  // Moves seen anywhere in these games; at each position every one of them must parse exactly
  // when it is listed as legal there.
  std::set<std::string> seen;
  {
    Rng rng(s.seed ^ 0x5eed);
    for (int g = 0; g < std::max(1, s.games / 4); ++g) {
      poll(s);
      const auto moves = random_game(game, impl, rng);
      auto state = game.initial_state(impl);
      std::vector<Move> legal;
      for (Move m : moves) {
        legal.clear();
        state->legal_moves(legal);
        for (Move l : legal) seen.insert(state->move_text(l));
        state->apply(m);
      }
    }
  }
  const std::vector<std::string> pool(seen.begin(), seen.end());
  Rng pick(s.seed + 99);
  // Each legal move's text is written once a position: a reference implementation may write each
  // through a copy of its whole position (a game of moving pieces: 16 s of 18 on 15x15 when written
  // per use).
  std::vector<std::string> legal_texts;
  const long n = for_each_position(game, impl, s, s.seed, [&](const State& state, const auto& moves, std::size_t i) {
    const std::vector<Move> legal = sorted_legal(state);
    legal_texts.clear();  // kept for the rejected texts below
    for (Move m : legal) {
      const std::string& text = legal_texts.emplace_back(state.move_text(m));
      Move parsed = 0;
      try {
        parsed = state.parse_move(text);
      } catch (const InputError& e) {
        out.detail = replay_hint(game, impl, moves, i, state, "legal move " + text + " rejected: " + e.what());
        return false;
      }
      if (parsed != m) {
        out.detail = replay_hint(game, impl, moves, i, state, "move text " + text + " parses to a different move");
        return false;
      }
    }
    for (int k = 0; k < 16 && !pool.empty(); ++k) {
      const std::string& text = pool[pick.below(static_cast<std::uint32_t>(pool.size()))];
      try {
        const Move parsed = state.parse_move(text);
        if (!std::binary_search(legal.begin(), legal.end(), parsed)) {
          out.detail = replay_hint(game, impl, moves, i, state, "move " + text + " accepted but not listed as legal");
          return false;
        }
      } catch (const InputError&) {
        // Rejected: it must not be the text of a listed legal move.
        if (std::find(legal_texts.begin(), legal_texts.end(), text) != legal_texts.end()) {
          out.detail = replay_hint(game, impl, moves, i, state, "listed legal move " + text + " rejected");
          return false;
        }
      }
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

CheckOutcome check_notation_round_trip(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("notation round-trips", std::string(impl));
  const long n = for_each_position(game, impl, s, s.seed + 1, [&](const State& state, const auto& moves, std::size_t i) {
    for (const std::string& text : {state.line(), state.diagram()}) {
      std::unique_ptr<State> back;
      try {
        back = game.parse_position(text, impl);
      } catch (const InputError& e) {
        out.detail = replay_hint(game, impl, moves, i, state, std::string("printed position not readable: ") + e.what());
        return false;
      }
      if (back->line() != state.line() || back->diagram() != state.diagram() ||
          back->outcome() != state.outcome() || back->side_to_move() != state.side_to_move() ||
          sorted_legal(*back) != sorted_legal(state)) {
        out.detail = replay_hint(game, impl, moves, i, state, "read-back differs:\n" + back->line());
        return false;
      }
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

CheckOutcome check_copies_independent(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("copies are independent", std::string(impl));
  const long n = for_each_position(game, impl, s, s.seed + 2, [&](const State& state, const auto& moves, std::size_t i) {
    if (i == moves.size()) return true;
    const std::string before = state.line();
    auto copy = state.clone();
    if (copy->line() != before) {
      out.detail = replay_hint(game, impl, moves, i, state, "clone differs from its original");
      return false;
    }
    copy->apply(moves[i]);
    if (state.line() != before) {
      out.detail = replay_hint(game, impl, moves, i, state, "applying a move to a copy changed the original");
      return false;
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

// copy_from is how the solver reuses states: the copy must be the same position, with the same
// key, and play on exactly like the original.
CheckOutcome check_copy_from(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("copy_from copies the position and its key", std::string(impl));
  auto scratch = game.initial_state(impl);
  const long n = for_each_position(game, impl, s, s.seed + 4, [&](const State& state, const auto& moves, std::size_t i) {
    scratch->copy_from(state);
    if (scratch->line() != state.line() || scratch->key() != state.key() || scratch->outcome() != state.outcome() ||
        sorted_legal(*scratch) != sorted_legal(state)) {
      out.detail = replay_hint(game, impl, moves, i, state, "copy_from gave " + scratch->line());
      return false;
    }
    if (i == moves.size()) return true;
    auto played = state.clone();
    played->apply(moves[i]);
    scratch->apply(moves[i]);
    if (scratch->line() != played->line() || scratch->key() != played->key()) {
      out.detail = replay_hint(game, impl, moves, i + 1, *played, "after the next move the copy_from copy is " + scratch->line());
      return false;
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

// apply_if_legal is how the solver tries a move remembered from another position: it must accept
// exactly the legal moves, play them like apply, and leave the position untouched otherwise. The
// codes tried: some of this position's legal moves, and the game's moves around this point (legal a
// few plies earlier or later, mostly not here), at every fourth position. A sample: a game without
// its own apply_if_legal lists its moves for every code (a game of moving pieces, whose battery is
// long already).
CheckOutcome check_apply_if_legal(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("apply_if_legal plays exactly the legal moves", std::string(impl));
  auto trial = game.initial_state(impl);
  const long n = for_each_position(game, impl, s, s.seed + 7, [&](const State& state, const auto& moves, std::size_t i) {
    if (i % 4 != 0) return true;
    const std::vector<Move> legal = sorted_legal(state);
    constexpr std::size_t kAround = 4;
    std::vector<Move> codes(moves.begin() + static_cast<std::ptrdiff_t>(i - std::min(i, kAround)),
                            moves.begin() + static_cast<std::ptrdiff_t>(std::min(moves.size(), i + kAround)));
    for (std::size_t k = 0; k < legal.size(); k += 1 + legal.size() / kAround) codes.push_back(legal[k]);
    for (Move code : codes) {
      const bool expected = std::binary_search(legal.begin(), legal.end(), code);
      trial->copy_from(state);
      const bool played = trial->apply_if_legal(code);
      std::string wrong;
      if (played != expected) {
        wrong = std::string(expected ? "refused the legal move " : "played the illegal move ") + std::to_string(code);
      } else if (!played && (trial->line() != state.line() || trial->key() != state.key())) {
        wrong = "refusing the move " + std::to_string(code) + " changed the position to " + trial->line();
      } else if (played) {
        auto applied = state.clone();
        applied->apply(code);
        if (trial->line() != applied->line() || trial->key() != applied->key()) {
          wrong = "playing " + state.move_text(code) + " gave " + trial->line() + " where apply gives " + applied->line();
        }
      }
      if (!wrong.empty()) {
        out.detail = replay_hint(game, impl, moves, i, state, "apply_if_legal " + wrong);
        return false;
      }
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

// The key is kept up to date by apply: it must equal the key of the same position read afresh
// from its printed form, and positions sharing a key must share their futures (legal moves,
// outcome, side to move) -- a collision or a forgotten part of the state would show here. The
// equivalence text (what a certificate's checker compares) must survive the round trip too. (It
// may be finer than the key: the connection games leave the ply out of the key, not out of it.)
CheckOutcome check_keys(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("keys follow play and never collide", std::string(impl));
  std::map<std::uint64_t, std::string> signatures;
  const long n = for_each_position(game, impl, s, s.seed + 5, [&](const State& state, const auto& moves, std::size_t i) {
    auto fresh = game.parse_position(state.line(), impl);
    if (fresh->key() != state.key()) {
      out.detail = replay_hint(game, impl, moves, i, state, "the key after play differs from the key of the same position read back");
      return false;
    }
    const std::string equivalence = state.equivalence_text();
    if (fresh->equivalence_text() != equivalence) {
      out.detail = replay_hint(game, impl, moves, i, state, "the equivalence text after play differs from that of the same position read back");
      return false;
    }
    std::string signature = std::to_string(state.side_to_move()) + "|" + outcome_text(game.descriptor(), state.outcome()) + "|";
    for (Move m : sorted_legal(state)) signature += std::to_string(m) + ",";
    auto [it, fresh_key] = signatures.emplace(state.key(), signature);
    if (!fresh_key && it->second != signature) {
      out.detail = replay_hint(game, impl, moves, i, state, "another position with a different future has the same key");
      return false;
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

// Each declared symmetry, checked by play: the image has the mapped legal moves and the same
// outcome and canonical key, and mapping commutes with playing a move.
CheckOutcome check_symmetries(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("declared symmetries map play onto play", std::string(impl));
  const auto names = game.symmetries();
  const long n = for_each_position(game, impl, s, s.seed + 6, [&](const State& state, const auto& moves, std::size_t i) {
    for (std::size_t k = 0; k < names.size(); ++k) {
      const int sym = static_cast<int>(k) + 1;
      const auto image = state.symmetric_image(sym);
      std::vector<Move> mapped;
      for (Move m : sorted_legal(state)) mapped.push_back(state.symmetric_move(sym, m));
      std::sort(mapped.begin(), mapped.end());
      std::string problem;
      if (image->outcome() != state.outcome()) problem = "the image has another outcome";
      else if (image->side_to_move() != state.side_to_move()) problem = "the image has another side to move";
      else if (sorted_legal(*image) != mapped) problem = "the image's legal moves are not the mapped legal moves";
      else if (image->canonical_key() != state.canonical_key()) problem = "the image has another canonical key";
      if (problem.empty() && i < moves.size()) {
        auto played = state.clone();
        played->apply(moves[i]);
        auto image_played = image->clone();
        image_played->apply(state.symmetric_move(sym, moves[i]));
        if (image_played->line() != played->symmetric_image(sym)->line()) problem = "playing the mapped move gives another position than mapping the played one";
      }
      if (!problem.empty()) {
        out.detail = replay_hint(game, impl, moves, i, state, names[k] + ": " + problem + "; image:\n" + image->diagram());
        return false;
      }
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

CheckOutcome check_same_seed_same_game(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("same seed gives the same game", std::string(impl));
  for (int g = 0; g < s.games && out.passed; ++g, ++out.cases) {
    poll(s);
    Rng a(s.seed * 31 + static_cast<std::uint64_t>(g)), b(s.seed * 31 + static_cast<std::uint64_t>(g));
    const auto first = random_game(game, impl, a);
    const auto second = random_game(game, impl, b);
    if (first != second) {
      out.passed = false;
      out.detail = "two games from one seed differ:\n  " + record_text(game, impl, first, first.size()) + "\n  " +
                   record_text(game, impl, second, second.size());
    }
  }
  return out;
}

// Replays games of the first implementation on every other one; positions, legal moves and
// results must agree move by move.
CheckOutcome check_implementations_agree(const Game& game, std::string_view fast, std::string_view other,
                                         const ConformanceSettings& s) {
  CheckOutcome out = named("implementations agree", std::string(fast) + " vs " + std::string(other));
  Rng rng(s.seed + 3);
  for (int g = 0; g < s.games && out.passed; ++g) {
    const auto moves = random_game(game, fast, rng);
    auto a = game.initial_state(fast);
    auto b = game.initial_state(other);
    for (std::size_t i = 0;; ++i) {
      poll(s);
      ++out.cases;
      if (a->line() != b->line() || a->outcome() != b->outcome() || sorted_legal(*a) != sorted_legal(*b)) {
        out.passed = false;
        out.detail = replay_hint(game, fast, moves, i, *a, std::string(other) + " disagrees; it has\n" + b->line() +
                                                               "\n" + b->diagram());
        break;
      }
      if (i == moves.size()) break;
      a->apply(moves[i]);
      b->apply(moves[i]);
    }
  }
  return out;
}

// A game may list its winning moves from the board, and say from the board whether one move wins;
// they must be exactly the moves that, played, win for the side to move. The single-move question
// is also put for codes that are not legal here (the moves played around this position).
CheckOutcome check_winning_moves(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("winning moves are the moves that win at once", std::string(impl));
  std::vector<Move> fast, played, legal;
  auto scratch = game.initial_state(impl);  // each answer copies the position into it first
  const long n = for_each_position(game, impl, s, s.seed + 5, [&](const State& state, const auto& moves, std::size_t i) {
    state.winning_moves(fast);
    state.State::winning_moves(played);
    legal.clear();
    if (!state.is_terminal()) state.legal_moves(legal);
    constexpr std::size_t kAround = 3;
    for (std::size_t k = i - std::min(i, kAround); k < std::min(moves.size(), i + kAround); ++k) legal.push_back(moves[k]);
    for (Move m : legal) {
      const bool wins = std::find(played.begin(), played.end(), m) != played.end();
      if (state.wins_at_once_with(m, *scratch) != wins || state.State::wins_at_once_with(m, *scratch) != wins) {
        out.detail = replay_hint(game, impl, moves, i, state,
                                 "wins_at_once_with(" + std::to_string(m) + ") says " + (wins ? "no" : "yes") +
                                     "; playing every move finds " + (wins ? "that it wins" : "that it does not"));
        return false;
      }
    }
    if (fast == played) return true;
    std::string listed, found;
    for (Move m : fast) listed += " " + state.move_text(m);
    for (Move m : played) found += " " + state.move_text(m);
    out.detail = replay_hint(game, impl, moves, i, state,
                             "winning_moves lists" + (listed.empty() ? std::string(" none") : listed) +
                                 "; playing every move finds" + (found.empty() ? std::string(" none") : found));
    return false;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

// Where a game declares its moves local (State::zones_apply), the solver leaves out the moves a
// threat of the opponent's refutes (solver/threat_zones.hpp). Every move it leaves out must lose:
// the opponent wins within the threat's depth against every defence, which the bounded search,
// pruning nothing, confirms. Cases: positions looked at.
CheckOutcome check_threat_pruning(const Game& game, std::string_view impl, const ConformanceSettings& s) {
  CheckOutcome out = named("moves pruned by a threat lose", std::string(impl));
  constexpr int kDepth = 2;
  solver::ThreatZones threats(kDepth);
  solver::SearchControl control;
  control.stop = s.stop;
  solver::BoundedSearch bounded(16, control);
  std::vector<Move> legal, kept;
  const long n = for_each_position(game, impl, s, s.seed + 6, [&](const State& state, const auto& moves, std::size_t i) {
    if (state.is_terminal()) return true;
    state.legal_moves(legal);
    kept = legal;
    if (threats.prune(state, kept) == 0) return true;
    auto child = state.clone();
    const int opponent = 1 - state.side_to_move();
    for (Move m : legal) {
      if (std::find(kept.begin(), kept.end(), m) != kept.end()) continue;
      child->copy_from(state);
      child->apply(m);
      bool loses = false;
      try {
        loses = bounded.attacker_wins(*child, opponent, kDepth);
      } catch (const solver::SearchInterrupted&) {
        throw StopRequested{};  // not a failed check: the search was stopped on request
      }
      if (!loses) {
        out.detail = replay_hint(game, impl, moves, i, state,
                                 "the threat search left out " + state.move_text(m) + ", after which the opponent does not win within " +
                                     std::to_string(kDepth) + " moves");
        return false;
      }
    }
    return true;
  });
  out.passed = n > 0;
  out.cases = n > 0 ? n : -n;
  return out;
}

}  // namespace

std::vector<Move> random_game(const Game& game, std::string_view implementation, Rng& rng) {
  auto state = game.initial_state(implementation);
  std::vector<Move> moves, legal;
  while (!state->is_terminal() && static_cast<int>(moves.size()) <= game.max_plies()) {
    legal.clear();
    state->legal_moves(legal);
    if (legal.empty()) break;
    moves.push_back(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    state->apply(moves.back());
  }
  return moves;
}

std::vector<CheckOutcome> run_conformance(const Game& game, const ConformanceSettings& settings,
                                          const std::function<void(const CheckOutcome&)>& progress) {
  using CheckFn = CheckOutcome (*)(const Game&, std::string_view, const ConformanceSettings&);
  static constexpr CheckFn kPerImplementation[] = {
      check_random_games_end,   check_playout_matches_bound, check_moves_accepted,
      check_notation_round_trip, check_copies_independent,   check_same_seed_same_game,
      check_copy_from,           check_apply_if_legal,        check_keys,
  };
  std::vector<CheckOutcome> results;
  auto record = [&](auto&& run) {
    const auto start = Clock::now();
    CheckOutcome outcome;
    try {
      outcome = run();
    } catch (const std::exception& e) {
      outcome.passed = false;
      outcome.detail = std::string("exception: ") + e.what();
    }
    outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (progress) progress(outcome);
    results.push_back(std::move(outcome));
  };
  std::vector<std::string> implementations = game.implementations();
  if (settings.first_implementation_only) implementations.resize(1);
  try {
    for (const std::string& impl : implementations) {
      for (CheckFn check : kPerImplementation) {
        record([&] {
          CheckOutcome o = check(game, impl, settings);
          if (o.subject.empty()) o.subject = impl;
          return o;
        });
      }
    }
    // Symmetries, wins read from the board and threat pruning serve the solver, which plays the
    // first (fast) implementation. A reference implementation is the plain rules and keeps State's
    // default winning_moves, which playing every move would only compare with itself (on a 13x13
    // connection game's reference that took 76 of the battery's 88 seconds and could not fail).
    if (!game.symmetries().empty()) {
      record([&] { return check_symmetries(game, implementations[0], settings); });
    }
    record([&] { return check_winning_moves(game, implementations[0], settings); });
    record([&] { return check_threat_pruning(game, implementations[0], settings); });
    for (std::size_t i = 1; i < implementations.size(); ++i) {
      record([&] { return check_implementations_agree(game, implementations[0], implementations[i], settings); });
    }
  } catch (const StopRequested&) {
    // The check under way is left out: its verdict would rest on fewer cases than were asked for.
  }
  return results;
}

}  // namespace arbiter

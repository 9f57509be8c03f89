#include "model/core/game.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "model/core/errors.hpp"
#include "model/core/text.hpp"

namespace arbiter {

std::string quote_input(std::string_view text) {
  constexpr std::size_t kMaxShown = 60;
  std::string shown;
  for (char ch : text.substr(0, kMaxShown)) {
    if (ch == '\n') {
      shown += "\\n";
    } else if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) {
      shown += '?';
    } else {
      shown += ch;
    }
  }
  if (text.size() > kMaxShown) shown += "...";
  return "'" + shown + "'";
}

std::string_view provenance_name(Provenance p) {
  switch (p) {
    case Provenance::Sourced: return "sourced";
    case Provenance::Derived: return "derived";
    case Provenance::Invented: return "invented";
  }
  return "?";
}

const std::string& Config::rule(const std::string& name) const {
  auto it = rulings.find(name);
  if (it == rulings.end()) throw std::logic_error("no ruling named " + name + " in this configuration");
  return it->second;
}

Config make_config(const GameDescriptor& game, int size, const std::vector<std::string>& assignments) {
  Config config;
  config.size = size == 0 ? game.default_size : size;
  if (!game.size_ok(config.size)) {
    throw InputError("board size " + std::to_string(config.size) + " is not allowed for " + game.name +
                     " (allowed: " + game.size_help + ")");
  }
  for (const Ruling& ruling : game.rulings) config.rulings[ruling.name] = ruling.default_value;
  std::map<std::string, std::string> given;
  for (const std::string& assignment : assignments) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InputError("a ruling must be given as NAME=VALUE, got " + quote_input(assignment));
    }
    const std::string name = assignment.substr(0, eq);
    const std::string value = assignment.substr(eq + 1);
    auto ruling = std::find_if(game.rulings.begin(), game.rulings.end(),
                               [&](const Ruling& r) { return r.name == name; });
    if (ruling == game.rulings.end()) {
      // Only the command line's --rule translates ids; a position's line names its rulings, so an id
      // that reaches here is told apart from a misspelling and the name to write is given.
      const auto by_id = std::find_if(game.rulings.begin(), game.rulings.end(), [&](const Ruling& r) { return r.id == name; });
      if (by_id != game.rulings.end()) {
        throw InputError("ruling " + quote_input(name) + " is an id: a position names its rulings, so write " +
                         by_id->name + "=" + value + " (" + game.name + " " + name + ")");
      }
      std::string known;
      for (const Ruling& r : game.rulings) known += (known.empty() ? "" : ", ") + r.name;
      throw InputError("unknown ruling " + quote_input(name) + " for " + game.name + " (known: " + known + ")");
    }
    const bool valid = std::any_of(ruling->options.begin(), ruling->options.end(),
                                   [&](const RulingOption& o) { return o.value == value; });
    if (!valid) {
      std::string values;
      for (const RulingOption& o : ruling->options) values += (values.empty() ? "" : ", ") + o.value;
      throw InputError("ruling " + name + " has no value " + quote_input(value) + " (values: " + values + ")");
    }
    auto [it, inserted] = given.emplace(name, value);
    if (!inserted && it->second != value) {
      throw InputError("ruling " + name + " is given twice, as " + it->second + " and " + value);
    }
    config.rulings[name] = value;
  }
  // A value that decides another ruling puts it in force, so every output and the game read one value.
  for (const Ruling& ruling : game.rulings) {
    const std::string& value = config.rulings[ruling.name];
    for (const RulingOption& option : ruling.options) {
      if (option.value != value) continue;
      for (const auto& [name, set] : option.sets) {
        const auto asked = given.find(name);
        if (asked != given.end() && asked->second != set) {
          throw InputError(ruling.name + "=" + value + " sets " + name + "=" + set + ", so it cannot be given with " +
                           name + "=" + asked->second);
        }
        config.rulings[name] = set;
      }
    }
  }
  return config;
}

std::string ruling_set_by(const GameDescriptor& game, const Config& config, const std::string& name) {
  for (const Ruling& ruling : game.rulings) {
    const std::string& value = config.rule(ruling.name);
    for (const RulingOption& option : ruling.options) {
      if (option.value != value) continue;
      for (const auto& set : option.sets) {
        if (set.first == name) return ruling.name + "=" + value;
      }
    }
  }
  return "";
}

std::unique_ptr<Game> make_game(const GameDescriptor& game, int size, const std::vector<std::string>& assignments) {
  return game.make(game, make_config(game, size, assignments));
}

std::string board_size_name(const GameDescriptor& game, int size) {
  if (game.size_name) return game.size_name(size);
  return std::to_string(size) + "x" + std::to_string(size);
}

namespace {

// Whether `plies` legal moves from `from` can give the position whose line is `target`. With
// `placeless_last`, the last move is one without a place on the board (a swap, a pass): where a
// position's status notes come from, a few moves to try before all of them.
bool play_reaches(const State& from, const std::string& target, int plies, bool placeless_last) {
  std::vector<Move> moves;
  from.legal_moves(moves);
  const std::unique_ptr<State> next = from.clone();
  for (const Move m : moves) {
    if (plies == 1 && placeless_last && from.move_anchor(m)) continue;
    next->copy_from(from);
    next->apply(m);
    if (plies == 1 ? next->line() == target : play_reaches(*next, target, plies - 1, placeless_last)) return true;
  }
  return false;
}

// A reader checks what a position must satisfy by the game's rules; whether play reaches it at
// all is known only by playing, which is cheap at the first plies alone (the initial position has
// few moves). So ply 0 and 1 are checked in full, and ply 2 when a status note (the swap, a pass)
// says a move without a place was played: what the stones cannot account for.
void check_opening_reached(const Game& game, const State& state, std::string_view implementation) {
  const int ply = state.ply();
  if (ply > 2) return;
  const std::vector<std::string> notes = ply == 2 ? state.status_notes() : std::vector<std::string>{};
  if (ply == 2 && notes.empty()) return;
  const std::unique_ptr<State> initial = game.initial_state(implementation);
  const std::string target = state.line();
  const bool reached = ply == 0   ? target == initial->line()
                       : ply == 1 ? play_reaches(*initial, target, 1, false)
                                  : play_reaches(*initial, target, 2, true) || play_reaches(*initial, target, 2, false);
  if (reached) return;
  std::string at = "ply " + std::to_string(ply);
  for (std::size_t i = 0; i < notes.size(); ++i) at += (i == 0 ? " (" : ", ") + notes[i] + (i + 1 == notes.size() ? ")" : "");
  const std::string initial_text = "the initial position (" + initial->line() + ")";
  throw InputError("no game reaches this position: at " + at + " a position must be " +
                   (ply == 0   ? initial_text
                    : ply == 1 ? "one legal move from " + initial_text + ", and no first move gives this one"
                               : "two legal moves from " + initial_text + ", and no two moves give this one"));
}

}  // namespace

std::unique_ptr<State> Game::parse_position(std::string_view text, std::string_view implementation) const {
  std::unique_ptr<State> state = read_position(text, implementation);
  check_opening_reached(*this, *state, implementation);
  return state;
}

std::vector<std::string> ply_cap_note(int ply, int cap) {
  if (cap - ply > kPlyCapNearby) return {};
  return {"ply " + std::to_string(ply) + " of " + std::to_string(cap)};
}

bool is_legal_move(const State& state, Move m) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

std::string outcome_text(const GameDescriptor& game, const Outcome& outcome) {
  switch (outcome.kind) {
    case Outcome::Kind::Ongoing: return "ongoing";
    case Outcome::Kind::Draw: return "draw";
    case Outcome::Kind::Win: return game.side_names.at(static_cast<std::size_t>(outcome.winner)) + " wins";
  }
  return "?";
}

std::string side_word(const GameDescriptor& game, int side) { return lower_case(game.side_names.at(static_cast<std::size_t>(side))); }

std::optional<int> side_named(const GameDescriptor& game, std::string_view word) {
  const std::string lower = lower_case(word);
  for (int side = 0; side < 2; ++side) {
    if (side_word(game, side) == lower) return side;
  }
  return std::nullopt;
}

std::vector<std::string> non_default_rulings(const GameDescriptor& game, const Config& config) {
  std::vector<std::string> out;
  for (const Ruling& ruling : game.rulings) {
    const std::string& value = config.rule(ruling.name);
    if (value != ruling.default_value) out.push_back(ruling.name + "=" + value);
  }
  return out;
}

std::vector<std::string> rulings_in_force(const GameDescriptor& game, const Config& config) {
  std::vector<std::string> out;
  for (const Ruling& ruling : game.rulings) out.push_back(ruling.name + "=" + config.rule(ruling.name));
  return out;
}

std::vector<std::string> State::candidate_moves() const {
  std::vector<Move> moves;
  legal_moves(moves);
  std::vector<std::string> texts;
  for (Move m : moves) texts.push_back(move_text(m));
  return texts;
}

bool State::apply_if_legal(Move m) {
  std::vector<Move> moves;
  legal_moves(moves);
  if (std::find(moves.begin(), moves.end(), m) == moves.end()) return false;
  apply(m);
  return true;
}

void State::winning_moves(std::vector<Move>& out) const {
  std::vector<Move> moves;
  legal_moves(moves);
  out.clear();
  const int mover = side_to_move();
  auto trial = clone();
  for (Move m : moves) {
    trial->copy_from(*this);
    trial->apply(m);
    const Outcome result = trial->outcome();
    if (result.kind == Outcome::Kind::Win && result.winner == mover) out.push_back(m);
  }
}

bool State::wins_at_once_with(Move m, State& scratch) const {
  scratch.copy_from(*this);
  if (!scratch.apply_if_legal(m)) return false;
  const Outcome result = scratch.outcome();
  return result.kind == Outcome::Kind::Win && result.winner == side_to_move();
}

Outcome State::random_playout(Rng& rng) {
  std::vector<Move> moves;
  for (;;) {
    const Outcome result = outcome();
    if (result.over()) return result;
    moves.clear();
    legal_moves(moves);
    apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
  }
}

std::unique_ptr<State> State::symmetric_image(int symmetry) const {
  throw std::logic_error("symmetry " + std::to_string(symmetry) + " is not declared by this game");
}

Move State::symmetric_move(int symmetry, Move) const {
  throw std::logic_error("symmetry " + std::to_string(symmetry) + " is not declared by this game");
}

}  // namespace arbiter

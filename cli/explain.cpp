#include <iostream>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

struct PositionArguments {
  GameOptions game;
  std::string position;
  std::string implementation;
  std::string game_name;
  std::vector<std::string> moves;
  bool json = false;
};

po::variables_map parse_position_command(const std::string& name, const std::vector<std::string>& args,
                                         PositionArguments& parsed, bool& proceed,
                                         const po::options_description& extra = po::options_description()) {
  po::options_description options;
  options.add(extra);
  options.add_options()
      ("game", po::value<std::string>(&parsed.game_name)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("moves", po::value<std::vector<std::string>>(&parsed.moves), "moves, in order")
      ("position,p", position_value(&parsed.position),
       "start position: a diagram or one-line form, as text, @FILE or a file path (default: the game's start position)")
      ("impl", po::value<std::string>(&parsed.implementation), "implementation (default: the fast engine)")
      ("json", po::bool_switch(&parsed.json), ("print the result as JSON (docs/schemas/" + name + ".schema.json)").c_str());
  parsed.game.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1).add("moves", -1);
  return parse_arguments(name, args, options, positional, proceed);
}

// The outcome beside `result`'s words ("Black wins", "draw", "ongoing"), for a script: `outcome`
// one of "ongoing", "win", "draw", and `winner` the winning side as the game names it (rules --json's
// sides, as side_to_move elsewhere), null unless a side has won.
void add_outcome(nlohmann::json& out, const GameDescriptor& game, const Outcome& outcome) {
  out["result"] = outcome_text(game, outcome);
  out["outcome"] = outcome.kind == Outcome::Kind::Win    ? "win"
                   : outcome.kind == Outcome::Kind::Draw ? "draw"
                                                          : "ongoing";
  out["winner"] = outcome.kind == Outcome::Kind::Win
                      ? nlohmann::json(game.side_names.at(static_cast<std::size_t>(outcome.winner)))
                      : nlohmann::json(nullptr);
}

// The trace of the move explained, move `number`: a word that is no move of the game at all is an
// error naming the move's number, as play_moves names an earlier one ("move 2: not a GAME move").
std::string trace_of(const State& state, const std::string& move, std::size_t number, bool from_given_position) {
  try {
    return state.explain_text(move);
  } catch (const InputError& error) {
    throw InputError(move_label(number, from_given_position) + ": " + error.what());
  }
}

int explain(const std::vector<std::string>& args) {
  PositionArguments a;
  bool proceed = false;
  parse_position_command("explain", args, a, proceed);
  if (!proceed) return 0;
  if (a.moves.empty()) throw InputError("explain needs a MOVE: the words after the game name and options are the moves to play, the last one explained");
  auto loaded = load_game_position(a.game_name, a.game, a.position, a.implementation);
  State& state = *loaded.state;
  a.moves = group_move_words(state, a.moves);
  // Moves are counted from the position given, if one is: its move 1 is not the game's first move.
  const bool given = !a.position.empty();
  const std::unique_ptr<State> start = state.clone();
  play_moves(loaded.game->descriptor(), state, a.moves, a.moves.size() - 1, given);
  const std::string& last = a.moves.back();
  if (state.is_terminal()) throw game_over_error(loaded.game->descriptor(), state, a.moves, a.moves.size() - 1, given);
  if (a.json) {
    // The moves as the game writes them (as moves and replay print them, captures included).
    std::vector<std::string> written;
    for (std::size_t i = 0; i + 1 < a.moves.size(); ++i) {
      const Move move = start->parse_move(a.moves[i]);
      written.push_back(start->move_text(move));
      start->apply(move);
    }
    nlohmann::json out = json_document("explain");
    out["game"] = loaded.game->descriptor().name;
    out["moves_before"] = written;
    out["before"] = state.line();
    out["move_number"] = a.moves.size();
    out["move"] = last;  // an illegal move as given
    out["trace"] = trace_of(state, last, a.moves.size(), given);
    try {
      const Move move = state.parse_move(last);
      auto after = state.clone();
      after->apply(move);
      out["move"] = state.move_text(move);
      out["legal"] = true;
      out["illegal_reason"] = nullptr;
      out["after"] = after->line();
      add_outcome(out, loaded.game->descriptor(), after->outcome());
    } catch (const InputError& error) {
      out["legal"] = false;
      out["illegal_reason"] = error.what();
      out["after"] = nullptr;
      out["result"] = nullptr;
      out["outcome"] = nullptr;
      out["winner"] = nullptr;
    }
    print_json(out);
    return out["legal"].get<bool>() ? 0 : 1;
  }
  // The trace first: a move that is not a move of the game at all is an error before any output.
  const std::string trace = trace_of(state, last, a.moves.size(), given);
  const MoveLabelParts label = move_label_parts(a.moves.size(), given);
  std::cout << "Position before " << move_label(a.moves.size(), given) << " (" << state.line() << "):\n"
            << keyed_diagram(*loaded.game, state) << "\n";
  std::cout << "Move " << label.number << label.origin << ": " << last << "\n" << trace;
  Move move = 0;
  try {
    move = state.parse_move(last);
  } catch (const InputError& error) {
    std::cout << "\nVerdict: illegal. " << error.what() << "\n";
    return 1;
  }
  auto after = state.clone();
  after->apply(move);
  std::cout << "\nPosition after (" << after->line() << "):\n" << keyed_diagram(*loaded.game, *after)
            << "Result: " << outcome_text(loaded.game->descriptor(), after->outcome()) << "\n";
  return 0;
}

int replay(const std::vector<std::string>& args) {
  PositionArguments a;
  bool proceed = false;
  parse_position_command("replay", args, a, proceed);
  if (!proceed) return 0;
  auto loaded = load_game_position(a.game_name, a.game, a.position, a.implementation);
  State& state = *loaded.state;
  a.moves = group_move_words(state, a.moves);
  const bool given = !a.position.empty();  // moves counted from it, as explain counts them
  std::vector<std::string> written;  // each move as the game writes it
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    if (state.is_terminal()) throw game_over_error(loaded.game->descriptor(), state, a.moves, i, given);
    Move move = 0;
    try {
      move = state.parse_move(a.moves[i]);
    } catch (const InputError& error) {
      throw InputError(move_label(i + 1, given) + ": " + error.what());
    }
    written.push_back(state.move_text(move));
    state.apply(move);
  }
  if (a.json) {
    nlohmann::json out = json_document("replay");
    out["game"] = loaded.game->descriptor().name;
    out["start"] = a.position.empty() ? loaded.game->initial_state()->line() : loaded.game->parse_position(read_text_argument(a.position))->line();
    out["moves"] = written;
    out["position"] = state.line();
    out["diagram"] = state.diagram();
    out["over"] = state.is_terminal();
    add_outcome(out, loaded.game->descriptor(), state.outcome());
    print_json(out);
    return 0;
  }
  // Comma-separated where a move has a space in it ("place a1/0, place b2/1"), so that the record
  // pastes back into replay move by move.
  // From a given position the record is not the game's from its start: the line says so.
  std::cout << (given ? "Record from the given position: " : "Record: ") << (written.empty() ? "(no moves)" : move_list(written)) << "\n"
            << "Position: " << state.line() << "\n" << keyed_diagram(*loaded.game, state)
            << "Result: " << outcome_text(loaded.game->descriptor(), state.outcome()) << "\n";
  return 0;
}

int moves(const std::vector<std::string>& args) {
  PositionArguments a;
  bool why = false;
  po::options_description extra;
  extra.add_options()("why", po::bool_switch(&why), "also list every illegal candidate move with the rule that forbids it");
  bool proceed = false;
  parse_position_command("moves", args, a, proceed, extra);
  if (!proceed) return 0;
  auto loaded = load_game_position(a.game_name, a.game, a.position, a.implementation);
  State& state = *loaded.state;
  a.moves = group_move_words(state, a.moves);
  play_moves(loaded.game->descriptor(), state, a.moves, a.moves.size(), !a.position.empty());
  std::vector<Move> legal;
  state.legal_moves(legal);
  if (a.json) {
    nlohmann::json out = json_document("moves");
    out["game"] = loaded.game->descriptor().name;
    out["position"] = state.line();
    add_outcome(out, loaded.game->descriptor(), state.outcome());
    out["legal"] = nlohmann::json::array();
    for (Move m : legal) out["legal"].push_back(state.move_text(m));
    if (why) {
      out["illegal"] = nlohmann::json::array();
      for (const std::string& text : state.candidate_moves()) {
        try {
          state.parse_move(text);
        } catch (const InputError& error) {
          out["illegal"].push_back({{"move", text}, {"reason", error.what()}});
        }
      }
    }
    print_json(out);
    return 0;
  }
  std::cout << "Position: " << state.line() << "\n" << keyed_diagram(*loaded.game, state);
  if (legal.empty()) {
    std::cout << "No legal moves: the game is over (" << outcome_text(loaded.game->descriptor(), state.outcome())
              << ").\n";
  } else {
    // Comma-separated: some notations have spaces ("set e1").
    std::cout << "Legal moves (" << legal.size() << "): ";
    for (std::size_t i = 0; i < legal.size(); ++i) std::cout << (i ? ", " : "") << state.move_text(legal[i]);
    std::cout << "\n";
  }
  if (!why) return 0;
  std::vector<std::pair<std::string, std::string>> refused;
  for (const std::string& text : state.candidate_moves()) {
    try {
      state.parse_move(text);
    } catch (const InputError& error) {
      refused.emplace_back(text, error.what());
    }
  }
  std::cout << "Illegal moves (" << refused.size() << (refused.empty() ? ")\n" : "):\n");
  for (const auto& [text, reason] : refused) std::cout << "  " << text << ": " << reason << "\n";
  return 0;
}

const CommandRegistration moves_registration{Command{
    "moves", "moves GAME [--position P] [--size N] [--rule NAME=VALUE]... [--why] [--json] [MOVE...]",
    "list the legal moves of a position (after MOVEs); --why also lists each illegal one and why", moves}};
const CommandRegistration explain_registration{Command{
    "explain", "explain GAME [--position P] [--size N] [--rule NAME=VALUE]... [--json] MOVE...",
    "play the moves and explain the last one step by step (fills, captures, legality, result); "
    "exit 1 if it is illegal", explain}};
const CommandRegistration replay_registration{Command{
    "replay", "replay GAME [--position P] [--size N] [--rule NAME=VALUE]... [--json] MOVE...",
    "check a game record move by move and print the record, final position and result", replay}};

}  // namespace
}  // namespace arbiter::cli

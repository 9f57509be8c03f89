// arbiter verify-proof: re-checks a certificate written by `solve --proof` (or by the puzzle
// generator) with the game's reference implementation, or for a game with one implementation that
// one (the engine that searched, now only playing the certificate's moves): no search, no table,
// no pruning.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/registry.hpp"
#include "solver/certificate.hpp"
#include "solver/interrupt.hpp"
#include "solver/players.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// The exit status of a verified partial analysis (a solve stopped by its limits): what it lists is
// proved, but not every legal move is covered, so a script cannot take it for a whole proof.
constexpr int kPartialExit = 3;

// --json's schema version: 2 from 29 November 2026, when a bounded win or no win took its bound
// ("win within 3", "no win within 3", which version 1 wrote "win" and "no win", the words of an
// exact win), in the value, each move's and the player to move's, as solve --json says them.
constexpr int kVerifyProofSchema = 2;

// The value for the colour `mover` of a position that verified `claims` are about (the root of a
// certificate, or the position after one of its moves, the colour to move at the root being
// `mover`): a win, within a bound or not, where one has `mover` win; a loss where one has the
// other colour win; a draw where each colour is shown not to lose; no win within a bound where
// one says `mover` does not win within it; Unknown otherwise (a move's "open"). Every reading of
// a value from claims here goes through this one (the words of the move list and of --json, the
// position's conclusion, the players' view): two copies once disagreed about the other colour's
// bounded win.
//
// Why the other colour's win is a loss within a bound as without one: the verifier accepts
// "win S k" only where every line it lists ends in a finished game (State::is_terminal) that S
// has won, with every legal reply listed (or answered) wherever S does not move; k only limits
// how many moves S takes to get there. So whatever the mover plays the game ends, won by S: the
// mover has lost, and the bound says how soon, not whether. It would not be a loss if a line
// could stop at a horizon short of the game's end, but none can: a cap on a game's length (the
// ply-cap rulings) ends the game itself, as a draw or, under some end-of-game rulings, as a
// win, and the certificate's position carries its rulings. The bound is a horizon
// only for "nowin S k", which says nothing of play past k of S's moves: so "nowin" by the other
// colour fixes nothing for the mover.
solver::Value claims_value(std::span<const solver::Claim> claims, int mover) {
  using solver::Claim;
  using solver::Value;
  bool holds[2] = {false, false}, no_win = false, win_within = false;
  for (const Claim& c : claims) {
    if (c.kind == Claim::Kind::Win && c.side != mover) return Value::Loss;
    if (c.kind == Claim::Kind::Win && c.bound == solver::kUnbounded) return Value::Win;
    win_within = win_within || c.kind == Claim::Kind::Win;
    no_win = no_win || (c.kind == Claim::Kind::NoWin && c.side == mover);
    if (c.kind == Claim::Kind::Hold && (c.side == 0 || c.side == 1)) holds[c.side] = true;
  }
  if (win_within) return Value::WinWithin;
  if (holds[0] && holds[1]) return Value::Draw;
  return no_win ? Value::NoWinWithin : Value::Unknown;
}

// A claim of a root move's position as seen before the move, as the text and --json print it: the
// mover's own bound counts the move (the other colour's does not: the move is not one of its).
solver::Claim seen_before_move(solver::Claim claim, int mover) {
  if (claim.bound != solver::kUnbounded && claim.side == mover) ++claim.bound;
  return claim;
}

// The soonest bounded win of `side` among one move's claims, its bound counted from before the move
// (seen_before_move); kUnbounded when none of its wins there is bounded.
int soonest_bounded_win(const solver::MoveVerdict& move, int side, int mover) {
  int soonest = solver::kUnbounded;
  for (const solver::Claim& c : move.claims) {
    if (c.kind != solver::Claim::Kind::Win || c.side != side || c.bound == solver::kUnbounded) continue;
    const int k = seen_before_move(c, mover).bound;
    if (soonest == solver::kUnbounded || k < soonest) soonest = k;
  }
  return soonest;
}

// The largest bound of the mover's no-win claims among one move's claims, counted from before the
// move; 0 when there is none.
int no_win_bound(const solver::MoveVerdict& move, int mover) {
  int largest = 0;
  for (const solver::Claim& c : move.claims) {
    if (c.kind == solver::Claim::Kind::NoWin && c.side == mover) largest = std::max(largest, seen_before_move(c, mover).bound);
  }
  return largest;
}

// The colours' value of each legal move of `root` as a verified certificate proves it: an
// analysis's claims move by move; a root claim that the mover wins, for the move it names; one that
// the opponent wins, for every move. Unknown where nothing proved fixes it.
std::vector<solver::MoveResult> proved_move_values(const solver::Certificate& certificate,
                                                   const solver::VerificationReport& report, const State& root) {
  using solver::Value;
  std::vector<Move> legal;
  root.legal_moves(legal);
  std::vector<solver::MoveResult> moves;
  for (Move m : legal) moves.push_back(solver::unsettled_move(root, m));
  const int mover = root.side_to_move();
  const int id = certificate.root;
  if (certificate.analysis(id)) {
    for (const solver::MoveVerdict& verdict : report.moves) {
      for (solver::MoveResult& m : moves) {
        if (m.text == verdict.move) m.value = claims_value(verdict.claims, mover);
      }
    }
    return moves;
  }
  const Value value = claims_value({&report.root_claim, 1}, mover);
  if (solver::is_win(value) && certificate.edges(id).size() == 1) {
    const Move named = root.parse_move(certificate.move(certificate.edges(id).front()));
    for (solver::MoveResult& m : moves) {
      if (m.move == named) m.value = value;
    }
  } else if (value == Value::Loss) {
    for (solver::MoveResult& m : moves) m.value = Value::Loss;
  }
  return moves;
}

// What the proved colours' values mean for the player to move, where a move exchanges the players
// now or may answer the first move (solver/players.hpp). After an opening that loses for the first
// colour, the reply the certificate names for the second colour shows whether it wins without the
// exchange (a reply proved in a part file is not read again here: not settled).
// The bound of a bounded search that made an analysis, the mover's (0: none): the other colour's
// bounded win is a loss, whose bound counts that colour's moves, not the mover's.
int search_bound(const std::vector<std::vector<solver::Claim>>& moves_claims, int mover) {
  int within = 0;
  for (const std::vector<solver::Claim>& claims : moves_claims) {
    for (const solver::Claim& c : claims) {
      if (c.bound != solver::kUnbounded && c.side == mover) within = seen_before_move(c, mover).bound;
    }
  }
  return within;
}

solver::PlayerView players_view(const solver::Certificate& certificate, const solver::VerificationReport& report,
                                const State& root, int searched) {
  const std::vector<solver::MoveResult> moves = proved_move_values(certificate, report, root);
  if (std::any_of(moves.begin(), moves.end(), [&](const solver::MoveResult& m) { return root.exchanges_players(m.move); })) {
    return solver::exchange_now_view(root, moves, searched);
  }
  const auto named_reply_wins = [&](const solver::MoveResult& opening, const State& after, const std::string&) {
    for (const solver::Certificate::Edge& edge : certificate.edges(certificate.root)) {
      if (root.parse_move(certificate.move(edge)) != opening.move) continue;
      const int child = edge.child;
      const solver::Claim& c = certificate.claim(child);
      if (!certificate.part(child).empty() || c.kind != solver::Claim::Kind::Win || c.side == root.side_to_move() ||
          certificate.edges(child).size() != 1) {
        continue;
      }
      if (!after.exchanges_players(after.parse_move(certificate.move(certificate.edges(child).front())))) return true;
    }
    return false;
  };
  return solver::exchange_next_view(find_game(certificate.game), root, moves, named_reply_wins);
}

// The closing line of a check stopped by SIGINT or SIGTERM, and its exit status (130 or 143).
// Stopped while the certificate was read, none was checked.
// The part files checked, grouped by the maker each was written by (its `made_by` line), makers in
// the order their first part was met, parts in the certificate's order.
std::vector<std::pair<std::string, std::vector<std::string>>> part_makers(const solver::VerificationReport& report) {
  std::vector<std::pair<std::string, std::vector<std::string>>> makers;
  for (const auto& [part, made_by] : report.part_makers) {
    const std::string maker = made_by;  // (a structured binding is not captured by a lambda in clang 14)
    auto it = std::find_if(makers.begin(), makers.end(), [&](const auto& m) { return m.first == maker; });
    if (it == makers.end()) it = makers.insert(makers.end(), {maker, {}});
    it->second.push_back(part);
  }
  return makers;
}

int say_interrupted(const solver::VerificationReport& report, bool while_read = false) {
  std::cout << std::flush;
  std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; the certificate is not verified ("
            << (while_read ? std::string("stopped while it was read")
                           : counted(report.nodes_checked, "position", "positions") +
                                 " checked before it")
            << ")\n";
  return interrupted_exit_status();
}

int verify_proof_command(const std::vector<std::string>& args) {
  std::string file, game_name, implementation;
  std::vector<std::string> rulings;
  int threads = 1;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("file", po::value<std::string>(&file)->required(), "certificate file")
      ("game", po::value<std::string>(&game_name), "fail unless the certificate is about this game")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(), "fail unless the certificate's rulings include NAME=VALUE (or ID=VALUE)")
      ("impl", po::value<std::string>(&implementation), "implementation to check with (default: reference, or the only one)")
      ("threads", number_value(&threads, WholeRange{1, 256}), "part files checked at once (1-256, as solve's threads; default 1; each holds its part in memory while it is checked)")
      ("json", po::bool_switch(&json), "print the result as JSON (docs/schemas/verify-proof.schema.json): verified, rejected or interrupted, the reason and the first bad node's position, positions and moves checked, game, size, rulings, the position's value, moves covered and settled; exit status as without");
  po::positional_options_description positional;
  positional.add("file", 1);
  bool proceed = false;
  parse_arguments("verify-proof", args, options, positional, proceed, RulingIds::Kept);
  if (!proceed) return 0;
  if (const std::string problem = input_file_problem(file); !problem.empty()) {
    throw InputError("cannot read the certificate " + quote_input(file) + ": " + problem);
  }
  // Ctrl-C or SIGTERM stops the check (polled every thousand positions or so, and between part
  // files): nothing is verified, and what was checked is said.
  install_stop_handlers();
  std::ifstream in(file);
  if (!in) throw InputError("cannot read the certificate " + quote_input(file));
  const auto keep_going = [] { return !stop_requested(); };
  // A certificate of a billion nodes takes a minute to read: a stop then comes before any position
  // is checked, and the report has the header alone.
  solver::Certificate certificate;
  std::optional<int> nodes_read;  // stopped while it was read, after so many nodes
  try {
    certificate = solver::Certificate::read(in, file, keep_going);
  } catch (const solver::Certificate::ReadStopped& stopped) {
    certificate.made_by = stopped.made_by;
    certificate.game = stopped.game;
    certificate.position = stopped.position;
    nodes_read = stopped.nodes_read;
    if (certificate.game.empty()) return say_interrupted(solver::VerificationReport{}, true);  // not a whole certificate: no header to show
  }
  const GameDescriptor& game = find_game(certificate.game);
  if (!game_name.empty() && game_name != game.name) {
    throw InputError("the certificate is about " + game.name + ", not " + game_name);
  }
  rulings = assignments_by_name(game, rulings);  // the certificate names the game; --game may be left out
  auto probe = make_game(game, 0, {});
  if (implementation.empty()) implementation = probe->checking_implementation();
  check_implementation(*probe, implementation);
  // A certificate in parts reports each part as it is checked; a single file, how long it has taken.
  bool in_parts = false;
  for (int id = 1; id <= certificate.size() && !in_parts; ++id) in_parts = !certificate.part(id).empty();
  Progress progress(std::cerr);
  solver::VerifyOptions checking;
  checking.threads = threads;
  checking.keep_going = keep_going;
  checking.on_part = [&](std::size_t done, std::size_t total, const std::string& part, const solver::VerificationReport& counts) {
    // A rejected part (missing, a device) is not counted as positions checked: it read "1 position".
    progress.show("verify-proof: " + std::to_string(done) + " of " + std::to_string(total) + " parts checked (" + part + ": " +
                  (!counts.reason.empty() ? std::string("rejected, see below")
                                          : counted(counts.nodes_checked + 1, "position", "positions")) +
                  ")");
  };
  solver::VerificationReport report;
  if (nodes_read) {
    report.interrupted = true;
  } else {
    std::optional<Heartbeat> heartbeat;
    if (!in_parts) heartbeat.emplace(std::cerr, progress.terminal(), "verify-proof: checking " + file);
    report = solver::verify_certificate(certificate, implementation, rulings, checking);
  }
  progress.clear();
  // The mover's bound the certificate was searched with (0: none, an exact proof), from its claims
  // as written. Everything below reads the claims as their lines prove them instead: a search
  // within 3 names the soonest win it finds, whose lines may all end within 2, and the certificate
  // then proves the win within 2 (the claims as written are kept for the move list's note).
  std::vector<std::vector<solver::Claim>> written;
  for (auto& move : report.moves) {
    written.push_back(move.claims);
    if (move.proved.size() == move.claims.size()) move.claims = move.proved;
  }
  // A move whose claims are only "does not lose" for one side is covered, not settled: its value
  // (win or draw) is not fixed by them.
  const bool analysis = !nodes_read && certificate.analysis(certificate.root);
  // A move's value for the side to move, as solve --json words it: a win (within a bound or not), a
  // loss (the opponent wins, within a bound or not), a draw (neither side loses), no win within a
  // bound, or "open" when its claims fix none of these (only "does not lose" for one side).
  const auto move_value = [&](const solver::MoveVerdict& move) -> std::string {
    switch (claims_value(move.claims, report.mover)) {
      case solver::Value::Win: case solver::Value::WinWithin: return "win";
      case solver::Value::Loss: return "loss";
      case solver::Value::Draw: return "draw";
      case solver::Value::NoWinWithin: return "no win";
      case solver::Value::Unknown: break;
    }
    return "open";
  };
  // As --json words it: a bounded win or no win carries its bound, seen before the move ("win
  // within 3", "no win within 3", as solve --json says them; a bare "win" is an exact win).
  const auto move_value_words = [&](const solver::MoveVerdict& move) -> std::string {
    const std::string word = move_value(move);
    if (word != "win" && word != "no win") return word;
    if (word == "win" && claims_value(move.claims, report.mover) == solver::Value::Win) return word;
    const int bound = word == "win" ? soonest_bounded_win(move, report.mover, report.mover) : no_win_bound(move, report.mover);
    return word + " within " + std::to_string(bound);
  };
  // Claim i of move m as the text and --json print it: as its lines prove it, and where that is
  // sooner than the certificate's claim, the claim's bound too (a search within 3 writes "within 3"
  // on a win whose lines all end within 2).
  const auto claim_words = [&](std::size_t m, std::size_t i) {
    const solver::Claim proved = seen_before_move(report.moves[m].claims[i], report.mover);
    const solver::Claim claimed = seen_before_move(written[m][i], report.mover);
    return solver::claim_text(game, proved) + (proved.bound != claimed.bound ? " (claimed within " + std::to_string(claimed.bound) + ")" : "");
  };
  const auto is_open = [&](const solver::MoveVerdict& move) { return move_value(move) == "open"; };
  // What an open move's "does not lose" claims leave for the side to move: its own, a win or a
  // draw; the other side's, a loss or a draw; empty where neither side's is among them.
  const std::string mover_name = game.side_names.at(static_cast<std::size_t>(report.mover));
  const auto open_value_words = [&](const solver::MoveVerdict& move) -> std::string {
    bool holds[2] = {false, false};
    for (const solver::Claim& c : move.claims) {
      if (c.kind == solver::Claim::Kind::Hold && (c.side == 0 || c.side == 1)) holds[c.side] = true;
    }
    if (holds[report.mover]) return "a win or a draw for " + mover_name;
    if (holds[1 - report.mover]) return "a loss or a draw for " + mover_name;
    return "";
  };
  // A win without bound is stated as such; a bounded one below, as the soonest.
  bool mover_wins = false, all_lost = true;
  std::size_t settled = 0;
  for (const auto& move : report.moves) {
    settled += !is_open(move);
    mover_wins = mover_wins || claims_value(move.claims, report.mover) == solver::Value::Win;
    all_lost = all_lost && move_value(move) == "loss";
  }
  const std::size_t open = report.moves.size() - settled;
  const LoadedPosition loaded = load_position(game, 0, {}, certificate.position, implementation);
  const solver::Claim& root = report.root_claim;
  const bool mover_bounded_root = root.kind != solver::Claim::Kind::Hold && root.bound != solver::kUnbounded &&
                                  root.side == loaded.state->side_to_move();
  const int searched = !report.accepted ? 0 : analysis ? search_bound(written, report.mover) : mover_bounded_root ? root.bound : 0;
  // The position's value for the side to move, where the verified claims fix it.
  std::string value = "not settled", statement;
  // The bound of a bounded win or no win (0: none), which --json's value carries: "win within 3"
  // (a bare "win" is an exact win, as solve --json words them).
  int value_bound = 0;
  if (report.accepted && analysis) {
    const solver::Claim won{solver::Claim::Kind::Win, report.mover, solver::kUnbounded};
    // Drawn: no move wins, and the best, a draw, is shown (every other move loses or draws).
    const bool drawn = !report.partial &&
                       std::all_of(report.moves.begin(), report.moves.end(), [&](const auto& m) { return move_value(m) == "loss" || move_value(m) == "draw"; }) &&
                       std::any_of(report.moves.begin(), report.moves.end(), [&](const auto& m) { return move_value(m) == "draw"; });
    // A bounded win is a win too (as solve --json says "win" for --within): the soonest one named.
    int soonest = solver::kUnbounded;
    for (const auto& move : report.moves) {
      const int k = soonest_bounded_win(move, report.mover, report.mover);
      if (k != solver::kUnbounded && (soonest == solver::kUnbounded || k < soonest)) soonest = k;
    }
    // Every move lost: the other colour wins within the largest of the moves' bounds (each move's
    // the least of its claims'), and without one where any move's win has none. Its bound counts
    // its own moves only, so the root's move does not add to it.
    int latest = 0;
    for (const auto& move : report.moves) {
      const int least = soonest_bounded_win(move, 1 - report.mover, report.mover);
      if (least == solver::kUnbounded || latest == solver::kUnbounded) {
        latest = solver::kUnbounded;
      } else {
        latest = std::max(latest, least);
      }
    }
    // No move wins within a bound (a bounded analysis that found no win): each move is shown no win
    // within a bound of the mover's, or lost, or drawn. The position then has no win within the
    // least of those bounds, counted from before the move.
    int no_win_within = solver::kUnbounded;
    bool none_wins = !report.partial && !report.moves.empty();
    for (const auto& move : report.moves) {
      const std::string v = move_value(move);
      if (v == "loss" || v == "draw") continue;
      if (v != "no win") {
        none_wins = false;
        break;
      }
      const int largest = no_win_bound(move, report.mover);
      if (no_win_within == solver::kUnbounded || largest < no_win_within) no_win_within = largest;
    }
    if (mover_wins) {
      value = "win", statement = solver::claim_text(game, won);
    } else if (soonest != solver::kUnbounded) {
      value = "win", statement = solver::claim_text(game, solver::Claim{solver::Claim::Kind::Win, report.mover, soonest});
      value_bound = soonest;
    } else if (!report.partial && all_lost && !report.moves.empty()) {
      value = "loss", statement = solver::claim_text(game, solver::Claim{solver::Claim::Kind::Win, 1 - report.mover, latest});
    } else if (drawn) {
      value = "draw", statement = "draw with best play";
    } else if (none_wins && no_win_within != solver::kUnbounded) {
      value = "no win", statement = solver::claim_text(game, solver::Claim{solver::Claim::Kind::NoWin, report.mover, no_win_within});
      value_bound = no_win_within;
    }
  } else if (report.accepted) {
    const solver::Claim& c = report.root_proved;
    const int mover = loaded.state->side_to_move();
    statement = solver::claim_text(game, c);
    const solver::Value v = claims_value({&c, 1}, mover);
    if (solver::is_win(v)) value = "win";
    if (v == solver::Value::Loss) value = "loss";
    if (v == solver::Value::NoWinWithin) value = "no win";
    if (v == solver::Value::WinWithin || v == solver::Value::NoWinWithin) value_bound = c.bound;
  }
  // Where a move exchanges the players now, or may answer the first move (a pie rule), what the
  // colours' values proved mean for the player to move.
  const solver::PlayerView players = report.accepted ? players_view(certificate, report, *loaded.state, searched) : solver::PlayerView{};
  // Where the win proved is sooner than the bound searched, the searched bound is said beside it.
  const std::string searched_note = value_bound > 0 && value_bound < searched && value == "win"
                                        ? " (searched within " + std::to_string(searched) + ")" : "";
  if (json) {
    nlohmann::json out = json_document("verify-proof", kVerifyProofSchema);
    out["file"] = file;
    out["certificate_nodes"] = nodes_read ? *nodes_read : certificate.size();
    out["made_by"] = certificate.made_by;
    out["game"] = game.name;
    out["position"] = certificate.position;
    out["rulings"] = rulings;
    // The size and every ruling in force, as the certificate's position carries them.
    out["size"] = loaded.game->config().size;
    out["rulings_in_force"] = rulings_in_force(game, loaded.game->config());
    out["side_to_move"] = game.side_names.at(static_cast<std::size_t>(loaded.state->side_to_move()));
    out["implementation"] = implementation;
    out["result"] = report.interrupted ? "interrupted" : report.accepted ? "verified" : "rejected";
    out["verified"] = report.accepted;
    out["interrupted"] = report.interrupted;
    const bool rejected = !report.accepted && !report.interrupted;
    out["reason"] = rejected ? nlohmann::json(report.reason) : nlohmann::json(nullptr);
    out["bad_position"] = rejected ? nlohmann::json(report.bad_position) : nlohmann::json(nullptr);
    out["positions_checked"] = report.nodes_checked;
    out["moves_checked"] = report.edges_checked;
    out["parts_checked"] = report.parts_checked;
    nlohmann::json makers = nlohmann::json::array();
    for (const auto& [made_by, parts] : part_makers(report)) makers.push_back({{"made_by", made_by}, {"parts", parts}});
    out["part_makers"] = makers;
    // An interrupted check did not reach the end of the analysis, where a partial one that covers
    // every legal move is found to be a whole one: the certificate's own word then.
    const bool partial = report.interrupted ? analysis && certificate.partial(certificate.root) : report.partial;
    out["root"] = nodes_read ? nlohmann::json(nullptr) : !analysis ? "claim" : partial ? "partial analysis" : "analysis";
    out["value"] = value_bound > 0 ? value + " within " + std::to_string(value_bound) : value;
    out["statement"] = statement.empty() ? nlohmann::json(nullptr) : nlohmann::json(statement);
    out["searched_within"] = searched > 0 ? nlohmann::json(searched) : nlohmann::json(nullptr);
    out["player_to_move"] = players.text.empty() ? nlohmann::json(nullptr)
                                                 : nlohmann::json{{"value", solver::player_result_word(players, searched)},
                                                                  {"statement", players.text}};
    if (report.accepted && analysis) {
      nlohmann::json moves = nlohmann::json::array();
      for (std::size_t m = 0; m < report.moves.size(); ++m) {
        const auto& move = report.moves[m];
        nlohmann::json claims = nlohmann::json::array();
        for (std::size_t i = 0; i < move.claims.size(); ++i) claims.push_back(claim_words(m, i));
        moves.push_back({{"move", move.move}, {"value", move_value_words(move)}, {"claims", claims}});
      }
      out["moves"] = moves;
      out["legal_moves"] = report.legal_moves;
      out["moves_covered"] = report.moves.size();
      out["moves_settled"] = settled;
    } else {
      out["moves"] = nullptr;
      out["legal_moves"] = nullptr;
      out["moves_covered"] = nullptr;
      out["moves_settled"] = nullptr;
    }
    print_json(out);
    if (report.interrupted) return say_interrupted(report, nodes_read.has_value());
    return !report.accepted ? 1 : analysis && report.partial ? kPartialExit : 0;
  }
  if (nodes_read) {
    std::cout << "Certificate: " << file << " (written by " << certificate.made_by << ")\n";
    std::cout << "Position: " << certificate.position << "\n";
    std::cout << "STOPPED by " << stop_signal_name() << " while the certificate was read (" << counted(static_cast<std::uint64_t>(*nodes_read), "node", "nodes") << " read): nothing is verified\n";
    return say_interrupted(report, true);
  }
  std::cout << "Certificate: " << file << " (" << counted(static_cast<std::uint64_t>(certificate.size()), "node", "nodes")
            << ", written by " << certificate.made_by << ")\n";
  std::cout << "Position: " << certificate.position << "\n";
  std::cout << "Checked with the " << implementation << " implementation"
            << (probe->implementations().size() == 1 ? " (the game's only one, so the same engine that searched, re-run without search)" : "") << ": "
            << counted(static_cast<std::uint64_t>(report.nodes_checked), "position", "positions") << ", "
            << counted(static_cast<std::uint64_t>(report.edges_checked), "move", "moves")
            << (report.parts_checked > 0 ? " (in this file and " + std::to_string(report.parts_checked) +
                                               (report.parts_checked == 1 ? " part file)" : " part files)") : "")
            << (report.interrupted ? " before it was stopped" : "") << "\n";
  // A certificate assembled from parts (--proof-parts) names its own maker only: where some part
  // was written by another, each maker is named with the parts it wrote.
  const auto makers = part_makers(report);
  if (makers.size() > 1 || (makers.size() == 1 && makers.front().first != certificate.made_by)) {
    std::cout << "Part files by the version that wrote them (not all by this file's, " << certificate.made_by << "):\n";
    for (const auto& [made_by, parts] : makers) {
      std::cout << "  " << made_by << ": " << counted(static_cast<std::uint64_t>(parts.size()), "part", "parts") << ":";
      for (const auto& part : parts) std::cout << " " << part;
      std::cout << "\n";
    }
  }
  if (report.interrupted) {
    std::cout << "STOPPED by " << stop_signal_name() << " before the check was over: nothing is verified\n";
    return say_interrupted(report);
  }
  if (!report.accepted) {
    std::cout << "REJECTED: " << report.reason << "\n" << report.bad_position;
    return 1;
  }
  if (analysis) {
    bool annotate_open = false;
    if (report.partial) {
      std::cout << "Verified: " << report.moves.size() << " of the " << report.legal_moves
                << " legal moves " << (report.moves.size() == 1 ? "is" : "are")
                << " settled (a partial analysis: the others are not covered):\n";
    } else if (open == 0) {
      std::cout << "Verified: every legal move is settled:\n";
    } else {
      // A move whose claims are only "does not lose" for one side is covered, not settled: what
      // is left open depends on whose the claim is (the side to move's: a win or a draw for it;
      // the other side's: a loss or a draw). Said once in the header where every open move leaves
      // the same, else beside each.
      std::string left_open;
      bool same = true, held = true;
      for (const auto& move : report.moves) {
        if (!is_open(move)) continue;
        const std::string words = open_value_words(move);
        held = held && !words.empty();
        if (left_open.empty()) left_open = words;
        same = same && words == left_open;
      }
      std::cout << "Verified: every legal move is covered, " << open << " of them"
                << (held ? " only by a 'does not lose' claim, which leaves its value open" : " only by claims that leave its value open")
                << (same && held ? " (" + left_open + ")" : "") << ":\n";
      annotate_open = !(same && held);
    }
    for (std::size_t m = 0; m < report.moves.size(); ++m) {
      const auto& move = report.moves[m];
      std::cout << "  " << move.move << ":";
      for (std::size_t i = 0; i < move.claims.size(); ++i) std::cout << (i ? ";" : "") << " " << claim_words(m, i);
      if (annotate_open && is_open(move)) {
        const std::string words = open_value_words(move);
        std::cout << " (" << (words.empty() ? "which fixes no value for " + mover_name : words) << ")";
      }
      std::cout << "\n";
    }
    // The conclusion --json gives as its statement, where the claims settle the value.
    if (value == "win") std::cout << "So the position is won: " << statement << searched_note << "\n";
    if (value == "loss") std::cout << "So the position is lost: " << statement << "\n";
    if (value == "draw") std::cout << "So the position is a " << statement << "\n";
    if (value == "no win") std::cout << "So the position is not won within the bound: " << statement << "\n";
    if (!players.text.empty()) std::cout << "For the player to move: " << players.text << "\n";
    if (report.partial) {
      // The last line, and the exit status, tell a partial analysis from a whole one.
      const std::size_t uncovered = report.legal_moves - report.moves.size();
      std::cout << "Partial: " << uncovered << " of the " << report.legal_moves << " legal moves "
                << (uncovered == 1 ? "is" : "are") << " not covered by this certificate (exit status " << kPartialExit << ")\n";
      return kPartialExit;
    }
  } else {
    // A claim whose proof at the root is one move (the claimer's, or under "does not win" the other
    // side's) proves it by that move alone: the move is named, and the others said not covered
    // ("Black wins" of a --value-only certificate is "Black wins by b1").
    const State& at = *loaded.state;
    const int to_move = at.side_to_move();
    const bool one_move = root.kind == solver::Claim::Kind::NoWin ? to_move != root.side : to_move == root.side;
    std::string named;
    if (one_move && certificate.part(certificate.root).empty() && certificate.edges(certificate.root).size() == 1 && !at.is_terminal()) {
      const Move m = at.parse_move(certificate.move(certificate.edges(certificate.root).front()));
      std::vector<Move> legal;
      at.legal_moves(legal);
      named = " by " + (to_move != root.side ? game.side_names.at(static_cast<std::size_t>(to_move)) + "'s " : std::string()) +
              at.move_text(m) + searched_note +
              (legal.size() <= 1 ? ", the only legal move"
                                 : ": the certificate covers this move only, not the other " + with_commas(legal.size() - 1) +
                                       (legal.size() == 2 ? " legal move" : " legal moves"));
    }
    std::cout << "Verified: " << solver::claim_text(game, report.root_proved) << (named.empty() ? searched_note : named) << "\n";
    if (!players.text.empty()) std::cout << "For the player to move: " << players.text << "\n";
  }
  return 0;
}

const CommandRegistration verify_proof_registration{{"verify-proof", "verify-proof FILE [--game G] [--rule NAME=VALUE] [--threads T] [--json]",
                                        "re-check a solver certificate without search, with the reference implementation (or a game's only one); exit 1 if rejected, 3 if verified but a partial analysis (not every legal move covered), 130/143/129 if stopped by SIGINT/SIGTERM/SIGHUP", verify_proof_command}};

}  // namespace
}  // namespace arbiter::cli

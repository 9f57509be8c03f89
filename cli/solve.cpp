// arbiter solve: the exact value of a position, every winning move, a principal line and a
// certificate (solver/). Each legal move is one unit of work; units run on --threads threads,
// are journalled under the state directory, and --resume picks up where a stopped run ended.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/options.hpp"
#include "cli/json_output.hpp"
#include "cli/live_progress.hpp"
#include "cli/source_hash.hpp"
#include "distributed/farm.hpp"
#include "distributed/output_lock.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/core/zobrist.hpp"
#include "solver/interrupt.hpp"
#include "solver/board_map.hpp"
#include "solver/players.hpp"
#include "solver/solve.hpp"
#include "solver/prove.hpp"
#include "solver/threat_zones.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;
using solver::MoveResult;
using solver::SolveResult;
using solver::Value;
using solver::board_map;
using solver::value_mark;

// --json's schema version: 2 from 29 November 2026, when a bounded search's values took their bound
// ("win within 2", "no win within 2", which version 1 wrote "win", "no win") and a move --value-only
// left alone read "not searched" (version 1: "unknown"), as the text says them.
constexpr int kSolveSchema = 2;

// A value as the text and --json word it: a bounded search's with its bound ("win within 2", "no
// win within 2"; a bare "win" or "no win" read as an exact solve's), the others as value_word does.
std::string value_text(Value v, int within) {
  const std::string k = " within " + std::to_string(within);
  if (v == Value::WinWithin) return "win" + k;
  if (v == Value::NoWinWithin) return "no win" + k;
  return value_word(v);
}

// A move's value in the list under the map and in --json: "not searched" for one --value-only left
// alone, which the map's '?' (and "unknown") cannot tell from a move searched and left unresolved.
std::string move_value_text(const MoveResult& m, int within) {
  return m.not_searched ? "not searched" : value_text(m.value, within);
}

// `stop_signal` names the signal that stopped the search ("" when none did): an unknown value is
// then what the interrupt left, not what the limits allowed.
// `colours` says that a pie rule's exchange of the players is legal now or still to come: the
// value is then the colour's, not the player to move's, and the sentence says "the colour to move".
std::string value_sentence(const GameDescriptor& game, const State& root, Value v, int within,
                           const std::string& stop_signal, bool colours = false) {
  const std::string mover = game.side_names.at(static_cast<std::size_t>(root.side_to_move())) +
                            (colours ? " (the colour to move)" : " (to move)");
  const std::string k = std::to_string(within) + (within == 1 ? " move" : " moves");
  switch (v) {
    case Value::Win: return mover + " wins";
    case Value::Loss: return mover + " loses";
    case Value::Draw: return "draw with best play";
    case Value::WinWithin: return mover + " wins within " + k + " of its own";
    case Value::NoWinWithin: return mover + " cannot force a win within " + k + " of its own";
    case Value::Unknown:
      return stop_signal.empty() ? "unknown within the limits" : "unknown: interrupted by " + stop_signal;
  }
  return "?";
}

// The moves of the root as units of a farm (distributed/farm.hpp): each solved alone with a table
// of its own, so that what is printed does not depend on which rank or thread solved it.
distributed::FarmJob move_farm(const State& root, const std::vector<Move>& moves, const solver::SolveOptions& options,
                               int threads) {
  distributed::FarmJob job;
  job.threads = threads;
  job.work = [&root, &moves, &options](distributed::UnitId i) {
    std::ostringstream out;
    solver::write_move_result(out, solver::solve_move_alone(root, moves.at(i), options));
    return out.str();
  };
  return job;
}

// Rank 0's side of a farmed solve: hands out the moves not yet settled (at most `max_units` of
// them when it is not 0), records each result as it arrives and writes them in move order.
SolveResult solve_on_farm(const State& root, const std::vector<Move>& moves, const solver::SolveOptions& options,
                          int threads, const std::vector<std::optional<MoveResult>>& finished, std::size_t max_units,
                          const solver::UnitDone& on_done) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  result.moves.resize(moves.size());
  std::vector<distributed::UnitId> pending;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i < finished.size() && finished[i]) {
      result.moves[i] = *finished[i];
    } else {
      result.moves[i] = solver::unsettled_move(root, moves[i]);
      pending.push_back(i);
    }
  }
  const distributed::World& world = distributed::world();
  const std::size_t slots = static_cast<std::size_t>(world.size) * static_cast<std::size_t>(threads);
  if (world.size > 1 && slots > pending.size()) {
    std::cerr << "note: " << world.size << " ranks x " << threads << (threads == 1 ? " thread" : " threads") << " for "
              << pending.size() << (pending.size() == 1 ? " move" : " moves") << " to solve: " << slots - pending.size()
              << " of the " << slots << " workers stay idle\n";
  }
  std::size_t handed = 0;
  distributed::FarmJob job = move_farm(root, moves, options, threads);
  job.next_unit = [&]() -> std::optional<distributed::UnitId> {
    if (handed >= pending.size() || stop_requested() || (max_units > 0 && handed >= max_units)) return std::nullopt;
    return pending[handed++];
  };
  job.on_result = [&](distributed::UnitId i, const std::string& bytes) {
    std::istringstream in(bytes);
    auto r = solver::read_move_result(in, "the result of move " + std::to_string(i));
    if (!r) throw std::runtime_error("a rank sent an unreadable result for move " + std::to_string(i));
    r->move = moves.at(i);
    result.moves[i] = std::move(*r);
    if (on_done) on_done(i, result.moves[i]);
  };
  distributed::run_farm(job);
  solver::summarise_moves(result, options);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

// A word as a shell reads it back: as it is when it holds nothing the shell treats specially,
// else in single quotes.
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-./=:@%+,").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Removes the part files (NAME.cert) in `directory` that none of `moves` refers to: left there by an
// earlier solve into the same --proof FILE, they would pass for parts of this certificate. So are
// the pieces a run ended by kill -9 (or a full disk) left while it wrote a part: its scratch file of
// nodes (NAME.cert.nodes.N) and an unrenamed NAME.cert.tmp (a 0-byte b1.cert.nodes.1 stayed after
// --resume had finished). Called once the search is over, when no part is being written. Returns how
// many were removed; anything else in the folder is left alone.
std::size_t remove_stale_parts(const std::string& directory, const std::vector<MoveResult>& moves) {
  namespace fs = std::filesystem;
  std::set<std::string> referred;
  for (const MoveResult& m : moves) {
    for (const MoveResult::Part& part : m.parts) referred.insert(fs::path(part.file).filename().string());
  }
  std::size_t removed = 0;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    const bool piece = name.ends_with(".cert.tmp") || name.find(".cert.nodes.") != std::string::npos;
    if (!it->is_regular_file(error) || !(name.ends_with(".cert") || piece) || referred.count(name) != 0) continue;
    std::error_code ignored;
    removed += fs::remove(it->path(), ignored) ? 1 : 0;
  }
  return removed;
}

// The command that continues this run: its own words, and --independent-moves and --resume when
// asked to add them (a run under mpirun is independent without saying so, and its journal is that
// mode's).
std::string resume_command(const std::vector<std::string>& args, bool add_independent, bool add_resume) {
  std::string command = "arbiter solve";
  for (const std::string& word : args) command += " " + shell_word(word);
  if (add_independent) command += " --independent-moves";
  if (add_resume) command += " --resume";
  return command;
}

// A position's one-line form split into what it is without its rulings and the rulings ("name=value"
// words, after the body: model/core/game.hpp, State::line).
std::pair<std::string, std::string> without_rulings(const std::string& line) {
  std::istringstream words(line);
  std::string word, base, rulings;
  while (words >> word) {
    std::string& into = word.find('=') == std::string::npos ? base : rulings;
    into += (into.empty() ? "" : " ") + word;
  }
  return {base, rulings};
}

// What --resume found nothing of in its own journal but finds in the other journals of SOLVE (the
// state directory's solve folder): one line each for a journal of the same position and kind of
// search that another build wrote, or that was solved under other rulings, which this run does not
// use, and why; "" when there is none.
std::string unused_journals_note(const std::string& solve, const std::string& own, const solver::JournalIdentity& wanted) {
  const auto [base, rulings] = without_rulings(wanted.position);
  const std::string wanted_rulings = rulings;  // (a structured binding is not captured by a lambda in clang 14)
  const auto rulings_words = [](const std::string& r) { return r.empty() ? std::string("the defaults") : r; };
  std::vector<std::string> lines;
  std::size_t unidentified = 0;  // journals from before identity files: of this position or not, no one can say
  std::error_code error;
  for (std::filesystem::directory_iterator it(solve, error), end; !error && it != end; it.increment(error)) {
    if (it->path().filename() == std::filesystem::path(own).filename()) continue;
    std::error_code ignored;
    if (!it->is_directory(ignored)) continue;
    const solver::SolveJournal::Survey s = solver::SolveJournal::survey(it->path().string());
    if (!s.identity && s.identity_missing) ++unidentified;
    if (!s.identity || s.identity->within != wanted.within || s.units == 0) continue;
    const auto [their_base, their_rulings] = without_rulings(s.identity->position);
    if (their_base != base) continue;
    const std::string settled = counted(s.units, "move", "moves");
    if (their_rulings != wanted_rulings) {
      lines.push_back("note: a journal of this position under other rulings (" + rulings_words(their_rulings) + ", here " +
                      rulings_words(wanted_rulings) + ") settled " + settled + " (" + it->path().string() +
                      "); it is not used: the rulings decide the moves' values");
    } else if (s.identity->version != wanted.version) {
      lines.push_back("note: a journal of this position by another build (commit " + s.identity->version + ") settled " +
                      settled + " (" + it->path().string() + "); it is not used: this build (commit " + wanted.version +
                      ") takes only its own results, since changed code may find otherwise");
    }
  }
  std::sort(lines.begin(), lines.end());
  if (unidentified > 0) {
    // Said so: "nothing to resume" alone left a user with an older journal of the same position
    // wondering why it was not used.
    const std::string state = std::filesystem::path(solve).parent_path().string();
    const bool one = unidentified == 1;
    lines.push_back("note: " + solve + " holds " + counted(unidentified, "journal", "journals") +
                    " from before identity files (written by a version before fc2f787), which cannot be matched to a "
                    "position: " + (one ? "it is" : "they are") + " not used; `arbiter state --state " + quote_input(state) +
                    "` lists " + (one ? "it" : "them") + ", `arbiter state prune --other-versions --state " +
                    quote_input(state) + "` removes " + (one ? "it" : "them"));
  }
  std::string note;
  for (const auto& line : lines) note += line + "\n";
  return note;
}

int solve_command(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game_name, position, proof_file, state_directory;
  int within = 0, threads = 1, threat_depth = 2;
  long simulation_steps = solver::SolveOptions::kDefaultSimulationSteps;
  double time_limit = 0;
  std::size_t table_megabytes = 256;
  bool openings = false, json = false, resume = false, independent = false, value_only = false, proof_parts = false, race = false;
  std::size_t max_units = 0;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game_name)->required(), "game name (may be left out beside a --position in one-line form, which names its game)")
      ("position,p", position_value(&position), "position to solve (one-line form, diagram, @file or path; default: the initial position)")
      ("within", number_value(&within, WholeRange{1, 20}), "bounded search: can the side to move win within K of its own moves (1-20)")
      ("time-limit", number_value(&time_limit, DecimalRange{}), "seconds (above 0, at most 1000000); moves not settled by then are reported unknown")
      ("threads", number_value(&threads, WholeRange{1, 256}), "worker threads (1-256, default 1)")
      ("tt-mb", number_value(&table_megabytes, WholeRange{1, 65536}), "transposition table shared by the threads, in MiB (default 256; a power of two: another value is rounded down, with a note; with --within, the size of the bounded search's own table on each thread, at most 64)")
      ("proof", po::value<std::string>(&proof_file), "write the certificate to FILE (check it with arbiter verify-proof)")
      ("proof-parts", po::bool_switch(&proof_parts),
       "with --proof FILE: write each move's proof to a file of its own in FILE.parts/ as soon as the move is settled, and FILE as an analysis that refers to them (a large solve's certificate does not fit in memory); part files of an earlier run there that the new certificate does not refer to are removed")
      ("openings", po::bool_switch(&openings), "solve the initial position and print every first move's value as a board map (a list where the moves have no cell of their own)")
      ("value-only", po::bool_switch(&value_only),
       "stop once the value is proved and name one winning move (exact: df-pn of the position alternates with its moves searched in turn, centre first, and without --proof the moves refuted in turn are reported as losses; --within: the moves are tried most promising first and the first winning one ends the search; the moves after it are not searched)")
      ("race", po::bool_switch(&race),
       "with --value-only and --threads 2: two searches race through the shared table, df-pn of the position and its moves in turn, middle first (on a 5x5 board 1.1-1.6 s against 2.1-2.8 s on one thread, measured in docs/solver.md; the value is the same, but which winning move is named may differ between runs)")
      ("threat-depth", number_value(&threat_depth, WholeRange{0, 3}),
       "leave out the moves a threat of the opponent's within K of its moves refutes (0-3, default 2; 0: no pruning; games with local moves only: elsewhere, and with --within, a note says it has no effect)")
      ("simulation-steps", number_value(&simulation_steps, WholeRange{0, 1000000}),
       "once a defence is refuted, try each of its siblings with that proof as a model, walking at most N positions each (Kawano's simulation; 0-1000000, default 1000; 0: off); what it proves, the table and play confirm")
      ("resume", po::bool_switch(&resume), "continue a stopped run: keep its finished moves and saved tables. Exit status: 0 when everything asked for is settled (the value and every move's; --value-only: the value and one winning move), 1 while the value or any move asked for is not (repeat --resume until 0), 2 bad input, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP")
      ("independent-moves", po::bool_switch(&independent),
       "solve each move with a table of its own (what runs under mpirun do): the output then does not depend on --threads or ranks")
      ("max-units", number_value(&max_units, WholeRange{1, std::numeric_limits<std::size_t>::max()}),
       "solve at most N more moves in this run, then stop like an interrupted run (implies --independent-moves; continue with --resume)")
      ("state", po::value<std::string>(&state_directory), "state directory (default $XDG_CACHE_HOME/arbiter or ~/.cache/arbiter)")
      ("json", po::bool_switch(&json), "print the result as JSON");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  const auto given = parse_arguments("solve", args, options, positional, proceed);
  if (!proceed) return 0;
  require_path(given, "proof", proof_file, "a file name");
  require_path(given, "state", state_directory, "a directory");
  if (proof_parts && !given.count("proof")) throw InputError("--proof-parts needs --proof FILE (the analysis that refers to the parts)");
  if (const std::size_t table_size = std::bit_floor(table_megabytes); table_size != table_megabytes) {
    // The table's buckets are found by masking the key, so its size is a power of two; say so
    // rather than print a size the run does not have (once: under mpirun every rank reads this).
    if (distributed::world().coordinator()) {
      std::cerr << "note: the table's size is a power of two: --tt-mb " << table_megabytes << " gives " << table_size << " MiB\n";
    }
    table_megabytes = table_size;
  }
  if (openings && !position.empty()) throw InputError("--openings solves the initial position; give --size, not --position");
  if (race && !value_only) throw InputError("--race goes with --value-only (it races two searches for one winning move)");
  if (race && within != 0) throw InputError("--race is for the exact search, not --within (which already splits the moves among the threads)");
  if (race && threads < 2) throw InputError("--race needs --threads 2 or more (two of them race)");
  if (value_only && openings) throw InputError("--value-only and --openings ask opposite things: one winning move, or the value of every move");
  auto loaded = load_game_position(game_name, game_options, position);
  const Game& game = *loaded.game;
  const GameDescriptor& descriptor = game.descriptor();
  const State& root = *loaded.state;
  if (root.is_terminal()) {
    throw InputError("the position is already over (" + outcome_text(descriptor, root.outcome()) + "): nothing to solve");
  }
  const distributed::World& world = distributed::world();
  const bool independent_asked = independent;
  independent = independent || max_units > 0 || world.launched;
  if (value_only && independent) {
    throw InputError("--value-only needs the shared-table solve: not with --independent-moves, --max-units or mpirun");
  }
  if (given.count("threat-depth") && world.coordinator()) {
    // The option is never ignored without a word: where no search prunes by threats, say why.
    const std::string option = "--threat-depth " + std::to_string(threat_depth);
    if (within > 0) {
      std::cerr << "note: " << option << " has no effect with --within: the bounded search does not prune by threats\n";
    } else if (!solver::zones_apply_from(root)) {
      std::cerr << "note: " << option << " has no effect here: threat zones apply only where a game declares its moves "
                << "local (docs/solver.md, \"Threat zones\"), and " << descriptor.name
                << " does not in this position under these rulings\n";
    }
  }
  std::vector<Move> moves;
  root.legal_moves(moves);
  solver::SolveOptions solve_options;
  solve_options.within = within;
  solve_options.threads = threads;
  solve_options.threat_depth = threat_depth;
  solve_options.simulation_steps = simulation_steps;
  solve_options.table_megabytes = table_megabytes;
  if (within > 0 && given.count("tt-mb") && solver::table_megabytes_of(solve_options) != table_megabytes &&
      world.coordinator()) {
    // The bounded search does not use the df-pn table --tt-mb sizes: say what it takes instead.
    std::cerr << "note: --within searches with a table of its own on each thread, of at most 64 MiB: --tt-mb "
              << table_megabytes << " gives " << solver::table_megabytes_of(solve_options) << " MiB\n";
  }
  // Certificates are extracted only when one is to be written: the walk over every proof tree
  // can cost as much as the search.
  solve_options.certificates = !proof_file.empty();
  // With --proof-parts each move's certificate goes to its part files as it is extracted.
  const std::string parts_directory = proof_file + ".parts";
  if (proof_parts) {
    solve_options.parts_directory = parts_directory;
    solve_options.made_by = version_string();
  }
  solve_options.value_only = value_only;
  solve_options.look_for_short_wins = true;
  solve_options.race_root = race;
  solver::RootFocus focus;
  solve_options.root_focus = &focus;
  std::atomic<std::uint64_t> nodes{0};
  solve_options.control.nodes = &nodes;
  install_stop_handlers();
  solve_options.control.stop = &stop_requested;
  if (time_limit > 0) {
    // A limit beyond what the clock can count (1e10 s overflowed into a deadline already past) is no limit.
    const auto now = std::chrono::steady_clock::now();
    const std::chrono::duration<double> limit(time_limit);
    if (limit < (std::chrono::steady_clock::time_point::max() - now) / 2) {
      solve_options.control.deadline = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit);
    }
  }
  if (!world.coordinator()) {
    distributed::run_farm(move_farm(root, moves, solve_options, threads));
    return 0;
  }
  // Where the results go is checked now, not after the search. A proof file made only to find
  // that out is removed again, so that a solve that proves nothing leaves nothing behind.
  const std::string state_option = state_directory;
  if (state_directory.empty()) state_directory = default_state_directory();
  check_state_directory(state_option, state_directory);
  if (!proof_file.empty()) {
    check_output_file("--proof", proof_file);
    // A device (a link to /dev/full) opens like a file but fails only when the certificate is
    // written, after the whole search; verify-proof reads regular files only.
    std::error_code ignored;
    const auto status = std::filesystem::status(proof_file, ignored);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
      throw InputError("--proof " + quote_input(proof_file) +
                       ": it is not a regular file (a certificate is written as one, for verify-proof to read)");
    }
  }
  bool parts_folder_made = false;  // made now, and removed again if the run writes nothing into it
  if (proof_parts) {
    std::error_code ignored;
    parts_folder_made = !std::filesystem::exists(parts_directory, ignored);
    std::string problem = directory_problem(parts_directory);
    if (problem.empty()) problem = output_file_problem(parts_directory + "/.arbiter-write-test");
    if (!problem.empty()) {
      if (parts_folder_made) std::filesystem::remove(parts_directory, ignored);
      throw InputError("--proof " + quote_input(proof_file) + ": its parts folder " + quote_input(parts_directory) +
                       " (--proof-parts): " + problem);
    }
  }
  // A run that writes no part (it proved nothing, or stopped first) leaves no empty folder behind.
  struct RemoveIfEmpty {
    std::string folder;
    ~RemoveIfEmpty() {
      std::error_code ignored;
      if (!folder.empty() && std::filesystem::is_empty(folder, ignored) && !ignored) std::filesystem::remove(folder, ignored);
    }
  } const made_parts_folder{parts_folder_made ? parts_directory : ""};

  // The journal is keyed by what decides the results: position, kind of search, code version, and
  // whether moves are solved alone (they have their own certificates and node counts, which an
  // --independent-moves run promises do not depend on anything else that ran: kept apart). What
  // changes no value and no certificate's validity (--tt-mb, --threads, --max-units, limits) is
  // not in the key: a run resumed with another of them goes on with what the first settled.
  const auto identity_of = [&](bool alone) { return solver::JournalIdentity{root.line(), within, build_identity(), alone}; };
  const auto journal_of = [&](bool alone) { return state_directory + "/solve/" + text_key_hex(identity_of(alone).key_text()); };
  solver::SolveJournal journal(journal_of(independent), identity_of(independent).key_text());
  // What fails in the journal's folder names the option that chose it, as the checks before do:
  // "cannot create the lock file ...: Read-only file system" named no --state.
  const auto naming_state = [&](const InputError& error) {
    return InputError(state_directory_words(state_option, state_directory) + ": " + error.what());
  };
  std::optional<distributed::OutputLock> journal_lock;
  try {
    journal_lock.emplace(journal.directory(), "--state");
  } catch (const InputError& error) {
    throw naming_state(error);
  }
  {
    // `arbiter state prune` may have removed the folder between its making and the lock.
    std::error_code ignored;
    std::filesystem::create_directories(journal.directory(), ignored);
  }
  if (resume && !journal.holds_a_run()) {
    // Nothing to resume in this mode's journal: if the other mode's holds a run of this position,
    // starting afresh would silently throw its settled moves away.
    const std::string other = journal_of(!independent);
    std::error_code ignored;
    if (std::filesystem::is_directory(other, ignored) && solver::SolveJournal(other).holds_a_run()) {
      throw InputError(independent
                           ? "--resume: a run of this position exists without --independent-moves (one table shared by "
                             "the moves, in " + other + "); resume it without --independent-moves, --max-units or mpirun"
                           : "--resume: a run of this position exists under --independent-moves (as --max-units and "
                             "mpirun run, in " + other + "); resume it with --independent-moves (or --max-units N)");
    }
  }
  std::vector<std::optional<MoveResult>> finished;
  std::size_t uncertified = 0;  // settled without a certificate, searched again for it
  std::size_t unwritten = 0;    // of them, those a run with --proof-parts could not write the part of
  std::string damage_notes;  // printed after the state line
  if (resume) {
    std::vector<std::pair<std::size_t, std::string>> damaged;
    finished = journal.load(moves.size(), &damaged);
    for (std::size_t i = 0; i < finished.size(); ++i) {
      if (finished[i] && finished[i]->text != root.move_text(moves[i])) {
        finished[i].reset();  // not this move's: a file put there by hand, or from elsewhere
        damaged.emplace_back(i, "does not read back whole");
      }
    }
    std::sort(damaged.begin(), damaged.end());
    for (const auto& [i, problem] : damaged) {
      damage_notes += "note: " + journal.path_of(i) + " " + problem + ": move " + root.move_text(moves[i]) +
                      " is searched again\n";
    }
    for (std::size_t i = 0; i < finished.size(); ++i) {
      if (finished[i]) finished[i]->move = moves[i];  // the journal names moves by their text
      // A move settled by a run without --proof, or by one whose certificate part could not be
      // written (--proof-parts), has no certificate to write: search it again.
      if (finished[i] && !proof_file.empty() && !finished[i]->certified) {
        if (!finished[i]->unwritten.empty()) ++unwritten;
        finished[i].reset();
        ++uncertified;
      }
    }
  } else {
    journal.clear();
  }
  // What the journal is for, where `arbiter state` reads it (its name is only a key of it).
  try {
    journal.record_identity(identity_of(independent));
  } catch (const InputError& error) {
    throw naming_state(error);
  }
  std::size_t already = 0;
  for (const auto& f : finished) already += f.has_value();
  std::cerr << "state: " << journal.directory();
  std::string unused_note;
  std::error_code no_table;
  if (resume && already == 0 && uncertified == 0 && !std::filesystem::exists(journal.directory() + "/table", no_table)) {
    // Nothing of this build and these rulings to resume (no move settled, no table a stopped run
    // saved): said so, not "resuming: 0 of N", with the journals of this position that another
    // build or other rulings left, which are not used.
    unused_note = unused_journals_note(state_directory + "/solve", journal.directory(),
                                       identity_of(independent));
    std::cerr << " (--resume: nothing to resume, no move of this position settled by this build under these rulings; "
                 "searching from the start)";
  } else if (resume) {
    // What the moves searched again lacked, as it was: a run with --proof-parts that could not
    // write their parts (it said "a run without --proof"), or a run without --proof.
    std::vector<std::string> again;
    if (unwritten > 0) {
      again.push_back(counted(unwritten, "move", "moves") + " whose certificate part an earlier run could not write " +
                      (unwritten == 1 ? "is" : "are") + " searched again for " + (unwritten == 1 ? "it" : "them"));
    }
    if (uncertified > unwritten) {
      const std::size_t without = uncertified - unwritten;
      again.push_back(counted(without, "move", "moves") + " settled by a run without --proof " +
                      (without == 1 ? "is searched again for its certificate" : "are searched again for theirs"));
    }
    std::cerr << " (resuming: " << already << " of " << moves.size() << " moves already settled"
              << (again.empty() ? "" : " with certificates");
    for (const std::string& words : again) std::cerr << "; " << words;
    std::cerr << ")";
  }
  std::cerr << "\n" << unused_note << damage_notes;

  solve_options.table_directory = journal.directory();
  solve_options.code_version = build_identity();

  std::vector<std::vector<MoveResult::Part>> parts_of(moves.size());
  std::vector<std::string> unwritten_parts;  // why certificate parts could not be written (--proof-parts)
  std::mutex lock;
  std::size_t units_done = already, wins = 0, losses = 0, draws = 0;
  std::string first_win;
  const auto tally = [&](const MoveResult& r) {
    if (solver::is_win(r.value)) {
      ++wins;
      if (first_win.empty()) first_win = r.text;
    }
    if (solver::is_loss(r.value)) ++losses;
    if (r.value == Value::Draw) ++draws;
  };
  // The moves a resumed run already holds count in its progress lines as they did before the stop.
  for (const auto& f : finished) {
    if (f) tally(*f);
  }
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  {
    LiveProgress progress([&] {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::lock_guard<std::mutex> guard(lock);
      std::ostringstream line;
      line << "solve: " << (value_only && within == 0 ? "the position's own search first (--value-only), " : "")
           << units_done << "/" << moves.size() << " moves settled (" << wins << " win, " << losses
           << (within > 0 ? " no win" : " loss") << (draws ? ", " + std::to_string(draws) + " draw" : "") << "), "
           << with_commas(nodes.load()) << " nodes, " << with_commas(static_cast<std::uint64_t>(nodes.load() / std::max(seconds, 1e-3)))
           << " nodes/s" << (first_win.empty() ? "" : ", winning move " + first_win);
      const std::uint64_t searching = focus.move.load(std::memory_order_relaxed);
      if (value_only && within == 0 && first_win.empty() && searching != solver::RootFocus::kNone) {
        line << ", searching " << root.move_text(static_cast<Move>(searching)) << " (root proof/disproof numbers "
             << with_commas(focus.pn.load(std::memory_order_relaxed)) << "/" << with_commas(focus.dn.load(std::memory_order_relaxed))
             << ")";
      }
      const std::uint64_t in_turn = focus.in_turn.load(std::memory_order_relaxed);
      if (first_win.empty() && in_turn != solver::RootFocus::kNone) {
        line << ", the moves in turn at " << root.move_text(static_cast<Move>(in_turn));
      }
      line << ", " << std::fixed << std::setprecision(0) << seconds << " s";
      return line.str();
    });
    solve_options.warn = [&progress](const std::string& line) { progress.note("arbiter: warning: " + line); };
    // A settled move the journal cannot keep (a full disk) is still reported: only --resume loses it.
    const auto save_unit = [&](std::size_t index, const MoveResult& r) {
      try {
        journal.save(index, r);
      } catch (const InputError& error) {
        progress.note("arbiter: warning: move " + r.text + " is not kept for --resume: " + error.what());
      }
    };
    const solver::UnitDone record = [&](std::size_t index, const MoveResult& r) {
      std::lock_guard<std::mutex> guard(lock);  // the progress thread reads these counters
      if (!r.unwritten.empty()) unwritten_parts.push_back(r.unwritten);
      if (r.value != Value::Unknown && proof_parts && r.certified && r.parts.empty()) {
        // A unit solved elsewhere (a rank, a table of its own) comes with its certificate: written
        // out here, and the journal names the part files instead of holding it a second time (or,
        // where they cannot be written, holds it, for --resume to write).
        try {
          parts_of[index] = solver::write_certificate_parts(game, root, r, parts_directory, version_string());
          save_unit(index, solver::with_parts(r, parts_of[index]));
        } catch (const InputError& error) {
          unwritten_parts.push_back(error.what());
          save_unit(index, r);
        }
        ++units_done;
      } else if (r.value != Value::Unknown) {
        save_unit(index, r);
        ++units_done;
      }
      tally(r);
    };
    result = independent ? solve_on_farm(root, moves, solve_options, threads, finished, max_units, record)
                         : solver::solve_moves(root, solve_options, finished, record);
  }
  solve_options.warn = nullptr;  // it printed through the progress, which is gone

  for (std::size_t i = 0; i < parts_of.size(); ++i) {
    if (!parts_of[i].empty()) result.moves[i].parts = parts_of[i];
  }
  std::size_t certificate_nodes = 0;
  std::string proof_note, proof_failure;
  if (!proof_file.empty()) {
    std::error_code ignored;
    const std::string older = std::filesystem::exists(proof_file, ignored)
                                  ? "the older " + proof_file + " is left as it was"
                                  : "no file is left at " + quote_input(proof_file);
    if (!unwritten_parts.empty()) {
      // FILE would refer to parts that are not there: it is not written. The values found are
      // reported all the same, and the exit status (1) says the certificate is missing (a part
      // that could not be written ended the run with exit 2 and no report until 29 November 2026).
      const std::size_t moves_unwritten = unwritten_parts.size();
      proof_failure = "the proof file " + quote_input(proof_file) + " is not written, as the certificate parts of " +
                      (moves_unwritten == 1 ? "a move" : std::to_string(moves_unwritten) + " moves") +
                      " could not be: " + unwritten_parts.front() + (moves_unwritten == 1 ? "" : ", ...") + " (" + older +
                      "; the certificate parts that were written stay in " + quote_input(parts_directory) +
                      "; the settled moves are kept: the same command with --resume searches again those whose "
                      "certificates were not kept, and writes it)";
      proof_note = "no certificate written: " + proof_failure;
    } else if (std::none_of(result.moves.begin(), result.moves.end(), [&](const MoveResult& m) {
          return m.value != Value::Unknown && (!m.claims.empty() || !m.parts.empty()) &&
                 (result.not_searched == 0 || solver::is_win(m.value));
        })) {
      proof_note = "no certificate written: nothing was proved";
    } else {
      // Written whole or not at all: under a temporary name beside FILE, renamed over it once every
      // byte is written (a full disk left a cut-off FILE in place of a good older one, exit 2 and
      // none of the search's report). A stop during the write waits for it, as for the table's
      // save: the search's work is done, and this is what it was for.
      solver::CertificateSummary written{};
      std::string why;
      {
        // Since the write is finished before stopping, the notice says so (it said "saving what the
        // search proved, for --resume", the table's words, until session 50).
        const SavingForResume saving("finishing the certificate file, then stopping");
        why = write_file_whole(proof_file, [&](std::ostream& out) {
          written = solver::write_analysis_certificate(out, game, root, result, version_string());
        });
      }
      if (!why.empty()) {
        // The search's report is printed all the same; the exit status (1) says the certificate is missing.
        proof_failure = "cannot write the proof file " + quote_input(proof_file) + ": " + why + " (" + older +
                        "; the settled moves are kept: the same command with --resume writes it again)";
        proof_note = "no certificate written: " + proof_failure;
      } else {
        certificate_nodes = static_cast<std::size_t>(written.nodes);
        const std::string kind = !written.analysis ? "" : written.partial ? ", a partial analysis: the settled moves only" : "";
        std::size_t parts = 0;
        for (const MoveResult& m : result.moves) parts += m.parts.size();
        const std::size_t stale = proof_parts ? remove_stale_parts(parts_directory, result.moves) : 0;
        const std::string where =
            (parts == 0 ? "" : ", and " + with_commas(parts) + " part files in " + parts_directory + "/") +
            (stale == 0 ? "" : "; " + with_commas(stale) + " part " + (stale == 1 ? "file" : "files") +
                                   " of an earlier run that it does not refer to removed");
        proof_note = "certificate: " + proof_file + " (" + with_commas(certificate_nodes) + " nodes" + kind + where +
                     "); check it with: arbiter verify-proof " + shell_word(proof_file);
      }
    }
  }

  std::vector<std::string> winning;
  const MoveResult* principal = nullptr;
  for (const MoveResult& m : result.moves) {
    if (solver::is_win(m.value)) {
      winning.push_back(m.text);
      // A bounded search's line is the quickest win against the longest defence: of the winning
      // moves, the one whose line is shortest (each move's line is so already); the first in
      // legal order could mark time and win a move later.
      if (principal == nullptr || (within > 0 && m.line.size() < principal->line.size())) principal = &m;
    }
  }
  // Where the side to move can win at once, the line takes that win (State::winning_moves' first,
  // as finish_line does at every later turn). A line the solve finished (line_ends) is not played
  // out again from the root, so the root is settled here: with --proof an exact solve's line was
  // the first winning move's, 'curse g6, f7-f6, curse f6, pass, f4-f6' where f4-f6 wins at once.
  if (principal != nullptr) {
    std::vector<Move> at_once;
    root.winning_moves(at_once);
    const auto it = at_once.empty() ? result.moves.end()
                                    : std::find_if(result.moves.begin(), result.moves.end(), [&](const MoveResult& m) {
                                        return m.move == at_once.front() && solver::is_win(m.value);
                                      });
    if (it != result.moves.end()) principal = &*it;
  }
  // Without a win, the line is the longest resistance of the move that holds out best.
  if (principal == nullptr) {
    for (const MoveResult& m : result.moves) {
      if (m.value == Value::Draw) { principal = &m; break; }
    }
  }
  if (principal == nullptr && result.value != Value::Unknown) {
    for (const MoveResult& m : result.moves) {
      if (principal == nullptr || m.line.size() > principal->line.size()) principal = &m;
    }
  }
  // Values are the colours'. Where a move exchanges the players (the pie swap) now, or may answer
  // the first move, what they mean for the player to move (solver/players.hpp).
  const bool exchange_now = std::any_of(result.moves.begin(), result.moves.end(),
                                        [&](const MoveResult& m) { return root.exchanges_players(m.move); });
  solver::PlayerView players = exchange_now ? solver::exchange_now_view(root, result.moves, within)
                                            : solver::exchange_next_view(descriptor, root, result.moves,
                                                                         solver::line_wins_without_exchange);
  if (!exchange_now && players.result == solver::PlayerResult::Unknown && result.not_searched > 0 && !players.text.empty()) {
    players.text = "not settled: the player's result needs the value of every first move, and --value-only left " +
                   std::to_string(result.not_searched) + " of them unsearched (solve without --value-only)";
  }
  std::vector<std::string> line;
  bool after_exchange_unknown = false;
  // The exchange solved again alone for the line past it (below), when it was: its nodes and time,
  // reported on a line of their own, not in "Search:" (it took 11-13 s after the 42 s of a 5x5
  // board's 'solve --openings', with no progress line and no time said).
  struct LineResolve {
    std::vector<std::string> moves;  // the opening and the exchange, whose position was solved again
    std::uint64_t nodes = 0;
    double seconds = 0;
    bool found = false;
  };
  std::optional<LineResolve> line_resolve;  // the players' line stops after an exchange it could not continue
  // A line is best play for the value it stands for: an exact solve's, the player's result where a
  // move exchanges the players, else the colours' value (a bounded search's line is the colours':
  // the quickest win, or the longest defence, within the bound). Where that value is not settled no
  // line is proved (--value-only on the empty board printed "b1 swap b2 a2" beside "For the player
  // to move: not settled"), and none is shown.
  const bool line_for_players = within == 0 && !players.text.empty();
  // A bounded search that finds no win has no line to show: each move's refutation holds for the
  // bound only, and one move's (the line printed "g2-g1, curse b5 ... (line cut at the bound of 1
  // move)") stood for none of the others. The value and every move's "no win within K" say it all.
  const bool no_win_within = within > 0 && result.value == Value::NoWinWithin;
  const bool line_withheld = no_win_within || (line_for_players ? players.result == solver::PlayerResult::Unknown
                                                                : result.value == Value::Unknown);
  if (!line_withheld && !players.line.empty()) {
    // The players' best play differs from the colours' line: it starts with an exchange (the
    // move's own line follows it), or with a winning opening the exchange answers.
    const auto it = std::find_if(result.moves.begin(), result.moves.end(),
                                 [&](const MoveResult& m) { return m.text == players.line.front(); });
    line = players.line;
    std::vector<std::string> rest;
    bool found = false;
    if (it != result.moves.end() && players.line.size() == 1) {
      rest = it->line, found = true;
    } else if (it != result.moves.end() && it->claims.size() == 1 && it->parts.empty() && it->certificate.size() > 0) {
      // The exchange's proof is in the opening's certificate (made for --proof), below the reply.
      const solver::Certificate& c = it->certificate;
      for (const solver::Certificate::Edge& edge : c.edges(it->claims.front())) {
        if (c.move(edge) == players.line.back()) rest = solver::principal_line(c, edge.child), found = true;
      }
    }
    if (!found && it != result.moves.end() && within == 0) {
      // Without a certificate in memory, the exchange is solved again, alone, for its line (its value
      // is known: the opening wins against every reply). Its nodes are not this solve's.
      const auto after = root.clone();
      after->apply(it->move);
      solver::SolveOptions alone = solve_options;
      alone.certificates = false;
      alone.parts_directory.clear();
      alone.value_only = false;
      alone.look_for_short_wins = false;
      alone.root_focus = nullptr;
      alone.table_directory.clear();
      // Shown like the search's progress, and stopped like it (a stop request or the time limit).
      std::atomic<std::uint64_t> resolve_nodes{0};
      alone.control.nodes = &resolve_nodes;
      const std::string exchange = players.line.front() + " " + players.line.back();
      const auto resolve_start = std::chrono::steady_clock::now();
      MoveResult swap;
      {
        LiveProgress progress([&] {
          const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - resolve_start).count();
          const std::uint64_t so_far = resolve_nodes.load();
          std::ostringstream text;
          text << "solve: every move settled; solving the position after " << exchange
               << " again, alone, for the line past the exchange: " << with_commas(so_far) << " nodes, "
               << with_commas(static_cast<std::uint64_t>(so_far / std::max(elapsed, 1e-3))) << " nodes/s, " << std::fixed
               << std::setprecision(0) << elapsed << " s";
          return text.str();
        });
        swap = solver::solve_move_alone(*after, after->parse_move(players.line.back()), alone);
      }
      if (swap.value != Value::Unknown) rest = swap.line, found = true;
      line_resolve = LineResolve{{players.line.front(), players.line.back()}, swap.stats.nodes,
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - resolve_start).count(), found};
    }
    line.insert(line.end(), rest.begin(), rest.end());
    after_exchange_unknown = !found;
  } else if (!line_withheld && principal != nullptr) {
    line.push_back(principal->text);
    line.insert(line.end(), principal->line.begin(), principal->line.end());
  }
  // A line that stops before the game ends says why: a bounded search's refutation ends at its
  // bound, and a line read off the table (no certificate made) where the table kept no proved move.
  // A line the solve finished already is not played out again (finish_line adds nothing to it).
  const bool line_from_principal = players.line.empty() && principal != nullptr;
  const bool line_cut =
      !line.empty() && (after_exchange_unknown || !(line_from_principal && principal->line_ends ? *principal->line_ends
                                                                                               : solver::finish_line(root, line)));
  const std::string cut_reason = after_exchange_unknown && within > 0
                                     ? "line cut after the exchange: a bounded search's line does not go past it"
                                 : after_exchange_unknown
                                     ? "line cut after the exchange: " + line.front() + " wins for " +
                                           descriptor.side_names.at(static_cast<std::size_t>(root.side_to_move())) +
                                           " against every reply, " + line.back() + " included, but the line beyond it was " +
                                           (stop_requested() ? "not found again: interrupted by " + stop_signal_name()
                                                             : std::string("not found again within the limits"))
                                 : within > 0
                                     ? "line cut at the bound of " + std::to_string(within) + (within == 1 ? " move" : " moves")
                                     : "line cut: the table lost the proof beyond here, and a re-search of at most "
                                       "the move's own search's nodes did not find it again";
  const std::size_t table_used = result.table_used, table_capacity = result.table_capacity;
  const std::size_t each_table_megabytes = solver::table_megabytes_of(solve_options);
  const double seconds = result.seconds;
  const auto unsettled = std::count_if(result.moves.begin(), result.moves.end(),
                                       [](const MoveResult& m) { return m.value == Value::Unknown; });
  // The moves asked for that are not settled: every move's, or under --value-only none beyond the
  // moves it leaves unsearched on purpose once the value is proved.
  const std::size_t left = std::max<std::size_t>(static_cast<std::size_t>(unsettled), result.not_searched) - result.not_searched;
  // A stop that came once everything asked for was settled (during the certificate's write, which
  // it waits for) cut nothing short: the run is whole, and says so, where it said "interrupted ...
  // to continue, run ... --resume" with exit 143 beside a complete report and certificate.
  const bool settled_all = result.value != Value::Unknown && left == 0;
  const std::string stop_signal = stop_requested() && !settled_all ? stop_signal_name() : "";
  // What ended the search before every move it meant to settle was settled, if anything did.
  std::string stopped_by;
  // A stop during the search for the line past the exchange, after every value was settled, leaves
  // the values whole and the line cut: a stopped run all the same (it exited 0 until 29 November 2026).
  const bool line_stopped = stop_requested() && line_resolve && !line_resolve->found;
  if (!stop_signal.empty()) {
    stopped_by = stop_signal;
  } else if (line_stopped) {
    stopped_by = stop_signal_name();
  } else if (result.interrupted) {
    stopped_by = "time limit";
  } else if (max_units > 0 && static_cast<std::size_t>(unsettled) > result.not_searched) {
    stopped_by = "max units";
  }

  if (json) {
    nlohmann::json out = json_document("solve", kSolveSchema);
    out["game"] = descriptor.name;
    // What the value holds under, as check, prove and verify-proof say it: the board size, the
    // rulings as given with --rule (by name) and every ruling's value (the position's, defaults included).
    out["size"] = game.config().size;
    out["rulings"] = game_options.rulings;
    out["rulings_in_force"] = rulings_in_force(descriptor, game.config());
    out["position"] = root.line();
    out["side_to_move"] = descriptor.side_names.at(static_cast<std::size_t>(root.side_to_move()));
    out["search"] = within > 0 ? "within" : "exact";
    if (within > 0) out["within"] = within;
    out["value"] = value_text(result.value, within);
    out["statement"] = value_sentence(descriptor, root, result.value, within, stop_signal, !players.text.empty());
    out["player_to_move"] = players.text.empty() ? nlohmann::json(nullptr)
                                                 : nlohmann::json{{"value", solver::player_result_word(players, within)},
                                                                  {"statement", players.text}};
    out["winning_moves"] = winning;
    out["value_only"] = value_only;
    if (race) out["race"] = true;
    out["moves_not_searched"] = result.not_searched;
    out["winning_moves_complete"] = std::none_of(result.moves.begin(), result.moves.end(),
                                                 [](const MoveResult& m) { return m.value == Value::Unknown; });
    out["principal_line"] = line;
    out["principal_line_cut"] = line_cut;
    nlohmann::json per_move = nlohmann::json::array();
    for (const MoveResult& m : result.moves) {
      per_move.push_back({{"move", m.text}, {"value", move_value_text(m, within)}, {"nodes", m.stats.nodes}, {"seconds", m.seconds}});
    }
    out["moves"] = per_move;
    out["nodes"] = result.stats.nodes;
    if (line_resolve) {
      out["line_resolve"] = {{"moves", line_resolve->moves}, {"nodes", line_resolve->nodes},
                             {"seconds", line_resolve->seconds}, {"found", line_resolve->found}};
    }
    if (result.earlier_moves > 0) out["earlier_runs"] = {{"moves", result.earlier_moves}, {"nodes", result.earlier.nodes}};
    out["seconds"] = seconds;
    out["table"] = {{"lookups", result.stats.tt_lookups}, {"hits", result.stats.tt_hits}, {"stores", result.stats.tt_stores},
                    {"entries_used", table_used}, {"entries", table_capacity}, {"megabytes", each_table_megabytes},
                    {"tables", result.tables}, {"entries_read_back", result.table_read_back}};
    out["pruning"] = {{"threat_depth", within == 0 ? threat_depth : 0},
                      {"positions_searched_for_threats", result.stats.threat_searches},
                      {"moves_refuted_by_threats", result.stats.moves_pruned},
                      {"moves_refuted_by_siblings", result.stats.siblings_refuted}};
    out["simulation"] = {{"steps", within == 0 ? simulation_steps : 0}, {"defences_proved", result.stats.simulated}};
    out["threads"] = threads;
    out["ranks"] = world.size;
    out["independent_moves"] = independent;
    out["interrupted"] = result.interrupted;
    if (!stopped_by.empty()) out["stopped_by"] = stopped_by;
    if (!proof_file.empty()) out["certificate"] = {{"file", proof_file}, {"nodes", certificate_nodes}, {"note", proof_note}};
    std::cout << json_text(out) << "\n";
  } else {
    // A bounded search's wins and moves are within its bound, and say so wherever they are named.
    const std::string bound_words = within > 0 ? " within " + std::to_string(within) : "";
    std::cout << "Position: " << root.line() << "\n" << keyed_diagram(game, root);
    std::cout << "Value: " << value_sentence(descriptor, root, result.value, within, stop_signal, !players.text.empty())
              << (result.value == Value::Unknown ? "" : within > 0 ? " (bounded search, proved)" : " (exact, proved)") << "\n";
    if (result.value != Value::Unknown || !winning.empty()) {
      // With moves left unsettled the list is what was found, not every winning move.
      if (result.not_searched > 0 && static_cast<std::size_t>(unsettled) == result.not_searched) {
        // Besides the move named, --value-only may have settled moves its search took in turn.
        const auto refuted = std::count_if(result.moves.begin(), result.moves.end(),
                                           [](const MoveResult& m) { return m.value == Value::Loss; });
        std::cout << "Winning move" << bound_words << " (--value-only: "
                  << (refuted == 0 ? "" : std::to_string(refuted) + (refuted == 1 ? " move" : " moves") + " refuted, ")
                  << result.not_searched << " other moves not searched):";
      } else if (unsettled > 0) {
        std::cout << "Winning moves found" << bound_words << " (" << winning.size() << "; " << unsettled << " moves not settled "
                  << (stop_signal.empty() ? "within the limits" : "before the " + stop_signal) << "):";
      } else {
        std::cout << "Winning moves" << bound_words << " (" << winning.size() << "):";
      }
      std::cout << " " << (winning.empty() ? "none" : move_list(winning)) << "\n";
    }
    // Values are the colours'. A move that exchanges the players (the pie swap) gives the player
    // who makes it the other colour, and so the opposite result: say so, and what it means for the
    // player to move, lest an arbiter read "White loses" as "the player to move loses".
    for (const MoveResult& m : result.moves) {
      if (!root.exchanges_players(m.move)) continue;
      const std::string& other = descriptor.side_names.at(static_cast<std::size_t>(1 - root.side_to_move()));
      // The colour's value after the exchange is the mover's colour's; the player plays `other`.
      const std::string mover_colour = descriptor.side_names.at(static_cast<std::size_t>(root.side_to_move()));
      const std::string outcome =
          is_win(m.value)                 ? other + " loses (" + m.text + " loses for the player to move)"
          : m.value == Value::Loss        ? other + " wins (" + m.text + " wins for the player to move)"
          : m.value == Value::NoWinWithin ? mover_colour + " cannot force a win within " + std::to_string(within) +
                                                ", which does not settle whether " + other + " (the player to move) wins: a bounded "
                                                "search answers only for " + mover_colour
          : m.value == Value::Draw        ? "the game is drawn"
                                          : "its value is not settled";
      std::cout << "Pie rule: " << m.text << " exchanges the players, so the values here are the colours': after it the "
                << "player to move plays " << other << ", and " << outcome << ".\n";
    }
    if (!players.text.empty()) std::cout << "For the player to move: " << players.text << "\n";
    if (!line.empty()) {
      std::cout << "Principal line: " << move_list(line) << (line_cut ? " ... (" + cut_reason + ")" : "") << "\n";
    } else if (no_win_within) {
      std::cout << "Principal line: none (no move wins within " << within << ")\n";
    } else if (line_withheld && (principal != nullptr || !players.line.empty())) {
      std::cout << "Principal line: none proved, as " << (line_for_players ? "the result for the player to move" : "the value")
                << " is not settled\n";
    }
    std::vector<bool> mapped;
    const std::string map = board_map(root, result.moves, mapped);
    // A map is drawn where it shows something: a game whose moves have no cell of their own (a
    // piece placed several ways on one field, a move from one square to another) gets the list.
    if (std::count(mapped.begin(), mapped.end(), true) > 0) {
      std::cout << "\nEvery move (" << value_mark(Value::Win) << " win" << bound_words << ", " << value_mark(Value::Loss) << " "
                << (within > 0 ? "no win within " + std::to_string(within) : "loss") << ", " << value_mark(Value::Draw)
                << " draw, " << value_mark(Value::Unknown) << (result.not_searched > 0 ? " unknown or not searched" : " unknown") << ") for "
                << descriptor.side_names.at(static_cast<std::size_t>(root.side_to_move())) << ":\n" << map;
      for (std::size_t i = 0; i < result.moves.size(); ++i) {
        if (!mapped[i]) std::cout << "  " << result.moves[i].text << ": " << move_value_text(result.moves[i], within) << "\n";
      }
    } else {
      std::cout << "\nEvery move:\n";
      for (const MoveResult& m : result.moves) std::cout << "  " << m.text << ": " << move_value_text(m, within) << "\n";
    }
    std::cout << "\nSearch: " << with_commas(result.stats.nodes) << " nodes in " << std::fixed << std::setprecision(2)
              << seconds << " s (" << with_commas(static_cast<std::uint64_t>(result.stats.nodes / std::max(seconds, 1e-3)))
              << " nodes/s), " << (world.size > 1 ? std::to_string(world.size) + " ranks x " : "") << threads
              << (threads == 1 ? " thread" : " threads") << (race ? " (two raced through the root: the move named may differ between runs)" : "")
              << "\n";
    if (line_resolve) {
      const double resolve_seconds = line_resolve->seconds;
      std::cout << "Line past the exchange: " << with_commas(line_resolve->nodes) << " nodes in " << std::fixed
                << std::setprecision(2) << resolve_seconds << " s ("
                << with_commas(static_cast<std::uint64_t>(line_resolve->nodes / std::max(resolve_seconds, 1e-3)))
                << " nodes/s), the position after " << line_resolve->moves.front() << " " << line_resolve->moves.back()
                << " solved again alone" << (line_resolve->found ? "" : " (the line not found)")
                << "; not counted in \"Search:\"\n";
    }
    if (result.earlier_moves > 0) {
      // Their nodes are not this run's: added to the line above, they gave rates a million times too high.
      std::cout << "Earlier runs: " << result.earlier_moves << (result.earlier_moves == 1 ? " move" : " moves")
                << " settled in " << with_commas(result.earlier.nodes) << " nodes (kept in the state directory, not counted above)\n";
    }
    std::cout << "Table: " << with_commas(result.stats.tt_hits) << " hits in " << with_commas(result.stats.tt_lookups)
              << " lookups, " << with_commas(result.stats.tt_stores) << " stores; ";
    // A bounded search (--within) keeps a table of its own on each thread, of at most 64 MiB.
    const std::string whose = within > 0 ? "the bounded search's own" : "";
    if (independent) {
      std::cout << "a table of its own for each move (" << each_table_megabytes << " MiB"
                << (whose.empty() ? "" : ", " + whose) << ")\n";
    } else if (within > 0 && result.tables == 0) {
      std::cout << "no table made (no move searched)\n";
    } else if (within > 0) {
      std::cout << with_commas(table_used) << " of " << with_commas(table_capacity) << " entries in use ("
                << (result.tables == 1 ? "" : std::to_string(result.tables) + " tables of ") << each_table_megabytes
                << " MiB, " << whose << (result.tables == 1 ? "" : ", one on each thread") << ")\n";
    } else {
      // Entries in use come from this run's stores and, resumed, from the stopped run's saved table.
      std::cout << with_commas(table_used) << " of " << with_commas(table_capacity) << " entries in use (" << table_megabytes
                << " MiB, shared by the threads"
                << (result.table_read_back > 0 ? "; " + with_commas(result.table_read_back) + " solved entries read back from the stopped run's table" : "")
                << ")\n";
    }
    if (result.stats.threat_searches > 0) {
      std::cout << "Threats: " << with_commas(result.stats.threat_searches) << " positions looked at, "
                << with_commas(result.stats.moves_pruned) << " moves refuted by a threat and "
                << with_commas(result.stats.siblings_refuted) << " by a sibling's proof, without a search (--threat-depth "
                << threat_depth << ")\n";
    }
    if (result.stats.simulated > 0) {
      std::cout << "Simulation: " << with_commas(result.stats.simulated)
                << " defences proved by replaying a sibling's proof, without a search (--simulation-steps " << simulation_steps
                << ")\n";
    }
    if (!proof_note.empty()) std::cout << proof_note << "\n";
  }
  // A stopped run names the command that continues it (the journal is that mode's, see above).
  const bool independent_unsaid = independent && !independent_asked && max_units == 0;
  const std::string to_continue = "finished moves are kept; to continue, run: " + resume_command(args, independent_unsaid, !resume);
  if (!proof_failure.empty()) std::cerr << "arbiter: error: " << proof_failure << "\n";
  if (!stop_signal.empty()) {
    std::cerr << "arbiter: interrupted by " << stop_signal << "; " << to_continue << "\n";
    return interrupted_exit_status();
  }
  if (line_stopped) {
    // The values are whole; only the line past the exchange, searched for after them, is cut. The
    // settled moves are in the journal, so --resume goes straight to the line's search.
    std::cerr << "arbiter: interrupted by " << stopped_by << " after every move was settled, while the line past the "
              << "exchange was searched for: the values are complete, the principal line is cut after the exchange; "
              << "to find the line, run: " << resume_command(args, independent_unsaid, !resume) << "\n";
    return interrupted_exit_status();
  }
  if (stop_requested() && proof_failure.empty()) {
    std::cerr << "arbiter: " << stop_signal_name() << " came after everything asked for was settled"
              << (proof_note.rfind("certificate: ", 0) == 0 ? " (the certificate was written whole)" : "")
              << ": the report is complete and nothing is left to resume\n";
  }
  if (left > 0 && !stopped_by.empty()) {
    std::cerr << "arbiter: stopped "
              << (stopped_by == "max units" ? "after --max-units " + std::to_string(max_units) : "by the time limit") << " with "
              << left << (left == 1 ? " move" : " moves") << " left; " << to_continue << "\n";
  }
  // 0 only when everything asked for is settled: the value and every move's (or, --value-only, the
  // value and one winning move). A proved value with moves left is 1 too, so that a batch loop
  // that runs --resume until 0 goes on until the move table is complete.
  // A certificate asked for and not written is 1 as well (--resume writes it from the kept moves).
  return result.value == Value::Unknown || left > 0 || !proof_failure.empty() ? 1 : 0;
}

const CommandRegistration solve_registration{{
    "solve", "solve GAME [--position P | --size N] [--rule NAME=VALUE] [--within K] [--proof FILE] [--openings]",
    "exact value, every winning move, principal line and certificate of a position", solve_command, true}};

}  // namespace
}  // namespace arbiter::cli

// arbiter puzzles: generate verified one-solution puzzles into a SQLite store (generators/,
// puzzles/store.hpp), list, show and export them, and re-prove every stored one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/json_output.hpp"
#include "cli/live_progress.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "distributed/output_lock.hpp"
#include "generators/generator.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/book.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/puzzle_json.hpp"
#include "puzzles/store.hpp"
#include "solver/dfpn.hpp"
#include "solver/interrupt.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// Positions examined without one puzzle after which the progress line warns that the request may
// have none: the runs measured in docs/puzzles.md needed 6 to 160 positions a puzzle on average
// (the most, within-2 on a 15x15 board: 1,604 positions for 10 puzzles).
constexpr std::uint64_t kFruitlessPositions = 1000;
using puzzles::Puzzle;
using puzzles::PuzzleKind;

// Each action's usage, its errors and its own --help; the command's usage is theirs together.
const Command kGenerate{
    "puzzles generate",
    "puzzles generate GAME --kind within-K|wins --count C --db FILE [--size N] [--rule R=V] [--seed S] [--threads T] "
    "[--theme X] [--to-move SIDE|any] [--node-budget N] [--max-positions N] [--time-limit S]",
    "generate verified one-solution puzzles into a database until it holds C of this game, size, rulings, kind (and theme, "
    "and side to move)",
    {}};
const Command kList{"puzzles list", "puzzles list --db FILE [--game G] [--difficulty A-B] [--theme X] [--to-move SIDE|any] [--json]",
                    "list the stored puzzles, one a line", {}};
const Command kExport{"puzzles export", "puzzles export --db FILE [--game G] [--difficulty A-B] [--theme X] [--to-move SIDE|any] [--json]",
                      "the stored puzzles as JSON, every field of each, certificates included", {}};
const Command kShow{"puzzles show", "puzzles show ID --db FILE [--json]", "one stored puzzle: its diagram, solution and wrong moves, re-checked without search; exit 1 if it no longer holds", {}};
const Command kVerify{"puzzles verify", "puzzles verify --db FILE [--game G] [--difficulty A-B] [--theme X] [--to-move SIDE|any]",
                      "re-prove every stored puzzle (of the filter) from scratch; exit 1 if any no longer holds", {}};
const std::string kUsage = kGenerate.usage + "\n       " + kList.usage + "\n       " + kExport.usage + "\n       " +
                           kShow.usage + "\n       " + kVerify.usage;

void parse_kind(const std::string& text, PuzzleKind& kind, int& within) {
  if (!puzzles::kind_from_name(text, kind, within)) {
    throw InputError("unknown puzzle kind " + quote_input(text) + " (known: " + puzzles::known_kinds() + ")");
  }
}

// Throws InputError for a theme that is not among `known`, listing them; `whose` (" for GAME",
// or "") says whose themes they are.
void require_known_theme(const std::string& theme, const std::vector<std::string>& known, const std::string& whose) {
  if (std::find(known.begin(), known.end(), theme) != known.end()) return;
  std::string list;
  for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
  throw InputError("unknown theme " + quote_input(theme) + whose +
                   (list.empty() ? " (it names no themes)" : " (known: " + list + ")"));
}

// Throws InputError for a theme the game (named `game`) does not declare, or one no puzzle of the
// kind can have: a theme whose move wins at once is never the key move of a within-K puzzle for
// K >= 2 (no win within K-1) or of a wins puzzle (not also a win within 1), and one whose move
// never wins within one move (Theme::never_wins_in_one) never that of a within-1 puzzle.
void require_possible_theme(const std::string& theme, const std::vector<Theme>& declared, const std::string& game,
                            PuzzleKind kind, int within) {
  std::vector<std::string> names;
  for (const Theme& t : declared) names.push_back(t.name);
  require_known_theme(theme, names, " for " + game);
  const Theme& t = declared[static_cast<std::size_t>(std::find(names.begin(), names.end(), theme) - names.begin())];
  const bool excludes_win_in_one = kind == PuzzleKind::Wins || within >= 2;
  if (t.wins_at_once && excludes_win_in_one) {
    const std::string kind_text = puzzles::kind_name(kind, within);
    throw InputError("--theme " + theme + " cannot occur with --kind " + kind_text + ": its moves win " + game +
                     " at once, and a " + kind_text + " puzzle " +
                     (kind == PuzzleKind::Wins ? "is never also a win within 1" : "has no win within " + std::to_string(within - 1)) +
                     " (within-1 puzzles can have it)");
  }
  if (t.never_wins_in_one && kind == PuzzleKind::WinsWithin && within == 1) {
    throw InputError("--theme " + theme + " cannot occur with --kind within-1: its moves never win " + game +
                     " within 1 move, which a within-1 puzzle's key move does (within-2 and longer puzzles can have it)");
  }
}

// The themes a game names at its default size and rulings, or every game's (each once, in
// registration order) when `game` is empty.
std::vector<std::string> themes_of(const std::string& game) {
  std::vector<std::string> themes;
  for (const GameDescriptor* descriptor : registered_games()) {
    if (!game.empty() && descriptor->name != game) continue;
    for (const Theme& theme : make_game(*descriptor, descriptor->default_size)->themes()) {
      if (std::find(themes.begin(), themes.end(), theme.name) == themes.end()) themes.push_back(theme.name);
    }
  }
  return themes;
}

std::string summary_line(const Puzzle& p) {
  std::ostringstream out;
  out << std::setw(5) << p.id << "  " << p.game << " " << board_size_name(find_game(p.game), p.size) << "  "
      << puzzles::kind_name(p.kind, p.within) << "  difficulty " << p.difficulty << "  key " << p.key_move
      << "  rulings " << puzzles::rulings_text(p, ",");
  if (!p.theme.empty()) out << "  theme " << p.theme;
  return out.str();
}

// Why the stored main line is not shown as a solution, or nothing when it plays from the puzzle's
// position (a line damaged in the store is shown as stored, but not as if it were a solution).
std::optional<std::string> broken_main_line(const Puzzle& p, const State& position) {
  try {
    puzzles::play_main_line(p, position);
  } catch (const InputError& e) {
    return e.what();
  }
  return std::nullopt;
}

// The puzzle's position; one that does not read back (its rulings changed by other software) is
// named with the puzzle and the store, as `book` and `verify` name it.
std::unique_ptr<State> puzzle_position(const Puzzle& p, const std::string& db) {
  try {
    return make_game(find_game(p.game), p.size, p.rulings)->parse_position(p.position);
  } catch (const InputError& error) {
    throw InputError("--db " + quote_input(db) + ": puzzle " + std::to_string(p.id) + ": its position does not read back: " +
                     error.what());
  }
}

// A puzzle as list, show and export give it: puzzle_to_json, and for each wrong move `words`, the
// sentence show's text and the books print (wrong_move_words), beside the stored `why` it is built
// from, which stays as written (the store, and a distributed run's ranks, read the claim from it):
// with `why` alone a script saw an older form of the sentence than the book's reader. Null for a
// puzzle whose position does not read back, which show and book refuse and an export still dumps.
nlohmann::json puzzle_json_with_words(const Puzzle& p, const std::string& db) {
  nlohmann::json j = puzzles::puzzle_to_json(p);
  std::unique_ptr<State> position;
  try {
    position = puzzle_position(p, db);
  } catch (const InputError&) {
  }
  for (std::size_t i = 0; i < p.refutations.size(); ++i) {
    j["refutations"][i]["words"] = position ? nlohmann::json(puzzles::wrong_move_words(p, *position, p.refutations[i])) : nlohmann::json(nullptr);
  }
  return j;
}

// The wrong moves whose sentences claim a slower win, which only `puzzles verify` checks (it
// searches; show and book do not).
std::vector<std::string> slower_win_moves(const Puzzle& p) {
  std::vector<std::string> moves;
  for (const auto& r : p.refutations) {
    if (puzzles::claims_slower_win(r)) moves.push_back(r.move);
  }
  return moves;
}

// What show's checked line says it did not check: ", but for the slower win of a2 and f15, which
// only puzzles verify checks", or nothing.
std::string unsearched_words(const Puzzle& p) {
  const std::vector<std::string> moves = slower_win_moves(p);
  if (moves.empty()) return "";
  return ", but for the slower win of " + listed(moves) + ", which only puzzles verify checks";
}

// Prints the puzzle and returns whether its re-check found it sound.
bool show_text(const Puzzle& p, const std::string& db) {
  const GameDescriptor& descriptor = find_game(p.game);
  const auto position = puzzle_position(p, db);
  const std::string mover = descriptor.side_names.at(static_cast<std::size_t>(position->side_to_move()));
  std::cout << "puzzle " << p.id << ": " << mover << " to play and win"
            << (p.kind == PuzzleKind::Wins ? "" : " within " + counted(static_cast<std::uint64_t>(p.within), "move", "moves")) << " (" << p.game << " "
            << board_size_name(descriptor, p.size) << ", difficulty " << p.difficulty << ")\n\n"
            << keyed_diagram(*make_game(descriptor, p.size, p.rulings), *position) << "\nposition: " << p.position << "\nrulings: " << puzzles::rulings_text(p, ", ")
            << "\nsolution: " << move_list(p.main_line) << "\n";
  // Re-checked now, without search, as `book` re-checks every puzzle it prints.
  const std::vector<generators::RecheckProblem> problems = generators::check_without_search(p);
  if (problems.empty()) {
    // check_without_search verifies on Game::checking_implementation: a game with one implementation
    // has no second to cross-check it, and the line must not claim one.
    const auto checked = make_game(descriptor, p.size, p.rulings);
    const std::string name = checked->checking_implementation();
    const std::string implementation = name == "reference"                         ? "the reference implementation"
                                       : checked->implementations().size() == 1 ? "the game's only implementation"
                                                                                : "the " + name + " implementation";
    std::cout << "checked: the certificate matches its SHA-256 and verifies on " << implementation << ", an analysis of "
                 "every legal move in which " << p.key_move << " alone wins"
              << (p.kind == PuzzleKind::Wins ? "" : " within " + counted(static_cast<std::uint64_t>(p.within), "move", "moves"))
              << "; the solution ends in the win and the wrong moves agree" << unsearched_words(p) << " (re-checked now by " << version_string()
              << ", without search)\n";
  } else {
    std::cout << "broken: " << generators::problems_text(problems) << " (arbiter puzzles verify reports it)\n";
  }
  if (!p.theme.empty()) std::cout << "theme: " << p.theme << "\n";
  // A wrong move the re-check refused is marked where its sentence is printed, so that the sentence
  // is not read as sound (check_without_search says which wrong move each problem is about).
  for (std::size_t i = 0; i < p.refutations.size(); ++i) {
    std::cout << "wrong: " << p.refutations[i].move << " — " << puzzles::wrong_move_words(p, *position, p.refutations[i]);
    for (const generators::RecheckProblem& problem : problems) {
      if (problem.refutation == i) std::cout << " (refused: " << problem.what << ")";
    }
    std::cout << "\n";
  }
  std::cout << "measures: " << counted(p.measures.solver_nodes, "solver node", "solver nodes")
            << ", " << counted(static_cast<std::uint64_t>(std::max(p.measures.solution_plies, 0)), "ply", "plies") << ", "
            // Counted up to 4, the most the level counts (docs/puzzles.md); a store written before
            // kept larger, partial counts.
            << (p.measures.tempting_moves >= 4 ? std::string("4 or more tempting moves")
                                               : counted(static_cast<std::uint64_t>(std::max(p.measures.tempting_moves, 0)), "tempting move", "tempting moves"))
            << ", " << counted(static_cast<std::uint64_t>(std::max(p.measures.defences, 0)), "defence", "defences") << "\n"
            << "certificate: " << p.certificate.size() << " bytes, sha256 " << p.certificate_sha256 << "\n"
            << "seed " << p.seed << ", " << p.version << "\n";
  return problems.empty();
}

// Who examined a continued run's earlier candidates, when any was another arbiter version than
// this one: "candidates 0-8 were examined by arbiter 0.4.0 (commit f9bdf34df569), not by this
// version (...)"; "" when this version examined them all. The cursor means "examined": they are
// not examined again (docs/puzzles.md, "A run continued by another version").
std::string examined_by_others(const std::vector<puzzles::ExaminedStretch>& stretches) {
  const bool others = std::any_of(stretches.begin(), stretches.end(),
                                  [](const puzzles::ExaminedStretch& s) { return s.version != version_string(); });
  if (!others) return "";
  std::uint64_t total = 0;
  for (const auto& s : stretches) total += s.next - s.first;
  std::string text = total == 1 ? "candidate " : "candidates ";
  for (std::size_t i = 0; i < stretches.size(); ++i) {
    const auto& s = stretches[i];
    const std::string range = s.next - s.first == 1 ? std::to_string(s.first)
                                                    : std::to_string(s.first) + "-" + std::to_string(s.next - 1);
    const std::string by = s.version.empty()             ? "an earlier arbiter version (one that recorded none)"
                           : s.version == version_string() ? "this version"
                                                           : s.version;
    text += (i == 0 ? "" : ", ") + range + (i == 0 ? (total == 1 ? " was" : " were") + std::string(" examined by ") : " by ") + by;
  }
  return text + (total == 1 ? ", and is" : ", and are") + " not examined again (docs/puzzles.md says how to examine candidates with this version)";
}

int generate(const std::vector<std::string>& args) {
  GameOptions game_options;
  std::string game_name, kind_text, db, theme, to_move = "any";
  std::int64_t count = 0;
  std::uint64_t seed = 1;
  int threads = 1;
  std::uint64_t budget = generators::GeneratorOptions{}.node_budget;
  std::uint64_t max_positions = 0;
  double time_limit = 0;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game_name)->required(), "game name")
      ("kind", po::value<std::string>(&kind_text)->required(), "within-1 .. within-4, or wins")
      ("count", number_value(&count, WholeRange{1, std::numeric_limits<std::int64_t>::max()})->required(), "puzzles of this kind the store should hold")
      ("db", po::value<std::string>(&db)->required(), "puzzle database (created if missing)")
      ("seed", seed_value(&seed), "generator seed (default 1)")
      ("threads", number_value(&threads, WholeRange{1, 256}), "worker threads (1-256, default 1; the puzzles do not depend on it)")
      ("theme", po::value<std::string>(&theme), "keep only puzzles whose key move has this theme")
      ("to-move", po::value<std::string>(&to_move),
       "black, white (the game's sides) or any (default): the side to move in every puzzle; each is a run of its own")
      ("node-budget", number_value(&budget, WholeRange{1}), "give up a position one of whose searches needs more nodes (default 400000); each budget is a run of its own, with its own cursor")
      ("max-positions", number_value(&max_positions, WholeRange{1}),
       "end the run after examining this many positions, even short of the count (exit 1; the same command continues)")
      ("time-limit", number_value(&time_limit, DecimalRange{}),
       "seconds (above 0, at most 1000000): examine no new position after this, even short of the count (exit 1; the same command continues)");
  game_options.add_to(options);
  po::positional_options_description positional;
  positional.add("game", 1);
  bool proceed = false;
  const auto given = parse_arguments(kGenerate, args, options, positional, proceed);
  if (!proceed) return 0;
  require_path(given, "db", db, "a file name");
  generators::GeneratorOptions g;
  parse_kind(kind_text, g.kind, g.within);
  const GameDescriptor& descriptor = find_game(game_name);
  g.game = descriptor.name;
  g.size = game_options.size == 0 ? descriptor.default_size : game_options.size;
  g.rulings = game_options.rulings;
  // Validates size and rulings before the store is touched.
  const auto configured = make_game(descriptor, g.size, g.rulings);
  // A theme the game never names would keep the run searching forever for its first puzzle, and
  // so would one the kind excludes.
  if (!theme.empty()) require_possible_theme(theme, configured->themes(), descriptor.name, g.kind, g.within);
  g.theme = theme;
  g.to_move = parse_to_move(to_move, descriptor.name);
  g.seed = seed;
  g.threads = threads;
  g.node_budget = budget;
  g.max_positions = max_positions;
  g.time_limit_seconds = time_limit;
  install_stop_handlers();
  if (!distributed::world().coordinator()) {
    generators::serve_generation(g);
    return 0;
  }
  check_output_file("--db", db);  // by the coordinator alone: a probe file another rank removed could be the store
  // A store another run holds is named with the option that chose it ("'two.db' is in use by
  // another run" named no --db).
  std::optional<distributed::OutputLock> store_lock;
  try {
    store_lock.emplace(db, "--db");
  } catch (const InputError& error) {
    throw InputError("--db " + quote_input(db) + ": " + error.what());
  }
  auto store = puzzles::PuzzleStore::open(db, true, "--db");
  // An upgraded store is refused by the builds before its schema: said, as it happens (they said
  // nothing, and an older build then refused the store it had written).
  if (store.upgraded_from() > 0) {
    std::cout << "upgraded the store from schema " << store.upgraded_from() << " to " << puzzles::PuzzleStore::kSchemaVersion
              << "; arbiter versions before " << puzzles::PuzzleStore::kSchemaFirstReader << " cannot read it any more\n";
  }
  generators::GeneratorProgress progress;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  generators::GenerationReport report;
  std::string moved_line;  // the store was renamed or removed under the run (puzzles::StoreMoved)
  {
    LiveProgress live([&] {
      std::ostringstream line;
      const std::uint64_t examined = progress.candidates.load();
      line << "puzzles generate " << g.game << " " << kind_text << ": " << progress.stored.load() << "/" << count
           << " stored, " << counted(examined, "position", "positions") << " examined, " << std::fixed << std::setprecision(0)
           << elapsed() << " s";
      // A request no position can meet (a board too small for the kind) would otherwise run on
      // in silence: say so, and how to end it.
      if (examined >= kFruitlessPositions && progress.stored.load() == progress.stored_at_start.load()) {
        const std::uint64_t over = progress.over_budget.load();
        line << "; none of them was a puzzle: "
             << (over > 0 ? std::to_string(over) + " needed more than --node-budget nodes (a larger budget may find some), or "
                          : std::string())
             << "this game, size and kind may have none (--max-positions or --time-limit end a run)";
      }
      return line.str();
    });
    try {
      report = generators::generate(store, g, count, progress);
      store.check_still_named();
    } catch (const puzzles::StoreMoved& moved) {
      const auto stored = progress.stored.load() - progress.stored_at_start.load();
      const std::string where = moved.removed ? " lost with the file" : " in the file under that name";
      moved_line = std::string(moved.what()) + ": this run stopped; " +
                   (stored == 0   ? std::string("it had stored no puzzle")
                    : stored == 1 ? "the 1 puzzle it stored is" + where
                                  : "the " + std::to_string(stored) + " puzzles it stored are" + where) +
                   (moved.left_behind.empty() ? "" : "; " + moved.left_behind);
    }
  }
  if (!moved_line.empty()) {
    // Exit 1, not 2: the input was good; the run's work is not where it was asked to be.
    std::cerr << "arbiter: error: " << moved_line << "\n";
    return 1;
  }
  const double seconds = elapsed();
  const std::string what = g.game + " " + board_size_name(descriptor, g.size) + " " + kind_text + (theme.empty() ? "" : " theme " + theme) +
                           (g.to_move.empty() ? "" : " " + g.to_move + "-to-move");
  if (report.stored_before >= count) {
    // --count is how many the store should hold, not how many to add.
    std::cout << "nothing to do: " << report.stored_before << " " << what << " puzzle" << (report.stored_before == 1 ? "" : "s")
              << " stored in " << db << ", " << count << " asked for (--count is how many the store should hold)\n";
    return 0;
  }
  const std::int64_t added = report.stored_after - report.stored_before;
  // The candidates examined, both ends included: "candidates 0-366" for 367 of them ("0..367" read
  // as 368, or as a range that leaves out 367, depending on the reader).
  const auto examined = report.next_candidate - report.first_candidate;
  const std::string candidates = examined == 0   ? "none, the next being candidate " + std::to_string(report.first_candidate)
                                 : examined == 1 ? "candidate " + std::to_string(report.first_candidate)
                                                 : "candidates " + std::to_string(report.first_candidate) + "-" +
                                                       std::to_string(report.next_candidate - 1);
  std::cout << added << " puzzle" << (added == 1 ? "" : "s") << " added (" << report.stored_after << "/" << count << " "
            << what << " in " << db << "), " << examined << (examined == 1 ? " position" : " positions") << " examined ("
            << candidates << " of seed " << seed
            << (budget == generators::GeneratorOptions{}.node_budget ? "" : ", --node-budget " + std::to_string(budget)) << "), "
            << report.duplicates << " duplicates skipped, " << std::fixed << std::setprecision(1) << seconds << " s\n";
  std::string rejected;
  for (int why = 1; why < generators::kRejections; ++why) {
    const std::uint64_t n = report.rejected[static_cast<std::size_t>(why)];
    if (n > 0) rejected += (rejected.empty() ? "" : ", ") + std::to_string(n) + " " + generators::rejection_name(static_cast<generators::Rejection>(why));
  }
  if (!rejected.empty()) std::cout << "not puzzles: " << rejected << "\n";
  if (const std::string earlier = examined_by_others(report.examined_before); !earlier.empty()) {
    std::cout << "continuing seed " << seed
              << (budget == generators::GeneratorOptions{}.node_budget ? "" : " (--node-budget " + std::to_string(budget) + ")")
              << " from candidate " << report.first_candidate << "; " << earlier << "\n";
  }
  // The budget decides which candidates become puzzles, so each budget has a run (and a cursor) of
  // its own: say so where the store holds this seed's run under another one.
  if (!report.other_budgets.empty()) {
    std::cout << "other runs of seed " << seed << " (each continued by its own --node-budget):";
    for (std::size_t i = 0; i < report.other_budgets.size(); ++i) {
      std::cout << (i == 0 ? " " : ", ") << "--node-budget " << report.other_budgets[i].first << " at candidate "
                << report.other_budgets[i].second;
    }
    std::cout << "\n";
  }
  if (!report.write_error.empty()) {
    // The store could not be written part way (a full disk, a write lock another program held):
    // not bad input, and what was stored before is kept, so exit 1 with the summary above and how
    // to continue, as a stopped run (it was exit 2 with the error alone).
    std::cerr << "arbiter: error: " << report.write_error << ", with " << report.stored_after << "/" << count
              << " stored (those are kept; the candidates after them are examined again): once the store can be "
                 "written, run the same command to continue\n";
    return 1;
  }
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; every puzzle found so far is stored: run the same command to continue\n";
    return interrupted_exit_status();
  }
  if (report.time_limit && report.candidate_cut && report.next_candidate == report.first_candidate) {
    // The limit cut the one candidate this run began, and a cut search is not kept: the same
    // command would begin it again and stop at the same place, so it must not promise progress.
    std::ostringstream took;
    took << std::fixed << std::setprecision(1) << report.cut_seconds;
    std::cerr << "arbiter: stopped: --time-limit " << as_given(time_limit) << " s reached with " << report.stored_after << "/"
              << count << " stored, none added by this run: candidate " << report.next_candidate << " needs more than the "
              << as_given(time_limit) << " s limit (its search was cut after " << took.str()
              << " s, and a cut search is not kept: the same command would begin it again and stop here again); give a "
                 "longer --time-limit, or a smaller --node-budget (a run of its own, which gives a candidate up sooner)\n";
    return 1;
  }
  if (report.position_limit || report.time_limit) {
    // Short of the count, like a solve that ends unknown within its limits: exit 1.
    std::cerr << "arbiter: stopped: "
              << (report.position_limit ? "--max-positions " + std::to_string(max_positions) + " reached"
                                        : "--time-limit " + as_given(time_limit) + " s reached")
              << " with " << report.stored_after << "/" << count << " stored"
              << (added == 0 ? ", none added by this run" : "")
              << "; every puzzle found so far is stored: run the same command to continue\n";
    return 1;
  }
  return 0;
}

struct ReadOptions {
  std::string db, game, difficulty = "1-5", theme, to_move = "any";
  bool json = false;
  std::int64_t id = 0;
};

ReadOptions parse_read(const Command& action, const std::vector<std::string>& args, bool with_id, bool with_filters,
                       bool& proceed) {
  ReadOptions r;
  po::options_description options;
  options.add_options()("db", po::value<std::string>(&r.db)->required(), "puzzle database");
  if (with_id) options.add_options()("id", number_value(&r.id, WholeRange{1, std::numeric_limits<std::int64_t>::max()})->required(), "puzzle number");
  if (with_filters) {
    options.add_options()
        ("game", po::value<std::string>(&r.game), "only this game")
        ("difficulty", po::value<std::string>(&r.difficulty), "difficulty range A-B (1..5)")
        ("theme", po::value<std::string>(&r.theme), "only this theme")
        ("to-move", po::value<std::string>(&r.to_move), "only puzzles with this side to move: black, white or any (default)");
  }
  if (&action == &kExport) {
    options.add_options()("json", po::bool_switch(&r.json), "lay the JSON out on several lines (it is JSON either way)");
  } else if (&action != &kVerify) {
    options.add_options()("json", po::bool_switch(&r.json), "JSON output");
  }
  po::positional_options_description positional;
  if (with_id) positional.add("id", 1);
  const auto given = parse_arguments(action, args, options, positional, proceed);
  if (proceed) {
    require_path(given, "db", r.db, "a file name");
    check_input_file("--db", r.db);
  }
  return r;
}

// The query of the filters --game, --difficulty, --theme and --to-move (list, export, verify).
puzzles::PuzzleQuery query_of(const ReadOptions& r) {
  puzzles::PuzzleQuery query;
  if (!r.game.empty()) query.game = find_game(r.game).name;
  parse_difficulty(r.difficulty, query.min_difficulty, query.max_difficulty);
  // A misspelt theme would match nothing and read as an empty store.
  if (!r.theme.empty()) require_known_theme(r.theme, themes_of(query.game), query.game.empty() ? "" : " for " + query.game);
  query.theme = r.theme;
  query.to_move = parse_to_move(r.to_move, query.game);
  return query;
}

// The puzzles of `list` and `export --theme T` among `found` (read without the theme in their
// query): those whose key move has T, re-checked now (generators::key_move_theme), and are stored
// with it; a theme changed in the store is not taken at its word. A puzzle of which only one of the
// two is T is left out with a warning on stderr. (`verify --theme T` re-proves the puzzles stored
// with T, their theme included.)
std::vector<Puzzle> of_theme(std::vector<Puzzle> found, const std::string& theme) {
  if (theme.empty()) return found;
  const auto words = [](const std::string& t) { return t.empty() ? std::string("no theme") : "theme '" + t + "'"; };
  std::vector<Puzzle> kept;
  for (Puzzle& p : found) {
    const std::optional<std::string> actual = generators::key_move_theme(p);
    const bool stored = p.theme == theme, has = actual && *actual == theme;
    if (stored != has) {
      std::cerr << "arbiter: warning: puzzle " << p.id << " is stored with " << words(p.theme) << ", but its key move " << p.key_move
                << (actual ? " has " + words(*actual) : std::string(" does not read in its position")) << ": left out of --theme "
                << theme << " (arbiter puzzles verify reports it)\n";
    } else if (stored) {
      kept.push_back(std::move(p));
    }
  }
  return kept;
}

int list_or_export(const std::vector<std::string>& args, bool full) {
  bool proceed = false;
  const ReadOptions r = parse_read(full ? kExport : kList, args, false, true, proceed);
  if (!proceed) return 0;
  puzzles::PuzzleQuery query = query_of(r);
  query.theme.clear();  // re-checked below
  const auto store = puzzles::PuzzleStore::open(r.db, false, "--db");
  const auto found = of_theme(store.select(query), r.theme);
  if (full || r.json) {
    // The export is list's document with every field of every puzzle, certificates included; it is
    // JSON with or without --json, which only lays it out on several lines.
    nlohmann::json out = json_document("puzzles");
    out["puzzles"] = nlohmann::json::array();
    for (const Puzzle& p : found) {
      // An export is a dump: a row the re-check without search refuses is exported too, and said
      // on stderr, as show's broken: line says it.
      if (full) {
        const std::vector<generators::RecheckProblem> problems = generators::check_without_search(p);
        if (!problems.empty()) {
          std::cerr << "arbiter: warning: puzzle " << p.id << " is broken: " << generators::problems_text(problems)
                    << " (exported as stored; arbiter puzzles verify reports it)\n";
        }
      }
      nlohmann::json j = puzzle_json_with_words(p, r.db);
      if (!full) j.erase("certificate");
      out["puzzles"].push_back(std::move(j));
    }
    if (full && !r.json) std::cout << json_text(out, -1) << "\n";
    else print_json(out);
    return 0;
  }
  for (const Puzzle& p : found) std::cout << summary_line(p) << "\n";
  std::cout << found.size() << " puzzle" << (found.size() == 1 ? "" : "s") << "\n";
  return 0;
}

int show(const std::vector<std::string>& args) {
  bool proceed = false;
  const ReadOptions r = parse_read(kShow, args, true, false, proceed);
  if (!proceed) return 0;
  const auto store = puzzles::PuzzleStore::open(r.db, false, "--db");
  const auto p = store.find(r.id);
  if (!p) throw InputError("no puzzle " + std::to_string(r.id) + " in " + quote_input(r.db));
  if (r.json) {
    nlohmann::json out = json_document("puzzles");
    out["puzzle"] = puzzle_json_with_words(*p, r.db);
    const auto broken = broken_main_line(*p, *puzzle_position(*p, r.db));
    out["main_line_broken"] = broken ? nlohmann::json(*broken) : nlohmann::json(nullptr);
    // The re-check the text's checked: or broken: line reports (certificate and main line).
    const std::vector<generators::RecheckProblem> problems = generators::check_without_search(*p);
    std::vector<std::string> texts;
    for (const generators::RecheckProblem& problem : problems) texts.push_back(problem.text());
    out["recheck"] = {{"sound", problems.empty()}, {"problems", texts}, {"by", version_string()},
                      {"slower_wins_unchecked", slower_win_moves(*p)}};
    print_json(out);
    return problems.empty() ? 0 : 1;
  }
  // A puzzle that no longer holds is shown, and the exit status says so, as verify's does.
  return show_text(*p, r.db) ? 0 : 1;
}

int verify(const std::vector<std::string>& args) {
  bool proceed = false;
  const ReadOptions r = parse_read(kVerify, args, false, true, proceed);
  if (!proceed) return 0;
  const puzzles::PuzzleQuery query = query_of(r);
  const auto store = puzzles::PuzzleStore::open(r.db, false, "--db");
  // A damaged row is reported and the others are still re-proved: verify is where a user learns
  // what in a store no longer holds.
  std::vector<puzzles::DamagedRow> damaged;
  const auto all = store.select(query, damaged);
  for (const puzzles::DamagedRow& row : damaged) std::cout << row.what << "; it cannot be re-proved\n";
  install_stop_handlers();
  std::size_t checked = 0, failed = 0;
  std::atomic<std::size_t> done{0};
  const auto start = std::chrono::steady_clock::now();
  {
    LiveProgress live([&] { return "puzzles verify: " + std::to_string(done.load()) + "/" + std::to_string(all.size()); });
    for (const Puzzle& p : all) {
      std::vector<generators::RecheckProblem> problems;
      try {
        problems = generators::recheck(p);
      } catch (const solver::SearchInterrupted&) {
        break;
      } catch (const InputError& e) {
        problems.emplace_back(e.what());
      }
      ++checked;
      done = checked;
      if (!problems.empty()) {
        ++failed;
        std::cout << "puzzle " << p.id << " (" << p.game << " " << puzzles::kind_name(p.kind, p.within)
                  << ") no longer holds: " << generators::problems_text(problems) << "\n";
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Every stored row is counted once: it holds, no longer holds, or does not read.
  const std::size_t stored = all.size() + damaged.size();
  std::cout << (checked < all.size() ? std::to_string(checked + damaged.size()) + " of " : std::string()) << stored
            << (stored == 1 ? " puzzle" : " puzzles") << " checked" << (checked < all.size() ? " before the stop" : "")
            << ": " << checked - failed << (checked - failed == 1 ? " holds, " : " hold, ") << failed
            << (failed == 1 ? " no longer holds" : " no longer hold");
  if (!damaged.empty()) std::cout << ", " << damaged.size() << " damaged";
  std::cout << std::fixed << std::setprecision(1) << " (" << seconds << " s)\n";
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; " << checked + damaged.size() << " of "
              << counted(stored, "puzzle", "puzzles") << " checked before it (counted above); the rest were not re-proved\n";
    return interrupted_exit_status();
  }
  return failed + damaged.size() > 0 ? 1 : 0;
}

int puzzles_command(const std::vector<std::string>& args) {
  if (args.empty()) throw InputError("puzzles needs an action: generate, list, show, export or verify");
  const std::string action = args.front();
  // Only generation has units to share; under mpirun the other actions run on rank 0 alone.
  if (action != "generate" && !distributed::world().coordinator()) return 0;
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (action == "generate") return generate(rest);
  if (action == "list") return list_or_export(rest, false);
  if (action == "export") return list_or_export(rest, true);
  if (action == "show") return show(rest);
  if (action == "verify") return verify(rest);
  // Help wins over the words beside it where no action comes first ('puzzles --threads 0 --help').
  const auto is_help = [](const std::string& word) { return word == "--help" || word == "-h"; };
  if (action.starts_with("-") && std::any_of(args.begin(), std::find(args.begin(), args.end(), "--"), is_help)) {
    std::cout << "usage: arbiter " << kUsage << "\n\n"
              << "Each action's options: arbiter puzzles ACTION --help (generate, list, show, export, verify).\n"
              << "docs/puzzles.md tells what a puzzle is, how it is proved and how a store is checked.\n";
    return 0;
  }
  throw InputError("unknown puzzles action " + quote_input(action) + " (known: generate, list, show, export, verify)");
}

const CommandRegistration puzzles_registration{Command{
    "puzzles", kUsage, "generate verified one-solution puzzles into a database; list, show, export, verify them",
    puzzles_command, true}};

}  // namespace
}  // namespace arbiter::cli

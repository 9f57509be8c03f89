// arbiter prove GAME CLAIM --sizes A-B: Z3 proofs of a game's claims, size by size (solver/prove.hpp).
// Exit status: 0 when every verdict is "proved", 1 when something was refuted or stayed unknown
// (a timeout is never a proof), 2 for bad input.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/audit_report.hpp"
#include "cli/command.hpp"
#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "distributed/output_lock.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "solver/encoding_differential.hpp"
#include "solver/progress.hpp"
#include "solver/interrupt.hpp"
#include "solver/prove.hpp"
#include "solver/z3_encoding.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

void parse_sizes(const std::string& text, int& low, int& high) {
  // Each size as every command reads a whole number (cli/options.hpp); which sizes the game
  // allows is its own to say, after this.
  const WholeRange each{0, 999};
  std::uint64_t first = 0, last = 0;
  if (!read_range(text, each, first, last).empty()) {
    throw InputError("--sizes: expected N or A-B, each " + range_words(each) + ", got " + quote_input(text));
  }
  low = static_cast<int>(first);
  high = static_cast<int>(last);
  if (low > high) throw InputError("--sizes: the range " + quote_input(text) + " is empty (A-B needs A at most B)");
}

// --sizes, or the game's default size when it is not given.
void size_range(const GameDescriptor& game, const std::string& sizes, int& low, int& high) {
  if (sizes.empty()) {
    low = high = game.default_size;
  } else {
    parse_sizes(sizes, low, high);
  }
  // Every size of the range is checked here, before anything is proved or stored under it (size 0
  // once stood for the default size, proved and stored as "size 0").
  for (int n = low; n <= high; ++n) {
    if (!game.size_ok(n)) {
      throw InputError("--sizes " + sizes + ": board size " + std::to_string(n) + " is not allowed for " + game.name +
                       " (allowed: " + game.size_help + ")");
    }
  }
}

std::string counted_regular(int count, const std::string& thing) { return arbiter::counted(static_cast<std::uint64_t>(count), thing, thing + "s"); }

// 2: a claim about every size has size null (1 gave the size it was run with), and
// counterexample_size says where a refutation is drawn; sizes is null for every-size claims alone.
// 3: a row cut short by a stop request has the verdict "stopped", as the text shows it (2 said
// "unknown", Z3's own answer that it could not decide).
// 4: a stopped run lists every row asked for, those after the stopped one as "not reached" (3 left
// them out); a stopped row's variables and assertions are null (not counted; 3 said 0) and its
// seconds end at the stop request (3 added the time the check took to stop).
// 5: sizes lists every size asked (4 gave the range's ends, [2, 5] for 2-5); audit_verdict has the
// audit's words for a lemma refuted (argument-fails) and a research note's claim (note-refuted),
// where 4 said finding; a derived row (the new field derived) has null variables and assertions
// (4 gave its premises'); a row the stop came before is "not reached" (4 said stopped); --list
// gives each claim's source_kind.
constexpr int kProveSchema = 5;

// A claim about every size is proved once, whatever sizes are asked: naming a size would say it
// was checked at that size only.
bool every_size_only(const ProveRequest& request) {
  const std::vector<Claim> claims = selected_claims(request);
  return std::all_of(claims.begin(), claims.end(), [](const Claim& c) { return c.size_independent; });
}

// What every verdict below holds under, before the first one: the game, the claims, the sizes,
// the timeout and the value of every ruling (a default too: a verdict is stated as far as it is
// proved, and a default may change).
void print_scope(const GameDescriptor& game, const std::string& claim, const ProveRequest& request) {
  const Config config = make_config(game, request.min_size, request.rulings);
  const bool every_size = every_size_only(request);
  std::cout << "Z3 proofs of " << game.name << "'s claims (" << claim << "), "
            << (every_size ? std::string("every size")
                : request.min_size == request.max_size
                    ? "size " + std::to_string(request.min_size)
                    : "sizes " + std::to_string(request.min_size) + "-" + std::to_string(request.max_size))
            << ", timeout " << as_given(request.timeout_seconds) << (every_size ? " s per claim\n" : " s per claim and size\n");
  std::cout << "rulings: " << rulings_in_force_line(game, config) << "\n";
}

// A row's verdict in a word: "stopped" for a check cut short by a stop request (no verdict), else
// the driver's.
// The verdict of a row a stopped run did not reach.
constexpr const char* kNotReached = "not reached";

const char* row_verdict(const ProveRow& row) {
  return row.not_reached ? kNotReached : row.interrupted ? "stopped" : verdict_name(row.verdict.kind);
}

// The claim a row is about (the game's claims hold every row's, lemmas and derived claims too).
const Claim& claim_of(const std::vector<Claim>& claims, const ProveRow& row) {
  const auto found = std::find_if(claims.begin(), claims.end(), [&](const Claim& c) { return c.name == row.claim; });
  if (found == claims.end()) throw std::logic_error("prove: a row about no claim of the game: " + row.claim);
  return *found;
}

// What a row is read with, beside its verdict: the game's claims (what each claim's source
// expects) and the rulings given, under which a counterexample is read back.
struct RowContext {
  const GameDescriptor& game;
  const std::vector<Claim>& claims;
  const std::vector<std::string>& rulings;
};

// What the reason of a row whose check was abandoned adds to "interrupted by SIGINT".
constexpr const char* kAbandonedWords = " (the check did not stop within 3 s and was abandoned)";

// The words a stopped row has where a verdict's counts are: its check never counted them.
constexpr const char* kStoppedCounts = "(until the stop request; variables and assertions not counted)";
// And a derived row's: the counts would be its premises' (or its every-size lemma's).
constexpr const char* kDerivedCounts = "(derived: its premises' time; no query of its own, so no variables or assertions)";

void print_not_reached(const ProveRow& row);

// A claim read from something other than Z3 (the rulings): its verdict comes from no query, so it
// has no variables or assertions to count.
bool read_without_a_query(const Claim& claim) { return claim.premises.empty() && claim.decided_by != "z3"; }

// The words such a row has where a verdict's counts are.
std::string unqueried_counts(const Claim& claim) {
  return "(read from the " + claim.decided_by + ": no query, so no variables or assertions)";
}

// What a refuted claim that no rule text makes is, in the audit's word: "note-refuted: a research
// note's claim, not a rule text's (rules.md Q1 (observed, not proved))".
std::string not_a_rule_text(const Claim& claim) {
  const char* what = claim.source_kind == ClaimSource::ResearchNote ? "a research note's claim"
                     : claim.source_kind == ClaimSource::Lemma      ? "a lemma of Arbiter's argument"
                                                                    : "a lemma read from the rulings";
  return std::string(verdict_word(proof_verdict(claim, Verdict::Kind::Refuted))) + ": " + what +
         ", not a rule text's claim (" + claim.source + ")";
}

void print_row(const ProveRow& row, const RowContext& context) {
  if (row.not_reached) {
    print_not_reached(row);
    return;
  }
  const Verdict& v = row.verdict;
  std::cout << std::left << std::setw(30) << row.claim << " " << std::setw(20) << v.scope << " " << std::setw(8)
            << row_verdict(row) << std::right << std::fixed << std::setprecision(2) << std::setw(9) << v.seconds << "s ";
  if (row.interrupted) {
    std::cout << kStoppedCounts;
  } else if (row.derived) {
    std::cout << kDerivedCounts;
  } else if (read_without_a_query(claim_of(context.claims, row))) {
    std::cout << unqueried_counts(claim_of(context.claims, row));
  } else {
    std::cout << std::setw(8) << with_commas(static_cast<std::uint64_t>(v.variables)) << " vars " << std::setw(8)
              << with_commas(static_cast<std::uint64_t>(v.assertions)) << " assertions";
  }
  std::cout << (row.from_results_file ? "  (" + reuse_mark(row) + ")" : "");
  if (v.kind == Verdict::Kind::Unknown) std::cout << "  reason: " << v.reason;
  if (v.kind == Verdict::Kind::Unknown && row.from_results_file) {
    std::cout << " (at --timeout " << as_given(row.stored_budget) << "; a larger --timeout or --fresh tries again)";
  }
  std::cout << "\n";
  if (!v.derivation.empty()) {
    std::cout << "derivation (" << row.claim << " holds where every premise is proved):\n";
    std::istringstream lines(v.derivation);
    for (std::string line; std::getline(lines, line);) std::cout << "  " << line << "\n";
  }
  if (v.kind == Verdict::Kind::Refuted) {
    const Claim& claim = claim_of(context.claims, row);
    if (claim.expected_refuted) std::cout << kRefutedAsExpected << " (" << claim.source << ")\n";
    // A claim that no rule text makes, refuted: said so, with the audit's word for it, so that it
    // is not read as a rule text found false (--json gives the word as audit_verdict).
    if (!claim.expected_refuted && claim.source_kind != ClaimSource::RuleText) std::cout << not_a_rule_text(claim) << "\n";
    // About every size, the refutation is one board's counterexample: said so, and where.
    if (row.every_size) std::cout << refuted_words(v) << "\n";
    std::cout << "counterexample:\n" << v.counterexample;
    if (!v.moves.empty()) {
      std::cout << "moves:";
      for (const auto& m : v.moves) std::cout << " " << m;
      std::cout << "\n";
    }
    if (const auto counterexample = proof_counterexample(context.game, v, row.size, context.rulings)) {
      if (!counterexample->position.empty()) std::cout << "position: " << counterexample->position << "\n";
      std::cout << "replay: " << counterexample->evidence.replay << "\n";
    }
  } else if (v.kind == Verdict::Kind::Proved && !row.interrupted && claim_of(context.claims, row).expected_refuted) {
    std::cout << kProvedAgainstSource << " (" << claim_of(context.claims, row).source << ")\n";
  }
  if (!v.note.empty()) std::cout << "note: " << v.note << "\n";
  std::cout << std::flush;
}

nlohmann::json verdict_json(const ProveRow& row, const RowContext& context) {
  const Verdict& v = row.verdict;
  const auto size_or_null = [](int size) { return size == 0 ? nlohmann::json(nullptr) : nlohmann::json(size); };
  const auto text_or_null = [](const std::string& text) { return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text); };
  const Claim& claim = claim_of(context.claims, row);
  const auto counterexample = proof_counterexample(context.game, v, row.size, context.rulings);
  const bool uncounted = row.interrupted || row.derived || read_without_a_query(claim);
  // A claim about every size has no size; its counterexample, when refuted, is drawn at one.
  return {{"claim", row.claim},
          {"size", row.every_size ? nlohmann::json(nullptr) : nlohmann::json(row.size)},
          {"every_size", row.every_size},
          {"scope", v.scope},
          {"verdict", row_verdict(row)},
          {"expected", expected_verdict(claim)},
          // The word audit.json gives the same proof; none for a check cut short.
          {"audit_verdict", row.interrupted ? nlohmann::json(nullptr) : nlohmann::json(verdict_word(proof_verdict(claim, v.kind)))},
          {"derived", row.derived},
          // A stopped row's seconds end at the stop request; its check counted nothing, and a
          // derived row, or one read from the rulings, has no query of its own to count.
          {"seconds", row.not_reached ? nlohmann::json(nullptr) : nlohmann::json(v.seconds)},
          {"variables", uncounted ? nlohmann::json(nullptr) : nlohmann::json(v.variables)},
          {"assertions", uncounted ? nlohmann::json(nullptr) : nlohmann::json(v.assertions)},
          {"stored", row.from_results_file},
          {"stored_by", row.stored_by.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.stored_by)},
          {"reason", v.kind == Verdict::Kind::Unknown && !row.not_reached ? nlohmann::json(v.reason) : nlohmann::json(nullptr)},
          {"derivation", v.derivation.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.derivation)},
          {"counterexample", v.kind == Verdict::Kind::Refuted ? nlohmann::json(v.counterexample) : nlohmann::json(nullptr)},
          {"counterexample_size", v.kind == Verdict::Kind::Refuted ? size_or_null(v.counterexample_size) : nlohmann::json(nullptr)},
          {"moves", v.moves},
          {"position", counterexample ? text_or_null(counterexample->position) : nlohmann::json(nullptr)},
          {"line_from_empty", counterexample && !counterexample->line_from_empty.empty()
                                  ? nlohmann::json(counterexample->line_from_empty) : nlohmann::json(nullptr)},
          {"replay", counterexample ? nlohmann::json(counterexample->evidence.replay) : nlohmann::json(nullptr)},
          {"note", text_or_null(v.note)}};
}

// A row a stopped run did not reach (after the stopped one): listed, so that every claim and size
// asked for has its row, with no verdict, no time and no counts.
void print_not_reached(const ProveRow& row) {
  std::cout << std::left << std::setw(30) << row.claim << " " << std::setw(20) << row.verdict.scope << " "
            << kNotReached << std::right << "\n";
}

// `prove GAME --differential`: per size, the turn encoding against the model (exit 1 on a
// disagreement). Each size is short, so progress is a counter on a terminal and nothing is stored.
int differential_command(const GameDescriptor& game, const std::string& sizes, const std::vector<std::string>& rulings,
                         long pairs, std::uint64_t seed) {
  int low = 0, high = 0;
  size_range(game, sizes, low, high);
  std::vector<std::unique_ptr<Game>> games;
  for (int n = low; n <= high; ++n) games.push_back(make_game(game, n, rulings));  // bad input fails first
  const bool terminal = stderr_rewrites_lines();
  bool all_agree = true;
  for (const auto& configured : games) {
    const int n = configured->config().size;
    const DifferentialResult result =
        compare_encoding_with_model(*configured, pairs, seed + static_cast<std::uint64_t>(n), [&](long done) {
          if (terminal && done % 10 == 0) std::cerr << "\rsize " << n << ": " << done << "/" << pairs << std::flush;
        });
    if (terminal) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
    if (&configured == &games.front()) {  // after the first size: a game without an encoding fails before
      // What the table below holds under, as print_scope says it for proofs: the game, the sizes,
      // the pairs and seed, and every ruling's value.
      std::cout << "Z3 turn encoding against the model: " << game.name << ", "
                << (low == high ? "size " + std::to_string(low) : "sizes " + std::to_string(low) + "-" + std::to_string(high))
                << ", " << pairs << " random (position, move) pairs per size, seed " << seed << " (plus the size)\n"
                << "rulings: " << rulings_in_force_line(game, configured->config()) << "\n";
      std::cout << std::left << std::setw(6) << "size" << std::right << std::setw(8) << "pairs" << std::setw(8)
                << "legal" << std::setw(10) << "result" << std::setw(10) << "time" << "\n";
    }
    const bool agree = result.disagreement.empty();
    all_agree = all_agree && agree;
    std::cout << std::left << std::setw(6) << n << std::right << std::setw(8) << result.pairs << std::setw(8)
              << result.legal << std::setw(10) << (agree ? "agree" : "DISAGREE") << std::fixed << std::setprecision(2)
              << std::setw(9) << result.seconds << "s\n";
    if (!agree) std::cout << result.disagreement;
    std::cout << std::flush;
  }
  return all_agree ? 0 : 1;
}

// Throws InputError for the first option in `names` that was given but does nothing in this mode
// of the command (`why` says what the mode does instead): an option is never ignored silently.
void refuse_options(const po::variables_map& given, std::initializer_list<const char*> names, const std::string& why) {
  for (const char* name : names) {
    if (given.count(name) == 0 || given[name].defaulted()) continue;
    throw InputError(std::string("--") + name + " has no effect " + why);
  }
}

// Where the verdicts are read and kept, checked before anything is proved (the state directory
// made if missing; --results FILE's folder must be there), so that a place that cannot take them fails at once and not after the work.
void check_state_place(const std::string& state_option, const std::string& results_option, const ProveRequest& request) {
  if (!results_option.empty()) {
    const std::string problem = results_file_problem(results_option, request.fresh);
    if (!problem.empty()) throw InputError("--results " + quote_input(results_option) + ": " + problem);
    try {
      check_results_file(results_option);
    } catch (const InputError& error) {
      throw InputError(std::string(error.what()) + " (give another file, or none)");
    }
    return;
  }
  const std::string directory = std::filesystem::path(request.results_file).parent_path().string();
  check_state_directory(state_option, directory);
  const std::string problem = results_file_problem(request.results_file, request.fresh);
  if (!problem.empty()) {
    throw InputError(state_directory_words(state_option, directory) + ": the results file " +
                     quote_input(request.results_file) + ": " + problem);
  }
  try {
    check_results_file(request.results_file);
  } catch (const InputError& error) {
    // The user gave no file: the state directory's own was named as if given ("give another
    // file, or none"), and --state not at all.
    throw InputError(state_directory_words(state_option, directory) + ": " + error.what() + " (prove keeps its verdicts "
                     "for " + request.game->name + " in that file: move it away, or give another --state or --results FILE)");
  }
}

// The closing line: which file verdicts were read from and kept in, and how many of each, so
// that stored state never acts unseen and nothing is said to be kept that was not.
std::string state_line(const ProveRequest& request, const ProveTally& tally) {
  std::vector<std::string> parts;
  if (tally.kept > 0) parts.push_back(counted_regular(tally.kept, "new verdict") + " kept");
  if (tally.reused > 0) parts.push_back(counted_regular(tally.reused, "stored verdict") + " reused");
  if (request.fresh) parts.push_back("--fresh: stored verdicts ignored");
  if (tally.kept == 0) parts.push_back(parts.empty() ? "nothing kept or reused" : "nothing new kept");
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : "; ") + part;
  return "state: " + request.results_file + " (" + text + ")";
}

int prove_command(const std::vector<std::string>& args) {
  std::string game_name, claim, sizes;
  std::vector<std::string> rulings;
  double timeout = 60;
  bool list = false, fresh = false, differential = false, json = false;
  long pairs = 1000;
  std::uint64_t seed = 20261122;
  std::string results_file, state_directory;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::string>(&game_name)->required(), "game name")
      ("claim", po::value<std::string>(&claim), "claim name, or 'all'")
      ("sizes", po::value<std::string>(&sizes), "board sizes: N or A-B (default: the game's default size); not with a claim about every size (an error: it is proved once for all sizes)")
      ("timeout", number_value(&timeout, DecimalRange{}), "seconds per claim and size (default 60, at most 1000000); unknown on expiry")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(), "ruling as NAME=VALUE or ID=VALUE; repeatable")
      ("fresh", po::bool_switch(&fresh), "ignore stored verdicts and decide everything again")
      ("state", po::value<std::string>(&state_directory),
       "directory of stored verdicts (default $XDG_CACHE_HOME/arbiter, else ~/.cache/arbiter); made if missing")
      ("results", po::value<std::string>(&results_file), "results file (default STATE/prove-GAME.tsv; its folder must exist)")
      ("list", po::bool_switch(&list), "list the game's claims")
      ("differential", po::bool_switch(&differential),
       "instead of proving: compare the claims' Z3 turn encoding with the model on random (position, move) pairs")
      ("pairs", number_value(&pairs, WholeRange{1, 100'000'000}), "--differential: pairs per size (default 1000, at most 100000000)")
      ("seed", seed_value(&seed), "--differential: random seed (default 20261122)")
      ("json", po::bool_switch(&json), "print the claims (--list) or the verdicts as JSON (docs/schemas/prove.schema.json)");
  po::positional_options_description positional;
  positional.add("game", 1).add("claim", 1);
  bool proceed = false;
  // With a word too many, an unknown claim before it is the problem to name.
  const auto check_claim = [](const po::variables_map& named) {
    const auto game = named.find("game"), claim = named.find("claim");
    if (game == named.end() || claim == named.end()) return;
    ProveRequest request;
    request.game = &find_game(game->second.as<std::string>());
    request.claims = {claim->second.as<std::string>()};
    selected_claims(request);
  };
  const po::variables_map given =
      parse_arguments("prove", args, options, positional, proceed, RulingIds::RenamedByGame, check_claim);
  if (!proceed) return 0;
  const GameDescriptor& game = find_game(game_name);
  const std::vector<Claim> claims = game.claims ? game.claims() : std::vector<Claim>{};
  if (list) {
    if (!claim.empty()) throw InputError("--list takes no claim name, got " + quote_input(claim));
    refuse_options(given, {"differential", "sizes", "timeout", "rule", "fresh", "state", "results", "pairs", "seed"},
                   "with --list (it lists the claims and proves nothing)");
  } else if (differential) {
    if (json) throw InputError("--json is not available with --differential");
    if (!claim.empty()) throw InputError("--differential takes no claim name, got " + quote_input(claim));
    refuse_options(given, {"timeout", "fresh", "state", "results"},
                   "with --differential (it plays the encoding against the model; it proves and stores nothing)");
  } else {
    refuse_options(given, {"pairs", "seed"}, "without --differential (it sets the differential's random pairs)");
  }
  // Under mpirun only the proofs are shared out; listing and the differential run on rank 0.
  const bool coordinator = distributed::world().coordinator();
  if (!coordinator && (list || differential)) return 0;
  if (list && json) {
    nlohmann::json out = json_document("prove", kProveSchema);
    out["game"] = game.name;
    out["claims"] = nlohmann::json::array();
    for (const Claim& c : claims) {
      out["claims"].push_back({{"name", c.name},
                               {"statement", c.statement},
                               {"source", c.source},
                               {"premises", c.premises},
                               {"size_independent", c.size_independent},
                               {"expected", expected_verdict(c)},
                               {"source_kind", claim_source_name(c.source_kind)}});
    }
    print_json(out);
    return 0;
  }
  if (list) {
    if (claims.empty()) std::cout << game.name << " has no claims\n";
    for (const Claim& c : claims) {
      std::cout << c.name << (c.premises.empty() ? (c.size_independent ? "  [all sizes: lemma]" : "")
                                                 : (c.size_independent ? "  [all sizes: derived]" : "  [derived]"))
                << (c.expected_refuted ? "  [expected: refuted]" : "") << "\n  " << c.statement << "\n  source: " << c.source << "\n";
      if (!c.premises.empty()) {
        std::cout << "  premises:";
        for (const auto& p : c.premises) std::cout << " " << p;
        std::cout << "\n";
      }
    }
    return 0;
  }
  if (differential) {
    return differential_command(game, sizes, rulings, pairs, seed);
  }
  if (claim.empty()) throw InputError("name a claim (or 'all'); `arbiter prove " + game.name + " --list` lists them");
  require_path(given, "state", state_directory, "a directory");
  require_path(given, "results", results_file, "a file name");
  if (!results_file.empty() && !state_directory.empty()) throw InputError("give --state or --results, not both");
  ProveRequest request;
  request.game = &game;
  request.claims = {claim};
  request.timeout_seconds = timeout;
  request.rulings = rulings;
  request.fresh = fresh;
  request.shared_among_ranks = true;
  request.results_file =
      !results_file.empty() ? results_file
                            : results_file_in(state_directory.empty() ? default_state_directory() : state_directory, game);
  size_range(game, sizes, request.min_size, request.max_size);
  // Bad input fails before the state is touched and anything is proved: the claim, the rulings.
  selected_claims(request);
  if (given.count("sizes") && every_size_only(request)) {
    // Such a claim is proved once for every board (its verdict is kept without a size): a size
    // asked would read as if it were checked there.
    throw InputError("--sizes has no effect with " + claim + ": it is a claim about every size, proved once for all of "
                     "them (leave --sizes out; arbiter prove " + game.name + " --list marks such claims [all sizes])");
  }
  make_config(game, request.min_size, request.rulings);
  // Rank 0 alone reads and keeps verdicts.
  if (coordinator) check_state_place(state_directory, results_file, request);
  // One run at a time per results file, as solve per journal and generate per store: two runs on
  // one file each proved every claim and appended the same verdicts twice. The second is refused,
  // naming the option that chose the file, as solve's --state and generate's --db are named.
  std::optional<distributed::OutputLock> results_lock;
  if (coordinator) {
    try {
      results_lock.emplace(request.results_file, results_file.empty() ? "--state" : "--results");
    } catch (const InputError& error) {
      // "--results 'r.tsv' is in use by another run ...", or "--results 'r.tsv': cannot create the lock file ...".
      const std::string directory = std::filesystem::path(request.results_file).parent_path().string();
      const std::string named = quote_input(request.results_file), what = error.what();
      throw InputError((results_file.empty() ? state_directory_words(state_directory, directory) + ": the results file"
                                             : std::string("--results")) +
                       " " + (what.rfind(named, 0) == 0 ? what : named + ": " + what));
    }
  }
  install_stop_handlers();
  add_stop_hook([] { smt::interrupt_shared_context(); });
  if (!coordinator) {
    std::ostringstream unseen;  // rank 0 alone shows progress and rows
    run_proofs(request, nullptr, unseen, false);
    return 0;
  }
  bool all_proved = true;
  ProveTally tally;
  const RowContext context{game, claims, rulings};
  // --json: the document is written as the run goes, its verdicts one by one as the text shows its
  // rows, and closed at the end. Under mpirun that matters: mpirun stops passing a rank's output on
  // soon after a stop (docs/scale.md), and a document written whole at the end lost all but its
  // first 10,240 bytes there.
  std::size_t verdicts_written = 0;
  // A verdict as the document's array holds it (print_json's indentation, one level deeper).
  const auto verdict_text = [&](const ProveRow& row) {
    std::string text = verdicts_written++ == 0 ? "\n    " : ",\n    ";
    for (const char c : verdict_json(row, context).dump(2)) {
      text += c;
      if (c == '\n') text += "    ";
    }
    return text;
  };
  // Written at once, in as few writes as the pipe takes (stdio would split a long text in two).
  const auto write_text = [](const std::string& text) {
    std::fflush(stdout);
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t count = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
      if (count > 0) {
        done += static_cast<std::size_t>(count);
      } else if (count == 0 || errno != EINTR) {
        std::cout.setstate(std::ios::badbit);  // main's check of standard output says so
        break;
      }
    }
  };
  if (json) {
    nlohmann::json out = json_document("prove", kProveSchema);
    out["game"] = game.name;
    out["claim"] = claim;
    // null when every claim named is about every size (as the scope line says): no size was asked.
    // Every size asked, listed (as `rulings diff --json` lists its sizes), not the range's two ends.
    nlohmann::json listed = nlohmann::json::array();
    for (int n = request.min_size; n <= request.max_size; ++n) listed.push_back(n);
    out["sizes"] = every_size_only(request) ? nlohmann::json(nullptr) : listed;
    out["rulings"] = rulings;
    out["rulings_in_force"] = rulings_in_force(game, make_config(game, request.min_size, request.rulings));
    out["timeout_seconds"] = timeout;
    out["state"] = request.results_file;
    std::string head = out.dump(2);
    head.erase(head.size() - 2);  // the closing "\n}": the verdicts and the counts follow
    head += ",\n  \"verdicts\": [";
    write_text(head);
  } else {
    print_scope(game, claim, request);
    std::cout << std::left << std::setw(30) << "claim" << " " << std::setw(20) << "scope" << " " << std::setw(8)
              << "verdict" << std::right << std::setw(10) << "time" << " " << std::setw(8) << "variables"
              << std::setw(19) << "assertions" << "\n"
              << std::flush;
  }
  // What the rows and the closing lines below read, guarded by output_lock(): a step that does not
  // stop within 3 s of a stop request is abandoned, and the watcher thread then prints the report
  // (the rows shown, the step's row as interrupted, the state) while this thread is still in it.
  std::size_t shown = 0;
  bool reported = false;
  const bool under_mpirun = distributed::world().size > 1;
  const auto report = [&](const ProveRow* abandoned) {
    // Stopped: every claim and size asked for has its row. run_proofs shows the rows after a
    // stopped one itself; when the check under way is abandoned (its thread is still in it), the
    // rows after it are listed here as the driver would: one decided earlier in the run keeps its
    // verdict, the abandoned check's own row reads stopped, and the rest not reached.
    std::vector<ProveRow> later;
    if (stop_requested()) {
      later = rows_after_abandoned(request, tally, shown + (abandoned != nullptr ? 1 : 0));
      for (ProveRow& row : later) {
        if (row.interrupted && !row.not_reached && !under_mpirun) row.verdict.reason += kAbandonedWords;
      }
    }
    if (json) {
      // The rest in one write: under mpirun, what comes after a stop may be cut short.
      std::string rest;
      if (abandoned != nullptr) rest += verdict_text(*abandoned);
      for (const ProveRow& row : later) rest += verdict_text(row);
      // The document's close: the counts, known only now, after the verdicts.
      rest += std::string(verdicts_written == 0 ? "]" : "\n  ]") + ",\n  \"interrupted\": " +
              nlohmann::json(stop_requested()).dump() + ",\n  \"verdicts_kept\": " + std::to_string(tally.kept.load()) +
              ",\n  \"verdicts_reused\": " + std::to_string(tally.reused.load()) + "\n}\n";
      write_text(rest);
    } else {
      if (abandoned != nullptr) print_row(*abandoned, context);
      for (const ProveRow& row : later) print_row(row, context);
      std::cout << state_line(request, tally) << "\n";
    }
    std::cout << std::flush;
    std::fflush(stdout);  // out before a launcher's SIGKILL (mpirun's)
    reported = true;
  };
  // Said on standard error in either output format, as every long command says it.
  const auto kept_clause = [&] {
    return tally.kept > 0 ? counted_regular(tally.kept, "verdict") + " finished before it kept in " + request.results_file
                          : std::string("no verdict finished before it");
  };
  const AbandonReport on_abandon([&]() -> std::string {
    if (reported) return "";
    std::vector<ProveRow> steps = interrupted_rows(request);
    if (shown >= steps.size()) {
      report(nullptr);
      return kept_clause();
    }
    ProveRow& row = steps[shown];
    if (!under_mpirun) row.verdict.reason += kAbandonedWords;
    row.verdict.seconds = tally.seconds_in_step();  // the seconds it ran, as a stopped row shows them
    report(&row);
    return kept_clause();
  });
  // Under mpirun the report cannot wait for the step under way: mpirun passes SIGINT and SIGTERM
  // on to the ranks and kills them a second later, and a rank's Z3 check may take longer to stop.
  // Every finished row is already shown; the report adds the row that waits, as stopped.
  if (under_mpirun) report_stop_at_once();
  run_proofs(request, [&](const ProveRow& row) {
    const auto lock = output_lock();
    if (reported) return;  // abandoned: the report is out
    ++shown;
    all_proved = all_proved && row.verdict.kind == Verdict::Kind::Proved;
    if (json) {
      write_text(verdict_text(row));
      return;
    }
    print_row(row, context);
  }, std::cerr, stderr_rewrites_lines(), &tally);
  {
    const auto lock = output_lock();
    if (reported) return interrupted_exit_status();
    report(nullptr);
  }
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; " << kept_clause() << "\n";
    return interrupted_exit_status();
  }
  return all_proved ? 0 : 1;
}

const CommandRegistration prove_registration({
    "prove",
    "prove GAME CLAIM|all [--sizes A-B] [--timeout S] [--rule NAME=VALUE] [--fresh] [--state DIR | --results FILE] [--json] | "
    "prove GAME --list [--json] | prove GAME --differential [--sizes A-B] [--rule NAME=VALUE] [--pairs N] [--seed S]",
    "Z3 proofs of the rule texts' claims, size by size (exit 1 if any is refuted or unknown)",
    prove_command,
    true,
});

}  // namespace
}  // namespace arbiter::cli

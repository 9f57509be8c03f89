// arbiter audit: every game's conformance checks, seed examples, property suite, small proofs, the
// rulings whose readings differ and their balance in play; a table on the terminal and, with
// --report DIR, audit.json, audit.md and audit.html (cli/audit_report.hpp, docs/audit-schema.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/audit_report.hpp"
#include "cli/live_progress.hpp"
#include "cli/options.hpp"
#include "distributed/farm.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "properties/conformance.hpp"
#include "properties/property_runner.hpp"
#include "properties/seed_examples.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/svg.hpp"
#include "solver/interrupt.hpp"
#include "solver/metrics_report.hpp"
#include "solver/prove.hpp"
#include "solver/ruling_explorer.hpp"
#include "solver/z3_encoding.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// What the audit is at, for its progress on stderr (cli/live_progress.hpp: a line rewritten in
// place on a terminal, otherwise one every few seconds): the game and step, the check under way
// (its place in the step and how long it has run), the steps done of all, the rows so far and the
// time. The rows on stdout go through print(), so that on a terminal they never run into the line.
class AuditProgress {
 public:
  using Clock = std::chrono::steady_clock;
  explicit AuditProgress(int steps) : steps_(steps), started_(Clock::now()) {}
  void start() { live_ = std::make_unique<LiveProgress>([this] { return line(); }); }
  void stop() { live_.reset(); }  // clears the line on a terminal
  // A step of a game begins; the one before it is done.
  void step(const std::string& game, const char* name) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!game_.empty()) ++done_;
    game_ = game;
    step_ = name;
    check_.clear();
  }
  // The check under way within the step: its name, and its place among the step's `of` (0: not counted).
  void check(const std::string& name, int index = 0, int of = 0) {
    const std::lock_guard<std::mutex> lock(mutex_);
    check_ = name;
    index_ = index;
    of_ = of;
    check_started_ = Clock::now();
  }
  // Prints a row (or rows) on stdout.
  void print(const std::function<void()>& rows) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      ++rows_;
    }
    if (live_) {
      live_->above([&] { rows(); std::fflush(stdout); });
    } else {
      rows();
      std::fflush(stdout);
    }
  }
  std::string line() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto seconds = [](Clock::time_point since) {
      return std::to_string(std::lround(std::chrono::duration<double>(Clock::now() - since).count())) + " s";
    };
    std::string text = "audit: " + game_ + " " + step_;
    if (!check_.empty()) {
      text += ": " + check_ + " (" + (of_ > 0 ? std::to_string(index_) + "/" + std::to_string(of_) + ", " : "") +
              seconds(check_started_) + ")";
    }
    return text + "; " + std::to_string(done_) + "/" + std::to_string(steps_) + " steps done, " + std::to_string(rows_) +
           " rows, " + seconds(started_);
  }

 private:
  mutable std::mutex mutex_;
  const int steps_;
  const Clock::time_point started_;
  int done_ = 0;
  long rows_ = 0;
  std::string game_, step_, check_;
  int index_ = 0, of_ = 0;
  Clock::time_point check_started_;
  std::unique_ptr<LiveProgress> live_;
};

struct AuditSettings {
  int games = 20;
  int property_cases = 50;
  bool proofs = true;
  double proof_timeout = 20;
  std::uint64_t seed = 1;
  double ruling_seconds = 1;
  int metrics_games = 300;
  bool quick = false;
  AuditProgress* progress = nullptr;  // what the audit is at, and where its rows are printed
  // Per game, the --rule assignments it has (NAME=VALUE by name, those that differ from the
  // defaults): every check of the game runs under them but the seed examples (under their own).
  std::map<std::string, std::vector<std::string>> rulings;
  const std::vector<std::string>& rulings_of(const GameDescriptor& game) const {
    static const std::vector<std::string> none;
    const auto found = rulings.find(game.name);
    return found == rulings.end() ? none : found->second;
  }
};

// The result column's width: its widest word ("not-applicable", "argument-fails"), so that every
// row lines up (the rows are printed as they are found, so the width is that of every word the
// column can hold; it was 7, and "undecided" and "not-applicable" pushed the seconds out of line).
int result_width() {
  static const int width = [] {
    std::size_t widest = std::string("result").size();
    for (const char* word : {"stopped", "done", "differ", "same", "undecided"}) widest = std::max(widest, std::string(word).size());
    for (AuditVerdict v : {AuditVerdict::Pass, AuditVerdict::Finding, AuditVerdict::Unknown, AuditVerdict::Fail,
                           AuditVerdict::NotApplicable, AuditVerdict::Confirmed, AuditVerdict::ArgumentFails,
                           AuditVerdict::NoteRefuted}) {
      widest = std::max(widest, std::string(verdict_word(v)).size());
    }
    return static_cast<int>(widest);
  }();
  return width;
}

// The check column's width, and its text in lines of that width at most, cut at spaces outside
// parentheses ("(size 3)" stays whole, as does a word longer than the column): the first goes in
// the row, the others under it in the same column. "apply_if_legal plays exactly the legal moves
// (size 3)", 53 wide, pushed the row's other columns 3 characters out of line.
constexpr std::size_t kCheckWidth = 50;
std::vector<std::string> check_lines(const std::string& text) {
  std::vector<std::string> lines{""};
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    for (std::string more; word.front() == '(' && word.find(')') == std::string::npos && words >> more;) word += " " + more;
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > kCheckWidth) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
  }
  return lines;
}
// The lines of the check column after the row's first (check_lines).
void print_check_rest(const std::vector<std::string>& lines) {
  for (std::size_t i = 1; i < lines.size(); ++i) std::printf("%-9s %-13s %s\n", "", "", lines[i].c_str());
}

// A proof cut short by a stop request says "stopped" where its verdict would be, as `arbiter
// prove` shows it: not decided because of the stop, which is no "unknown" (Z3 could not decide).
void print_row(const AuditRow& row) {
  const std::vector<std::string> check = check_lines(row.check + (row.size ? " (size " + std::to_string(row.size) + ")" : ""));
  std::printf("%-9s %-13s %-50s %-20s %8s  %-*s %8.2f\n", row.game.c_str(), row.kind.c_str(), check.front().c_str(),
              row.implementation.c_str(), with_commas(static_cast<std::uint64_t>(row.cases)).c_str(), result_width(), row.stopped ? "stopped" : verdict_word(row.verdict), row.seconds);
  print_check_rest(check);
  // How a claim was decided when not by a Z3 query of its own ("derived from ...", "read from the
  // rulings"), said under its first row and again only where it changes.
  static std::string last_said;
  const std::string said = row.game + "|" + row.check + "|" + row.how;
  if (!row.how.empty() && said != last_said) std::printf("%-9s %-13s   %s\n", "", "", row.how.c_str());
  last_said = said;
  std::fflush(stdout);
}

// The width at which a drawing's smallest label is kSmallestLabelMm high: about 9.5 px on a 96 dpi
// screen, legible. A game draws its labels at a fixed size per field, so the width follows the
// board (a 2x2 board 4.5 cm, a 61-field one about 13 cm, around `arbiter render`'s 9 cm for a
// middling board); kept within what a page shows two of side by side.
constexpr double kSmallestLabelMm = 2.5;
double legible_width_mm(const Drawing& drawing) {
  constexpr double kNarrowestMm = 45, kWidestMm = 130;
  double smallest = 0;
  for (const Shape& shape : drawing.shapes) {
    if (shape.kind == Shape::Kind::Text && shape.font_size > 0 && (smallest == 0 || shape.font_size < smallest)) {
      smallest = shape.font_size;
    }
  }
  if (smallest == 0 || drawing.width <= 0) return 90;  // no labels to read: the size of a book's diagram
  return std::clamp(drawing.width / smallest * kSmallestLabelMm, kNarrowestMm, kWidestMm);
}

// An SVG to inline into HTML: the renderer's standalone document without its XML declaration.
// The move that led there, when given, is marked; whose turn it is, or the result, is said in the
// picture's caption (status_of), where it reads at the page's size whatever the board's.
std::string inline_svg(const State& state, std::optional<MoveAnchor> last_move = {}) {
  const Drawing board = state.drawing();
  const double width_mm = legible_width_mm(board);
  puzzles::Decorations decorations;
  decorations.last_move = last_move;
  // The key under the board (the game's marks, the last move's ring), whose words are a fifth
  // smaller than the band's font, as legible as the board's smallest label: at the band's own
  // size, a fraction of the picture's width, a 2x2 board's key printed 1.3 mm high.
  decorations.band_font = kSmallestLabelMm / 0.8 * board.width / width_mm;
  // No <metadata>: the page names the version and the rulings once, not in each of its pictures.
  std::string svg = render_svg(puzzles::decorate(board, decorations), width_mm, "");
  if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);
  return svg;
}

// The command line that plays `moves` from `position` ("" for the empty board) under `rulings`
// (those that differ from the defaults), for a reader to paste: `verb` is replay, or explain, which
// also explains the last move.
std::string arbiter_command(const std::string& verb, const std::string& game, int size,
                            const std::vector<std::string>& rulings, const std::string& position,
                            const std::vector<std::string>& moves) {
  std::string command = "arbiter " + verb + " " + game + " --size " + std::to_string(size);
  for (const std::string& rule : rulings) command += " --rule " + rule;
  if (!position.empty()) command += " --position '" + position + "'";
  for (const std::string& move : moves) command += " '" + move + "'";
  return command;
}

// Plays `moves` from `start` (a position's text, "" for the empty board) as far as they go and
// records where they lead; a move that does not parse ends the evidence there.
Evidence evidence_of(const Game& game, const std::string& start, const std::vector<std::string>& moves) {
  Evidence e;
  auto state = start.empty() ? game.initial_state() : game.parse_position(start);
  e.start = state->line();
  std::unique_ptr<State> before;
  for (const std::string& text : moves) {
    if (state->is_terminal()) break;
    Move move = 0;
    try {
      move = state->parse_move(text);
    } catch (const InputError&) {
      break;
    }
    before = state->clone();
    e.moves.push_back(text);
    state->apply(move);
  }
  if (before) e.trace = before->explain(before->parse_move(e.moves.back()));
  e.position = state->line();
  e.diagram = state->diagram();
  std::optional<MoveAnchor> last;
  if (before) last = before->move_anchor(before->parse_move(e.moves.back()));
  e.svg = inline_svg(*state, last);
  e.status = puzzles::side_status(game.descriptor(), *state);
  e.replay = arbiter_command("replay", game.descriptor().name, game.config().size,
                             non_default_rulings(game.descriptor(), game.config()), start.empty() ? "" : e.start, e.moves);
  return e;
}

// A counterexample may show the position and then more (what a move makes of it, a note on how
// it was found), and a derived claim's opens with the premise it is the counterexample of: the
// evidence starts from the shortest run of lines, from the earliest line on, that reads as a
// position.
std::string first_position(const Game& game, const std::string& counterexample) {
  std::vector<std::string> lines;
  std::istringstream text(counterexample);
  for (std::string line; std::getline(text, line);) lines.push_back(line + "\n");
  for (std::size_t from = 0; from < lines.size(); ++from) {
    std::string run;
    for (std::size_t to = from; to < lines.size(); ++to) {
      run += lines[to];
      try {
        game.parse_position(run);
        return run;
      } catch (const InputError&) {
      }
    }
  }
  return counterexample;
}

}  // namespace

AuditVerdict proof_verdict(const Claim& claim, Verdict::Kind kind) {
  const bool proved = kind == Verdict::Kind::Proved, refuted = kind == Verdict::Kind::Refuted;
  // What the claim's source being wrong is: only a rule text's claim is a finding about the rule
  // texts; a lemma refuted is an argument of Arbiter's that fails, a research note's a note refuted.
  const AuditVerdict source_wrong = claim.source_kind == ClaimSource::RuleText       ? AuditVerdict::Finding
                                    : claim.source_kind == ClaimSource::ResearchNote ? AuditVerdict::NoteRefuted
                                                                                     : AuditVerdict::ArgumentFails;
  // A claim its source quotes to say it is false: refuted, the source is confirmed; proved, the
  // source is wrong.
  if (claim.expected_refuted) return refuted ? AuditVerdict::Confirmed : proved ? source_wrong : AuditVerdict::Unknown;
  return proved ? AuditVerdict::Pass : refuted ? source_wrong : AuditVerdict::Unknown;
}

const char* expected_verdict(const Claim& claim) {
  return verdict_name(claim.expected_refuted ? Verdict::Kind::Refuted : Verdict::Kind::Proved);
}

std::optional<ProofCounterexample> proof_counterexample(const GameDescriptor& game, const Verdict& verdict, int size,
                                                        const std::vector<std::string>& rulings) {
  if (verdict.kind != Verdict::Kind::Refuted) return std::nullopt;
  ProofCounterexample c;
  std::unique_ptr<Game> sized;
  try {
    // Drawn at the size it refutes: a claim about every size at the board its proof found.
    sized = make_game(game, verdict.counterexample_size > 0 ? verdict.counterexample_size : size, rulings);
    // A counterexample found by play is shown as the game that reaches it from the empty board and
    // then plays the counterexample's own move(s), the ones the claim is about.
    if (verdict.reached_by.empty()) {
      const std::string start = first_position(*sized, verdict.counterexample);
      c.evidence = evidence_of(*sized, start, verdict.moves);
      c.position = c.evidence.start;
      // On the empty board itself, its moves are the line from the empty board, replayed from it.
      if (c.position == sized->initial_state()->line()) {
        c.line_from_empty = verdict.moves;
        c.evidence = evidence_of(*sized, "", verdict.moves);
      }
    } else {
      c.line_from_empty = verdict.reached_by;
      c.line_from_empty.insert(c.line_from_empty.end(), verdict.moves.begin(), verdict.moves.end());
      c.evidence = evidence_of(*sized, "", c.line_from_empty);
    }
  } catch (const InputError&) {
    return std::nullopt;  // not a position this game reads back (a claim about something else than a turn)
  }
  if (!verdict.reached_by.empty()) {
    try {
      auto state = sized->initial_state();
      for (const std::string& move : verdict.reached_by) state->apply(state->parse_move(move));
      c.position = state->line();
    } catch (const InputError&) {
      // The line does not play from the empty board: no position to name.
    }
  }
  return c;
}

namespace {

// The smallest allowed size but one (the very smallest boards are often degenerate), and the default.
std::vector<int> audit_sizes(const GameDescriptor& game) {
  std::vector<int> sizes;
  for (int n = 1; n <= 64 && sizes.size() < 2; ++n) {
    if (game.size_ok(n)) sizes.push_back(n);
  }
  return {sizes.back(), game.default_size};
}

// A row about one of the rule texts' claims (or a property, or a worked example): the check is
// named after it.
AuditRow row_about(const GameDescriptor& game, const char* kind, const std::string& name, const std::string& statement,
                   const std::string& source, int size) {
  AuditRow row;
  row.game = game.name;
  row.kind = kind;
  row.check = name;
  row.claim = name;
  row.statement = statement;
  row.source = source;
  row.size = size;
  return row;
}

void conformance_rows(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  std::vector<int> sizes = audit_sizes(game);
  if (s.quick) sizes = {sizes.front()};  // the default size's reference implementation is the slow part
  for (int size : sizes) {
    auto configured = make_game(game, size, s.rulings_of(game));
    if (stop_requested()) return;
    int checked = 0;
    const std::string checks = "size " + std::to_string(size) + ", ";
    s.progress->check(checks + "0 checks done");
    run_conformance(*configured, ConformanceSettings{s.games, s.seed, stop_requested},
                    [&](const CheckOutcome& o) {
                      AuditRow row;
                      row.game = game.name;
                      row.kind = "conformance";
                      row.check = o.name;
                      row.size = size;
                      row.rulings = s.rulings_of(game);
                      row.implementation = o.subject;
                      row.cases = o.cases;
                      row.verdict = o.passed ? AuditVerdict::Pass : AuditVerdict::Fail;
                      row.seconds = o.seconds;
                      row.detail = o.detail;
                      report.rows.push_back(row);
                      s.progress->print([&] { print_row(row); });
                      s.progress->check(checks + std::to_string(++checked) + " checks done");
                    });
  }
}

void seed_example_rows(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  const auto examples = game.seed_examples ? game.seed_examples() : std::vector<SeedExample>{};
  int index = 0;
  for (const SeedExample& example : examples) {
    s.progress->check(example.name, ++index, static_cast<int>(examples.size()));
    auto configured = make_game(game, example.size, example.rulings);
    bool all_passed = true;
    for (const std::string& impl : configured->implementations()) {
      const auto start = std::chrono::steady_clock::now();
      const ExampleVerdict verdict = run_seed_example(game, example, impl);
      AuditRow row = row_about(game, "seed example", example.name, example.claim, example.source, example.size);
      row.rulings = non_default_rulings(game, configured->config());
      row.implementation = impl;
      row.cases = 1;
      row.verdict = verdict.passed ? AuditVerdict::Pass : AuditVerdict::Fail;
      row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      row.detail = verdict.detail;
      if (!verdict.passed) {
        try {
          row.evidence = evidence_of(*configured, example.before, example.moves);
        } catch (const InputError&) {
        }
      }
      all_passed = all_passed && verdict.passed;
      report.rows.push_back(row);
      s.progress->print([&] { print_row(row); });
    }
    ExampleShown shown;
    shown.game = game.name;
    shown.name = example.name;
    shown.source = example.source;
    shown.claim = example.claim;
    shown.rulings = non_default_rulings(game, configured->config());
    shown.passed = all_passed;
    shown.size = example.size;
    shown.move_list = example.moves;
    shown.refused = !example.last_move_legal && !example.moves.empty();
    for (std::size_t i = 0; i < example.moves.size(); ++i) {
      const bool refused = !example.last_move_legal && i + 1 == example.moves.size();
      shown.moves += (shown.moves.empty() ? "" : " ") + (refused ? "(" + example.moves[i] + " is refused)" : example.moves[i]);
    }
    try {
      const auto before = configured->parse_position(example.before);
      shown.position = before->line();
      // explain plays the moves and explains the last, a refused one included (its exit status 1).
      shown.command = arbiter_command(example.moves.empty() ? "replay" : "explain", game.name, example.size, shown.rulings,
                                      shown.position, example.moves);
      shown.before_svg = inline_svg(*before);
      shown.before_status = puzzles::side_status(game, *before);
      // The last move of an example about an illegal move is refused, so the picture stops before it.
      const std::size_t played = example.last_move_legal ? example.moves.size() : example.moves.size() - 1;
      const Evidence after = evidence_of(
          *configured, example.before, std::vector<std::string>(example.moves.begin(), example.moves.begin() + static_cast<long>(played)));
      shown.after_svg = after.svg;
      shown.after_status = after.status;
    } catch (const InputError&) {
    }
    report.examples.push_back(shown);
  }
}

void property_rows(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  const int size = audit_sizes(game).front();
  auto small = make_game(game, size, s.rulings_of(game));
  const std::vector<Property> suite = property_suite(game);
  int index = 0;
  for (const Property& property : suite) {
    s.progress->check(property.name, ++index, static_cast<int>(suite.size()));
    const PropertyResult r = run_property(*small, property, s.property_cases, s.seed, [](long) { return !stop_requested(); });
    if (r.interrupted) return;  // no verdict: the audit stops and writes no report
    AuditRow row = row_about(game, "property", r.name, r.statement, r.source, size);
    row.rulings = s.rulings_of(game);
    row.implementation = "fast";
    row.cases = r.cases;
    row.seconds = r.seconds;
    row.verdict = !r.not_applicable.empty() ? AuditVerdict::NotApplicable
                  : r.holds             ? AuditVerdict::Pass
                  : r.gave_up           ? AuditVerdict::Unknown
                  : r.rule_text_claim   ? AuditVerdict::Finding
                                        : AuditVerdict::Fail;
    if (!r.not_applicable.empty()) {
      row.detail = r.not_applicable;
    } else if (!r.holds) {
      row.detail = r.why + (r.gave_up ? " (too few cases generated)" : "") + "\n" + r.counterexample;
      if (!r.moves.empty()) row.evidence = evidence_of(*small, "", r.moves);
    }
    report.rows.push_back(row);
    s.progress->print([&] { print_row(row); });
  }
}

// "read from the rulings": how a claim decided by something else than a Z3 query is decided.
std::string read_from_words(const std::string& decided_by) { return "read from the " + decided_by + ", not a Z3 query"; }

// A derived claim's premises as the report names them, each decided otherwise than by Z3 saying
// how: "turns-place-stones (read from the rulings, not a Z3 query), invariant-inductive-every-size".
std::string premises_words(const GameDescriptor& game, const std::vector<std::string>& premises) {
  const std::vector<Claim> claims = game.claims();
  std::string words;
  for (const std::string& name : premises) {
    words += (words.empty() ? "" : ", ") + name;
    for (const Claim& c : claims) {
      if (c.name == name && c.premises.empty() && c.decided_by != "z3") words += " (" + read_from_words(c.decided_by) + ")";
    }
  }
  return words;
}

// The first line of a research note's claim refuted (or, expected refuted, proved): whose claim it is.
std::string note_refuted_words(const Claim& claim) {
  return "a research note refuted: the claim is the research notes' (" + claim.source +
         "), not the seed text's; no rule text's claim is shown false by it";
}

// The claims of `claims` that rest on `lemma`: those with it among their premises, and those
// resting on them, in the game's order.
std::vector<std::string> resting_on(const std::vector<Claim>& claims, const std::string& lemma) {
  std::set<std::string> resting{lemma};
  for (bool grew = true; grew;) {
    grew = false;
    for (const Claim& c : claims) {
      if (resting.count(c.name)) continue;
      const bool rests = std::any_of(c.premises.begin(), c.premises.end(), [&](const std::string& p) { return resting.count(p) > 0; });
      if (rests) grew = resting.insert(c.name).second;
    }
  }
  std::vector<std::string> out;
  for (const Claim& c : claims) {
    if (c.name != lemma && resting.count(c.name)) out.push_back(c.name);
  }
  return out;
}

// A refuted lemma's rows (an argument that fails) say what that leaves unproved among the claims
// audited that rest on it, and which of them its counterexample refutes too; never that a rule
// text's claim is false, which only those rows say.
void explain_failed_arguments(const GameDescriptor& game, const std::vector<Claim>& claims, AuditReport& report) {
  for (AuditRow& row : report.rows) {
    if (row.game != game.name || row.kind != "proof" || row.verdict != AuditVerdict::ArgumentFails) continue;
    for (const std::string& name : resting_on(claims, row.claim)) {
      bool unproved = false, refuted = false;
      for (const AuditRow& other : report.rows) {
        if (other.game != row.game || other.kind != "proof" || other.claim != name || other.rulings != row.rulings) continue;
        unproved = unproved || other.verdict == AuditVerdict::Unknown;
        refuted = refuted || claim_found_false(other.verdict);
      }
      if (refuted) row.also_refutes.push_back(name);
      else if (unproved) row.leaves_unproved.push_back(name);
    }
    const bool read = row.source_kind == claim_source_name(ClaimSource::Rulings);
    std::string words = std::string("an argument that fails: this lemma of Arbiter's argument") +
                        (read ? " (read from the rulings)" : "") + " is false under these rulings; it is no claim of a rule text";
    words += row.leaves_unproved.empty() ? "; it leaves no claim audited unproved"
                                         : "; it leaves unproved: " + join(row.leaves_unproved, ", ");
    if (!row.also_refutes.empty()) {
      words += "; its counterexample also refutes " + join(row.also_refutes, ", ") + " (listed on their own)";
    }
    row.detail = words + "\n" + row.detail;
  }
}

// The sizes a claim is proved at: its audit sizes (the two smallest sizes unless the claim names
// more; one under --quick), the small board for a claim about every size.
std::vector<int> claim_audit_sizes(const GameDescriptor& game, const Claim& claim, const AuditSettings& s) {
  std::vector<int> claim_sizes = claim.audit_sizes;
  if (claim.size_independent) claim_sizes = {audit_sizes(game).front()};
  if (claim_sizes.empty()) {
    for (int n = audit_sizes(game).front() - 1; claim_sizes.size() < 2 && n <= 26; ++n) {
      if (game.size_ok(n)) claim_sizes.push_back(n);
    }
  }
  if (s.quick && claim_sizes.size() > 1) claim_sizes = {claim_sizes.front()};
  return claim_sizes;
}

// The game's Z3 claims at each claim's audit sizes, fresh (no stored verdicts); `arbiter prove`
// goes further and resumes.
void proof_rows(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  if (!game.claims) return;
  if (!s.proofs) {
    NotRun skipped{game.name, "proof", {}, "--no-proofs: the Z3 proofs were skipped"};
    for (const Claim& claim : game.claims()) skipped.checks.push_back(claim.name);
    if (!skipped.checks.empty()) report.not_run.push_back(skipped);
    return;
  }
  const std::vector<Claim> claims = game.claims();
  // Each claim's sizes, worked out once: counted for the progress line, then proved.
  std::vector<std::vector<int>> sizes_of;
  sizes_of.reserve(claims.size());
  int proofs = 0, index = 0;
  for (const Claim& claim : claims) {
    sizes_of.push_back(claim_audit_sizes(game, claim, s));
    proofs += static_cast<int>(sizes_of.back().size());
  }
  for (std::size_t c = 0; c < claims.size(); ++c) {
    const Claim& claim = claims[c];
    for (int n : sizes_of[c]) {
      ++index;
      if (!game.size_ok(n) || stop_requested()) continue;
      s.progress->check(claim.name + (claim.size_independent ? "" : " (size " + std::to_string(n) + ")"), index, proofs);
      ProveRequest request;
      request.game = &game;
      request.claims = {claim.name};
      request.min_size = request.max_size = n;
      request.timeout_seconds = s.proof_timeout;
      request.rulings = s.rulings_of(game);
      request.fresh = true;
      // Where a no-draw argument fails, the model's play is walked for a drawn game: 100,000
      // positions here, not prove's 1,000,000, which took 5-8 s a size under
      // escort-directions=facing, where no drawn game is found (docs/proofs.md measures both).
      request.draw_search_positions = 10'000;
      std::ostringstream quiet;
      run_proofs(request, [&](const ProveRow& r) {
        AuditRow row = row_about(game, "proof", r.claim, claim.statement, claim.source, claim.size_independent ? 0 : r.size);
        row.source_kind = claim_source_name(claim.source_kind);
        row.rulings = s.rulings_of(game);
        // A per-size claim carried by its every-size lemma is derived too (the verdict shows it).
        const bool derived = !claim.premises.empty() || !r.verdict.derivation.empty();
        row.implementation = derived ? "derived" : claim.decided_by;
        if (derived) {
          row.premises = claim.premises.empty() ? std::vector<std::string>{claim.implied_by} : claim.premises;
          row.how = "derived from " + premises_words(game, row.premises);
        } else if (claim.decided_by != "z3") {
          row.how = read_from_words(claim.decided_by);
        }
        row.cases = 1;
        row.seconds = r.verdict.seconds;
        // Cut short by the stop (a premise of a derived claim included): no verdict, shown "stopped".
        row.stopped = r.interrupted;
        const bool proved = r.verdict.kind == Verdict::Kind::Proved, refuted = r.verdict.kind == Verdict::Kind::Refuted;
        row.verdict = proof_verdict(claim, r.verdict.kind);
        if (claim.expected_refuted && proved) {
          row.detail = std::string(kProvedAgainstSource) + " (" + claim.source + ")" +
                       (row.verdict == AuditVerdict::NoteRefuted ? "\n" + note_refuted_words(claim) : "");
        }
        if (refuted) {
          row.counterexample_size = r.verdict.counterexample_size;
          row.detail = std::string(claim.expected_refuted ? std::string(kRefutedAsExpected) + " (" + claim.source + ")\n" : "") +
                       (row.verdict == AuditVerdict::NoteRefuted ? note_refuted_words(claim) + "\n" : "") +
                       "refuted; counterexample:\n" + r.verdict.counterexample + r.verdict.note;
          if (const auto counterexample = proof_counterexample(game, r.verdict, r.size, s.rulings_of(game))) {
            row.evidence = counterexample->evidence;
          }
        } else if (r.verdict.kind == Verdict::Kind::Unknown) {
          row.detail = (row.stopped ? "stopped: " : "unknown: ") + r.verdict.reason;
        }
        if (!r.verdict.derivation.empty()) {
          row.detail += (row.detail.empty() ? "" : "\n") + std::string("derived from:\n") + r.verdict.derivation;
        }
        report.rows.push_back(row);
        s.progress->print([&] { print_row(row); });
      }, quiet, false);
    }
  }
  explain_failed_arguments(game, claims, report);
}

// The position where two readings part, under one reading: after the move they treat
// differently, or before it where this reading refuses it. Empty when the moves that lead there
// are not legal under this reading (the trace says why).
std::pair<std::string, std::string> drawn_under(const GameDescriptor& game, int size, std::vector<std::string> others,
                                                const std::string& assignment, const RulingDifference& d,
                                                const std::string& move) {
  try {
    others.push_back(assignment);
    const auto configured = make_game(game, size, others);
    auto state = configured->initial_state();
    for (const std::string& m : d.moves) state->apply(state->parse_move(m));
    const auto status = [&] { return " (" + puzzles::side_status(game, *state) + ")"; };
    if (move.empty()) return {inline_svg(*state), assignment + status()};
    std::optional<MoveAnchor> anchor;
    try {
      const Move m = state->parse_move(move);
      anchor = state->move_anchor(m);
      state->apply(m);
    } catch (const InputError&) {
      return {inline_svg(*state), assignment + ": " + move + " is refused; the position before it" + status()};
    }
    return {inline_svg(*state, anchor), assignment + ": after " + move + status()};
  } catch (const InputError&) {
    return {"", ""};
  }
}

// "size 2", "sizes 2 and 3", "sizes 2, 3 and 4".
std::string sizes_words(const std::vector<int>& sizes) {
  std::vector<std::string> words;
  for (const int n : sizes) words.push_back(std::to_string(n));
  return (sizes.size() == 1 ? "size " : "sizes ") + (words.empty() ? "" : listed(words));
}

// The audit's own bounds, by the numbers it ran with (the explorer's words name `rulings diff`'s options).
// `grouped`: the count in thousands, as text writes it (the JSON's words keep it plain).
std::string cut_words(SearchCut cut, const ExplorerBounds& bounds, bool grouped) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", bounds.max_seconds);
  switch (cut) {
    case SearchCut::None: return "";
    case SearchCut::Positions:
      return "the bound of " +
             (grouped ? with_commas(static_cast<std::uint64_t>(bounds.max_positions)) : std::to_string(bounds.max_positions)) +
             " positions per size";
    case SearchCut::Depth: return "the depth bound of " + std::to_string(bounds.max_depth) + " moves";
    case SearchCut::Time: return "the time limit of " + std::string(seconds) + " s (--ruling-seconds)";
    case SearchCut::Interrupted: return "an interruption";
  }
  return "";
}

// How far a comparison that found no difference looked: the sizes, positions and seconds, and
// whether that was every reachable position of those sizes. Either way a bounded result. `cut`
// says what cut the search; `grouped`: the counts in thousands, as text writes them.
std::string search_extent(const RulingShown& shown, const std::string& cut, bool grouped) {
  const std::string positions = (grouped ? with_commas(static_cast<std::uint64_t>(shown.positions)) : std::to_string(shown.positions)) +
                                (shown.positions == 1 ? " position" : " positions");
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f s", shown.seconds);
  const std::string beyond = shown.sizes_searched.empty() ? "" : "; not searched beyond size " + std::to_string(shown.sizes_searched.back());
  if (shown.complete) {
    return "Same on " + sizes_words(shown.sizes_searched) + ": every reachable position examined (" + positions + ", " + seconds + ")" + beyond + ".";
  }
  std::vector<int> unreached;
  for (int n : shown.bound_sizes) {
    if (std::find(shown.sizes_searched.begin(), shown.sizes_searched.end(), n) == shown.sizes_searched.end()) unreached.push_back(n);
  }
  return "Undecided: no difference in the " + positions + " examined on " +
         sizes_words(shown.sizes_searched) + " in " + seconds + ", but the search was cut by " + cut +
         (unreached.empty() ? "" : "; " + sizes_words(unreached) + " never reached") + beyond + ".";
}

void ruling_sections(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  ExplorerBounds bounds;
  bounds.max_seconds = s.ruling_seconds;
  bounds.max_positions = 20000;
  for (int n = 1; n <= 64 && bounds.sizes.size() < 2; ++n) {
    if (game.size_ok(n)) bounds.sizes.push_back(n);
  }
  const Config in_force = make_config(game, game.default_size, s.rulings_of(game));
  int comparisons = 0, index = 0;
  for (const Ruling& ruling : game.rulings) comparisons += static_cast<int>(ruling.options.size()) - 1;
  for (const Ruling& ruling : game.rulings) {
    // The value in force (the default unless --rule sets it) against each other value, every
    // other ruling at its value in force.
    const std::string value_a = in_force.rulings.at(ruling.name);
    std::vector<std::string> others;
    for (const std::string& assignment : s.rulings_of(game)) {
      if (assignment.substr(0, assignment.find('=')) != ruling.name) others.push_back(assignment);
    }
    for (const RulingOption& option : ruling.options) {
      if (option.value == value_a || stop_requested()) continue;
      s.progress->check(ruling.name + ": " + value_a + " vs " + option.value, ++index, comparisons);
      const auto start = std::chrono::steady_clock::now();
      const ExplorerReport explored =
          explore_ruling(game, ruling.name, value_a, option.value, others, bounds, {}, [] { return stop_requested(); });
      RulingShown shown;
      shown.game = game.name;
      shown.id = ruling.id;
      shown.ruling = ruling.name;
      shown.value_a = value_a;
      shown.value_b = option.value;
      shown.others = others;
      shown.differs = !explored.differences.empty();
      shown.bound_sizes = bounds.sizes;
      shown.bound_positions = bounds.max_positions;
      shown.bound_seconds = bounds.max_seconds;
      shown.positions = explored.positions;
      shown.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (shown.differs) {
        const RulingDifference& d = explored.differences.front();
        shown.size = d.size;
        shown.kind = d.kind;
        shown.move = d.move;
        for (const auto& m : d.moves) shown.moves += (shown.moves.empty() ? "" : " ") + m;
        shown.position = d.position;
        shown.under_a = d.under_a;
        shown.under_b = d.under_b;
        std::tie(shown.svg_a, shown.caption_a) = drawn_under(game, d.size, others, ruling.name + "=" + value_a, d, d.move);
        std::tie(shown.svg_b, shown.caption_b) = drawn_under(game, d.size, others, ruling.name + "=" + option.value, d,
                                                             d.move_under_b.empty() ? d.move : d.move_under_b);
      } else {
        for (int n : bounds.sizes) {
          if (std::find(explored.unreached.begin(), explored.unreached.end(), n) == explored.unreached.end()) {
            shown.sizes_searched.push_back(n);
          }
        }
        shown.complete = explored.exhaustive;
        const auto cut_text = [&](bool grouped) {
          if (explored.exhaustive) return std::string();
          return search_cuts_text(explored.cuts, [&bounds, grouped](SearchCut cut) { return cut_words(cut, bounds, grouped); });
        };
        shown.cut = cut_text(false);
        shown.searched = search_extent(shown, shown.cut, false);
        shown.searched_text = search_extent(shown, cut_text(true), true);
      }
      // The sizes in the subject column: where the readings part, or every size searched without a difference.
      const std::string sizes = shown.differs ? "size " + std::to_string(shown.size) : sizes_words(shown.sizes_searched);
      s.progress->print([&] {
        const std::vector<std::string> check = check_lines(ruling.name + ": " + value_a + " vs " + option.value);
        std::printf("%-9s %-13s %-50s %-20s %8s  %-*s %8.2f\n", game.name.c_str(), "ruling", check.front().c_str(), sizes.c_str(),
                    with_commas(static_cast<std::uint64_t>(explored.positions)).c_str(), result_width(), ruling_result(shown), shown.seconds);
        print_check_rest(check);
      });
      report.rulings.push_back(shown);
    }
  }
}

// Balance in play of the first ruling whose readings differ after a move (not merely in the
// starting position), measured on the audit's small board.
void metrics_section(const GameDescriptor& game, const AuditSettings& s, AuditReport& report) {
  const RulingShown* chosen = nullptr;
  for (const RulingShown& r : report.rulings) {
    if (r.game == game.name && r.differs && !r.moves.empty() && !chosen) chosen = &r;
  }
  if (!chosen || stop_requested()) return;
  s.progress->check(chosen->ruling);
  metrics::MetricsRequest request;
  request.game = game.name;
  request.size = audit_sizes(game).front();
  request.compare_ruling = chosen->ruling;
  request.rulings = chosen->others;  // every reading of the ruling compared, the others as in force
  request.random_games = s.metrics_games;
  request.mcts_games = s.quick ? 2 : 6;
  request.playouts = s.quick ? 20 : 60;
  request.seed = s.seed;
  request.solve_seconds = 0;
  request.keep_going = [] { return !stop_requested(); };
  const metrics::MetricsReport measured = metrics::measure(request);
  std::string svg = render_svg_element(metrics::chart(measured), "chart");
  report.metrics.push_back({game.name, chosen->ruling, metrics::to_text(measured), svg, chosen->others});
  s.progress->print([&] {
    const std::vector<std::string> check = check_lines(chosen->ruling);
    std::printf("%-9s %-13s %-50s %-20s %8s  %-*s\n", game.name.c_str(), "metrics", check.front().c_str(), "",
                with_commas(static_cast<std::uint64_t>(request.random_games)).c_str(), result_width(), "done");
    print_check_rest(check);
  });
}

// --rule's assignments shared out among the games audited: each goes to every game that has a
// ruling of that name or id (two games may each have a pie ruling), and one that no game has
// is an error, as is a value a game does not know. Each game's list is by name, without the
// assignments that name its defaults.
std::map<std::string, std::vector<std::string>> rulings_per_game(const std::vector<const GameDescriptor*>& games,
                                                                 const std::vector<std::string>& assignments) {
  std::map<std::string, std::vector<std::string>> per_game;
  for (const std::string& assignment : assignments) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == assignment.size()) {
      throw InputError("--rule " + quote_input(assignment) + ": expected NAME=VALUE");
    }
    bool taken = false;
    for (const GameDescriptor* game : games) {
      try {
        ruling_named(*game, assignment.substr(0, equals), "--rule");
      } catch (const InputError&) {
        continue;
      }
      per_game[game->name].push_back(assignments_by_name(*game, {assignment}).front());
      taken = true;
    }
    if (!taken) {
      std::string names;
      for (const GameDescriptor* game : games) names += (names.empty() ? "" : ", ") + game->name;
      throw InputError("--rule " + quote_input(assignment) + ": no game audited (" + names + ") has a ruling " +
                       quote_input(assignment.substr(0, equals)) + " (arbiter rules GAME lists them)");
    }
  }
  for (auto& [name, given] : per_game) {
    const GameDescriptor& game = find_game(name);
    given = non_default_rulings(game, make_config(game, game.default_size, assignments_by_name(game, given)));  // a bad value fails here
  }
  return per_game;
}

int audit(const std::vector<std::string>& args) {
  std::vector<std::string> only, rulings;
  AuditSettings s;
  unsigned long long seed = 1;
  std::string report_folder;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::vector<std::string>>(&only), "audit only these games (repeatable)")
      ("games", number_value(&s.games, WholeRange{1, 100000}), "random games per conformance check (default 20)")
      ("seed", seed_value(&seed), "random seed (default 1)")
      ("property-cases", number_value(&s.property_cases, WholeRange{1, 100000}), "random games per property (default 50)")
      ("no-proofs", "skip the Z3 proofs (the report names the claims left unproved)")
      ("proof-timeout", number_value(&s.proof_timeout, DecimalRange{0, false, 3600}), "seconds per proof attempt (default 20)")
      ("ruling-seconds", number_value(&s.ruling_seconds, DecimalRange{0, false, 3600}), "search time per ruling comparison (default 1)")
      ("metrics-games", number_value(&s.metrics_games, WholeRange{1, 1000000}), "random games per reading in the balance comparison (default 300)")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(),
       "ruling as NAME=VALUE or ID=VALUE for every game audited that has it (an error if none has it); repeatable. The seed examples keep their own rulings")
      ("quick", po::bool_switch(&s.quick), "a fast smoke run: the small board only, one proof size, and at most 5 --games, 10 --property-cases, 0.3 --ruling-seconds and 50 --metrics-games (the report records the numbers used)")
      ("report", po::value<std::string>(&report_folder), "also write audit.json, audit.md and audit.html into this directory (created if need be; an interrupted audit writes none and removes the directory again if it created it)");
  po::positional_options_description positional;
  positional.add("game", -1);
  bool proceed = false;
  const auto vm = parse_arguments("audit", args, options, positional, proceed);
  if (!proceed) return 0;
  require_path(vm, "report", report_folder, "a directory");
  s.proofs = vm.count("no-proofs") == 0;
  s.seed = seed;
  if (s.quick) {
    // Capped here, once, so that the report records the numbers the run used.
    s.games = std::min(s.games, 5);
    s.property_cases = std::min(s.property_cases, 10);
    s.ruling_seconds = std::min(s.ruling_seconds, 0.3);
    s.metrics_games = std::min(s.metrics_games, 50);
  }
  std::vector<const GameDescriptor*> selected;
  for (const std::string& name : only) {
    const GameDescriptor* game = &find_game(name);
    if (std::find(selected.begin(), selected.end(), game) != selected.end()) {
      throw InputError("game " + quote_input(name) + " is named twice: each game is audited once");
    }
    selected.push_back(game);
  }
  if (selected.empty()) selected = registered_games();
  s.rulings = rulings_per_game(selected, rulings);
  // Before the folder is made, so that a signal from here on leaves no empty folder behind.
  install_stop_handlers();
  add_stop_hook([] { smt::interrupt_shared_context(); });  // a Z3 check under way stops too, as in `arbiter prove`
  std::optional<ReportFolder> folder;
  if (!report_folder.empty()) folder.emplace(report_folder);  // before the work, not after it
  // What a stop says, and whether it was said. Under mpirun it is said at once: mpirun passes the
  // signal on and kills the ranks a second later, and a step (a Z3 proof) may take longer to end.
  const auto stopped_clause = [&] {
    return "no report written (it would be incomplete)" +
           (folder && folder->created() ? ", and the folder " + quote_input(report_folder) + " it created is removed" : "");
  };
  bool stop_said = false;
  std::optional<AbandonReport> say_stop_at_once;
  if (distributed::world().size > 1) {
    say_stop_at_once.emplace([&]() -> std::string {
      if (stop_said) return "";
      stop_said = true;
      return stopped_clause();
    });
    report_stop_at_once();
  }
  const auto start = std::chrono::steady_clock::now();
  AuditReport report;
  report.arbiter = version_string();
  report.options = {{"games", s.games},        {"seed", s.seed},           {"property_cases", s.property_cases},
                    {"proofs", s.proofs},      {"proof_timeout", s.proof_timeout}, {"ruling_seconds", s.ruling_seconds},
                    {"metrics_games", s.metrics_games}, {"quick", s.quick}, {"rulings", rulings}};
  for (const GameDescriptor* game : selected) {
    report.games.push_back(game->name);
    report.default_rulings[game->name] = rulings_in_force(*game, make_config(*game, game->default_size, {}));
    report.rulings_in_force[game->name] = rulings_in_force(*game, make_config(*game, game->default_size, s.rulings_of(*game)));
    report.rulings_given[game->name] = s.rulings_of(*game);
  }
  report.options["selected_games"] = report.games;
  std::printf("%-9s %-13s %-50s %-20s %8s  %-*s %8s\n", "game", "kind", "check", "subject", "cases", result_width(), "result", "seconds");
  const std::pair<const char*, std::function<void(const GameDescriptor&)>> steps[] = {
      {"conformance", [&](const GameDescriptor& game) { conformance_rows(game, s, report); }},
      {"seed examples", [&](const GameDescriptor& game) { seed_example_rows(game, s, report); }},
      {"properties", [&](const GameDescriptor& game) { property_rows(game, s, report); }},
      {"proofs", [&](const GameDescriptor& game) { proof_rows(game, s, report); }},
      {"rulings", [&](const GameDescriptor& game) { ruling_sections(game, s, report); }},
      {"metrics", [&](const GameDescriptor& game) { metrics_section(game, s, report); }}};
  AuditProgress progress(static_cast<int>(selected.size() * std::size(steps)));
  s.progress = &progress;
  progress.start();
  for (const GameDescriptor* game : selected) {
    for (const auto& [name, step] : steps) {
      if (stop_requested()) break;  // each step polls the request within too
      progress.step(game->name, name);
      step(*game);
    }
  }
  progress.stop();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stop_requested()) {
    const auto lock = output_lock();
    if (!stop_said) std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; " << stopped_clause() << "\n";
    stop_said = true;
    return interrupted_exit_status();
  }
  for (const auto& r : report.rows) {
    if (r.verdict == AuditVerdict::Pass) continue;
    std::cout << "\n" << verdict_word(r.verdict) << " " << r.game << ": " << r.check
              << (r.size ? " (size " + std::to_string(r.size) + ")" : "") << " [" << r.implementation << "]\n"
              << r.detail << "\n";
  }
  for (const RulingShown& r : report.rulings) {
    if (std::string(ruling_result(r)) != "undecided") continue;
    std::cout << "\nundecided " << r.game << ": ruling " << r.id << " " << r.ruling << ": " << r.value_a << " vs " << r.value_b
              << "\n" << r.searched_text << "\n";
  }
  for (const NotRun& n : report.not_run) {
    std::cout << "\nnot run " << n.game << ": " << counted(n.checks.size(), "claim", "claims")
              << " not checked by " << n.kind << " (" << n.why << ")\n";
  }
  for (const std::string& game : report.games) {
    if (const std::string none = no_claims_line(report, game); !none.empty()) std::cout << "\n" << none << "\n";
  }
  const AuditTotals totals = audit_totals(report);
  std::cout << "\n" << totals_line(totals) << "; " << std::fixed << std::setprecision(1) << report.seconds << " s\n";
  if (folder) {
    folder->write(report);
    std::cout << "report written to " << report_folder << "/audit.html, audit.md and audit.json\n";
  }
  return totals.failed == 0 ? 0 : 1;
}

const CommandRegistration audit_registration{Command{
    "audit", "audit [GAME...] [--games N] [--seed N] [--quick] [--no-proofs] [--rule NAME=VALUE]... [--report DIR]",
    "every game's conformance checks, seed examples, properties, small proofs, ruling differences and balance; reports; "
    "exit 1 if a check fails (a row 'fail': a defect in Arbiter; findings and unknowns are answers, exit 0)",
    audit}};

}  // namespace
}  // namespace arbiter::cli

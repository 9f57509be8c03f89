#pragma once
// The audit's results as data and the three reports made from them (docs/audit-schema.md):
// audit.json (versioned, one row per check with its evidence in separate fields), and audit.md and
// audit.html in the order a designer reads them -- summary per game, findings (one per claim, its
// sizes listed), rulings whose readings differ, balance per reading, seed examples, passing checks.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/core/claim.hpp"

namespace arbiter {
struct GameDescriptor;
}

namespace arbiter::cli {

// Finding: a rule text's claim is false (a claim of ClaimSource::RuleText refuted). ArgumentFails:
// a lemma of Arbiter's own argument (ClaimSource::Lemma, or one read from the rulings) is refuted:
// the claims resting on it are left unproved, and no rule text is shown false by it. NoteRefuted: a
// claim of the research notes (ClaimSource::ResearchNote), not of the seed text, is refuted.
// NotApplicable: a property that claims nothing under the configuration audited (its detail says
// why); it was not run, so it is neither a pass nor a failure. Confirmed: a claim its source quotes
// to say it is false (research notes: "expected: refuted") was refuted, as the source expected: no
// finding about the rule texts.
enum class AuditVerdict { Pass, Finding, Unknown, Fail, NotApplicable, Confirmed, ArgumentFails, NoteRefuted };
// "pass", "finding", "unknown", "fail", "not-applicable", "confirmed", "argument-fails", "note-refuted"
const char* verdict_word(AuditVerdict verdict);
// A verdict that says a claim is false (or, where its source expected it false, true): finding,
// argument-fails, note-refuted or confirmed.
bool claim_found_false(AuditVerdict verdict);
// How the detail of a finding opens when a claim expected to be refuted was proved.
inline constexpr const char* kProvedAgainstSource = "proved, though the source expected a refutation";
// How the detail of a refutation opens when the claim's source expected it.
inline constexpr const char* kRefutedAsExpected = "confirmed: the source expected this refutation";

// The audit's verdict on a proof of `claim` that ended as `kind` (`arbiter prove --json` gives it
// too): proved is a pass and refuted says what is false by the claim's source (a finding about the
// rule texts, an argument that fails, a research note refuted), except for a claim its source
// expects to be refuted (Claim::expected_refuted), where refuted is confirmed and proved says the
// source is wrong in the same words.
AuditVerdict proof_verdict(const Claim& claim, Verdict::Kind kind);
// What the claim's source expects a proof to end as: "refuted" where it quotes the claim as false,
// else "proved".
const char* expected_verdict(const Claim& claim);

// How to see a result for oneself: where it starts, the moves, where they lead, the command that
// replays them, the explain trace of the last move, and a picture of the position reached.
struct Evidence {
  std::string start;               // one-line form of the start position (the empty board, or a counterexample)
  std::vector<std::string> moves;  // from `start`
  std::string position;            // one-line form of the position reached
  std::string diagram;             // the same as a diagram
  std::string replay;              // an `arbiter replay` command
  std::string trace;               // explain of the last move ("" when there are none)
  std::string svg;                 // the position reached, drawn (inline SVG, no XML declaration)
  std::string status;              // its status: whose turn, or the result ("White wins")
};

// A refuted proof's counterexample as the game reads it back, drawn at the size it refutes
// (counterexample_size, else `size`) under `rulings` (NAME=VALUE): `position`, the one-line form
// of the position the claim is refuted at (what --position takes; "" when the counterexample is
// no position the game reads back); `line_from_empty`, the moves that reach it from the empty
// board followed by the counterexample's own moves, where it was found by play (empty otherwise);
// `evidence`, the audit's (the line from the empty board, else the position and its moves, with
// the replay command). nullopt for a verdict that is not a refutation, or one whose position the
// game does not read back.
struct ProofCounterexample {
  std::string position;
  std::vector<std::string> line_from_empty;
  Evidence evidence;
};
std::optional<ProofCounterexample> proof_counterexample(const GameDescriptor& game, const Verdict& verdict, int size,
                                                        const std::vector<std::string>& rulings);

struct AuditRow {
  std::string game;
  std::string kind;       // "conformance", "seed example", "property", "proof"
  std::string check;      // the check's name, without its size
  std::string claim;      // the claim or property id a finding is about ("" for none)
  std::string statement;  // what is claimed, quoted
  std::string source;     // where the rule text says it
  // A proof's claim: who makes it (claim_source_name: "rule-text", "lemma", ...); "" for other rows.
  std::string source_kind;
  int size = 0;           // 0: not tied to one size
  // A refuted proof: the board size its counterexample is drawn at (for a claim about every size,
  // the board its proof found it on); 0 otherwise.
  int counterexample_size = 0;
  // An argument that fails: the claims audited that rest on the refuted lemma (its premises'
  // closure) and were left unproved by it, and those its counterexample refutes too.
  std::vector<std::string> leaves_unproved, also_refutes;
  std::vector<std::string> rulings;  // NAME=VALUE, non-default only
  std::string implementation;
  // A claim decided otherwise than by a Z3 query of its own: the claims it is derived from (empty
  // otherwise), and how, in words: "derived from A, B (read from the rulings, not a Z3 query), C",
  // "read from the rulings, not a Z3 query"; "" for a Z3 query or a check that is no claim.
  std::vector<std::string> premises;
  std::string how;
  long cases = 0;
  AuditVerdict verdict = AuditVerdict::Pass;
  double seconds = 0;
  std::string detail;
  std::optional<Evidence> evidence;
  // A proof cut short by a stop request, its own check or a premise's: no verdict ("stopped" on
  // the terminal). Never in a report: an interrupted audit writes none.
  bool stopped = false;
};

// A seed example as the report shows it: the text's claim and the position before and after.
struct ExampleShown {
  std::string game, name, source, claim, moves;
  std::vector<std::string> rulings;  // NAME=VALUE, non-default only
  int size = 0;
  // How to replay it: the one-line form of the position before, the moves from it as the example
  // gives them (the last one refused when `refused`), and the `arbiter explain` command that plays
  // them and explains the last (`arbiter replay` for an example without moves).
  std::string position;
  std::vector<std::string> move_list;
  bool refused = false;
  std::string command;
  bool passed = false;
  std::string before_svg, after_svg;
  std::string before_status, after_status;  // whose turn, or the result, under each picture
};

// The smallest position where two readings of a ruling part, drawn under each; or, when the
// search found none, how far it looked: a bounded result, never "the readings agree" in general.
struct RulingShown {
  std::string game, id, ruling, value_a, value_b, kind, move, moves, position;
  std::vector<std::string> others;  // the other rulings given with --rule (NAME=VALUE), held fixed
  int size = 0;
  std::string under_a, under_b;          // explain traces or descriptions
  std::string svg_a, svg_b;              // the position where they part under each reading ("" if none)
  std::string caption_a, caption_b;      // what each picture shows
  bool differs = false;
  // The search's bounds: the sizes it may try, in order, positions per size, seconds in all.
  std::vector<int> bound_sizes;
  long bound_positions = 0;
  double bound_seconds = 0;
  long positions = 0;  // examined, over every size
  double seconds = 0;
  // When no difference was found: the sizes searched (started), whether every reachable position
  // of each was examined, else what cut the search ("" when complete), and the same in words.
  std::vector<int> sizes_searched;
  bool complete = false;
  std::string cut;
  std::string searched;       // as the JSON gives it, counts plain
  std::string searched_text;  // the same with counts grouped in thousands, for the text and the report files
};

// "differ"; "same" (every reachable position of the sizes searched was examined, none a
// difference); "undecided" (the search stopped before its bounds without a difference: no verdict,
// counted with the checks without one).
const char* ruling_result(const RulingShown& ruling);

struct MetricsShown {
  std::string game, ruling, text, svg;
  std::vector<std::string> others;  // the other rulings given with --rule (NAME=VALUE), held fixed
};

// Checks the audit was asked not to run (e.g. --no-proofs), so that no summary reads as if they held.
struct NotRun {
  std::string game, kind;            // kind as in AuditRow ("proof")
  std::vector<std::string> checks;   // the claims not checked
  std::string why;                   // the option that skipped them, and what it skips
};

struct AuditReport {
  std::string arbiter;
  nlohmann::json options;
  std::vector<std::string> games;
  // Per game, every ruling's default value; the values the checks ran under unless a row names
  // others (the defaults but those given with --rule); and the ones given (NAME=VALUE, non-default).
  std::map<std::string, std::vector<std::string>> default_rulings;
  std::map<std::string, std::vector<std::string>> rulings_in_force;
  std::map<std::string, std::vector<std::string>> rulings_given;
  std::vector<NotRun> not_run;
  std::vector<AuditRow> rows;
  std::vector<RulingShown> rulings;
  std::vector<ExampleShown> examples;
  std::vector<MetricsShown> metrics;
  double seconds = 0;
};

// Where a game has no Z3 claims (no proof row and none skipped on request), the line that says
// so in the summaries and on the terminal, so that the proofs are not left out without a word; ""
// for a game with claims.
std::string no_claims_line(const AuditReport& report, const std::string& game);

// The audit's counts, the same on the terminal, in audit.md, audit.html and audit.json: the
// findings, the arguments that fail, the research notes refuted and the confirmed refutations by
// claim (one however many sizes, as the sections list them), the other rows by verdict, and ruling
// comparisons by result. Without a verdict: the unknown rows and the undecided comparisons.
struct AuditTotals {
  int passed = 0, findings = 0, unknown = 0, failed = 0, not_applicable = 0, confirmed = 0;
  int argument_fails = 0, notes_refuted = 0;  // by claim, as the findings
  int rulings_differ = 0, rulings_same = 0, rulings_undecided = 0;
  int not_run = 0;  // checks skipped on request (NotRun)
  int without_verdict() const { return unknown + rulings_undecided; }
};
AuditTotals audit_totals(const AuditReport& report);
// The totals in words, one line (what the terminal ends with and the reports' summaries open with).
std::string totals_line(const AuditTotals& totals);

// How many diagrams (inline SVG) audit.html shows: what a browser test expects to find.
int html_diagram_count(const AuditReport& report);

nlohmann::json audit_json(const AuditReport& report);
std::string audit_markdown(const AuditReport& report);
std::string audit_html(const AuditReport& report);

// The folder a report goes into, made ready before any work: created if need be and written to
// once, else InputError then. An audit that ends without its report leaves no empty folder
// behind: the folders this one created are removed again, each only if still empty, when a stop
// is requested (SIGINT, SIGTERM: the interrupted audit writes no report, and the process may end
// before anything is unwound) or when it is destroyed unwritten (an error). A folder that existed
// before is never removed.
class ReportFolder {
 public:
  explicit ReportFolder(const std::string& directory);  // call install_stop_handlers() first
  ~ReportFolder();
  ReportFolder(const ReportFolder&) = delete;
  ReportFolder& operator=(const ReportFolder&) = delete;

  // Each file whole under a temporary name, then renamed, so a report is never half written.
  void write(const AuditReport& report);
  bool created() const;  // the folder did not exist before

 private:
  struct Created;  // shared with the stop hook, which may run after this is gone
  std::string directory_;
  std::shared_ptr<Created> created_;
};

}  // namespace arbiter::cli

#include "cli/audit_report.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "puzzles/svg.hpp"
#include "solver/interrupt.hpp"
#include "solver/prove.hpp"

namespace arbiter::cli {
namespace {

std::string seconds_text(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", seconds);
  return buffer;
}

// A claim about every size refuted, as far as that is shown: one board's counterexample, which makes
// the claim for every size false (and says nothing of the other sizes on their own).
std::string every_size_refuted(int counterexample_size) {
  return (counterexample_size > 0 ? "refuted: counterexample at size " + std::to_string(counterexample_size)
                                  : std::string("refuted: a counterexample")) +
         "; the claim for every size is false";
}

// Size 0 stands for a claim about every size at once: one proof when it was proved by a Z3 query
// of its own, else how it was decided ("derived from A, B, C", "read from the rulings, not a Z3
// query"), and a claim only, never a proof, when it was refuted (at the size its counterexample is
// drawn at) or not decided.
std::string sizes_text(const std::set<int>& sizes, AuditVerdict verdict, const std::string& how = "",
                       int counterexample_size = 0) {
  const std::string every_size =
      verdict == AuditVerdict::Pass ? "every size (" + (how.empty() ? std::string("one proof") : how) + ")"
      : claim_found_false(verdict) ? every_size_refuted(counterexample_size) + (how.empty() ? "" : "; " + how)
      : verdict == AuditVerdict::Unknown ? "every size (one claim, not decided" + (how.empty() ? "" : "; " + how) + ")"
                                         : std::string("every size (one claim)");
  std::vector<std::string> words;
  for (int n : sizes) words.push_back(n == 0 ? every_size : std::to_string(n));
  if (words.empty()) return "-";
  const bool some_size = sizes.size() > 1 || *sizes.begin() != 0;
  return join(words, ", ") + (some_size && !how.empty() ? " (" + how + ")" : "");
}

// "size " or "sizes " before a list of sizes; nothing before "every size".
std::string sizes_word(const std::set<int>& sizes) {
  if (sizes.size() == 1 && *sizes.begin() == 0) return "";
  return sizes.size() == 1 ? "size " : "sizes ";
}

// Sizes decided in different ways, each group with its way: "2, 3 (derived from A); 4".
std::string sizes_text(const std::map<std::string, std::set<int>>& by_how, AuditVerdict verdict,
                       int counterexample_size = 0) {
  std::vector<std::string> parts;
  for (const auto& [how, sizes] : by_how) parts.push_back(sizes_text(sizes, verdict, how, counterexample_size));
  return parts.empty() ? "-" : join(parts, "; ");
}

std::string size_list(const std::vector<int>& sizes) {
  std::vector<std::string> words;
  for (int n : sizes) words.push_back(std::to_string(n));
  return words.empty() ? "-" : join(words, ", ");
}

// What a check ran under, in a few words: its rulings that differ from the defaults, if any (the
// summary lists the defaults in full).
std::string rulings_words(const std::vector<std::string>& non_default) {
  return non_default.empty() ? "the default rulings" : "the default rulings but " + join(non_default, " ");
}

// "Rulings in force (the defaults)" or "Rulings in force (the defaults but pie=off)", and every
// ruling's value in force.
std::pair<std::string, std::string> audit_rulings_in_force(const AuditReport& report, const std::string& game) {
  const auto given = report.rulings_given.find(game);
  const bool defaults = given == report.rulings_given.end() || given->second.empty();
  const auto& values = defaults ? report.default_rulings : report.rulings_in_force;
  const auto it = values.find(game);
  const std::string listed = it == values.end() || it->second.empty() ? "none (no rulings)" : join(it->second, " ");
  return {std::string("Rulings in force (the defaults") + (defaults ? "" : " but " + join(given->second, " ")) + ")", listed};
}

// One line per check without a verdict, the rows and the undecided ruling comparisons alike.
struct Undecided {
  std::string game, check, sizes, rulings, why;
};

std::vector<Undecided> undecided_lines(const AuditReport& report);

std::string not_run_sentence(const NotRun& n) {
  return n.game + ": " + counted(n.checks.size(), "claim", "claims") + " not checked by " +
         n.kind + " (" + n.why + "): " + join(n.checks, ", ");
}

// One finding (or defect, or unknown) however many sizes it holds at: the rows that share game,
// kind, check and rulings, with the evidence of the smallest size.
struct Group {
  const AuditRow* first = nullptr;
  std::set<int> sizes;
};

std::vector<Group> grouped(const AuditReport& report, AuditVerdict verdict) {
  std::vector<Group> groups;
  std::map<std::string, std::size_t> index;
  for (const AuditRow& row : report.rows) {
    if (row.verdict != verdict) continue;
    const std::string key = row.game + "|" + row.kind + "|" + row.check + "|" + join(row.rulings, " ") + "|" +
                            (row.kind == "seed example" || row.kind == "conformance" ? row.implementation : "");
    auto [it, fresh] = index.emplace(key, groups.size());
    if (fresh) groups.push_back({&row, {}});
    Group& g = groups[it->second];
    g.sizes.insert(row.size);
    if (row.size < g.first->size || (!g.first->evidence && row.evidence)) g.first = &row;
  }
  return groups;
}

std::vector<Undecided> undecided_lines(const AuditReport& report) {
  std::vector<Undecided> lines;
  for (const Group& g : grouped(report, AuditVerdict::Unknown)) {
    lines.push_back({g.first->game, g.first->kind + " " + g.first->check, sizes_text(g.sizes, AuditVerdict::Unknown),
                     rulings_words(g.first->rulings), g.first->detail.substr(0, g.first->detail.find('\n'))});
  }
  for (const RulingShown& r : report.rulings) {
    if (std::string(ruling_result(r)) != "undecided") continue;
    lines.push_back({r.game, "ruling " + r.id + " " + r.ruling + ": " + r.value_a + " vs " + r.value_b,
                     size_list(r.sizes_searched), r.ruling + "=" + r.value_a + " vs " + r.ruling + "=" + r.value_b + ", the other rulings at their defaults" +
                         (r.others.empty() ? "" : " but " + join(r.others, " ")),
                     r.searched_text});
  }
  return lines;
}

// Per game, claim and rulings: the sizes proved, refuted and left unknown, each by how it was
// decided ("" for a Z3 query of its own).
struct ClaimSummary {
  std::map<std::string, std::set<int>> proved, refuted, unknown;
  bool expected_refuted = false;  // refuted as its source expected (confirmed)
  int counterexample_size = 0;    // refuted as a claim about every size: where its counterexample is
};

using ClaimKey = std::pair<std::string, std::string>;  // the claim, the rulings in words

std::map<std::string, std::map<ClaimKey, ClaimSummary>> claim_summaries(const AuditReport& report) {
  std::map<std::string, std::map<ClaimKey, ClaimSummary>> out;
  for (const AuditRow& row : report.rows) {
    if (row.kind != "proof") continue;
    ClaimSummary& s = out[row.game][{row.claim, rulings_words(row.rulings)}];
    // A claim found false is refuted, but one its source expected refuted was found false by a proof.
    const bool against_source = row.detail.rfind(kProvedAgainstSource, 0) == 0;
    const bool refuted = claim_found_false(row.verdict) && !against_source;
    s.expected_refuted = s.expected_refuted || row.verdict == AuditVerdict::Confirmed;
    if (refuted && row.size == 0) s.counterexample_size = row.counterexample_size;
    (row.verdict == AuditVerdict::Pass || (claim_found_false(row.verdict) && !refuted) ? s.proved
     : refuted                                                                         ? s.refuted
                                                                                       : s.unknown)[row.how]
        .insert(row.size);
  }
  return out;
}

// The refuted column: a refutation the claim's source expected says so.
std::string refuted_text(const ClaimSummary& s) {
  const std::string text = sizes_text(s.refuted, AuditVerdict::Finding, s.counterexample_size);
  return s.expected_refuted ? text + " (expected by its source: confirmed)" : text;
}

// Counts one row's verdict into any tally with these fields (a kind's, or the whole audit's).
template <typename Tally>
void count_verdict(Tally& tally, AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::Pass: ++tally.passed; break;
    case AuditVerdict::Finding: ++tally.findings; break;
    case AuditVerdict::Unknown: ++tally.unknown; break;
    case AuditVerdict::Fail: ++tally.failed; break;
    case AuditVerdict::NotApplicable: ++tally.not_applicable; break;
    case AuditVerdict::Confirmed: ++tally.confirmed; break;
    case AuditVerdict::ArgumentFails: ++tally.argument_fails; break;
    case AuditVerdict::NoteRefuted: ++tally.notes_refuted; break;
  }
}

// Per kind of check: its rows by verdict, and the findings and confirmed refutations also by
// claim (one however many sizes), as the sections list them.
struct KindCount {
  int total = 0, passed = 0, findings = 0, unknown = 0, failed = 0, not_applicable = 0, confirmed = 0;
  int argument_fails = 0, notes_refuted = 0;
  int finding_claims = 0, confirmed_claims = 0, argument_claims = 0, note_claims = 0;
};

std::map<std::string, KindCount> kind_counts(const AuditReport& report, const std::string& game) {
  std::map<std::string, KindCount> out;
  for (const AuditRow& row : report.rows) {
    if (row.game != game) continue;
    KindCount& c = out[row.kind];
    ++c.total;
    count_verdict(c, row.verdict);
  }
  for (AuditVerdict verdict :
       {AuditVerdict::Finding, AuditVerdict::Confirmed, AuditVerdict::ArgumentFails, AuditVerdict::NoteRefuted}) {
    for (const Group& g : grouped(report, verdict)) {
      if (g.first->game != game) continue;
      KindCount& c = out[g.first->kind];
      ++(verdict == AuditVerdict::Finding     ? c.finding_claims
         : verdict == AuditVerdict::Confirmed ? c.confirmed_claims
         : verdict == AuditVerdict::ArgumentFails ? c.argument_claims
                                                  : c.note_claims);
    }
  }
  return out;
}

// The ruling comparisons of one game ("" for all of them), counted by result.
struct RulingCounts {
  int differ = 0, same = 0, undecided = 0;
};

RulingCounts ruling_counts(const AuditReport& report, const std::string& game) {
  RulingCounts c;
  for (const RulingShown& r : report.rulings) {
    if (!game.empty() && r.game != game) continue;
    const std::string result = ruling_result(r);
    (result == "differ" ? c.differ : result == "same" ? c.same : c.undecided) += 1;
  }
  return c;
}

// "2 differ, 6 same within their bounds, 24 undecided": the words every summary counts them in.
std::string ruling_counts_words(const RulingCounts& c) {
  return std::to_string(c.differ) + " differ, " + std::to_string(c.same) + " same within their bounds, " +
         std::to_string(c.undecided) + " undecided";
}


// Per game: the ruling comparisons by result, as the totals count them.
std::string ruling_count_line(const AuditReport& report, const std::string& game) {
  const RulingCounts c = ruling_counts(report, game);
  if (c.differ + c.same + c.undecided == 0) return "";
  return ruling_counts_words(c) + " (no verdict)";
}

// The options in words ("games 5, seed 1, quick yes, selected games GAME OTHER"), not as JSON.
std::string options_text(const nlohmann::json& options) {
  std::string text;
  for (const auto& [name, value] : options.items()) {
    std::string shown;
    if (value.is_boolean()) {
      shown = value.get<bool>() ? "yes" : "no";
    } else if (value.is_string()) {
      shown = value.get<std::string>();
    } else if (value.is_array()) {
      for (const auto& item : value) shown += (shown.empty() ? "" : " ") + (item.is_string() ? item.get<std::string>() : item.dump());
      if (value.empty()) shown = "none";  // "rulings none", not "rulings ,"
    } else {
      shown = value.dump();
    }
    std::string words = name;
    std::replace(words.begin(), words.end(), '_', ' ');
    text += (text.empty() ? "" : ", ") + words + " " + shown;
  }
  return text;
}

// "3 findings" when each is one check, "2 findings (3 checks)" when a claim fails at several sizes.
std::string claims_and_checks(int claims, int checks, const char* one, const char* many) {
  return std::to_string(claims) + " " + (claims == 1 ? one : many) +
         (checks != claims ? " (" + std::to_string(checks) + " checks)" : "");
}

std::string count_line(const KindCount& c) {
  std::string line = std::to_string(c.passed) + " of " + std::to_string(c.total) + " pass";
  if (c.findings) {
    line += ", " + claims_and_checks(c.finding_claims, c.findings, "finding about the rule texts",
                                     "findings about the rule texts");
  }
  if (c.argument_fails) {
    line += ", " + claims_and_checks(c.argument_claims, c.argument_fails, "argument that fails", "arguments that fail");
  }
  if (c.notes_refuted) {
    line += ", " + claims_and_checks(c.note_claims, c.notes_refuted, "research note refuted", "research notes refuted");
  }
  if (c.confirmed) {
    line += ", " + claims_and_checks(c.confirmed_claims, c.confirmed, "expected refutation confirmed",
                                     "expected refutations confirmed");
  }
  if (c.unknown) line += ", " + std::to_string(c.unknown) + " unknown";
  if (c.failed) line += ", " + std::to_string(c.failed) + " FAILED";
  if (c.not_applicable) line += ", " + std::to_string(c.not_applicable) + " not applicable (not run)";
  return line;
}

nlohmann::json evidence_json(const std::optional<Evidence>& e) {
  if (!e) return nullptr;
  return {{"start", e->start},       {"moves", e->moves}, {"position", e->position},
          {"replay", e->replay},     {"trace", e->trace.empty() ? nlohmann::json(nullptr) : nlohmann::json(e->trace)}};
}

// A seed example's position and moves, in the words moves_sentence gives a finding's.
std::string example_moves_sentence(const ExampleShown& e) {
  if (e.move_list.empty()) return "The position: " + e.position;
  return "Moves from " + e.position + ": " + join(e.move_list, " ") + (e.refused ? " (the last is refused)" : "");
}

std::string moves_sentence(const Evidence& e) {
  if (e.moves.empty()) return "The position: " + e.position;
  return "Moves from " + e.start + ": " + join(e.moves, " ");
}

const char* kStyle = R"(body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{border-bottom:2px solid #333}h2{margin-top:2em;border-bottom:1px solid #aaa}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
.finding{border-left:4px solid #c0392b;padding-left:1em;margin:1.5em 0}.argument,.note{border-left:4px solid #b9770e;padding-left:1em;margin:1.5em 0}.confirmed{border-left:4px solid #7f8c8d;padding-left:1em;margin:1.5em 0}.defect{border-left:4px solid #8e44ad;padding-left:1em}
.pair{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}.pair figure{margin:0}.pair pre{flex:1;min-width:0}
figure{display:table}figcaption{display:table-caption;caption-side:bottom;font-size:90%;color:#444}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;font-size:85%}code{overflow-wrap:anywhere}
blockquote{margin:.5em 0;padding:.3em 1em;background:#fdf6e3;border-left:3px solid #b58900}
.pass{color:#27ae60}.open{color:#b9770e;font-weight:bold}.bad{color:#c0392b;font-weight:bold}svg{max-width:100%;height:auto})";

// The diagram at the size it declares (the audit sizes each board so that its labels are legible),
// its caption wrapped to the diagram's width.
std::string figure(const std::string& svg, const std::string& caption) {
  if (svg.empty()) return "";
  return "<figure>" + svg + "<figcaption>" + xml_escape(caption) + "</figcaption></figure>\n";
}

}  // namespace

const char* verdict_word(AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::Pass: return "pass";
    case AuditVerdict::Finding: return "finding";
    case AuditVerdict::Unknown: return "unknown";
    case AuditVerdict::Fail: return "fail";
    case AuditVerdict::NotApplicable: return "not-applicable";
    case AuditVerdict::Confirmed: return "confirmed";
    case AuditVerdict::ArgumentFails: return "argument-fails";
    case AuditVerdict::NoteRefuted: return "note-refuted";
  }
  return "?";
}

bool claim_found_false(AuditVerdict verdict) {
  return verdict == AuditVerdict::Finding || verdict == AuditVerdict::ArgumentFails ||
         verdict == AuditVerdict::NoteRefuted || verdict == AuditVerdict::Confirmed;
}

std::string no_claims_line(const AuditReport& report, const std::string& game) {
  const auto proof_of_game = [&](const auto& item) { return item.game == game && item.kind == "proof"; };
  if (std::any_of(report.rows.begin(), report.rows.end(), proof_of_game) ||
      std::any_of(report.not_run.begin(), report.not_run.end(), proof_of_game)) {
    return "";
  }
  return "no Z3 claims: " + game + "'s rules are checked by conformance, seed examples, properties and ruling comparisons only";
}

const char* ruling_result(const RulingShown& ruling) {
  return ruling.differs ? "differ" : ruling.complete ? "same" : "undecided";
}

AuditTotals audit_totals(const AuditReport& report) {
  AuditTotals t;
  for (const AuditRow& row : report.rows) count_verdict(t, row.verdict);
  // One claim is one finding however many sizes it fails at: counted as the Findings section lists them.
  t.findings = static_cast<int>(grouped(report, AuditVerdict::Finding).size());
  t.confirmed = static_cast<int>(grouped(report, AuditVerdict::Confirmed).size());
  t.argument_fails = static_cast<int>(grouped(report, AuditVerdict::ArgumentFails).size());
  t.notes_refuted = static_cast<int>(grouped(report, AuditVerdict::NoteRefuted).size());
  const RulingCounts rulings = ruling_counts(report, "");
  t.rulings_differ = rulings.differ;
  t.rulings_same = rulings.same;
  t.rulings_undecided = rulings.undecided;
  for (const NotRun& n : report.not_run) t.not_run += static_cast<int>(n.checks.size());
  return t;
}

std::string totals_line(const AuditTotals& t) {
  std::string line = counted(t.findings, "finding", "findings") + " about the rule texts; ";
  // A lemma or a research note found false is no finding about the rule texts: counted apart.
  if (t.argument_fails) {
    line += counted(t.argument_fails, "argument that fails", "arguments that fail") +
            " (a lemma of Arbiter's refuted, no claim of a rule text); ";
  }
  if (t.notes_refuted) {
    line += counted(t.notes_refuted, "research note", "research notes") + " refuted (a claim of the research notes, not of the seed text); ";
  }
  line += counted(t.without_verdict(), "result", "results") + " without a verdict";
  if (t.without_verdict()) {
    line += " (" + counted(t.unknown, "check", "checks") +
            ": a timeout, a ruling not encoded, too few cases or a premise not proved; " +
            counted(t.rulings_undecided, "ruling comparison", "ruling comparisons") +
            " undecided: the search stopped before its bounds)";
  }
  if (t.confirmed) line += "; " + counted(t.confirmed, "refutation its source expected", "refutations their sources expected") + ", confirmed";
  line += "; " + with_commas(static_cast<std::uint64_t>(t.passed)) + " passed, " + with_commas(static_cast<std::uint64_t>(t.failed)) + " failed";
  if (t.not_applicable) line += ", " + with_commas(static_cast<std::uint64_t>(t.not_applicable)) + " not applicable (not run)";
  if (t.not_run) line += ", " + counted(t.not_run, "claim", "claims") + " not checked (skipped on request)";
  return line + "; ruling comparisons: " + ruling_counts_words({t.rulings_differ, t.rulings_same, t.rulings_undecided});
}

int html_diagram_count(const AuditReport& report) {
  int count = 0;
  for (AuditVerdict verdict : {AuditVerdict::Finding, AuditVerdict::Confirmed, AuditVerdict::Fail, AuditVerdict::ArgumentFails,
                               AuditVerdict::NoteRefuted}) {
    for (const Group& g : grouped(report, verdict)) count += g.first->evidence && !g.first->evidence->svg.empty();
  }
  for (const RulingShown& r : report.rulings) count += r.differs ? !r.svg_a.empty() + !r.svg_b.empty() : 0;
  for (const MetricsShown& m : report.metrics) count += !m.svg.empty();
  for (const ExampleShown& e : report.examples) count += !e.before_svg.empty() + !e.after_svg.empty();
  return count;
}

nlohmann::json audit_json(const AuditReport& report) {
  nlohmann::json out;
  out["schema"] = "arbiter-audit/4";
  out["arbiter"] = report.arbiter;
  out["options"] = report.options;
  out["games"] = report.games;
  out["default_rulings"] = nlohmann::json::object();
  for (const auto& [game, rulings] : report.default_rulings) out["default_rulings"][game] = rulings;
  out["rulings_in_force"] = nlohmann::json::object();
  for (const std::string& game : report.games) {
    const auto it = report.rulings_in_force.find(game);
    const auto& values = it != report.rulings_in_force.end() ? it->second : report.default_rulings.at(game);
    out["rulings_in_force"][game] = values;
  }
  out["seconds"] = report.seconds;
  out["html_diagrams"] = html_diagram_count(report);
  const AuditTotals t = audit_totals(report);
  out["totals"] = {{"pass", t.passed},
                   {"finding", t.findings},
                   {"confirmed", t.confirmed},
                   {"argument_fails", t.argument_fails},
                   {"note_refuted", t.notes_refuted},
                   {"unknown", t.unknown},
                   {"fail", t.failed},
                   {"not_applicable", t.not_applicable},
                   {"rulings_differ", t.rulings_differ},
                   {"rulings_same", t.rulings_same},
                   {"rulings_undecided", t.rulings_undecided},
                   {"without_verdict", t.without_verdict()},
                   {"not_run", t.not_run}};
  out["not_run"] = nlohmann::json::array();
  for (const NotRun& n : report.not_run) {
    out["not_run"].push_back({{"game", n.game}, {"kind", n.kind}, {"checks", n.checks}, {"why", n.why}});
  }
  out["rows"] = nlohmann::json::array();
  for (const AuditRow& r : report.rows) {
    out["rows"].push_back({{"game", r.game},
                           {"kind", r.kind},
                           {"check", r.check},
                           {"claim", r.claim.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.claim)},
                           {"statement", r.statement.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.statement)},
                           {"source", r.source.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.source)},
                           {"source_kind", r.source_kind.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.source_kind)},
                           {"size", r.size == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.size)},
                           {"rulings", r.rulings},
                           {"implementation", r.implementation},
                           {"premises", r.premises},
                           {"how", r.how.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.how)},
                           {"cases", r.cases},
                           {"verdict", verdict_word(r.verdict)},
                           {"seconds", r.seconds},
                           {"detail", r.detail},
                           {"counterexample_size", r.counterexample_size == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.counterexample_size)},
                           {"leaves_unproved", r.leaves_unproved},
                           {"also_refutes", r.also_refutes},
                           {"evidence", evidence_json(r.evidence)}});
  }
  out["examples"] = nlohmann::json::array();
  for (const ExampleShown& e : report.examples) {
    // What the text says, then how to replay it (as a finding's evidence), then its result.
    nlohmann::json example = {{"game", e.game}, {"example", e.name}, {"source", e.source}, {"claim", e.claim}};
    example.update({{"size", e.size}, {"rulings", e.rulings}, {"position", e.position}, {"moves", e.move_list}});
    example.update({{"last_move_refused", e.refused}, {"explain", e.command}, {"passed", e.passed}});
    out["examples"].push_back(std::move(example));
  }
  out["rulings"] = nlohmann::json::array();
  for (const RulingShown& r : report.rulings) {
    const auto unless_differs = [&](nlohmann::json value) { return r.differs ? nlohmann::json(nullptr) : value; };
    out["rulings"].push_back({{"game", r.game}, {"id", r.id}, {"ruling", r.ruling}, {"value_a", r.value_a},
                              {"value_b", r.value_b}, {"others", r.others}, {"differs", r.differs}, {"result", ruling_result(r)},
                              {"size", r.differs ? nlohmann::json(r.size) : nlohmann::json(nullptr)},
                              {"kind", r.differs ? nlohmann::json(r.kind) : nlohmann::json(nullptr)},
                              {"moves", r.moves}, {"move", r.move},
                              {"bounds", {{"sizes", r.bound_sizes}, {"positions_per_size", r.bound_positions},
                                          {"seconds", r.bound_seconds}}},
                              {"positions", r.positions}, {"seconds", r.seconds},
                              {"sizes_searched", unless_differs(r.sizes_searched)},
                              {"complete", unless_differs(r.complete)},
                              {"cut", r.differs || r.complete ? nlohmann::json(nullptr) : nlohmann::json(r.cut)},
                              {"searched", r.searched}});
  }
  return out;
}

namespace {

// What the Findings section says when it has none: no claim found false among the checks run,
// never that the checks without a verdict hold (the ones not run are named after it, always).
std::vector<std::string> no_findings_sentences(const AuditReport& report) {
  std::vector<std::string> sentences{"None: no check that was run found a rule text's claim false or Arbiter at fault."};
  const AuditTotals totals = audit_totals(report);
  std::vector<std::string> apart;
  if (totals.argument_fails) apart.push_back(std::to_string(totals.argument_fails) + " of Arbiter's lemmas (Arguments that fail)");
  if (totals.notes_refuted) {
    apart.push_back(std::to_string(totals.notes_refuted) + " of the research notes' claims (Research notes refuted)");
  }
  if (!apart.empty()) sentences.push_back("Refuted, but no claim of a rule text: " + join(apart, " and ") + ", below.");
  if (totals.without_verdict()) {
    sentences.push_back(counted(totals.without_verdict(), "result", "results") +
                        (totals.without_verdict() == 1 ? " has" : " have") +
                        " no verdict (see Not decided): neither found false nor shown to hold.");
  }
  return sentences;
}

const char* kUndecidedIntro =
    "Checks that ended without a verdict (a timeout, a ruling not encoded, too few cases, a premise not proved) and "
    "ruling comparisons whose search stopped before its bounds without a difference: none of them counts as passing.";
const char* kRulingsIntro =
    "Each comparison changes one ruling from its value in force (its default unless --rule sets it), every other ruling "
    "at its value in force (the summary lists them). ";
const char* kConfirmedIntro =
    "Claims that their source quotes to say they are false (research notes: \"expected: refuted\"), not as a rule "
    "text's claim, and that were refuted as expected: they confirm the source and are no findings about the rule texts.";

const char* kArgumentsIntro =
    "Lemmas of Arbiter's own argument (steps it uses to prove a claim, such as an invariant; some read from the "
    "rulings) that were refuted: the argument fails, and the claims resting on it are left unproved unless the "
    "counterexample refutes them too (then they are listed as findings). A lemma is no claim of a rule text: its "
    "refutation shows no rule text false.";
const char* kNotesIntro =
    "Claims of the research notes (rules.md), not of the seed text, that were refuted (or, where a note expected a "
    "refutation, proved): the note is wrong, no rule text is shown false by it.";

// The heading of a group in the findings' form, by the list it is in.
const char* group_heading(AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::Fail: return "DEFECT";
    case AuditVerdict::Confirmed: return "Confirmed";
    case AuditVerdict::ArgumentFails: return "Argument fails";
    case AuditVerdict::NoteRefuted: return "Research note refuted";
    default: return "Finding";
  }
}

// The sections in the findings' form, in their order: each with its heading (none: under Findings),
// its HTML id and class, its introduction, and the groups it lists.
struct GroupSection {
  AuditVerdict verdict;
  const char* heading;
  const char* id;
  const char* css;
  const char* intro;
  std::vector<Group> groups;
};

std::vector<GroupSection> group_sections(const AuditReport& report) {
  return {{AuditVerdict::Finding, nullptr, nullptr, "finding", nullptr, grouped(report, AuditVerdict::Finding)},
          {AuditVerdict::Fail, nullptr, nullptr, "defect", nullptr, grouped(report, AuditVerdict::Fail)},
          {AuditVerdict::ArgumentFails, "Arguments that fail", "arguments", "argument", kArgumentsIntro,
           grouped(report, AuditVerdict::ArgumentFails)},
          {AuditVerdict::NoteRefuted, "Research notes refuted", "notes", "note", kNotesIntro,
           grouped(report, AuditVerdict::NoteRefuted)},
          {AuditVerdict::Confirmed, "Expected refutations confirmed", "confirmed", "confirmed", kConfirmedIntro,
           grouped(report, AuditVerdict::Confirmed)}};
}

// A group's heading: what it is, the claim, its sizes (or, refuted about every size, where) and rulings.
std::string group_title(AuditVerdict verdict, const Group& g) {
  const AuditRow& r = *g.first;
  return std::string(group_heading(verdict)) + ": " + r.game + ", " + r.check + " (" + sizes_word(g.sizes) +
         sizes_text(g.sizes, verdict, r.how, r.counterexample_size) + "; " + rulings_words(r.rulings) + ")";
}

}  // namespace

std::string audit_markdown(const AuditReport& report) {
  std::ostringstream md;
  const AuditTotals t = audit_totals(report);
  md << "# Arbiter audit\n\n" << report.arbiter << "; options: " << options_text(report.options) << "; "
     << seconds_text(report.seconds) << " s\n\n## Summary\n\n" << totals_line(t) << ".\n";
  const auto claims = claim_summaries(report);
  for (const std::string& game : report.games) {
    const auto [in_force, listed] = audit_rulings_in_force(report, game);
    md << "\n### " << game << "\n\n" << in_force << ": " << listed
       << ". Every check below ran under them unless it names others.\n\n";
    for (const auto& [kind, c] : kind_counts(report, game)) md << "- " << kind << ": " << count_line(c) << "\n";
    if (const std::string none = no_claims_line(report, game); !none.empty()) md << "- proof: " << none << "\n";
    const std::string rulings_line = ruling_count_line(report, game);
    if (!rulings_line.empty()) md << "- ruling comparison: " << rulings_line << "\n";
    for (const NotRun& n : report.not_run) {
      if (n.game == game) md << "- " << n.kind << ": not run (" << n.why << "), " << n.checks.size() << " claims not checked\n";
    }
    const auto it = claims.find(game);
    if (it != claims.end()) {
      md << "\n| claim | under | proved at sizes | refuted at sizes | unknown at sizes |\n|---|---|---|---|---|\n";
      for (const auto& [key, s] : it->second) {
        md << "| " << key.first << " | " << key.second << " | " << sizes_text(s.proved, AuditVerdict::Pass) << " | "
           << refuted_text(s) << " | " << sizes_text(s.unknown, AuditVerdict::Unknown) << " |\n";
      }
    }
  }
  md << "\n## Findings\n";
  const std::vector<GroupSection> sections = group_sections(report);
  if (sections[0].groups.empty() && sections[1].groups.empty()) {
    md << "\n" << join(no_findings_sentences(report), "\n\n") << "\n";
  }
  for (const GroupSection& section : sections) {
    if (section.heading != nullptr) {
      if (section.verdict == AuditVerdict::ArgumentFails) {
        for (const NotRun& n : report.not_run) md << "\nNot checked: " << not_run_sentence(n) << ".\n";  // still under Findings
      }
      if (!section.groups.empty()) md << "\n## " << section.heading << "\n\n" << section.intro << "\n";
    }
    for (const Group& g : section.groups) {
      const AuditRow& r = *g.first;
      md << "\n### " << group_title(section.verdict, g) << "\n\n";
      if (!r.statement.empty()) md << "> " << r.statement << "\n>\n> -- " << r.source << "\n\n";
      md << "Under " << rulings_words(r.rulings) << ".\n\n" << r.detail << "\n";
      if (r.evidence) {
        md << "\n" << moves_sentence(*r.evidence) << "\n\n```\n"
           << r.evidence->diagram << "```\n\nReplay: `" << r.evidence->replay << "`\n";
        if (!r.evidence->trace.empty()) md << "\nExplain trace of the last move:\n\n```\n" << r.evidence->trace << "```\n";
      }
    }
  }
  const auto undecided = undecided_lines(report);
  if (!undecided.empty()) {
    md << "\n## Not decided\n\n" << counted(t.without_verdict(), "result", "results") << " without a verdict. " << kUndecidedIntro
       << "\n\n| game | check | sizes | under | why |\n|---|---|---|---|---|\n";
    for (const Undecided& u : undecided) {
      md << "| " << u.game << " | " << u.check << " | " << u.sizes << " | " << u.rulings << " | " << u.why << " |\n";
    }
  }
  const auto inapplicable = grouped(report, AuditVerdict::NotApplicable);
  if (!inapplicable.empty()) {
    md << "\n## Not applicable (not run)\n\n| game | check | sizes | under | why |\n|---|---|---|---|---|\n";
    for (const Group& g : inapplicable) {
      md << "| " << g.first->game << " | " << g.first->check << " | " << sizes_text(g.sizes, AuditVerdict::NotApplicable)
         << " | " << rulings_words(g.first->rulings) << " | " << g.first->detail.substr(0, g.first->detail.find('\n')) << " |\n";
    }
  }
  md << "\n## Rulings whose readings differ\n\n" << kRulingsIntro
     << ruling_counts_words({t.rulings_differ, t.rulings_same, t.rulings_undecided}) << ".\n";
  for (const RulingShown& r : report.rulings) {
    md << "\n### " << r.game << " " << r.id << " " << r.ruling << ": " << r.value_a << " vs " << r.value_b
       << (r.others.empty() ? "" : " (with " + join(r.others, " ") + ")") << "\n\n";
    if (!r.differs) {
      md << r.searched_text << "\n";
      continue;
    }
    md << "They differ (" << r.kind << ") on size " << r.size << " after " << (r.moves.empty() ? "no moves" : r.moves)
       << (r.move.empty() ? "" : "; the move: " + r.move) << ".\n\n```\n" << r.position << "```\n\n"
       << r.ruling << "=" << r.value_a << ":\n\n```\n" << r.under_a << "\n```\n\n" << r.ruling << "=" << r.value_b
       << ":\n\n```\n" << r.under_b << "\n```\n";
  }
  if (!report.metrics.empty()) {
    md << "\n## Balance per reading\n";
    for (const MetricsShown& m : report.metrics) {
      md << "\n### " << m.game << ": " << m.ruling << (m.others.empty() ? "" : " (with " + join(m.others, " ") + ")") << "\n\n```\n"
         << m.text << "```\n";
    }
  }
  md << "\n## Seed examples\n\n| game | example | source | claim | under | result |\n|---|---|---|---|---|---|\n";
  for (const ExampleShown& e : report.examples) {
    md << "| " << e.game << " | " << e.name << " | " << e.source << " | " << e.claim << " | " << rulings_words(e.rulings)
       << " | " << (e.passed ? "pass" : "**FAIL**") << " |\n";
  }
  if (!report.examples.empty()) md << "\nTo replay each example (its position, its moves, the command):\n\n";
  for (const ExampleShown& e : report.examples) {
    md << "- " << e.game << " " << e.name << ": " << example_moves_sentence(e) << "; `" << e.command << "`\n";
  }
  md << "\n## Passing checks\n\n<details><summary>" << t.passed
     << " checks passed</summary>\n\n| game | kind | check | size | under | implementation | cases | seconds |\n"
        "|---|---|---|---:|---|---|---:|---:|\n";
  for (const AuditRow& r : report.rows) {
    if (r.verdict != AuditVerdict::Pass) continue;
    md << "| " << r.game << " | " << r.kind << " | " << r.check << " | " << (r.size ? std::to_string(r.size) : "") << " | "
       << rulings_words(r.rulings) << " | " << (r.how.empty() ? r.implementation : r.how) << " | " << with_commas(static_cast<std::uint64_t>(r.cases)) << " | "
       << seconds_text(r.seconds) << " |\n";
  }
  md << "\n</details>\n";
  return md.str();
}

std::string audit_html(const AuditReport& report) {
  std::ostringstream h;
  const AuditTotals t = audit_totals(report);
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Arbiter audit</title><style>" << kStyle
    << "</style></head><body>\n<h1>Arbiter audit</h1>\n<p>" << xml_escape(report.arbiter) << "; " << seconds_text(report.seconds)
    << " s; options: " << xml_escape(options_text(report.options)) << "</p>\n<h2 id=\"summary\">Summary</h2>\n<p>"
    << xml_escape(totals_line(t)) << ".</p>\n";
  const auto claims = claim_summaries(report);
  for (const std::string& game : report.games) {
    const auto [in_force, listed] = audit_rulings_in_force(report, game);
    h << "<h3>" << xml_escape(game) << "</h3>\n<p>" << xml_escape(in_force) << ": <code>" << xml_escape(listed)
      << "</code>. Every check below ran under them unless it names others.</p>\n<ul>\n";
    for (const auto& [kind, c] : kind_counts(report, game)) {
      // A finding or an unknown is no pass: amber, so the line does not read as all clear.
      const char* shade = c.failed ? "bad" : c.findings + c.argument_fails + c.notes_refuted + c.unknown > 0 ? "open" : "pass";
      h << "<li>" << xml_escape(kind) << ": <span class=\"" << shade << "\">" << xml_escape(count_line(c))
        << "</span></li>\n";
    }
    if (const std::string none = no_claims_line(report, game); !none.empty()) h << "<li>proof: " << xml_escape(none) << "</li>\n";
    const std::string rulings_line = ruling_count_line(report, game);
    if (!rulings_line.empty()) h << "<li>ruling comparison: " << xml_escape(rulings_line) << "</li>\n";
    for (const NotRun& n : report.not_run) {
      if (n.game == game) {
        h << "<li>" << xml_escape(n.kind) << ": <span class=\"bad\">not run (" << xml_escape(n.why) << "), " << n.checks.size()
          << " claims not checked</span></li>\n";
      }
    }
    h << "</ul>\n";
    const auto it = claims.find(game);
    if (it != claims.end()) {
      h << "<table><tr><th>claim</th><th>under</th><th>proved at sizes</th><th>refuted at sizes</th><th>unknown at sizes</th></tr>\n";
      for (const auto& [key, s] : it->second) {
        h << "<tr><td>" << xml_escape(key.first) << "</td><td>" << xml_escape(key.second) << "</td><td>"
          << xml_escape(sizes_text(s.proved, AuditVerdict::Pass)) << "</td><td>" << xml_escape(refuted_text(s)) << "</td><td>"
          << xml_escape(sizes_text(s.unknown, AuditVerdict::Unknown)) << "</td></tr>\n";
      }
      h << "</table>\n";
    }
  }
  h << "<h2 id=\"findings\">Findings</h2>\n";
  const std::vector<GroupSection> sections = group_sections(report);
  if (sections[0].groups.empty() && sections[1].groups.empty()) {
    for (const std::string& sentence : no_findings_sentences(report)) h << "<p>" << xml_escape(sentence) << "</p>\n";
  }
  for (const GroupSection& section : sections) {
    if (section.heading != nullptr) {
      if (section.verdict == AuditVerdict::ArgumentFails) {
        for (const NotRun& n : report.not_run) h << "<p class=\"bad\">Not checked: " << xml_escape(not_run_sentence(n)) << ".</p>\n";
      }
      if (!section.groups.empty()) {
        h << "<h2 id=\"" << section.id << "\">" << section.heading << "</h2>\n<p>" << xml_escape(section.intro) << "</p>\n";
      }
    }
    for (const Group& g : section.groups) {
      const AuditRow& r = *g.first;
      h << "<section class=\"" << section.css << "\"><h3>" << xml_escape(group_title(section.verdict, g)) << "</h3>\n";
      if (!r.statement.empty()) {
        h << "<blockquote>" << xml_escape(r.statement) << "<br>&mdash; " << xml_escape(r.source) << "</blockquote>\n";
      }
      h << "<p>Under " << xml_escape(rulings_words(r.rulings)) << ".</p>\n<pre>" << xml_escape(r.detail) << "</pre>\n";
      if (r.evidence) {
        h << figure(r.evidence->svg, "the counterexample: " + r.evidence->position + " (" + r.evidence->status + ")");
        h << "<p>" << xml_escape(moves_sentence(*r.evidence)) << "</p>\n<p>Replay: <code>"
          << xml_escape(r.evidence->replay) << "</code></p>\n";
        if (!r.evidence->trace.empty()) h << "<p>Explain trace of the last move:</p><pre>" << xml_escape(r.evidence->trace) << "</pre>\n";
      }
      h << "</section>\n";
    }
  }
  const auto undecided = undecided_lines(report);
  if (!undecided.empty()) {
    h << "<h2 id=\"unknown\">Not decided</h2>\n<p>" << counted(t.without_verdict(), "result", "results") << " without a verdict. " << kUndecidedIntro
      << "</p>\n<table><tr><th>game</th><th>check</th><th>sizes</th><th>under</th><th>why</th></tr>\n";
    for (const Undecided& u : undecided) {
      h << "<tr><td>" << xml_escape(u.game) << "</td><td>" << xml_escape(u.check) << "</td><td>" << xml_escape(u.sizes)
        << "</td><td>" << xml_escape(u.rulings) << "</td><td>" << xml_escape(u.why) << "</td></tr>\n";
    }
    h << "</table>\n";
  }
  const auto inapplicable = grouped(report, AuditVerdict::NotApplicable);
  if (!inapplicable.empty()) {
    h << "<h2 id=\"inapplicable\">Not applicable (not run)</h2>\n"
         "<table><tr><th>game</th><th>check</th><th>sizes</th><th>under</th><th>why</th></tr>\n";
    for (const Group& g : inapplicable) {
      h << "<tr><td>" << xml_escape(g.first->game) << "</td><td>" << xml_escape(g.first->check) << "</td><td>"
        << sizes_text(g.sizes, AuditVerdict::NotApplicable) << "</td><td>" << xml_escape(rulings_words(g.first->rulings))
        << "</td><td>" << xml_escape(g.first->detail.substr(0, g.first->detail.find('\n'))) << "</td></tr>\n";
    }
    h << "</table>\n";
  }
  h << "<h2 id=\"rulings\">Rulings whose readings differ</h2>\n<p>" << kRulingsIntro
    << ruling_counts_words({t.rulings_differ, t.rulings_same, t.rulings_undecided}) << ".</p>\n";
  for (const RulingShown& r : report.rulings) {
    if (!r.differs) continue;
    h << "<section><h3>" << xml_escape(r.game + " " + r.id + " " + r.ruling + ": " + r.value_a + " vs " + r.value_b +
                                  (r.others.empty() ? "" : " (with " + join(r.others, " ") + ")"))
      << "</h3>\n<p>"
      << xml_escape("They differ (" + r.kind + ") on size " + std::to_string(r.size) + " after " +
              (r.moves.empty() ? std::string("no moves") : r.moves) + (r.move.empty() ? "" : "; the move: " + r.move))
      << "</p>\n<div class=\"pair\">"
      << figure(r.svg_a, r.caption_a) << figure(r.svg_b, r.caption_b) << "</div>\n"
      << "<div class=\"pair\"><pre>" << xml_escape(r.ruling + "=" + r.value_a + "\n" + r.under_a) << "</pre><pre>"
      << xml_escape(r.ruling + "=" + r.value_b + "\n" + r.under_b) << "</pre></div></section>\n";
  }
  const std::pair<const char*, std::string> folded[] = {
      {"same", " comparisons found no difference in every reachable position of the sizes they searched (same within their bounds)"},
      {"undecided", " comparisons undecided: the search stopped before its bounds without a difference (no verdict)"}};
  for (const auto& [result, summary] : folded) {
    std::vector<const RulingShown*> listed;
    for (const RulingShown& r : report.rulings) {
      if (ruling_result(r) == std::string(result)) listed.push_back(&r);
    }
    if (listed.empty()) continue;
    h << "<details><summary>" << listed.size() << xml_escape(summary) << "</summary><ul>\n";
    for (const RulingShown* r : listed) {
      h << "<li>" << xml_escape(r->game + " " + r->id + " " + r->ruling + ": " + r->value_a + " vs " + r->value_b + ". " + r->searched_text)
        << "</li>\n";
    }
    h << "</ul></details>\n";
  }
  if (!report.metrics.empty()) {
    h << "<h2 id=\"balance\">Balance per reading</h2>\n";
    for (const MetricsShown& m : report.metrics) {
      h << "<section><h3>" << xml_escape(m.game + ": " + m.ruling + (m.others.empty() ? "" : " (with " + join(m.others, " ") + ")"))
        << "</h3>\n" << m.svg << "\n<details><summary>numbers</summary><pre>"
        << xml_escape(m.text) << "</pre></details></section>\n";
    }
  }
  h << "<h2 id=\"examples\">Seed examples</h2>\n";
  for (const ExampleShown& e : report.examples) {
    h << "<section><h3>" << xml_escape(e.game + ": " + e.name) << " <span class=\"" << (e.passed ? "pass\">pass" : "bad\">FAIL")
      << "</span></h3>\n<blockquote>" << xml_escape(e.claim) << "<br>&mdash; " << xml_escape(e.source) << "</blockquote>\n<p>Under "
      << xml_escape(rulings_words(e.rulings)) << ".</p>\n<div class=\"pair\">"
      << figure(e.before_svg, "before (" + e.before_status + ")") << figure(e.after_svg, "after " + e.moves + " (" + e.after_status + ")")
      << "</div>\n<p>" << xml_escape(example_moves_sentence(e)) << "</p>\n<p>Replay: <code>" << xml_escape(e.command)
      << "</code></p></section>\n";
  }
  h << "<h2 id=\"passing\">Passing checks</h2>\n<details><summary>" << t.passed
    << " checks passed</summary>\n<table><tr><th>game</th><th>kind</th><th>check</th><th>size</th><th>under</th>"
       "<th>implementation</th><th>cases</th><th>seconds</th></tr>\n";
  for (const AuditRow& r : report.rows) {
    if (r.verdict != AuditVerdict::Pass) continue;
    h << "<tr><td>" << xml_escape(r.game) << "</td><td>" << xml_escape(r.kind) << "</td><td>" << xml_escape(r.check) << "</td><td>"
      << (r.size ? std::to_string(r.size) : "") << "</td><td>" << xml_escape(rulings_words(r.rulings)) << "</td><td>"
      << xml_escape(r.how.empty() ? r.implementation : r.how) << "</td><td>" << with_commas(static_cast<std::uint64_t>(r.cases)) << "</td><td>" << seconds_text(r.seconds)
      << "</td></tr>\n";
  }
  h << "</table></details>\n</body></html>\n";
  return h.str();
}

struct ReportFolder::Created {
  std::vector<std::string> folders;  // outermost first
  std::atomic<bool> kept{false};     // the report is being written into them

  void remove_unless_kept() noexcept {
    if (kept) return;
    std::error_code error;
    // Innermost first; remove() leaves a folder that is not empty (something else put there) alone.
    for (auto it = folders.rbegin(); it != folders.rend(); ++it) std::filesystem::remove(*it, error);
  }
};

ReportFolder::ReportFolder(const std::string& directory) : directory_(directory), created_(std::make_shared<Created>()) {
  std::error_code error;
  // The folders missing now are the ones this audit creates (a path it cannot look at is not one).
  for (std::filesystem::path p(directory); !p.empty() && p != p.parent_path(); p = p.parent_path()) {
    const bool there = std::filesystem::exists(p, error);
    if (there || error) break;
    created_->folders.insert(created_->folders.begin(), p.string());
  }
  std::string problem = directory_problem(directory);  // makes the missing folders
  const std::filesystem::path probe = std::filesystem::path(directory) / ".arbiter-write-test";
  std::ofstream out;
  if (problem.empty()) {
    out.open(probe);
    if (!out) problem = std::string("cannot write into it: ") + std::strerror(errno);
  }
  if (!problem.empty()) {
    created_->remove_unless_kept();
    throw InputError("--report " + quote_input(directory) + ": " + problem);
  }
  out.close();
  std::filesystem::remove(probe, error);
  if (!created_->folders.empty()) add_stop_hook([created = created_] { created->remove_unless_kept(); });
}

ReportFolder::~ReportFolder() { created_->remove_unless_kept(); }

bool ReportFolder::created() const { return !created_->folders.empty(); }

void ReportFolder::write(const AuditReport& report) {
  created_->kept = true;
  const std::filesystem::path folder(directory_);
  std::error_code error;
  std::filesystem::create_directories(folder, error);  // again, in case it was removed meanwhile
  write_whole_file((folder / "audit.json").string(), json_text(audit_json(report)) + "\n");
  write_whole_file((folder / "audit.md").string(), audit_markdown(report));
  write_whole_file((folder / "audit.html").string(), audit_html(report));
}

}  // namespace arbiter::cli

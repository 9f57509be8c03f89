#include "cli/audit_report.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
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

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

std::string sizes_text(const std::set<int>& sizes) {
  std::vector<std::string> words;
  for (int n : sizes) words.push_back(n == 0 ? "every size (one proof)" : std::to_string(n));
  return words.empty() ? "-" : join(words, ", ");
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

// The checks that ended without a verdict, and the properties that claim nothing under the
// configuration audited: one line each, after the findings; neither counts as passing.
const std::pair<AuditVerdict, const char*> kUnverifiedSections[] = {
    {AuditVerdict::Unknown, "Not decided"}, {AuditVerdict::NotApplicable, "Not applicable (not run)"}};

// Per game and claim: the sizes proved, refuted and left unknown.
struct ClaimSummary {
  std::set<int> proved, refuted, unknown;
};

std::map<std::string, std::map<std::string, ClaimSummary>> claim_summaries(const AuditReport& report) {
  std::map<std::string, std::map<std::string, ClaimSummary>> out;
  for (const AuditRow& row : report.rows) {
    if (row.kind != "proof") continue;
    ClaimSummary& s = out[row.game][row.claim];
    (row.verdict == AuditVerdict::Pass ? s.proved : row.verdict == AuditVerdict::Finding ? s.refuted : s.unknown)
        .insert(row.size);
  }
  return out;
}

struct KindCount {
  int total = 0, passed = 0, findings = 0, unknown = 0, failed = 0, not_applicable = 0;
};

std::map<std::string, KindCount> kind_counts(const AuditReport& report, const std::string& game) {
  std::map<std::string, KindCount> out;
  for (const AuditRow& row : report.rows) {
    if (row.game != game) continue;
    KindCount& c = out[row.kind];
    ++c.total;
    switch (row.verdict) {
      case AuditVerdict::Pass: ++c.passed; break;
      case AuditVerdict::Finding: ++c.findings; break;
      case AuditVerdict::Unknown: ++c.unknown; break;
      case AuditVerdict::Fail: ++c.failed; break;
      case AuditVerdict::NotApplicable: ++c.not_applicable; break;
    }
  }
  return out;
}

std::string count_line(const KindCount& c) {
  std::string line = std::to_string(c.passed) + " of " + std::to_string(c.total) + " pass";
  if (c.findings) line += ", " + std::to_string(c.findings) + " findings";
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

std::string moves_sentence(const Evidence& e) {
  if (e.moves.empty()) return "The position: " + e.position;
  return "Moves from " + e.start + ": " + join(e.moves, " ");
}

const char* kStyle = R"(body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{border-bottom:2px solid #333}h2{margin-top:2em;border-bottom:1px solid #aaa}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
.finding{border-left:4px solid #c0392b;padding-left:1em;margin:1.5em 0}.defect{border-left:4px solid #8e44ad;padding-left:1em}
.pair{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}.pair figure{margin:0}.pair pre{flex:1;min-width:0}
figcaption{font-size:90%;color:#444}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;font-size:85%}code{overflow-wrap:anywhere}
blockquote{margin:.5em 0;padding:.3em 1em;background:#fdf6e3;border-left:3px solid #b58900}
.pass{color:#27ae60}.bad{color:#c0392b;font-weight:bold}svg{max-width:100%;height:auto})";

std::string figure(const std::string& svg, const std::string& caption, int width = 260) {
  if (svg.empty()) return "";
  return "<figure style=\"width:" + std::to_string(width) + "px\">" + svg + "<figcaption>" + xml_escape(caption) +
         "</figcaption></figure>\n";
}

}  // namespace

const char* verdict_word(AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::Pass: return "pass";
    case AuditVerdict::Finding: return "finding";
    case AuditVerdict::Unknown: return "unknown";
    case AuditVerdict::Fail: return "fail";
    case AuditVerdict::NotApplicable: return "not-applicable";
  }
  return "?";
}

int html_diagram_count(const AuditReport& report) {
  int count = 0;
  for (AuditVerdict verdict : {AuditVerdict::Finding, AuditVerdict::Fail}) {
    for (const Group& g : grouped(report, verdict)) count += g.first->evidence && !g.first->evidence->svg.empty();
  }
  for (const RulingShown& r : report.rulings) count += r.differs ? !r.svg_a.empty() + !r.svg_b.empty() : 0;
  for (const MetricsShown& m : report.metrics) count += !m.svg.empty();
  for (const ExampleShown& e : report.examples) count += !e.before_svg.empty() + !e.after_svg.empty();
  return count;
}

nlohmann::json audit_json(const AuditReport& report) {
  nlohmann::json out;
  out["schema"] = "arbiter-audit/2";
  out["arbiter"] = report.arbiter;
  out["options"] = report.options;
  out["games"] = report.games;
  out["seconds"] = report.seconds;
  out["html_diagrams"] = html_diagram_count(report);
  out["rows"] = nlohmann::json::array();
  for (const AuditRow& r : report.rows) {
    out["rows"].push_back({{"game", r.game},
                           {"kind", r.kind},
                           {"check", r.check},
                           {"claim", r.claim.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.claim)},
                           {"statement", r.statement.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.statement)},
                           {"source", r.source.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.source)},
                           {"size", r.size == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.size)},
                           {"rulings", r.rulings},
                           {"implementation", r.implementation},
                           {"cases", r.cases},
                           {"verdict", verdict_word(r.verdict)},
                           {"seconds", r.seconds},
                           {"detail", r.detail},
                           {"evidence", evidence_json(r.evidence)}});
  }
  out["rulings"] = nlohmann::json::array();
  for (const RulingShown& r : report.rulings) {
    const auto unless_differs = [&](nlohmann::json value) { return r.differs ? nlohmann::json(nullptr) : value; };
    out["rulings"].push_back({{"game", r.game}, {"id", r.id}, {"ruling", r.ruling}, {"value_a", r.value_a},
                              {"value_b", r.value_b}, {"differs", r.differs},
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

std::string audit_markdown(const AuditReport& report) {
  std::ostringstream md;
  md << "# Arbiter audit\n\n" << report.arbiter << "; options: `" << report.options.dump() << "`; "
     << seconds_text(report.seconds) << " s\n\n## Summary\n";
  const auto claims = claim_summaries(report);
  for (const std::string& game : report.games) {
    md << "\n### " << game << "\n\n";
    for (const auto& [kind, c] : kind_counts(report, game)) md << "- " << kind << ": " << count_line(c) << "\n";
    const auto it = claims.find(game);
    if (it != claims.end()) {
      md << "\n| claim | proved at sizes | refuted at sizes | unknown at sizes |\n|---|---|---|---|\n";
      for (const auto& [claim, s] : it->second) {
        md << "| " << claim << " | " << sizes_text(s.proved) << " | " << sizes_text(s.refuted) << " | "
           << sizes_text(s.unknown) << " |\n";
      }
    }
  }
  md << "\n## Findings\n";
  const auto findings = grouped(report, AuditVerdict::Finding);
  const auto defects = grouped(report, AuditVerdict::Fail);
  if (findings.empty() && defects.empty()) md << "\nNone: every claim checked holds.\n";
  for (const auto* list : {&findings, &defects}) {
    for (const Group& g : *list) {
      const AuditRow& r = *g.first;
      md << "\n### " << (list == &defects ? "DEFECT" : "Finding") << ": " << r.game << ", " << r.check << " ("
         << (g.sizes.size() == 1 ? "size " : "sizes ") << sizes_text(g.sizes) << ")\n\n";
      if (!r.statement.empty()) md << "> " << r.statement << "\n>\n> -- " << r.source << "\n\n";
      md << r.detail << "\n";
      if (r.evidence) {
        md << "\n" << moves_sentence(*r.evidence) << "\n\n```\n"
           << r.evidence->diagram << "```\n\nReplay: `" << r.evidence->replay << "`\n";
        if (!r.evidence->trace.empty()) md << "\nExplain trace of the last move:\n\n```\n" << r.evidence->trace << "```\n";
      }
    }
  }
  for (const auto& [verdict, title] : kUnverifiedSections) {
    const auto groups = grouped(report, verdict);
    if (groups.empty()) continue;
    md << "\n## " << title << "\n\n| game | check | sizes | why |\n|---|---|---|---|\n";
    for (const Group& g : groups) {
      std::string why = g.first->detail.substr(0, g.first->detail.find('\n'));
      md << "| " << g.first->game << " | " << g.first->check << " | " << sizes_text(g.sizes) << " | " << why << " |\n";
    }
  }
  md << "\n## Rulings whose readings differ\n";
  for (const RulingShown& r : report.rulings) {
    md << "\n### " << r.game << " " << r.id << " " << r.ruling << ": " << r.value_a << " vs " << r.value_b << "\n\n";
    if (!r.differs) {
      md << r.searched << "\n";
      continue;
    }
    md << "They differ (" << r.kind << ") on size " << r.size << " after " << (r.moves.empty() ? "no moves" : r.moves)
       << (r.move.empty() ? "" : "; the move: " + r.move) << ".\n\n```\n" << r.position << "```\n\n"
       << r.ruling << "=" << r.value_a << ":\n\n```\n" << r.under_a << "\n```\n\n" << r.ruling << "=" << r.value_b
       << ":\n\n```\n" << r.under_b << "\n```\n";
  }
  if (!report.metrics.empty()) {
    md << "\n## Balance per reading\n";
    for (const MetricsShown& m : report.metrics) md << "\n### " << m.game << ": " << m.ruling << "\n\n```\n" << m.text << "```\n";
  }
  md << "\n## Seed examples\n\n| game | example | source | claim | result |\n|---|---|---|---|---|\n";
  for (const ExampleShown& e : report.examples) {
    md << "| " << e.game << " | " << e.name << " | " << e.source << " | " << e.claim << " | "
       << (e.passed ? "pass" : "**FAIL**") << " |\n";
  }
  md << "\n## Passing checks\n\n<details><summary>" << std::count_if(report.rows.begin(), report.rows.end(), [](const AuditRow& r) {
    return r.verdict == AuditVerdict::Pass;
  }) << " checks passed</summary>\n\n| game | kind | check | size | implementation | cases | seconds |\n|---|---|---|---:|---|---:|---:|\n";
  for (const AuditRow& r : report.rows) {
    if (r.verdict != AuditVerdict::Pass) continue;
    md << "| " << r.game << " | " << r.kind << " | " << r.check << " | " << (r.size ? std::to_string(r.size) : "") << " | "
       << r.implementation << " | " << r.cases << " | " << seconds_text(r.seconds) << " |\n";
  }
  md << "\n</details>\n";
  return md.str();
}

std::string audit_html(const AuditReport& report) {
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Arbiter audit</title><style>" << kStyle
    << "</style></head><body>\n<h1>Arbiter audit</h1>\n<p>" << xml_escape(report.arbiter) << "; " << seconds_text(report.seconds)
    << " s; options <code>" << xml_escape(report.options.dump()) << "</code></p>\n<h2 id=\"summary\">Summary</h2>\n";
  const auto claims = claim_summaries(report);
  for (const std::string& game : report.games) {
    h << "<h3>" << xml_escape(game) << "</h3>\n<ul>\n";
    for (const auto& [kind, c] : kind_counts(report, game)) {
      h << "<li>" << xml_escape(kind) << ": <span class=\"" << (c.failed ? "bad" : "pass") << "\">" << xml_escape(count_line(c))
        << "</span></li>\n";
    }
    h << "</ul>\n";
    const auto it = claims.find(game);
    if (it != claims.end()) {
      h << "<table><tr><th>claim</th><th>proved at sizes</th><th>refuted at sizes</th><th>unknown at sizes</th></tr>\n";
      for (const auto& [claim, s] : it->second) {
        h << "<tr><td>" << xml_escape(claim) << "</td><td>" << sizes_text(s.proved) << "</td><td>" << sizes_text(s.refuted)
          << "</td><td>" << sizes_text(s.unknown) << "</td></tr>\n";
      }
      h << "</table>\n";
    }
  }
  h << "<h2 id=\"findings\">Findings</h2>\n";
  const auto findings = grouped(report, AuditVerdict::Finding);
  const auto defects = grouped(report, AuditVerdict::Fail);
  if (findings.empty() && defects.empty()) h << "<p>None: every claim checked holds.</p>\n";
  for (const auto* list : {&findings, &defects}) {
    for (const Group& g : *list) {
      const AuditRow& r = *g.first;
      h << "<section class=\"" << (list == &defects ? "defect" : "finding") << "\"><h3>"
        << (list == &defects ? "DEFECT" : "Finding") << ": " << xml_escape(r.game) << ", " << xml_escape(r.check) << " ("
        << (g.sizes.size() == 1 ? "size " : "sizes ") << sizes_text(g.sizes) << ")</h3>\n";
      if (!r.statement.empty()) {
        h << "<blockquote>" << xml_escape(r.statement) << "<br>&mdash; " << xml_escape(r.source) << "</blockquote>\n";
      }
      h << "<pre>" << xml_escape(r.detail) << "</pre>\n";
      if (r.evidence) {
        h << figure(r.evidence->svg, "the counterexample: " + r.evidence->position, 320);
        h << "<p>" << xml_escape(moves_sentence(*r.evidence)) << "</p>\n<p>Replay: <code>"
          << xml_escape(r.evidence->replay) << "</code></p>\n";
        if (!r.evidence->trace.empty()) h << "<p>Explain trace of the last move:</p><pre>" << xml_escape(r.evidence->trace) << "</pre>\n";
      }
      h << "</section>\n";
    }
  }
  for (const auto& [verdict, title] : kUnverifiedSections) {
    const auto groups = grouped(report, verdict);
    if (groups.empty()) continue;
    h << "<h2 id=\"" << (verdict == AuditVerdict::Unknown ? "unknown" : "inapplicable") << "\">" << title
      << "</h2>\n<table><tr><th>game</th><th>check</th><th>sizes</th><th>why</th></tr>\n";
    for (const Group& g : groups) {
      h << "<tr><td>" << xml_escape(g.first->game) << "</td><td>" << xml_escape(g.first->check) << "</td><td>" << sizes_text(g.sizes)
        << "</td><td>" << xml_escape(g.first->detail.substr(0, g.first->detail.find('\n'))) << "</td></tr>\n";
    }
    h << "</table>\n";
  }
  h << "<h2 id=\"rulings\">Rulings whose readings differ</h2>\n";
  for (const RulingShown& r : report.rulings) {
    if (!r.differs) continue;
    h << "<section><h3>" << xml_escape(r.game + " " + r.id + " " + r.ruling + ": " + r.value_a + " vs " + r.value_b) << "</h3>\n<p>"
      << xml_escape("They differ (" + r.kind + ") on size " + std::to_string(r.size) + " after " +
              (r.moves.empty() ? std::string("no moves") : r.moves) + (r.move.empty() ? "" : "; the move: " + r.move))
      << "</p>\n<div class=\"pair\">"
      << figure(r.svg_a, r.caption_a, 330) << figure(r.svg_b, r.caption_b, 330) << "</div>\n"
      << "<div class=\"pair\"><pre>" << xml_escape(r.ruling + "=" + r.value_a + "\n" + r.under_a) << "</pre><pre>"
      << xml_escape(r.ruling + "=" + r.value_b + "\n" + r.under_b) << "</pre></div></section>\n";
  }
  std::vector<const RulingShown*> same;
  for (const RulingShown& r : report.rulings) {
    if (!r.differs) same.push_back(&r);
  }
  if (!same.empty()) {
    h << "<details><summary>" << same.size() << " comparisons found no difference within their bounds</summary><ul>\n";
    for (const RulingShown* r : same) {
      h << "<li>" << xml_escape(r->game + " " + r->id + " " + r->ruling + ": " + r->value_a + " vs " + r->value_b + ". " + r->searched)
        << "</li>\n";
    }
    h << "</ul></details>\n";
  }
  if (!report.metrics.empty()) {
    h << "<h2 id=\"balance\">Balance per reading</h2>\n";
    for (const MetricsShown& m : report.metrics) {
      h << "<section><h3>" << xml_escape(m.game + ": " + m.ruling) << "</h3>\n" << m.svg << "\n<details><summary>numbers</summary><pre>"
        << xml_escape(m.text) << "</pre></details></section>\n";
    }
  }
  h << "<h2 id=\"examples\">Seed examples</h2>\n";
  for (const ExampleShown& e : report.examples) {
    h << "<section><h3>" << xml_escape(e.game + ": " + e.name) << " <span class=\"" << (e.passed ? "pass\">pass" : "bad\">FAIL")
      << "</span></h3>\n<blockquote>" << xml_escape(e.claim) << "<br>&mdash; " << xml_escape(e.source) << "</blockquote>\n<div class=\"pair\">"
      << figure(e.before_svg, "before") << figure(e.after_svg, "after " + e.moves) << "</div></section>\n";
  }
  const auto passed = std::count_if(report.rows.begin(), report.rows.end(),
                                    [](const AuditRow& r) { return r.verdict == AuditVerdict::Pass; });
  h << "<h2 id=\"passing\">Passing checks</h2>\n<details><summary>" << passed
    << " checks passed</summary>\n<table><tr><th>game</th><th>kind</th><th>check</th><th>size</th><th>implementation</th>"
       "<th>cases</th><th>seconds</th></tr>\n";
  for (const AuditRow& r : report.rows) {
    if (r.verdict != AuditVerdict::Pass) continue;
    h << "<tr><td>" << xml_escape(r.game) << "</td><td>" << xml_escape(r.kind) << "</td><td>" << xml_escape(r.check) << "</td><td>"
      << (r.size ? std::to_string(r.size) : "") << "</td><td>" << xml_escape(r.implementation) << "</td><td>" << r.cases
      << "</td><td>" << seconds_text(r.seconds) << "</td></tr>\n";
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
  write_whole_file((folder / "audit.json").string(), audit_json(report).dump(2) + "\n");
  write_whole_file((folder / "audit.md").string(), audit_markdown(report));
  write_whole_file((folder / "audit.html").string(), audit_html(report));
}

}  // namespace arbiter::cli

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "properties/conformance.hpp"
#include "properties/property_runner.hpp"
#include "solver/prove.hpp"
#include "properties/seed_examples.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

struct AuditRow {
  std::string game;
  std::string check;
  std::string subject;
  long cases = 0;
  bool passed = false;
  double seconds = 0;
  std::string detail;
  bool finding = false;  // a rule text's claim found false: reported, not an audit failure
  bool unknown = false;  // a proof attempt without a verdict (timeout): reported, never a pass
  const char* result() const { return passed ? "pass" : finding ? "finding" : unknown ? "unknown" : "FAIL"; }
};

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", ch);
          out += buffer;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

void print_row(const AuditRow& row) {
  std::printf("%-9s %-50s %-20s %8ld  %-7s %8.2f\n", row.game.c_str(), row.check.c_str(), row.subject.c_str(),
              row.cases, row.result(), row.seconds);
  std::fflush(stdout);
}

void write_reports(const std::string& directory, const std::vector<AuditRow>& rows) {
  std::filesystem::create_directories(directory);
  std::ofstream md(directory + "/audit.md"), json(directory + "/audit.json");
  if (!md || !json) throw InputError("cannot write the report into " + quote_input(directory));
  md << "# Arbiter audit\n\n| game | check | subject | cases | result | seconds |\n|---|---|---|---:|---|---:|\n";
  for (const auto& r : rows) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
    md << "| " << r.game << " | " << r.check << " | " << r.subject << " | " << r.cases << " | "
       << (r.passed || r.finding ? r.result() : "**FAIL**") << " | " << seconds << " |\n";
  }
  for (const auto& r : rows) {
    if (!r.passed) md << "\n## " << r.result() << ": " << r.game << ", " << r.check << "\n\n```\n" << r.detail << "\n```\n";
  }
  json << "{\"checks\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    json << "  {\"game\": " << json_string(r.game) << ", \"check\": " << json_string(r.check)
         << ", \"subject\": " << json_string(r.subject) << ", \"cases\": " << r.cases
         << ", \"result\": " << json_string(r.result()) << ", \"seconds\": " << r.seconds
         << ", \"detail\": " << json_string(r.detail) << "}" << (i + 1 < rows.size() ? ",\n" : "\n");
  }
  json << "]}\n";
}

// The smallest allowed size but one (the very smallest boards are often degenerate), and the default.
std::vector<int> audit_sizes(const GameDescriptor& game) {
  std::vector<int> sizes;
  for (int n = 1; n <= 64 && sizes.size() < 2; ++n) {
    if (game.size_ok(n)) sizes.push_back(n);
  }
  return {sizes.back(), game.default_size};
}

int audit(const std::vector<std::string>& args) {
  std::vector<std::string> only;
  int games = 20;
  int properties_cases = 50;
  bool proofs = true;
  double proof_timeout = 20;
  unsigned long long seed = 1;
  std::string report;
  po::options_description options;
  options.add_options()
      ("game", po::value<std::vector<std::string>>(&only), "audit only these games (repeatable)")
      ("games", po::value<int>(&games), "random games per conformance check (default 20)")
      ("seed", po::value<unsigned long long>(&seed), "random seed (default 1)")
      ("property-cases", po::value<int>(&properties_cases), "random games per property (default 50)")
      ("no-proofs", "skip the Z3 proofs")
      ("proof-timeout", po::value<double>(&proof_timeout), "seconds per proof attempt (default 20)")
      ("report", po::value<std::string>(&report), "also write audit.md and audit.json into this directory");
  po::positional_options_description positional;
  positional.add("game", -1);
  bool proceed = false;
  const auto vm = parse_arguments("audit", args, options, positional, proceed);
  if (!proceed) return 0;
  proofs = vm.count("no-proofs") == 0;
  if (games < 1 || games > 100000) throw InputError("--games must be between 1 and 100000");
  std::vector<const GameDescriptor*> selected;
  for (const std::string& name : only) selected.push_back(&find_game(name));
  if (selected.empty()) selected = registered_games();

  std::vector<AuditRow> rows;
  std::printf("%-9s %-50s %-20s %8s  %-7s %8s\n", "game", "check", "subject", "cases", "result", "seconds");
  for (const GameDescriptor* game : selected) {
    for (int size : audit_sizes(*game)) {
      auto configured = make_game(*game, size, {});
      const ConformanceSettings settings{games, seed};
      run_conformance(*configured, settings, [&](const CheckOutcome& o) {
        rows.push_back({game->name, o.name + " (size " + std::to_string(size) + ")", o.subject, o.cases, o.passed,
                        o.seconds, o.detail});
        print_row(rows.back());
      });
    }
    const auto examples = game->seed_examples ? game->seed_examples() : std::vector<SeedExample>{};
    for (const SeedExample& example : examples) {
      auto configured = make_game(*game, example.size, example.rulings);
      for (const std::string& impl : configured->implementations()) {
        const auto start = std::chrono::steady_clock::now();
        const ExampleVerdict verdict = run_seed_example(*game, example, impl);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rows.push_back({game->name, "seed example: " + example.name, impl, 1, verdict.passed, seconds,
                        example.source + ": " + verdict.detail});
        print_row(rows.back());
      }
    }
    // The property suite on a small board, where random games reach their ends quickly.
    const auto sizes = audit_sizes(*game);
    auto small = make_game(*game, sizes.front(), {});
    for (const Property& property : property_suite(*game)) {
      const PropertyResult r = run_property(*small, property, properties_cases, seed);
      AuditRow row{game->name, "property " + r.name + " (size " + std::to_string(sizes.front()) + ")", "fast",
                   r.cases, r.holds, r.seconds, "", r.rule_text_claim && !r.holds && !r.gave_up};
      if (!r.holds) {
        row.detail = r.statement + " (" + r.source + ")\n" + r.why + "\n" + r.counterexample +
                     (r.moves.empty() ? "" : "replay: " + replay_command(*small, r.moves));
      }
      rows.push_back(row);
      print_row(rows.back());
    }
    // The game's Z3 claims at each claim's audit sizes (the two smallest sizes unless the claim
    // names more), fresh (no stored verdicts); `arbiter prove` goes further and resumes.
    if (game->claims && proofs) {
      for (const Claim& claim : game->claims()) {
        std::vector<int> claim_sizes = claim.audit_sizes;
        if (claim.size_independent) claim_sizes = {audit_sizes(*game).front()};
        if (claim_sizes.empty()) {
          for (int n = audit_sizes(*game).front() - 1; claim_sizes.size() < 2 && n <= 26; ++n) {
            if (game->size_ok(n)) claim_sizes.push_back(n);
          }
        }
        for (int n : claim_sizes) {
          if (!game->size_ok(n)) continue;
          ProveRequest request;
          request.game = game;
          request.claims = {claim.name};
          request.min_size = request.max_size = n;
          request.timeout_seconds = proof_timeout;
          request.fresh = true;
          std::ostringstream quiet;
          run_proofs(request, [&](const ProveRow& r) {
            AuditRow row{game->name, "proof " + r.claim + " (" + r.verdict.scope + ")",
                         claim.premises.empty() ? claim.decided_by : "derived", 1,
                         r.verdict.kind == Verdict::Kind::Proved, r.verdict.seconds, "",
                         r.verdict.kind == Verdict::Kind::Refuted, r.verdict.kind == Verdict::Kind::Unknown};
            if (!row.passed) {
              row.detail = r.verdict.kind == Verdict::Kind::Refuted
                               ? "refuted; counterexample:\n" + r.verdict.counterexample + r.verdict.note
                               : "unknown: " + r.verdict.reason;
            }
            // A derived claim says which premises it rests on, proved or not.
            if (!r.verdict.derivation.empty()) {
              row.detail += (row.detail.empty() ? "" : "\n") + std::string("derived from:\n") + r.verdict.derivation;
            }
            rows.push_back(row);
            print_row(rows.back());
          }, quiet, false);
        }
      }
    }
  }
  int failed = 0, findings = 0, unknowns = 0;
  for (const auto& r : rows) {
    if (r.passed) continue;
    (r.finding ? findings : r.unknown ? unknowns : failed) += 1;
    std::cout << "\n" << r.result() << " " << r.game << ": " << r.check << " [" << r.subject << "]\n" << r.detail << "\n";
  }
  std::cout << "\n" << findings << " findings about the rule texts and " << unknowns
            << " claims not proved (a timeout, a ruling not encoded, or a premise not proved; see above)\n"
            << rows.size() - static_cast<std::size_t>(failed + findings + unknowns) << " passed, " << failed
            << " failed\n";
  if (!report.empty()) {
    write_reports(report, rows);
    std::cout << "report written to " << report << "/audit.md and " << report << "/audit.json\n";
  }
  return failed == 0 ? 0 : 1;
}

const CommandRegistration registration{Command{
    "audit", "audit [GAME...] [--games N] [--seed N] [--report DIR]",
    "run every game's conformance checks, seed examples, property suite and small proofs; table and report", audit}};

}  // namespace
}  // namespace arbiter::cli

// arbiter state: what the state directory holds (solve's journals, prove's results files), and
// `state prune` to remove what is no longer wanted. The journals grow with every solve: one per
// position, kind of search, code version and mode, a stopped one holding its table.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <sys/stat.h>

#include "cli/command.hpp"
#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "cli/source_hash.hpp"
#include "distributed/output_lock.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "solver/prove.hpp"
#include "solver/solve.hpp"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;

const Command kList{"state", "state [--state DIR] [--json]\n       state prune [--state DIR] [--other-versions] [--older-than DAYS] [--prove-results] [--dry-run] [--json]",
                    "list what the state directory holds (solve's journals and saved tables, prove's results) and "
                    "prune it",
                    {}};
const Command kPrune{"state prune",
                     "state prune [--state DIR] [--other-versions] [--older-than DAYS] [--prove-results] [--dry-run] [--json]",
                     "remove solve journals of other code versions and/or not modified within DAYS (every selector "
                     "given must hold), never one a running solve holds; prove's results files only with --prove-results",
                     {}};

struct Journal {
  std::string key, path;
  solver::SolveJournal::Survey survey;
  std::optional<std::string> holder;  // the process holding its lock now
  std::string rulings;                // the rulings in force, read from the position; "" when it does not read
  bool this_version() const { return survey.identity && survey.identity->version == build_identity(); }
  // Written by another version: its identity says so, or it has none (older code wrote none).
  bool other_version() const { return survey.identity ? !this_version() : survey.identity_missing; }
  bool damaged() const { return (!survey.identity && !survey.identity_missing) || survey.damaged_units > 0; }
};

struct ResultsFile {
  std::string path;
  ResultsFileCount count;
  std::uintmax_t bytes = 0;
  std::int64_t modified = 0;
};

std::int64_t modified_time(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_mtime) : 0;
}

// A modification time in UTC: "2026-11-29 03:13 UTC" for people, ISO 8601 for JSON.
std::string utc_time(std::int64_t seconds, const char* format = "%Y-%m-%d %H:%M UTC") {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  if (::gmtime_r(&t, &tm) == nullptr) return "unknown";
  char text[32];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

std::string iso_time(std::int64_t seconds) { return utc_time(seconds, "%Y-%m-%dT%H:%M:%SZ"); }

// "1.2 GB (1,234,567,890 bytes)"; a small size in bytes alone.
std::string size_words(std::uintmax_t bytes) {
  const char* units[] = {"KB", "MB", "GB", "TB"};
  double value = static_cast<double>(bytes);
  int unit = -1;
  while (value >= 1000 && unit < 3) {
    value /= 1000;
    ++unit;
  }
  const std::string exact = with_commas(bytes) + (bytes == 1 ? " byte" : " bytes");
  if (unit < 0) return exact;
  char shown[32];
  std::snprintf(shown, sizeof shown, "%.1f %s", value, units[unit]);
  return std::string(shown) + " (" + exact + ")";
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return with_commas(n) + " " + (n == 1 ? one : many);
}

// The rulings in force for a journal's position, or "" when this version does not read it.
std::string rulings_of(const std::string& position) {
  try {
    const std::string game_name = position.substr(0, position.find(' '));
    const LoadedPosition loaded = load_position(find_game(game_name), 0, {}, position);
    return rulings_in_force_line(loaded.game->descriptor(), loaded.game->config());
  } catch (const std::exception&) {
    return "";
  }
}

struct Contents {
  std::vector<Journal> journals;
  std::vector<ResultsFile> results;
};

bool is_journal_name(const std::string& name) {
  return !name.empty() && name.size() <= 16 && std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// Everything in DIR/solve and DIR/prove-*.tsv; newest journal first.
Contents read_contents(const std::string& directory) {
  Contents c;
  std::error_code error;
  const fs::path solve = fs::path(directory) / "solve";
  if (fs::is_directory(solve, error)) {
    for (fs::directory_iterator it(solve, error), end; !error && it != end; it.increment(error)) {
      std::error_code ignored;
      if (!it->is_directory(ignored) || it->is_symlink(ignored)) continue;  // lock files beside the journals
      // A journal's name is its key in hex (up to 16 digits, text_key_hex); any other folder (a --state pointed at a folder
      // that has a "solve" of its own) is no journal and is never listed or removed.
      if (!is_journal_name(it->path().filename().string())) continue;
      Journal j;
      j.key = it->path().filename().string();
      j.path = it->path().string();
      j.survey = solver::SolveJournal::survey(j.path);
      j.holder = distributed::lock_holder(j.path);
      if (j.survey.identity) j.rulings = rulings_of(j.survey.identity->position);
      c.journals.push_back(std::move(j));
    }
    if (error) throw InputError("cannot read " + quote_input(solve.string()) + ": " + error.message());
  }
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code ignored;
    if (!name.starts_with("prove-") || !name.ends_with(".tsv") || !it->is_regular_file(ignored)) continue;
    ResultsFile r;
    r.path = it->path().string();
    r.count = count_results(r.path);
    r.bytes = it->file_size(ignored);
    r.modified = modified_time(r.path);
    c.results.push_back(std::move(r));
  }
  if (error) throw InputError("cannot read " + quote_input(directory) + ": " + error.message());
  std::sort(c.journals.begin(), c.journals.end(), [](const Journal& a, const Journal& b) {
    return a.survey.modified != b.survey.modified ? a.survey.modified > b.survey.modified : a.key < b.key;
  });
  std::sort(c.results.begin(), c.results.end(), [](const ResultsFile& a, const ResultsFile& b) { return a.path < b.path; });
  return c;
}

// The state directory asked for: --state DIR must be a directory that is there (nothing is made);
// the default one may not exist yet (nothing kept).
std::string state_directory(const po::variables_map& given, const std::string& option, bool& exists) {
  const std::string directory = option.empty() ? default_state_directory() : option;
  require_path(given, "state", option, "a directory");
  std::error_code error;
  const auto status = fs::status(directory, error);
  exists = fs::exists(status);
  if (!exists && !option.empty()) throw InputError(state_directory_words(option, directory) + ": no such directory");
  if (exists && !fs::is_directory(status)) throw InputError(state_directory_words(option, directory) + ": it is not a directory");
  return directory;
}

// Removing a journal folder or a results file under its lock: a run that holds it (a solve its
// journal, a prove its results file) keeps it, and one that starts meanwhile is refused (and then
// finds it gone), as it waits for nothing.
struct Removal {
  enum Kind { removed, in_use, failed } kind = removed;
  std::optional<std::string> holder;  // in_use: the process id its lock file names ("" when none)
  std::string error;                  // failed: why
};

Removal remove_unless_held(const std::string& path) {
  try {
    const distributed::OutputLock lock(path);
    std::error_code error;
    fs::remove_all(path, error);
    if (error) return {Removal::failed, std::nullopt, error.message()};
    return {};
  } catch (const InputError& refused) {
    std::optional<std::string> holder = distributed::lock_holder(path);
    // Not held by a run: the lock itself could not be taken (a read-only state folder, where its
    // file cannot be made). That is the reason given, not "in use".
    if (!holder) return {Removal::failed, std::nullopt, std::string("cannot lock it: ") + refused.what()};
    return {Removal::in_use, std::move(holder), ""};
  }
}

std::string process_words(const std::optional<std::string>& holder) {
  return holder && !holder->empty() ? " (process " + *holder + ")" : "";
}

std::string mode_words(const solver::JournalIdentity& id) {
  return (id.within == 0 ? std::string("exact solve") : "--within " + std::to_string(id.within)) +
         (id.independent ? ", moves solved alone (--independent-moves)" : ", one table shared by the moves");
}

std::string version_words(const Journal& j) {
  if (!j.survey.identity) return j.survey.identity_missing ? "an earlier version (before identity files)" : "unknown";
  return j.this_version() ? "this version (commit " + j.survey.identity->version + ")"
                          : "another version (commit " + j.survey.identity->version + ")";
}

void print_journal(const Journal& j) {
  const auto& s = j.survey;
  std::cout << "journal " << j.key << ": ";
  if (s.identity) {
    std::cout << s.identity->position << "\n"
              << "  rulings: " << (j.rulings.empty() ? "(the position does not read back in this version)" : j.rulings)
              << "\n"
              << "  " << mode_words(*s.identity) << "; written by " << version_words(j) << "\n";
  } else {
    // A journal from before identity files says so once, in its problem (a second line, "written by
    // an earlier version (before identity files)", said it again); a damaged one's version is unknown.
    std::cout << (s.identity_missing ? "what it is for is not recorded: " : "DAMAGED: ") << s.identity_problem << "\n";
    if (!s.identity_missing) std::cout << "  written by " << version_words(j) << "\n";
  }
  std::cout << "  ";
  if (s.identity) {
    std::cout << plural(s.units, "unit", "units") << " settled";
    if (s.damaged_units > 0) std::cout << " (" << plural(s.damaged_units, "damaged unit file", "damaged unit files") << ", searched again on --resume)";
  } else {
    std::cout << plural(s.unit_files, "unit file", "unit files") << " (not checked: the journal's identity is unknown)";
  }
  std::cout << ", " << plural(s.parts, "certificate part", "certificate parts") << ", saved table: " << (s.table ? "yes" : "no")
            << "\n  " << size_words(s.bytes) << ", modified " << utc_time(s.modified) << "; in use: ";
  if (j.holder) {
    std::cout << "yes, by a running solve" << (j.holder->empty() ? "" : " (process " + *j.holder + ")") << "\n";
  } else {
    std::cout << "no\n";
  }
}

nlohmann::json journal_json(const Journal& j) {
  const auto& s = j.survey;
  nlohmann::json out;
  out["key"] = j.key;
  out["path"] = j.path;
  out["position"] = s.identity ? nlohmann::json(s.identity->position) : nlohmann::json(nullptr);
  out["rulings_in_force"] = j.rulings.empty() ? nlohmann::json(nullptr) : nlohmann::json(j.rulings);
  out["within"] = s.identity ? nlohmann::json(s.identity->within) : nlohmann::json(nullptr);
  out["mode"] = s.identity ? nlohmann::json(s.identity->independent ? "independent" : "shared") : nlohmann::json(nullptr);
  out["version"] = s.identity ? nlohmann::json(s.identity->version) : nlohmann::json(nullptr);
  out["this_version"] = j.this_version();
  out["identity_problem"] = s.identity ? nlohmann::json(nullptr) : nlohmann::json(s.identity_problem);
  out["damaged"] = j.damaged();
  out["unit_files"] = s.unit_files;
  out["units_settled"] = s.identity ? nlohmann::json(s.units) : nlohmann::json(nullptr);
  out["damaged_units"] = s.identity ? nlohmann::json(s.damaged_units) : nlohmann::json(nullptr);
  out["certificate_parts"] = s.parts;
  out["saved_table"] = s.table;
  out["bytes"] = s.bytes;
  out["modified"] = iso_time(s.modified);
  out["in_use"] = j.holder.has_value();
  out["holder_process"] = j.holder && !j.holder->empty() ? nlohmann::json(*j.holder) : nlohmann::json(nullptr);
  return out;
}

int list(const std::vector<std::string>& args) {
  std::string option;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("state", po::value<std::string>(&option), "state directory (default $XDG_CACHE_HOME/arbiter or ~/.cache/arbiter)")
      ("json", po::bool_switch(&json), "print JSON (docs/schemas/state.schema.json)");
  bool proceed = false;
  const auto given = parse_arguments(kList, args, options, {}, proceed);
  if (!proceed) {
    std::cout << "Actions: `arbiter state prune --help` for removing journals. docs/solver.md, \"The state directory grows\".\n";
    return 0;
  }
  bool exists = false;
  const std::string directory = state_directory(given, option, exists);
  const Contents c = exists ? read_contents(directory) : Contents{};

  std::uintmax_t journal_bytes = 0, results_bytes = 0;
  std::size_t ours = 0, others = 0, damaged = 0, tables = 0, in_use = 0, records = 0;
  for (const Journal& j : c.journals) {
    journal_bytes += j.survey.bytes;
    ours += j.this_version();
    others += j.other_version();
    damaged += j.damaged();
    tables += j.survey.table;
    in_use += j.holder.has_value();
  }
  for (const ResultsFile& r : c.results) {
    results_bytes += r.bytes;
    records += r.count.records;
  }
  if (json) {
    nlohmann::json out = json_document("state");
    out["state_directory"] = directory;
    out["exists"] = exists;
    out["version"] = version_commit();
    out["journals"] = nlohmann::json::array();
    for (const Journal& j : c.journals) out["journals"].push_back(journal_json(j));
    out["results_files"] = nlohmann::json::array();
    for (const ResultsFile& r : c.results) {
      out["results_files"].push_back({{"path", r.path}, {"records", r.count.records}, {"unusable_records", r.count.unusable},
                                      {"bytes", r.bytes}, {"modified", iso_time(r.modified)}});
    }
    out["totals"] = {{"journals", c.journals.size()}, {"journal_bytes", journal_bytes}, {"this_version", ours},
                     {"other_versions", others}, {"damaged", damaged}, {"saved_tables", tables}, {"in_use", in_use},
                     {"results_files", c.results.size()}, {"results_records", records}, {"results_bytes", results_bytes},
                     {"bytes", journal_bytes + results_bytes}};
    print_json(out);
    return 0;
  }
  std::cout << "state directory: " << directory
            << (option.empty() ? " (the default; --state DIR names another)" : "") << "\n";
  if (!exists) {
    std::cout << "it does not exist yet: nothing is kept\n";
    return 0;
  }
  std::cout << "\n";
  for (const Journal& j : c.journals) print_journal(j);
  if (!c.journals.empty()) std::cout << "\n";
  for (const ResultsFile& r : c.results) {
    std::cout << "prove results " << r.path << ": " << plural(r.count.records, "record", "records");
    if (r.count.unusable > 0) std::cout << " (" << with_commas(r.count.unusable) << " not used: damaged or without a checksum)";
    std::cout << ", " << size_words(r.bytes) << ", modified " << utc_time(r.modified) << "\n";
  }
  if (!c.results.empty()) std::cout << "\n";
  std::cout << "solve journals: " << plural(c.journals.size(), "journal", "journals") << ", " << size_words(journal_bytes)
            << ": " << with_commas(ours) << " of this version, " << with_commas(others) << " of other versions"
            << (damaged > 0 ? ", " + with_commas(damaged) + " damaged" : "") << "; " << plural(tables, "saved table", "saved tables")
            << "; " << with_commas(in_use) << " in use now\n"
            << "prove results: " << plural(c.results.size(), "file", "files") << ", " << plural(records, "record", "records")
            << ", " << size_words(results_bytes) << "\n";
  if (others > 0 || !c.journals.empty()) {
    std::cout << "to clean: arbiter state prune --other-versions (journals no run of this version uses), or --older-than "
                 "DAYS; --dry-run shows what would go\n";
  }
  return 0;
}

int prune(const std::vector<std::string>& args) {
  std::string option;
  double days = 0;
  bool other_versions = false, dry_run = false, prove_results = false, json = false;
  po::options_description options;
  options.add_options()
      ("state", po::value<std::string>(&option), "state directory (default $XDG_CACHE_HOME/arbiter or ~/.cache/arbiter)")
      ("other-versions", po::bool_switch(&other_versions),
       "journals written by another code version (no run of this one uses them), those without an identity file among them")
      ("older-than", number_value(&days, DecimalRange{0, true, 1e6, "days"}), "journals not modified within DAYS days (a number from 0 to 1000000; fractions allowed: 0.5 is twelve hours)")
      ("prove-results", po::bool_switch(&prove_results),
       "also prove's results files (prove-GAME.tsv) not modified within --older-than DAYS (needs it; their verdicts hold "
       "whichever version proved them, so --other-versions never selects them)")
      ("dry-run", po::bool_switch(&dry_run), "say what would be removed, remove nothing")
      ("json", po::bool_switch(&json), "print JSON (docs/schemas/state-prune.schema.json): each journal and results file selected, "
       "what became of it, and the totals; exit status as without");
  bool proceed = false;
  const auto given = parse_arguments(kPrune, args, options, {}, proceed);
  if (!proceed) return 0;
  const bool older = given.count("older-than") > 0;
  if (!other_versions && !older) {
    throw InputError("state prune needs a selector: --other-versions and/or --older-than DAYS (--dry-run shows what would go)");
  }
  if (prove_results && !older) {
    throw InputError("--prove-results needs --older-than DAYS: prove's verdicts hold whichever version proved them, so "
                     "--other-versions does not select them");
  }
  bool exists = false;
  const std::string directory = state_directory(given, option, exists);
  const Contents c = exists ? read_contents(directory) : Contents{};
  const auto cutoff = static_cast<std::int64_t>(std::time(nullptr)) - static_cast<std::int64_t>(std::llround(days * 86400));
  const char* verb = dry_run ? "would remove " : "removed ";

  std::size_t removed = 0, kept_in_use = 0, failed = 0, files_removed = 0, files_in_use = 0;
  std::uintmax_t freed = 0;
  // With --json the lines below are not printed: each selected item is listed with its outcome
  // ("removed", "would remove", "in use" or "failed") instead.
  std::ostringstream discarded;
  std::ostream& text = json ? static_cast<std::ostream&>(discarded) : std::cout;
  nlohmann::json journals = nlohmann::json::array(), results = nlohmann::json::array();
  const auto journal_entry = [&](const Journal& j, const char* outcome, const std::optional<std::string>& holder,
                                 const std::string& error) {
    nlohmann::json entry = {{"key", j.key},
                            {"path", j.path},
                            {"position", j.survey.identity ? nlohmann::json(j.survey.identity->position) : nlohmann::json(nullptr)},
                            {"version", j.survey.identity ? nlohmann::json(j.survey.identity->version) : nlohmann::json(nullptr)},
                            {"this_version", j.this_version()},
                            {"damaged", j.damaged()},
                            {"bytes", j.survey.bytes},
                            {"modified", iso_time(j.survey.modified)},
                            {"outcome", outcome},
                            {"holder_process", holder && !holder->empty() ? nlohmann::json(*holder) : nlohmann::json(nullptr)},
                            {"error", error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error)}};
    journals.push_back(entry);
  };
  for (const Journal& j : c.journals) {
    if (other_versions && !j.other_version()) continue;
    if (older && j.survey.modified > cutoff) continue;  // --older-than 0: everything up to now
    const std::string what = j.survey.identity ? j.survey.identity->position + "; " + version_words(j)
                                               : version_words(j) + (j.damaged() ? ", damaged" : "");
    const std::string about = " (" + what + "; " + size_words(j.survey.bytes) + ", modified " + utc_time(j.survey.modified) + ")";
    if (dry_run) {
      if (j.holder) {
        ++kept_in_use;
        text << "would keep " << j.key << about << ": in use by a running solve" << process_words(j.holder) << "\n";
        journal_entry(j, "in use", j.holder, "");
        continue;
      }
    } else {
      const Removal removal = remove_unless_held(j.path);
      if (removal.kind == Removal::failed) {
        ++failed;
        text << "could not remove " << j.key << about << ": " << removal.error << "\n";
        journal_entry(j, "failed", std::nullopt, removal.error);
        continue;
      }
      if (removal.kind == Removal::in_use) {
        ++kept_in_use;
        text << "kept " << j.key << about << ": in use by a running solve" << process_words(removal.holder) << "\n";
        journal_entry(j, "in use", removal.holder, "");
        continue;
      }
    }
    ++removed;
    freed += j.survey.bytes;
    text << verb << j.key << about << "\n";
    journal_entry(j, dry_run ? "would remove" : "removed", std::nullopt, "");
  }
  if (prove_results) {
    for (const ResultsFile& r : c.results) {
      if (r.modified > cutoff) continue;
      const auto entry = [&](const char* outcome, const std::optional<std::string>& holder, const std::string& error) {
        results.push_back({{"path", r.path}, {"records", r.count.records}, {"bytes", r.bytes}, {"modified", iso_time(r.modified)},
                           {"outcome", outcome},
                           {"holder_process", holder && !holder->empty() ? nlohmann::json(*holder) : nlohmann::json(nullptr)},
                           {"error", error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error)}});
      };
      const std::string about = " (" + plural(r.count.records, "record", "records") + ", " + size_words(r.bytes) +
                                ", modified " + utc_time(r.modified) + ")";
      // A running prove holds its results file's lock and appends to it: removed under it, the
      // prove would end claiming verdicts kept that the file no longer holds.
      Removal removal;
      if (!dry_run) {
        removal = remove_unless_held(r.path);
      } else if ((removal.holder = distributed::lock_holder(r.path))) {
        removal.kind = Removal::in_use;
      }
      if (removal.kind == Removal::failed) {
        ++failed;
        text << "could not remove " << r.path << about << ": " << removal.error << "\n";
        entry("failed", std::nullopt, removal.error);
        continue;
      }
      if (removal.kind == Removal::in_use) {
        ++files_in_use;
        text << (dry_run ? "would keep " : "kept ") << r.path << about << ": in use by a running prove"
             << process_words(removal.holder) << "\n";
        entry("in use", removal.holder, "");
        continue;
      }
      ++files_removed;
      freed += r.bytes;
      text << verb << r.path << about << "\n";
      entry(dry_run ? "would remove" : "removed", std::nullopt, "");
    }
  }
  if (json) {
    nlohmann::json out = json_document("state-prune");
    out["state_directory"] = directory;
    out["exists"] = exists;
    out["version"] = version_commit();
    out["dry_run"] = dry_run;
    out["other_versions"] = other_versions;
    out["older_than_days"] = older ? nlohmann::json(days) : nlohmann::json(nullptr);
    out["prove_results"] = prove_results;
    out["journals"] = journals;
    out["results_files"] = results;
    // What was removed (with --dry-run: what would be), as the text's last line counts it.
    out["totals"] = {{"journals_removed", removed}, {"results_files_removed", files_removed}, {"bytes_freed", freed},
                     {"kept_in_use", kept_in_use + files_in_use}, {"failed", failed}};
    print_json(out);
    return failed > 0 ? 1 : 0;
  }
  std::cout << (dry_run ? "would remove " : "removed ") << plural(removed, "journal", "journals");
  if (prove_results) std::cout << " and " << plural(files_removed, "results file", "results files");
  std::cout << ", " << (dry_run ? "freeing " : "freed ") << size_words(freed);
  if (kept_in_use > 0) std::cout << "; " << plural(kept_in_use, "journal", "journals") << " kept: in use by a running solve";
  if (files_in_use > 0) std::cout << "; " << plural(files_in_use, "results file", "results files") << " kept: in use by a running prove";
  if (failed > 0) std::cout << "; " << with_commas(failed) << " could not be removed";
  std::cout << " (" << directory << ")\n";
  return failed > 0 ? 1 : 0;
}

int state_command(const std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "prune") return prune({args.begin() + 1, args.end()});
  if (!args.empty() && !args.front().starts_with("-")) {
    throw InputError("unknown state action " + quote_input(args.front()) +
                     " (known: prune; without an action, `arbiter state` lists what is kept)");
  }
  return list(args);
}

const CommandRegistration state_registration{
    Command{"state", kList.usage, "what the state directory holds (solve journals, saved tables, prove results); prune it",
            state_command}};

}  // namespace
}  // namespace arbiter::cli

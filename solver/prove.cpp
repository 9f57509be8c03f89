#include "solver/prove.hpp"

#include "solver/z3_encoding.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <ostream>
#include <sstream>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "distributed/farm.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/core/zobrist.hpp"
#include "solver/interrupt.hpp"
#include "solver/progress.hpp"

namespace arbiter {
namespace {

// Tabs and newlines would break the one-record-per-line file.
std::string escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\n') out += "\\n";
    else if (ch == '\t') out += "\\t";
    else if (ch == '\\') out += "\\\\";
    else out += ch;
  }
  return out;
}

std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      const char next = text[++i];
      out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, separator)) fields.push_back(field);
  if (!line.empty() && line.back() == separator) fields.emplace_back();
  return fields;
}

// A stored verdict is reused only for the same claim text, decided by the same encoding version,
// under the same size and the same value of every ruling (defaults included, so that a default
// that changes does not carry a verdict over). A version the file does not record (older files)
// never matches. The claim text is keyed by a hash fixed here (std::hash may differ between
// builds, which would only cost reuse, but quietly).
std::string record_key(const std::string& game, const Claim& claim, int size, const std::string& rulings) {
  return game + '\t' + claim.name + '\t' + std::to_string(text_key(claim.statement)) + '\t' +
         "encoding=" + claim.encoding_version + '\t' + std::to_string(size) + '\t' + rulings;
}

constexpr int kKeyFields = 6;

// A stored verdict, for an unknown one the timeout it was given (only a larger one may change
// the answer, so the same budget is not spent again), and the arbiter that decided it.
struct Stored {
  Verdict verdict;
  double budget = 0;
  std::string written_by;
};

// The last field of a record: a checksum of the line before it (its key included: game, claim,
// encoding version, size, rulings), so that a record changed after it was kept is told from one
// this program wrote. A record is one line, so the check is per record: one damaged verdict is
// decided again, the others are still reused.
constexpr const char* kCheckField = "check=";

std::string record(const std::string& key, const Verdict& v, double budget) {
  std::ostringstream out;
  out << key << '\t' << verdict_name(v.kind) << '\t' << v.seconds << '\t' << v.variables << '\t' << v.assertions
      << '\t' << escape(v.scope) << '\t' << escape(v.reason) << '\t' << escape(v.counterexample) << '\t'
      << escape(join(v.moves, " ")) << '\t' << escape(v.note) << '\t' << budget << '\t'
      << (v.refutes_derived_claims ? "refutes-derived" : "") << '\t' << escape(version_string()) << '\t'
      << v.counterexample_size << '\t' << escape(join(v.reached_by, " "));
  const std::string text = out.str();
  return text + '\t' + kCheckField + text_key_hex(text);
}

// The field append_result adds to a last line it finds cut short (a run killed while keeping a
// verdict) before it ends that line: the line then reads as cut, not as a record an older arbiter
// kept without a checksum, once later records follow it.
constexpr const char* kCutField = "cut-short";

// The most fields a record kept before checksums had (its key, then twelve: the arbiter that kept
// it last). A line without a checksum that has more was cut short.
constexpr std::size_t kUncheckedFieldsMost = kKeyFields + 12;

// What a line of a results file is: a record to reuse, a record not to trust (changed after it
// was kept; cut short by a run that ended while keeping it; or kept before records had checksums,
// 28 November 2026, or before they named their arbiter, whose verdicts are no longer reused, which
// a line cut short at a field's end can look like), or something else.
enum class Line { Record, Damaged, Cut, Unchecked, Other };

// The last field, the moves that reach a counterexample found by play from the empty board, was
// added on 29 November 2026: a record without it is still read (its verdict has no such line).
constexpr std::size_t kRecordFields = kKeyFields + 15;

Line parse_record(const std::string& line, std::string& key, Stored& stored) {
  const auto fields = split(line, '\t');
  // A record of any version, even one no longer read (written before verdicts carried versions):
  // ten or more tab-separated fields.
  if (fields.size() < 10) return Line::Other;
  key = join(std::vector<std::string>(fields.begin(), fields.begin() + kKeyFields), "\t");
  const std::size_t check_at = line.rfind('\t') + 1;
  if (line.compare(check_at, std::string::npos, kCutField) == 0) return Line::Cut;
  if (line.compare(check_at, std::string(kCheckField).size(), kCheckField) != 0) {
    return fields.size() > kUncheckedFieldsMost ? Line::Cut : Line::Unchecked;
  }
  if (line.substr(check_at + std::string(kCheckField).size()) != text_key_hex(line.substr(0, check_at - 1))) {
    return Line::Damaged;
  }
  if (fields.size() != kRecordFields && fields.size() != kRecordFields - 1) return Line::Damaged;
  Verdict& v = stored.verdict;
  const std::string& kind = fields[kKeyFields];
  if (kind == "proved") v.kind = Verdict::Kind::Proved;
  else if (kind == "refuted") v.kind = Verdict::Kind::Refuted;
  else if (kind == "unknown") v.kind = Verdict::Kind::Unknown;
  else return Line::Damaged;
  try {
    stored.budget = std::stod(fields[kKeyFields + 9]);
    v.seconds = std::stod(fields[kKeyFields + 1]);
    v.variables = static_cast<unsigned>(std::stoul(fields[kKeyFields + 2]));
    v.assertions = static_cast<unsigned>(std::stoul(fields[kKeyFields + 3]));
  } catch (const std::exception&) {
    return Line::Damaged;
  }
  v.scope = unescape(fields[kKeyFields + 4]);
  v.reason = unescape(fields[kKeyFields + 5]);
  v.counterexample = unescape(fields[kKeyFields + 6]);
  const std::string moves = unescape(fields[kKeyFields + 7]);
  v.moves = moves.empty() ? std::vector<std::string>{} : split(moves, ' ');
  v.note = unescape(fields[kKeyFields + 8]);
  v.refutes_derived_claims = fields[kKeyFields + 10] == "refutes-derived";
  stored.written_by = unescape(fields[kKeyFields + 11]);
  try {
    v.counterexample_size = std::stoi(fields[kKeyFields + 12]);
  } catch (const std::exception&) {
    return Line::Damaged;
  }
  if (fields.size() == kRecordFields) {
    const std::string reached_by = unescape(fields[kKeyFields + 13]);
    v.reached_by = reached_by.empty() ? std::vector<std::string>{} : split(reached_by, ' ');
  }
  return Line::Record;
}

// The verdicts of a results file by key, and the keys whose last record is not to be trusted,
// with what is wrong with it (that verdict is decided again, and the run says so).
struct Results {
  std::map<std::string, Stored> stored;
  std::map<std::string, std::string> untrusted;
};

// A file none of whose lines is shaped like a record is some other file (a puzzle store, a note):
// appending verdicts to it would damage it, so it is refused. A damaged or outdated record is
// not used (decided again); a later record of the same key supersedes it, as it supersedes a
// record that reads.
Results load_results(const std::string& file) {
  Results results;
  std::ifstream in(file, std::ios::binary);
  std::string line;
  bool any_text = false, any_record = false;
  while (std::getline(in, line)) {
    any_text = any_text || !line.empty();
    std::string key;
    Stored s;
    const Line read = parse_record(line, key, s);
    any_record = any_record || read != Line::Other;
    if (read == Line::Record) {
      results.stored[key] = s;
      results.untrusted.erase(key);
    } else if (read != Line::Other) {
      results.stored.erase(key);
      // The file's last line without its newline is where a write was cut off (a run killed while
      // it kept a verdict): it read as a record without a checksum, "kept by an older arbiter". A
      // later run ends that line with kCutField; a line ended before that field existed (29
      // November 2026) that has no more fields than an older record had is either.
      results.untrusted[key] = in.eof()                ? "looks cut short (the file's last line, without its newline: a run "
                                                         "ended while keeping it)"
                               : read == Line::Damaged ? "fails its checksum (changed since it was kept)"
                               : read == Line::Cut     ? "was cut short (a run ended while keeping it; a later run ended "
                                                         "its line)"
                                                       : "has no checksum (kept by an older arbiter, or cut short by a run "
                                                         "that ended while keeping it)";
    }
  }
  if (any_text && !any_record) {
    // The caller says what to do: give another --results file, or, for the state directory's
    // own file, move it away or name another place.
    throw InputError("the results file " + quote_input(file) + " holds no verdict record: it is not a prove results file");
  }
  return results;
}

// A record that cannot be appended (a full disk, a folder removed during the run) ends the run
// with the reason, instead of a verdict said to be kept that is not. The folder was made before
// the run (results_file_problem, cli/options).
void append_result(const std::string& file, const std::string& line) {
  std::string text = line + '\n';
  const int descriptor = ::open(file.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  int cause = descriptor < 0 ? errno : 0;
  // A last line cut short (a run killed mid-write) is ended first: glued to it, the new record
  // could never be read back. Its last field then says it was cut (kCutField), which a record an
  // older arbiter kept without a checksum never ends with.
  char last = '\n';
  if (struct stat st{}; cause == 0 && ::fstat(descriptor, &st) == 0 && st.st_size > 0 &&
                        ::pread(descriptor, &last, 1, st.st_size - 1) == 1 && last != '\n') {
    text.insert(0, std::string("\t") + kCutField + "\n");
  }
  for (std::size_t done = 0; cause == 0 && done < text.size();) {
    const ssize_t count = ::write(descriptor, text.data() + done, text.size() - done);
    if (count > 0) {
      done += static_cast<std::size_t>(count);
    } else if (count < 0 && errno != EINTR) {
      cause = errno;
    } else if (count == 0) {
      cause = EIO;
    }
  }
  if (descriptor >= 0 && ::close(descriptor) != 0 && cause == 0) cause = errno;
  if (cause != 0) {
    throw InputError("cannot keep a verdict in the results file " + quote_input(file) + ": " + std::strerror(cause));
  }
}

// The place of the claim called `name` among the game's claims, or every_claim.size() if none is:
// the one search by name behind claim_named and claim_index.
std::size_t claim_place(const std::vector<Claim>& every_claim, const std::string& name) {
  const auto found = std::find_if(every_claim.begin(), every_claim.end(), [&](const Claim& c) { return c.name == name; });
  return static_cast<std::size_t>(found - every_claim.begin());
}

const Claim& claim_named(const std::vector<Claim>& every_claim, const Claim& of, const std::string& name) {
  const std::size_t place = claim_place(every_claim, name);
  if (place == every_claim.size()) throw std::logic_error("claim " + of.name + " names no claim " + name);
  return every_claim[place];
}

// A unit of work of a distributed run: one claim decided by Z3 at one size, named by the claim's
// place among the game's claims (the same list on every rank) and the size. `again` marks a lemma
// decided again at a size of its own (at_size in run_proofs): the same work, a different use.
struct Unit {
  std::size_t claim = 0;
  int size = 0;
  bool again = false;
};

constexpr int kUnitSizeBits = 16;

distributed::UnitId unit_id(const Unit& unit) {
  return (static_cast<distributed::UnitId>(unit.claim) << (kUnitSizeBits + 1)) |
         (static_cast<distributed::UnitId>(unit.again ? 1 : 0) << kUnitSizeBits) | static_cast<distributed::UnitId>(unit.size);
}

Unit unit_of(distributed::UnitId id) {
  Unit unit;
  unit.claim = static_cast<std::size_t>(id >> (kUnitSizeBits + 1));
  unit.again = ((id >> kUnitSizeBits) & 1U) != 0;
  unit.size = static_cast<int>(id & ((distributed::UnitId{1} << kUnitSizeBits) - 1));
  return unit;
}

std::size_t claim_index(const std::vector<Claim>& every_claim, const Claim& claim) {
  const std::size_t place = claim_place(every_claim, claim.name);
  if (place == every_claim.size()) throw std::logic_error("claim " + claim.name + " is not a claim of its game");
  return place;
}

// A verdict as the bytes a rank sends rank 0; "I" when the check was cut short by a stop.
std::string verdict_bytes(const Verdict& v) {
  const nlohmann::json j = {verdict_name(v.kind), v.reason, v.counterexample, v.moves, v.reached_by, v.note,
                            v.seconds, v.variables, v.assertions, v.scope, v.refutes_derived_claims,
                            v.counterexample_size};
  return "V" + j.dump();
}

Verdict verdict_from_bytes(const std::string& bytes) {
  const nlohmann::json j = nlohmann::json::parse(bytes.substr(1));
  Verdict v;
  const std::string kind = j.at(0).get<std::string>();
  v.kind = kind == "proved" ? Verdict::Kind::Proved : kind == "refuted" ? Verdict::Kind::Refuted : Verdict::Kind::Unknown;
  v.reason = j.at(1).get<std::string>();
  v.counterexample = j.at(2).get<std::string>();
  v.moves = j.at(3).get<std::vector<std::string>>();
  v.reached_by = j.at(4).get<std::vector<std::string>>();
  v.note = j.at(5).get<std::string>();
  v.seconds = j.at(6).get<double>();
  v.variables = j.at(7).get<unsigned>();
  v.assertions = j.at(8).get<unsigned>();
  v.scope = j.at(9).get<std::string>();
  v.refutes_derived_claims = j.at(10).get<bool>();
  v.counterexample_size = j.at(11).get<int>();
  return v;
}

// What a verdict of the claim covers: one size, or every size at once, by a Z3 lemma or read from
// what else decides it ("all sizes (read from the rulings)").
std::string scope_of(const Claim& claim, int size) {
  if (!claim.size_independent) return "size " + std::to_string(size);
  return claim.decided_by == "z3" ? "all sizes (lemma)" : "all sizes (read from the " + claim.decided_by + ")";
}

// Decides one claim at one size; a stop request that cuts the check short gives nullopt. A
// refutation that does not say its board's size is drawn at the size decided.
std::optional<Verdict> decide_leaf(const GameDescriptor& game, const Claim& claim, int size,
                                   const ProveRequest& request) {
  const auto configured = make_game(game, size, request.rulings);
  Verdict verdict;
  try {
    const smt::FreshContext fresh;  // the claims decided before do not slow this one down
    verdict = claim.decide(*configured, request.timeout_seconds);
  } catch (const std::exception&) {
    // Z3 may throw "canceled" from outside a check once interrupted; that is the stop.
    if (!stop_requested()) throw;
  }
  if (stop_requested()) return std::nullopt;
  verdict.scope = scope_of(claim, size);
  if (verdict.kind == Verdict::Kind::Refuted && verdict.counterexample_size == 0) verdict.counterexample_size = size;
  return verdict;
}

}  // namespace

std::string default_state_directory() {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  if (cache != nullptr && cache[0] == '/') return std::string(cache) + "/arbiter";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return std::string(home) + "/.cache/arbiter";
  throw InputError("no state directory: neither XDG_CACHE_HOME nor HOME is set; give --state DIR");
}

std::string results_file_in(const std::string& state_directory, const GameDescriptor& game) {
  return (std::filesystem::path(state_directory) / ("prove-" + game.name + ".tsv")).string();
}

ResultsFileCount count_results(const std::string& file) {
  ResultsFileCount count;
  std::ifstream in(file, std::ios::binary);
  for (std::string line, key; std::getline(in, line);) {
    Stored s;
    const Line read = parse_record(line, key, s);
    count.records += read != Line::Other;
    count.unusable += read == Line::Damaged || read == Line::Unchecked;
  }
  return count;
}

std::vector<Claim> selected_claims(const ProveRequest& request) {
  const GameDescriptor& game = *request.game;
  const std::vector<Claim> all = game.claims ? game.claims() : std::vector<Claim>{};
  if (all.empty()) throw InputError("game " + quote_input(game.name) + " has no claims to prove");
  std::vector<Claim> chosen;
  for (const std::string& name : request.claims) {
    if (name == "all") return all;
    bool found = false;
    for (const Claim& claim : all) {
      if (claim.name == name) {
        chosen.push_back(claim);
        found = true;
      }
    }
    if (!found) {
      std::string known;
      for (const Claim& claim : all) known += (known.empty() ? "" : ", ") + claim.name;
      throw InputError("unknown claim " + quote_input(name) + " for " + game.name + " (known: " + known + ", all)");
    }
  }
  return chosen;
}

namespace {

// How far a claim about every size is refuted, after "refuted": where its counterexample is.
std::string every_size_refutation(const Verdict& verdict) {
  return (verdict.counterexample_size > 0 ? "counterexample at size " + std::to_string(verdict.counterexample_size)
                                          : std::string("a counterexample")) +
         "; the claim for every size is false";
}

}  // namespace

std::string refuted_words(const Verdict& verdict) { return "refuted: " + every_size_refutation(verdict); }

std::string reuse_mark(const ProveRow& row) {
  if (!row.from_results_file) return "";
  return "reused; stored by " + (row.stored_by.empty() ? std::string("an arbiter that did not record its version") : row.stored_by);
}

namespace {

std::string premise_line(const std::string& name, const ProveRow& row) {
  const Verdict& v = row.verdict;
  // A premise cut short by a stop request is "stopped", one the stop came before is "not reached":
  // neither is "unknown", Z3's own answer that it could not decide.
  if (row.interrupted) {
    std::string line = name + " (" + v.scope + "): " + (row.not_reached ? "not reached" : "stopped - " + v.reason);
    if (!v.derivation.empty()) {
      std::istringstream nested(v.derivation);
      for (std::string sub; std::getline(nested, sub);) line += "\n  " + sub;
    }
    return line;
  }
  std::string line = name + " (" + v.scope + "): " +
                     (v.kind == Verdict::Kind::Refuted && row.every_size ? refuted_words(v) : verdict_name(v.kind)) +
                     (row.from_results_file ? " (" + reuse_mark(row) + ")" : "");
  if (v.kind == Verdict::Kind::Unknown) line += " - " + v.reason;
  if (!v.derivation.empty()) {
    std::istringstream nested(v.derivation);
    for (std::string sub; std::getline(nested, sub);) line += "\n  " + sub;
  }
  return line;
}

}  // namespace

void check_results_file(const std::string& file) { load_results(file); }

namespace {

// The last size run_proofs shows a claim at: a claim about every size is shown once.
int last_size(const Claim& claim, const ProveRequest& request) {
  return claim.size_independent ? request.min_size : request.max_size;
}

// A refuted premise as far as it is refuted: "refuted (size 3)", or for a claim about every size
// "refuted: counterexample at size 3; the claim for every size is false".
std::string refuted_scope(const ProveRow& row) {
  return "refuted (" + (row.every_size ? every_size_refutation(row.verdict) : row.verdict.scope) + ")";
}

// The per-size claim a lemma about every size implies (Claim::implied_by), if the game has one: the
// lemma decided at one size, which carries a claim at that size where the lemma is not proved.
const Claim* per_size_form(const std::vector<Claim>& every_claim, const Claim& lemma) {
  if (!lemma.size_independent) return nullptr;
  const auto found = std::find_if(every_claim.begin(), every_claim.end(), [&](const Claim& c) {
    return !c.size_independent && c.implied_by == lemma.name;
  });
  return found == every_claim.end() ? nullptr : &*found;
}

// Whether a claim at one size looks past this verdict of a lemma about every size to the lemma at
// its size: the lemma is not proved, and neither was it cut short (that premise reads stopped or
// not reached) nor refuted by a game that contradicts the claim as well (the claim is refuted).
bool per_size_form_stands_in(const ProveRow& lemma) {
  const Verdict& v = lemma.verdict;
  return !lemma.interrupted && v.kind != Verdict::Kind::Proved &&
         !(v.kind == Verdict::Kind::Refuted && v.refutes_derived_claims);
}

// A game that ends drawn, looked for by the model's own play: a depth-first walk of the game tree
// from the initial position, each position (by its key) expanded once, until a drawn end, the end
// of the tree, the time limit, a stop request or ProveRequest::draw_search_positions positions (the
// set of those seen is what the walk keeps in memory). For a claim about every size the sizes are
// walked from the smallest up, within one time limit and one limit of positions for all of them.

struct DrawSearch {
  enum class End { Found, Exhausted, TimeLimit, PositionLimit, Stopped };
  End end = End::Exhausted;
  std::vector<std::string> moves;  // Found: the drawn game, from the initial position
  std::string final_diagram;       // Found: its last position
  long positions = 0;
  double seconds = 0;
};

class DrawWalk {
 public:
  DrawWalk(std::chrono::steady_clock::time_point deadline, long position_limit)
      : deadline_(deadline), position_limit_(position_limit) {}

  // True when a drawn game was found from `state`, at `depth` plies from the root (then path_
  // holds its moves). One state and one move list per depth, reused: a position copied, not cloned.
  bool visit(const State& state, std::size_t depth) {
    if (state.is_terminal()) return state.outcome().kind == Outcome::Kind::Draw;
    if (!seen_.insert(state.key()).second) return false;
    if (static_cast<long>(seen_.size()) > position_limit_) return halt(DrawSearch::End::PositionLimit);
    if (seen_.size() % 1024 == 0) {
      if (stop_requested()) return halt(DrawSearch::End::Stopped);
      if (std::chrono::steady_clock::now() > deadline_) return halt(DrawSearch::End::TimeLimit);
    }
    if (next_.size() <= depth) {
      next_.push_back(state.clone());
      moves_.emplace_back();
    }
    std::vector<Move>& moves = moves_[depth];
    state.legal_moves(moves);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      State& next = *next_[depth];
      next.copy_from(state);
      next.apply(moves[k]);
      path_.push_back(moves[k]);
      if (visit(next, depth + 1)) return true;
      path_.pop_back();
      if (halted_) return false;
    }
    return false;
  }

  DrawSearch result(const Game& game, bool found) const {
    DrawSearch r;
    r.end = found ? DrawSearch::End::Found : halted_ ? end_ : DrawSearch::End::Exhausted;
    if (found) {
      auto state = game.initial_state();
      for (const Move m : path_) {
        r.moves.push_back(state->move_text(m));
        state->apply(m);
      }
      r.final_diagram = state->diagram();
    }
    r.positions = static_cast<long>(seen_.size());
    return r;
  }

 private:
  bool halt(DrawSearch::End why) {
    halted_ = true;
    end_ = why;
    return false;
  }

  std::chrono::steady_clock::time_point deadline_;
  long position_limit_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<std::unique_ptr<State>> next_;
  std::deque<std::vector<Move>> moves_;  // a deque: growing it leaves the lists in use where they are
  std::vector<Move> path_;
  bool halted_ = false;
  DrawSearch::End end_ = DrawSearch::End::Exhausted;
};

DrawSearch search_drawn_game(const Game& game, std::chrono::steady_clock::time_point deadline, long position_limit) {
  const auto started = std::chrono::steady_clock::now();
  DrawWalk walk(deadline, position_limit);
  const auto root = game.initial_state();
  DrawSearch result = walk.result(game, walk.visit(*root, 0));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

// The walks of one claim: at its size, or for a claim about every size at each allowed size from
// the smallest up to the run's, until one finds a drawn game (so the smallest found is shown), the
// time limit, a stop request or `position_limit` positions in all.
struct DrawSearches {
  std::vector<std::pair<int, DrawSearch>> walks;  // (size, walk), in the order walked
  std::vector<int> not_walked;                     // sizes left when the time or positions ran out
  long position_limit = 0;
  // A claim about every size whose walks reached the size it is run at: the larger sizes the game
  // has (the smallest of them, 0 for none), which no walk looked at.
  int larger_size = 0;
  const DrawSearch& last() const { return walks.back().second; }
  int last_size() const { return walks.back().first; }
};

DrawSearches search_drawn_games(const GameDescriptor& game, const std::vector<std::string>& rulings, int size,
                                bool every_size, double seconds, long position_limit) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<int> sizes;
  for (int n = every_size ? 1 : size; n <= size; ++n) {
    if (n == size || (game.size_ok && game.size_ok(n))) sizes.push_back(n);
  }
  DrawSearches searches;
  searches.position_limit = position_limit;
  long positions_left = position_limit;
  for (const int n : sizes) {
    // A walk stopped by the time or the positions leaves none to the larger sizes.
    if (positions_left <= 0 || (!searches.walks.empty() && searches.last().end != DrawSearch::End::Exhausted)) {
      searches.not_walked.push_back(n);
      continue;
    }
    searches.walks.emplace_back(n, search_drawn_game(*make_game(game, n, rulings), deadline, positions_left));
    positions_left -= searches.last().positions;
    if (searches.last().end == DrawSearch::End::Found || searches.last().end == DrawSearch::End::Stopped) break;
  }
  if (every_size && searches.not_walked.empty() && searches.last_size() == size && game.size_ok) {
    for (int n = size + 1; n <= size + 64 && searches.larger_size == 0; ++n) {
      if (game.size_ok(n)) searches.larger_size = n;
    }
  }
  return searches;
}

// How the walks ended, when they found no drawn game, as a clause of an unknown verdict's reason.
std::string no_drawn_game_words(const DrawSearches& searches) {
  std::ostringstream words;
  words << std::fixed << std::setprecision(2);
  const bool several = searches.walks.size() > 1 || !searches.not_walked.empty();
  words << "no drawn game " << (several ? "of sizes " + std::to_string(searches.walks.front().first) + " to " +
                                              std::to_string(searches.last_size())
                                        : "of size " + std::to_string(searches.last_size()))
        << " found by the model's play (a depth-first walk of the game tree" << (several ? " at each size, smallest first" : "")
        << ", ";
  bool first = true;
  for (const auto& [n, search] : searches.walks) {
    if (!first) words << "; ";
    first = false;
    if (several) words << "size " << n << ": ";
    words << with_commas(static_cast<std::uint64_t>(search.positions)) << " positions, " << search.seconds << " s, ";
    switch (search.end) {
      case DrawSearch::End::Exhausted: words << "the whole tree, positions told apart by their 64-bit keys"; break;
      case DrawSearch::End::TimeLimit: words << "stopped at the time limit"; break;
      case DrawSearch::End::PositionLimit:
        words << "stopped at the limit of " << with_commas(static_cast<std::uint64_t>(searches.position_limit)) << " positions" << (several ? " for all sizes" : "");
        break;
      case DrawSearch::End::Stopped: words << "stopped by " << stop_signal_name(); break;
      case DrawSearch::End::Found: break;
    }
  }
  if (!searches.not_walked.empty()) {
    const std::vector<int>& rest = searches.not_walked;
    words << "; " << (rest.size() == 1 ? "size " + std::to_string(rest.front())
                                       : "sizes " + std::to_string(rest.front()) + " to " + std::to_string(rest.back()))
          << " not walked";
  }
  // The claim is about every size: say that the sizes above the one it is run at were not looked
  // at (the audit's quick run, at size 3, said only "no drawn game of sizes 2 to 3 found").
  if (searches.larger_size != 0) {
    words << "; size " << searches.larger_size << " and larger not walked: the walk goes no further than the size the claim is run at, "
          << searches.last_size();
  }
  words << ")";
  return words.str();
}

ProveRow interrupted_row(const Claim& claim, int size) {
  ProveRow row{claim.name, size, Verdict::unknown("interrupted by " + stop_signal_name()), false};
  if (!claim.premises.empty()) {
    row.verdict.scope = claim.size_independent ? "every size (derived)" : "size " + std::to_string(size) + " (derived)";
  } else {
    row.verdict.scope = scope_of(claim, size);
  }
  row.every_size = claim.size_independent;
  row.interrupted = true;
  row.derived = !claim.premises.empty();
  return row;
}

// The row of a claim at a size that a stopped run did not reach: no verdict, and not derived either.
ProveRow not_reached_row(const Claim& claim, int size) {
  ProveRow row = interrupted_row(claim, size);
  row.not_reached = true;
  row.derived = false;  // nothing was derived: the run never came to it
  return row;
}

}  // namespace

double ProveTally::seconds_in_step() const {
  const std::int64_t started = step_started.load();
  if (started == 0) return 0;
  std::int64_t end = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  // Up to the stop request, when one came: the time the check took to stop after it (which may be
  // seconds, or the 3 s grace period of an abandoned one) is no time it ran.
  if (const long long stop = stop_requested_at_ns(); stop != 0) end = std::min<std::int64_t>(end, stop);
  return static_cast<double>(std::max<std::int64_t>(end - started, 0)) / 1e9;
}

std::vector<ProveRow> interrupted_rows(const ProveRequest& request) {
  std::vector<ProveRow> rows;
  for (const Claim& claim : selected_claims(request)) {
    for (int size = request.min_size; size <= last_size(claim, request); ++size) rows.push_back(interrupted_row(claim, size));
  }
  return rows;
}

std::vector<ProveRow> rows_after_abandoned(const ProveRequest& request, const ProveTally& tally, std::size_t first) {
  std::vector<ProveRow> rows;
  std::size_t place = 0;
  const auto lock = std::lock_guard<std::mutex>(tally.mutex);
  for (const Claim& claim : selected_claims(request)) {
    for (int size = request.min_size; size <= last_size(claim, request); ++size, ++place) {
      if (place < first) continue;
      const auto key = std::make_pair(claim.name, claim.size_independent ? 0 : size);
      if (const auto it = tally.decided.find(key); it != tally.decided.end()) {
        rows.push_back(it->second);  // decided earlier in the run (as a premise): it keeps its verdict
        rows.back().size = size;
      } else if (key == tally.step) {
        rows.push_back(interrupted_row(claim, size));  // the abandoned check's own row: begun, so stopped
        rows.back().verdict.seconds = tally.seconds_in_step();
      } else {
        rows.push_back(not_reached_row(claim, size));
      }
    }
  }
  return rows;
}

std::vector<ProveRow> run_proofs(const ProveRequest& request, const std::function<void(const ProveRow&)>& on_row,
                                 std::ostream& progress, bool progress_is_terminal, ProveTally* tally) {
  ProveTally unseen_tally;
  ProveTally& counts = tally != nullptr ? *tally : unseen_tally;
  const GameDescriptor& game = *request.game;
  const std::vector<Claim> claims = selected_claims(request);
  const std::vector<Claim> every_claim = game.claims();
  if (request.min_size > request.max_size) {
    throw InputError("empty size range " + std::to_string(request.min_size) + "-" + std::to_string(request.max_size));
  }
  for (int size = request.min_size; size <= request.max_size; ++size) {
    make_config(game, size, request.rulings);  // throws InputError for a bad size or ruling
  }
  // Under mpirun the claims decided by Z3 are the units of work (docs/scale.md): rank 0 walks the
  // rows as one process does, and where one needs a verdict that is neither stored nor decided
  // yet, it asks the ranks for it instead of deciding it, and shows the row once it is there.
  const bool farming = request.shared_among_ranks && distributed::world().size > 1;
  const bool coordinator = distributed::world().coordinator();
  const auto work = [&](distributed::UnitId id) -> std::string {
    const Unit unit = unit_of(id);
    const auto verdict = decide_leaf(game, every_claim.at(unit.claim), unit.size, request);
    return verdict ? verdict_bytes(*verdict) : "I";
  };
  if (farming && !coordinator) {
    distributed::FarmJob job;
    job.work = work;
    distributed::run_farm(job);
    return {};
  }

  Results results;
  if (!request.results_file.empty()) {
    Results loaded = load_results(request.results_file);  // refuses a file of another kind
    if (!request.fresh) results = std::move(loaded);
  }
  const std::map<std::string, Stored>& stored = results.stored;
  std::set<std::string> warned;  // untrusted records this run has named

  const auto stored_key = [&](const Claim& claim, int size) {
    const std::string rulings = join(rulings_in_force(game, make_config(game, size, request.rulings)), " ");
    return record_key(game.name, claim, claim.size_independent ? 0 : size, rulings);
  };
  // The stored verdict under `key` if it may be reused: an unknown is final only for budgets no
  // larger than the one it already had.
  // A record not to be trusted is named once, when its verdict is needed, and decided again.
  const auto reusable = [&](const std::string& key) -> const Stored* {
    const auto it = stored.find(key);
    if (const auto bad = results.untrusted.find(key); bad != results.untrusted.end() && warned.insert(key).second) {
      const auto fields = split(key, '\t');
      progress << "arbiter: warning: " << request.results_file << ": the stored verdict of " << fields[1]
               << (fields[4] == "0" ? "" : " size " + fields[4]) << " " << bad->second << ": it is decided again\n"
               << std::flush;
    }
    if (it == stored.end()) return nullptr;
    const bool settled = it->second.verdict.kind != Verdict::Kind::Unknown || request.timeout_seconds <= it->second.budget;
    return settled ? &it->second : nullptr;
  };

  // A distributed run's units: asked for as the rows need them (each once), and their verdicts.
  std::deque<distributed::UnitId> ready;
  std::set<distributed::UnitId> asked;
  std::map<distributed::UnitId, Verdict> decided;
  std::map<std::string, int> lemma_size;  // the size each lemma about every size is decided at
  // The verdict of a unit if it came back; else asks for it (once) and gives nullopt.
  const auto from_ranks = [&](const Claim& claim, int size, bool again) -> std::optional<Verdict> {
    const distributed::UnitId id = unit_id(Unit{claim_index(every_claim, claim), size, again});
    if (const auto it = decided.find(id); it != decided.end()) return it->second;
    if (!stop_requested() && asked.insert(id).second) ready.push_back(id);
    return std::nullopt;
  };

  // Every verdict of this run, so that a premise shared by several claims is decided once.
  std::map<std::pair<std::string, int>, ProveRow> known;
  // Kept there, and a decided one (not cut short) shown to the report of an abandoned check too.
  const auto remember = [&](const std::pair<std::string, int>& key, const ProveRow& row) {
    known[key] = row;
    if (row.interrupted) return;
    const auto lock = std::lock_guard<std::mutex>(counts.mutex);
    counts.decided[key] = row;
  };
  // A lemma about every size refuted by a game that contradicts the claims derived from it, when
  // it carries a claim about one size: its counterexample must be drawn at that size. A verdict
  // decided (or stored) at another size is decided again at this one, and not kept (the stored one
  // stands for the lemma); one still drawn on another board (a window's) then shows only that the
  // argument fails at this size, as any refuted premise does.
  std::map<std::pair<std::string, int>, ProveRow> resized;
  const auto at_size = [&](const Claim& premise, const ProveRow& row, int size) -> ProveRow {
    const Verdict& v = row.verdict;
    if (!premise.size_independent || v.kind != Verdict::Kind::Refuted || !v.refutes_derived_claims ||
        v.counterexample_size == size || row.interrupted) {
      return row;
    }
    const auto key = std::make_pair(premise.name, size);
    if (const auto it = resized.find(key); it != resized.end()) return it->second;
    if (!farming && stop_requested()) return not_reached_row(premise, size);  // after a stop no check begins
    std::optional<Verdict> again = farming ? from_ranks(premise, size, true) : decide_leaf(game, premise, size, request);
    if (!again) return interrupted_row(premise, size);  // cut short, or (distributed) not back yet
    ProveRow redone = row;
    redone.verdict = *again;
    redone.from_results_file = false;
    // Still drawn elsewhere (a lemma on a board of its own): it shows that the argument fails, no more.
    if (redone.verdict.counterexample_size != size) redone.verdict.refutes_derived_claims = false;
    resized[key] = redone;
    return redone;
  };
  std::function<ProveRow(const Claim&, int)> evaluate = [&](const Claim& claim, int size) -> ProveRow {
    const auto memo_key = std::make_pair(claim.name, claim.size_independent ? 0 : size);
    if (auto it = known.find(memo_key); it != known.end()) return it->second;
    ProveRow row{claim.name, size, {}, false};
    row.every_size = claim.size_independent;
    if (!claim.premises.empty()) {
      // A derived claim: proved only where every premise is proved. Not stored: the premises are,
      // each under its own encoding version, so the derivation is redone from them every time.
      std::vector<std::string> lines, missing;
      const ProveRow* refuted = nullptr;
      std::vector<ProveRow> premise_rows;
      premise_rows.reserve(claim.premises.size());
      row.derived = true;
      bool all_not_reached = true;  // every premise cut short was never begun
      std::vector<std::string> stood_in;  // per-size lemmas used in place of every-size ones
      for (const std::string& name : claim.premises) {
        const Claim* found = &claim_named(every_claim, claim, name);
        if (claim.size_independent && !found->size_independent) {
          lines.push_back(name + ": decided per board size only, so it cannot carry a claim about every size");
          missing.push_back(name + " (no every-size argument)");
          continue;
        }
        premise_rows.push_back(evaluate(*found, size));
        if (!claim.size_independent) premise_rows.back() = at_size(*found, premise_rows.back(), size);
        std::string used = name;  // the premise this size rests on
        if (const Claim* local = claim.size_independent ? nullptr : per_size_form(every_claim, *found);
            local != nullptr && per_size_form_stands_in(premise_rows.back())) {
          // A lemma about every size that is not proved: at this size the claim rests on the lemma
          // decided at this size (the per-size claim it implies), as far as that one is proved.
          lines.push_back(premise_line(name, premise_rows.back()));
          row.verdict.seconds += premise_rows.back().verdict.seconds;
          premise_rows.back() = evaluate(*local, size);
          used = local->name;
          stood_in.push_back(used + " (" + premise_rows.back().verdict.scope + ") in place of " + name);
        }
        const ProveRow& p = premise_rows.back();
        if (used == name) {
          lines.push_back(premise_line(used, p));
        } else {
          ProveRow shown = p;  // its scope says what it stands in for
          shown.verdict.scope += ", in place of " + name;
          lines.push_back(premise_line(used, shown));
        }
        row.verdict.seconds += p.verdict.seconds;
        row.verdict.variables += p.verdict.variables;
        row.verdict.assertions += p.verdict.assertions;
        if (p.verdict.kind == Verdict::Kind::Refuted && refuted == nullptr) refuted = &p;
        if (p.interrupted) {
          missing.push_back(used + (p.not_reached ? " (not reached)" : " (stopped - " + p.verdict.reason + ")"));
          all_not_reached = all_not_reached && p.not_reached;
        } else if (p.verdict.kind == Verdict::Kind::Unknown) {
          missing.push_back(used + " (" + p.verdict.reason + ")");
        }
        row.interrupted = row.interrupted || p.interrupted;
      }
      Verdict& v = row.verdict;
      if (refuted != nullptr && !refuted->verdict.refutes_derived_claims) {
        // The premises' conjunction is false, not the claim: the argument fails, nothing more.
        v.kind = Verdict::Kind::Unknown;
        // The command that shows the counterexample, under this run's rulings and at its size.
        std::string command = "arbiter prove " + game.name + " " + refuted->claim;
        if (!claim_named(every_claim, claim, refuted->claim).size_independent) {
          command += " --sizes " + std::to_string(refuted->size);
        }
        for (const std::string& ruling : request.rulings) command += " --rule " + ruling;
        v.reason = "the argument fails: premise " + refuted->claim + " is " + refuted_scope(*refuted) +
                   ", and its counterexample does not contradict this claim (" + command + " shows it)";
      } else if (refuted != nullptr) {
        v.kind = Verdict::Kind::Refuted;
        v.counterexample = "premise " + refuted->claim + " is " + refuted_scope(*refuted) + ":\n" +
                           refuted->verdict.counterexample;
        v.counterexample_size = refuted->verdict.counterexample_size;
        v.moves = refuted->verdict.moves;
        v.reached_by = refuted->verdict.reached_by;
        v.note = "refuted premise " + refuted->claim + "; " +
                 (refuted->verdict.note.empty() ? std::string("whether its counterexample is reachable from the "
                                                              "empty board was not checked")
                                                : refuted->verdict.note);
      } else if (!missing.empty()) {
        v.kind = Verdict::Kind::Unknown;
        std::string names;
        for (const auto& m : missing) names += (names.empty() ? "" : "; ") + m;
        v.reason = "premise not proved: " + names;
      } else {
        v.kind = Verdict::Kind::Proved;
      }
      for (const auto& line : lines) v.derivation += line + "\n";
      if (!stood_in.empty()) {
        std::string which;
        for (const auto& s : stood_in) which += (which.empty() ? "" : "; ") + s;
        v.note = (v.note.empty() ? "" : v.note + "; ") + "at this size it rests on " + which +
                 ", which is not proved for every size";
      }
      v.scope = claim.size_independent ? "every size (derived)" : "size " + std::to_string(size) + " (derived)";
      // The argument fails, which leaves the claim open, not false. A claim that a drawn game
      // refutes is then looked at in play: a drawn game of this size under these rulings refutes it
      // (and so the claim about every size, if it is that one); none found leaves it unknown.
      if (claim.refuted_by_a_drawn_game && refuted != nullptr && v.kind == Verdict::Kind::Unknown && !row.interrupted &&
          !stop_requested()) {
        // A claim about every size: the smallest sizes first, so that the drawn game shown is the
        // smallest found (a 2x2 game, not one of the size the claim is run at).
        const DrawSearches searches =
            search_drawn_games(game, request.rulings, size, claim.size_independent, request.timeout_seconds,
                               request.draw_search_positions);
        const DrawSearch& search = searches.last();
        const int drawn_size = searches.last_size();
        if (search.end == DrawSearch::End::Found) {
          std::string line;
          for (const auto& m : search.moves) line += " " + m;
          long positions = 0;
          double seconds = 0;
          for (const auto& walked : searches.walks) {
            positions += walked.second.positions;
            seconds += walked.second.seconds;
          }
          std::ostringstream how;
          how << "the argument fails (premise " << refuted->claim << " is " << refuted_scope(*refuted)
              << "), and the claim itself is refuted by play: a depth-first walk of the model's game tree from the "
                 "empty board"
              << (claim.size_independent ? ", at each size from the smallest up," : "") << " found this drawn game"
              << (claim.size_independent ? " of size " + std::to_string(drawn_size) : "") << " after "
              << with_commas(static_cast<std::uint64_t>(positions)) << " positions (" << std::fixed << std::setprecision(2) << seconds << " s; the time shown is the premises')";
          v.note = how.str();
          v.kind = Verdict::Kind::Refuted;
          v.reason.clear();
          v.counterexample = "a game of size " + std::to_string(drawn_size) + " that ends drawn, played by the model from "
                             "the empty board:" + line + "\n" + search.final_diagram;
          v.counterexample_size = drawn_size;
          v.reached_by = search.moves;
        } else if (search.end == DrawSearch::End::Stopped) {
          row.interrupted = true;
          v.reason = "interrupted by " + stop_signal_name() + " while the model's play looked for a drawn game";
        } else {
          v.reason += "; " + no_drawn_game_words(searches);
        }
      }
      row.not_reached = row.interrupted && all_not_reached;
      if (row.not_reached) row.derived = false;  // not reached, so not derived either
      if (!row.interrupted || !farming) remember(memo_key, row);
      return row;
    }
    if (!claim.implied_by.empty()) {
      // The every-size lemma first: where it is proved it carries this size, and no query is needed.
      const Claim& lemma = claim_named(every_claim, claim, claim.implied_by);
      const ProveRow lemma_row = evaluate(lemma, size);
      if (lemma_row.interrupted) {
        row.verdict = Verdict::unknown("interrupted by " + stop_signal_name());
        row.verdict.scope = "size " + std::to_string(size);
        row.interrupted = true;
        row.not_reached = lemma_row.not_reached;
        return row;
      }
      if (lemma_row.verdict.kind == Verdict::Kind::Proved) {
        Verdict& v = row.verdict;
        v.kind = Verdict::Kind::Proved;
        v.seconds = lemma_row.verdict.seconds;
        v.variables = lemma_row.verdict.variables;
        v.assertions = lemma_row.verdict.assertions;
        row.derived = true;
        v.derivation = premise_line(lemma.name, lemma_row) + "\n";
        v.note = "implied by " + lemma.name + ", which is proved for every size; no query at this size";
        v.scope = "size " + std::to_string(size) + " (derived)";
        remember(memo_key, row);
        return row;
      }
    }
    const std::string key = stored_key(claim, size);
    const std::string step = game.name + " " + claim.name + (claim.size_independent ? " (lemma)" : " size " + std::to_string(size));
    if (const Stored* kept = reusable(key)) {
      row.verdict = kept->verdict;
      row.verdict.scope = scope_of(claim, size);  // as this arbiter words it
      row.from_results_file = true;
      row.stored_budget = kept->budget;
      row.stored_by = kept->written_by;
      ++counts.reused;
    } else if (farming) {
      // Decided by a rank of this run, and already kept; else asked for, and the row waits. A lemma
      // is decided once, at the size it was first needed at, as in one process.
      const int at = claim.size_independent ? lemma_size.emplace(claim.name, size).first->second : size;
      if (const std::optional<Verdict> verdict = from_ranks(claim, at, false)) {
        row.verdict = *verdict;
      } else {
        row = interrupted_row(claim, size);
      }
    } else if (stop_requested()) {
      row = not_reached_row(claim, size);  // the stop came before this check began
    } else {
      if (progress_is_terminal) progress << "\r\033[K[prove] " << step << " ..." << std::flush;
      else progress << "[prove] " << step << " ...\n" << std::flush;
      std::optional<Verdict> verdict;
      const auto started = std::chrono::steady_clock::now();
      {
        const auto lock = std::lock_guard<std::mutex>(counts.mutex);
        counts.step = memo_key;
      }
      counts.step_started = std::chrono::duration_cast<std::chrono::nanoseconds>(started.time_since_epoch()).count();
      {
        const Heartbeat heartbeat(progress, progress_is_terminal, "[prove] " + step);
        verdict = decide_leaf(game, claim, size, request);
      }
      const double ran = counts.seconds_in_step();
      counts.step_started = 0;
      {
        const auto lock = std::lock_guard<std::mutex>(counts.mutex);
        counts.step = {};
      }
      if (!verdict) {
        // Cut short, not decided: shown as such, with the seconds it ran until the stop request
        // (not the time it then took to stop), and never stored.
        row = interrupted_row(claim, size);
        row.verdict.seconds = ran;
      } else {
        row.verdict = *verdict;
        if (!request.results_file.empty()) {
          append_result(request.results_file, record(key, row.verdict, request.timeout_seconds));
          ++counts.kept;
        }
      }
    }
    if (progress_is_terminal) progress << "\r\033[K" << std::flush;
    // In one process a row is cut short only by a stop, after which nothing is decided: a stopped
    // row is remembered too, so that a row after it that rests on it reads it as stopped (not as
    // not reached). A distributed run's row waits for its unit instead, and is walked again.
    if (!row.interrupted || !farming) remember(memo_key, row);
    return row;
  };

  std::vector<std::pair<const Claim*, int>> order;  // the rows, in the order of interrupted_rows
  for (const Claim& claim : claims) {
    for (int size = request.min_size; size <= last_size(claim, request); ++size) order.emplace_back(&claim, size);
  }
  std::vector<ProveRow> rows;
  if (!farming) {
    // After a stop the rows left are walked too, with no check begun: a row already decided (a
    // premise of an earlier row, or stored) keeps its verdict, one derived from decided premises
    // is derived, one resting on the stopped check reads stopped, and only a row whose own check
    // never began reads "not reached" (all of them did, even claims proved as premises before).
    for (const auto& [claim, size] : order) {
      rows.push_back(evaluate(*claim, size));
      if (on_row) on_row(rows.back());
    }
    return rows;
  }

  // Rank 0 of a distributed run: the rows whose verdicts are all in are shown, in order, as soon as
  // they are; the rows after the first that waits are walked too, so that every unit they need is
  // asked for (and every rank has work) without waiting for the rows before them.
  const auto advance = [&] {
    while (rows.size() < order.size()) {
      ProveRow row = evaluate(*order[rows.size()].first, order[rows.size()].second);
      if (row.interrupted) break;
      rows.push_back(row);
      if (on_row) on_row(rows.back());
    }
    for (std::size_t i = rows.size() + 1; i < order.size() && !stop_requested(); ++i) {
      evaluate(*order[i].first, order[i].second);
    }
  };
  distributed::FarmJob job;
  job.work = work;
  job.next_unit = [&]() -> std::optional<distributed::UnitId> {
    if (ready.empty() || stop_requested()) return std::nullopt;
    const distributed::UnitId id = ready.front();
    ready.pop_front();
    return id;
  };
  // A unit may need another's verdict first (a claim decided only where its lemma is not proved).
  job.more_may_come = [&] { return !stop_requested(); };
  job.on_result = [&](distributed::UnitId id, const std::string& bytes) {
    const Unit unit = unit_of(id);
    const Claim& claim = every_claim.at(unit.claim);
    {
      // Under the lock a stop's report is made under (cli/prove.cpp): a verdict is kept and counted
      // before it, or not at all, so that the count it gives is the file's.
      const auto lock = output_lock();
      // Cut short by a stop (here or on its rank): not decided, not kept, as in one process.
      if (bytes == "I" || stop_requested()) return;
      decided[id] = verdict_from_bytes(bytes);
      // A lemma decided again at a size of its own is not kept: the stored one stands for it.
      if (!unit.again && !request.results_file.empty()) {
        append_result(request.results_file, record(stored_key(claim, unit.size), decided[id], request.timeout_seconds));
        ++counts.kept;
      }
    }
    if (!unit.again) {
      progress << "[prove] " << game.name << " " << claim.name
               << (claim.size_independent ? " (lemma)" : " size " + std::to_string(unit.size)) << ": "
               << verdict_name(decided[id].kind) << " (" << decided.size() << " decided)\n"
               << std::flush;
    }
    advance();
  };
  advance();
  distributed::run_farm(job);
  if (rows.size() < order.size()) {
    // A stop (or a unit cut short on its rank): the row that waits is shown as stopped, and the run ends.
    rows.push_back(interrupted_row(*order[rows.size()].first, order[rows.size()].second));
    if (on_row) on_row(rows.back());
  }
  return rows;
}

}  // namespace arbiter

#include "solver/solve.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "model/core/errors.hpp"
#include "model/core/version.hpp"
#include "model/core/zobrist.hpp"
#include "solver/bounded_search.hpp"
#include "solver/dfpn.hpp"
#include "solver/interrupt.hpp"
#include "solver/transposition_table.hpp"
#include "solver/zone_table.hpp"

namespace arbiter::solver {
namespace {

// What a unit file holds instead of a certificate when the solve made none.
constexpr const char* kNoCertificate = "certificate none";
// What ends a unit file's list of the parts its certificate was written to.
constexpr const char* kPartsEnd = "parts end";
// What follows kNoCertificate where the certificate was made but its parts could not be written
// (MoveResult::unwritten), so that a rank's or the journal's unit still says why.
constexpr const char* kUnwritten = "unwritten ";

// The zones of solved positions sit beside the table, at a quarter of its size (one per solved
// entry would need half: most entries are open or have no zone).
std::size_t zone_table_megabytes(const SolveOptions& options) {
  return options.within == 0 && options.threat_depth > 0 ? std::max<std::size_t>(options.table_megabytes / 4, 1) : 1;
}

// A bounded search (--within) has a table of its own, so the df-pn table is then the smallest. A
// search that extracts no certificate keeps its table's costliest entries, solved or not.
TranspositionTable make_table(const SolveOptions& options) {
  return TranspositionTable(options.within == 0 ? options.table_megabytes : 1,
                            options.certificates ? TranspositionTable::Keep::Solved : TranspositionTable::Keep::Work);
}

// A line read off the table searches again where the table lost a proved move (Dfpn::table_line):
// for the whole line, at most as many nodes as the move's own search took, and at least these.
constexpr std::uint64_t kLineResearchFloor = 1 << 14;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A move's file name in a parts directory: its text, with anything but letters and digits
// replaced; one file per claim, numbered when there are several.
std::string part_name(const std::string& move_text, std::size_t claim, std::size_t claims) {
  std::string name;
  for (char ch : move_text) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return name + (claims > 1 ? "-" + std::to_string(claim + 1) : "") + ".cert";
}

// A part written to PATH.tmp is renamed into place when every write succeeded; otherwise the
// temporary file is removed and the error says why (a full disk left PATH.tmp behind and said only
// "cannot write the certificate part"; a failed rename was a filesystem_error, an internal error).
void place_part(const std::string& path, std::ofstream& out) {
  int cause = !out ? errno : 0;
  out.close();
  if (!out && cause == 0) cause = errno;
  std::error_code error;
  if (!out) {
    std::filesystem::remove(path + ".tmp", error);
    throw InputError("cannot write the certificate part " + quote_input(path) +
                     (cause != 0 ? ": " + std::generic_category().message(cause) : ""));
  }
  std::filesystem::rename(path + ".tmp", path, error);
  if (error) {
    const std::string why = error.message();
    std::filesystem::remove(path + ".tmp", error);
    throw InputError("cannot rename " + quote_input(path + ".tmp") + " to " + quote_input(path) + ": " + why);
  }
}

// Writes a unit's certificate as parts while it is extracted: the nodes go to a scratch file as
// they are made (nodes()); finish() puts a header (its root: each claim) and an end around them,
// one part file per claim, and removes the scratch file. Each writer has a scratch file of its
// own: two threads on one unit extract side by side (the second finds the first's proof in the
// shared table), and one file for both interleaved their nodes into a certificate that does not
// read (a 6x6 opening's part was so refused by verify-proof).
class PartWriter {
 public:
  PartWriter(std::string directory, const std::string& move_text, const State& after)
      : directory_(std::move(directory)), move_text_(move_text), position_(after.line()), game_(game_word(position_)) {
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    if (error) throw InputError("cannot create the directory " + quote_input(directory_) + ": " + error.message());
    static std::atomic<std::uint64_t> writers{0};
    scratch_ = directory_ + "/" + part_name(move_text_, 0, 1) + ".nodes." + std::to_string(writers++);
    nodes_.open(scratch_, std::ios::binary | std::ios::trunc);
    if (!nodes_) throw InputError("cannot write the certificate part's nodes " + quote_input(scratch_) + reason(errno));
  }
  ~PartWriter() {
    std::error_code ignored;
    std::filesystem::remove(scratch_, ignored);
  }
  std::ostream& nodes() { return nodes_; }

  std::vector<MoveResult::Part> finish(const Certificate& streamed, const std::vector<int>& claims, const std::string& made_by) {
    // Nodes the scratch file did not take (a full disk) would leave a part cut short.
    int cause = !nodes_ ? errno : 0;
    nodes_.close();
    if (!nodes_) throw InputError("cannot write the certificate part's nodes " + quote_input(scratch_) + reason(cause != 0 ? cause : errno));
    std::vector<MoveResult::Part> parts;
    for (std::size_t k = 0; k < claims.size(); ++k) {
      const std::string file = part_name(move_text_, k, claims.size());
      const std::string path = directory_ + "/" + file;
      std::ofstream out(path + ".tmp", std::ios::binary);
      Certificate::write_header(out, made_by, game_, position_, claims[k]);
      std::ifstream in(scratch_, std::ios::binary);
      out << in.rdbuf();
      Certificate::write_end(out, streamed.size());
      place_part(path, out);
      parts.push_back({streamed.claim(claims[k]), (std::filesystem::path(directory_).filename() / file).string()});
    }
    return parts;
  }

 private:
  static std::string game_word(const std::string& line) { return line.substr(0, line.find(' ')); }
  static std::string reason(int cause) { return cause != 0 ? ": " + std::generic_category().message(cause) : ""; }
  std::string directory_, move_text_, position_, game_, scratch_;
  std::ofstream nodes_;
};

// Writes the table's solved entries to `path` whole (to a temporary file, then renamed), or
// nothing: "" when saved, else the file and what went wrong, with the temporary file removed.
std::string save_table(const TranspositionTable& table, std::uint64_t identity, const std::string& path) {
  const std::string temporary = path + ".tmp";
  std::error_code error;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (out) {
      table.save_solved(out, identity);
      out.close();  // flushes: a full disk shows here
    }
    if (!out) {
      const int cause = errno;
      std::filesystem::remove(temporary, error);
      return temporary + ": " + (cause != 0 ? std::generic_category().message(cause) : "write failed");
    }
  }
  std::filesystem::rename(temporary, path, error);
  if (!error) return "";
  const std::string why = error.message();
  std::filesystem::remove(temporary, error);
  return "cannot rename " + temporary + " to " + path + ": " + why;
}

// What the options ask of every exact search, set in one place for each search made.
void configure(Dfpn& search, const SolveOptions& options, ZoneTable& zones) {
  search.prune_by_threats(options.threat_depth, &zones);
  search.simulate_siblings_for(options.simulation_steps);
}

// One move of the root, settled by a search over `table`. A helper (a second thread on a unit
// already under way) breaks ties the other way, to search elsewhere. `settle`, when given, is asked
// before the unit's certificate parts are written, and says whether this search is the first to
// settle the unit: the part files are named after the move, so only that search writes them (the
// others stop, as when the unit is settled under them).
MoveResult solve_unit(const State& root, Move move, const SolveOptions& options, TranspositionTable& table,
                      ZoneTable& zones, std::unique_ptr<BoundedSearch>& bounded, bool helper = false,
                      const std::function<bool()>& settle = {}) {
  MoveResult r = unsettled_move(root, move);
  const auto start = std::chrono::steady_clock::now();
  auto child = root.clone();
  child->apply(move);
  const int mover = root.side_to_move();
  try {
    if (options.within == 0) {
      // The unit's solved entries stay until its certificate is written (and the table's older
      // ones, which the unit finds, with them); then they may give way.
      const TranspositionTable::Pin pin(table);
      Dfpn dfpn(table, options.control, r.stats, helper);
      configure(dfpn, options, zones);
      bool certify = options.certificates;
      std::optional<PartWriter> parts;
      if (certify && !options.parts_directory.empty()) {
        // A part that cannot be written leaves the unit uncertified, its value found all the same
        // (it ended the whole solve with exit 2 and no report, or on a thread of its own, an abort).
        try {
          parts.emplace(options.parts_directory, r.text, *child);
          r.certificate.stream_to(&parts->nodes());
        } catch (const InputError& error) {
          r.unwritten = error.what();
          certify = false;
        }
      }
      const Goal win{mover, false};
      const Verdict first = dfpn.solve(*child, win);
      Goal shown = win;  // the goal whose search the value rests on, for the line
      if (first == Verdict::Proven) {
        r.value = Value::Win;
        if (certify) r.claims.push_back(dfpn.extract(*child, win, first, r.certificate));
      } else if (first == Verdict::Disproven) {
        // A refutation that needs no draw is the opponent's win: the certificate's claim says so
        // when one is extracted, the search's numbers otherwise.
        int refutation = -1;
        bool lost = dfpn.disproof_is_win();
        if (certify) {
          refutation = dfpn.extract(*child, win, first, r.certificate);
          lost = r.certificate.claim(refutation).kind == Claim::Kind::Win;
        }
        if (lost) {
          r.value = Value::Loss;
          if (certify) r.claims.push_back(refutation);
        } else {
          // The refutation may need a draw somewhere: does the mover at least draw?
          const Goal hold{mover, true};
          const Verdict second = dfpn.solve(*child, hold);
          shown = hold;
          if (second == Verdict::Proven) {
            r.value = Value::Draw;
            if (certify) r.claims = {refutation, dfpn.extract(*child, hold, second, r.certificate)};
          } else if (second == Verdict::Disproven) {
            r.value = Value::Loss;
            if (certify) r.claims = {dfpn.extract(*child, hold, second, r.certificate)};
          }
        }
      }
      // A draw's line is read off the table even with a certificate: the certificate's claims
      // hold each side's result apart (the opponent's refutation of the win lets the mover play
      // any move, one that loses too), where the table line keeps the draw for both sides.
      if (r.value != Value::Unknown && (!certify || parts || r.value == Value::Draw)) {
        const bool proved = r.value == Value::Win || (r.value == Value::Draw && shown.draw_enough);
        r.line = dfpn.table_line(*child, shown, proved, std::max(kLineResearchFloor, r.stats.nodes));
      }
      if (parts && r.value != Value::Unknown && !r.claims.empty()) {
        if (settle && !settle()) throw SearchInterrupted();
        try {
          r.parts = parts->finish(r.certificate, r.claims, options.made_by);
        } catch (const InputError& error) {
          r.unwritten = error.what();
          r.claims.clear();
        }
        r.certificate = Certificate{};
      }
    } else {
      // One bounded search per thread, kept across its units: its table holds only facts (bounds
      // proved), and certify() picks the first move in legal order that works, so what it writes
      // does not depend on what the table happens to hold.
      if (!bounded) bounded = std::make_unique<BoundedSearch>(options.table_megabytes, options.control);
      bounded->count_into(r.stats);
      bounded->controlled_by(options.control);
      const bool wins = bounded->defender_loses(*child, mover, options.within - 1);
      r.value = wins ? Value::WinWithin : Value::NoWinWithin;
      r.claims.push_back(bounded->certify(*child, mover, options.within - 1, wins, r.certificate));
    }
  } catch (const SearchInterrupted&) {
    r.value = Value::Unknown;
  }
  r.certified = r.value != Value::Unknown && (!r.claims.empty() || !r.parts.empty());
  if (!r.certified) {
    r.certificate = Certificate();
    r.claims.clear();
  } else if (r.parts.empty() && r.value != Value::Draw) {
    r.line = principal_line(r.certificate, r.claims.front());
    r.line_ends = finish_line(*child, r.line);
  }
  options.control.settle(r.stats.nodes);
  r.seconds = seconds_since(start);
  return r;
}

// value_only names one winning move, `named`: every other move not settled already (a loss the
// moves in turn refuted, or one a resumed run's journal holds) is reported as not searched. Other
// winning moves are not searched either: the value rests on the one named.
void leave_the_rest_unsearched(const State& root, const std::vector<Move>& moves, std::size_t named, SolveResult& result) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Value v = result.moves[i].value;
    if (i == named || (v != Value::Unknown && !is_win(v))) continue;
    result.moves[i] = unsettled_move(root, moves[i]);
    result.moves[i].not_searched = true;
    ++result.not_searched;
  }
}

// The root's moves for a search that takes them in turn, each to its end: in search_order with the
// estimate's ties nearest the middle first, a symmetric image of a move already taken skipped.
// df-pn at the root goes where the proof numbers are smallest, and in a connection game's opening
// they are a poor guide: a 5x5 board's root search (docs/solver.md, "The root's moves in turn")
// proves b1 in 3.4-4.1 M nodes while the centre's proof takes 0.4 M. Where the centre loses, the
// root's df-pn is still beside it.
class MovesInTurn {
 public:
  // Called with a move's index when the search refutes it by the opponent's win (not a draw),
  // with the search that did (its table line shows how).
  using Refuted = std::function<void(std::size_t index, Dfpn& search)>;

  MovesInTurn(const State& root, const std::vector<Move>& moves, RootFocus* focus, Refuted on_refuted = {})
      : root_(root), moves_(moves), order_(search_order(root, moves, MoveTies::MiddleFirst)), child_(root.clone()),
        focus_(focus), on_refuted_(std::move(on_refuted)) {}

  // Goes on from where the last call stopped, for about `budget` nodes of `search` (whose stats are
  // `stats`): Proven once a move wins, Disproven once every move was refuted, Unknown when the
  // budget is spent or the search was stopped.
  Verdict search(Dfpn& search, const Goal& win, std::uint64_t budget, const SearchStats& stats) {
    const std::uint64_t end = budget >= Dfpn::kNoBudget - stats.nodes ? Dfpn::kNoBudget : stats.nodes + budget;
    while (next_ < order_.size()) {
      if (!taken_) {
        child_->copy_from(root_);
        child_->apply(moves_[order_[next_]]);
        const std::uint64_t key = child_->canonical_key();
        if (std::find(tried_.begin(), tried_.end(), key) != tried_.end()) {
          ++next_;
          continue;
        }
        tried_.push_back(key);
        taken_ = true;
        if (focus_ != nullptr) focus_->in_turn = moves_[order_[next_]];
      }
      Verdict verdict;
      bool lost = false;  // refuted by the opponent's win, not by a draw
      if (child_->is_terminal()) {
        const Outcome outcome = child_->outcome();
        verdict = outcome.kind == Outcome::Kind::Win && outcome.winner == win.attacker ? Verdict::Proven : Verdict::Disproven;
        lost = outcome.kind == Outcome::Kind::Win && outcome.winner != win.attacker;
      } else {
        if (stats.nodes >= end) return Verdict::Unknown;
        verdict = search.solve(*child_, win, end == Dfpn::kNoBudget ? Dfpn::kNoBudget : end - stats.nodes);
        lost = verdict == Verdict::Disproven && search.disproof_is_win();
      }
      if (verdict != Verdict::Disproven) return verdict;
      if (lost && on_refuted_) on_refuted_(order_[next_], search);
      ++next_;
      taken_ = false;
    }
    return Verdict::Disproven;
  }

 private:
  const State& root_;
  const std::vector<Move>& moves_;
  std::vector<std::size_t> order_;
  std::unique_ptr<State> child_;
  RootFocus* focus_;
  Refuted on_refuted_;
  std::vector<std::uint64_t> tried_;  // canonical keys of the positions after the moves taken
  std::size_t next_ = 0;              // in order_
  bool taken_ = false;                // child_ holds the position after order_[next_], under search
};

// The first slice of nodes each search of an alternation gets; slices double every round.
constexpr std::uint64_t kFirstSlice = 1 << 12;

// value_only's exact search of the root (see SolveOptions::value_only). True when it proved a
// win: `result` then holds the named winning move, solved, and every other move unknown. Two
// searches share the table: df-pn of the root, and the root's moves in turn (MovesInTurn). On
// one thread they alternate in slices of nodes that double every round, so that neither spends
// more than about twice what the other has, and the run is the same every time; raced, each has
// a thread and the first to settle the root stops the other.
bool search_root_for_a_win(const State& root, const std::vector<Move>& moves, const SolveOptions& options,
                           TranspositionTable& table, ZoneTable& zones, SolveResult& result, const UnitDone& on_done) {
  const int mover = root.side_to_move();
  const Goal win{mover, false};
  const bool race = options.race_root && options.threads >= 2;
  std::atomic<bool> settled{false};
  std::vector<SearchStats> stats(2);
  std::vector<Verdict> verdicts(2, Verdict::Unknown);
  SearchControl root_control = options.control;
  root_control.focus = options.root_focus;
  SearchControl turn_control = options.control;
  turn_control.focus = nullptr;  // its df-pn's root is a move's position, not the root
  if (race) root_control.abandon = turn_control.abandon = &settled;
  // A move the moves in turn refute is a loss, exact but without a certificate: reported (with its
  // symmetric images, which the moves in turn skip) only when no certificate was asked for, so
  // that with --proof every value shown is one the certificate holds. Only the search of the moves
  // in turn writes result.moves until both searches are over. (Its nodes are the root search's.)
  const auto on_refuted = [&](std::size_t index, Dfpn& search) {
    if (options.certificates) return;
    auto child = root.clone();
    child->apply(moves[index]);
    const std::uint64_t image_key = child->canonical_key();
    for (std::size_t j = 0; j < moves.size(); ++j) {
      if (result.moves[j].value != Value::Unknown) continue;  // known already (a resumed run's journal)
      child->copy_from(root);
      child->apply(moves[j]);
      if (child->canonical_key() != image_key) continue;
      MoveResult& loss = result.moves[j];
      loss = unsettled_move(root, moves[j]);
      loss.value = Value::Loss;
      if (!child->is_terminal()) loss.line = search.table_line(*child, win, false, kLineResearchFloor);
      if (on_done) on_done(j, loss);
    }
  };
  MovesInTurn in_turn(root, moves, options.root_focus, on_refuted);
  try {
    Dfpn root_search(table, root_control, stats[0]);
    configure(root_search, options, zones);
    Dfpn turn_search(table, turn_control, stats[1], race);  // raced: ties the other way, to go elsewhere
    configure(turn_search, options, zones);
    if (race) {
      std::thread other([&] {
        try {
          verdicts[1] = in_turn.search(turn_search, win, Dfpn::kNoBudget, stats[1]);
        } catch (const SearchInterrupted&) {
        }
        if (verdicts[1] != Verdict::Unknown) settled = true;
      });
      try {
        verdicts[0] = root_search.solve(root, win);
      } catch (const SearchInterrupted&) {
      }
      if (verdicts[0] != Verdict::Unknown) settled = true;
      other.join();
    } else {
      for (std::uint64_t slice = kFirstSlice;; slice = std::min(slice * 2, Dfpn::kNoBudget / 4)) {
        verdicts[1] = in_turn.search(turn_search, win, slice, stats[1]);
        if (verdicts[1] != Verdict::Unknown || options.control.should_stop()) break;
        verdicts[0] = root_search.solve(root, win, slice);
        if (verdicts[0] != Verdict::Unknown || !root_search.budget_spent()) break;
      }
    }
  } catch (const SearchInterrupted&) {
  }
  if (options.root_focus != nullptr) {  // the root's search is over
    options.root_focus->move = RootFocus::kNone;
    options.root_focus->in_turn = RootFocus::kNone;
  }
  Verdict verdict = Verdict::Unknown;
  for (std::size_t t = 0; t < stats.size(); ++t) {
    result.root_search.add(stats[t]);
    if (verdicts[t] != Verdict::Unknown) verdict = verdicts[t];
  }
  if (verdict != Verdict::Proven) return false;
  auto child = root.clone();
  std::size_t named = moves.size();
  for (std::size_t i = 0; i < moves.size() && named == moves.size(); ++i) {
    child->copy_from(root);
    child->apply(moves[i]);
    ProofNumbers n;
    const bool won = child->is_terminal() ? child->outcome().winner == mover
                                          : table.lookup(child->canonical_key() ^ Dfpn::goal_salt(win), n) && n.proven();
    if (won) named = i;
  }
  if (named == moves.size()) return false;  // the table lost the proof: the units find it again
  std::unique_ptr<BoundedSearch> unused;
  MoveResult unit = solve_unit(root, moves[named], options, table, zones, unused);
  if (unit.value != Value::Win) return false;  // stopped during the unit's own search
  leave_the_rest_unsearched(root, moves, named, result);
  result.moves[named] = std::move(unit);
  if (on_done) on_done(named, result.moves[named]);
  return true;
}

}  // namespace

std::string value_word(Value v) {
  switch (v) {
    case Value::Win: return "win";
    case Value::Loss: return "loss";
    case Value::Draw: return "draw";
    case Value::WinWithin: return "win";
    case Value::NoWinWithin: return "no win";
    case Value::Unknown: return "unknown";
  }
  return "?";
}

std::vector<std::size_t> search_order(const State& root, const std::vector<Move>& moves, MoveTies ties) {
  const int mover = root.side_to_move();
  std::vector<int> promise(moves.size());
  std::vector<double> off_middle(moves.size(), 0);
  if (ties == MoveTies::MiddleFirst) {
    // The middle is the mean of the moves' places on the board; a move without one comes last.
    std::vector<std::optional<MoveAnchor>> anchors(moves.size());
    double x = 0, y = 0;
    int placed = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      anchors[i] = root.move_anchor(moves[i]);
      if (anchors[i]) {
        x += anchors[i]->x;
        y += anchors[i]->y;
        ++placed;
      }
    }
    if (placed > 0) x /= placed, y /= placed;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      off_middle[i] = anchors[i] ? std::hypot(anchors[i]->x - x, anchors[i]->y - y) : std::numeric_limits<double>::infinity();
    }
  }
  auto child = root.clone();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    child->copy_from(root);
    child->apply(moves[i]);
    // A move that ends the game needs no estimate: a win first, a loss last.
    if (child->is_terminal()) {
      promise[i] = child->outcome().winner == mover ? -1'000'000 : 1'000'000;
    } else {
      promise[i] = child->distance_to_win(mover) - child->distance_to_win(1 - mover);
    }
  }
  std::vector<std::size_t> order(moves.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return promise[a] != promise[b] ? promise[a] < promise[b] : off_middle[a] < off_middle[b];
  });
  return order;
}

SolveResult solve_moves(const State& root, const SolveOptions& options,
                        const std::vector<std::optional<MoveResult>>& finished, const UnitDone& on_done) {
  if (root.is_terminal()) throw std::logic_error("solve_moves: the game is over");
  const auto start = std::chrono::steady_clock::now();
  std::vector<Move> moves;
  root.legal_moves(moves);
  SolveResult result;
  result.moves.resize(moves.size());
  std::vector<bool> done(moves.size(), false);
  for (std::size_t i = 0; i < moves.size() && i < finished.size(); ++i) {
    if (finished[i] && finished[i]->value != Value::Unknown) {
      result.moves[i] = *finished[i];
      done[i] = true;
    }
  }
  // One table for all moves and threads: the moves' searches meet the same positions in other
  // orders, and every solved entry is a fact whichever search stored it.
  TranspositionTable table = make_table(options);
  ZoneTable zones(zone_table_megabytes(options));
  const std::string table_path = options.table_directory.empty() ? "" : options.table_directory + "/table";
  // What the saved table's entries are facts about: the game and rulings (in the position's
  // line) and the code that proved them.
  const std::uint64_t table_identity =
      text_key("table|" + root.line() + "|" + (options.code_version.empty() ? std::string(version_commit()) : options.code_version));
  if (!table_path.empty()) {
    std::ifstream in(table_path, std::ios::binary);
    if (in) {
      // All of it or none (TranspositionTable::load_solved): a damaged table is searched again
      // whole rather than trusted in part.
      const TranspositionTable::Loaded loaded = table.load_solved(in, table_identity);
      result.table_read_back = loaded.problem.empty() ? loaded.entries : 0;
      if (!loaded.problem.empty() && options.warn) {
        options.warn(table_path + " " + loaded.problem + ": none of it is used; what it held is searched again");
      }
    }
  }
  if (options.value_only && options.within == 0) {
    // A resumed run whose journal already holds a winning move names it (the first in legal
    // order) without searching the root again; the losses the journal holds stay.
    const auto known = std::find_if(result.moves.begin(), result.moves.end(), [](const MoveResult& m) { return is_win(m.value); });
    if (known != result.moves.end()) {
      leave_the_rest_unsearched(root, moves, static_cast<std::size_t>(known - result.moves.begin()), result);
      std::fill(done.begin(), done.end(), true);
    } else if (search_root_for_a_win(root, moves, options, table, zones, result, on_done)) {
      std::fill(done.begin(), done.end(), true);
    } else {
      for (std::size_t i = 0; i < moves.size(); ++i) done[i] = done[i] || result.moves[i].value != Value::Unknown;
    }
  }
  std::atomic<std::size_t> next{0};
  std::mutex lock;
  // Per unit: settled (its result recorded; a search still on it stops) and how many threads
  // search it. A thread that finds no unit left to start joins the unsettled unit with the fewest
  // threads on it, through the shared table: otherwise the last, often hardest, unit would run on
  // one thread while the others idle. Whichever search settles the unit first is recorded; values
  // do not depend on which (each is exact), certificates and node counts may.
  struct UnitState {
    std::atomic<bool> settled{false};
    std::atomic<int> searchers{0};
  };
  std::vector<UnitState> units(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) units[i].settled = done[i];
  // Units are started in `order`. Under value_only for a bounded search, `first_win` is the place
  // in it of the first winning move known so far: units after it are not started, and those under
  // way are abandoned. (An exact value_only solve has settled its root above, or searches whole.)
  const bool stop_at_first_win = options.value_only && options.within > 0;
  // Every solve takes its moves most promising first, a move that ends the game before all: in
  // legal order a time limit could be spent on the first hard move while a win in one went unseen
  // (a late position on a hexagonal board: 0 of 219 moves settled in 90 s, the winning move among
  // them). The values do not depend on the order; the report lists the moves in legal order.
  std::vector<std::size_t> order = search_order(root, moves);
  if (options.look_for_short_wins && options.within == 0 && !options.value_only &&
      std::find(done.begin(), done.end(), false) != done.end()) {
    // A short bounded look first: a move that wins within two of the mover's moves is taken before
    // the others, so that a limit spent on a hard move does not leave a short win unseen (a late
    // position of a game of moving pieces: 0 of 41 moves settled in 60 s, while --within 2 proves
    // e5-e3 in 0.03 s). It orders the moves only; each is still solved, and certified, by the exact
    // search. Capped at 2 s, where a root too wide for it would spend more (the 183 moves of a
    // radius-4 hexagonal board's opening).
    SolveOptions probe;
    probe.within = 2;
    probe.value_only = true;
    probe.threads = 1;
    probe.table_megabytes = 16;
    probe.certificates = false;
    probe.control.stop = options.control.stop;
    probe.control.deadline = std::min(options.control.deadline, std::chrono::steady_clock::now() + std::chrono::seconds(2));
    const SolveResult quick = solve_moves(root, probe);
    std::stable_partition(order.begin(), order.end(), [&](std::size_t i) { return is_win(quick.moves[i].value); });
  }
  std::vector<std::size_t> place(moves.size());
  for (std::size_t k = 0; k < order.size(); ++k) place[order[k]] = k;
  std::atomic<std::size_t> first_win{moves.size()};
  const auto note_win = [&](std::size_t i) {  // under `lock`
    if (!stop_at_first_win || place[i] >= first_win) return;
    first_win = place[i];
    for (std::size_t k = place[i] + 1; k < order.size(); ++k) units[order[k]].settled = true;
  };
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (done[i] && is_win(result.moves[i].value)) note_win(i);
  }
  auto search = [&](std::size_t i, std::unique_ptr<BoundedSearch>& bounded, bool helper) {
    SolveOptions unit_options = options;
    unit_options.control.abandon = &units[i].settled;
    bool settled_here = false;  // before writing its parts: the others on the unit then stop
    const auto settle = [&] { return settled_here = !units[i].settled.exchange(true); };
    MoveResult r = solve_unit(root, moves[i], unit_options, table, zones, bounded, helper, settle);
    --units[i].searchers;
    std::lock_guard<std::mutex> guard(lock);
    if (!settled_here && units[i].settled.exchange(true)) {
      result.moves[i].stats.add(r.stats);  // the work of the search that came second still counts
      return;
    }
    const SearchStats earlier = result.moves[i].stats;  // a helper's or first searcher's, if it stopped first
    result.moves[i] = std::move(r);
    result.moves[i].stats.add(earlier);
    if (is_win(result.moves[i].value)) note_win(i);
    if (on_done) on_done(i, result.moves[i]);
  };
  std::size_t bounded_used = 0, bounded_capacity = 0;
  int bounded_tables = 0;
  auto work = [&](std::unique_ptr<BoundedSearch>& bounded) {
    for (;;) {
      const std::size_t k = next.fetch_add(1);
      if (k < moves.size()) {
        const std::size_t i = order[k];
        if (done[i] || k > first_win) continue;
        if (options.control.should_stop()) {
          std::lock_guard<std::mutex> guard(lock);
          result.moves[i] = unsettled_move(root, moves[i]);
          units[i].settled = true;
          continue;
        }
        ++units[i].searchers;
        search(i, bounded, false);
        continue;
      }
      // Bounded searches keep a table per thread, so a helper would share nothing with them.
      if (options.within != 0 || options.control.should_stop()) return;
      std::size_t join = moves.size();
      for (std::size_t j = 0; j < moves.size(); ++j) {
        if (units[j].settled || units[j].searchers == 0) continue;
        if (join == moves.size() || units[j].searchers < units[join].searchers) join = j;
      }
      if (join == moves.size()) return;
      ++units[join].searchers;
      search(join, bounded, true);
    }
  };
  auto worker = [&] {
    std::unique_ptr<BoundedSearch> bounded;
    work(bounded);
    if (!bounded) return;
    const std::size_t used = bounded->used();
    std::lock_guard<std::mutex> guard(lock);
    bounded_used += used;
    bounded_capacity += bounded->capacity();
    ++bounded_tables;
  };
  const int threads = std::max(1, std::min<int>(options.threads, static_cast<int>(moves.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  // What value_only did not search, and what it settled after the first winning move in its order
  // (which depends on the threads' timing), is reported alike: not searched.
  for (std::size_t k = first_win + 1; k < order.size(); ++k) {
    MoveResult& m = result.moves[order[k]];
    const SearchStats spent = m.stats;
    m = unsettled_move(root, moves[order[k]]);
    m.stats = spent;
    m.not_searched = true;
    ++result.not_searched;
  }
  // A bounded search's df-pn table is left unused: its own tables are the ones to report.
  result.table_used = options.within == 0 ? table.used() : bounded_used;
  result.table_capacity = options.within == 0 ? table.capacity() : bounded_capacity;
  result.tables = options.within == 0 ? 1 : bounded_tables;

  bool all_settled = true;
  for (const MoveResult& m : result.moves) all_settled = all_settled && m.value != Value::Unknown;
  if (!table_path.empty()) {
    // A stopped run keeps what its table proved, for --resume; a finished one needs none of it.
    if (!all_settled && options.within == 0) {
      const SavingForResume saving;
      const std::string failure = save_table(table, table_identity, table_path);
      if (!failure.empty() && options.warn) {
        options.warn("cannot save the table for --resume (" + failure + "): the results are right, but --resume will search again what it held");
      }
    } else {
      std::error_code ignored;
      std::filesystem::remove(table_path, ignored);
    }
  }

  summarise_moves(result, options);
  result.seconds = seconds_since(start);
  return result;
}

void summarise_moves(SolveResult& result, const SolveOptions& options) {
  result.stats = result.root_search;
  result.earlier = SearchStats{};
  result.earlier_moves = 0;
  result.value = Value::Unknown;
  bool any_win = false, any_unknown = false, all_lose = true, any_draw = false;
  for (const MoveResult& m : result.moves) {
    if (m.resumed) {
      result.earlier.add(m.stats);
      ++result.earlier_moves;
    } else {
      result.stats.add(m.stats);
    }
    any_win = any_win || is_win(m.value);
    any_unknown = any_unknown || m.value == Value::Unknown;
    any_draw = any_draw || m.value == Value::Draw;
    all_lose = all_lose && is_loss(m.value);
  }
  result.interrupted = any_unknown && options.control.should_stop();
  if (any_win) {
    result.value = options.within > 0 ? Value::WinWithin : Value::Win;
  } else if (all_lose) {
    result.value = options.within > 0 ? Value::NoWinWithin : Value::Loss;
  } else if (!any_unknown && any_draw) {
    result.value = Value::Draw;
  }
}

std::size_t table_megabytes_of(const SolveOptions& options) {
  return options.within == 0 ? options.table_megabytes : BoundedSearch::table_megabytes_for(options.table_megabytes);
}

MoveResult unsettled_move(const State& root, Move move) {
  MoveResult m;
  m.move = move;
  m.text = root.move_text(move);
  return m;
}

MoveResult solve_move_alone(const State& root, Move move, const SolveOptions& options) {
  TranspositionTable table = make_table(options);
  ZoneTable zones(zone_table_megabytes(options));
  std::unique_ptr<BoundedSearch> bounded;
  return solve_unit(root, move, options, table, zones, bounded);
}

namespace {

// The root of a result's certificate and where each unit's nodes go: the units' certificates are
// laid end to end in legal-move order (the i-th listed unit's ids shifted by shifts[i]), and the
// root comes last.
struct AnalysisPlan {
  CertificateNode top;
  std::vector<std::pair<const MoveResult*, int>> units;  // unit, shift of its ids
  std::vector<CertificateNode> parts;                     // part nodes, after the units' nodes
  int nodes = 0;                                          // units' and part nodes, the root not counted
};

AnalysisPlan plan_analysis(const SolveResult& result) {
  AnalysisPlan plan;
  bool complete = true;
  for (const MoveResult& m : result.moves) complete = complete && m.value != Value::Unknown;
  // --value-only left moves unsearched on purpose: its claim is the root's value, by one move.
  const bool one_claim = !complete && result.not_searched > 0;
  plan.top.analysis = !one_claim;
  plan.top.partial = !complete && !one_claim;
  for (const MoveResult& m : result.moves) {
    const bool wins = is_win(m.value);
    if (m.value == Value::Unknown || (one_claim && !wins)) continue;
    Claim below;
    if (!m.parts.empty()) {
      // Written out as parts: a part node per claim, which the units' nodes are laid after.
      for (const MoveResult::Part& part : m.parts) {
        CertificateNode node;
        node.claim = part.claim;
        node.part = part.file;
        plan.parts.push_back(std::move(node));
        plan.top.children.emplace_back(m.text, -static_cast<int>(plan.parts.size()));
      }
      below = m.parts.front().claim;
    } else {
      plan.units.emplace_back(&m, plan.nodes);
      for (int id : m.claims) plan.top.children.emplace_back(m.text, id + plan.nodes);
      plan.nodes += m.certificate.size();
      below = m.certificate.claim(m.claims.front());
    }
    if (one_claim) {
      // A single claim at the root: the mover wins by the move named.
      plan.top.claim = Claim{Claim::Kind::Win, below.side, below.bound == kUnbounded ? kUnbounded : below.bound + 1};
      break;  // one winning move proves the position won
    }
  }
  // Part nodes come after the units' nodes: the k-th (named -k above) gets id nodes + k.
  for (auto& child : plan.top.children) {
    if (child.second < 0) child.second = plan.nodes - child.second;
  }
  plan.nodes += static_cast<int>(plan.parts.size());
  if (plan.top.children.empty()) throw std::logic_error("analysis_certificate: nothing was proved");
  return plan;
}

}  // namespace

Certificate analysis_certificate(const Game& game, const State& root, const SolveResult& result,
                                 const std::string& made_by) {
  AnalysisPlan plan = plan_analysis(result);
  Certificate c;
  c.game = game.descriptor().name;
  c.position = root.line();
  c.made_by = made_by;
  for (const auto& [unit, shift] : plan.units) c.append(unit->certificate);
  for (CertificateNode& part : plan.parts) c.add(std::move(part));
  c.root = c.add(std::move(plan.top));
  return c;
}

CertificateSummary write_analysis_certificate(std::ostream& out, const Game& game, const State& root,
                                              const SolveResult& result, const std::string& made_by) {
  AnalysisPlan plan = plan_analysis(result);
  CertificateSummary summary{plan.nodes + 1, plan.top.analysis, plan.top.partial};
  Certificate::write_header(out, made_by, game.descriptor().name, root.line(), summary.nodes);
  for (const auto& [unit, shift] : plan.units) unit->certificate.write_nodes(out, shift);
  int id = plan.nodes - static_cast<int>(plan.parts.size());
  for (const CertificateNode& part : plan.parts) Certificate::write_node(out, ++id, part, 0);
  Certificate::write_node(out, summary.nodes, plan.top, 0);
  Certificate::write_end(out, summary.nodes);
  return summary;
}

MoveResult with_parts(const MoveResult& unit, std::vector<MoveResult::Part> parts) {
  MoveResult out;
  out.move = unit.move;
  out.text = unit.text;
  out.value = unit.value;
  out.stats = unit.stats;
  out.seconds = unit.seconds;
  out.line = unit.line;
  out.line_ends = unit.line_ends;
  out.certified = true;
  out.parts = std::move(parts);
  return out;
}

std::vector<MoveResult::Part> write_certificate_parts(const Game& game, const State& root, const MoveResult& unit,
                                                      const std::string& directory,
                                                      const std::string& made_by) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw InputError("cannot create the directory " + quote_input(directory) + ": " + error.message());
  auto after = root.clone();
  after->apply(unit.move);
  std::vector<MoveResult::Part> parts;
  for (std::size_t k = 0; k < unit.claims.size(); ++k) {
    const std::string file = part_name(unit.text, k, unit.claims.size());
    const std::string path = directory + "/" + file;
    std::ofstream out(path + ".tmp");
    Certificate::write_header(out, made_by, game.descriptor().name, after->line(), unit.claims[k]);
    unit.certificate.write_nodes(out, 0);
    Certificate::write_end(out, unit.certificate.size());
    place_part(path, out);
    parts.push_back({unit.certificate.claim(unit.claims[k]),
                     (std::filesystem::path(directory).filename() / file).string()});
  }
  return parts;
}

std::string JournalIdentity::key_text() const {
  return position + "|within=" + std::to_string(within) + "|" + version + (independent ? "|independent" : "");
}

namespace {

constexpr const char* kIdentityHeader = "arbiter-solve-journal 1";

// The fields of an identity file, or nullopt when it does not read back whole.
std::optional<JournalIdentity> parse_identity(const std::string& text) {
  std::istringstream in(text);
  std::string header, position, within, version, mode, rest;
  if (!std::getline(in, header) || header != kIdentityHeader) return std::nullopt;
  const auto field = [&](const std::string& name, std::string& value) {
    std::string line;
    if (!std::getline(in, line) || line.rfind(name + " ", 0) != 0) return false;
    value = line.substr(name.size() + 1);
    return !value.empty();
  };
  if (!field("position", position) || !field("within", within) || !field("version", version) || !field("mode", mode)) {
    return std::nullopt;
  }
  if (std::getline(in, rest) || (mode != "shared" && mode != "independent")) return std::nullopt;
  JournalIdentity id;
  id.position = position;
  id.version = version;
  id.independent = mode == "independent";
  if (within.empty() || within.size() > 6 || !std::all_of(within.begin(), within.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  id.within = std::stoi(within);
  return id;
}

}  // namespace

SolveJournal::SolveJournal(std::string directory, std::string identity)
    : directory_(std::move(directory)), identity_(std::move(identity)) {
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error) throw InputError("cannot create the state directory " + quote_input(directory_) + ": " + error.message());
}

void SolveJournal::clear() const {
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, ignored)) std::filesystem::remove(entry.path(), ignored);
}

void SolveJournal::record_identity(const JournalIdentity& identity) const {
  const std::string path = directory_ + "/identity";
  std::error_code error;
  {
    std::ofstream out(path + ".tmp");
    out << kIdentityHeader << "\nposition " << identity.position << "\nwithin " << identity.within << "\nversion "
        << identity.version << "\nmode " << (identity.independent ? "independent" : "shared") << "\n";
    out.close();
    if (!out) {
      const int cause = errno;
      std::filesystem::remove(path + ".tmp", error);
      throw InputError("cannot write " + path + ".tmp" + (cause != 0 ? ": " + std::generic_category().message(cause) : ""));
    }
  }
  std::filesystem::rename(path + ".tmp", path, error);
  if (error) throw InputError("cannot rename " + path + ".tmp to " + path + ": " + error.message());
}

SolveJournal::Survey SolveJournal::survey(const std::string& directory) {
  namespace fs = std::filesystem;
  Survey s;
  std::error_code error;
  const auto modified_time = [](const fs::path& path) -> std::int64_t {
    struct stat st{};
    return ::lstat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_mtime) : 0;
  };
  s.modified = modified_time(directory);
  const std::string key = fs::path(directory).filename().string();
  std::vector<std::pair<std::size_t, fs::path>> units;  // by index, as named
  bool identity_file = false;
  for (fs::recursive_directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    std::error_code ignored;
    const fs::file_status status = it->symlink_status(ignored);
    s.modified = std::max(s.modified, modified_time(it->path()));
    if (!fs::is_regular_file(status)) continue;
    const auto size = fs::file_size(it->path(), ignored);
    if (!ignored) s.bytes += size;
    if (it.depth() > 0) continue;
    const std::string name = it->path().filename().string();
    if (name == "table") s.table = true;
    if (name == "identity") identity_file = true;
    if (name.size() > 5 && name.ends_with(".unit") &&
        std::all_of(name.begin(), name.end() - 5, [](char c) { return c >= '0' && c <= '9'; }) && name.size() < 16) {
      units.emplace_back(std::stoull(name.substr(0, name.size() - 5)), it->path());
      ++s.unit_files;
    }
  }
  if (error) s.identity_problem = "cannot be read: " + error.message();
  if (!identity_file) {
    s.identity_missing = s.identity_problem.empty();
    if (s.identity_problem.empty()) s.identity_problem = "has no identity file (written by a version before fc2f787, which added them)";
  } else {
    std::ifstream in(directory + "/identity", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    s.identity = parse_identity(text.str());
    if (!s.identity) {
      s.identity_problem = "its identity file does not read back whole";
    } else if (text_key_hex(s.identity->key_text()) != key) {
      s.identity.reset();
      s.identity_problem = "its identity file is another journal's (it does not match the folder's name)";
    }
  }
  // A unit counts as settled only as --resume would take it: read back whole, checksum passed.
  // (Not constructed through the constructor, which would make the folder were it gone.)
  SolveJournal journal = SolveJournal::unmade(directory, s.identity ? s.identity->key_text() : std::string{});
  for (const auto& unit : units) {
    const std::size_t index = unit.first;
    if (!s.identity) continue;
    std::string problem;
    std::optional<MoveResult> r;
    try {
      r = journal.load_one(index, problem);
    } catch (const std::exception&) {
      r.reset();
    }
    if (!r) {
      ++s.damaged_units;
      continue;
    }
    ++s.units;
    s.parts += r->parts.size();
  }
  return s;
}

std::string SolveJournal::path_of(std::size_t index) const { return directory_ + "/" + std::to_string(index) + ".unit"; }

bool SolveJournal::holds_a_run() const {
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, ignored)) {
    const std::string name = entry.path().filename().string();
    if (name == "table" || (name.size() > 5 && name.ends_with(".unit"))) return true;
  }
  return false;
}

namespace {

// The last line of a unit file: a checksum of the text before it, keyed by the journal's identity
// and the unit's index.
constexpr const char* kUnitCheck = "check ";

std::string unit_checksum(const std::string& identity, std::size_t index, const std::string& text) {
  return text_key_hex(identity + "|" + std::to_string(index) + "\n" + text);
}

}  // namespace

void SolveJournal::save(std::size_t index, const MoveResult& r) const {
  const std::string path = path_of(index);
  std::error_code error;
  {
    std::ostringstream text;
    write_move_result(text, r);
    std::ofstream out(path + ".tmp");
    if (out) {
      out << text.str() << kUnitCheck << unit_checksum(identity_, index, text.str()) << "\n";
      out.close();
    }
    if (!out) {
      const int cause = errno;
      std::filesystem::remove(path + ".tmp", error);
      throw InputError("cannot write " + path + ".tmp" + (cause != 0 ? ": " + std::generic_category().message(cause) : ""));
    }
  }
  std::filesystem::rename(path + ".tmp", path, error);
  if (error) {
    const std::string why = error.message();
    std::filesystem::remove(path + ".tmp", error);
    throw InputError("cannot rename " + path + ".tmp to " + path + ": " + why);
  }
}

std::optional<MoveResult> SolveJournal::load_one(std::size_t i, std::string& problem) const {
  const std::string path = path_of(i);
  std::ifstream in(path, std::ios::binary);
  std::ostringstream whole;
  whole << in.rdbuf();
  std::string text = whole.str();
  // The text, then its checksum's line. A unit file that does not read back whole, or whose
  // text is not what was written (a value edited: a loss resumed as a win), is left out: that
  // unit is searched again. Files written before 28 November 2026 have no checksum: left out too.
  problem = "does not read back whole";
  std::optional<MoveResult> r;
  const std::size_t last = text.size() < 2 ? std::string::npos : text.rfind('\n', text.size() - 2);
  const std::size_t check_at = last == std::string::npos ? 0 : last + 1;
  if (in && text.ends_with('\n') && text.compare(check_at, std::string(kUnitCheck).size(), kUnitCheck) == 0) {
    const std::string check = text.substr(check_at + std::string(kUnitCheck).size());
    text.resize(check_at);
    if (check != unit_checksum(identity_, i, text) + "\n") {
      problem = "fails its checksum (changed since it was written, or another journal's)";
    } else {
      std::istringstream body(text);
      r = read_move_result(body, path);
    }
  }
  if (r && r->value != Value::Unknown) {
    r->resumed = true;
    return r;
  }
  return std::nullopt;
}

std::vector<std::optional<MoveResult>> SolveJournal::load(std::size_t moves,
                                                          std::vector<std::pair<std::size_t, std::string>>* damaged) const {
  std::vector<std::optional<MoveResult>> out(moves);
  for (std::size_t i = 0; i < moves; ++i) {
    std::error_code ignored;
    if (!std::filesystem::exists(path_of(i), ignored)) continue;
    std::string problem;
    out[i] = load_one(i, problem);
    if (!out[i] && damaged != nullptr) damaged->emplace_back(i, problem);
  }
  return out;
}

void write_move_result(std::ostream& out, const MoveResult& r) {
  out << "arbiter-solve-unit 1\n";
  out << "move " << r.text << "\n";
  out << "value " << static_cast<int>(r.value) << "\n";
  out << "claims";
  for (int id : r.claims) out << " " << id;
  out << "\n";
  const SearchStats& st = r.stats;
  out << "stats " << st.nodes << " " << st.tt_lookups << " " << st.tt_hits << " " << st.tt_stores << " " << st.proven
      << " " << st.disproven << " " << r.seconds << "\n";
  out << "line";
  for (const auto& m : r.line) out << "\t" << m;
  out << "\n";
  if (r.certified && !r.parts.empty()) {
    // Written out as parts already: the journal names them.
    for (const MoveResult::Part& part : r.parts) {
      out << "part " << static_cast<int>(part.claim.kind) << " " << part.claim.side << " " << part.claim.bound << " "
          << part.file << "\n";
    }
    out << kPartsEnd << "\n";
  } else if (r.certified) {
    // A unit's certificate has no root of its own (its claims are the roots): the first claim
    // stands in, since a certificate only reads back with an existing root.
    Certificate rooted = r.certificate;
    rooted.root = r.claims.front();
    rooted.write(out);
  } else if (r.value != Value::Unknown) {
    out << kNoCertificate << "\n";  // solved without --proof: a run that asks for one redoes it
    std::string why = r.unwritten;  // or its parts could not be written: why, on one line
    std::replace(why.begin(), why.end(), '\n', ' ');
    if (!why.empty()) out << kUnwritten << why << "\n";
  }
}

std::optional<MoveResult> read_move_result(std::istream& in, const std::string& name) {
  try {
    MoveResult r;
    std::string line, word;
    std::getline(in, line);
    if (line != "arbiter-solve-unit 1") return std::nullopt;
    std::getline(in, line);
    r.text = line.substr(std::min<std::size_t>(5, line.size()));
    int value = 0;
    in >> word >> value;
    if (value < 0 || value > static_cast<int>(Value::Unknown)) return std::nullopt;
    r.value = static_cast<Value>(value);
    std::getline(in, line);
    std::getline(in, line);
    std::istringstream claims(line);
    claims >> word;
    for (int id; claims >> id;) r.claims.push_back(id);
    SearchStats& st = r.stats;
    in >> word >> st.nodes >> st.tt_lookups >> st.tt_hits >> st.tt_stores >> st.proven >> st.disproven >> r.seconds;
    std::getline(in, line);
    std::getline(in, line);
    std::istringstream moves_line(line);
    std::getline(moves_line, word, '\t');
    for (std::string m; std::getline(moves_line, m, '\t');) r.line.push_back(m);
    if (!in) return std::nullopt;
    if (r.value != Value::Unknown) {
      const auto start = in.tellg();
      if (std::getline(in, line) && line == kNoCertificate) {
        if (std::getline(in, line) && line.rfind(kUnwritten, 0) == 0) r.unwritten = line.substr(std::string(kUnwritten).size());
        return r;
      }
      if (line.rfind("part ", 0) == 0) {
        for (; line != kPartsEnd; std::getline(in, line)) {
          if (!in) return std::nullopt;
          std::istringstream words(line);
          int kind = 0;
          MoveResult::Part part;
          words >> word >> kind >> part.claim.side >> part.claim.bound >> std::ws;
          std::getline(words, part.file);
          if (word != "part" || kind < 0 || kind > 2 || part.file.empty()) return std::nullopt;
          part.claim.kind = static_cast<Claim::Kind>(kind);
          r.parts.push_back(part);
        }
        r.certified = true;
        return r;
      }
      in.clear();
      in.seekg(start);
      r.certificate = Certificate::read(in, name);
      if (r.claims.empty()) return std::nullopt;
      r.certified = true;
    }
    return r;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

namespace {

int height(const Certificate& c, int id, std::vector<int>& memo) {
  int& h = memo[static_cast<std::size_t>(id)];
  if (h >= 0) return h;
  int best = 0;
  for (const Certificate::Edge& edge : c.edges(id)) best = std::max(best, height(c, edge.child, memo) + 1);
  h = best;
  return h;
}

}  // namespace

bool finish_line(const State& root, std::vector<std::string>& line) {
  auto state = root.clone(), after = root.clone();
  std::vector<Move> replies, wins;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (state->is_terminal()) return false;
    const Move move = state->parse_move(line[i]);
    // A side that can win at once does: the proof's move (or the table's) may win later, and a
    // line that plays it reads as though the win were missed.
    if (!state->wins_at_once_with(move, *after)) {
      state->winning_moves(wins);
      if (!wins.empty()) {
        line[i] = state->move_text(wins.front());
        line.resize(i + 1);
        return true;
      }
    }
    state->apply(move);
  }
  if (state->is_terminal()) return true;
  const int winner = 1 - state->side_to_move();
  state->legal_moves(replies);
  std::optional<Move> reply_shown, answer_shown;
  for (Move reply : replies) {
    after->copy_from(*state);
    after->apply(reply);
    if (after->is_terminal()) {
      if (after->outcome().kind != Outcome::Kind::Win || after->outcome().winner != winner) return false;
      if (!reply_shown) reply_shown = reply;
      continue;
    }
    if (after->side_to_move() != winner) return false;
    after->winning_moves(wins);
    if (wins.empty()) return false;
    if (!answer_shown) {
      reply_shown = reply;
      answer_shown = wins.front();
    }
  }
  if (!reply_shown) return false;
  after->copy_from(*state);
  line.push_back(after->move_text(*reply_shown));
  after->apply(*reply_shown);
  if (answer_shown) line.push_back(after->move_text(*answer_shown));
  return true;
}

std::vector<std::string> principal_line(const Certificate& certificate, int id) {
  std::vector<int> memo(static_cast<std::size_t>(certificate.size()) + 1, -1);
  std::vector<std::string> line;
  while (!certificate.edges(id).empty()) {
    const auto children = certificate.edges(id);
    const Certificate::Edge* longest = &children.front();
    for (const Certificate::Edge& edge : children) {
      if (height(certificate, edge.child, memo) > height(certificate, longest->child, memo)) longest = &edge;
    }
    line.emplace_back(certificate.move(*longest));
    id = longest->child;
  }
  return line;
}

}  // namespace arbiter::solver

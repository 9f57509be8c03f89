#pragma once
// Generic help for Z3 encodings of game claims: a solver wrapper that counts what it is given and
// turns a check into a Verdict, and connectivity encodings on graphs (no game names here).
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "model/core/claim.hpp"
#include <chrono>
#include <sstream>
#include <cmath>
#include <stdexcept>

namespace arbiter::smt {

// One Z3 context for the whole process: creating contexts is expensive (very much so under ASan),
// and expressions of different contexts cannot be mixed. Not thread-safe, like Z3 itself.
z3::context& shared_context();

// While one is alive, shared_context() is a context of its own, dropped at the end: every claim
// of a `prove` run is decided in a fresh context, because Z3 slows down as a context fills (after
// the 14x14 and 15x15 turn encodings, with 230,000-310,000 variables, a 2x2 window lemma that takes
// 0.15 s alone did not finish in 10 s in the same process). No expression made inside may outlive
// it. Not nested across threads; interrupt_shared_context() may be called from any thread.
class FreshContext {
 public:
  FreshContext();
  ~FreshContext();
  FreshContext(const FreshContext&) = delete;
  FreshContext& operator=(const FreshContext&) = delete;

 private:
  std::unique_ptr<z3::context> context_;
  z3::context* outer_ = nullptr;
};

// Interrupts whatever check runs in the current shared context (the stop handlers' hook), and
// from then on interrupted() is true: Z3 forgets an interrupt that comes between two checks, so
// the work around them (building an encoding, playing the model in search of a candidate) polls
// interrupted() as it polls its time limit, and every check then returns Unknown at once.
void interrupt_shared_context();
// Whether interrupt_shared_context() was called: a stop was requested, and a claim's decision ends
// as soon as it can (its verdict is dropped). Never reset: the process is stopping.
bool interrupted();

// The question put to the solver is always "is there a counterexample?": unsat proves the claim.
class Encoding {
 public:
  // Default: Z3's SMT core. Sat: its SAT core (Boolean encodings). FiniteDomain: Booleans, bit-vectors
  // and cardinality constraints bit-blasted to the SAT core (logic QF_FD).
  enum class Engine { Default, Sat, FiniteDomain };
  explicit Encoding(Engine engine = Engine::Default);

  z3::context& ctx() { return ctx_; }
  z3::expr fresh_bool(const std::string& name);
  z3::expr fresh_bv(const std::string& name, unsigned bits);
  void require(const z3::expr& condition);

  enum class Answer { Counterexample, NoCounterexample, Unknown };
  // Checks within the time limit; the model of a counterexample is then available through value().
  Answer check(double timeout_seconds);
  const std::string& unknown_reason() const { return unknown_reason_; }
  bool value(const z3::expr& boolean) const;
  unsigned value_unsigned(const z3::expr& bv) const;

  unsigned variables() const { return variables_; }
  unsigned assertions() const { return assertions_; }
  double seconds() const { return seconds_; }

  // A verdict with the check's time and sizes: Proved, Unknown (with the reason) or Refuted, in
  // which case describe() fills in the counterexample from the model.
  Verdict verdict(Answer answer, const std::function<void(Verdict&)>& describe) const;

 private:
  z3::context& ctx_;
  z3::solver solver_;
  std::optional<z3::model> model_;
  std::string unknown_reason_;
  unsigned variables_ = 0;
  unsigned assertions_ = 0;
  double seconds_ = 0;
};

// Runs several checks (all must find no counterexample) and merges them into one verdict: the
// first refutation or unknown wins, times and sizes add up.
Verdict combine(const std::vector<Verdict>& parts);

z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& literals);
z3::expr all_of(z3::context& ctx, const std::vector<z3::expr>& literals);
// Exactly one of the literals is true (a cardinality constraint).
z3::expr exactly_one(z3::context& ctx, const std::vector<z3::expr>& literals);

// An undirected graph on nodes 0..size-1, as adjacency lists.
struct Graph {
  std::vector<std::vector<int>> adjacent;
  int size() const { return static_cast<int>(adjacent.size()); }
};
// n x n cells r*n+c; orthogonal neighbours, and optionally the four diagonal ones.
Graph square_grid_graph(int n, bool with_diagonals = false);

// "No path": no path of member nodes leads from a source node to a target node. Encoded as a
// closed set: it contains every member source, is closed under member adjacency and avoids every
// target. Such a set exists exactly when no path exists, so the encoding is exact.
void require_no_path(Encoding& encoding, const Graph& graph, const std::vector<z3::expr>& member,
                     const std::vector<int>& sources, const std::vector<int>& targets, const std::string& name);

// "A path exists": a set P of member nodes with exactly one source node, in which that node and
// every target node have exactly one P-neighbour and every other node exactly two. Following P
// from the source cannot branch or return, so it ends at a target: exact, because a shortest path
// satisfies all of it. Sources and targets must be disjoint. Returns P's indicator literals.
std::vector<z3::expr> require_path(Encoding& encoding, const Graph& graph, const std::vector<z3::expr>& member,
                                   const std::vector<int>& sources, const std::vector<int>& targets,
                                   const std::string& name);

// On a FULL n x n board (black[i] true = black stone, false = white stone): neither black joins
// the top row to the bottom row nor white the left column to the right column (orthogonal
// chains). One closed set T holds the black cells reached from the top and the white cells
// reached from the left; it avoids black bottom cells and white right cells.
// close_diagonally also closes T across diagonal steps: sound only if the caller has asserted
// that no 2x2 block is a checkerboard (then diagonal and orthogonal connectivity agree), and it
// makes the refutation markedly faster.
void require_full_board_without_winner(Encoding& encoding, int n, const std::vector<z3::expr>& black,
                                       bool close_diagonally);

// No 2x2 block of a full board is a checkerboard (both diagonals two-coloured).
void require_no_checkerboard(Encoding& encoding, int n, const std::vector<z3::expr>& black);

}  // namespace arbiter::smt

namespace arbiter::smt {

// A square board of stones in the form docs/notation gives the games that share it: column
// letters, row numbers from 1 at the top, cells '.', 'B', 'W', then the status line.
std::string square_board_diagram(int n, const std::vector<char>& cells, const std::string& status);

// "<Black|White> to move, ply N" with a ply consistent with the side to move (Black moves at even
// plies) and with the number of stones: the smallest such ply that is at least the stone count.
std::string square_board_status(int stones, bool black_to_move);

}  // namespace arbiter::smt

namespace arbiter::smt {

// An n x n board of two-colour stones in the solver: each cell black, white or empty.
struct SymbolicBoard {
  int n = 0;
  std::vector<z3::expr> black, white;

  // Fresh cells (never both colours); full: no cell empty.
  static SymbolicBoard fresh(Encoding& encoding, int n, const std::string& name, bool full = false);
  z3::expr empty(int cell) const;
  z3::expr stone(int cell, bool of_black) const { return of_black ? black[idx(cell)] : white[idx(cell)]; }
  // The board in the solver's counterexample, as the diagram cells '.', 'B', 'W'.
  std::vector<char> cells(const Encoding& encoding) const;
  static std::size_t idx(int cell) { return static_cast<std::size_t>(cell); }
};

int count_stones(const std::vector<char>& cells);

// The cell name in the shared square-board notation ("a1" = top-left).
std::string cell_name(int n, int cell);

}  // namespace arbiter::smt

// ---- implementation (header-only: the game libraries use it and cannot link solver/) ----

namespace arbiter::smt {

namespace detail {
inline std::mutex& context_lock() {
  static std::mutex lock;
  return lock;
}
inline std::atomic<bool>& stop_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}
inline z3::context*& current_context() {
  static z3::context process_context;
  static z3::context* current = &process_context;
  return current;
}
}  // namespace detail

inline z3::context& shared_context() {
  std::lock_guard<std::mutex> guard(detail::context_lock());
  return *detail::current_context();
}

inline FreshContext::FreshContext() : context_(std::make_unique<z3::context>()) {
  std::lock_guard<std::mutex> guard(detail::context_lock());
  outer_ = detail::current_context();
  detail::current_context() = context_.get();
}

inline FreshContext::~FreshContext() {
  std::lock_guard<std::mutex> guard(detail::context_lock());
  detail::current_context() = outer_;
}

inline void interrupt_shared_context() {
  detail::stop_flag().store(true);
  std::lock_guard<std::mutex> guard(detail::context_lock());
  detail::current_context()->interrupt();
}

inline bool interrupted() { return detail::stop_flag().load(); }

namespace {
inline z3::solver make_solver(z3::context& ctx, Encoding::Engine engine) {
  if (engine == Encoding::Engine::Sat) return z3::tactic(ctx, "sat").mk_solver();
  if (engine == Encoding::Engine::FiniteDomain) return z3::solver(ctx, "QF_FD");
  return z3::solver(ctx);
}
}  // namespace

inline Encoding::Encoding(Engine engine) : ctx_(shared_context()), solver_(make_solver(ctx_, engine)) {}

inline z3::expr Encoding::fresh_bool(const std::string& name) {
  ++variables_;
  return ctx_.bool_const((name + "#" + std::to_string(variables_)).c_str());
}

inline z3::expr Encoding::fresh_bv(const std::string& name, unsigned bits) {
  ++variables_;
  return ctx_.bv_const((name + "#" + std::to_string(variables_)).c_str(), bits);
}

inline void Encoding::require(const z3::expr& condition) {
  ++assertions_;
  solver_.add(condition);
}

inline Encoding::Answer Encoding::check(double timeout_seconds) {
  z3::params params(ctx_);
  const double ms = std::max(1.0, std::min(timeout_seconds * 1000.0, 4.0e9));
  params.set("timeout", static_cast<unsigned>(ms));
  // Z3's own Ctrl-C handling would swallow SIGINT and let a run go on with the next check; the
  // program's stop handler (solver/interrupt.hpp) interrupts the context instead.
  params.set("ctrl_c", false);
  solver_.set(params);
  if (interrupted()) {
    seconds_ = 0;
    unknown_reason_ = "interrupted";
    return Answer::Unknown;
  }
  const auto start = std::chrono::steady_clock::now();
  const z3::check_result result = solver_.check();
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result == z3::sat) {
    model_ = solver_.get_model();
    return Answer::Counterexample;
  }
  if (result == z3::unsat) return Answer::NoCounterexample;
  unknown_reason_ = solver_.reason_unknown();
  if (unknown_reason_ == "canceled" || unknown_reason_ == "timeout") unknown_reason_ = "timeout";
  return Answer::Unknown;
}

inline bool Encoding::value(const z3::expr& boolean) const {
  if (!model_) throw std::logic_error("Encoding::value without a counterexample");
  return model_->eval(boolean, true).is_true();
}

inline unsigned Encoding::value_unsigned(const z3::expr& bv) const {
  if (!model_) throw std::logic_error("Encoding::value_unsigned without a counterexample");
  return model_->eval(bv, true).get_numeral_uint();
}

inline Verdict Encoding::verdict(Answer answer, const std::function<void(Verdict&)>& describe) const {
  Verdict v;
  v.seconds = seconds_;
  v.variables = variables_;
  v.assertions = assertions_;
  switch (answer) {
    case Answer::NoCounterexample: v.kind = Verdict::Kind::Proved; break;
    case Answer::Unknown:
      v.kind = Verdict::Kind::Unknown;
      v.reason = unknown_reason_.empty() ? "unknown" : unknown_reason_;
      break;
    case Answer::Counterexample:
      v.kind = Verdict::Kind::Refuted;
      if (describe) describe(v);
      break;
  }
  return v;
}

inline Verdict combine(const std::vector<Verdict>& parts) {
  Verdict total = Verdict::proved();
  bool decided = false;
  for (const Verdict& part : parts) {
    total.seconds += part.seconds;
    total.variables += part.variables;
    total.assertions += part.assertions;
    if (decided || part.kind == Verdict::Kind::Proved) continue;
    // A refutation is definite; an unknown part leaves the whole unknown unless a later part refutes.
    const double seconds = total.seconds;
    const unsigned variables = total.variables, assertions = total.assertions;
    total = part;
    total.seconds = seconds;
    total.variables = variables;
    total.assertions = assertions;
    decided = part.kind == Verdict::Kind::Refuted;
  }
  return total;
}

inline z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& literals) {
  z3::expr_vector v(ctx);
  for (const auto& l : literals) v.push_back(l);
  return literals.empty() ? ctx.bool_val(false) : z3::mk_or(v);
}

inline z3::expr all_of(z3::context& ctx, const std::vector<z3::expr>& literals) {
  z3::expr_vector v(ctx);
  for (const auto& l : literals) v.push_back(l);
  return literals.empty() ? ctx.bool_val(true) : z3::mk_and(v);
}

inline z3::expr exactly_one(z3::context& ctx, const std::vector<z3::expr>& literals) {
  if (literals.empty()) return ctx.bool_val(false);
  z3::expr_vector v(ctx);
  for (const auto& l : literals) v.push_back(l);
  return z3::atleast(v, 1) && z3::atmost(v, 1);
}

inline Graph square_grid_graph(int n, bool with_diagonals) {
  Graph graph;
  graph.adjacent.resize(static_cast<std::size_t>(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if ((dr == 0 && dc == 0) || (!with_diagonals && dr != 0 && dc != 0)) continue;
          const int rr = r + dr, cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
          graph.adjacent[static_cast<std::size_t>(r * n + c)].push_back(rr * n + cc);
        }
  return graph;
}

inline void require_no_path(Encoding& encoding, const Graph& graph, const std::vector<z3::expr>& member,
                     const std::vector<int>& sources, const std::vector<int>& targets, const std::string& name) {
  std::vector<z3::expr> closed;
  for (int i = 0; i < graph.size(); ++i) closed.push_back(encoding.fresh_bool(name));
  const auto at = [](const std::vector<z3::expr>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  for (int s : sources) encoding.require(z3::implies(at(member, s), at(closed, s)));
  for (int t : targets) encoding.require(!at(closed, t));
  for (int i = 0; i < graph.size(); ++i) {
    for (int j : graph.adjacent[static_cast<std::size_t>(i)]) {
      encoding.require(z3::implies(at(closed, i) && at(member, i) && at(member, j), at(closed, j)));
    }
  }
}

inline std::vector<z3::expr> require_path(Encoding& encoding, const Graph& graph, const std::vector<z3::expr>& member,
                                   const std::vector<int>& sources, const std::vector<int>& targets,
                                   const std::string& name) {
  z3::context& ctx = encoding.ctx();
  std::vector<z3::expr> on;
  std::vector<bool> is_end(static_cast<std::size_t>(graph.size()), false);
  for (int i : sources) is_end[static_cast<std::size_t>(i)] = true;
  for (int i : targets) is_end[static_cast<std::size_t>(i)] = true;
  for (int i = 0; i < graph.size(); ++i) {
    on.push_back(encoding.fresh_bool(name));
    encoding.require(z3::implies(on.back(), member[static_cast<std::size_t>(i)]));
  }
  std::vector<z3::expr> on_sources;
  for (int s : sources) on_sources.push_back(on[static_cast<std::size_t>(s)]);
  encoding.require(exactly_one(ctx, on_sources));
  for (int i = 0; i < graph.size(); ++i) {
    z3::expr_vector neighbours(ctx);
    for (int j : graph.adjacent[static_cast<std::size_t>(i)]) neighbours.push_back(on[static_cast<std::size_t>(j)]);
    const unsigned degree = is_end[static_cast<std::size_t>(i)] ? 1 : 2;
    if (neighbours.size() < degree) {
      encoding.require(!on[static_cast<std::size_t>(i)]);
      continue;
    }
    const z3::expr exact = z3::atleast(neighbours, degree) && z3::atmost(neighbours, degree);
    encoding.require(z3::implies(on[static_cast<std::size_t>(i)], exact));
  }
  return on;
}

inline void require_full_board_without_winner(Encoding& encoding, int n, const std::vector<z3::expr>& black,
                                       bool close_diagonally) {
  const Graph graph = square_grid_graph(n, close_diagonally);
  std::vector<z3::expr> reached;
  for (int i = 0; i < n * n; ++i) reached.push_back(encoding.fresh_bool("reached"));
  const auto cell = [&](const std::vector<z3::expr>& v, int r, int c) { return v[static_cast<std::size_t>(r * n + c)]; };
  for (int k = 0; k < n; ++k) {
    encoding.require(z3::implies(cell(black, 0, k), cell(reached, 0, k)));
    encoding.require(z3::implies(cell(black, n - 1, k), !cell(reached, n - 1, k)));
    encoding.require(z3::implies(!cell(black, k, 0), cell(reached, k, 0)));
    encoding.require(z3::implies(!cell(black, k, n - 1), !cell(reached, k, n - 1)));
  }
  for (int i = 0; i < n * n; ++i) {
    const z3::expr& from = reached[static_cast<std::size_t>(i)];
    const z3::expr& colour = black[static_cast<std::size_t>(i)];
    for (int j : graph.adjacent[static_cast<std::size_t>(i)]) {
      const z3::expr& other = black[static_cast<std::size_t>(j)];
      const z3::expr same_colour = (colour && other) || (!colour && !other);
      encoding.require(z3::implies(from && same_colour, reached[static_cast<std::size_t>(j)]));
    }
  }
}

inline void require_no_checkerboard(Encoding& encoding, int n, const std::vector<z3::expr>& black) {
  const auto cell = [&](int r, int c) { return black[static_cast<std::size_t>(r * n + c)]; };
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c + 1 < n; ++c) {
      const z3::expr tl = cell(r, c), tr = cell(r, c + 1), bl = cell(r + 1, c), br = cell(r + 1, c + 1);
      encoding.require(!(tl && br && !tr && !bl));
      encoding.require(!(!tl && !br && tr && bl));
    }
}

}  // namespace arbiter::smt

namespace arbiter::smt {

inline std::string square_board_diagram(int n, const std::vector<char>& cells, const std::string& status) {
  std::string text = "   ";
  for (int c = 0; c < n; ++c) {
    text += static_cast<char>('a' + c);
    text += c + 1 < n ? " " : "\n";
  }
  for (int r = 0; r < n; ++r) {
    const std::string number = std::to_string(r + 1);
    text += std::string(number.size() < 2 ? 1 : 0, ' ') + number;
    for (int c = 0; c < n; ++c) {
      text += ' ';
      text += cells[static_cast<std::size_t>(r * n + c)];
    }
    text += '\n';
  }
  return text + status + "\n";
}

inline std::string square_board_status(int stones, bool black_to_move) {
  int ply = stones;
  if ((ply % 2 == 0) != black_to_move) ++ply;
  return std::string(black_to_move ? "Black" : "White") + " to move, ply " + std::to_string(ply);
}

}  // namespace arbiter::smt

namespace arbiter::smt {

inline SymbolicBoard SymbolicBoard::fresh(Encoding& encoding, int n, const std::string& name, bool full) {
  SymbolicBoard board;
  board.n = n;
  for (int i = 0; i < n * n; ++i) {
    board.black.push_back(encoding.fresh_bool(name + "B"));
    if (full) {
      board.white.push_back(!board.black.back());
    } else {
      board.white.push_back(encoding.fresh_bool(name + "W"));
      encoding.require(!(board.black.back() && board.white.back()));
    }
  }
  return board;
}

inline z3::expr SymbolicBoard::empty(int cell) const { return !black[idx(cell)] && !white[idx(cell)]; }

inline std::vector<char> SymbolicBoard::cells(const Encoding& encoding) const {
  std::vector<char> out;
  for (int i = 0; i < n * n; ++i) {
    out.push_back(encoding.value(black[idx(i)]) ? 'B' : encoding.value(white[idx(i)]) ? 'W' : '.');
  }
  return out;
}

inline int count_stones(const std::vector<char>& cells) {
  int stones = 0;
  for (char c : cells) stones += c != '.';
  return stones;
}

inline std::string cell_name(int n, int cell) {
  return std::string(1, static_cast<char>('a' + cell % n)) + std::to_string(cell / n + 1);
}

}  // namespace arbiter::smt

namespace arbiter::smt {

// The cells of a square board written in the shared notation: a diagram (rows of '.', 'B', 'W',
// optionally with column letters, row numbers and a status line) or the rows of a one-line form
// joined by '/'. Returns the cells row by row; size 0 if nothing board-like is found.
inline std::vector<char> cells_from_text(const std::string& text) {
  std::vector<char> cells;
  std::string line;
  std::istringstream lines(text);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string word, row;
    bool board_line = true;
    while (words >> word) {
      if (word.find('/') != std::string::npos) {  // the rows of a one-line form
        for (char ch : word) {
          if (ch != '/') cells.push_back(ch);
        }
        return cells;
      }
      if (row.empty() && word.find_first_not_of("0123456789") == std::string::npos) continue;  // row number
      if (word.find_first_not_of(".BW") != std::string::npos) board_line = false;
      row += word;
    }
    if (board_line) cells.insert(cells.end(), row.begin(), row.end());
  }
  return cells;
}

// A board of known stones, as solver constants.
inline SymbolicBoard constant_board(z3::context& ctx, int n, const std::vector<char>& cells) {
  SymbolicBoard board;
  board.n = n;
  for (int i = 0; i < n * n; ++i) {
    board.black.push_back(ctx.bool_val(cells[static_cast<std::size_t>(i)] == 'B'));
    board.white.push_back(ctx.bool_val(cells[static_cast<std::size_t>(i)] == 'W'));
  }
  return board;
}

}  // namespace arbiter::smt

#include "model/core/errors.hpp"
#include "model/core/game.hpp"

namespace arbiter::smt {

// The cells and side to move of a square-board game's one-line form "<game> N rows side ...".
struct SquarePosition {
  int n = 0;
  std::vector<char> cells;  // '.', 'B', 'W' row by row
  bool black_to_move = true;
};

inline SquarePosition square_position_of(const State& state) {
  std::istringstream words(state.line());
  std::string game, size, rows, side;
  words >> game >> size >> rows >> side;
  SquarePosition p;
  for (char ch : rows) {
    if (ch != '/') p.cells.push_back(ch);
  }
  p.n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(p.cells.size()))));
  p.black_to_move = side == "black";
  return p;
}

// A game's turn encoding: given the board before, the mover and the one-hot move, the legality of
// the turn and the board after it.
struct EncodedTurn {
  z3::expr legal;
  SymbolicBoard after;
};
using TurnEncoder = std::function<EncodedTurn(Encoding&, const SymbolicBoard& before, bool mover_black,
                                              const std::vector<z3::expr>& move)>;

// For square-board placement games: a placement on a random empty point of `state`, played by the
// model (an InputError from it means illegal) and by the encoding on the same constants; their
// legality and the board after the turn must agree.
inline EncodingComparison compare_square_turn(const State& state, Rng& rng, const TurnEncoder& encode) {
  const SquarePosition before = square_position_of(state);
  const int n = before.n;
  std::vector<int> empty;
  for (int i = 0; i < n * n; ++i) {
    if (before.cells[static_cast<std::size_t>(i)] == '.') empty.push_back(i);
  }
  EncodingComparison comparison;
  if (empty.empty()) return comparison;
  const int target = empty[rng.below(static_cast<std::uint32_t>(empty.size()))];
  comparison.move = cell_name(n, target);
  std::string model_after;
  try {
    auto next = state.clone();
    next->apply(state.parse_move(comparison.move));
    const auto after = square_position_of(*next).cells;
    model_after.assign(after.begin(), after.end());
    comparison.legal = true;
  } catch (const InputError&) {
    comparison.legal = false;
  }
  Encoding encoding;
  std::vector<z3::expr> move;
  for (int i = 0; i < n * n; ++i) move.push_back(encoding.ctx().bool_val(i == target));
  const EncodedTurn turn = encode(encoding, constant_board(encoding.ctx(), n, before.cells), before.black_to_move, move);
  if (encoding.check(60) != Encoding::Answer::Counterexample) {
    comparison.disagreement = "the encoding has no result for this turn (" +
                              (encoding.unknown_reason().empty() ? std::string("unsat") : encoding.unknown_reason()) +
                              ")";
    return comparison;
  }
  const bool encoded_legal = encoding.value(turn.legal);
  const auto encoded_cells = turn.after.cells(encoding);
  const std::string encoded_after(encoded_cells.begin(), encoded_cells.end());
  const auto board = [&](const std::string& text) {
    const std::vector<char> cells(text.begin(), text.end());
    return square_board_diagram(n, cells, square_board_status(count_stones(cells), !before.black_to_move));
  };
  if (encoded_legal != comparison.legal) {
    comparison.disagreement = std::string("the model finds it ") + (comparison.legal ? "legal" : "illegal") +
                              ", the encoding " + (encoded_legal ? "legal" : "illegal") + "\n";
  } else if (comparison.legal && encoded_after != model_after) {
    comparison.disagreement = "the boards after the turn differ\nmodel:\n" + board(model_after) + "encoding:\n" +
                              board(encoded_after);
  }
  return comparison;
}

// A turn claim's counterexample: the position before, the move, and the position after. The
// position after is the model's own (so its status line carries the true result and ply and it
// reads back); a board the model cannot reach or play into keeps the encoding's cells and says why
// instead of inventing a status. A position the encoding found has no history, so its ply is its
// stones' count (square_board_status: as if no turn had filled a point; the one-line position and
// the replay then start from that ply); one the model reached by play (`reached`, whose board is
// `before`'s) is drawn as the model's own, with the ply of the moves that reach it, which is less
// than its stones where a turn filled points.
inline void describe_square_turn(const Game& game, const Encoding& encoding, const SymbolicBoard& before,
                                 const SymbolicBoard& after, const std::vector<z3::expr>& move, bool mover_black,
                                 const std::string& what, Verdict& v, const State* reached = nullptr) {
  const int n = before.n;
  for (int i = 0; i < n * n; ++i) {
    if (encoding.value(move[SymbolicBoard::idx(i)])) v.moves = {cell_name(n, i)};
  }
  const auto before_cells = before.cells(encoding);
  const auto after_cells = after.cells(encoding);
  // A reached position whose board is not the encoding's (a caller's slip) is not drawn for it.
  if (reached && square_position_of(*reached).cells != before_cells) reached = nullptr;
  const std::string before_text =
      reached ? reached->diagram()
              : square_board_diagram(n, before_cells, square_board_status(count_stones(before_cells), mover_black));
  std::string after_text;
  try {
    if (v.moves.empty()) throw InputError("the encoding names no move");
    auto state = reached ? reached->clone() : game.parse_position(before_text);
    state->apply(state->parse_move(v.moves[0]));
    const SquarePosition played = square_position_of(*state);
    after_text = state->diagram();
    if (played.cells != after_cells) {
      after_text += "(the encoding's board after the move differs from the model's:)\n" +
                    square_board_diagram(n, after_cells, "(encoding)");
    }
  } catch (const InputError& error) {
    after_text = square_board_diagram(n, after_cells, std::string("(no status: the model does not reach this board: ") +
                                                          error.what() + ")");
  }
  v.counterexample = before_text + "after " + (v.moves.empty() ? "?" : v.moves[0]) + ":\n" + after_text + "(" +
                     what + ")\n";
}

}  // namespace arbiter::smt

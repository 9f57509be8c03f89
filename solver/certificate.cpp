#include "solver/certificate.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <atomic>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <istream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/text.hpp"
#include "model/registry.hpp"

namespace arbiter::solver {
namespace {

// Version 2 added the default answer ('r' lines); version 1 files, which have none, are read as well.
constexpr const char* kMagic = "arbiter-certificate 2";
constexpr const char* kMagicVersion1 = "arbiter-certificate 1";

std::string kind_word(Claim::Kind kind) {
  switch (kind) {
    case Claim::Kind::Win: return "win";
    case Claim::Kind::Hold: return "hold";
    case Claim::Kind::NoWin: return "nowin";
  }
  return "?";
}

std::string bound_word(int bound) { return bound == kUnbounded ? "*" : std::to_string(bound); }

}  // namespace

bool outcome_satisfies(const Claim& claim, const Outcome& outcome) {
  const bool side_wins = outcome.kind == Outcome::Kind::Win && outcome.winner == claim.side;
  const bool side_loses = outcome.kind == Outcome::Kind::Win && outcome.winner != claim.side;
  switch (claim.kind) {
    case Claim::Kind::Win: return side_wins;
    case Claim::Kind::Hold: return outcome.over() && !side_loses;
    case Claim::Kind::NoWin: return !side_wins;
  }
  return false;
}

std::string claim_text(const GameDescriptor& game, const Claim& claim) {
  const std::string& side = game.side_names.at(static_cast<std::size_t>(claim.side));
  const auto moves = [](int k) { return std::to_string(k) + (k == 1 ? " move" : " moves"); };
  switch (claim.kind) {
    case Claim::Kind::Win:
      return side + " wins" + (claim.bound == kUnbounded ? "" : " within " + moves(claim.bound) + " of its own");
    case Claim::Kind::Hold: return side + " does not lose";
    case Claim::Kind::NoWin: return side + " does not win within " + moves(claim.bound) + " of its own";
  }
  return "?";
}

std::uint32_t Certificate::text_id(std::string_view text) {
  if (text.empty()) return 0;
  const auto [it, fresh] = text_ids_.try_emplace(std::string(text), static_cast<std::uint32_t>(texts_.size()));
  if (fresh) texts_.emplace_back(text);
  return it->second;
}

void Certificate::add_edge(Stored& node, std::string_view move, int child) {
  if (node.edge_count == std::numeric_limits<std::uint16_t>::max()) throw InputError("a certificate node lists more than 65,535 moves");
  if (edges_.size() >= std::numeric_limits<std::uint32_t>::max()) throw InputError("a certificate of more than 4,294,967,295 moves");
  // A node's moves are appended after every move already held: they stay one range.
  edges_.push_back({text_id(move), child});
  ++node.edge_count;
}

// Everything of `node` but its moves, which add_edge appends after it.
Certificate::Stored Certificate::head_of(const CertificateNode& node) {
  Stored stored;
  stored.claim = node.claim;
  stored.first_edge = static_cast<std::uint32_t>(edges_.size());
  stored.flags = static_cast<std::uint8_t>((node.analysis ? kAnalysis : 0) | (node.partial ? kPartial : 0) |
                                           (node.part.empty() ? 0 : kPart));
  stored.text = text_id(node.part.empty() ? node.answer : node.part);
  return stored;
}

int Certificate::add(const CertificateNode& node) {
  if (sink_ != nullptr) {
    const int id = size() + 1;
    write_node(*sink_, id, node, 0);
    streamed_.push_back(node.claim);
    return id;
  }
  if (!streamed_.empty()) throw std::logic_error("Certificate: a node kept after nodes were streamed");
  nodes_.push_back(head_of(node));
  for (const auto& [move, child] : node.children) add_edge(nodes_.back(), move, child);
  return static_cast<int>(nodes_.size());
}

const Claim& Certificate::claim(int id) const {
  if (id > static_cast<int>(nodes_.size())) return streamed_.at(static_cast<std::size_t>(id) - nodes_.size() - 1);
  return at(id).claim;
}

CertificateNode Certificate::node(int id) const {
  CertificateNode node;
  node.analysis = analysis(id);
  node.partial = partial(id);
  node.claim = at(id).claim;
  for (const Edge& edge : edges(id)) node.children.emplace_back(move(edge), edge.child);
  node.answer = answer(id);
  node.part = part(id);
  return node;
}

void Certificate::replace(int id, const CertificateNode& node) {
  Stored& stored = nodes_.at(static_cast<std::size_t>(id - 1));
  // The new moves go to the end of the array (the old range is left unused).
  stored = head_of(node);
  for (const auto& [move, child] : node.children) add_edge(stored, move, child);
}

int Certificate::append(const Certificate& other) {
  const int shift = size();
  std::vector<std::uint32_t> texts(other.texts_.size());
  for (std::size_t t = 0; t < texts.size(); ++t) texts[t] = text_id(other.texts_[t]);
  const auto first = static_cast<std::uint32_t>(edges_.size());
  for (Stored node : other.nodes_) {
    node.first_edge += first;
    node.text = texts[node.text];
    nodes_.push_back(node);
  }
  for (const Edge& edge : other.edges_) edges_.push_back({texts[edge.text], edge.child + shift});
  return shift;
}

void Certificate::write(std::ostream& out) const {
  write_header(out, made_by, game, position, root);
  write_nodes(out, 0);
  write_end(out, size());
}

void Certificate::write_header(std::ostream& out, const std::string& made_by, const std::string& game,
                               const std::string& position, int root) {
  out << kMagic << "\n";
  out << "made-by " << made_by << "\n";
  out << "game " << game << "\n";
  out << "position " << position << "\n";
  out << "root " << root << "\n";
}

void Certificate::write_head(std::ostream& out, int id, bool analysis, bool partial, const Claim& claim, std::string_view part) {
  if (analysis) {
    out << (partial ? "p " : "a ") << id << "\n";
    return;
  }
  out << (part.empty() ? "n " : "e ") << id << " " << kind_word(claim.kind) << " " << claim.side;
  if (claim.kind != Claim::Kind::Hold) out << " " << bound_word(claim.bound);
  if (!part.empty()) out << " " << part;
  out << "\n";
}

void Certificate::write_nodes(std::ostream& out, int shift) const {
  for (int id = 1; id <= size(); ++id) {
    write_head(out, id + shift, analysis(id), partial(id), claim(id), part(id));
    for (const Edge& edge : edges(id)) out << "m " << edge.child + shift << " " << move(edge) << "\n";
    if (const std::string_view a = answer(id); !a.empty()) out << "r " << a << "\n";
  }
}

void Certificate::write_node(std::ostream& out, int id, const CertificateNode& n, int child_shift) {
  write_head(out, id, n.analysis, n.partial, n.claim, n.part);
  for (const auto& [move, child] : n.children) out << "m " << child + child_shift << " " << move << "\n";
  if (!n.answer.empty()) out << "r " << n.answer << "\n";
}

void Certificate::write_end(std::ostream& out, int nodes) { out << "end " << nodes << "\n"; }

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// The next whitespace-delimited word of `rest`, taken off it (empty at the end).
std::string_view next_word(std::string_view& rest) {
  std::size_t begin = 0;
  while (begin < rest.size() && is_space(rest[begin])) ++begin;
  std::size_t end = begin;
  while (end < rest.size() && !is_space(rest[end])) ++end;
  const std::string_view word = rest.substr(begin, end - begin);
  rest.remove_prefix(end);
  return word;
}

// What is left of the line after leading whitespace (a file name).
std::string_view rest_of_line(std::string_view rest) {
  while (!rest.empty() && is_space(rest.front())) rest.remove_prefix(1);
  return rest;
}

// A move's text: the rest of the line without the whitespace at either end (`m 420 a1 ` names a1,
// as the game's move reader would read it; the text is kept and written back without the blank).
std::string_view move_of_line(std::string_view rest) {
  rest = rest_of_line(rest);
  while (!rest.empty() && is_space(rest.back())) rest.remove_suffix(1);
  return rest;
}

}  // namespace

Certificate Certificate::read(std::istream& in, const std::string& source_name, const std::function<bool()>& keep_going) {
  Certificate c;
  std::string line;
  int number = 0;
  // A line that ends the file without its newline is where a write was cut off (a full disk, a
  // killed process): a problem found in it says so, not only "unknown claim ''".
  bool cut_line = false;
  auto fail = [&](const std::string& why) -> InputError {
    return InputError(source_name + " line " + std::to_string(number) + ": " + why +
                      (cut_line ? " (the file ends in this line, without its newline: it is cut short, truncated)" : ""));
  };
  auto header = [&](const std::string& word) {
    ++number;
    if (!std::getline(in, line)) throw fail("the certificate ends before its '" + word + "' line (truncated?)");
    if (line.rfind(word + " ", 0) != 0) throw fail("expected '" + word + " ...', got " + quote_input(line));
    return line.substr(word.size() + 1);
  };
  ++number;
  // The first line is read to a bound: a file that is no certificate (/dev/zero, a large binary)
  // may have no newline for gigabytes, and must be refused without reading it all into memory.
  const auto first_line = [&]() {
    line.clear();
    const std::size_t most = std::string(kMagic).size() + 2;
    for (int c = in.get(); c != std::char_traits<char>::eof() && c != '\n'; c = in.get()) {
      if (line.size() == most) return true;  // longer than any first line: not the magic line
      line.push_back(static_cast<char>(c));
    }
    return !line.empty() || in.good();
  };
  if (!first_line() || (line != kMagic && line != kMagicVersion1)) {
    if (!line.empty() && line.back() == '\r' && (line.substr(0, line.size() - 1) == kMagic ||
                                                  line.substr(0, line.size() - 1) == kMagicVersion1)) {
      throw fail("the file has Windows line endings (CR LF), and a certificate's lines end in LF alone: convert "
                 "it (for example with dos2unix FILE, or tr -d '\\r' < FILE > NEW)");
    }
    throw fail("not an Arbiter certificate (the first line must be '" + std::string(kMagic) + "', or '" + kMagicVersion1 +
               "' for the older version, read as well)");
  }
  const bool version1 = line == kMagicVersion1;
  c.made_by = header("made-by");
  c.game = header("game");
  // A solve's journal keeps each unit's nodes as a certificate without game or position.
  const bool whole = !c.game.empty();
  if (whole) {
    try {
      find_game(c.game);
    } catch (const InputError& unknown) {
      throw fail(unknown.what());
    }
  }
  c.position = header("position");
  // The position names its game too; a file whose two lines disagree was altered or mixed up.
  if (const std::vector<std::string> words = words_of(c.position); whole && (words.empty() || words.front() != c.game)) {
    // "the position is empty, but the 'game' line says ..." read as if an empty position were a fault of the game line.
    throw fail(words.empty() ? "the position line is empty; the 'game' line says " + quote_input(c.game) + ", so a " + c.game +
                                   " position is expected"
                             : "the position is for " + quote_input(words.front()) + ", but the 'game' line says " +
                                   quote_input(c.game));
  }
  // A position no game reaches, or one the notation does not read, is a fault of this line, said
  // with the file and line as the others are (it came with neither, from the check's start).
  if (whole) {
    try {
      load_position(find_game(c.game), 0, {}, c.position);
    } catch (const InputError& bad) {
      throw fail(bad.what());
    }
  }
  const std::string root = header("root");
  auto read_int = [&](std::string_view text, const char* what) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0) {
      throw fail(std::string("bad ") + what + " " + quote_input(std::string(text)));
    }
    return value;
  };
  c.root = read_int(root, "root id");
  // The root is written last, so its id is about the number of nodes: room for them at once, not
  // by doubling (the last doubling of a 78-million-node proof held 15 GB of old and new nodes at
  // once). Only as much as the rest of the file could hold (a node line takes 8 bytes at least),
  // so that a wrong root id cannot ask for more memory than the file justifies. A large proof has
  // about one move a node.
  if (const std::streampos here = in.tellg(); here != std::streampos(-1)) {
    in.seekg(0, std::ios::end);
    const std::streamoff rest = in.tellg() - here;
    in.seekg(here);
    if (in && rest > 0) {
      const auto room = std::min<std::size_t>(static_cast<std::size_t>(c.root), static_cast<std::size_t>(rest / 8));
      c.nodes_.reserve(room);
      c.edges_.reserve(room);
    }
    in.clear();
  }
  bool ended = false;
  while (std::getline(in, line)) {
    ++number;
    cut_line = in.eof();
    if (keep_going && number % 65536 == 0 && !keep_going()) throw ReadStopped{c.made_by, c.game, c.position, c.size()};
    if (ended) {
      if (!line.empty()) throw fail("text after the 'end' line");
      continue;
    }
    std::string_view words(line);
    const std::string_view tag = next_word(words);
    if (tag == "n" || tag == "e" || tag == "a" || tag == "p") {
      const std::string_view id_text = next_word(words);
      const int id = read_int(id_text, "node id");
      if (id >= 1 && id <= c.size()) {
        throw fail("node " + std::to_string(id) + " is defined twice (node lines number the nodes 1, 2, ... in order; the next is " +
                   std::to_string(c.size() + 1) + ")");
      }
      if (id != c.size() + 1) {
        throw fail("node " + std::string(id_text) + " is out of order (expected " + std::to_string(c.size() + 1) + ")");
      }
      CertificateNode node;
      if (tag == "a" || tag == "p") {
        node.analysis = true;
        node.partial = tag == "p";
      } else {
        const std::string_view kind = next_word(words);
        const std::string_view side = next_word(words);
        if (kind == "win") node.claim.kind = Claim::Kind::Win;
        else if (kind == "hold") node.claim.kind = Claim::Kind::Hold;
        else if (kind == "nowin") node.claim.kind = Claim::Kind::NoWin;
        else throw fail("unknown claim " + quote_input(std::string(kind)));
        if (side != "0" && side != "1") throw fail("side must be 0 or 1, got " + quote_input(std::string(side)));
        node.claim.side = side[0] - '0';
        if (node.claim.kind != Claim::Kind::Hold) {
          const std::string_view bound = next_word(words);
          node.claim.bound = bound == "*" ? kUnbounded : read_int(bound, "bound");
          if (node.claim.kind == Claim::Kind::NoWin && node.claim.bound == kUnbounded) {
            throw fail("a nowin claim needs a number of moves");
          }
        }
      }
      if (tag == "e") {
        node.part = rest_of_line(words);
        if (node.part.empty()) throw fail("a part node without the name of its file");
        words = {};
      }
      if (const std::string_view rest = next_word(words); !rest.empty()) throw fail("unexpected " + quote_input(std::string(rest)));
      c.add(node);
    } else if (tag == "m") {
      if (c.size() == 0) throw fail("a move line before any node");
      const int child = read_int(next_word(words), "child id");
      const std::string_view move = move_of_line(words);
      if (move.empty()) throw fail("a move line without a move");
      const Stored& last = c.nodes_.back();
      if (last.flags & kPart) throw fail("a move line under a part node (its moves are in its file)");
      if (last.text != 0) throw fail("a move line after the node's default answer");
      try {
        c.add_edge(c.nodes_.back(), move, child);
      } catch (const InputError& error) {
        throw fail(error.what());
      }
    } else if (tag == "r" && !version1) {
      if (c.size() == 0) throw fail("a default answer before any node");
      Stored& last = c.nodes_.back();
      if ((last.flags & (kAnalysis | kPart)) != 0) throw fail("a default answer under an analysis or part node");
      if (last.text != 0) throw fail("a second default answer for one node");
      const std::string_view answer = move_of_line(words);
      if (answer.empty()) throw fail("a default answer line without a move");
      last.text = c.text_id(answer);
    } else if (tag == "end") {
      const std::string_view count = next_word(words);
      if (read_int(count, "node count") != c.size()) {
        throw fail("'end' counts " + std::string(count) + " nodes but " + std::to_string(c.size()) + " were read");
      }
      ended = true;
    } else {
      throw fail("unknown line " + quote_input(line));
    }
  }
  cut_line = false;
  if (!ended) throw fail("the certificate has no 'end' line: it is cut short (truncated)");
  c.directory = std::filesystem::path(source_name).parent_path().string();
  if (c.root < 1 || c.root > c.size()) throw fail("root node " + std::to_string(c.root) + " does not exist");
  for (int id = 1; id <= c.size(); ++id) {
    for (const Edge& edge : c.edges(id)) {
      if (edge.child < 1 || edge.child > c.size()) {
        throw InputError(source_name + ": node " + std::to_string(id) + " names a missing node " + std::to_string(edge.child));
      }
      if (c.analysis(edge.child)) throw InputError(source_name + ": node " + std::to_string(id) + " leads to an analysis node");
    }
  }
  return c;
}

namespace {

// What a file that is not a regular one is, in a rejection's words.
std::string file_kind(const std::filesystem::file_status& status) {
  switch (status.type()) {
    case std::filesystem::file_type::directory: return "a directory";
    case std::filesystem::file_type::character: return "a character device";
    case std::filesystem::file_type::block: return "a block device";
    case std::filesystem::file_type::fifo: return "a pipe";
    case std::filesystem::file_type::socket: return "a socket";
    default: return "a file of another kind";
  }
}

struct Rejection {
  std::string reason;
  std::string diagram;
};

// Thrown when VerifyOptions::keep_going says stop: the check ends where it is, nothing decided.
struct Stopped {};

// Every node of a certificate is one the check walks: reached from the root by moves (a part
// node's moves are in its file). One that nothing reaches (a stray 'a' line, an 'n' node no move
// names) was read, counted by 'end' and in verify-proof's certificate_nodes, but never checked,
// until session 50: it is a rejection naming the first, said once the walk found no other fault.
std::optional<Rejection> unreached_node(const Certificate& c) {
  std::vector<char> reached(static_cast<std::size_t>(c.size()) + 1, 0);
  std::vector<int> to_visit = {c.root};
  reached[static_cast<std::size_t>(c.root)] = 1;
  while (!to_visit.empty()) {
    const int id = to_visit.back();
    to_visit.pop_back();
    for (const Certificate::Edge& edge : c.edges(id)) {
      if (reached[static_cast<std::size_t>(edge.child)] != 0) continue;
      reached[static_cast<std::size_t>(edge.child)] = 1;
      to_visit.push_back(edge.child);
    }
  }
  int first = 0, unreached = 0;
  for (int id = 1; id <= c.size(); ++id) {
    if (reached[static_cast<std::size_t>(id)] != 0) continue;
    if (first == 0) first = id;
    ++unreached;
  }
  if (first == 0) return std::nullopt;
  return Rejection{"node " + std::to_string(first) + (unreached > 1 ? " (and " + std::to_string(unreached - 1) + " more)" : "") +
                       " is reached neither from the root (node " + std::to_string(c.root) +
                       ") nor by any move of a node that is: it is counted among the certificate's nodes but was never "
                       "checked (a certificate holds only nodes its root leads to)",
                   ""};
}

// Whether a node claiming `have` establishes `need` (a stronger claim serves a weaker one).
bool serves(const Claim& have, const Claim& need) {
  const auto bound_at_most = [](int have_bound, int need_bound) {
    if (need_bound == kUnbounded) return true;
    return have_bound != kUnbounded && have_bound <= need_bound;
  };
  switch (need.kind) {
    case Claim::Kind::Win: return have.kind == Claim::Kind::Win && have.side == need.side && bound_at_most(have.bound, need.bound);
    case Claim::Kind::Hold:
      return have.side == need.side && (have.kind == Claim::Kind::Hold || have.kind == Claim::Kind::Win);
    case Claim::Kind::NoWin:
      if (have.side != need.side) return have.kind == Claim::Kind::Hold || have.kind == Claim::Kind::Win;
      return have.kind == Claim::Kind::NoWin && have.bound >= need.bound;
  }
  return false;
}

VerificationReport verify_at_depth(const Certificate& certificate, const std::string& implementation,
                                   const std::vector<std::string>& expected_rulings, int depth,
                                   const VerifyOptions& options = {});

// What a node claiming `claim` owes where `mover` is to move: one move (the claimer's, or under
// `nowin` the other side's), none (`nowin S 0` where S moves), or every legal move, each move's
// child serving `child`; or nothing can meet it (`win S 0` where S moves, the game not over).
struct Obligation {
  enum class Moves { One, None, Every, Impossible } moves;
  Claim child;
};

Obligation obligation_of(const Claim& claim, int mover) {
  const bool claimer_moves = mover == claim.side;
  Obligation owed{Obligation::Moves::Every, claim};
  if (claim.kind == Claim::Kind::NoWin ? !claimer_moves : claimer_moves) {
    owed.moves = claim.kind == Claim::Kind::Win && claim.bound == 0 ? Obligation::Moves::Impossible : Obligation::Moves::One;
  } else if (claim.kind == Claim::Kind::NoWin && claim.bound == 0) {
    owed.moves = Obligation::Moves::None;
  }
  if (claimer_moves && claim.bound != kUnbounded) owed.child.bound = claim.bound - 1;
  return owed;
}

// Whether a verified analysis of a position establishes `need` there, as a node claiming `need`
// with the analysis's moves would (a partial analysis cannot show that every move serves). So a
// position solved on its own, move by move, can be a part where a claim is expected.
bool analysis_establishes(const VerificationReport& analysis, const Claim& need) {
  const Obligation owed = obligation_of(need, analysis.mover);
  const auto served = [&](const MoveVerdict& move) {
    return std::any_of(move.claims.begin(), move.claims.end(), [&](const Claim& c) { return serves(c, owed.child); });
  };
  switch (owed.moves) {
    case Obligation::Moves::One: return std::any_of(analysis.moves.begin(), analysis.moves.end(), served);
    case Obligation::Moves::None: return true;
    case Obligation::Moves::Every:
      return !analysis.partial && analysis.moves.size() == analysis.legal_moves &&
             std::all_of(analysis.moves.begin(), analysis.moves.end(), served);
    case Obligation::Moves::Impossible: return false;
  }
  return false;
}

// A part node met by the top-level certificate, checked after the walk (see check_parts).
struct PendingPart {
  int id;
  std::unique_ptr<State> state;
  std::string root_move;  // the root's move it lies under ("" for the root itself)
};

class Verifier {
 public:
  Verifier(const Certificate& c, const GameDescriptor& game, VerificationReport& report, const std::string& implementation,
           int depth)
      : c_(c), game_(game), report_(report), implementation_(implementation), depth_(depth) {}

  // Part nodes are then only noted in `pending`, to be checked side by side once the walk is over.
  void defer_parts(std::vector<PendingPart>* pending) { pending_ = pending; }
  // Polled every kPollEvery new nodes (and by each part's check); false throws Stopped.
  void stop_when(const std::function<bool()>& keep_going) { keep_going_ = &keep_going; }

  // Verifies node `id` at `state`; throws Rejection.
  void check(int id, const State& state) {
    if (seen_.empty()) count_parents();
    const auto at = static_cast<std::size_t>(id);
    std::uint8_t& seen = seen_[at];
    const bool shared = parents_[at] > 1;
    if (seen != kNew) {
      // Only a node with two parents (or two edges from one) can be reached again: every node is
      // walked once, so a node with one edge in is reached once (reaching it twice means a bug here).
      if (!shared) reject(id, state, "the node is reached a second time along its only edge");
      // Positions are compared as the game defines their equivalence (State::equivalence_text):
      // the printed form, up to what cannot change the game's future, such as the order of a
      // repetition history that the rule only counts. Never by key: keys can collide.
      const std::string& first = shared_positions_.at(id);
      if (first != state.equivalence_text()) {
        reject(id, state, "the node is reached at two different positions (first, as the game compares them: " + first + ")");
      }
      if (seen == kActive) reject(id, state, "the node leads back to itself (a cycle proves nothing)");
      return;
    }
    if (keep_going_ != nullptr && *keep_going_ && since_poll_++ % kPollEvery == 0 && !(*keep_going_)()) throw Stopped{};
    seen = kActive;
    // Where it was reached first is kept for the nodes that can be reached again only: a large
    // proof has tens of millions of nodes, most of them with one parent.
    if (shared) shared_positions_.emplace(id, state.equivalence_text());
    ++report_.nodes_checked;
    const Claim& claim = c_.claim(id);
    const std::span<const Certificate::Edge> children = c_.edges(id);
    const std::string_view answer = c_.answer(id);
    const auto claimed = [&] { return claims(claim); };
    if (!c_.part(id).empty()) {
      if (pending_ != nullptr) {
        pending_->push_back({id, state.clone(), root_move_});
      } else {
        check_part(id, state);
      }
    } else if (state.is_terminal()) {
      if (!children.empty() || !answer.empty()) reject(id, state, "the game is over here, but the node lists moves");
      if (!outcome_satisfies(claim, state.outcome())) {
        reject(id, state, "the node " + claimed() + " but the game ended: " + outcome_text(game_, state.outcome()));
      }
    } else {
      std::vector<Move> legal, listed;
      state.legal_moves(legal);
      const Obligation owed = obligation_of(claim, state.side_to_move());
      if (!answer.empty() && owed.moves != Obligation::Moves::Every) {
        reject(id, state, "the node " + claimed() + " and names a default answer, which only a node answering every reply may");
      }
      if (!answer.empty() && claim.bound != kUnbounded) {
        reject(id, state, "the node " + claimed() + " and names a default answer, which only an unbounded claim may");
      }
      if (owed.moves == Obligation::Moves::Impossible) {
        reject(id, state, "the node " + claimed() + " but the game is not over and it is that side's move");
      } else if (owed.moves == Obligation::Moves::One) {
        if (children.size() != 1) {
          reject(id, state, "the node " + claimed() + " and must name exactly one move of " + side_name(state) +
                                ", it names " + std::to_string(children.size()));
        }
      } else if (owed.moves == Obligation::Moves::None) {
        if (!children.empty()) reject(id, state, "the node " + claimed() + " and needs no moves, but lists some");
      } else {
        for (const Certificate::Edge& edge : children) listed.push_back(parse(id, state, c_.move(edge)));
        std::vector<Move> a = legal, b = listed;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (const auto twice = std::adjacent_find(b.begin(), b.end()); twice != b.end()) {
          reject(id, state, "the reply " + state.move_text(*twice) + " is listed twice");
        }
        if (!answer.empty()) {
          // The listed replies are checked below (each must be legal); the others get the answer.
          for (Move m : a) {
            if (!std::binary_search(b.begin(), b.end(), m)) check_answer(id, state, m, answer, claim);
          }
        } else if (a != b) {
          std::string missing;
          for (Move m : a) {
            if (!std::binary_search(b.begin(), b.end(), m)) missing += (missing.empty() ? "" : ", ") + state.move_text(m);
          }
          reject(id, state, "the node " + claimed() + " but does not answer every reply of " + side_name(state) +
                                (missing.empty() ? "" : ": missing " + missing));
        }
      }
      auto child_state = state.clone();
      for (std::size_t i = 0; i < children.size(); ++i) {
        const std::string_view move_text = c_.move(children[i]);
        const int child = children[i].child;
        const Move m = listed.empty() ? parse(id, state, move_text) : listed[i];
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
          reject(id, state, "move " + quote_input(std::string(move_text)) + " is not legal here");
        }
        const Claim& need = owed.child;
        if (!serves(c_.claim(child), need)) {
          reject(id, state, "after " + std::string(move_text) + " the certificate goes on with '" + claim_text(game_, c_.claim(child)) +
                                "', which does not give '" + claim_text(game_, need) + "'");
        }
        child_state->copy_from(state);
        child_state->apply(m);
        ++report_.edges_checked;
        if (id == c_.root) root_move_ = move_text;
        check(child, *child_state);
        if (id == c_.root) root_move_.clear();
      }
    }
    proved_[at] = proved_bound(id, state, claim, children);
    seen = kDone;
  }

  // Node `id` (checked, with its children) as its lines prove it: a bounded win's bound is the most
  // moves of its side on any line below it; any other claim as written. A part is taken at its
  // claim's word, and so is a node reached before its walk here (a part's root checked apart).
  Claim proved(int id) const {
    Claim claim = c_.claim(id);
    const auto at = static_cast<std::size_t>(id);
    if (at < proved_.size() && seen_[at] == kDone) claim.bound = proved_[at];
    return claim;
  }

  int proved_bound(int id, const State& state, const Claim& claim, std::span<const Certificate::Edge> children) const {
    if (claim.kind != Claim::Kind::Win || claim.bound == kUnbounded || !c_.part(id).empty()) return claim.bound;
    if (state.is_terminal()) return 0;
    int most = 0;
    for (const Certificate::Edge& edge : children) most = std::max(most, proved(edge.child).bound);
    return std::min(claim.bound, most + (state.side_to_move() == claim.side ? 1 : 0));
  }

  // How many edges lead to each node (2 standing for two or more), the root counting one from
  // outside: a node's position is kept only when it can be reached again.
  void count_parents() {
    const auto nodes = static_cast<std::size_t>(c_.size()) + 1;
    seen_.assign(nodes, kNew);
    proved_.assign(nodes, kUnbounded);
    parents_.assign(nodes, 0);
    const auto add = [&](int id) {
      std::uint8_t& count = parents_.at(static_cast<std::size_t>(id));
      count = static_cast<std::uint8_t>(std::min(count + 1, 2));
    };
    if (c_.root >= 1) add(c_.root);
    for (int id = 1; id <= c_.size(); ++id) {
      for (const Certificate::Edge& edge : c_.edges(id)) add(edge.child);
    }
  }

  // A part node: its file must be a certificate of this game, rooted at this very position (its
  // printed form), whose root claim serves this node's, and it must verify on its own.
  void check_part(int id, const State& state) {
    const std::string part_name(c_.part(id));
    const Claim& claim = c_.claim(id);
    const std::filesystem::path name(part_name);
    // Parts lie below the certificate that names them: a name that climbs out, or a device or
    // pipe (which could be read forever), is not a part.
    const bool below = name.is_relative() && std::none_of(name.begin(), name.end(), [](const auto& step) { return step == ".."; });
    const std::string path = (std::filesystem::path(c_.directory) / name).string();
    if (!below) reject(id, state, "part " + quote_input(part_name) + " is not a file below the certificate's directory");
    if (depth_ >= kMaxPartDepth) reject(id, state, "part " + quote_input(part_name) + " is nested too deep (a cycle of parts?)");
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    // A device, a pipe or a directory (or a link to one: /dev/zero would be read forever) is named
    // as such; "cannot be read" is left for a file that is missing or unreadable.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
      reject(id, state, "its proof, the part file " + quote_input(path) + ", is not a regular file (" + file_kind(status) + ")");
    }
    errno = 0;
    std::ifstream in(path);
    if (!std::filesystem::is_regular_file(status) || !in) {
      // With the system's reason ("No such file or directory", "Permission denied"): it gave none.
      const int cause = errno;  // the open's, else what looking at the file met
      const std::string why = cause != 0 ? std::string(std::strerror(cause)) : error ? error.message() : std::string();
      reject(id, state, "its proof, the part file " + quote_input(path) + ", cannot be read" + (why.empty() ? "" : ": " + why));
    }
    Certificate part;
    try {
      part = Certificate::read(in, path, keep_going_ != nullptr ? *keep_going_ : std::function<bool()>());
    } catch (const Certificate::ReadStopped&) {
      throw Stopped{};
    } catch (const InputError& error) {
      reject(id, state, std::string("its part file is not a whole certificate: ") + error.what());
    }
    if (part.game != c_.game) reject(id, state, "its part file " + quote_input(path) + " is about " + part.game);
    if (part.position != state.line() && !equivalent_position(part.position, state)) {
      reject(id, state, "its part file " + quote_input(path) + " proves another position: " + part.position);
    }
    const bool analysis = part.analysis(part.root);
    if (!analysis && !serves(part.claim(part.root), claim)) {
      reject(id, state, "its part file " + quote_input(path) + " does not claim '" + claim_text(game_, claim) + "'");
    }
    VerifyOptions inner_options;
    if (keep_going_ != nullptr) inner_options.keep_going = *keep_going_;
    const VerificationReport inner = verify_at_depth(part, implementation_, {}, depth_ + 1, inner_options);
    report_.part_makers.emplace_back(path, part.made_by);
    report_.part_makers.insert(report_.part_makers.end(), inner.part_makers.begin(), inner.part_makers.end());
    // This node was counted already; a part's analysis root counts itself at the end of its walk,
    // so an interrupted one has not.
    const bool root_counted = inner.nodes_checked > 0 && !(inner.interrupted && analysis);
    report_.nodes_checked += inner.nodes_checked - (root_counted ? 1 : 0);
    report_.edges_checked += inner.edges_checked;
    if (inner.interrupted) {
      report_.parts_checked += inner.parts_checked;  // this part was not checked to its end
      throw Stopped{};
    }
    report_.parts_checked += inner.parts_checked + 1;
    if (!inner.accepted) throw Rejection{"part file " + quote_input(path) + ": " + inner.reason, inner.bad_position};
    if (analysis && !analysis_establishes(inner, claim)) {
      reject(id, state, "its part file " + quote_input(path) + " is an analysis whose verified moves do not give '" +
                            claim_text(game_, claim) + "'" + (inner.partial ? " (a partial analysis)" : ""));
    }
  }

  // Whether `text` (a part's root) reads as a position equivalent to `state` (State::equivalence_text).
  bool equivalent_position(const std::string& text, const State& state) const {
    try {
      return load_position(game_, 0, {}, text, implementation_).state->equivalence_text() == state.equivalence_text();
    } catch (const InputError&) {
      return false;  // not a position: another one, which the caller says
    }
  }

  // A reply the node leaves to its default answer: played, then answered, and the game must be over
  // as claimed (or be so already after the reply). Positions and moves count as checked.
  void check_answer(int id, const State& state, Move reply, std::string_view answer, const Claim& claim) {
    // One scratch state serves every answered reply: this runs for most positions of a large proof.
    if (!answer_scratch_) answer_scratch_ = state.clone();
    State* after = answer_scratch_.get();
    after->copy_from(state);
    after->apply(reply);
    ++report_.edges_checked;
    ++report_.nodes_checked;
    // Written out only for a rejection, like claims().
    const auto after_reply = [&] { return "after the reply " + state.move_text(reply); };
    const auto given = [&] {
      return "reply " + state.move_text(reply) + " is left to the default answer " + quote_input(std::string(answer));
    };
    if (after->is_terminal()) {
      if (!outcome_satisfies(claim, after->outcome())) {
        reject(id, state, given() + ", but it ends the game: " + outcome_text(game_, after->outcome()), *after, after_reply());
      }
      return;
    }
    if (after->side_to_move() != claim.side) reject(id, state, given() + ", but after it " + side_name(*after) + " is to move", *after, after_reply());
    Move m = 0;
    try {
      m = after->parse_move(answer);
    } catch (const InputError& error) {
      reject(id, state, given() + ", which is not a move there: " + error.what(), *after, after_reply());
    }
    after->legal_moves(answer_legal_);
    if (std::find(answer_legal_.begin(), answer_legal_.end(), m) == answer_legal_.end()) {
      reject(id, state, given() + ", which is not legal there", *after, after_reply());
    }
    after->apply(m);
    ++report_.edges_checked;
    ++report_.nodes_checked;
    if (!after->is_terminal() || !outcome_satisfies(claim, after->outcome())) {
      reject(id, state, given() + ", which does not end the game as the node " + claims(claim), *after,
             after_reply() + " and the answer " + std::string(answer));
    }
  }

  // Written out only for a rejection: most nodes are accepted, and millions are checked.
  std::string claims(const Claim& claim) const { return "claims '" + claim_text(game_, claim) + "'"; }

  Move parse(int id, const State& state, std::string_view text) {
    try {
      return state.parse_move(text);
    } catch (const InputError& error) {
      reject(id, state, "move " + quote_input(std::string(text)) + " is not a legal move here: " + error.what());
    }
    return 0;
  }

  [[noreturn]] void reject(int id, const State& state, const std::string& why) {
    throw Rejection{"node " + std::to_string(id) + " (" + side_name(state) + " to move, ply " + std::to_string(state.ply()) +
                        under() + "): " + why,
                    state.diagram()};
  }
  // The same, where the position shown is not the node's own but one after it (a default
  // answer's reply): the header stays the node's, and says what the diagram shows.
  [[noreturn]] void reject(int id, const State& node, const std::string& why, const State& shown, const std::string& shown_as) {
    throw Rejection{"node " + std::to_string(id) + " (" + side_name(node) + " to move, ply " + std::to_string(node.ply()) +
                        under() + "): " + why + " (the diagram: " + shown_as + ")",
                    shown.diagram()};
  }

  std::string side_name(const State& state) const {
    return game_.side_names.at(static_cast<std::size_t>(state.side_to_move()));
  }

  // The root's move that the walk is below now (the first move on the path from the root), so that
  // a rejection says which of the root's moves it concerns; "" at the root itself.
  void set_root_move(std::string_view move) { root_move_ = move; }
  std::string under() const { return root_move_.empty() ? "" : ", under the root's move " + root_move_; }

 private:
  static constexpr std::uint8_t kNew = 0, kActive = 1, kDone = 2;
  static constexpr int kMaxPartDepth = 8;
  // About 1.5 ms of checking on a 2026 laptop core (670,000 positions a second on a 5x5 connection
  // game).
  static constexpr std::uint32_t kPollEvery = 1024;
  const std::function<bool()>* keep_going_ = nullptr;
  std::uint32_t since_poll_ = 0;
  const Certificate& c_;
  const GameDescriptor& game_;
  VerificationReport& report_;
  const std::string& implementation_;
  int depth_;
  // Sized at the first check: a verifier that only checks a part needs none.
  std::vector<std::uint8_t> seen_;     // kNew, kActive (being checked: below it on the walk), kDone
  std::vector<std::uint8_t> parents_;  // edges in, 2 for two or more
  std::vector<int> proved_;            // a checked node's claim bound as its lines prove it (proved())
  std::unordered_map<int, std::string> shared_positions_;  // where each node with two parents was first reached
  std::unique_ptr<State> answer_scratch_;
  std::vector<Move> answer_legal_;
  std::vector<PendingPart>* pending_ = nullptr;
  std::string root_move_;
};

// What checking one part added to the report, and how it ended.
struct PartOutcome {
  VerificationReport counts;
  bool stopped = false;  // keep_going said stop before or while it was checked: not decided
  std::optional<Rejection> rejection;
  std::exception_ptr error;  // an error that is not a rejection (out of memory, say), raised again in order
};

// The parts are independent certificates: `threads` workers take them in turn. Each outcome is
// kept in its slot, so that the caller reads them in the certificate's order whatever finished first.
std::vector<PartOutcome> check_parts(const Certificate& c, const GameDescriptor& game, const std::string& implementation,
                                     const std::vector<PendingPart>& pending, const VerifyOptions& options) {
  std::vector<PartOutcome> outcomes(pending.size());
  if (pending.empty()) return outcomes;
  std::atomic<std::size_t> next{0};
  std::mutex telling;
  std::size_t done = 0;
  const auto work = [&] {
    for (std::size_t i = next++; i < pending.size(); i = next++) {
      PartOutcome& outcome = outcomes[i];
      if (options.keep_going && !options.keep_going()) {
        outcome.stopped = true;
        continue;
      }
      try {
        Verifier verifier(c, game, outcome.counts, implementation, 0);
        verifier.stop_when(options.keep_going);
        verifier.set_root_move(pending[i].root_move);
        verifier.check_part(pending[i].id, *pending[i].state);
      } catch (const Stopped&) {
        outcome.stopped = true;
      } catch (const Rejection& rejection) {
        outcome.rejection = rejection;
        outcome.counts.reason = rejection.reason;  // on_part tells a rejected part from a checked one by it
      } catch (...) {
        outcome.error = std::current_exception();
      }
      if (options.on_part && !outcome.stopped) {
        const std::lock_guard<std::mutex> lock(telling);
        options.on_part(++done, pending.size(), std::string(c.part(pending[i].id)), outcome.counts);
      }
    }
  };
  const std::size_t threads = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(options.threads, 1)), 1, pending.size());
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  return outcomes;
}

// The rulings asked for against those the certificate was made under, each named with both
// values. Loading the position with the rulings asked for finds the same conflict, but words it
// about a one-line position, not about a certificate.
void check_rulings_asked(const Certificate& certificate, const std::vector<std::string>& asked) {
  if (asked.empty()) return;
  const GameDescriptor& game = find_game(certificate.game);
  const auto form = split_line_form(certificate.position, game.name);
  if (!form) return;
  make_config(game, form->size, asked);  // an unknown ruling or value is reported as such
  if (const auto conflict = ruling_conflict(game, *form, asked)) {
    throw InputError("the certificate was made under " + conflict->name + "=" + conflict->in_position +
                     ", and the command asks for " + conflict->name + "=" + conflict->asked);
  }
}

}  // namespace

std::vector<int> longest_lines(const Certificate& certificate) {
  std::vector<int> longest(static_cast<std::size_t>(certificate.size()) + 1, -1);
  if (certificate.root < 1 || certificate.root > certificate.size()) return longest;
  // Depth-first, without recursion (a `wins` proof's lines run to hundreds of plies): a node's
  // longest line is known once all its children's are; -1 unknown, -2 on the walk's current line.
  struct Frame {
    int id;
    std::size_t next_edge;
  };
  std::vector<Frame> stack{{certificate.root, 0}};
  longest[static_cast<std::size_t>(certificate.root)] = -2;
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const std::span<const Certificate::Edge> edges = certificate.edges(frame.id);
    if (frame.next_edge < edges.size()) {
      const int child = edges[frame.next_edge++].child;
      if (child >= 1 && child <= certificate.size() && longest[static_cast<std::size_t>(child)] == -1) {
        longest[static_cast<std::size_t>(child)] = -2;
        stack.push_back({child, 0});
      }
      continue;
    }
    int plies = certificate.answer(frame.id).empty() ? 0 : 2;
    for (const Certificate::Edge& edge : edges) {
      if (edge.child >= 1 && edge.child <= certificate.size()) plies = std::max(plies, 1 + std::max(0, longest[static_cast<std::size_t>(edge.child)]));
    }
    longest[static_cast<std::size_t>(frame.id)] = plies;
    stack.pop_back();
  }
  return longest;
}

int longest_line(const Certificate& certificate) {
  if (certificate.root < 1 || certificate.root > certificate.size()) return 0;
  return longest_lines(certificate)[static_cast<std::size_t>(certificate.root)];
}

VerificationReport verify_certificate(const Certificate& certificate, const std::string& implementation,
                                      const std::vector<std::string>& expected_rulings, const VerifyOptions& options) {
  check_rulings_asked(certificate, expected_rulings);
  return verify_at_depth(certificate, implementation, expected_rulings, 0, options);
}

namespace {

VerificationReport verify_at_depth(const Certificate& certificate, const std::string& implementation,
                                   const std::vector<std::string>& expected_rulings, int depth,
                                   const VerifyOptions& options) {
  const GameDescriptor& game = find_game(certificate.game);
  LoadedPosition loaded = load_position(game, 0, expected_rulings, certificate.position, implementation);
  VerificationReport report;
  Verifier verifier(certificate, game, report, implementation, depth);
  verifier.stop_when(options.keep_going);
  std::vector<PendingPart> pending;
  if (depth == 0) verifier.defer_parts(&pending);
  std::optional<Rejection> rejected;
  bool stopped = false;
  const int root = certificate.root;
  try {
    if (certificate.analysis(root)) {
      const State& state = *loaded.state;
      if (state.is_terminal()) verifier.reject(certificate.root, state, "an analysis of a finished game");
      std::vector<Move> legal, listed;
      state.legal_moves(legal);
      std::map<Move, std::size_t> index;
      auto child_state = state.clone();
      for (const Certificate::Edge& edge : certificate.edges(root)) {
        const std::string_view move_text = certificate.move(edge);
        const int child = edge.child;
        const Move m = verifier.parse(root, state, move_text);
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
          verifier.reject(root, state, "move " + quote_input(std::string(move_text)) + " is not legal here");
        }
        auto [it, fresh] = index.emplace(m, report.moves.size());
        if (fresh) report.moves.push_back({state.move_text(m), {}, {}});
        child_state->copy_from(state);
        child_state->apply(m);
        ++report.edges_checked;
        verifier.set_root_move(move_text);
        verifier.check(child, *child_state);
        verifier.set_root_move("");
        report.moves[it->second].claims.push_back(certificate.claim(child));
        report.moves[it->second].proved.push_back(verifier.proved(child));
      }
      const bool partial = certificate.partial(root);
      // A partial analysis that covers every legal move is a whole one, and is reported as one.
      report.partial = partial && index.size() < legal.size();
      report.mover = state.side_to_move();
      report.legal_moves = legal.size();
      if (partial && certificate.edges(root).empty()) verifier.reject(root, state, "a partial analysis of no move");
      for (Move m : legal) {
        if (!partial && !index.count(m)) verifier.reject(root, state, "the analysis leaves out the move " + state.move_text(m));
      }
      ++report.nodes_checked;
    } else {
      verifier.check(root, *loaded.state);
      report.root_claim = certificate.claim(root);
      report.root_proved = verifier.proved(root);
    }
  } catch (const Rejection& rejection) {
    rejected = rejection;
  } catch (const Stopped&) {
    stopped = true;  // the parts met so far are not checked either (keep_going stays false)
  }
  // The parts met before the walk stopped come before its rejection in the certificate's order:
  // the first bad node is theirs if one of them has it, as when each part is checked where it is met.
  std::optional<Rejection> rejected_part;
  for (const PartOutcome& outcome : check_parts(certificate, game, implementation, pending, options)) {
    report.nodes_checked += outcome.counts.nodes_checked;
    report.edges_checked += outcome.counts.edges_checked;
    report.parts_checked += outcome.counts.parts_checked;
    report.part_makers.insert(report.part_makers.end(), outcome.counts.part_makers.begin(), outcome.counts.part_makers.end());
    stopped = stopped || outcome.stopped;
    if (rejected_part) continue;
    if (outcome.error) std::rethrow_exception(outcome.error);
    rejected_part = outcome.rejection;
  }
  if (rejected_part) rejected = rejected_part;
  if (stopped) {
    // Nothing decided: a rejection met on the way may not be the first in the certificate's order
    // (the parts before it are not all checked), and an accepted walk is not the whole of it.
    report.interrupted = true;
    report.moves.clear();
    return report;
  }
  if (!rejected) rejected = unreached_node(certificate);
  report.accepted = !rejected;
  if (rejected) {
    report.reason = rejected->reason;
    report.bad_position = rejected->diagram;
  }
  return report;
}

}  // namespace

}  // namespace arbiter::solver

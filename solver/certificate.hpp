#pragma once
// Proof certificates: the solution of a position written so that the reference implementation
// can re-check it without any search. A certificate is a DAG of nodes, each a Claim about the
// position reached; the side that must act for the claim names one move, the other side has
// every legal reply listed. Shared subtrees are written once. Format: docs/solver.md.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
#include <string_view>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "solver/search.hpp"

namespace arbiter::solver {

struct CertificateNode {
  bool analysis = false;  // the root of an analysis: legal moves, each with its own proof
  // An analysis of some legal moves only (a solve stopped by its limits): each listed move is
  // proved, nothing is said of the others.
  bool partial = false;
  Claim claim;
  std::vector<std::pair<std::string, int>> children;  // move text (in the parent's position), child id
  // At a node that answers every reply of the other side, with an unbounded claim: the replies not
  // listed in `children` are each answered by this move (its text, read in the position after the
  // reply), which must end the game as claimed; a reply that ends the game so itself needs no
  // answer. Empty: every reply is listed. (Most defences of a large proof lose to a move that wins
  // at once; written out, they are most of its nodes.)
  std::string answer;
  // A node whose claim is proved by another certificate: this file, named relative to the
  // directory of the certificate that holds the node, whose root is this node's position and
  // claim. Such a node lists no moves. (A large solve writes each move's proof as a part.)
  std::string part;
};

// A certificate's nodes are held compactly (a large proof has tens of millions of them, and the
// verifier holds a whole file): a node is a claim, its range in one array of moves, and the id of
// its default answer's text or its part file's name; a move is the id of its text and the node
// it leads to. Texts are held once each. A CertificateNode is the form nodes are made and
// changed in, one at a time.
class Certificate {
 public:
  struct Edge {
    std::uint32_t text;  // text(text) is the move's text
    int child;
  };

  // Adds a node and returns its id (ids start at 1).
  int add(const CertificateNode& node);
  // From now on, nodes added are written to `sink` as node lines (write_nodes' form) and only
  // their claims are kept: a certificate too large for memory is written as it is made. The
  // accessors below but claim() are then not available.
  void stream_to(std::ostream* sink) { sink_ = sink; }
  const Claim& claim(int id) const;
  // Appends another certificate's nodes (ids shifted) and returns the shift.
  int append(const Certificate& other);
  int size() const { return static_cast<int>(nodes_.size() + streamed_.size()); }

  // Node `id` without copying it (the verifier's walk).
  bool analysis(int id) const { return at(id).flags & kAnalysis; }
  bool partial(int id) const { return at(id).flags & kPartial; }
  std::span<const Edge> edges(int id) const {
    const Stored& n = at(id);
    return {edges_.data() + n.first_edge, n.edge_count};
  }
  std::string_view text(std::uint32_t id) const { return texts_.at(id); }
  std::string_view move(const Edge& edge) const { return text(edge.text); }
  std::string_view answer(int id) const { return at(id).flags & kPart ? std::string_view() : text(at(id).text); }
  std::string_view part(int id) const { return at(id).flags & kPart ? text(at(id).text) : std::string_view(); }
  // Node `id` as a whole (a copy), and a node changed in place of it (tests alter certificates so).
  CertificateNode node(int id) const;
  void replace(int id, const CertificateNode& node);

  int root = 0;
  std::string game;       // descriptor name
  std::string position;   // the root position's one-line form (size and rulings included)
  std::string made_by;    // program version that wrote it
  std::string directory;  // where the files of its part nodes are (read() sets it from the file name)

  void write(std::ostream& out) const;
  // The parts of write(), for writing a certificate assembled from others without copying them:
  // the header lines up to `root`, the node lines with every id raised by `shift`, and the end.
  static void write_header(std::ostream& out, const std::string& made_by, const std::string& game,
                           const std::string& position, int root);
  void write_nodes(std::ostream& out, int shift) const;
  // One node's lines: its id as given, its children's ids raised by `child_shift`.
  static void write_node(std::ostream& out, int id, const CertificateNode& node, int child_shift);
  static void write_end(std::ostream& out, int nodes);
  // Thrown by read() when its keep_going (null: never stop; polled every 65,536 lines) says stop:
  // the header as read, and how many nodes were read before the stop.
  struct ReadStopped {
    std::string made_by, game, position;
    int nodes_read = 0;
  };
  // Throws InputError naming the line when the text is not a complete certificate.
  static Certificate read(std::istream& in, const std::string& source_name, const std::function<bool()>& keep_going = {});

 private:
  static constexpr std::uint8_t kAnalysis = 1, kPartial = 2, kPart = 4;  // kPart: `text` names the part's file
  struct Stored {
    Claim claim;
    std::uint32_t first_edge = 0;
    std::uint32_t text = 0;  // the default answer's text (0: none), or the part's file name
    std::uint16_t edge_count = 0;
    std::uint8_t flags = 0;
  };
  const Stored& at(int id) const { return nodes_.at(static_cast<std::size_t>(id - 1)); }
  std::uint32_t text_id(std::string_view text);
  Stored head_of(const CertificateNode& node);
  // Appends a move of `node`, whose moves must be the last in the array.
  void add_edge(Stored& node, std::string_view move, int child);
  // A node's first line; its move lines and its default answer's follow it.
  static void write_head(std::ostream& out, int id, bool analysis, bool partial, const Claim& claim, std::string_view part);

  std::vector<Stored> nodes_;
  std::vector<Edge> edges_;
  std::vector<std::string> texts_{std::string()};  // text 0 is the empty text
  std::unordered_map<std::string, std::uint32_t> text_ids_;
  std::ostream* sink_ = nullptr;
  std::vector<Claim> streamed_;  // the claims of the nodes written to the sink, after nodes_
};

// What verification found for one move of an analysis root.
struct MoveVerdict {
  std::string move;
  std::vector<Claim> claims;  // each verified
  // The same claims as their lines prove them: a bounded win's bound is the most moves of its side
  // on any line below it (at most the claim's; a search within 3 may find lines that win within 2).
  std::vector<Claim> proved;
};

struct VerificationReport {
  bool accepted = false;
  std::string reason;            // why it was rejected (first bad node)
  std::string bad_position;      // the diagram of that node's position
  std::uint64_t nodes_checked = 0;
  std::uint64_t edges_checked = 0;
  Claim root_claim;              // for a single-claim root
  Claim root_proved;             // it as its lines prove it (MoveVerdict::proved)
  std::vector<MoveVerdict> moves;  // for an analysis root, in the certificate's order
  bool partial = false;            // the analysis covers only some legal moves
  std::size_t legal_moves = 0;     // for an analysis root: how many the position has
  int mover = 0;                   // the side to move at the root
  std::size_t parts_checked = 0;   // part files verified on the way (their nodes are counted above)
  // Each part file checked (its path) with the `made_by` line it was written with, parts of parts
  // included, in the certificate's order: a certificate assembled with --proof-parts may take parts
  // that other versions wrote, which its own header does not name.
  std::vector<std::pair<std::string, std::string>> part_makers;
  // Stopped by VerifyOptions::keep_going before the end: nothing is verified or rejected (accepted
  // false, no reason), and the counts say how far the check got.
  bool interrupted = false;
};

// How the part files a certificate names are checked: they are independent of each other, so
// `threads` of them are checked at once (each holds its part in memory while it is checked).
// `on_part` is told of each part as it is done (from the thread that checked it, one call at a time);
// for a part that is rejected (missing, a device, a wrong proof), `part.reason` says why.
// `keep_going` (null: never stop) is polled every few thousand positions, in the certificate and in
// its parts, from every thread: once it returns false the check stops, and the report says
// interrupted (a stop request, solver/interrupt.hpp).
struct VerifyOptions {
  int threads = 1;
  std::function<void(std::size_t done, std::size_t total, const std::string& file, const VerificationReport& part)> on_part;
  std::function<bool()> keep_going;
};

// Re-checks the certificate with the named implementation of its game (the caller passes the
// reference one): replays every listed move, checks every defence is listed, every leaf's outcome.
// The report (its counts, and the first bad node in the certificate's order) is the same whatever
// the number of threads. Throws InputError when the header cannot be loaded (unknown game, bad position).
VerificationReport verify_certificate(const Certificate& certificate, const std::string& implementation,
                                      const std::vector<std::string>& expected_rulings = {},
                                      const VerifyOptions& options = {});

// The plies of the certificate's longest line from its root: a listed move is one ply, a node's
// default answer two (the reply it answers and itself); a part node's lines, in another file, count
// nothing. The root's ply plus this is the latest ply any position of the proof is at (generators/
// refuse a puzzle whose proof reaches a ply cap). A node reached again on its own line (no
// certificate the verifier accepts has one) ends that line.
int longest_line(const Certificate& certificate);
// The same for every node the root reaches, by node id (index 0 and nodes the root does not reach:
// -1): the plies of the longest line below each.
std::vector<int> longest_lines(const Certificate& certificate);

}  // namespace arbiter::solver

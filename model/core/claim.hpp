#pragma once
// A claim a rule text (or Arbiter's own argument) makes about a game, and the verdict of a proof
// attempt. Game-independent: a game lists its claims in GameDescriptor::claims; `arbiter prove`
// and the per-size driver in solver/ decide them. A verdict of "unknown" is never a proof.
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter {

class Game;

struct Verdict {
  enum class Kind { Proved, Refuted, Unknown };
  Kind kind = Kind::Unknown;
  std::string reason;          // Unknown: "timeout", the solver's reason, or what is not encoded
  std::string counterexample;  // Refuted: the position(s) as diagrams (the game's notation)
  // Refuted: the board size the counterexample is drawn at. A claim about every size may be refuted
  // on a board of its own (a window lemma's); the prove driver sets the size it decided at when the
  // claim leaves this 0.
  int counterexample_size = 0;
  std::vector<std::string> moves;  // Refuted, where meaningful: the move(s) of the counterexample
  // Refuted, when the counterexample was found by play: the moves that reach its position from the
  // empty board, without `moves` (the audit shows and replays both, these first).
  std::vector<std::string> reached_by;
  std::string note;            // extra findings, e.g. whether the counterexample is reachable
  // Refuted premise: its counterexample also contradicts the claims derived from it (a reached game
  // that ends drawn, against "no game ends drawn"). Otherwise a refuted premise only shows that the
  // derivation does not carry those claims, which stay unknown.
  bool refutes_derived_claims = false;
  double seconds = 0;
  unsigned variables = 0;      // Boolean/bit-vector constants of the encoding
  unsigned assertions = 0;     // top-level assertions given to the solver
  std::string scope;           // "size 7", "all sizes (lemma)" or "all sizes (read from the rulings)"
  std::string derivation;      // a claim derived from premises: one line per premise and its verdict

  static Verdict proved() {
    Verdict v;
    v.kind = Kind::Proved;
    return v;
  }
  static Verdict unknown(std::string why) {
    Verdict v;
    v.reason = std::move(why);
    return v;
  }
  // Unknown because the encoding does not model `what` (a ruling): never the default's verdict.
  static Verdict not_encoded(const std::string& what) { return unknown("not encoded: " + what); }
};

inline const char* verdict_name(Verdict::Kind kind) {
  switch (kind) {
    case Verdict::Kind::Proved: return "proved";
    case Verdict::Kind::Refuted: return "refuted";
    case Verdict::Kind::Unknown: return "unknown";
  }
  return "?";
}

// One (position, move) pair run through a game's Z3 turn encoding and through its executable
// model (`arbiter prove GAME --differential`). Any disagreement is a bug in one of the two.
struct EncodingComparison {
  std::string move;          // the move tried, in the game's notation
  bool legal = false;        // the model's verdict on it
  std::string disagreement;  // "" when both agree; otherwise what differs, with both results
};

// Who makes a claim, which says what its refutation is about (docs/audit-schema.md). RuleText: the
// rule text (a seed) says it, or a player can quote it from there (no-draw): refuted, it is a
// finding about the rule texts. ResearchNote: research notes state or observe it, the seed does
// not: refuted, a research note is refuted. Lemma: a step of Arbiter's own argument for another
// claim (however a source motivates it): refuted, that argument fails and leaves the claims resting
// on it unproved, and no rule text is shown false by it. Rulings: a lemma read from the rulings, not
// a Z3 query: as a lemma.
enum class ClaimSource { RuleText, ResearchNote, Lemma, Rulings };

// "rule-text", "research-note", "lemma", "rulings" (audit.json's and prove --json's words).
inline const char* claim_source_name(ClaimSource kind) {
  switch (kind) {
    case ClaimSource::RuleText: return "rule-text";
    case ClaimSource::ResearchNote: return "research-note";
    case ClaimSource::Lemma: return "lemma";
    case ClaimSource::Rulings: return "rulings";
  }
  return "?";
}

struct Claim {
  std::string name;       // command-line name, e.g. "no-draw"
  std::string statement;  // one sentence: what is claimed
  std::string source;     // which text makes the claim ("seed 000: Draws are not possible", "lemma")
  // true: one decision covers every board size (a local lemma); the size of the game is ignored.
  bool size_independent = false;
  // Decides the claim for the configured game (its size and rulings) within timeout_seconds.
  std::function<Verdict(const Game& game, double timeout_seconds)> decide;
  // The sizes `arbiter audit` decides (chosen so the whole audit stays within minutes); empty: the
  // game's two smallest sizes. `arbiter prove` takes any sizes.
  std::vector<int> audit_sizes = {};
  // Identifies the code that decides the claim (a hash of the game's encoding sources, made at
  // build time). A stored verdict is reused only under the same version: after the encoding
  // changes, an old "proved" would otherwise speak for code that no longer exists.
  std::string encoding_version = {};
  // Non-empty: the claim is the conjunction of these other claims of the game (its premises), and
  // the driver derives its verdict from theirs instead of calling decide (solver/prove.hpp).
  std::vector<std::string> premises = {};
  // What decides it, as the audit's subject column says: "z3", or e.g. "rulings" for a premise
  // read from the rulings; a derived claim shows "derived".
  std::string decided_by = "z3";
  // Non-empty: a claim about every size (size_independent) that implies this per-size claim at each
  // size. Where it is proved the per-size verdict is derived from it, with no query of its own;
  // elsewhere (not proved, or not encoded under the rulings) the claim is decided at the size.
  std::string implied_by = {};
  // The source quotes the claim to say it is false (research notes: "expected: refuted"), not as a
  // rule text's claim: a refutation confirms the source and is no finding about the rule texts.
  bool expected_refuted = false;
  // Who makes the claim (a game sets it with with_source_kinds): what a refutation of it is.
  ClaimSource source_kind = ClaimSource::RuleText;
  // A derived claim that no game ends drawn, which a drawn game played by the model refutes. Where
  // a premise is refuted without contradicting it (the argument fails), the driver looks for a
  // drawn game of that size and rulings before it answers unknown (solver/prove.hpp).
  bool refuted_by_a_drawn_game = false;
};

// Sets the encoding version of every claim (a game passes its generated source hash).
inline std::vector<Claim> with_encoding_version(std::vector<Claim> claims, const std::string& version) {
  for (Claim& claim : claims) claim.encoding_version = version;
  return claims;
}

// Sets the audit sizes of the named claims (a game lists them beside its claims).
inline std::vector<Claim> with_audit_sizes(std::vector<Claim> claims,
                                           const std::map<std::string, std::vector<int>>& sizes_by_name) {
  for (Claim& claim : claims) {
    if (const auto found = sizes_by_name.find(claim.name); found != sizes_by_name.end()) claim.audit_sizes = found->second;
  }
  return claims;
}

// Sets the source kind of the named claims; every name must be one of the claims (a misspelt name
// would leave a lemma counted as a rule text's claim).
inline std::vector<Claim> with_source_kinds(std::vector<Claim> claims, const std::map<std::string, ClaimSource>& kinds) {
  for (const auto& [name, kind] : kinds) {
    bool found = false;
    for (Claim& claim : claims) {
      if (claim.name == name) {
        claim.source_kind = kind;
        found = true;
      }
    }
    if (!found) throw std::logic_error("with_source_kinds: no claim named " + name);
  }
  return claims;
}

// Marks the named claims as ones a drawn game refutes (Claim::refuted_by_a_drawn_game); every name
// must be one of the claims, and derived (the driver looks for a drawn game only where a derivation
// fails).
inline std::vector<Claim> refuted_by_a_drawn_game(std::vector<Claim> claims, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    bool found = false;
    for (Claim& claim : claims) {
      if (claim.name == name && !claim.premises.empty()) {
        claim.refuted_by_a_drawn_game = true;
        found = true;
      }
    }
    if (!found) throw std::logic_error("refuted_by_a_drawn_game: no derived claim named " + name);
  }
  return claims;
}

}  // namespace arbiter

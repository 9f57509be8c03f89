#pragma once
// A verified puzzle as the generators produce it, the store keeps it and the books print it.
// Generic: games appear only as names and one-line positions, moves only in their written form.
#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::puzzles {

// What the solver proved about the key move.
enum class PuzzleKind {
  WinsWithin,  // the side to move wins within `within` of its own moves against every defence
  Wins,        // the side to move wins (game-theoretic value, full solver)
};

// What a wrong move's sentence claims (generators::refutation_sentence writes the sentence of a
// claim): kept beside the sentence, so that a re-check checks the claim against the certificate
// and the replayed defence, and that the sentence is the one written for it, instead of reading
// the sentence's phrases (a change of wording then changes both alike).
struct RefutationClaim {
  enum class Kind {
    None,         // a sentence of a store before schema version 3 that reads as no claim
    EndsGame,     // "c3 ends the game: Black wins.": the move itself ends the game
    NotAtOnce,    // "a3 does not win at once.": a within-1 puzzle's wrong move
    AnswerWins,   // "After d1, Black answers d5 and wins.": the answer ends the game with its win
    NoWinWithin,  // "... White cannot win within 2 moves.": within `within` moves
    Draw,         // "... holds a draw."
    Loses,        // "... Black answers b2 and wins (b2 c3 d4).": the other side wins, by `line`
  };
  Kind kind = Kind::None;
  int within = 0;                 // NoWinWithin: the bound it names
  int slower_win = 0;             // NotAtOnce, NoWinWithin: 0, or N of "still wins, but needs N moves"
  std::vector<std::string> line;  // Loses: the line it names in brackets (empty: none)
  bool operator==(const RefutationClaim& other) const {
    return kind == other.kind && within == other.within && slower_win == other.slower_win && line == other.line;
  }
};
// "ends-game", "not-at-once", "answer-wins", "no-win-within", "draw", "loses", "none"; the store's
// and the JSON's names. claim_kind_from_name is false for any other text.
std::string claim_kind_name(RefutationClaim::Kind kind);
bool claim_kind_from_name(const std::string& name, RefutationClaim::Kind& kind);
// The claim of a sentence written before claims were stored (schema version 2 and before), read from
// the phrases the generator wrote then; Kind::None where it reads as none. `move` is the wrong move.
RefutationClaim claim_of_sentence(const std::string& move, const std::string& why);

// A wrong move, with the defence that refutes it: up to three are stored, the tempting ones
// (DifficultyMeasures::tempting_moves) first.
struct Refutation {
  std::string move;                  // the wrong move, written as the game writes moves
  std::vector<std::string> defence;  // the opponent's answer and, where useful, the line after it
  std::string why;                   // one sentence for the solutions section
  RefutationClaim claim;             // what the sentence claims
};

// Whether a wrong move's sentence says that its player still wins, later than the puzzle asks
// ("... still wins, but needs 3 moves ..."): a claim only a search checks, which `puzzles verify`
// makes and `puzzles show` and `book` do not.
inline bool claims_slower_win(const Refutation& r) { return r.claim.slower_win > 0; }

// Measured quantities that the difficulty level is derived from (docs/puzzles.md).
struct DifficultyMeasures {
  std::uint64_t solver_nodes = 0;  // nodes the proof of the key move needed
  int solution_plies = 0;          // length of the main line in plies
  int tempting_moves = 0;          // wrong moves that win within k+1 or that a shallow search rates as high, up to 4
  int defences = 0;                // defences the main line must answer (sum of legal replies)
};

struct Puzzle {
  std::int64_t id = 0;                 // store row id; 0 before it is stored
  std::string game;                    // registry name
  int size = 0;
  std::vector<std::string> rulings;    // NAME=VALUE for every ruling, defaults included
  std::string position;                // the game's one-line position (side to move included)
  PuzzleKind kind = PuzzleKind::WinsWithin;
  int within = 0;                      // k for WinsWithin; 0 for Wins
  std::string theme;                   // the game's signature mechanic the key move uses, or ""
  std::string key_move;
  std::vector<std::string> main_line;  // key move first, then best defence, ... to the win
  std::vector<Refutation> refutations; // the best wrong moves
  int difficulty = 0;                  // 1 (easiest) .. 5
  DifficultyMeasures measures;
  std::string certificate;             // the solver certificate text (docs/solver.md format)
  std::string certificate_sha256;
  std::uint64_t seed = 0;              // generator seed that produced it
  std::string version;                 // arbiter::version_string() of the code that proved it
};

}  // namespace arbiter::puzzles

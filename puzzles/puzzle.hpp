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

// A wrong move, with the defence that refutes it: up to three are stored, the tempting ones
// (DifficultyMeasures::tempting_moves) first.
struct Refutation {
  std::string move;                  // the wrong move, written as the game writes moves
  std::vector<std::string> defence;  // the opponent's answer and, where useful, the line after it
  std::string why;                   // one sentence for the solutions section
};

// Whether a wrong move's sentence says that its player still wins, later than the puzzle asks
// ("... still wins, but needs 3 moves ...", as the generator writes it): a claim only a search
// checks, which `puzzles verify` makes and `puzzles show` and `book` do not.
inline bool claims_slower_win(const Refutation& r) { return r.why.find(" still wins, but needs ") != std::string::npos; }

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

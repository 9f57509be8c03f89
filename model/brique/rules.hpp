#pragma once
// Brique's rulings decoded from a Config, the move encoding both implementations share, and the
// escort geometry exactly as the rule text words it ("in front of", "to the left of", ...).
#include <array>
#include <cstdint>
#include <string>

#include "model/core/game.hpp"

namespace arbiter::brique {

inline constexpr int kBlack = 0;  // side 0: top and bottom edges
inline constexpr int kWhite = 1;  // side 1: left and right edges
inline constexpr int kMaxBoard = 26;

// Square contents.
inline constexpr std::uint8_t kEmpty = 0;
inline constexpr std::uint8_t kBlackStone = 1;
inline constexpr std::uint8_t kWhiteStone = 2;
inline std::uint8_t stone_of(int side) { return static_cast<std::uint8_t>(side + 1); }

// Moves: a square is its index row*n+col; the pie swap and a pass have codes no square can have.
inline constexpr Move kSwapMove = 1u << 16;
inline constexpr Move kPassMove = (1u << 16) + 1;

// Signature mechanics counted by State::apply_counting, in Game::mechanics() order: squares the
// fill rule gives the mover (empty or enemy), enemy stones it removes, pie swaps, passes.
enum Mechanic : std::size_t { kFills, kRemovals, kSwaps, kPasses };
inline constexpr std::array<const char*, 4> kMechanicNames = {"fills", "removals", "swaps", "passes"};

enum class FillMode : std::uint8_t { Once, Repeat, KeepEnemy };     // B-3
enum class PieMode : std::uint8_t { SwapSides, Mirror, Off };       // B-4

struct Rules {
  int n = 15;
  bool light_when_even = true;      // B-1: light iff (row+col) even (top-left light)
  bool white_faces_black = false;   // B-2: White reads the directions from across the table
  FillMode fill = FillMode::Once;   // B-3
  PieMode pie = PieMode::SwapSides; // B-4
  bool pass_allowed = false;        // B-5

  static Rules from(const Config& config);

  // Whose turn it is follows from the ply count and whether the pie swap exchanged the players'
  // colours (then the colour that moved first moves again right after the swap).
  int side_to_move(int ply, bool swapped) const {
    return (ply + (swapped && pie == PieMode::SwapSides ? 1 : 0)) % 2;
  }
  int max_plies() const;
  bool operator==(const Rules&) const = default;
};

// One escort of a square: where it is and how the text names its direction.
struct Escort {
  int row = 0;
  int col = 0;
  const char* direction = "";  // "in front of it", "behind it", "to the left of it", "to the right of it"
};

bool is_light(const Rules& rules, int row, int col);
// The two escorts of (row,col) as `side` reads the text, on or off the board.
std::array<Escort, 2> escorts(const Rules& rules, int side, int row, int col);
// How to name escort e of (row,col) for `side` so it reads true on the printed diagram: the rule
// text's words, and under escort-directions=facing for White (who reads them from across the
// table) whose view they are and where the escort lies on the diagram.
std::string escort_direction(const Rules& rules, int side, int row, int col, const Escort& e);

}  // namespace arbiter::brique

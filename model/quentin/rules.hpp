#pragma once
// Quentin (Luis Bolaños Mures, 2012): what both implementations share — the rulings as plain
// enums, the move encoding, the cell encoding and the plain position record that notation,
// explanations and drawings are written against.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/game.hpp"

namespace arbiter::quentin {

inline constexpr int kMinSize = 2;
inline constexpr int kMaxSize = 26;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

// Sides: 0 = Black (top and bottom edges), 1 = White (left and right edges).
inline constexpr int kBlackSide = 0;
inline constexpr int kWhiteSide = 1;

// Cell contents; a stone of side s is stored as s + 1.
inline constexpr std::int8_t kEmpty = 0;
inline constexpr std::int8_t kBlackStone = 1;
inline constexpr std::int8_t kWhiteStone = 2;
inline std::int8_t stone_of(int side) { return static_cast<std::int8_t>(side + 1); }
inline int side_of(std::int8_t stone) { return stone - 1; }

// Move codes: a placement is the point index r*n+c; swap and pass lie above every point.
inline constexpr Move kSwap = 0x10000;
inline constexpr Move kPass = 0x10001;

// Signature mechanics counted by State::apply_counting, in Game::mechanics() order: placements
// that filled a territory, the points those fills covered, forced passes, pie swaps.
enum Mechanic : std::size_t { kFillingTurns, kFilledPoints, kForcedPasses, kSwaps };
inline constexpr std::array<const char*, 4> kMechanicNames = {"territory fills", "points filled", "forced passes",
                                                              "swaps"};

// The rulings of docs/rulings/quentin.md, decoded once from a Config.
struct Rules {
  enum class Edges : std::uint8_t { DoNotCount, Count };
  enum class Majority : std::uint8_t { DistinctStones, Adjacencies };
  enum class Fill : std::uint8_t { SinglePass, UntilNone };
  enum class Diagonal : std::uint8_t { AllStones, MoverOnly };
  enum class OpponentChain : std::uint8_t { OwnerWins, MoverWins, Illegal };
  enum class NoMoves : std::uint8_t { Draw, SideToMoveLoses, MoreStones };
  Edges edges = Edges::DoNotCount;
  Majority majority = Majority::DistinctStones;
  Fill fill = Fill::SinglePass;
  Diagonal diagonal = Diagonal::AllStones;
  OpponentChain opponent_chain = OpponentChain::OwnerWins;
  NoMoves no_moves = NoMoves::Draw;
  bool pie = true;

  static Rules from(const Config& config);
  bool operator==(const Rules&) const = default;
};

// The names the rulings have on the command line (also the keys of Config::rulings).
namespace ruling_name {
inline constexpr const char* kEdges = "edges-count";
inline constexpr const char* kMajority = "majority";
inline constexpr const char* kFill = "fill";
inline constexpr const char* kDiagonal = "diagonal-rule";
inline constexpr const char* kOpponentChain = "opponent-chain";
inline constexpr const char* kNoMoves = "no-moves";
inline constexpr const char* kRulesVersion = "rules-version";
inline constexpr const char* kPie = "pie";
}  // namespace ruling_name

// A position as plain data: what every printed form holds. The side to move follows from the
// ply and the swap (Black moves at even plies until White swaps at ply 1; afterwards the
// parity flips), so it is not stored separately.
struct Position {
  int size = 0;
  std::vector<std::int8_t> cells;  // size*size, row-major from the top-left point a1
  int ply = 0;
  bool swapped = false;

  int side_to_move() const { return (ply + (swapped ? 1 : 0)) % 2; }
  int point(int row, int col) const { return row * size + col; }
  static Position empty(int size);
};

// No game lasts longer: every placement adds at least one stone, a pass is forced and is always
// followed by a placement (the passer's opponent has one, or the game is over), and the swap is
// taken at most once. So plies <= 2 * points + 1.
inline int max_plies_for(int size) { return 2 * size * size + 1; }

}  // namespace arbiter::quentin

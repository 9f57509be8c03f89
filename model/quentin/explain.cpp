// The arbiter's account of one move, built from the reference model's step reports so that
// every statement is what the rule text's own procedure computes.
#include <algorithm>

#include "model/core/errors.hpp"
#include "model/core/square_grid.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/reference.hpp"

namespace arbiter::quentin {
namespace {

constexpr const char* kSide[2] = {"Black", "White"};
constexpr const char* kColour[2] = {"black", "white"};

std::string names(int size, std::vector<int> points) {
  std::sort(points.begin(), points.end());
  std::string out;
  for (int point : points) out += (out.empty() ? "" : " ") + SquareGrid::of(size).name(point);
  return out.empty() ? "none" : out;
}

std::string plural(int count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

std::string describe_region(const Rules& rules, int size, const reference::RegionReport& region, int mover) {
  std::string out = "  region " + names(size, region.points) + " (" + plural(static_cast<int>(region.points.size()), "point") + "): ";
  if (!region.territory()) {
    const std::string what = rules.edges == Rules::Edges::Count ? "stone or edge" : "stone";
    return out + "not a territory, " + SquareGrid::of(size).name(region.weak_point) + " is adjacent to " +
           (region.weak_point_count == 0 ? "no " + what : "only 1 " + what) +
           " (a territory needs at least two at every point)\n";
  }
  out += "a territory, every point is adjacent to at least two " +
         std::string(rules.edges == Rules::Edges::Count ? "stones or edges" : "stones") + "\n";
  out += "    adjacent distinct stones: " + std::to_string(region.black_stones.size()) + " black (" +
         names(size, region.black_stones) + "), " + std::to_string(region.white_stones.size()) + " white (" +
         names(size, region.white_stones) + ")\n";
  if (rules.majority == Rules::Majority::Adjacencies) {
    out += "    adjacencies counted (majority=adjacencies): " + std::to_string(region.black_adjacencies) +
           " black, " + std::to_string(region.white_adjacencies) + " white\n";
  }
  const std::string fill = kColour[side_of(region.fill)];
  if (region.tie()) {
    out += "    tie " + std::to_string(region.black_votes) + "-" + std::to_string(region.white_votes) +
           ": filled with the colour opposite to the mover (" + kSide[mover] + "), " + fill + "\n";
  } else {
    out += "    " + std::string(kSide[side_of(region.fill)]) + " has the majority (" +
           std::to_string(region.black_votes) + " black, " + std::to_string(region.white_votes) + " white): filled " +
           fill + "\n";
  }
  return out;
}

std::string describe_chain_result(const Rules& rules, const Position& before, const reference::TurnReport& turn) {
  const int size = before.size;
  if (turn.completed_side < 0) {
    Position after = before;
    after.cells = turn.cells_after;
    ++after.ply;
    const Outcome next = reference::settle(rules, after);
    std::string out = "Result: no chain joins its two edges";
    if (next.over()) {
      constexpr const char* kNoMovesValue[3] = {"draw", "side-to-move-loses", "more-stones"};
      out += "; neither player can move, and no-moves=" +
             std::string(kNoMovesValue[static_cast<int>(rules.no_moves)]) + " makes it " +
             (next.kind == Outcome::Kind::Win ? std::string(kSide[next.winner]) + "'s win" : std::string("a draw"));
    } else if (!reference::has_legal_placement(rules, after, after.side_to_move()) &&
               !reference::swap_available(rules, after)) {
      out += std::string("; ") + kSide[after.side_to_move()] + " has no legal placement and must pass";
    } else {
      out += std::string("; ") + kSide[after.side_to_move()] + " moves next";
    }
    return out + ".\n";
  }
  const int owner = turn.completed_side;
  const std::string edges = owner == kBlackSide ? "top and bottom" : "left and right";
  std::string out = std::string("Result: ") + kSide[owner] + "'s chain " + names(size, turn.completed_chain) +
                    " joins the " + edges + " edges";
  if (owner == turn.mover) return out + ": " + kSide[owner] + " wins.\n";
  out += ", completed by " + std::string(kSide[turn.mover]) + "'s move";
  switch (rules.opponent_chain) {
    case Rules::OpponentChain::OwnerWins: return out + ": the chain's owner " + kSide[owner] + " wins (opponent-chain=owner-wins).\n";
    case Rules::OpponentChain::MoverWins: return out + ": the mover " + kSide[turn.mover] + " wins (opponent-chain=mover-wins).\n";
    case Rules::OpponentChain::Illegal: return out + ".\n";
  }
  return out + ".\n";
}

}  // namespace

std::string explain_move(const Rules& rules, const Position& position, const Outcome& outcome, Move move) {
  const int size = position.size;
  const int mover = position.side_to_move();
  std::string out = std::string(kSide[mover]) + " to move at ply " + std::to_string(position.ply) + ": " +
                    move_name(size, move) + "\n";
  if (outcome.over()) return out + "The game is already over; no move can be played.\n";
  if (move == kSwap) {
    if (reference::swap_available(rules, position)) {
      return out + "White takes the pie rule and changes sides: the stones stay, the players exchange colours, and "
                   "the player who placed the first black stone now plays White and moves next.\n";
    }
    return out + (rules.pie ? "Illegal: the swap is only White's first move (ply 1) with pie=on.\n"
                            : "Illegal: the pie rule is off (pie=off), so there is no swap.\n");
  }
  if (move == kPass) {
    const bool forced = !reference::swap_available(rules, position) &&
                        !reference::has_legal_placement(rules, position, mover);
    out += forced ? std::string(kSide[mover]) + " has no legal placement, so the pass is forced:\n"
                  : "Illegal: passing is allowed only when no placement is legal.\n";
    // Every empty point with its verdict, so that an arbiter can check the pass point by point.
    for (int point = 0; point < size * size; ++point) {
      if (position.cells[static_cast<std::size_t>(point)] != kEmpty) continue;
      const std::string name = SquareGrid::of(size).name(point);
      try {
        read_move(rules, position, outcome, name);
        out += "  " + name + ": legal\n";
      } catch (const InputError& error) {
        out += "  " + name + ": " + error.what() + "\n";
      }
    }
    return out;
  }
  const int point = static_cast<int>(move);
  const std::string name = SquareGrid::of(size).name(point);
  if (const std::int8_t occupant = position.cells[static_cast<std::size_t>(point)]; occupant != kEmpty) {
    return out + "Illegal: " + name + " is occupied by a " + (occupant == kBlackStone ? "black" : "white") + " stone.\n";
  }
  const reference::TurnReport turn = reference::play_placement(rules, position, point, mover);
  out += "Placement: a " + std::string(kColour[mover]) + " stone on " + name + ".\n";
  for (std::size_t pass = 0; pass < turn.passes.size(); ++pass) {
    out += "Fill" + (turn.passes.size() > 1 ? " pass " + std::to_string(pass + 1) : std::string()) + ": " +
           plural(static_cast<int>(turn.passes[pass].size()), "region") + " on the board\n";
    for (const reference::RegionReport& region : turn.passes[pass]) out += describe_region(rules, size, region, mover);
  }
  if (turn.unsupported) {
    const auto [a, b] = *turn.unsupported;
    const int r1 = a / size, c1 = a % size, r2 = b / size, c2 = b % size;
    const int shared1 = r1 * size + c2, shared2 = r2 * size + c1;
    const char* colour = kColour[side_of(turn.cells_after[static_cast<std::size_t>(a)])];
    out += "Legality: ILLEGAL. " + std::string(turn.filled() ? "After the fill the " : "The ") + colour + " stones " +
           SquareGrid::of(size).name(a) +
           " and " + SquareGrid::of(size).name(b) + " are diagonally adjacent and neither " +
           SquareGrid::of(size).name(shared1) + " nor " + SquareGrid::of(size).name(shared2) + " holds a " + colour +
           " stone; " + kSide[mover] + " must choose another move.\n";
    return out;
  }
  if (!turn.legal) {
    return out + describe_chain_result(rules, position, turn) +
           "Legality: ILLEGAL under opponent-chain=illegal, because the move completes " + kSide[turn.completed_side] +
           "'s chain; " + kSide[mover] + " must choose another move.\n";
  }
  out += "Legality: legal, every two like-coloured diagonal stones share a like-coloured orthogonal neighbour.\n";
  return out + describe_chain_result(rules, position, turn);
}

}  // namespace arbiter::quentin

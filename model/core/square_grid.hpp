#pragma once
// Geometry of an n x n square grid, separated from any rules: cells are small integers r*n+c,
// r = 0 the top row and c = 0 the left column; neighbour lists are computed once per size.
// Notation: columns a.. from the left, rows 1.. from the top, so "a1" is the top-left cell.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

inline constexpr int kMaxSquareGridSize = 26;

class SquareGrid {
 public:
  static constexpr int kNone = -1;
  enum Direction { North = 0, East = 1, South = 2, West = 3 };

  // The grid of one size, built on first use and shared; 1 <= n <= kMaxSquareGridSize.
  static const SquareGrid& of(int n);

  int size() const { return n_; }
  int cells() const { return n_ * n_; }
  int cell(int row, int col) const { return row * n_ + col; }
  int row(int cell) const { return cell / n_; }
  int col(int cell) const { return cell % n_; }
  bool on_board(int row, int col) const { return row >= 0 && col >= 0 && row < n_ && col < n_; }
  // The neighbour in a direction, or kNone off the board.
  int neighbour(int cell, Direction d) const { return neighbours_[static_cast<std::size_t>(cell)][d]; }
  const std::array<std::int16_t, 4>& neighbours(int cell) const {
    return neighbours_[static_cast<std::size_t>(cell)];
  }

  // "a1": made once per cell, since writing positions and moves names cells in the inner loops
  // of the conformance battery and of the generators.
  const std::string& name(int cell) const { return names_[static_cast<std::size_t>(cell)]; }
  // Every cell's name, then the given extra words: the candidate moves of a placement game.
  std::vector<std::string> names_and(std::initializer_list<const char*> extra) const;
  // Parses "a1".."z26"; returns kNone when the text is not a cell of this grid.
  int parse(std::string_view text) const;

 private:
  explicit SquareGrid(int n);
  int n_;
  std::array<std::array<std::int16_t, 4>, kMaxSquareGridSize * kMaxSquareGridSize> neighbours_{};
  std::vector<std::string> names_;
};

}  // namespace arbiter

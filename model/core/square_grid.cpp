#include "model/core/square_grid.hpp"

#include <memory>
#include <mutex>
#include <stdexcept>

namespace arbiter {

const SquareGrid& SquareGrid::of(int n) {
  if (n < 1 || n > kMaxSquareGridSize) throw std::logic_error("SquareGrid size out of range");
  static std::array<std::unique_ptr<SquareGrid>, kMaxSquareGridSize + 1> grids;
  static std::once_flag built[kMaxSquareGridSize + 1];
  std::call_once(built[n], [n] { grids[static_cast<std::size_t>(n)].reset(new SquareGrid(n)); });
  return *grids[static_cast<std::size_t>(n)];
}

SquareGrid::SquareGrid(int n) : n_(n) {
  constexpr int kRowStep[4] = {-1, 0, 1, 0};
  constexpr int kColStep[4] = {0, 1, 0, -1};
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (int d = 0; d < 4; ++d) {
        const int rr = r + kRowStep[d];
        const int cc = c + kColStep[d];
        neighbours_[static_cast<std::size_t>(cell(r, c))][static_cast<std::size_t>(d)] =
            static_cast<std::int16_t>(on_board(rr, cc) ? cell(rr, cc) : kNone);
      }
    }
  }
  for (int c = 0; c < cells(); ++c) names_.push_back(std::string(1, static_cast<char>('a' + col(c))) + std::to_string(row(c) + 1));
}

std::vector<std::string> SquareGrid::names_and(std::initializer_list<const char*> extra) const {
  std::vector<std::string> names;
  for (int c = 0; c < cells(); ++c) names.push_back(name(c));
  names.insert(names.end(), extra.begin(), extra.end());
  return names;
}

int SquareGrid::parse(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const char letter = text[0];
  if (letter < 'a' || letter > 'z') return kNone;
  int row = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return kNone;
    row = row * 10 + (ch - '0');
  }
  if (text[1] == '0') return kNone;  // no leading zeros: "a01" is not a cell
  const int col = letter - 'a';
  if (!on_board(row - 1, col)) return kNone;
  return cell(row - 1, col);
}

}  // namespace arbiter

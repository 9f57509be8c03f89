#pragma once
// Zobrist keys without tables: the value for (feature, content) is a fixed 64-bit mix of the
// pair, so every game, size and symmetry gets independent-looking keys from one function and no
// per-size table has to be built or kept in step with the board.
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter {

inline constexpr std::uint64_t kSplitmixGamma = 0x9E3779B97F4A7C15ULL;

// splitmix64's finaliser: a bijection on 64 bits whose outputs pass the usual avalanche tests.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += kSplitmixGamma;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// The next value of the splitmix64 sequence; advances `state`. Seeds generators and fixed key tables.
constexpr std::uint64_t splitmix_next(std::uint64_t& state) {
  const std::uint64_t value = mix64(state);
  state += kSplitmixGamma;
  return value;
}

// The key contribution of `content` (a piece code, 0 = nothing) on `feature` (a cell, usually).
// Content 0 contributes nothing, so an empty board keys to 0 and a change is two XORs.
constexpr std::uint64_t zobrist(std::uint32_t feature, std::uint32_t content) {
  return content == 0 ? 0 : mix64((std::uint64_t{feature} << 16 | content) ^ 0x5A0B0B15ULL);
}

// Scalars of a position (side to move, ply, counters) folded in at key() time.
constexpr std::uint64_t zobrist_scalar(std::uint32_t which, std::uint64_t value) {
  return mix64(mix64(0xC0FFEEULL + which) ^ value);
}

// The outcome as a key part, so that a finished position never shares a key with a running one.
inline std::uint64_t zobrist_outcome(int kind, int winner) {
  return zobrist_scalar(6, static_cast<std::uint64_t>(kind) << 8 | static_cast<std::uint64_t>(winner + 1));
}

// A key for a printed position (FNV-1a, then mixed). The reference implementations key their
// one-line form this way: slow, but correct by construction, since that form reads back exactly.
constexpr std::uint64_t text_key(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (char ch : text) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001B3ULL;
  return mix64(h);
}

// text_key(text) in lower-case hex without leading zeros (what `std::hex` prints): the checksum
// that ends a proof record or a solve journal's unit file, and the name of a solve journal's folder.
inline std::string text_key_hex(std::string_view text) {
  char digits[16];
  const auto end = std::to_chars(digits, digits + sizeof digits, text_key(text), 16).ptr;
  return std::string(digits, end);
}

}  // namespace arbiter

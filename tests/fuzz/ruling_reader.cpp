// `--size N --rule NAME=VALUE ...` as the command line passes them to a game, NAME a ruling's name
// or id: an accepted configuration prints its non-default rulings, and those rebuild the same
// configuration.
#include <sstream>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  using namespace arbiter::fuzzing;
  if (size < 2) return 0;
  const GameDescriptor& game = game_of(data, size);
  const int board_size = data[1] % 40;
  std::vector<std::string> assignments;
  std::istringstream words(std::string(reinterpret_cast<const char*>(data + 2), size - 2));
  for (std::string word; words >> word;) assignments.push_back(word);
  Config config;
  try {
    config = make_config(game, board_size, assignments_by_name(game, assignments));
  } catch (const InputError&) {
    return 0;
  }
  const auto printed = non_default_rulings(game, config);
  Config rebuilt;
  try {
    rebuilt = make_config(game, config.size, printed);
  } catch (const InputError& e) {
    broken(game.name + ": printed rulings are refused: " + e.what());
  }
  const auto printed_again = non_default_rulings(game, rebuilt);
  std::string a, b;
  for (const auto& r : printed) a += r + " ";
  for (const auto& r : printed_again) b += r + " ";
  expect_equal(a, b, game.name + ": rulings printed, read and printed again");
  if (rebuilt.size != config.size || rebuilt.rulings != config.rulings) broken(game.name + ": the configuration changed on reading back");
  // The configured game starts and prints a position that reads back.
  auto configured = game.make(game, config);
  auto initial = configured->initial_state();
  auto reread = configured->parse_position(initial->line());
  expect_equal(initial->line(), reread->line(), game.name + ": initial position of a fuzzed configuration");
  return 0;
}

// Move texts, read in a position reached by a few legal moves of the addressed game (the second
// byte chooses them): a move the reader accepts is legal there, and its printed text reads back to
// the same move. Move records as the command line receives them (words that may need grouping,
// "set e1" or "h1-h5 x h6", or a comma-separated list) go through the same grouping `replay` uses.
#include <algorithm>
#include <sstream>
#include <vector>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  using namespace arbiter::fuzzing;
  if (size < 2) return 0;
  const GameDescriptor& game = game_of(data, size);
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  auto configured = make_game(game, game.default_size);
  for (const std::string& implementation : configured->implementations()) {
    auto state = position_after(*configured, implementation, data[1]);
    std::vector<Move> moves;
    state->legal_moves(moves);
    try {
      const Move m = state->parse_move(text);
      bool legal = false;
      for (Move legal_move : moves) legal = legal || legal_move == m;
      if (!legal) broken(game.name + ": parse_move accepted an illegal move '" + text + "' in " + state->line());
      const std::string printed = state->move_text(m);
      if (state->parse_move(printed) != m) broken(game.name + ": move text '" + printed + "' reads back as another move");
    } catch (const InputError&) {
    }
    // The same text as command-line words.
    std::vector<std::string> words;
    std::istringstream split(text);
    for (std::string word; split >> word;) words.push_back(word);
    if (words.empty() || words.size() > 12) continue;
    try {
      const auto grouped = cli::group_move_words(*state, words);
      auto played = state->clone();
      cli::play_moves(game, *played, grouped, grouped.size());
      std::string rejoined;
      for (const auto& g : grouped) rejoined += (rejoined.empty() ? "" : " ") + g;
      // A comma ends a move and is no part of one (a list as move_list prints it), so the words
      // are compared with their commas read as spaces.
      std::string original;
      for (std::string w : words) {
        std::replace(w.begin(), w.end(), ',', ' ');
        std::istringstream parts(w);
        for (std::string part; parts >> part;) original += (original.empty() ? "" : " ") + part;
      }
      // Grouping never drops, adds or reorders a word.
      std::istringstream again(rejoined);
      std::string normalised;
      for (std::string word; again >> word;) normalised += (normalised.empty() ? "" : " ") + word;
      expect_equal(original, normalised, game.name + ": grouping of move words");
    } catch (const InputError&) {
    }
  }
  return 0;
}

// Writes the fuzzers' starting inputs, taken from what the documentation and the rule texts show
// and from play: every game's seed examples (positions and moves, and the positions their moves
// reach under the ruling alternatives that change them), its initial position in both printed
// forms, its ruling alternatives (as --rule values, and the positions play reaches under each), a
// legal move of each shape in the positions the move reader reaches, and certificates of its
// smallest board (analyses whole, partial, in parts and bounded, and a single claim).
//   seed_corpus OUTPUT_DIRECTORY   (writes OUTPUT_DIRECTORY/<target>/<n>)
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/registry.hpp"
#include "solver/certificate.hpp"
#include "solver/solve.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace arbiter;

class Corpus {
 public:
  explicit Corpus(fs::path root) : root_(std::move(root)) {}
  // An input already written for the target is not written again.
  void add(const std::string& target, const std::string& bytes) {
    if (!written_.insert(target + '\0' + bytes).second) return;
    fs::create_directories(root_ / target);
    std::ofstream(root_ / target / std::to_string(count_++), std::ios::binary) << bytes;
  }

 private:
  fs::path root_;
  int count_ = 0;
  std::set<std::string> written_;
};

std::string selector(std::size_t game_index) { return std::string(1, static_cast<char>(game_index)); }

// Whether a ruling alternative's value is its ruling's default (play under it is play under the defaults).
bool is_default(const Ruling& ruling, const RulingOption& option) { return option.value == ruling.default_value; }

// Plays a random legal move and returns its text (in the position before it); "" when the game is over.
std::string play_random_move(State& state, std::mt19937& rng) {
  std::vector<Move> legal;
  state.legal_moves(legal);
  if (legal.empty()) return "";
  const Move move = legal[rng() % legal.size()];
  std::string text = state.move_text(move);
  state.apply(move);
  return text;
}

// The lines a seed example's position passes through as its moves are played under its own rulings
// and `extra` ones, then a few random plies on; nothing when the position does not read under them
// or a move is not legal there.
std::vector<std::string> example_lines(const GameDescriptor& game, const SeedExample& example,
                                       const std::vector<std::string>& extra, std::mt19937& rng) {
  if (example.before.empty() || example.moves.empty() || !example.last_move_legal) return {};
  std::vector<std::string> rulings = example.rulings;
  rulings.insert(rulings.end(), extra.begin(), extra.end());
  std::vector<std::string> lines;
  try {
    LoadedPosition loaded = load_position(game, example.size, rulings, example.before);
    State& state = *loaded.state;
    for (const std::string& move : example.moves) {
      if (!state.apply_if_legal(state.parse_move(move))) return {};
      lines.push_back(state.line());
    }
    for (int ply = 0; ply < 4 && !play_random_move(state, rng).empty(); ++ply) lines.push_back(state.line());
  } catch (const InputError&) {
    return {};
  }
  return lines;
}

// A one-line form without its rulings: what a position shows of the rules it is under.
std::vector<std::string> body_of(const GameDescriptor& game, const std::string& line) {
  return split_line_form(line, game.name)->body;
}

// The examples' moves played under each ruling alternative that changes the position they reach
// (not only the rulings it names: Brochs' keep-setting=after-capture, which makes the capture of a
// keep's occupant print its `taken:` keep, and curse-cost=free, whose curse leaves Black to move,
// `cursed`, and the moves after it `since:curse,...`), and under each pair of such alternatives of
// one example (a curse under both: `cursed taken:g7`). The
// reader's checks of what only these rulings print start from positions that pass them: random
// play under one alternative (seed_ruling_games) almost never captures a keep's occupant or curses.
void seed_example_rulings(Corpus& corpus, const GameDescriptor& game) {
  std::mt19937 rng(20261129);
  for (const SeedExample& example : game.seed_examples()) {
    const std::vector<std::string> plain = example_lines(game, example, {}, rng);
    if (plain.empty()) continue;
    const std::vector<std::string> reached = body_of(game, plain[example.moves.size() - 1]);
    std::vector<std::pair<std::string, std::string>> changing;  // ruling name, "name=value"
    for (const Ruling& ruling : game.rulings) {
      for (const RulingOption& option : ruling.options) {
        if (is_default(ruling, option)) continue;
        const std::string assignment = ruling.name + "=" + option.value;
        const std::vector<std::string> lines = example_lines(game, example, {assignment}, rng);
        if (lines.empty() || body_of(game, lines[example.moves.size() - 1]) == reached) continue;
        changing.emplace_back(ruling.name, assignment);
        for (const std::string& line : lines) corpus.add("position_reader", line);
      }
    }
    for (std::size_t i = 0; i < changing.size(); ++i) {
      for (std::size_t j = i + 1; j < changing.size(); ++j) {
        if (changing[i].first == changing[j].first) continue;
        for (const std::string& line : example_lines(game, example, {changing[i].second, changing[j].second}, rng)) {
          corpus.add("position_reader", line);
        }
      }
    }
  }
}

// Under each ruling alternative, positions a seeded random game reaches, in one-line form (which
// names the rulings): the reader's checks that only some rulings make (Brique's passes and mirror
// swap, ...) start from positions that pass them.
void seed_ruling_games(Corpus& corpus, const GameDescriptor& game) {
  int play_size = 4;
  while (!game.size_ok(play_size) && play_size < 64) ++play_size;
  std::mt19937 rng(20261129);
  for (const Ruling& ruling : game.rulings) {
    for (const RulingOption& option : ruling.options) {
      if (is_default(ruling, option)) continue;
      auto ruled = make_game(game, play_size, {ruling.name + "=" + option.value});
      auto state = ruled->initial_state();
      corpus.add("position_reader", state->line());
      for (int ply = 1; ply <= 40 && !play_random_move(*state, rng).empty(); ++ply) {
        if (ply % 8 == 0 || state->is_terminal()) corpus.add("position_reader", state->line());
      }
    }
  }
}

// A move text's shape: each square ("c4", "k12") as '@', each other number as '9', words and
// other characters kept ("place c4/1" -> "place @/9", "d4-d2 x c2" -> "@-@ x @").
std::string move_shape(const std::string& text) {
  const auto letter = [&text](std::size_t i) { return i < text.size() && std::islower(static_cast<unsigned char>(text[i])); };
  const auto digit = [&text](std::size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
  std::string shape;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t digits = i;
    while (letter(digits)) ++digits;
    std::size_t end = digits;
    while (digit(end)) ++end;
    if (end > digits) {
      shape += digits > i ? '@' : '9';
    } else {
      end = std::max(digits, i + 1);  // a word, or one other character
      shape.append(text, i, end - i);
    }
    i = end;
  }
  return shape;
}

// In each position move_reader reaches (its second byte 0 to 7), a legal move of every shape there
// (a placement and a swap, a step and a setting, ...), and a record of the next three moves as a
// comma-separated list, as `replay` prints one.
void seed_moves_in_play(Corpus& corpus, std::size_t index, const Game& game) {
  const std::string implementation = game.implementations().front();
  std::mt19937 rng(20261129);
  for (std::uint8_t plies = 0; plies < 8; ++plies) {
    auto state = fuzzing::position_after(game, implementation, plies);
    const std::string prefix = selector(index) + static_cast<char>(plies);
    std::vector<Move> moves;
    state->legal_moves(moves);
    std::set<std::string> shapes;
    for (Move m : moves) {
      const std::string text = state->move_text(m);
      if (shapes.insert(move_shape(text)).second) corpus.add("move_reader", prefix + text);
    }
    std::string record;
    for (int i = 0; i < 3; ++i) {
      const std::string text = play_random_move(*state, rng);
      if (text.empty()) break;
      record += (record.empty() ? "" : ", ") + text;
    }
    if (!record.empty()) corpus.add("move_reader", prefix + record);
  }
}

// Certificates of the smallest board's initial position: an analysis of every move where the solver
// settles it in 2 s, and from it the claim that the mover wins by one move (a value-only solve's),
// a partial analysis (the first move's proof alone) and an analysis whose first move's proof is a
// part file (absent here: verification rejects it, naming the file); and bounded analyses (within
// 1 and 2 of the mover's moves), the only ones of a game whose exact solve takes longer. Each no
// larger than the reader verifies.
void seed_certificates(Corpus& corpus, const GameDescriptor& game) {
  int size = 1;
  while (!game.size_ok(size) && size < 64) ++size;
  auto small = make_game(game, size);
  auto root = small->initial_state();
  if (root->is_terminal()) return;
  const auto solved = [&root](int within, bool value_only) {
    solver::SolveOptions options;
    options.table_megabytes = 4;
    options.within = within;
    options.value_only = value_only;
    options.control.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    return solver::solve_moves(*root, options);
  };
  const auto add = [&corpus, &small, &root](const solver::SolveResult& result) {
    if (result.value == solver::Value::Unknown) return;
    const solver::Certificate certificate = solver::analysis_certificate(*small, *root, result, "seed");
    if (certificate.size() > fuzzing::kMostVerifiedCertificateNodes) return;
    std::ostringstream text;
    certificate.write(text);
    corpus.add("certificate_reader", text.str());
  };
  for (int within : {1, 2}) add(solved(within, false));
  const solver::SolveResult exact = solved(0, false);
  if (exact.value == solver::Value::Unknown) return;
  add(exact);
  add(solved(0, true));
  solver::SolveResult partial = exact;
  for (std::size_t i = 1; i < partial.moves.size(); ++i) partial.moves[i] = solver::unsettled_move(*root, exact.moves[i].move);
  add(partial);
  solver::SolveResult in_parts = exact;
  const solver::MoveResult& first = exact.moves.front();
  in_parts.moves.front() = solver::with_parts(first, {{first.certificate.claim(first.claims.front()), "parts/" + first.text + ".cert"}});
  add(in_parts);
}

void seed_game(Corpus& corpus, std::size_t index, const GameDescriptor& game) {
  auto configured = make_game(game, game.default_size);
  auto initial = configured->initial_state();
  corpus.add("position_reader", initial->line());
  corpus.add("position_reader", initial->diagram());
  for (const SeedExample& example : game.seed_examples()) {
    if (!example.before.empty()) corpus.add("position_reader", example.before);
    if (!example.after.empty()) corpus.add("position_reader", example.after);
    std::string record;
    for (const auto& m : example.moves) record += (record.empty() ? "" : " ") + m;
    if (!record.empty()) corpus.add("move_reader", selector(index) + '\0' + record);
  }
  seed_moves_in_play(corpus, index, *configured);
  std::string size_byte(1, static_cast<char>(game.default_size));
  corpus.add("ruling_reader", selector(index) + size_byte);
  for (const Ruling& ruling : game.rulings) {
    for (const RulingOption& option : ruling.options) corpus.add("ruling_reader", selector(index) + size_byte + ruling.name + "=" + option.value);
  }
  seed_ruling_games(corpus, game);
  seed_example_rulings(corpus, game);
  seed_certificates(corpus, game);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: seed_corpus OUTPUT_DIRECTORY\n";
    return 2;
  }
  Corpus corpus(argv[1]);
  const auto& games = registered_games();
  for (std::size_t i = 0; i < games.size(); ++i) seed_game(corpus, i, *games[i]);
  return 0;
}

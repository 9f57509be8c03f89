// Writes the fuzzers' starting inputs, taken from what the documentation and the rule texts show:
// every game's seed examples (positions and moves), its initial position in both printed forms,
// its ruling alternatives (as --rule values, and the positions play reaches under each), and a certificate of a small solved position.
//   seed_corpus OUTPUT_DIRECTORY   (writes OUTPUT_DIRECTORY/<target>/<n>)
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <vector>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/registry.hpp"
#include "solver/certificate.hpp"
#include "solver/solve.hpp"

namespace {

namespace fs = std::filesystem;
using namespace arbiter;

class Corpus {
 public:
  explicit Corpus(fs::path root) : root_(std::move(root)) {}
  void add(const std::string& target, const std::string& bytes) {
    fs::create_directories(root_ / target);
    std::ofstream(root_ / target / std::to_string(count_++), std::ios::binary) << bytes;
  }

 private:
  fs::path root_;
  int count_ = 0;
};

std::string selector(std::size_t game_index) { return std::string(1, static_cast<char>(game_index)); }

void seed_game(Corpus& corpus, std::size_t index, const GameDescriptor& game) {
  auto configured = make_game(game, game.default_size);
  auto initial = configured->initial_state();
  corpus.add("position_reader", initial->line());
  corpus.add("position_reader", initial->diagram());
  std::vector<Move> moves;
  initial->legal_moves(moves);
  for (std::size_t i = 0; i < moves.size() && i < 6; ++i) corpus.add("move_reader", selector(index) + '\0' + initial->move_text(moves[i]));
  for (const SeedExample& example : game.seed_examples()) {
    if (!example.before.empty()) corpus.add("position_reader", example.before);
    if (!example.after.empty()) corpus.add("position_reader", example.after);
    std::string record;
    for (const auto& m : example.moves) record += (record.empty() ? "" : " ") + m;
    if (!record.empty()) corpus.add("move_reader", selector(index) + '\0' + record);
  }
  std::string size_byte(1, static_cast<char>(game.default_size));
  corpus.add("ruling_reader", selector(index) + size_byte);
  for (const Ruling& ruling : game.rulings) {
    for (const RulingOption& option : ruling.options) corpus.add("ruling_reader", selector(index) + size_byte + ruling.name + "=" + option.value);
  }
  // Under each ruling alternative, positions a seeded random game reaches, in one-line form (which
  // names the rulings): the reader's checks that only some rulings make (Brochs' taken keeps and
  // free curse, Brique's passes and mirror swap, ...) start from positions that pass them.
  int play_size = 4;
  while (!game.size_ok(play_size) && play_size < 64) ++play_size;
  std::mt19937 rng(20261129);
  for (const Ruling& ruling : game.rulings) {
    for (const RulingOption& option : ruling.options) {
      if (option.value == ruling.default_value) continue;
      auto ruled = make_game(game, play_size, {ruling.name + "=" + option.value});
      auto state = ruled->initial_state();
      corpus.add("position_reader", state->line());
      for (int ply = 1; ply <= 40; ++ply) {
        std::vector<Move> legal;
        state->legal_moves(legal);
        if (legal.empty()) break;
        state->apply(legal[rng() % legal.size()]);
        if (ply % 8 == 0 || state->is_terminal()) corpus.add("position_reader", state->line());
      }
    }
  }
  // A certificate of the smallest size's initial position, where the solver settles it quickly.
  for (int size = 1; size <= 64; ++size) {
    if (!game.size_ok(size)) continue;
    auto small = make_game(game, size);
    auto root = small->initial_state();
    if (root->is_terminal()) break;
    solver::SolveOptions options;
    options.table_megabytes = 4;
    options.control.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    const auto result = solver::solve_moves(*root, options);
    if (result.value == solver::Value::Unknown) break;
    std::ostringstream text;
    solver::analysis_certificate(*small, *root, result, "seed").write(text);
    corpus.add("certificate_reader", text.str());
    break;
  }
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

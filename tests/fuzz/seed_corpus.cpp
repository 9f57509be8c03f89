// Writes the fuzzers' starting inputs, taken from what the documentation and the rule texts show:
// every game's seed examples (positions and moves), its initial position in both printed forms,
// its ruling alternatives, and a certificate of a small solved position.
//   seed_corpus OUTPUT_DIRECTORY   (writes OUTPUT_DIRECTORY/<target>/<n>)
#include <filesystem>
#include <fstream>
#include <iostream>
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

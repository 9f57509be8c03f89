// arbiter verify-proof: re-checks a certificate written by `solve --proof` (or by the puzzle
// generator) with the game's reference implementation, or for a game with one implementation that
// one (the engine that searched, now only playing the certificate's moves): no search, no table,
// no pruning.
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/options.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "solver/certificate.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int verify_proof_command(const std::vector<std::string>& args) {
  std::string file, game_name, implementation;
  std::vector<std::string> rulings;
  int threads = 1;
  po::options_description options;
  options.add_options()
      ("file", po::value<std::string>(&file)->required(), "certificate file")
      ("game", po::value<std::string>(&game_name), "fail unless the certificate is about this game")
      ("rule", po::value<std::vector<std::string>>(&rulings)->composing(), "fail unless the certificate's rulings include NAME=VALUE (or ID=VALUE)")
      ("impl", po::value<std::string>(&implementation), "implementation to check with (default: reference, or the only one)")
      ("threads", po::value<int>(&threads), "part files checked at once (default 1; each holds its part in memory while it is checked)");
  po::positional_options_description positional;
  positional.add("file", 1);
  bool proceed = false;
  parse_arguments("verify-proof", args, options, positional, proceed, RulingIds::Kept);
  if (!proceed) return 0;
  if (threads < 1) throw InputError("--threads must be at least 1, not " + std::to_string(threads));
  if (const std::string problem = input_file_problem(file); !problem.empty()) {
    throw InputError("cannot read the certificate " + quote_input(file) + ": " + problem);
  }
  std::ifstream in(file);
  if (!in) throw InputError("cannot read the certificate " + quote_input(file));
  const solver::Certificate certificate = solver::Certificate::read(in, file);
  const GameDescriptor& game = find_game(certificate.game);
  if (!game_name.empty() && game_name != game.name) {
    throw InputError("the certificate is about " + game.name + ", not " + game_name);
  }
  rulings = assignments_by_name(game, rulings);  // the certificate names the game; --game may be left out
  auto probe = make_game(game, 0, {});
  const auto names = probe->implementations();
  if (implementation.empty()) {
    implementation = std::find(names.begin(), names.end(), "reference") != names.end() ? "reference" : names.front();
  }
  check_implementation(*probe, implementation);
  // A certificate in parts reports each part as it is checked; a single file, how long it has taken.
  bool in_parts = false;
  for (int id = 1; id <= certificate.size() && !in_parts; ++id) in_parts = !certificate.part(id).empty();
  Progress progress(std::cerr);
  solver::VerifyOptions checking;
  checking.threads = threads;
  checking.on_part = [&](std::size_t done, std::size_t total, const std::string& part, const solver::VerificationReport& counts) {
    progress.show("verify-proof: " + std::to_string(done) + " of " + std::to_string(total) + " parts checked (" + part +
                  ": " + with_commas(counts.nodes_checked + 1) + " positions)");
  };
  solver::VerificationReport report;
  {
    std::optional<Heartbeat> heartbeat;
    if (!in_parts) heartbeat.emplace(std::cerr, progress.terminal(), "verify-proof: checking " + file);
    report = solver::verify_certificate(certificate, implementation, rulings, checking);
  }
  progress.clear();
  std::cout << "Certificate: " << file << " (" << certificate.size() << " nodes, written by " << certificate.made_by << ")\n";
  std::cout << "Position: " << certificate.position << "\n";
  std::cout << "Checked with the " << implementation << " implementation"
            << (names.size() == 1 ? " (the game's only one, so the same engine that searched, re-run without search)" : "") << ": "
            << report.nodes_checked << (report.nodes_checked == 1 ? " position, " : " positions, ")
            << report.edges_checked << (report.edges_checked == 1 ? " move" : " moves")
            << (report.parts_checked > 0 ? " (in this file and " + std::to_string(report.parts_checked) + " part files)" : "") << "\n";
  if (!report.accepted) {
    std::cout << "REJECTED: " << report.reason << "\n" << report.bad_position;
    return 1;
  }
  if (certificate.analysis(certificate.root)) {
    if (report.partial) {
      std::cout << "Verified: " << report.moves.size() << " of the " << report.legal_moves
                << " legal moves are settled (a partial analysis: the others are not covered):\n";
    } else {
      // A move whose claims are only "does not lose" for one side is covered, not settled: its
      // value (win or draw) is not fixed by them.
      const auto open = std::count_if(report.moves.begin(), report.moves.end(), [](const auto& move) {
        bool fixed = false, holds[2] = {false, false};
        for (const solver::Claim& c : move.claims) {
          fixed = fixed || c.kind != solver::Claim::Kind::Hold;
          if (c.kind == solver::Claim::Kind::Hold && (c.side == 0 || c.side == 1)) holds[c.side] = true;
        }
        return !fixed && !(holds[0] && holds[1]);
      });
      if (open == 0) {
        std::cout << "Verified: every legal move is settled:\n";
      } else {
        std::cout << "Verified: every legal move is covered, " << open << (open == 1 ? " of them" : " of them")
                  << " only by a 'does not lose' claim, which leaves its value (a win or a draw) open:\n";
      }
    }
    bool mover_wins = false, all_lost = true;
    for (const auto& move : report.moves) {
      std::cout << "  " << move.move << ":";
      for (std::size_t i = 0; i < move.claims.size(); ++i) {
        const solver::Claim& c = move.claims[i];
        solver::Claim seen = c;  // as seen before the move: the mover's own bound counts the move
        if (c.bound != solver::kUnbounded) seen.bound = c.bound + 1;
        std::cout << (i ? ";" : "") << " " << solver::claim_text(game, seen);
        mover_wins = mover_wins || (c.kind == solver::Claim::Kind::Win && c.side == report.mover && c.bound == solver::kUnbounded);
      }
      all_lost = all_lost && std::any_of(move.claims.begin(), move.claims.end(), [&](const solver::Claim& c) {
        return c.kind == solver::Claim::Kind::Win && c.side != report.mover && c.bound == solver::kUnbounded;
      });
      std::cout << "\n";
    }
    // What the moves' claims make of the position (unbounded claims only: a bounded analysis says
    // no more than its moves' lines).
    if (mover_wins) {
      std::cout << "So the position is won: " << solver::claim_text(game, solver::Claim{solver::Claim::Kind::Win, report.mover, solver::kUnbounded}) << "\n";
    } else if (!report.partial && all_lost && !report.moves.empty()) {
      std::cout << "So the position is lost: " << solver::claim_text(game, solver::Claim{solver::Claim::Kind::Win, 1 - report.mover, solver::kUnbounded}) << "\n";
    }
  } else {
    std::cout << "Verified: " << solver::claim_text(game, report.root_claim) << "\n";
  }
  return 0;
}

const CommandRegistration verify_proof_registration{{"verify-proof", "verify-proof FILE [--game G] [--rule NAME=VALUE]",
                                        "re-check a solver certificate without search, with the reference implementation (or a game's only one)", verify_proof_command}};

}  // namespace
}  // namespace arbiter::cli

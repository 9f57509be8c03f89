#include "puzzles/puzzle_json.hpp"

#include "puzzles/store.hpp"

namespace arbiter::puzzles {

using nlohmann::json;

json claim_to_json(const RefutationClaim& c) {
  return {{"kind", claim_kind_name(c.kind)}, {"within", c.within}, {"slower_win", c.slower_win}, {"line", c.line}};
}

RefutationClaim claim_from_json(const json& j) {
  RefutationClaim c;
  if (!claim_kind_from_name(j.at("kind").get<std::string>(), c.kind)) {
    throw json::other_error::create(501, "not a claim kind", &j);
  }
  c.within = j.at("within").get<int>();
  c.slower_win = j.at("slower_win").get<int>();
  c.line = j.at("line").get<std::vector<std::string>>();
  return c;
}

json refutations_to_json(const std::vector<Refutation>& refutations) {
  json list = json::array();
  for (const Refutation& r : refutations) {
    list.push_back({{"move", r.move}, {"defence", r.defence}, {"why", r.why}, {"claim", claim_to_json(r.claim)}});
  }
  return list;
}

std::vector<Refutation> refutations_from_json(const json& list, bool claims_stored) {
  std::vector<Refutation> out;
  for (const json& r : list) {
    Refutation refutation{r.at("move").get<std::string>(), r.at("defence").get<std::vector<std::string>>(),
                          r.at("why").get<std::string>(), RefutationClaim{}};
    refutation.claim = claims_stored ? claim_from_json(r.at("claim")) : claim_of_sentence(refutation.move, refutation.why);
    out.push_back(std::move(refutation));
  }
  return out;
}

json puzzle_to_json(const Puzzle& p) {
  return {{"id", p.id},
          {"game", p.game},
          {"size", p.size},
          {"rulings", p.rulings},
          {"position", p.position},
          {"kind", kind_name(p.kind, p.within)},
          {"within", p.within},
          {"theme", p.theme},
          {"key_move", p.key_move},
          {"main_line", p.main_line},
          {"refutations", refutations_to_json(p.refutations)},
          {"difficulty", p.difficulty},
          {"measures",
           {{"solver_nodes", p.measures.solver_nodes},
            {"solution_plies", p.measures.solution_plies},
            {"tempting_moves", p.measures.tempting_moves},
            {"defences", p.measures.defences}}},
          {"certificate_sha256", p.certificate_sha256},
          {"certificate", p.certificate},
          {"seed", p.seed},
          {"version", p.version}};
}

Puzzle puzzle_from_json(const json& j) {
  Puzzle p;
  p.id = j.at("id").get<std::int64_t>();
  p.game = j.at("game").get<std::string>();
  p.size = j.at("size").get<int>();
  p.rulings = j.at("rulings").get<std::vector<std::string>>();
  p.position = j.at("position").get<std::string>();
  p.kind = j.at("kind").get<std::string>() == "wins" ? PuzzleKind::Wins : PuzzleKind::WinsWithin;
  p.within = j.at("within").get<int>();
  p.theme = j.at("theme").get<std::string>();
  p.key_move = j.at("key_move").get<std::string>();
  p.main_line = j.at("main_line").get<std::vector<std::string>>();
  p.refutations = refutations_from_json(j.at("refutations"));
  p.difficulty = j.at("difficulty").get<int>();
  const json& m = j.at("measures");
  p.measures.solver_nodes = m.at("solver_nodes").get<std::uint64_t>();
  p.measures.solution_plies = m.at("solution_plies").get<int>();
  p.measures.tempting_moves = m.at("tempting_moves").get<int>();
  p.measures.defences = m.at("defences").get<int>();
  p.certificate_sha256 = j.at("certificate_sha256").get<std::string>();
  p.certificate = j.at("certificate").get<std::string>();
  p.seed = j.at("seed").get<std::uint64_t>();
  p.version = j.at("version").get<std::string>();
  return p;
}

}  // namespace arbiter::puzzles

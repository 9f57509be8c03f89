// Quentin's descriptor: rulings (docs/rulings/quentin.md), sizes, implementations.
#include <stdexcept>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/quentin/engine.hpp"
#include "model/quentin/notation.hpp"
#include "model/quentin/verification.hpp"
#include "model/quentin/reference.hpp"
#include "model/quentin/examples.hpp"
#include "model/quentin/claims.hpp"

namespace arbiter {
namespace quentin {
namespace {

std::vector<Ruling> quentin_rulings() {
  using namespace ruling_name;
  return {
      {"Q-1", kEdges, "Do board edges count toward the 'at least two stones' that make a region a territory?",
       {{"no", "only stones count; an edge point needs two adjacent stones"},
        {"yes", "each board edge a point lies on counts as one (majority still counts stones only)", {},
         "each board edge a point lies on counts as one toward the two; which colour the territory goes to is still "
         "decided by the stones alone"}},
       "no", Provenance::Sourced,
       "the designer's diagrams show the edge region b1-c1-d1, whose middle point touches one stone, that are not territories"},
      {"Q-2", kMajority, "Is the majority counted over distinct adjacent stones or over adjacencies?",
       {{"distinct", "each adjacent stone counts once, however many region points it touches"},
        {"adjacencies", "each (region point, adjacent stone) pair counts", {},
         "a stone counts once for every point of the region it touches: a stone next to three of its points counts three times"}},
       "distinct", Provenance::Sourced,
       "the text's example says '6 black and 5 white' where one white stone touches two territory points"},
      {"Q-3", kFill, "Is every territory filled in one pass, or are territories filled until none is left?",
       {{"single-pass", "judge all regions once, fill all territories, then check legality"},
        {"until-none", "repeat judging and filling until no territory remains, then check legality", {},
         "the regions are judged and the territories filled again and again until no territory is left, and only then "
         "is the move judged legal or not"}},
       "single-pass", Provenance::Derived,
       "the same game: one pass leaves no territory (one-fill-round-every-size, proved for every size under the "
       "default rulings; docs/proofs.md), so until-none never fills twice"},
      {"Q-4", kDiagonal, "Does the diagonal rule at the end of a turn apply to the opponent's stones too?",
       {{"all-stones", "any two like-coloured diagonal stones must share a like-coloured neighbour"},
        {"mover-only", "only the mover's stones are checked (the designer's later Boloa wording)", {},
         "no: only the stones of the player who has just moved must meet it"}},
       "all-stones", Provenance::Derived,
       "literal reading; the same game on sizes 2-7, where invariant-inductive is proved under mover-only (a turn "
       "legal under mover-only leaves every stone supported; docs/rulings/quentin.md); argued, not proved, beyond: a "
       "new unsupported enemy pair needs an unsupported mover pair"},
      {"Q-5", kOpponentChain, "Who wins when a move (through a fill) completes the opponent's chain?",
       {{"owner-wins", "the owner of the completed chain wins"},
        {"mover-wins", "the player who made the move wins"},
        {"illegal", "a move that completes only the opponent's chain is illegal"}},
       "owner-wins", Provenance::Derived,
       "the game is won by a chain of one's colour joining one's edges; nothing supports mover or illegal"},
      {"Q-6", kNoMoves, "What happens if neither player can move (the text says this never happens)?",
       {{"draw", "the game is drawn"},
        {"side-to-move-loses", "the player to move, who cannot move, loses"},
        {"more-stones", "the player with more stones on the board wins; equal counts draw"}},
       "draw", Provenance::Invented,
       "the text claims it never happens and that draws are impossible; a draw flags the claim as broken"},
      {"Q-7", kRulesVersion, "Which rules: the 2012 text or the lost 'Quinten' revision?",
       {{"2012", "the designer's text of 2 June 2012 (seed 002)"},
        {"boloa-wording", "the 2012 text with the diagonal rule worded as in the designer's Boloa (2022): "
                          "the mover's stones only; the nearest documented later wording",
         {{kDiagonal, "mover-only"}},
         "the designer's rules of 2012, with the diagonal rule as he later worded it for his game Boloa (2022): it "
         "applies to the stones of the player who has just moved only"}},
       "2012", Provenance::Sourced,
       "the revision's text is lost, so only the 2012 text can be implemented; the alternative sets "
       "diagonal-rule=mover-only: the same game as far as Q-4 shows (proved on sizes 2-7, argued beyond)"},
      {"Q-9", kPie, "Is the pie rule (White may swap instead of his first move) in force?",
       {{"on", "White may answer the first move with 'swap'"},
        {"off", "no swap; for analysing the game without the pie rule", {}, "no: White may not swap"}},
       "on", Provenance::Sourced,
       "the text: 'The pie rule is used in order to make the game fair'; the swap is Brique's swap-sides (B-4): "
       "Brique's mirror is the same game here with the colours renamed, and recolouring the stone in place changes "
       "no sides (docs/rulings.md)"},
  };
}

// The book's rules page (GameDescriptor::reading_guide), under the rulings `c` holds: a territory
// as the text defines it (seed 002, "Definitions"), what counts toward it and the majority (Q-1,
// Q-2), the order of a turn its "Illegal moves" example fixes (fill, then the diagonal rule), and
// each ruling's answer in words, marked.
std::string reading_guide(const Config& c) {
  const Rules rules = Rules::from(c);
  const bool edges = rules.edges == Rules::Edges::Count;
  const std::string counted =
      edges ? "each board edge a point lies on counts as one stone toward the two (a corner point counts two) {Q-1}, so "
              "a point on an edge needs one adjacent stone and a corner point none"
            : "the board's edges do not count {Q-1}, so a region along an edge whose middle point touches only one "
              "stone is no territory, however many stones the region touches";
  const std::string majority =
      rules.majority == Rules::Majority::Adjacencies
          ? "the side with more adjacencies to it, each stone counted once for every territory point it touches {Q-2}"
          : "the side that has more stones around it, each stone counted once however many territory points it touches "
            "{Q-2}";
  const std::string fill = rules.fill == Rules::Fill::UntilNone
                               ? "Judging and filling are repeated until no territory is left {Q-3}"
                               : "The regions are judged once and every territory filled at once {Q-3}";
  const std::string whose = rules.diagonal == Rules::Diagonal::MoverOnly
                                ? "no two of the mover's stones may stand diagonally adjacent without a neighbour of "
                                  "his colour in common (the opponent's stones are not checked) {Q-4}"
                                : "no two like-coloured stones of either side may stand diagonally adjacent without a "
                                  "like-coloured orthogonal neighbour in common {Q-4}";
  const std::string chain =
      rules.opponent_chain == Rules::OpponentChain::MoverWins
          ? "A move that completes a chain wins for the player who made it, even when its fill completes the "
            "opponent's chain {Q-5}."
      : rules.opponent_chain == Rules::OpponentChain::Illegal
          ? "A move whose fill completes only the opponent's chain is illegal {Q-5}; one that completes the mover's "
            "chain wins."
          : "A fill that completes a chain wins for the chain's owner, whoever moved {Q-5}.";
  const std::string stuck = rules.no_moves == Rules::NoMoves::SideToMoveLoses ? "the player to move would lose"
                            : rules.no_moves == Rules::NoMoves::MoreStones
                                ? "the side with more stones on the board would win, equal counts drawing"
                                : "the game would be drawn";
  // What the swap does, which a puzzle's status names after it ("White to play, swapped").
  const std::string swap = rules.pie ? "'swap' is White's pie swap instead of his first move: the players exchange colours and "
                                       "the stones stay, and the first player, now White, moves next {Q-9}. "
                                     : "There is no pie swap {Q-9}. ";
  return "Black wins by joining the top and bottom edges with a chain of orthogonally adjacent black stones on the "
         "points, White by joining the left and right edges. A move places a stone on an empty point, named by its "
         "column letter and row number (c3; a1 is the top-left point).\n"
         "After the move, the empty points fall into regions: groups of orthogonally adjacent empty points bounded by "
         "stones and the board's edges. A region is a territory when every one of its points is orthogonally adjacent "
         "to at least two stones; " + counted + ". Every territory is filled with the stones of " + majority +
         " (on a tie, the player who did not move); a move's text names only its point, and a solution lists the "
         "move's fills in brackets after it. " + fill +
         ". Only after the fill is the diagonal rule checked: at the end of the turn, fills included, " + whose +
         ", and a move that leaves such a pair is illegal. " + chain + "\n" + swap +
         "A side that has no legal placement must pass ('pass'); if neither side could place, which the text says never "
         "happens, " + stuck + " {Q-6}.";
}

class QuentinGame final : public Game {
 public:
  QuentinGame(const GameDescriptor& descriptor, const Config& config)
      : Game(descriptor, config), rules_(Rules::from(config)) {}

  std::vector<std::string> implementations() const override { return {"fast", "reference"}; }

  std::unique_ptr<State> initial_state(std::string_view implementation) const override {
    return make(Position::empty(config().size), implementation);
  }

  std::unique_ptr<State> read_position(std::string_view text, std::string_view implementation) const override {
    return make(quentin::read_position(*this, rules_, text), implementation);
  }

  int max_plies() const override { return max_plies_for(config().size); }
  std::vector<std::string> mechanics() const override { return {kMechanicNames.begin(), kMechanicNames.end()}; }
  std::vector<Theme> themes() const override {
    // After a forced-pass the opponent's only reply is a pass (forced only where the mover still
    // has a placement: else the game ends) and the mover must move again, so it never wins within
    // one move. A territory-fill can: the opponent's forced reply may complete the mover's chain
    // (quentin 7 BBBBBBB/WWBBWWB/BBBB.../BBWW.B./WWWB.../WWWBW.W/BBWBWWW white 29: f5, then g4).
    return {{"territory-win", true, false, "the move's territory fills complete the mover's winning chain, which the stone placed alone would not"},
            {"forced-pass", false, true, "the move leaves the opponent no legal placement, so the opponent must pass and the mover plays again"},
            {"territory-fill", false, false, "the move leaves one or more territories, which are filled"}};
  }
  std::vector<std::string> symmetries() const override { return engine::symmetries(); }

 private:
  std::unique_ptr<State> make(Position position, std::string_view implementation) const {
    if (implementation.empty() || implementation == "fast") return engine::make_state(*this, rules_, position);
    if (implementation == "reference") return reference::make_state(*this, rules_, std::move(position));
    throw InputError("unknown implementation " + quote_input(implementation) + " (known: fast, reference)");
  }

  Rules rules_;
};

}  // namespace

Rules Rules::from(const Config& config) {
  using namespace ruling_name;
  Rules rules;
  rules.edges = config.rule_is(kEdges, "yes") ? Edges::Count : Edges::DoNotCount;
  rules.majority = config.rule_is(kMajority, "adjacencies") ? Majority::Adjacencies : Majority::DistinctStones;
  rules.fill = config.rule_is(kFill, "until-none") ? Fill::UntilNone : Fill::SinglePass;
  // rules-version=boloa-wording reads nothing of its own: it sets diagonal-rule=mover-only (make_config).
  rules.diagonal = config.rule_is(kDiagonal, "mover-only") ? Diagonal::MoverOnly : Diagonal::AllStones;
  const std::string& chain = config.rule(kOpponentChain);
  rules.opponent_chain = chain == "mover-wins" ? OpponentChain::MoverWins
                         : chain == "illegal"  ? OpponentChain::Illegal
                                               : OpponentChain::OwnerWins;
  const std::string& stuck = config.rule(kNoMoves);
  rules.no_moves = stuck == "side-to-move-loses" ? NoMoves::SideToMoveLoses
                   : stuck == "more-stones"      ? NoMoves::MoreStones
                                                 : NoMoves::Draw;
  rules.pie = config.rule_is(kPie, "on");
  return rules;
}

}  // namespace quentin

const GameDescriptor& quentin_game() {
  static const GameDescriptor descriptor = [] {
    GameDescriptor d;
    d.name = "quentin";
    d.title = "Quentin (Luis Bolaños Mures, 2012)";
    d.summary = "connection game on the points of a square board; enclosed territories are filled by majority";
    d.side_names = {"Black", "White"};
    d.reading_guide = quentin::reading_guide;
    // The stones of each side by point, the side to move first.
    d.position_words = [](const State& state) { return stones_position_words(state, "quentin"); };
    d.diagram_key = [](const Config&) { return std::string("Key (Quentin): B a black stone, W a white stone, . an empty point"); };
    d.note_meaning = [](const Config&, const std::string& note) {
      return note == "swapped" ? std::string("White took the pie swap ('swap') on the first turn, so it is not available again") : std::string();
    };
    d.default_size = 13;
    d.size_help = "2 to 26";
    d.size_ok = [](int size) { return size >= quentin::kMinSize && size <= quentin::kMaxSize; };
    d.diagram_size = [](std::string_view text) { return quentin::diagram_rows(text); };
    d.rulings = quentin::quentin_rulings();
    d.make = [](const GameDescriptor& game, const Config& config) -> std::unique_ptr<Game> {
      return std::make_unique<quentin::QuentinGame>(game, config);
    };
    d.seed_examples = [] { return quentin::seed_examples(); };
    d.properties = [] { return quentin::verification_suite(); };
    d.claims = [] { return quentin_claims(); };
    d.compare_turn_encoding = compare_quentin_turn_encoding;
    return d;
  }();
  return descriptor;
}

}  // namespace arbiter

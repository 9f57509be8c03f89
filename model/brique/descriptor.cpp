// Brique's descriptor: rulings B-1..B-5, the configured game, and the examples of the rule text.
#include "model/brique/notation.hpp"
#include "model/brique/verification.hpp"
#include "model/brique/examples.hpp"
#include "model/brique/claims.hpp"
#include "model/brique/states.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"

namespace arbiter {
namespace brique {
namespace {

std::vector<Ruling> brique_rulings() {
  return {
      {"B-1", "light-squares", "Which squares are light? The escorts depend on the shade, but the text never says which squares are light.",
       {{"even", "a square is light iff row+column is even, so a1 (top-left) is light"},
        {"odd", "a square is light iff row+column is odd, so a1 is dark", {},
         "a1 is dark, and the squares alternate light and dark from there as on a chessboard"}},
       "even", Provenance::Sourced,
       "The designer's diagrams (15x15 board, every 5x5 example) show a light top-left square; even sizes use the same formula."},
      {"B-2", "escort-directions",
       "Are 'in front of', 'behind', 'left' and 'right' directions of the board as drawn, or relative to each player's seat?",
       {{"board", "as drawn, for both players: in front = toward row 1, left = toward column a"},
        {"facing", "from each player's seat: Black reads the diagram from below, White sits across the table, so for White in front = toward the last row and left = toward the last column", {},
         "each player reads them from his own seat: Black as the diagram is drawn (in front is toward row 1, left toward "
         "column a), White from across the table (in front is toward the last row, left toward the last column)"}},
       "board", Provenance::Sourced,
       "The designer's diagrams a/b and the edge example (Black 1 on b1 leaves c1 unfilled) fix board directions for both players."},
      {"B-3", "fill", "Is the fill rule applied once after a placement, or repeated until no square qualifies?",
       {{"once", "one simultaneous pass after the placement"},
        {"repeat", "repeat the pass until no square qualifies", {},
         "after a placement the fill is made again and again until no square is left to fill"},
        {"keep-enemy", "nearest real alternative: fill empty squares only, enemy stones stay (the text removes them)", {},
         "the fill is made once after each placement and fills empty squares only: an enemy stone on a square that "
         "would be filled stays where it is, though the game's own rules would remove it"}},
       "once", Provenance::Derived,
       "once and repeat are the same game: one pass leaves no square to fill (one-fill-round-every-size, proved for "
       "every size under the default rulings; docs/proofs.md), so keep-enemy is offered as the nearest real alternative."},
      {"B-4", "pie", "How does White's pie rule ('change sides' on his first turn) work?",
       {{"swap-sides", "the players exchange colours; the stones stay; the first player, now White, moves next"},
        {"mirror", "Hex-style: each stone becomes one of the other colour on its mirror square across the a1 diagonal; Black moves next", {},
         "White changes sides as in Hex: each stone on the board is replaced by one of the other colour on the square "
         "mirroring it across the diagonal through a1, and Black moves next"},
        {"off", "no pie rule", {}, "there is no pie rule: White may not change sides"}},
       "swap-sides", Provenance::Sourced,
       "The text says White may 'change sides'; a third-party implementation (riccardozulla/brique) also swaps colours. "
       "Recolouring the stone in place is not offered: it hands White Black's first move reflected across the a1 "
       "diagonal, a position Black did not choose, so it changes no sides (docs/rulings.md)."},
      {"B-5", "pass", "The text says a player 'must place one stone ... on an empty point': may 'point' mean anything but a square, and may a player decline to place?",
       {{"never", "every turn places a stone on an empty square"},
        {"allowed", "a player may pass instead of placing; two passes in a row end the game in a draw"}},
       "never", Provenance::Sourced,
       "Stones go on squares, so 'point' has no other reading; the nearest alternative a designer might intend, an optional turn, is excluded by 'must'."},
  };
}

// "a1": the corner squares with neither escort on the board as `side` reads them, named so that
// they hold on every board size (a book prints the page once for puzzles of several sizes).
std::string squares_without_escorts(const Rules& rules, int side) {
  std::string names;
  for (const int row : {0, rules.n - 1}) {
    for (const int col : {0, rules.n - 1}) {
      bool none = true;
      for (const Escort& e : escorts(rules, side, row, col)) {
        none = none && (e.row < 0 || e.row >= rules.n || e.col < 0 || e.col >= rules.n);
      }
      if (!none) continue;
      const std::string name = row == 0 && col == 0 ? "a1"
                               : std::string("the ") + (row == 0 ? "top" : "bottom") + "-" + (col == 0 ? "left" : "right") + " corner";
      names += (names.empty() ? "" : " and ") + name;
    }
  }
  return names;
}

// The book's rules page (GameDescriptor::reading_guide), under the rulings `c` holds, each ruling's
// answer in words, marked. The edge squares as the text says: "some squares on the edge of the
// board have only one escort or no escorts at all".
std::string reading_guide(const Config& c) {
  const Rules rules = Rules::from(c);
  const std::string pass = rules.pass_allowed
                               ? "; a player may pass instead ('pass'), and two passes in a row end the game in a draw {B-5}"
                               : "; no turn may pass {B-5}";
  const std::string shade = rules.light_when_even ? "a1 light {B-1}" : "a1 dark {B-1}";
  const std::string directions =
      rules.white_faces_black
          ? "Every square has two escorts, which differ between the players {B-2}: for Black a light square's are the "
            "squares directly above it and directly to its left, a dark square's those directly below it and directly "
            "to its right; White reads 'in front' and 'left' from across the table, so for White a light square's are "
            "directly below it and directly to its right, a dark square's directly above it and directly to its left."
          : "Every square has two escorts, the same for both players {B-2}: a light square the squares directly above it "
            "and directly to its left, a dark square those directly below it and directly to its right.";
  const std::string black_none = squares_without_escorts(rules, kBlack), white_none = squares_without_escorts(rules, kWhite);
  const std::string none = black_none == white_none ? black_none + (black_none.find(" and ") == std::string::npos ? " has" : " have") + " none"
                                              : black_none + " has none for Black, " + white_none + " for White";
  const std::string edges = " A square on the board's edge may have only one escort on the board, or none (" + none +
                            "), and such a square is never filled.";
  const std::string fill =
      rules.fill == FillMode::KeepEnemy
          ? "After a placement, every empty square whose two escorts both hold the mover's stones is filled with a stone "
            "of the mover's; a square that holds an enemy stone keeps it {B-3}."
      : rules.fill == FillMode::Repeat
          ? "After a placement, every square whose two escorts both hold the mover's stones is filled with a stone of the "
            "mover's, an enemy stone on it removed first, and this is repeated until no square qualifies {B-3}: so a "
            "placement can capture."
          : "After a placement, every square whose two escorts both hold the mover's stones is filled with a stone of the "
            "mover's, an enemy stone on it removed first, all in one pass {B-3}: so a placement can capture.";
  const std::string pie =
      rules.pie == PieMode::Mirror
          ? "'swap' is White's pie swap on the first turn: each stone is replaced by one of the other colour on its mirror "
            "square across the diagonal through a1 (c1 goes to a3), and Black moves next {B-4}."
      : rules.pie == PieMode::Off ? "There is no pie swap {B-4}."
                                  : "'swap' is White's pie swap on the first turn: the players exchange colours and the "
                                    "stones stay, and White moves next {B-4}.";
  return "Black wins by joining the top and bottom rows with a chain of orthogonally adjacent black stones, White by "
         "joining the left and right columns with white stones. A move places a stone on an empty square, named by its "
         "column letter and row number (c3; a1 is the top-left square)" + pass + ".\n"
         "The squares are light and dark like a chessboard's, " + shade + ". " + directions + edges + " " + fill +
         " A move's text names only its square; a solution lists the move's fills in brackets after it, as in "
         "'1 a3! (fills a2 with a white stone)', and its diagram shows them.\n" + pie;
}

class BriqueGame final : public Game {
 public:
  BriqueGame(const GameDescriptor& descriptor, const Config& config)
      : Game(descriptor, config), rules_(Rules::from(config)) {}

  std::vector<std::string> implementations() const override { return {"fast", "reference"}; }

  std::unique_ptr<State> initial_state(std::string_view implementation) const override {
    return make_state(implementation, Position::initial(rules_));
  }

  std::unique_ptr<State> read_position(std::string_view text, std::string_view implementation) const override {
    check_implementation(implementation);
    return make_state(implementation, brique::parse_position(rules_, text));
  }

  int max_plies() const override { return rules_.max_plies(); }
  std::vector<std::string> mechanics() const override { return {kMechanicNames.begin(), kMechanicNames.end()}; }
  // Each meaning in the words of the rules page (reading_guide): a fill is a square filled after the
  // placement because its two escorts hold the mover's stones (themes.cpp tells them apart).
  std::vector<Theme> themes() const override {
    return {{"fill-win", true, false, "the move's fills complete the mover's winning chain, which the stone placed alone would not"},
            {"fill-capture", false, false, "a square the move fills held an enemy stone, which the fill replaces with one of the mover's"},
            {"fill", false, false, "the move fills one or more squares besides the one it is placed on"}};
  }

 private:
  static void check_implementation(std::string_view implementation) {
    if (!implementation.empty() && implementation != "fast" && implementation != "reference") {
      throw InputError("Brique has no implementation " + quote_input(implementation) + " (known: fast, reference)");
    }
  }
  static std::unique_ptr<State> make_state(std::string_view implementation, const Position& position) {
    check_implementation(implementation);
    return implementation == "reference" ? make_reference_state(position) : make_fast_state(position);
  }

  Rules rules_;
};

}  // namespace
}  // namespace brique

const GameDescriptor& brique_game() {
  static const GameDescriptor descriptor = [] {
    GameDescriptor d;
    d.name = "brique";
    d.title = "Brique (Luis Bolaños Mures, 2012)";
    d.summary = "Connection game on a checkered board; two friendly escorts fill the square they escort.";
    d.side_names = {"Black", "White"};
    d.reading_guide = brique::reading_guide;
    // The stones of each side by square, the side to move first.
    d.position_words = [](const State& state) { return stones_position_words(state, "brique"); };
    d.diagram_key = [](const Config&) { return std::string("Key (Brique): B a black stone, W a white stone, . an empty square"); };
    d.note_meaning = [](const Config&, const std::string& note) {
      return note == "swapped" ? std::string("White took the pie swap ('swap') on the first turn, so it is not available again") : std::string();
    };
    d.default_size = 15;
    d.size_help = "2 to 26";
    d.size_ok = [](int n) { return n >= 2 && n <= brique::kMaxBoard; };
    d.diagram_size = [](std::string_view text) { return brique::diagram_size(text); };
    d.rulings = brique::brique_rulings();
    d.make = [](const GameDescriptor& game, const Config& config) -> std::unique_ptr<Game> {
      return std::make_unique<brique::BriqueGame>(game, config);
    };
    d.seed_examples = brique::seed_examples;
    d.properties = brique::verification_suite;
    d.claims = brique_claims;
    d.compare_turn_encoding = compare_brique_turn_encoding;
    return d;
  }();
  return descriptor;
}

}  // namespace arbiter

// The Brochs descriptor: rulings R-1..R-13 (each gap of the truncated seed 003), the Game under
// one configuration, and the registry entry.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "model/brochs/engine.hpp"
#include "model/brochs/examples.hpp"
#include "model/brochs/properties.hpp"
#include "model/brochs/verification.hpp"
#include "model/brochs/reference.hpp"
#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/core/text.hpp"

namespace arbiter::brochs {
namespace {

std::vector<Ruling> brochs_rulings() {
  using P = Provenance;
  return {
      {"R-1", "keeps", "Which squares are the four keeps? (the diagram is lost)",
       {{"centres", "the centre of each quadrant (d4, l4, d12, l12 on 15x15)"},
        {"outer", "one square diagonally in from each board corner (b2, n2, b14, n14)"},
        {"inner", "one square diagonally out from each quadrant's inner corner (f6, j6, f10, j10)"}},
       "centres", P::Invented, "one keep per quadrant is implied (NW keep curses SE); the centre is the neutral guess"},
      {"R-2", "start", "What is the starting position? (the figure is lost)",
       {{"reserve", "White on each keep, its 4 orthogonal neighbours and its centre-ward diagonal neighbour; all 13 Black pieces (main piece included) in reserve"},
        {"north-row", "White as in reserve; the main piece on the North edge's centre and ordinary Black pieces beside it (the rest in reserve)"}},
       "reserve", P::Invented, "the text's 'setting of new pieces' and 'main piece present on board' suggest an off-board reserve"},
      {"R-3", "black-turn", "What may Black do on a turn? (the list is lost)",
       {{"any", "exactly one of: move a piece, set a piece from reserve, curse, pass"},
        {"set-first", "as any, but no Black piece may move while Black still has pieces in reserve"}},
       "any", P::Invented, "the text names moving, setting, the curse and passing as Black's actions"},
      {"R-4", "set-squares", "Where may Black set a piece from reserve?",
       {{"north-or-keep", "any empty square of the North edge row or any empty keep"},
        {"keeps", "only an empty keep (the one place the text names)"},
        {"anywhere", "any empty square"}},
       "north-or-keep", P::Invented, "Black sits North; the text allows setting 'on a free Keep'"},
      {"R-5", "end", "When does the game end and who wins? (the section is lost)",
       {{"keeps", "Black wins when all four keeps hold Black pieces; White wins when Black has fewer than 4 pieces left, or on two passes in a row, a repetition or the ply cap"},
        {"keeps-main", "as keeps, and White also wins as soon as the main piece is captured"},
        {"keeps-draw", "as keeps, but two passes in a row, a repetition and the ply cap are draws"}},
       "keeps", P::Invented, "the stated goal is Black's occupation of the keeps; the defender wins by holding"},
      {"R-6", "entry", "Is a piece that moves into a sandwich captured?",
       {{"protected", "no: only configurations the moving piece forms capture; a re-formed one captures later"},
        {"captured", "yes: after its own captures, a moved or set piece standing in an enemy configuration is removed"}},
       "protected", P::Sourced, "seed 003 D.1, D.2, D.4: 'it is not considered as captured'"},
      {"R-7", "keep-two-piece", "Does a keep occupant also fall to two-piece captures (C1 line, C4 diagonal)?",
       {{"no", "a keep occupant falls only to two complete pairs (C2)"},
        {"yes", "a keep occupant also falls to C1 and C4"}},
       "no", P::Derived, "D.2 gives keep occupants their own four-piece rule, which would be idle otherwise"},
      {"R-8", "main-diagonal", "For the diagonal capture (C4), must the main piece be the piece that moved or was set?",
       {{"main-moves", "yes: the main piece moves or is set next to the victim, a Black piece opposite"},
        {"main-in-pair", "no: any Black piece may complete a diagonal pair whose other piece is the main piece"}},
       "main-moves", P::Derived, "D.4: 'during its move or of its setting'"},
      {"R-9", "curse-cost", "What does a curse (C3) cost?",
       {{"turn", "the curse is Black's whole turn"},
        {"free", "after a curse Black still moves, sets or passes (one curse per turn); the curse and that action are a ply each (R-13 counts both), and a pass after a curse is a pass (R-5's two passes in a row)"}},
       "turn", P::Invented, "Black 'chooses among one of the possibilities'; the curse is one of them"},
      {"R-10", "empty-keeps", "Can pieces pass through an empty keep, and does it help captures?",
       {{"passable", "an empty keep is an ordinary empty square"},
        {"blocked", "a piece may stop on an empty keep but not pass through it"},
        {"hostile", "passable, and an empty keep acts as an enemy piece for line captures (C1) against both sides"}},
       "passable", P::Invented, "the text says nothing special about empty keeps"},
      {"R-11", "white-pass", "May White pass when it can move?",
       {{"allowed", "yes: 'each player can also choose voluntarily to pass'"},
        {"only-when-stuck", "no: White 'must, if possible, move'"}},
       "allowed", P::Derived, "the general voluntary-pass sentence comes after White's obligation"},
      {"R-12", "repetition", "Does a repeated position end the game?",
       {{"third", "the third occurrence of a position (same side to move) ends the game as R-5 says"},
        {"none", "repetitions are ignored; the ply cap alone bounds the game"}},
       "third", P::Invented, "voluntary passes and rook shuffles would otherwise loop"},
      {"R-13", "ply-cap", "After how many plies does the game stop?",
       {{"400", "400 plies"}, {"200", "200 plies"}, {"1000", "1000 plies"}},
       "400", P::Invented, "every game must end; the result is R-5's"},
      {"R-14", "edge-captures", "Does the board edge or a corner help a line capture (C1)?",
       {{"none", "no: a sandwich needs two enemy pieces (or hostile empty keeps) on opposite squares"},
        {"corners", "a piece on a corner square also falls to enemy pieces on its two neighbours"},
        {"edges", "the board edge acts as an enemy piece: a piece on an edge square falls to one enemy piece opposite the edge"}},
       "none", P::Derived, "D.1: 'sandwiching it by a couple of Black pieces': the couple is two pieces; the text never names the edge"},
      {"R-15", "isolated", "Does D.1's 'a isolated piece' limit line captures (C1) to pieces with no friendly neighbour?",
       {{"any", "no: any piece sandwiched in a line or column falls ('a isolated piece' is an example)"},
        {"unsupported", "yes: a piece with a friendly piece on one of its four orthogonal neighbours cannot be taken by C1"}},
       "any", P::Derived, "D.1 goes on 'Thus a given piece is taken if 2 opposite pieces are installed...', with no condition on neighbours"},
      {"R-16", "curse-holder", "May the main piece itself be the Black piece on the keep for a curse (C3)?",
       {{"any", "yes: any Black piece on the keep, the main piece included"},
        {"ordinary", "no: an ordinary Black piece holds the keep and the main piece is elsewhere on the board"}},
       "any", P::Derived, "D.3 asks for 'a Black piece' on the keep and the main piece 'present on board'; the main piece is a Black piece"},
      {"R-17", "keep-setting", "When may Black set a piece on a free keep?",
       {{"any-time", "whenever the keep is free (and R-4 allows setting there)"},
        {"after-capture", "only on Black's stroke right after the one that captured that keep's White occupant"}},
       "any-time", P::Derived, "E: 'by setting it on a free Keep, for example on the stroke which follows the capture': 'for example' names one occasion, not the only one"},
      {"R-18", "keep-entry", "Is a piece that enters a keep between two complete enemy pairs captured? (D.2: 'it is not regarded as not captured')",
       {{"as-entry", "as R-6 says for every entry (by default: not captured)"},
        {"captured", "yes, read literally (the double negative): the entering piece is removed"},
        {"protected", "no, whatever R-6 says"}},
       "as-entry", P::Derived, "D.2 goes on: 'A new configuration of four pieces ... must be established in order to declare the new capture', which only makes sense if the entering piece survived"},
  };
}

class BrochsGame final : public Game {
 public:
  BrochsGame(const GameDescriptor& d, const Config& config) : Game(d, config), rules_(rules_from_config(config)) {}
  std::vector<std::string> implementations() const override { return {"fast", "reference"}; }
  std::unique_ptr<State> initial_state(std::string_view implementation) const override {
    return in_implementation(initial_position(rules_), implementation);
  }
  std::unique_ptr<State> read_position(std::string_view text, std::string_view implementation) const override {
    return in_implementation(parse_brochs_position(rules_, text), implementation);
  }
  int max_plies() const override { return rules_.ply_cap; }
  int ply_cap() const override { return rules_.ply_cap; }
  std::vector<std::string> mechanics() const override { return {kMechanicNames.begin(), kMechanicNames.end()}; }
  // Each meaning in the words of the rules page (reading_guide); themes.cpp tells them apart.
  std::vector<Theme> themes() const override {
    return {{"curse", false, false, "Black removes a White piece by a curse"},
            {"double-capture", false, false, "the piece moved or set captures two or more enemy pieces at once"},
            {"capture", false, false, "the piece moved or set captures one enemy piece"}};
  }
  // The West-East mirror under every ruling, all eight of the square's symmetries unless Black sets
  // pieces on the North edge (engine.hpp; the conformance battery checks each by play).
  std::vector<std::string> symmetries() const override {
    return {kSymmetryNames.begin(), kSymmetryNames.begin() + symmetry_count(rules_)};
  }

 private:
  static std::unique_ptr<State> in_implementation(std::unique_ptr<BrochsState> fast, std::string_view implementation) {
    if (implementation.empty() || implementation == "fast") return fast;
    if (implementation == "reference") return reference_state(*fast);
    throw InputError("brochs has no implementation " + quote_input(implementation) + " (known: fast, reference)");
  }
  Rules rules_;
};

// The book's rules page (GameDescriptor::reading_guide): the rules a puzzle's reader needs, under
// the rulings in force; each rule that fills a gap of the truncated text names its ruling, which
// the book marks as Arbiter's.
std::string reading_guide(const Config& c) {
  const std::string keep = c.rule_is("keeps", "centres") ? "each quadrant's centre square is its keep"
                           : c.rule_is("keeps", "outer") ? "each quadrant's keep is the square diagonally next to the board's corner"
                                                         : "each quadrant's keep is the square diagonally next to the quadrant's "
                                                           "corner nearest the board's centre";
  const std::string start = c.rule_is("start", "reserve")
                                ? "starts with all its pieces in reserve and sets them on the board"
                                : "starts with the main piece on the top row's centre and ordinary pieces beside it outward, as "
                                  "many as the row holds (at most 12), and sets any others on the board from a reserve";
  // Where White starts: under start=north-row Black's top row takes the squares north of the
  // northern keeps where it reaches them, on 7x7 under every keeps ruling and on every size under
  // keeps=outer (measured with arbiter moves brochs). A book's page is written for the default size,
  // so the words name the sizes.
  const std::string white_squares = "White starts with a piece on each keep, on the keep's four orthogonal neighbours and on its "
                                    "diagonal neighbour toward the board's centre";
  const std::string white_start =
      c.rule_is("start", "reserve") ? white_squares + ", 24 pieces {R-2}."
      : c.rule_is("keeps", "outer")
          ? white_squares + ", save the two squares north of the northern keeps, which Black's top row takes: 22 pieces {R-2}."
          : white_squares + ", 24 pieces, or 22 on 7x7, where Black's top row takes the two squares north of the northern keeps "
                            "{R-2}.";
  const std::string white_wins = c.rule_is("end", "keeps-main") ? "when Black has fewer than 4 pieces left or has lost the main piece"
                                                                : "when Black has fewer than 4 pieces left";
  const std::string recurs = c.rule_is("repetition", "third") ? ", a position occurring for the third time with the same side to move {R-12}" : "";
  const std::string ends = "Two passes in a row" + recurs + " and reaching " + c.rule("ply-cap") + " plies {R-13} end the game" +
                           (c.rule_is("end", "keeps-draw") ? " as a draw {R-5}." : ", which White wins {R-5}.") +
                           (recurs.empty() ? " A position that recurs does not {R-12}." : "");
  const std::string set_squares = c.rule_is("set-squares", "north-or-keep") ? "on an empty square of the top row or an empty keep"
                                  : c.rule_is("set-squares", "keeps")       ? "on an empty keep"
                                                                            : "on any empty square";
  const std::string set_first = c.rule_is("black-turn", "set-first") ? "; no Black piece moves while Black has pieces in reserve" : "";
  // The capture and movement rulings (R-6..R-8, R-10, R-11, R-14..R-18), each said as in force: a
  // book's page follows the rulings its puzzles hold under (until session 52 only the defaults').
  const std::string keeps_move = c.rule_is("empty-keeps", "blocked")
                                     ? ", nor over an empty keep, though it may stop on one {R-10}"
                                     : c.rule_is("empty-keeps", "hostile")
                                           ? "; an empty keep may be crossed, and in line captures it stands as an enemy "
                                             "of both sides {R-10}"
                                           : "; an empty keep is an ordinary empty square {R-10}";
  const std::string white_turn = c.rule_is("white-pass", "only-when-stuck") ? "White moves, and passes only when it cannot {R-11}"
                                                                            : "White moves or passes {R-11}";
  const std::string victim = c.rule_is("isolated", "unsupported")
                                 ? "an enemy piece with no piece of its own orthogonally next to it {R-15},"
                                 : "an enemy piece, whatever stands next to it {R-15},";
  const std::string edge = c.rule_is("edge-captures", "corners")
                               ? "(the board edge helps only at a corner: a piece on a corner square falls to enemy pieces on "
                                 "its two neighbours) {R-14}"
                           : c.rule_is("edge-captures", "edges")
                               ? "(the board edge stands as an enemy piece: a piece on an edge square falls to an enemy piece "
                                 "arriving on the square next to it away from the edge) {R-14}"
                               : "(the board edge does not help) {R-14}";
  const std::string on_keep = c.rule_is("keep-two-piece", "yes")
                                  ? "a piece on a keep falls that way too, and to the main piece's diagonal capture below, and also "
                                    "when the enemy holds"
                                  : "a piece on a keep falls only when the enemy holds";
  const std::string main_diagonal =
      c.rule_is("main-diagonal", "main-in-pair")
          ? "A Black piece arriving diagonally next to a White piece that has a Black piece diagonally beyond it takes it when "
            "one of the two Black pieces is the main piece {R-8}."
          : "Black's main piece, arriving diagonally next to a White piece that has a Black piece diagonally beyond it, takes "
            "it {R-8}.";
  const std::string entry = c.rule_is("entry", "captured")
                                ? "A piece that moves or is set in between enemies is taken, after its own captures {R-6}"
                                : "A piece that moves or is set in between enemies is not taken {R-6}";
  const std::string keep_entry = c.rule_is("keep-entry", "captured")
                                     ? "; one entering a keep between two complete enemy pairs is taken {R-18}."
                                 : c.rule_is("keep-entry", "protected")
                                     ? "; one entering a keep between two complete enemy pairs is not taken, whatever "
                                       "holds elsewhere {R-18}."
                                     : ", on a keep as elsewhere {R-18}.";
  const std::string keep_setting = c.rule_is("keep-setting", "after-capture")
                                       ? ", on a free keep only on Black's turn right after the one that captured its White "
                                         "occupant {R-17}"
                                       : ", on a keep at any time it is free {R-17}";
  const std::string holder = c.rule_is("curse-holder", "ordinary")
                                 ? "with an ordinary Black piece on a keep, the main piece elsewhere on the board {R-16}"
                                 : "with a Black piece (the main piece counts) on a keep {R-16}, the main piece on the board";
  const std::string curse = c.rule_is("curse-cost", "turn")
                                ? "A curse is Black's whole turn {R-9}"
                                : "A curse comes before Black's move, setting or pass, one a turn {R-9}";
  return "Black, 13 pieces led by the main piece (the Sorcerer), " + start + " {R-2}, and wins by holding all four keeps "
         "at once; White wins " + white_wins + " {R-5}. " + ends + " The middle row and column (the central cross) part the "
         "board into four quadrants; " + keep + " {R-1}. " + white_start + " Squares are a column letter and a row number (a1 is the top-left "
         "square).\n"
         "Every piece moves like a chess rook, never over another" + keeps_move + ". Black's turn is one of: a move, setting a "
         "piece, a curse, a pass" + set_first + " {R-3}; " + white_turn + ". Black sets a piece " + set_squares + " {R-4}" + keep_setting + ".\n"
         "Captures: only the piece that moved or was set captures, and only enemy pieces next to it, several at once if "
         "it can. Either side takes " + victim + " that stands between the arriving piece and one of its own pieces in a "
         "row or column " + edge + "; " + on_keep + " both squares of two of the four opposite pairs around it (orthogonal "
         "or diagonal), one of them completed by the arriving piece {R-7}. " + main_diagonal + " " + entry + keep_entry +
         "\n" + curse + ": " + holder + " and no Black piece "
         "in the diagonally opposite quadrant, Black removes any one White piece of that quadrant (its keep included; the "
         "central cross is in no quadrant).\n"
         "'h1-h5' moves the piece on h1 along its row or column; 'set h1' and 'set main h1' set an ordinary piece or the "
         "main piece from reserve; 'curse k12' removes the White piece on k12 by a curse; 'pass' passes. A move's captures "
         "follow it: 'd4-d2 x c2' took the piece on c2.";
}

GameDescriptor make_descriptor() {
  GameDescriptor d;
  d.name = "brochs";
  d.title = "Brochs (author unknown, French origin; truncated rules)";
  d.summary = "24 White pieces defend four keeps against 13 Black pieces led by the Sorcerer; rook moves, custodian, keep, curse and diagonal captures";
  d.side_names = {"Black", "White"};
  d.reading_guide = reading_guide;
  // Each side's pieces by square (the main piece named), Black's reserve and the keeps, from a
  // one-line form's rows, side and reserve ("3+S": three ordinary pieces and the main piece).
  // The diagram's marks (notation.cpp, cell_char) and its status line's reserve and passes, whose
  // owner the line leaves out.
  d.diagram_key = [](const Config&) {
    return std::string(
        "Key (Brochs): W a White piece, B a Black piece, S Black's main piece (the Sorcerer), each in lower case on a "
        "keep; # an empty keep, + an empty square of the central cross, . an empty square; reserve: Black's pieces not "
        "yet set (+S: the Sorcerer among them); passes: passes in a row");
  };
  d.position_words = [](const State& state) {
    const std::string line = state.line();
    const std::optional<LineForm> form = split_line_form(line, "brochs");
    if (!form || form->body.size() < 4) return line;
    const std::string& rows = form->body[0];
    std::string words = (state.is_terminal() ? std::string() : std::string(form->body[1] == "black" ? "Black" : "White") + " to move. ") +
                        pieces_words("White", "piece", "pieces", squares_holding(rows, "Ww")) + " " +
                        pieces_words("Black", "ordinary piece", "ordinary pieces", squares_holding(rows, "Bb"));
    const std::vector<std::string> main = squares_holding(rows, "Ss");
    if (!main.empty()) words += " Black's main piece (the Sorcerer): " + listed(main) + ".";
    std::string reserve = form->body[3];
    const bool main_in_reserve = reserve.size() >= 2 && reserve.substr(reserve.size() - 2) == "+S";
    if (main_in_reserve) reserve.resize(reserve.size() - 2);
    words += " Black's reserve: " + reserve + (reserve == "1" ? " piece" : " pieces") + (main_in_reserve ? " and the main piece." : ".");
    return words + " Keeps: " + listed(squares_holding(rows, "#bws")) + ".";
  };
  d.default_size = 15;
  d.size_help = "odd, 7 to 15";
  d.size_ok = [](int n) { return n >= kMinSize && n <= kMaxSize && n % 2 == 1; };
  d.diagram_size = [](std::string_view text) { return diagram_size(text); };
  d.rulings = brochs_rulings();
  d.make = [](const GameDescriptor& g, const Config& c) -> std::unique_ptr<Game> {
    return std::make_unique<BrochsGame>(g, c);
  };
  d.seed_examples = seed_examples;
  d.properties = verification_suite;
  return d;
}

}  // namespace

// The option values of each enum-valued ruling, in enum order.
constexpr std::string_view kKeepsValues[] = {"centres", "outer", "inner"};
constexpr std::string_view kStartValues[] = {"reserve", "north-row"};
constexpr std::string_view kBlackTurnValues[] = {"any", "set-first"};
constexpr std::string_view kSetSquaresValues[] = {"north-or-keep", "keeps", "anywhere"};
constexpr std::string_view kEndValues[] = {"keeps", "keeps-main", "keeps-draw"};
constexpr std::string_view kEntryValues[] = {"protected", "captured"};
constexpr std::string_view kKeepTwoPieceValues[] = {"no", "yes"};
constexpr std::string_view kMainDiagonalValues[] = {"main-moves", "main-in-pair"};
constexpr std::string_view kCurseCostValues[] = {"turn", "free"};
constexpr std::string_view kEmptyKeepsValues[] = {"passable", "blocked", "hostile"};
constexpr std::string_view kWhitePassValues[] = {"allowed", "only-when-stuck"};
constexpr std::string_view kRepetitionValues[] = {"third", "none"};
constexpr std::string_view kEdgeCapturesValues[] = {"none", "corners", "edges"};
constexpr std::string_view kIsolatedValues[] = {"any", "unsupported"};
constexpr std::string_view kCurseHolderValues[] = {"any", "ordinary"};
constexpr std::string_view kKeepSettingValues[] = {"any-time", "after-capture"};
constexpr std::string_view kKeepEntryValues[] = {"as-entry", "captured", "protected"};

template <class E, std::size_t N>
E read_option(const Config& config, const std::string& name, const std::string_view (&values)[N]) {
  const std::string& value = config.rule(name);
  return static_cast<E>(std::find(std::begin(values), std::end(values), value) - std::begin(values));
}

template <class E, std::size_t N>
std::string write_option(E value, const std::string_view (&values)[N]) {
  return std::string(values[static_cast<std::size_t>(value)]);
}

// Calls visit(name, field, values) for every enum-valued ruling of `rules` (a Rules or a const Rules),
// so that reading and writing a configuration walk one list.
template <class R, class Visit>
void for_each_option(R& rules, Visit&& visit) {
  visit("keeps", rules.keeps, kKeepsValues);
  visit("start", rules.start, kStartValues);
  visit("black-turn", rules.black_turn, kBlackTurnValues);
  visit("set-squares", rules.set_squares, kSetSquaresValues);
  visit("end", rules.end, kEndValues);
  visit("entry", rules.entry, kEntryValues);
  visit("keep-two-piece", rules.keep_two_piece, kKeepTwoPieceValues);
  visit("main-diagonal", rules.main_diagonal, kMainDiagonalValues);
  visit("curse-cost", rules.curse_cost, kCurseCostValues);
  visit("empty-keeps", rules.empty_keeps, kEmptyKeepsValues);
  visit("white-pass", rules.white_pass, kWhitePassValues);
  visit("repetition", rules.repetition, kRepetitionValues);
  visit("edge-captures", rules.edge_captures, kEdgeCapturesValues);
  visit("isolated", rules.isolated, kIsolatedValues);
  visit("curse-holder", rules.curse_holder, kCurseHolderValues);
  visit("keep-setting", rules.keep_setting, kKeepSettingValues);
  visit("keep-entry", rules.keep_entry, kKeepEntryValues);
}

Rules rules_from_config(const Config& config) {
  Rules r;
  r.size = config.size;
  for_each_option(r, [&config](const std::string& name, auto& field, const auto& values) {
    field = read_option<std::remove_reference_t<decltype(field)>>(config, name, values);
  });
  r.ply_cap = std::stoi(config.rule("ply-cap"));
  return r;
}

Config config_from_rules(const Rules& r) {
  Config c;
  c.size = r.size;
  for_each_option(r, [&c](const std::string& name, const auto& field, const auto& values) {
    c.rulings[name] = write_option(field, values);
  });
  c.rulings["ply-cap"] = std::to_string(r.ply_cap);
  return c;
}

const Config& config_of(const Rules& rules) {
  thread_local std::optional<std::pair<Rules, Config>> last;
  if (!last || !(last->first == rules)) last.emplace(rules, config_from_rules(rules));
  return last->second;
}

const GameDescriptor& descriptor() {
  static const GameDescriptor d = make_descriptor();
  return d;
}

}  // namespace arbiter::brochs

namespace arbiter {
const GameDescriptor& brochs_game() { return brochs::descriptor(); }
}  // namespace arbiter

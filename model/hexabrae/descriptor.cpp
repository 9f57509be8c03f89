// Hexabrae: the descriptor with its rulings, the configured game, and the state's printed forms.
#include "model/hexabrae/engine.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <cmath>

#include "model/core/errors.hpp"
#include "model/core/position_io.hpp"
#include "model/hexabrae/notation.hpp"
#include "model/hexabrae/properties.hpp"
#include "model/hexabrae/verification.hpp"
#include "model/hexabrae/examples.hpp"

namespace arbiter::hexabrae {
namespace {

std::vector<Ruling> hexabrae_rulings() {
  return {
      {"H-1", "rim", "Can the board's rim close an enclosure together with pieces?",
       {{"open", "no: a region reaching the rim is open; only pieces seal"},
        {"wall", "yes: of the regions reaching the rim, all but the largest (by area) are enclosures"}},
       "open", Provenance::Derived,
       "the text says the enclosure consists of playing pieces; with the rim every board area would be enclosed"},
      {"H-2", "touch", "What counts as touching when placing a piece?",
       {{"geometric", "sharing any point: short side to short side, or corner to corner (exact geometry)"},
        {"adjacent", "any piece on a neighbouring field, even parallel side by side (no shared point)"}},
       "geometric", Provenance::Derived,
       "image 2's caption names short sides and corners; parallel side-by-side bars share no point"},
      {"H-3", "path", "May a moving piece pass over occupied fields?",
       {{"clear", "every field passed and the destination must be free"},
        {"jump", "only the destination must be free"}},
       "clear", Provenance::Derived, "pieces are moved (slid) along their long axis; a slide cannot pass through a piece"},
      {"H-4", "immobilization", "When is immobilization judged within a turn of moving and rotating?",
       {{"start", "at the start of the turn only: a partially immobilized piece moves away, then may rotate"},
        {"each-step", "also before a rotation that follows a move: no rotation while a short side touches one"}},
       "start", Provenance::Derived, "the text lets the escaping piece rotate afterwards without a new condition"},
      {"H-5a", "repetition", "Does repeating a position end the game?",
       {{"third", "the third occurrence of the same pieces with the same side to move is a draw"},
        {"off", "no repetition rule (only the ply cap ends endless play)"}},
       "third", Provenance::Invented, "the text has no rule, and moves and rotations can cycle forever"},
      {"H-5b", "ply-cap", "After how many plies does an undecided game end (as a draw)?",
       {{"300", "300 plies"}, {"200", "200 plies"}, {"1000", "1000 plies"}},
       "300", Provenance::Invented, "every game must end; 300 plies is far beyond the 20 placements"},
      {"H-6", "no-action", "What happens when the side to move can do nothing?",
       {{"pass", "it passes; two passes in a row end the game as a draw"},
        {"lose", "it loses"}},
       "pass", Provenance::Invented, "the text is silent; passing is the neutral choice"},
      {"H-7a", "enclosure-owner", "Who wins an enclosure made by the opponent's move?",
       {{"majority", "the owner of the majority of its pieces, whoever moved"},
        {"mover-only", "only enclosures won by the mover count; others count as tied"}},
       "majority", Provenance::Sourced, "'Whichever player owns most of the playing pieces ... is the winner'"},
      {"H-7b", "enclosures-counted", "Which enclosures does a move's verdict count?",
       {{"made", "those made by this move (regions that were not enclosed before)"},
        {"all", "every enclosure on the board after the move"}},
       "made", Provenance::Sourced, "'creating multiple enclosures with a single move'; with the defaults both agree"},
      {"H-8", "islands", "Do pieces lying inside an enclosure without touching its ring belong to it?",
       {{"excluded", "no: an enclosure is computed for each group of touching pieces alone"},
        {"included", "yes: every piece bordering the enclosed free region counts"}},
       "excluded", Provenance::Derived, "the enclosure 'consists of' the pieces that make it; loose pieces make nothing"},
      {"H-8b", "spurs", "Does a piece touching the ring from inside, and separating nothing, belong to the enclosure?",
       {{"counted", "yes: every bar bordering the region with a side counts"},
        {"excluded", "no: a bar all of whose sides face this one region (a spur, or a loose piece) does not count"}},
       "counted", Provenance::Derived,
       "rules.md's model: the pieces bordering the enclosed area; the text does not say 'ring'"},
      {"H-9", "enclosure-majority", "With several enclosures at once, what is 'the majority of the enclosures'?",
       {{"more", "strictly more enclosures won than the opponent"},
        {"half", "more than half of the valid enclosures made (ties count in the total)"}},
       "more", Provenance::Sourced, "the text's tie clause compares the numbers each player won"},
      {"H-10", "orientation-numbers", "How are the three orientations numbered in notation?",
       {{"axial", "0, 1, 2: the long axis along axial direction D0 (/), D1 (|), D2 (\\)"},
        {"clock", "1 = |, 2 = /, 3 = \\ (clockwise from vertical)"}},
       "axial", Provenance::Invented, "a display convention; the diagram shows the bars themselves"},
      {"H-11", "pieces", "May a player move or rotate the opponent's pieces?",
       {{"own", "no: a turn moves or rotates one of the mover's own pieces"},
        {"any", "yes: 'Moving and/or rotating a piece' names any piece on the board, of either colour"}},
       "own", Provenance::Derived,
       "each player 'plays with' his own pieces; the text's 'a piece' in action 2 follows 'placing a playing piece', which is one's own"},
      {"H-12", "rotation", "Is a rotation blocked by a bar on a neighbouring field?",
       {{"free", "no: only immobilization restricts a rotation"},
        {"swept", "yes: a bar's corners sweep the four edges of its old and new short sides; a neighbouring bar whose short side lies on one of them blocks the turn"}},
       "free", Provenance::Derived,
       "the text restricts rotation only through immobilization (2a, 2b); the pieces are drawn as abstract bars"},
      {"H-13", "enclosure-size", "Is '(parts of) 3 fields' a count of fields touched or an area?",
       {{"fields", "the enclosed region touches at least 3 fields, in part or whole"},
        {"area", "the enclosed region's area is at least that of 3 whole fields"}},
       "fields", Provenance::Sourced,
       "'at least (parts of) 3 fields' counts fields, parts allowed; image 5 rejects a region of 'a single field'"},
  };
}

// The book's rules page (GameDescriptor::reading_guide): the rules a puzzle's reader needs, under
// the rulings `c` holds, each ruling's answer in words, marked: what a bar is and how it lies on its
// field (the checked geometry of docs/rulings/hexabrae.md), when two bars touch, a turn, what makes an
// enclosure and which bars count toward its majority (H-8, H-8b), how the game ends, the notation.
std::string reading_guide(const Config& c) {
  const bool clock = c.rule_is("orientation-numbers", "clock");
  // The orientation numbers of / | \ under H-10.
  const std::string up_right = clock ? "2" : "0", vertical = "1", up_left = clock ? "3" : "2";
  const std::string size = c.rule_is("enclosure-size", "area")
                               ? "an area at least as large as 3 whole fields"
                               : "an area that touches at least 3 fields, even partly (the smallest: three bars round the "
                                 "corner point where three fields meet)";
  const std::string cap = c.rule("ply-cap") + " plies";
  const std::string ending =
      c.rule_is("repetition", "third")
          ? "The game is drawn the third time the same position recurs (every bar on the same field, turned the same way) "
            "with the same side to move {H-5a}, "
            "and when it reaches " + cap + " {H-5b}."
          : "Repeating a position does not end the game {H-5a}; it is drawn when it reaches " + cap + " {H-5b}.";
  const bool lose = c.rule_is("no-action", "lose");
  const std::string stuck = lose ? " A side that can do nothing loses {H-6}."
                                 : " A side that can do nothing passes, and two passes in a row draw {H-6}.";
  const std::string place = c.rule_is("touch", "adjacent") ? "with no bar on any neighbouring field {H-2}"
                                                           : "touching no other bar {H-2}";
  const std::string whose = c.rule_is("pieces", "any") ? "any bar on the board, of either colour (it keeps its colour) {H-11}"
                                                       : "one of the mover's own bars {H-11}";
  const std::string path = c.rule_is("path", "jump") ? "to a free field on that line, over other bars if need be {H-3}"
                                                     : "over free fields {H-3}";
  const std::string escape = c.rule_is("immobilization", "each-step")
                                 ? "and after that turn only if neither of its short sides then touches a short side {H-4}"
                                 : "and turn after that if the mover likes {H-4}";
  const std::string turn = c.rule_is("rotation", "swept")
                               ? "A bar may not turn, before or after a move, while a bar on a neighbouring field has a short "
                                 "side on one of the edges the turning corners sweep: the edges of its old and its new short "
                                 "sides {H-12}."
                               : "Nothing else stops a turn: neighbouring bars never block it {H-12}.";
  const std::string rim = c.rule_is("rim", "wall")
                              ? "the board's rim closes too: of the areas reaching the rim, all but the largest are enclosed "
                                "{H-1}"
                              : "the board's rim closes nothing, so an area reaching it is open {H-1}";
  const bool included = c.rule_is("islands", "included");
  const std::string loose = included ? "Bars lying loose inside it border it too and count, and may divide it {H-8}"
                                     : "Only a group of bars touching one another encloses, so a bar lying loose inside, "
                                       "touching none of the group, neither divides the area nor counts {H-8}";
  const std::string spurs = c.rule_is("spurs", "excluded")
                                ? std::string("; a bar all of whose sides face this one area does not count, however: one "
                                              "touching the ring from inside and separating nothing") +
                                      (included ? ", or a lone loose bar" : "") + " {H-8b}"
                                : "; a bar touching the ring from inside counts, even though it separates nothing {H-8b}";
  const std::string owner = c.rule_is("enclosure-owner", "mover-only")
                                ? "An enclosure is won by the side that owns more of its bars, but only when that side made "
                                  "the move; one won by the opponent counts as tied {H-7a}, as do equal numbers."
                                : "An enclosure is won by the side that owns more of its bars, whoever moved {H-7a}; equal "
                                  "numbers tie it.";
  const std::string counted = c.rule_is("enclosures-counted", "all") ? "Every enclosure on the board after a move counts {H-7b}"
                                                                     : "Only the enclosures a move made count, not those "
                                                                       "there before {H-7b}";
  const std::string majority = c.rule_is("enclosure-majority", "half")
                                   ? "the side that wins more than half of them (tied ones count in the total) wins the "
                                     "game {H-9}"
                                   : "the side that wins more of them than the other wins the game {H-9}";
  return "A side wins by closing an enclosure, an area that bars of both colours cut off, in which it owns the majority "
         "of the bars (in full below). The board is a hexagon of hexagonal fields; one of radius R has R + 1 fields "
         "a side (radius 4, the game's, 61 fields). Each side has 10 bars. A bar lies on one field: its two short sides lie on two opposite edges of the "
         "field's hexagon, so its four corners are four of the hexagon's six corners, and the two triangles beside its "
         "long sides, each pointing at one of the other two corners, stay free. Its long axis points at the two "
         "neighbouring fields beyond its short sides. Two bars touch when they share a point, which only bars on "
         "neighbouring fields can: end to end on one line, short side to short side, or, turned differently, corner to "
         "corner; two bars turned the same way side by side do not touch.\n"
         "A turn places a bar from reserve on a free field, " + place + ", or handles " + whose +
         ": moves it along its long axis " + path + ", turns it where it stands, or both, in either order (one move and "
         "one turn at most). A bar whose short side touches another's short side may only move directly away from it, " +
         escape + "; one touching at both short sides can neither move nor turn. " + turn + "\n"
         "An enclosure is a part of the board's free surface (empty fields and the free triangles beside bars) that bars "
         "cut off: touching bars close the gap between them, a short side closes the edge it lies on, and " + rim +
         ". It is valid when it is " + size + " {H-13} and its bars are of both colours. It is made of the bars "
         "bordering it along a side. " + loose + spurs + ".\n" + owner + " " + counted + "; " + majority +
         "; with no such side the game goes on. " + ending + stuck + "\n"
         "A field is a column letter (a is the leftmost column) and a number counting down that column from its top "
         "field. A bar's orientation is the direction of its long axis, written after its field: /" + up_right +
         " up-right (/), /" + vertical + " vertical (|), /" + up_left + " up-left (\\) {H-10}. 'place c4/" + vertical +
         "' puts a bar from reserve on c4 in orientation " + vertical + "; 'c4-c7' moves the bar on c4 along its long "
         "axis to c7, 'c4-c7/" + up_left + "' then turns it to " + up_left + "; 'c4/" + up_left +
         "' turns it where it stands, 'c4/" + up_left + "-c6' turns it and then moves it along its new axis" +
         (lose ? "." : "; 'pass' is written for a pass.");
}

class HexabraeGame final : public Game {
 public:
  HexabraeGame(const GameDescriptor& d, const Config& c) : Game(d, c), rules_(decode_rules(c)) {}

  std::vector<std::string> implementations() const override { return {"fast"}; }

  std::unique_ptr<State> initial_state(std::string_view implementation) const override {
    check_implementation(implementation);
    Position pos;
    pos.cells.fill(kEmpty);
    return std::make_unique<HexabraeState>(rules_, pos);
  }

  std::unique_ptr<State> read_position(std::string_view text, std::string_view implementation) const override {
    check_implementation(implementation);
    const HexBoard& board = HexBoard::of(rules_.radius);
    Position read;
    std::string stated_reason;  // why a finished game's diagram says it ended
    if (auto form = split_line_form(text, descriptor().name)) {
      check_line_form_matches(*this, *form);
      read = parse_line_body(board, form->body, rules_.clock_labels, rules_.ply_cap, text, rules_.any_pieces);
    } else {
      read = parse_diagram(board, text, rules_.clock_labels, rules_.ply_cap, rules_.any_pieces, &stated_reason);
    }
    // Game::parse_position plays the opening out (ply 0 and 1, and ply 2 after a pass) and says
    // what no first moves give; at any other ply the rules' necessary conditions are checked here.
    if (read.ply > 2 || (read.ply == 2 && read.passes == 0)) check_reachable(rules_, read);
    auto state = std::make_unique<HexabraeState>(rules_, read);
    if (!stated_reason.empty() && stated_reason != state->end_reason()) {
      throw InputError("the status line says the game ended by " + quote_input(stated_reason) + ", but the position gives " +
                       (state->end_reason().empty() ? std::string("no reason") : quote_input(state->end_reason())));
    }
    return state;
  }

  // Every game ends by the ply cap at the latest (H-5b).
  int max_plies() const override { return rules_.ply_cap; }
  int ply_cap() const override { return rules_.ply_cap; }
  std::vector<std::string> mechanics() const override { return {kMechanicNames.begin(), kMechanicNames.end()}; }
  // Each meaning in the words of the rules page (reading_guide); themes.cpp tells them apart.
  std::vector<Theme> themes() const override {
    return {{"rotation-enclosure", true, false, "the move turns a bar and so closes an enclosure that wins the game for the mover"},
            {"enclosure", true, false, "the move closes an enclosure that wins the game for the mover, without turning a bar"}};
  }
  // Every ruling speaks only of fields, sides, corners and enclosed areas, which the board's 12
  // symmetries keep (the property suite's board-symmetry checks it under every ruling).
  std::vector<std::string> symmetries() const override {
    std::vector<std::string> names;
    for (int s = 1; s < kSymmetries; ++s) names.emplace_back(symmetry_name(s));
    return names;
  }

 private:
  static void check_implementation(std::string_view implementation) {
    if (!implementation.empty() && implementation != "fast") {
      throw InputError("hexabrae has no implementation " + quote_input(implementation) + " (known: fast)");
    }
  }
  Rules rules_;
};

}  // namespace

Rules decode_rules(const Config& c) {
  Rules r;
  r.radius = c.size;
  r.rim_is_wall = c.rule_is("rim", "wall");
  r.touch_means_adjacent = c.rule_is("touch", "adjacent");
  r.may_jump = c.rule_is("path", "jump");
  r.immobilization_each_step = c.rule_is("immobilization", "each-step");
  r.repetition_draws = c.rule_is("repetition", "third");
  r.ply_cap = std::stoi(c.rule("ply-cap"));
  r.no_action_loses = c.rule_is("no-action", "lose");
  r.mover_only = c.rule_is("enclosure-owner", "mover-only");
  r.count_all_enclosures = c.rule_is("enclosures-counted", "all");
  r.islands_included = c.rule_is("islands", "included");
  r.spurs_excluded = c.rule_is("spurs", "excluded");
  r.need_half_of_enclosures = c.rule_is("enclosure-majority", "half");
  r.clock_labels = c.rule_is("orientation-numbers", "clock");
  r.any_pieces = c.rule_is("pieces", "any");
  r.rotation_swept = c.rule_is("rotation", "swept");
  r.size_by_area = c.rule_is("enclosure-size", "area");
  return r;
}

std::string HexabraeState::move_text(Move m) const { return hexabrae::move_text(*board_, decode_move(m), rules_.clock_labels); }

Move HexabraeState::parse_move(std::string_view text) const {
  const Move m = encode_move(parse_move_syntax(*board_, text, rules_.clock_labels));
  const std::string reason = why_illegal(m);
  if (!reason.empty()) throw InputError("illegal move " + quote_input(text) + ": " + reason);
  return m;
}

std::string HexabraeState::explain_text(std::string_view text) const {
  return explain(encode_move(parse_move_syntax(*board_, text, rules_.clock_labels)));
}

std::string HexabraeState::diagram() const { return diagram_text(*board_, position_, rules_.clock_labels, end_reason()); }

std::string HexabraeState::end_reason() const {
  if (end_cause() == EndCause::None) return "";
  const std::vector<std::string> notes = status_notes();
  return notes.empty() ? "" : notes.front();
}
HexabraeState::EndCause HexabraeState::end_cause() const {
  const Position& pos = position_;
  if (pos.outcome.kind == Outcome::Kind::Ongoing) return EndCause::None;
  if (pos.outcome.kind == Outcome::Kind::Draw) {
    const auto history_end = pos.history.begin() + pos.history_size;
    if (rules_.repetition_draws && std::count(pos.history.begin(), history_end, pos.hash) >= 3) return EndCause::Repetition;
    if (pos.passes >= 2) return EndCause::TwoPasses;
    if (pos.ply >= rules_.ply_cap) return EndCause::PlyCap;
    return EndCause::Unknown;
  }
  const int winner = pos.outcome.winner;
  const bool no_action = rules_.no_action_loses && winner == 1 - pos.side && pos.ply < rules_.ply_cap && !has_any_action();
  if (!no_action) return EndCause::Enclosure;
  EnclosureList enclosures;
  find_enclosures(*board_, pos.cells, rules_.enclosure_rules(), enclosures);
  const bool enclosure = std::any_of(enclosures.begin(), enclosures.end(),
                                     [&](const Enclosure& e) { return e.valid() && e.majority() == winner; });
  return enclosure ? EndCause::Unknown : EndCause::NoAction;
}

// A finished game's status says why it ended (as Brochs's does); one that goes on, its passes.
std::vector<std::string> HexabraeState::status_notes() const {
  switch (end_cause()) {
    case EndCause::None: return hexabrae::status_notes(position_);
    case EndCause::Enclosure: return {"enclosure"};
    case EndCause::NoAction: return {std::string(kSideName[static_cast<std::size_t>(position_.side)]) + " cannot act"};
    case EndCause::Repetition: return {"repetition"};
    case EndCause::TwoPasses: return {"two passes"};
    case EndCause::PlyCap: return {"ply cap " + std::to_string(rules_.ply_cap)};
    case EndCause::Unknown: return {};
  }
  return {};
}

std::vector<std::string> HexabraeState::puzzle_notes() const {
  std::vector<std::string> notes = status_notes();
  // As Brochs: the status line's "passes 1" in words a book's reader knows.
  if (end_cause() == EndCause::None && position_.passes == 1 && !notes.empty() && notes.front() == "passes 1") {
    notes.front() = std::string(side_to_move() == 0 ? "Black" : "White") + " just passed (two passes in a row end the game)";
  }
  if (end_cause() == EndCause::None) {
    for (std::string& note : ply_cap_note(position_.ply, rules_.ply_cap)) notes.push_back(std::move(note));
  }
  return notes;
}

std::unique_ptr<State> HexabraeState::as_shown() const {
  auto shown = std::make_unique<HexabraeState>(*this);
  shown->position_.history_size = 1;
  shown->position_.history[0] = position_.hash;
  return shown;
}

std::string HexabraeState::line() const { return one_line(line_body(*board_, position_, rules_.clock_labels)); }

// The future depends on the history only through how often each position occurs in it: a move
// ends the game by repetition when the position it makes is found twice among those since the last
// placement (H-5a), and no rule reads their order (key() keeps their multiset for the same
// reason). So the history's moves are replaced by the positions they pass through, sorted; under
// repetition=off the history is left out, as the key leaves it out.
std::string HexabraeState::equivalence_text() const {
  std::vector<std::string> body = line_body(*board_, position_, rules_.clock_labels);
  std::erase_if(body, [](const std::string& token) { return token.rfind("history:", 0) == 0; });
  if (rules_.repetition_draws && position_.history_size > 1) {
    std::string token = "earlier:";
    const std::vector<std::string> earlier = earlier_positions(*board_, position_, rules_.clock_labels);
    for (std::size_t i = 0; i < earlier.size(); ++i) token += (i ? ";" : "") + earlier[i];
    body.push_back(token);
  }
  return one_line(body);
}

std::string HexabraeState::one_line(const std::vector<std::string>& body) const {
  Config config;
  config.size = rules_.radius;
  const GameDescriptor& d = hexabrae_game();
  // Rebuild the ruling values from the decoded rules so that line() needs no Game.
  const std::vector<std::string> values = {
      rules_.rim_is_wall ? "wall" : "open",          rules_.touch_means_adjacent ? "adjacent" : "geometric",
      rules_.may_jump ? "jump" : "clear",            rules_.immobilization_each_step ? "each-step" : "start",
      rules_.repetition_draws ? "third" : "off",     std::to_string(rules_.ply_cap),
      rules_.no_action_loses ? "lose" : "pass",      rules_.mover_only ? "mover-only" : "majority",
      rules_.count_all_enclosures ? "all" : "made",  rules_.islands_included ? "included" : "excluded",
      rules_.spurs_excluded ? "excluded" : "counted",
      rules_.need_half_of_enclosures ? "half" : "more", rules_.clock_labels ? "clock" : "axial",
      rules_.any_pieces ? "any" : "own",             rules_.rotation_swept ? "swept" : "free",
      rules_.size_by_area ? "area" : "fields"};
  for (std::size_t i = 0; i < d.rulings.size(); ++i) config.rulings[d.rulings[i].name] = values[i];
  return join_line_form(d, config, body);
}

}  // namespace arbiter::hexabrae

namespace arbiter {

const GameDescriptor& hexabrae_game() {
  static const GameDescriptor descriptor = [] {
    GameDescriptor d;
    d.name = "hexabrae";
    d.title = "Hexabrae (SPLLN / Martijn Althuizen, 2010)";
    d.summary = "bars on a hex-hex board; close an enclosure of both colours over 3+ fields with your majority";
    d.side_names = {"White", "Black"};
    d.stone_colours = {"white", "black"};
    d.reading_guide = hexabrae::reading_guide;
    // Each side's bars by field with their orientations in words, and its reserve, from a one-line
    // form's pieces ("Ba2/0") and side.
    // The diagram's marks (notation.cpp, diagram_text) with the orientation numbers in force (H-10),
    // and how a field is named, which the diagram, having no row numbers, does not show.
    d.diagram_key = [](const Config& c) {
      const bool clock = c.rule_is("orientation-numbers", "clock");
      return std::string("Key (Hexabrae): W a White bar, B a Black bar, each followed by its long axis: / up-right (") +
             (clock ? "2" : "0") + "), | vertical (1), \\ up-left (" + (clock ? "3" : "2") +
             "); . a free field; a field is named by its column letter and its number counting down that column from "
             "its top field";
    };
    d.position_words = [](const State& state) {
      const std::string line = state.line();
      const std::optional<LineForm> form = split_line_form(line, "hexabrae");
      if (!form) return line;
      const bool clock = std::find(form->rulings.begin(), form->rulings.end(), "orientation-numbers=clock") != form->rulings.end();
      static constexpr std::array<const char*, 3> kWords = {"up-right", "vertical", "up-left"};
      std::array<std::vector<std::string>, 2> bars;  // Black's, White's
      std::string side = "White";
      for (const std::string& token : form->body) {
        if (token == "black" || token == "white") side = token == "black" ? "Black" : "White";
        const std::size_t slash = token.find('/');
        if (token.empty() || (token[0] != 'B' && token[0] != 'W') || slash == std::string::npos) continue;
        const int o = hexabrae::parse_orientation_label(std::string_view(token).substr(slash + 1), clock);
        bars[token[0] == 'B' ? 0 : 1].push_back(token.substr(1) + (o < 0 ? "" : std::string(" (") + kWords[static_cast<std::size_t>(o)] + ")"));
      }
      std::string words = state.is_terminal() ? "" : side + " to move.";
      for (const int colour : {0, 1}) {
        const std::string name = colour == 0 ? "Black" : "White";
        const std::vector<std::string>& these = bars[static_cast<std::size_t>(colour)];
        words += " " + pieces_words(name, "bar", "bars", these);
        words.pop_back();
        words += "; " + std::to_string(hexabrae::kPiecesPerSide - static_cast<int>(these.size())) + " in reserve.";
      }
      return words.front() == ' ' ? words.substr(1) : words;
    };
    d.default_size = 4;
    d.size_help = "board radius 2 to 6 (4 = the 61-field board of the rules)";
    d.size_ok = [](int n) { return n >= hexabrae::kMinRadius && n <= hexabrae::kMaxRadius; };
    d.diagram_size = [](std::string_view text) { return hexabrae::diagram_radius(text); };
    d.size_name = [](int radius) { return "radius " + std::to_string(radius); };
    d.rulings = hexabrae::hexabrae_rulings();
    d.make = [](const GameDescriptor& g, const Config& c) -> std::unique_ptr<Game> {
      return std::make_unique<hexabrae::HexabraeGame>(g, c);
    };
    d.seed_examples = hexabrae::seed_examples;
    d.properties = hexabrae::verification_suite;
    return d;
  }();
  return descriptor;
}

}  // namespace arbiter

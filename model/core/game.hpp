#pragma once
// The one interface every game implements. Generic layers (CLI, properties, solvers, generators,
// puzzles) only ever see these types; a game lives in its own folder under model/ and is made
// known by one line in model/registry.cpp.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/core/claim.hpp"
#include "model/core/drawing.hpp"
#include "model/core/rng.hpp"

namespace arbiter {

// A move is a small game-specific code. Only the game that produced it can read it; generic code
// stores, compares and passes it back. Both implementations of one game use the same encoding, so
// their legal-move lists can be compared directly.
using Move = std::uint32_t;

struct Outcome {
  enum class Kind : std::uint8_t { Ongoing, Win, Draw };
  Kind kind = Kind::Ongoing;
  int winner = -1;  // side 0 or 1 when kind == Win

  static Outcome ongoing() { return {}; }
  static Outcome win(int side) { return {Kind::Win, side}; }
  static Outcome draw() { return {Kind::Draw, -1}; }
  bool over() const { return kind != Kind::Ongoing; }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// Where a ruling's default comes from: a source settles it, it follows by argument from the
// sources, or Arbiter had to invent it because the text is silent (Brochs' missing pages).
enum class Provenance : std::uint8_t { Sourced, Derived, Invented };
std::string_view provenance_name(Provenance p);

struct RulingOption {
  std::string value;    // what follows NAME= on the command line
  std::string meaning;  // one line
  // Other rulings this value decides (name, value): a reading that is another ruling's alternative
  // under a second name. make_config puts them in force, so the configuration holds the value the
  // game applies, and refuses one given with another value. A ruling named here sets none itself.
  std::vector<std::pair<std::string, std::string>> sets = {};
  // The value in force in words for a reader of a book's rules page, who has neither the program
  // nor the rule text ("Here, ..."): a meaning written for choosing among the alternatives
  // (`arbiter rules`) may compare them or name the text. Empty: the meaning reads so already.
  std::string reader = {};
};

// A gap or ambiguity of a rule text, made explicit and selectable with --rule NAME=VALUE.
struct Ruling {
  std::string id;        // the rules.md number, e.g. "B-1"
  std::string name;      // command-line name, e.g. "light-squares"
  std::string question;  // what the text leaves open
  std::vector<RulingOption> options;
  std::string default_value;
  Provenance provenance = Provenance::Sourced;
  std::string reason;  // one line: why the default
};

// A game's configuration: board size plus a value for every ruling (defaults filled in).
struct Config {
  int size = 0;
  std::map<std::string, std::string> rulings;

  const std::string& rule(const std::string& name) const;  // throws std::logic_error if absent
  bool rule_is(const std::string& name, std::string_view value) const { return rule(name) == value; }
};

// One position of one configured game. Copyable through clone(); an implementation keeps its
// data small and flat so that a copy is cheap and independent.
class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  virtual int side_to_move() const = 0;  // 0 or 1 (the descriptor names them)
  virtual Outcome outcome() const = 0;
  bool is_terminal() const { return outcome().over(); }
  virtual int ply() const = 0;  // moves played so far, pass and swap included

  // All legal moves, replacing what `out` held (callers reuse one vector). Empty exactly when the
  // game is over; a forced pass is listed as a move.
  virtual void legal_moves(std::vector<Move>& out) const = 0;
  // Precondition: m is one of legal_moves(). Must not allocate in the fast implementation.
  virtual void apply(Move m) = 0;
  // Plays m if it is legal here and says so; otherwise leaves the state as it was and returns
  // false. m may be any code this game produces (a move remembered from another position, say),
  // so the solver can try a move that won elsewhere without listing this position's moves. The
  // default lists them; fast implementations answer from the board.
  virtual bool apply_if_legal(Move m);

  // Move notation, relative to this (pre-move) state. parse_move throws InputError naming the
  // text when it is malformed, off the board or illegal here.
  virtual std::string move_text(Move m) const = 0;
  virtual Move parse_move(std::string_view text) const = 0;

  // Printing forms; both read back exactly through Game::parse_position.
  virtual std::string diagram() const = 0;  // multi-line, ends with '\n'
  virtual std::string line() const = 0;     // one line: "<game> <size> <body> [rule=value ...]"

  // The position as geometry for the renderer: board, pieces, coordinates, special squares.
  // Coordinates carry the role "coordinate" (a diagram without coordinates leaves them out).
  virtual Drawing drawing() const = 0;
  // Where the move m (legal here) lands on drawing(), in its units; nothing for a move that has no
  // place on the board (a pass, the pie swap). The default knows no places.
  virtual std::optional<MoveAnchor> move_anchor(Move m) const {
    (void)m;
    return std::nullopt;
  }
  // Where the move m (legal here) takes its piece from and which pieces it removes, on drawing()
  // and in move_anchor's units (MoveTrace). The default: no piece leaves a place, none is removed.
  virtual MoveTrace move_trace(Move m) const {
    (void)m;
    return {};
  }
  // What a legal move does that its text leaves out, in a reader's words, for a book's solution:
  // "fills d1, d2 and e2 with black stones", "encloses c4, d3 and d4". "" when its text says it all.
  virtual std::string move_words(Move m) const {
    (void)m;
    return "";
  }
  // Whether m exchanges the players instead of changing the board or the turn (the pie rule's swap
  // of sides: the player to move takes over the other colour, whose turn it then is again). A
  // solver's values are for the colours; for such a move the player who makes it gets the
  // opposite of its colour's value. The default: no move does.
  virtual bool exchanges_players(Move m) const {
    (void)m;
    return false;
  }
  // What diagram()'s status line says of the position besides the side to move or the result and
  // the ply, in its words ("swapped" once the pie swap is taken): facts that a picture of the board
  // cannot show, so the words under a drawn diagram say them too. The default says nothing.
  virtual std::vector<std::string> status_notes() const { return {}; }
  // What the status under a puzzle's diagram says after the side to play: status_notes() and
  // whatever else of the position decides which moves are legal or how soon the game ends, that
  // neither the picture nor those notes show ("swap available" where the pie swap is a legal move,
  // "ply 391 of 400" near a ply cap): a reader who sets the board up from a book must be told it.
  // The default: status_notes().
  virtual std::vector<std::string> puzzle_notes() const { return status_notes(); }
  // The position as its diagram shows it: the same board, side to move, ply and everything
  // puzzle_notes() states, without the record of earlier positions that a repetition rule
  // consults (it counts occurrences from here on). A puzzle is solved, certified and re-checked
  // from this state, so that its value never rests on a history the reader is not shown. Its
  // line() reads back. The default, for a game whose states keep no history, is a copy; a game
  // that keeps one must drop it here (the generators use the first implementation's).
  virtual std::unique_ptr<State> as_shown() const { return clone(); }

  // A step-by-step account of applying m here, for arbiters. Precondition: m parses here (it may
  // be illegal; the trace then says why).
  virtual std::string explain(Move m) const = 0;
  // The same from the move's text, so that a well-formed but ILLEGAL move can be explained too
  // (which rule forbids it). The default handles legal moves only; games override it to explain
  // illegal ones. Throws InputError for text that is not a move of this game at all.
  virtual std::string explain_text(std::string_view move_text) const { return explain(parse_move(move_text)); }

  // Texts of well-formed moves worth trying here, legal or not (a placement on every point, the
  // swap, a pass): `arbiter moves --why` lists each illegal one with the reason parse_move gives.
  // The default is the legal moves alone.
  virtual std::vector<std::string> candidate_moves() const;

  // Plays uniformly random legal moves to the end. The default goes through legal_moves/apply;
  // a fast implementation may override with an equivalent loop that avoids building move lists.
  virtual Outcome random_playout(Rng& rng);

  // Plays m like apply() and adds the signature-mechanic events it caused (Game::mechanics(),
  // by index) to `counts`, which has one entry per mechanic. `arbiter metrics` plays through this,
  // so it must be as cheap as apply() in the fast implementation. The default counts nothing.
  virtual void apply_counting(Move m, std::span<std::uint64_t> counts) {
    (void)counts;
    apply(m);
  }

  // --- What the puzzle generators need (generators/) ---
  // The name of the game's signature mechanic that legal move m uses here (a word or two, e.g.
  // "capture"), or "" when it uses none; puzzles record their key move's theme and can be
  // filtered by it. The default: no themes.
  virtual std::string move_theme(Move m) const {
    (void)m;
    return {};
  }

  // --- What the solver needs (solver/) ---
  // A 64-bit Zobrist key of everything that decides the rest of the game from here: the board,
  // the side to move, the ply where a ply cap or swap depends on it, and any history a repetition
  // rule consults. Equal keys mean equal futures (up to hash collisions, which the tests look for).
  virtual std::uint64_t key() const = 0;
  // The smallest key among the images of this position under the symmetries the game declares
  // (Game::symmetries), so that symmetric positions share one transposition-table entry.
  virtual std::uint64_t canonical_key() const { return key(); }
  // The position as text, up to what cannot change the rest of the game: two states whose texts
  // are equal have the same legal moves and outcome, now and after any same moves. The key's
  // counterpart that a certificate's checker uses (a node reached along two paths must be reached
  // at positions with equal texts), so it is exact, never a hash. The default is line(); a game
  // whose printed form holds something the future does not depend on (the order of a repetition
  // history whose rule only counts occurrences, a ply or a swap mark that no rule reads but through
  // what the key holds) writes that part in one canonical form or leaves it out, as its key does.
  // The text need not read back.
  virtual std::string equivalence_text() const { return line(); }
  // Makes this state a copy of `other`, which must come from the same implementation of the same
  // configured game; unlike clone() it does not allocate, so a search reuses one state per depth.
  virtual void copy_from(const State& other) = 0;
  // A rough count of the moves `side` still needs to win from here, used by the solver only to
  // order its search (never to decide anything), so any estimate is sound. Games without one
  // answer 1 for both sides.
  virtual int distance_to_win(int side) const {
    (void)side;
    return 1;
  }
  // The legal moves that win the game at once for the side to move, in legal-move order,
  // replacing what `out` held. The default plays every legal move on a copy; a fast
  // implementation may answer from the board (the conformance battery compares the two).
  virtual void winning_moves(std::vector<Move>& out) const;
  // Whether m (any code, as for apply_if_legal) is legal here and wins the game at once for the
  // side to move: the solver asks it of moves that won elsewhere, at every position it meets. The
  // default plays m on `scratch`, a state of the same implementation; a fast implementation may
  // answer from the board (the conformance battery compares the two).
  virtual bool wins_at_once_with(Move m, State& scratch) const;
  // Symmetry number s (1..Game::symmetries().size()) applied to this position and to a move of
  // it. Only called for declared symmetries; a game declaring none never sees these.
  virtual std::unique_ptr<State> symmetric_image(int symmetry) const;
  virtual Move symmetric_move(int symmetry, Move m) const;

  // --- Locality: what lets the solver prune by threats (solver/threat_zones.hpp) ---
  // A game whose moves act on a few cells can say which, so that a threat of the opponent's,
  // found once with the set of cells its win depends on (its zone), refutes at once every move
  // of the side to move that leaves the zone alone. The argument is in docs/solver.md ("Threat
  // zones"); a game that answers false to zones_apply() is never asked the rest.
  // Cells are numbered below 64 (bit i of a CellSet is cell i).
  using CellSet = std::uint64_t;
  // True only if, in this position and in every position play reaches from it:
  //  - a game ends only when one side has won (no draws, no ply cap), and a side has won exactly
  //    when the cells of a win_witness() of it hold what they hold here;
  //  - nothing but the cells and the side to move decides the rest of the game (no swap to come,
  //    no history, no counters), every legal move is a placement or a pass that changes no cell,
  //    and what a move does is decided by the cells of move_reads() and writers_into().
  virtual bool zones_apply() const { return false; }
  // The cells whose contents decide whether m (a move of the side to move, legal here) is legal
  // and what it does to the cells of `affected` (all of them by default): in a position that
  // agrees with this one on them, m is legal and leaves the cells of `affected` as it does here.
  virtual CellSet move_reads(Move m, CellSet affected = ~CellSet{0}) const {
    (void)m;
    (void)affected;
    return ~CellSet{0};
  }
  // The cells m (legal here) changes in this very position.
  virtual CellSet move_changes(Move m) const {
    (void)m;
    return ~CellSet{0};
  }
  // The moves that may change a cell of `zone`, and the cells that decide which they are: in
  // every position that agrees with this one on the cells returned (`zone` among them), a legal
  // move of the side to move that changes a cell of `zone` is one of `writers`, which are legal
  // here. The default: every legal move, deciding on the whole board.
  virtual CellSet writers_into(CellSet zone, std::vector<Move>& writers) const {
    (void)zone;
    legal_moves(writers);
    return ~CellSet{0};
  }
  // A finished game won by a side: cells whose contents alone make it that side's win (its chain).
  virtual CellSet win_witness() const { return ~CellSet{0}; }
  // An unfinished game: cells whose contents alone show that `side` has not won (a line of cells
  // without its stones across its way), taken from `prefer` where the game can.
  virtual CellSet no_win_witness(int side, CellSet prefer) const {
    (void)side;
    (void)prefer;
    return ~CellSet{0};
  }
  // Hands the turn to the other side without a move: not a move of the game, the hypothesis "if
  // the side to move passed" that a threat is found under. Only called where zones_apply().
  virtual void apply_null() {}
};

// One theme State::move_theme can name (Game::themes).
struct Theme {
  std::string name;
  // Every move with this theme ends the game at once with the mover's win (Brique's "fill-win").
  // A puzzle kind that excludes a win in one (within-K for K >= 2, wins) can then never have such
  // a key move; the generic test ThemesOfEveryGame checks the claim on random games.
  bool wins_at_once = false;
  // No move with this theme wins within the mover's one move: the game does not end with the
  // mover's win on it, nor on any reply before the mover moves again (Quentin's "forced-pass": the
  // opponent's only reply is a pass, and then the mover is to move). A within-1 puzzle can then
  // never have such a key move; the generic test ThemesOfEveryGame checks the claim too.
  bool never_wins_in_one = false;
  // What a move with this theme does, in words a book's reader knows from the game's reading
  // guide: "a fill completes ..." (the book prints it with a solution's theme).
  std::string meaning;
};

struct GameDescriptor;
struct Property;

// A game under one configuration.
class Game {
 public:
  Game(const GameDescriptor& descriptor, Config config)
      : descriptor_(&descriptor), config_(std::move(config)) {}
  virtual ~Game() = default;

  const GameDescriptor& descriptor() const { return *descriptor_; }
  const Config& config() const { return config_; }

  // Implementation names; the first is the fast engine that solvers and generators use, any
  // other (usually "reference") is a plain transcription of the rule text used to cross-check it.
  virtual std::vector<std::string> implementations() const = 0;
  // The implementation a certificate is re-checked on: "reference" where the game has one, as a
  // check should not rest on the engine that searched; else its only (or first) one.
  std::string checking_implementation() const {
    const std::vector<std::string> names = implementations();
    for (const std::string& name : names) {
      if (name == "reference") return name;
    }
    return names.front();
  }
  virtual std::unique_ptr<State> initial_state(std::string_view implementation = {}) const = 0;
  // Reads a diagram or a one-line form; throws InputError. A one-line form whose size or rulings
  // differ from this game's configuration is an error. Besides the game's own checks (read_position)
  // every game's opening is checked here by play: a position at ply 0 must be initial_state(), one
  // at ply 1 one legal move from it, and one at ply 2 with a status note (the swap, a pass) two
  // legal moves from it. Later plies cost nothing more.
  std::unique_ptr<State> parse_position(std::string_view text, std::string_view implementation = {}) const;
  // No game under this configuration lasts longer than this many plies.
  virtual int max_plies() const = 0;
  // The ply at which a ruling ends a game that play has not decided (a ply cap: Brochs' R-13,
  // Hexabrae's H-5b), or 0 where the rules end every game by themselves and max_plies() is only a
  // bound that play reaches (a full board). A puzzle must not rest on it (generators/).
  virtual int ply_cap() const { return 0; }
  // The board symmetries under which this configuration's rules are invariant, by name, identity
  // excluded (number s+1 in State::symmetric_image). The property suite checks each one by play.
  virtual std::vector<std::string> symmetries() const { return {}; }
  // The events that make this game what it is (Brique's fills, Brochs' captures), one short
  // name each, in the order State::apply_counting counts them; `arbiter metrics` reports how often
  // they occur. A game with nothing to count returns none.
  virtual std::vector<std::string> mechanics() const { return {}; }
  // Every theme State::move_theme can name under this configuration, so that a puzzle run asked
  // for a theme the game never produces (or one its kind excludes: Theme::wins_at_once and
  // Theme::never_wins_in_one) is refused
  // instead of searching forever. None by default.
  virtual std::vector<Theme> themes() const { return {}; }

 protected:
  // The game's reader behind parse_position: the format and every fact of the game's own that a
  // position must satisfy.
  virtual std::unique_ptr<State> read_position(std::string_view text, std::string_view implementation) const = 0;

 private:
  const GameDescriptor* descriptor_;
  Config config_;
};

// An example worked in a rule text, replayed by the tests and by `arbiter audit`.
struct SeedExample {
  std::string name;    // short identifier, e.g. "escorts"
  std::string source;  // where the text describes it, e.g. "seed 000, Examples: Escorts"
  std::string claim;   // what the text says happens
  int size = 0;
  std::vector<std::string> rulings;  // NAME=VALUE overrides, usually none
  std::string before;                // position (diagram or one-line)
  std::vector<std::string> moves;    // played in order
  bool last_move_legal = true;       // false: the last move must be rejected as illegal
  std::string after;                 // expected position after the moves ("" = not checked)
  std::string result;                // expected outcome_text() after the moves ("" = not checked)
};

struct GameDescriptor {
  std::string name;     // command-line name, lower case
  std::string title;    // "Brique (Luis Bolaños Mures, 2012)"
  std::string summary;  // one line
  std::array<std::string, 2> side_names;  // side 0 and side 1, e.g. {"Black", "White"}
  // The colour of each side's stones where a diagram stands a disc for a side (a book's numbered
  // moves, the marker before "Black to move"): "black", "white", or "" for a neutral grey disc.
  // By default side 0 is dark and side 1 light; a game whose side 0 plays the light stones says so.
  std::array<std::string, 2> stone_colours = {"black", "white"};
  int default_size = 0;
  std::string size_help;  // e.g. "2 to 26"
  std::function<bool(int)> size_ok;
  // The size a diagram implies (rows counted, for example); throws InputError if it implies none.
  std::function<int(std::string_view diagram)> diagram_size;
  // A board size as people name it ("7x7", "radius 4"); empty: the default, "NxN" (board_size_name).
  std::function<std::string(int size)> size_name;
  std::vector<Ruling> rulings;
  // How to read and solve the game's puzzles, for a book's reader who may not know the game and has
  // neither the program nor its documents: how a game is won, what a move does to the board (fills,
  // captures: whatever a puzzle's key move may use), how moves are written and what the marks on
  // its diagrams mean, under the rulings `config` holds (a book passes those its puzzles were proved
  // under, with the game's default size), their values said in words. A few short paragraphs, one a
  // line ('\n' between them). Words that state a ruling's answer are followed by its id in braces,
  // "{R-5}": a book marks them as Arbiter's ruling where that ruling's provenance is Invented (the
  // rule text is lost or silent there) and drops the mark otherwise (puzzles::guide_paragraphs).
  std::function<std::string(const Config& config)> reading_guide;
  // A position in words, for a reader who cannot see its diagram (a book writes it under each
  // diagram and in each SVG's <desc>): the side to move (none once the game is over), each side's
  // pieces by square, reserves where the game has them, in one short paragraph. Read from the
  // state's one-line form (State::line()). Empty: a book gives the one-line form itself.
  std::function<std::string(const State& state)> position_words;
  // The line printed under a text diagram (State::diagram) to read it by: the game's name and what
  // each mark and each item of the status line stands for, under the rulings `config` holds
  // ("Key (Brique): B a black stone, W a white stone, . an empty square"). Empty: no key line. The
  // size must not change it: a diagram pasted with its key is read before its size is known.
  std::function<std::string(const Config& config)> diagram_key;
  // What a note of State::puzzle_notes means, under the rulings `config` holds, for a book's reader
  // who meets it after the side to play ("swapped": the pie swap was taken); "" for a note whose
  // words say it all. Empty: every note says it all.
  std::function<std::string(const Config& config, const std::string& note)> note_meaning;
  std::function<std::unique_ptr<Game>(const GameDescriptor&, const Config&)> make;
  std::function<std::vector<SeedExample>()> seed_examples;
  // The game's own property suite (model/core/property.hpp); the generic ones are added by the driver.
  std::function<std::vector<Property>()> properties;
  std::function<std::vector<Claim>()> claims;  // empty: no claims to prove (arbiter prove)
  // The claims' turn encoding against the model: picks a move for `state` with the generator and
  // runs it through both (solver/encoding_differential.hpp). Empty: the game has no turn encoding.
  std::function<EncodingComparison(const Game&, const State&, Rng&)> compare_turn_encoding;
};

// Validates size and NAME=VALUE assignments against the descriptor and fills in defaults and the
// rulings an option sets (RulingOption::sets); throws InputError naming the bad size, ruling or
// value, or the two rulings when an assignment contradicts a ruling another one sets.
Config make_config(const GameDescriptor& game, int size, const std::vector<std::string>& assignments);
std::unique_ptr<Game> make_game(const GameDescriptor& game, int size,
                                const std::vector<std::string>& assignments = {});

// "name=value" of the ruling whose value in force sets ruling `name` (RulingOption::sets), or "".
std::string ruling_set_by(const GameDescriptor& game, const Config& config, const std::string& name);

// The board size as the game names it for people: its size_name, or "NxN" for a square board.
std::string board_size_name(const GameDescriptor& game, int size);

// For State::puzzle_notes of a game with a ply cap: "ply 391 of 400" when the cap is at most
// kPlyCapNearby plies away (more than the 8 plies of a win-in-4 puzzle's line), otherwise nothing.
inline constexpr int kPlyCapNearby = 20;
std::vector<std::string> ply_cap_note(int ply, int cap);
// Whether m is one of state's legal moves (for State::puzzle_notes: "swap available").
bool is_legal_move(const State& state, Move m);

// "Black wins", "draw", "ongoing", with the game's side names.
std::string outcome_text(const GameDescriptor& game, const Outcome& outcome);

// A side as a command line names it: its side_names entry in lower case ("black" for "Black"), the
// word `puzzles generate --to-move` takes and the store keeps. side_named reads one in any case;
// nothing for a word that names neither side.
std::string side_word(const GameDescriptor& game, int side);
std::optional<int> side_named(const GameDescriptor& game, std::string_view word);

// The rulings whose value differs from the default, as "name=value" tokens in ruling order; the
// tail every one-line position form carries.
std::vector<std::string> non_default_rulings(const GameDescriptor& game, const Config& config);
// Every ruling's value, defaults included, as "name=value" tokens in ruling order: what a verdict
// holds under, stated in full.
std::vector<std::string> rulings_in_force(const GameDescriptor& game, const Config& config);

}  // namespace arbiter

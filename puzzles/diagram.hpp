#pragma once
// What every diagram carries besides the board, drawn the same way for every game: the side to
// move or the result, a caption, a mark on the last move, numbered moves of a solution line, and
// coordinates that can be left out. Games supply the board (State::drawing) and where a move lands
// (State::move_anchor); everything here is generic.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "puzzles/puzzle.hpp"

namespace arbiter::puzzles {

struct NumberedMove {
  std::string label;  // "1", "2", ...
  MoveAnchor at;
  int mover = -1;     // the side that played it (0 or 1), -1 when not known
};

struct Decorations {
  bool coordinates = true;
  std::string status;         // the line under the board: "Black to move", "White wins"
  std::string status_colour;  // colour of the disc before it ("" for none): the side it names
  // The rulings the position was drawn under that differ from the game's defaults
  // (rulings_line), under the status: a result or a legal move can hang on them, and the board
  // alone does not show them. "" under the defaults.
  std::string rulings;
  std::string caption;        // a line of the caller's own, "" for none
  std::optional<MoveAnchor> last_move;
  // With last_move: where its piece came from (a faint square) and what it removed (a cross on
  // each place), from State::move_trace; a key under the status names the marks drawn. Its
  // `changed` places (a diamond each, what a fill took) are drawn with or without last_move: a
  // book's solution sets them to its line's (PlayedLine::changed) with no last move.
  MoveTrace last_trace;
  std::vector<NumberedMove> numbers;
  // The colour of each side's numbered discs, as side_colour gives it ("black", "white", or ""
  // for a neutral disc): a numbered stone must still show whose it is, as in a go book.
  std::array<std::string, 2> mover_colours;
  // The font size of the band under the board (status and caption), in the drawing's units; 0 for
  // 3.6% of the picture's width (about 9 pt when it prints 90 mm wide). A book whose diagrams
  // print smaller sets it larger, so that the band still prints at a readable size.
  double band_font = 0;
  // The band's width in the drawing's units, 0 for the board's: a book whose box has room beside a
  // tall board lets the band use it (fewer lines under the board leave it more of the box's height).
  double band_width = 0;
  // The least font size of the move numbers, in the drawing's units; 0 for the size their place
  // allows. A book sets it so that they print readably: a badge grows past its place for it.
  double number_font = 0;
};

// "Black to move" or the result ("White wins", "draw"), with the game's side names, and what else
// the game's own status line says of the position ("White to move, swapped": State::status_notes)
// but the notes in `unsaid` (a book's result sentence leaves out those the position had before
// the last move: they are not why the game ended).
std::string side_status(const GameDescriptor& game, const State& state, const std::vector<std::string>& unsaid = {});
// Decorations with the status line of `state` filled in: side_status, and the disc of the side it
// names (the winner, or the side to move; none for a draw).
Decorations status_decorations(const GameDescriptor& game, const State& state);
// "Rulings: opponent-chain=mover-wins, pie=off": the rulings of `config` that differ from the
// game's defaults, named as its ruling descriptors name them, for Decorations::rulings; "" when
// every ruling is at its default.
std::string rulings_line(const GameDescriptor& game, const Config& config);
// The colour a side's disc is drawn in: the game's GameDescriptor::stone_colours ("black",
// "white", or "" for a neutral disc).
std::string side_colour(const GameDescriptor& game, int side);
// side_colour of both sides, for Decorations::mover_colours.
std::array<std::string, 2> side_colours(const GameDescriptor& game);

// The board drawing with the decorations added: a band under it for the status and caption,
// marks and numbers over it. A numbered move's disc has its mover's colour (a black disc with a
// white number for a side with black stones, a white disc with a black number for white
// stones); a side whose stone colour is "", and a disc shared by moves of both sides ("2,5"), get
// a neutral grey one.
Drawing decorate(Drawing board, const Decorations& decorations);

// Two diagrams next to each other, the right one scaled to the left one's width, in one drawing.
Drawing side_by_side(const Drawing& left, const Drawing& right);

// A line of moves played from a position: the position it reaches and each move's number at the
// place it lands. Moves without a place (a pass, the swap) are listed by number in `unplaced`
// ("3 pass"). Throws InputError for a move that is not legal where it is played.
struct PlayedLine {
  std::unique_ptr<State> end;
  std::vector<NumberedMove> numbers;
  std::vector<std::string> unplaced;
  std::optional<MoveAnchor> last_anchor;  // where the last move landed, if it has a place
  MoveTrace last_trace;                   // where its piece came from, what it removed
  // The places the line's moves filled or turned besides where they landed (MoveTrace::changed),
  // but those a later move landed on, and what the last move to change any calls them.
  std::vector<MoveAnchor> changed;
  std::string changed_words;
  std::string last_text;                  // the last move as written, "" for an empty line
  std::string last_words;                 // what it did that its text leaves out (State::move_words)
};
PlayedLine play_line(const State& start, const std::vector<std::string>& moves);

// A stored puzzle's main line played from its position (`start`). The store holds whatever was
// written into it, so the book that draws the line and `puzzles verify` and `show` that vouch for
// it all check it here: throws InputError saying what is wrong ("its main line does not play:
// illegal move ...", or that it does not begin with the key move).
PlayedLine play_main_line(const Puzzle& puzzle, const State& start);

}  // namespace arbiter::puzzles

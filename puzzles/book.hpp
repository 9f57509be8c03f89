#pragma once
// Puzzle books: a set of verified puzzles typeset as book.html (print CSS, inline SVG, no network),
// book.pdf (Cairo) and book.tex (LaTeX, TikZ diagrams), all from the same diagrams, plus a PNG of
// every diagram. Generic: each puzzle names its game, and the game draws its board
// (State::drawing, State::move_anchor).
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/core/game.hpp"
#include "puzzles/puzzle.hpp"

namespace arbiter::puzzles {

struct BookOptions {
  std::string title = "Puzzles";
  std::string subtitle;  // one line under the title ("GAME, difficulty 2-4"), may be empty
  // True when the caller re-checked every puzzle's certificate and main line before
  // (generators::check_without_search, as `arbiter book` does): the title page then says so,
  // naming this arbiter's version.
  bool rechecked = false;
  // The title page's account of what was proved and which code proved and re-checked it
  // (certificates, SHA-256, versions) goes to a last page of its own instead ("--provenance back":
  // a book for children opens with the puzzles).
  bool provenance_at_back = false;
  // book.pdf's and book.tex's paper, and book.html's printed page (its @page size); the layout
  // fits the printable area both papers share.
  enum class Paper { A4, Letter };
  Paper paper = Paper::A4;
  // False: the puzzles without their solution pages (nor solution PNGs).
  bool solutions = true;
  // Called after each puzzle of each stage ("diagrams", "pdf", "png"); it may throw to stop the
  // book (the files already written are then incomplete and are rewritten by the next run).
  std::function<void(const std::string& stage, int done, int total)> progress;
};

struct BookFiles {
  std::string html;
  std::string pdf;
  std::string tex;                  // book.tex: the same book as LaTeX with TikZ diagrams
  std::vector<std::string> images;  // one PNG per diagram: puzzles first, then solutions
  int pdf_pages = 0;
  int diagrams = 0;                 // problem diagrams (one per puzzle)
};

// Puzzles a page in the PDF and the HTML, and solutions a page.
inline constexpr int kPuzzlesPerPage = 6;
inline constexpr int kSolutionsPerPage = 4;

// What a puzzle's difficulty measures and what it compares, as the title page of a book of `games`
// games says it (docs/puzzles.md, "Difficulty"): a mixed book's subtitle "47 puzzles, difficulty
// 1-3" read as one scale across games, and a level 1 of one game was the hardest of the book to
// solve by hand. A book of one game says that a level compares one kind of its puzzles.
std::string difficulty_meaning(std::size_t games);
// The difficulties the puzzles have, as a book's subtitle gives them: "difficulty 2" or
// "difficulty 1-3" for puzzles of one game; per game for several, in the order of their names
// ("difficulty by game: GAME 1-3, OTHER 1"), since a level compares one game's puzzles only.
std::string difficulty_range(const std::vector<Puzzle>& puzzles);

// "Black to play and win in 2", "White to play and win".
std::string task_text(const Puzzle& puzzle, const std::string& side_name);

// Why a stored wrong move fails, as `puzzles show` and the book's solutions print it: the stored
// sentence, with the stored answer named where replaying it ends the game with the answerer's win
// ("c1 does not win at once: Black answers e2 and wins." in a win in one, whose stored sentence
// names no answer; "After d1, Black answers d5 and wins." for a sentence of a store written before
// s48 that said only that the mover cannot win within K). `start` is the puzzle's position.
std::string wrong_move_text(const Puzzle& puzzle, const State& start, const Refutation& wrong);
// What the wrong move does that its text does not say, in brackets ("(fills d2 with a black stone) "),
// or nothing (a move that does not play here: a store older than its rules): a wrong move has no
// diagram, and its fills went unsaid.
std::string wrong_move_does(const State& start, const std::string& move);
// Both, as a book and `puzzles show` give a wrong move after naming it ("d1?", "wrong: d1 — "), so
// without the move the text opens with: "(fills d2 with a black stone) Black answers d5 and wins.",
// "Does not win at once." ("d1? d1 does not win at once." named it twice).
std::string wrong_move_words(const Puzzle& puzzle, const State& start, const Refutation& wrong);

// The rulings a puzzle was proved under that differ from its game's defaults, "name=value" in
// ruling order (none for a puzzle under the defaults). Throws InputError for a game or ruling
// the program does not know (a store written by other code).
std::vector<std::string> differing_rulings(const Puzzle& puzzle);
// The same joined by `separator`, or "default" for none: `puzzles list` and `show` print it.
std::string rulings_text(const Puzzle& puzzle, const std::string& separator);

// A ruling in force, "NAME=VALUE", as a book's rules page says it, for a reader without the program:
// the ruling's question, "Here, " and the value's words (RulingOption::reader, else its meaning),
// then its id and the assignment: "... Here, the player who made the move wins (Q-5
// opponent-chain=mover-wins)". An assignment the game does not know is given as it is.
std::string ruling_with_meaning(const GameDescriptor& game, const std::string& assignment);

// A game's reading guide (GameDescriptor::reading_guide) under `config`, as a book prints it: its
// paragraphs, each ruling it marks "{R-5}" written "(Arbiter's ruling R-5)" where the ruling's
// provenance is Invented (a gap of the rule text) and dropped otherwise. Throws std::logic_error
// for a mark that names no ruling of the game.
inline constexpr const char* kGapMark = "(Arbiter's ruling";
std::vector<std::string> guide_paragraphs(const GameDescriptor& game, const Config& config);
// The sentence a rules page adds after the guide when a paragraph carries such a mark, the first
// mark its example ("A rule followed by a mark such as (Arbiter's ruling R-5) is not the game's:
// ..."); "" when none does. `arbiter rules GAME --summary` prints it as the book does.
std::string gap_mark_note(const std::vector<std::string>& paragraphs);

// A decorated diagram that prints `width_mm` wide with the game's labels (coordinates, field names)
// set at least as large as a book sets them, 6 pt, where they have room on what they stand on
// (`arbiter render`: 15x15 coordinates printed at 5.2 pt). The picture keeps its width.
Drawing with_book_sized_labels(Drawing drawing, double width_mm);

// A file of the book that could not be written, renamed or removed (a full disk, a directory in a
// PNG's place): not bad input, so `arbiter book` exits 1 for it, as `solve --proof` does for a
// certificate it cannot write, and keeps 2 for input it refuses.
class BookWriteError : public std::runtime_error {
 public:
  explicit BookWriteError(const std::string& message) : std::runtime_error(message) {}
};

// Writes the book into `folder` (created if missing). Throws InputError for an empty puzzle list,
// a folder that cannot be created, or a puzzle whose game, position or line does not read back (a
// store written by other code); BookWriteError for a file it cannot write.
BookFiles write_book(const std::vector<Puzzle>& puzzles, const std::string& folder, const BookOptions& options = {});

}  // namespace arbiter::puzzles

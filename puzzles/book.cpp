#include "puzzles/book.hpp"

#include <cairo-pdf.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/text.hpp"
#include "model/core/version.hpp"
#include "model/registry.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/fonts.hpp"
#include "puzzles/image.hpp"
#include "puzzles/svg.hpp"
#include "puzzles/tikz.hpp"

namespace arbiter::puzzles {
namespace {

namespace fs = std::filesystem;

// One puzzle made ready for both outputs: texts and the two diagrams.
struct Entry {
  int number = 0;
  std::string task;      // "Black to play and win in 2"
  std::string details;   // "Difficulty 2/5 · GAME 7x7": the puzzle's line gives no hint of the solution
  std::string board;     // "GAME 7x7": the game and board, which the PDF's outline names
  std::string theme;     // "Theme: fill." under the solution's line, or "" for none
  std::string store_id;  // "store id 17" (for `puzzles show 17`), or "" for a puzzle not from a store
  std::string rulings;   // "Rulings: edges-count=yes" when they differ from the game's defaults, else ""
  PictureSubject subject;  // the game, board and rulings in force, which its PNGs and book.pdf record
  int difficulty = 0;
  Drawing problem;
  Drawing solution;
  // The positions in words (GameDescriptor::position_words), for a reader who cannot see the
  // diagrams: the puzzle's under its diagram, the paragraph its <svg> in book.html is described by
  // (aria-describedby); the solution's end position in its SVG's <desc>, after its status.
  std::string problem_words;
  std::string solution_words;
  // The room the problem's diagram takes in its boxes: the boxes less the lines of problem_words.
  double html_diagram_mm = 0, pdf_diagram_mm = 0;
  // What the two diagrams are drawn from (the boards and their decorations), so that they can be
  // drawn again at their group's scale (one_scale_a_board).
  Drawing problem_board, solution_board;
  Decorations problem_marks, solution_marks;
  // Millimetres a drawing unit prints at, the same for every diagram of one game and board in the
  // book (one_scale_a_board): in book.html (and the PNGs), book.pdf and book.tex.
  struct Scales {
    double html = 0, pdf = 0, tex = 0;
  };
  Scales problem_scale, solution_scale;
  // "1 c3!  2 d4  3 e5", each move followed by what it does that its text leaves out
  // (State::move_words: "1 e5! (fills d5 with a white stone)"), which the diagram shows.
  std::string main_line;
  std::string result;    // the line's end as its diagram's status says it: "White wins, enclosure."
  std::vector<std::pair<std::string, std::string>> wrong_moves;  // ("b2?", "why it fails")
};

// What the page after the title says of one game: the rules and rulings the puzzles were proved
// under, and how to read them (the game's own words: GameDescriptor::reading_guide).
struct GameIntro {
  std::string heading;  // GameDescriptor::title: the name, then its origin in parentheses
  std::string rules;    // "Rules: ..., summarised below; every puzzle of this game holds under them.", with the rulings that differ
  std::vector<std::string> guide;  // its paragraphs (the reading guide's lines)
};
constexpr const char* kAboutHeading = "Rules, rulings and notation";
constexpr const char* kProvenanceHeading = "How these puzzles were proved";  // BookOptions::provenance_at_back

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

// ---- Printed sizes ------------------------------------------------------------------------

// Pages: book.pdf and book.html's printed pages are A4 or US Letter (BookOptions::paper); both lay
// their pages out in the printable area that the two share with 15 mm margins, 180 x 249 mm (A4 is
// 180 mm wide, Letter 249 mm high), so that either prints on the other paper too; book.pdf's 15 mm
// from the top and centred across (a book.pdf laid out on A4's 267 mm printed on Letter lost its
// bottom lines and page numbers).
constexpr double kMargin = 42.5;  // 15 mm
constexpr double kContentWidth = 180 * kPointsPerMm, kContentHeight = 249 * kPointsPerMm;
struct PaperSize {
  double width, height;  // points
};
PaperSize paper_size(BookOptions::Paper paper) {
  return paper == BookOptions::Paper::Letter ? PaperSize{612, 792} : PaperSize{595.28, 841.89};
}

// The box a diagram is fitted into (as large as fits, its proportions kept), in millimetres.
struct Box {
  double width_mm, height_mm;
};
// book.html: the puzzles' diagrams at most 80 x 66 mm, so that three rows with their task and
// details lines fit 249 mm; the solutions' at most 70 x 52 mm, so that four with the heading fit.
constexpr Box kHtmlPuzzleBox{80, 66};
constexpr Box kHtmlSolutionBox{70, 52};
// book.pdf: two columns 20 pt apart, three rows with 40 pt for the texts;
// four solutions under a 30 pt heading, 12 pt apart, 170 pt wide.
constexpr double kPdfColumn = (kContentWidth - 20) / 2, kPdfRow = kContentHeight / 3;
constexpr double kPdfSolutionSlot = (kContentHeight - 30) / 4, kPdfSolutionWidth = 170;
constexpr Box kPdfPuzzleBox{kPdfColumn / kPointsPerMm, (kPdfRow - 40) / kPointsPerMm};
constexpr Box kPdfSolutionBox{kPdfSolutionWidth / kPointsPerMm, (kPdfSolutionSlot - 12) / kPointsPerMm};

// The band under a diagram (side to move, result, caption) prints at least this large in the
// book, a long status at least four fifths of it (diagram.hpp): 7.5 pt and 6 pt.
constexpr double kBandPoints = 7.5;

// A puzzle's position in words (Entry::problem_words) prints under its diagram at this size; its
// lines are taken from the diagram's box, so that the page keeps its three rows. A line is about
// kPositionLineChars characters in the PDF's and the printed HTML's columns (DejaVu Sans at 7 pt
// in 80 mm: "b1, " runs about 0.55 em a character), counted low so that it rather leaves room.
constexpr double kPositionPoints = 7;
constexpr int kPositionLineChars = 60;
double position_height_mm(const std::string& words) {
  const int lines = static_cast<int>((words.size() + kPositionLineChars - 1) / kPositionLineChars);
  return (lines * kPositionPoints * 1.3 + 3) / kPointsPerMm;
}

// Millimetres a drawing unit prints at when the drawing fills as much of `box` as fits.
double fit_scale(const Drawing& drawing, const Box& box) {
  return std::min(box.width_mm / drawing.width, box.height_mm / drawing.height);
}

// Millimetres a drawing unit prints at in the smaller of its two boxes (HTML and PDF).
double mm_per_unit(const Drawing& drawing, const Box& html, const Box& pdf) {
  return std::min(fit_scale(drawing, html), fit_scale(drawing, pdf));
}

// The game's own labels (coordinates, field names) print at least this large in the book where
// they have room (the key under a picture prints at the band's size, kBandPoints).
constexpr double kLabelPoints = 6;

// The box a label takes, about: DejaVu Sans averages a little over half an em a character, and
// glyphs stay within half an em of the middle line. A label anchored at its left end usually has
// a key (a swatch, a disc) in the em and a half before it, which counts as its own.
struct LabelBox {
  double left, top, right, bottom;
  bool meets(const LabelBox& other) const {
    return left < other.right && other.left < right && top < other.bottom && other.top < bottom;
  }
};
LabelBox label_box(const Shape& label, double size) {
  const double wide = 0.58 * size * static_cast<double>(label.text.size()), x = label.points[0].first, y = label.points[0].second;
  const double high = 0.8 * size;  // letters and digits stand about 0.73 em high
  if (label.text_from_left) return {x - 1.5 * size, y - high / 2, x + wide, y + high / 2};
  return {x - wide / 2, y - high / 2, x + wide / 2, y + high / 2};
}

LabelBox bounds_of(const Shape& s) {
  LabelBox bounds{s.points[0].first, s.points[0].second, s.points[0].first, s.points[0].second};
  for (const auto& [x, y] : s.points) {
    bounds = {std::min(bounds.left, x), std::min(bounds.top, y), std::max(bounds.right, x), std::max(bounds.bottom, y)};
  }
  return bounds;
}

bool holds(const LabelBox& outer, const LabelBox& inner) {
  return outer.left <= inner.left && outer.top <= inner.top && outer.right >= inner.right && outer.bottom >= inner.bottom;
}

// A label's own plate: the filled polygon drawn for it (role "<label's role>-tag", drawing.hpp)
// that holds it whole as drawn. It grows with its label.
std::optional<std::size_t> plate_of(const Drawing& drawing, const Shape& label) {
  const LabelBox was = label_box(label, label.font_size);
  for (std::size_t i = 0; i < drawing.shapes.size(); ++i) {
    const Shape& s = drawing.shapes[i];
    if (s.kind == Shape::Kind::Polygon && !s.points.empty() && s.role == label.role + "-tag" && holds(bounds_of(s), was)) return i;
  }
  return std::nullopt;
}

// Where a label may grow: within the picture (widened up to `max_width`), and, unless it has a
// plate of its own (which it takes along) or a halo (a stroke on text, drawn under its letters:
// it reads on whatever it grows over), within the bounds of every filled polygon that held it
// whole as drawn (a square), so that it stays on what it was drawn on.
LabelBox room_of(const Drawing& drawing, const LabelBox& was, double max_width, bool plated) {
  LabelBox room{0, 0, max_width, drawing.height};
  for (const Shape& s : drawing.shapes) {
    if (plated) break;
    if (s.kind != Shape::Kind::Polygon || s.points.empty() || s.fill == "none") continue;
    const LabelBox bounds = bounds_of(s);
    if (holds(bounds, was)) {
      room = {std::max(room.left, bounds.left), std::max(room.top, bounds.top), std::min(room.right, bounds.right),
              std::min(room.bottom, bounds.bottom)};
    }
  }
  return room;
}

// The game's labels set larger where they would print under kLabelPoints at `mm_per_unit`. Labels
// of one kind (one role and size: the coordinates, the field names) grow together, to the largest
// least size (up to kLabelPoints) at which none of them comes to overlap another label or to leave
// its room (room_of: the square it is on, the picture, which may widen up to `max_width`) where it
// did not before; one kind after another. A label's plate grows with it. Generic: the game drew its
// labels for a picture 9 cm wide, and a book prints some diagrams at half that width. The band
// (status, caption) is sized by decorate_for_print, and numbered moves fit their discs.
Drawing with_printable_labels(Drawing drawing, double mm_per_unit, double max_width) {
  struct Label {
    std::size_t shape;
    double was, least = 0;  // its font size as drawn; the least size (points) its kind grows to
    LabelBox room;          // room_of its box as drawn
    std::optional<std::size_t> plate;
  };
  std::vector<Label> labels;
  std::map<std::pair<std::string, double>, std::vector<std::size_t>> kinds;  // indexes into labels
  for (std::size_t i = 0; i < drawing.shapes.size(); ++i) {
    const Shape& s = drawing.shapes[i];
    if (s.kind == Shape::Kind::Text && !s.points.empty() && !s.text.empty() && s.role != "status" && s.role != "caption" &&
        s.role != "move-number") {
      kinds[{s.role, s.font_size}].push_back(labels.size());
      const auto plate = plate_of(drawing, s);
      const bool haloed = s.stroke_width > 0 && s.stroke != "none";
      labels.push_back({i, s.font_size, 0, room_of(drawing, label_box(s, s.font_size), max_width, plate.has_value() || haloed), plate});
    }
  }
  const double unit_points = mm_per_unit * kPointsPerMm;
  const auto size_of = [&](const Label& label) {
    // 1% over, as the band: an SVG writes sizes to two decimals, which took 5.98 pt from 6.
    return std::max(label.was, label.least * 1.01 / unit_points);
  };
  const auto box_of = [&](const Label& label, double size) { return label_box(drawing.shapes[label.shape], size); };
  const auto inside = [](const LabelBox& box, const LabelBox& room) {
    return box.left >= room.left && box.top >= room.top && box.right <= room.right && box.bottom <= room.bottom;
  };
  const auto fits = [&](const std::vector<std::size_t>& kind, double least) {
    for (const std::size_t a : kind) {
      Label grown_label = labels[a];
      grown_label.least = least;
      const LabelBox grown = box_of(grown_label, size_of(grown_label)), was = box_of(labels[a], labels[a].was);
      if (!inside(grown, labels[a].room) && inside(was, labels[a].room)) return false;
      for (std::size_t b = 0; b < labels.size(); ++b) {
        if (b == a) continue;
        const Label& other = labels[b];
        const double other_size = std::find(kind.begin(), kind.end(), b) != kind.end() ? size_of(grown_label) * other.was / labels[a].was
                                                                                        : size_of(other);
        if (grown.meets(box_of(other, other_size)) && !was.meets(box_of(other, other.was))) return false;
      }
    }
    return true;
  };
  for (const auto& [key, kind] : kinds) {
    double low = 0, high = kLabelPoints;  // in points: `low` fits (nothing grows), `high` may not
    if (!fits(kind, high)) {
      for (int step = 0; step < 10; ++step) {
        const double middle = (low + high) / 2;
        (fits(kind, middle) ? low : high) = middle;
      }
      high = low;
    }
    for (const std::size_t i : kind) labels[i].least = high;
  }
  // A label that grew past the right edge widens the picture (into room its box leaves free).
  double right = drawing.width;
  for (const Label& label : labels) {
    const double size = size_of(label);
    drawing.shapes[label.shape].font_size = size;
    drawing.shapes[label.shape].stroke_width *= size / label.was;  // a halo grows with its letters
    if (label.plate && size > label.was) {
      const auto [x, y] = drawing.shapes[label.shape].points[0];
      for (auto& [px, py] : drawing.shapes[*label.plate].points) {
        px = x + (px - x) * size / label.was;
        py = y + (py - y) * size / label.was;
      }
    }
    if (size > label.was) right = std::max(right, box_of(label, size).right + size / 2);
  }
  drawing.width = std::min(right, max_width);
  return drawing;
}

// The board decorated with its band set large enough to print at kBandPoints in its boxes: the
// band's size depends on the scale and the scale on the band's height, so it is set a few times.
// With `at_most` (millimetres a unit, 0 for none), for a diagram that prints at that scale rather
// than as large as its boxes allow (one_scale_a_board).
Drawing decorate_for_print(const Drawing& board, Decorations decorations, const Box& html, const Box& pdf, double at_most = 0) {
  const auto scale_of = [&](const Drawing& drawing) {
    const double fits = mm_per_unit(drawing, html, pdf);
    return at_most > 0 ? std::min(fits, at_most) : fits;
  };
  Drawing out = decorate(board, decorations);
  for (int round = 0; round < 6; ++round) {
    const double font = decorations.band_font > 0 ? decorations.band_font : board.width * 0.036;
    const double scale = scale_of(out);
    const double least_number = kLabelPoints / kPointsPerMm / scale;  // numbers: kLabelPoints, as the game's labels
    // Half of the 1% margin kept: an SVG writes sizes to two decimals.
    if (font * scale * kPointsPerMm >= kBandPoints - 1e-6 && decorations.number_font >= least_number * 1.005) break;
    decorations.band_font = std::max(font, kBandPoints / kPointsPerMm / scale * 1.01);
    decorations.number_font = std::max(decorations.number_font, least_number * 1.01);
    decorations.band_width = std::min(html.width_mm, pdf.width_mm) / scale * 0.98;
    out = decorate(board, decorations);
  }
  // The picture may grow wider up to the width at which it would print smaller: a tall diagram
  // leaves its box room at the side.
  const double scale = scale_of(out);
  return with_printable_labels(std::move(out), scale, std::min(html.width_mm, pdf.width_mm) / scale);
}

// "Black answers d5 and wins", where replaying the wrong move and the stored answer shows that the
// answer ends the game with the answerer's win. Nothing for a move that exchanges the players
// (whose sentence names the exchange), an answer that does not play, or any other end.
std::optional<std::string> answer_wins(const GameDescriptor& game, const State& start, const Refutation& wrong) {
  if (wrong.defence.empty()) return std::nullopt;
  try {
    const Move move = start.parse_move(wrong.move);
    if (start.exchanges_players(move)) return std::nullopt;
    auto after = start.clone();
    after->apply(move);
    const int answerer = after->side_to_move();
    if (after->is_terminal() || answerer == start.side_to_move()) return std::nullopt;
    const Move answer = after->parse_move(wrong.defence.front());
    // What the answer does that its text does not say, as every move of a solution has it: "White
    // answers e4 and wins" hid that e4 filled the square that won.
    const std::string does = after->move_words(answer);
    after->apply(answer);
    if (!after->is_terminal() || after->outcome().kind != Outcome::Kind::Win || after->outcome().winner != answerer) return std::nullopt;
    return game.side_names.at(static_cast<std::size_t>(answerer)) + " answers " + wrong.defence.front() +
           (does.empty() ? "" : " (" + does + ")") + " and wins";
  } catch (const InputError&) {
    return std::nullopt;  // a stored move that does not play: the stored sentence stands
  }
}

// "N move", its `mark` ("!" for a key move) and in brackets what it does that its text does not
// say (State::move_words: "fills d5 with a white stone"), then the `notes`; the move is played on
// `state`. A solution's main line and a wrong move's losing line both read so: "2 a5 3 d4 4 e4"
// left out that 4 e4 filled the square that decided the game.
std::string numbered_move(State& state, std::size_t number, const std::string& text, const std::string& mark,
                          const std::vector<std::string>& notes) {
  const Move move = state.parse_move(text);
  std::vector<std::string> said;
  if (const std::string does = state.move_words(move); !does.empty()) said.push_back(does);
  said.insert(said.end(), notes.begin(), notes.end());
  state.apply(move);
  return std::to_string(number) + " " + text + mark + (said.empty() ? "" : " (" + join(said, "; ") + ")");
}

// Said after the defender's first reply on a solution's main line, where it had others.
constexpr const char* kEveryReplyLoses = "every reply loses";

Entry prepare(const Puzzle& puzzle, int number) {
  const GameDescriptor& game = find_game(puzzle.game);
  const auto configured = make_game(game, puzzle.size, puzzle.rulings);
  std::unique_ptr<State> start;
  try {
    start = configured->parse_position(puzzle.position);
  } catch (const InputError& error) {
    throw InputError("puzzle " + std::to_string(puzzle.id) + ": its position does not read back: " + error.what());
  }
  const int mover = start->side_to_move();
  const std::string mover_name = game.side_names.at(static_cast<std::size_t>(mover));
  Entry entry;
  entry.number = number;
  entry.task = task_text(puzzle, mover_name);
  entry.difficulty = puzzle.difficulty;
  // The board as the game names it in its drawing's title ("GAME 7x7", "GAME, radius 3").
  const Drawing board = start->drawing();
  const std::string board_name = board.title.substr(0, board.title.find(':'));
  entry.board = board_name;
  entry.details = "Difficulty " + std::to_string(puzzle.difficulty) + "/5 · " + board_name;
  // The theme names the solution's mechanic, so it is said with the solution (a line "... ·
  // fill-win" under each puzzle gave the solution away), with what it means, which the game's
  // Theme::meaning words for the reader: "Theme: fill-win (a square ... completes ...)." A theme
  // the game no longer declares is named alone.
  if (!puzzle.theme.empty()) {
    entry.theme = "Theme: " + puzzle.theme;
    for (const Theme& theme : configured->themes()) {
      if (theme.name == puzzle.theme && !theme.meaning.empty()) entry.theme += " (" + theme.meaning + ")";
    }
    entry.theme += ".";
  }
  if (puzzle.id > 0) entry.store_id = "store id " + std::to_string(puzzle.id);

  entry.rulings = rulings_line(game, configured->config());
  entry.subject = picture_subject(game, configured->config());

  // The status says what else decides the legal moves (a swap still open, a near ply cap).
  Decorations problem;
  problem.status = mover_name + " to play";
  for (const std::string& note : start->puzzle_notes()) problem.status += ", " + note;
  problem.status_colour = side_colour(game, mover);
  const auto words_of = [&](const State& state, const std::vector<std::string>& notes) {
    std::string words = game.position_words ? game.position_words(state) : state.line();
    if (!notes.empty()) words += " " + capitalised(join(notes, ", ")) + ".";
    return words;
  };
  entry.problem_words = words_of(*start, start->puzzle_notes());
  // At least half the box is kept for the diagram (a long list runs under it, set smaller in the PDF).
  const double words_mm = position_height_mm(entry.problem_words);
  entry.html_diagram_mm = std::max(kHtmlPuzzleBox.height_mm / 2, kHtmlPuzzleBox.height_mm - words_mm);
  entry.pdf_diagram_mm = std::max(kPdfPuzzleBox.height_mm / 2, kPdfPuzzleBox.height_mm - words_mm);
  entry.problem = decorate_for_print(board, problem, Box{kHtmlPuzzleBox.width_mm, entry.html_diagram_mm},
                                     Box{kPdfPuzzleBox.width_mm, entry.pdf_diagram_mm});
  entry.problem_board = board;
  entry.problem_marks = problem;

  PlayedLine line;
  try {
    line = play_main_line(puzzle, *start);
  } catch (const InputError& error) {
    throw InputError("puzzle " + std::to_string(puzzle.id) + ": " + error.what());
  }
  // The status of the line's end as every other picture gives it: the result with the winner's
  // disc (and why the game ended), or, for a line that stops short of the end, the side to move.
  Decorations solution = status_decorations(game, *line.end);
  if (!line.unplaced.empty()) solution.caption = "Off the board: " + join(line.unplaced, ", ");
  solution.numbers = line.numbers;
  solution.last_trace.changed = line.changed;
  solution.last_trace.changed_words = line.changed_words;
  solution.mover_colours = side_colours(game);
  entry.solution_board = line.end->drawing();
  entry.solution_marks = solution;
  entry.solution = decorate_for_print(entry.solution_board, solution, kHtmlSolutionBox, kPdfSolutionBox);

  std::vector<std::string> numbered;
  auto replay = start->clone();  // play_main_line has played the line: every move is legal
  // The defender's first reply where it had others is followed by words that say every reply loses:
  // the line shows one that holds out longest (the generator's choice), and a reader should not
  // take it for the only one, nor look for a better one.
  bool first_reply = true;
  std::vector<Move> replies;
  // The notes the position had before the line's last move (without a move, the puzzle's own).
  std::vector<std::string> standing = line.end->status_notes();
  for (std::size_t i = 0; i < puzzle.main_line.size(); ++i) {
    if (i + 1 == puzzle.main_line.size()) standing = replay->status_notes();
    std::vector<std::string> notes;
    if (i > 0 && first_reply && replay->side_to_move() != mover) {
      first_reply = false;
      replay->legal_moves(replies);
      if (replies.size() > 1) notes.push_back(kEveryReplyLoses);
    }
    numbered.push_back(numbered_move(*replay, i + 1, puzzle.main_line[i], i == 0 ? "!" : "", notes));
  }
  entry.main_line = join(numbered, "  ");
  // The result as a sentence says who won and why the game ended (the notes the last move brought),
  // not again a note of the position before it, which the puzzle's status gave and the diagram's
  // repeats: "White wins, swapped." read as though the swap had decided the game.
  entry.result = capitalised(side_status(game, *line.end, standing)) + ".";
  entry.solution_words = entry.result + " " + words_of(*line.end, {});  // read for the diagram, so in the same words
  for (const Refutation& wrong : puzzle.refutations) entry.wrong_moves.push_back({wrong.move + "?", wrong_move_words(puzzle, *start, wrong)});
  return entry;
}

// book.tex: a puzzle's diagram at most 80 mm wide and 68 mm high (62 on Letter, whose text is 18 mm
// shorter: three rows of 78 mm fit it), less the lines of its position in words; a solution's at
// most 60 x 55 mm.
double tex_diagram_mm(const Entry& e, BookOptions::Paper paper) {
  const double diagram_mm = paper == BookOptions::Paper::Letter ? 62 : 68;
  return std::max(diagram_mm / 2, diagram_mm - position_height_mm(e.problem_words));
}
constexpr Box kTexSolutionBox{60, 55};

// Every diagram of one game and board prints at one scale in each file of the book (the puzzles' at
// one, the solutions' at another): the least at which each of them fits its box. Fitted one by one,
// a diagram whose band has more lines (a key that names more marks, a longer status) or whose
// position in words takes more of its box drew its board smaller than its neighbours' (two thirds
// of their width in a book of hex-board puzzles whose position held an invalid enclosure), which a
// book's author would not print. A diagram that prints smaller than its own boxes allow is drawn
// again for that scale, so that its band still prints at kBandPoints (which may change its lines:
// so until the scales hold).
void one_scale_a_board(std::vector<Entry>& entries, BookOptions::Paper paper) {
  const auto group = [](const Entry& e) { return e.subject.game + " " + e.subject.board; };
  // The least of `fit` over each group.
  const auto least = [&](const std::function<double(const Entry&)>& fit) {
    std::map<std::string, double> of;
    for (const Entry& e : entries) {
      const double scale = fit(e);
      const auto [at, fresh] = of.try_emplace(group(e), scale);
      if (!fresh) at->second = std::min(at->second, scale);
    }
    return of;
  };
  for (const bool problem : {true, false}) {
    const auto drawn = [problem](const Entry& e) -> const Drawing& { return problem ? e.problem : e.solution; };
    const auto html = [problem](const Entry& e) { return problem ? Box{kHtmlPuzzleBox.width_mm, e.html_diagram_mm} : kHtmlSolutionBox; };
    const auto pdf = [problem](const Entry& e) { return problem ? Box{kPdfPuzzleBox.width_mm, e.pdf_diagram_mm} : kPdfSolutionBox; };
    const auto tex = [problem, paper](const Entry& e) { return problem ? Box{80, tex_diagram_mm(e, paper)} : kTexSolutionBox; };
    const auto fits = [&](const Entry& e) { return mm_per_unit(drawn(e), html(e), pdf(e)); };
    std::map<std::string, double> scale = least(fits);
    std::vector<double> drawn_at(entries.size(), 0);  // the scale each was drawn again for, 0 for none
    for (int round = 0; round < 4; ++round) {
      for (std::size_t i = 0; i < entries.size(); ++i) {
        Entry& e = entries[i];
        const double at = scale.at(group(e));
        if (fits(e) <= at * 1.0001 || std::abs(drawn_at[i] - at) <= at * 1e-4) continue;
        if (problem) {
          e.problem = decorate_for_print(e.problem_board, e.problem_marks, html(e), pdf(e), at);
        } else {
          e.solution = decorate_for_print(e.solution_board, e.solution_marks, html(e), pdf(e), at);
        }
        drawn_at[i] = at;
      }
      const std::map<std::string, double> again = least(fits);
      bool held = true;
      for (const auto& [name, at] : again) held = held && at >= scale.at(name) * 0.9999;
      scale = again;
      if (held) break;
    }
    const auto html_scale = least([&](const Entry& e) { return fit_scale(drawn(e), html(e)); });
    const auto pdf_scale = least([&](const Entry& e) { return fit_scale(drawn(e), pdf(e)); });
    const auto tex_scale = least([&](const Entry& e) { return fit_scale(drawn(e), tex(e)); });
    for (Entry& e : entries) {
      Entry::Scales& scales = problem ? e.problem_scale : e.solution_scale;
      scales = {html_scale.at(group(e)), pdf_scale.at(group(e)), tex_scale.at(group(e))};
    }
  }
}

// Print: a sheet a page on A4 and US Letter alike, whose printable areas with 15 mm margins
// share 180 x 249 mm. A puzzle row is its task (11 pt), a diagram at most 66 mm high and the
// details (8 pt, two lines at most): three rows take about 245 mm. A solution is at most 52 mm
// high, so that four with 4 mm between them and the heading take about 240 mm. The diagrams'
// heights are set and their widths follow from their proportions (kHtmlPuzzleBox and
// kHtmlSolutionBox, from which the band under each diagram is sized). A sheet that holds more
// (solutions with long texts) runs on: the sheets of puzzles, and those of solutions, follow one
// another without a forced page break, and no puzzle or solution is split, so that the next
// page is filled (a forced break after each sheet left a page with one solution on it); a solution
// longer than a page is split, as it must be. The page rule (html_page_rule) comes before this.
constexpr const char* kCss = R"(
body { font-family: "DejaVu Serif", Georgia, serif; color: #111; margin: 0; background: #ddd; }
.sheet { background: white; width: auto; max-width: 180mm; min-height: 249mm; margin: 8mm auto; padding: 10mm; box-sizing: content-box; }
.title-page { display: flex; flex-direction: column; justify-content: center; text-align: center; }
.title-page h1 { font-size: 32pt; margin-bottom: 4mm; overflow-wrap: anywhere; }
.title-page .subtitle { font-size: 14pt; overflow-wrap: anywhere; }
.title-page .notes { font-size: 10pt; text-align: left; margin: 20mm 20mm 0; }
.about h3 { font-size: 11pt; margin: 4mm 0 1mm; font-family: "DejaVu Sans", sans-serif; }
.about p { font-size: 9pt; margin: 1mm 0; }
.grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 8mm; row-gap: 4mm; }
.puzzle h3 { font-size: 11pt; margin: 0 0 1mm; font-family: "DejaVu Sans", sans-serif; }
.puzzle .details, .solution .details { font-size: 8pt; color: #444; margin: 0.5mm 0 0; font-family: "DejaVu Sans", sans-serif; }
svg.diagram { display: block; flex: none; width: auto; height: var(--diagram-height, 66mm); max-width: 80mm; }
.puzzle .position { font-size: 7pt; margin: 1mm 0 0; }
h2 { font-size: 18pt; margin: 0 0 5mm; }
.solution { display: grid; grid-template-columns: auto 1fr; grid-template-rows: auto 1fr; column-gap: 6mm; margin-bottom: 4mm; break-inside: avoid; }
.solution svg.diagram { height: var(--diagram-height, 52mm); max-width: 70mm; grid-column: 1; grid-row: 1 / span 2; }
.solution h3, .solution .text { grid-column: 2; }  /* as a grid item the heading's margin adds to the line's 1 mm: 1.5 mm */
.solution .text { font-size: 9.5pt; }
.solution h3 { font-size: 11pt; margin: 0 0 0.5mm; }
.solution p { margin: 1mm 0; }
.solution .line { font-family: "DejaVu Sans Mono", monospace; }
.solution ul { padding-left: 5mm; margin: 1mm 0; }
h2.puzzles { margin-top: 0; }
@media print {
  body { background: none; }
  .sheet { margin: 0; padding: 0; width: auto; max-width: none; min-height: 0; }
  .sheet + .sheet:not(.continued) { break-before: page; }
  .puzzle { break-inside: avoid; }  /* .solution avoids it everywhere */
  h2, h3 { break-after: avoid; }
  /* A printed page has no room for the heading (three rows of puzzles fill it) nor use for the links. */
  h2.puzzles { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); margin: 0; }
  a.jump { display: none; }
}
/* A narrow window (a phone, a page zoomed to 200%): one column, the diagrams as wide as it, no
   sheet's margins; lines wrap within the window. */
@media screen and (max-width: 700px) {
  .sheet { margin: 0 0 2mm; padding: 4mm; min-height: 0; }
  .grid { grid-template-columns: 1fr; }
  .solution { grid-template-columns: 1fr; grid-template-rows: none; }
  .solution svg.diagram, .solution h3, .solution .text { grid-column: 1; grid-row: auto; }
  svg.diagram, .solution svg.diagram { width: 100%; height: auto; max-width: 80mm; }
  .title-page .notes { margin: 8mm 0 0; }
  .title-page h1 { font-size: 24pt; }
}
)";

// The details line of a solution: the puzzle's, and its store id, by which a reader who reports a
// puzzle names it (`arbiter puzzles show ID`); the puzzle pages number the puzzles only.
std::string solution_details(const Entry& e) { return e.store_id.empty() ? e.details : e.details + " · " + e.store_id; }

// A puzzle's rulings line under its details, when they differ from the defaults.
std::string html_rulings(const Entry& e) {
  return e.rulings.empty() ? "" : "<p class=\"details rulings\">" + xml_escape(e.rulings) + "</p>\n";
}

// A diagram's <svg> with the height it prints at, its group's scale (one_scale_a_board), which
// the page's CSS reads as --diagram-height.
std::string with_diagram_height(const std::string& svg, double height_mm) {
  return "<svg style=\"--diagram-height: " + short_number(height_mm) + "mm\"" + svg.substr(4);
}

// The printed page: the book's paper (a browser printed on its own default, Letter for Chromium,
// an A4 book), 15 mm margins, and the page number in the bottom margin as book.pdf has it, from
// the second page on.
std::string html_page_rule(BookOptions::Paper paper) {
  return std::string("\n@page { size: ") + (paper == BookOptions::Paper::Letter ? "letter" : "A4") +
         "; margin: 15mm;\n"
         "  @bottom-center { content: counter(page); font: 9pt \"DejaVu Sans\", sans-serif; color: #111; } }\n"
         "@page :first { @bottom-center { content: none; } }";
}

std::string html_book(const std::vector<Entry>& entries, const BookOptions& options, const std::string& notes,
                      const std::vector<GameIntro>& intros, const std::vector<std::string>& back) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << xml_escape(options.title)
       << "</title>\n<style>" << html_page_rule(options.paper) << kCss << "</style>\n</head>\n<body>\n";
  html << "<section class=\"sheet title-page\">\n<h1>" << xml_escape(options.title) << "</h1>\n";
  if (!options.subtitle.empty()) html << "<p class=\"subtitle\">" << xml_escape(options.subtitle) << "</p>\n";
  html << "<div class=\"notes\">" << notes << "</div>\n</section>\n";
  html << "<section class=\"sheet about\">\n<h2>" << kAboutHeading << "</h2>\n";
  for (const GameIntro& intro : intros) {
    html << "<h3>" << xml_escape(intro.heading) << "</h3>\n<p>" << xml_escape(intro.rules) << "</p>\n";
    for (const std::string& paragraph : intro.guide) html << "<p>" << xml_escape(paragraph) << "</p>\n";
  }
  html << "</section>\n";
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    html << (first == 0 ? "<section class=\"sheet\">\n<h2 class=\"puzzles\">Puzzles</h2>\n" : "<section class=\"sheet continued\">\n")
         << "<div class=\"grid\">\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      const std::string id = "puzzle-" + std::to_string(e.number);
      html << "<div class=\"puzzle\" id=\"" << id << "\">\n<h3>" << e.number << ". " << xml_escape(e.task) << "</h3>\n"
           << with_diagram_height(render_svg_element(e.problem, "diagram problem", id + "-diagram", e.problem_words, id + "-position"),
                                  e.problem.height * e.problem_scale.html)
           << "<p class=\"details position\" id=\"" << id << "-position\">Position: " << xml_escape(e.problem_words) << "</p>\n<p class=\"details\">"
           << xml_escape(e.details)
           << (options.solutions ? " <a class=\"jump\" href=\"#solution-" + std::to_string(e.number) + "\" aria-label=\"Solution of puzzle " +
                                       std::to_string(e.number) + "\">Solution</a>"
                                 : "")
           << "</p>\n" << html_rulings(e) << "</div>\n";
    }
    html << "</div>\n</section>\n";
  }
  for (std::size_t first = 0; options.solutions && first < entries.size(); first += kSolutionsPerPage) {
    html << (first == 0 ? "<section class=\"sheet\">\n<h2>Solutions</h2>\n" : "<section class=\"sheet continued\">\n");
    for (std::size_t i = first; i < std::min(entries.size(), first + kSolutionsPerPage); ++i) {
      const Entry& e = entries[i];
      // The heading first, then the diagram, then the text: read in that order (a screen reader, a
      // window of one column) the diagram is the solution's, not the one above's, as it was when it
      // came first. The page's CSS places the diagram left of the heading and text in print.
      html << "<div class=\"solution\" id=\"solution-" << e.number << "\">\n<h3>" << e.number << ". " << xml_escape(e.task)
           << "</h3>\n"
           << with_diagram_height(
                  render_svg_element(e.solution, "diagram solution", "solution-" + std::to_string(e.number) + "-diagram", e.solution_words),
                  e.solution.height * e.solution_scale.html)
           << "<div class=\"text\">\n<p class=\"line\">" << xml_escape(e.main_line) << "</p>\n<p class=\"result\">" << xml_escape(e.result) << "</p>\n";
      if (!e.theme.empty()) html << "<p class=\"theme\">" << xml_escape(e.theme) << "</p>\n";
      if (!e.wrong_moves.empty()) {
        html << "<ul>\n";
        for (const auto& [move, why] : e.wrong_moves) {
          html << "<li><b>" << xml_escape(move) << "</b> " << xml_escape(why) << "</li>\n";
        }
        html << "</ul>\n";
      }
      html << "<p class=\"details\">" << xml_escape(solution_details(e)) << " <a class=\"jump\" href=\"#puzzle-" << e.number
           << "\" aria-label=\"Puzzle " << e.number << "\">Puzzle</a></p>\n" << html_rulings(e) << "</div>\n</div>\n";
    }
    html << "</section>\n";
  }
  if (!back.empty()) {
    html << "<section class=\"sheet about provenance\">\n<h2>" << kProvenanceHeading << "</h2>\n";
    for (const std::string& note : back) html << "<p>" << xml_escape(note) << "</p>\n";
    html << "</section>\n";
  }
  html << "</body>\n</html>\n";
  return html.str();
}

// ---- LaTeX ----------------------------------------------------------------------------------

// A puzzle's rulings on a line of their own after its details, when they differ from the defaults.
std::string tex_rulings(const Entry& e) { return e.rulings.empty() ? "" : "\\\\" + tex_escape(e.rulings); }

// \solution{DIAGRAM}{TEXT}: the diagram, and right of it, 66 mm in, the text. A solution whose text
// fits a page is one box, which does not break, so that it stays whole beside its diagram; a longer
// text is split at its diagram's height, and the rest runs on over the pages (each was a minipage,
// which cannot break, and a text longer than a page ran off its foot).
constexpr const char* kTexSolutionMacro =
    "\\newsavebox{\\solutiondiagram}\n"
    "\\newsavebox{\\solutiontext}\n"
    "\\newsavebox{\\solutionhead}\n"
    "\\newcommand{\\solution}[2]{%\n"
    "  \\par\\begingroup\n"
    "  \\sbox{\\solutiondiagram}{#1}%\n"
    "  \\setbox\\solutiontext=\\vbox{\\leftskip=66mm\\relax #2\\par}%\n"
    "  \\ifdim\\dimexpr\\ht\\solutiontext+\\dp\\solutiontext\\relax>\\textheight\n"
    "    \\vbadness=10000 \\splittopskip=\\baselineskip\n"
    "    \\setbox\\solutionhead=\\vsplit\\solutiontext to \\dimexpr\\ht\\solutiondiagram+\\dp\\solutiondiagram\\relax\n"
    "    \\setbox\\solutionhead=\\vbox{\\unvbox\\solutionhead}%\n"
    "  \\else\n"
    "    \\setbox\\solutionhead=\\box\\solutiontext\n"
    "  \\fi\n"
    "  \\noindent\\rlap{\\vtop{\\kern0pt\\copy\\solutiondiagram}}\\vtop{\\kern0pt\\unvbox\\solutionhead}\\par\n"
    "  \\unvbox\\solutiontext\n"
    "  \\endgroup\\par}\n";

// book.tex: the same pages for authors who typeset their own books. Plain LaTeX with tikz (and
// fix-cm, for labels at any size), A4 with 15 mm margins like book.pdf, six puzzles a page in a
// 2x3 grid of fixed-height boxes, the solutions one after another (four a page with the largest
// diagrams), each diagram a tikzpicture drawn from the very Drawing the HTML and PDF show.
std::string tex_book(const std::vector<Entry>& entries, const BookOptions& options, const std::vector<std::string>& notes,
                     const std::vector<GameIntro>& intros, const std::vector<std::string>& back) {
  std::ostringstream tex;
  // The compile command names another output: `pdflatex book.tex` would replace the book.pdf
  // that Cairo wrote beside it.
  tex << "% " << tex_escape(options.title) << ": written by arbiter book (packages: fix-cm, geometry, tikz).\n"
         "% Compile with: pdflatex -jobname=book-latex book.tex (plain `pdflatex book.tex` replaces book.pdf)\n"
      << "\\documentclass[" << (options.paper == BookOptions::Paper::Letter ? "letterpaper" : "a4paper") << ",10pt]{article}\n"
         "\\usepackage{fix-cm}\n"
         "\\usepackage[margin=15mm,includefoot]{geometry}\n"
         "\\usepackage{tikz}\n"
         "\\setlength{\\parindent}{0pt}\n"
         // Room to stretch a line's spaces before a word that cannot break ("2010)",
         // "docs/rulings.md") runs into the margin: a rules paragraph had a line 5 pt too wide.
         "\\setlength{\\emergencystretch}{3em}\n"
      << kTexSolutionMacro <<
         "\\begin{document}\n"
         "\\begin{titlepage}\n\\centering\n\\vspace*{0.28\\textheight}\n{\\fontsize{30}{36}\\selectfont\\bfseries "
      << tex_escape(options.title) << "\\par}\n";
  if (!options.subtitle.empty()) tex << "\\vspace{6mm}\n{\\Large " << tex_escape(options.subtitle) << "\\par}\n";
  tex << "\\vspace{20mm}\n\\begin{minipage}{0.8\\textwidth}\n\\small\n";
  for (const std::string& note : notes) tex << tex_escape(note) << "\\par\\medskip\n";
  tex << "\\end{minipage}\n\\end{titlepage}\n\\setcounter{page}{2}\n";
  tex << "\\section*{" << kAboutHeading << "}\n\\small\n";
  for (const GameIntro& intro : intros) {
    tex << "\\subsection*{" << tex_escape(intro.heading) << "}\n" << tex_escape(intro.rules) << "\\par\\smallskip\n";
    for (const std::string& paragraph : intro.guide) tex << tex_escape(paragraph) << "\\par\\smallskip\n";
  }
  tex << "\\normalsize\n\\clearpage\n";

  // Diagrams as in book.html: 80 mm wide, at most 68 mm high, two columns.
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    tex << "% puzzles " << first + 1 << " to "
        << std::min(entries.size(), first + kPuzzlesPerPage) << "\n";
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      const bool letter = options.paper == BookOptions::Paper::Letter;
      tex << "\\begin{minipage}[t][" << (letter ? 78 : 84) << "mm][t]{0.485\\textwidth}\n\\textbf{" << e.number << ". " << tex_escape(e.task)
          << "}\\par\\smallskip\n\\centering\n"
          << render_tikz(e.problem, e.problem.width * e.problem_scale.tex) << "\\par\\smallskip\n"
          << "\\raggedright{\\fontsize{7}{9}\\selectfont\\sffamily Position: " << tex_escape(e.problem_words) << "\\par}\\smallskip\n"
          << "{\\footnotesize\\sffamily " << tex_escape(e.details) << tex_rulings(e) << "}\n\\end{minipage}"
          << ((i - first) % 2 == 0 ? "\\hfill\n" : "\\par\n");
    }
    tex << "\\clearpage\n";
  }
  // The solutions follow one another (\solution, defined in the preamble, keeps each that fits a
  // page whole): a page break after each four left a page with one solution where four did not
  // fit (on Letter, the heading and four solutions of 52 mm diagrams).
  if (options.solutions) tex << "\\section*{Solutions}\n";
  for (std::size_t i = 0; options.solutions && i < entries.size(); ++i) {
    const Entry& e = entries[i];
    tex << "\\solution{%\n" << render_tikz(e.solution, e.solution.width * e.solution_scale.tex) << "}{%\n"
        << "\\textbf{" << e.number << ". " << tex_escape(e.task) << "}\\par\\smallskip\n{\\ttfamily "
        << tex_escape(e.main_line) << "}\\par\\smallskip\n" << tex_escape(e.result) << "\\par\\smallskip\n";
    if (!e.theme.empty()) tex << "{\\small " << tex_escape(e.theme) << "}\\par\\smallskip\n";
    for (const auto& [move, why] : e.wrong_moves) {
      tex << "{\\small\\textbf{" << tex_escape(move) << "} " << tex_escape(why) << "}\\par\n";
    }
    tex << "\\smallskip{\\footnotesize\\sffamily " << tex_escape(solution_details(e)) << tex_rulings(e) << "}}\n\\vspace{5mm}\n";
  }
  if (options.solutions) tex << "\\clearpage\n";
  if (!back.empty()) {
    tex << "\\section*{" << kProvenanceHeading << "}\n";
    for (const std::string& note : back) tex << tex_escape(note) << "\\par\\medskip\n";
    tex << "\\clearpage\n";
  }
  tex << "\\end{document}\n";
  return tex.str();
}

// ---- PDF ----------------------------------------------------------------------------------

// book.pdf's CreationDate: when it was written (it said 1 January 2026, 00:00, whenever it was
// written), or the time SOURCE_DATE_EPOCH gives (seconds since 1970, UTC), the reproducible-builds
// convention, for a book that must come out byte for byte the same.
std::string creation_date() {
  std::time_t when = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0') {
    char* end = nullptr;
    const long long seconds = std::strtoll(epoch, &end, 10);
    if (*end == '\0' && seconds >= 0) when = static_cast<std::time_t>(seconds);
  }
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

class PdfWriter {
 public:
  PdfWriter(const std::string& path, PaperSize paper)
      : path_(path),
        paper_(paper),
        surface_(cairo_pdf_surface_create(path.c_str(), paper.width, paper.height), cairo_surface_destroy),
        cairo_(cairo_create(surface_.get()), cairo_destroy) {
    if (cairo_surface_status(surface_.get()) != CAIRO_STATUS_SUCCESS) throw BookWriteError("cannot write " + quote_input(path));
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATE_DATE, creation_date().c_str());
  }
  cairo_t* cairo() { return cairo_.get(); }
  void set_title(const std::string& title) {
    cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
  }
  void set_record(const PictureSubjects& subjects) { set_pdf_record(surface_.get(), subjects); }

  void text(double x, double y, const std::string& content, double size, bool bold = false, bool centred = false) {
    const double advance = text_advance(cairo(), content, size, bold);
    cairo_set_source_rgb(cairo(), 0.07, 0.07, 0.07);
    show_text(cairo(), centred ? x - advance / 2 : x, y, content, size, bold);
  }
  // Words wrapped to `width`; returns the baseline below the last line.
  double wrapped(double x, double y, double width, const std::string& content, double size, bool bold = false) {
    for (const std::string& line : lines(width, content, size, bold)) {
      text(x, y, line, size, bold);
      y += size * 1.3;
    }
    return y;
  }
  // Wrapped to `width` as `wrapped` does, a line that would reach below `bottom` (its descent
  // included) put on a new page, at `resume` there. Returns the baseline below the last line.
  double flowed(double x, double y, double width, const std::string& content, double size, bool bold, double bottom, double resume) {
    for (const std::string& line : lines(width, content, size, bold)) {
      if (y + size * kDescent > bottom) {
        finish_page();
        y = resume;
      }
      text(x, y, line, size, bold);
      y += size * 1.3;
    }
    return y;
  }
  static constexpr double kDescent = 0.3;  // of a line below its baseline, in ems (DejaVu's is 0.24)
  // Wrapped to `width` with the first baseline at y, set smaller (down to `least`) until the last
  // line's baseline is no lower than `last`. Returns the baseline below the last line.
  double wrapped_within(double x, double y, double width, double last, const std::string& content, double size, double least) {
    while (size > least && y + wrapped_height(width, content, size) - size * 1.3 > last) size = std::max(least, size - 0.25);
    return wrapped(x, y, width, content, size);
  }
  // How far `wrapped` would move the baseline down.
  double wrapped_height(double width, const std::string& content, double size, bool bold = false) {
    return static_cast<double>(lines(width, content, size, bold).size()) * size * 1.3;
  }
  // One line set smaller, down to `least`, until it fits `width`; wrapped at `least` if it still
  // does not. Returns the baseline below the last line.
  double one_line(double x, double y, double width, const std::string& content, double size, double least) {
    const double advance = text_advance(cairo(), content, size, false);
    if (advance > width) size = std::max(least, size * width / advance);
    return wrapped(x, y, width, content, size);
  }
  // Lines centred on x, wrapped to `width`, the first baseline at y; a word wider than `width`
  // sets the whole text smaller until it fits (a long title ran off both edges of the page on one
  // line). Returns the baseline below the last line.
  double centred(double x, double y, double width, const std::string& content, double size, bool bold = false) {
    const auto width_of = [&](const std::string& words, double at_size) { return text_advance(cairo(), words, at_size, bold); };
    std::vector<std::string> words;
    std::istringstream in(content);
    for (std::string word; in >> word;) words.push_back(word);
    for (const std::string& word : words) {
      const double wide = width_of(word, size);
      if (wide > width) size *= width / wide;
    }
    std::string line;
    for (const std::string& word : words) {
      const std::string longer = line.empty() ? word : line + " " + word;
      if (!line.empty() && width_of(longer, size) > width) {
        text(x, y, line, size, bold, true);
        y += size * 1.2;
        line = word;
      } else {
        line = longer;
      }
    }
    if (!line.empty()) text(x, y, line, size, bold, true);
    return y + size * 1.2;
  }
  void finish_page() {
    ++pages_;
    // In the bottom margin: Letter's is 15 mm, A4's 33 mm under the shared printable area.
    if (pages_ > 1) text(paper_.width / 2, paper_.height - kMargin / 2, std::to_string(pages_), 9, false, true);
    cairo_show_page(cairo());
  }
  int pages() const { return pages_; }
  // An entry of the PDF's outline (its bookmarks) for the page being drawn, under `parent` (0:
  // the top level); returns its id, a parent for others.
  int outline(int parent, const std::string& title) {
    const std::string link = "page=" + std::to_string(pages_ + 1);
    return cairo_pdf_surface_add_outline(surface_.get(), parent, title.c_str(), link.c_str(), static_cast<cairo_pdf_outline_flags_t>(0));
  }
  void close() {
    cairo_.reset();
    cairo_surface_finish(surface_.get());
    if (const cairo_status_t status = cairo_surface_status(surface_.get()); status != CAIRO_STATUS_SUCCESS) {
      throw BookWriteError("cannot finish the PDF " + quote_input(path_) + ": " + cairo_status_to_string(status));
    }
    surface_.reset();
  }

 private:
  // The words of `content` in lines no wider than `width` (a word wider than that on its own).
  std::vector<std::string> lines(double width, const std::string& content, double size, bool bold) {
    std::istringstream words(content);
    std::vector<std::string> out;
    std::string line, word;
    while (words >> word) {
      const std::string longer = line.empty() ? word : line + " " + word;
      if (text_advance(cairo(), longer, size, bold) > width && !line.empty()) {
        out.push_back(line);
        line = word;
      } else {
        line = longer;
      }
    }
    if (!line.empty()) out.push_back(line);
    return out;
  }

  std::string path_;
  PaperSize paper_;
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface_;
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cairo_;
  int pages_ = 0;
};

// Paints the drawing with its top at y, centred across (x, x + width), at `scale` millimetres a
// unit (its group's: one_scale_a_board); returns the height it takes. Its texts are outlines
// (paint_drawing): the page's text is the book's words, in the order they are read, which say what
// the diagram shows (the position, the line, the result).
double place_drawing(cairo_t* cairo, const Drawing& drawing, double x, double y, double width, double mm_a_unit) {
  const double scale = mm_a_unit * kPointsPerMm;
  paint_drawing(cairo, drawing, x + (width - drawing.width * scale) / 2, y, scale, true);
  return drawing.height * scale;
}

int pdf_book(const std::vector<Entry>& entries, const BookOptions& options, const std::vector<std::string>& notes,
             const std::vector<GameIntro>& intros, const std::vector<std::string>& back, const std::string& path,
             const std::function<void(const char*, int)>& report) {
  const PaperSize paper = paper_size(options.paper);
  PdfWriter pdf(path, paper);
  pdf.set_title(options.title);
  // The version and every configuration the book's puzzles were proved under (pdfinfo's Creator,
  // Subject and Keywords): the book's PDF passed on alone still names the rules it shows.
  PictureSubjects subjects;
  for (const Entry& e : entries) subjects.push_back(e.subject);
  pdf.set_record(subjects);
  pdf.outline(CAIRO_PDF_OUTLINE_ROOT, "Title page");
  const double text_width = kContentWidth, left = (paper.width - kContentWidth) / 2, bottom = kMargin + kContentHeight;
  double y = pdf.centred(paper.width / 2, kMargin + kContentHeight * 0.3, text_width, options.title, 30, true);
  if (!options.subtitle.empty()) y = pdf.centred(paper.width / 2, y + 6, text_width, options.subtitle, 14);
  y = std::max(kMargin + kContentHeight * 0.53, y + 40);
  for (const std::string& note : notes) y = pdf.wrapped(left + 40, y, text_width - 80, note, 10) + 6;
  pdf.finish_page();

  pdf.outline(CAIRO_PDF_OUTLINE_ROOT, kAboutHeading);
  pdf.text(left, kMargin + 18, kAboutHeading, 18, true);
  y = kMargin + 48;
  for (const GameIntro& intro : intros) {
    // A game's texts start on a new page rather than run off this one (the page number sits in
    // the bottom margin).
    double height = pdf.wrapped_height(text_width, intro.heading, 11, true) + 3 + pdf.wrapped_height(text_width, intro.rules, 9.5);
    for (const std::string& paragraph : intro.guide) height += 3 + pdf.wrapped_height(text_width, paragraph, 9.5);
    if (y > kMargin + 48 && y + height > bottom) {
      pdf.finish_page();
      y = kMargin + 18;
    }
    y = pdf.wrapped(left, y, text_width, intro.heading, 11, true) + 3;
    y = pdf.wrapped(left, y, text_width, intro.rules, 9.5) + 3;
    for (const std::string& paragraph : intro.guide) y = pdf.wrapped(left, y, text_width, paragraph, 9.5) + 3;
    y += 14;
  }
  pdf.finish_page();

  const double column = kPdfColumn, row = kPdfRow;
  const int puzzles_outline = pdf.outline(CAIRO_PDF_OUTLINE_ROOT, "Puzzles");
  for (std::size_t first = 0; first < entries.size(); first += kPuzzlesPerPage) {
    for (std::size_t i = first; i < std::min(entries.size(), first + kPuzzlesPerPage); ++i) {
      const Entry& e = entries[i];
      // The outline names the game (it read "1. Black to play and win in 2", whichever game).
      pdf.outline(puzzles_outline, std::to_string(e.number) + ". " + e.board + ": " + e.task);
      const std::size_t slot = i - first;
      const double x = left + static_cast<double>(slot % 2) * (column + 20);
      const double top = kMargin + static_cast<double>(slot / 2) * row;
      pdf.text(x, top + 11, std::to_string(e.number) + ". " + e.task, 11, true);
      const double drawn = place_drawing(pdf.cairo(), e.problem, x, top + 18, column, e.problem_scale.pdf);
      // With a rulings line the details go up 3 pt into the room the diagram's box leaves under it.
      const double details_y = top + row - (e.rulings.empty() ? 12 : 15);
      // The position in words under the diagram, in the room taken from its box (a long one set smaller).
      pdf.wrapped_within(x, top + 18 + drawn + kPositionPoints + 2, column, details_y - 10, "Position: " + e.problem_words,
                         kPositionPoints, 5);
      pdf.text(x, details_y, e.details, 8);
      if (!e.rulings.empty()) pdf.one_line(x, top + row - 5, column, e.rulings, 8, 6);
      report("pdf puzzles", static_cast<int>(i) + 1);
    }
    pdf.finish_page();
  }
  // A solution takes a quarter of the page under the heading (its diagram's box), or the room its
  // text needs where that is more: its text ran over the next solution's heading (session 52, three
  // wrong moves in long sentences), for the slots were fixed. One that does not fit the rest of the
  // page starts the next; a text longer than a whole page runs on to the next page.
  static_assert(kSolutionsPerPage == 4 && kPuzzlesPerPage == 6, "the page geometry above is for 6 puzzles and 4 solutions");
  const double diagram_width = kPdfSolutionWidth, page_top = kMargin + 30;
  const double text_x = left + diagram_width + 16, text_wide = left + kContentWidth - text_x;
  struct Paragraph {
    std::string text;
    double size;
    bool bold;
    double gap;  // above its first line
  };
  const auto paragraphs = [](const Entry& e) {
    std::vector<Paragraph> out{{std::to_string(e.number) + ". " + e.task, 11, true, 0}, {e.main_line, 10, false, 2}, {e.result, 9.5, false, 2}};
    if (!e.theme.empty()) out.push_back({e.theme, 9, false, 2});
    for (const auto& [move, why] : e.wrong_moves) out.push_back({move + " " + why, 9, false, 2});
    out.push_back({solution_details(e), 8, false, 2});
    if (!e.rulings.empty()) out.push_back({e.rulings, 8, false, 0});
    return out;
  };
  double top = page_top;
  int solutions_outline = CAIRO_PDF_OUTLINE_ROOT;
  for (std::size_t i = 0; options.solutions && i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const std::vector<Paragraph> text = paragraphs(e);
    // From the slot's top to the bottom of the text's last line.
    double extent = 12;
    for (const Paragraph& p : text) extent += p.gap + pdf.wrapped_height(text_wide, p.text, p.size, p.bold);
    extent += text.back().size * (PdfWriter::kDescent - 1.3);
    if (i == 0) {
      solutions_outline = pdf.outline(CAIRO_PDF_OUTLINE_ROOT, "Solutions");
      pdf.text(left, kMargin + 18, "Solutions", 18, true);
    } else if (top > page_top && top + std::max(kPdfSolutionSlot - 12, extent) > bottom + 0.01) {
      pdf.finish_page();
      top = page_top;
    }
    pdf.outline(solutions_outline, "Solution " + std::to_string(e.number) + ": " + e.board);
    place_drawing(pdf.cairo(), e.solution, left, top, diagram_width, e.solution_scale.pdf);
    const int page = pdf.pages();
    double line_y = top + 12;
    for (const Paragraph& p : text) line_y = pdf.flowed(text_x, line_y + p.gap, text_wide, p.text, p.size, p.bold, bottom, kMargin + 12);
    // The next heading 4 pt under the last line's baseline spacing, about 12 pt under its letters.
    top = pdf.pages() == page ? std::max(top + kPdfSolutionSlot, line_y + 4) : line_y + 4;
    report("pdf solutions", static_cast<int>(i) + 1);
  }
  if (options.solutions && !entries.empty()) pdf.finish_page();
  if (!back.empty()) {
    pdf.outline(CAIRO_PDF_OUTLINE_ROOT, kProvenanceHeading);
    pdf.text(left, kMargin + 18, kProvenanceHeading, 18, true);
    y = kMargin + 48;
    for (const std::string& note : back) y = pdf.wrapped(left, y, text_width, note, 10) + 6;
    pdf.finish_page();
  }
  const int pages = pdf.pages();
  pdf.close();
  return pages;
}

// The title page's claim, exactly what the solver proved for the kinds of puzzles in the book:
// a win-in-K puzzle's other moves were proved not to win within K moves, which leaves them free
// to win later, while a plain win puzzle's were proved not to win at all.
std::string what_was_proved(const std::vector<Puzzle>& puzzles) {
  std::set<int> move_counts;  // K of the win-in-K puzzles
  bool any_plain_win = false;
  std::set<std::string> games;
  for (const Puzzle& puzzle : puzzles) {
    games.insert(puzzle.game);
    if (puzzle.kind == PuzzleKind::WinsWithin) {
      move_counts.insert(puzzle.within);
    } else {
      any_plain_win = true;
    }
  }
  const auto within = [](int k) { return "within " + std::to_string(k) + (k == 1 ? " move" : " moves"); };
  std::string text =
      "Every puzzle has exactly one winning first move, proved by Arbiter's exact solver under the rules and rulings "
      "that the next page gives" + std::string(games.size() > 1 ? " for its game" : "");
  if (move_counts.empty()) return text + "; every other move was proved not to win.";
  const int most = *move_counts.rbegin();
  const std::string counting = " \"Win in " + std::to_string(most) + "\" counts the winner's own moves.";
  if (move_counts.size() == 1 && !any_plain_win) {
    return text + ": it wins " + within(most) + " against every defence, and every other move was proved not to win " +
           within(most) + " (it may still win later)." + counting;
  }
  std::vector<std::string> claims, bounded;  // bounded: the within-K puzzles by their task, "\"win in 2\""
  for (const int k : move_counts) {
    claims.push_back("not to win " + within(k) + " in the \"win in " + std::to_string(k) + "\" puzzles");
    bounded.push_back("\"win in " + std::to_string(k) + "\"");
  }
  if (any_plain_win) {
    return text + ". Every other move was proved " + join(claims, ", ") +
           ", and not to win at all in the \"win\" puzzles; in the " + listed(bounded) +
           " puzzles such a move may still win later." + counting;
  }
  return text + ". Every other move was proved " + listed(claims) + " (such a move may still win later)." + counting;
}

// `sentence`, a wrong move's, without the move it opens with, since a book and `puzzles show` print
// the move just before it: "c1? c1 does not win at once." and "d3? After d3, Black answers c3 and
// wins." named it twice, now "c1? Does not win at once." and "d3? Black answers c3 and wins.". A
// sentence that opens otherwise is kept.
std::string said_after_the_move(const std::string& sentence, const std::string& move) {
  for (const std::string& opening : {"After " + move + ", ", "After " + move + " ", move + " "}) {
    if (sentence.size() > opening.size() && sentence.compare(0, opening.size(), opening) == 0) return capitalised(sentence.substr(opening.size()));
  }
  return sentence;
}

// "1-3, 5, 7-8".
std::string number_ranges(const std::vector<int>& numbers) {
  std::vector<std::string> ranges;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    ranges.push_back(std::to_string(numbers[i]) + (j > i ? "-" + std::to_string(numbers[j]) : ""));
    i = j + 1;
  }
  return join(ranges, ", ");
}

}  // namespace

// "Do board edges count toward ...? Here, each board edge a point lies on counts as one (Q-1
// edges-count=yes)": a ruling's question and the value in force in words, for a reader without the
// program; its id and value last, which the puzzle's caption ("Rulings: edges-count=yes") names.
std::string ruling_with_meaning(const GameDescriptor& game, const std::string& assignment) {
  const std::string name = assignment.substr(0, assignment.find('=')), value = assignment.substr(assignment.find('=') + 1);
  for (const Ruling& ruling : game.rulings) {
    if (ruling.name != name) continue;
    for (const RulingOption& option : ruling.options) {
      // The reader's wording where the game gives one (RulingOption::reader): a meaning may be
      // written for someone choosing among the alternatives ("nearest real alternative: ...").
      const std::string& words = option.reader.empty() ? option.meaning : option.reader;
      if (option.value == value) return ruling.question + " Here, " + words + " (" + ruling.id + " " + assignment + ")";
    }
  }
  return assignment;
}

Drawing with_book_sized_labels(Drawing drawing, double width_mm) {
  if (drawing.width <= 0) return drawing;
  const double width = drawing.width;
  return with_printable_labels(std::move(drawing), width_mm / width, width);
}

std::vector<std::string> guide_paragraphs(const GameDescriptor& game, const Config& config) {
  std::vector<std::string> paragraphs;
  if (!game.reading_guide) return paragraphs;
  std::istringstream lines(game.reading_guide(config));
  for (std::string line; std::getline(lines, line);) {
    std::string paragraph;
    for (std::size_t at = 0; at < line.size();) {
      const std::size_t open = line.find('{', at);
      if (open == std::string::npos) {
        paragraph += line.substr(at);
        break;
      }
      const std::size_t close = line.find('}', open);
      if (close == std::string::npos) throw std::logic_error(game.name + "'s reading guide has an unclosed '{'");
      const std::string id = line.substr(open + 1, close - open - 1);
      const auto ruling = std::find_if(game.rulings.begin(), game.rulings.end(), [&](const Ruling& r) { return r.id == id; });
      if (ruling == game.rulings.end()) throw std::logic_error(game.name + "'s reading guide marks no ruling of the game: {" + id + "}");
      paragraph += line.substr(at, open - at);
      if (ruling->provenance == Provenance::Invented) {
        paragraph += std::string(kGapMark) + " " + id + ")";
      } else if (!paragraph.empty() && paragraph.back() == ' ') {
        paragraph.pop_back();  // the space before the mark, which goes
      }
      at = close + 1;
    }
    if (!paragraph.empty()) paragraphs.push_back(paragraph);
  }
  return paragraphs;
}

std::string gap_mark_note(const std::vector<std::string>& paragraphs) {
  for (const std::string& paragraph : paragraphs) {
    const std::size_t mark = paragraph.find(kGapMark);
    if (mark == std::string::npos) continue;
    return "A rule followed by a mark such as " + paragraph.substr(mark, paragraph.find(')', mark) + 1 - mark) +
           " is not the game's: the rule text is lost or silent there, and Arbiter chose it.";
  }
  return "";
}

namespace {

// Per game, in the order the book first shows it: the rule text named, the rulings in force (the
// defaults and every one that differs, with the puzzles it holds for), and the game's reading guide
// under them (under the defaults when its puzzles hold under several sets of rulings).
std::vector<GameIntro> game_intros(const std::vector<Puzzle>& puzzles) {
  std::vector<std::string> order;
  std::map<std::string, std::map<std::vector<std::string>, std::vector<int>>> groups;  // game -> rulings -> numbers
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const std::string& name = puzzles[i].game;
    if (!groups.count(name)) order.push_back(name);
    groups[name][differing_rulings(puzzles[i])].push_back(static_cast<int>(i) + 1);
  }
  std::vector<GameIntro> intros;
  for (const std::string& name : order) {
    const GameDescriptor& game = find_game(name);
    const auto& by_rulings = groups.at(name);
    GameIntro intro;
    intro.heading = game.title;
    // The rules themselves are the game's own summary below (reading_guide), under its default
    // rulings: a book's reader has neither the program nor its documents.
    intro.rules = "Rules: the game's rule text as Arbiter reads it (where the text leaves a question open, with Arbiter's default answer";
    // Each ruling that differs, its question opening a sentence of its own ("..., except for puzzles
    // 2-3: What ..." put a capital after the colon).
    const auto meant = [&game](const std::vector<std::string>& rulings) {
      std::vector<std::string> said;
      for (const std::string& ruling : rulings) said.push_back(ruling_with_meaning(game, ruling));
      return join(said, ". ") + ".";
    };
    const auto under_defaults = by_rulings.find({});
    if (by_rulings.size() == 1 && under_defaults != by_rulings.end()) {
      intro.rules += "), summarised below; every puzzle of this game holds under them.";
    } else if (by_rulings.size() == 1) {
      // The summary is written under these rulings (guide_paragraphs below): they are the rules, not
      // an exception to them ("except for every puzzle of this game: ..." read as though they were).
      const std::vector<std::string>& rulings = by_rulings.begin()->first;
      intro.rules += ", but for " + (rulings.size() == 1 ? std::string("the ruling that follows") : "the " + std::to_string(rulings.size()) + " rulings that follow") +
                     "), summarised below; every puzzle of this game holds under them. " + meant(rulings);
    } else {
      const auto which = [](const std::vector<int>& numbers) {
        return (numbers.size() == 1 ? "puzzle " : "puzzles ") + number_ranges(numbers) + (numbers.size() == 1 ? " holds" : " hold");
      };
      intro.rules += "), summarised below" + (under_defaults == by_rulings.end() ? "" : "; " + which(under_defaults->second) + " under them") + ".";
      for (const auto& [rulings, numbers] : by_rulings) {
        if (rulings.empty()) continue;
        intro.rules += " " + capitalised(which(numbers)) + " under " +
                       (rulings.size() == 1 ? std::string("one other ruling") : std::to_string(rulings.size()) + " other rulings") + ". " + meant(rulings);
      }
    }
    if (by_rulings.size() > 1 || under_defaults == by_rulings.end()) {
      intro.rules += " A puzzle under other rulings than the defaults names them below its diagram.";
    }
    const std::vector<std::string> assignments = by_rulings.size() == 1 ? by_rulings.begin()->first : std::vector<std::string>{};
    intro.guide = guide_paragraphs(game, make_config(game, game.default_size, assignments));
    // A note the status under a diagram gives after the side to play, in the game's word, with what
    // the game says it means: a pie-rule puzzle read "White to play, swapped" with nothing to say what
    // "swapped" meant after the first turn.
    if (game.note_meaning) {
      std::set<std::string> said;
      for (const Puzzle& puzzle : puzzles) {
        if (puzzle.game != name) continue;
        const auto configured = make_game(game, puzzle.size, puzzle.rulings);
        for (const std::string& note : configured->parse_position(puzzle.position)->puzzle_notes()) {
          const std::string meaning = game.note_meaning(configured->config(), note);
          if (!meaning.empty() && said.insert(note).second) intro.guide.push_back("'" + note + "' after the side to play: " + meaning + ".");
        }
      }
    }
    // The first mark, as an example of them all.
    if (const std::string note = gap_mark_note(intro.guide); !note.empty()) intro.rules += " " + note;
    intros.push_back(std::move(intro));
  }
  return intros;
}

// The title page's word on the code: the version(s) that proved the puzzles (each puzzle keeps
// its own, Puzzle::version), and this arbiter's, which made the book and, when `rechecked`,
// re-checked every puzzle's certificate and solution. A book without its solution pages
// (`solutions` false) prints no wrong move nor solution, and the note says nothing of them.
std::string versions_note(const std::vector<Puzzle>& puzzles, bool rechecked, bool solutions) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<int>> numbers;  // version -> puzzle numbers
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const std::string version = puzzles[i].version.empty() ? "a version that was not recorded" : puzzles[i].version;
    if (!numbers.count(version)) order.push_back(version);
    numbers[version].push_back(static_cast<int>(i) + 1);
  }
  std::string text;
  if (order.size() == 1) {
    text = (puzzles.size() == 1 ? "The puzzle was proved by " : "The puzzles were proved by ") + order.front() + ".";
  } else {
    std::vector<std::string> parts;
    for (const std::string& version : order) {
      const std::vector<int>& these = numbers.at(version);
      parts.push_back((these.size() == 1 ? "puzzle " : "puzzles ") + number_ranges(these) + " by " + version);
    }
    text = "The puzzles were proved by several versions: " + join(parts, "; ") + ".";
  }
  const std::string made = std::string(version_string());
  if (!rechecked) return text + " Made with " + made + ".";
  const std::string checked = text + " Made with " + made + ", which re-checked every puzzle before printing it, without search: its " +
                              "certificate against the certificate's SHA-256 and on the game's reference implementation (or its only " +
                              "one, for a game with one), as an analysis of every legal move in which the key move alone does what " +
                              "the puzzle says";
  if (!solutions) return checked + ".";
  // A wrong move said to win later than asked: only a search checks it, and the book makes none.
  std::vector<int> slower;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto& refutations = puzzles[i].refutations;
    if (std::any_of(refutations.begin(), refutations.end(), claims_slower_win)) slower.push_back(static_cast<int>(i) + 1);
  }
  const std::string unsearched =
      slower.empty() ? "" : " (but for the slower wins of wrong moves in " + std::string(slower.size() == 1 ? "puzzle " : "puzzles ") +
                                number_ranges(slower) + ", which need a search: arbiter puzzles verify makes it)";
  return checked + " and with which its wrong moves agree" + unsearched + ", and its solution played out to the win.";
}

// The order of a book's puzzles, which numbers them: by game, board, rulings (the defaults first),
// kind (win in 1, in 2, ..., then "win"), difficulty and store id. In the store's order, by
// difficulty, the boards of one game alternated in size along a page; a level compares puzzles of
// one game and kind only, so it rises within a kind. Stable: puzzles alike in every key keep the
// caller's order.
std::vector<Puzzle> in_book_order(const std::vector<Puzzle>& puzzles) {
  using Key = std::tuple<std::string, int, std::vector<std::string>, bool, int, int, std::int64_t>;
  std::vector<std::pair<Key, std::size_t>> keyed;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Puzzle& p = puzzles[i];
    keyed.push_back({Key{p.game, p.size, differing_rulings(p), p.kind == PuzzleKind::Wins, p.within, p.difficulty, p.id}, i});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Puzzle> ordered;
  for (const auto& entry : keyed) ordered.push_back(puzzles[entry.second]);
  return ordered;
}

// Removes the diagram PNGs an earlier book left in `diagrams` (puzzle-NNN.png, solution-NNN.png,
// the names write_book gives them), so that a smaller book written over a larger one does not keep
// the larger one's pictures; no other file is touched.
void remove_old_diagrams(const fs::path& diagrams) {
  std::error_code error;
  for (const auto& file : fs::directory_iterator(diagrams, error)) {
    const std::string name = file.path().filename().string();
    std::string number;
    for (const char* prefix : {"puzzle-", "solution-"}) {
      const std::string p = prefix;
      if (name.size() > p.size() + 4 && name.compare(0, p.size(), p) == 0 && name.compare(name.size() - 4, 4, ".png") == 0) {
        number = name.substr(p.size(), name.size() - p.size() - 4);
      }
    }
    if (number.size() < 3 || !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })) continue;
    if (!file.is_regular_file(error)) continue;
    fs::remove(file.path(), error);
    if (error) throw BookWriteError("cannot remove the old diagram " + quote_input(file.path().string()) + ": " + error.message());
  }
}

}  // namespace

std::vector<std::string> differing_rulings(const Puzzle& puzzle) {
  const GameDescriptor& game = find_game(puzzle.game);
  return non_default_rulings(game, make_config(game, puzzle.size, puzzle.rulings));
}

std::string rulings_text(const Puzzle& puzzle, const std::string& separator) {
  const std::vector<std::string> differing = differing_rulings(puzzle);
  return differing.empty() ? "default" : join(differing, separator);
}

std::string wrong_move_does(const State& start, const std::string& move) {
  try {
    if (const std::string does = start.move_words(start.parse_move(move)); !does.empty()) return "(" + does + ") ";
  } catch (const InputError&) {
  }
  return "";
}

std::string wrong_move_text(const Puzzle& puzzle, const State& start, const Refutation& wrong) {
  const GameDescriptor& game = find_game(puzzle.game);
  using Kind = RefutationClaim::Kind;
  const std::optional<std::string> won = answer_wins(game, start, wrong);
  // A win in one: the stored claim names no answer (the one move is spent), and it is kept; the
  // answer that wins at once is added after it, as the stored defence replays.
  const std::string not_at_once = wrong.move + " does not win at once.";
  if (won && wrong.claim.kind == Kind::NotAtOnce && wrong.why == not_at_once) {
    return wrong.move + " does not win at once: " + *won + ".";
  }
  // A store written before s48 said only "After d1, Black answers d5 and White cannot win within
  // 2 moves", true but hiding that the move loses at once: said as the generator now says it.
  if (won && (wrong.claim.kind == Kind::NoWinWithin || wrong.claim.kind == Kind::AnswerWins)) return "After " + wrong.move + ", " + *won + ".";
  // A losing line was written in brackets ("... and wins (e4 f4 f5)."), which the title page says
  // list what a move fills: it is given numbered from the wrong move, as the main line is ("... and
  // wins: 2 e4 3 f4 4 f5."). The stored sentence is kept; only its end is read this way.
  if (wrong.claim.kind == Kind::Loses && !wrong.claim.line.empty()) {
    const std::string bracketed = " (" + move_list(wrong.claim.line) + ").";
    if (wrong.why.size() > bracketed.size() && wrong.why.compare(wrong.why.size() - bracketed.size(), bracketed.size(), bracketed) == 0) {
      // Each move with what it does, as the main line has it (numbered_move); the moves alone
      // where the stored line does not replay.
      std::vector<std::string> numbered;
      try {
        auto replay = start.clone();
        replay->apply(replay->parse_move(wrong.move));
        for (std::size_t i = 0; i < wrong.claim.line.size(); ++i) {
          if (replay->is_terminal()) throw InputError("the line runs past the game's end");
          numbered.push_back(numbered_move(*replay, i + 2, wrong.claim.line[i], "", {}));
        }
      } catch (const InputError&) {
        numbered.clear();
        for (std::size_t i = 0; i < wrong.claim.line.size(); ++i) numbered.push_back(std::to_string(i + 2) + " " + wrong.claim.line[i]);
      }
      return wrong.why.substr(0, wrong.why.size() - bracketed.size()) + ": " +
             join(numbered, move_list_has_commas(wrong.claim.line) ? ", " : " ") + ".";
    }
  }
  if (!wrong.why.empty()) return wrong.why;
  std::string why = wrong.defence.empty() ? "it does not win" : "answered by " + join(wrong.defence, " ") + ", it does not win";
  if (puzzle.kind == PuzzleKind::WinsWithin) why += " in " + std::to_string(puzzle.within);
  return why;
}

std::string wrong_move_words(const Puzzle& puzzle, const State& start, const Refutation& wrong) {
  return wrong_move_does(start, wrong.move) + said_after_the_move(wrong_move_text(puzzle, start, wrong), wrong.move);
}

std::string difficulty_range(const std::vector<Puzzle>& puzzles) {
  std::map<std::string, std::pair<int, int>> of;  // game's name: least and greatest difficulty
  for (const Puzzle& puzzle : puzzles) {
    const auto [at, fresh] = of.try_emplace(capitalised(puzzle.game), puzzle.difficulty, puzzle.difficulty);
    if (!fresh) at->second = {std::min(at->second.first, puzzle.difficulty), std::max(at->second.second, puzzle.difficulty)};
  }
  const auto range = [](const std::pair<int, int>& held) {
    return held.first == held.second ? std::to_string(held.first) : std::to_string(held.first) + "-" + std::to_string(held.second);
  };
  if (of.size() == 1) return "difficulty " + range(of.begin()->second);
  std::vector<std::string> games;
  for (const auto& [game, held] : of) games.push_back(game + " " + range(held));
  return "difficulty by game: " + join(games, ", ");
}

std::string difficulty_meaning(std::size_t games) {
  const std::string measured =
      "The difficulty under each puzzle, 1 to 5, is measured from the solver's work on it: the moves its solution has to find, "
      "the moves that tempt but fail, the defender's replies along the solution and the size of the proof. ";
  if (games == 1) return measured + "It compares puzzles of one kind only (a win in 2 with a win in 2).";
  return measured + "It compares puzzles of one game and kind only (a win in 2 with a win in 2): the games differ, so a 1 in one game "
                    "may take longer to solve by hand than a 3 in another.";
}

std::string task_text(const Puzzle& puzzle, const std::string& side_name) {
  std::string text = side_name + " to play and win";
  if (puzzle.kind == PuzzleKind::WinsWithin) text += " in " + std::to_string(puzzle.within);
  return text;
}

BookFiles write_book(const std::vector<Puzzle>& given, const std::string& folder, const BookOptions& options) {
  if (given.empty()) throw InputError("no puzzles to put in a book");
  const std::vector<Puzzle> puzzles = in_book_order(given);
  std::error_code error;
  const fs::path diagrams = fs::path(folder) / "diagrams";
  const bool diagrams_there = fs::exists(diagrams, error);
  fs::create_directories(diagrams, error);
  if (error) throw InputError("cannot create the folder " + quote_input(folder) + ": " + error.message());
  // A book stopped or failed before its first PNG leaves no empty diagrams/ that this call made (a
  // stopped book left one); one with PNGs in it is not empty, and fs::remove leaves it.
  struct RemoveIfEmpty {
    fs::path folder;
    bool armed;
    ~RemoveIfEmpty() {
      std::error_code ignored;
      if (armed && fs::is_empty(folder, ignored)) fs::remove(folder, ignored);
    }
  } made_diagrams{diagrams, !diagrams_there};

  std::vector<Entry> entries;
  std::set<std::string> games;
  const int total = static_cast<int>(puzzles.size());
  const auto report = [&](const char* stage, int done) {
    if (options.progress) options.progress(stage, done, total);
  };
  for (const Puzzle& puzzle : puzzles) {
    entries.push_back(prepare(puzzle, static_cast<int>(entries.size()) + 1));
    games.insert(capitalised(puzzle.game));
    report("diagrams", static_cast<int>(entries.size()));
  }
  one_scale_a_board(entries, options.paper);
  const std::string reading =
      options.solutions
          ? "The solutions number the moves of the main line on the board where they were played; moves without a place "
            "(a pass) are listed under the diagram. The key move is marked '!'; what a move does that its text does not "
            "say (the places it fills, the fields an enclosure it closes covers) follows it in brackets. Where the defender "
            "has a choice, the line shows a reply that holds out longest, and '" +
                std::string(kEveryReplyLoses) + "' in brackets after its first says that every other reply loses too. Up to three wrong moves follow, marked '?', "
            "each with why it fails: first the tempting ones, if any (a move that wins, but too late, or that looks as "
            "good as the key move one move ahead), then others. "
          : "";
  // A book of one game speaks of that game only.
  const std::string rules_note = games.size() == 1 ? "The next page gives the rules of " + *games.begin() + " and how its moves are written."
                                                   : "The next page gives each game's rules and how its moves are written.";
  std::vector<std::string> provenance = {what_was_proved(puzzles), versions_note(puzzles, options.rechecked, options.solutions)};
  std::vector<std::string> notes = {
      counted(puzzles.size(), "puzzle", "puzzles") + ": " + join({games.begin(), games.end()}, ", ") + ". " + difficulty_meaning(games.size()),
      reading + rules_note};
  if (!options.provenance_at_back) {
    notes = {notes[0], provenance[0], notes[1], provenance[1]};
    provenance.clear();
  } else {
    notes[1] += " The last page says how the puzzles were proved and checked.";
    // On the last page the rules are no longer on "the next page".
    const std::string next = "that the next page gives", named = std::string("that the page \"") + kAboutHeading + "\" gives";
    if (const std::size_t at = provenance[0].find(next); at != std::string::npos) provenance[0].replace(at, next.size(), named);
  }
  std::string html_notes;
  for (const std::string& note : notes) html_notes += "<p>" + xml_escape(note) + "</p>\n";

  BookFiles files;
  files.html = (fs::path(folder) / "book.html").string();
  files.pdf = (fs::path(folder) / "book.pdf").string();
  files.tex = (fs::path(folder) / "book.tex").string();
  // The three books are written under temporary names (NAME.partial) and renamed once the whole
  // book is made, diagrams included: a book stopped or failed part way leaves the older book.html,
  // book.pdf and book.tex as they were (or none), never one cut short under its name (a SIGTERM
  // left a book.pdf of 14 pages whose title page said 40 puzzles; kill -9 a corrupt one in place of
  // the older good one). kill -9 may leave a NAME.partial, which the next book replaces.
  const std::vector<std::string> finals = {files.html, files.tex, files.pdf};
  const auto remove_partials = [&] {
    std::error_code ignored;
    for (const std::string& path : finals) fs::remove(path + ".partial", ignored);
  };
  const auto write_text = [](const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush()) throw BookWriteError("cannot write " + quote_input(path) + ": " + std::strerror(errno));
  };
  try {
    const std::vector<GameIntro> intros = game_intros(puzzles);
    write_text(files.html + ".partial", html_book(entries, options, html_notes, intros, provenance));
    write_text(files.tex + ".partial", tex_book(entries, options, notes, intros, provenance));
    files.pdf_pages = pdf_book(entries, options, notes, intros, provenance, files.pdf + ".partial", report);
    // Only now, with every puzzle read and drawn: a book that cannot be made (a stored main line that
    // does not play) leaves an earlier book in the folder whole.
    remove_old_diagrams(fs::path(folder) / "diagrams");
    for (const char* kind : {"puzzle", "solution"}) {
      if (!options.solutions && kind == std::string("solution")) break;
      for (const Entry& e : entries) {
        char name[64];
        std::snprintf(name, sizeof name, "%s-%03d.png", kind, e.number);
        const std::string path = (fs::path(folder) / "diagrams" / name).string();
        // At the size book.html prints it: the boards of one game and board at one scale.
        const bool puzzle = kind == std::string("puzzle");
        PrintSize size;
        size.width_mm = puzzle ? e.problem.width * e.problem_scale.html : e.solution.width * e.solution_scale.html;
        try {
          write_image(puzzle ? e.problem : e.solution, path, {e.subject}, size);
        } catch (const InputError& failed) {
          throw BookWriteError(failed.what());  // a file it cannot write, not bad input
        }
        files.images.push_back(path);
        report(kind == std::string("puzzle") ? "puzzle PNGs" : "solution PNGs", e.number);
      }
    }
  } catch (...) {
    remove_partials();
    throw;
  }
  for (const std::string& path : finals) {
    fs::rename(path + ".partial", path, error);
    if (error) {
      const std::string why = error.message();
      remove_partials();
      throw BookWriteError("cannot rename " + quote_input(path + ".partial") + " to " + quote_input(path) + ": " + why);
    }
  }
  files.diagrams = static_cast<int>(entries.size());
  made_diagrams.armed = false;  // the book's
  return files;
}

}  // namespace arbiter::puzzles

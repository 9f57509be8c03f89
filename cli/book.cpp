// arbiter book: puzzles from the store typeset as book.html, book.pdf and book.tex (puzzles/book.hpp).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <limits>
#include <string>
#include <system_error>

#include "cli/options.hpp"
#include "generators/generator.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/registry.hpp"
#include "puzzles/book.hpp"
#include "puzzles/store.hpp"
#include "solver/dfpn.hpp"
#include "solver/interrupt.hpp"
#include "solver/progress.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int book(const std::vector<std::string>& args) {
  std::string db, game, difficulty = "1-5", to_move = "any", out, title, provenance = "front", paper = "a4";
  bool no_solutions = false;
  int count = 0;
  po::options_description options;
  options.add_options()
      ("db", po::value<std::string>(&db)->required(), "puzzle database (arbiter puzzles generate)")
      ("game", po::value<std::string>(&game), "only this game's puzzles (default: every game)")
      ("difficulty", po::value<std::string>(&difficulty), "difficulty range A-B or one level A (default 1-5)")
      ("to-move", po::value<std::string>(&to_move), "only puzzles with this side to move: black, white or any (default)")
      ("count", number_value(&count, WholeRange{1, std::numeric_limits<int>::max()}), "at most this many puzzles (default: all that match)")
      ("title", po::value<std::string>(&title), "the book's title (default: '<Game> puzzles' for one game's puzzles, else 'Arbiter puzzles')")
      ("provenance", po::value<std::string>(&provenance), "front (default): the title page says how the puzzles were proved and checked; back: a last page says it")
      ("paper", po::value<std::string>(&paper), "a4 (default) or letter: book.pdf's and book.tex's paper, and the page book.html prints on")
      ("no-solutions", po::bool_switch(&no_solutions), "the puzzles without their solution pages")
      ("out,o", po::value<std::string>(&out)->required(), "folder to write book.html, book.pdf, book.tex and diagrams/ into");
  bool proceed = false;
  const auto given = parse_arguments("book", args, options, {}, proceed);
  if (!proceed) return 0;
  require_path(given, "db", db, "a file name");
  require_path(given, "out", out, "a directory");
  check_input_file("--db", db);
  puzzles::PuzzleQuery query;
  parse_difficulty(difficulty, query.min_difficulty, query.max_difficulty);
  check_one_line_text("--title", title);
  if (provenance != "front" && provenance != "back") {
    throw InputError("--provenance must be front or back, got " + quote_input(provenance));
  }
  // In any case: paper sizes are written A4 and Letter as often as a4 and letter.
  std::string paper_name = paper;
  std::transform(paper_name.begin(), paper_name.end(), paper_name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (paper_name != "a4" && paper_name != "letter") throw InputError("--paper must be a4 or letter, got " + quote_input(paper));
  if (!game.empty()) query.game = find_game(game).name;
  query.to_move = parse_to_move(to_move, query.game);
  query.limit = count;
  const auto started = std::chrono::steady_clock::now();
  const puzzles::PuzzleStore store = puzzles::PuzzleStore::open(db, false, "--db");
  const std::vector<puzzles::Puzzle> selected = store.select(query);
  const std::string range = query.min_difficulty == query.max_difficulty
                                ? std::to_string(query.min_difficulty)
                                : std::to_string(query.min_difficulty) + "-" + std::to_string(query.max_difficulty);
  if (selected.empty()) {
    throw InputError(quote_input(db) + " has no puzzles" + (game.empty() ? "" : " of " + query.game) +
                     " with difficulty " + range + (query.to_move.empty() ? "" : " and " + query.to_move + " to move"));
  }
  // A stop request ends the book between two puzzles, or within a puzzle's re-check; the next run
  // writes it again from the store.
  struct Stopped {};
  install_stop_handlers();
  Progress progress(std::cerr);
  std::error_code there;
  const bool older_book = std::filesystem::exists(std::filesystem::path(out) / "book.pdf", there) ||
                          std::filesystem::exists(std::filesystem::path(out) / "book.html", there);
  // out_removed: OUT, made by this run, was removed again (empty after a stop before any PNG).
  const auto no_new_book = [&](bool out_removed = false) {
    return "no new book was written: " + (older_book   ? "the older book.html, book.pdf and book.tex in " + out + " are left as they were"
                                          : out_removed ? "the folder " + out + ", made by this run, is removed again"
                                                        : out + " holds no book");
  };
  // Every puzzle printed is re-checked first, without search (its certificate against its SHA-256
  // and on the reference implementation, its main line to the win): one that fails stops the book
  // before anything is written, as a damaged row does.
  try {
    for (std::size_t i = 0; i < selected.size(); ++i) {
      if (stop_requested()) throw Stopped{};
      const puzzles::Puzzle& p = selected[i];
      // The re-check hears the stop too: a large certificate takes seconds to verify (one kept the
      // stop waiting past the 3 s grace).
      std::vector<generators::RecheckProblem> problems;
      try {
        problems = generators::check_without_search(p, [] { return !stop_requested(); });
      } catch (const solver::SearchInterrupted&) {
        throw Stopped{};
      }
      if (!problems.empty()) {
        progress.clear();
        throw InputError("--db " + quote_input(db) + ": puzzle " + std::to_string(p.id) + " (" + p.game + " " +
                         puzzles::kind_name(p.kind, p.within) + ") no longer holds: " + generators::problems_text(problems) +
                         " (arbiter puzzles verify lists every puzzle that no longer holds)");
      }
      progress.update([&] { return "book: checking " + std::to_string(i + 1) + "/" + std::to_string(selected.size()); });
    }
  } catch (const Stopped&) {
    progress.clear();
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; " << no_new_book() << "\n";
    return interrupted_exit_status();
  }
  // Made now, before the diagrams are drawn; its folder must be there (a mistyped path is refused).
  std::error_code ignored;
  const std::filesystem::path diagrams_folder = std::filesystem::path(out) / "diagrams";
  const bool diagrams_there = std::filesystem::exists(diagrams_folder, ignored);
  const bool out_made = make_output_directory("--out", out);
  puzzles::BookOptions book_options;
  // Titled by the game when the puzzles are one game's, whether --game chose it or the store holds no other.
  const bool one_game = std::all_of(selected.begin(), selected.end(), [&](const puzzles::Puzzle& p) { return p.game == selected.front().game; });
  std::string name = one_game ? selected.front().game : "Arbiter";
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  book_options.title = title.empty() ? name + " puzzles" : title;
  // The subtitle gives the difficulties the book holds, not the range asked for (a book of levels
  // 1-2 chosen with the default 1-5 read "difficulty 1-5"), per game in a book of several games,
  // whose levels do not compare (puzzles::difficulty_range).
  book_options.subtitle =
      std::to_string(selected.size()) + (selected.size() == 1 ? " puzzle" : " puzzles") + ", " + puzzles::difficulty_range(selected);
  book_options.rechecked = true;
  book_options.provenance_at_back = provenance == "back";
  book_options.solutions = !no_solutions;
  book_options.paper = paper_name == "letter" ? puzzles::BookOptions::Paper::Letter : puzzles::BookOptions::Paper::A4;
  // Which files the book had reached when a stop came: its three books are renamed into place
  // only once all is made (puzzles/book.cpp), but the PNGs are written in diagrams/ as they come.
  bool writing_pngs = false;
  book_options.progress = [&](const std::string& stage, int done, int total) {
    if (stop_requested()) {
      writing_pngs = stage.find("PNGs") != std::string::npos;
      throw Stopped{};
    }
    progress.update([&] { return "book: " + stage + " " + std::to_string(done) + "/" + std::to_string(total); });
  };
  puzzles::BookFiles files;
  // What this run made is removed again when the book cannot be made (it left an empty OUT/diagrams/).
  const auto remove_what_was_made = [&] {
    if (out_made) {
      std::filesystem::remove_all(out, ignored);
    } else if (!diagrams_there) {
      std::filesystem::remove_all(diagrams_folder, ignored);
    }
  };
  try {
    files = puzzles::write_book(selected, out, book_options);
  } catch (const Stopped&) {
    progress.clear();
    // write_book removed the diagrams/ it made if no PNG was in it yet; OUT, made by this run and
    // now empty, goes too (fs::remove takes an empty folder only).
    const bool out_removed = out_made && std::filesystem::is_empty(out, ignored) && std::filesystem::remove(out, ignored);
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; " << no_new_book(out_removed)
              << (writing_pngs ? " (the diagram PNGs in " + (std::filesystem::path(out) / "diagrams").string() +
                                     " are this run's, and only some of them)"
                               : "")
              << "\n";
    return interrupted_exit_status();
  } catch (const puzzles::BookWriteError& error) {
    // A file it cannot write (a full disk) is not bad input: exit 1, as solve's for a certificate
    // it cannot write (it was 2, the status of a refused input).
    progress.clear();
    remove_what_was_made();
    std::cerr << "arbiter: error: " << error.what() << " (" << no_new_book() << ")\n";
    return 1;
  } catch (const InputError&) {
    // A book that cannot be made (a stored puzzle that does not read back) leaves no half-made folders.
    progress.clear();
    remove_what_was_made();
    throw;
  }
  progress.clear();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "wrote " << files.html << " (" << counted(static_cast<std::uint64_t>(files.diagrams), "puzzle", "puzzles") << "), " << files.pdf
            << " (" << counted(static_cast<std::uint64_t>(files.pdf_pages), "page", "pages") << "), " << files.tex << " and " << files.images.size() << " diagram PNGs in " << (std::filesystem::path(out) / "diagrams").string() << " in " << std::fixed
            << std::setprecision(1) << seconds << " s\n";
  return 0;
}

const CommandRegistration book_registration{Command{
    "book", "book --db FILE [--game G] [--difficulty A-B] [--to-move SIDE|any] [--count N] [--title T] [--provenance front|back] [--paper a4|letter] [--no-solutions] --out DIR",
    "typeset stored puzzles as a book: book.html (print CSS), book.pdf, book.tex (TikZ) and a PNG per diagram", book}};

}  // namespace
}  // namespace arbiter::cli

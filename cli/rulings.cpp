#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include "cli/json_output.hpp"
#include "cli/options.hpp"
#include "model/core/digits.hpp"
#include "model/core/errors.hpp"
#include "model/core/heading.hpp"
#include "model/core/text.hpp"
#include "model/registry.hpp"
#include "puzzles/diagram.hpp"
#include "puzzles/image.hpp"
#include "solver/interrupt.hpp"
#include "solver/progress.hpp"
#include "solver/ruling_explorer.hpp"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// Two texts side by side, for comparing explain traces of the two readings.
void side_by_side(const std::string& title_a, const std::string& a, const std::string& title_b, const std::string& b) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  const auto la = lines(a), lb = lines(b);
  std::size_t width = title_a.size();
  for (const auto& l : la) width = std::max(width, l.size());
  width = std::min<std::size_t>(width, 70);
  std::cout << title_a << std::string(width - std::min(width, title_a.size()) + 3, ' ') << "| " << title_b << "\n";
  for (std::size_t i = 0; i < std::max(la.size(), lb.size()); ++i) {
    const std::string left = i < la.size() ? la[i] : "";
    std::cout << left << std::string(width - std::min(width, left.size()) + 3, ' ') << "| "
              << (i < lb.size() ? lb[i] : "") << "\n";
  }
}

// The move the readings treat differently, as the second reading writes it: where it refuses the
// move, as the first one does (the picture then says it is illegal there).
const std::string& move_under_b(const RulingDifference& d) { return d.move_under_b.empty() ? d.move : d.move_under_b; }

// The position where the readings part, drawn under one reading: after the move they treat
// differently when it is legal there (marked as render --last-move marks it, with what it
// captured), before it otherwise, with a caption saying which.
Drawing reading_diagram(const GameDescriptor& game, const std::vector<std::string>& fixed, const std::string& ruling,
                        const std::string& value, const RulingDifference& difference, const std::string& move_text) {
  std::vector<std::string> assignments = fixed;
  assignments.push_back(ruling + "=" + value);
  const auto configured = make_game(game, difference.size, assignments);
  auto state = configured->initial_state();
  std::optional<MoveAnchor> last_move;
  MoveTrace last_trace;  // where its piece came from, what it captured: often the whole difference
  std::vector<std::string> played = difference.moves;
  std::string note;
  try {
    for (const std::string& move : difference.moves) state->apply(state->parse_move(move));
    if (!move_text.empty()) {
      try {
        const Move move = state->parse_move(move_text);
        last_move = state->move_anchor(move);
        last_trace = state->move_trace(move);
        state->apply(move);
        played.push_back(move_text);
      } catch (const InputError&) {
        note = move_text + " is illegal here";
      }
    }
  } catch (const InputError&) {
    played.clear();
    note = "the moves to this position are not legal";
  }
  // The caption says which configuration the picture is of, as the terminal's header does: the
  // game, the size, the rulings held fixed and the reading, then the moves that lead there.
  // Moves written with spaces ("g2-g3 x f3") are separated by commas.
  const bool spaced = std::any_of(played.begin(), played.end(), [](const std::string& m) { return m.find(' ') != std::string::npos; });
  std::string moves;
  for (const std::string& move : played) moves += (moves.empty() ? "" : spaced ? ", " : " ") + move;
  if (!moves.empty()) note = "after " + moves + (note.empty() ? "" : "; " + note);
  puzzles::Decorations decorations = puzzles::status_decorations(game, *state);
  decorations.last_move = last_move;
  decorations.last_trace = last_trace;
  decorations.caption = configuration_heading(game, configured->config(), ruling) + ", " + ruling + "=" + value +
                        (note.empty() ? "" : ": " + note);
  return puzzles::decorate(state->drawing(), decorations);
}

// The file for one comparison: FILE itself when only one is made, FILE-VALUE.ext for each of several.
std::string diagram_path(const std::string& out, const std::string& value, bool several) {
  if (!several) return out;
  const auto dot = out.find_last_of('.');
  return out.substr(0, dot) + "-" + value + out.substr(dot);
}

const char* const kRulingsUsage =
    "rulings diff GAME RULING [VALUE_A VALUE_B] [--rule NAME=VALUE]... [--max-size N] [--time-limit S] [--json] [--out FILE]";

int rulings(const std::vector<std::string>& args) {
  std::string action, game_name, ruling, out;
  std::vector<std::string> values, other;
  long max_positions = 200000;
  double seconds = 60, seconds_alias = 0;
  int max_size = 0;
  bool json = false;
  po::options_description options;
  options.add_options()
      ("action", po::value<std::string>(&action)->required(), "diff")
      ("game", po::value<std::string>(&game_name), "game name")
      ("ruling", po::value<std::string>(&ruling), "ruling name or id (as `arbiter rules GAME` prints them)")
      ("values", po::value<std::vector<std::string>>(&values), "two values to compare (default: the default against each alternative)")
      ("rule", po::value<std::vector<std::string>>(&other), "other rulings held fixed, NAME=VALUE or ID=VALUE")
      ("max-positions", number_value(&max_positions, WholeRange{1, std::numeric_limits<long>::max()}), "positions examined per size (default 200000)")
      ("max-size", number_value(&max_size, WholeRange{1, std::numeric_limits<int>::max()}), "largest board size to try (default: smallest three sizes)")
      ("time-limit", number_value(&seconds, DecimalRange{}), "seconds per comparison, as solve and generate take it (default 60, at most 1000000)")
      ("seconds", number_value(&seconds_alias, DecimalRange{}), "the same as --time-limit (its name before 29 November 2026)")
      ("json", po::bool_switch(&json), "print the comparisons as JSON (docs/schemas/rulings-diff.schema.json)")
      ("out,o", po::value<std::string>(&out), "draw the two readings' diagrams side by side in this .svg, .png or .pdf (a ruling with several alternatives: one file per alternative, FILE-VALUE.ext); with --json too, each comparison's diagram_file naming it");
  po::positional_options_description positional;
  positional.add("action", 1).add("game", 1).add("ruling", 1).add("values", 2);
  bool proceed = false;
  const po::variables_map given = parse_arguments("rulings", args, options, positional, proceed);
  if (!proceed) return 0;
  // The action first: `rulings GAME RULING` lacks it, whatever else it has or lacks.
  if (action != "diff") {
    throw InputError("unknown rulings action " + quote_input(action) + " (known: diff, as in arbiter " + kRulingsUsage + ")");
  }
  if (game_name.empty()) throw InputError(std::string("missing GAME (usage: arbiter ") + kRulingsUsage + ")");
  if (ruling.empty()) throw InputError(std::string("missing RULING (usage: arbiter ") + kRulingsUsage + ")");
  require_path(given, "out", out, "a file name");
  if (!out.empty()) check_image_name("--out", out);
  const GameDescriptor& game = find_game(game_name);
  const Ruling* found = &ruling_named(game, ruling, "rulings diff");
  ruling = found->name;  // it may have been given by its id
  for (const std::string& v : values) make_config(game, 0, {ruling + "=" + v});  // validates each value
  if (values.size() == 2 && values[0] == values[1]) {
    throw InputError("comparing " + ruling + "=" + values[0] + " with itself finds nothing; give two different values");
  }
  if (given.count("seconds") && given.count("time-limit")) {
    throw InputError("--seconds is another name for --time-limit: give one of them");
  }
  if (given.count("seconds")) seconds = seconds_alias;
  for (const std::string& assignment : other) {
    if (assignment.substr(0, assignment.find('=')) == ruling) {
      throw InputError("--rule " + assignment + " fixes the ruling under comparison; " + ruling +
                       "'s readings are given as the values to compare (rulings diff GAME " + ruling + " VALUE_A VALUE_B)");
    }
  }
  make_config(game, 0, other);  // validates the rulings held fixed before anything is printed
  std::vector<std::pair<std::string, std::string>> pairs;
  if (values.size() == 2) {
    pairs.push_back({values[0], values[1]});
  } else if (values.empty()) {
    for (const RulingOption& o : found->options) {
      if (o.value != found->default_value) pairs.push_back({found->default_value, o.value});
    }
  } else {
    throw InputError("give two values to compare, or none to compare the default with each alternative");
  }
  // Each reading with the rulings held fixed: one of them may set the ruling compared to one value.
  for (const auto& pair : pairs) {
    for (const std::string& v : {pair.first, pair.second}) {
      std::vector<std::string> reading = other;
      reading.push_back(ruling + "=" + v);
      make_config(game, 0, reading);
    }
  }
  // Every file a difference would be drawn into, checked before the search, not after it.
  for (const auto& [a, b] : pairs) {
    if (!out.empty()) check_output_file("--out", out, diagram_path(out, b, pairs.size() > 1));
  }
  ExplorerBounds bounds;
  bounds.max_positions = max_positions;
  bounds.max_seconds = seconds;
  bool sizes_left_out = false;  // sizes beyond the size bound, never tried
  for (int n = 1; n <= 64; ++n) {
    if (!game.size_ok(n)) continue;
    if (max_size ? n <= max_size : bounds.sizes.size() < 3) bounds.sizes.push_back(n);
    else sizes_left_out = true;
  }
  if (bounds.sizes.empty()) throw InputError("--max-size " + std::to_string(max_size) + " leaves no board size of " + game.name);
  bool all_decided = true;
  // Every bound that cut a size, not only the first: a size cut by --max-positions and the next by
  // --time-limit name both (the sizes never reached are the time limit's).
  const auto cuts_text = [](const ExplorerReport& report) {
    return search_cuts_text(report.cuts, [](SearchCut cut) { return std::string(search_cut_text(cut)); });
  };
  // Draws a difference's two readings side by side into --out's file for value_b; returns its path.
  // With --json too (as metrics draws its chart): the document names the file.
  const auto draw_difference = [&](const std::string& value_a, const std::string& value_b, const RulingDifference& d) {
    const std::string path = diagram_path(out, value_b, pairs.size() > 1);
    PrintSize size;
    size.width_mm = 180;  // two boards of 9 cm
    // The file records both readings, left then right, each with every ruling in force.
    PictureSubjects subjects;
    for (const std::string& value : {value_a, value_b}) {
      std::vector<std::string> reading = other;
      reading.push_back(ruling + "=" + value);
      subjects.push_back(picture_subject(game, make_config(game, d.size, reading)));
    }
    write_image(puzzles::side_by_side(reading_diagram(game, other, ruling, value_a, d, d.move),
                                      reading_diagram(game, other, ruling, value_b, d, move_under_b(d))),
                path, subjects, size);
    return path;
  };
  // --out draws a difference only: where none was found the file is not written, and stderr says
  // so (it exited 1 or 0 without a word, and the file a reader looked for was not there).
  const auto note_nothing_drawn = [&](const std::string& value_b, const ExplorerReport& report) {
    if (out.empty()) return;
    std::cerr << "note: nothing drawn into " << diagram_path(out, value_b, pairs.size() > 1) << ": "
              << (report.exhaustive ? "the readings do not differ on the sizes searched"
                                    : "no difference found before the search was cut by " + cuts_text(report))
              << "\n";
  };
  install_stop_handlers();
  Progress progress(std::cerr);
  nlohmann::json comparisons = nlohmann::json::array();
  for (const auto& [a, b] : pairs) {
    if (stop_requested()) break;
    // The header names everything the comparison holds fixed: the rulings given with --rule (or
    // that the others are the defaults) and the sizes searched.
    if (!json) {
      std::string held;
      for (const std::string& r : non_default_rulings(game, make_config(game, 0, other))) held += (held.empty() ? "" : " ") + r;
      std::string sizes;
      for (int n : bounds.sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
      std::cout << "== " << game.name << " " << found->id << " " << ruling << ": " << a << " vs " << b << " ("
                << (held.empty() ? "other rulings default" : held + " held fixed") << "; "
                << (bounds.sizes.size() == 1 ? "size " : "sizes ") << sizes << ")\n";
    }
    // A size done is said once: in text, as the output's own 'searched' line, written when the size
    // ends (it was also written to the terminal, so every size read twice); under --json, where the
    // output holds it only at the end, on the terminal.
    std::size_t searched_written = 0;
    const ExplorerReport report = explore_ruling(
        game, ruling, a, b, other, bounds,
        [&](const std::string& line, bool size_done) {
          if (size_done) {
            progress.clear();
            if (json) {
              std::cerr << "  " << line << "\n";
            } else {
              std::cout << "  searched " << line << "\n" << std::flush;
              ++searched_written;
            }
          } else {
            progress.update([&] { return "  " + line; });
          }
        },
        [] { return stop_requested(); });
    progress.clear();
    if (json) {
      nlohmann::json c = {{"ruling", ruling},
                          {"id", found->id},
                          {"value_a", a},
                          {"value_b", b},
                          {"searched", report.searched},
                          {"positions", report.positions},
                          {"exhaustive", report.exhaustive},
                          {"cut", report.exhaustive ? nlohmann::json(nullptr) : nlohmann::json(cuts_text(report))},
                          {"unreached_sizes", report.unreached},
                          {"difference", nullptr},
                          {"diagram_file", nullptr}};
      if (!report.differences.empty()) {
        const RulingDifference& d = report.differences.front();
        c["difference"] = {{"size", d.size},       {"kind", d.kind},       {"moves", d.moves},
                           {"position", d.position}, {"move", d.move},     {"move_under_b", d.move_under_b}, {"under_a", d.under_a},
                           {"under_b", d.under_b}};
        if (!out.empty()) c["diagram_file"] = draw_difference(a, b, d);
      } else {
        all_decided = all_decided && report.exhaustive;
        note_nothing_drawn(b, report);
      }
      comparisons.push_back(c);
      continue;
    }
    for (std::size_t i = searched_written; i < report.searched_text.size(); ++i) std::cout << "  searched " << report.searched_text[i] << "\n";
    if (report.differences.empty()) {
      const auto list = [](const std::vector<int>& sizes) {
        std::string text;
        for (int n : sizes) text += (text.empty() ? "" : ", ") + std::to_string(n);
        return text;
      };
      if (report.exhaustive) {
        std::cout << "  no difference on sizes " << list(bounds.sizes) << ": every reachable position examined ("
                  << counted(static_cast<std::uint64_t>(report.positions), "position", "positions") << ")";
      } else {
        // Never a verdict when the search stopped short: a difference may lie in what it skipped.
        all_decided = false;
        std::cout << "  UNDECIDED: the search was cut by " << cuts_text(report) << " after "
                  << counted(static_cast<std::uint64_t>(report.positions), "position", "positions") << ", none of them a difference";
        if (!report.unreached.empty()) std::cout << "; sizes never reached: " << list(report.unreached);
      }
      if (sizes_left_out) std::cout << "; larger sizes lie beyond the size bound (--max-size)";
      std::cout << "\n\n" << std::flush;
      note_nothing_drawn(b, report);
      continue;
    }
    const RulingDifference& d = report.differences.front();
    std::cout << "  readings differ (" << d.kind << ") on size " << d.size << " after "
              << (d.moves.empty() ? std::string("no moves")
                                : counted(d.moves.size(), "move:", "moves:"));
    // As solve and replay write them: comma-separated where a move has a space, so they paste back.
    if (!d.moves.empty()) std::cout << " " << move_list(d.moves);
    std::cout << "\n" << d.position;
    if (!d.move.empty()) {
      std::cout << "move: " << d.move;
      if (move_under_b(d) != d.move) std::cout << " (" << ruling << "=" << b << " writes it " << move_under_b(d) << ")";
      std::cout << "\n";
    }
    side_by_side(ruling + "=" + a, d.under_a, ruling + "=" + b, d.under_b);
    if (!out.empty()) std::cout << "wrote " << draw_difference(a, b, d) << "\n";
    std::cout << "\n";
  }
  if (json) {
    nlohmann::json document = json_document("rulings-diff");
    document["game"] = game.name;
    document["rulings"] = other;
    document["sizes"] = bounds.sizes;
    document["comparisons"] = comparisons;
    document["interrupted"] = stop_requested();
    print_json(document);
  }
  if (stop_requested()) {
    std::cerr << "arbiter: interrupted by " << stop_signal_name() << "; the comparisons above are as far as they got\n";
    return interrupted_exit_status();
  }
  return all_decided ? 0 : 1;
}

const CommandRegistration rulings_registration{Command{
    "rulings", kRulingsUsage,
    "find the smallest positions where two readings of a ruling differ (exit 1 if a search stopped early)", rulings}};

}  // namespace
}  // namespace arbiter::cli

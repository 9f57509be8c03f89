#!/usr/bin/env bash
# arbiter metrics as a designer runs it: numbers that add up, the same numbers whatever the thread
# count, a chart per ruling comparison, JSON that conforms to docs/schemas/metrics.schema.json, and
# bad input refused in one line. Usage: metrics.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")/../.." && pwd)"
documents=()
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# Every registered game: random and MCTS play, the solver on a small board (a game not listed here
# at its default size); wins and draws add up to the games.
games=$(registered_games)
[ -n "$games" ] || fail "rules --json named no game"
for game in $games; do
  case $game in
    brique|quentin) size=3;; brochs) size=7;; hexabrae) size=2;;
    *) size=$("$arbiter" rules "$game" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["game"]["default_size"])');;
  esac
  if ! "$arbiter" metrics "$game" --size $size --games 200 --mcts-games 2 --playouts 5 --seed 3 --solve-seconds 0.3 \
       --json >"$tmp/$game.json" 2>"$tmp/err"; then
    fail "$game metrics exited non-zero: $(cat "$tmp/err")"; continue
  fi
  documents+=("$tmp/$game.json")
  sum=$(field "$tmp/$game.json" "sum(d['readings'][0]['random']['wins'].values()) + d['readings'][0]['random']['draws']")
  [ "$sum" = 200 ] && pass || fail "$game: wins and draws add up to $sum, not 200"
  # The mechanics the game declares (none for a game with nothing to count), the same in random and
  # MCTS play, each met in no more games than it occurred and than were played.
  mechanics=$(field "$tmp/$game.json" "all([m['name'] for m in p['mechanics']] == [m['name'] for m in d['readings'][0]['random']['mechanics']] and
    all(m['games_with'] <= m['events'] and m['games_with'] <= p['games'] for m in p['mechanics'])
    for p in (d['readings'][0]['random'], d['readings'][0]['mcts']))")
  [ "$mechanics" = True ] && pass || fail "$game: mechanics differ between players or do not add up" "$tmp/$game.json"
  # Branching: every ply a turn with at least one legal move, in random and MCTS play.
  branching=$(field "$tmp/$game.json" "all(p['branching']['mean'] >= 1 and p['branching']['log10_game_tree'] > 0 and
    p['branching']['turns'] == sum(q['turns'] for q in p['branching']['by_quarter']) == round(p['length']['mean'] * p['games'])
    for p in (d['readings'][0]['random'], d['readings'][0]['mcts']))")
  [ "$branching" = True ] && pass || fail "$game: branching missing or not one turn per ply" "$tmp/$game.json"
done
if python3 "$here/scripts/validate-json.py" "$here/docs/schemas/metrics.schema.json" "${documents[@]}" >"$tmp/why"; then pass; else fail "schema: $(cat "$tmp/why")"; fi
# Brique 3x3 is solved within the limit: Black wins the empty board without the pie rule.
value=$(field "$tmp/brique.json" "[s['value'] for s in d['readings'][0]['solved'] if s['pie'] == 'off'][0]")
[ "$value" = win ] && pass || fail "brique 3x3 pie=off: empty board '$value', expected win"

# Quentin 2x2 games last 2 to 4 plies, so each one's first quarter is its first turn: the 4 empty
# points, nothing else (the swap comes at White's first turn), whoever plays.
"$arbiter" metrics quentin --size 2 --games 200 --mcts-games 3 --playouts 10 --solve-seconds 0 --json >"$tmp/q2.json" 2>/dev/null
first=$(field "$tmp/q2.json" "[d['readings'][0][p]['branching']['by_quarter'][0]['mean'] for p in ('random', 'mcts')]")
[ "$first" = "[4.0, 4.0]" ] && pass || fail "quentin 2x2: the first quarter's branching is $first, not 4 for both players" "$tmp/q2.json"
"$arbiter" metrics quentin --size 2 --games 200 --player random --solve-seconds 0 >"$tmp/q2.txt" 2>/dev/null
grep -qE "^    branching: [0-9.]+ legal moves per turn \(a forced pass counts as one\); by quarter of the game 4\.0, " "$tmp/q2.txt" &&
  grep -qE "^    game-tree size about 10\^[0-9.]+ \(estimated from 200 random games" "$tmp/q2.txt" && pass ||
  fail "quentin 2x2: the text gives no branching" "$tmp/q2.txt"

# The text shows the first moves' values as solve --openings does: a map of the board with one mark
# per cell, not letters that read as pieces. Brique 3x3 without the pie rule has a winning first move.
"$arbiter" metrics brique --size 3 --games 20 --mcts-games 2 --playouts 5 --seed 3 --solve-seconds 2 >"$tmp/text" 2>/dev/null
grep -q "pie=off: Black wins (9 of 9 first moves settled.*every first move (\* win, - loss, = draw, ? unknown) for Black:" "$tmp/text" &&
  [ "$(grep -cE '^     [123] [-*=?] [-*=?] [-*=?]$' "$tmp/text")" = 6 ] && grep -qE '^     [123] .*\*' "$tmp/text" &&
  ! grep -qE '[a-c][1-3]:[WLD?]' "$tmp/text" && pass || fail "metrics' first moves are not a board map" "$tmp/text"

# Where the limit settles no first move, a map of nothing but '?' is left out for one line saying so;
# --json still gives every opening, each unknown.
"$arbiter" metrics brique --size 9 --games 10 --player random --solve-seconds 0.1 >"$tmp/unsettled" 2>/dev/null
[ "$(grep -c "(0 of 81 first moves settled, [0-9.]* s); no first move was settled, so no map$" "$tmp/unsettled")" = 2 ] &&
  ! grep -q '? ? ?' "$tmp/unsettled" && grep -q "^    for the first player: not settled" "$tmp/unsettled" && pass ||
  fail "a map of unknowns only is printed" "$tmp/unsettled"
"$arbiter" metrics brique --size 9 --games 10 --player random --solve-seconds 0.1 --json >"$tmp/unsettled.json" 2>/dev/null
python3 -c '
import json, sys
solved = json.load(open(sys.argv[1]))["readings"][0]["solved"]
assert len(solved) == 2 and all(s["settled"] == 0 and len(s["openings"]) == 81 for s in solved)
assert all(o["value"] == "unknown" for s in solved for o in s["openings"])
' "$tmp/unsettled.json" && pass || fail "--json lost the unsettled openings" "$tmp/unsettled.json"
# `interrupted` says some part of the result is missing: here the solves' openings, by the time
# limit (it was `stopped`'s value: false here, and true where only a solve was stopped); Brique 2x2
# settles everything, and Quentin 2x2 solves nothing, as asked.
"$arbiter" metrics brique --size 2 --games 10 --player random --solve-seconds 60 --json >"$tmp/b2.json" 2>/dev/null
field "$tmp/unsettled.json" "d['interrupted'] and not d['stopped']" | grep -qx True &&
  field "$tmp/b2.json" "d['interrupted'] or d['stopped'] or any(s['settled'] < len(s['openings']) for s in d['readings'][0]['solved'])" | grep -qx False &&
  field "$tmp/q2.json" "d['interrupted'] or d['stopped']" | grep -qx False &&
  pass || fail "metrics --json: interrupted is not 'some part missing'" "$tmp/unsettled.json"

# The same numbers whatever the thread count (timings aside).
strip_times() { grep -vE '"(seconds|playouts_per_second|threads)"' "$1"; }
"$arbiter" metrics quentin --size 4 --games 300 --mcts-games 3 --playouts 30 --seed 9 --solve-seconds 0 --threads 1 --json >"$tmp/t1.json" 2>/dev/null
"$arbiter" metrics quentin --size 4 --games 300 --mcts-games 3 --playouts 30 --seed 9 --solve-seconds 0 --threads 2 --json >"$tmp/t2.json" 2>/dev/null
if diff <(strip_times "$tmp/t1.json") <(strip_times "$tmp/t2.json") >"$tmp/diff"; then pass; else fail "threads change the numbers: $(head -5 "$tmp/diff")"; fi
"$arbiter" metrics quentin --size 4 --games 300 --mcts-games 3 --playouts 30 --seed 10 --solve-seconds 0 --json >"$tmp/t3.json" 2>/dev/null
if diff -q <(strip_times "$tmp/t1.json") <(strip_times "$tmp/t3.json") >/dev/null; then fail "another seed gave the same games"; else pass; fi

# A ruling compared: one reading per value, and a chart with a bar per reading and panel.
if "$arbiter" metrics brique --size 5 --games 300 --mcts-games 2 --playouts 20 --solve-seconds 0 \
     --compare-ruling escort-directions --out "$tmp/chart.svg" >"$tmp/compare.txt" 2>"$tmp/err"; then
  grep -q "escort-directions=facing" "$tmp/compare.txt" && grep -q "side by side" "$tmp/compare.txt" && pass ||
    fail "compare: readings not shown side by side"
  # Its columns line up: each reading's figures start in the same columns.
  [ "$(grep -E '^  escort-directions=' "$tmp/compare.txt" | awk '{ print index($0, "random") "," index($0, "mcts") }' | sort -u | wc -l)" = 1 ] &&
    pass || fail "compare: the side-by-side columns do not line up" "$tmp/compare.txt"
  bars=$(grep -c 'class="bar"' "$tmp/chart.svg")
  [ "$bars" = 8 ] && pass || fail "chart: $bars bars, expected 8 (2 readings x 4 panels)"
  # The same chart through the one renderer as PNG and PDF.
  "$arbiter" metrics brique --size 5 --games 100 --player random --solve-seconds 0 \
    --compare-ruling escort-directions --out "$tmp/chart.png" >/dev/null 2>&1
  file "$tmp/chart.png" | grep -q "PNG image data" && pass || fail "chart.png is not a PNG: $(file "$tmp/chart.png")"
  [ "$(png_resolution "$tmp/chart.png")" = "7874 7874 1" ] && pass ||
    fail "chart.png does not say 200 dpi (pHYs: $(png_resolution "$tmp/chart.png"))"
  "$arbiter" metrics brique --size 5 --games 100 --player random --solve-seconds 0 --out "$tmp/chart.pdf" >/dev/null 2>&1
  file "$tmp/chart.pdf" | grep -q "PDF document" && pass || fail "chart.pdf is not a PDF: $(file "$tmp/chart.pdf")"
else
  fail "compare exited non-zero: $(cat "$tmp/err")"
fi

# A ruling compared by its id (as `arbiter rules` prints it) is the ruling of that name.
"$arbiter" metrics quentin --size 3 --games 20 --player random --solve-seconds 0 --compare-ruling Q-2 --json >"$tmp/by_id.json" 2>"$tmp/err"
status=$?
"$arbiter" metrics quentin --size 3 --games 20 --player random --solve-seconds 0 --compare-ruling majority --json >"$tmp/by_name.json" 2>/dev/null
if [ "$status" -eq 0 ] && [ "$(field "$tmp/by_id.json" "d['compare_ruling']")" = majority ] &&
   diff <(strip_times "$tmp/by_id.json") <(strip_times "$tmp/by_name.json") >/dev/null; then pass; else
  fail "--compare-ruling Q-2: exit $status, not the same as majority" "$tmp/err" "$tmp/by_id.json"; fi

expect_error "no games" metrics brique --size 5 --games 0
expect_error "no MCTS games" metrics brique --size 5 --mcts-games 0
expect_error "no playouts" metrics brique --size 5 --playouts 0
expect_error "unknown player" metrics brique --size 5 --player alphazero
expect_error "unknown compared ruling" metrics brique --size 5 --compare-ruling nonsense
expect_error "unknown compared ruling id" metrics brique --size 5 --compare-ruling B-99
expect_error "compared ruling by id also fixed" metrics brique --size 5 --compare-ruling "$("$arbiter" rules brique | sed -n 's/^\([A-Z]-[0-9]*\)  *pie  *--.*/\1/p')" --rule pie=off
expect_error "compared ruling also fixed" metrics brique --size 5 --compare-ruling pie --rule pie=off
expect_error "unwritable chart" metrics brique --size 3 --games 10 --player random --out /nonexistent/dir/chart.svg
expect_error "chart not svg" metrics brique --size 3 --games 10 --player random --out "$tmp/chart.txt"
expect_error "unknown game" metrics nosuchgame
# Two readings that differ only in draws read apart in the side-by-side text (Brochs end=keeps and
# keeps-draw have the same wins for Black; under keeps-draw most other games are drawn).
"$arbiter" metrics brochs --size 7 --games 100 --player random --solve-seconds 0 --compare-ruling end >"$tmp/out" 2>/dev/null
grep -q "^side by side (Black win rate \[95% CI\], draws; mean length" "$tmp/out" &&
  grep -qE "^  end=keeps-draw: +random [0-9.]+% \[[0-9.]+%, [0-9.]+%\], draws [1-9][0-9.]*%;" "$tmp/out" && pass ||
  fail "the side-by-side text shows no draws" "$tmp/out"
# A chart that cannot be written (a full disk: its partial file is /dev/full) does not lose the
# measurement: the report is printed, then one line says what failed, and no partial file is left.
ln -s /dev/full "$tmp/full.svg.partial"
"$arbiter" metrics brique --size 3 --games 10 --player random --solve-seconds 0 --out "$tmp/full.svg" >"$tmp/out" 2>"$tmp/err"
status=$?
[ $status -eq 2 ] && grep -q "Black (moves first) wins" "$tmp/out" &&
  grep -q "^arbiter: error: --out: cannot write '$tmp/full.svg': No space left on device (the measurement above is complete" "$tmp/err" &&
  [ ! -e "$tmp/full.svg.partial" ] && [ ! -L "$tmp/full.svg.partial" ] && pass ||
  fail "a chart on a full disk: exit $status" "$tmp/out" "$tmp/err"
# An option of the player left out is refused, not ignored.
expect_error "MCTS games without MCTS" metrics brique --size 3 --player random --mcts-games 5
grep -q "^arbiter: error: --mcts-games has no effect with --player random" "$tmp/err" && pass || fail "names the ignored option" "$tmp/err"
expect_error "random games without random play" metrics brique --size 3 --player mcts --games 5
[ ! -e /nonexistent/dir/chart.svg.partial ] && pass || fail "a partial chart was left"

# bench, beside metrics, groups its counts and rates in thousands as every command's text does
# (it printed "434175 3995887 29636042"); --json gives plain numbers.
"$arbiter" bench brique --size 3 --seconds 0.1 --impl fast >"$tmp/bench" 2>&1
grep -qE "^fast +[0-9]{1,3}(,[0-9]{3})+ +[0-9]{1,3}(,[0-9]{3})+ +[0-9]{1,3}(,[0-9]{3})+ " "$tmp/bench" && pass \
  || fail "bench groups its numbers in thousands" "$tmp/bench"

finish

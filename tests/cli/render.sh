#!/usr/bin/env bash
# Pictures as a reader gets them: every game rendered to SVG, PNG and PDF at a printed width of
# 8-12 cm, checked with file(1) and pdfinfo; rulings diff drawing both readings side by side; bad
# render options as one-line errors. Usage: render.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

for tool in file pdfinfo; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/quickstart.sh installs it)"; exit 1; }
done

# check_png FILE: an opaque PNG 500-1000 pixels wide (its foot once came out part transparent where
# the drawing's height fell between two pixels)
check_png() {
  local description width
  description=$(file -b "$1")
  width=$(echo "$description" | sed -n 's/^PNG image data, \([0-9]*\) x [0-9]*.*/\1/p')
  if [ -z "$width" ] || [ "$width" -lt 500 ] || [ "$width" -gt 1000 ] || [[ "$description" == *RGBA* ]]; then
    fail "$1 is not a readable opaque PNG: $description"
  else passes=$((passes + 1)); fi
}
# check_pdf FILE MIN_MM MAX_MM: a one-page PDF whose width lies between MIN_MM and MAX_MM
check_pdf() {
  local info points
  info=$(pdfinfo "$1" 2>&1)
  points=$(echo "$info" | sed -n 's/^Page size: *\([0-9.]*\) x.*/\1/p')
  if ! echo "$info" | grep -q '^Pages: *1$' || [ -z "$points" ] ||
     ! awk -v p="$points" -v lo="$2" -v hi="$3" 'BEGIN { mm = p * 25.4 / 72; exit !(mm >= lo && mm <= hi) }'; then
    fail "$1: not a one-page PDF $2-$3 mm wide: $info"
  else passes=$((passes + 1)); fi
}

games=$("$arbiter" rules | grep -E '^[a-z]' | cut -d' ' -f1)
[ "$(echo "$games" | wc -w)" -ge 4 ] || fail "fewer than four games listed: $games"
for game in $games; do
  first_move=$("$arbiter" moves "$game" | sed -n 's/^Legal moves ([0-9]*): \([^,]*\),.*/\1/p')
  for format in svg png pdf; do
    if ! "$arbiter" render "$game" "$first_move" --last-move --caption "test diagram" --coordinates off \
         --out "$tmp/$game.$format" >"$tmp/out" 2>"$tmp/err"; then
      fail "$game render .$format: $(cat "$tmp/err")"
      continue
    fi
  done
  [ -f "$tmp/$game.png" ] && check_png "$tmp/$game.png"
  # It says its resolution, so that it prints 90 mm wide anywhere: 200 dpi, 7874 pixels a metre.
  [ "$(png_resolution "$tmp/$game.png")" = "7874 7874 1" ] && pass ||
    fail "$game.png does not say 200 dpi (pHYs: $(png_resolution "$tmp/$game.png"))"
  [ -f "$tmp/$game.pdf" ] && check_pdf "$tmp/$game.pdf" 80 120
  if [ -f "$tmp/$game.svg" ]; then
    if file -b "$tmp/$game.svg" | grep -q SVG && grep -q 'width="90mm"' "$tmp/$game.svg" &&
       grep -q '>test diagram</text>' "$tmp/$game.svg" && grep -q 'class="last-move"' "$tmp/$game.svg" &&
       ! grep -q 'class="coordinate"' "$tmp/$game.svg" && grep -q 'class="status"' "$tmp/$game.svg"; then
      passes=$((passes + 1))
    else
      fail "$game render .svg: missing size, caption, last-move mark or status, or coordinates left in"
    fi
  fi
done

# rulings diff --out: the first game with a ruling whose readings differ on a small board.
"$arbiter" rulings diff brique light-squares even odd --max-size 3 --seconds 10 --out "$tmp/diff.pdf" >"$tmp/out" 2>&1
if grep -q "readings differ" "$tmp/out"; then
  check_pdf "$tmp/diff.pdf" 170 190
  "$arbiter" rulings diff brique light-squares even odd --max-size 3 --seconds 10 --out "$tmp/diff.png" >/dev/null 2>&1
  [ "$(png_resolution "$tmp/diff.png")" = "7874 7874 1" ] && pass ||
    fail "rulings diff's PNG does not say 200 dpi (pHYs: $(png_resolution "$tmp/diff.png"))"
else
  fail "rulings diff found no difference to draw: $(cat "$tmp/out")"
fi

# A comparison without a difference draws nothing and says so on stderr (it wrote no file without a
# word): undecided (cut by --max-positions) and complete (every position of size 2 the same).
"$arbiter" rulings diff hexabrae enclosure-owner --max-size 2 --max-positions 10 --out "$tmp/none.png" >"$tmp/out" 2>"$tmp/err"
status=$?
[ $status -eq 1 ] && [ ! -e "$tmp/none.png" ] &&
  grep -qx "note: nothing drawn into $tmp/none.png: no difference found before the search was cut by the position bound (--max-positions)" "$tmp/err" &&
  pass || fail "rulings diff --out without a difference, undecided (exit $status)" "$tmp/err"
"$arbiter" rulings diff quentin majority --max-size 2 --out "$tmp/none.svg" --json >"$tmp/out" 2>"$tmp/err"
status=$?
[ $status -eq 0 ] && [ ! -e "$tmp/none.svg" ] &&
  grep -qx "note: nothing drawn into $tmp/none.svg: the readings do not differ on the sizes searched" "$tmp/err" &&
  pass || fail "rulings diff --out --json without a difference, complete (exit $status)" "$tmp/err"

# rulings diff names what it holds fixed, in the header (the rulings given with --rule, the sizes)
# and under each picture (the game, the size, those rulings, the reading and the moves): the
# captions said only "majority=distinct: after b2".
"$arbiter" rulings diff quentin majority --rule edges-count=yes --max-size 3 --seconds 10 --out "$tmp/held.svg" >"$tmp/out" 2>&1
captions=$(grep -o '<text[^>]*>[^<]*</text>' "$tmp/held.svg" | sed 's/<[^>]*>//g' | tr '\n' ' ')
if grep -qx '== quentin Q-2 majority: distinct vs adjacencies (edges-count=yes held fixed; sizes 2, 3)' "$tmp/out" \
   && [[ "$captions" == *"quentin 3x3, edges-count=yes, majority=distinct: after a1 b2"* ]] \
   && [[ "$captions" == *"quentin 3x3, edges-count=yes, majority=adjacencies: after a1 b2"* ]]; then pass; else
  fail "rulings diff does not name the rulings held fixed (captions: $captions)" "$tmp/out"; fi
"$arbiter" rulings diff brique pass --max-size 2 --seconds 10 >"$tmp/out" 2>&1
grep -qx '== brique B-5 pass: never vs allowed (other rulings default; size 2)' "$tmp/out" && pass ||
  fail "rulings diff's header without --rule" "$tmp/out"

# A picture of a position after the pie swap says so under the board, as the text diagram's
# status line does: the board alone cannot show that the players changed colours.
for game in brique quentin; do
  "$arbiter" render "$game" --size 4 b2 swap --out - >"$tmp/swap.svg" 2>"$tmp/err" \
    && grep -q '>White to move, swapped</text>' "$tmp/swap.svg" && pass || fail "$game rendered after the swap" "$tmp/swap.svg" "$tmp/err"
done

# Passes in a row (Hexabrae, Brochs) and, in Brochs, a curse already made this turn and the keeps
# Black may set on after a capture: the text status line says them and the board cannot show them,
# so the picture says them too.
render_status() {  # render_status EXPECTED GAME ARGS...: the line under the picture reads EXPECTED
  local expected=$1 game=$2
  shift 2
  "$arbiter" render "$game" "$@" --out - >"$tmp/status.svg" 2>"$tmp/err" \
    && grep -q ">$expected</text>" "$tmp/status.svg" && pass || fail "$game rendered with '$expected'" "$tmp/status.svg" "$tmp/err"
}
render_status "Black to move, passes 1" hexabrae --position "hexabrae 2 Wa1/2 Ba3/1 Wb2/2 Bb3/1 Bc1/1 Wc3/2 Bd3/0 Bd4/0 Be1/0 black 33 passes:1"
render_status "White to move, passes 1" brochs --size 7 pass
render_status "Black to move, cursed, taken c3" brochs --position \
  "brochs 9 ....+..../..W.+.W../.W#W+WwW./..WW+WW../+++++++++/..WW+WW../.WwW+WwW./..W.+.W../....+.... black 10 11+S 0 cursed taken:c3 curse-cost=free keep-setting=after-capture"
# A finished Brochs game says why it ended, whichever way it did (the ply cap's once said nothing).
render_status "White wins, two passes" brochs --size 7 pass pass
render_status "White wins, ply cap 200" brochs --position "brochs 7 ...+.../.#.+.#./...+.../+++++++/...+.../.#.+.#./B.B+.W. black 200 4 0 ply-cap=200"

# A picture drawn under rulings that differ from the defaults names them under the status, in every
# format: the result can hang on them ("White wins" for Black's complete chain under
# opponent-chain=mover-wins; a Hexabrae enclosure that the rim closes only under rim=wall), and
# the board cannot show them. Under the defaults there is no such line.
quentin_rulings=(quentin --size 3 --rule opponent-chain=mover-wins --rule pie=off a1 b1 a2 b3)
"$arbiter" render "${quentin_rulings[@]}" --out - >"$tmp/ruled.svg" 2>"$tmp/err" &&
  grep -q '>White wins</text>' "$tmp/ruled.svg" &&
  grep -q 'class="rulings">Rulings: opponent-chain=mover-wins, pie=off</text>' "$tmp/ruled.svg" && pass ||
  fail "render under non-default rulings does not name them" "$tmp/ruled.svg" "$tmp/err"
for format in png pdf; do
  "$arbiter" render "${quentin_rulings[@]}" --out "$tmp/ruled.$format" >/dev/null 2>"$tmp/err" || fail "render .$format under rulings" "$tmp/err"
done
check_png "$tmp/ruled.png"
check_pdf "$tmp/ruled.pdf" 80 120
if command -v pdftotext >/dev/null; then
  pdftotext "$tmp/ruled.pdf" - | grep -q 'Rulings: opponent-chain=mover-wins, pie=off' && pass ||
    fail "the PDF under rulings does not name them: $(pdftotext "$tmp/ruled.pdf" - | tr '\n' ' ')"
fi
# Every file names what drew it and under which rules, for a picture passed on without its page:
# the version `--version` prints, the game, its board and every ruling in force (defaults too, as
# `rules` lists them), in the SVG's <metadata>, the PNG's tEXt chunks Software and Description,
# and the PDF's Creator, Subject and Keywords.
version=$("$arbiter" --version | head -n 1)
in_force=$("$arbiter" rules quentin --rule opponent-chain=mover-wins --rule pie=off | sed -n 's/^Rulings in force: \(.*\) (the defaults but .*/\1/p')
subject="quentin 3x3, rulings in force: $in_force"
[[ "$in_force" == *"pie=off"* ]] && pass || fail "rules quentin gives no rulings in force: $in_force"
grep -qF "<metadata>drawn by $version: $subject</metadata>" "$tmp/ruled.svg" && pass ||
  fail "the SVG does not record '$version: $subject'" "$tmp/ruled.svg"
[ "$(png_text "$tmp/ruled.png" Software)" = "$version" ] && [ "$(png_text "$tmp/ruled.png" Description)" = "$subject" ] && pass ||
  fail "the PNG's Software and Description: '$(png_text "$tmp/ruled.png" Software)', '$(png_text "$tmp/ruled.png" Description)'"
pdfinfo "$tmp/ruled.pdf" >"$tmp/info" 2>&1
grep -qxF "Creator:         $version" "$tmp/info" && grep -qxF "Subject:         $subject" "$tmp/info" &&
  grep -q '^Keywords: .*quentin, 3x3, .*opponent-chain=mover-wins, .*pie=off' "$tmp/info" && pass ||
  fail "the PDF does not record the version and rulings" "$tmp/info"
# Two readings side by side record both, left then right.
"$arbiter" rulings diff brique light-squares even odd --max-size 3 --seconds 10 --out "$tmp/diff.svg" >/dev/null 2>&1
grep -q '<metadata>drawn by arbiter .*: brique [0-9x]*, rulings in force: .*light-squares=even.*; brique [0-9x]*, rulings in force: .*light-squares=odd.*</metadata>' "$tmp/diff.svg" &&
  pass || fail "rulings diff's SVG does not record both readings" "$tmp/diff.svg"
"$arbiter" render hexabrae --size 2 --rule rim=wall "place a1/0" "place b3/0" "place a2/0" b3/1-b2 --out - >"$tmp/rim.svg" 2>"$tmp/err" &&
  grep -q '>White wins, enclosure</text>' "$tmp/rim.svg" && grep -q '>Rulings: rim=wall</text>' "$tmp/rim.svg" && pass ||
  fail "hexabrae rendered under rim=wall does not say so" "$tmp/rim.svg" "$tmp/err"
# A one-line position carries its rulings, and the picture names those too.
"$arbiter" render brochs --position "brochs 7 ...+.../.#.+.#./...+.../+++++++/...+.../.#.+.#./B.B+.W. black 200 4 0 ply-cap=200" \
  --out - >"$tmp/carried.svg" 2>"$tmp/err" && grep -q '>Rulings: ply-cap=200</text>' "$tmp/carried.svg" && pass ||
  fail "the rulings a position carries are not named" "$tmp/carried.svg" "$tmp/err"
for game in quentin hexabrae; do
  "$arbiter" render "$game" --size 3 --out - >"$tmp/default.svg" 2>"$tmp/err" && grep -q 'class="status"' "$tmp/default.svg" &&
    ! grep -q 'class="rulings"\|Rulings:' "$tmp/default.svg" && pass || fail "$game under the defaults has a rulings line" "$tmp/default.svg" "$tmp/err"
done

# Hexabrae names each field inside it: the name stands in the middle of its hexagon, over the bars
# and the enclosures, with a halo, so that it reads as its own field's (it sat at the bottom, over the
# bar of the field below: "e2" on top of e3's bar). --help says where coordinates may be.
"$arbiter" render hexabrae --size 2 --rule rim=wall "place a1/0" "place b3/0" "place a2/0" b3/1-b2 --out - >"$tmp/names.svg" 2>"$tmp/err" &&
  python3 - "$tmp/names.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "hexabrae's field names are not in the middle of their fields, on top" "$tmp/why" "$tmp/err"
import re, sys
svg = open(sys.argv[1]).read()
shapes = re.findall(r'<(polygon|text) ([^>]*)>', svg)
centres, last_cover, names = [], -1, []
for i, (kind, attributes) in enumerate(shapes):
    role = (re.search(r'class="([^"]*)"', attributes) or re.search('()', '')).group(1)
    if kind == 'polygon' and role == 'field':
        points = [tuple(map(float, p.split(','))) for p in re.search(r'points="([^"]*)"', attributes).group(1).split()]
        centres.append((sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)))
    if role in ('enclosure', 'covered-field', 'white-piece', 'black-piece'):
        last_cover = i
    if kind == 'text' and role == 'coordinate':
        names.append((i, float(re.search(r'\bx="([^"]*)"', attributes).group(1)), float(re.search(r'\by="([^"]*)"', attributes).group(1))))
assert len(names) == len(centres) == 19, (len(names), len(centres))
for i, x, y in names:
    off = min(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for cx, cy in centres)
    assert off < 0.05, f'a name {off:.2f} sides from its field\'s centre'
    assert i > last_cover, 'a name under a bar or an enclosure'
    assert 'paint-order="stroke"' in shapes[i][1], 'a name without its halo'
PY
"$arbiter" render --help >"$tmp/help" 2>&1 && tr -s ' \n' '  ' <"$tmp/help" | grep -q "the coordinates, on the board's edges or in each field" && pass ||
  fail "render --help does not say coordinates may be in each field" "$tmp/help"
# Quentin's picture ends just under its bottom edge, where the status follows: its coordinates are
# on the top and left only, and a band as high as the top one's stood empty under the board.
"$arbiter" render quentin --size 5 c3 b2 --out - >"$tmp/quentin.svg" 2>"$tmp/err" &&
  python3 - "$tmp/quentin.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "quentin leaves an empty band under its board" "$tmp/why" "$tmp/err"
import re, sys
svg = open(sys.argv[1]).read()
edge = max(float(y) for points in re.findall(r'<polygon points="([^"]*)"[^>]*class="black-edge"', svg)
           for y in re.findall(r',([0-9.]+)', points))
status = float(re.search(r'<text x="[^"]*" y="([0-9.]+)"[^>]*class="status"', svg).group(1))
assert status - edge < 0.7, f'the status {status - edge:.2f} units under the bottom edge'
PY

expect_error "render to an unknown format" render brique --out "$tmp/board.jpg"
expect_error "render without an extension" render brique --out "$tmp/board"
expect_error "render to an unwritable file" render brique --out /proc/arbiter/board.png
expect_error "render --coordinates maybe" render brique --coordinates maybe --out "$tmp/board.svg"
expect_error "render --last-move without moves" render brique --last-move --out "$tmp/board.svg"
expect_error "rulings diff --out to an unknown format" rulings diff brique light-squares even odd --out "$tmp/diff.gif"

# A caption goes into XML, HTML and Cairo: one line of valid UTF-8, or a one-line error naming it
# (a control character once wrote an SVG no XML reader opens).
expect_error "caption with a control character" render brique --size 3 --caption "$(printf 'bad\001ctl')" --out "$tmp/c.svg"
expect_error "caption of two lines" render brique --size 3 --caption "$(printf 'line 1\nline 2')" --out "$tmp/c.svg"
expect_error "caption not UTF-8" render brique --size 3 --caption "$(printf 'bad\377\376')" --out "$tmp/c.svg"
expect_error "caption with an overlong UTF-8 form" render brique --size 3 --caption "$(printf 'x\300\200')" --out "$tmp/c.svg"
if "$arbiter" render brique --size 3 --caption "Ünïcödé — ✓ 𝄞 <&>" --out "$tmp/u.svg" >/dev/null 2>"$tmp/err" &&
   python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/u.svg" && grep -q 'Ünïcödé — ✓ 𝄞 &lt;&amp;&gt;' "$tmp/u.svg"; then
  pass
else
  fail "a Unicode caption with XML's special characters" "$tmp/err"
fi

# --width sets a PNG's pixels (it was always 709), still 90 mm by its pHYs; bad values and other
# formats are refused in one line.
"$arbiter" render brique --size 5 --width 1200 --out "$tmp/wide.png" >/dev/null 2>"$tmp/err" &&
  file -b "$tmp/wide.png" | grep -q '^PNG image data, 1200 x' && pass || fail "render --width 1200" "$tmp/err"
for bad in 0 99 10001 12.5 abc ""; do expect_error "render --width '$bad'" render brique --size 3 --width "$bad" --out "$tmp/w.png"; done
expect_error "render --width with an SVG" render brique --size 3 --width 800 --out "$tmp/w.svg"

# Without coordinates the status does not name the last move's cell, which the reader cannot find
# on the board ("last move c3"): the ring marks it.
"$arbiter" render brique --size 5 c3 --last-move --coordinates off --out - >"$tmp/nocoord.svg" 2>"$tmp/err" &&
  grep -q '>White to move; last move marked</text>' "$tmp/nocoord.svg" && ! grep -q 'last move c3' "$tmp/nocoord.svg" && pass ||
  fail "render --coordinates off names the last move's cell" "$tmp/nocoord.svg" "$tmp/err"

# The status says what the last move did that its marks do not, in the game's words (State::
# move_words): a Brique fill of White's d4 looked like a fill of an empty square, and the status said
# only "last move c4". A list longer than two lines of the band is left to the marks.
status_of() { grep 'class="status"' "$1" | sed 's/.*">\(.*\)<\/text>$/\1/' | tr '\n' ' '; }
"$arbiter" render brique --size 5 c3 c2 d3 d4 c4 --last-move --out - >"$tmp/replaced.svg" 2>"$tmp/err" &&
  status_of "$tmp/replaced.svg" | grep -qF "last move c4, which fills d4 with a black stone, replacing White's stone " && pass ||
  fail "render's status does not say that c4 filled White's d4" "$tmp/replaced.svg" "$tmp/err"
"$arbiter" render hexabrae --position "hexabrae 2 Ba2/0 Bb1/1 Bb4/1 Bc4/1 Wd1/2 Wd3/2 Bd4/2 We1/2 black 35" d4/0 --last-move \
  --out - >"$tmp/enclosed.svg" 2>"$tmp/err" && status_of "$tmp/enclosed.svg" | grep -qF "last move d4/0, which encloses c4, d3 and d4 " &&
  pass || fail "render's status does not say what d4/0 encloses" "$tmp/enclosed.svg" "$tmp/err"
"$arbiter" render brique --size 5 c3 c2 d3 d4 c4 --last-move --coordinates off --out - >"$tmp/replaced.svg" 2>"$tmp/err" &&
  ! status_of "$tmp/replaced.svg" | grep -q "fills" && pass || fail "render --coordinates off names the filled squares" "$tmp/replaced.svg"
border="$(printf '   a b c d e f g h i\n 1 . . . . . . . . .\n 2 . . B B B B B B .\n 3 . W W W W W W W .\n 4 . B B B B B B B .\n 5 . W W W W W W W .\n 6 . B B B B B B B .\n 7 . W W W W W W W .\n 8 . B B B B B B B .\n 9 . . . . . . . . .\nBlack to move, ply 48\n')"
"$arbiter" render quentin --size 9 --rule edges-count=yes --position "$border" b2 --last-move --out - >"$tmp/border.svg" 2>"$tmp/err" &&
  [ "$(grep -c 'class="move-changed"' "$tmp/border.svg")" -ge 64 ] && [ "$(status_of "$tmp/border.svg")" = "Black wins; last move b2 " ] && pass ||
  fail "render's status lists the 32 points b2 fills" "$tmp/border.svg" "$tmp/err"

# Without coordinates the picture is cut to the board: Quentin kept a blank band on the top and the
# left where its coordinates stood, Brique one on each side.
for game in quentin brique; do
  "$arbiter" render "$game" --size 5 c3 --coordinates off --out - >"$tmp/cut.svg" 2>"$tmp/err" &&
    python3 - "$tmp/cut.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "$game --coordinates off leaves a blank margin" "$tmp/why" "$tmp/err"
import re, sys
svg = open(sys.argv[1]).read()
width = float(re.search(r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+)', svg).group(1))
xs, ys = [], []
for points in re.findall(r'<polygon points="([^"]*)"', svg):
    for p in points.split():
        x, y = map(float, p.split(','))
        xs.append(x)
        ys.append(y)
assert min(xs) < 0.04 * width and min(ys) < 0.04 * width, f'board from ({min(xs) / width:.3f}, {min(ys) / width:.3f}) of the width'
assert max(xs) > 0.96 * width, f'board to {max(xs) / width:.3f} of the width'
PY
done

# Printed in grey, the last move's ring shows on a black piece as on a white one (red alone was a
# dark ring on black): a white band under it, in every game. Hexabrae's Black majority is hatched,
# its White majority not (blue and purple printed as one grey), and a covered field's outline is
# dashed (thin and solid, it printed as the borders' grey).
for game in $games; do
  first=$("$arbiter" moves "$game" | sed -n 's/^Legal moves ([0-9]*): \([^,]*\),.*/\1/p')
  "$arbiter" render "$game" "$first" --last-move --out - >"$tmp/band.svg" 2>"$tmp/err" &&
    python3 - "$tmp/band.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "$game's last-move ring has no white band" "$tmp/why" "$tmp/err"
import re, sys
svg = open(sys.argv[1]).read()
band = re.search(r'<circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"[^>]*stroke="#ffffff" stroke-width="([0-9.]+)" class="last-move-band"', svg)
ring = re.search(r'<circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"[^>]*stroke-width="([0-9.]+)" class="last-move"', svg)
assert band and ring, 'no band or no ring'
assert band.start() < ring.start(), 'the band over the ring'
assert band.groups()[:3] == ring.groups()[:3] and float(band.group(4)) >= 2 * float(ring.group(4)), (band.groups(), ring.groups())
PY
done
"$arbiter" render hexabrae --position "hexabrae 4 Be4/0 We5/2 Bf1/1 black 7" f1-f4 --out - >"$tmp/black.svg" 2>"$tmp/err" &&
  "$arbiter" render hexabrae --position "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6" f1-f4 --out - >"$tmp/white.svg" 2>>"$tmp/err" &&
  grep -q '>enclosure, Black majority<' "$tmp/black.svg" && grep -q '<line [^>]*class="enclosure"' "$tmp/black.svg" &&
  grep -q '>enclosure, White majority<' "$tmp/white.svg" && ! grep -q '<line [^>]*class="enclosure"' "$tmp/white.svg" &&
  [ "$(grep -c '<line [^>]*class="covered-field"' "$tmp/white.svg")" -gt 6 ] && ! grep -q '<polygon [^>]*class="covered-field"' "$tmp/white.svg" &&
  pass || fail "hexabrae's enclosures do not differ in grey" "$tmp/black.svg" "$tmp/white.svg" "$tmp/err"

# The coordinates print at least at the book's 6 pt (15x15: 5.25 pt at 90 mm).
"$arbiter" render brique --size 15 --out - >"$tmp/big.svg" 2>"$tmp/err" && python3 - "$tmp/big.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "render's 15x15 coordinates under 6 pt" "$tmp/why" "$tmp/err"
import re, sys
svg = open(sys.argv[1]).read()
width = float(re.search(r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+)', svg).group(1))
sizes = [float(f) for f in re.findall(r'font-size="([0-9.]+)"[^>]*class="coordinate"', svg)]
points = min(sizes) * 90 / width * 72 / 25.4
assert sizes and points >= 6, f'{points:.2f} pt'
PY

# --last-move shows where a moving piece came from and what it took, and the key under the board
# says what the marks are (only the destination was marked): a Brochs capture, d4-d2 taking c2,
# and a Hexabrae slide, which takes nothing.
"$arbiter" render brochs --position "brochs 9 ....+..../.BW.+..../..#.+.#../...B+..../+++++++++/....+..../..#.+.#../....+..W./....+.... black 20 8 0" \
  d4-d2 --last-move --out - >"$tmp/traced.svg" 2>"$tmp/err" && grep -q 'class="last-move-origin"' "$tmp/traced.svg" &&
  [ "$(grep -c 'class="last-move-removed"' "$tmp/traced.svg")" = 2 ] && grep -q '>came from</text>' "$tmp/traced.svg" &&
  grep -q '>captured</text>' "$tmp/traced.svg" && pass || fail "brochs --last-move with a capture" "$tmp/traced.svg" "$tmp/err"
"$arbiter" render hexabrae --position "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6" f1-f4 --last-move --out - >"$tmp/slide.svg" 2>"$tmp/err" &&
  grep -q 'class="last-move-origin"' "$tmp/slide.svg" && grep -q '>came from</text>' "$tmp/slide.svg" &&
  ! grep -q 'last-move-removed\|>captured<' "$tmp/slide.svg" && pass || fail "hexabrae --last-move of a slide" "$tmp/slide.svg" "$tmp/err"
# The key names the ring whatever the move: a placement's and a turn's ring went unexplained,
# where a slide's was named beside "came from".
for move in "place a3/0" "f1/2"; do
  "$arbiter" render hexabrae --position "hexabrae 4 We4/0 Be5/2 Wf1/1 white 6" "$move" --last-move --out - >"$tmp/placed.svg" 2>"$tmp/err" &&
    grep -q 'class="last-move"' "$tmp/placed.svg" && grep -q '>last move</text>' "$tmp/placed.svg" &&
    ! grep -q '>came from</text>' "$tmp/placed.svg" && pass || fail "hexabrae --last-move of $move: its ring is not in the key" "$tmp/placed.svg" "$tmp/err"
done
# A Brochs curse: the keep that made it is outlined, with a line to the piece it struck, and the
# key names it (the ring alone, hidden under the cross, said neither).
"$arbiter" render brochs --position "brochs 7 ...+.../.s.+.b./...+.../+++++B+/...+.../.b.+.w./...+.W. black 102 0 0 since:g6-f6" \
  "curse f6" --last-move --out - >"$tmp/curse.svg" 2>"$tmp/err" && [ "$(grep -c 'class="last-move-source"' "$tmp/curse.svg")" = 2 ] &&
  grep -q '>cursing keep</text>' "$tmp/curse.svg" && grep -q '>captured</text>' "$tmp/curse.svg" && pass ||
  fail "brochs --last-move of a curse does not show its keep" "$tmp/curse.svg" "$tmp/err"
# A fill is marked as a capture is: Brique's escorts example (c3 fills b3 and turns the white
# stone on c2) and Quentin's territory (a2 fills six points), a diamond each in a black and a white
# outline and a key line (only the placed stone was marked).
"$arbiter" render brique --size 5 --position "$(printf '   a b c d e\n 1 . . . . .\n 2 . . W B .\n 3 . . . . .\n 4 . B . W .\n 5 . . . . .\nBlack to move, ply 4\n')" \
  c3 --last-move --out - >"$tmp/fill.svg" 2>"$tmp/err" && [ "$(grep -c 'class="move-changed"' "$tmp/fill.svg")" = 4 ] &&
  grep -q '>filled by the move</text>' "$tmp/fill.svg" && pass || fail "brique --last-move of a fill does not mark it" "$tmp/fill.svg" "$tmp/err"
"$arbiter" render quentin --size 5 --position "$(printf '   a b c d e\n 1 W . . . W\n 2 . B W B W\n 3 . . . . W\n 4 W B W . B\n 5 . . W . B\nBlack to move, ply 12\n')" \
  a2 --last-move --out - >"$tmp/territory.svg" 2>"$tmp/err" && [ "$(grep -c 'class="move-changed"' "$tmp/territory.svg")" = 12 ] &&
  grep -q '>filled by the move</text>' "$tmp/territory.svg" && pass || fail "quentin --last-move of a territory fill does not mark it" "$tmp/territory.svg" "$tmp/err"
# rulings diff marks the move the readings treat differently as render does: its capture too,
# which is all that differs for keep-two-piece (b2 was just empty on the right, no mark, no key).
# The search ends at the difference (8,841 positions, under 5 s on an idle core); the time limit is
# only a backstop: 30 s cut it at 2,241 positions in a sanitized build on a machine at load 15.
"$arbiter" rulings diff brochs keep-two-piece no yes --max-size 7 --seconds 600 --out "$tmp/kt.svg" >"$tmp/out" 2>&1 &&
  [ "$(grep -c 'class="last-move-removed"' "$tmp/kt.svg")" = 2 ] && [ "$(grep -c '>captured</text>' "$tmp/kt.svg")" = 1 ] &&
  [ "$(grep -c '>last move</text>' "$tmp/kt.svg")" = 2 ] && pass ||
  fail "rulings diff brochs keep-two-piece does not mark the capture under yes" "$tmp/out" "$tmp/kt.svg"
# Its move list is written as solve and replay write one, so that it pastes back as one argument
# (it was space-separated: `set a1 a2-a4 a1-a3 b1-a1`).
moves=$(sed -n 's/.*readings differ .* moves: //p' "$tmp/out" | head -1)
case "$moves" in
  *", "*) "$arbiter" replay brochs --size 7 "$moves" >/dev/null 2>"$tmp/err" && pass ||
    fail "rulings diff's move list does not replay as one argument: $moves" "$tmp/err" ;;
  *) fail "rulings diff writes its Brochs move list without commas: $moves" "$tmp/out" ;;
esac
# Its ring goes round the name in the middle of the field (it crossed "f4").
python3 - "$tmp/slide.svg" >"$tmp/why" 2>&1 <<'PY' && pass || fail "hexabrae's last-move ring crosses the field's name" "$tmp/why"
import re, sys
svg = open(sys.argv[1]).read()
ring = re.search(r'<circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"[^>]*stroke-width="([0-9.]+)" class="last-move"', svg)
name = re.search(r'<text x="([0-9.]+)" y="([0-9.]+)" font-size="([0-9.]+)"[^>]*class="coordinate"[^>]*>f4<', svg)
x, y, r, width = map(float, ring.groups())
nx, ny, size = map(float, name.groups())
assert abs(nx - x) < 1e-6 and abs(ny - y) < 1e-6, 'the ring is not on f4'
half_diagonal = ((0.58 * size) ** 2 + (0.4 * size) ** 2) ** 0.5  # two characters, as the book measures a label
assert r - width / 2 > half_diagonal, f'ring inside {r - width / 2:.3f}, name reaches {half_diagonal:.3f}'
PY

# A caption in a script that no installed font has printed as boxes with no word said: the
# characters are named once on standard error. Chinese has a font (scripts/quickstart.sh installs
# fonts-wqy-microhei) and draws without a warning.
"$arbiter" render brique --size 3 --caption "棋盘 board" --out "$tmp/cjk.png" >/dev/null 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
  pass || fail "a Chinese caption" "$tmp/err"
"$arbiter" render brique --size 3 --caption "$(printf 'x \U0010FFFD \U0010FFFD')" --out "$tmp/box.pdf" >/dev/null 2>"$tmp/err" &&
  [ "$(grep -c "^arbiter: warning: no installed font has '.*' (U+10FFFD)" "$tmp/err")" = 1 ] && pass ||
  fail "a caption no font covers is not named once on standard error" "$tmp/err"

finish

#!/usr/bin/env bash
# A puzzle book as a reader meets it: a few puzzles generated into a fresh database, `arbiter book`,
# then book.html opened in headless Chromium (a screenshot that is not blank, one diagram per
# puzzle) and printed by it as written for A4 and for Letter (on that paper, one sheet a page,
# numbered, no puzzle split), book.pdf read by poppler (the page count the layout implies, pages
# that are not blank, a long title within the margins, the text under the diagrams at a printable
# size), and book.tex has a TikZ picture per diagram. Bad input: one-line errors, exit 2.
# Usage: book.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

chromium_bin=$(command -v chromium || command -v chromium-browser)
[ -n "$chromium_bin" ] || { echo "FAIL: chromium is missing (scripts/quickstart.sh installs it)"; exit 1; }
# Every chromium below keeps its profile in $tmp (--user-data-dir): with HOME unwritable, as in a
# package build, it did not start ("Failed to create headless user data directory container").
for tool in pdfinfo pdftoppm pdftotext file; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/quickstart.sh installs it)"; exit 1; }
done

# A page is not blank when a good share of its pixels is dark (text and boards).
dark_share() {  # dark_share PGM_FILE -> per mille of pixels darker than mid-grey
  tail -c +16 "$1" | od -An -tu1 -v | awk '{ for (i = 1; i <= NF; i++) { n++; if ($i < 128) d++ } } END { print (n ? int(1000 * d / n) : 0) }'
}

db="$tmp/puzzles.db"
count=7
if ! "$arbiter" puzzles generate brique --size 5 --kind within-1 --count "$count" --seed 3 --db "$db" >"$tmp/out" 2>"$tmp/err"; then
  echo "FAIL: puzzles generate: $(cat "$tmp/err")"; exit 1
fi
# The folder as a shell completes it, with a trailing slash: the report names its files plainly.
# A long title, with a word of letters outside ASCII: it wraps on the title page, within the margins.
title="Brique — Rätsel für Fortgeschrittene: a very long title that goes on and on and on"
if ! "$arbiter" book --db "$db" --title "$title" --out "$tmp/book/" >"$tmp/out" 2>"$tmp/err"; then
  echo "FAIL: book: $(cat "$tmp/err")"; exit 1
fi
grep -q "wrote .*book.html ($count puzzles)" "$tmp/out" && pass || fail "book's report: $(cat "$tmp/out")"
grep -q "diagram PNGs in $tmp/book/diagrams in " "$tmp/out" && ! grep -q "//" "$tmp/out" && pass ||
  fail "book's report names its folders oddly: $(cat "$tmp/out")"

html="$tmp/book/book.html"
diagrams=$(grep -o 'class="diagram problem"' "$html" | wc -l)
solutions=$(grep -o 'class="diagram solution"' "$html" | wc -l)
[ "$diagrams" -eq "$count" ] && [ "$solutions" -eq "$count" ] && pass ||
  fail "book.html has $diagrams puzzle and $solutions solution diagrams, not $count each"
grep -q 'to play and win in 1' "$html" && grep -q 'Difficulty [1-5]/5' "$html" && grep -q '@page' "$html" && pass ||
  fail "book.html lacks the task line, the difficulty or the print CSS"
grep -Eq '(src|href)="(https?:)?//' "$html" && fail "book.html loads something from the network" || pass
# A blind reader can attempt every puzzle: under each diagram the position in words, each side's
# stones by square as `puzzles show`'s position line has them, the side to move first, in all three
# books; each diagram an image for a screen reader, named by its title and described by that
# paragraph (aria-describedby; a <desc> with the same words, which it named too, was read twice),
# its texts hidden from it (read one by one, its coordinates were "a 1 b 2 c 3", and no text gave
# the position). A solution's heading comes before its diagram in the page
# (read in order, by a screen reader or in a window of one column, a diagram that came first was the
# solution above's).
python3 - "$arbiter" "$db" "$html" <<'PY' >"$tmp/words.out" 2>&1 && pass || fail "book.html does not give each position in words" "$tmp/words.out"
import re, subprocess, sys
arbiter, db, html = sys.argv[1], sys.argv[2], open(sys.argv[3]).read()
def squares(rows, piece):
    found = [(c, r) for r, row in enumerate(rows.split("/")) for c, ch in enumerate(row) if ch == piece]
    names = ["%s%d" % (chr(97 + c), r + 1) for c, r in sorted(found)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
def side(rows, piece, name):
    n = rows.count(piece)
    return "%s, %d stone%s: %s." % (name, n, "" if n == 1 else "s", squares(rows, piece)) if n else "%s, no stones." % name
puzzles = re.findall(r'<div class="puzzle" id="puzzle-(\d+)">.*?</div>', html, re.S)
assert puzzles, "no puzzles"
for number in puzzles:
    block = re.search(r'<div class="puzzle" id="puzzle-%s">(.*?)</div>' % number, html, re.S).group(1)
    store = re.search(r'id="solution-%s">.*?store id (\d+)' % number, html, re.S).group(1)
    show = subprocess.run([arbiter, "puzzles", "show", store, "--db", db], capture_output=True, text=True).stdout
    game, size, rows, to_move = re.search(r"^position: (\S+) (\d+) (\S+) (\S+)", show, re.M).groups()
    words = "%s to move. %s %s" % (to_move.capitalize(), side(rows, "W", "White"), side(rows, "B", "Black"))
    shown = re.search(r'<p class="details position" id="puzzle-%s-position">Position: ([^<]*)</p>' % number, block)
    assert shown and shown.group(1).startswith(words), "puzzle %s: %r, not %r" % (number, shown and shown.group(1), words)
    svg = re.search(r"<svg[^>]*>.*?</svg>", block, re.S).group(0)
    assert 'role="img" aria-labelledby="puzzle-%s-diagram-title" aria-describedby="puzzle-%s-position"' % (number, number) in svg, svg[:300]
    assert '<title id="puzzle-%s-diagram-title">' % number in svg and "<desc" not in svg, svg[:400]
    solution = re.search(r'<div class="solution" id="solution-%s">\s*(<[a-z0-9]+)' % number, html)
    assert solution and solution.group(1) == "<h3", "solution %s begins with %s, not its heading" % (number, solution and solution.group(1))
    texts = re.findall(r"<text [^>]*>", svg)
    assert texts and all('aria-hidden="true"' in t for t in texts), "puzzle %s: a text a screen reader reads: %s" % (number, texts[:3])
solutions = re.findall(r'<svg[^>]*class="diagram solution"[^>]*>\s*<title id="[^"]*">[^<]*</title>\s*<desc id="[^"]*">[^<]+</desc>', html)
assert len(solutions) == len(puzzles), "%d of %d solution diagrams described" % (len(solutions), len(puzzles))
PY
[ "$(pdftotext "$tmp/book/book.pdf" - | grep -c '^Position: [A-Z][a-z]* to move\. ')" = "$count" ] \
  && [ "$(grep -c 'Position: [A-Z][a-z]* to move\. ' "$tmp/book/book.tex")" = "$count" ] && pass \
  || fail "book.pdf and book.tex do not give each position in words under its diagram" "$tmp/book/book.tex"
# The puzzles have their heading (they sat under the rules' "Rules, rulings and notation"), and each
# puzzle links to its solution and back.
[ "$(grep -c '^<h2 class="puzzles">Puzzles</h2>$' "$html")" = 1 ] \
  && [ "$(grep -o '<a class="jump" href="#solution-[0-9]*"[^>]*>Solution</a>' "$html" | wc -l)" = "$count" ] \
  && [ "$(grep -o '<a class="jump" href="#puzzle-[0-9]*"[^>]*>Puzzle</a>' "$html" | wc -l)" = "$count" ] \
  && grep -q 'href="#solution-1"' "$html" && grep -q 'href="#puzzle-1"' "$html" && pass \
  || fail "book.html lacks the Puzzles heading or the links between puzzles and solutions"
# The subtitle gives the difficulties the book holds (it gave the range asked for, "1-5" by default).
held=$(grep -o 'Difficulty [1-5]/5' "$html" | sort -u | cut -c12 | sort -n | sed -n '1p;$p' | paste -sd- | sed 's/^\([1-5]\)-\1$/\1/')
grep -q "$count puzzles, difficulty $held<" "$html" && pass || fail "book.html's subtitle does not give the difficulties it holds ($held)"
# The title page says what the difficulty measures and that it compares one kind of puzzles only
# (of the book's one game: it spoke of other games until session 53).
grep -q "It compares puzzles of one kind only" "$html" && ! grep -q "in another" "$html" && pass || fail "book.html's title page does not say what the difficulty compares"

"$chromium_bin" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/chromium-profile" --hide-scrollbars --window-size=1000,3000 \
  --screenshot="$tmp/shot.png" "file://$html" >"$tmp/chromium.log" 2>&1
if [ -f "$tmp/shot.png" ] && file -b "$tmp/shot.png" | grep -q 'PNG image data, 1000 x 3000'; then
  # A blank page compresses to a few kilobytes; boards and text do not.
  [ "$(stat -c %s "$tmp/shot.png")" -gt 50000 ] && pass || fail "the screenshot of book.html looks blank"
else
  fail "chromium took no screenshot: $(tail -3 "$tmp/chromium.log")"
fi

# A window 550 pixels wide (a page zoomed to 200%, a phone) shows book.html within it, one column,
# each line wrapped to the window: .sheet was 180 mm wide on screen too, and cut every line.
sed 's|</body>|<script>document.body.setAttribute("data-scroll-width", document.documentElement.scrollWidth)</script></body>|' \
  "$html" >"$tmp/book/probe.html"
scroll=$("$chromium_bin" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/chromium-profile" --hide-scrollbars --window-size=550,900 --dump-dom \
  "file://$tmp/book/probe.html" 2>/dev/null | grep -o 'data-scroll-width="[0-9]*"' | grep -o '[0-9]*')
[ -n "$scroll" ] && [ "$scroll" -le 550 ] && pass || fail "book.html in a window 550 pixels wide is ${scroll:-?} pixels wide"
rm -f "$tmp/book/probe.html"

pages=$(pdfinfo "$tmp/book/book.pdf" | sed -n 's/^Pages: *//p')
expected=$((2 + (count + 5) / 6 + (count + 3) / 4))  # title, rules and notation, 6 puzzles a page, 4 solutions a page
[ "$pages" = "$expected" ] && pass || fail "book.pdf has $pages pages, not $expected"
pdfinfo "$tmp/book/book.pdf" | grep -q 'Page size:.*(A4)' && pass || fail "book.pdf is not A4"
# book.pdf and each diagram's PNG name the version that made them and the rulings the puzzles hold
# under (every puzzle here is Brique 5x5 under the defaults: named once).
version=$("$arbiter" --version | head -n 1)
in_force=$("$arbiter" perft brique --size 5 --depth 1 --json | python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["rulings_in_force"]))')
pdfinfo "$tmp/book/book.pdf" >"$tmp/info"
[ -n "$in_force" ] && grep -qxF "Creator:         $version" "$tmp/info" &&
  grep -qxF "Subject:         brique 5x5, rulings in force: $in_force" "$tmp/info" && pass ||
  fail "book.pdf does not record the version and rulings ($in_force)" "$tmp/info"
[ "$(png_text "$tmp/book/diagrams/puzzle-001.png" Software)" = "$version" ] &&
  [ "$(png_text "$tmp/book/diagrams/solution-001.png" Description)" = "brique 5x5, rulings in force: $in_force" ] && pass ||
  fail "the diagrams' PNGs do not record the version and rulings: $(png_text "$tmp/book/diagrams/solution-001.png" Description)"
# book.pdf's CreationDate is when it was written (it said 1 January 2026, 00:00, always), or the
# time SOURCE_DATE_EPOCH gives.
created=$(date -d "$(pdfinfo "$tmp/book/book.pdf" | sed -n 's/^CreationDate: *//p')" +%s 2>/dev/null)
now=$(date +%s)
[ -n "$created" ] && [ $((now - created)) -lt 3600 ] && [ $((created - now)) -lt 60 ] && pass ||
  fail "book.pdf's CreationDate is not when it was written: $(pdfinfo "$tmp/book/book.pdf" | grep CreationDate)"
SOURCE_DATE_EPOCH=1000000000 "$arbiter" book --db "$db" --count 1 --out "$tmp/dated" >"$tmp/dated.out" 2>&1
[ "$(date -d "$(pdfinfo "$tmp/dated/book.pdf" | sed -n 's/^CreationDate: *//p')" +%s 2>/dev/null)" = 1000000000 ] && pass ||
  fail "book.pdf's CreationDate under SOURCE_DATE_EPOCH=1000000000: $(pdfinfo "$tmp/dated/book.pdf" | grep CreationDate)"
# One puzzle is "1 puzzle" (it was "1 puzzles" in the report and on the title page).
grep -q "wrote .*book.html (1 puzzle), " "$tmp/dated.out" && pass || fail "book's report for one puzzle" "$tmp/dated.out"

# Words of a PDF's page with their boxes: "xMin yMin xMax yMax word", one a line.
words_of() {  # words_of PDF FIRST LAST
  pdftotext -bbox -f "$2" -l "$3" "$1" - |
    sed -n 's/.*<word xMin="\([0-9.-]*\)" yMin="\([0-9.-]*\)" xMax="\([0-9.-]*\)" yMax="\([0-9.-]*\)">\(.*\)<\/word>/\1 \2 \3 \4 \5/p'
}
# The title page keeps every word of the long title within the 15 mm (42.5 pt) margins of A4.
words_of "$tmp/book/book.pdf" 1 1 >"$tmp/title-words"
outside=$(awk '$1 < 42 || $3 > 595.28 - 42' "$tmp/title-words")
[ -z "$outside" ] && grep -q ' Fortgeschrittene:$' "$tmp/title-words" && grep -q ' on$' "$tmp/title-words" && pass ||
  fail "book.pdf's title runs past the margins: $outside" "$tmp/title-words"
# The band under every diagram (the side to play, the result) prints at 7.5 pt or more: a word's
# box is 1.1636 em high in DejaVu Sans. "wins" is written only there, "play" there and in the
# tasks (11 pt). Diagrams printed 40 mm wide once set it at 4 pt.
band_sizes() {  # band_sizes PDF -> the smallest size of "wins" and of "play", in points
  words_of "$1" 2 999 | awk '$5 == "wins" || $5 == "play" { size = ($4 - $2) / 1.1636; if (!($5 in least) || size < least[$5]) least[$5] = size }
    END { printf "%.1f %.1f\n", ("wins" in least) ? least["wins"] : 0, ("play" in least) ? least["play"] : 0 }'
}
# book.pdf paints its diagrams' texts as outlines (its text is the book's words, in reading order,
# below), so the band is measured where book.html is printed.

# book.pdf's text reads in order: a puzzle's heading, its position in words, its details; the
# diagrams' labels are not text (a puzzle's heading fell among the coordinate letters of the one
# before it, and a board's labels between a solution's wrong moves). Its outline leads to the title
# page, the rules, each puzzle and each solution.
pdftotext -f 2 -l 999 "$tmp/book/book.pdf" - >"$tmp/reading.txt"
lone=$(grep -cE '^([a-z]|[0-9]{1,2})$' "$tmp/reading.txt")
# In the order the page draws its text (-raw; a screen reader of an untagged PDF follows it too):
# poppler's layout mode reads the two columns' rows side by side.
order=$(pdftotext -raw -f 2 -l 999 "$tmp/book/book.pdf" - | grep -oE '^([0-9]+\. (White|Black) to play|Position:|Difficulty)' |
  sed 's/^[0-9]*\. .*/task/' | uniq | sed -n '/^task$/,$p' | head -9 | paste -sd' ')
pages_now=$(pdfinfo "$tmp/book/book.pdf" | sed -n 's/^Pages: *//p')
# Page numbers stand alone on their lines: $pages_now - 1 of them are expected.
[ "$lone" -le $((pages_now - 1)) ] && [ "$order" = "task Position: Difficulty task Position: Difficulty task Position: Difficulty" ] && pass \
  || fail "book.pdf's text is out of reading order: $lone lone labels, puzzles read as '$order'" "$tmp/reading.txt"
outline=$(python3 - "$tmp/book/book.pdf" <<'PY'
import re, sys, zlib
data = open(sys.argv[1], "rb").read()
texts = []
for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
    try:
        data += zlib.decompress(stream)
    except zlib.error:
        pass
# Each puzzle's and solution's entry names the game and board (they read "1. White to play and
# win in 1" and "Solution 1", whichever game).
print(sum(1 for t in (rb"/Title \(Title page\)", rb"/Title \(Rules, rulings and notation\)", rb"/Title \(Puzzles\)", rb"/Title \(Solutions\)",
                      rb"/Title \(1\. Brique 5x5: (White|Black) to play and win in 1\)", rb"/Title \(Solution 1: Brique 5x5\)") if re.search(t, data)))
PY
)
[ "$outline" = 6 ] && pass || fail "book.pdf's outline lacks the title page, rules, puzzles or solutions ($outline of 6 found)"

# book.html printed by Chromium as a reader prints it, with no setting of its own: on the book's
# paper (--paper a4, the default, and letter; it carried no page size, and Chromium printed an A4
# book on Letter), one sheet a page, as many pages as book.pdf (four solutions of 62 mm each once
# took more than Letter's 249 mm, and every solution sheet printed as two pages), each page but the
# title page numbered in its bottom margin (it had no page numbers), no puzzle or solution split
# across two pages (each page has as many task lines as details lines), the band as large, the
# title within the page.
"$arbiter" book --db "$db" --title "$title" --paper letter --out "$tmp/book-letter" >/dev/null 2>"$tmp/err" ||
  fail "book --paper letter: $(cat "$tmp/err")"
for paper in A4 letter; do
  printing="$html"
  [ "$paper" = letter ] && printing="$tmp/book-letter/book.html"
  "$chromium_bin" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/chromium-profile" --no-pdf-header-footer \
    --print-to-pdf="$tmp/print-$paper.pdf" "file://$printing" >"$tmp/chromium.log" 2>&1
  printed=$(pdfinfo "$tmp/print-$paper.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
  [ "$printed" = "$pages" ] && pass || fail "book.html printed on $paper takes ${printed:-no} pages, book.pdf $pages"
  size=$(pdfinfo "$tmp/print-$paper.pdf" 2>/dev/null | sed -n 's/^Page size: *//p')
  case "$paper:$size" in
    A4:*"(A4)" | letter:"612 x 792 pts (letter)") pass ;;
    *) fail "book.html written for $paper prints on $size" ;;
  esac
  page_height=$(sed -n 's/^[0-9.]* x \([0-9.]*\) pts.*/\1/p' <<<"$size")
  numbered=0 split=""
  for page in $(seq 2 "${printed:-0}"); do
    # The page number: the word that is the page's number, in the bottom margin (15 mm, 42.5 pt).
    words_of "$tmp/print-$paper.pdf" "$page" "$page" | awk -v n="$page" -v h="$page_height" '$5 == n && $2 > h - 42.5 { found = 1 } END { exit !found }' &&
      numbered=$((numbered + 1))
    text=$(pdftotext -f "$page" -l "$page" "$tmp/print-$paper.pdf" -)
    tasks=$(grep -cE '^[0-9]+\. (White|Black) to play' <<<"$text")
    details=$(grep -cE '^Difficulty [1-5]/5' <<<"$text")
    [ "$tasks" = "$details" ] || split="$split page $page ($tasks tasks, $details details lines);"
  done
  [ "$numbered" = $((printed - 1)) ] && pass || fail "book.html printed on $paper: $numbered of its $((printed - 1)) pages after the title page numbered"
  [ -z "$split" ] && pass || fail "book.html printed on $paper splits a puzzle or solution:$split"
  read -r wins play <<<"$(band_sizes "$tmp/print-$paper.pdf")"
  awk -v w="$wins" -v p="$play" 'BEGIN { exit !(w >= 7.4 && p >= 7.4) }' && pass ||
    fail "book.html on $paper sets the result at $wins pt and the side to play at $play pt, not 7.5 pt or more"
  page_width=$(pdfinfo "$tmp/print-$paper.pdf" | sed -n 's/^Page size: *\([0-9.]*\) x.*/\1/p')
  outside=$(words_of "$tmp/print-$paper.pdf" 1 1 | awk -v w="$page_width" '$1 < 42 || $3 > w - 42')
  [ -z "$outside" ] && pass || fail "book.html's title runs past the margins on $paper: $outside"
done
for page in $(seq 1 "$expected"); do
  pdftoppm -gray -r 30 -f "$page" -l "$page" "$tmp/book/book.pdf" >"$tmp/page.pgm"
  share=$(dark_share "$tmp/page.pgm")
  [ "$share" -ge 3 ] && pass || fail "book.pdf page $page is blank ($share per mille dark)"
done
tex="$tmp/book/book.tex"
[ "$(grep -c '^\\begin{tikzpicture}' "$tex")" -eq $((2 * count)) ] && grep -q '^\\section\*{Solutions}' "$tex" \
  && [ "$(grep -c '^\\end{document}' "$tex")" -eq 1 ] && pass || fail "book.tex lacks a picture per diagram or its sections" "$tex"
# Each solution numbers its one move (the key move) in the mover's colour: written on the stone the
# move placed, a white number on a black stone for Black, a black one on a white stone for White, with
# no disc of its own (inside the stone's outline it read as a second ring). With white discs only,
# Black's moves read as White stones.
badge_fills() { grep -o "<$1[^>]*class=\"move-number\"" "$html" | grep -o ' fill="[^"]*"' | sort | uniq -c | tr -s ' ' | tr '\n' ';'; }
black_tasks=$(grep -o "Black to play and win in 1" "$html" | wc -l)  # each task is written twice: puzzle and solution
white_tasks=$(grep -o "White to play and win in 1" "$html" | wc -l)
[ -z "$(badge_fills circle)" ] \
  && [ "$(badge_fills text)" = " $((white_tasks / 2)) fill=\"#000000\"; $((black_tasks / 2)) fill=\"#ffffff\";" ] \
  && [ "$black_tasks" -gt 0 ] && [ "$white_tasks" -gt 0 ] && pass \
  || fail "numbered moves: discs $(badge_fills circle) numbers: $(badge_fills text) for $black_tasks/2 Black and $white_tasks/2 White tasks"
pngs=$(ls "$tmp/book/diagrams"/*.png 2>/dev/null | wc -l)
[ "$pngs" -eq $((2 * count)) ] && file -b "$tmp/book/diagrams/puzzle-001.png" | grep -q '^PNG image data' && pass ||
  fail "expected $((2 * count)) diagram PNGs, found $pngs"
# 80 mm at 200 dpi, said in the PNG (7874 pixels a metre), so that it prints 80 mm wide.
[ "$(png_resolution "$tmp/book/diagrams/solution-001.png")" = "7874 7874 1" ] && pass ||
  fail "the diagram PNGs do not say 200 dpi (pHYs: $(png_resolution "$tmp/book/diagrams/solution-001.png"))"

# Written again into the same folder with fewer puzzles, the book leaves none of the earlier
# diagrams behind (50 PNGs for 3 puzzles once), and no file of the reader's is touched.
touch "$tmp/book/diagrams/my-cover.png" "$tmp/book/notes.txt"
"$arbiter" book --db "$db" --count 3 --out "$tmp/book" >"$tmp/out" 2>"$tmp/err" \
  && [ "$(ls "$tmp/book/diagrams" | grep -c '^\(puzzle\|solution\)-[0-9]*\.png$')" -eq 6 ] \
  && [ -f "$tmp/book/diagrams/my-cover.png" ] && [ -f "$tmp/book/notes.txt" ] && pass \
  || fail "a book of 3 written over one of $count: $(ls "$tmp/book/diagrams" | tr '\n' ' ')" "$tmp/err"

# Puzzles proved under other rulings than the defaults say so: the page after the title names the
# rule text and the rulings, each such puzzle's caption its rulings, in all three books. (Under
# the defaults these positions have several winning first moves.)
"$arbiter" puzzles generate quentin --size 5 --kind within-2 --count 1 --rule opponent-chain=mover-wins \
  --rule edges-count=yes --db "$tmp/ruled.db" >/dev/null 2>&1 \
  && "$arbiter" book --db "$tmp/ruled.db" --out "$tmp/ruled" >/dev/null 2>&1 || fail "a book of puzzles under other rulings"
caption="Rulings: edges-count=yes, opponent-chain=mover-wins"
pdftotext "$tmp/ruled/book.pdf" - | tr '\n' ' ' >"$tmp/ruled.txt"
for book in "$tmp/ruled.txt" "$tmp/ruled/book.html" "$tmp/ruled/book.tex"; do
  [ "$(grep -oF "$caption" "$book" | wc -l)" -eq 2 ] && ! grep -qF "docs/rulings.md" "$book" \
    && grep -qF "Here, the player who made the move wins (Q-5 opponent-chain=mover-wins)" "$book" \
    && grep -qF "Black wins by joining the top and bottom edges" "$book" && pass \
    || fail "$(basename "$book") does not state the rulings and the notation" "$book"
done

# A book of one game's puzzles is titled by that game, chosen with --game or not (it was "Arbiter
# puzzles" without --game until session 53).
grep -qF '<title>Quentin puzzles</title>' "$tmp/ruled/book.html" && pass || fail "a book of Quentin puzzles alone is not titled by its game" "$tmp/ruled/book.html"

# The title page claims what was proved and no more: a win-in-1 puzzle's other moves do not win
# within 1 move (they may win later). The same words in all three books; PDF lines are joined.
title_page() { pdftotext -f 1 -l 1 "$1/book.pdf" - | tr '\n' ' '; }
claim="every other move was proved not to win within 1 move (it may still win later)"
title_page "$tmp/book" | grep -qF "$claim" && grep -qF "$claim" "$html" "$tex" \
  && ! grep -q "proved not to win\. " "$html" && pass || fail "the title page overstates what was proved" "$html"
# The title page names the code that proved the puzzles (each puzzle's stored version) and says
# that this arbiter, named, re-checked every certificate before printing it.
version=$("$arbiter" --version | head -1)
made="The puzzles were proved by $version. Made with $version, which re-checked every puzzle before printing it, without search"
title_page "$tmp/book" | grep -qF "$made" && grep -qF "$made" "$html" && grep -qF "$made" "$tex" && pass \
  || fail "the title page does not name the versions that proved and re-checked the puzzles" "$html"
# Puzzles proved by several versions: each version with its puzzles' numbers in the book.
cp "$db" "$tmp/versions.db"
python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE puzzles SET version = 'arbiter 0.3.9 (commit 0123456789ab)' WHERE id IN (SELECT id FROM puzzles ORDER BY difficulty, id LIMIT 2)\"); c.commit()" "$tmp/versions.db"
"$arbiter" book --db "$tmp/versions.db" --out "$tmp/versions" >/dev/null 2>&1 \
  && grep -qF "The puzzles were proved by several versions: puzzles 1-2 by arbiter 0.3.9 (commit 0123456789ab); puzzles 3-$count by $version." "$tmp/versions/book.html" \
  && pass || fail "a book of puzzles of two versions does not name both" "$tmp/versions/book.html"
# A book of several kinds says it per kind.
cp "$db" "$tmp/mixed.db"
"$arbiter" puzzles generate brique --size 5 --kind wins --count 2 --db "$tmp/mixed.db" >/dev/null 2>&1 \
  && "$arbiter" book --db "$tmp/mixed.db" --out "$tmp/mixed" >/dev/null 2>&1 \
  && title_page "$tmp/mixed" | grep -qF "Every other move was proved not to win within 1 move in the \"win in 1\" puzzles, and not to win at all in the \"win\" puzzles; in the \"win in 1\" puzzles such a move may still win later." \
  && pass || fail "a book of two kinds states each kind's claim" "$tmp/mixed/book.tex"

# The '?' moves are wrong moves, the tempting ones first: not all "tempting" (a puzzle may have none).
words="Up to three wrong moves follow, marked '?', each with why it fails: first the tempting ones, if any"
# book.tex writes the opening quote as TeX's.
tex_words="Up to three wrong moves follow, marked \`?', each with why it fails: first the tempting ones, if any"
title_page "$tmp/book" | grep -qF "$words" && grep -qF "$tex_words" "$tex" && ! grep -q "tempting wrong moves" "$html" && pass \
  || fail "the title page calls every wrong move tempting" "$html"
# Each solution names its puzzle's store id, by which a reader reports it (`puzzles show ID`), in
# all three books, and only there: the puzzle pages number the puzzles 1..N.
"$arbiter" book --db "$db" --out "$tmp/ids" >/dev/null 2>&1 || fail "book of every puzzle"
missing=""
for id in $(python3 -c "import sqlite3,sys; print(' '.join(str(r[0]) for r in sqlite3.connect(sys.argv[1]).execute('SELECT id FROM puzzles')))" "$db"); do
  for text in "$(cat "$tmp/ids/book.html")" "$(cat "$tmp/ids/book.tex")" "$(pdftotext "$tmp/ids/book.pdf" - | tr '\n' ' ')"; do
    [ "$(grep -oE "store id $id([^0-9]|\$)" <<<"$text" | wc -l)" = 1 ] || missing="$missing $id"
  done
done
[ -z "$missing" ] && pass || fail "the solutions do not name each puzzle's store id once:$missing" "$tmp/ids/book.html"

# The line under a puzzle gives its difficulty and board only; its theme, which names the solution's
# mechanic, is said with the solution, in words ("... · fill-win" under the puzzle gave it away),
# with what it means (the book explained "Theme: fill-win." nowhere until 29 November 2026).
fill_win="Theme: fill-win (the move's fills complete the mover's winning chain, which the stone placed alone would not)."
grep -o '<p class="details">[^<]*' "$tmp/ids/book.html" | grep -q 'fill' && fail "a puzzle's details line names its theme" || pass
[ "$(grep -c '^<p class="theme">Theme: fill-[a-z]* ([a-z][^<]*)\.</p>$' "$tmp/ids/book.html")" = \
  "$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM puzzles WHERE theme != ''\").fetchone()[0])" "$db")" ] \
  && grep -qF "<p class=\"theme\">$fill_win</p>" "$tmp/ids/book.html" && grep -qF "$fill_win" "$tmp/ids/book.tex" \
  && pdftotext "$tmp/ids/book.pdf" - | tr '\n' ' ' | grep -q 'Theme: fill-win (the move.s fills complete the mover.s winning' && pass \
  || fail "the solutions do not say each puzzle's theme with its meaning" "$tmp/ids/book.html"

# A solution's text says what its diagram shows: each move's fills (Brique's escorts fill squares
# that the move's text does not name; a diamond on the diagram was all a reader had of them) and the
# result. Here every solution whose theme is a fill names the squares its moves fill.
themed=$(grep -c '^<p class="theme">Theme: fill-' "$tmp/ids/book.html")
filled=$(grep -A1 '^<p class="line">' "$tmp/ids/book.html" | grep -B1 '^<p class="result">' | grep '^<p class="line">' | grep -c '(fills [a-z][0-9]')
results=$(grep -c '^<p class="result">\(White\|Black\) wins[^<]*\.</p>$' "$tmp/ids/book.html")
[ "$themed" -gt 0 ] && [ "$filled" -ge "$themed" ] && [ "$results" = "$(grep -c 'class="diagram solution"' "$tmp/ids/book.html")" ] \
  && grep -q '(fills [a-z][0-9][^)]* with \(a black stone\|a white stone\|black stones\|white stones\)\(, replacing \(Black\|White\).s stones\? \?[^)]*\)\?)' "$tmp/ids/book.tex" \
  && pdftotext "$tmp/ids/book.pdf" - | grep -q '(fills [a-z][0-9]' && pass \
  || fail "the solutions do not name their fills ($filled lines for $themed fill themes) or results ($results)" "$tmp/ids/book.html"

# The book and `puzzles show` explain each wrong move in the same words: in a win in one, the stored
# sentence, and the stored answer where it wins at once (the book said "After c1, Black answers e2
# and wins.", show "c1 does not win at once.", and docs/puzzles.md that no answer is named).
for id in $(python3 -c "import sqlite3,sys; print(' '.join(str(r[0]) for r in sqlite3.connect(sys.argv[1]).execute('SELECT id FROM puzzles')))" "$db"); do
  "$arbiter" puzzles show "$id" --db "$db" | sed -n 's/^wrong: \([^ ]*\) — \(.*\)$/\1? \2/p'
done | sort >"$tmp/show-wrong"
sed -n 's|^<li><b>\(.*\)</b> \(.*\)</li>$|\1 \2|p' "$tmp/ids/book.html" | sed "s/&#39;/'/g" | sort >"$tmp/book-wrong"
[ -s "$tmp/show-wrong" ] && cmp -s "$tmp/show-wrong" "$tmp/book-wrong" && grep -q '? Does not win at once: [A-Za-z]* answers [^ ]*\( ([^)]*)\)\? and wins\.$' "$tmp/book-wrong" \
  && pass || fail "puzzles show and the book explain the wrong moves differently: $(diff "$tmp/show-wrong" "$tmp/book-wrong" | head -4)"

# --paper letter: book.pdf on US Letter with every word and page number on the page (laid out for
# A4's 267 mm, the bottom lines and page numbers of a Letter page were cut off), book.tex too.
# Given in any case ('--paper Letter' was refused: --paper must be a4 or letter).
"$arbiter" book --db "$db" --paper Letter --out "$tmp/letter" >/dev/null 2>"$tmp/err" || fail "book --paper Letter: $(cat "$tmp/err")"
pages=$(pdfinfo "$tmp/letter/book.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
low=$(words_of "$tmp/letter/book.pdf" 1 999 | awk '$4 > 792 - 14 || $1 < 14 || $3 > 612 - 14')
numbered=0
for page in $(seq 2 "${pages:-0}"); do
  pdftotext -f "$page" -l "$page" "$tmp/letter/book.pdf" - | grep -qx "$page" && numbered=$((numbered + 1))
done
pdfinfo "$tmp/letter/book.pdf" | grep -q 'Page size: *612 x 792 pts (letter)' && [ "$pages" = "$expected" ] && [ -z "$low" ] \
  && [ "$numbered" = $((pages - 1)) ] && grep -q 'documentclass\[letterpaper' "$tmp/letter/book.tex" && pass \
  || fail "book.pdf on Letter: ${pages:-no} pages, $numbered page numbers, words off the page: $low"
# --provenance back: the title page opens with the puzzles, a last page says how they were proved.
"$arbiter" book --db "$db" --provenance back --out "$tmp/back" >/dev/null 2>"$tmp/err" || fail "book --provenance back: $(cat "$tmp/err")"
pages=$(pdfinfo "$tmp/back/book.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$pages" = $((expected + 1)) ] && ! title_page "$tmp/back" | grep -q 'SHA-256' \
  && pdftotext -f "$pages" -l "$pages" "$tmp/back/book.pdf" - | tr '\n' ' ' | grep -qF "$made" \
  && grep -qF "$made" "$tmp/back/book.tex" && [ "$(grep -c 'SHA-256' "$tmp/back/book.html")" = 1 ] \
  && grep -qF 'rulings that the page "Rules, rulings and notation" gives:' <(pdftotext "$tmp/back/book.pdf" - | tr '\n' ' ') && pass \
  || fail "book --provenance back: ${pages:-no} pages, the provenance not on the last page alone" "$tmp/back/book.html"
# --no-solutions: the puzzle pages only.
"$arbiter" book --db "$db" --no-solutions --out "$tmp/bare" >/dev/null 2>"$tmp/err" || fail "book --no-solutions: $(cat "$tmp/err")"
[ "$(pdfinfo "$tmp/bare/book.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')" = $((2 + (count + 5) / 6)) ] \
  && ! grep -q 'class="diagram solution"\|Solutions' "$tmp/bare/book.html" && ! grep -q 'Solutions' "$tmp/bare/book.tex" \
  && [ "$(ls "$tmp/bare/diagrams" | grep -c '^solution-')" = 0 ] && pass || fail "book --no-solutions still has solutions" "$tmp/bare/book.html"
# Its title page says nothing of the solutions and wrong moves it does not print (it said they were
# checked, "but for the slower wins of wrong moves in puzzles ...", and played out to the win).
! grep -q 'wrong moves\|played out to the win\|slower wins' "$tmp/bare/book.html" "$tmp/bare/book.tex"   && grep -q 'the key move alone does what the puzzle says\.' "$tmp/bare/book.html" && pass   || fail "book --no-solutions: the title page speaks of solutions" "$tmp/bare/book.html"
expect_error "book on A5" book --db "$db" --paper a5 --out "$tmp/none"
expect_error "book with provenance in the middle" book --db "$db" --provenance middle --out "$tmp/none"

expect_error "book into an unwritable folder" book --db "$db" --out /proc/arbiter-book
expect_error "book with a difficulty range without puzzles" book --db "$db" --game quentin --out "$tmp/none"
# Within-1 puzzles score at most level 3 (docs/puzzles.md), so level 5 has none.
expect_error "book of a difficulty with no puzzles" book --db "$db" --difficulty 5 --out "$tmp/none"
expect_error "book into a file" book --db "$db" --out "$db"
expect_error "book of an unknown game" book --db "$db" --game nosuchgame --out "$tmp/none"
expect_error "book title with a control character" book --db "$db" --title "$(printf 'Puzzles\033[1m')" --out "$tmp/none"
[ -e "$tmp/none" ] && fail "a refused title left a folder behind"
expect_error "book with a bad range" book --db "$db" --difficulty 4-2 --out "$tmp/none"
expect_error "book with a bad range" book --db "$db" --difficulty two --out "$tmp/none"
expect_error "book --count 0" book --db "$db" --count 0 --out "$tmp/none"
expect_error "book from a missing database" book --db "$tmp/missing.db" --out "$tmp/none"

finish

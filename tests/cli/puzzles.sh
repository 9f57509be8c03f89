#!/usr/bin/env bash
# arbiter puzzles as a user runs it: generate into a store, list/show/export, verify, stop with
# SIGTERM and resume (nothing lost, nothing duplicated, same puzzles as an unbroken run), and bad
# input as one error line with exit 2. Usage: puzzles.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

db="$tmp/p.db"
# Generate, and the count is what the store holds afterwards.
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 4 --db "$db" --seed 5 >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^4 puzzles added (4/4 brique 5x5 within-2" "$tmp/out" && pass || fail "generate brique" "$tmp/out"
"$arbiter" puzzles generate quentin --size 5 --kind within-1 --count 3 --db "$db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^3 puzzles added" "$tmp/out" && pass || fail "generate quentin" "$tmp/out"
# --count is how many the store should hold: one it already holds leaves nothing to do (this said
# "0 puzzles added (4/3 ...)" before).
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 3 --db "$db" --seed 5 >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^nothing to do: 4 brique 5x5 within-2 puzzles stored in $db, 3 asked for (--count is how many the store should hold)$" "$tmp/out" \
  && [ ! -s "$tmp/err" ] && pass || fail "a satisfied count adds nothing" "$tmp/out" "$tmp/err"

# Rulings: list has a column for them, show a line; a puzzle under the defaults says "default".
"$arbiter" puzzles generate quentin --size 5 --kind within-2 --count 1 --rule opponent-chain=mover-wins \
  --rule edges-count=yes --db "$tmp/ruled.db" >/dev/null 2>&1
"$arbiter" puzzles generate brique --size 4 --kind within-1 --count 1 --db "$tmp/ruled.db" >/dev/null 2>&1
"$arbiter" puzzles list --db "$tmp/ruled.db" >"$tmp/list" \
  && grep -q "^ *[0-9]*  quentin 5x5  within-2 .* rulings edges-count=yes,opponent-chain=mover-wins" "$tmp/list" \
  && grep -q "^ *[0-9]*  brique 4x4  within-1 .* rulings default" "$tmp/list" && pass || fail "list's rulings column" "$tmp/list"
quentin_id=$(awk '/quentin/ {print $1}' "$tmp/list")
"$arbiter" puzzles show "$quentin_id" --db "$tmp/ruled.db" >"$tmp/show" \
  && grep -q "^rulings: edges-count=yes, opponent-chain=mover-wins$" "$tmp/show" && pass || fail "show's rulings line" "$tmp/show"
# Under the diagram, the game's key line (its status line above it).
grep -A1 " to move, ply [0-9]*" "$tmp/show" | grep -q "^Key (Quentin): B a black stone, W a white stone, \. an empty point$" && pass ||
  fail "show: no key line under the diagram" "$tmp/show"

# The summary does not depend on the thread count: the candidates examined and the reasons they
# were not puzzles are counted up to the last one kept, not as far as the threads ran past it.
for threads in 1 2; do
  "$arbiter" puzzles generate brique --size 4 --kind within-2 --count 12 --db "$tmp/t$threads.db" --threads "$threads" \
    2>/dev/null | sed "s|$tmp/t$threads.db||; s/, [0-9.]* s\$//" >"$tmp/summary$threads"
done
if grep -q "positions examined" "$tmp/summary1" && diff "$tmp/summary1" "$tmp/summary2" >"$tmp/diff"; then pass; else
  fail "generate's summary differs between 1 and 2 threads" "$tmp/diff"; fi

# A board size is printed as the game names it: a hex board's size is its radius.
hexdb="$tmp/hex.db"
"$arbiter" puzzles generate hexabrae --size 2 --kind within-1 --count 1 --db "$hexdb" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^1 puzzle added (1/1 hexabrae radius 2 within-1" "$tmp/out" && grep -q "^not puzzles: " "$tmp/out" \
  && "$arbiter" puzzles list --db "$hexdb" | grep -q "^ *1  hexabrae radius 2  within-1" \
  && "$arbiter" puzzles show 1 --db "$hexdb" | grep -q "(hexabrae radius 2, difficulty" \
  && pass || fail "hexabrae sizes named as radii" "$tmp/out"
"$arbiter" puzzles list --db "$db" >"$tmp/list" && grep -q "^7 puzzles$" "$tmp/list" && pass || fail "list" "$tmp/list"
"$arbiter" puzzles list --db "$db" --game quentin >"$tmp/list" && grep -q "^3 puzzles$" "$tmp/list" && pass || fail "list --game" "$tmp/list"
id=$(awk 'NR == 1 {print $1}' "$tmp/list")
"$arbiter" puzzles show "$id" --db "$db" >"$tmp/show" && grep -q "to play and win within 1 move " "$tmp/show" \
  && grep -q "^solution: " "$tmp/show" && pass || fail "show" "$tmp/show"
# The measures are counted with their nouns: one tempting move, one ply, one defence (this said "1
# tempting moves" and "1 plies").
cp "$db" "$tmp/one.db"
python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('UPDATE puzzles SET tempting_moves = 1, solution_plies = 1, defences = 1, solver_nodes = 1 WHERE id = $id'); c.commit()" "$tmp/one.db"
"$arbiter" puzzles show "$id" --db "$tmp/one.db" >"$tmp/show-one" \
  && grep -qx "measures: 1 solver node, 1 ply, 1 tempting move, 1 defence" "$tmp/show-one" && pass || fail "show's measures counted" "$tmp/show-one"
"$arbiter" puzzles show "$id" --db "$db" --json >"$tmp/show.json" \
  && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); p=d['puzzle']; assert d['schema']=='arbiter-puzzles/1' and p['id']==$id and p['main_line'][0]==p['key_move'] and len(p['certificate_sha256'])==64 and d['main_line_broken'] is None" "$tmp/show.json" \
  && pass || fail "show --json" "$tmp/show.json"
"$arbiter" puzzles list --db "$db" --game quentin --json >"$tmp/list.json" \
  && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['schema']=='arbiter-puzzles/1' and d['arbiter'].startswith('arbiter ') and len(d['puzzles'])==3 and not any('certificate' in p for p in d['puzzles'])" "$tmp/list.json" \
  && pass || fail "list --json" "$tmp/list.json"
# The export is list's document with the certificates; --json only lays it out on several lines.
"$arbiter" puzzles export --db "$db" --json >"$tmp/all.json" \
  && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); a=d['puzzles']; assert d['schema']=='arbiter-puzzles/1' and d['arbiter'].startswith('arbiter ') and len(a)==7 and all(p['certificate'] for p in a)" "$tmp/all.json" \
  && "$arbiter" puzzles export --db "$db" >"$tmp/all.line" && [ "$(wc -l <"$tmp/all.line")" -eq 1 ] \
  && python3 -c "import json,sys; assert json.load(open(sys.argv[1]))==json.load(open(sys.argv[2]))" "$tmp/all.json" "$tmp/all.line" \
  && pass || fail "export" "$tmp/all.json" "$tmp/all.line"
# Each wrong move's `words` in show --json, list --json and export is the sentence show's text
# prints for it (and a book, tests/cli/book.sh): the JSON had only the stored `why`, in an older
# form ("... and wins (c3 c2 d2)." where the text says "... and wins: 2 c3 3 c2 4 d2 (fills c2 with
# a black stone, ...)."; a wrong move's own fills unsaid). With Brique 4x4 `wins` puzzles, whose
# wrong moves lose along such lines (0.2 s), the stores have some `why` that is printed otherwise.
# The text's solution line is the JSON's main line.
"$arbiter" puzzles generate brique --size 4 --kind wins --count 3 --db "$tmp/wins.db" >/dev/null 2>&1
python3 - "$arbiter" "$db" "$tmp/wins.db" >"$tmp/words" 2>&1 <<'PY'
import json, re, subprocess, sys
arbiter, stores = sys.argv[1], sys.argv[2:]
wrong_moves = reworded = numbered = 0
for db in stores:
    def run(*args):
        return subprocess.run([arbiter, "puzzles", *args, "--db", db], check=True, capture_output=True, text=True).stdout
    listed = {p["id"]: p for p in json.loads(run("list", "--json"))["puzzles"]}
    exported = {p["id"]: p for p in json.loads(run("export"))["puzzles"]}
    for id in listed:
        text = run("show", str(id))
        shown = json.loads(run("show", str(id), "--json"))["puzzle"]
        printed = re.findall(r"^wrong: (.*?) — (.*)$", text, re.M)
        for puzzle in (shown, listed[id], exported[id]):
            given = [(r["move"], r.get("words")) for r in puzzle["refutations"]]
            if given != printed:
                print(f"{db} puzzle {id}: the JSON's words {given} are not the text's {printed}")
        solution = re.search(r"^solution: (.*)$", text, re.M).group(1)
        if solution != " ".join(shown["main_line"]):
            print(f"{db} puzzle {id}: the text's solution {solution!r} is not the JSON's main line {shown['main_line']}")
        wrong_moves += len(printed)
        reworded += sum(r["why"] != words for r, (_, words) in zip(shown["refutations"], printed))
        numbered += sum(" wins: 2 " in words for _, words in printed)
if not wrong_moves or not reworded or not numbered:
    print(f"{wrong_moves} wrong moves, {reworded} printed otherwise than stored, {numbered} with a numbered line: the stores test too little")
PY
[ $? -eq 0 ] && [ ! -s "$tmp/words" ] && pass || fail "the JSON's words of a wrong move are the text's" "$tmp/words"
"$arbiter" puzzles verify --db "$db" >"$tmp/out" 2>"$tmp/err" && grep -q "^7 puzzles checked: 7 hold, 0 no longer hold (" "$tmp/out" \
  && pass || fail "verify" "$tmp/out"
# verify takes list's filters.
"$arbiter" puzzles verify --db "$db" --game quentin >"$tmp/out" 2>"$tmp/err" && grep -q "^3 puzzles checked: 3 hold, 0 no longer hold (" "$tmp/out" \
  && pass || fail "verify --game" "$tmp/out" "$tmp/err"

# damaged_copy NAME SQL...: $tmp/NAME.db, a copy of $db changed by the statements, as other software might.
damaged_copy() {
  local copy="$tmp/$1.db"
  shift
  cp "$db" "$copy"
  python3 - "$copy" "$@" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for statement in sys.argv[2:]:
    c.execute(statement)
c.commit()
PY
}

# A puzzle that no longer holds: its certificate changed in the store is reported, exit 1.
cp "$db" "$tmp/bad.db"
python3 - "$tmp/bad.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE puzzles SET certificate_sha256 = '00' || substr(certificate_sha256, 3) WHERE id = (SELECT min(id) FROM puzzles)")
c.commit()
PY
"$arbiter" puzzles verify --db "$tmp/bad.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "no longer holds: the certificate does not match its SHA-256" "$tmp/out" && pass || fail "verify reports a changed puzzle" "$tmp/out"
# book and show re-check every certificate they print, without search: a book of that store is
# refused before anything is written (it printed the puzzle as stored), and show says why and
# exits 1 (it exited 0 until 29 November 2026).
"$arbiter" book --db "$tmp/bad.db" --out "$tmp/bad-book" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -qx "arbiter: error: --db '$tmp/bad.db': puzzle 1 (brique within-2) no longer holds: the certificate does not match its SHA-256 (arbiter puzzles verify lists every puzzle that no longer holds)" "$tmp/err" \
  && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/bad-book" ] && [ ! -s "$tmp/out" ] \
  && pass || fail "a book of a puzzle whose certificate hash was changed is refused" "$tmp/err" "$tmp/out"
"$arbiter" puzzles show 1 --db "$tmp/bad.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qx "broken: the certificate does not match its SHA-256 (arbiter puzzles verify reports it)" "$tmp/out" \
  && ! grep -q "^checked:" "$tmp/out" && pass || fail "show marks a certificate that does not match its hash" "$tmp/out" "$tmp/err"
"$arbiter" puzzles show 1 --db "$db" >"$tmp/out" 2>"$tmp/err" \
  && grep -qx "checked: the certificate matches its SHA-256 and verifies on the reference implementation, an analysis of every legal move in which [a-e][1-5] alone wins within 2 moves; the solution ends in the win and the wrong moves agree (re-checked now by arbiter .*, without search)" "$tmp/out" \
  && ! grep -q "^broken:" "$tmp/out" && pass || fail "show says it re-checked a sound puzzle" "$tmp/out" "$tmp/err"
# show --json carries the same re-check (it had main_line_broken alone, null for a certificate
# that does not match its hash).
"$arbiter" puzzles show 1 --db "$tmp/bad.db" --json >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['recheck']; assert d['main_line_broken'] is None and r['sound'] is False and r['problems']==['the certificate does not match its SHA-256'] and r['by'].startswith('arbiter ')" "$tmp/out" \
  && "$arbiter" puzzles show 1 --db "$db" --json >"$tmp/out" 2>"$tmp/err" \
  && python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['recheck']; assert r['sound'] is True and r['problems']==[]" "$tmp/out" \
  && pass || fail "show --json reports the re-check as the text does" "$tmp/out" "$tmp/err"
# One byte of a certificate changed, and its hash made to match: only the check on the reference
# implementation can find it (the first claim of puzzle 1's proof, "nowin 1 0", made "nowin 1 9").
cp "$db" "$tmp/forged.db"
python3 - "$tmp/forged.db" <<'PY'
import hashlib, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
certificate, = c.execute("SELECT certificate FROM puzzles WHERE id = 1").fetchone()
forged = certificate.replace(" nowin 1 0\n", " nowin 1 9\n", 1)
assert forged != certificate and len(forged) == len(certificate)
c.execute("UPDATE puzzles SET certificate = ?, certificate_sha256 = ? WHERE id = 1", (forged, hashlib.sha256(forged.encode()).hexdigest()))
c.commit()
PY
"$arbiter" book --db "$tmp/forged.db" --out "$tmp/forged-book" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^arbiter: error: --db '$tmp/forged.db': puzzle 1 (brique within-2) no longer holds: the certificate is rejected: .* (arbiter puzzles verify lists every puzzle that no longer holds)$" "$tmp/err" \
  && ! grep -q "SHA-256" "$tmp/err" && [ ! -e "$tmp/forged-book" ] \
  && pass || fail "a book of a puzzle whose certificate was changed is refused" "$tmp/err" "$tmp/out"
# The re-check without search must check everything the book prints of a puzzle: that the key
# move alone does what the puzzle says, so the certificate must be an analysis of every legal move
# (its "one solution"), of the puzzle's kind; and the wrong moves it prints. Each store below was
# changed as other software might, its certificate's hash kept matching; show (exit 1), verify and
# book all passed each of them on c154282, and printed what does not hold.
# changed_copy NAME PYTHON: $tmp/NAME.db, a copy of $db whose puzzle 1 the statements change (c is
# the connection, cert its certificate); the certificate's SHA-256 is made to match.
changed_copy() {
  cp "$db" "$tmp/$1.db"
  python3 - "$tmp/$1.db" "$2" "$(dirname "$0")" <<'PY2'
import hashlib, json, sqlite3, sys
sys.path.insert(0, sys.argv[3])
from cert_reached_only import reached_only  # a certificate cut by hand keeps only reached nodes
c = sqlite3.connect(sys.argv[1])
cert, = c.execute("SELECT certificate FROM puzzles WHERE id = 1").fetchone()
exec(sys.argv[2])
c.execute("UPDATE puzzles SET certificate = ?, certificate_sha256 = ? WHERE id = 1", (cert, hashlib.sha256(cert.encode()).hexdigest()))
c.commit()
PY2
}
# recheck_refused NAME WHAT PROBLEM: show, verify and book of $tmp/NAME.db say PROBLEM of puzzle 1.
recheck_refused() {
  local out="$tmp/$1.out" err="$tmp/$1.err"
  "$arbiter" puzzles show 1 --db "$tmp/$1.db" >"$out" 2>"$err"
  [ $? -eq 1 ] && grep -q "^broken: .*$3" "$out" && ! grep -q "^checked:" "$out" && pass || fail "show: $2" "$out" "$err"
  "$arbiter" puzzles verify --db "$tmp/$1.db" --game brique >"$out" 2>"$err"
  [ $? -eq 1 ] && grep -q "^puzzle 1 (brique within-[0-9]) no longer holds: .*$3" "$out" && ! grep -q ";$" "$out" \
    && pass || fail "verify: $2" "$out" "$err"
  "$arbiter" book --db "$tmp/$1.db" --game brique --out "$tmp/$1-book" >"$out" 2>"$err"
  [ $? -eq 2 ] && grep -q "^arbiter: error: .*puzzle 1 .*no longer holds: .*$3" "$err" && [ ! -e "$tmp/$1-book" ] \
    && pass || fail "book: $2" "$err" "$out"
}
# A partial analysis that covers the key move alone (verify-proof: "Partial: ... not covered", exit 3).
changed_copy partial "
key, = c.execute('SELECT key_move FROM puzzles WHERE id = 1').fetchone()
lines = cert.split('\n')
root = next(i for i, l in enumerate(lines) if l.startswith('a '))
end = next(i for i, l in enumerate(lines) if l.startswith('end '))
moves = [l for l in lines[root + 1:end] if l.split(' ', 2)[2] == key]
assert len(moves) == 1 and end - root > 2
cert = reached_only('\n'.join(lines[:root] + ['p' + lines[root][1:]] + moves + lines[end:]))"
recheck_refused partial "a partial analysis" "the certificate is a partial analysis: [0-9]* of the [0-9]* legal moves are not covered"
# The row's kind changed: the within-2 certificate does not say that no other move wins within 3.
changed_copy kind "c.execute(\"UPDATE puzzles SET kind = 'within-3', within = 3 WHERE id = 1\")"
recheck_refused kind "a kind the certificate does not prove" "the certificate is an analysis within 2 moves, the puzzle a win within 3 moves"
# A certificate of one claim, the key move's win (solve --value-only --proof), is no analysis.
position=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT position FROM puzzles WHERE id = 1').fetchone()[0])" "$db")
"$arbiter" solve brique --position "$position" --within 2 --value-only --proof "$tmp/single.cert" >/dev/null 2>&1
changed_copy single "cert = open('$tmp/single.cert').read()"
recheck_refused single "a certificate of one claim" "the certificate is not an analysis of every legal move: it proves one claim, \"White wins within 2 moves of its own\""
# The wrong moves: one that is the key move, one whose defence does not play, and a sentence that
# claims a draw nothing proves.
changed_copy refkey "
key, refs = c.execute('SELECT key_move, refutations FROM puzzles WHERE id = 1').fetchone()
refs = json.loads(refs)
assert len(refs) == 3
refs[0]['move'] = key
refs[0]['why'] = 'After ' + key + ', Black answers ' + refs[0]['defence'][0] + ' and White cannot win within 2 moves.'
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 1', (json.dumps(refs),))"
recheck_refused refkey "a wrong move that is the key move" "wrong move [a-e][1-5]: it is the key move"
changed_copy refdefence "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 1').fetchone()[0])
refs[1]['defence'] = ['zz9']
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 1', (json.dumps(refs),))"
recheck_refused refdefence "a wrong move whose defence does not play" "wrong move [a-e][1-5]: its defence does not play: not a Brique move: 'zz9'"
changed_copy refdraw "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 1').fetchone()[0])
refs[2]['why'] = 'After ' + refs[2]['move'] + ', Black answers ' + refs[2]['defence'][0] + ' and holds a draw.'
refs[2]['claim'] = {'kind': 'draw', 'within': 0, 'slower_win': 0, 'line': []}
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 1', (json.dumps(refs),))"
recheck_refused refdraw "a wrong move's sentence that the certificate does not prove" "wrong move [a-e][1-5]: its sentence says it is a draw, which neither the certificate nor the defence shows"
# A sentence is checked by its stored claim, and must be the one written for it: a sentence changed
# alone, its claim left as it was, is refused whatever it says (until 29 November 2026 the check read
# the sentence's phrases, and a sentence whose phrases it did not look for passed).
changed_copy refwords "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 1').fetchone()[0])
refs[1]['why'] = refs[1]['why'].replace('After ', 'Long after ', 1)
assert refs[1]['why'].startswith('Long after ')
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 1', (json.dumps(refs),))"
recheck_refused refwords "a sentence that is not its claim's" "wrong move [a-e][1-5]: its sentence is not the one written for its claim ([a-z-]*): \"After "
# The theme column: another of the game's themes than the key move's, and a theme the game does not
# name (another game's); both passed until 29 November 2026. Puzzle 1's key move is a fill-capture.
changed_copy theme "c.execute(\"UPDATE puzzles SET theme = 'fill' WHERE id = 1 AND theme = 'fill-capture'\"); assert c.total_changes == 1"
recheck_refused theme "a theme that is not the key move's" "it is stored with theme 'fill', but its key move [a-e][1-5] has theme 'fill-capture'"
# list and export --theme re-check the theme of what they select: puzzle 1, stored as a fill, is
# neither a fill nor a fill-capture to them, and a warning names it (both took the stored theme at
# its word until 29 November 2026: --theme fill listed it, --theme fill-capture left it out).
for t in fill fill-capture; do
  "$arbiter" puzzles list --db "$tmp/theme.db" --theme $t >"$tmp/out" 2>"$tmp/err" \
    && ! grep -q "^ *1  " "$tmp/out" && "$arbiter" puzzles export --db "$tmp/theme.db" --theme $t >"$tmp/json" 2>>"$tmp/err" \
    && python3 -c "import json,sys; assert 1 not in [p['id'] for p in json.load(open(sys.argv[1]))['puzzles']]" "$tmp/json" \
    && [ "$(grep -c "^arbiter: warning: puzzle 1 is stored with theme 'fill', but its key move [a-e][1-5] has theme 'fill-capture': left out of --theme $t (arbiter puzzles verify reports it)$" "$tmp/err")" = 2 ] \
    && pass || fail "list and export --theme $t re-check the theme" "$tmp/out" "$tmp/err"
done
changed_copy curse "c.execute(\"UPDATE puzzles SET theme = 'curse' WHERE id = 1\")"
recheck_refused curse "a theme the game does not name" "it is stored with theme 'curse', which the game does not name (it names fill-win, fill-capture, fill)"
# A slower win ("still wins, but needs 3 moves") only a search checks: puzzle 4's first wrong
# move's slower win given to its third, which wins within 3 moves no more than within 2 (all its
# moves were searched, 2 slower wins found), its defence kept (the certificate's: another one is
# refused without search since session 49). verify searches it and refuses it (it held until 29
# November 2026); show and book, which do not search, say the claim is not checked by them.
changed_copy slower "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 4').fetchone()[0])
assert [r['move'] for r in refs] == ['c2', 'd1', 'd5'] and 'still wins' not in refs[2]['why']
assert refs[2]['claim']['kind'] == 'no-win-within' and refs[0]['claim']['slower_win'] == 3
refs[2]['why'] += ' Black still wins, but needs 3 moves from the puzzle position, d5 counted.'
refs[2]['claim'] = refs[0]['claim']
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 4', (json.dumps(refs),))"
"$arbiter" puzzles show 4 --db "$db" >"$tmp/out" 2>"$tmp/err" && "$arbiter" puzzles show 4 --db "$db" --json >"$tmp/json" 2>>"$tmp/err" \
  && grep -q "^checked: .*in which d2 alone wins within 2 moves; the solution ends in the win and the wrong moves agree, but for the slower win of c2 and d1, which only puzzles verify checks (re-checked now by arbiter .*, without search)$" "$tmp/out" \
  && python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['recheck']; assert r['sound'] is True and r['slower_wins_unchecked']==['c2', 'd1']" "$tmp/json" \
  && pass || fail "show says a slower win is checked only by verify" "$tmp/out" "$tmp/json" "$tmp/err"
"$arbiter" puzzles verify --db "$tmp/slower.db" --game brique >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qx "puzzle 4 (brique within-2) no longer holds: wrong move d5: its sentence says Black still wins within 3 moves, d5 counted, which a search refutes" "$tmp/out" \
  && grep -q "^4 puzzles checked: 3 hold, 1 no longer holds" "$tmp/out" && pass || fail "verify searches a wrong move's slower win" "$tmp/out" "$tmp/err"
"$arbiter" puzzles show 4 --db "$tmp/slower.db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^checked: .* but for the slower win of c2, d1 and d5, which only puzzles verify checks" "$tmp/out" \
  && "$arbiter" book --db "$tmp/slower.db" --game brique --out "$tmp/slower-book" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "with which its wrong moves agree (but for the slower wins of wrong moves in puzzle [1-4], which need a search: arbiter puzzles verify makes it), and its solution" "$tmp/slower-book/book.html" \
  && pass || fail "show and book say they did not check a slower win" "$tmp/out" "$tmp/err"
# "cannot win within 2" rests on the defence it names, which must be the certificate's: puzzle 4's
# third wrong move given its first's defence, a1 (legal, and White is then not lost at once), with
# the sentence for it. show, verify and book passed it until session 49; show now marks the wrong:
# line it refuses, and export, a dump, exports it and warns on stderr (it exited 0 silently).
changed_copy nowin "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 4').fetchone()[0])
assert [r['move'] for r in refs] == ['c2', 'd1', 'd5'] and refs[2]['defence'] == ['d2', 'a1'] and refs[0]['defence'][0] == 'a1'
assert refs[2]['why'] == 'After d5, White answers d2 and Black cannot win within 2 moves.'
refs[2]['defence'] = refs[0]['defence']
refs[2]['why'] = 'After d5, White answers a1 and Black cannot win within 2 moves.'
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 4', (json.dumps(refs),))"
nowin="wrong move d5: its defence a1 c1 is not the one the certificate refutes d5 with: after d5 the certificate plays d2, not a1"
"$arbiter" puzzles show 4 --db "$tmp/nowin.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qxF "broken: $nowin (arbiter puzzles verify reports it)" "$tmp/out" \
  && grep -qxF "wrong: d5 — White answers a1 and Black cannot win within 2 moves. (refused: ${nowin#wrong move d5: })" "$tmp/out" \
  && grep -qxF "wrong: c2 — White answers a1 and Black cannot win within 2 moves. Black still wins, but needs 3 moves from the puzzle position, c2 counted." "$tmp/out" \
  && pass || fail "show: a no-win-within defence that is not the certificate's" "$tmp/out" "$tmp/err"
"$arbiter" puzzles verify --db "$tmp/nowin.db" --game brique >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qxF "puzzle 4 (brique within-2) no longer holds: $nowin" "$tmp/out" \
  && pass || fail "verify: a no-win-within defence that is not the certificate's" "$tmp/out" "$tmp/err"
"$arbiter" puzzles export --db "$tmp/nowin.db" >"$tmp/json" 2>"$tmp/err" \
  && [ "$(cat "$tmp/err")" = "arbiter: warning: puzzle 4 is broken: $nowin (exported as stored; arbiter puzzles verify reports it)" ] \
  && python3 -c "import json,sys; assert 4 in [p['id'] for p in json.load(open(sys.argv[1]))['puzzles']]" "$tmp/json" \
  && "$arbiter" puzzles export --db "$db" >"$tmp/json" 2>"$tmp/err" && [ ! -s "$tmp/err" ] \
  && pass || fail "export warns of a broken row and exports it" "$tmp/json" "$tmp/err"
# show marks the wrong: line a problem is about by the wrong move the re-check says it is about, not
# by the problem's words: puzzle 4's first wrong move given again in its third's place is refused
# there alone (until session 50 every line whose move the words named was marked, c2's first too).
changed_copy twice "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 4').fetchone()[0])
assert [r['move'] for r in refs] == ['c2', 'd1', 'd5']
refs[2] = refs[0]
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 4', (json.dumps(refs),))"
c2="wrong: c2 — White answers a1 and Black cannot win within 2 moves. Black still wins, but needs 3 moves from the puzzle position, c2 counted."
"$arbiter" puzzles show 4 --db "$tmp/twice.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qxF "broken: wrong move c2: it is given twice (arbiter puzzles verify reports it)" "$tmp/out" \
  && [ "$(grep -F "wrong: " "$tmp/out" | sed -n 1p)" = "$c2" ] && [ "$(grep -F "wrong: " "$tmp/out" | sed -n 3p)" = "$c2 (refused: it is given twice)" ] \
  && pass || fail "show marks the wrong move a problem is about, not every line of its name" "$tmp/out" "$tmp/err"
# A slower win the stored defence disproves needs no search: puzzle 1's first wrong move, whose
# defence ends the game with the other side's win, said to leave its player a win in 3 (show,
# verify and book passed it until 29 November 2026).
changed_copy refslower "
refs = json.loads(c.execute('SELECT refutations FROM puzzles WHERE id = 1').fetchone()[0])
m, answer = refs[0]['move'], refs[0]['defence'][0]
assert refs[0]['why'] == 'After ' + m + ', Black answers ' + answer + ' and wins.'
refs[0]['why'] = 'After ' + m + ', Black answers ' + answer + ' and White cannot win within 2 moves. White still wins, but needs 3 moves from the puzzle position, ' + m + ' counted.'
refs[0]['claim'] = {'kind': 'no-win-within', 'within': 2, 'slower_win': 3, 'line': []}
c.execute('UPDATE puzzles SET refutations = ? WHERE id = 1', (json.dumps(refs),))"
recheck_refused refslower "a slower win the defence disproves" "wrong move [a-e][1-5]: its sentence says White still wins, but its defence ends the game: Black wins"

# A main line changed in the store to one that does not play (its second move onto the key
# move's own cell): verify replays the line as the book does, and show does not present it as a
# solution. Puzzle 1's key move is a Brique stone, so the cell is taken.
cp "$db" "$tmp/line.db"
python3 - "$tmp/line.db" <<'PY'
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
key, line = c.execute("SELECT key_move, main_line FROM puzzles WHERE id = 1").fetchone()
c.execute("UPDATE puzzles SET main_line = ? WHERE id = 1", (json.dumps([key, key] + json.loads(line)[2:]),))
c.commit()
PY
"$arbiter" puzzles verify --db "$tmp/line.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^puzzle 1 (brique within-2) no longer holds: its main line does not play: illegal move" "$tmp/out" \
  && grep -q "^7 puzzles checked: 6 hold, 1 no longer holds (" "$tmp/out" && pass || fail "verify reports a main line that does not play" "$tmp/out"
"$arbiter" puzzles show 1 --db "$tmp/line.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^broken: its main line does not play: illegal move" "$tmp/out" \
  && pass || fail "show marks a main line that does not play" "$tmp/out" "$tmp/err"
"$arbiter" puzzles show 1 --db "$tmp/line.db" --json >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && python3 -c "import json,sys; assert json.load(open(sys.argv[1]))['main_line_broken'].startswith('its main line does not play: illegal move')" "$tmp/out" \
  && pass || fail "show --json marks a main line that does not play" "$tmp/out" "$tmp/err"
"$arbiter" puzzles show 2 --db "$tmp/line.db" >"$tmp/out" && ! grep -q "^broken" "$tmp/out" && pass || fail "show marks a sound line broken" "$tmp/out"
# A book that cannot be made of them leaves nothing of its own behind (it left an empty
# OUT/diagrams/), and a folder that was there before stays as it was.
"$arbiter" book --db "$tmp/line.db" --out "$tmp/line-book" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && [ ! -e "$tmp/line-book" ]; then pass; else fail "a failed book left its folder" "$tmp/err"; fi
mkdir "$tmp/kept-book"
"$arbiter" book --db "$tmp/line.db" --out "$tmp/kept-book" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && [ -d "$tmp/kept-book" ] && [ -z "$(ls -A "$tmp/kept-book")" ]; then pass; else
  fail "a failed book into a folder that was there left diagrams/ in it" "$tmp/err"; fi
# ... and an earlier book in the folder keeps its diagrams (they were removed before the failure).
"$arbiter" book --db "$db" --out "$tmp/earlier-book" >/dev/null 2>&1
earlier=$(ls "$tmp/earlier-book/diagrams" | wc -l)
"$arbiter" book --db "$tmp/line.db" --out "$tmp/earlier-book" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && [ "$earlier" -gt 0 ] && [ "$(ls "$tmp/earlier-book/diagrams" | wc -l)" -eq "$earlier" ]; then pass; else
  fail "a failed book removed an earlier book's diagrams ($earlier before, $(ls "$tmp/earlier-book/diagrams" | wc -l) after)" "$tmp/err"; fi
# A book into a folder whose own folder is missing is refused, as --out and --db are elsewhere
# (the whole path was made).
expect_error "book into a missing folder" book --db "$db" --out "$tmp/no/such/book"
if grep -qx "arbiter: error: --out '$tmp/no/such/book': its folder '$tmp/no/such' does not exist" "$tmp/err" && [ ! -e "$tmp/no" ]; then
  pass; else fail "book into a missing folder is named, and nothing made" "$tmp/err"; fi
# A position whose rulings no longer agree with the row's: show names the puzzle and the store,
# as book and verify name the puzzle.
damaged_copy rulings "UPDATE puzzles SET position = position || ' pie=off' WHERE id = 1"
expect_error "a position that does not read back (show)" puzzles show 1 --db "$tmp/rulings.db"
grep -q "^arbiter: error: --db '$tmp/rulings.db': puzzle 1: its position does not read back: the position's rulings differ from the game's: pie=off" "$tmp/err" \
  && pass || fail "show names the puzzle whose position does not read back" "$tmp/err"
"$arbiter" puzzles verify --db "$tmp/rulings.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^puzzle 1 (brique within-2) no longer holds: its position does not read back: the position's rulings differ" "$tmp/out" \
  && pass || fail "verify says the position does not read back" "$tmp/out" "$tmp/err"
# An export dumps such a puzzle: its wrong moves have no printed words (show and book refuse it),
# null, which the schema accepts; the others' words are printed as before.
"$arbiter" puzzles export --db "$tmp/rulings.db" >"$tmp/out" 2>"$tmp/err" \
  && python3 -c "import json,sys; a=json.load(open(sys.argv[1]))['puzzles']; assert all((r['words'] is None) == (p['id'] == 1) for p in a for r in p['refutations']) and any(p['id'] == 1 and p['refutations'] for p in a)" "$tmp/out" \
  && python3 "$(dirname "$0")/../../scripts/validate-json.py" "$(dirname "$0")/../../docs/schemas/puzzles.schema.json" "$tmp/out" >"$tmp/valid" \
  && pass || fail "an export of a puzzle whose position does not read back gives its wrong moves no words" "$tmp/err" "$tmp/valid"

# A run stopped in the middle keeps what it stored, and the same command then reaches the count
# with exactly the puzzles of an unbroken run: first a SIGKILL (no chance to clean up), then a
# SIGTERM, each sent only once the progress lines show more puzzles stored than before it, then
# a run to the end. Ids are compared too: puzzles are stored in candidate order.
# A sanitized binary (ARBITER_TEST_SANITIZED, set by ctest) takes ~12x longer per candidate:
# half the puzzles still give both stops room to land (15.6 s for 24 there, 1.3 s in Release).
total=24
if [ -n "${ARBITER_TEST_SANITIZED:-}" ]; then total=12; fi
run=(puzzles generate quentin --size 6 --kind within-3 --count $total --seed 9 --threads 2)
stored_in() { "$arbiter" puzzles list --db "$1" | tail -1 | cut -d' ' -f1; }
# start_until_stored N SIGNAL: starts the run, sends SIGNAL once its progress shows N stored, and
# leaves the exit status in $status (0 if the run ended before it got that far).
start_until_stored() {
  local want="$1" signal="$2" seen=0 pid
  ARBITER_PROGRESS_SECONDS=0.05 "$arbiter" "${run[@]}" --db "$tmp/cut.db" >"$tmp/cut.out" 2>"$tmp/cut.err" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    seen=$(sed -n "s|.*: \([0-9]*\)/$total stored.*|\1|p" "$tmp/cut.err" | tail -1)
    if [ "${seen:-0}" -ge "$want" ]; then kill "-$signal" "$pid"; break; fi
    sleep 0.02
  done
  wait "$pid" 2>/dev/null  # no "Killed" notice from the shell: the kill is the test's own
  status=$?
}
start_until_stored 3 KILL
kept=$(stored_in "$tmp/cut.db")
[ "$status" -eq 137 ] && [ "$kept" -ge 3 ] && [ "$kept" -lt $total ] && pass \
  || fail "SIGKILL after 3 stored: exit $status, $kept kept" "$tmp/cut.err"
start_until_stored $((kept + 3)) TERM
[ "$status" -eq 143 ] && grep -q "^arbiter: interrupted by SIGTERM; every puzzle found so far is stored" "$tmp/cut.err" \
  && ! grep -q "interrupted" "$tmp/cut.out" && pass || fail "SIGTERM: exit $status" "$tmp/cut.out" "$tmp/cut.err"
grep -q "(candidates\? [1-9][0-9]*[ -]" "$tmp/cut.out" && pass || fail "the second run resumed where the first stopped" "$tmp/cut.out"
kept2=$(stored_in "$tmp/cut.db")
echo "note: the run was stopped with $kept and then $kept2 of $total puzzles stored"
[ "$kept2" -ge $((kept + 3)) ] && [ "$kept2" -lt $total ] && pass || fail "SIGTERM after $((kept + 3)) stored: $kept2 kept" "$tmp/cut.out"
"$arbiter" "${run[@]}" --db "$tmp/cut.db" >"$tmp/resume.out" 2>/dev/null
grep -q "^$(($total - kept2)) puzzles\? added ($total/$total" "$tmp/resume.out" && pass || fail "resume adds exactly the rest" "$tmp/resume.out"
"$arbiter" "${run[@]}" --db "$tmp/whole.db" >/dev/null 2>&1
stored_puzzles() { "$arbiter" puzzles export --db "$1" | python3 -c "import json,sys; [print(p['id'], p['position'], p['key_move']) for p in json.load(sys.stdin)['puzzles']]" | sort -n; }
stored_puzzles "$tmp/cut.db" >"$tmp/cut.puzzles"
stored_puzzles "$tmp/whole.db" >"$tmp/whole.puzzles"
[ "$(wc -l <"$tmp/cut.puzzles")" -eq $total ] && [ "$(cut -d' ' -f2- "$tmp/cut.puzzles" | sort -u | wc -l)" -eq $total ] && pass \
  || fail "$total distinct puzzles after two stops" "$tmp/cut.puzzles"
cmp -s "$tmp/cut.puzzles" "$tmp/whole.puzzles" && pass || fail "stopped twice and resumed = unbroken run" "$tmp/cut.puzzles" "$tmp/whole.puzzles"

# A key move with no place on the board is no puzzle: seed 1 of this run once stored "White to play
# and win within 1 move: pass" (Black had just passed, and a second pass ends the game).
"$arbiter" puzzles generate brochs --size 7 --kind within-1 --count 2 --seed 1 --db "$tmp/pass.db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^not puzzles: .*1 key move off the board" "$tmp/out" && "$arbiter" puzzles list --db "$tmp/pass.db" >"$tmp/list" \
  && grep -q "^2 puzzles$" "$tmp/list" && ! grep -q " key pass" "$tmp/list" && pass || fail "a pass as the key move" "$tmp/out" "$tmp/list"

# A request that no position meets (a 2x2 board has no within-4 puzzle) ends at --max-positions
# or --time-limit with exit 1 and the advice to continue; the cursor keeps what was examined. The
# progress line says when many positions gave nothing.
impossible=(puzzles generate brique --size 2 --kind within-4 --count 5 --db "$tmp/none.db")
ARBITER_PROGRESS_SECONDS=0.01 "$arbiter" "${impossible[@]}" --max-positions 3000 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^0 puzzles added (0/5 .*(candidates 0-2999 of seed 1)" "$tmp/out" \
  && grep -q "^arbiter: stopped: --max-positions 3000 reached with 0/5 stored, none added by this run; every puzzle found so far is stored: run the same command to continue$" "$tmp/err" \
  && pass || fail "--max-positions ends a fruitless run" "$tmp/out" "$tmp/err"
grep -q "none of them was a puzzle: this game, size and kind may have none (--max-positions or --time-limit end a run)" "$tmp/err" && pass || fail "the progress line notes a fruitless run" "$tmp/err"
# Where the positions were given up for the node budget, the line says so: the budget, not the
# board, may be why nothing was found.
ARBITER_PROGRESS_SECONDS=0.01 "$arbiter" puzzles generate brique --size 5 --kind within-2 --count 5 --node-budget 1 \
  --max-positions 6000 --db "$tmp/budget.db" >"$tmp/out" 2>"$tmp/err"
grep -qE "none of them was a puzzle: [0-9]+ needed more than --node-budget nodes \(a larger budget may find some\)" "$tmp/err" &&
  pass || fail "the progress line names the node budget" "$tmp/err"
"$arbiter" "${impossible[@]}" --max-positions 10 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "(candidates 3000-3009 of seed 1)" "$tmp/out" && pass || fail "the same command continues" "$tmp/out" "$tmp/err"
# The node budget decides which candidates become puzzles, so a run under another budget is a run
# of its own, from candidate 0, and the summary names the other one; before, it silently took over
# the cursor of the default budget's run (candidates 3010-3019), and the store then differed from
# an unbroken run's.
"$arbiter" "${impossible[@]}" --max-positions 10 --node-budget 1000 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "(candidates 0-9 of seed 1, --node-budget 1000)" "$tmp/out" \
  && grep -qx "other runs of seed 1 (each continued by its own --node-budget): --node-budget 400000 at candidate 3010" "$tmp/out" \
  && pass || fail "a run under another --node-budget is a run of its own" "$tmp/out" "$tmp/err"
timeout 120 "$arbiter" "${impossible[@]}" --time-limit 0.2 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^arbiter: stopped: --time-limit 0.2 s reached with 0/5 stored" "$tmp/err" && pass \
  || fail "--time-limit ends a fruitless run" "$tmp/out" "$tmp/err"
# The limit is heard inside a candidate's search too: Hexabrae radius 2's third candidate searches
# for about 35 s within its node budget, and a --time-limit 1 run took 39 s (one of 40 s was still
# running after 170 s).
started=$(date +%s)
"$arbiter" puzzles generate hexabrae --size 2 --kind wins --count 5 --time-limit 1 --db "$tmp/hexabrae.db" >"$tmp/out" 2>"$tmp/err"
status=$?
took=$(($(date +%s) - started))
[ $status -eq 1 ] && [ "$took" -le 6 ] && grep -q "^arbiter: stopped: --time-limit 1 s reached" "$tmp/err" \
  && pass || fail "--time-limit 1 on Hexabrae took $took s (exit $status)" "$tmp/out" "$tmp/err"
# The next run begins candidate 2 again and the limit cuts it again: it says so, and no longer
# promises that the same command continues ('0 positions examined (candidates 2..2 of seed 1)' and
# 'run the same command to continue', run after run). (A sanitized build may be cut at an earlier
# candidate: the run that examines none names that one.)
named=0
for attempt in 1 2 3; do
  "$arbiter" puzzles generate hexabrae --size 2 --kind wins --count 5 --time-limit 1 --db "$tmp/hexabrae.db" >"$tmp/out" 2>"$tmp/err"
  status=$?
  stuck=$(sed -n 's/.*(none, the next being candidate \([0-9]*\) of seed 1).*/\1/p' "$tmp/out")
  [ -n "$stuck" ] || continue
  [ $status -eq 1 ] && grep -qE "^arbiter: stopped: --time-limit 1 s reached with [0-9]+/5 stored, none added by this run: candidate $stuck needs more than the 1 s limit \(its search was cut after [0-9.]+ s, and a cut search is not kept" "$tmp/err" \
    && ! grep -q "run the same command to continue" "$tmp/err" && named=1
  break
done
[ $named = 1 ] && pass || fail "a candidate the time limit cuts run after run is named" "$tmp/out" "$tmp/err"
# A limit the count is reached within does not count as a stop.
"$arbiter" puzzles generate brique --size 4 --kind within-1 --count 1 --max-positions 1000 --db "$tmp/one.db" >"$tmp/out" 2>"$tmp/err" \
  && [ ! -s "$tmp/err" ] && pass || fail "a run that reaches its count within the limit" "$tmp/out" "$tmp/err"

# Bad input.
expect_error "unknown game" puzzles generate nosuchgame --kind within-2 --count 1 --db "$tmp/x.db"
expect_error "unknown kind" puzzles generate brique --kind within-9 --count 1 --db "$tmp/x.db"
expect_error "unknown kind word" puzzles generate brique --kind mate --count 1 --db "$tmp/x.db"
expect_error "count 0" puzzles generate brique --kind within-1 --count 0 --db "$tmp/x.db"
expect_error "threads 0" puzzles generate brique --kind within-1 --count 1 --threads 0 --db "$tmp/x.db"
expect_error "max-positions 0" puzzles generate brique --kind within-1 --count 1 --max-positions 0 --db "$tmp/x.db"
expect_error "time-limit 0" puzzles generate brique --kind within-1 --count 1 --time-limit 0 --db "$tmp/x.db"
expect_error "time-limit inf" puzzles generate brique --kind within-1 --count 1 --time-limit inf --db "$tmp/x.db"
expect_error "bad size" puzzles generate brique --size 1000 --kind within-1 --count 1 --db "$tmp/x.db"
expect_error "unwritable database" puzzles generate brique --kind within-1 --count 1 --db "$tmp/no/such/dir/x.db"
expect_error "missing database" puzzles list --db "$tmp/absent.db"
expect_error "unknown action" puzzles frobnicate --db "$db"
expect_error "no action" puzzles
expect_error "unknown puzzle id" puzzles show 999 --db "$db"
expect_error "bad difficulty range" puzzles list --db "$db" --difficulty 4-2
expect_error "unknown theme" puzzles generate brique --kind within-1 --count 1 --theme fil-win --db "$tmp/x.db"
grep -q "known: fill-win" "$tmp/err" && pass || fail "the known themes are named" "$tmp/err"
expect_error "theme of another game" puzzles generate quentin --kind within-1 --count 1 --theme curse --db "$tmp/x.db"
# A theme whose move wins at once cannot be the key move of a kind that excludes a win in one: refused
# before the search (which found nothing, for ever; --max-positions keeps an old binary's run short).
expect_error "theme the kind excludes" puzzles generate brique --size 5 --kind within-2 --count 1 --theme fill-win --max-positions 30 --db "$tmp/x.db"
grep -q "fill-win cannot occur with --kind within-2: .*no win within 1" "$tmp/err" && pass || fail "the theme and the kind are named" "$tmp/err"
expect_error "theme the kind excludes (wins)" puzzles generate quentin --size 5 --kind wins --count 1 --theme territory-win --max-positions 10 --db "$tmp/x.db"
expect_error "theme the kind excludes (hexabrae)" puzzles generate hexabrae --size 2 --kind within-3 --count 1 --theme enclosure --max-positions 10 --db "$tmp/x.db"
# And one whose move never wins within one move (Quentin's forced-pass: the opponent's only reply
# is a pass, then the mover must move again) cannot be the key move of a within-1 puzzle: 3,000
# Quentin 7x7 positions of seed 1 gave none (452 "other theme") until 29 November 2026. A
# territory-fill can (its opponent's forced reply may complete the chain), and is not refused.
expect_error "theme within-1 excludes" puzzles generate quentin --size 7 --kind within-1 --count 1 --theme forced-pass --max-positions 30 --db "$tmp/x.db"
grep -q "^arbiter: error: --theme forced-pass cannot occur with --kind within-1: its moves never win quentin within 1 move" "$tmp/err" \
  && pass || fail "the theme within-1 excludes is named" "$tmp/err"
[ ! -e "$tmp/x.db" ] && pass || fail "a refused run creates no store"
"$arbiter" puzzles generate quentin --size 7 --kind within-1 --count 1 --theme territory-fill --max-positions 400 --db "$tmp/fill.db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^1 puzzle added" "$tmp/out" && pass || fail "a territory-fill within-1 puzzle is made" "$tmp/out" "$tmp/err"
# A theme no game names is an error for the readers too, not an empty answer; a known theme that
# no stored puzzle has is an empty answer.
expect_error "unknown theme (list)" puzzles list --db "$db" --theme nosuch
grep -q "known: fill-win, .*territory-fill, .*curse" "$tmp/err" && pass || fail "list names every game's themes" "$tmp/err"
expect_error "theme of another game (list)" puzzles list --db "$db" --game quentin --theme fill-win
grep -q "for quentin (known: territory-win, forced-pass, territory-fill)" "$tmp/err" && pass || fail "list names the game's themes" "$tmp/err"
expect_error "unknown theme (export)" puzzles export --db "$db" --theme nosuch
"$arbiter" puzzles list --db "$db" --theme curse >"$tmp/out" && grep -q "^0 puzzles$" "$tmp/out" && pass || fail "a known theme without puzzles" "$tmp/out"
# --to-move: every puzzle of the run has that side to move, and the run is one of its own (its own
# cursor, and its --count counts that side's puzzles). Brochs 7x7, where White wins 97.5% of random
# games: 1 of seed 1's 67 within-2 puzzles in 1,000 candidates had Black to move, and a within-1 run
# of 9 was all White's. Until 29 November 2026 there was no --to-move.
side_db="$tmp/side.db"
side_of() { python3 -c "import json,sys; print(' '.join(sorted({p['position'].split()[3] for p in json.load(sys.stdin)['puzzles']})))"; }
"$arbiter" puzzles generate brochs --size 7 --kind within-1 --count 2 --to-move black --db "$side_db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^2 puzzles added (2/2 brochs 7x7 within-1 black-to-move in $side_db), [0-9]* positions examined (candidates 0-" "$tmp/out" \
  && [ "$("$arbiter" puzzles export --db "$side_db" | side_of)" = "black" ] \
  && pass || fail "generate --to-move black gives Black to play alone" "$tmp/out" "$tmp/err"
runs() { python3 -c "import sqlite3,sys; print(' '.join('%s:%d' % r for r in sqlite3.connect(sys.argv[1]).execute('SELECT to_move, next FROM runs ORDER BY to_move')))" "$1"; }
black_next=$(runs "$side_db")
expect_error "no puzzles of the side (book)" book --db "$side_db" --to-move white --out "$tmp/side-book"
grep -q "has no puzzles with difficulty 1-5 and white to move$" "$tmp/err" && pass || fail "book --to-move" "$tmp/err"
# The run of either side counts Black's puzzles too; White's starts at candidate 0 and counts White's.
"$arbiter" puzzles generate brochs --size 7 --kind within-1 --count 2 --db "$side_db" >"$tmp/out" 2>"$tmp/err" \
  && grep -qx "nothing to do: 2 brochs 7x7 within-1 puzzles stored in $side_db, 2 asked for (--count is how many the store should hold)" "$tmp/out" \
  && "$arbiter" puzzles generate brochs --size 7 --kind within-1 --count 1 --to-move WHITE --db "$side_db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^1 puzzle added (1/1 brochs 7x7 within-1 white-to-move in $side_db), [0-9]* positions\? examined (candidates\? 0[- ]" "$tmp/out" \
  && runs "$side_db" | grep -qx "$black_next white:[0-9]*" \
  && pass || fail "runs of another side to move are kept apart" "$tmp/out" "$tmp/err"
"$arbiter" puzzles list --db "$side_db" --to-move black >"$tmp/out" && grep -q "^2 puzzles$" "$tmp/out" \
  && "$arbiter" puzzles list --db "$side_db" --to-move white >"$tmp/out" && grep -q "^1 puzzle$" "$tmp/out" \
  && [ "$("$arbiter" puzzles export --db "$side_db" --to-move white | side_of)" = "white" ] \
  && "$arbiter" puzzles list --db "$side_db" --to-move any >"$tmp/out" && grep -q "^3 puzzles$" "$tmp/out" \
  && pass || fail "list and export --to-move" "$tmp/out"
expect_error "unknown side (generate)" puzzles generate brochs --kind within-1 --count 1 --to-move red --db "$tmp/x.db"
grep -qx "arbiter: error: --to-move 'red' names no side of brochs (known: black, white, any)" "$tmp/err" && pass || fail "the sides are named" "$tmp/err"
[ ! -e "$tmp/x.db" ] && pass || fail "a refused --to-move creates no store"
expect_error "unknown side (list)" puzzles list --db "$side_db" --to-move red
grep -q "names no side of any game (known: " "$tmp/err" && pass || fail "list names every game's sides" "$tmp/err"
expect_error "unknown side (verify)" puzzles verify --db "$side_db" --to-move ""
expect_error "unknown side (book)" book --db "$side_db" --to-move red --out "$tmp/side-book"
# A position that does not read has no side to move: --to-move reports its row damaged (verify
# said "2 puzzles checked: 2 hold" of a store of three, one of them broken, and list left it out).
cp "$side_db" "$tmp/side-damaged.db"
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("UPDATE puzzles SET position = ? WHERE id = (SELECT MIN(id) FROM puzzles)", ("brochs 7 garbage black 1 0 0",)); c.commit()' "$tmp/side-damaged.db"
"$arbiter" puzzles verify --db "$tmp/side-damaged.db" --to-move black >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^puzzle [0-9]* has a position that does not read, so --to-move black cannot tell its side to move: .*; it cannot be re-proved$" "$tmp/out" \
  && grep -q ", 1 damaged" "$tmp/out" && pass || fail "verify --to-move reports a position that does not read" "$tmp/out" "$tmp/err"
expect_error "a position that does not read (list --to-move)" puzzles list --db "$tmp/side-damaged.db" --to-move black
grep -q "has a position that does not read" "$tmp/err" && pass || fail "list --to-move names the damaged row" "$tmp/err"
# A puzzle row damaged by other software: list, show and export stop before printing anything,
# in one line naming the puzzle and the field in the user's words (not the JSON library's);
# verify reports every damaged row and re-proves the others, exit 1.
damaged_copy damaged "UPDATE puzzles SET main_line = 'e2 a2' WHERE id = 1" "UPDATE puzzles SET game = 'nosuchgame' WHERE id = 2"
for action in list export "show 1"; do
  expect_error "damaged row ($action)" puzzles $action --db "$tmp/damaged.db"
  grep -q "^arbiter: error: --db '$tmp/damaged.db': puzzle [12] has a damaged field \(main_line: 'e2 a2' is not a JSON list of moves\|game: 'nosuchgame' is not a game this arbiter knows\)" "$tmp/err" \
    && ! grep -q "json\.exception\|parse error" "$tmp/err" && [ ! -s "$tmp/out" ] && pass || fail "the damaged puzzle is named ($action)" "$tmp/err" "$tmp/out"
done
expect_error "unknown game in a row (show)" puzzles show 2 --db "$tmp/damaged.db"
grep -q "puzzle 2 has a damaged field game: 'nosuchgame' is not a game this arbiter knows" "$tmp/err" && pass || fail "the row of an unknown game is named" "$tmp/err"
"$arbiter" puzzles verify --db "$tmp/damaged.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^puzzle 1 has a damaged field main_line: 'e2 a2' is not a JSON list of moves; it cannot be re-proved$" "$tmp/out" \
  && grep -q "^puzzle 2 has a damaged field game: 'nosuchgame' is not a game this arbiter knows; it cannot be re-proved$" "$tmp/out" \
  && grep -q "^7 puzzles checked: 5 hold, 0 no longer hold, 2 damaged (" "$tmp/out" && [ ! -s "$tmp/err" ] \
  && pass || fail "verify reports the damaged rows and re-proves the others" "$tmp/out" "$tmp/err"
# A difficulty no range holds, a kind this arbiter does not make, or a bound that disagrees with
# the kind is a damaged field too: list and verify used to leave such a row out without a word
# (the first even under --difficulty 1-1, which no row of difficulty 9 is in).
damaged_copy fields "UPDATE puzzles SET difficulty = 9 WHERE id = 1" "UPDATE puzzles SET kind = 'within-9', within = 9 WHERE id = 2" \
  "UPDATE puzzles SET within = 3 WHERE id = 3"
for action in list export "list --difficulty 1-1"; do
  expect_error "damaged field ($action)" puzzles $action --db "$tmp/fields.db"
  grep -q "^arbiter: error: --db '$tmp/fields.db': puzzle [123] has a damaged field \(difficulty\|kind\|within\)" "$tmp/err" \
    && pass || fail "the damaged puzzle is named ($action)" "$tmp/err"
done
"$arbiter" puzzles verify --db "$tmp/fields.db" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^puzzle 1 has a damaged field difficulty: 9 is not a difficulty (1 to 5); it cannot be re-proved$" "$tmp/out" \
  && grep -q "^puzzle 2 has a damaged field kind: 'within-9' is not a puzzle kind (known: within-1 .. within-4, wins); it cannot be re-proved$" "$tmp/out" \
  && grep -q "^puzzle 3 has a damaged field within: 3 does not agree with its kind 'within-2'; it cannot be re-proved$" "$tmp/out" \
  && grep -q "^7 puzzles checked: 4 hold, 0 no longer hold, 3 damaged (" "$tmp/out" \
  && pass || fail "verify names every damaged field" "$tmp/out" "$tmp/err"
: >"$tmp/empty.db"
expect_error "empty file" puzzles list --db "$tmp/empty.db"
grep -q "^arbiter: error: --db '$tmp/empty.db': empty: no puzzles were ever generated into it" "$tmp/err" && pass || fail "an empty file is named by its option" "$tmp/err"
[ ! -s "$tmp/empty.db" ] && pass || fail "reading an empty file wrote a schema into it"
printf 'not a database at all, just text\n%.0s' {1..100} >"$tmp/junk.db"
expect_error "corrupt file" puzzles list --db "$tmp/junk.db"
grep -q "^arbiter: error: --db '$tmp/junk.db': file is not a database" "$tmp/err" && pass || fail "a corrupt file is named by its option" "$tmp/err"
expect_error "corrupt file (generate)" puzzles generate brique --kind within-1 --count 1 --db "$tmp/junk.db"
grep -q "^arbiter: error: --db '$tmp/junk.db': " "$tmp/err" && pass || fail "a corrupt file is named by its option (generate)" "$tmp/err"
# Bytes flipped past the schema's page: SQLite's integrity check reports its problems (up to 100),
# one a line; the error is still one line, naming the first and counting them.
cp "$db" "$tmp/flipped.db"
python3 - "$tmp/flipped.db" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
for offset in range(2 * 4096 + 200, len(data), 97):
    data[offset] ^= 0xFF
open(sys.argv[1], "wb").write(data)
PY
for action in list verify "generate brique --size 5 --kind within-2 --count 1"; do
  expect_error "flipped bytes ($action)" puzzles $action --db "$tmp/flipped.db"
  grep -qE "^arbiter: error: --db '$tmp/flipped.db': damaged: SQLite's integrity check reports ([0-9]+ problems.*, the first|a problem): [^*]" "$tmp/err" \
    && pass || fail "a damaged file is said in one line ($action)" "$tmp/err"
done
# Another schema version: the header's user_version (bytes 60-63, big-endian) set to 99.
cp "$db" "$tmp/v99.db"
printf '\x00\x00\x00\x63' | dd of="$tmp/v99.db" bs=1 seek=60 conv=notrunc status=none
expect_error "other schema version" puzzles verify --db "$tmp/v99.db"
grep -q "^arbiter: error: --db '$tmp/v99.db': schema version 99" "$tmp/err" && pass || fail "version named" "$tmp/err"

# A store an older arbiter made (schema 2, whose runs table records no version: made here with SQL
# from one of this build's). Generating into it says that it upgrades the schema, which older
# builds then refuse, and who examined the candidates the run continues after; both were silent
# until 29 November 2026.
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 3 --db "$tmp/old.db" >/dev/null 2>&1
python3 - "$tmp/old.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript("""
ALTER TABLE runs RENAME TO runs_now;
CREATE TABLE runs (game TEXT NOT NULL, size INTEGER NOT NULL, rulings TEXT NOT NULL, kind TEXT NOT NULL,
  within INTEGER NOT NULL, theme TEXT NOT NULL, seed INTEGER NOT NULL, node_budget INTEGER NOT NULL,
  next INTEGER NOT NULL, PRIMARY KEY (game, size, rulings, kind, within, theme, seed, node_budget));
INSERT INTO runs SELECT game, size, rulings, kind, within, theme, seed, node_budget, next FROM runs_now;
DROP TABLE runs_now;
PRAGMA user_version = 2;
""")
c.commit()
PY
cursor() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT next FROM runs').fetchone()[0])" "$1"; }
old_next=$(cursor "$tmp/old.db")
cp "$tmp/old.db" "$tmp/old-named.db"
not_again="not examined again (docs/puzzles.md says how to examine candidates with this version)"
first_reader="commit 70c9b5e (29 November 2026)"
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 5 --db "$tmp/old.db" >"$tmp/out" 2>"$tmp/err" \
  && grep -qx "upgraded the store from schema 2 to 4; arbiter versions before $first_reader cannot read it any more" "$tmp/out" \
  && grep -qx "continuing seed 1 from candidate $old_next; candidates 0-$((old_next - 1)) were examined by an earlier arbiter version (one that recorded none), and are $not_again" "$tmp/out" \
  && pass || fail "generating into a schema 2 store says it upgrades it, and who examined the candidates before" "$tmp/out" "$tmp/err"
# Continued again: no upgrade, and the record names this version's stretch beside the earlier one.
new_next=$(cursor "$tmp/old.db")
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 7 --db "$tmp/old.db" >"$tmp/out" 2>"$tmp/err" \
  && ! grep -q "^upgraded" "$tmp/out" \
  && grep -qx "continuing seed 1 from candidate $new_next; candidates 0-$((old_next - 1)) were examined by an earlier arbiter version (one that recorded none), $old_next-$((new_next - 1)) by this version, and are $not_again" "$tmp/out" \
  && pass || fail "a run continued twice names each stretch's version" "$tmp/out" "$tmp/err"
# A stretch recorded by another version is named with it; a run only this version examined says nothing.
python3 - "$tmp/old-named.db" "$old_next" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA user_version = 3")
c.execute("ALTER TABLE runs ADD COLUMN examined_by TEXT")
c.execute("UPDATE runs SET examined_by = ?", ('[[0, %d, "arbiter 0.4.0 (commit f9bdf34df569)"]]' % int(sys.argv[2]),))
c.commit()
PY
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 4 --db "$tmp/old-named.db" >"$tmp/out" 2>"$tmp/err" \
  && grep -qx "upgraded the store from schema 3 to 4; arbiter versions before $first_reader cannot read it any more" "$tmp/out" \
  && grep -qx "continuing seed 1 from candidate $old_next; candidates 0-$((old_next - 1)) were examined by arbiter 0.4.0 (commit f9bdf34df569), and are $not_again" "$tmp/out" \
  && pass || fail "a stretch another version recorded is named with it" "$tmp/out" "$tmp/err"
cp "$db" "$tmp/mine.db"
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 5 --db "$tmp/mine.db" --seed 5 >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^1 puzzle added" "$tmp/out" && ! grep -q "^continuing\|^upgraded" "$tmp/out" \
  && pass || fail "a run this version examined alone continues without a word" "$tmp/out" "$tmp/err"

# Help for every action: its own usage, not the others' (show --help printed generate's).
for action in generate list show export verify; do
  "$arbiter" puzzles "$action" --help >"$tmp/out" 2>"$tmp/err" && grep -q "^usage: arbiter puzzles $action " "$tmp/out" \
    && [ "$(grep -c "puzzles [a-z]* \(GAME\|ID\|--db\)" "$tmp/out")" -eq 1 ] && pass || fail "puzzles $action --help" "$tmp/out" "$tmp/err"
done
"$arbiter" puzzles verify --help | grep -q -- "--game" && pass || fail "verify --help shows --game"
# A missing GAME is one line with generate's usage alone (it was the whole command's, on five lines).
expect_error "no game" puzzles generate --size 7 --kind within-2 --count 1 --db "$tmp/x.db"
grep -q "^arbiter: error: missing GAME (usage: arbiter puzzles generate GAME --kind " "$tmp/err" && ! grep -q "puzzles list" "$tmp/err" \
  && pass || fail "missing GAME names generate's usage" "$tmp/err"

finish

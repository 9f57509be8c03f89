#!/usr/bin/env bash
# arbiter solve and verify-proof as a user runs them: values, certificates that verify, tampered
# or foreign certificates rejected, bad input refused with one line, Ctrl-C and --resume.
# Usage: solver.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
export XDG_CACHE_HOME="$tmp/cache"

# Values and certificates.
"$arbiter" solve brique --size 3 --proof "$tmp/b3.cert" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" && grep -q '^Winning moves (5): b1 c1 a2 b2 a3' "$tmp/out"; then pass; else fail "solve brique 3"; cat "$tmp/out"; fi
if grep -q '^state: ' "$tmp/err"; then pass; else fail "solve names its state directory"; fi
"$arbiter" verify-proof "$tmp/b3.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified: every legal move is settled' "$tmp/out" && grep -q 'reference implementation' "$tmp/out"; then pass; else fail "verify-proof b3"; cat "$tmp/out"; fi
# Without --proof the line past the pie exchange (b1 swap ...) is found by solving the position
# after b1 swap again: its nodes and time are reported on a line of their own, and in --json (it
# took 11-13 s after Quentin 5x5's openings, with neither said).
"$arbiter" solve brique --size 3 >"$tmp/out" 2>/dev/null
if grep -q '^Principal line: b1 swap ' "$tmp/out" && grep -qE '^Line past the exchange: [0-9,]+ nodes in [0-9]+\.[0-9]{2} s \([0-9,]+ nodes/s\), the position after b1 swap solved again alone; not counted in "Search:"$' "$tmp/out"; then
  pass; else fail "solve reports the search for the line past the exchange"; cat "$tmp/out"; fi
"$arbiter" solve brique --size 3 --json 2>/dev/null | python3 -c "import json,sys; r=json.load(sys.stdin)['line_resolve']; sys.exit(0 if r['moves'] == ['b1', 'swap'] and r['nodes'] > 0 and r['found'] else 1)" \
  && pass || fail "solve --json reports the search for the line past the exchange"

# Threads do not change values: 4x4 openings on 1 and on 3 threads (more threads than units left at
# the end, so idle threads join the last units), and the 3-thread certificate verifies.
"$arbiter" solve brique --size 4 --openings --threads 1 --tt-mb 16 >"$tmp/t1.out" 2>/dev/null
"$arbiter" solve brique --size 4 --openings --threads 3 --tt-mb 16 --proof "$tmp/t3.cert" >"$tmp/t3.out" 2>/dev/null
values() { sed -n '/^Value:/p; /^Winning moves/p; /^Every move/,/to move, ply/p' "$1"; }
if [ -n "$(values "$tmp/t1.out")" ] && diff <(values "$tmp/t1.out") <(values "$tmp/t3.out") >"$tmp/diff"; then pass; else
  fail "brique 4x4 openings differ between 1 and 3 threads"; cat "$tmp/diff"; fi
"$arbiter" verify-proof "$tmp/t3.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified: every legal move is settled' "$tmp/out"; then pass; else fail "verify-proof of the 3-thread 4x4 table"; cat "$tmp/out"; fi
# Counts grouped in thousands, as solve's are ("(28073 nodes" and "117461 positions, 122442 moves").
thousands='[0-9]{1,3}(,[0-9]{3})+'
if grep -qE "^Certificate: .* \($thousands nodes, written by" "$tmp/out" && grep -qE "^Checked with .*: $thousands positions, $thousands moves$" "$tmp/out"; then
  pass; else fail "verify-proof groups its counts in thousands"; cat "$tmp/out"; fi

# A tampered certificate: the first defence of some node dropped.
awk 'BEGIN{done=0} /^n /{n=$0; moves=0} /^m /{moves++; if (!done && moves==2 && prev ~ /^m /) {done=1; next}} {print; prev=$0}' "$tmp/b3.cert" >"$tmp/cut.cert"
sed -i "s/^end .*/end $(grep -c '^[na] ' "$tmp/cut.cert")/" "$tmp/cut.cert"
"$arbiter" verify-proof "$tmp/cut.cert" >"$tmp/out" 2>&1
status=$?
if [ $status -eq 1 ] && grep -q '^REJECTED: ' "$tmp/out"; then pass; else fail "tampered certificate -> exit $status"; cat "$tmp/out"; fi
# verify-proof --json: the same answers as a document (exit statuses as without), the rejected one
# with its reason and the first bad node's position as the text prints them.
"$arbiter" verify-proof "$tmp/b3.cert" --json >"$tmp/ok.json" 2>/dev/null
ok_status=$?
"$arbiter" verify-proof "$tmp/cut.cert" --json >"$tmp/bad.json" 2>/dev/null
bad_status=$?
if [ $ok_status -eq 0 ] && [ $bad_status -eq 1 ] && python3 - "$tmp/ok.json" "$tmp/bad.json" "$tmp/out" <<'CHECK'
import json, sys
ok, bad = (json.load(open(name)) for name in sys.argv[1:3])
text = open(sys.argv[3]).read()
assert ok["result"] == "verified" and ok["verified"] and ok["reason"] is None, ok
assert ok["game"] == "brique" and ok["size"] == 3 and "pie=swap-sides" in ok["rulings_in_force"], ok
assert ok["value"] == "win" and ok["statement"] == "Black wins" and ok["root"] == "analysis", ok
assert ok["legal_moves"] == ok["moves_covered"] == ok["moves_settled"] == 9 and ok["positions_checked"] > 1, ok
assert [m["move"] for m in ok["moves"] if m["value"] == "win"] == ["b1", "c1", "a2", "b2", "a3"], ok["moves"]
assert bad["result"] == "rejected" and not bad["verified"] and bad["value"] == "not settled" and bad["moves"] is None, bad
assert "REJECTED: " + bad["reason"] + "\n" + bad["bad_position"] in text, (bad, text)
CHECK
then pass; else fail "verify-proof --json of a verified and a rejected certificate" "$tmp/ok.json" "$tmp/bad.json"; fi

# A solve stopped by its limits certifies what it settled: 3 of the 16 first moves of 4x4, a partial
# analysis that verify-proof accepts as such; relabelled a full analysis, it is rejected.
"$arbiter" solve brique --size 4 --max-units 3 --tt-mb 16 --state "$tmp/partial" --proof "$tmp/part.cert" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q 'a partial analysis: the settled moves only' "$tmp/out"; then pass; else fail "solve --max-units 3 --proof -> exit $status"; cat "$tmp/out" "$tmp/err"; fi
# It exits 3, not 0, and its last line says so: a script tells it from a whole proof (it exited 0).
"$arbiter" verify-proof "$tmp/part.cert" >"$tmp/out" 2>&1
status=$?
if [ $status -eq 3 ] && grep -q '^Verified: 3 of the 16 legal moves are settled' "$tmp/out" && [ "$(grep -c '^  [a-d][1-4]: ' "$tmp/out")" -eq 3 ] &&
   [ "$(tail -n 1 "$tmp/out")" = "Partial: 13 of the 16 legal moves are not covered by this certificate (exit status 3)" ]; then pass; else
  fail "verify-proof of a partial analysis -> exit $status"; cat "$tmp/out"; fi
# One settled move is one: "1 of the 16 legal moves is settled" (it read "are settled").
"$arbiter" solve brique --size 4 --max-units 1 --tt-mb 16 --state "$tmp/partial1" --proof "$tmp/part1.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/part1.cert" >"$tmp/out" 2>&1
grep -q '^Verified: 1 of the 16 legal moves is settled (a partial analysis' "$tmp/out" && pass ||
  fail "verify-proof of a partial analysis of one move" "$tmp/out"
"$arbiter" verify-proof "$tmp/part.cert" --json >"$tmp/part.json" 2>/dev/null
status=$?
if [ $status -eq 3 ] && [ -s "$tmp/part.json" ] && jq -e '.root == "partial analysis" and .legal_moves == 16 and .moves_covered == 3 and .moves_settled == 3' "$tmp/part.json" >/dev/null; then
  pass; else fail "verify-proof --json of a partial analysis -> exit $status" "$tmp/part.json"; fi
sed 's/^p /a /' "$tmp/part.cert" >"$tmp/whole.cert"
"$arbiter" verify-proof "$tmp/whole.cert" >"$tmp/out" 2>&1
status=$?
if [ $status -eq 1 ] && grep -q '^REJECTED: .*the analysis leaves out the move' "$tmp/out"; then pass; else fail "a partial analysis relabelled whole -> exit $status"; cat "$tmp/out"; fi

# A certificate cut short, one of another game, one under other rulings, a file that is none.
head -n 20 "$tmp/b3.cert" >"$tmp/short.cert"
expect_error "truncated certificate" verify-proof "$tmp/short.cert"
expect_error "certificate of another game" verify-proof "$tmp/b3.cert" --game quentin
# The wrong game is named as such even when --rule names a ruling of the certificate's game by its
# id (it said "unknown ruling 'B-4' for --rule of quentin").
expect_error "certificate of another game, a ruling id asked" verify-proof "$tmp/b3.cert" --game quentin --rule B-4=off
grep -qx "arbiter: error: the certificate is about brique, not quentin" "$tmp/err" && pass \
  || fail "verify-proof names the certificate's game before the rulings asked" "$tmp/err"
expect_error "certificate under other rulings" verify-proof "$tmp/b3.cert" --rule pie=off
# The ruling that differs is named, with the value the certificate was made under and the one asked
# for (it said "position's rulings differ from the game's configuration", or, for a certificate
# made under a ruling that is not the default, "ruling pie is given twice").
if grep -q "the certificate was made under pie=swap-sides, and the command asks for pie=off" "$tmp/err"; then pass; else
  fail "a default certificate checked under pie=off names the ruling" "$tmp/err"; fi
"$arbiter" solve brique --size 3 --rule pie=off --tt-mb 16 --state "$tmp/pieoff" --proof "$tmp/off.cert" >/dev/null 2>&1
expect_error "certificate under pie=off checked under pie=swap-sides" verify-proof "$tmp/off.cert" --rule pie=swap-sides
if grep -q "the certificate was made under pie=off, and the command asks for pie=swap-sides" "$tmp/err"; then pass; else
  fail "a pie=off certificate checked under pie=swap-sides names the ruling" "$tmp/err"; fi
if "$arbiter" verify-proof "$tmp/off.cert" --rule pie=off | grep -q '^Verified'; then pass; else fail "a pie=off certificate checked under pie=off"; fi
# The ruling may be given by its id, with --game or without (then the certificate names the game).
pie_id=$("$arbiter" rules brique | sed -n 's/^\([A-Z]-[0-9]*\)  *pie  .*/\1/p')
expect_error "certificate under other rulings, the ruling by its id" verify-proof "$tmp/b3.cert" --rule "$pie_id=off"
if grep -q "the certificate was made under pie=swap-sides, and the command asks for pie=off" "$tmp/err"; then pass; else
  fail "a default certificate checked under $pie_id=off names the ruling by its name" "$tmp/err"; fi
if "$arbiter" verify-proof "$tmp/off.cert" --game brique --rule "$pie_id=off" | grep -q '^Verified'; then pass; else
  fail "a pie=off certificate checked under $pie_id=off"; fi
echo "hello" >"$tmp/junk.cert"
expect_error "not a certificate" verify-proof "$tmp/junk.cert"
# Windows line endings are named as such (it said the first line must be 'arbiter-certificate 2').
sed 's/$/\r/' "$tmp/b3.cert" >"$tmp/crlf.cert"
expect_error "a certificate with CR LF line endings" verify-proof "$tmp/crlf.cert"
grep -q "^arbiter: error: $tmp/crlf.cert line 1: the file has Windows line endings (CR LF)" "$tmp/err" && pass ||
  fail "verify-proof names CR LF line endings" "$tmp/err"
expect_error "missing certificate" verify-proof "$tmp/none.cert"
# A node id used twice is said to be so (it said "node 1 is out of order (expected 2)"); a position
# line no game reaches is named with the file and line as the other faults are (it had neither);
# a certificate of one node says "1 node" (it said "1 nodes").
printf 'arbiter-certificate 2\nmade-by hand\ngame brique\nposition brique 2 ../.. black 0\nroot 1\nn 1 win 0 *\nn 1 win 0 *\nend 2\n' >"$tmp/twice.cert"
expect_error "a node defined twice" verify-proof "$tmp/twice.cert"
grep -q "^arbiter: error: $tmp/twice.cert line 7: node 1 is defined twice (.*the next is 2)$" "$tmp/err" && pass ||
  fail "a node defined twice is said to be so" "$tmp/err"
printf 'arbiter-certificate 2\nmade-by hand\ngame quentin\nposition quentin 4 ..../..../.B../B... black 2\nroot 1\nn 1 win 0 *\nend 1\n' >"$tmp/diagonal.cert"
expect_error "a position no game reaches" verify-proof "$tmp/diagonal.cert"
grep -q "^arbiter: error: $tmp/diagonal.cert line 4: .*diagonally adjacent" "$tmp/err" && pass ||
  fail "a position no game reaches is named with its file and line" "$tmp/err"
printf 'arbiter-certificate 2\nmade-by hand\ngame brique\nposition brique 2 WB/BB white 3\nroot 1\nn 1 win 0 *\nend 1\n' >"$tmp/one.cert"
"$arbiter" verify-proof "$tmp/one.cert" >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -qx "Certificate: $tmp/one.cert (1 node, written by hand)" "$tmp/out" && grep -q "^Checked with .*: 1 position, 0 moves$" "$tmp/out" &&
  pass || fail "a certificate of one node" "$tmp/out"
# A certificate whose root is one part file says "1 part file".
printf 'arbiter-certificate 2\nmade-by hand\ngame brique\nposition brique 3 .../.../... black 0\nroot 1\ne 1 win 0 * b3.cert\nend 1\n' >"$tmp/top.cert"
"$arbiter" verify-proof "$tmp/top.cert" >"$tmp/out" 2>/dev/null
[ $? -eq 0 ] && grep -q "(in this file and 1 part file)$" "$tmp/out" && pass || fail "a certificate of one part" "$tmp/out"

# Bounded search and JSON.
"$arbiter" solve quentin --size 3 --within 2 --json >"$tmp/out" 2>/dev/null
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["search"]=="within" and d["within"]==2 and len(d["moves"])>0' "$tmp/out"; then pass; else fail "solve --within --json"; cat "$tmp/out"; fi
# The table a bounded search reports is its own (one on each thread that found a move to search,
# at most 64 MiB): it said "0 of 65,536 entries in use (256 MiB ...)", the unused df-pn table's
# count beside --tt-mb.
"$arbiter" solve quentin --size 3 --within 2 --state "$tmp/within" >"$tmp/out" 2>/dev/null
"$arbiter" solve quentin --size 3 --within 2 --state "$tmp/within" --threads 2 --tt-mb 16 >"$tmp/out2" 2>/dev/null
if grep -Eq '^Table: .*; [1-9][0-9,]* of 4,194,304 entries in use \(64 MiB, the bounded search.s own\)$' "$tmp/out" &&
   grep -Eq '^Table: .*; [1-9][0-9,]* of (1,048,576|2,097,152) entries in use \((2 tables of )?16 MiB, the bounded search.s own(, one on each thread)?\)$' "$tmp/out2"; then pass; else
  fail "solve --within reports its own tables" "$tmp/out" "$tmp/out2"; fi
# A bounded search that finds no win shows no line (it showed one move's refutation, "cut at the
# bound of 2 moves", which said nothing of the other moves).
if grep -qx 'Principal line: none (no move wins within 2)' "$tmp/out" && ! grep -q 'line cut' "$tmp/out"; then pass; else
  fail "a bounded search without a win shows no line" "$tmp/out"; fi
# The table's stores count every write to it (a child won at once, a sibling refuted or proved by
# simulation, a bound the bounded search recorded), so they are at least the entries in use: they
# said "0 stores" under --within, and 3,621 stores for 6,545 entries on Quentin 4x4.
stores_cover_entries() {  # OUTPUT: its Table line counts some stores, and no fewer than the entries in use
  local stores used
  stores=$(sed -nE 's/^Table: .* ([0-9,]+) stores; .*/\1/p' "$1" | tr -d ,)
  used=$(sed -nE 's/^Table: .*; ([0-9,]+) of [0-9,]+ entries in use.*/\1/p' "$1" | tr -d ,)
  [ -n "$stores" ] && [ -n "$used" ] && [ "$stores" -gt 0 ] && [ "$stores" -ge "$used" ]
}
if stores_cover_entries "$tmp/out" && stores_cover_entries "$tmp/out2"; then pass; else fail "a bounded search counts its stores" "$tmp/out" "$tmp/out2"; fi
# --tt-mb sizes the bounded search's own tables up to their 64 MiB: a larger one is noted, not ignored.
"$arbiter" solve quentin --size 3 --within 2 --state "$tmp/within" --tt-mb 1024 >/dev/null 2>"$tmp/err"
if grep -qx 'note: --within searches with a table of its own on each thread, of at most 64 MiB: --tt-mb 1024 gives 64 MiB' "$tmp/err"; then
  pass; else fail "solve --within notes that --tt-mb above 64 gives 64" "$tmp/err"; fi
# A bounded line is the quickest win against the longest defence: here Black wins within 2 (not 1),
# and the --within 3 line took b2 first, which wins only a move later (b2 d1 b3 d2 a4).
quick='quentin 4 BWW./B.B./..../.... black 4'
"$arbiter" solve quentin --position "$quick" --within 3 --state "$tmp/quick" >"$tmp/out" 2>/dev/null
"$arbiter" solve quentin --position "$quick" --within 1 --state "$tmp/quick" >"$tmp/out2" 2>/dev/null
if grep -q '^Value: Black (to move) cannot force a win within 1 move' "$tmp/out2" &&
   [ "$(sed -n 's/^Principal line: //p' "$tmp/out" | wc -w)" -eq 3 ] &&
   "$arbiter" replay quentin --position "$quick" $(sed -n 's/^Principal line: //p' "$tmp/out") 2>/dev/null | grep -q '^Result: Black wins'; then
  pass; else fail "a --within line is the quickest win" "$tmp/out" "$tmp/out2"; fi

# --value-only: the value and one winning move that the full solve lists, a certificate that verifies.
"$arbiter" solve brique --size 4 --value-only --proof "$tmp/v4.cert" >"$tmp/out" 2>/dev/null
named=$(sed -n 's/^Winning move (--value-only: 15 other moves not searched): //p' "$tmp/out")
# Its certificate's line goes to the end of the game, and so does the same search's without a
# certificate, read off the table: where the table lost the proof, the position is searched again
# (it stopped after four moves, "c2 a1 d1 b1 ... (line cut: ...)", and so did the plain solve's).
# Under the pie rule --value-only leaves the player's result not settled, and so shows no line
# (below); without it the colours' value is the player's, and the line is shown.
ends_game() {  # GAME SIZE OUTPUT [ARGS...]: the output's principal line, replayed (with ARGS), ends the game
  local moves
  moves=$(sed -n 's/^Principal line: //p' "$3")
  [ -n "$moves" ] && "$arbiter" replay "$1" --size "$2" "${@:4}" $moves 2>/dev/null | grep -q '^Result: .* wins'
}
"$arbiter" solve brique --size 4 --rule pie=off --value-only --proof "$tmp/v4off.cert" >"$tmp/v4off.out" 2>/dev/null
"$arbiter" solve brique --size 4 --rule pie=off --value-only --tt-mb 16 --state "$tmp/v4line" >"$tmp/noproof.out" 2>/dev/null
if ends_game brique 4 "$tmp/v4off.out" --rule pie=off && ends_game brique 4 "$tmp/noproof.out" --rule pie=off &&
  ends_game brique 4 "$tmp/t1.out"; then pass; else
  fail "a principal line without a certificate goes to the end of the game" "$tmp/v4off.out" "$tmp/noproof.out" "$tmp/t1.out"; fi
# A line is best play for a settled value only. Under the pie rule --value-only leaves the player's
# result not settled (the other openings are not searched): no opening is known to be the first
# player's best, and no line is shown, in the text or the JSON (it printed "c2 swap a1 d1 b1 b3 c1
# a4" beside "For the player to move: not settled").
if grep -q '^For the player to move: not settled' "$tmp/out" &&
  grep -qx 'Principal line: none proved, as the result for the player to move is not settled' "$tmp/out"; then pass; else
  fail "no line beside a player's result not settled" "$tmp/out"; fi
"$arbiter" solve brique --size 2 --value-only --json --state "$tmp/v2json" >"$tmp/v2.json" 2>/dev/null
if python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
sys.exit(not (d["player_to_move"]["value"] == "not settled" and d["value"] == "win" and d["principal_line"] == [] and not d["principal_line_cut"]))' "$tmp/v2.json"; then
  pass; else fail "no JSON line beside a player's result not settled" "$tmp/v2.json"; fi
# Where a certificate answers every reply with one move instead of listing them (Quentin 3x3, after
# a1 swap c1 c3 b1 c2), the line shows a reply and that answer, to the end of the game (it stopped
# before them).
"$arbiter" solve quentin --size 3 --tt-mb 16 --state "$tmp/q3line" --proof "$tmp/q3line.cert" >"$tmp/q3line.out" 2>/dev/null
if ends_game quentin 3 "$tmp/q3line.out"; then pass; else fail "a line through a default answer" "$tmp/q3line.out"; fi
# A draw's line keeps the draw for both sides, to a drawn end (Brique 3x3 where a filled cell
# keeps the enemy and passes are allowed: the line was a1 a2 c1 b1 c2 a3 b3, where White's a3 lost
# and Black won), read off the table with a certificate or without.
draw_rules=(--rule pass=allowed --rule fill=keep-enemy)
"$arbiter" solve brique --size 3 "${draw_rules[@]}" --state "$tmp/drawline" >"$tmp/draw.out" 2>/dev/null
"$arbiter" solve brique --size 3 "${draw_rules[@]}" --state "$tmp/drawline" --proof "$tmp/draw.cert" >"$tmp/draw-proof.out" 2>/dev/null
drawn_end() {  # OUTPUT: its principal line, replayed, ends in a draw
  local moves
  moves=$(sed -n 's/^Principal line: //p' "$1")
  grep -q '^Value: draw with best play' "$1" && [ -n "$moves" ] &&
    "$arbiter" replay brique --size 3 "${draw_rules[@]}" $moves 2>/dev/null | grep -qx 'Result: draw'
}
if drawn_end "$tmp/draw.out" && drawn_end "$tmp/draw-proof.out"; then pass; else fail "a draw's line ends in a draw" "$tmp/draw.out" "$tmp/draw-proof.out"; fi
# Before the first move, where the first player draws at best, the players' line is a drawing
# opening's (it was a winning opening answered by the swap, "a2 swap a1 b1", which Black won).
"$arbiter" solve brique --size 2 "${draw_rules[@]}" >"$tmp/draw2.out" 2>/dev/null
line2=$(sed -n 's/^Principal line: //p' "$tmp/draw2.out")
if grep -q '^For the player to move: a draw at best' "$tmp/draw2.out" && [ -n "$line2" ] &&
  "$arbiter" replay brique --size 2 "${draw_rules[@]}" $line2 2>/dev/null | grep -qx 'Result: draw'; then pass; else
  fail "the first player's drawing line" "$tmp/draw2.out"; fi
if grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" && [ -n "$named" ] &&
  grep '^Winning moves' "$tmp/t1.out" | tr ' ' '\n' | grep -qx "$named"; then pass; else fail "solve --value-only"; cat "$tmp/out"; fi
"$arbiter" verify-proof "$tmp/v4.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified' "$tmp/out"; then pass; else fail "verify-proof of a --value-only certificate"; cat "$tmp/out"; fi
# Its one claim is proved by the one move it names, and says so (it said "Verified: Black wins", as
# of a whole analysis).
grep -qx "Verified: Black wins by $named: the certificate covers this move only, not the other 15 legal moves" "$tmp/out" &&
  pass || fail "verify-proof of a one-move claim names the move" "$tmp/out"
# Resumed, it names the journalled move again, and writes its certificate from the journal.
"$arbiter" solve brique --size 4 --value-only --resume --proof "$tmp/v4r.cert" >"$tmp/out" 2>"$tmp/err"
if grep -q 'resuming: 1 of 16 moves already settled' "$tmp/err" && grep -qx "Winning move (--value-only: 15 other moves not searched): $named" "$tmp/out" &&
  "$arbiter" verify-proof "$tmp/v4r.cert" | grep -q '^Verified'; then pass; else fail "solve --value-only --resume"; cat "$tmp/out" "$tmp/err"; fi
# Without --proof, the moves its search in turn refuted are reported too (Quentin 4x4: the centre
# point it takes first loses, and so do its three images), and a resumed run keeps them.
"$arbiter" solve quentin --size 4 --value-only --state "$tmp/refuted" >"$tmp/out" 2>/dev/null
"$arbiter" solve quentin --size 4 --value-only --resume --state "$tmp/refuted" >"$tmp/out2" 2>"$tmp/err"
if grep -qx 'Winning move (--value-only: 4 moves refuted, 11 other moves not searched): b1' "$tmp/out" &&
  grep -qx ' 2 ? - - ?' "$tmp/out" && grep -qx ' 3 ? - - ?' "$tmp/out" && grep -q 'resuming: 5 of 16 moves already settled' "$tmp/err" &&
  stores_cover_entries "$tmp/out" &&
  diff <(sed -n '/^Value/,/^Black to move/p' "$tmp/out") <(sed -n '/^Value/,/^Black to move/p' "$tmp/out2") >/dev/null; then pass; else
  fail "solve --value-only reports the losses found in turn"; cat "$tmp/out" "$tmp/out2" "$tmp/err"; fi
# --race: two threads race through the root; the same value, a winning move of the full solve.
"$arbiter" solve brique --size 4 --value-only --threads 2 --race --state "$tmp/race" --proof "$tmp/race.cert" >"$tmp/out" 2>/dev/null
raced=$(sed -n 's/^Winning move (--value-only: 15 other moves not searched): //p' "$tmp/out")
if grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" && [ -n "$raced" ] && grep -q '2 threads (two raced' "$tmp/out" &&
  grep '^Winning moves' "$tmp/t1.out" | tr ' ' '\n' | grep -qx "$raced" && "$arbiter" verify-proof "$tmp/race.cert" | grep -q '^Verified'; then pass; else
  fail "solve --value-only --race"; cat "$tmp/out"; fi
# A long --value-only search says in its progress lines which first move its root is searching,
# and with what numbers; stopped at its limit, the value is unknown (exit 1), never a guess.
# Nothing proved, --proof writes nothing: a file that was there stays as it was.
echo "not a certificate, kept" >"$tmp/kept.cert"
ARBITER_PROGRESS_SECONDS=0.2 "$arbiter" solve quentin --size 6 --value-only --time-limit 3 --state "$tmp/focus" --proof "$tmp/kept.cert" >"$tmp/out" 2>"$tmp/err"
status=$?
if grep -q '^no certificate written: nothing was proved' "$tmp/out" && [ "$(cat "$tmp/kept.cert")" = "not a certificate, kept" ]; then pass; else
  fail "nothing proved leaves an existing --proof file as it was" "$tmp/out"; fi
if [ $status -eq 1 ] && grep -q '^Value: unknown within the limits' "$tmp/out" &&
  grep -Eq '^solve: .*, searching [a-f][1-6] \(root proof/disproof numbers [0-9,]+/[0-9,]+\), the moves in turn at [a-f][1-6], [0-9]+ s$' "$tmp/err"; then pass; else
  fail "value-only progress names the move searched -> exit $status"; cat "$tmp/err" "$tmp/out"; fi
# A table size that is not a power of two is rounded down, and the output says the size it has.
"$arbiter" solve brique --size 3 --tt-mb 3 --state "$tmp/tt3" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -q '^note: the table.s size is a power of two: --tt-mb 3 gives 2 MiB' "$tmp/err" && grep -q '(2 MiB, shared' "$tmp/out"; then pass; else
  fail "--tt-mb rounded to a power of two"; cat "$tmp/err" "$tmp/out"; fi
# Simulation proves some of Quentin 4x4's defences, and says how many; off, it proves none.
"$arbiter" solve quentin --size 4 --state "$tmp/sim" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -Eq '^Simulation: [1-9][0-9,]* defences proved by replaying a sibling.s proof, without a search \(--simulation-steps 1000\)$' "$tmp/out" &&
  "$arbiter" solve quentin --size 4 --simulation-steps 0 --state "$tmp/nosim" --json >"$tmp/json" 2>"$tmp/err" &&
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['simulation']=={'steps':0,'defences_proved':0} and d['value']=='win', d['simulation']" "$tmp/json"; then pass; else
  fail "simulation reported, and off with 0"; cat "$tmp/out" "$tmp/err"; fi
expect_error "negative simulation steps" solve quentin --size 4 --simulation-steps -1
expect_error "simulation steps not a number" solve quentin --size 4 --simulation-steps many
expect_error "race without value-only" solve brique --size 3 --threads 2 --race
expect_error "race on one thread" solve brique --size 3 --value-only --race
expect_error "race with within" solve brique --size 3 --value-only --within 2 --threads 2 --race
expect_error "value-only with openings" solve brique --size 3 --value-only --openings
expect_error "value-only with independent moves" solve brique --size 3 --value-only --independent-moves

# The board map: marks no game draws a cell with (a win was 'W', beside White's stones 'W': here
# d1 is White's stone and e1 the winning move).
"$arbiter" solve brique --position 'brique 5 ...W./..WWB/...BB/.BWB./W.W.B white 11' --tt-mb 16 --state "$tmp/map" >"$tmp/out" 2>/dev/null
if grep -q '^Every move (\* win, - loss, = draw, ? unknown) for White:$' "$tmp/out" && grep -qx ' 1 - - - W \*' "$tmp/out" &&
   grep -qx '  b3: loss' "$tmp/out"; then pass; else fail "the board map's marks" "$tmp/out"; fi
# Two moves on one cell (Brochs' "set a1" and "set main a1"): neither is hidden under one mark;
# both are listed with their values. A Hexabrae bar turned in place changes one character of its
# two: marked, the bar read "WL"; such moves are listed too.
"$arbiter" solve brochs --within 1 --tt-mb 16 --state "$tmp/shared" >"$tmp/out" 2>/dev/null
if grep -qx '  set a1: no win within 1' "$tmp/out" && grep -qx '  set main a1: no win within 1' "$tmp/out" && [ "$(grep -c '^  set ' "$tmp/out")" -eq 30 ]; then pass; else
  fail "moves sharing a cell are all listed" "$tmp/out"; fi
# A curse takes White's piece off its square and fills none: listed, not drawn over the piece
# (g6 and f7 read '-' where White's pieces stand). Here no move fills one cell: no map at all.
"$arbiter" solve brochs --position "brochs 7 ...+.../.b.+.s./...+.../+++++B+/...+.../.b.+.#W/...+.W. black 100 0 0" \
  --within 1 --tt-mb 16 --state "$tmp/curse" >"$tmp/solve" 2>/dev/null
sed -n '/^Every move/,$p' "$tmp/solve" >"$tmp/out"  # the values, not the position above them
if ! grep -Eq '^ [0-9] .*[-*=?]' "$tmp/out" && grep -qx '  curse g6: no win within 1' "$tmp/out" &&
   grep -qx '  curse f7: no win within 1' "$tmp/out"; then pass; else fail "a curse's mark hides no piece" "$tmp/out"; fi
"$arbiter" solve hexabrae --position 'hexabrae 2 Wc3/0 Be3/1 white 2' --within 1 --tt-mb 16 --state "$tmp/bars" >"$tmp/out" 2>/dev/null
if grep -qx '  c3/1: no win within 1' "$tmp/out" && grep -qx '  c3/2: no win within 1' "$tmp/out" && grep -q 'W/' "$tmp/out" && ! grep -Eq 'W[-*=?]' "$tmp/out"; then pass; else
  fail "Hexabrae bars keep their glyphs" "$tmp/out"; fi

# Bad input.
expect_error "within 0" solve brique --size 3 --within 0
expect_error "threads 0" solve brique --size 3 --threads 0
expect_error "unknown option" solve brique --size 3 --frobnicate
expect_error "finished position" solve brique --position 'brique 2 BB/.. white 2'
expect_error "openings with a position" solve brique --openings --position 'brique 3 .../.../... black 0'
expect_error "unknown game" solve nosuchgame

# Ctrl-C stops promptly with status 130; --resume keeps the finished moves.
"$arbiter" solve brique --size 5 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 3
start=$(date +%s%N)
kill -INT $pid
wait $pid
status=$?
stopped=$(( ($(date +%s%N) - start) / 1000000 ))
# Within 8 s: the stop saves the table (a 3-second grace, docs/solver.md) and the journal; on an
# machine at load 8 it took 50-97 ms (two runs), at load 12 beside a full test run 6 s.
if [ $status -eq 130 ] && [ $stopped -le 8000 ] && grep -q -- '--resume' "$tmp/err"; then pass; else fail "SIGINT -> exit $status after ${stopped} ms"; cat "$tmp/err"; fi
# The longest limit, 1000000 s, is a limit like any other (1e10 s once overflowed into an instant
# "unknown"; a longer one is now refused in every command's words, as prove's --timeout was), and a
# limit holds where nodes are slow: Hexabrae's opening takes about 12 ms a node in Release, and a
# clock read every 1024 nodes let a 1 s limit run for 12 s (about ten times that here under the
# sanitizers); the bound below leaves room for a slow machine.
"$arbiter" solve brique --size 3 --time-limit 1e6 --tt-mb 16 --state "$tmp/huge" >"$tmp/out" 2>/dev/null
if grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out"; then pass; else fail "the longest --time-limit" "$tmp/out"; fi
"$arbiter" solve brique --size 3 --time-limit 1e10 --tt-mb 16 --state "$tmp/huge" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ] && grep -qx "arbiter: error: --time-limit: expected a number of seconds above 0 and at most 1000000, got '1e10'" "$tmp/err"; then
  pass; else fail "a --time-limit past the longest" "$tmp/err"; fi
started=$(date +%s)
"$arbiter" solve hexabrae --time-limit 1 --threads 1 --tt-mb 16 --state "$tmp/slow" --proof "$tmp/nothing.cert" >"$tmp/out" 2>/dev/null
took=$(($(date +%s) - started))
if grep -q '^Value: unknown within the limits' "$tmp/out" && [ "$took" -le 8 ]; then pass; else
  fail "--time-limit 1 on Hexabrae's opening took $took s" "$tmp/out"; fi
# Nothing proved: no certificate, and no file (an empty one was left behind).
if grep -q '^no certificate written: nothing was proved' "$tmp/out" && [ ! -e "$tmp/nothing.cert" ]; then pass; else
  fail "nothing proved leaves no --proof file" "$tmp/out"; ls -l "$tmp/nothing.cert"; fi
# Stopped by a signal, the value is unknown because of it, not "within the limits"; in JSON the
# statement says the same, and stopped_by names the signal.
"$arbiter" solve hexabrae --threads 1 --tt-mb 16 --state "$tmp/signal" >"$tmp/out" 2>/dev/null &
pid=$!
sleep 1
kill -INT $pid
wait $pid
status=$?
if [ $status -eq 130 ] && grep -q '^Value: unknown: interrupted by SIGINT$' "$tmp/out"; then pass; else fail "the value after SIGINT -> exit $status" "$tmp/out"; fi
"$arbiter" solve hexabrae --threads 1 --tt-mb 16 --state "$tmp/signal" --json >"$tmp/out" 2>/dev/null &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
status=$?
if [ $status -eq 143 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["statement"] == "unknown: interrupted by SIGTERM" and d["interrupted"] and d["stopped_by"] == "SIGTERM", d' "$tmp/out" &&
   python3 "$(dirname "$0")/../../scripts/validate-json.py" "$(dirname "$0")/../../docs/schemas/solve.schema.json" "$tmp/out" >/dev/null; then pass; else
  fail "the JSON after SIGTERM -> exit $status" "$tmp/out"; fi
# A stop once every move is settled, during the search for the line past the exchange (or before
# it: the stop request stands), cuts only the line: the values are printed whole, and the run ends
# as a stopped run, exit 130, saying what was cut and how to find it (it exited 0). A resumed run
# whose moves are all settled goes straight to that search, so the signal is sent as soon as it
# names its state (a run that ends first, the signal too late, is tried again).
"$arbiter" solve quentin --size 4 --tt-mb 16 --state "$tmp/line-stop" >/dev/null 2>&1
for attempt in 1 2 3; do
  ARBITER_PROGRESS_SECONDS=0.01 "$arbiter" solve quentin --size 4 --tt-mb 16 --state "$tmp/line-stop" --resume --json \
    >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 500); do grep -q '^state: ' "$tmp/err" && break; sleep 0.01; done
  kill -INT $pid 2>/dev/null
  wait $pid
  status=$?
  [ $status -eq 0 ] && grep -q '"found": true' "$tmp/out" || break
done
if [ $status -eq 130 ] && grep -q "^arbiter: interrupted by SIGINT after every move was settled, while the line past the exchange was searched for: the values are complete, the principal line is cut after the exchange; to find the line, run: arbiter solve quentin --size 4 --tt-mb 16 --state $tmp/line-stop --resume --json$" "$tmp/err" &&
   python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["value"] == "win" and d["winning_moves_complete"] and d["principal_line_cut"], d
assert d["line_resolve"]["found"] is False and d["stopped_by"] == "SIGINT" and not d["interrupted"], d' "$tmp/out" &&
   python3 "$(dirname "$0")/../../scripts/validate-json.py" "$(dirname "$0")/../../docs/schemas/solve.schema.json" "$tmp/out" >/dev/null; then pass; else
  fail "a stop during the search for the line past the exchange -> exit $status" "$tmp/out" "$tmp/err"; fi
"$arbiter" solve brique --size 4 --time-limit 0.2 >/dev/null 2>&1
"$arbiter" solve brique --size 4 --resume >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -q 'resuming' "$tmp/err" && grep -q '^Value: Black (the colour to move) wins' "$tmp/out"; then pass; else fail "resume"; cat "$tmp/err" "$tmp/out"; fi

# A resumed run's progress counts the wins and losses it already holds: its settled moves are all
# either (it said "3/16 moves settled (0 win, 0 loss)" before). --max-units solves moves apart, so
# the resumed run does too (--independent-moves).
"$arbiter" solve brique --size 4 --openings --max-units 3 --state "$tmp/cut4" >/dev/null 2>&1
ARBITER_PROGRESS_SECONDS=0.01 "$arbiter" solve brique --size 4 --openings --resume --independent-moves --state "$tmp/cut4" >/dev/null 2>"$tmp/err"
line=$(grep -m1 -o 'solve: [0-9]*/16 moves settled ([0-9]* win, [0-9]* loss' "$tmp/err")
if [ -n "$line" ] && [ "$(echo "$line" | awk -F'[ /(,]+' '{print $2}')" -eq "$(echo "$line" | awk -F'[ /(,]+' '{print $6 + $8}')" ]; then pass; else
  fail "resumed progress counts the settled moves' values: ${line:-no progress line}"; cat "$tmp/err"; fi

# A run stopped by --max-units names the command that continues it, and that command does. The
# journal of moves solved alone (--max-units, --independent-moves, mpirun) is kept apart from a
# shared table's: --resume without the mode refuses, naming it (it said "resuming: 0 of 16 moves
# already settled" and started over). The value is proved after 5 moves, but 11 are not settled:
# exit 1 (it was 0, and a loop that resumes until 0 stopped there).
"$arbiter" solve brique --size 4 --openings --max-units 5 --tt-mb 16 --state "$tmp/batch" >"$tmp/out" 2>"$tmp/err"
status=$?
next=$(sed -n 's/^arbiter: stopped after --max-units 5 with 11 moves left; finished moves are kept; to continue, run: arbiter //p' "$tmp/err")
if [ $status -eq 1 ] && grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" &&
   [ "$next" = "solve brique --size 4 --openings --max-units 5 --tt-mb 16 --state $tmp/batch --resume" ]; then pass; else
  fail "--max-units 5 -> exit $status, and names the command that continues it" "$tmp/out" "$tmp/err"; fi
expect_error "--resume in the other mode" solve brique --size 4 --openings --tt-mb 16 --resume --state "$tmp/batch"
if grep -q "^arbiter: error: --resume: a run of this position exists under --independent-moves (as --max-units and mpirun run, in $tmp/batch/solve/[0-9a-f]*); resume it with --independent-moves (or --max-units N)$" "$tmp/err"; then pass; else
  fail "--resume in the other mode names it" "$tmp/err"; fi
eval "\"\$arbiter\" $next" >/dev/null 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q 'resuming: 5 of 16 moves already settled' "$tmp/err" && grep -q 'with 6 moves left' "$tmp/err"; then pass; else
  fail "the command named continues the run -> exit $status" "$tmp/err"; fi
# --tt-mb changes no value: a run resumed with another size goes on with the moves settled.
"$arbiter" solve brique --size 4 --openings --independent-moves --tt-mb 32 --resume --state "$tmp/batch" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q 'resuming: 10 of 16 moves already settled' "$tmp/err" && diff <(values "$tmp/t1.out") <(values "$tmp/out") >"$tmp/diff"; then pass; else
  fail "resumed with another --tt-mb -> exit $status" "$tmp/err" "$tmp/diff"; fi
# The Search line is this run's: the earlier runs' nodes are counted apart (they were added to this
# run's and divided by its time, a rate a million times too high).
"$arbiter" solve brique --size 4 --openings --independent-moves --resume --state "$tmp/batch" >"$tmp/out" 2>"$tmp/err"
if grep -q '^Search: 0 nodes in ' "$tmp/out" && grep -q '^Earlier runs: 16 moves settled in [1-9][0-9,]* nodes (kept in the state directory, not counted above)$' "$tmp/out"; then pass; else
  fail "a resumed run's Search line counts this run's nodes only" "$tmp/out"; fi
# A time limit likewise names the command, and the mode a run took under mpirun without saying so
# is added to it (checked in mpi.sh).
"$arbiter" solve brique --size 5 --openings --time-limit 1 --tt-mb 16 --state "$tmp/limited" >/dev/null 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q "^arbiter: stopped by the time limit with [0-9]* moves left; finished moves are kept; to continue, run: arbiter solve brique --size 5 --openings --time-limit 1 --tt-mb 16 --state $tmp/limited --resume$" "$tmp/err"; then pass; else
  fail "--time-limit names the command that continues -> exit $status" "$tmp/err"; fi

# Damaged state is named, not skipped in silence, and none of it is used: a table cut short (at a
# record's end too, which only the table's end mark tells); unit files below.
key=$(cd "$tmp/limited/solve" && ls -d */ | tr -d /)
cp "$tmp/limited/solve/$key/table" "$tmp/table.whole"
size=$(stat -c %s "$tmp/table.whole")
for cut in 5 16; do
  head -c $((size - cut)) "$tmp/table.whole" >"$tmp/limited/solve/$key/table"
  "$arbiter" solve brique --size 5 --openings --time-limit 0.5 --tt-mb 16 --state "$tmp/limited" --resume >/dev/null 2>"$tmp/err"
  if grep -q "^arbiter: warning: $tmp/limited/solve/$key/table is cut short [^:]*: none of it is used; what it held is searched again$" "$tmp/err"; then pass; else
    fail "a table cut $cut bytes short is named" "$tmp/err"; fi
done
# A table changed on disk is not trusted, not even in part: each record's two numbers swapped (a
# lost Quentin 5x5 opening was then resumed as "proved", under one warning that the rest was used),
# or one byte flipped in a record (read without a word).
for change in swap flip; do
  python3 - "$tmp/table.whole" "$tmp/limited/solve/$key/table" "$change" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
records = range(16, len(data) - 24, 16)  # after the start mark and identity, before the end and checksum
if sys.argv[3] == 'swap':
    for at in records:
        data[at + 8:at + 12], data[at + 12:at + 16] = data[at + 12:at + 16], data[at + 8:at + 12]
else:
    data[records[len(records) // 2] + 9] ^= 0x01
open(sys.argv[2], 'wb').write(data)
PY
  "$arbiter" solve brique --size 5 --openings --time-limit 0.5 --tt-mb 16 --state "$tmp/limited" --resume >/dev/null 2>"$tmp/err"
  if grep -q "^arbiter: warning: $tmp/limited/solve/$key/table fails its checksum (changed since it was saved): none of it is used; what it held is searched again$" "$tmp/err"; then pass; else
    fail "a table changed on disk ($change) is not used" "$tmp/err"; fi
done
# The one-second run's table, whole: the runs above each saved their own, of half a second's search,
# which on a loaded machine (a sanitized build at load 15) held no solved entry at all.
cp "$tmp/table.whole" "$tmp/limited/solve/$key/table"
saved=$((($(stat -c %s "$tmp/table.whole") - 40) / 16))  # 16-byte records between a 16-byte start and a 24-byte end
"$arbiter" solve brique --size 5 --openings --time-limit 0.5 --tt-mb 16 --state "$tmp/limited" --resume >"$tmp/out" 2>"$tmp/err"
if ! grep -q 'warning' "$tmp/err"; then pass; else fail "a table saved whole reads back without a warning" "$tmp/err"; fi
# Its entries are in use without a store of this run's: the Table line says how many were read back,
# every record the file holds.
read_back=$(sed -n "s/^Table: .* entries in use (16 MiB, shared by the threads; \([0-9,]*\) solved entries read back from the stopped run's table)$/\1/p" "$tmp/out" | tr -d ,)
if [ "$saved" -eq 0 ]; then
  echo "skip (a resumed run's Table line): the one-second run saved no solved entry (a machine this loaded searches too little)"
elif [ "${read_back:-0}" -eq "$saved" ]; then
  pass; else fail "a resumed run's Table line names the $saved entries read back (it read ${read_back:-none})" "$tmp/out"; fi
# Saving for --resume can fail (a full disk, a directory where the file goes): a warning naming the
# file and why, the report printed and the temporary file removed. The table's write went unchecked
# (cut short, then renamed into place), and a failed rename was an internal error with no report.
if [ -w /dev/full ]; then
ln -s /dev/full "$tmp/limited/solve/$key/table.tmp"
"$arbiter" solve brique --size 5 --openings --time-limit 0.5 --tt-mb 16 --state "$tmp/limited" --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q '^Search: ' "$tmp/out" && [ ! -e "$tmp/limited/solve/$key/table.tmp" ] &&
   grep -q "^arbiter: warning: cannot save the table for --resume ($tmp/limited/solve/$key/table.tmp: No space left on device): the results are right, but --resume will search again what it held$" "$tmp/err"; then pass; else
  fail "a full disk when the table is saved -> exit $status" "$tmp/out" "$tmp/err"; fi
fi
rm -f "$tmp/limited/solve/$key/table"
mkdir -p "$tmp/limited/solve/$key/table/in-the-way"
"$arbiter" solve brique --size 5 --openings --time-limit 0.5 --tt-mb 16 --state "$tmp/limited" --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q '^Search: ' "$tmp/out" && [ ! -e "$tmp/limited/solve/$key/table.tmp" ] &&
   grep -q "^arbiter: warning: cannot save the table for --resume (cannot rename $tmp/limited/solve/$key/table.tmp to $tmp/limited/solve/$key/table: .*): the results are right" "$tmp/err"; then pass; else
  fail "a directory in the table's place -> exit $status" "$tmp/out" "$tmp/err"; fi

# Without --proof no certificate is made, and the journal says so: a resumed run that asks for one
# searches those moves again (and its certificate verifies); one that does not reuses them.
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3" >"$tmp/q3.out" 2>/dev/null
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3" --resume >"$tmp/q3r.out" 2>"$tmp/q3r.err"
if grep -q '9 of 9 moves already settled' "$tmp/q3r.err" && diff <(values "$tmp/q3.out") <(values "$tmp/q3r.out") >"$tmp/diff"; then pass; else
  fail "resume without --proof reuses the settled moves"; cat "$tmp/q3r.err" "$tmp/diff"; fi
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3" --resume --proof "$tmp/q3.cert" >"$tmp/q3p.out" 2>"$tmp/q3p.err"
if grep -q '(resuming: 0 of 9 moves already settled with certificates; 9 moves settled by a run without --proof are searched again for theirs)' "$tmp/q3p.err" && diff <(values "$tmp/q3.out") <(values "$tmp/q3p.out") >"$tmp/diff"; then pass; else
  fail "resume with --proof searches moves settled without a certificate again"; cat "$tmp/q3p.err" "$tmp/diff"; fi
"$arbiter" verify-proof "$tmp/q3.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified: every legal move is settled' "$tmp/out"; then pass; else fail "verify-proof of the resumed quentin 3x3 table"; cat "$tmp/out"; fi
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3" --resume --proof "$tmp/q3b.cert" >/dev/null 2>"$tmp/q3b.err"
if grep -q '(resuming: 9 of 9 moves already settled)' "$tmp/q3b.err" && cmp -s "$tmp/q3.cert" "$tmp/q3b.cert"; then pass; else
  fail "moves settled with a certificate are reused by --proof"; cat "$tmp/q3b.err"; fi

# Unit files cut short or of garbage are named, and their moves searched again.
cp -r "$tmp/q3" "$tmp/q3-damaged"
units=$(ls -d "$tmp/q3-damaged/solve"/*/)
head -c 30 "$units/2.unit" >"$units/2.unit.cut" && mv "$units/2.unit.cut" "$units/2.unit"
echo garbage >"$units/5.unit"
# A value edited (a loss then resumed as a win, without a word) fails the file's checksum, as does
# a whole unit file copied into another move's place.
sed -i 's/^value 0$/value X/; s/^value 1$/value 0/; s/^value X$/value 1/' "$units/7.unit"
cp "$units/0.unit" "$units/6.unit"
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3-damaged" --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q '(resuming: 5 of 9 moves already settled)' "$tmp/err" &&
   grep -q "^note: ${units}2.unit does not read back whole: move c1 is searched again$" "$tmp/err" &&
   grep -q "^note: ${units}5.unit does not read back whole: move c2 is searched again$" "$tmp/err" &&
   grep -q "^note: ${units}6.unit fails its checksum (changed since it was written, or another journal's): move a3 is searched again$" "$tmp/err" &&
   grep -q "^note: ${units}7.unit fails its checksum (changed since it was written, or another journal's): move b3 is searched again$" "$tmp/err" &&
   diff <(values "$tmp/q3.out") <(values "$tmp/out") >"$tmp/diff"; then pass; else
  fail "damaged unit files are named and searched again -> exit $status" "$tmp/err" "$tmp/diff"; fi
# A settled move the journal cannot keep (a full disk) is reported all the same, with a warning (it
# ended the run: exit 2 and no report).
if [ -w /dev/full ]; then
echo garbage >"$units/2.unit"
ln -s /dev/full "$units/2.unit.tmp"
"$arbiter" solve quentin --size 3 --openings --tt-mb 16 --state "$tmp/q3-damaged" --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q "^arbiter: warning: move c1 is not kept for --resume: cannot write ${units}2.unit.tmp: No space left on device$" "$tmp/err" &&
   diff <(values "$tmp/q3.out") <(values "$tmp/out") >"$tmp/diff"; then pass; else
  fail "a unit the journal cannot keep is still reported -> exit $status" "$tmp/err" "$tmp/diff"; fi
fi

# --proof-parts: each move's proof in a file of its own, the analysis referring to them; a stopped
# run resumes with the parts it wrote; a missing, misplaced or cut part is a rejection.
"$arbiter" solve brique --size 4 --openings --tt-mb 16 --state "$tmp/parts" --time-limit 0.05 --proof "$tmp/p4.cert" --proof-parts >/dev/null 2>&1
"$arbiter" solve brique --size 4 --openings --tt-mb 16 --state "$tmp/parts" --resume --proof "$tmp/p4.cert" --proof-parts >"$tmp/p4.out" 2>"$tmp/p4.err"
if [ $? -eq 0 ] && grep -q 'and 16 part files in' "$tmp/p4.out" && [ "$(ls "$tmp/p4.cert.parts" | wc -l)" -eq 16 ] &&
   diff <(values "$tmp/t1.out") <(values "$tmp/p4.out") >"$tmp/diff"; then pass; else
  fail "solve --proof-parts, stopped and resumed"; cat "$tmp/p4.err" "$tmp/p4.out" "$tmp/diff"; fi
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified: every legal move is settled' "$tmp/out" && grep -q 'and 16 part files' "$tmp/out"; then pass; else
  fail "verify-proof of a certificate in parts"; cat "$tmp/out"; fi
# Parts checked on two threads: the same report, and a line on stderr as each part is done.
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/one.out" 2>/dev/null
"$arbiter" verify-proof "$tmp/p4.cert" --threads 2 >"$tmp/two.out" 2>"$tmp/two.err"
if [ $? -eq 0 ] && diff "$tmp/one.out" "$tmp/two.out" >"$tmp/diff" && grep -q '^verify-proof: 16 of 16 parts checked' "$tmp/two.err" &&
   [ "$(grep -c 'parts checked' "$tmp/two.err")" -eq 16 ]; then pass; else
  fail "verify-proof --threads 2 of a certificate in parts"; cat "$tmp/diff" "$tmp/two.err"; fi
expect_error "verify-proof on no threads" verify-proof "$tmp/p4.cert" --threads 0
first=$(ls "$tmp/p4.cert.parts" | sort -n | head -1); second=$(ls "$tmp/p4.cert.parts" | sort -n | sed -n 2p)
mv "$tmp/p4.cert.parts/$first" "$tmp/first.cert"
# It says why (it gave no reason), and the progress line on stderr says the part was rejected, not
# that it was checked ("1 of 16 parts checked (a1.cert: 1 position)").
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "^REJECTED: .*cannot be read: No such file or directory$" "$tmp/out" &&
   grep -q "parts checked (p4.cert.parts/$first: rejected, see below)" "$tmp/err" && ! grep -q "(p4.cert.parts/$first: 1 position)" "$tmp/err"; then pass; else
  fail "a missing part"; cat "$tmp/out" "$tmp/err"; fi
# A part that is a link to a device is named as no regular file (it "cannot be read").
ln -s /dev/zero "$tmp/p4.cert.parts/$first"
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "^REJECTED: .*the part file '.*$first', is not a regular file (a character device)$" "$tmp/out" &&
   grep -q "parts checked (p4.cert.parts/$first: rejected, see below)" "$tmp/err"; then pass; else
  fail "a part linked to /dev/zero" "$tmp/out" "$tmp/err"; fi
rm "$tmp/p4.cert.parts/$first"
cp "$tmp/p4.cert.parts/$second" "$tmp/p4.cert.parts/$first"
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>&1
if [ $? -eq 1 ] && grep -q '^REJECTED: .*proves another position' "$tmp/out"; then pass; else fail "a part of another move"; cat "$tmp/out"; fi
awk 'BEGIN{done=0} /^n /{moves=0} /^m /{moves++; if (!done && moves==2 && prev ~ /^m /) {done=1; next}} {print; prev=$0}' "$tmp/first.cert" >"$tmp/p4.cert.parts/$first"
sed -i "s/^end .*/end $(grep -c '^[na] ' "$tmp/p4.cert.parts/$first")/" "$tmp/p4.cert.parts/$first"
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>&1
if [ $? -eq 1 ] && grep -q "^REJECTED: part file .*$first" "$tmp/out"; then pass; else fail "a part with a defence cut"; cat "$tmp/out"; fi
"$arbiter" verify-proof "$tmp/p4.cert" --threads 3 >"$tmp/three.out" 2>/dev/null
if [ $? -eq 1 ] && diff <(grep -v '^verify-proof' "$tmp/out") "$tmp/three.out" >"$tmp/diff"; then pass; else
  fail "the same rejection from verify-proof --threads 3"; cat "$tmp/diff"; fi
# The cut part replaced by a solve of its position on its own (an analysis of every reply): it
# stands for the claim the table's node makes.
position=$(sed -n 's/^position //p' "$tmp/first.cert")
"$arbiter" solve brique --position "$position" --tt-mb 16 --state "$tmp/alone" --proof "$tmp/p4.cert.parts/$first" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/p4.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^Verified: every legal move is settled' "$tmp/out" && grep -q '^a [0-9]' "$tmp/p4.cert.parts/$first"; then pass; else
  fail "a part solved on its own, as an analysis"; cat "$tmp/out"; fi
expect_error "proof-parts without proof" solve brique --size 3 --proof-parts
# A solve into the FILE of an earlier one removes the part files its certificate does not refer
# to (they stayed, and passed for parts of it), and says how many; other files are left alone.
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/again" --proof "$tmp/again.cert" --proof-parts >/dev/null 2>&1
cp "$tmp/again.cert.parts/b2.cert" "$tmp/again.cert.parts/d9.cert"
echo "notes" >"$tmp/again.cert.parts/notes.txt"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/again2" --proof "$tmp/again.cert" --proof-parts >"$tmp/out" 2>/dev/null
if [ $? -eq 0 ] && grep -q "and 9 part files in $tmp/again.cert.parts/; 1 part file of an earlier run that it does not refer to removed)" "$tmp/out" &&
   [ ! -e "$tmp/again.cert.parts/d9.cert" ] && [ -e "$tmp/again.cert.parts/notes.txt" ] && [ "$(ls "$tmp/again.cert.parts" | wc -l)" -eq 10 ]; then
  pass; else fail "solve --proof-parts removes an earlier run's part files"; cat "$tmp/out"; ls "$tmp/again.cert.parts"; fi
# Parts another version wrote (a move's own solve may stand as a part): verify-proof names each
# maker and its parts, where it named the head file's maker alone.
sed -i 's/^made-by .*/made-by arbiter 0.3.0 (commit 0123456789ab)/' "$tmp/again.cert.parts/a2.cert" "$tmp/again.cert.parts/b3.cert"
"$arbiter" verify-proof "$tmp/again.cert" >"$tmp/out" 2>/dev/null
"$arbiter" verify-proof "$tmp/again.cert" --json >"$tmp/out.json" 2>/dev/null
if grep -q "^Part files by the version that wrote them (not all by this file's, arbiter " "$tmp/out" &&
   grep -qx "  arbiter 0.3.0 (commit 0123456789ab): 2 parts: $tmp/again.cert.parts/a2.cert $tmp/again.cert.parts/b3.cert" "$tmp/out" &&
   grep -Eq "^  arbiter .*: 7 parts: $tmp/again.cert.parts/a1.cert " "$tmp/out" &&
   python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["part_makers"]; assert [len(x["parts"]) for x in m]==[7,2] and m[1]["made_by"]=="arbiter 0.3.0 (commit 0123456789ab)", m' "$tmp/out.json"; then
  pass; else fail "verify-proof names the makers of parts other versions wrote"; cat "$tmp/out"; fi
# The parts folder is made before the search (a place it cannot be made fails first); a solve
# that then writes no part leaves no empty folder behind.
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/none" --time-limit 0.000001 --proof "$tmp/none.cert" --proof-parts >"$tmp/out" 2>/dev/null
if ! grep -q "^no certificate written: nothing was proved" "$tmp/out" || [ ! -e "$tmp/none.cert.parts" ]; then pass; else
  fail "a solve that proved nothing left an empty parts folder"; fi

# A whole analysis ends with the position's value; one whose moves are covered only by "does not
# lose" claims says their values are open instead of calling every move settled.
"$arbiter" solve brique --size 2 --proof "$tmp/b2.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/b2.cert" >"$tmp/out" 2>&1
grep -q "^Verified: every legal move is settled:" "$tmp/out" && grep -q "^So the position is won: Black wins$" "$tmp/out" &&
  pass || fail "verify-proof states the position's value" "$tmp/out"
held=$(awk '/ win 0 \*$/ { n++; if (n == 6 || n == 12) { sub(/ win 0 \*$/, " hold 0") } } { print }' "$tmp/b2.cert")
printf '%s\n' "$held" >"$tmp/held.cert"
"$arbiter" verify-proof "$tmp/held.cert" >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -qx "Verified: every legal move is covered, 2 of them only by a 'does not lose' claim, which leaves its value open (a win or a draw for Black):" "$tmp/out" &&
   ! grep -q "every legal move is settled" "$tmp/out"; then pass; else fail "hold claims called settled" "$tmp/out"; fi
# A move covered only by the other side's "does not lose" is a loss or a draw for the side to move
# (it said "a win or a draw" whoever's the claim was); with both kinds, each move says which.
a1=$(awk '/^a /{root=1} root && $1 == "m" && $3 == "a1" {print $2}' "$tmp/b3.cert")
sed "s/^n $a1 win 1 \*\$/n $a1 hold 1/" "$tmp/b3.cert" >"$tmp/theirs.cert"
"$arbiter" verify-proof "$tmp/theirs.cert" >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -qx "Verified: every legal move is covered, 1 of them only by a 'does not lose' claim, which leaves its value open (a loss or a draw for Black):" "$tmp/out" &&
  grep -qx "  a1: White does not lose" "$tmp/out" && pass || fail "the other side's 'does not lose' claim" "$tmp/out"

# --openings of a game whose moves have no cell of their own (a bar placed three ways on a field)
# lists the moves instead of drawing a map without a mark.
"$arbiter" solve hexabrae --size 2 --openings --time-limit 0.5 >"$tmp/out" 2>/dev/null
grep -q "^Every move:$" "$tmp/out" && grep -q "^  place a1/0: " "$tmp/out" && ! grep -q "^Every move (" "$tmp/out" &&
  pass || fail "openings without cells are listed" "$tmp/out"

# --value-only names one winning move; the moves it left alone read "not searched", not "unknown".
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0" \
  --within 2 --value-only >"$tmp/out" 2>/dev/null
grep -q "^  e5-e3: win within 2$" "$tmp/out" && grep -q ": not searched$" "$tmp/out" && ! grep -q ": unknown$" "$tmp/out" &&
  pass || fail "moves --value-only left alone" "$tmp/out"
# --json says "not searched" too (it said "unknown", a searched move's word when not settled), and
# a bounded search's values carry their bound ("win" was an exact solve's word, "no win" had none).
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0" \
  --within 2 --value-only --json >"$tmp/out" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v={m["move"]: m["value"] for m in d["moves"]}
assert d["schema"] == "arbiter-solve/2" and d["value"] == "win within 2", d["value"]
assert v["e5-e3"] == "win within 2" and "unknown" not in v.values(), v
assert all(m["value"] == "not searched" and m["nodes"] == 0 for m in d["moves"] if m["value"] not in ("win within 2", "no win within 2")), d["moves"]
assert sum(m["value"] == "not searched" for m in d["moves"]) == d["moves_not_searched"] > 0, d["moves"]' "$tmp/out" &&
  pass || fail "solve --value-only --json: not searched, and bounded values with their bound" "$tmp/out"
# Where nothing wins within K every move reads "no win within K" and no line is shown: one move's
# refutation ("Principal line: g2-g1, curse b5 ... (line cut at the bound of 1 move)") said nothing
# of the others.
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0" \
  --within 1 >"$tmp/out" 2>/dev/null
grep -qx "Principal line: none (no move wins within 1)" "$tmp/out" && grep -qx "Winning moves within 1 (0): none" "$tmp/out" &&
  grep -qx "  g2-g1: no win within 1" "$tmp/out" && ! grep -q "line cut" "$tmp/out" && ! grep -q ": no win$" "$tmp/out" &&
  pass || fail "solve --within with no win: no line, bounded values" "$tmp/out"
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0" \
  --within 1 --json >"$tmp/out" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
assert d["value"] == "no win within 1" and d["principal_line"] == [] and not d["principal_line_cut"], d
assert {m["value"] for m in d["moves"]} == {"no win within 1"}, d["moves"]' "$tmp/out" &&
  pass || fail "solve --within --json with no win" "$tmp/out"
"$arbiter" solve brique --size 3 --value-only >"$tmp/out" 2>/dev/null
grep -q "^Every move (\* win, - loss, = draw, ? unknown or not searched) for Black:$" "$tmp/out" && pass ||
  fail "the map's legend under --value-only" "$tmp/out"

# A line whose moves have spaces in them reads move by move, separated by commas.
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...B.B./+++++++/.W.+WWW/.#.W.#./.W.+... white 137 0 0" \
  --within 2 >"$tmp/out" 2>/dev/null
grep -q "^Principal line: e5-e3, curse b5, g2-g3 x f3$" "$tmp/out" && pass || fail "a line of moves with spaces" "$tmp/out"
# So does a list of winning moves (it read "g2-g3 x f3 g5-g3 x f3").
"$arbiter" solve brochs --size 7 --position "brochs 7 ...+.../.b.+.sW/...BWB./+++++++/...+.WW/.#.W.#./.W.+... white 139 0 0" \
  --within 1 >"$tmp/out" 2>/dev/null
grep -qx "Winning moves within 1 (2): g2-g3 x f3, g5-g3 x f3" "$tmp/out" && pass || fail "a list of winning moves with spaces" "$tmp/out"
# A line takes a win at once where there is one: Black wins by c1, c2 and a3 here, and only a3 wins
# at once (the line was c1 a3 c2 c3 b3, the first winning move in legal order and its proof).
"$arbiter" solve brique --position "brique 3 BW./BW./... black 4" >"$tmp/out" 2>/dev/null
grep -q "^Winning moves (3): c1 c2 a3$" "$tmp/out" && grep -qx "Principal line: a3" "$tmp/out" && pass ||
  fail "a line takes a win at once" "$tmp/out"
# The same with --proof, where each move's line is the certificate's (it was the first winning
# move's, c1 a3 c2 c3 b3, though the line without --proof was a3).
"$arbiter" solve brique --position "brique 3 BW./BW./... black 4" --proof "$tmp/at_once.cert" >"$tmp/out" 2>/dev/null
grep -qx "Principal line: a3" "$tmp/out" && pass || fail "a line with --proof takes a win at once at the root" "$tmp/out"

# The pie swap exchanges the players: the values are the colours', and the report says what they
# mean for the player to move. Brique 2x2 after b1: White (the colour) loses whatever it plays, but
# the player to move wins by swapping (it then plays Black, which wins); on Quentin 3x3 after b2
# the swap hands the winning colour away. Under pie=mirror no move exchanges the players.
"$arbiter" solve brique --position "brique 2 .B/.. white 1" >"$tmp/pie" 2>/dev/null
grep -q "^Value: White (the colour to move) loses" "$tmp/pie" && grep -q "^For the player to move: wins, by swap$" "$tmp/pie" &&
  grep -q "swap wins for the player to move" "$tmp/pie" && pass || fail "the swap's value for the player to move" "$tmp/pie"
"$arbiter" solve quentin --position "quentin 3 .../.B./... white 1" >"$tmp/pie" 2>/dev/null
grep -q "swap loses for the player to move" "$tmp/pie" && grep -q "^For the player to move: wins, by b1 or b3$" "$tmp/pie" &&
  pass || fail "a swap that hands the winning colour away" "$tmp/pie"
# A bounded search answers for the mover's colour only: that White cannot win within 1 after the
# swap does not make the swap a win for the player who takes Black (it was listed as one).
"$arbiter" solve brique --position "brique 3 .../.B./... white 1" --within 1 >"$tmp/pie" 2>/dev/null
grep -q "does not settle whether Black (the player to move) wins" "$tmp/pie" && ! grep -q "wins, by" "$tmp/pie" &&
  grep -q "^For the player to move: no win within 1 but for the swap" "$tmp/pie" &&
  pass || fail "a bounded search's swap is not called a win" "$tmp/pie"
# A bounded win for the player is a win within the bound (it read "wins, by a2", an exact solve's words).
"$arbiter" solve brique --position "brique 2 B./.. white 1" --within 2 >"$tmp/pie" 2>/dev/null
"$arbiter" solve brique --position "brique 2 B./.. white 1" --within 2 --json >"$tmp/pie.json" 2>/dev/null
grep -qx "For the player to move: wins within 2, by a2" "$tmp/pie" &&
  jq -e '.player_to_move.value == "win within 2" and .value == "win within 2"' "$tmp/pie.json" >/dev/null &&
  pass || fail "a bounded win for the player to move names its bound" "$tmp/pie" "$tmp/pie.json"
"$arbiter" solve brique --rule pie=mirror --position "brique 2 .B/.. white 1 pie=mirror" >"$tmp/pie" 2>/dev/null
! grep -q "Pie rule:" "$tmp/pie" && pass || fail "pie=mirror's swap is said to exchange the players" "$tmp/pie"
# With the swap still to come (the empty board), the value is the colour's and a line says what it
# means for the first player, who loses Brique 2x2: the second player swaps after b1 and a2, and
# wins as White after the others. The players' line answers b1 with the swap and plays on to the
# end; --json says the same in player_to_move. It once read "Black (to move) wins" alone, with the
# line "b1 a1 a2".
"$arbiter" solve brique --size 2 --tt-mb 16 >"$tmp/pie" 2>/dev/null
grep -q "^Value: Black (the colour to move) wins (exact, proved)$" "$tmp/pie" &&
  grep -q "^For the player to move: loses, whatever the first move: the second player answers each of the 2 openings that win for Black with swap, which exchanges the players, and each of the 2 others with a winning move of its own$" "$tmp/pie" &&
  grep -q "^Principal line: b1 swap [a-b][1-2]" "$tmp/pie" &&
  "$arbiter" replay brique --size 2 $(sed -n 's/^Principal line: //p' "$tmp/pie") 2>/dev/null | grep -q "^Result: .* wins" &&
  pass || fail "the first player's result under the pie rule" "$tmp/pie"
"$arbiter" solve brique --size 2 --tt-mb 16 --json >"$tmp/pie.json" 2>/dev/null
jq -e '.value == "win" and .player_to_move.value == "loss" and (.player_to_move.statement | startswith("loses, whatever the first move"))
       and .principal_line[1] == "swap" and (.statement | contains("the colour to move"))' "$tmp/pie.json" >/dev/null &&
  pass || fail "solve --json gives the player's result under the pie rule" "$tmp/pie.json"
"$arbiter" solve brique --size 2 --tt-mb 16 --rule pie=off --json >"$tmp/pie.json" 2>/dev/null
jq -e '.player_to_move == null and .statement == "Black (to move) wins"' "$tmp/pie.json" >/dev/null &&
  pass || fail "without a swap there is no player's view" "$tmp/pie.json"
# --value-only proves the root's value only: the first player's result needs every first move's.
"$arbiter" solve brique --size 3 --tt-mb 16 --value-only >"$tmp/pie" 2>/dev/null
grep -q "^For the player to move: not settled: the player's result needs the value of every first move" "$tmp/pie" &&
  pass || fail "--value-only does not settle the first player's result" "$tmp/pie"
# Where the swap is the player's winning move, the principal line is the swap's (it was White's
# longest losing line, c2 d2 ...), and verify-proof says what the certificate means for the player.
"$arbiter" solve brique --position "brique 4 ...B/..../..../.... white 1" --tt-mb 16 >"$tmp/pie" 2>/dev/null
grep -q "^Principal line: swap " "$tmp/pie" && pass || fail "the players' line starts with the swap" "$tmp/pie"
"$arbiter" solve brique --position "brique 4 ...B/..../..../.... white 1" --tt-mb 16 --proof "$tmp/sw.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/sw.cert" >"$tmp/out" 2>&1
grep -q "^So the position is lost: Black wins$" "$tmp/out" && grep -q "^For the player to move: wins, by swap$" "$tmp/out" &&
  pass || fail "verify-proof gives the player's result where the swap is legal" "$tmp/out"
"$arbiter" verify-proof "$tmp/sw.cert" --json >"$tmp/pie.json" 2>/dev/null
jq -e '.value == "loss" and .player_to_move.value == "win" and .player_to_move.statement == "wins, by swap"' "$tmp/pie.json" >/dev/null &&
  pass || fail "verify-proof --json gives the player's result" "$tmp/pie.json"
"$arbiter" solve brique --size 2 --tt-mb 16 --proof "$tmp/pie0.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/pie0.cert" >"$tmp/out" 2>&1
grep -q "^For the player to move: loses, whatever the first move: the second player answers each of the 2 openings that win for Black with swap" "$tmp/out" &&
  pass || fail "verify-proof gives the first player's result from the replies it names" "$tmp/out"
# A --value-only certificate claims the root's value by one move: the first player's result is not settled.
"$arbiter" solve brique --size 2 --tt-mb 16 --value-only --proof "$tmp/pie1.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/pie1.cert" --json >"$tmp/pie.json" 2>/dev/null
jq -e '.root == "claim" and .value == "win" and .player_to_move.value == "not settled"' "$tmp/pie.json" >/dev/null &&
  pass || fail "a root claim does not settle the first player's result" "$tmp/pie.json"

# verify-proof ends a bounded analysis with its conclusion in text as in --json (it printed the
# move list and stopped).
"$arbiter" solve brique --size 3 --rule pie=off --within 3 --tt-mb 16 --proof "$tmp/w3.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/w3.cert" >"$tmp/out" 2>&1
[ "$(tail -n 1 "$tmp/out")" = "So the position is won: Black wins within 3 moves of its own" ] &&
  pass || fail "verify-proof concludes a bounded analysis" "$tmp/out"
# --json's value carries the bound, as solve --json's does (it said "win", an exact win's word),
# and so does each move's.
"$arbiter" verify-proof "$tmp/w3.cert" --json >"$tmp/w3.json" 2>/dev/null
jq -e '.schema == "arbiter-verify-proof/2" and .value == "win within 3" and .statement == "Black wins within 3 moves of its own" and
       ([.moves[].value] | all(. == "win within 3" or . == "no win within 3" or . == "loss" or . == "draw")) and
       ([.moves[].value] | any(. == "win within 3"))' "$tmp/w3.json" >/dev/null &&
  pass || fail "verify-proof --json of a bounded win says win within 3" "$tmp/w3.json"
# The value is the soonest win the certificate proves, not the bound searched: after B a1, W c3,
# --within 3 writes its win claims "within 3", but a3's lines all end within 2 (they said within 3,
# against docs/json.md's "the soonest"); the claim at the root of a --value-only one the same.
"$arbiter" solve brique -p "brique 3 B../.../..W black 2 pie=off" --within 3 --tt-mb 16 --proof "$tmp/s2.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/s2.cert" >"$tmp/out" 2>&1
grep -qx "  a3: Black wins within 2 moves of its own (claimed within 3)" "$tmp/out" &&
  [ "$(tail -n 1 "$tmp/out")" = "So the position is won: Black wins within 2 moves of its own (searched within 3)" ] &&
  "$arbiter" verify-proof "$tmp/s2.cert" --json 2>/dev/null |
    jq -e '.value == "win within 2" and .statement == "Black wins within 2 moves of its own" and .searched_within == 3 and
           (.moves[] | select(.move == "a3") | .value == "win within 2" and .claims == ["Black wins within 2 moves of its own (claimed within 3)"])' >/dev/null &&
  pass || fail "verify-proof names the soonest win the certificate proves" "$tmp/out"
"$arbiter" solve brique -p "brique 3 B../.../..W black 2 pie=off" --within 3 --value-only --tt-mb 16 --proof "$tmp/s2v.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/s2v.cert" >"$tmp/out" 2>&1
grep -qxE "Verified: Black wins within 2 moves of its own by [a-c][1-3] \(searched within 3\): the certificate covers this move only, not the other 6 legal moves" "$tmp/out" &&
  "$arbiter" verify-proof "$tmp/s2v.cert" --json 2>/dev/null | jq -e '.root == "claim" and .value == "win within 2" and .searched_within == 3' >/dev/null &&
  pass || fail "verify-proof of a bounded claim names the soonest win its lines prove" "$tmp/out"
# One that finds no win concludes so, as solve's value does (it said every move was settled and
# concluded nothing, --json's value "not settled"); a root claim of it is "no win" too.
"$arbiter" solve brique --size 3 --rule pie=off --within 1 --tt-mb 16 --proof "$tmp/w1.cert" >/dev/null 2>&1
"$arbiter" verify-proof "$tmp/w1.cert" >"$tmp/out" 2>&1
[ "$(tail -n 1 "$tmp/out")" = "So the position is not won within the bound: Black does not win within 1 move of its own" ] &&
  "$arbiter" verify-proof "$tmp/w1.cert" --json 2>/dev/null |
    jq -e '.value == "no win within 1" and .statement == "Black does not win within 1 move of its own" and
           ([.moves[].value] | all(. == "no win within 1" or . == "loss" or . == "draw"))' >/dev/null &&
  pass || fail "verify-proof concludes a bounded analysis that finds no win" "$tmp/out"
sed 's/^a \([0-9]*\)$/n \1 nowin 0 1/' "$tmp/w1.cert" >"$tmp/w1c.cert"
"$arbiter" verify-proof "$tmp/w1c.cert" --json 2>/dev/null |
  jq -e '.root == "claim" and .value == "no win within 1" and .statement == "Black does not win within 1 move of its own"' >/dev/null &&
  pass || fail "a root claim of no win within a bound" "$tmp/w1c.cert"
# A partial root ('p') that covers every legal move is a whole analysis (it said "0 of the 4 legal
# moves are not covered" and exited 3); one move short, "1 ... is not covered".
sed 's/^a /p /' "$tmp/pie0.cert" >"$tmp/allp.cert"
"$arbiter" verify-proof "$tmp/allp.cert" >"$tmp/out" 2>&1
status=$?
[ $status -eq 0 ] && grep -q "^Verified: every legal move is settled:" "$tmp/out" && ! grep -q "^Partial" "$tmp/out" &&
  "$arbiter" verify-proof "$tmp/allp.cert" --json 2>/dev/null | jq -e '.root == "analysis"' >/dev/null &&
  pass || fail "a partial root covering every move -> exit $status" "$tmp/out"
root=$(sed -n 's/^root //p' "$tmp/pie0.cert")
# The root's first move is dropped with the nodes only it reached (a node nothing reaches is
# rejected, session 50), as a solve stopped before that move writes it.
awk -v root="$root" '$0 == "a " root { print "p " root; skip = 1; next } skip && /^m / && !dropped { dropped = 1; next } { print }' \
  "$tmp/pie0.cert" | python3 "$(dirname "$0")/cert_reached_only.py" >"$tmp/onep.cert"
"$arbiter" verify-proof "$tmp/onep.cert" >"$tmp/out" 2>&1
status=$?
[ $status -eq 3 ] && [ "$(tail -n 1 "$tmp/out")" = "Partial: 1 of the 4 legal moves is not covered by this certificate (exit status 3)" ] &&
  pass || fail "one move not covered -> exit $status" "$tmp/out"

# The other colour's win within a bound is a loss for the mover, as one without: every line of a
# verified "win S k" ends in a finished game S has won. No solve writes one on a root move (a
# bounded search claims for the mover), so it is written here by hand: Brique 2x2 after b1, where
# Black wins within 1 move of its own after each of White's moves, the swap included. The move
# list said "loss" while the players' view, read apart, took the bounded win for nothing proved
# ("every legal move is settled", then "4 of the 4 moves are not settled"), the position's value
# was "not settled", and the other colour's bound was printed one too high ("within 2").
cat >"$tmp/lost1.cert" <<'END'
arbiter-certificate 2
made-by hand
game brique
position brique 2 .B/.. white 1
root 14
n 1 win 0 0
n 2 win 0 1
m 1 a2
n 3 win 0 0
n 4 win 0 1
m 3 b2
n 5 win 0 0
n 6 win 0 1
m 5 a2
n 7 win 0 0
n 8 win 0 1
m 7 b2
n 9 win 0 0
n 10 win 0 1
m 9 a2
n 11 win 0 0
n 12 win 0 1
m 11 a2
n 13 win 0 1
m 10 a1
m 8 a2
m 12 b2
a 14
m 2 a1
m 4 a2
m 6 b2
m 13 swap
end 14
END
"$arbiter" verify-proof "$tmp/lost1.cert" >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "^  swap: Black wins within 1 move of its own$" "$tmp/out" &&
  grep -q "^So the position is lost: Black wins within 1 move of its own$" "$tmp/out" &&
  grep -q "^For the player to move: wins, by swap$" "$tmp/out" && pass || fail "the other colour's bounded win is a loss" "$tmp/out"
"$arbiter" verify-proof "$tmp/lost1.cert" --json >"$tmp/lost1.json" 2>/dev/null
jq -e '.value == "loss" and .statement == "Black wins within 1 move of its own" and ([.moves[].value] | unique) == ["loss"]
       and .moves_settled == 4 and .player_to_move.value == "win"' \
  "$tmp/lost1.json" >/dev/null && pass || fail "verify-proof --json: the other colour's bounded win is a loss" "$tmp/lost1.json"
# The conclusion names what is proved: the largest of the moves' bounds (it said "Black wins", as
# for a loss without a bound), and no bound where one move's win has none. A bound raised by hand
# to 2 is what the claim says, but its lines still end within 1 move of Black's, which is what is
# proved and concluded (until 29 November 2026 the claim's 2 was).
sed 's/^n 4 win 0 1$/n 4 win 0 2/' "$tmp/lost1.cert" >"$tmp/lost2.cert"
"$arbiter" verify-proof "$tmp/lost2.cert" >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "^  a2: Black wins within 1 move of its own (claimed within 2)$" "$tmp/out" &&
  grep -q "^So the position is lost: Black wins within 1 move of its own$" "$tmp/out" &&
  "$arbiter" verify-proof "$tmp/lost2.cert" --json 2>/dev/null | jq -e '.value == "loss" and .statement == "Black wins within 1 move of its own"' >/dev/null &&
  pass || fail "verify-proof concludes the other colour's win within the largest bound" "$tmp/out"
sed 's/^n 4 win 0 1$/n 4 win 0 */' "$tmp/lost1.cert" >"$tmp/lost3.cert"
"$arbiter" verify-proof "$tmp/lost3.cert" >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "^So the position is lost: Black wins$" "$tmp/out" &&
  "$arbiter" verify-proof "$tmp/lost3.cert" --json 2>/dev/null | jq -e '.value == "loss" and .statement == "Black wins"' >/dev/null &&
  pass || fail "one move lost without a bound: the conclusion has none" "$tmp/out"
# The same nodes under a root that is one claim, not an analysis: a loss too, and the swap wins
# for the player.
sed 's/^a 14$/n 14 win 0 1/' "$tmp/lost1.cert" >"$tmp/lost1c.cert"
"$arbiter" verify-proof "$tmp/lost1c.cert" --json >"$tmp/lost1c.json" 2>/dev/null
jq -e '.root == "claim" and .value == "loss" and .player_to_move.value == "win"' "$tmp/lost1c.json" >/dev/null &&
  pass || fail "a root claim of the other colour's bounded win is a loss" "$tmp/lost1c.json"

finish

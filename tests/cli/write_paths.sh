#!/usr/bin/env bash
# Files written whole or not at all: solve --proof under a full disk (FILE.partial made a link to
# /dev/full, whose writes fail with ENOSPC) keeps the older certificate, prints the search's report
# and names the reason, exit 1; --resume then writes it; verify-proof names a file cut short; a stop
# during the certificate's write once everything was settled is no interruption; --proof-parts
# removes what a killed run left while it wrote a part; a journal or store that cannot be written or
# locked is named with its option and the reason; a book that fails part way leaves the older one;
# a symbolic link to no file, given as --db or --proof, is refused and left as it was.
# Usage: write_paths.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

# A good certificate, then a solve of the same position whose write fails.
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/st" --proof "$tmp/c.cert" >/dev/null 2>&1 || fail "solve brique 3 --proof"
cp "$tmp/c.cert" "$tmp/good.cert"
ln -s /dev/full "$tmp/c.cert.partial"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/st2" --proof "$tmp/c.cert" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q '^Value: .* (exact, proved)' "$tmp/out" && grep -q '^Every move' "$tmp/out" &&
   grep -q "^no certificate written: cannot write the proof file '$tmp/c.cert': No space left on device" "$tmp/out" &&
   grep -q "^arbiter: error: cannot write the proof file '$tmp/c.cert': No space left on device (the older $tmp/c.cert is left as it was" "$tmp/err" &&
   cmp -s "$tmp/c.cert" "$tmp/good.cert" && [ ! -e "$tmp/c.cert.partial" ] && [ ! -L "$tmp/c.cert.partial" ]; then
  pass
else
  fail "solve --proof on a full disk keeps the older certificate and reports -> exit $status" "$tmp/out" "$tmp/err"; ls -l "$tmp"
fi
# The settled moves were kept: --resume writes the certificate, which verifies.
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/st2" --proof "$tmp/c.cert" --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q "^certificate: $tmp/c.cert (" "$tmp/out" && "$arbiter" verify-proof "$tmp/c.cert" >/dev/null 2>&1; then
  pass
else
  fail "solve --resume writes the certificate a full disk kept out -> exit $status" "$tmp/out" "$tmp/err"
fi

# A file size limit (ulimit -f: RLIMIT_FSIZE) is a write that fails, as a full disk's: SIGXFSZ is
# ignored, so the write fails with EFBIG and the run reports it (it was killed by SIGXFSZ, exit 153,
# nothing said). The limit is set in a subshell; the output files stay far below it.
(ulimit -f 8; exec "$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/st3" --proof "$tmp/big.cert") >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q '^Value: .* (exact, proved)' "$tmp/out" &&
   grep -q "^arbiter: error: cannot write the proof file '$tmp/big.cert': File too large (no file is left at '$tmp/big.cert'; the settled moves are kept" "$tmp/err" &&
   [ ! -e "$tmp/big.cert" ] && [ ! -e "$tmp/big.cert.partial" ]; then
  pass
else
  fail "solve --proof past the file size limit -> exit $status" "$tmp/out" "$tmp/err"
fi
# Whether generate's summary in FILE adds up: the puzzles added, the duplicates skipped and the
# candidates that were not puzzles are the positions examined (the candidates of a batch whose write
# failed were counted among the not puzzles too, and are examined again by the next run).
adds_up() {
  local examined added duplicates others
  examined="$(sed -n 's/^.* added (.*), \([0-9]*\) positions\{0,1\} examined (.*/\1/p' "$1")"
  added="$(sed -n 's/^\([0-9]*\) puzzles\{0,1\} added (.*/\1/p' "$1")"
  duplicates="$(sed -n 's/^.* added (.*, \([0-9]*\) duplicates skipped, .*/\1/p' "$1")"
  others="$(sed -n 's/^not puzzles: //p' "$1" | tr ',' '\n' | awk '{ n += $1 } END { print n + 0 }')"
  [ -n "$examined" ] && [ -n "$added" ] && [ -n "$duplicates" ] && [ $((added + duplicates + others)) -eq "$examined" ]
}
# A store that cannot be written part way ends the run as a stop does: the summary of what is
# stored, exit 1 (not 2, bad input), and how to continue; the continued run stores what an unbroken
# one does (it was the error alone, exit 2). With this limit the write that fails is that of a batch
# with a candidate that is not a puzzle.
(ulimit -f 200; exec "$arbiter" puzzles generate brique --size 5 --kind within-2 --count 12 --seed 5 --db "$tmp/limited.db") >"$tmp/out" 2>"$tmp/err"
status=$?
stored="$(sed -n 's/^\([1-9][0-9]*\) puzzles\{0,1\} added (\1\/12 brique 5x5 within-2 in .*/\1/p' "$tmp/out")"
if [ $status -eq 1 ] && [ -n "$stored" ] && [ "$stored" -lt 12 ] &&
   grep -qxF "arbiter: error: --db '$tmp/limited.db': disk I/O error (File too large), with $stored/12 stored (those are kept; the candidates after them are examined again): once the store can be written, run the same command to continue" "$tmp/err"; then
  pass
else
  fail "puzzles generate past the file size limit -> exit $status" "$tmp/out" "$tmp/err"
fi
if adds_up "$tmp/out"; then
  pass
else
  fail "the summary of a run whose write failed counts as many outcomes as positions examined" "$tmp/out"
fi
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 12 --seed 5 --db "$tmp/limited.db" >"$tmp/out" 2>"$tmp/err" &&
  "$arbiter" puzzles generate brique --size 5 --kind within-2 --count 12 --seed 5 --db "$tmp/unbroken.db" >/dev/null 2>&1 &&
  "$arbiter" puzzles export --db "$tmp/limited.db" >"$tmp/limited.json" && "$arbiter" puzzles export --db "$tmp/unbroken.db" >"$tmp/unbroken.json"
status=$?
if [ $status -eq 0 ] && grep -q "^$((12 - stored)) puzzles\{0,1\} added (12/12 " "$tmp/out" && adds_up "$tmp/out" &&
   cmp -s "$tmp/limited.json" "$tmp/unbroken.json"; then
  pass
else
  fail "puzzles generate continued after the file size limit stores what an unbroken run does -> exit $status" "$tmp/out" "$tmp/err"
fi
# A symbolic link whose target does not exist, given as --db or --proof, is refused in one line:
# the check that the file can be written made the target, empty, through the link, then removed
# the link, and the run wrote a regular file in its place.
ln -s "$tmp/nowhere.db" "$tmp/dangling.db"
expect_error "a dangling link as --db" puzzles generate brique --size 4 --kind within-1 --count 1 --db "$tmp/dangling.db"
grep -q "symbolic link to '$tmp/nowhere.db', which does not exist" "$tmp/err" && [ -L "$tmp/dangling.db" ] &&
  [ ! -e "$tmp/nowhere.db" ] && pass || fail "a dangling link as --db is left as it was" "$tmp/err"
ln -s "$tmp/nowhere.cert" "$tmp/dangling.cert"
expect_error "a dangling link as --proof" solve brique --size 3 --tt-mb 16 --state "$tmp/st3" --proof "$tmp/dangling.cert"
[ -L "$tmp/dangling.cert" ] && [ ! -e "$tmp/nowhere.cert" ] && pass || fail "a dangling link as --proof is left as it was" "$tmp/err"

# A certificate cut in the middle of a line (a node line cut after its id: "unknown claim ''"
# before) and one cut after a whole line say that the file is cut short.
python3 - "$tmp/good.cert" "$tmp/cut.cert" "$tmp/noend.cert" <<'PY'
import sys
text = open(sys.argv[1]).read()
at = text.index("\nn 9 ") + len("\nn 9 ")
open(sys.argv[2], "w").write(text[:at])
open(sys.argv[3], "w").write(text[:text.index("\nend") + 1])
PY
expect_error "verify-proof of a file cut mid-line" verify-proof "$tmp/cut.cert"
grep -q "line [0-9]*: unknown claim '' (the file ends in this line, without its newline: it is cut short, truncated)" "$tmp/err" && pass ||
  fail "verify-proof says a file cut mid-line is cut short" "$tmp/err"
expect_error "verify-proof of a file without its end line" verify-proof "$tmp/noend.cert"
grep -q "the certificate has no 'end' line: it is cut short (truncated)" "$tmp/err" && pass ||
  fail "verify-proof says a file without its end line is cut short" "$tmp/err"

# The command a run prints to check its certificate quotes a path the shell would split, as the
# --resume hint does: "check it with: arbiter verify-proof my cert.cert" ran on two files.
"$arbiter" solve brique --size 2 --state "$tmp/spaced" --proof "$tmp/my cert.cert" >"$tmp/out" 2>"$tmp/err"
grep -q "check it with: arbiter verify-proof '$tmp/my cert.cert'$" "$tmp/out" && pass ||
  fail "the printed verify-proof command quotes the path" "$tmp/out" "$tmp/err"

# A SIGTERM that comes while the certificate is written, once everything asked for was settled,
# cuts nothing short: exit 0 and "nothing is left to resume", where it said "interrupted ... to
# continue, run ... --resume", exit 143. The write is held at a known point without a timed wait:
# FILE.partial is a link to a FIFO whose reader lets the pipe fill (the writer is then blocked
# inside the write), the signal is sent, and only then is the pipe read to the end.
mkfifo "$tmp/pipe"
ln -s "$tmp/pipe" "$tmp/s.cert.partial"
python3 - "$tmp/pipe" "$tmp/full" "$tmp/go" "$tmp/got.cert" <<'PY' &
import fcntl, os, struct, sys, termios, time
pipe, full, go, out = sys.argv[1:]
fd = os.open(pipe, os.O_RDONLY)
held, last = 0, -1
while held < 20:  # the pipe holds something and has not grown for 0.2 s: the writer waits
    n = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    held = held + 1 if n > 0 and n == last else 0
    last = n
    time.sleep(0.01)
open(full, "w").close()
while not os.path.exists(go):
    time.sleep(0.01)
with open(out, "wb") as f:
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        f.write(chunk)
PY
reader=$!
"$arbiter" solve brique --size 4 --tt-mb 16 --state "$tmp/sig" --proof "$tmp/s.cert" >"$tmp/out" 2>"$tmp/err" &
solver=$!
for _ in $(seq 1200); do [ -e "$tmp/full" ] && break; sleep 0.1; done
if [ -e "$tmp/full" ]; then
  kill -TERM $solver
  sleep 0.3
  touch "$tmp/go"
  wait $solver
  status=$?
  wait $reader
  if [ $status -eq 0 ] && grep -q "^certificate: $tmp/s.cert (" "$tmp/out" &&
     grep -q "^arbiter: SIGTERM came after everything asked for was settled (the certificate was written whole): the report is complete and nothing is left to resume$" "$tmp/err" &&
     ! grep -q "interrupted" "$tmp/err" && "$arbiter" verify-proof "$tmp/got.cert" >/dev/null 2>&1; then
    pass
  else
    fail "SIGTERM during the certificate's write after everything was settled -> exit $status" "$tmp/err"
  fi
else
  fail "the certificate was never written to FILE.partial (the FIFO stayed unopened)" "$tmp/err"
  kill $reader 2>/dev/null
  wait $solver
fi

# A SIGTERM that comes while the certificate's open waits (FILE.partial a FIFO with no reader yet)
# breaks the open off with EINTR: it is tried again, and the certificate is written once the FIFO
# is read. It said "cannot write the proof file ...: Interrupted system call", exit 1, and then that
# "the report is complete and nothing is left to resume". The open is known to wait from the
# solver's thread blocked in openat (/proc/PID/task/*/syscall, 257 on x86-64; other machines skip it).
if [ "$(uname -m)" = x86_64 ]; then
mkfifo "$tmp/e.cert.partial"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/eintr" --proof "$tmp/e.cert" >"$tmp/out" 2>"$tmp/err" &
solver=$!
in_open="" seen=0
for _ in $(seq 600); do
  # Twice in a row, 0.1 s apart: an open of a plain file passes in no time.
  if cat /proc/$solver/task/*/syscall 2>/dev/null | grep -q '^257 '; then seen=$((seen + 1)); else seen=0; fi
  [ $seen -ge 2 ] && { in_open=yes; break; }
  sleep 0.1
done
if [ -n "$in_open" ]; then
  kill -TERM $solver
  sleep 0.3
  cat "$tmp/e.cert.partial" >"$tmp/e-got.cert"
  wait $solver
  status=$?
  if [ $status -eq 0 ] && grep -q "^certificate: $tmp/e.cert (" "$tmp/out" && ! grep -q "Interrupted system call" "$tmp/err" &&
     grep -q "^arbiter: SIGTERM came after everything asked for was settled (the certificate was written whole)" "$tmp/err" &&
     "$arbiter" verify-proof "$tmp/e-got.cert" >/dev/null 2>&1; then
    pass
  else
    fail "SIGTERM while the certificate's open waits: the open is tried again -> exit $status" "$tmp/out" "$tmp/err"
  fi
else
  fail "the solver never waited in the certificate's open (no thread in openat)" "$tmp/err"
  cat "$tmp/e.cert.partial" >/dev/null
  wait $solver
fi
fi

# --proof-parts: the pieces a run killed while it wrote a part leaves (its scratch file of nodes,
# an unrenamed NAME.cert.tmp) are removed with the other part files the certificate does not refer
# to (named for a move this board lacks, so that this run writes none of the same name); a file of
# another kind in the folder stays.
mkdir -p "$tmp/p.cert.parts"
: >"$tmp/p.cert.parts/d4.cert.nodes.1"
echo partial >"$tmp/p.cert.parts/d4.cert.tmp"
echo mine >"$tmp/p.cert.parts/notes.txt"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/parts" --proof "$tmp/p.cert" --proof-parts >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && [ ! -e "$tmp/p.cert.parts/d4.cert.nodes.1" ] && [ ! -e "$tmp/p.cert.parts/d4.cert.tmp" ] &&
   [ -e "$tmp/p.cert.parts/notes.txt" ] && grep -q "; 2 part files of an earlier run that it does not refer to removed" "$tmp/out" &&
   "$arbiter" verify-proof "$tmp/p.cert" >/dev/null 2>&1; then
  pass
else
  fail "solve --proof-parts removes a killed run's scratch and .tmp part files -> exit $status" "$tmp/out" "$tmp/err"; ls -l "$tmp/p.cert.parts"
fi

# Failures in a place an option chose name the option and the reason: the journal's identity file
# ("cannot write DIR/identity.tmp" named neither), its lock file and a lock another run holds
# (--state), a puzzle store another run holds (--db). A directory in a file's place fails as a
# read-only or full place would, for root too.
key=$(basename "$(ls -d "$tmp/st/solve"/*/)")
mkdir -p "$tmp/st3/solve/$key/identity.tmp/x"
expect_error "solve: the journal's identity file cannot be written" solve brique --size 3 --tt-mb 16 --state "$tmp/st3"
grep -q "^arbiter: error: --state '$tmp/st3': cannot write $tmp/st3/solve/$key/identity.tmp: Is a directory$" "$tmp/err" && pass ||
  fail "solve names --state and the reason when the identity file cannot be written" "$tmp/err"
mkdir -p "$tmp/st4/solve/$key.lock"
expect_error "solve: the journal's lock file cannot be made" solve brique --size 3 --tt-mb 16 --state "$tmp/st4"
grep -q "^arbiter: error: --state '$tmp/st4': cannot create the lock file '$tmp/st4/solve/$key.lock': Is a directory$" "$tmp/err" && pass ||
  fail "solve names --state when the lock file cannot be made" "$tmp/err"
held_lock() {  # held_lock FILE: holds an flock on FILE in the background (pid in $holder) until killed
  # One process, killed whole (flock(1)'s sleep outlived it and held ctest's output open for 60 s).
  python3 -c 'import fcntl, sys, time; f = open(sys.argv[1], "w"); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(60)' "$1" \
    >/dev/null 2>&1 &
  holder=$!
  until [ -e "$1" ] && ! flock -n "$1" true; do sleep 0.02; done
}
held_lock "$tmp/st/solve/$key.lock"
expect_error "solve: the journal in use by another run" solve brique --size 3 --tt-mb 16 --state "$tmp/st"
kill "$holder"; wait "$holder" 2>/dev/null
grep -q "^arbiter: error: --state '$tmp/st': '$tmp/st/solve/$key' is in use by another run.*: wait for it to end, or give another --state$" "$tmp/err" && pass ||
  fail "solve names --state when the journal is in use" "$tmp/err"
held_lock "$tmp/two.db.lock"
expect_error "puzzles generate: the store in use by another run" puzzles generate brique --size 5 --kind within-2 --count 1 --seed 5 --db "$tmp/two.db"
kill "$holder"; wait "$holder" 2>/dev/null
grep -q "^arbiter: error: --db '$tmp/two.db': '$tmp/two.db' is in use by another run.*: wait for it to end, or give another --db$" "$tmp/err" && pass ||
  fail "puzzles generate names --db when the store is in use" "$tmp/err"

# A part that cannot be written says why (it said only "cannot write the certificate part"), and
# is a certificate not written, as a whole one is: the values are reported, FILE is not written
# (it would refer to a part that is not there), exit 1. It was exit 2 with no report, and on a
# second thread an abort. Solved in one table, on two threads, and with a table per move
# (--independent-moves, as the ranks under mpirun solve: the reason comes back with the result).
mkdir -p "$tmp/q.cert.parts/b1.cert.tmp/x"
for mode in "" "--threads 2" --independent-moves; do
  "$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/q${mode// /}" --proof "$tmp/q.cert" --proof-parts $mode >"$tmp/out" 2>"$tmp/err"
  status=$?
  why="the proof file '$tmp/q.cert' is not written, as the certificate parts of a move could not be: cannot write the certificate part '$tmp/q.cert.parts/b1.cert': Is a directory (no file is left at '$tmp/q.cert'; the certificate parts that were written stay in '$tmp/q.cert.parts'; the settled moves are kept"
  if [ $status -eq 1 ] && grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" && grep -q '^Every move' "$tmp/out" &&
     grep -qF "no certificate written: $why" "$tmp/out" && grep -qF "arbiter: error: $why" "$tmp/err" && [ ! -e "$tmp/q.cert" ]; then
    pass
  else
    fail "a part that cannot be written ($mode) is reported with the values -> exit $status" "$tmp/out" "$tmp/err"
  fi
done
# Resumed once the part can be written, the run says what the move searched again lacked: its part
# (it said the move came from "a run without --proof", and "1 ... are searched again for theirs").
rm -r "$tmp/q.cert.parts/b1.cert.tmp"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/q" --proof "$tmp/q.cert" --proof-parts --resume >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -qF "(resuming: 8 of 9 moves already settled with certificates; 1 move whose certificate part an earlier run could not write is searched again for it)" "$tmp/err" &&
   [ -s "$tmp/q.cert" ] && [ -s "$tmp/q.cert.parts/b1.cert" ]; then
  pass
else
  fail "a resumed run names the move whose part could not be written -> exit $status" "$tmp/out" "$tmp/err"
fi

# book: the three books are renamed into place only once the whole book is made. A book that fails
# part way (a diagram PNG that cannot be written: a directory in its place) leaves the older
# book.html, book.pdf and book.tex as they were and no NAME.partial; they were written in place
# first, so a failure or a stop left a new book.pdf beside an older or cut-off rest.
"$arbiter" puzzles generate brique --size 5 --kind within-1 --count 2 --seed 3 --db "$tmp/b.db" >/dev/null 2>&1 ||
  fail "puzzles generate for the book"
"$arbiter" book --db "$tmp/b.db" --title "First" --out "$tmp/book" >/dev/null 2>&1 || fail "book"
for f in book.html book.pdf book.tex; do cp "$tmp/book/$f" "$tmp/old-$f"; done
rm "$tmp/book/diagrams/solution-002.png" && mkdir -p "$tmp/book/diagrams/solution-002.png/x"
"$arbiter" book --db "$tmp/b.db" --title "Second" --out "$tmp/book" >"$tmp/out" 2>"$tmp/err"
status=$?
# A file it cannot write is not bad input: exit 1, as solve's for a certificate (it was 2), with the reason.
if [ $status -eq 1 ] && grep -q "^arbiter: error: cannot write '$tmp/book/diagrams/solution-002.png': Is a directory (no new book was written: the older book.html, book.pdf and book.tex in $tmp/book are left as they were)$" "$tmp/err" &&
   cmp -s "$tmp/book/book.html" "$tmp/old-book.html" && cmp -s "$tmp/book/book.pdf" "$tmp/old-book.pdf" &&
   cmp -s "$tmp/book/book.tex" "$tmp/old-book.tex" && [ -z "$(ls "$tmp/book" | grep partial)" ]; then
  pass
else
  fail "a book that fails part way leaves the older book whole -> exit $status" "$tmp/err"; ls -l "$tmp/book"
fi
# A full disk (book.html.partial a link to /dev/full): exit 1 with the reason, the older book kept.
rm -r "$tmp/book/diagrams/solution-002.png" && ln -s /dev/full "$tmp/book/book.html.partial"
"$arbiter" book --db "$tmp/b.db" --title "Third" --out "$tmp/book" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q "^arbiter: error: cannot write '$tmp/book/book.html.partial': No space left on device (no new book was written" "$tmp/err" &&
   cmp -s "$tmp/book/book.html" "$tmp/old-book.html" && [ -z "$(ls "$tmp/book" | grep partial)" ]; then
  pass
else
  fail "a book on a full disk exits 1 and keeps the older book -> exit $status" "$tmp/err"; ls -l "$tmp/book"
fi

finish

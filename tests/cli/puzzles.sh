#!/usr/bin/env bash
# arbiter puzzles as a user runs it: generate into a store, list/show/export, verify, stop with
# SIGTERM and resume (nothing lost, nothing duplicated, same puzzles as an unbroken run), and bad
# input as one error line with exit 2. Usage: puzzles.sh ARBITER
set -u
arbiter="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
passes=0
fail() { echo "FAIL ($1)"; [ $# -gt 1 ] && head -20 "$2"; failures=$((failures + 1)); }
pass() { passes=$((passes + 1)); }

expect_error() {
  local what="$1"; shift
  "$arbiter" "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q '^arbiter: error: ' "$tmp/err"; then
    echo "FAIL ($what): arbiter $* -> exit $status, stderr:"; cat "$tmp/err"; failures=$((failures + 1))
  else
    pass
  fi
}

db="$tmp/p.db"
# Generate, and the count is what the store holds afterwards.
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 4 --db "$db" --seed 5 >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^4 puzzles added (4/4 brique 5x5 within-2" "$tmp/out" && pass || fail "generate brique" "$tmp/out"
"$arbiter" puzzles generate quentin --size 5 --kind within-1 --count 3 --db "$db" >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^3 puzzles added" "$tmp/out" && pass || fail "generate quentin" "$tmp/out"
"$arbiter" puzzles generate brique --size 5 --kind within-2 --count 4 --db "$db" --seed 5 >"$tmp/out" 2>"$tmp/err" \
  && grep -q "^0 puzzles added (4/4" "$tmp/out" && pass || fail "a satisfied count adds nothing" "$tmp/out"

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
"$arbiter" puzzles show "$id" --db "$db" --json >"$tmp/show.json" \
  && python3 -c "import json,sys; p=json.load(open(sys.argv[1])); assert p['id']==$id and p['main_line'][0]==p['key_move'] and len(p['certificate_sha256'])==64" "$tmp/show.json" \
  && pass || fail "show --json" "$tmp/show.json"
"$arbiter" puzzles export --db "$db" --json >"$tmp/all.json" \
  && python3 -c "import json,sys; a=json.load(open(sys.argv[1])); assert len(a)==7 and all(p['certificate'] for p in a)" "$tmp/all.json" \
  && pass || fail "export --json" "$tmp/all.json"
"$arbiter" puzzles verify --db "$db" >"$tmp/out" 2>"$tmp/err" && grep -q "^7 of 7 puzzles re-proved, 0 no longer hold" "$tmp/out" \
  && pass || fail "verify" "$tmp/out"

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

# Stop with SIGTERM, resume, and compare with an unbroken run of the same seed.
run=(puzzles generate quentin --size 6 --kind within-2 --count 40 --seed 9)
ARBITER_PROGRESS_SECONDS=0.2 "$arbiter" "${run[@]}" --db "$tmp/cut.db" --threads 2 >"$tmp/cut.out" 2>"$tmp/cut.err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 0 ]; then
  echo "note: the run finished before SIGTERM; resume not exercised this time"
else
  [ "$status" -eq 143 ] && grep -q "stopped by SIGTERM" "$tmp/cut.out" && pass || fail "SIGTERM exit 143" "$tmp/cut.out"
  grep -q "stored, .* positions examined" "$tmp/cut.err" && pass || fail "progress lines on stderr" "$tmp/cut.err"
fi
kept=$("$arbiter" puzzles list --db "$tmp/cut.db" | tail -1 | cut -d' ' -f1)
"$arbiter" "${run[@]}" --db "$tmp/cut.db" >"$tmp/resume.out" 2>/dev/null
grep -q "^$((40 - kept)) puzzles\? added (40/40" "$tmp/resume.out" && pass || fail "resume adds exactly the rest" "$tmp/resume.out"
"$arbiter" "${run[@]}" --db "$tmp/whole.db" >/dev/null 2>&1
positions() { "$arbiter" puzzles export --db "$1" | python3 -c "import json,sys; [print(p['position']) for p in json.load(sys.stdin)]" | sort; }
positions "$tmp/cut.db" >"$tmp/cut.positions"
positions "$tmp/whole.db" >"$tmp/whole.positions"
[ "$(wc -l <"$tmp/cut.positions")" -eq 40 ] && [ "$(sort -u "$tmp/cut.positions" | wc -l)" -eq 40 ] && pass || fail "40 distinct after resume"
cmp -s "$tmp/cut.positions" "$tmp/whole.positions" && pass || fail "stopped and resumed = unbroken run" "$tmp/cut.positions"

# Bad input.
expect_error "unknown game" puzzles generate nosuchgame --kind within-2 --count 1 --db "$tmp/x.db"
expect_error "unknown kind" puzzles generate brique --kind within-9 --count 1 --db "$tmp/x.db"
expect_error "unknown kind word" puzzles generate brique --kind mate --count 1 --db "$tmp/x.db"
expect_error "count 0" puzzles generate brique --kind within-1 --count 0 --db "$tmp/x.db"
expect_error "threads 0" puzzles generate brique --kind within-1 --count 1 --threads 0 --db "$tmp/x.db"
expect_error "bad size" puzzles generate brique --size 1000 --kind within-1 --count 1 --db "$tmp/x.db"
expect_error "unwritable database" puzzles generate brique --kind within-1 --count 1 --db "$tmp/no/such/dir/x.db"
expect_error "missing database" puzzles list --db "$tmp/absent.db"
expect_error "unknown action" puzzles frobnicate --db "$db"
expect_error "no action" puzzles
expect_error "unknown puzzle id" puzzles show 999 --db "$db"
expect_error "bad difficulty range" puzzles list --db "$db" --difficulty 4-2
printf 'not a database at all, just text\n%.0s' {1..100} >"$tmp/junk.db"
expect_error "corrupt file" puzzles list --db "$tmp/junk.db"
expect_error "corrupt file (generate)" puzzles generate brique --kind within-1 --count 1 --db "$tmp/junk.db"
# Another schema version: the header's user_version (bytes 60-63, big-endian) set to 99.
cp "$db" "$tmp/v99.db"
printf '\x00\x00\x00\x63' | dd of="$tmp/v99.db" bs=1 seek=60 conv=notrunc status=none
expect_error "other schema version" puzzles verify --db "$tmp/v99.db"
grep -q "schema version 99" "$tmp/err" && pass || fail "version named" "$tmp/err"

# Help for every action.
for action in generate list show export verify; do
  "$arbiter" puzzles "$action" --help >"$tmp/out" 2>"$tmp/err" && grep -q "^usage: arbiter puzzles" "$tmp/out" && pass \
    || fail "puzzles $action --help" "$tmp/err"
done

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]

#!/usr/bin/env bash
# arbiter state and state prune: what the state directory holds (solve's journals, prove's
# results files) listed from each journal's identity file, a journal of another version, one
# without an identity file (as earlier versions wrote them), a damaged one and a locked one;
# prune's selectors, --dry-run, and a journal a running process holds surviving the prune.
# Usage: state.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
S="$tmp/s"
here="$(cd "$(dirname "$0")" && pwd)"

# Two small solves and a stopped one that keeps its table; a prove results file.
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$S" >"$tmp/solve.out" 2>/dev/null
"$arbiter" solve brique --size 3 --rule pie=off --within 2 --tt-mb 16 --state "$S" >/dev/null 2>&1
# Brique 5x5 takes minutes: stopped at 0.3 s, it keeps its table.
"$arbiter" solve brique --size 5 --time-limit 0.3 --tt-mb 16 --state "$S" >/dev/null 2>&1
"$arbiter" prove brique turns-place-stones --state "$S" >/dev/null 2>&1
# solve's own output says nothing new about the state directory (stderr names it, as before).
if ! grep -qi 'state' "$tmp/solve.out"; then pass; else fail "solve's stdout mentions the state" "$tmp/solve.out"; fi

journal_of() { grep -l "^position $1\$" "$S"/solve/*/identity 2>/dev/null | head -1 | xargs -r dirname; }
b3="$(journal_of 'brique 3 .../.../... black 0')"
b5="$(journal_of 'brique 5 ...../...../...../...../..... black 0')"
if [ -d "$b3" ] && [ -d "$b5" ] && [ -f "$b5/table" ]; then pass; else fail "identity files of the solves ($b3, $b5)"; ls -R "$S"; fi

# A copy of a journal as another build wrote it: its identity names VERSION, its folder the key of
# that identity, its units' checksums keyed by it (what that build would have written).
forge() {  # forge SOURCE SOLVE_DIR VERSION
python3 - "$1" "$2" "$3" <<'PY'
import os, shutil, sys
M = (1 << 64) - 1
def key_hex(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & M
    x = (h + 0x9E3779B97F4A7C15) & M
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M
    return "%x" % (x ^ (x >> 31))
source, solve = sys.argv[1], sys.argv[2]
fields = dict(line.split(" ", 1) for line in open(source + "/identity").read().splitlines()[1:])
fields["version"] = sys.argv[3]
identity = "%s|within=%s|%s" % (fields["position"], fields["within"], fields["version"]) + ("|independent" if fields["mode"] == "independent" else "")
target = os.path.join(solve, key_hex(identity))
os.mkdir(target)
with open(target + "/identity", "w") as f:
    f.write("arbiter-solve-journal 1\n" + "".join("%s %s\n" % (k, fields[k]) for k in ("position", "within", "version", "mode")))
for name in os.listdir(source):
    if not name.endswith(".unit"):
        continue
    text = open(os.path.join(source, name)).read()
    body = text[:text.rstrip("\n").rfind("\n") + 1]
    check = key_hex(identity + "|" + name[:-5] + "\n" + body)
    open(os.path.join(target, name), "w").write(body + "check " + check + "\n")
PY
}
forge "$b3" "$S/solve" 0123456789ab
# A build of this very commit but other sources (another uncommitted edit, or a build outside git,
# "unknown", as every one is) wrote the same commit alone, as journals were keyed until the sources'
# hash: --resume must not take its moves as this build's.
commit="$("$arbiter" --version | sed -n 's/.*(commit \(.*\))$/\1/p')"
mkdir -p "$tmp/s2/solve"
forge "$b3" "$tmp/s2/solve" "$commit"
# And a run of the position under other rulings. --resume uses neither, and says so: it said only
# "resuming: 0 of 9 moves already settled" and started afresh.
"$arbiter" solve brique --size 3 --rule pie=off --max-units 2 --tt-mb 16 --state "$tmp/s2" >/dev/null 2>&1
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/s2" --resume >/dev/null 2>"$tmp/err"
if [ -n "$commit" ] && ! grep -Eq 'resuming: [1-9]' "$tmp/err" && grep -q "^version $commit, sources [0-9a-f]\{16\}\$" "$b3/identity"; then
  pass; else fail "another build of commit '$commit' resumed as this one" "$tmp/err" "$b3/identity"; fi
if ! grep -q 'resuming' "$tmp/err" && grep -q '(--resume: nothing to resume, no move of this position settled by this build under these rulings; searching from the start)$' "$tmp/err" &&
  grep -Eq "^note: a journal of this position by another build \(commit $commit\) settled 9 moves \(.*\); it is not used: this build \(commit .*, sources [0-9a-f]{16}\) takes only its own results" "$tmp/err" &&
  grep -Eq '^note: a journal of this position under other rulings \(pie=off, here the defaults\) settled 2 moves \(.*\); it is not used: the rulings decide' "$tmp/err"; then
  pass; else fail "--resume with nothing of its own to resume" "$tmp/err"; fi
other="$(grep -l '^version 0123456789ab$' "$S"/solve/*/identity 2>/dev/null | xargs -r dirname)"
[ -n "$other" ] || other="$S/solve/missing"  # (a version without identity files: its lock stays under $tmp)
# One as versions before identity files left them, and one whose identity file is damaged.
mkdir "$S/solve/00000000000000aa" "$S/solve/00000000000000bb"
cp "$b3/0.unit" "$S/solve/00000000000000aa/"
printf 'arbiter-solve-journal 1\nposition garbage\n' >"$S/solve/00000000000000bb/identity"

"$arbiter" state --state "$S" >"$tmp/list" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && [ ! -s "$tmp/err" ]; then pass; else fail "state -> exit $status" "$tmp/err"; fi
block() { sed -n "/^journal $(basename "$1"):/,/in use:/p" "$tmp/list"; }
if block "$b3" | grep -q '^journal .*: brique 3 .../.../... black 0$' && block "$b3" | grep -q 'rulings: .*(the defaults)' &&
  block "$b3" | grep -q 'exact solve, one table shared by the moves; written by this version' &&
  block "$b3" | grep -Eq '^  [0-9]+ units settled, 0 certificate parts, saved table: no$' &&
  block "$b3" | grep -q 'in use: no'; then pass; else fail "the 3x3 journal listed" "$tmp/list"; fi
if block "$b5" | grep -q 'saved table: yes'; then pass; else fail "the stopped run's table listed" "$tmp/list"; fi
if grep -q 'pie=off' "$tmp/list" && grep -q -- '--within 2, one table' "$tmp/list"; then pass; else fail "--within and rulings listed" "$tmp/list"; fi
if block "$other" | grep -q 'written by another version (commit 0123456789ab)' && block "$other" | grep -Eq '^  [1-9][0-9]* units settled'; then
  pass; else fail "another version's journal listed" "$tmp/list"; fi
# A journal without an identity file says so once (a second line said "written by an earlier
# version (before identity files)" after it); a damaged one says its version is unknown.
if grep -A1 '^journal 00000000000000aa: what it is for is not recorded: has no identity file (written by a version before fc2f787, which added them)$' "$tmp/list" | grep -q '^  [0-9]* unit files\? (not checked' &&
  ! grep -q 'before identity files' "$tmp/list" &&
  grep -A1 '^journal 00000000000000bb: DAMAGED: its identity file does not read back whole' "$tmp/list" | grep -q '^  written by unknown$'; then
  pass; else fail "journals without or with a damaged identity" "$tmp/list"; fi
# --resume with nothing of its own to resume names the journals from before identity files, which
# may be of the same position (it said only "nothing to resume").
mkdir -p "$tmp/s3/solve" && cp -r "$S/solve/00000000000000aa" "$tmp/s3/solve/"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/s3" --resume >/dev/null 2>"$tmp/err"
if grep -q 'nothing to resume' "$tmp/err" &&
   grep -qF "note: $tmp/s3/solve holds 1 journal from before identity files (written by a version before fc2f787), which cannot be matched to a position: it is not used; \`arbiter state --state '$tmp/s3'\` lists it, \`arbiter state prune --other-versions --state '$tmp/s3'\` removes it" "$tmp/err"; then
  pass; else fail "--resume names the journals from before identity files" "$tmp/err"; fi
if grep -Eq '^prove results .*prove-brique.tsv: [1-9][0-9]* records?, ' "$tmp/list" &&
  grep -q '^solve journals: 6 journals, .*: 3 of this version, 2 of other versions, 1 damaged; 1 saved table; 0 in use now$' "$tmp/list"; then
  pass; else fail "totals" "$tmp/list"; fi

# --json, against its schema.
"$arbiter" state --state "$S" --json >"$tmp/state.json" 2>"$tmp/err"
if python3 "$here/../../scripts/validate-json.py" "$here/../../docs/schemas/state.schema.json" "$tmp/state.json" >"$tmp/why" 2>&1 &&
  python3 - "$tmp/state.json" <<'PY'; then pass; else fail "state --json" "$tmp/why" "$tmp/state.json"; fi
import json, sys
d = json.load(open(sys.argv[1]))
t = d["totals"]
assert t["journals"] == 6 and t["this_version"] == 3 and t["other_versions"] == 2 and t["saved_tables"] == 1, t
assert sum(j["bytes"] for j in d["journals"]) == t["journal_bytes"]
assert d["results_files"] and d["results_files"][0]["records"] >= 1
bb = [j for j in d["journals"] if j["key"] == "00000000000000bb"][0]
assert bb["damaged"] and bb["position"] is None and bb["units_settled"] is None
PY

# A process that holds LOCK as a run holds its output's lock (an flock, its process id in the
# file), in the background; READY is made once it does.
hold_lock() {
  python3 - "$1" "$2" <<'PY' &
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(fd, fcntl.LOCK_EX)
os.write(fd, b"%d\n" % os.getpid())
open(sys.argv[2], "w").close()
time.sleep(30)
PY
}
wait_for() { for _ in $(seq 50); do [ -f "$1" ] && break; sleep 0.1; done; }

# A running process holds the other version's journal: listed in use, and prune keeps it.
hold_lock "$other.lock" "$tmp/held"
holder=$!
wait_for "$tmp/held"
"$arbiter" state --state "$S" >"$tmp/list" 2>&1
if block "$other" | grep -q "in use: yes, by a running solve (process $holder)"; then pass; else fail "a held journal listed in use" "$tmp/list"; fi

# A folder in DIR/solve that is not named as a journal (its key in hex) is no journal: a --state
# pointed at a folder with a "solve" of its own must not lose it to prune.
mkdir -p "$S/solve/my-notes" && echo keep >"$S/solve/my-notes/file"
# prune --dry-run removes nothing; prune --other-versions removes the earlier versions' journals,
# keeps this version's, the damaged one and the held one (saying so).
before="$(find "$S" | sort)"
"$arbiter" state prune --state "$S" --other-versions --dry-run >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ "$(find "$S" | sort)" = "$before" ] && grep -q '^would remove 00000000000000aa ' "$tmp/out" &&
  grep -q "^would keep $(basename "$other") .*in use by a running solve (process $holder)" "$tmp/out" &&
  grep -q '^would remove 1 journal, freeing ' "$tmp/out"; then pass; else fail "prune --dry-run" "$tmp/out" "$tmp/err"; fi
# --json: the same as one document, against its schema (prune had no --json).
"$arbiter" state prune --state "$S" --other-versions --dry-run --json >"$tmp/prune.json" 2>"$tmp/err"
if [ $? -eq 0 ] && [ "$(find "$S" | sort)" = "$before" ] &&
  python3 "$here/../../scripts/validate-json.py" "$here/../../docs/schemas/state-prune.schema.json" "$tmp/prune.json" >"$tmp/why" 2>&1 &&
  python3 - "$tmp/prune.json" "$(basename "$other")" "$holder" <<'PY'; then pass; else fail "prune --dry-run --json" "$tmp/why" "$tmp/prune.json" "$tmp/err"; fi
import json, sys
d, other, holder = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
assert d["schema"] == "arbiter-state-prune/1" and d["dry_run"] and d["other_versions"] and d["older_than_days"] is None, d
outcomes = {j["key"]: (j["outcome"], j["holder_process"]) for j in d["journals"]}
assert outcomes == {"00000000000000aa": ("would remove", None), other: ("in use", holder)}, outcomes
assert d["totals"]["journals_removed"] == 1 and d["totals"]["kept_in_use"] == 1 and d["totals"]["failed"] == 0, d["totals"]
assert d["totals"]["bytes_freed"] == [j for j in d["journals"] if j["key"] == "00000000000000aa"][0]["bytes"] > 0
PY
"$arbiter" state prune --state "$S" --other-versions >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -e "$S/solve/00000000000000aa" ] && [ ! -e "$S/solve/00000000000000aa.lock" ] && [ -d "$other" ] &&
  [ -d "$b3" ] && [ -d "$b5" ] && [ -d "$S/solve/00000000000000bb" ] &&
  grep -q "^kept $(basename "$other") .*in use by a running solve (process $holder)" "$tmp/out" &&
  grep -Eq '^removed 1 journal, freed [0-9,]+ bytes; 1 journal kept: in use by a running solve' "$tmp/out"; then
  pass; else fail "prune --other-versions" "$tmp/out" "$tmp/err"; fi
kill "$holder"; wait "$holder" 2>/dev/null
"$arbiter" state prune --state "$S" --other-versions >"$tmp/out" 2>&1
if [ ! -e "$other" ] && [ ! -e "$other.lock" ] && [ -d "$b3" ]; then pass; else fail "prune once the lock is let go" "$tmp/out"; fi
if [ -f "$S/solve/my-notes/file" ] && ! grep -q "my-notes" "$tmp/out"; then pass; else fail "prune removed a folder that is no journal" "$tmp/out"; fi

# --older-than: only journals not modified within DAYS; both selectors must hold; results files
# only with --prove-results.
find "$b3" "$S/solve/00000000000000bb" -exec touch -d '10 days ago' {} +
touch -d '10 days ago' "$S/prove-brique.tsv"
"$arbiter" state prune --state "$S" --older-than 5 --other-versions >"$tmp/out" 2>&1
if [ -d "$b3" ] && grep -q '^removed 0 journals' "$tmp/out"; then pass; else fail "both selectors must hold" "$tmp/out"; fi
"$arbiter" state prune --state "$S" --older-than 5 >"$tmp/out" 2>&1
if [ ! -e "$b3" ] && [ ! -e "$S/solve/00000000000000bb" ] && [ -d "$b5" ] && [ -f "$S/prove-brique.tsv" ] &&
  grep -q '^removed 2 journals, freed ' "$tmp/out"; then pass; else fail "prune --older-than 5" "$tmp/out"; fi
# A running prove holds its results file's lock and appends to it: prune keeps the file and says so
# (it removed it under the prove, which then ended saying it kept verdicts the file no longer held).
hold_lock "$S/prove-brique.tsv.lock" "$tmp/held-results"
prover=$!
wait_for "$tmp/held-results"
"$arbiter" state prune --state "$S" --older-than 5 --prove-results --dry-run >"$tmp/out" 2>&1
if grep -q "^would keep $S/prove-brique.tsv (.*): in use by a running prove (process $prover)$" "$tmp/out"; then
  pass; else fail "prune --dry-run keeps a results file a prove holds" "$tmp/out"; fi
"$arbiter" state prune --state "$S" --older-than 5 --prove-results >"$tmp/out" 2>&1
if [ $? -eq 0 ] && [ -f "$S/prove-brique.tsv" ] &&
  grep -q "^kept $S/prove-brique.tsv (.*): in use by a running prove (process $prover)$" "$tmp/out" &&
  grep -q '^removed 0 journals and 0 results files, freed 0 bytes; 1 results file kept: in use by a running prove ' "$tmp/out"; then
  pass; else fail "prune keeps a results file a prove holds" "$tmp/out"; fi
"$arbiter" state prune --state "$S" --older-than 5 --prove-results --json >"$tmp/prune.json" 2>"$tmp/err"
if [ $? -eq 0 ] && [ -f "$S/prove-brique.tsv" ] &&
  python3 "$here/../../scripts/validate-json.py" "$here/../../docs/schemas/state-prune.schema.json" "$tmp/prune.json" >"$tmp/why" 2>&1 &&
  python3 - "$tmp/prune.json" "$prover" <<'PY'; then pass; else fail "prune --json keeps a results file a prove holds" "$tmp/why" "$tmp/prune.json" "$tmp/err"; fi
import json, sys
d, prover = json.load(open(sys.argv[1])), sys.argv[2]
assert [(r["outcome"], r["holder_process"]) for r in d["results_files"]] == [("in use", prover)], d["results_files"]
assert d["totals"]["results_files_removed"] == 0 and d["totals"]["kept_in_use"] == 1, d["totals"]
PY
kill "$prover"; wait "$prover" 2>/dev/null
"$arbiter" state prune --state "$S" --older-than 5 --prove-results >"$tmp/out" 2>&1
if [ ! -e "$S/prove-brique.tsv" ] && [ ! -e "$S/prove-brique.tsv.lock" ] && [ -d "$b5" ] && grep -q '^removed 0 journals and 1 results file' "$tmp/out"; then
  pass; else fail "prune --prove-results" "$tmp/out"; fi

# The default state directory, never made: nothing kept, not an error.
XDG_CACHE_HOME="$tmp/never" "$arbiter" state >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q 'does not exist yet: nothing is kept' "$tmp/out"; then pass; else fail "state without a state directory" "$tmp/out"; fi

# Bad input: one line, exit 2.
touch "$tmp/file"
expect_error "prune without a selector" state prune --state "$S"
expect_error "prune --dry-run alone" state prune --state "$S" --dry-run
expect_error "--older-than abc" state prune --state "$S" --older-than abc
expect_error "--older-than -1" state prune --state "$S" --older-than -1
expect_error "--older-than ''" state prune --state "$S" --older-than ''
expect_error "--prove-results without --older-than" state prune --state "$S" --other-versions --prove-results
expect_error "a missing --state" state --state "$tmp/missing"
expect_error "a missing --state to prune" state prune --state "$tmp/missing" --other-versions
expect_error "--state a file" state --state "$tmp/file"
expect_error "an unknown option" state --bogus
expect_error "an unknown prune option" state prune --other-versions --bogus
expect_error "an unknown action" state purge
if [ -d "$b5" ]; then pass; else fail "bad input removed something"; fi
expect_error "prune --json without a selector" state prune --state "$S" --json

# prune --json removes as without it, and lists what it removed.
find "$b5" -exec touch -d '10 days ago' {} +
"$arbiter" state prune --state "$S" --older-than 5 --prove-results --json >"$tmp/prune.json" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -e "$b5" ] &&
  python3 "$here/../../scripts/validate-json.py" "$here/../../docs/schemas/state-prune.schema.json" "$tmp/prune.json" >"$tmp/why" 2>&1 &&
  python3 - "$tmp/prune.json" "$(basename "$b5")" <<'PY'; then pass; else fail "prune --json" "$tmp/why" "$tmp/prune.json" "$tmp/err"; fi
import json, sys
d, b5 = json.load(open(sys.argv[1])), sys.argv[2]
assert not d["dry_run"] and d["older_than_days"] == 5 and d["prove_results"] and d["results_files"] == [], d
assert [(j["key"], j["outcome"], j["position"]) for j in d["journals"]] == [(b5, "removed", "brique 5 ...../...../...../...../..... black 0")], d["journals"]
assert d["totals"] == {"journals_removed": 1, "results_files_removed": 0, "bytes_freed": d["journals"][0]["bytes"], "kept_in_use": 0, "failed": 0}, d["totals"]
PY

finish

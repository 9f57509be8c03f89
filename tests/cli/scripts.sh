#!/usr/bin/env bash
# The scripts of scripts/ and the alpha-beta baseline: -h/--help prints the usage on standard output
# and exits 0 (without running anything), an unknown option is a one-line error with exit status 2,
# a missing program is named; validate-json.py checks every document against its one schema.
# Usage: scripts.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")/../.." && pwd)"

# run NAME COMMAND...: runs it (10 s at most) in $tmp/work, output in $tmp/out and $tmp/err.
mkdir -p "$tmp/work"
run() {
  shift
  (cd "$tmp/work" && timeout 10 "$@") >"$tmp/out" 2>"$tmp/err" </dev/null
}
# usage_and_errors NAME COMMAND...: COMMAND --help and -h print a usage naming NAME, exit 0, nothing
# on stderr; COMMAND --no-such-option says so on one stderr line naming NAME, exit 2, no stdout.
usage_and_errors() {
  local name="$1" status
  for help in --help -h; do
    run "$@" "$help"; status=$?
    if [ $status -eq 0 ] && grep -qi '^ *usage: .*'"$name" "$tmp/out" && [ ! -s "$tmp/err" ]; then pass; else
      fail "$name $help: exit $status (expected 0 and a usage on stdout)" "$tmp/out" "$tmp/err"; fi
  done
  run "$@" --no-such-option; status=$?
  if [ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^$name: error: .*--no-such-option" "$tmp/err" &&
     [ ! -s "$tmp/out" ]; then pass; else
    fail "$name --no-such-option: exit $status (expected 2 and one line on stderr)" "$tmp/out" "$tmp/err"; fi
}

for script in "$here"/scripts/*.sh; do
  usage_and_errors "$(basename "$script")" bash "$script"
done
usage_and_errors validate-json.py python3 "$here/scripts/validate-json.py"
baseline="$(dirname "$arbiter")/alphabeta_baseline"
if [ -x "$baseline" ]; then usage_and_errors alphabeta_baseline "$baseline"; else fail "no $baseline built beside arbiter"; fi

# A program that is not there: one line naming it, nothing on stdout, a non-zero exit (a failure
# inside `for game in $(...)` did not stop rulings-findings.sh: it printed nothing and exited 0).
for script in rulings-findings.sh perft-tables.sh opening-tables.sh; do
  run "$script" bash "$here/scripts/$script" "$tmp/no-arbiter"; status=$?
  if [ $status -ne 0 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -q "^$script: error: .*$tmp/no-arbiter" "$tmp/err"; then pass; else
    fail "$script with a missing program: exit $status" "$tmp/out" "$tmp/err"; fi
done

# validate-json.py SCHEMA DOCUMENT...: every document checked against the one schema (they took
# SCHEMA DOCUMENT pairs, so the second document was read as a schema and the third went unchecked).
schema="$here/docs/schemas/rules.schema.json"
"$arbiter" rules --json >"$tmp/good.json"
cp "$tmp/good.json" "$tmp/good2.json"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["surprise"] = 1; print(json.dumps(d))' "$tmp/good.json" >"$tmp/extra.json"
echo '{"schema": ' >"$tmp/truncated.json"
run validate python3 "$here/scripts/validate-json.py" "$schema" "$tmp/good.json" "$tmp/good2.json" "$tmp/extra.json"; status=$?
if [ $status -eq 1 ] && [ "$(cat "$tmp/out")" = "$tmp/extra.json: (top): Additional properties are not allowed ('surprise' was unexpected)" ]; then
  pass; else fail "validate-json.py: the third document of three does not conform: exit $status" "$tmp/out" "$tmp/err"; fi
run validate python3 "$here/scripts/validate-json.py" "$schema" "$tmp/good.json" "$tmp/good2.json"; status=$?
[ $status -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && pass || fail "validate-json.py: two conforming documents: exit $status" "$tmp/out" "$tmp/err"
# A missing file and one that is not JSON: one line each, naming it, no traceback; the document
# after them is still checked.
run validate python3 "$here/scripts/validate-json.py" "$schema" "$tmp/missing.json" "$tmp/truncated.json" "$tmp/extra.json"; status=$?
if [ $status -eq 1 ] && [ "$(wc -l <"$tmp/out")" -eq 3 ] && [ ! -s "$tmp/err" ] &&
   grep -q "^$tmp/missing.json: cannot read" "$tmp/out" && grep -q "^$tmp/truncated.json: not JSON" "$tmp/out" &&
   grep -q "^$tmp/extra.json: (top): Additional properties" "$tmp/out"; then pass; else
  fail "validate-json.py: a missing document, one not JSON, one not conforming: exit $status" "$tmp/out" "$tmp/err"; fi
# No document: the usage error on stderr.
run validate python3 "$here/scripts/validate-json.py" "$schema"; status=$?
[ $status -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && pass ||
  fail "validate-json.py with a schema and no document: exit $status" "$tmp/out" "$tmp/err"

finish

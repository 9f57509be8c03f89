#!/usr/bin/env bash
# Every command's --json output conforms to its documented schema (docs/schemas/, described in
# docs/json.md), checked with python3-jsonschema on small runs of each command and game.
# Usage: json_schemas.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")/../.." && pwd)"
runs=0

# conforms SCHEMA EXPECTED_STATUS ARGS... : runs arbiter ARGS (which include --json) and expects the
# exit status; its output is validated against docs/schemas/SCHEMA.schema.json at the end, all
# documents in one python3 run.
pairs=()
conforms() {
  local schema="$1" expected="$2"; shift 2
  runs=$((runs + 1))
  "$arbiter" "$@" >"$tmp/$runs.json" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "FAIL: arbiter $* -> exit $status (expected $expected)"; head -5 "$tmp/err"; failures=$((failures + 1)); return
  fi
  echo "$runs: arbiter $*" >>"$tmp/commands"
  pairs+=("$here/docs/schemas/$schema.schema.json" "$tmp/$runs.json")
}

conforms rules 0 rules --json
conforms rules 0 rules quentin --rule pie=off --json
games=$(registered_games)
[ -n "$games" ] || fail "rules --json named no game"
for game in $games; do
  conforms rules 0 rules "$game" --json
  conforms moves 0 moves "$game" --json --why
  conforms perft 0 perft "$game" --depth 1 --json
  conforms bench 0 bench "$game" --seconds 0.05 --json
  conforms check 0 check "$game" --cases 3 --property ends-within-bound --json
done
# A property not applicable under the rulings in force, and a refuted claim with its shrinking.
conforms check 0 check brique --size 4 --rule escort-directions=facing --cases 3 --property small-turns --property fill-settles --json
conforms check 1 check brique --size 4 --rule pass=allowed --cases 5 --property no-draws --json
conforms replay 0 replay brique --size 3 b2 a1 --json
conforms explain 0 explain brique --size 5 c3 b2 --json
conforms explain 1 explain brique --size 5 c3 c3 --json
# The move and the moves before it are written as the game writes them (as moves and replay do),
# the capture included: White's e3-b3 takes b4, and the record reads 'e3-b3 x b4'.
capture='brochs 9 ....+..../....+..../..#.W.#../.B..+..../+W+++++++/....+..../..#.+.#../....+..../....+.... white 21 8 0'
conforms explain 0 explain brochs --position "$capture" e3-b3 --json
if [ "$(jq -r .move "$tmp/$runs.json")" = "e3-b3 x b4" ] && "$arbiter" moves brochs --position "$capture" | grep -q 'e3-b3 x b4'; then
  pass; else fail "explain --json writes the move with its capture, as moves does" "$tmp/$runs.json"; fi
conforms explain 0 explain brochs --position "$capture" e3-b3 pass pass --json
if [ "$(jq -c .moves_before "$tmp/$runs.json")" = '["e3-b3 x b4","pass"]' ]; then
  pass; else fail "explain --json writes the moves before it as the game writes them" "$tmp/$runs.json"; fi
conforms replay 0 replay quentin --size 4 --json
conforms prove 0 prove brique --list --json
conforms prove 0 prove brique one-fill-round --sizes 3 --timeout 20 --fresh --state "$tmp/state" --json
conforms prove 1 prove quentin only-mover-completes --sizes 2 --timeout 20 --fresh --state "$tmp/state" --json  # refuted: counterexample fields
# A verdict kept above is reused under a --rule that names the default (the same rulings in force).
conforms prove 0 prove brique one-fill-round --sizes 3 --timeout 20 --rule fill=once --state "$tmp/state" --json  # reused: stored_by
# The verdicts carry every ruling's value (defaults included) and who kept a reused one.
"$arbiter" rules brique --json >"$tmp/rules.json"
if python3 - "$tmp/rules.json" "$tmp/$runs.json" <<'CHECK'
import json, sys
rules, proof = (json.load(open(name)) for name in sys.argv[1:])
in_force = [r["name"] + "=" + r["default"] for r in rules["game"]["rulings"]]
assert proof["rulings_in_force"] == in_force, (proof["rulings_in_force"], in_force)
assert proof["verdicts_reused"] >= 1 and proof["verdicts_kept"] == 0, proof
assert all(v["stored"] and v["stored_by"].startswith("arbiter ") for v in proof["verdicts"]), proof["verdicts"]
CHECK
then pass; else fail "prove --json names the rulings in force and who kept a reused verdict" "$tmp/$runs.json"; fi
# A claim about every size has no size (it said the size the run was given), and its
# refutation names the board it is drawn on (the window lemma's 3x3).
conforms prove 1 prove brique invariant-inductive-every-size --rule escort-directions=facing --timeout 20 --fresh --state "$tmp/state" --json
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); v = d["verdicts"][0]
assert d["sizes"] is None and v["size"] is None and v["every_size"] and v["verdict"] == "refuted", d
assert v["counterexample_size"] == 3 and v["counterexample"].startswith("   a b c\n"), v' "$tmp/$runs.json"; then
  pass; else fail "prove --json gives an every-size claim a size, or not its counterexample's" "$tmp/$runs.json"; fi
# A claim about one size refuted through a lemma kept at another size is drawn at its own size.
"$arbiter" prove brique turns-place-stones --sizes 5 --rule pass=allowed --state "$tmp/state" >/dev/null 2>&1
conforms prove 1 prove brique no-draw --sizes 3 --rule pass=allowed --timeout 20 --state "$tmp/state" --json
if python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))["verdicts"][0]
assert v["size"] == 3 and not v["every_size"] and v["verdict"] == "refuted" and v["counterexample_size"] == 3, v
assert "   a b c\n" in v["counterexample"] and "a b c d" not in v["counterexample"], v["counterexample"]' "$tmp/$runs.json"; then
  pass; else fail "no-draw size 3 refuted with a counterexample of another size" "$tmp/$runs.json"; fi
conforms rulings-diff 0 rulings diff brique fill once keep-enemy --max-size 3 --seconds 20 --json
conforms solve 0 solve brique --size 3 --json
conforms solve 0 solve quentin --size 3 --value-only --threads 2 --race --json
# verify-proof of a certificate that verifies, and of one with a claim turned to the other side.
"$arbiter" solve brique --size 3 --proof "$tmp/b3.cert" --state "$tmp/solve-state" >/dev/null 2>&1
conforms verify-proof 0 verify-proof "$tmp/b3.cert" --json
awk '$1 == "n" && $2 == "1" && $3 == "win" { $4 = 1 - $4 } { print }' "$tmp/b3.cert" >"$tmp/flipped.cert"
conforms verify-proof 1 verify-proof "$tmp/flipped.cert" --json
"$arbiter" puzzles generate brique --size 4 --kind within-2 --count 2 --db "$tmp/puzzles.db" >/dev/null 2>&1 \
  || { echo "FAIL: puzzles generate (for the puzzles documents)"; failures=$((failures + 1)); }
conforms puzzles 0 puzzles list --db "$tmp/puzzles.db" --json
conforms puzzles 0 puzzles list --db "$tmp/puzzles.db" --game quentin --json  # an empty answer
conforms puzzles 0 puzzles show 1 --db "$tmp/puzzles.db" --json
conforms puzzles 0 puzzles export --db "$tmp/puzzles.db"
conforms metrics 0 metrics hexabrae --size 2 --games 20 --mcts-games 1 --playouts 10 --solve-seconds 0 --json

if python3 "$here/scripts/validate-json.py" "${pairs[@]}" >"$tmp/why"; then
  passes=$((passes + ${#pairs[@]} / 2))
else
  failed_documents=$(wc -l <"$tmp/why")
  echo "FAIL: $failed_documents documents do not conform (numbers as in the list of commands):"; cat "$tmp/why" "$tmp/commands"
  failures=$((failures + failed_documents))
  passes=$((passes + ${#pairs[@]} / 2 - failed_documents))
fi

# The schemas are strict: a document with an unknown field is refused.
"$arbiter" rules --json | python3 -c "import json,sys; d=json.load(sys.stdin); d['surprise']=1; print(json.dumps(d))" >"$tmp/bad.json"
if python3 "$here/scripts/validate-json.py" "$here/docs/schemas/rules.schema.json" "$tmp/bad.json" >/dev/null; then
  echo "FAIL: the rules schema accepted an unknown field"; failures=$((failures + 1))
else
  passes=$((passes + 1))
fi

finish "$runs commands run"

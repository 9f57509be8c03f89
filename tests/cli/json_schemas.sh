#!/usr/bin/env bash
# Every command's --json output conforms to its documented schema (docs/schemas/, described in
# docs/json.md), checked with python3-jsonschema on small runs of each command and game.
# Usage: json_schemas.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")/../.." && pwd)"
runs=0

# conforms SCHEMA EXPECTED_STATUS ARGS... : runs arbiter ARGS (which include --json) and expects the
# exit status; its output is validated against docs/schemas/SCHEMA.schema.json at the end, one
# check per schema (its documents listed in $tmp/SCHEMA.documents).
documents=0
conforms() {
  local schema="$1" expected="$2"; shift 2
  runs=$((runs + 1))
  "$arbiter" "$@" >"$tmp/$runs.json" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "FAIL: arbiter $* -> exit $status (expected $expected)"; head -5 "$tmp/err"; failures=$((failures + 1)); return
  fi
  echo "$runs: arbiter $*" >>"$tmp/commands"
  echo "$tmp/$runs.json" >>"$tmp/$schema.documents"
  documents=$((documents + 1))
}

conforms rules 0 rules --json
conforms rules 0 rules quentin --rule pie=off --json
# The sizes as numbers: every size --size accepts, read off the check that validates it (each one
# listed is accepted, the sizes between and around them refused), and the words name the same range.
"$arbiter" rules --json >"$tmp/games.json"
if python3 - "$arbiter" "$tmp/games.json" <<'CHECK'
import json, subprocess, sys
arbiter, games = sys.argv[1], json.load(open(sys.argv[2]))["games"]
for g in games:
    allowed = g["allowed_sizes"]
    assert allowed == sorted(allowed) and g["size_min"] == allowed[0] and g["size_max"] == allowed[-1], g
    assert str(g["size_min"]) in g["sizes"] and str(g["size_max"]) in g["sizes"], g
    assert g["default_size"] in allowed, g
    for n in range(1, g["size_max"] + 2):
        status = subprocess.run([arbiter, "replay", g["name"], "--size", str(n)], capture_output=True).returncode
        assert (status == 0) == (n in allowed), (g["name"], n, status)
CHECK
then pass; else fail "rules --json lists the sizes --size accepts"; fi
games=$(registered_games)
[ -n "$games" ] || fail "rules --json named no game"
for game in $games; do
  conforms rules 0 rules "$game" --json
  conforms moves 0 moves "$game" --json --why
  conforms perft 0 perft "$game" --depth 1 --json
  conforms bench 0 bench "$game" --seconds 0.05 --json
  conforms check 0 check "$game" --cases 3 --property ends-within-bound --json
done
# perft, bench and metrics name every ruling their counts hold under, as solve does (they had none).
for command in "perft brique --size 3 --depth 1" "bench brique --size 3 --seconds 0.05" "metrics brique --size 3 --games 10 --mcts-games 1 --playouts 10 --solve-seconds 0"; do
  if "$arbiter" $command --rule pie=off --json 2>/dev/null |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["rulings_in_force"]; assert "pie=off" in r and "fill=once" in r, r'; then
    pass; else fail "$command --json: rulings_in_force"; fi
done
# A property not applicable under the rulings in force, and a refuted claim with its shrinking.
conforms check 0 check brique --size 4 --rule escort-directions=facing --cases 3 --property small-turns --property fill-settles --json
conforms check 1 check brique --size 4 --rule pass=allowed --cases 5 --property no-draws --json
conforms replay 0 replay brique --size 3 b2 a1 --json
# Besides result's words ("Black wins", "draw", "ongoing") the outcome as a fixed set and the winner.
conforms replay 0 replay brique --size 2 a1 b1 a2 --json
conforms moves 0 moves brique --size 2 a1 b1 a2 --json
conforms explain 0 explain brique --size 2 a1 b1 a2 --json
if python3 - "$tmp/$((runs - 2)).json" "$tmp/$((runs - 1)).json" "$tmp/$runs.json" "$tmp/$((runs - 3)).json" <<'CHECK'
import json, sys
*won, going = (json.load(open(name)) for name in sys.argv[1:])
for d in won:
    assert (d["result"], d["outcome"], d["winner"]) == ("Black wins", "win", "Black"), d
assert (going["result"], going["outcome"], going["winner"]) == ("ongoing", "ongoing", None), going
CHECK
then pass; else fail "replay, moves and explain --json give the outcome and the winner"; fi
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
# A refutation its source expected ("expected: refuted" in the research notes) says so in fields, as
# audit.json does (confirmed), and still exits 1 (refuted); the counterexample reads as a position
# (what --position takes), the line from the empty board and a replay command. The rerun reuses the
# stored verdict and gives the same line (the record keeps it). Before, only the prose said either.
cp "$tmp/$runs.json" "$tmp/expected.json"
conforms prove 1 prove quentin only-mover-completes --sizes 2 --timeout 20 --state "$tmp/state" --json
conforms prove 0 prove quentin --list --json
if python3 - "$tmp/expected.json" "$tmp/$((runs - 1)).json" "$tmp/$runs.json" <<'CHECK'
import json, sys
fresh, reused, listed = (json.load(open(name)) for name in sys.argv[1:])
for d in (fresh, reused):
    v = d["verdicts"][0]
    assert v["verdict"] == "refuted" and v["expected"] == "refuted" and v["audit_verdict"] == "confirmed", v
    assert v["moves"] == ["a1"] and v["line_from_empty"] == ["b1", "b2", "a1"], v
    assert v["position"] == "quentin 2 .B/.W black 2", v
    assert v["replay"] == "arbiter replay quentin --size 2 'b1' 'b2' 'a1'", v
assert reused["verdicts"][0]["stored"], reused
expected = {c["name"]: c["expected"] for c in listed["claims"]}
assert expected["only-mover-completes"] == "refuted" and expected["no-two-winners"] == "proved", expected
CHECK
then pass; else fail "prove --json: an expected refutation and its counterexample in fields" "$tmp/expected.json" "$tmp/$runs.json"; fi
# A lemma read from the rulings has no query: its variables and assertions are null, as a derived
# row's are, and the text says so where a query's counts are (both said 0 before).
conforms prove 0 prove quentin legality-checks-every-stone --state "$tmp/state" --json
"$arbiter" prove quentin legality-checks-every-stone --state "$tmp/state" >"$tmp/text" 2>/dev/null
if jq -e '.verdicts[0] | .variables == null and .assertions == null and .derived == false and .verdict == "proved"' \
  "$tmp/$runs.json" >/dev/null && grep -qE "^legality-checks-every-stone .* proved .*\(read from the rulings: no query, so no variables or assertions\)" "$tmp/text"; then
  pass; else fail "prove: a lemma read from the rulings counts no variables or assertions" "$tmp/$runs.json" "$tmp/text"; fi
# The replay command and the position reach the same place; the text says what the fields say.
position=$(jq -r '.verdicts[0].position' "$tmp/expected.json")
replay=$(jq -r '.verdicts[0].replay' "$tmp/expected.json")
replayed=$(eval "\"\$arbiter\"${replay#arbiter}" | grep '^Position:')
"$arbiter" prove quentin only-mover-completes --sizes 2 --timeout 20 --state "$tmp/state" >"$tmp/text" 2>/dev/null
text_status=$?
if [ -n "$replayed" ] && [ "$replayed" = "$("$arbiter" replay quentin --size 2 --position "$position" a1 | grep '^Position:')" ] &&
  [ "$text_status" -eq 1 ] && grep -q "^confirmed: the source expected this refutation" "$tmp/text" &&
  grep -qxF "position: $position" "$tmp/text" && grep -qxF "replay: $replay" "$tmp/text" &&
  "$arbiter" prove quentin --list | grep -q '^only-mover-completes .*\[expected: refuted\]'; then
  pass; else fail "prove: the replay reaches the position, and the text gives it" "$tmp/text"; fi
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
assert v["counterexample_size"] == 3 and v["counterexample"].startswith("   a b c\n"), v
# A lemma of Arbiter'"'"'s argument refuted is no finding about the rule texts (it read "finding").
assert v["audit_verdict"] == "argument-fails", v' "$tmp/$runs.json"; then
  pass; else fail "prove --json gives an every-size claim a size, or not its counterexample's" "$tmp/$runs.json"; fi
# What rests on it is left unproved, and its premise line says how far it is refuted: one board's
# counterexample (it read "refuted (all sizes (lemma))", as if every size had been decided).
"$arbiter" prove brique no-draw-every-size --rule escort-directions=facing --timeout 20 --state "$tmp/state" >"$tmp/text" 2>/dev/null
grep -qF "invariant-inductive-every-size (all sizes (lemma)): refuted: counterexample at size 3; the claim for every size is false" "$tmp/text" &&
  grep -qF "premise invariant-inductive-every-size is refuted (counterexample at size 3; the claim for every size is false)" "$tmp/text" &&
  grep -qE "^no-draw-every-size +every size \(derived\) +unknown +[0-9.]+s \(derived: its premises' time; no query of its own" "$tmp/text" &&
  ! grep -q "all sizes (lemma)): refuted$" "$tmp/text" && pass ||
  fail "prove: a refuted every-size premise, and the counts of a derived row" "$tmp/text"
# A research note's claim refuted is no finding about the rule texts either (Quentin's
# mover-can-move, "rules.md Q1 (observed, not proved)", refuted at size 5 said "finding").
conforms prove 1 prove quentin mover-can-move --sizes 5 --timeout 20 --fresh --state "$tmp/state" --json
jq -e '.verdicts[0].audit_verdict == "note-refuted"' "$tmp/$runs.json" >/dev/null && pass ||
  fail "prove --json: mover-can-move refuted is a research note refuted" "$tmp/$runs.json"
# Each claim says who makes it; --sizes 2-3 lists the sizes (it gave the range's ends, [2, 5] for
# 2-5, which read as the sizes 2 and 5); a derived row counts no variables or assertions of its own
# (it gave its premises').
conforms prove 0 prove brique one-winner --sizes 2-3 --timeout 20 --state "$tmp/state" --json
cp "$tmp/$runs.json" "$tmp/derived.json"
"$arbiter" prove quentin --list --json >"$tmp/list.json"
if python3 - "$tmp/derived.json" "$tmp/list.json" <<'CHECK'
import json, sys
derived, listed = (json.load(open(name)) for name in sys.argv[1:])
assert derived["sizes"] == [2, 3], derived["sizes"]
for v in derived["verdicts"]:
    assert v["derived"] and v["variables"] is None and v["assertions"] is None and v["verdict"] == "proved", v
kinds = {c["name"]: c["source_kind"] for c in listed["claims"]}
assert (kinds["no-draw"], kinds["someone-can-move"], kinds["mover-can-move"], kinds["only-mover-completes"]) == (
    "rule-text", "rule-text", "research-note", "research-note"), kinds
assert (kinds["invariant-inductive-every-size"], kinds["full-board-winner"], kinds["legality-checks-every-stone"]) == (
    "lemma", "lemma", "rulings"), kinds
CHECK
then pass; else fail "prove --json: sizes listed, derived rows, source kinds" "$tmp/derived.json" "$tmp/list.json"; fi
# A claim about one size refuted through a lemma kept at another size is drawn at its own size.
"$arbiter" prove brique turns-place-stones --sizes 5 --rule pass=allowed --state "$tmp/state" >/dev/null 2>&1
conforms prove 1 prove brique no-draw --sizes 3 --rule pass=allowed --timeout 20 --state "$tmp/state" --json
if python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))["verdicts"][0]
assert v["size"] == 3 and not v["every_size"] and v["verdict"] == "refuted" and v["counterexample_size"] == 3, v
assert "   a b c\n" in v["counterexample"] and "a b c d" not in v["counterexample"], v["counterexample"]
# Its counterexample is the premise'"'"'s, under a line naming the premise: still read as a position,
# the empty board, from which its moves are the line from the empty board.
assert v["position"] == "brique 3 .../.../... black 0 pass=allowed" and v["line_from_empty"] == ["pass", "pass"], v
assert v["replay"] == "arbiter replay brique --size 3 --rule pass=allowed '"'pass' 'pass'"'", v' "$tmp/$runs.json"; then
  pass; else fail "no-draw size 3 refuted with a counterexample of another size" "$tmp/$runs.json"; fi
conforms rulings-diff 0 rulings diff brique fill once keep-enemy --max-size 3 --seconds 20 --json
# --out with --json draws the diagrams as without it (as metrics draws its chart), and names them.
conforms rulings-diff 0 rulings diff brique pie --max-size 3 --seconds 20 --json --out "$tmp/pie.svg"
if python3 - "$tmp/$runs.json" "$tmp" <<'CHECK'
import json, os, sys
d, folder = json.load(open(sys.argv[1])), sys.argv[2]
for c in d["comparisons"]:
    assert c["difference"] is not None and c["diagram_file"] == folder + "/pie-" + c["value_b"] + ".svg", c
    assert open(c["diagram_file"]).read().startswith("<?xml"), c["diagram_file"]
CHECK
then pass; else fail "rulings diff --json --out draws the diagrams and names them" "$tmp/$runs.json"; fi
conforms solve 0 solve brique --size 3 --json
conforms solve 0 solve quentin --size 3 --value-only --threads 2 --race --json
# The value names what it holds under, as check, prove and verify-proof do: the size, the rulings
# as given (a ruling's id turned into its name) and every ruling's value, defaults included.
conforms solve 0 solve quentin --size 3 --rule Q-2=adjacencies --json
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["size"] == 3 and d["rulings"] == ["majority=adjacencies"], d
assert "majority=adjacencies" in d["rulings_in_force"] and "edges-count=no" in d["rulings_in_force"], d["rulings_in_force"]' "$tmp/$runs.json"; then
  pass; else fail "solve --json names the size and the rulings the value holds under" "$tmp/$runs.json"; fi
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

# scripts/validate-json.py once per schema, all in one python3 process (a process each would add
# a few seconds of Python start-up to this test).
python3 - "$here/scripts/validate-json.py" "$here/docs/schemas" "$tmp"/*.documents >"$tmp/why" 2>&1 <<'VALIDATE'
import importlib.util, os, sys
script, schemas, lists = sys.argv[1], sys.argv[2], sys.argv[3:]
spec = importlib.util.spec_from_file_location("validate_json", script)
validate_json = importlib.util.module_from_spec(spec)
spec.loader.exec_module(validate_json)
for documents in filter(os.path.exists, lists):
    schema = os.path.basename(documents).removesuffix(".documents")
    sys.argv = [script, os.path.join(schemas, schema + ".schema.json"), *open(documents).read().splitlines()]
    validate_json.main()
VALIDATE
# One line per document that fails (validate-json.py's form).
failed_documents=$(wc -l <"$tmp/why")
if [ "$failed_documents" -gt 0 ]; then
  echo "FAIL: $failed_documents documents do not conform (numbers as in the list of commands):"; cat "$tmp/why" "$tmp/commands"
fi
failures=$((failures + failed_documents))
passes=$((passes + documents - failed_documents))

# A version's schema accepts every document written under that version string: a field added with
# no new version is not required (docs/json.md), so the documents above with such a field taken
# out, as a program before it wrote them, still conform. One field out at a time, each taken out
# of at least one document (the current schemas required them all; an older tester's documents
# failed).
python3 - "$here/scripts/validate-json.py" "$here/docs/schemas" "$tmp"/*.documents >"$tmp/older" 2>&1 <<'OLDER'
import copy, importlib.util, json, os, sys
script, schemas, lists = sys.argv[1], sys.argv[2], sys.argv[3:]
spec = importlib.util.spec_from_file_location("validate_json", script)
validate_json = importlib.util.module_from_spec(spec)
spec.loader.exec_module(validate_json)
# Per schema, each field added with no new version: a path of keys, [] for every item of a list.
# (prove has none: its fields so added came before its version now.)
added = {
    "solve": ["line_resolve"],
    "bench": ["interrupted", "rulings_in_force"],
    "perft": ["rulings_in_force"],
    "check": ["rulings_in_force"],
    "explain": ["outcome", "winner"],
    "moves": ["outcome", "winner"],
    "replay": ["outcome", "winner"],
    "rules": ["games.[].size_min", "games.[].size_max", "games.[].allowed_sizes",
              "game.size_min", "game.size_max", "game.allowed_sizes", "game.rulings.[].in_force",
              "game.rules_summary"],
    "rulings-diff": ["comparisons.[].diagram_file"],
    "puzzles": ["puzzles.[].refutations.[].claim", "puzzle.refutations.[].claim",
                "puzzles.[].refutations.[].words", "puzzle.refutations.[].words",
                "main_line_broken", "recheck", "recheck.slower_wins_unchecked"],
    "verify-proof": ["searched_within", "part_makers"],
    "metrics": ["interrupted", "readings.[].random.branching", "readings.[].mcts.branching", "rulings_in_force",
                "readings.[].rulings_in_force"],
}
def strip(node, keys):
    """Takes the field at KEYS out of NODE; whether there was one."""
    if not keys or node is None:
        return False
    if keys[0] == "[]":
        return any([strip(item, keys[1:]) for item in node]) if isinstance(node, list) else False
    if not isinstance(node, dict) or keys[0] not in node:
        return False
    if len(keys) == 1:
        del node[keys[0]]
        return True
    return strip(node[keys[0]], keys[1:])
taken_out = {(schema, path): 0 for schema, paths in added.items() for path in paths}
for documents in filter(os.path.exists, lists):
    schema = os.path.basename(documents).removesuffix(".documents")
    validator = validate_json.jsonschema.Draft202012Validator(
        json.load(open(os.path.join(schemas, schema + ".schema.json"))))
    for name in open(documents).read().splitlines():
        document = json.load(open(name))
        for path in added.get(schema, []):
            older = copy.deepcopy(document)
            if not strip(older, path.split(".")):
                continue
            taken_out[(schema, path)] += 1
            errors = list(validator.iter_errors(older))
            if errors:
                print(f"{name} without {path}: {errors[0].message[:160]}")
for (schema, path), count in taken_out.items():
    if count == 0:
        print(f"no {schema} document above has {path} to take out")
OLDER
if [ -s "$tmp/older" ]; then
  fail "a document of the same version without a field added with no new version conforms" "$tmp/older" "$tmp/commands"
else
  pass
fi

# The schemas are strict: a document with an unknown field is refused.
"$arbiter" rules --json | python3 -c "import json,sys; d=json.load(sys.stdin); d['surprise']=1; print(json.dumps(d))" >"$tmp/bad.json"
if python3 "$here/scripts/validate-json.py" "$here/docs/schemas/rules.schema.json" "$tmp/bad.json" >/dev/null; then
  echo "FAIL: the rules schema accepted an unknown field"; failures=$((failures + 1))
else
  passes=$((passes + 1))
fi

finish "$runs commands run"

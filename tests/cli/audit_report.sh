#!/usr/bin/env bash
# The audit report as a designer opens it: a quick audit of one game writes audit.json (valid
# against docs/schemas/audit.schema.json), audit.md and audit.html; headless Chromium renders the
# HTML with every diagram the report announces, no images to break, and a screenshot that is not
# blank. Each finding's replay command reaches its position; a ruling comparison without a
# difference names the sizes, positions and seconds it searched, and one whose search stopped early
# is counted as undecided everywhere; every verdict names its rulings; a second report (Brique and
# Hexabrae, --no-proofs) says which claims were not proved and draws its boards legibly. Bad input
# (an unwritable folder) and an interruption leave no report and no folder of their own behind, and
# a proof cut short by it reads "stopped". Off a terminal the audit's progress is a line on stderr.
# Usage: audit_report.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")/../.." && pwd)"

# (A progress line every 0.05 s off a terminal, not every 5: the run takes about 3 s.)
ARBITER_PROGRESS_SECONDS=0.05 "$arbiter" audit quentin --quick --proof-timeout 5 --report "$tmp/report" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -le 1 ] && pass || fail "audit exited $status: $(tail -3 "$tmp/err")"
# Its progress, on stderr and never among the rows: the step and check under way, the steps done
# of all, the rows so far and the time (it printed nothing while it worked).
if grep -Eq '^audit: quentin [a-z ]+(: .+)?; [0-9]/6 steps done, [0-9]+ rows, [0-9]+ s$' "$tmp/err" &&
  ! grep -Ev '^audit: quentin ' "$tmp/err" | grep -q . && ! grep -q '^audit:' "$tmp/out"; then pass; else
  fail "audit piped shows no progress lines on stderr, or others" "$tmp/err"; fi
# --quick caps the counts, and the report records the numbers the run used, not the defaults.
if python3 -c 'import json, sys; o = json.load(open(sys.argv[1]))["options"]; sys.exit(not (o["quick"] and o["games"] == 5 and o["property_cases"] == 10 and o["metrics_games"] == 50 and o["ruling_seconds"] == 0.3))' "$tmp/report/audit.json"; then
  pass; else fail "audit --quick records the counts it used" "$tmp/report/audit.json"; fi
for file in audit.json audit.md audit.html; do
  [ -s "$tmp/report/$file" ] && pass || fail "no $file written"
done
ls "$tmp/report" | grep -q partial && fail "a partial file was left" || pass
if python3 "$here/scripts/validate-json.py" "$here/docs/schemas/audit.schema.json" "$tmp/report/audit.json" >"$tmp/why"; then
  pass
else
  fail "audit.json: $(cat "$tmp/why")"
fi
# Each finding's evidence replays to the position it shows; a counterexample found by play is the
# whole line from the empty board, down to the move the claim is about (it stopped one move short).
python3 - "$tmp/report/audit.json" >"$tmp/replays" <<'PY'
import json, re, sys
for row in json.load(open(sys.argv[1]))["rows"]:
    e = row["evidence"]
    if not e:
        continue
    played = re.search(r"reachable from the empty board by the model: ([^(;]*)", row["detail"])
    if played and e["moves"] != played.group(1).split():
        print("MISMATCH", row["check"], e["moves"], played.group(1))
    print(e["replay"].replace("arbiter ", "", 1) + "\t" + e["position"])
PY
grep -q MISMATCH "$tmp/replays" && fail "the evidence's moves are not the line the proof found" "$tmp/replays" || pass
grep -q "only-mover-completes" "$tmp/report/audit.json" && [ "$(grep -vc MISMATCH "$tmp/replays")" -gt 0 ] && pass ||
  fail "no finding with evidence to replay (quentin's only-mover-completes is one)" "$tmp/replays"
while IFS=$'\t' read -r replay position; do
  eval "\"\$arbiter\" $replay" >"$tmp/replayed" 2>&1
  grep -qxF "Position: $position" "$tmp/replayed" && pass || fail "replay $replay does not reach $position" "$tmp/replayed"
done < <(grep -v MISMATCH "$tmp/replays")
# A comparison that found no difference says how far it looked: a bounded result, not a universal one.
python3 - "$tmp/report/audit.json" >"$tmp/same" <<'PY'
import json, re, sys
for r in json.load(open(sys.argv[1]))["rulings"]:
    if r["differs"]:
        continue
    bounded = r["sizes_searched"] and r["positions"] > 0 and r["bounds"]["sizes"] and r["bounds"]["seconds"] > 0
    said = ("Same on size" if r["complete"] else "Undecided: ") in r["searched"] and "positions" in r["searched"]
    # audit.md and audit.html write its counts grouped in thousands ("6,198 positions"), the JSON plain.
    grouped = re.sub(r"\b(\d{4,})(?= positions)", lambda m: "{:,}".format(int(m.group(1))), r["searched"])
    print(("" if bounded and said else "UNBOUNDED ") + r["ruling"] + " " + r["value_b"] + ": " + grouped)
PY
if [ -s "$tmp/same" ] && ! grep -q UNBOUNDED "$tmp/same"; then pass; else fail "a comparison without a difference names no bound" "$tmp/same"; fi
while read -r line; do
  grep -qF "${line#*: }" "$tmp/report/audit.md" && grep -qF "${line#*: }" "$tmp/report/audit.html" && pass ||
    fail "audit.md or audit.html does not say how far: ${line#*: }"
done <"$tmp/same"
same_rows=$(grep -E ' (same|undecided) +[0-9.]+$' "$tmp/out" | grep -c ' ruling ')
[ "$same_rows" -gt 0 ] && [ "$same_rows" = "$(grep -E ' (same|undecided) +[0-9.]+$' "$tmp/out" | grep ' ruling ' | grep -c ' sizes\? [0-9]')" ] &&
  pass || fail "the table's rows of comparisons without a difference name no sizes" "$tmp/out"

# Every verdict says the rulings it is under: the summary lists each game's defaults (as `rules
# --json` gives them), the claims table and each finding name the rulings of their verdicts, and a
# claim about every size left unknown never reads as a proof.
"$arbiter" rules quentin --json >"$tmp/rules.json"
if python3 - "$tmp/rules.json" "$tmp/report" <<'PY' >"$tmp/why"
import json, re, sys
rules = json.load(open(sys.argv[1]))["game"]["rulings"]
in_force = " ".join(r["name"] + "=" + r["default"] for r in rules)
md = open(sys.argv[2] + "/audit.md").read()
html = open(sys.argv[2] + "/audit.html").read()
report = json.load(open(sys.argv[2] + "/audit.json"))
problems = []
for name, text in (("audit.md", md), ("audit.html", html)):
    if "Rulings in force (the defaults): " not in text or in_force not in text:
        problems.append(name + " does not name the rulings in force: " + in_force)
proved = {r["claim"] for r in report["rows"] if r["kind"] == "proof"}
table = [[cell.strip() for cell in line.strip("|").split("|")] for line in md.splitlines() if line.startswith("| ")]
claims = [cells for cells in table if cells[0] == "claim" or cells[0] in proved]
if not claims or claims[0][:2] != ["claim", "under"]:
    problems.append("the claims table has no column for the rulings: " + str(claims[:1]))
for cells in claims[1:]:
    if cells[1] != "the default rulings":
        problems.append("claim " + cells[0] + " under " + cells[1])
    if "proof" in "".join(cells[3:]):
        problems.append("a refuted or unknown claim reads as a proof: " + " | ".join(cells))
if not any(cells[-1].startswith("every size (one claim, not decided") for cells in claims):
    problems.append("no every-size claim left unknown (quentin's no-draw-every-size is one)")
for heading in re.findall(r"^### Finding: .*$", md, re.M):
    if "the default rulings" not in heading:
        problems.append("a finding without its rulings: " + heading)
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
then pass; else fail "a verdict does not say which rulings it is under" "$tmp/why"; fi

# A claim called proved without a Z3 query of its own says how: a derived one names its premises
# (and those read from the rulings say so), a lemma read from the rulings says that, never "one
# proof"; on the terminal, in audit.md, audit.html and audit.json alike.
if python3 - "$tmp/report" "$tmp/out" <<'PY' >"$tmp/why"
import html, json, sys
folder, out = sys.argv[1], open(sys.argv[2]).read()
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
report = json.load(open(folder + "/audit.json"))
problems = []
rows = [r for r in report["rows"] if r["kind"] == "proof" and r["verdict"] == "pass"]
derived = [r for r in rows if r["implementation"] == "derived"]
read = [r for r in rows if r["implementation"] == "rulings"]
if not derived or not read:
    problems.append("no derived claim or no claim read from the rulings proved (quentin has both)")
for r in derived:
    words = "derived from " + ", ".join(r["premises"])
    if not r["premises"] or not r["how"] or not r["how"].replace(" (read from the rulings, not a Z3 query)", "").startswith(words):
        problems.append("audit.json: %s is derived from %s, says %s" % (r["check"], r["premises"], r["how"]))
    if r["how"] not in out:
        problems.append("the terminal does not say how %s was derived: %s" % (r["check"], r["how"]))
for r in read:
    if r["how"] != "read from the rulings, not a Z3 query":
        problems.append("audit.json: %s is read from the rulings, says %s" % (r["check"], r["how"]))
for r in derived + read:
    table = [line for line in md.splitlines() if line.startswith("| " + r["check"] + " |")]
    if not table or r["how"] not in table[0] or "one proof" in table[0]:
        problems.append("audit.md's claims table on %s: %s" % (r["check"], table))
    if html.escape(r["how"], quote=False) not in page:
        problems.append("audit.html does not say how %s was decided" % r["check"])
if "legality-checks-every-stone (read from the rulings, not a Z3 query)" not in md:
    problems.append("a premise read from the rulings is not said to be")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
then pass; else fail "a claim proved without a query of its own reads as one proof" "$tmp/why"; fi

# One claim is one finding, counted as the Findings section lists them; a refutation that the
# claim's source expected (Quentin's only-mover-completes, quoted from research notes) confirms the
# source and is no finding about the rule texts.
for run in report:out; do
  if python3 - "$tmp/${run%%:*}" "$tmp/${run#*:}" <<'PY' >"$tmp/why"
import json, re, sys
folder, out = sys.argv[1], open(sys.argv[2]).read()
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
report = json.load(open(folder + "/audit.json"))
t = report["totals"]
problems = []
findings = len(re.findall(r"^### Finding: ", md, re.M))
confirmed = len(re.findall(r"^### Confirmed: ", md, re.M))
if t["finding"] != findings or page.count("<h3>Finding: ") != findings:
    problems.append("totals.finding %d, but %d findings in audit.md" % (t["finding"], findings))
if not re.search(r"^%d findings? about the rule texts" % findings, out, re.M):
    problems.append("the terminal counts the findings otherwise: " + out.splitlines()[-1])
only = [r for r in report["rows"] if r["claim"] == "only-mover-completes"]
if not only or any(r["verdict"] != "confirmed" for r in only) or t["confirmed"] != confirmed or confirmed < 1:
    problems.append("only-mover-completes: %s, totals.confirmed %s, %d confirmed in audit.md" % ([r["verdict"] for r in only], t.get("confirmed"), confirmed))
if "only-mover-completes" in md.split("## Findings", 1)[1].split("\n## ", 1)[0]:
    problems.append("only-mover-completes is listed among the findings")
if "refutation its source expected, confirmed" not in out.splitlines()[-1] + out:
    problems.append("the totals do not count the confirmed refutation")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
  then pass; else fail "the findings are counted otherwise than listed" "$tmp/why"; fi
done

# Only a rule text's claim found false is a finding about the rule texts. Under
# escort-directions=facing Brique's invariant-inductive-every-size, a lemma of Arbiter's own
# argument, is refuted: an argument that fails, which leaves no-draw-every-size unproved (it was
# "1 finding about the rule texts", quoted as if from the rules). Refuted about every size, it is
# refuted as far as its counterexample shows: on a 3x3 board (it read "every size (one claim,
# refuted)"). Without --rule the options read "rulings none" (they read "rulings , seed 1").
"$arbiter" audit brique --quick --games 1 --property-cases 1 --metrics-games 2 --ruling-seconds 0.01 \
  --rule escort-directions=facing --report "$tmp/facing" >"$tmp/facing.out" 2>/dev/null
if python3 - "$tmp/facing" "$tmp/facing.out" "$tmp/report/audit.md" <<'PY' >"$tmp/why"
import json, re, sys
folder, out, plain = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
report = json.load(open(folder + "/audit.json"))
t = report["totals"]
problems = []
if (t["finding"], t["argument_fails"], t["note_refuted"]) != (0, 1, 0):
    problems.append("totals: %s" % t)
if not re.search(r"^0 findings about the rule texts; 1 argument that fails \(", out, re.M):
    problems.append("the terminal's totals: " + out.strip().splitlines()[-2])
rows = [r for r in report["rows"] if r["claim"] == "invariant-inductive-every-size"]
if len(rows) != 1 or (rows[0]["verdict"], rows[0]["source_kind"], rows[0]["counterexample_size"], rows[0]["leaves_unproved"]) != (
        "argument-fails", "lemma", 3, ["no-draw-every-size"]):
    problems.append("the lemma's row: %s" % rows)
elif not rows[0]["detail"].startswith("an argument that fails: ") or "it leaves unproved: no-draw-every-size" not in rows[0]["detail"]:
    problems.append("the lemma's detail: " + rows[0]["detail"][:200])
refuted = "refuted: counterexample at size 3; the claim for every size is false"
if "### Finding:" in md or "<h3>Finding: " in page:
    problems.append("a finding is listed")
if "\n## Arguments that fail\n" not in md or '<h2 id="arguments">Arguments that fail</h2>' not in page:
    problems.append("no section Arguments that fail")
heading = "Argument fails: brique, invariant-inductive-every-size (" + refuted + "; the default rulings but escort-directions=facing)"
if "### " + heading not in md or "<h3>" + heading + "</h3>" not in page:
    problems.append("the lemma's heading: " + "; ".join(re.findall(r"^### Argument.*$", md, re.M)))
if not re.search(r"^\| invariant-inductive-every-size \| [^|]+ \| - \| " + re.escape(refuted) + r" \| - \|$", md, re.M):
    problems.append("the claims table: " + "; ".join(l for l in md.splitlines() if l.startswith("| invariant-inductive-every-size")))
if "one claim, refuted" in md or "one claim, refuted" in page:
    problems.append("every size (one claim, refuted) is still said")
if "rulings none, seed 1" not in plain or "rulings ," in plain:
    problems.append("the options without --rule: " + plain.splitlines()[2])
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
then pass; else fail "a lemma refuted is counted as a finding about the rule texts" "$tmp/why"; fi
python3 "$here/scripts/validate-json.py" "$here/docs/schemas/audit.schema.json" "$tmp/facing/audit.json" >"$tmp/why" && pass ||
  fail "audit.json with an argument that fails: $(cat "$tmp/why")"

# The reading order: summary, findings, rulings, seed examples, passing checks (folded).
order=$(grep -oE '<h2 id="[a-z]+"' "$tmp/report/audit.html" | cut -d'"' -f2 | tr '\n' ' ')
case "$order" in
  "summary findings "*"rulings "*"examples passing ") pass;;
  *) fail "sections in the wrong order: $order";;
esac
grep -q '<details><summary>[0-9]* checks passed' "$tmp/report/audit.html" && pass || fail "passing checks not folded"
# Every picture says whose turn it is or the result (in its caption), and a move that led to it is
# marked: two readings that part only in who wins must not show two identical pictures.
captions=$(grep -o '<figcaption>[^<]*' "$tmp/report/audit.html" | sed 's/<figcaption>//')
[ -n "$captions" ] && ! echo "$captions" | grep -vqE '\((Black|White) (to move|wins)[^)]*\)$|\([Dd]raw[^)]*\)$' && pass ||
  fail "a picture's caption says neither whose turn nor the result: $(echo "$captions" | grep -vE '(to move|wins|raw)[^)]*\)$' | head -3)"
grep -q 'class="last-move"' "$tmp/report/audit.html" && pass || fail "no picture marks the move that led to it"
# A summary line with a finding or an unknown is not coloured as a pass (Quentin's proofs hold a
# finding), and the options read as words, not as a JSON object.
grep -qE '<span class="pass">[^<]*(finding|unknown)' "$tmp/report/audit.html" && fail "a finding or an unknown is shown as a pass" || pass
grep -qE '<span class="open">[^<]*unknown' "$tmp/report/audit.html" && pass || fail "no unknown is shown apart from the passes"
grep -q 'options: games 5, metrics games 50, ' "$tmp/report/audit.html" && grep -q 'options: games 5, metrics games 50, ' "$tmp/report/audit.md" &&
  ! grep -q 'options.*{"' "$tmp/report/audit.html" && pass || fail "the options are not written in words"
grep -qE '; [0-9]+\.[0-9] s$' "$tmp/out" && pass || fail "the audit's total time: $(tail -1 "$tmp/out")"

if command -v chromium >/dev/null; then
  expected=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['html_diagrams'])" "$tmp/report/audit.json")
  [ "$expected" -gt 0 ] && pass || fail "the report announces no diagrams"
  browse() { timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" "$@" 2>/dev/null; }
  browse --dump-dom "file://$tmp/report/audit.html" >"$tmp/dom.html"
  drawn=$(grep -o '<svg' "$tmp/dom.html" | wc -l)
  [ "$drawn" = "$expected" ] && pass || fail "Chromium's page has $drawn diagrams, the report announces $expected"
  # Self-contained: nothing is fetched, so nothing can break.
  grep -qiE '<img|<link|<script|src="http|href="http' "$tmp/dom.html" && fail "the page refers to outside resources" || pass
  browse --window-size=1200,1600 --screenshot="$tmp/shot.png" "file://$tmp/report/audit.html" >/dev/null
  # Not blank: many distinct colours in the decoded screenshot.
  colours=$(python3 - "$tmp/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat, width, height = 8, b"", 0, 0
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    chunk = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour_type = struct.unpack(">IIBB", chunk[:10])
    elif kind == b"IDAT":
        idat += chunk
    pos += 12 + length
raw = zlib.decompress(idat)
stride = len(raw) // height
# Distinct byte rows are enough to tell a drawn page from a blank one without unfiltering.
print(len({raw[y * stride + 1:(y + 1) * stride] for y in range(height)}))
PY
)
  [ "${colours:-0}" -gt 50 ] && pass || fail "the screenshot looks blank ($colours distinct rows)"
else
  fail "chromium is not installed"
fi

# A second, cheap report (no proofs, 0.02 s per ruling comparison; about a second): Hexabrae's
# 61-field board and Brique's 2x2 one.
"$arbiter" audit brique hexabrae --quick --no-proofs --ruling-seconds 0.02 --report "$tmp/np" >"$tmp/np.out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] && pass || fail "audit --no-proofs exited $status" "$tmp/err"
# The terminal table's result column is as wide as its widest word: every row with seconds ends
# where the header does ("undecided", 9 letters, pushed its row's seconds 2 columns right of the
# header's when the column was 7 wide). Rows whose check or subject overflow their own columns
# are left aside.
python3 - "$tmp/np.out" <<'PY' && pass || fail "audit's table: the result column does not fit its words" "$tmp/np.out"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
header = next(l for l in lines if l.startswith("game ") and "result" in l)
start = header.index("result")
words = {"pass", "finding", "unknown", "fail", "not-applicable", "confirmed", "argument-fails", "note-refuted",
         "stopped", "differ", "same", "undecided"}
rows = [l for l in lines if re.search(r" [0-9]+\.[0-9][0-9]$", l) and l[start - 2:start] == "  " and l[start:].split()[0] in words]
bad = [l for l in rows if len(l) != len(header)]
assert rows and not bad, bad
PY
# A check wider than its column goes on under it: every row's subject starts where the header's
# does ("apply_if_legal plays exactly the legal moves (size 3)", 53 wide, pushed the rest of its
# row 3 columns right), and its "(size 3)" is the line under it.
python3 - "$tmp/np.out" <<'PY' && pass || fail "audit's table: a check overflows its column" "$tmp/np.out"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
header = next(l for l in lines if l.startswith("game ") and "result" in l)
subject = header.index("subject")
rows = [l for l in lines if re.match(r"(brique|hexabrae) ", l) and re.search(r" [0-9]+\.[0-9][0-9]$", l)]
bad = [l for l in rows if l[subject - 1] != " " or l[subject] == " "]
assert rows and not bad, bad
at = next(i for i, l in enumerate(lines) if "apply_if_legal plays exactly the legal moves" in l)
assert re.fullmatch(r"\(size [0-9]+\)", lines[at + 1].strip()) and lines[at + 1].index("(") == header.index("check"), lines[at:at + 2]
PY
"$arbiter" prove brique --list --json >"$tmp/claims.json"
# A game without Z3 claims says so in the reports' summaries and on the terminal (Hexabrae's
# summary named no proofs at all); a game whose proofs were skipped says that instead.
none="no Z3 claims: hexabrae's rules are checked by conformance, seed examples, properties and ruling comparisons only"
if grep -qxF -- "- proof: $none" "$tmp/np/audit.md" && grep -qF "<li>proof: $none</li>" "$tmp/np/audit.html" &&
   grep -qxF "$none" "$tmp/np.out" && ! grep -q "no Z3 claims: brique" "$tmp/np/audit.md" "$tmp/np.out"; then
  pass; else fail "a game without Z3 claims says so in the summaries" "$tmp/np/audit.md" "$tmp/np.out"; fi
python3 "$here/scripts/validate-json.py" "$here/docs/schemas/audit.schema.json" "$tmp/np/audit.json" >"$tmp/why" && pass ||
  fail "audit.json of --no-proofs: $(cat "$tmp/why")"
# Each seed example can be replayed from the reports: audit.json gives its position, moves and the
# explain command (the three reports gave the claim and pictures alone), which audit.md and
# audit.html print too; the command plays the moves from the position (exit 1 for a refused move).
python3 - "$tmp/np" >"$tmp/examples" <<'PY'
import html, json, sys
folder = sys.argv[1]
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
for e in json.load(open(folder + "/audit.json"))["examples"]:
    command = e["explain"]
    if not e["position"] or e["position"] not in command or command not in md or html.escape(command, quote=False) not in page.replace("&#39;", "'").replace("&apos;", "'"):
        print("MISSING\t" + e["example"] + "\t" + command)
    else:
        print(("1" if e["last_move_refused"] else "0") + "\t" + e["example"] + "\t" + command.replace("arbiter ", "", 1))
PY
[ "$(grep -c . "$tmp/examples")" -gt 4 ] && ! grep -q '^MISSING' "$tmp/examples" && pass || fail "the reports give each seed example's replay" "$tmp/examples"
while IFS=$'\t' read -r expected name command; do
  [ "$expected" = MISSING ] && continue
  eval "\"\$arbiter\" $command" >"$tmp/explained" 2>&1
  [ "$?" = "$expected" ] && pass || fail "seed example $name: $command" "$tmp/explained"
done <"$tmp/examples"
# A ruling comparison is differ, same (every reachable position of its sizes) or undecided (its
# search stopped first: no verdict). The terminal's rows, its totals, the reports' summaries,
# "Not decided" and audit.json count the undecided ones alike. Hexabrae's ply-cap readings cannot
# part within the search's depth bound, so some are always undecided.
for run in report:out np:np.out; do
  if python3 - "$tmp/${run%%:*}" "$tmp/${run#*:}" <<'PY' >"$tmp/why"
import html as escape, json, re, sys
folder, out = sys.argv[1], open(sys.argv[2]).read()
report = json.load(open(folder + "/audit.json"))
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
problems = []
rows = [line for line in out.splitlines() if re.match(r"\S+ +ruling ", line)]
words = [re.search(r" (\S+) +[0-9.]+$", line).group(1) for line in rows]
undecided = [r for r in report["rulings"] if not r["differs"] and not r["complete"]]
unknown = [r for r in report["rows"] if r["verdict"] == "unknown"]
totals = report.get("totals", {})
if set(words) - {"differ", "same", "undecided"}:
    problems.append("a comparison's result is not differ, same or undecided: " + str(set(words)))
if words != [r.get("result") for r in report["rulings"]] or words.count("undecided") != len(undecided):
    problems.append("the table's results are not audit.json's")
if totals.get("rulings_undecided") != len(undecided) or totals.get("without_verdict") != len(unknown) + len(undecided):
    problems.append("audit.json's totals: " + str(totals))
if folder.endswith("np") and not undecided:
    problems.append("no undecided comparison (Hexabrae's ply-cap readings cannot part within the depth bound)")
line = re.search(r"^\d+ findings? about the rule texts.*(?=; [0-9.]+ s$)", out, re.M)
if not line or not re.search(r"; %d results? without a verdict[ ;]" % (len(unknown) + len(undecided)), line.group(0)) \
        or ("%d ruling comparison%s undecided" % (len(undecided), "" if len(undecided) == 1 else "s") not in line.group(0) and undecided):
    problems.append("the totals line does not count them: " + (line.group(0) if line else "none"))
elif line.group(0) not in md or escape.escape(line.group(0), quote=False) not in page:
    problems.append("audit.md or audit.html does not open with the terminal's totals: " + line.group(0))
# A count and its noun agree ("1 results have no verdict" and "1 results without a verdict" read so).
count = len(unknown) + len(undecided)
said = "%d %s without a verdict." % (count, "result" if count == 1 else "results")
if count and (said not in md or said not in page):
    problems.append("Not decided does not say " + repr(said))
if re.search(r"\b1 results\b", md + page):
    problems.append("a count of 1 with a plural noun: " + re.search(r".{0,40}\b1 results\b.{0,40}", md + page).group(0))
section = md.split("## Not decided", 1)[1].split("\n## ", 1)[0] if "## Not decided" in md else ""
html_section = page.split('<h2 id="unknown">', 1)[1].split("<h2", 1)[0] if '<h2 id="unknown">' in page else ""
if section.count("| ruling ") != len(undecided) or html_section.count("<td>ruling ") != len(undecided):
    problems.append("Not decided lists %d and %d comparisons, not %d" % (section.count("| ruling "), html_section.count("<td>ruling "), len(undecided)))
for r in undecided:
    # The report files group the counts in thousands ("12,345 positions"); audit.json keeps them plain.
    grouped = re.sub(r"\b(\d{4,})(?= positions)", lambda m: "{:,}".format(int(m.group(1))), r["searched"])
    if re.search(r"\d,\d{3}", r["searched"]):
        problems.append("audit.json groups a count: " + r["searched"])
    if grouped not in section or escape.escape(grouped, quote=False) not in html_section:
        problems.append("Not decided does not say how far: " + grouped)
folded = re.search(r"<summary>(\d+) comparisons undecided", page)
if undecided and (not folded or int(folded.group(1)) != len(undecided)):
    problems.append("audit.html folds the undecided comparisons as " + (folded.group(0) if folded else "nothing"))
if re.search(r"<summary>(\d+) comparisons found no difference", page) and \
        int(re.search(r"<summary>(\d+) comparisons found no difference", page).group(1)) != words.count("same"):
    problems.append("audit.html counts the comparisons without a difference with the undecided ones")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
  then pass; else fail "undecided ruling comparisons counted differently (${run%%:*})" "$tmp/why"; fi
done
# --no-proofs: the findings do not read as if every claim held; the claims not proved are named.
if python3 - "$tmp/claims.json" "$tmp/np" <<'PY' >"$tmp/why"
import json, sys
claims = [c["name"] for c in json.load(open(sys.argv[1]))["claims"]]
md, page = open(sys.argv[2] + "/audit.md").read(), open(sys.argv[2] + "/audit.html").read()
report = json.load(open(sys.argv[2] + "/audit.json"))
problems = []
sections = (("audit.md", md.split("## Findings", 1)[-1].split("\n## ", 1)[0]),
            ("audit.html", page.split('<h2 id="findings">', 1)[-1].split("<h2", 1)[0]))
for name, findings in sections:
    if "--no-proofs" not in findings or not all(c in findings for c in claims) or "every claim checked holds" in findings:
        problems.append(name + "'s findings do not say that the proofs of " + " ".join(claims) + " were skipped")
skipped = report.get("not_run", [])
if len(skipped) != 1 or skipped[0]["game"] != "brique" or skipped[0]["kind"] != "proof" or "--no-proofs" not in skipped[0]["why"] \
        or sorted(skipped[0]["checks"]) != sorted(claims) or report["totals"].get("not_run") != len(claims):
    problems.append("audit.json's not_run: " + json.dumps(skipped))
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
then pass; else fail "--no-proofs: the report does not say what was not checked" "$tmp/why"; fi
# A caption reads as a sentence: a refused move's picture is "...: swap is refused; the position
# before it (White to move)", its brackets balanced (it read "before it(White to move)").
refused=$(grep -ho '<figcaption>[^<]*' "$tmp/np/audit.html" "$tmp/report/audit.html" | grep -E '^<figcaption>[a-z0-9-]+=[^ :]+: .* is refused')
if [ -n "$refused" ] && ! echo "$refused" | grep -vqE 'is refused; the position before it \((Black|White) to move[^()]*\)$'; then pass; else
  fail "a refused move's caption: $(echo "$refused" | head -2)"; fi

# --rule: every check of the game runs under it (the seed examples keep their own rulings), the
# summary names the rulings in force, and each ruling comparison starts from the value in force.
"$arbiter" audit brique --quick --no-proofs --ruling-seconds 0.02 --rule escort-directions=facing --report "$tmp/ruled" >"$tmp/ruled.out" 2>"$tmp/err"
status=$?
[ "$status" -le 1 ] && pass || fail "audit --rule exited $status" "$tmp/err"
if python3 - "$tmp/ruled" <<'PY' >"$tmp/why"
import json, sys
folder = sys.argv[1]
md, page = open(folder + "/audit.md").read(), open(folder + "/audit.html").read()
report = json.load(open(folder + "/audit.json"))
problems = []
said = "Rulings in force (the defaults but escort-directions=facing): "
if said + " ".join(report["rulings_in_force"]["brique"]) not in md or said not in page:
    problems.append("the summary does not name the rulings in force")
if "escort-directions=facing" not in report["rulings_in_force"]["brique"] or report["options"]["rulings"] != ["escort-directions=facing"]:
    problems.append("audit.json: " + json.dumps([report["rulings_in_force"], report["options"]]))
for r in report["rows"]:
    if r["kind"] in ("conformance", "property") and r["rulings"] != ["escort-directions=facing"]:
        problems.append("%s %s ran under %s" % (r["kind"], r["check"], r["rulings"]))
escort = [r for r in report["rulings"] if r["ruling"] == "escort-directions"]
if not escort or any(r["value_a"] != "facing" for r in escort):
    problems.append("the escort-directions comparison does not start from facing: " + str([(r["value_a"], r["value_b"]) for r in escort]))
if any(r["others"] != ["escort-directions=facing"] for r in report["rulings"] if r["ruling"] != "escort-directions"):
    problems.append("a comparison does not hold escort-directions=facing")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
then pass; else fail "audit --rule: the checks or the report do not follow it" "$tmp/why"; fi

# Legible diagrams: each board is drawn wide enough that its smallest label is at least 2.4 mm
# high (9 px on screen), so a 61-field board is wider than a 2x2 one, and none narrower than 4 cm.
if python3 - "$tmp/np/audit.html" <<'PY' >"$tmp/why"
import re, sys
widths, problems = [], []
for svg in re.findall(r"<svg [^>]*>.*?</svg>", open(sys.argv[1]).read(), re.S):
    size = re.match(r'<svg [^>]*width="([0-9.]+)mm"[^>]*viewBox="0 0 ([0-9.]+) [0-9.]+"', svg)
    if not size:
        continue  # a chart, sized by the page
    fonts = [float(f) for f in re.findall(r'font-size="([0-9.]+)"', svg)]
    label_mm = min(fonts) * float(size.group(1)) / float(size.group(2)) if fonts else 99
    widths.append(float(size.group(1)))
    if label_mm < 2.4 or float(size.group(1)) < 40:
        problems.append("%smm wide, smallest label %.2f mm" % (size.group(1), label_mm))
if len(widths) < 10 or max(widths) < 2 * min(widths):
    problems.append("the diagrams do not follow their boards: widths " + str(sorted(set(widths))))
print("\n".join(sorted(set(problems))))
sys.exit(1 if problems else 0)
PY
then pass; else fail "diagrams too small to read" "$tmp/why"; fi

# Interrupted (SIGINT once the report folder is made and the audit under way): no report and no
# empty folder left behind; a folder that was there before is kept with what it held.
"$arbiter" audit quentin --quick --report "$tmp/fresh/report" >"$tmp/out" 2>"$tmp/err" &
pid=$!
while kill -0 "$pid" 2>/dev/null && [ ! -d "$tmp/fresh/report" ]; do sleep 0.01; done
kill -INT "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" -eq 130 ] && [ ! -e "$tmp/fresh" ] && grep -q "^arbiter: interrupted by SIGINT; no report written" "$tmp/err"; then pass; else
  fail "interrupted audit: exit $status, $(ls -R "$tmp/fresh" 2>&1 | tr '\n' ' ')" "$tmp/err"; fi
mkdir -p "$tmp/kept" && echo "mine" >"$tmp/kept/notes.txt"
: >"$tmp/out"  # the wait below reads it: the last run's lines must not pass for this one's
"$arbiter" audit quentin --quick --report "$tmp/kept" >"$tmp/out" 2>"$tmp/err" &
pid=$!
while kill -0 "$pid" 2>/dev/null && ! grep -q '^quentin ' "$tmp/out"; do sleep 0.01; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" -eq 143 ] && [ "$(ls -A "$tmp/kept")" = notes.txt ]; then pass; else
  fail "interrupted audit into a folder that was there: exit $status, left $(ls -A "$tmp/kept" | tr '\n' ' ')" "$tmp/err"; fi

# Stopped while a derived claim's premise is being proved (Brique's no-draw-every-size, whose
# premise invariant-inductive-every-size takes 3-5 s here and so runs into its 1 s timeout: a
# second or more in which to stop it): the row says "stopped", as `prove` shows it, not "unknown"
# (which is Z3's own: it could not decide).
: >"$tmp/out"
"$arbiter" audit brique --quick --proof-timeout 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
while kill -0 "$pid" 2>/dev/null && ! grep -q '^brique  *proof  *no-draw (size 2)' "$tmp/out"; do sleep 0.01; done
kill -INT "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" -eq 130 ] && grep -Eq '^brique +proof +no-draw-every-size +derived +1 +stopped +[0-9.]+$' "$tmp/out"; then pass; else
  fail "audit stopped in a derived proof: exit $status, $(grep no-draw-every-size "$tmp/out")" "$tmp/err"; fi

# Stopped inside a long conformance battery (here its second check, of 100,000 games), the audit
# ends on its own within the 3 s grace period: the battery polls the request between positions and
# games (it did not, and the grace period's cut ended the process, "abandoned").
: >"$tmp/out"
"$arbiter" audit brique --games 100000 >"$tmp/out" 2>"$tmp/err" &
pid=$!
while kill -0 "$pid" 2>/dev/null && ! grep -q '^brique  *conformance' "$tmp/out"; do sleep 0.01; done
kill -INT "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" -eq 130 ] && grep -q "^arbiter: interrupted by SIGINT; no report written" "$tmp/err" && ! grep -q "abandoned" "$tmp/err"; then
  pass; else fail "audit stopped in its conformance battery: exit $status" "$tmp/out" "$tmp/err"; fi

# An unwritable folder: one line, exit 2, before any work.
"$arbiter" audit quentin --quick --report /proc/arbiter-report >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^arbiter: error: ' "$tmp/err"; then pass; else
  fail "unwritable report folder: exit $status, $(cat "$tmp/err")"; fi
"$arbiter" audit quentin --games 0 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && pass || fail "--games 0 accepted"

finish

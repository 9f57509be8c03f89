#!/usr/bin/env bash
# The command line as a user meets it: bad input gives exactly one line on stderr and exit 2,
# and the everyday commands work for every registered game. Usage: cli_errors.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

# expect_ok DESCRIPTION PATTERN ARGS... : exit 0 and stdout matching PATTERN
expect_ok() {
  local what="$1" pattern="$2"; shift 2
  "$arbiter" "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne 0 ] || ! grep -qE -- "$pattern" "$tmp/out"; then
    echo "FAIL ($what): arbiter $* -> exit $status"; head -20 "$tmp/out" "$tmp/err"
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}

expect_error "unknown command" frobnicate
expect_error "unknown game" rules nosuchgame
expect_error "unknown option" rules --bogus
expect_ok "overview" "commands:" --help

# Exit statuses: the overview gives the common ones, an internal error's its own (70, not 3, which
# verify-proof gives a partial analysis), and points to README.md's table, which has a row for
# every command the overview lists; audit's and check's help say when they exit 1.
expect_ok "overview: exit statuses" '70 internal error.*README.md, "Exit statuses"' --help
readme="$(dirname "$0")/../../README.md"
table=$(sed -n '/^## Exit statuses$/,/^## /p' "$readme" | grep '^| `')
for command in $(sed -n '/^commands:/,/^$/p' "$tmp/out" | awk 'NF > 1 { print $1 }'); do
  cut -d'|' -f2 <<<"$table" | grep -qE "\`$command( [a-z-]+)?\`" && pass ||
    fail "README.md's \"Exit statuses\" has no row for $command"
done
expect_ok "audit --help: when it exits 1" 'exit 1 if a check fails' audit --help
expect_ok "check --help: when it exits 1" 'exit 1 if a property fails' check --help

# The stamp (scripts/version.sh, tests/cli/stamp.sh): 12 hex digits of the commit, "-dirty-" and 8
# of the uncommitted sources' hash when they differ from it, or "unknown" without git.
expect_ok "version" '^arbiter [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty-[0-9a-f]{8})?|unknown)\)$' --version

# expect_error_saying DESCRIPTION PATTERN ARGS... : expect_error, and the line matches PATTERN
expect_error_saying() {
  local what="$1" pattern="$2"; shift 2
  expect_error "$what" "$@"
  if ! grep -qE -- "$pattern" "$tmp/err"; then
    echo "FAIL ($what): arbiter $* -> stderr does not match '$pattern':"; cat "$tmp/err"
    failures=$((failures + 1))
  fi
}

# Output that cannot be written (a full disk) is an error, not a run that passes for printed.
if [ -w /dev/full ]; then
  "$arbiter" rules >/dev/full 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && grep -q '^arbiter: error: cannot write to standard output' "$tmp/err"; then pass; else
    fail "a full standard output: exit $status" "$tmp/err"; fi
  # JSON is written with stdio, which keeps its own error flag.
  "$arbiter" rules brique --json >/dev/full 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && grep -q '^arbiter: error: cannot write to standard output' "$tmp/err"; then pass; else
    fail "JSON to a full standard output: exit $status" "$tmp/err"; fi
fi

# A device or a file of megabytes is not a position: refused, not read until memory runs out.
expect_error_saying "an endless position file" "longer than 1 MiB" moves quentin --position /dev/zero
head -c 1100000 /dev/zero | tr '\0' 'B' >"$tmp/huge.txt"
expect_error_saying "a huge position file" "longer than 1 MiB" moves quentin --position "$tmp/huge.txt"
# The unknown game is named before any option the command would require of it.
for command in explain perft render solve; do
  expect_error_saying "$command of an unknown game" "^arbiter: error: unknown game 'Quentin'" "$command" Quentin
done
expect_error_saying "no command" "^arbiter: error: missing COMMAND"
expect_error_saying "--version with a word" "^arbiter: error: --version takes no arguments" --version extra

# A negative number for an unsigned option (a seed, a limit) is refused, not wrapped to 2^64-1.
expect_error_saying "negative seed" "^arbiter: error: --seed: expected a whole number of 0 or more, got '-1'$" metrics brique --size 3 --games 1 --seed -1
expect_error_saying "negative unit limit" "^arbiter: error: --max-units: expected a whole number of 1 or more, got '-2'$" solve brique --size 3 --max-units=-2

two_formats="^arbiter: error: --json and --markdown cannot be combined: choose one format$"
expect_error_saying "two output formats" "$two_formats" rules brique --json --markdown
expect_error_saying "two output formats" "$two_formats" perft brique --size 3 --depth 1 --json --markdown
expect_error "markdown without a game" rules --markdown
# rules GAME --rule: the reading's rulings in force, each ruling's value in force marked '*', a
# chosen one said to be chosen; validated as every command's --rule (an id too).
expect_ok "rules under a ruling" "^Rulings in force: .*pie=off.* \(the defaults but pie=off\)$" rules quentin --rule pie=off
grep -qx "    \* off (chosen with --rule): .*" "$tmp/out" && grep -qE "^      on \(default, [a-z]+\): " "$tmp/out" \
  && pass || fail "rules --rule marks the chosen value, not the default, as in force" "$tmp/out"
expect_ok "rules under a ruling given by its id" "\(the defaults but pie=off\)$" rules quentin --rule Q-9=off
expect_ok "rules --json under a ruling" '"in_force": "off"' rules quentin --rule pie=off --json
expect_error_saying "rules under an unknown ruling" "^arbiter: error: unknown ruling 'no-such' for --rule of quentin" rules quentin --rule no-such=1
expect_error_saying "rules under an unknown value" "^arbiter: error: ruling pie has no value 'maybe'" rules quentin --rule pie=maybe
expect_error_saying "rules --rule without a game" "^arbiter: error: --rule selects a reading of one game" rules --rule pie=off
expect_error_saying "rules --markdown --rule" "^arbiter: error: --markdown prints the table of defaults" rules quentin --markdown --rule pie=off
# A value that decides another ruling (Quentin's rules-version=boloa-wording is the mover-only
# diagonal rule) puts that ruling's value in force: every output states the value the game applies,
# and asking for the other value too is refused naming both rulings.
boloa_rulings="diagonal-rule=mover-only rules-version=boloa-wording"
expect_ok "rules under a ruling that sets another" "^Rulings in force: .* \(the defaults but $boloa_rulings\)$" \
  rules quentin --rule rules-version=boloa-wording
grep -qx "    \* mover-only (set by rules-version=boloa-wording): .*" "$tmp/out" && grep -qx "      all-stones (default, derived): .*" "$tmp/out" \
  && pass || fail "rules marks the diagonal reading rules-version=boloa-wording applies as in force" "$tmp/out"
expect_ok "rules --json under a ruling that sets another" '"in_force": "mover-only"' rules quentin --rule rules-version=boloa-wording --json
boloa_position="quentin 5 BWBBW/BWB.W/WWW.B/WB.../WBBWB white 15"
expect_ok "a position line under a ruling that sets another" "^Position: $boloa_position $boloa_rulings$" \
  moves quentin --position "$boloa_position rules-version=boloa-wording"
"$arbiter" explain quentin --position "$boloa_position rules-version=boloa-wording" d3 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^Position before move 1 from the given position ($boloa_position $boloa_rulings):$" "$tmp/out" \
  && grep -q "white stones e2 and d3 are diagonally adjacent" "$tmp/out" \
  && pass || fail "explain under rules-version=boloa-wording states and applies diagonal-rule=mover-only" "$tmp/out" "$tmp/err"
boloa_conflict="rules-version=boloa-wording sets diagonal-rule=mover-only, so it cannot be given with diagonal-rule=all-stones$"
expect_error_saying "a position line asking for a ruling and the value another one excludes" "^arbiter: error: $boloa_conflict" \
  explain quentin --position "$boloa_position rules-version=boloa-wording diagonal-rule=all-stones" d3
expect_error_saying "two --rule, one excluding the other's value" "^arbiter: error: $boloa_conflict" \
  explain quentin --size 5 --rule Q-4=all-stones --rule rules-version=boloa-wording c3
expect_error_saying "a --rule excluded by a ruling of the position line" \
  "^arbiter: error: rules-version=boloa-wording \(in the one-line position\) sets diagonal-rule=mover-only, so it cannot be given with diagonal-rule=all-stones$" \
  explain quentin --position "$boloa_position rules-version=boloa-wording" --rule diagonal-rule=all-stones d3
expect_error_saying "rulings diff of a ruling that a held ruling sets" "^arbiter: error: $boloa_conflict" \
  rulings diff quentin diagonal-rule --rule rules-version=boloa-wording --max-size 2
[ -s "$tmp/out" ] && fail "rulings diff printed a comparison before refusing a reading" "$tmp/out" || pass
# A --rule that contradicts a one-line position is named with both values, whether the line names
# the ruling or leaves it at its default.
expect_error_saying "a rule the one-line position leaves at its default" "under pie=on \(it names no pie, so the default\), and --rule asks for pie=off" \
  moves quentin --position "quentin 3 B../.../... white 1" --rule pie=off
expect_error_saying "a rule the one-line position names otherwise" "under pie=off, and --rule asks for pie=on: write pie=on in the line in place of pie=off" \
  moves quentin --position "quentin 3 B../.../... white 1 pie=off" --rule pie=on
expect_ok "a rule the one-line position names alike" "^Position: quentin 3 B../.../... white 1 pie=off$" \
  moves quentin --position "quentin 3 B../.../... white 1 pie=off" --rule pie=off
# A user's test: positions no game reaches at its first plies were read (stones at ply 0, a White
# stone before White's turn, two stones before the swap, pieces on Hexabrae's empty start).
expect_error_saying "stones at ply 0" "no game reaches this position: at ply 0 a position must be the initial position \\(quentin 3 [.]{3}/[.]{3}/[.]{3} black 0\\)$" \
  moves quentin --position "quentin 3 WWW/.../... black 0"
expect_error_saying "no first move gives it" "at ply 1 a position must be one legal move from the initial position" \
  moves quentin --position "quentin 3 .W./.../.B. white 1"
expect_error_saying "two stones before the swap" "at ply 2 \\(swapped\\) a position must be two legal moves" \
  moves quentin --position "quentin 3 BW./.../... white 2 swapped"
expect_error_saying "pieces at Hexabrae's ply 0" "at ply 0 a position must be the initial position \\(hexabrae 2 white 0\\)" \
  moves hexabrae --position "hexabrae 2 Wc3/1 Ba1/0 Be1/0 white 0"
expect_ok "a position one move from the start" "^Position: quentin 3 .../.B./... white 1$" moves quentin --position "quentin 3 .../.B./... white 1"
# prove checks every size of --sizes before proving or storing anything under it.
expect_error_saying "prove at size 0" "--sizes 0: board size 0 is not allowed" prove brique invariant-inductive --sizes 0
expect_error_saying "prove from size 1" "--sizes 1-3: board size 1 is not allowed" prove quentin all --sizes 1-3
expect_error_saying "prove's differential at size 0" "board size 0 is not allowed" prove brique --differential --sizes 0
# prove checks where it keeps its verdicts before it proves anything: one line naming the option,
# the path and the reason, exit 2 (it failed after the proofs, with an internal error).
: >"$tmp/a-file"
expect_error_saying "prove --state on a file" "^arbiter: error: --state '$tmp/a-file': it is not a directory$" \
  prove quentin all --sizes 2 --state "$tmp/a-file"
expect_error_saying "prove --state where no directory can be made" \
  "^arbiter: error: --state '$tmp/a-file/state': cannot create it: Not a directory$" \
  prove quentin all --sizes 2-3 --timeout 5 --state "$tmp/a-file/state"
expect_error_saying "prove --results on a directory" "^arbiter: error: --results '$tmp': it is not a regular file$" \
  prove quentin all --sizes 2 --results "$tmp"
expect_error_saying "prove --results in a file" "^arbiter: error: --results '$tmp/a-file/r.tsv': its folder '$tmp/a-file' is not a directory$" \
  prove quentin all --sizes 2 --results "$tmp/a-file/r.tsv"
# A --results FILE in a folder that is not there is refused as --out and --db are (the whole path
# was made, a mistyped one too).
expect_error_saying "prove --results in a missing folder" "^arbiter: error: --results '$tmp/no-such/deep/r.tsv': its folder '$tmp/no-such/deep' does not exist$" \
  prove brique turns-place-stones --results "$tmp/no-such/deep/r.tsv"
[ ! -e "$tmp/no-such" ] && pass || fail "prove --results made the folders of a missing path"
# A negative number is refused with the option's own range, not one the command then refuses too.
expect_error_saying "solve --tt-mb negative" "^arbiter: error: --tt-mb: expected a whole number from 1 to 65536, got '-5'$" \
  solve brique --size 3 --tt-mb -5
expect_error_saying "solve --max-units 0" "^arbiter: error: --max-units: expected a whole number of 1 or more, got '0'$" \
  solve brique --size 3 --max-units 0
# A table larger than the machine can map is bad input named in one line, never an internal error
# (where the machine can map 64 GiB, the solve simply runs).
"$arbiter" solve brique --size 2 --tt-mb 65536 >"$tmp/out" 2>"$tmp/err"
status=$?
{ [ $status -eq 0 ] || { [ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -le 2 ] &&
  grep -q "^arbiter: error: cannot reserve 65536 MiB of memory for the search table: .* (give a smaller --tt-mb)$" "$tmp/err"; }; } &&
  pass || fail "solve with a table larger than memory: exit $status" "$tmp/err"
# A file of another kind (a note, a puzzle store) is not appended to, with --fresh or without.
printf 'hello\n' >"$tmp/notes.txt"
expect_error_saying "prove --results on a foreign file" \
  "^arbiter: error: the results file '$tmp/notes.txt' holds no verdict record: it is not a prove results file" \
  prove quentin all --sizes 2 --results "$tmp/notes.txt"
expect_error_saying "prove --results --fresh on a foreign file" "holds no verdict record" \
  prove quentin all --sizes 2 --fresh --results "$tmp/notes.txt"
[ "$(cat "$tmp/notes.txt")" = hello ] && pass || fail "prove appended to a foreign results file" "$tmp/notes.txt"
# The state directory's own results file, not a results file: named with --state, since the user
# gave no file ("give another file, or none" named neither).
mkdir -p "$tmp/garbage-state" && printf 'hello\n' >"$tmp/garbage-state/prove-quentin.tsv"
expect_error_saying "prove --state holding a foreign results file" \
  "^arbiter: error: --state '$tmp/garbage-state': the results file '$tmp/garbage-state/prove-quentin.tsv' holds no verdict record: it is not a prove results file \\(prove keeps its verdicts for quentin in that file: move it away, or give another --state or --results FILE\\)$" \
  prove quentin all --sizes 2 --state "$tmp/garbage-state"
# A last record cut short (a run killed mid-write) is decided again and kept on a line of its own.
"$arbiter" prove brique all --sizes 2 --results "$tmp/cut.tsv" >/dev/null 2>&1
records=$(wc -l <"$tmp/cut.tsv")
last=$(tail -1 "$tmp/cut.tsv" | wc -c)
head -c -$((last / 2)) "$tmp/cut.tsv" >"$tmp/cut2.tsv"
"$arbiter" prove brique all --sizes 2 --results "$tmp/cut2.tsv" >/dev/null 2>"$tmp/err"
# Said to look cut short, not to be an older arbiter's record without a checksum.
grep -q "^arbiter: warning: $tmp/cut2.tsv: the stored verdict of .* looks cut short (the file's last line, without its newline: a run ended while keeping it): it is decided again$" "$tmp/err" &&
  pass || fail "a cut last record is said to look cut short" "$tmp/err"
"$arbiter" prove brique all --sizes 2 --results "$tmp/cut2.tsv" >"$tmp/again" 2>/dev/null
grep -q "^state: $tmp/cut2.tsv ($records stored verdicts reused; nothing new kept)" "$tmp/again" && pass ||
  fail "a cut last record is not kept again on its own line" "$tmp/again" "$tmp/cut2.tsv"
# Still said to be cut once a run that does not need it has ended its line and kept records after
# it (it was then said to have no checksum, "kept by an older arbiter"): a size-2 record cut inside
# its twelfth field, then a run at size 3, then one at size 2.
kept=$(awk -F'\t' '$5 == 2' "$tmp/cut.tsv" | head -1)
awk -F'\t' -v kept="$kept" '$0 != kept' "$tmp/cut.tsv" >"$tmp/cut3.tsv"
part=$(printf '%s' "$kept" | cut -f1-11)
printf '%s' "${part%??}" >>"$tmp/cut3.tsv"
"$arbiter" prove brique all --sizes 3 --results "$tmp/cut3.tsv" >/dev/null 2>&1
"$arbiter" prove brique all --sizes 2 --results "$tmp/cut3.tsv" >/dev/null 2>"$tmp/err"
grep -q "^arbiter: warning: $tmp/cut3.tsv: the stored verdict of .* size 2 was cut short (a run ended while keeping it; a later run ended its line): it is decided again$" "$tmp/err" &&
  pass || fail "a cut record followed by later ones is said to be cut" "$tmp/err" "$tmp/cut3.tsv"
# A stored verdict changed after it was kept is not reused: named in one line and decided again
# ("refuted" edited to "proved" printed "proved (reused ...)", exit 0).
"$arbiter" prove quentin mover-can-move --sizes 5 --results "$tmp/q.tsv" >/dev/null 2>&1
sed 's/\trefuted\t/\tproved\t/' "$tmp/q.tsv" >"$tmp/q2.tsv"
"$arbiter" prove quentin mover-can-move --sizes 5 --results "$tmp/q2.tsv" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q '^mover-can-move  *size 5  *refuted ' "$tmp/out" && ! grep -q reused "$tmp/out" &&
   grep -qx "arbiter: warning: $tmp/q2.tsv: the stored verdict of mover-can-move size 5 fails its checksum (changed since it was kept): it is decided again" "$tmp/err"; then pass; else
  fail "an edited stored verdict is decided again -> exit $status" "$tmp/out" "$tmp/err"; fi
# A research note's claim refuted says so under its row, with the audit's word (the text said only
# "refuted", as for a rule text's claim found false; --json had audit_verdict note-refuted).
grep -A1 '^mover-can-move  *size 5  *refuted ' "$tmp/out" | grep -q "^note-refuted: a research note's claim, not a rule text's claim (" &&
  pass || fail "prove marks a research note's claim refuted" "$tmp/out"
expect_error_saying "prove --state given empty" "^arbiter: error: --state needs a directory" prove quentin all --sizes 2 --state ""
# Every other option that names a file or a folder: a bad path is one line naming the option, the
# path and the reason, exit 2, before any work (solve named only the journal's subfolder, render
# and puzzles neither the option nor why; an empty --state, --proof, --out or --report acted as if
# left out).
expect_error_saying "solve --state on a file" "^arbiter: error: --state '$tmp/a-file': it is not a directory$" \
  solve quentin --size 3 --state "$tmp/a-file"
expect_error_saying "solve --resume --state where no directory can be made" \
  "^arbiter: error: --state '$tmp/a-file/state': cannot create it: Not a directory$" solve quentin --size 3 --resume --state "$tmp/a-file/state"
expect_error_saying "solve --state given empty" "^arbiter: error: --state needs a directory, got ''$" solve quentin --size 3 --state ""
expect_error_saying "solve --proof in a missing folder" "^arbiter: error: --proof '$tmp/none/p.cert': its folder '$tmp/none' does not exist$" \
  solve quentin --size 3 --proof "$tmp/none/p.cert"
expect_error_saying "solve --proof on a directory" "^arbiter: error: --proof '$tmp': it is a directory$" solve quentin --size 3 --proof "$tmp"
expect_error_saying "solve --proof given empty" "^arbiter: error: --proof needs a file name, got ''$" solve quentin --size 3 --proof ""
expect_error_saying "puzzles generate --db in a file" "^arbiter: error: --db '$tmp/a-file/p.db': its folder '$tmp/a-file' is not a directory$" \
  puzzles generate brique --kind within-1 --count 1 --db "$tmp/a-file/p.db"
expect_error_saying "puzzles list --db missing" "^arbiter: error: --db '$tmp/absent.db': no such file$" puzzles list --db "$tmp/absent.db"
expect_error_saying "puzzles show --db on a directory" "^arbiter: error: --db '$tmp': it is a directory$" puzzles show 1 --db "$tmp"
# A directory where SQLite keeps the store's write-ahead log (-wal) or its index (-shm) is named
# (a writer failed "unable to open database file", "disk I/O error (Is a directory)" or "attempt to
# write a readonly database", naming neither); a reader reads the store without them.
mkdir "$tmp/walled.db-wal"
expect_error_saying "puzzles generate --db whose -wal is a directory" \
  "^arbiter: error: --db '$tmp/walled.db': '$tmp/walled.db-wal', where SQLite keeps the store's write-ahead log, is a directory: " \
  puzzles generate quentin --size 5 --kind within-1 --count 1 --db "$tmp/walled.db"
"$arbiter" puzzles generate quentin --size 5 --kind within-1 --count 1 --db "$tmp/kept.db" >"$tmp/out" 2>&1 || fail "a store to give a -shm directory" "$tmp/out"
mkdir "$tmp/kept.db-shm"
expect_error_saying "puzzles generate --db (a store) whose -shm is a directory" \
  "^arbiter: error: --db '$tmp/kept.db': '$tmp/kept.db-shm', where SQLite keeps the store's write-ahead log's index, is a directory: " \
  puzzles generate quentin --size 5 --kind within-1 --count 2 --db "$tmp/kept.db"
expect_ok "puzzles list --db (a store) whose -shm is a directory" "^1 puzzle$" puzzles list --db "$tmp/kept.db"
: >"$tmp/empty.db"
# --difficulty says its problem as every option does (it said "bad difficulty range '2-x' (expected
# A-B ...)"), and the puzzle's id is "ID" however it is given (after "--" it was "--id", Boost's name).
expect_error_saying "puzzles list --difficulty 2-x" "^arbiter: error: --difficulty: expected N or A-B, .*, got '2-x'$" \
  puzzles list --db "$tmp/empty.db" --difficulty 2-x
expect_error_saying "puzzles show 1e2" "^arbiter: error: ID: expected a whole number .*, got '1e2'$" puzzles show 1e2 --db "$tmp/empty.db"
expect_error_saying "puzzles show -- -1 --db" "^arbiter: error: ID: expected a whole number .*, got '-1'$" puzzles show -- -1 --db "$tmp/empty.db"
expect_error_saying "book --db missing" "^arbiter: error: --db '$tmp/absent.db': no such file$" book --db "$tmp/absent.db" --out "$tmp/book"
expect_error_saying "audit --report on a file" "^arbiter: error: --report '$tmp/a-file': it is not a directory$" \
  audit quentin --quick --report "$tmp/a-file"
expect_error_saying "audit --report given empty" "^arbiter: error: --report needs a directory, got ''$" audit quentin --quick --report ""
# A game named twice would be audited twice and counted twice: refused.
expect_error_saying "audit of a game named twice" "^arbiter: error: game 'brique' is named twice: each game is audited once$" \
  audit brique brique --quick --no-proofs
# audit --rule goes to every game audited that has the ruling; one that none has, or a value a
# game does not know, is refused before anything runs.
expect_error_saying "audit --rule of a ruling no game audited has" \
  "^arbiter: error: --rule 'diagonal-rule=mover-only': no game audited \(brique\) has a ruling 'diagonal-rule'" \
  audit brique --quick --no-proofs --rule diagonal-rule=mover-only
expect_error_saying "audit --rule with a value the game does not know" "sideways" \
  audit brique quentin --quick --no-proofs --rule escort-directions=sideways
expect_error_saying "metrics --out in a missing folder" "^arbiter: error: --out '$tmp/none/chart.svg': its folder '$tmp/none' does not exist$" \
  metrics brique --size 3 --games 1 --out "$tmp/none/chart.svg"
expect_error_saying "metrics --out given empty" "^arbiter: error: --out needs a file name, got ''$" metrics brique --size 3 --games 1 --out ""
mkdir -p "$tmp/folder.svg"
expect_error_saying "render --out on a directory" "^arbiter: error: --out '$tmp/folder.svg': it is a directory$" render brique --out "$tmp/folder.svg"
expect_error_saying "rulings diff --out in a missing folder" \
  "^arbiter: error: --out '$tmp/none/diff.svg' \('$tmp/none/diff-[a-z0-9-]+\.svg'\): its folder '$tmp/none' does not exist$" \
  rulings diff brique pie --out "$tmp/none/diff.svg"
# An image name whose ending names no format: the message names the option, as for every path.
unknown_format=": cannot tell the image format from the name: end it in .svg, .png or .pdf$"
expect_error_saying "render --out board.jpg" "^arbiter: error: --out '$tmp/board.jpg'$unknown_format" render brique --out "$tmp/board.jpg"
expect_error_saying "metrics --out chart.txt" "^arbiter: error: --out '$tmp/chart.txt'$unknown_format" \
  metrics brique --size 3 --games 1 --out "$tmp/chart.txt"
expect_error_saying "rulings diff --out diff" "^arbiter: error: --out '$tmp/diff'$unknown_format" rulings diff brique pie --out "$tmp/diff"
expect_error_saying "verify-proof of a directory" "^arbiter: error: cannot read the certificate '$tmp': it is a directory$" verify-proof "$tmp"
# A file with no newline for ever (/dev/zero) is refused at its first line, not read into memory
# until the machine runs out (it read one endless line).
timeout 20 "$arbiter" verify-proof /dev/zero >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q "^arbiter: error: .*not an Arbiter certificate" "$tmp/err"; then pass; else
  fail "verify-proof /dev/zero: exit $status (expected 2, refused at its first line): $(head -c 300 "$tmp/err")"
fi
expect_error_saying "--position of a missing file" "^arbiter: error: --position: no such file '$tmp/absent.txt'$" \
  moves brique --position "$tmp/absent.txt"
[ -e "$tmp/none" ] && fail "a bad path left a folder behind: $(ls -R "$tmp/none")"
# An option that does nothing in a mode of prove is refused, not ignored.
expect_error_saying "prove --list with --sizes" "^arbiter: error: --sizes has no effect with --list" prove quentin --list --sizes 3
expect_error_saying "prove --list with a claim" "^arbiter: error: --list takes no claim name" prove quentin all --list
expect_error_saying "prove --differential with --state" "^arbiter: error: --state has no effect with --differential" \
  prove quentin --differential --sizes 2 --pairs 10 --state "$tmp/prove-state"
expect_error_saying "prove with --seed" "^arbiter: error: --seed has no effect without --differential" \
  prove quentin no-two-winners --sizes 2 --seed 3 --state "$tmp/prove-state"
# A verdict is stated with what it holds under: the output starts with the sizes and every
# ruling's value. The closing line counts the verdicts kept and reused, and a reused verdict names
# the arbiter that kept it.
expect_ok "prove names its scope" "^Z3 proofs of quentin's claims \(no-two-winners\), size 2, timeout 20 s per claim and size$" \
  prove quentin no-two-winners --sizes 2 --timeout 20 --rule pie=off --state "$tmp/prove-state"
grep -qE "^rulings: ([a-z-]+=[a-z0-9-]+ )+\(the defaults but pie=off\)$" "$tmp/out" && grep -q " pie=off " "$tmp/out" \
  && grep -qx "state: $tmp/prove-state/prove-quentin.tsv (1 new verdict kept)" "$tmp/out" \
  && pass || fail "prove names every ruling in force and counts what it kept" "$tmp/out"
# A claim about every size names no size: none was asked of it (the header said "size 13").
"$arbiter" prove quentin no-draw-every-size --timeout 20 --state "$tmp/prove-state" >"$tmp/out" 2>"$tmp/err"
head -1 "$tmp/out" | grep -qx "Z3 proofs of quentin's claims (no-draw-every-size), every size, timeout 20 s per claim" \
  && pass || fail "prove names no size for a claim about every size" "$tmp/out" "$tmp/err"
expect_ok "prove marks a reused verdict" "^no-two-winners .* proved .*\(reused; stored by arbiter [0-9.]+ \(commit [^)]+\)\)$" \
  prove quentin no-two-winners --sizes 2 --timeout 20 --rule pie=off --state "$tmp/prove-state"
grep -qx "state: $tmp/prove-state/prove-quentin.tsv (1 stored verdict reused; nothing new kept)" "$tmp/out" \
  && pass || fail "prove counts what it reused" "$tmp/out"
# --rule takes a ruling's id as well as its name (`rules` lists both), and all that follows sees the
# name only: prove's verdict key and solve's state, JSON, one-line positions, a conflict with a
# line, a ruling given twice. The id is matched exactly, as --compare-ruling's is.
expect_ok "prove under a ruling given by its id reuses the verdict kept under its name" "\(reused; stored by " \
  prove quentin no-two-winners --sizes 2 --timeout 20 --rule Q-9=off --state "$tmp/prove-state"
grep -q " (the defaults but pie=off)$" "$tmp/out" && pass || fail "prove names a ruling given by its id by its name" "$tmp/out"
for given in majority Q-2; do
  "$arbiter" solve quentin --size 3 --rule "$given=adjacencies" --tt-mb 1 >"$tmp/out" 2>"$tmp/err"
  grep -E '^(Position|Value|Winning moves|Principal line):' "$tmp/out" >"$tmp/solve-$given"
  grep '^state: ' "$tmp/err" >>"$tmp/solve-$given"
done
grep -qx "Position: quentin 3 .../.../... black 0 majority=adjacencies" "$tmp/solve-Q-2" && diff "$tmp/solve-majority" "$tmp/solve-Q-2" >"$tmp/diff" \
  && pass || fail "solve with --rule Q-2=adjacencies differs from --rule majority=adjacencies" "$tmp/solve-Q-2" "$tmp/diff"
"$arbiter" check quentin --size 3 --rule Q-9=off --cases 1 --property never-two-winners --json >"$tmp/out" 2>"$tmp/err"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["rulings"] == ["pie=off"]' "$tmp/out" 2>/dev/null \
  && pass || fail "check --json names a ruling given by its id by its name" "$tmp/out" "$tmp/err"
expect_error_saying "a rule given by its id that the one-line position names otherwise" \
  "under pie=off, and --rule asks for pie=on: write pie=on in the line" \
  moves quentin --position "quentin 3 B../.../... white 1 pie=off" --rule Q-9=on
expect_error_saying "a ruling given by its id and by its name" "^arbiter: error: ruling pie is given twice, as off and on$" \
  moves quentin --rule Q-9=off --rule pie=on
expect_error_saying "a ruling id in the wrong case" \
  "^arbiter: error: unknown ruling 'q-9' for --rule of quentin \(known: Q-1 edges-count, .*, Q-9 pie\)$" moves quentin --rule q-9=off
expect_ok "--rule's help names the id" "NAME=VALUE or ID=VALUE" moves --help
# Positional arguments are named as the usage line names them, not as the options Boost makes of them.
expect_error_saying "a missing positional argument" "^arbiter: error: missing FILE \(usage: arbiter verify-proof FILE " verify-proof
expect_error_saying "a missing second positional argument" "^arbiter: error: missing RULING \(usage: arbiter rulings diff GAME RULING " \
  rulings diff quentin
# Without its action the game is taken for one: the action is what is wrong, not a missing RULING.
expect_error_saying "rulings without its action" "^arbiter: error: unknown rulings action 'brique' \(known: diff, as in arbiter rulings diff GAME RULING " \
  rulings brique light-squares
expect_error_saying "rulings with an unknown action" "^arbiter: error: unknown rulings action 'foo' " rulings foo brique
expect_error_saying "rulings diff without a game" "^arbiter: error: missing GAME \(usage: arbiter rulings diff " rulings diff
expect_error_saying "a word too many" "^arbiter: error: unexpected argument 'c3' \(usage: arbiter solve GAME " solve brique --size 4 c3
expect_error_saying "a positional argument of the wrong type" "^arbiter: error: ID: expected a whole number from 1 to 9223372036854775807, got 'abc'$" \
  puzzles show abc --db "$tmp/no-such.db"
# explain is asked about its last move: an illegal one is explained on stdout and exits 1; an
# earlier illegal move is bad input (exit 2), as --help and the README say.
"$arbiter" explain brique --size 3 b2 b2 >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] && grep -q "^Verdict: illegal. " "$tmp/out" && [ ! -s "$tmp/err" ] \
  && pass || fail "explain of an illegal last move exits 1 with the verdict (exit $status)" "$tmp/out" "$tmp/err"
expect_error_saying "explain after an illegal earlier move" "move 2" explain brique --size 3 b2 b2 c3
# A word that is no move at all is named by its number, the move explained as an earlier one.
expect_error_saying "explain of a last word that is no move" "^arbiter: error: move 2: not a Brique move: 'zz'" explain brique --size 3 b2 zz
expect_error_saying "explain of an earlier word that is no move" "^arbiter: error: move 1: not a Brique move: 'zz'" explain brique --size 3 zz b2
expect_error_saying "explain --json of a last word that is no move" "^arbiter: error: move 2: " explain brique --size 3 b2 zz --json
# perft's text says why it claims no agreement where --json's not_compared does.
expect_ok "perft of a game with one implementation" "^not compared: the game has one implementation$" perft hexabrae --depth 1
expect_ok "perft of one implementation asked for" "^not compared: one implementation was asked for \(--impl fast\)$" perft brique --size 3 --depth 1 --impl fast
# perft counts move sequences (the leaves of the tree), not distinct positions, and says so.
expect_ok "perft's help says what it counts" "count move sequences \(leaves, not distinct positions\)" perft --help
expect_ok "perft's table names the count" "^\| depth \| move sequences \(fast\) \| finished \(fast\) \|$" perft hexabrae --size 2 --depth 1 --markdown
expect_ok "perft's text names the count" "^depth +fast:sequences +fast:finished$" perft hexabrae --size 2 --depth 1
expect_ok "explain's help gives its exit status" "exit 1 if it is illegal" --help
expect_error_saying "explain without a move" "^arbiter: error: explain needs a MOVE" explain quentin --position "quentin 3 B../.../... white 1"
expect_error_saying "a ruling id inside a one-line position" \
  "^arbiter: error: ruling 'Q-9' is an id: a position names its rulings, so write pie=off \(quentin Q-9\)$" \
  moves quentin --position "quentin 3 B../.../... white 1 Q-9=off"
# A Brique square both of whose escorts are black but which is empty after White's turn: no game
# reaches it (Black's last fill took it, White's turns empty no square), so explain gives no cause.
expect_error_saying "a Brique position with a square the fill rule would have filled" \
  "^arbiter: error: no game reaches this position: square c3 must already hold a black stone: both its escorts \(c2 in front of it and b3 to the left of it\) are black, " \
  explain brique --position "brique 5 ...../..B../.B.../...../W...W black 4" e1
expect_error_saying "bench of a finished game" "nothing to play out" bench brique --position "brique 2 BW/B. white 3"
# A finished position is bad input to solve as to bench (docs/solver.md, docs/json.md): one line,
# exit 2, and under --json no document.
for json in "" --json; do
  expect_error_saying "solve of a finished game${json:+ $json}" \
    "^arbiter: error: the position is already over \(Black wins\): nothing to solve$" solve brique --position "brique 2 BW/B. white 3" $json
  [ -s "$tmp/out" ] && fail "solve$json of a finished game printed output" "$tmp/out" || pass
done
expect_error_saying "bench --json of a finished game" "nothing to play out" bench brique --position "brique 2 BW/B. white 3" --json
[ -s "$tmp/out" ] && fail "bench --json of a finished game printed output" "$tmp/out" || pass

expect_error_saying "rules --summary without a game" "name the game" rules --summary
games=$("$arbiter" rules | grep -E '^[a-z]' | cut -d' ' -f1)
[ -n "$games" ] || { echo "FAIL: no games listed"; failures=$((failures + 1)); }
for game in $games; do
  expect_ok "$game rules" "default" rules "$game"
  expect_error "$game impossible size" explain "$game" --size 999 pass
  expect_error "$game negative size" perft "$game" --size -3 --depth 1
  expect_error "$game unknown ruling" explain "$game" --rule no-such-ruling=1 pass
  expect_error "$game ruling without value" explain "$game" --rule justaname pass
  expect_error "$game malformed position" explain "$game" --position "$(printf 'this is\nnot a\nboard')" pass
  expect_error "$game malformed one-line position" explain "$game" --position "$game 5 ???" pass
  expect_error "$game malformed move" explain "$game" "@@@"
  # 0 is a size like any other wrong one, and a given position that is blank is no position: neither
  # may fall back on the default size or the initial position.
  expect_error_saying "$game size 0" "^arbiter: error: --size: expected a whole number from 1 to 999, got '0' \(leave --size out for the game's own size" \
    moves "$game" --size 0
  : >"$tmp/empty.txt"
  expect_error_saying "$game empty position file" "is empty" moves "$game" --position "$tmp/empty.txt"
  expect_error_saying "$game blank position" "is empty" moves "$game" --position " "
  expect_error_saying "$game empty standard input" "on standard input is empty" moves "$game" --position - </dev/null
  # An illegal move inside a record is reported by its own number and reason, not glued to the
  # words after it: the first legal move played twice, then a word that is no move.
  first=$("$arbiter" moves "$game" | sed -n 's/^Legal moves ([0-9]*): //p' | sed 's/, /\n/g' | head -1)
  # shellcheck disable=SC2086 # the move's words are meant to be split, as a user types them
  expect_error_saying "$game illegal move inside a record" "^arbiter: error: move 2: [^z]*$" replay "$game" $first $first zz99
  expect_error "$game depth out of range" perft "$game" --depth 99
  expect_error "$game unknown implementation" perft "$game" --depth 1 --impl nosuch
  expect_error "$game differential with no pairs" prove "$game" --differential --pairs 0
  expect_error "$game differential with a claim name" prove "$game" some-claim --differential
  expect_ok "$game perft" "^ *2 +[0-9]+" perft "$game" --depth 2
  expect_error_saying "$game missing position file" "no such file 'no-such-board.txt'" \
    explain "$game" --position no-such-board.txt pass
  expect_error_saying "$game position file is a directory" "is a directory" explain "$game" --position "$tmp" pass
  # --position - reads the position from standard input.
  start=$("$arbiter" replay "$game" | sed -n 's/^Position: //p')
  if ! echo "$start" | "$arbiter" replay "$game" --position - >"$tmp/out" 2>"$tmp/err" ||
     ! grep -qF "Position: $start" "$tmp/out"; then
    echo "FAIL ($game --position -): "; cat "$tmp/out" "$tmp/err"; failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
  # Every implementation perft compares reads the same standard input.
  if ! echo "$start" | "$arbiter" perft "$game" --position - --depth 1 >"$tmp/out" 2>"$tmp/err"; then
    echo "FAIL ($game perft --position -): "; cat "$tmp/out" "$tmp/err"; failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
  expect_ok "$game moves" "^Legal moves \([0-9]+\):" moves "$game"
  # --why lists refused candidates: at the start where the game refuses some there (a pass or swap
  # out of turn), else after its first move (the place it took, at least).
  why_moves=()
  "$arbiter" moves "$game" --why | grep -q '^Illegal moves (0)' && why_moves=("$first")
  expect_ok "$game moves --why" "^Illegal moves \([1-9][0-9]*\):" moves "$game" "${why_moves[@]}" --why
  expect_error "$game moves after a malformed move" moves "$game" "@@@"
  # Every implementation lists the same refused candidates (Brochs' reference listed none).
  "$arbiter" moves "$game" "${why_moves[@]}" --why >"$tmp/why.default" 2>&1
  for implementation in $("$arbiter" perft "$game" --depth 1 --json | python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["implementations"]))'); do
    "$arbiter" moves "$game" "${why_moves[@]}" --why --impl "$implementation" >"$tmp/why.$implementation" 2>&1
    if diff -q "$tmp/why.default" "$tmp/why.$implementation" >/dev/null; then pass; else
      fail "$game moves --why --impl $implementation differs from the default" "$tmp/why.$implementation"; fi
  done
  # A quoted move with a space in it is one move, never joined with the words after it.
  spaced=$("$arbiter" moves "$game" | sed -n 's/^Legal moves ([0-9]*): //p' | sed 's/, /\n/g' | grep ' ' | head -1)
  if [ -n "$spaced" ]; then
    expect_ok "$game quoted move" "^Record: $spaced\$" replay "$game" "$spaced"
    expect_error "$game quoted move then a bad one" replay "$game" "$spaced" zz99 "$spaced"
    if ! grep -q "^arbiter: error: move 2: .*'zz99'" "$tmp/err"; then
      echo "FAIL ($game quoted move): the bad move is not reported alone:"; cat "$tmp/err"; failures=$((failures + 1))
    fi
  fi
  # rulings diff: a reading against itself is an error; a search stopped early is never "no difference".
  ruling=$("$arbiter" rules "$game" | sed -n 's/^[A-Z]-[0-9]*  *\([a-z-]*\)  *--.*/\1/p' | head -1)
  default=$("$arbiter" rules "$game" | sed -n 's/^ *\* \([^ ]*\) (default.*/\1/p' | head -1)
  expect_error "$game rulings diff of a reading with itself" rulings diff "$game" "$ruling" "$default" "$default"
  # --time-limit as solve and generate name it (session 49: only --seconds was known); --seconds
  # is kept as another name for it.
  expect_error_saying "$game rulings diff with no time" "^arbiter: error: --time-limit: expected a number of seconds above 0 and at most 1000000, got '0'$" \
    rulings diff "$game" "$ruling" --time-limit 0
  expect_error_saying "$game rulings diff with no time (--seconds)" "^arbiter: error: --seconds: expected a number of seconds above 0 and at most 1000000, got '0'$" \
    rulings diff "$game" "$ruling" --seconds 0
  expect_error_saying "$game rulings diff with two time limits" "^arbiter: error: --seconds is another name for --time-limit" \
    rulings diff "$game" "$ruling" --seconds 1 --time-limit 1
  expect_error "$game rulings diff with no positions" rulings diff "$game" "$ruling" --max-positions 0
  expect_error_saying "$game rulings diff with the compared ruling fixed" "fixes the ruling under comparison" \
    rulings diff "$game" "$ruling" --rule "$ruling=$default"
  [ -s "$tmp/out" ] && fail "$game rulings diff printed before its error" "$tmp/out"
  # The ruling compared may be named by its id (as `rules` prints it): the same ruling as its name.
  id=$("$arbiter" rules "$game" | sed -n 's/^\([A-Z]-[0-9]*\)  *[a-z-]*  *--.*/\1/p' | head -1)
  # rules GAME --summary: the rules sheet, the paragraphs of a book's rules page (rules_summary in
  # --json), under the rulings in force (there was no way to print them but in a book).
  for rule in "" "$ruling=$default"; do
    "$arbiter" rules "$game" --summary ${rule:+--rule "$rule"} >"$tmp/summary" 2>"$tmp/err" &&
      "$arbiter" rules "$game" --json ${rule:+--rule "$rule"} >"$tmp/summary.json" 2>>"$tmp/err" ||
      fail "$game rules --summary ${rule:+--rule $rule}" "$tmp/err"
    if python3 - "$tmp/summary" "$tmp/summary.json" "$rule" <<'PY' >"$tmp/why"; then pass; else fail "$game rules --summary ${rule:+--rule $rule}" "$tmp/why"; fi
import json, sys
text = open(sys.argv[1]).read().split("\n")
paragraphs = json.load(open(sys.argv[2]))["game"]["rules_summary"]
if not paragraphs: sys.exit("rules --json has no rules_summary")
body = [line for line in text[1:] if line and not line.startswith("Rulings in force: ") and not line.startswith("A rule followed by a mark")]
if body != paragraphs: sys.exit("--summary printed %r, --json has %r" % (body, paragraphs))
if ("Rulings in force: " in "\n".join(text)) != bool(sys.argv[3]): sys.exit("the rulings in force are said only under --rule")
PY
  done
  expect_error_saying "$game rules --summary --markdown" "give one of them" rules "$game" --summary --markdown
  expect_error_saying "$game rulings diff by id with the compared ruling fixed" "fixes the ruling under comparison" \
    rulings diff "$game" "$id" --rule "$ruling=$default"
  expect_error_saying "$game metrics by id with the compared ruling fixed" "runs every reading" \
    metrics "$game" --compare-ruling "$id" --rule "$ruling=$default"
  expect_error_saying "$game rulings diff with the compared ruling fixed by its id" "fixes the ruling under comparison" \
    rulings diff "$game" "$ruling" --rule "$id=$default"
  expect_error_saying "$game metrics with the compared ruling fixed by its id" "runs every reading" \
    metrics "$game" --compare-ruling "$ruling" --rule "$id=$default"
  if [ "$game" = quentin ]; then
    expect_error_saying "$game metrics with an unknown ruling id" "unknown ruling 'Z-99' for --compare-ruling of $game \\(known: $id $ruling, " \
      metrics "$game" --compare-ruling Z-99
    expect_error_saying "$game rulings diff with an unknown ruling id" "unknown ruling 'Z-99'" rulings diff "$game" Z-99
  fi
  time_option=--time-limit
  [ "$game" = brique ] && time_option=--seconds
  "$arbiter" rulings diff "$game" "$ruling" "$time_option" 0.000001 >"$tmp/out" 2>"$tmp/err"
  status=$?
  if ! grep -q "readings differ" "$tmp/out" &&
     { [ "$status" -ne 1 ] || ! grep -q "UNDECIDED: the search was cut by the time limit (--time-limit)" "$tmp/out" ||
       ! grep -q "sizes never reached: " "$tmp/out" || grep -q "no difference on" "$tmp/out"; }; then
    echo "FAIL ($game rulings diff stopped early, $time_option): exit $status"; cat "$tmp/out" "$tmp/err"; failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
  if "$arbiter" prove "$game" --list | grep -q "has no claims"; then
    expect_error_saying "$game prove all without claims" "has no claims" prove "$game" all
    if [ -s "$tmp/out" ]; then echo "FAIL ($game prove all): printed"; cat "$tmp/out"; failures=$((failures + 1)); fi
  fi
  expect_ok "$game render" "wrote" render "$game" --out "$tmp/$game.svg"
  if ! head -c 5 "$tmp/$game.svg" | grep -q '<?xml'; then
    echo "FAIL ($game render): no SVG written"; failures=$((failures + 1))
  fi
done

# rulings diff names every bound that cut a size, not only the first: sizes cut by --max-positions
# and then one cut by --time-limit said only the position bound (its sizes never reached were the
# time limit's). Whatever cut here on a slower build, each cut in a searched line is named.
"$arbiter" rulings diff quentin fill --max-size 5 --max-positions 5000 --time-limit 0.5 >"$tmp/out" 2>"$tmp/err"
undecided=$(grep '^  UNDECIDED: ' "$tmp/out")
named=1
while read -r cause; do
  case "$undecided" in *"$cause"*) ;; *) named=0 ;; esac
done < <(sed -n 's/^  searched size [0-9]*: cut by \(.*\), [0-9,]* positions, no difference$/\1/p' "$tmp/out" | sort -u)
[ -n "$undecided" ] && [ "$named" = 1 ] && pass || fail "rulings diff names every bound that cut" "$tmp/out" "$tmp/err"
# Its counts are grouped in thousands, as every command's text writes them ("5,000 positions";
# they read "5000 positions" until 29 November 2026); --json keeps plain numbers.
grep -Eq '[0-9],[0-9]{3} positions' "$tmp/out" && ! grep -Eq '[0-9]{4} positions' "$tmp/out" \
  && pass || fail "rulings diff groups its counts in thousands" "$tmp/out"

# Each size searched is said once, in the output as it ends (the terminal had the same line too).
"$arbiter" rulings diff quentin majority >"$tmp/out" 2>&1
[ "$(grep -c 'size 2: exhaustive' "$tmp/out")" = 1 ] && grep -q '^  searched size 2: exhaustive' "$tmp/out" \
  && grep -q '^  searched size 3: difference after' "$tmp/out" && pass || fail "rulings diff says each size once" "$tmp/out"

# prove --differential names what its table holds under, as the proofs do: the game, the sizes,
# the pairs and seed, every ruling's value (it printed the table alone).
"$arbiter" prove brique --differential --sizes 2 --pairs 3 --seed 7 --rule escort-directions=facing >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && head -1 "$tmp/out" | grep -qx 'Z3 turn encoding against the model: brique, size 2, 3 random (position, move) pairs per size, seed 7 (plus the size)' \
   && sed -n 2p "$tmp/out" | grep -qE '^rulings: .* \(the defaults but escort-directions=facing\)$'; then pass; else
  fail "prove --differential does not name its game, sizes and rulings" "$tmp/out" "$tmp/err"; fi

# check: a pass is said as what it is, a test on random cases and not a proof ("holds" read as
# one): each row "held", the closing line with the number of cases.
"$arbiter" check quentin --size 4 --cases 7 >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -qE '^no-draws +7 +[0-9]+ +held ' "$tmp/out" && ! grep -q 'holds' "$tmp/out" \
   && grep -qx 'all properties held in 7 random cases each (tested, not proved)' "$tmp/out"; then pass; else
  fail "check: a pass is not said as held in its random cases" "$tmp/out" "$tmp/err"; fi
# One property asked for alone is said as one, not as "all properties".
"$arbiter" check quentin --size 4 --cases 7 --property no-draws >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -qx 'the property held in 7 random cases (tested, not proved)' "$tmp/out"; then pass; else
  fail "check --property: one property's pass is said as all properties'" "$tmp/out" "$tmp/err"; fi

# check: a property that claims nothing under the rulings in force is not run and never reported
# as holding, and the closing line says how many were not checked (exit 0: not a failure); the
# header names every ruling in force.
"$arbiter" check brique --size 4 --rule escort-directions=facing --cases 5 --property small-turns --property fill-settles \
  >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 0 ] && grep -qE '^small-turns +- +- +not applicable \(under escort-directions=facing .+\)$' "$tmp/out" \
   && ! grep -qE '^small-turns .*held' "$tmp/out" && grep -qE '^fill-settles +5 +[0-9]+ +held' "$tmp/out" \
   && grep -qx 'the 1 applicable property held in 5 random cases (tested, not proved); 1 not applicable (not checked)' "$tmp/out" \
   && grep -qE '^rulings: .*escort-directions=facing.* \(the defaults but escort-directions=facing\)$' "$tmp/out"; then pass; else
  fail "check: small-turns under escort-directions=facing is not applicable (exit $status)" "$tmp/out" "$tmp/err"; fi
# check: a refuted claim's cases are the random games played up to the failing one, at most
# --cases; rapidcheck's shrinking is reported apart (Brique's no-draws under pass=allowed: two
# passes draw).
"$arbiter" check brique --size 4 --rule pass=allowed --cases 5 --property no-draws >"$tmp/out" 2>"$tmp/err"
status=$?
row=$(grep -E '^no-draws ' "$tmp/out")
if [ "$status" -eq 1 ] && [ "$(echo "$row" | awk '{print $4}')" = FINDING ] && [ "$(echo "$row" | awk '{print $2}')" -le 5 ] \
   && grep -qE "^  found in case $(echo "$row" | awk '{print $2}') after $(echo "$row" | awk '{print $3}') checks; shrinking then tried [1-9][0-9]* smaller cases$" "$tmp/out"; then
  pass; else fail "check: a finding's cases leave out the shrinking (exit $status)" "$tmp/out" "$tmp/err"; fi

# An option that has no effect says so: --threat-depth where no threat zones apply (a game that
# does not declare its moves local, or --within) gives a note, and the solve goes on; where they
# apply, no note. --sizes with a claim about every size is an error (it was ignored).
"$arbiter" solve quentin --size 2 --threat-depth 1 --tt-mb 1 --state "$tmp/zones" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -qx 'note: --threat-depth 1 has no effect here: threat zones apply only where a game declares its moves local (docs/solver.md, "Threat zones"), and quentin does not in this position under these rulings' "$tmp/err"; then
  pass; else fail "solve quentin --threat-depth 1 says it has no effect" "$tmp/err"; fi
"$arbiter" solve brique --size 2 --within 1 --threat-depth 3 --tt-mb 1 --state "$tmp/zones" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -qx 'note: --threat-depth 3 has no effect with --within: the bounded search does not prune by threats' "$tmp/err"; then
  pass; else fail "solve --within --threat-depth says it has no effect" "$tmp/err"; fi
"$arbiter" solve brique --size 3 --threat-depth 1 --tt-mb 1 --state "$tmp/zones" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && ! grep -q 'threat-depth' "$tmp/err" && grep -q '^Threats: .*(--threat-depth 1)$' "$tmp/out"; then
  pass; else fail "solve brique --threat-depth 1 is used, without a note" "$tmp/out" "$tmp/err"; fi
expect_error_saying "prove an every-size claim with --sizes" \
  "^arbiter: error: --sizes has no effect with no-draw-every-size: it is a claim about every size" \
  prove brique no-draw-every-size --sizes 3 --state "$tmp/every-size"
# verify-proof has solve's thread cap, in solve's words.
expect_error_saying "verify-proof --threads 1000" "^arbiter: error: --threads: expected a whole number from 1 to 256, got '1000'$" \
  verify-proof "$tmp/none.cert" --threads 1000

# The problem named is the first one: bad notation, not a square off the board; the unknown claim,
# not the word after it.
expect_error_saying "a square with a leading zero" "^arbiter: error: move 1: not a square: 'a01' \(a row number has no leading zero: a1\)$" \
  replay brique --size 3 a01
expect_error_saying "an unknown claim and a word too many" "^arbiter: error: unknown claim 'bogus' for brique " prove brique bogus all
# A byte-order mark before a position file's text (some Windows editors write one) is no part of it.
printf '\xef\xbb\xbfquentin 3 .../.../... black 0\n' >"$tmp/bom.txt"
expect_ok "a position file that starts with a byte-order mark" "^Position: quentin 3 \.\.\./\.\.\./\.\.\. black 0$" \
  moves quentin --position "$tmp/bom.txt"
# A device is not a puzzle database (it read as an empty one, "no puzzles were ever generated").
expect_error_saying "puzzles list --db /dev/zero" "^arbiter: error: --db '/dev/zero': not a puzzle database \(not a regular file" \
  puzzles list --db /dev/zero
# A --proof target that is no regular file (a link to /dev/full) is refused before the search, not
# found when the certificate is written after it.
if [ -w /dev/full ]; then
  ln -s /dev/full "$tmp/full.cert"
  expect_error_saying "solve --proof to /dev/full" "^arbiter: error: --proof '$tmp/full.cert': it is not a regular file" \
    solve brique --size 3 --tt-mb 1 --state "$tmp/full" --proof "$tmp/full.cert"
  [ -e "$tmp/full/solve" ] && fail "solve --proof /dev/full searched before refusing" || pass
fi

# Quentin's swap under pie=off is refused for the pie rule, not "allowed only as White's first
# move ... here it is White's turn at ply 1".
expect_error_saying "quentin swap under pie=off" "^arbiter: error: move 2: swap is not allowed: the pie rule is off \(pie=off\)$" \
  replay quentin --size 5 --rule pie=off c3 swap
# A move after the end of the game is named by its number, with the move that ended the game and
# how, in every command that plays a record (exit 2, as for any bad move of a record).
quentin_over="move 5 'c2': the game is already over \(Black won with move 4 'b3'\)$"
for command in replay explain moves; do
  expect_error_saying "quentin $command after the end" "^arbiter: error: $quentin_over" \
    $command quentin --size 3 --rule pie=off a1 b1 a2 b3 c2
done
expect_error_saying "brique replay after a drawn end" "^arbiter: error: move 3 'a1': the game is already over \(drawn with move 2 'pass'\)$" \
  replay brique --size 2 --rule pass=allowed pass pass a1
expect_error_saying "brochs explain after the end" "^arbiter: error: move 3 'pass': the game is already over \(White won with move 2 'pass'\)$" \
  explain brochs --size 7 pass pass pass
expect_error_saying "explain from a finished position" \
  "^arbiter: error: move 1 'c2' from the given position: the game is already over \(the position it starts from is over: Black wins\)$" \
  explain quentin --position "quentin 3 BW./B../BW. black 4 pie=off" c2
# Moves played from a given position are counted from it, and explain and replay say so: explain's
# "Move 1: pass" at ply 13 was read as the game's first move.
late="quentin 5 BBBWB/W.BWW/B.WWW/...BW/BWBBW white 13"
expect_ok "explain from a given position: its move 1 is not the game's" "^Move 1 from the given position: pass$" explain -p "$late" pass
grep -q "^Position before move 1 from the given position ($late):$" "$tmp/out" \
  && pass || fail "explain from a given position: the position before the move" "$tmp/out"
expect_ok "explain from the start: moves are the game's" "^Move 2: b1$" explain quentin --size 5 a1 b1
grep -q "^Position before move 2 (quentin 5 " "$tmp/out" && pass || fail "explain from the start: the position before the move" "$tmp/out"
expect_ok "replay from a given position: the record is from it" "^Record from the given position: pass$" replay -p "$late" pass
expect_ok "replay from the start: the record" "^Record: a1 b1$" replay quentin --size 5 a1 b1
expect_error_saying "replay from a given position: a bad move counted from it" \
  "^arbiter: error: move 2 from the given position: cannot read move 'zz'" replay -p "$late" pass zz
expect_error_saying "explain from a given position: a bad earlier move counted from it" \
  "^arbiter: error: move 1 from the given position: cannot read move 'zz'" explain -p "$late" zz pass

# ARBITER_PROGRESS_SECONDS (README: the interval of progress lines off a terminal) is read before
# a command does anything: a bad value is one line naming the variable, the range and the value,
# exit 2 (it was ignored, the interval left at 5 s without a word). Empty is as if unset. It is a
# number of seconds as every option's is: "1e3" is one (it was refused while the README said "a
# plain decimal number").
for value in abc -1 0 0.0 2s 1e9 inf nan ' 2' 3601 1.2.3 . 0x10; do
  ARBITER_PROGRESS_SECONDS="$value" expect_error_saying "ARBITER_PROGRESS_SECONDS='$value'" \
    "^arbiter: error: ARBITER_PROGRESS_SECONDS: expected a number of seconds above 0 and at most 3600, got '$value' \(the seconds between progress lines" rules
done
ARBITER_PROGRESS_SECONDS=abc expect_error_saying "audit under a bad ARBITER_PROGRESS_SECONDS" \
  "^arbiter: error: ARBITER_PROGRESS_SECONDS: .* got 'abc'" audit quentin --quick
for value in 0.01 3 3600 1e3 .5 ''; do
  ARBITER_PROGRESS_SECONDS="$value" expect_ok "ARBITER_PROGRESS_SECONDS='$value'" "quentin" rules
done
# A bad value does not block --help, of a command or of an action (it printed only the error).
for command in "solve" "puzzles generate" "state prune"; do
  ARBITER_PROGRESS_SECONDS=abc expect_ok "$command --help under a bad ARBITER_PROGRESS_SECONDS" "^usage: arbiter $command" $command --help
done

# --help wins over a bad value beside it, before a command, after one and after an action
# ('solve --threads 0 --help' said "--threads: expected a whole number from 1 to 256"; with no
# command first, "unknown command '--threads'").
expect_ok "--help beside a bad value, no command" "^usage: arbiter COMMAND" --threads 0 --help
for command in solve metrics verify-proof "puzzles generate" "state prune" "rulings diff"; do
  expect_ok "$command --help beside a bad value" "^usage: arbiter ${command%% *}" $command --threads 0 --help
done
expect_ok "puzzles --help beside a bad value" "^usage: arbiter puzzles" puzzles --threads 0 --help

# A one-line position names its game: GAME may be left out beside it, in every command that takes
# --position (solve said "missing GAME"); a position that does not name it still needs GAME.
position="brique 3 B../.../..W black 2 pie=off"
expect_ok "solve -p without GAME" "^Value: Black \(to move\) wins within 2" solve -p "$position" --within 2
expect_ok "moves -p without GAME" "a3" moves -p "$position"
expect_ok "perft -p without GAME" "agree" perft -p "$position" --depth 1
expect_ok "bench -p without GAME" "reference" bench -p "$position" --seconds 0.01
expect_ok "explain -p without GAME" "^Result: ongoing" explain -p "$position" a3
expect_ok "replay -p without GAME" "a3" replay -p "$position" a3
expect_ok "render -p without GAME" "^wrote " render -p "$position" --out "$tmp/p.svg"
expect_ok "solve --help says GAME may be left out" "game name \(may be left out beside a --position in" solve --help
# A game may start from a set-up (Brochs does), so perft and bench start from the game's start
# position; their help said "the empty board", and so did explain's, replay's, moves' and render's.
for command in perft bench; do
  expect_ok "$command --help names the game's start position" "start position \(default: the game's start position\)" $command --help
done
for command in explain replay moves render; do  # their help wraps the words over two lines
  if "$arbiter" $command --help | tr -s ' \n' ' ' | grep -q "default: the game's start position)"; then passes=$((passes + 1))
  else echo "FAIL ($command --help names the game's start position)"; failures=$((failures + 1)); fi
done
expect_error_saying "a diagram still needs GAME" "^arbiter: error: missing GAME" solve -p "$(printf 'B..\n...\n..W\n')"

# replay's record reads back: pasted into replay as the shell's words it gives the same position,
# and so does a comma-separated one quoted as one word. Where a move has a space in it the moves
# are separated by commas, as solve's lists are (Hexabrae's record was "place c4/1 place a4/2 ...",
# which quoted is no move); without one, by spaces (a quoted word is then one move, as always).
# The Hexabrae game is docs/examples/hexabrae.txt's, the Quentin one quentin-5x5.txt's.
hexabrae_game=("place c4/1" "place a4/2" "place f4/1" "place d3/2" c4-c2/0 "place i2/1" c2/1 i2/2-h2 "place a2/1"
               "place h5/2" c2-c3/0 a4/1-a3 c3/2-a1 h2/1-h4)
quentin_game=(c3 e3 b1 a3 e5 e4 c5 b5 a2 a4 e1 d2)
for game in hexabrae quentin; do
  declare -n played="${game}_game"
  size=$([ "$game" = quentin ] && echo 5 || echo 4)
  "$arbiter" replay "$game" --size "$size" "${played[@]}" >"$tmp/record.out" 2>&1
  record=$(sed -n 's/^Record: //p' "$tmp/record.out")
  position=$(grep '^Position: ' "$tmp/record.out")
  separated=$([ "$game" = hexabrae ] && echo ', ' || echo ' ')
  if [ -n "$position" ] && [ "$record" = "$(printf '%s\n' "${played[@]}" | paste -sd '\t' | sed "s/\t/$separated/g")" ]; then pass; else
    fail "$game replay's record separates moves with '$separated'" "$tmp/record.out"; fi
  # shellcheck disable=SC2086  # the record as a user pastes it: split by the shell
  "$arbiter" replay "$game" --size "$size" $record >"$tmp/words.out" 2>&1
  if [ "$game" = hexabrae ]; then
    "$arbiter" replay "$game" --size "$size" "$record" >"$tmp/quoted.out" 2>&1
  else
    cp "$tmp/words.out" "$tmp/quoted.out"
  fi
  if [ "$(grep '^Position: ' "$tmp/words.out")" = "$position" ] && [ "$(grep '^Position: ' "$tmp/quoted.out")" = "$position" ]; then
    pass; else fail "$game replay's record pasted back gives another position" "$tmp/record.out" "$tmp/words.out" "$tmp/quoted.out"; fi
  unset -n played
done

# A diagram does not name its game (docs/notation/brique.md): Quentin's, given to a Brique command,
# is read as Brique's where Brique's rules reach it, and the echoed line names brique; the one-line
# form names its game and is refused for another; a name line above a diagram is refused. This
# pins the documented behaviour: a change to it must change the docs.
printf '   a b c\n 1 B . .\n 2 . . .\n 3 . . .\nWhite to move, ply 1\n' >"$tmp/quentin-diagram.txt"
expect_ok "a Quentin diagram read by brique" "^Position: brique 3 B\.\./\.\.\./\.\.\. white 1\$" moves brique --position "$tmp/quentin-diagram.txt"
expect_error_saying "a Quentin one-line position given to brique" \
  "^arbiter: error: a one-line position must start with the game name 'brique', got 'quentin'\$" \
  moves brique --position "quentin 3 B../.../... white 1"
{ echo brique; cat "$tmp/quentin-diagram.txt"; } >"$tmp/named-diagram.txt"
expect_error_saying "a name line above a diagram" "^arbiter: error: column header 'brique' does not match" \
  moves brique --position "$tmp/named-diagram.txt"

# Under each text diagram a reader gets (replay, moves, explain's two, solve, puzzles show:
# puzzles.sh) a key line names the game and its marks; Brochs' says whose the reserve is, Hexabrae's
# how a field is named (its diagram has no row numbers). JSON keeps the diagram alone. A diagram
# copied with its key line reads back.
key_after_status() { grep -A1 -E "$2" "$1" | grep -c "^Key ($3): "; }
for game in brique quentin brochs hexabrae; do
  title="$(echo "${game:0:1}" | tr a-z A-Z)${game:1}"
  "$arbiter" replay "$game" >"$tmp/key.out" 2>&1
  [ "$(key_after_status "$tmp/key.out" ' to move, ply 0' "$title")" = 1 ] && pass || fail "$game replay: no key line under the status" "$tmp/key.out"
  "$arbiter" moves "$game" >"$tmp/key.out" 2>&1
  [ "$(key_after_status "$tmp/key.out" ' to move, ply 0' "$title")" = 1 ] && pass || fail "$game moves: no key line under the status" "$tmp/key.out"
  "$arbiter" replay "$game" --json >"$tmp/key.json" 2>&1 && ! grep -q 'Key (' "$tmp/key.json" && pass || fail "$game replay --json has a key line" "$tmp/key.json"
  sed -n '/^Position: /,/^Key (/p' "$tmp/key.out" | sed 1d >"$tmp/keyed-diagram.txt"
  "$arbiter" moves "$game" --position "$tmp/keyed-diagram.txt" >"$tmp/back.out" 2>&1 &&
    [ "$(grep '^Position: ' "$tmp/back.out")" = "$(grep '^Position: ' "$tmp/key.out")" ] && pass ||
    fail "$game: a diagram with its key line does not read back" "$tmp/keyed-diagram.txt" "$tmp/back.out"
done
"$arbiter" explain brique --size 3 a1 b2 >"$tmp/key.out" 2>&1
[ "$(key_after_status "$tmp/key.out" ' to move, ply [12]$' Brique)" = 2 ] && pass || fail "explain: not a key line under each diagram" "$tmp/key.out"
"$arbiter" solve brique --size 2 >"$tmp/key.out" 2>&1
[ "$(key_after_status "$tmp/key.out" ' to move, ply 0$' Brique)" = 1 ] && pass || fail "solve: no key line under the diagram" "$tmp/key.out"
"$arbiter" replay brochs >"$tmp/key.out" 2>&1
grep -q "^Key (Brochs): .*# an empty keep, + an empty square of the central cross.*reserve: Black's pieces not yet set" "$tmp/key.out" && pass ||
  fail "Brochs' key does not say its marks and whose the reserve is" "$tmp/key.out"
"$arbiter" replay hexabrae --size 3 --rule orientation-numbers=clock >"$tmp/key.out" 2>&1
grep -qF "^Key (Hexabrae): W a White bar, B a Black bar, each followed by its long axis: / up-right (2), | vertical (1), \\ up-left (3);" <(sed 's/^/^/' "$tmp/key.out") &&
  grep -q "named by its column letter and its number counting down that column" "$tmp/key.out" && pass ||
  fail "Hexabrae's key does not say its marks under orientation-numbers=clock" "$tmp/key.out"

finish

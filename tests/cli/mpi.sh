#!/usr/bin/env bash
# Distributed runs (docs/scale.md): the same job under `mpirun -n 2` and in one process writes the
# same output, timings aside; a run stopped after some units and resumed (on another rank count,
# one above the units left) ends with the output of an uninterrupted run; a locked output and a
# foreign MPI launcher give one-line errors. Usage: mpi.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

expect_error "max-units 0" solve brique --size 3 --max-units 0 --state "$tmp/s0"

# Another MPI's launcher would start copies that each do the whole job: refused, built or not.
PMI_SIZE=2 PMI_RANK=0 expect_error "foreign launcher" solve brique --size 3 --state "$tmp/s0"

if "$arbiter" --version | grep -q '^mpi: not built'; then
  OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=0 expect_error "mpirun without MPI built" solve brique --size 3 --state "$tmp/s0"
  echo "SKIP: arbiter was built without MPI (ARBITER_MPI=OFF): only its refusal under mpirun was checked"
  echo "$passes passed, $failures failed"
  [ "$failures" -eq 0 ]
  exit
fi
if ! command -v mpirun >/dev/null; then
  echo "FAIL: arbiter is built with MPI but mpirun is missing (install openmpi-bin)"; echo "0 passed, 1 failed"; exit 1
fi

# Containers: root is allowed, and no cross-memory attach between the ranks' processes.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
# In the sanitized build the ranks run without LeakSanitizer: Open MPI never frees what MPI_Init
# sets up, and those stacks end in its unloaded components ("<unknown module>"), which no
# suppression can name. The single-process runs below keep leak checking on for our own code.
ranks() {
  local n="$1"; shift
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" mpirun -n "$n" --oversubscribe --bind-to none "$arbiter" "$@"
}
# Output minus what depends on the clock and the layout of the run: the Search line's times.
# The certificate line names each run's own file; the files themselves are compared.
untimed() { sed -E -e 's/ nodes in [0-9.]+ s \([0-9,]+ nodes\/s\), .*$/ nodes/' -e 's/^certificate: .*/certificate:/' "$1"; }

# A --tt-mb that is not a power of two is noted once, by the coordinator, not by every rank.
ranks 2 solve brique --size 3 --openings --tt-mb 3 --state "$tmp/ttmb" >"$tmp/ttmb.out" 2>"$tmp/ttmb.err" \
  && [ "$(grep -c '^note: the table' "$tmp/ttmb.err")" = 1 ] && pass || fail "one --tt-mb note under 2 ranks" "$tmp/ttmb.out" "$tmp/ttmb.err"

# solve --openings: every first move of Brique 4x4, alone in one process and shared by 2 ranks.
solve=(solve brique --size 4 --openings --tt-mb 16)
"$arbiter" "${solve[@]}" --independent-moves --state "$tmp/one" --proof "$tmp/one.cert" >"$tmp/one.out" 2>"$tmp/one.err" \
  && grep -q '^Value: ' "$tmp/one.out" && pass || fail "solve in one process" "$tmp/one.out" "$tmp/one.err"
ranks 2 "${solve[@]}" --state "$tmp/two" --proof "$tmp/two.cert" >"$tmp/two.out" 2>"$tmp/two.err" \
  && grep -q '2 ranks x 1 thread' "$tmp/two.out" && pass || fail "solve on 2 ranks" "$tmp/two.out" "$tmp/two.err"
diff <(untimed "$tmp/one.out") <(untimed "$tmp/two.out") >"$tmp/diff" && pass || fail "solve: 1 process vs 2 ranks" "$tmp/diff"
[ -s "$tmp/one.cert" ] && cmp -s "$tmp/one.cert" "$tmp/two.cert" && pass || fail "solve: certificates of 1 process and 2 ranks differ"

# Stopped after 15 of the 16 moves on 2 ranks, resumed on 3 ranks for the one move left. Both runs
# ask for a certificate: units settled without one would be searched again.
ranks 2 "${solve[@]}" --max-units 15 --state "$tmp/cut" --proof "$tmp/cut.cert" >"$tmp/cut.out" 2>"$tmp/cut.err"
[ "$(ls "$tmp/cut/solve"/*/*.unit | wc -l)" -eq 15 ] && grep -q 'stopped after --max-units 15 with 1 move left' "$tmp/cut.err" \
  && pass || fail "solve stopped after 15 units" "$tmp/cut.out" "$tmp/cut.err"
ranks 3 "${solve[@]}" --resume --state "$tmp/cut" --proof "$tmp/resumed.cert" >"$tmp/resumed.out" 2>"$tmp/resumed.err" \
  && grep -q '15 of 16 moves already settled' "$tmp/resumed.err" && grep -q '3 ranks x 1 thread for 1 move to solve: 2 of the 3 workers stay idle' "$tmp/resumed.err" \
  && pass || fail "solve resumed on 3 ranks" "$tmp/resumed.out" "$tmp/resumed.err"
# The resumed run's Search and Table lines are its own, the 15 moves before counted apart: the two
# node counts add up to the uninterrupted run's.
unsearched() { untimed "$1" | grep -v '^Search: \|^Earlier runs: \|^Table: '; }
nodes_of() { sed -n "s/^$2 \([0-9,]*\) nodes.*/\1/p" "$1" | tr -d ,; }
diff <(unsearched "$tmp/one.out") <(unsearched "$tmp/resumed.out") >"$tmp/diff" && pass || fail "solve: resumed vs uninterrupted" "$tmp/diff"
[ -n "$(nodes_of "$tmp/one.out" Search:)" ] &&
  [ "$(nodes_of "$tmp/one.out" Search:)" -eq $(( $(nodes_of "$tmp/resumed.out" Search:) + $(nodes_of "$tmp/resumed.out" 'Earlier runs: 15 moves settled in') )) ] &&
  pass || fail "solve: this run's and the earlier runs' nodes add up to the uninterrupted run's" "$tmp/one.out" "$tmp/resumed.out"
# Under mpirun the moves are solved alone without a word said: the command named to continue says
# so (--independent-moves), and --resume in one process without it refuses, naming it (it started
# over from zero).
ranks 2 solve brique --size 5 --openings --time-limit 1 --tt-mb 16 --state "$tmp/mpi-limited" >/dev/null 2>"$tmp/limited.err"
grep -q "to continue, run: arbiter solve brique --size 5 --openings --time-limit 1 --tt-mb 16 --state $tmp/mpi-limited --independent-moves --resume$" "$tmp/limited.err" \
  && pass || fail "a run under mpirun names the mode in the command that continues it" "$tmp/limited.err"
ranks 2 "${solve[@]}" --max-units 3 --state "$tmp/mpi-cut" --proof "$tmp/mpi-cut.cert" >/dev/null 2>&1
expect_error "--resume of an mpirun run without --independent-moves" "${solve[@]}" --resume --state "$tmp/mpi-cut"
grep -q 'resume it with --independent-moves' "$tmp/err" && pass || fail "--resume of an mpirun run names --independent-moves" "$tmp/err"
# One rank is still mpirun (a Slurm job re-submitted with one task): the moves are solved alone, as
# under 2 ranks, so the stopped run resumes there and ends as the uninterrupted run.
ranks 1 "${solve[@]}" --resume --state "$tmp/mpi-cut" --proof "$tmp/one-rank.cert" >"$tmp/one-rank.out" 2>"$tmp/one-rank.err" \
  && grep -q 'a table of its own for each move' "$tmp/one-rank.out" && pass || fail "an mpirun run resumed on 1 rank" "$tmp/one-rank.out" "$tmp/one-rank.err"
diff <(unsearched "$tmp/one.out") <(unsearched "$tmp/one-rank.out") >"$tmp/diff" && pass || fail "solve: resumed on 1 rank vs uninterrupted" "$tmp/diff"
cmp -s "$tmp/one.cert" "$tmp/one-rank.cert" && pass || fail "solve: the certificate resumed on 1 rank differs from the uninterrupted run's"
cmp -s "$tmp/one.cert" "$tmp/resumed.cert" && pass || fail "solve: the resumed run's certificate differs from the uninterrupted run's"

# puzzles generate: the same store contents from one process with 2 threads and from 2 ranks.
generate=(puzzles generate brique --size 5 --kind within-2 --seed 5)
"$arbiter" "${generate[@]}" --count 4 --threads 2 --db "$tmp/one.db" >"$tmp/g1.out" 2>&1 && pass || fail "generate in one process" "$tmp/g1.out"
ranks 2 "${generate[@]}" --count 4 --db "$tmp/two.db" >"$tmp/g2.out" 2>&1 && pass || fail "generate on 2 ranks" "$tmp/g2.out"
"$arbiter" puzzles export --db "$tmp/one.db" >"$tmp/one.json" && "$arbiter" puzzles export --db "$tmp/two.db" >"$tmp/two.json" \
  && [ "$(grep -o '"key_move"' "$tmp/one.json" | wc -l)" -eq 4 ] && cmp -s "$tmp/one.json" "$tmp/two.json" \
  && pass || fail "generate: 1 process vs 2 ranks" "$tmp/g1.out" "$tmp/g2.out"

# check: the properties shared by 2 ranks, printed in suite order as by one process.
"$arbiter" check brique --size 5 --cases 30 >"$tmp/c1.out" 2>&1 && ranks 2 check brique --size 5 --cases 30 >"$tmp/c2.out" 2>&1 \
  && [ "$(grep -c ' held ' "$tmp/c1.out")" -ge 5 ] \
  && diff <(sed -E 's/ +[0-9.]+$//' "$tmp/c1.out") <(sed -E 's/ +[0-9.]+$//' "$tmp/c2.out") >"$tmp/diff" \
  && pass || fail "check: 1 process vs 2 ranks" "$tmp/c1.out" "$tmp/c2.out"

# prove --sizes: the (claim, size) proofs shared by 2 ranks; rank 0 prints the rows and their
# derivations as one process does, and the second run reuses what the first one stored.
prove=(prove brique all --sizes 2-3 --timeout 60)
untimed_rows() { sed -E -e 's/ [0-9]+\.[0-9]+s / T /' -e 's/^state: .*/state:/' "$1"; }
"$arbiter" "${prove[@]}" --state "$tmp/p1" >"$tmp/p1.out" 2>"$tmp/p1.err" && ranks 2 "${prove[@]}" --state "$tmp/p2" >"$tmp/p2.out" 2>"$tmp/p2.err" \
  && [ "$(grep -c ' proved ' "$tmp/p1.out")" -ge 10 ] && grep -q 'decided)' "$tmp/p2.err" \
  && diff <(untimed_rows "$tmp/p1.out") <(untimed_rows "$tmp/p2.out") >"$tmp/diff" \
  && pass || fail "prove: 1 process vs 2 ranks" "$tmp/p1.out" "$tmp/p2.out" "$tmp/p2.err" "$tmp/diff"
ranks 2 "${prove[@]}" --state "$tmp/p2" >"$tmp/p3.out" 2>"$tmp/p3.err" && grep -qE 'stored verdicts? reused; nothing new kept\)$' "$tmp/p3.out" \
  && ! grep -q 'decided)' "$tmp/p3.err" && pass || fail "prove: the second run on 2 ranks reuses the stored verdicts" "$tmp/p3.out" "$tmp/p3.err"

# A claim one process derives from its every-size lemma is no unit: the 2 ranks keep the same
# records as one process (Quentin's invariant-inductive is implied by a lemma proved for every size;
# the ranks used to decide it at each size too). Compared without the times (the record's seconds,
# its checksum, the note's "Z3 seconds per query").
records() { cut -f1-7,9- "$1" | sed -E -e 's/\tcheck=[0-9a-f]+$//' -e 's/Z3 seconds per query: [0-9.]+//' | sort; }
implied=(prove quentin invariant-inductive --sizes 2-3)
"$arbiter" "${implied[@]}" --state "$tmp/q1" >"$tmp/q1.out" 2>/dev/null && ranks 2 "${implied[@]}" --state "$tmp/q2" >"$tmp/q2.out" 2>/dev/null \
  && grep -q 'no query at this size' "$tmp/q2.out" && [ "$(wc -l <"$tmp/q1/prove-quentin.tsv")" -ge 1 ] \
  && diff <(records "$tmp/q1/prove-quentin.tsv") <(records "$tmp/q2/prove-quentin.tsv") >"$tmp/diff" \
  && diff <(untimed_rows "$tmp/q1.out") <(untimed_rows "$tmp/q2.out") >>"$tmp/diff" \
  && pass || fail "prove: 2 ranks keep the records one process keeps (a derived claim is no unit)" "$tmp/diff" "$tmp/q2.out"

# An interrupted prove on 2 ranks shows what one process shows: every finished row, the row that
# waits as stopped, the state line, one closing line (rank 0's). mpirun passes SIGTERM on and kills
# the ranks a second later, so rank 0 shows each row as it is decided and the rest at once. The
# signal comes once a row is shown (the run takes far longer than that).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" mpirun -n 2 --oversubscribe --bind-to none "$arbiter" \
  prove brique all --sizes 2-10 --state "$tmp/cut-prove" >"$tmp/cp.out" 2>"$tmp/cp.err" &
pid=$!
for _ in $(seq 200); do grep -qE '^[a-z-]+ +size [0-9]+ +proved ' "$tmp/cp.out" && break; sleep 0.1; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
rows_shown=$(grep -cE '^[a-z-]+ +size [0-9]+ +(proved|refuted|unknown) ' "$tmp/cp.out")
kept=$(sed -n 's/^state: .*(\([0-9]*\) new verdicts\{0,1\} kept.*/\1/p' "$tmp/cp.out")
if [ "$rows_shown" -ge 1 ] && [ "$(grep -cE ' stopped .*reason: interrupted by SIGTERM' "$tmp/cp.out")" -eq 1 ] \
  && [ -n "$kept" ] && [ "$kept" -eq "$(wc -l <"$tmp/cut-prove/prove-brique.tsv")" ] \
  && [ "$(grep -c '^arbiter: interrupted by SIGTERM; ' "$tmp/cp.err")" -eq 1 ]; then pass
else fail "an interrupted prove on 2 ranks shows its finished rows, a stopped row and the state" "$tmp/cp.out" "$tmp/cp.err"; fi

# The same with --json: the document is written as the run goes, each verdict as it is shown, so the
# finished ones are out before the stop. mpirun stops passing output on soon after a stop: written
# whole at the end, the document lost all but its first 10,240 bytes (docs/scale.md).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" mpirun -n 2 --oversubscribe --bind-to none "$arbiter" \
  prove brique all --sizes 2-10 --json --state "$tmp/cut-prove-json" >"$tmp/cpj.out" 2>"$tmp/cpj.err" &
pid=$!
streamed=0
for _ in $(seq 200); do grep -q '"verdict": "proved"' "$tmp/cpj.out" && { streamed=1; break; }; sleep 0.1; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
if [ "$streamed" -eq 1 ] && head -1 "$tmp/cpj.out" | grep -qx '{' && grep -q '"schema": "arbiter-prove/' "$tmp/cpj.out"; then pass
else fail "an interrupted prove --json on 2 ranks shows its finished verdicts as they come" "$tmp/cpj.out" "$tmp/cpj.err"; fi

# audit does not distribute its work: under mpirun rank 0 runs it alone, proofs included, and its
# rows are one process's (it waited for ranks that had left, for ever). The table's rows, without
# the seconds, and without the ruling comparisons (cut by a time limit, they differ from run to run)
# or the metrics row, which measures the first ruling those comparisons found to differ (at load 10
# the first comparison was cut before its difference, and the row named the second ruling).
audit=(audit --quick quentin --games 1 --property-cases 2 --ruling-seconds 0.05 --metrics-games 2)
untimed_audit() { grep '^quentin ' "$1" | grep -Ev '^quentin +(ruling|metrics) ' | sed -E 's/ +[0-9]+\.[0-9]+$//'; }
"$arbiter" "${audit[@]}" >"$tmp/a1.out" 2>/dev/null && timeout 30 mpirun -n 2 --oversubscribe --bind-to none "$arbiter" "${audit[@]}" >"$tmp/a2.out" 2>"$tmp/a2.err" \
  && grep -q '^quentin  *proof ' "$tmp/a2.out" && diff <(untimed_audit "$tmp/a1.out") <(untimed_audit "$tmp/a2.out") >"$tmp/diff" \
  && pass || fail "audit under 2 ranks: the rows of one process" "$tmp/diff" "$tmp/a2.out" "$tmp/a2.err"

# metrics: the random and MCTS games shared by 2 ranks in blocks; the same report but for timings.
metrics=(metrics quentin --size 5 --games 200 --mcts-games 4 --playouts 30 --solve-seconds 0 --compare-ruling pie --json)
"$arbiter" "${metrics[@]}" >"$tmp/m1.json" 2>"$tmp/m1.err" && ranks 2 "${metrics[@]}" >"$tmp/m2.json" 2>"$tmp/m2.err" \
  && [ "$(grep -c '"games": 200' "$tmp/m1.json")" -eq 2 ] \
  && diff <(grep -Ev 'seconds|per_second|"ranks"' "$tmp/m1.json") <(grep -Ev 'seconds|per_second|"ranks"' "$tmp/m2.json") >"$tmp/diff" \
  && grep -q '"ranks": 1' "$tmp/m1.json" && grep -q '"ranks": 2' "$tmp/m2.json" \
  && pass || fail "metrics: 1 process vs 2 ranks" "$tmp/m1.err" "$tmp/m2.err" "$tmp/diff"
# The ranks are said as solve says them (it said "seed 5, 1 thread" under 2 ranks).
ranks 2 metrics quentin --size 5 --games 20 --mcts-games 1 --playouts 10 --solve-seconds 0 >"$tmp/m2.out" 2>"$tmp/m2.err" \
  && head -1 "$tmp/m2.out" | grep -q '; seed [0-9]*, 2 ranks x 1 thread$' && pass || fail "metrics names the ranks" "$tmp/m2.out" "$tmp/m2.err"

# A store in use by another run is refused at once, on every rank, in one line.
flock "$tmp/two.db.lock" sleep 10 &
holder=$!
sleep 0.3
ranks 2 "${generate[@]}" --count 5 --db "$tmp/two.db" >"$tmp/out" 2>"$tmp/err"
status=$?
kill "$holder" 2>/dev/null
if [ "$status" -eq 2 ] && [ "$(grep -c 'arbiter: error: .* is in use by another run' "$tmp/err")" -eq 1 ]; then pass; else fail "locked store: exit $status" "$tmp/err"; fi
"$arbiter" puzzles export --db "$tmp/two.db" | cmp -s - "$tmp/one.json" && pass || fail "locked store left unchanged"

finish

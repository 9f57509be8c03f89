#!/usr/bin/env bash
# One libFuzzer target as the test run uses it: every input that ever failed (regressions/<target>/)
# must pass, then a short coverage-guided run from the documentation's examples.
#   run.sh FUZZER SEEDS TARGET SECONDS [CORPUS]
# SEEDS is the seed_corpus program, or a folder it has written (the test run writes it once for
# all targets: it solves a small board of each game, 10 s under the sanitizers).
# CORPUS is a folder that keeps what the run learns (created if absent; a later run with the same
# folder continues from it); without it the corpus is temporary. A long run is the same with more
# seconds and a CORPUS (docs/fuzzing.md).
# ARBITER_FUZZ_SEED sets libFuzzer's -seed (default 1, the test run's; a long run takes another to
# walk other mutations).
# An input that fails is kept in $ARBITER_FUZZ_ARTIFACTS (default: fuzz-artifacts/<TARGET>/ beside
# FUZZER), with the run's whole log beside it; the report names it and the command that replays it.
set -u
fuzzer="$1" seeds="$2" target="$3" seconds="$4" corpus="${5:-}"
here="$(cd "$(dirname "$0")" && pwd)"
fuzzer="$(cd "$(dirname "$fuzzer")" && pwd)/$(basename "$fuzzer")"
artifacts="${ARBITER_FUZZ_ARTIFACTS:-$(dirname "$fuzzer")/fuzz-artifacts/$target}"
mkdir -p "$artifacts" && artifacts="$(cd "$artifacts" && pwd)" || { echo "FAIL: cannot create $artifacts"; exit 1; }
# UndefinedBehaviorSanitizer prints no stack unless asked (the test command asks; a direct run may not).
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The report of a failure, whole: from the first line that says what broke (a broken promise, a
# sanitizer's error, libFuzzer's own: deadly signal, timeout, out of memory, leak) to the end,
# without libFuzzer's progress lines and ASan's shadow-byte map (the map is in the kept log).
report() {
  awk '/fuzz check failed:|ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:/ { on = 1 }
       /^Shadow bytes around the buggy address:/ { skip = 1 }
       /==ABORTING/ { skip = 0 }
       on && !skip && !/^#[0-9]|^INFO:|^stat::|^Base64:/' "$1"
}
# The input and how to replay it: `od -c` of its first 1024 bytes (the kept file has all of them).
show_input() {
  local input="$1" log="$2"
  cp "$log" "$input.log"
  echo "--- input: $input ($(wc -c <"$input") bytes; the run's whole log: $input.log)"
  od -c "$input" | head -64
  echo "--- replay it: UBSAN_OPTIONS=$UBSAN_OPTIONS $fuzzer $input"
  echo "--- once fixed, add it to tests/fuzz/regressions/$target/"
}

status=0
regressions="$here/regressions/$target"
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
  if "$fuzzer" "$regressions"/* >"$tmp/regressions.log" 2>&1; then
    echo "ok: $(ls "$regressions" | wc -l) regression inputs"
  else
    echo "FAIL: a regression input fails again:"; report "$tmp/regressions.log"
    failed="$(sed -n 's/^Running: //p' "$tmp/regressions.log" | tail -1)"
    if [ -n "$failed" ]; then
      cp "$tmp/regressions.log" "$artifacts/regression-$(basename "$failed").log"
      echo "--- input: $failed (the run's whole log: $artifacts/regression-$(basename "$failed").log)"
      echo "--- replay it: UBSAN_OPTIONS=$UBSAN_OPTIONS $fuzzer $failed"
    fi
    status=1
  fi
fi
if [ ! -d "$seeds" ]; then
  "$seeds" "$tmp/seeds" || { echo "FAIL: could not write the seed corpus"; exit 1; }
  seeds="$tmp/seeds"
fi
[ -d "$seeds/$target" ] || { echo "FAIL: no seeds for $target in $seeds"; exit 1; }
if [ -z "$corpus" ]; then corpus="$tmp/corpus"; fi
mkdir -p "$corpus" || { echo "FAIL: cannot create the corpus folder $corpus"; exit 1; }
# -seed fixes the mutation sequence; -timeout flags one input that takes over 10 s as a failure.
seed="${ARBITER_FUZZ_SEED:-1}"
case "$seed" in ''|*[!0-9]*) echo "FAIL: ARBITER_FUZZ_SEED must be a whole number, not '$seed'"; exit 1;; esac
if "$fuzzer" -seed="$seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
     -artifact_prefix="$artifacts/" "$corpus" "$seeds/$target" >"$tmp/run.log" 2>&1; then
  grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$tmp/run.log" | tr '\n' ' '; echo
  # libFuzzer's coverage (cov: edges, ft: features) and corpus once the starting inputs have run
  # (INITED) and at the end (DONE).
  grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)" "$tmp/run.log"
  echo "ok: $target fuzzed for $seconds s"
  [ "$corpus" = "$tmp/corpus" ] || echo "corpus kept: $corpus ($(ls "$corpus" | wc -l) inputs)"
else
  echo "FAIL: $target found an input that breaks a reader:"; report "$tmp/run.log"
  # libFuzzer names the file it wrote: "Test unit written to PATH".
  written="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$tmp/run.log")"
  if [ -z "$written" ]; then
    echo "--- libFuzzer wrote no input; the run's log:"; tail -60 "$tmp/run.log"
  fi
  while IFS= read -r input; do
    [ -n "$input" ] && [ -e "$input" ] && show_input "$input" "$tmp/run.log"
  done <<<"$written"
  status=1
fi
exit $status

#!/usr/bin/env bash
# One libFuzzer target as the test run uses it: every input that ever failed (regressions/<target>/)
# must pass, then a short coverage-guided run from the documentation's examples.
#   run.sh FUZZER SEEDS TARGET SECONDS
# SEEDS is the seed_corpus program, or a folder it has written (the test run writes it once for
# all targets: it solves a small board of each game, 10 s under the sanitizers).
# A long run is the same with more seconds (docs/fuzzing.md).
set -u
fuzzer="$1" seeds="$2" target="$3" seconds="$4"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
regressions="$here/regressions/$target"
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
  if "$fuzzer" "$regressions"/* >"$tmp/regressions.log" 2>&1; then
    echo "ok: $(ls "$regressions" | wc -l) regression inputs"
  else
    echo "FAIL: a regression input fails again"; tail -30 "$tmp/regressions.log"; status=1
  fi
fi
if [ ! -d "$seeds" ]; then
  "$seeds" "$tmp/seeds" || { echo "FAIL: could not write the seed corpus"; exit 1; }
  seeds="$tmp/seeds"
fi
[ -d "$seeds/$target" ] || { echo "FAIL: no seeds for $target in $seeds"; exit 1; }
mkdir -p "$tmp/corpus"
# -seed fixes the mutation sequence; -timeout flags one input that takes over 10 s as a failure.
if "$fuzzer" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
     -artifact_prefix="$tmp/" "$tmp/corpus" "$seeds/$target" >"$tmp/run.log" 2>&1; then
  grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$tmp/run.log" | tr '\n' ' '; echo
  echo "ok: $target fuzzed for $seconds s"
else
  echo "FAIL: $target found an input that breaks a reader:"; grep -v "^#\|^INFO\|^stat::" "$tmp/run.log" | tail -40
  for crash in "$tmp"/crash-* "$tmp"/timeout-* "$tmp"/oom-*; do
    [ -e "$crash" ] || continue
    echo "--- input $(basename "$crash") (add it to tests/fuzz/regressions/$target/ once fixed):"; od -c "$crash" | head -10
  done
  status=1
fi
exit $status

#!/usr/bin/env bash
# The measurements of docs/solver.md ("Measured"): issue 9's targets, and the plain alpha-beta
# baseline on the same machine. Long (minutes); run on an idle machine. Not a test.
# Usage: benchmarks/solver_benchmarks.sh [BUILD_DIR] [THREADS]
set -u
build="${1:-build/release}"
threads="${2:-1}"
A="$build/arbiter"
B="$build/alphabeta_baseline"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
echo "commit $(git rev-parse --short HEAD), $(nproc) cores, $(uptime | sed 's/.*load/load/')"
run() {  # LABEL COMMAND...
  local label="$1"; shift
  local start end
  start=$(date +%s%N)
  "$@" >"$state/out" 2>"$state/err"
  local status=$?
  end=$(date +%s%N)
  printf '%-60s exit %d  %6.2f s  %s\n' "$label" "$status" "$(( (end - start) / 1000000 ))e-3" \
    "$(grep -E '^(Search|Value):' "$state/out" | tr '\n' ' ' | cut -c1-150)"
}
for game in brique quentin; do
  run "$game 5x5 --openings --time-limit 60 (T=$threads)" \
    "$A" solve "$game" --size 5 --openings --time-limit 60 --threads "$threads" --state "$state/s"
  grep -A6 '^Every move' "$state/out"
done
moves="d4 c3 e3 d2 c5 e5 b4 f4"
for game in brique quentin; do
  position="$("$A" play "$game" --size 7 $moves 2>/dev/null | tail -1)"
  run "$game 7x7 --within 3 after $moves" "$A" solve "$game" --size 7 --position "$position" --within 3 --state "$state/s"
done
for game in brique quentin; do
  run "baseline alpha-beta, $game 5x5 empty board" "$B" "$game" 5
  cat "$state/out"
done

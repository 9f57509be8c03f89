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
# Threat zones (docs/solver.md): the same table at every threat depth, one thread.
for depth in 0 1 2 3; do
  run "brique 5x5 --openings --threat-depth $depth (T=1)" \
    "$A" solve brique --size 5 --openings --threads 1 --tt-mb 1024 --threat-depth "$depth" --state "$state/s"
  grep -E '^Threats' "$state/out"
done
# Middle-game positions reached by legal play (the Brique one: d4 c3 e3 d2 c5 e5 b4 f4).
run "brique 7x7 --within 3 after d4 c3 e3 d2 c5 e5 b4 f4" "$A" solve brique --size 7 --within 3 --state "$state/s" \
  --position "$("$A" replay brique --size 7 d4 c3 e3 d2 c5 e5 b4 f4 | sed -n 's/^Position: //p')"
for position in "quentin 7 ......./.B...../..W.W../...B.../.B...B./..W..W./....... black 8" \
                "quentin 7 ...B.../...B.../...B.../.WWWWW./...B.../......./....... black 8"; do
  run "--within 3, $position" "$A" solve quentin --position "$position" --within 3 --state "$state/s"
done
for game in brique quentin; do
  run "baseline alpha-beta, $game 5x5 empty board (900 s at most)" "$B" "$game" 5 --time-limit 900
  cat "$state/out"
done

#!/usr/bin/env bash
# Regenerates the perft tables of docs/perft.md from the built program (every implementation of a
# game is run; where a game has two they must agree, and the script stops if they do not; Hexabrae
# has one, so its tables are not compared).
# Usage: scripts/perft-tables.sh [ARBITER]
set -euo pipefail
source "$(dirname "$0")/options.bash" "$@"
arbiter="${1:-build/release/arbiter}"
need_program "$arbiter"
table() {  # GAME SIZE DEPTH
  echo "### $1, size $2"
  echo
  local start end
  start=$(date +%s%N)
  "$arbiter" perft "$1" --size "$2" --depth "$3" --markdown | grep -v "implementations agree"
  end=$(date +%s%N)
  echo
  local ms=$(( (end - start) / 1000000 ))
  printf '_%d.%03d seconds for all implementations._\n\n' $((ms / 1000)) $((ms % 1000))
}
echo "## Brique"; echo
table brique 3 10; table brique 4 6; table brique 5 5
echo "## Quentin"; echo
table quentin 3 9; table quentin 4 6; table quentin 5 5
echo "## Brochs"; echo
table brochs 7 3; table brochs 9 3; table brochs 11 3; table brochs 13 3; table brochs 15 3
echo "## Hexabrae"; echo
table hexabrae 2 3; table hexabrae 3 3; table hexabrae 4 3

#!/usr/bin/env bash
# Regenerates the opening tables of docs/openings.md: every first move of Brique and Quentin on
# sizes 2..MAX, under each pie ruling, solved with a certificate that the reference model then
# re-checks (the script stops if one does not verify).
# Usage: scripts/opening-tables.sh [ARBITER] [MAX_SIZE] [CERTIFICATE_DIR]
set -euo pipefail
source "$(dirname "$0")/options.bash" "$@"
arbiter="${1:-build/release/arbiter}"
need_program "$arbiter"
max="${2:-4}"
certs="${3:-$(mktemp -d)}"
mkdir -p "$certs"
table() {  # GAME SIZE RULING
  local cert="$certs/$1-$2-${3//=/-}.cert"
  local start end
  start=$(date +%s%N)
  "$arbiter" solve "$1" --size "$2" --rule "$3" --openings --proof "$cert" --state "$certs/state" >"$certs/out" 2>/dev/null
  end=$(date +%s%N)
  "$arbiter" verify-proof "$cert" >"$certs/verify" || { cat "$certs/verify"; exit 1; }
  echo "### $1 ${2}x$2, $3"
  echo
  echo '```'
  sed -n '/^Value:/p;/^Winning moves/p;/^For the player to move/p' "$certs/out"
  sed -n '/^Every move/,/to move, ply 0$/p' "$certs/out" | grep -v 'to move, ply 0$'
  grep -E '^  (swap|pass)' "$certs/out" || true
  echo '```'
  local ms=$(( (end - start) / 1000000 ))
  printf '_Solved in %d.%03d s; certificate of %s nodes verified by the reference model (%s)._\n\n' \
    $((ms / 1000)) $((ms % 1000)) "$(grep -c '^[na] ' "$cert")" "$(grep -o '[0-9]* positions' "$certs/verify")"
}
for size in $(seq 2 "$max"); do
  for pie in pie=swap-sides pie=mirror pie=off; do table brique "$size" "$pie"; done
  for pie in pie=on pie=off; do table quentin "$size" "$pie"; done
done

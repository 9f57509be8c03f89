#!/usr/bin/env bash
# The seed corpus (what seed_corpus wrote in SEEDS) reaches the readers' paths that random inputs
# seldom do: a mutation of a seed that passes a check explores that check, while one that must spell
# out a ruling, a keep and a capture first hardly ever gets there (docs/fuzzing.md).
#   seeds.sh SEEDS
set -u
seeds="$1"
status=0
fail() { echo "FAIL: $*"; status=1; }
# holds TARGET PATTERN WHAT: some seed of TARGET has a line matching PATTERN (extended regex).
holds() {
  grep -qaE -- "$2" "$seeds/$1"/* 2>/dev/null || fail "no $1 seed is $3 (none matches '$2')"
}

holds position_reader '^brochs .* taken:[a-z]' "a Brochs position with a 'taken:' keep (keep-setting=after-capture)"
holds position_reader '^brochs .* cursed .*taken:[a-z]' "a Brochs position just after a curse that took a keep's occupant"
holds position_reader '^brochs .* since:curse,' "a Brochs position whose history starts with a curse (curse-cost=free)"

for game in brique quentin brochs hexabrae; do
  holds certificate_reader "^game $game\$" "a certificate of $game"
done
holds certificate_reader '^p [0-9]+$' "a partial analysis"
holds certificate_reader '^e [0-9]+ ' "an analysis with a part node"
holds certificate_reader '^n [0-9]+ nowin [01] [0-9]+$' "a bounded certificate"
single=0
for file in "$seeds"/certificate_reader/*; do
  grep -qE '^[ap] [0-9]+$' "$file" || single=1
done
[ "$single" = 1 ] || fail "no certificate_reader seed has a single claim at its root (a value-only solve's)"

# A move read a few plies into the game (the input's second byte) and a record as a list.
later=0 swap=0 list=0
for file in "$seeds"/move_reader/*; do
  plies="$(od -An -tu1 -j1 -N1 "$file" | tr -d ' ')"
  text="$(tail -c +3 "$file")"
  if [ "$plies" -ge 1 ] && [ "$plies" -le 7 ]; then
    later=1
    [ "$text" = swap ] && swap=1
  fi
  case "$text" in *,*) list=1 ;; esac
done
[ "$later" = 1 ] || fail "no move_reader seed reads its move after the first ply (second byte 1 to 7)"
[ "$swap" = 1 ] || fail "no move_reader seed is a swap where it is legal"
[ "$list" = 1 ] || fail "no move_reader seed is a comma-separated record"

[ "$status" = 0 ] && echo "ok: the seed corpus in $seeds reaches every case checked"
exit $status

#!/usr/bin/env bash
# The build's hashes of sources: the encoding version that stored proof verdicts are keyed by
# (scripts/encoding_version.cmake) and the program's sources' hash that solve journals and saved
# tables are keyed by beside the commit (scripts/source_hash.cmake). For each, the same sources
# give the same hash, any edit to one of them a different one, and an unchanged hash leaves the
# generated file untouched (no recompilation); and the build hashes what a game's verdicts rest on,
# its model included, and every source of the program. Usage: encoding_version.sh ARBITER (its
# build tree holds the generated files).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
for script in encoding_version source_hash; do
  printf 'int encoding() { return 1; }\n' > "$work/src/a.cpp"
  printf '// helper\n' > "$work/src/b.hpp"
  rm -f "$work/out"
  hash() {
    cmake -DROOT="$work" -DOUT="$work/out" "-DSOURCES=src/a.cpp|src/b.hpp" -P "$root/scripts/$script.cmake"
    sed -n -e 's/^#define ARBITER_ENCODING_SOURCE_HASH "\(.*\)"$/\1/p' -e 's/.*source_hash() { return "\(.*\)"; }$/\1/p' "$work/out"
  }
  first=$(hash)
  [[ $first =~ ^[0-9a-f]{16}$ ]] || { echo "FAIL: $script: hash '$first' is not 16 hex digits"; exit 1; }
  touch -d '2000-01-01' "$work/out"
  [[ $(hash) == "$first" ]] || { echo "FAIL: $script: the same sources gave another hash"; exit 1; }
  [[ $(stat -c %Y "$work/out") -eq $(date -d '2000-01-01' +%s) ]] || { echo "FAIL: $script: an unchanged hash rewrote the file"; exit 1; }
  printf 'int encoding() { return 2; }\n' > "$work/src/a.cpp"
  second=$(hash)
  [[ $second != "$first" ]] || { echo "FAIL: $script: editing a source kept the hash"; exit 1; }
  printf '// helper, edited\n' > "$work/src/b.hpp"
  [[ $(hash) != "$second" ]] || { echo "FAIL: $script: editing the second source kept the hash"; exit 1; }
done
# Quentin's stalls are confirmed by its reference model and Brique's turns-place-stones plays its
# engine: a stored verdict must not outlive an edit to either.
generated="$(dirname "$1")/generated"
for source in quentin/reference.cpp brique/engine.cpp core/game.cpp quentin/claims.cpp; do
  game=${source%%/*}
  [[ $game == core ]] && game=brique
  grep -qx "//   model/$source" "$generated/model/$game/encoding_version.hpp" ||
    { echo "FAIL: model/$source is not hashed into $generated/model/$game/encoding_version.hpp"; exit 1; }
done
# A solve journal must not outlive an edit to any source of the program: every layer's are hashed.
count=$(sed -n 's/.* from the \([0-9]*\) sources of the arbiter program\.$/\1/p' "$generated/source_hash.cpp")
expected=$(cd "$root" && ls model/*.[ch]pp model/*/*.[ch]pp properties/*.[ch]pp solver/*.[ch]pp generators/*.[ch]pp \
  puzzles/*.[ch]pp distributed/*.[ch]pp cli/*.[ch]pp | wc -l)
[[ $count -eq $expected ]] || { echo "FAIL: $generated/source_hash.cpp hashes ${count:-no} sources, the program has $expected"; exit 1; }
echo "encoding version and source hash: ok"

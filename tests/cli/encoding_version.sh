#!/usr/bin/env bash
# The encoding version that stored proof verdicts are keyed by (scripts/encoding_version.cmake):
# the same sources give the same hash, any edit to one of them a different one, and an unchanged
# hash leaves the header untouched (no recompilation); and the build hashes what a game's verdicts
# rest on, its model included. Usage: encoding_version.sh ARBITER (its build tree holds the headers).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
printf 'int encoding() { return 1; }\n' > "$work/src/a.cpp"
printf '// helper\n' > "$work/src/b.hpp"
hash() {
  cmake -DROOT="$work" -DOUT="$work/out.hpp" "-DSOURCES=src/a.cpp|src/b.hpp" -P "$root/scripts/encoding_version.cmake"
  sed -n 's/^#define ARBITER_ENCODING_SOURCE_HASH "\(.*\)"$/\1/p' "$work/out.hpp"
}
first=$(hash)
[[ ${#first} -eq 16 ]] || { echo "FAIL: hash '$first' is not 16 characters"; exit 1; }
touch -d '2000-01-01' "$work/out.hpp"
[[ $(hash) == "$first" ]] || { echo "FAIL: the same sources gave another hash"; exit 1; }
[[ $(stat -c %Y "$work/out.hpp") -eq $(date -d '2000-01-01' +%s) ]] || { echo "FAIL: an unchanged hash rewrote the header"; exit 1; }
printf 'int encoding() { return 2; }\n' > "$work/src/a.cpp"
second=$(hash)
[[ $second != "$first" ]] || { echo "FAIL: editing a source kept the hash"; exit 1; }
printf '// helper, edited\n' > "$work/src/b.hpp"
[[ $(hash) != "$second" ]] || { echo "FAIL: editing the second source kept the hash"; exit 1; }
# Quentin's stalls are confirmed by its reference model and Brique's turns-place-stones plays its
# engine: a stored verdict must not outlive an edit to either.
generated="$(dirname "$1")/generated/model"
for source in quentin/reference.cpp brique/engine.cpp core/game.cpp quentin/claims.cpp; do
  game=${source%%/*}
  [[ $game == core ]] && game=brique
  grep -qx "//   model/$source" "$generated/$game/encoding_version.hpp" ||
    { echo "FAIL: model/$source is not hashed into $generated/$game/encoding_version.hpp"; exit 1; }
done
echo "encoding version: ok"

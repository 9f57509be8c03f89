#!/usr/bin/env bash
# The program as a package installs it: `cmake --install BUILD --prefix P` (CMakeLists.txt) puts
# the program in P/bin and README.md and docs/ in P/share/doc/arbiter, where every docs/... path a
# command's --help names is found (it installed nothing, and said it had succeeded). The installed
# program works from another folder, with nothing of the source tree (`rules --summary`, `render`,
# `solve`), and the path of the source tree is not in it (-ffile-prefix-map).
# Usage: install.sh ARBITER (the program in its build folder)
source "$(dirname "$0")/harness.bash" "$@"
source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
build=$(dirname "$arbiter")
stage="$tmp/stage"

if ! cmake --install "$build" --prefix "$stage" >"$tmp/install.out" 2>&1; then
  fail "cmake --install failed" "$tmp/install.out"; finish
fi
installed="$stage/bin/arbiter" doc="$stage/share/doc/arbiter"
[ -x "$installed" ] && pass || fail "no program installed as bin/arbiter" "$tmp/install.out"
for file in README.md design.md puzzles.md schemas/audit.schema.json examples/README.md; do
  [ -s "$doc/$file" ] && pass || fail "share/doc/arbiter/$file is not installed"
done
[ -x "$installed" ] || finish

# Every document the command line names (docs/X, in a help or a message) is installed as
# share/doc/arbiter/X. Read from its sources: the helps wrap a long path over two lines.
named=$(grep -rhoE 'docs/[A-Za-z0-9_./-]*[A-Za-z0-9_/]' "$source_dir/cli" | sort -u)
[ -n "$named" ] && pass || fail "cli/ names no docs/ path (this test looks for them)"
for path in $named; do
  if [[ $path == */ ]] || [ -d "$source_dir/$path" ]; then
    [ -d "$doc/${path#docs/}" ] && pass || fail "the help names $path, not installed as share/doc/arbiter/${path#docs/}"
  else
    [ -f "$doc/${path#docs/}" ] && pass || fail "the help names $path, not installed as share/doc/arbiter/${path#docs/}"
  fi
done
"$installed" --help >"$tmp/help" 2>&1
grep -q "share/doc/arbiter/" "$tmp/help" && pass || fail "arbiter --help does not say where the docs are installed" "$tmp/help"

# From another folder, with nothing of the source tree.
game=$(registered_games | sed -n 1p)
(cd / && "$installed" rules "$game" --summary) >"$tmp/out" 2>"$tmp/err" && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && pass ||
  fail "installed: rules $game --summary, run from /" "$tmp/out" "$tmp/err"
(cd / && "$installed" render "$game" --size 3 --out "$tmp/board.png") >"$tmp/out" 2>"$tmp/err" &&
  file -b "$tmp/board.png" | grep -q '^PNG image data' && pass || fail "installed: render $game, run from /" "$tmp/out" "$tmp/err"
status=0
(cd / && "$installed" solve "$game" --size 2 --tt-mb 16 --state "$tmp/state") >"$tmp/out" 2>"$tmp/err" || status=$?
[ $status -eq 0 ] && grep -q . "$tmp/out" && pass || fail "installed: solve $game --size 2, run from /: exit $status" "$tmp/out" "$tmp/err"

# The source tree's path is not recorded in the program (__FILE__ in its assertions and reports):
# the one file name that reaches it, property_runner.cpp's, is written relative to the tree.
grep -aqF "./properties/property_runner.cpp" "$installed" && pass ||
  fail "the program does not name ./properties/property_runner.cpp (is -ffile-prefix-map in force?)"
# Nowhere else either, in a build without sanitizers: a sanitized build (ARBITER_TEST_SANITIZED,
# set by ctest) holds the sanitizers' own records of source files, UBSan's source locations and
# type names ("(lambda at /tree/cli/audit.cpp:932:31)"), which clang 14 writes with the absolute
# path whatever the prefix map (measured at 7cba28c: 345 of them); such a build is not installed.
if [ -n "${ARBITER_TEST_SANITIZED:-}" ]; then
  echo "the sanitized build's own source records are not searched for the tree's path (see above)"
elif grep -aqF "$source_dir/" "$installed"; then
  fail "the installed program holds the source path $source_dir/: $(grep -aoF "$source_dir/" "$installed" | head -1)"
else
  pass
fi

finish

#!/usr/bin/env bash
# Solves that take seconds in Release (Quentin 5x5, --value-only) and, together, 34 s under the
# sanitizers: run in Release only (CMakeLists.txt), where they check what the user sees. The
# search code they go through runs sanitized in the solver's own tests (tests/solver_test.cpp).
# Usage: solver_long.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
export XDG_CACHE_HOME="$tmp/cache"

# Beside the root's df-pn, a search takes the root's moves in turn, the centre first, and progress
# names the move it is at: raced on its own thread, and on one thread in alternation.
ARBITER_PROGRESS_SECONDS=0.2 "$arbiter" solve quentin --size 5 --value-only --threads 2 --race --tt-mb 64 --time-limit 120 --state "$tmp/turn" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q '^Value: Black (the colour to move) wins (exact, proved)' "$tmp/out" &&
  grep -Eq "^solve: .*, the moves in turn at c3, [0-9]+ s$" "$tmp/err"; then pass; else
  fail "race: the other search on the centre -> exit $status"; cat "$tmp/err" "$tmp/out"; fi
ARBITER_PROGRESS_SECONDS=0.1 "$arbiter" solve quentin --size 5 --value-only --tt-mb 64 --time-limit 120 --state "$tmp/alternate" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && grep -q '^Winning move (--value-only: 24 other moves not searched): c3$' "$tmp/out" &&
  grep -Eq "^solve: .*, the moves in turn at c3, [0-9]+ s$" "$tmp/err"; then pass; else
  fail "one thread: the moves in turn alternate with the root's search -> exit $status"; cat "$tmp/err" "$tmp/out"; fi

finish

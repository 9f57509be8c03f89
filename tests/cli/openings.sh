#!/usr/bin/env bash
# The opening tables of docs/openings.md, solved again with certificates that the reference model
# re-checks (scripts/opening-tables.sh stops on one that does not verify), and compared with the
# page, timings aside. Usage: openings.sh ARBITER
set -u
arbiter="$1"
here="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"  # the solves' journals stay out of ~/.cache
if ! "$here/scripts/opening-tables.sh" "$arbiter" 4 "$tmp/certs" >"$tmp/tables.md"; then
  echo "FAIL: a table did not solve or its certificate did not verify"; cat "$tmp/tables.md"; echo "0 passed, 1 failed"; exit 1
fi
strip() { grep -v '^_Solved in' "$1"; }
sed -n '/^## Tables/,$p' "$here/docs/openings.md" | tail -n +3 >"$tmp/page.md"
if diff <(strip "$tmp/page.md") <(strip "$tmp/tables.md") >"$tmp/diff"; then
  echo "1 passed, 0 failed"
else
  echo "FAIL: docs/openings.md differs from the solver's tables:"; cat "$tmp/diff"; echo "0 passed, 1 failed"; exit 1
fi

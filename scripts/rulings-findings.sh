#!/usr/bin/env bash
# Runs the ruling explorer (`arbiter rulings diff`) for every ruling of every game, default against
# each alternative, and prints the findings as Markdown for docs/rulings.md.
# A comparison that ends UNDECIDED (exit status 1: a search stopped early) is a finding and is
# printed like the others; any other failure (exit status 2, or a failing sed) stops the script.
# Usage: scripts/rulings-findings.sh [ARBITER] [SECONDS_PER_COMPARISON]
set -euo pipefail
source "$(dirname "$0")/options.bash" "$@"
arbiter="${1:-build/release/arbiter}"
seconds="${2:-20}"
need_program "$arbiter"
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
# Assignments, not `for x in $(...)`: set -e stops the script when the command in them fails.
games=$("$arbiter" rules | grep -E '^[a-z]' | cut -d' ' -f1)
for game in $games; do
  echo "### $game"
  echo
  rulings=$("$arbiter" rules "$game" --markdown | tail -n +3 | cut -d'|' -f3 | tr -d ' `')
  for ruling in $rulings; do
    echo '```'
    set +e
    "$arbiter" rulings diff "$game" "$ruling" --time-limit "$seconds" 2>"$errors" | sed -e 's/[[:space:]]*$//'
    status=("${PIPESTATUS[@]}")
    set -e
    if [ "${status[0]}" -gt 1 ] || [ "${status[1]}" -ne 0 ]; then
      cat "$errors" >&2
      echo "rulings-findings.sh: 'arbiter rulings diff $game $ruling' exited with status ${status[0]}" >&2
      exit 1
    fi
    echo '```'
    echo
  done
done

#!/usr/bin/env bash
# Runs the ruling explorer (`arbiter rulings diff`) for every ruling of every game, default against
# each alternative, and prints the findings as Markdown for docs/rulings.md.
# Usage: scripts/rulings-findings.sh [ARBITER] [SECONDS_PER_COMPARISON]
set -euo pipefail
arbiter="${1:-build/release/arbiter}"
seconds="${2:-20}"
for game in $("$arbiter" rules | grep -E '^[a-z]' | cut -d' ' -f1); do
  echo "### $game"
  echo
  for ruling in $("$arbiter" rules "$game" --markdown | tail -n +3 | cut -d'|' -f3 | tr -d ' `'); do
    echo '```'
    "$arbiter" rulings diff "$game" "$ruling" --seconds "$seconds" 2>/dev/null | sed -e 's/[[:space:]]*$//'
    echo '```'
    echo
  done
done

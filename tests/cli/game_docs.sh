#!/usr/bin/env bash
# The pages every game has, as docs/design.md's "Adding a game" promises and the README points to:
# docs/notation/GAME.md (its diagram, one-line form and moves), and for a game with rulings
# docs/rulings/GAME.md (their evidence), linked from docs/rulings.md. The games are the ones
# `arbiter rules --json` lists, so a new game without its pages fails here.
# Usage: game_docs.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
docs="$(cd "$(dirname "$0")/../../docs" && pwd)"

games=$(registered_games)
[ -n "$games" ] || fail "rules --json named no game"
for game in $games; do
  "$arbiter" rules "$game" --json >"$tmp/$game.json" || { fail "rules $game --json"; continue; }
  # The heading names the game as its title does, before the parenthesis: "Brique (Luis ...)".
  name=$(jq -r '.game.title | sub(" \\(.*"; "")' "$tmp/$game.json")
  rulings=$(jq '.game.rulings | length' "$tmp/$game.json")
  page="$docs/notation/$game.md"
  if [ -s "$page" ] && [ "$(head -n 1 "$page")" = "# $name notation" ]; then
    pass
  else
    fail "$game: docs/notation/$game.md is missing or does not start '# $name notation'"
  fi
  if [ "$rulings" -eq 0 ]; then continue; fi
  page="$docs/rulings/$game.md"
  if [ -s "$page" ] && [ "$(head -n 1 "$page")" = "# $name rulings" ] && grep -q "(rulings/$game\.md)" "$docs/rulings.md"; then
    pass
  else
    fail "$game: docs/rulings/$game.md is missing, does not start '# $name rulings', or docs/rulings.md does not link it"
  fi
done
finish

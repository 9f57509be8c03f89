#!/usr/bin/env bash
# The generic folders (solver/, properties/, generators/, puzzles/, cli/) name no game, in code,
# strings or comments (docs/design.md, "Layout"): adding a game then touches its own folder and
# the registry's list only, and nothing there goes stale when a game changes or is removed. The
# games are the ones `arbiter rules --json` lists, by name and by title (its words before the
# parenthesis), so a new game is covered as soon as it is registered. A name counts as a word,
# case aside, in identifiers too: for a game named "foo", the words of foo_game, FooState and
# "foo 3 ..." include it, those of "foos" or "antifoo" do not. Each offending line is printed as
# FILE:LINE: TEXT.
# Usage: generic_names.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
root="$(cd "$(dirname "$0")/../.." && pwd)"

"$arbiter" rules --json >"$tmp/rules.json" || fail "rules --json"
jq -r '.games[] | .name, (.title | sub(" \\(.*"; "") | ascii_downcase)' "$tmp/rules.json" | sort -u >"$tmp/names"
[ -s "$tmp/names" ] || fail "rules --json named no game"

# names_in NAMES FILE...: each line of the files that names one of NAMES, as FILE:LINE: TEXT
# (FILE relative to the checkout).
names_in() {
  python3 - "$root" "$@" <<'PY'
import os, re, sys
root, names_file, files = sys.argv[1], sys.argv[2], sys.argv[3:]
# A name of several words ("Game of Y") is a run of words.
names = [re.findall(r"[a-z]+", line.lower()) for line in open(names_file, encoding="utf-8")]
names = [n for n in names if n]

def words(line):
    # Letter runs, each split where a capital follows a small letter or starts a capitalised word
    # after capitals (BriqueState: brique state; SVGDrawing: svg drawing).
    out = []
    for run in re.findall(r"[A-Za-z]+", line):
        out += [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", run)]
    return out

for path in files:
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            w = words(line)
            if any(w[i:i + len(n)] == n for n in names for i in range(len(w) - len(n) + 1)):
                print("%s:%d: %s" % (os.path.relpath(path, root), number, line.strip()))
PY
}

# The check can see a name: the registry's list names every game.
names_in "$tmp/names" "$root/model/registry.cpp" >"$tmp/registry"
while read -r name; do
  if grep -qi "$name" "$tmp/registry"; then pass; else fail "the scan does not see '$name' in model/registry.cpp" "$tmp/registry"; fi
done <"$tmp/names"

mapfile -t sources < <(find "$root/solver" "$root/properties" "$root/generators" "$root/puzzles" "$root/cli" -type f | sort)
[ "${#sources[@]}" -gt 0 ] || fail "no source files under the generic folders"
names_in "$tmp/names" "${sources[@]}" >"$tmp/named"
if [ -s "$tmp/named" ]; then
  cat "$tmp/named"
  fail "$(wc -l <"$tmp/named") lines of the generic folders name a game (listed above)"
else
  pass
fi
finish "${#sources[@]} files, games: $(paste -sd' ' "$tmp/names")"

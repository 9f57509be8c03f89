#!/usr/bin/env bash
# The build's stamp (scripts/version.sh), run on a small git repository of its own rather than by
# rebuilding: the stamp names the commit, and "-dirty-HASH" when sources differ from it, HASH
# changing with their content (an untracked source counts, a document does not); without git it
# is "unknown". `check` passes while the tree is the stamped one; once the tree changed (an edit,
# a commit) it fails with one line, removes the program and the objects compiled since the stamp,
# and leaves the older objects. (cli_errors.sh checks the form `arbiter --version` prints.)
# Usage: stamp.sh ARBITER (not run: the script is checked on its own repository)
source "$(dirname "$0")/harness.bash" "$@"
script="$(cd "$(dirname "$0")/../.." && pwd)/scripts/version.sh"
repo="$tmp/repo" build="$tmp/build"
mkdir -p "$repo/src" "$repo/docs" "$build/objects"
git -C "$repo" init -q
printf 'int one() { return 1; }\n' >"$repo/src/a.cpp"
printf '# notes\n' >"$repo/docs/notes.md"
git -C "$repo" add -A
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm first
commit=$(git -C "$repo" rev-parse HEAD)

tree() { bash "$script" tree "$1"; }
# stamp: the stamp step of a build of $repo into $build; prints the stamp it recorded.
stamp() {
  bash "$script" stamp "$repo" 9.9.9 "$build/version.cpp" "$build/stamped_tree" && head -1 "$build/stamped_tree"
}
# check: a program and an object made after the stamp, an object made before it, then the check.
check() {
  touch -r "$build/stamped_tree" -d '-1 hour' "$build/objects/old.o"
  touch -r "$build/stamped_tree" -d '+1 second' "$build/program" "$build/objects/new.o"
  bash "$script" check "$repo" "$build/stamped_tree" "$build/program" "$build/objects" >"$tmp/out" 2>"$tmp/err"
}
expect_pass() {
  if check && [ ! -s "$tmp/err" ] && [ -e "$build/program" ] && [ -e "$build/objects/new.o" ]; then pass; else
    fail "$1: the check failed on an unchanged tree" "$tmp/err"; fi
}
expect_changed() {  # DESCRIPTION STAMPED NOW
  local status=0
  check || status=$?
  if [ $status -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -qxF "version.sh: error: the source tree changed during the build (stamped $2, now $3): build again" "$tmp/err" &&
     [ ! -e "$build/program" ] && [ ! -e "$build/objects/new.o" ] && [ -e "$build/objects/old.o" ]; then pass; else
    fail "$1: exit $status (expected 1, one line, the program and the new object removed, the old one kept)" "$tmp/err"; fi
}
expect_stamp() {  # DESCRIPTION GOT EXPECTED
  if [ "$2" = "$3" ]; then pass; else fail "$1: stamp '$2', expected '$3'"; fi
}

clean=${commit:0:12}
expect_stamp "a clean tree" "$(stamp)" "$clean"
grep -qF "const char* version_commit() { return \"$clean\"; }" "$build/version.cpp" &&
  grep -qF 'const char* version_number() { return "9.9.9"; }' "$build/version.cpp" && pass ||
  fail "version.cpp does not hold the stamp" "$build/version.cpp"
touch -d '2000-01-01' "$build/version.cpp"
stamp >/dev/null
[ "$(stat -c %Y "$build/version.cpp")" -eq "$(date -d 2000-01-01 +%s)" ] && pass ||
  fail "an unchanged stamp rewrote version.cpp (everything would be compiled again)"
expect_pass "a clean tree"

printf '# notes, edited\n' >"$repo/docs/notes.md"
expect_stamp "an edited document" "$(tree "$repo")" "$clean"
expect_pass "an edited document"

printf 'int one() { return 2; }\n' >"$repo/src/a.cpp"
first=$(tree "$repo")
[[ $first =~ ^$clean-dirty-[0-9a-f]{8}$ ]] && pass || fail "an edited source: stamp '$first'"
expect_changed "a source edited during the build" "$clean" "$first"
expect_stamp "an edited source" "$(stamp)" "$first"
expect_pass "an edited source, stamped again"

printf 'int one() { return 3; }\n' >"$repo/src/a.cpp"
second=$(tree "$repo")
[[ $second =~ ^$clean-dirty-[0-9a-f]{8}$ && $second != "$first" ]] && pass ||
  fail "another edit of the source: stamp '$second' (the first edit's was '$first')"
expect_changed "a second edit during the build" "$first" "$second"
printf 'int one() { return 2; }\n' >"$repo/src/a.cpp"
expect_stamp "the first edit again" "$(tree "$repo")" "$first"

stamp >/dev/null
printf 'int two() { return 2; }\n' >"$repo/src/b.cpp"
third=$(tree "$repo")
[[ $third =~ ^$clean-dirty-[0-9a-f]{8}$ && $third != "$first" ]] && pass || fail "an untracked source: stamp '$third'"
expect_changed "a source added during the build" "$first" "$third"

stamp >/dev/null
git -C "$repo" add -A
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm second
merged=$(git -C "$repo" rev-parse HEAD)
expect_stamp "a new commit" "$(tree "$repo")" "${merged:0:12}"
expect_changed "a commit during the build" "$third" "${merged:0:12}"

stamp >/dev/null
rm "$repo/src/b.cpp"
gone=$(tree "$repo")
[[ $gone =~ ^${merged:0:12}-dirty-[0-9a-f]{8}$ ]] && pass || fail "a deleted source: stamp '$gone'"
expect_changed "a source deleted during the build" "${merged:0:12}" "$gone"

# Without git (a tarball's tree): "unknown", and nothing to compare.
mkdir -p "$tmp/tarball/src"
cp "$repo/src/a.cpp" "$tmp/tarball/src/"
repo="$tmp/tarball"
expect_stamp "a tree without git" "$(stamp)" unknown
expect_pass "a tree without git"

# A tree without git with the commit it was made from (CMake's ARBITER_COMMIT): stamped with its
# first 12 hex digits, lower case, and the check after the link still passes; a git tree is stamped
# by git whatever is given; what is not 7 to 40 hex digits is refused.
given_stamp() {
  bash "$script" stamp "$repo" 9.9.9 "$build/version.cpp" "$build/stamped_tree" "$1" && head -1 "$build/stamped_tree"
}
expect_stamp "a tree without git, commit given" "$(given_stamp "${merged^^}")" "${merged:0:12}"
grep -qF "const char* version_commit() { return \"${merged:0:12}\"; }" "$build/version.cpp" && pass ||
  fail "version.cpp does not hold the given commit" "$build/version.cpp"
expect_pass "a tree without git, commit given"
expect_stamp "a tree without git, 7 digits given" "$(given_stamp "${commit:0:7}")" "${commit:0:7}"
for bad in 123456 "${commit}0" 'abc"defg' 'g123456'; do
  status=0
  bash "$script" stamp "$repo" 9.9.9 "$build/version.cpp" "$build/stamped_tree" "$bad" 2>"$tmp/err" || status=$?
  [ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "is not 7 to 40 hex digits" "$tmp/err" && pass ||
    fail "commit '$bad' given: exit $status (expected 2, one line)" "$tmp/err"
done
repo="$tmp/repo"
expect_stamp "a git tree, another commit given" "$(given_stamp "$commit")" "$gone"

finish

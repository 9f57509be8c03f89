# What every CLI test script shares, sourced as the script's first step:
#   source "$(dirname "$0")/harness.bash" "$@"
# The name ends in .bash so that CMake's tests/cli/*.sh glob does not register this file as a
# test of its own. It gives: $arbiter (the binary under test, the script's first argument), $tmp
# (a fresh folder removed on exit, also XDG_CACHE_HOME's), pass / fail counters, expect_error and finish.
set -u
arbiter="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Journals and stored verdicts go under $tmp, never into the user's ~/.cache/arbiter.
export XDG_CACHE_HOME="$tmp/cache"
failures=0
passes=0

pass() { passes=$((passes + 1)); }

# fail DESCRIPTION [FILE...]: counts a failure and shows the start of each file given.
fail() {
  echo "FAIL: $1"
  shift
  local file
  for file in "$@"; do echo "--- $file"; head -40 "$file"; done
  failures=$((failures + 1))
}

# expect_error DESCRIPTION ARGS...: `arbiter ARGS` must exit 2 with exactly one stderr line that
# starts "arbiter: error: " (the environment is the caller's). Leaves the output in $tmp/out, $tmp/err.
expect_error() {
  local what="$1"
  shift
  "$arbiter" "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^arbiter: error: ' "$tmp/err"; then
    pass
  else
    fail "$what: arbiter $* -> exit $status, stderr:" "$tmp/err"
  fi
}

# finish [NOTE]: the counts, and the script's exit status (non-zero when anything failed).
finish() {
  echo "$passes passed, $failures failed${1:+ ($1)}"
  [ "$failures" -eq 0 ]
  exit
}

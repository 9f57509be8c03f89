# What every CLI test script shares, sourced as the script's first step:
#   source "$(dirname "$0")/harness.bash" "$@"
# The name ends in .bash so that CMake's tests/cli/*.sh glob does not register this file as a
# test of its own. It gives: $arbiter (the binary under test, the script's first argument), $tmp
# (a fresh folder removed on exit, also XDG_CACHE_HOME's), pass / fail counters, expect_error, png_resolution, png_text and finish.
set -u
arbiter="$1"
tmp="$(mktemp -d)"
# Only this shell removes it: a background job's subshell inherits the trap, and a signal that
# reaches it before it has started the program ran the trap there, removing the folder under the
# rest of the script (audit_report.sh's stop tests failed so now and then).
harness_shell=$BASHPID
trap '[ "$BASHPID" = "$harness_shell" ] && rm -rf "$tmp"' EXIT
# Journals and stored verdicts go under $tmp, never into the user's ~/.cache/arbiter.
export XDG_CACHE_HOME="$tmp/cache"
failures=0
passes=0

pass() { passes=$((passes + 1)); }

# registered_games: the games arbiter registers, one name a line, as `arbiter rules --json` lists
# them: a generic check covers every game, a new one included, without naming them.
registered_games() {
  "$arbiter" rules --json | python3 -c 'import json, sys; print("\n".join(g["name"] for g in json.load(sys.stdin)["games"]))'
}

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

# png_chunk FILE KIND [KEYWORD]: what a PNG says before its image data, from chunks whose CRC
# holds, or "none" when it does not say it or is no PNG. KIND pHYs: the resolution as "X Y UNIT"
# (pixels per unit; unit 1 is the metre, so 200 dpi reads "7874 7874 1"); KIND text: the text of
# the tEXt (or uncompressed iTXt) chunk KEYWORD.
png_chunk() {
  python3 - "$@" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
at, found = 8, "none"
while data[:8] == b"\x89PNG\r\n\x1a\n" and at + 8 <= len(data):
    length, kind = struct.unpack(">I4s", data[at:at + 8])
    body = data[at + 8:at + 8 + length]
    crc_ok = struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
    keyword, _, text = body.partition(b"\0")
    if not crc_ok or kind in (b"IDAT", b"IEND"):
        pass  # a damaged chunk says nothing; what comes after the image data counts for neither
    elif sys.argv[2] == "pHYs" and kind == b"pHYs" and length == 9:
        found = "%d %d %d" % struct.unpack(">IIB", body)
    elif sys.argv[2] == "text" and keyword.decode("latin-1") == sys.argv[3]:
        if kind == b"tEXt":
            found = text.decode("latin-1")
        elif kind == b"iTXt" and text[:2] == b"\0\0":
            found = text[2:].split(b"\0", 2)[2].decode("utf-8")
    if kind in (b"IDAT", b"IEND"):
        break
    at += 12 + length
print(found)
PY
}
png_resolution() { png_chunk "$1" pHYs; }  # png_resolution FILE: "7874 7874 1" for 200 dpi
png_text() { png_chunk "$1" text "$2"; }   # png_text FILE KEYWORD: the text, or "none"

# finish [NOTE]: the counts, and the script's exit status (non-zero when anything failed).
finish() {
  echo "$passes passed, $failures failed${1:+ ($1)}"
  [ "$failures" -eq 0 ]
  exit
}

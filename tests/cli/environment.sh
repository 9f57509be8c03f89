#!/usr/bin/env bash
# Arbiter in a hostile environment: paths that are not UTF-8 under --json, SIGHUP (a closed
# terminal), read-only media, two runs on one output.
# Usage: environment.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"
here="$(cd "$(dirname "$0")" && pwd)"
validate() { python3 "$here/../../scripts/validate-json.py" "$here/../../docs/schemas/$1.schema.json" "$2" >/dev/null; }

# A path with a byte that is not UTF-8 (POSIX allows any byte but / and NUL) under --json: the
# document is written, the byte replaced by U+FFFD (before, the run ended "internal error:
# [json.exception.type_error.316] invalid UTF-8 byte" with exit 3 and no document, after a whole search).
N="$tmp/$(printf 'bad\xffname')"
mkdir "$N"
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$N/st" --proof "$N/c.cert" --json >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["certificate"]["file"].endswith("bad\ufffdname/c.cert"), d["certificate"]' "$tmp/out" && validate solve "$tmp/out"; then pass; else
  fail "solve --json with a non-UTF-8 --proof path -> exit $status" "$tmp/err" "$tmp/out"; fi
for command in "state --state $N/st" "verify-proof $N/c.cert"; do
  # (word splitting is wanted: $N holds no space)
  "$arbiter" $command --json >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ $status -eq 0 ] && python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$tmp/out"; then pass; else
    fail "${command%% *} --json with a non-UTF-8 path -> exit $status" "$tmp/err" "$tmp/out"; fi
done

# SIGHUP is a stop like SIGTERM: the run says so, keeps its table for --resume and exits 129
# (before, it died at once with nothing said and nothing saved).
"$arbiter" solve brique --size 5 --tt-mb 16 --state "$tmp/hup" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -HUP $pid
wait $pid
status=$?
if [ $status -eq 129 ] && grep -q 'interrupted by SIGHUP' "$tmp/err" && ls "$tmp"/hup/solve/*/table >/dev/null 2>&1; then pass; else
  fail "solve after SIGHUP -> exit $status" "$tmp/err"; fi
# A process started ignoring SIGHUP (nohup) keeps ignoring it: SIGTERM then stops it.
(trap '' HUP; exec "$arbiter" solve brique --size 5 --tt-mb 16 --state "$tmp/nohup" >"$tmp/out" 2>"$tmp/err") &
pid=$!
sleep 1
kill -HUP $pid
sleep 1
kill -TERM $pid
wait $pid
status=$?
if [ $status -eq 143 ] && grep -q 'interrupted by SIGTERM' "$tmp/err"; then pass; else
  fail "solve under nohup after SIGHUP then SIGTERM -> exit $status" "$tmp/err"; fi

# A puzzle store on read-only media is read: list, export and verify open it read-only, as
# immutable where SQLite cannot create the write-ahead log's -shm file (before, each failed
# "unable to open database file"). A read-only tmpfs mount in a user namespace where one can be
# made; else, not as root, a folder without write permission; else (root without namespaces: root
# writes anywhere) the check is skipped, saying so.
"$arbiter" puzzles generate brique --size 4 --kind within-1 --count 2 --db "$tmp/ro.db" >/dev/null 2>&1
read_only_reads() {  # DB: the commands that only read the store, each must exit 0, run as $reader
  $reader "$arbiter" puzzles list --db "$1" >"$tmp/ro.list" 2>&1 &&
    grep -q '^2 puzzles$' "$tmp/ro.list" &&
    $reader "$arbiter" puzzles export --db "$1" >/dev/null 2>&1 &&
    $reader "$arbiter" puzzles verify --db "$1" >/dev/null 2>&1 &&
    echo ok
}
reader=""
export -f read_only_reads
export arbiter tmp
mkdir "$tmp/mnt"
if unshare -rm true 2>/dev/null; then
  result="$(unshare -rm bash -c 'mount -t tmpfs none "$tmp/mnt" 2>/dev/null || { echo skipped; exit 0; }
    cp "$tmp/ro.db" "$tmp/mnt/p.db" && mount -o remount,ro "$tmp/mnt" && read_only_reads "$tmp/mnt/p.db"' 2>&1)"
elif [ "$(id -u)" -ne 0 ]; then
  cp "$tmp/ro.db" "$tmp/mnt/p.db" && chmod a-w "$tmp/mnt" "$tmp/mnt/p.db"
  result="$(read_only_reads "$tmp/mnt/p.db")"
  chmod u+w "$tmp/mnt"
else
  result="skipped"
fi
case "$result" in
  ok) pass ;;
  skipped) echo "note: the read-only store check was skipped (root, and no user namespace to mount a read-only tmpfs in)" ;;
  *) fail "reading a store on read-only media: $result" "$tmp/ro.list" ;;
esac

# A store in a folder its reader cannot write, the file itself writable by its owner (SQLite 3.40.1
# says SQLITE_READONLY there, where a read-only mount says SQLITE_CANTOPEN): read as on read-only
# media (each reading command failed `attempt to write a readonly database`, exit 2, before).
# Not as root, the folder is this user's; as root, nobody's, read as nobody (setpriv); else skipped.
mkdir "$tmp/nw"
cp "$tmp/ro.db" "$tmp/nw/p.db"
if [ "$(id -u)" -ne 0 ]; then
  chmod 555 "$tmp/nw"
  result="$(read_only_reads "$tmp/nw/p.db")"
  chmod 755 "$tmp/nw"
elif command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
  chmod 711 "$tmp"
  chown -R nobody "$tmp/nw" && chmod 555 "$tmp/nw"
  # setpriv starts the program itself (a shell started as nobody could not: a checkout in a folder
  # only root enters, as mktemp -d makes, keeps nobody from the program's path); the listings are
  # written by this shell.
  reader="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups"
  result="$(read_only_reads "$tmp/nw/p.db")"
  reader=""
  chmod 755 "$tmp/nw"
else
  result="skipped"
fi
case "$result" in
  ok) pass ;;
  skipped) echo "note: the store in a folder its reader cannot write was not checked (root, without setpriv or the user nobody)" ;;
  *) fail "reading a store in a folder its reader cannot write: $result" "$tmp/ro.list" ;;
esac

# A reader's -wal and -shm in a shared sticky folder (SQLite makes them, owned by the reader)
# keep the store's owner from writing: the error names them and their owner (it said only
# `attempt to write a readonly database`). Two users are needed: as root, nobody and daemon.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1 && id daemon >/dev/null 2>&1; then
  chmod 711 "$tmp"
  mkdir -m 1777 "$tmp/shared"
  as() { local who="$1"; shift; setpriv --reuid="$who" --regid="$(id -g "$who")" --clear-groups "$@"; }
  as nobody "$arbiter" puzzles generate brique --size 4 --kind within-1 --count 1 --db "$tmp/shared/s.db" >/dev/null 2>&1
  as daemon "$arbiter" puzzles list --db "$tmp/shared/s.db" >/dev/null 2>&1
  as nobody "$arbiter" puzzles generate brique --size 4 --kind within-1 --count 2 --db "$tmp/shared/s.db" >"$tmp/out" 2>"$tmp/err"
  status=$?
  # Exit 1: the store was found writable and the write failed part way, which ends a run as a full
  # disk does (its summary and how to continue), not as bad input.
  if [ $status -eq 1 ] && grep -q "s.db-shm' belongs to another user, daemon, who opened the store here" "$tmp/err" &&
     grep -q "with 1/2 stored .*run the same command to continue" "$tmp/err"; then pass; else
    fail "a writer kept out by a reader's -shm names it -> exit $status" "$tmp/err"; fi
else
  echo "note: the reader's -shm in a shared folder was not checked (it needs root, setpriv and the users nobody and daemon)"
fi

# state prune on a read-only state folder says why it removed nothing: the lock cannot be taken
# there (before: "kept ...: in use by a running solve", of a journal no run held).
"$arbiter" solve brique --size 3 --tt-mb 16 --state "$tmp/st" >/dev/null 2>&1
if unshare -rm true 2>/dev/null; then
  result="$(unshare -rm bash -c 'mount -t tmpfs none "$tmp/mnt" 2>/dev/null || { echo skipped; exit 0; }
    cp -r "$tmp/st" "$tmp/mnt/st" && mount -o remount,ro "$tmp/mnt" &&
    "$arbiter" state prune --state "$tmp/mnt/st" --older-than 0 >"$tmp/prune.out" 2>&1; echo $?')"
else
  result="skipped"
fi
case "$result" in
  1) if grep -q "^could not remove .*: cannot lock it: cannot create the lock file .*Read-only file system" "$tmp/prune.out" &&
        ! grep -q "in use" "$tmp/prune.out"; then pass; else fail "state prune on a read-only folder" "$tmp/prune.out"; fi ;;
  skipped) echo "note: the read-only state prune check was skipped (no user namespace to mount a read-only tmpfs in)" ;;
  *) fail "state prune on a read-only folder -> exit $result" "$tmp/prune.out" ;;
esac

# Two prove runs on one results file: the second is refused at once, as a second solve on a
# journal is (before, both proved every claim and appended the same verdicts twice), naming the
# option that chose the file (it named none, and said "give another output").
mkdir "$tmp/ps"
locked_prove() {  # locked_prove LOCKFILE EXPECTED-LINE-REGEX ARGS...: prove while LOCKFILE is held
  local lock="$1" expected="$2"
  shift 2
  flock "$lock" sleep 10 &
  local holder=$!
  sleep 0.3
  "$arbiter" prove brique turns-place-stones "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  kill "$holder" 2>/dev/null
  [ "$status" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "$expected" "$tmp/err"
}
if locked_prove "$tmp/ps/prove-brique.tsv.lock" \
     "^arbiter: error: --state '$tmp/ps': the results file '$tmp/ps/prove-brique.tsv' is in use by another run.*: wait for it to end, or give another --state$" \
     --state "$tmp/ps" && [ ! -s "$tmp/ps/prove-brique.tsv" ]; then pass; else fail "prove on a results file in use -> exit $status" "$tmp/err"; fi
if locked_prove "$tmp/ps/r.tsv.lock" "^arbiter: error: --results '$tmp/ps/r.tsv' is in use by another run.*: wait for it to end, or give another --results$" \
     --results "$tmp/ps/r.tsv"; then pass; else fail "prove --results on a file in use names --results -> exit $status" "$tmp/err"; fi

# Standard output that cannot be written is said, for --help and --version as for every command
# (`arbiter --help > /dev/full` exited 0, silently).
# With the reason, for a command's help too, longer than the stream's buffer ('solve --help' gave none).
for words in --help --version "solve --help"; do
  "$arbiter" $words >/dev/full 2>"$tmp/err"
  status=$?
  if [ $status -eq 2 ] && grep -q '^arbiter: error: cannot write to standard output: No space left on device$' "$tmp/err"; then pass; else
    fail "arbiter $words > /dev/full -> exit $status" "$tmp/err"; fi
done
# 'arbiter --help COMMAND' and 'arbiter help COMMAND' show the command's help (they showed the overview).
"$arbiter" solve --help >"$tmp/solve-help" 2>&1
for words in "--help solve" "help solve" "-h solve"; do
  "$arbiter" $words >"$tmp/out" 2>&1
  status=$?
  if [ $status -eq 0 ] && grep -q '^usage: arbiter solve' "$tmp/out" && cmp -s "$tmp/out" "$tmp/solve-help"; then pass; else
    fail "arbiter $words shows solve's help -> exit $status" "$tmp/out"; fi
done

# On a terminal whose TERM is dumb, progress comes as plain lines, no "\r\033[K" (a pseudo-terminal
# from script(1), where there is one).
if command -v script >/dev/null 2>&1; then
  TERM=dumb ARBITER_PROGRESS_SECONDS=0.2 script -qec "'$arbiter' solve brique --size 5 --time-limit 1.5 --tt-mb 16 --state '$tmp/dumb'" \
    /dev/null >"$tmp/typescript" 2>&1
  if grep -q 'Value' "$tmp/typescript" && ! grep -q $'\033' "$tmp/typescript" && [ "$(grep -c 'nodes' "$tmp/typescript")" -ge 2 ]; then pass; else
    fail "progress on a dumb terminal" "$tmp/typescript"; fi
else
  echo "note: the dumb terminal check was skipped (no script command)"
fi

finish

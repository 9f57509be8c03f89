#!/usr/bin/env bash
# ThreadSanitizer over everything that runs threads: the solver's shared lock-free table and its
# unit scheduling (threads joining unsettled units), value-only on two threads (raced too), the
# generators' and metrics' thread pools, the MPI farm's in-process ranks, a 3-thread 4x4 opening
# table through the CLI, its certificate's parts verified on three threads, and a 3-thread
# certified table in a 1 MiB table. Not part of .ci/run (a third build would not fit its time
# budget); run it after changing anything threaded.
# Usage: scripts/tsan.sh [BUILD_DIR]   (default build/tsan)
set -euo pipefail
source "$(dirname "$0")/options.bash" "$@"
cd "$(dirname "$0")/.."
dir=${1:-build/tsan}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_TSAN=ON -DCMAKE_CXX_COMPILER=clang++ >/dev/null
ninja -C "$dir" test_generic arbiter
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
"$dir/test_generic" --gtest_filter='*Solver*:*Dfpn*:*Generator*:*Metrics*:*Distributed*:*Farm*:*TranspositionTable*:*Threat*:*Zone*:*CertificateParts*'
"$dir/arbiter" solve brique --size 4 --openings --threads 3 --tt-mb 16 --state "$(mktemp -d)" >/dev/null
"$dir/arbiter" solve quentin --size 4 --openings --threads 2 --tt-mb 16 --state "$(mktemp -d)" >/dev/null
"$dir/arbiter" solve quentin --size 4 --value-only --threads 2 --race --tt-mb 16 --state "$(mktemp -d)" >/dev/null
# Long enough for the race's two searches (the root's df-pn, its moves in turn) to overlap, with
# progress lines reading what both write.
log=$(mktemp)
ARBITER_PROGRESS_SECONDS=0.2 "$dir/arbiter" solve quentin --size 5 --value-only --threads 2 --race --tt-mb 64 --state "$(mktemp -d)" >/dev/null 2>"$log" ||
  { cat "$log"; exit 1; }
parts=$(mktemp -d)
"$dir/arbiter" solve brique --size 4 --openings --tt-mb 16 --proof "$parts/b4.cert" --proof-parts >/dev/null
"$dir/arbiter" verify-proof "$parts/b4.cert" --threads 3 >/dev/null 2>&1
# Certificates on three threads in a table too small for them: units' pins and epochs, and the
# solved entries of finished units giving way, under contention.
"$dir/arbiter" solve brique --size 4 --openings --threads 3 --tt-mb 1 --proof "$parts/small.cert" --state "$(mktemp -d)" >/dev/null
"$dir/arbiter" verify-proof "$parts/small.cert" >/dev/null 2>&1
echo "tsan: no data race reported"

#!/usr/bin/env bash
# Runs the C MPI reference (../shared/bench/c-baseline.sh) and our osu_latency / osu_bw on
# buffers and on arrays, one after the other in the same run, and prints all of it; rma: the C
# reference's one-sided numbers (lock_all + flush on an allocated window) beside osu_put_latency,
# osu_get_latency, osu_acc_latency (8 B) and osu_fop_latency measured the same way.
# Usage: benchmarks/compare-with-c.sh [latency|bw|rma|all]   (after: mvn -q -DskipTests package)
set -euo pipefail
what=${1:-all}
root=$(cd "$(dirname "$0")/.." && pwd)
baseline=${ATOLL_C_BASELINE:-$root/../shared/bench/c-baseline.sh}
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1)"
for test in latency bw; do
  [[ $what == all || $what == "$test" ]] || continue
  if [[ -x $baseline ]]; then
    "$baseline" "$test" | sed -n '/shared memory/,/tcp loopback/p' | sed '$d'
  else
    echo "# (no C reference at $baseline)"
  fi
  for kind in buffer arrays; do
    echo "## osu_$test, 2 ranks, shm board, -a $kind"
    "$root/bin/mpirun" -np 2 "osu_$test" -a "$kind" "${@:2}"
  done
done
if [[ $what == all || $what == rma ]]; then
  if [[ -x $baseline ]]; then
    "$baseline" rma
  else
    echo "# (no C reference at $baseline)"
  fi
  for test in put_latency get_latency; do
    echo "## osu_$test, 2 ranks, shm board, -s lock_all -w allocate"
    "$root/bin/mpirun" -np 2 "osu_$test" -s lock_all -w allocate "${@:2}"
  done
  echo "## osu_acc_latency (8 B, one MPI.LONG), osu_fop_latency, 2 ranks, shm board, -s lock_all -w allocate"
  "$root/bin/mpirun" -np 2 osu_acc_latency -s lock_all -w allocate -m 8:8 "${@:2}"
  "$root/bin/mpirun" -np 2 osu_fop_latency -s lock_all -w allocate "${@:2}"
fi

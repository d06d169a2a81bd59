#!/usr/bin/env bash
# Runs the C MPI reference (../shared/bench/c-baseline.sh) and our osu_latency / osu_bw on
# buffers and on arrays, one after the other in the same run, and prints all of it.
# Usage: benchmarks/compare-with-c.sh [latency|bw|all]   (after: mvn -q -DskipTests package)
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

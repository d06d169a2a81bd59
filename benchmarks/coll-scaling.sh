#!/usr/bin/env bash
# How each broadcast and allreduce algorithm's cost grows with the rank count: osu_bcast and
# osu_allreduce with every algorithm forced in turn (ATOLL_COLL_<NAME>_ALGORITHM), and the
# default selection, on 2, 4, 8 and 16 ranks (oversubscribed past the cores), beside the C
# reference's loops on the same rank counts. Prints every run; benchmarks/summarize-scaling.py
# makes the tables.
# Usage: benchmarks/coll-scaling.sh [ranks...]   (default 2 4 8 16; after mvn -q -DskipTests package)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cref=${ATOLL_C_BASELINE:-$root/../shared/bench/c-baseline.sh}
ranks=("$@")
[[ $# -gt 0 ]] || ranks=(2 4 8 16)
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# this: $(git -C "$root" log -1 --format='%h %s')"
declare -A algorithms=([bcast]="auto binomial scatter_allgather board"
  [allreduce]="auto recursive_doubling rabenseifner ring reduce_bcast")
for np in "${ranks[@]}"; do
  if [[ -x $cref ]]; then
    "$cref" coll "$np" | sed -n '/shared memory/,/tcp loopback/p' | awk -v np="$np" '
      /^# Bcast/ {print "## " np " bcast c"; next}
      /^# Allreduce/ {print "## " np " allreduce c"; next}
      /^# Barrier/ {skip = 1; next}
      /^[0-9]/ {print}'
  fi
  for test in bcast allreduce; do
    for algorithm in ${algorithms[$test]}; do
      echo "## $np $test $algorithm"
      "$root/bin/mpirun" -np "$np" --oversubscribe -x "ATOLL_COLL_${test^^}_ALGORITHM=$algorithm" \
        "osu_$test" -m 8:1048576 -i 100 | grep -v '^#'
    done
  done
done

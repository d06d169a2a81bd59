#!/usr/bin/env bash
# Alternates the C reference's collectives (../shared/bench/c-baseline.sh coll N: barrier, bcast
# and allreduce of doubles) with our osu_barrier, osu_bcast and osu_allreduce on N ranks, round
# after round, so that the machine's drift hits all alike; optionally also each forced algorithm
# and the Open MPI Java bindings running our benchmark classes. Prints every run;
# benchmarks/summarize-coll.py turns the output into median tables.
#
# Usage: benchmarks/compare-coll.sh [ranks] [rounds] [osu options...]   (after mvn -q -DskipTests package)
#   ALGORITHMS="bcast=binomial,scatter_allgather,board allreduce=recursive_doubling,ring"
#     adds one series per forced algorithm (atoll.coll.<name>.algorithm);
#   OMPI_JAVA=1 adds the Open MPI Java bindings (../shared/bench/ompi-java/run.sh).
#   e.g. benchmarks/compare-coll.sh 4 5 > runs.txt && benchmarks/summarize-coll.py runs.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-4}
rounds=${2:-3}
shift $(( $# < 2 ? $# : 2 ))
cref=${ATOLL_C_BASELINE:-$root/../shared/bench/c-baseline.sh}
ompi=$root/../shared/bench/ompi-java/run.sh
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1)"
echo "# this: $(git -C "$root" log -1 --format='%h %s')"
echo "# ranks: $np; osu options: ${*:-none}"
declare -A class=([barrier]=OsuBarrier [bcast]=OsuBcast [allreduce]=OsuAllreduce)
for ((r = 1; r <= rounds; r++)); do
  if [[ -x $cref ]]; then
    # split the C reference's one run into a section per collective
    "$cref" coll "$np" | sed -n '/shared memory/,/tcp loopback/p' | awk -v r="$r" '
      /^# Barrier/ {print "## round " r " barrier c"; next}
      /^# Bcast/ {print "## round " r " bcast c"; next}
      /^# Allreduce/ {print "## round " r " allreduce c"; next}
      /^-/ {print "0 " $2; next}
      /^[0-9]/ {print}'
  fi
  for test in barrier bcast allreduce; do
    echo "## round $r $test atoll"
    "$root/bin/mpirun" -np "$np" --oversubscribe "osu_$test" -m 8: "$@"
    if [[ -n ${OMPI_JAVA:-} && -x $ompi ]]; then
      echo "## round $r $test ompi-java"
      "$ompi" "$np" "$root/benchmarks/target/classes" "org.atollmpi.bench.osu.${class[$test]}" -m 8: "$@" 2>/dev/null
    fi
  done
  for spec in ${ALGORITHMS:-}; do
    test=${spec%%=*}
    IFS=, read -ra algorithms <<< "${spec#*=}"
    for algorithm in "${algorithms[@]}"; do
      echo "## round $r $test $algorithm"
      "$root/bin/mpirun" -np "$np" --oversubscribe -x "ATOLL_COLL_${test^^}_ALGORITHM=$algorithm" "osu_$test" -m 8: "$@"
    done
  done
done

#!/usr/bin/env bash
# Alternates the C reference's collectives (../shared/bench/c-baseline.sh coll N: a barrier loop,
# then bcast and allreduce of doubles, 8 B to 1 MiB) with the same loops in Java on atoll-mpi
# (org.atollmpi.bench.reference.CollectiveLoops), round after round, so that the machine's drift
# hits all alike. Optional series: each forced algorithm, the Open MPI Java bindings running the
# same Java class, and our OSU benchmarks (a barrier between calls: a different method). Prints
# every run; benchmarks/summarize-coll.py turns the output into median tables.
#
# Usage: benchmarks/compare-coll.sh [ranks] [rounds]   (after mvn -q -DskipTests package)
#   ALGORITHMS="bcast=binomial,scatter_allgather,board allreduce=recursive_doubling,ring"
#     adds one series per forced algorithm (ATOLL_COLL_<NAME>_ALGORITHM);
#   OMPI_JAVA=1 adds the Open MPI Java bindings (../shared/bench/ompi-java/run.sh);
#   OSU=1 adds osu_barrier, osu_bcast and osu_allreduce.
#   e.g. benchmarks/compare-coll.sh 4 5 > runs.txt && benchmarks/summarize-coll.py runs.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-4}
rounds=${2:-3}
cref=${ATOLL_C_BASELINE:-$root/../shared/bench/c-baseline.sh}
ompi=$root/../shared/bench/ompi-java/run.sh
classes=$root/benchmarks/target/classes
loops=org.atollmpi.bench.reference.CollectiveLoops
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1)"
echo "# this: $(git -C "$root" log -1 --format='%h %s')"
echo "# ranks: $np"
# Splits one run of the loops (C or Java) into a section per collective, named $1.
sections() {
  awk -v r="$round" -v s="$1" '
    /^# Barrier/ {print "## round " r " barrier " s; next}
    /^# Bcast/ {print "## round " r " bcast " s; next}
    /^# Allreduce/ {print "## round " r " allreduce " s; next}
    /^-/ {print "0 " $2; next}
    /^[0-9]/ {print}'
}
for ((round = 1; round <= rounds; round++)); do
  if [[ -x $cref ]]; then
    "$cref" coll "$np" | sed -n '/shared memory/,/tcp loopback/p' | sections c
  fi
  "$root/bin/mpirun" -np "$np" --oversubscribe java -cp "$classes" "$loops" | sections atoll
  if [[ -n ${OMPI_JAVA:-} && -x $ompi ]]; then
    "$ompi" "$np" "$classes" "$loops" 2>/dev/null | sections ompi-java
  fi
  for spec in ${ALGORITHMS:-}; do
    test=${spec%%=*}
    IFS=, read -ra algorithms <<< "${spec#*=}"
    for algorithm in "${algorithms[@]}"; do
      "$root/bin/mpirun" -np "$np" --oversubscribe -x "ATOLL_COLL_${test^^}_ALGORITHM=$algorithm" \
        java -cp "$classes" "$loops" | sections "$algorithm" | awk -v t="$test" '
          /^## / {keep = ($4 == t)} keep'
    done
  done
  if [[ -n ${OSU:-} ]]; then
    for test in barrier bcast allreduce; do
      echo "## round $round $test osu"
      "$root/bin/mpirun" -np "$np" --oversubscribe "osu_$test" $([[ $test == barrier ]] || echo -m 8:1048576)
    done
  fi
done

#!/usr/bin/env bash
# The OSU collective benchmarks three ways, alternated round by round so that the machine's drift
# hits all alike: ours on atoll-mpi (bin/mpirun ... OsuCollectives), the same Java class on the
# Open MPI Java bindings (../shared/bench/ompi-java/run.sh) and C on Open MPI's shared-memory
# collectives (benchmarks/c/osu_reference.c: the same method, a barrier between calls, each call
# timed alone, OSU's default iterations). One file per run in OUT; benchmarks/summarize-osu-coll.py
# turns them into median tables and charts.
#
# Usage: benchmarks/osu-coll.sh OUT [rounds] [ranks...]   (after mvn -q -DskipTests package)
#   e.g. benchmarks/osu-coll.sh /tmp/coll 5 2 4 && benchmarks/summarize-osu-coll.py /tmp/coll docs/benchmarks
#   BENCHES="osu_barrier osu_allreduce" limits the collectives; SIZES=8:1048576 the sizes;
#   SERIES="atoll c" leaves a series out; EXTRA="-x ATOLL_COLL_SHARED=off" adds mpirun words to ours.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: osu-coll.sh OUT [rounds] [ranks...]}
rounds=${2:-5}
shift $(($# < 2 ? $# : 2))
ranks=("${@:-2}")
[[ ${#ranks[@]} -gt 0 ]] || ranks=(2)
benches=${BENCHES:-osu_barrier osu_bcast osu_reduce osu_allreduce osu_allgather osu_alltoall}
sizes=${SIZES:-8:1048576}
series=${SERIES:-atoll ompi-java c}
ompi=$root/../shared/bench/ompi-java/run.sh
jar=$root/lib/atoll-mpi-benchmarks.jar
cref=${TMPDIR:-/tmp}/osu_reference
mkdir -p "$out"
if [[ " $series " == *" c "* ]]; then
  command -v mpicc >/dev/null || {
    echo "installing openmpi-bin and libopenmpi-dev (Debian packages)..." >&2
    (apt-get update -qq && apt-get install -y -qq --no-install-recommends openmpi-bin libopenmpi-dev) >/dev/null
  }
  [[ $cref -nt $root/benchmarks/c/osu_reference.c ]] || mpicc -O2 -o "$cref" "$root/benchmarks/c/osu_reference.c"
fi
{
  echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
  echo "# java: $(java -version 2>&1 | head -1)"
  echo "# this: $(git -C "$root" log -1 --format='%h %s')"
  echo "# rounds $rounds, ranks ${ranks[*]}, sizes $sizes, extra '${EXTRA:-}'"
} > "$out/README.txt"
for ((round = 1; round <= rounds; round++)); do
  for np in "${ranks[@]}"; do
    for b in $benches; do
      m=(-m "$sizes")
      [[ $b == osu_barrier ]] && m=()
      for s in $series; do
        f=$out/$s-$np-$b-$round.txt
        case $s in
          atoll) timeout 600 "$root/bin/mpirun" --oversubscribe -np "$np" ${EXTRA:-} java -cp "$jar" \
                   org.atollmpi.bench.osu.OsuCollectives "$b" "${m[@]}" > "$f" 2>&1 || echo "# failed: $?" >> "$f" ;;
          ompi-java) timeout 600 "$ompi" "$np" "$jar" org.atollmpi.bench.osu.OsuCollectives "$b" "${m[@]}" \
                   > "$f" 2>&1 || echo "# failed: $?" >> "$f" ;;
          c) timeout 600 mpirun --allow-run-as-root --oversubscribe -np "$np" "$cref" "$b" "${m[@]}" \
                   > "$f" 2>&1 || echo "# failed: $?" >> "$f" ;;
        esac
      done
    done
  done
done

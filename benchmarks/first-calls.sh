#!/usr/bin/env bash
# What the first calls cost: an 8-byte ping-pong timed iteration by iteration from a program's first
# call (org.atollmpi.bench.startup.FirstCalls, 20,000 iterations, direct buffers), ours beside the
# Open MPI Java bindings (../shared/bench/ompi-java/run.sh) and, with BASE=<another checkout, built>,
# beside that build (before a change), alternated round after round. Writes each run's raw file
# into the output directory and draws them (FirstCallsPlot: bucket means, median over the rounds),
# and prints the mean of OSU's timed window and of the last 5,000 iterations per series.
#
# Usage: benchmarks/first-calls.sh [rounds] [out dir] [chart]   (after mvn -q -DskipTests package)
#   e.g. BASE=/tmp/before benchmarks/first-calls.sh 5 /tmp/first-calls docs/first-calls.png
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
out=${2:-$(mktemp -d)}
chart=${3:-$out/first-calls.png}
ompi=$root/../shared/bench/ompi-java/run.sh
jar=$root/lib/atoll-mpi-benchmarks.jar
iterations=${ITERATIONS:-20000}
mkdir -p "$out"
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores; this: $(git -C "$root" log -1 --format='%h %s')"
[[ -n ${BASE:-} ]] && echo "# before: $(git -C "$BASE" log -1 --format='%h %s' 2>/dev/null || echo "$BASE")"
main=org.atollmpi.bench.startup.FirstCalls
for ((r = 1; r <= rounds; r++)); do
  "$root/bin/mpirun" -np 2 java -cp "$jar" $main "$iterations" > "$out/after-$r.txt" 2>/dev/null || true
  if [[ -n ${BASE:-} ]]; then
    # the class runs from this jar on the other build's library: it is the same program
    "$BASE/bin/mpirun" -np 2 java -cp "$jar" $main "$iterations" > "$out/before-$r.txt" 2>/dev/null || true
  fi
  if [[ -x $ompi ]]; then
    "$ompi" 2 "$jar" $main "$iterations" > "$out/ompi-$r.txt" 2>/dev/null || true
  fi
done
series=("atoll-mpi=$(ls "$out"/after-*.txt | paste -sd,)")
[[ -n ${BASE:-} ]] && series+=("atoll-mpi before=$(ls "$out"/before-*.txt | paste -sd,)")
[[ -x $ompi ]] && series+=("Open MPI Java=$(ls "$out"/ompi-*.txt | paste -sd,)")
java -cp "$jar" org.atollmpi.bench.startup.FirstCallsPlot "$chart" "${series[@]}"
echo "# chart: $chart; runs: $out"

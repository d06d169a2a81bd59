#!/usr/bin/env bash
# Start-up of a whole job, ours beside the Open MPI Java bindings: `mpirun -np N Hello` (the
# examples' Hello, compiled once against lib/atoll-mpi.jar and run unchanged on both), alternated
# round after round so that the machine's drift hits both; wall time and the CPU time of the job
# (mpirun and its ranks). Then, ours only, where the time goes: mpirun until the first rank's JVM
# starts, JVM start to main, MPI.Init, MPI.Finalize, and the last rank's exit to mpirun's
# (org.atollmpi.bench.startup.StartUpPhases). Prints every run and the medians.
#
# Usage: benchmarks/startup.sh [rounds] [np...]   (after mvn -q -DskipTests package)
#   e.g. benchmarks/startup.sh 5 2 4 16 64; PHASES=0 leaves out the phases (for a build without
#   StartUpPhases); OMPI_JAVA=0 leaves out the Open MPI Java bindings.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
shift || true
sizes=("${@:-2 4 16}")
[[ $# -eq 0 ]] && sizes=(2 4 16)
ompi=$root/../shared/bench/ompi-java/run.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac -d "$work" -cp "$root/lib/atoll-mpi.jar" "$root/examples/Hello.java"
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1); this: $(git -C "$root" log -1 --format='%h %s')"

# one timed run: prints "<series> np wall_s cpu_s"
timed() {
  local series=$1 np=$2; shift 2
  /usr/bin/time -f "$series $np %e %U %S" "$@" >/dev/null 2>"$work/time" || true
  tail -1 "$work/time" | awk '{printf "%s %s %s %.2f\n", $1, $2, $3, $4 + $5}'
}
runs=$work/runs
for ((round = 1; round <= rounds; round++)); do
  for np in "${sizes[@]}"; do
    timed atoll "$np" "$root/bin/mpirun" -np "$np" --oversubscribe -cp "$work" Hello | tee -a "$runs"
    if [[ -x $ompi && ${OMPI_JAVA:-1} != 0 ]]; then
      timed ompi-java "$np" "$ompi" "$np" "$work" Hello | tee -a "$runs"
    fi
  done
done
echo "# medians: series np wall_s (min-max) cpu_s"
sort -k1,1 -k2,2n "$runs" | awk '
  function flush() { if (n) { m = int((n + 1) / 2); printf "%-10s %4d %6.2f (%.2f-%.2f) %6.2f\n", s, p, w[m], w[1], w[n], c[m] } }
  { if ($1 != s || $2 != p) { flush(); s = $1; p = $2; n = 0 } n++; w[n] = $3; c[n] = $4 }
  END { flush() }' | sort -k2,2n -k1,1

[[ ${PHASES:-1} == 0 ]] && exit 0
echo "# phases (ms, medians over the rounds; each run's ranks: earliest JVM start, latest of the rest)"
echo "# np  mpirun-to-jvm  jvm-to-main  init  finalize  exit"
for np in "${sizes[@]}"; do
  for ((round = 1; round <= rounds; round++)); do
    start=$(date +%s%3N)
    "$root/bin/mpirun" -np "$np" --oversubscribe -cp "$root/lib/atoll-mpi-benchmarks.jar" \
        org.atollmpi.bench.startup.StartUpPhases > "$work/phases"
    end=$(date +%s%3N)
    awk -v s="$start" -v e="$end" '
      /^rank/ { if (!jvm || $4 < jvm) jvm = $4; if ($6 - $4 > boot) boot = $6 - $4;
                if ($8 - $6 > init) init = $8 - $6; if ($10 - $8 > fin) fin = $10 - $8;
                if ($10 > last) last = $10 }
      END { print jvm - s, boot, init, fin, e - last }' "$work/phases"
  done | python3 -c '
import statistics, sys
rows = [list(map(int, line.split())) for line in sys.stdin if line.strip()]
print("%4s  " % sys.argv[1] + "  ".join("%d" % statistics.median(col) for col in zip(*rows)))' "$np"
done

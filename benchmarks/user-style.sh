#!/usr/bin/env bash
# Point-to-point measured the way users measure, beside the Open MPI Java bindings and the C
# reference: our osu_latency and osu_bw classes run as a user starts a program
# (`mpirun -np 2 java -cp <jar> Class`), with OSU's defaults (per-size skip iterations, no
# whole-range warm-up pass), on plain `ByteBuffer.allocateDirect` buffers (-a direct) and on
# byte[] (-a arrays); the same classes run unchanged on the Open MPI Java bindings
# (../shared/bench/ompi-java/run.sh). Alternated round after round so drift hits all alike;
# prints every run in benchmarks/summarize.py's format and, at the end, the median tables.
#
# The gate: GATE=r makes the exit status 1 when, at any size, our median latency is more than r
# times theirs, or our median bandwidth less than theirs divided by r (the sizes that fail are
# named); GATE unset only reports.
#
# Usage: benchmarks/user-style.sh [rounds] [max size]   (after mvn -q -DskipTests package)
#   e.g. GATE=1.0 benchmarks/user-style.sh 5 1048576 > runs.txt
#   RANK_JVM="-XX:TieredStopAtLevel=1" gives our ranks' JVMs these options (a user's java form).
#   KINDS="buffer direct arrays" chooses the buffers (default: direct arrays; buffer = board memory
#   from MPI.newByteBuffer). CREF=path/c-baseline.sh where ../shared is not beside the checkout
#   (the device kit carries one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
max=${2:-1048576}
ompi=$root/../shared/bench/ompi-java/run.sh
cref=${CREF:-$root/../shared/bench/c-baseline.sh}
jar=$root/lib/atoll-mpi-benchmarks.jar
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1); this: $(git -C "$root" log -1 --format='%h %s')"
section() { # test series: OSU rows -> "## round r test series" + "size value" lines
  awk -v r="$round" -v t="$1" -v s="$2" 'BEGIN { print "## round " r " " t " " s } /^[0-9]/ { print $1, $2 }'
}
for ((round = 1; round <= rounds; round++)); do
  for test in latency bw; do
    class=org.atollmpi.bench.osu.OsuLatency
    [[ $test == bw ]] && class=org.atollmpi.bench.osu.OsuBw
    if [[ -x $cref ]]; then
      "$cref" "$test" | sed -n '/shared memory/,/tcp loopback/p' | awk -v m="$max" '/^[0-9]/ && $1 > m { next } { print }' \
        | section "$test" c
    fi
    for kind in ${KINDS:-direct arrays}; do
      # shellcheck disable=SC2086 # RANK_JVM is a list of options
      "$root/bin/mpirun" -np 2 java ${RANK_JVM:-} -cp "$jar" "$class" -a "$kind" -m "$max" | section "$test" "atoll $kind"
      # Open MPI's bindings have no nonblocking calls on arrays (MVAPICH2-J's): no bw on arrays there
      if [[ -x $ompi && $kind != buffer && ! ( $test == bw && $kind == arrays ) ]]; then
        { "$ompi" 2 "$jar" "$class" -a "$kind" -m "$max" 2>/dev/null || true; } | section "$test" "ompi-java $kind"
      fi
    done
  done
done | tee "$runs"
python3 "$root/benchmarks/summarize.py" "$runs"
if [[ -n ${GATE:-} ]]; then
  python3 - "$runs" "$GATE" <<'PY'
import re, statistics, sys
from collections import defaultdict
series = defaultdict(lambda: defaultdict(list))
current = None
for line in open(sys.argv[1]):
    m = re.match(r"## round \d+ (\w+) (.+)$", line.strip())
    if m:
        current = (m.group(1), m.group(2).strip()); continue
    m = re.match(r"^(\d+)\s+([\d.]+)\s*$", line)
    if m and current:
        series[current][int(m.group(1))].append(float(m.group(2)))
gate, failed = float(sys.argv[2]), []
for (test, name), sizes in series.items():
    if not name.startswith("atoll "):
        continue
    theirs = series.get((test, name.replace("atoll", "ompi-java")))
    for size, values in sorted(sizes.items()):
        if not theirs or size not in theirs:
            continue
        ours, bar = statistics.median(values), statistics.median(theirs[size])
        worse = ours > gate * bar if test == "latency" else ours * gate < bar
        if worse:
            failed.append(f"{test} {name.split()[1]} {size} B: {ours:.2f} against {bar:.2f}")
print("\n# gate %.2f against the Open MPI Java bindings: %s" % (gate, "passed" if not failed else "FAILED"))
for f in failed:
    print("#   " + f)
sys.exit(1 if failed else 0)
PY
fi

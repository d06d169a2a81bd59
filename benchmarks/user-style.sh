#!/usr/bin/env bash
# Measured the way users measure, beside the Open MPI Java bindings and the C reference: our OSU
# classes run as a user starts a program (`mpirun -np N java -cp <jar> Class`), with OSU's default
# iterations and no warm-up pass, each run a fresh job (so `-m 8:8` is the first call of the
# program, cold); the same classes run unchanged on the Open MPI Java bindings
# (../shared/bench/ompi-java/run.sh); C is shared/bench/c_reference.c on Open MPI. Alternated round
# after round so drift hits all alike; prints every run in benchmarks/summarize.py's format and, at
# the end, the median tables.
#
# What each round runs (PARTS chooses, default all of them):
#   p2p   latency 1 B .. max (direct, arrays; -m 1:max), osu_latency and osu_bw -m 8:8 cold
#         (buffer = MPI.newByteBuffer, direct, arrays), 2 ranks
#   coll  osu_barrier, osu_bcast and osu_allreduce at 8 B and 64 KiB (each size its own cold job,
#         direct buffers), on 2 ranks (a core each) and 4 (two a core: oversubscribed)
#   rma   osu_put_latency and osu_get_latency -m 8:8 (-s flush), osu_fop_latency, 2 ranks
#   tcp   osu_latency -m 8:8 --board tcp (direct) beside C over TCP loopback, 2 ranks
#
# The gates (exit status 1 when one fails, naming what failed):
#   GATE=r   issue 24's targets against Open MPI Java: our median at most r times theirs for the
#            latency sweep (direct, arrays) and for barrier, bcast and allreduce on 2 and 4 ranks
#            (the other rows are reported beside theirs, not gated)
#   CGATE=1  issue 24's targets against C: osu_latency 8 B cold <= 2x, osu_bw 8 B cold >= 0.5x,
#            put and get 8 B cold <= 5x, TCP 8 B cold <= 1.5x C's TCP
#
# Usage: benchmarks/user-style.sh [rounds] [max size]   (after mvn -q -DskipTests package)
#   e.g. GATE=1.0 CGATE=1 benchmarks/user-style.sh 5 16384 > runs.txt
#   RANK_JVM="-XX:TieredStopAtLevel=1" gives our ranks' JVMs these options (a user's java form).
#   KINDS="buffer direct arrays" chooses the buffers of the latency sweep (default: direct arrays).
#   CREF=path/c-baseline.sh where ../shared is not beside the checkout (the device kit carries one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
max=${2:-16384}
parts=${PARTS:-p2p coll rma tcp}
ompi=$root/../shared/bench/ompi-java/run.sh
cref=${CREF:-$root/../shared/bench/c-baseline.sh}
jar=$root/lib/atoll-mpi-benchmarks.jar
runs=$(mktemp)
ctmp=$(mktemp)
trap 'rm -f "$runs" "$ctmp"' EXIT
osu=org.atollmpi.bench.osu
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1); this: $(git -C "$root" log -1 --format='%h %s')"
echo "# parts: $parts; latency sweep up to $max B"

section() { # test series: OSU rows -> "## round r test series" + "size value" lines (a row with one number: size 0)
  awk -v r="$round" -v t="$1" -v s="$2" 'BEGIN { print "## round " r " " t " " s }
    /^[0-9]/ { print $1, $2; next } /^ +[0-9.]+ *$/ { print 0, $1 }'
}
ours() { # np class args...: one job of ours, as a user starts it
  local np=$1; shift
  # shellcheck disable=SC2086 # RANK_JVM is a list of options
  "$root/bin/mpirun" --oversubscribe -np "$np" java ${RANK_JVM:-} -cp "$jar" "$@" 2>/dev/null || true
}
theirs() { # np class args...: the same on the Open MPI Java bindings
  local np=$1; shift
  [[ -x $ompi ]] || return 0
  "$ompi" "$np" "$jar" "$@" 2>/dev/null || true
}
cref_section() { # what: the C reference's output for `what` (and np), shared memory part
  [[ -x $cref ]] || return 0
  "$cref" "$@" 2>/dev/null > "$ctmp" || true
}
c_rows() { # title pattern [tcp]: the rows of one C section ("# Bcast (C reference)") of the last cref_section
  awk -v p="$1" -v net="${2:-shm}" '
    /^## / { shm = ($0 ~ /shared memory/); tcp = ($0 ~ /tcp/); on = 0; next }
    /^# .*\(C reference\)/ { on = index($0, p) > 0 && ((net == "shm" && shm) || (net == "tcp" && tcp)); next }
    on && /^[0-9]/ { print $1, $2 } on && /^- / { print 0, $2 }' "$ctmp"
}
only() { # size: keep the row of one size
  awk -v s="$1" '$1 == s'
}

for ((round = 1; round <= rounds; round++)); do
  if [[ " $parts " == *" p2p "* ]]; then
    cref_section latency
    { echo "## round $round latency c"; c_rows "Latency" | awk -v m="$max" '$1 >= 1 && $1 <= m'; }
    { echo "## round $round latency8 c"; c_rows "Latency" | only 8; }
    for kind in ${KINDS:-direct arrays}; do
      ours 2 $osu.OsuLatency -a "$kind" -m "1:$max" | section latency "atoll $kind"
      [[ $kind == buffer ]] || theirs 2 $osu.OsuLatency -a "$kind" -m "1:$max" | section latency "ompi-java $kind"
    done
    for kind in buffer direct arrays; do
      ours 2 $osu.OsuLatency -a "$kind" -m 8:8 | section latency8 "atoll $kind"
    done
    theirs 2 $osu.OsuLatency -a direct -m 8:8 | section latency8 "ompi-java direct"
    cref_section bw
    { echo "## round $round bw8 c"; c_rows "Bandwidth" | only 8; }
    for kind in buffer direct arrays; do
      ours 2 $osu.OsuBw -a "$kind" -m 8:8 | section bw8 "atoll $kind"
    done
    # Open MPI's bindings have no nonblocking calls on arrays (MVAPICH2-J's): no bw on arrays there
    theirs 2 $osu.OsuBw -a direct -m 8:8 | section bw8 "ompi-java direct"
  fi
  if [[ " $parts " == *" coll "* ]]; then
    for np in 2 4; do
      cref_section coll "$np"
      { echo "## round $round barrier$np c"; c_rows "Barrier"; }
      for size in 8 65536; do
        { echo "## round $round bcast${np}_$size c"; c_rows "Bcast" | only "$size"; }
        { echo "## round $round allreduce${np}_$size c"; c_rows "Allreduce" | only "$size"; }
      done
      ours "$np" $osu.OsuCollectives osu_barrier | section "barrier$np" "atoll direct"
      theirs "$np" $osu.OsuCollectives osu_barrier | section "barrier$np" "ompi-java direct"
      for size in 8 65536; do
        for op in bcast allreduce; do
          ours "$np" $osu.OsuCollectives "osu_$op" -a direct -m "$size:$size" | section "${op}${np}_$size" "atoll direct"
          theirs "$np" $osu.OsuCollectives "osu_$op" -a direct -m "$size:$size" \
            | section "${op}${np}_$size" "ompi-java direct"
        done
      done
    done
  fi
  if [[ " $parts " == *" rma "* ]]; then
    cref_section rma
    { echo "## round $round put8 c"; c_rows "Put latency" | only 8; }
    { echo "## round $round get8 c"; c_rows "Get latency" | only 8; }
    { echo "## round $round fop c"; c_rows "Fetch_and_op"; }
    # buffer: our default (a window allocated in board memory, as OSU's default -w allocate);
    # direct: a window created over ByteBuffer.allocateDirect memory, which the bindings also run
    for test in put:OsuPutLatency get:OsuGetLatency fop:OsuFopLatency; do
      name=${test%%:*}; [[ $name == fop ]] || name=${name}8
      args=(-s flush); [[ $name == fop ]] || args+=(-m 8:8)
      ours 2 "$osu.${test#*:}" "${args[@]}" | section "$name" "atoll buffer"
      ours 2 "$osu.${test#*:}" -a direct -w create "${args[@]}" | section "$name" "atoll direct"
      theirs 2 "$osu.${test#*:}" -a direct -w create "${args[@]}" | section "$name" "ompi-java direct"
    done
  fi
  if [[ " $parts " == *" tcp "* ]]; then
    cref_section latency
    { echo "## round $round tcp8 c"; c_rows "Latency" tcp | only 8; }
    # shellcheck disable=SC2086
    "$root/bin/mpirun" --board tcp -np 2 java ${RANK_JVM:-} -cp "$jar" $osu.OsuLatency -a direct -m 8:8 2>/dev/null \
      | section tcp8 "atoll direct" || true
  fi
done | tee "$runs"
python3 "$root/benchmarks/summarize.py" "$runs"
status=0
if [[ -n ${GATE:-} || -n ${CGATE:-} ]]; then
  python3 - "$runs" "${GATE:-}" "${CGATE:-}" <<'PY' || status=1
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
def med(test, name, size):
    v = series.get((test, name), {}).get(size)
    return statistics.median(v) if v else None
bandwidth = lambda test: test.startswith("bw")
failed, checked = [], 0
if sys.argv[2]:
    gate = float(sys.argv[2])
    gated = re.compile(r"latency|barrier\d|bcast\d|allreduce\d")
    for (test, name), sizes in sorted(series.items()):
        if not name.startswith("atoll ") or not gated.match(test):
            continue
        for size in sorted(sizes):
            ours, bar = med(test, name, size), med(test, name.replace("atoll", "ompi-java"), size)
            if bar is None:
                continue
            checked += 1
            worse = ours * gate < bar if bandwidth(test) else ours > gate * bar
            if worse:
                failed.append(f"{test} {name.split()[1]} {size} B: {ours:.2f} against Open MPI Java's {bar:.2f}")
    print("\n# gate %.2f against the Open MPI Java bindings (%d rows)" % (gate, checked))
if sys.argv[3]:
    # (test, size, bound, "at most"/"at least" C times bound), on every buffer kind measured
    targets = [("latency8", 8, 2.0), ("bw8", 8, 0.5), ("put8", 8, 5.0), ("get8", 8, 5.0), ("tcp8", 8, 1.5)]
    for test, size, bound in targets:
        c = med(test, "c", size)
        for (t, name) in sorted(series):
            if t != test or not name.startswith("atoll ") or c is None:
                continue
            ours = med(test, name, size)
            checked += 1
            worse = ours < bound * c if bandwidth(test) else ours > bound * c
            print("#   %s %s: %.2f, C %.2f: %.2fx (target %s %.1fx) %s" % (test, name, ours, c, ours / c,
                  ">=" if bandwidth(test) else "<=", bound, "FAILED" if worse else "ok"))
            if worse:
                failed.append(f"{test} {name}: {ours:.2f} against C's {c:.2f} (target {bound}x)")
print("# gates: %s" % ("passed" if not failed else "FAILED"))
for f in failed:
    print("#   " + f)
sys.exit(1 if failed else 0)
PY
fi
exit $status

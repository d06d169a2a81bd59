#!/usr/bin/env bash
# Alternates osu_latency and osu_bw between this checkout's build, a baseline checkout's build
# (a git worktree of another commit, built with mvn -q -DskipTests package) and the C reference
# (../shared/bench/c-baseline.sh), round after round, so that the machine's drift hits all of
# them alike. Prints every run; benchmarks/summarize.py turns the output into median tables.
#
# Usage: benchmarks/compare-builds.sh <baseline checkout> [rounds] [latency|bw|all] [osu options...]
#   MPIRUN_OPTS="-x ATOLL_IDLE=spin" applies mpirun options to both builds.
#   e.g. git worktree add /tmp/base main && (cd /tmp/base && mvn -q -DskipTests package)
#        benchmarks/compare-builds.sh /tmp/base 5 all > runs.txt && benchmarks/summarize.py runs.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=$(cd "${1:?usage: compare-builds.sh <baseline checkout> [rounds] [latency|bw|all] [osu options]}" && pwd)
rounds=${2:-3}
what=${3:-all}
shift $(( $# < 3 ? $# : 3 ))
cref=${ATOLL_C_BASELINE:-$root/../shared/bench/c-baseline.sh}
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# java: $(java -version 2>&1 | head -1)"
echo "# this: $(git -C "$root" log -1 --format='%h %s')"
echo "# base: $(git -C "$base" log -1 --format='%h %s' 2>/dev/null || echo "$base")"
echo "# mpirun options: ${MPIRUN_OPTS:-none}"
for ((r = 1; r <= rounds; r++)); do
  for test in latency bw; do
    [[ $what == all || $what == "$test" ]] || continue
    if [[ -x $cref ]]; then
      echo "## round $r $test c"
      "$cref" "$test" | sed -n '/shared memory/,/tcp loopback/p' | sed '1d;$d'
    fi
    for kind in buffer arrays; do
      for build in base this; do
        dir=$root; [[ $build == base ]] && dir=$base
        echo "## round $r $test $build $kind"
        # shellcheck disable=SC2086
        "$dir/bin/mpirun" -np 2 ${MPIRUN_OPTS:-} "osu_$test" -a "$kind" "$@"
      done
    done
  done
done

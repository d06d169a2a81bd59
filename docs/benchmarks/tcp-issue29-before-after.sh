#!/usr/bin/env bash
# The TCP board before and after a change, alternated round by round (issue 29's split of the
# board): each of BEFORE and AFTER is a checkout with its jar built (mvn -q -DskipTests package).
# Usage: BEFORE=/path/to/old/checkout AFTER=/path/to/new/checkout tcp-issue29-before-after.sh [rounds]
set -u
rounds=${1:-5}
for r in $(seq 1 "$rounds"); do
  for which in before after; do
    if [ "$which" = before ]; then root=$BEFORE; else root=$AFTER; fi
    echo "### round $r $which latency"; "$root"/bin/mpirun -np 2 --board tcp osu_latency -m 1:1048576 2>&1 | grep -v '^#'
    echo "### round $r $which bw"; "$root"/bin/mpirun -np 2 --board tcp osu_bw -m 1:1048576 2>&1 | grep -v '^#'
  done
done

#!/usr/bin/env python3
"""Median tables from benchmarks/compare-coll.sh output: one table per collective, a column per
series (c, atoll, ompi-java, forced algorithms), each cell the median latency of the rounds in
microseconds with the spread (min-max) under it, and each series' median as a ratio to c's.
Usage: benchmarks/summarize-coll.py runs.txt"""
import re
import statistics
import sys
from collections import defaultdict

series = defaultdict(lambda: defaultdict(list))  # (test, name) -> size -> [values]
current = None
for line in open(sys.argv[1]):
    m = re.match(r"## round \d+ (\w+) (.+)$", line.strip())
    if m:
        current = (m.group(1), m.group(2).strip())
        continue
    if not current or line.startswith("#"):
        continue
    m = re.match(r"^\s*(\d+)\s+([\d.]+)", line)
    if m:
        series[current][int(m.group(1))].append(float(m.group(2)))
        continue
    m = re.match(r"^\s*([\d.]+)\s*$", line)
    if m:  # a barrier: one number
        series[current][0].append(float(m.group(1)))

for test in ("barrier", "bcast", "allreduce", "reduce", "allgather", "alltoall"):
    names = [n for (t, n) in series if t == test]
    if not names:
        continue
    order = sorted(names, key=lambda n: (n != "c", n != "atoll", n != "ompi-java", n == "osu", n))
    runs = max(len(v) for n in names for v in series[(test, n)].values())
    print(f"\n### {test} (µs; median of {runs} runs, min-max; x = ratio to c)\n")
    print("| size (B) | " + " | ".join(order) + " |")
    print("|---:|" + "---:|" * len(order))
    for size in sorted({s for n in names for s in series[(test, n)]}):
        c = series[(test, "c")].get(size)
        cells = []
        for n in order:
            v = series[(test, n)].get(size)
            if not v:
                cells.append("")
                continue
            cell = f"{statistics.median(v):.2f} <sub>{min(v):.2f}-{max(v):.2f}</sub>"
            if c and n != "c":
                cell += f" **{statistics.median(v) / statistics.median(c):.2f}x**"
            cells.append(cell)
        print(f"| {'-' if size == 0 and test == 'barrier' else size} | " + " | ".join(cells) + " |")

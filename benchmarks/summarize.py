#!/usr/bin/env python3
"""Median tables from benchmarks/compare-builds.sh or user-style.sh output: one table per test (in
the order they first appear), a column per series (c, base/this or atoll/ompi-java x buffer kind),
each cell the median of the rounds with the spread (min-max) under it. A test whose name starts
with "bw" is a bandwidth (MB/s), every other one a latency (µs); size 0 is a row without a size
(a barrier). Usage: benchmarks/summarize.py runs.txt"""
import re
import statistics
import sys
from collections import defaultdict

series = defaultdict(lambda: defaultdict(list))  # (test, name) -> size -> [values]
tests = []  # in order of first appearance
current = None
for line in open(sys.argv[1]):
    m = re.match(r"## round \d+ (\w+) (.+)$", line.strip())
    if m:
        current = (m.group(1), m.group(2).strip())
        if current[0] not in tests:
            tests.append(current[0])
        continue
    m = re.match(r"^(\d+)\s+([\d.]+)\s*$", line)
    if m and current:
        series[current][int(m.group(1))].append(float(m.group(2)))

for test in tests:
    names = [n for (t, n) in series if t == test and series[(t, n)]]
    if not names:
        continue
    order = sorted(names, key=lambda n: (n != "c", n.split()[-1] if " " in n else "", n))
    unit = "MB/s" if test.startswith("bw") else "µs"
    print(f"\n### {test} ({unit}; median of {max(len(v) for n in names for v in series[(test, n)].values())} runs, min-max)\n")
    print("| size (B) | " + " | ".join(order) + " |")
    print("|---:|" + "---:|" * len(order))
    sizes = sorted({s for n in names for s in series[(test, n)]})
    for size in sizes:
        cells = []
        for n in order:
            v = series[(test, n)].get(size)
            if not v:
                cells.append("")
                continue
            cells.append(f"{statistics.median(v):.2f} <sub>{min(v):.2f}-{max(v):.2f}</sub>")
        print(f"| {size if size else '-'} | " + " | ".join(cells) + " |")

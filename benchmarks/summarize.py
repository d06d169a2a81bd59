#!/usr/bin/env python3
"""Median tables from benchmarks/compare-builds.sh output: one table per test, a column per
series (c, base/this x buffer/arrays), each cell the median of the rounds with the spread
(min-max) under it. Usage: benchmarks/summarize.py runs.txt"""
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
    m = re.match(r"^(\d+)\s+([\d.]+)\s*$", line)
    if m and current:
        series[current][int(m.group(1))].append(float(m.group(2)))

for test in ("latency", "bw"):
    names = [n for (t, n) in series if t == test]
    if not names:
        continue
    order = sorted(names, key=lambda n: (n != "c", n.split()[-1] if " " in n else "", n))
    unit = "µs" if test == "latency" else "MB/s"
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
        print(f"| {size} | " + " | ".join(cells) + " |")

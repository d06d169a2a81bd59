#!/usr/bin/env python3
"""Tables from benchmarks/coll-scaling.sh output: for each collective and a few message sizes,
latency (µs) by rank count (rows) and algorithm (columns), the C reference beside them.
Usage: benchmarks/summarize-scaling.py runs.txt [sizes...]"""
import re
import sys
from collections import defaultdict

data = defaultdict(dict)  # (test, np, series) -> size -> value
current = None
for line in open(sys.argv[1]):
    m = re.match(r"## (\d+) (\w+) (\S+)$", line.strip())
    if m:
        current = (m.group(2), int(m.group(1)), m.group(3))
        continue
    m = re.match(r"^\s*(\d+)\s+([\d.]+)", line)
    if m and current:
        data[current][int(m.group(1))] = float(m.group(2))

sizes = [int(s) for s in sys.argv[2:]] or [8, 1024, 65536, 1048576]
for test in ("bcast", "allreduce"):
    series = sorted({s for (t, n, s) in data if t == test}, key=lambda s: (s != "c", s != "auto", s))
    ranks = sorted({n for (t, n, s) in data if t == test})
    for size in sizes:
        print(f"\n#### {test}, {size} B (µs)\n")
        print("| ranks | " + " | ".join(series) + " |")
        print("|---:|" + "---:|" * len(series))
        for n in ranks:
            cells = [f"{data[(test, n, s)][size]:.2f}" if size in data.get((test, n, s), {}) else "" for s in series]
            print(f"| {n} | " + " | ".join(cells) + " |")

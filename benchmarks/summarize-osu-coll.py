#!/usr/bin/env python3
"""Median tables (and charts) of what benchmarks/osu-coll.sh wrote.

Usage: summarize-osu-coll.py RUNS [CHARTS]
  RUNS    the folder osu-coll.sh wrote (SERIES-RANKS-BENCH-ROUND.txt)
  CHARTS  where to draw a chart per collective and rank count (bin/osu plot, one line per
          series: the median of the rounds); omitted: tables only.
Prints, per rank count, a Markdown table per collective at 8 B, 64 KiB and 1 MiB (and every size
with SIZES=all in the environment): the median of the rounds (min-max) of each series, and ours
over C's and over Open MPI Java's.
"""
import collections
import json
import os
import re
import statistics
import subprocess
import sys

NAMES = {"atoll": "atoll-mpi", "ompi-java": "Open MPI Java", "c": "C (Open MPI)"}
ORDER = ["atoll", "c", "ompi-java"]


def read(folder):
    runs = collections.defaultdict(list)  # (series, np, bench, size) -> values
    for name in sorted(os.listdir(folder)):
        m = re.match(r"([a-z-]+)-(\d+)-(osu_\w+)-(\d+)\.txt$", name)
        if not m:
            continue
        series, np_, bench, _ = m.groups()
        for line in open(os.path.join(folder, name), errors="replace"):
            p = line.split()
            if not p or p[0].startswith("#"):
                continue
            try:
                if len(p) == 1:
                    runs[(series, int(np_), bench, 0)].append(float(p[0]))
                elif p[0].isdigit():
                    runs[(series, int(np_), bench, int(p[0]))].append(float(p[1]))
            except ValueError:
                pass
    return runs


def cell(v):
    if not v:
        return "-"
    return f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})"


def ratio(a, b):
    if not a or not b:
        return "-"
    return f"{statistics.median(a) / statistics.median(b):.2f}"


def main():
    folder = sys.argv[1]
    charts = sys.argv[2] if len(sys.argv) > 2 else None
    runs = read(folder)
    every = os.environ.get("SIZES") == "all"
    for np_ in sorted({k[1] for k in runs}):
        benches = sorted({k[2] for k in runs if k[1] == np_})
        print(f"\n#### {np_} ranks (µs; median of the rounds, min-max)\n")
        print("| collective | size | atoll-mpi | C (Open MPI) | Open MPI Java | x C | x Open MPI Java |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for b in benches:
            sizes = sorted({k[3] for k in runs if k[1] == np_ and k[2] == b})
            for s in sizes:
                if not every and s not in (0, 8, 65536, 1048576):
                    continue
                v = {series: runs.get((series, np_, b, s), []) for series in ORDER}
                label = "-" if s == 0 else str(s)
                print(f"| {b[4:]} | {label} | {cell(v['atoll'])} | {cell(v['c'])} | {cell(v['ompi-java'])} "
                      f"| {ratio(v['atoll'], v['c'])} | {ratio(v['atoll'], v['ompi-java'])} |")
            if charts and len(sizes) > 1:
                draw(runs, np_, b, sizes, charts)


def draw(runs, np_, bench, sizes, charts):
    os.makedirs(charts, exist_ok=True)
    files = []
    for series in ORDER:
        rows = []
        for s in sizes:
            v = runs.get((series, np_, bench, s), [])
            if v:
                rows.append({"Size (bytes)": s, "Avg Latency(us)": statistics.median(v)})
        if not rows:
            continue
        record = {"format": "atoll-osu-run/1", "benchmark": bench, "title": f"{bench}, {np_} ranks",
                  "ranks": np_, "board": NAMES[series], "nodes": 1, "host": "", "date": "", "java": "",
                  "arguments": [], "parameters": {}, "columns": ["Avg Latency(us)"], "rows": rows,
                  "comments": ["median of the rounds of benchmarks/osu-coll.sh"]}
        path = os.path.join(charts, f".{bench}-{np_}-{series}.json")
        with open(path, "w") as f:
            json.dump(record, f)
        files.append(path)
    here = os.path.dirname(os.path.abspath(__file__))
    png = os.path.join(charts, f"{bench}-{np_}-ranks.png")
    subprocess.run([os.path.join(here, "..", "bin", "osu"), "plot", *files, "-o", png,
                    "--title", f"{bench}, {np_} ranks on 2 cores: atoll-mpi, C (Open MPI), Open MPI Java"],
                   check=True, stdout=subprocess.DEVNULL)
    for path in files:
        os.remove(path)


if __name__ == "__main__":
    main()

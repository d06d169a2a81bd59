#!/usr/bin/env bash
# MPI-IO beside Open MPI's C (issue 26): collective strided write and read of 256 MiB through a
# vector view (64 KiB blocks interleaved by rank), atoll-mpi's IoStrided and benchmarks/c/io_strided.c
# alternated for N rounds in the same run, each round a fresh job of 3 timed write+read pairs.
# Prints every line, then per implementation the median and min-max MB/s of all pairs.
# Usage: benchmarks/io-strided.sh [rounds, 5] [ranks, 4] [dir for the file, /dev/shm] [MiB, 256] [block KiB, 64]
# (after: mvn -q -DskipTests package, which leaves IoStrided in lib/atoll-mpi-benchmarks.jar; needs Open MPI's mpicc and mpirun)
set -euo pipefail
rounds=${1:-5} np=${2:-4} dir=${3:-/dev/shm} mib=${4:-256} kib=${5:-64}
root=$(cd "$(dirname "$0")/.." && pwd)
exe=${TMPDIR:-/tmp}/io_strided_c
[[ $exe -nt $root/benchmarks/c/io_strided.c ]] || mpicc -O2 -o "$exe" "$root/benchmarks/c/io_strided.c"
out=$(mktemp)
trap 'rm -f "$out" "$dir"/io_strided_*.dat' EXIT
echo "# $(date -u +%FT%TZ) on $(uname -n): $(nproc) cores; $np ranks, $mib MiB, ${kib} KiB blocks, file in $dir"
echo "# java: $(java -version 2>&1 | head -1); C: $(mpirun --version 2>&1 | head -1)"
for ((r = 1; r <= rounds; r++)); do
  "$root/bin/mpirun" --oversubscribe -np "$np" java -cp "$root/lib/atoll-mpi-benchmarks.jar" \
    org.atollmpi.bench.io.IoStrided "$dir/io_strided_java.dat" "$mib" "$kib" 3 | sed 's/^/atoll /' | tee -a "$out"
  mpirun --allow-run-as-root --oversubscribe -np "$np" "$exe" "$dir/io_strided_c.dat" "$mib" "$kib" 3 \
    | sed 's/^/ompi-c /' | tee -a "$out"
done
python3 - "$out" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    who, _, w, _, r = line.split()
    rows.setdefault(who, ([], []))
    rows[who][0].append(float(w)); rows[who][1].append(float(r))
print("%-8s %8s %-17s %8s %-17s %s" % ("", "write", "(min-max) MB/s", "read", "(min-max) MB/s", "pairs"))
for who, (w, r) in rows.items():
    print("%-8s %8.0f %-17s %8.0f %-17s %d" % (who, statistics.median(w), "(%.0f-%.0f)" % (min(w), max(w)),
          statistics.median(r), "(%.0f-%.0f)" % (min(r), max(r)), len(w)))
PY

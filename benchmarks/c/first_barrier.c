/*
 * The C side of docs/SCALING.md's start-up measurement, as tests/programs/FirstBarrier is ours:
 * MPI_Init, a barrier, then "BARRIER rank r at T" with T the wall clock in ms, an allreduce
 * counting the ranks, MPI_Finalize.
 *
 *   mpicc -O2 -o /tmp/first_barrier benchmarks/c/first_barrier.c
 *   start=$(date +%s%3N); mpirun --allow-run-as-root --oversubscribe -np 64 /tmp/first_barrier \
 *       | awk -v s=$start '/^BARRIER/ {if ($5 > t) t = $5} END {print t - s " ms"}'
 */
#include <mpi.h>
#include <stdio.h>
#include <sys/time.h>

int main(int argc, char **argv) {
    int rank, size, count = 1, total = 0;
    struct timeval now;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    gettimeofday(&now, NULL);
    printf("BARRIER rank %d at %lld\n", rank, (long long) now.tv_sec * 1000 + now.tv_usec / 1000);
    fflush(stdout);
    MPI_Allreduce(&count, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total != size) {
        fprintf(stderr, "rank %d: %d ranks passed the barrier, not %d\n", rank, total, size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}

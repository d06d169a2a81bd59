/*
 * The C reference for the JMH benchmark DatatypePack: MPI_Pack and MPI_Unpack of the same two
 * types with Open MPI's datatype engine, timed the way JMH reports them (ns per whole buffer,
 * median of several one-second measurements after a warm-up).
 *
 *   vector: 1,024 blocks of 1 double, stride 2 (every other element of a double[2048])
 *   struct: 256 items of {int @0, double @8, short[3] @16}, extent 24 (resized), from a byte buffer
 *
 * Build and run (one process, no communication):
 *   mpicc -O2 -o /tmp/pack_reference benchmarks/c/pack_reference.c && mpirun -np 1 /tmp/pack_reference
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEASUREMENTS 5

static int compare(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/* ns per call of one pack (or unpack) of the whole buffer: the median of MEASUREMENTS seconds. */
static double timed(int unpack, void *data, MPI_Datatype type, int count, void *packed, int bytes) {
    double results[MEASUREMENTS];
    for (int m = -3; m < MEASUREMENTS; m++) { /* three warm-up seconds */
        long calls = 0;
        double start = MPI_Wtime(), now;
        do {
            for (int i = 0; i < 1000; i++) {
                int position = 0;
                if (unpack) {
                    MPI_Unpack(packed, bytes, &position, data, count, type, MPI_COMM_SELF);
                } else {
                    MPI_Pack(data, count, type, packed, bytes, &position, MPI_COMM_SELF);
                }
            }
            calls += 1000;
            now = MPI_Wtime();
        } while (now - start < 1.0);
        if (m >= 0) {
            results[m] = (now - start) * 1e9 / calls;
        }
    }
    qsort(results, MEASUREMENTS, sizeof results[0], compare);
    return results[MEASUREMENTS / 2];
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);

    MPI_Datatype vector;
    MPI_Type_vector(1024, 1, 2, MPI_DOUBLE, &vector);
    MPI_Type_commit(&vector);
    double *matrix = malloc(2048 * sizeof(double));
    for (int i = 0; i < 2048; i++) {
        matrix[i] = i;
    }
    double *column = malloc(1024 * sizeof(double));

    int lengths[3] = {1, 1, 3};
    MPI_Aint displs[3] = {0, 8, 16};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_SHORT};
    MPI_Datatype record0, record;
    MPI_Type_create_struct(3, lengths, displs, types, &record0);
    MPI_Type_create_resized(record0, 0, 24, &record);
    MPI_Type_commit(&record);
    char *records = malloc(256 * 24);
    for (int i = 0; i < 256 * 24; i++) {
        records[i] = (char) i;
    }
    char *packed = malloc(256 * 18);

    printf("# MPI_Pack/MPI_Unpack, ns per whole buffer (median of %d one-second measurements)\n", MEASUREMENTS);
    printf("vector pack    %8.1f\n", timed(0, matrix, vector, 1, column, 1024 * 8));
    printf("vector unpack  %8.1f\n", timed(1, matrix, vector, 1, column, 1024 * 8));
    printf("struct pack    %8.1f\n", timed(0, records, record, 256, packed, 256 * 18));
    printf("struct unpack  %8.1f\n", timed(1, records, record, 256, packed, 256 * 18));

    MPI_Type_free(&vector);
    MPI_Type_free(&record);
    MPI_Type_free(&record0);
    MPI_Finalize();
    return 0;
}

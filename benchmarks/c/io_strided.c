/*
 * MPI-IO collective strided write and read, the C side of benchmarks/io-strided.sh (issue 26).
 * Each rank's view is a vector file type: blocks of BLOCK bytes, interleaved by rank (block k of
 * rank r at byte (k * size + r) * BLOCK). Every round: MPI_File_write_all of TOTAL / size bytes
 * per rank, then MPI_File_read_all of them back (checked once), each timed between barriers.
 * Prints one line per round: "write <MB/s> read <MB/s>" (MB = 10^6 bytes of the whole file).
 * Usage: io_strided <file> [total MiB, default 256] [block KiB, default 64] [rounds, default 3]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2) {
        if (rank == 0) fprintf(stderr, "usage: io_strided <file> [total MiB] [block KiB] [rounds]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *path = argv[1];
    long total = (argc > 2 ? atol(argv[2]) : 256) << 20;
    int block = (argc > 3 ? atoi(argv[3]) : 64) << 10;
    int rounds = argc > 4 ? atoi(argv[4]) : 3;
    long mine = total / size;
    int blocks = (int) (mine / block);
    mine = (long) blocks * block;

    char *out = malloc(mine), *in = malloc(mine);
    for (long i = 0; i < mine; i++) out[i] = (char) (rank * 31 + i * 7);

    MPI_Datatype vec, filetype;
    MPI_Type_vector(blocks, block, block * size, MPI_BYTE, &vec);
    MPI_Type_create_resized(vec, 0, (MPI_Aint) blocks * block * size, &filetype);
    MPI_Type_commit(&filetype);

    MPI_File fh;
    MPI_File_delete(path, MPI_INFO_NULL);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, (MPI_Offset) rank * block, MPI_BYTE, filetype, "native", MPI_INFO_NULL);

    for (int r = 0; r < rounds; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        MPI_File_write_at_all(fh, 0, out, (int) mine, MPI_BYTE, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        double t1 = MPI_Wtime();
        memset(in, 0, mine);
        MPI_Barrier(MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        MPI_File_read_at_all(fh, 0, in, (int) mine, MPI_BYTE, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        double t3 = MPI_Wtime();
        if (memcmp(in, out, mine) != 0) {
            fprintf(stderr, "rank %d: data read back differ\n", rank);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        double bytes = (double) mine * size;
        if (rank == 0) printf("write %.1f read %.1f\n", bytes / (t1 - t0) / 1e6, bytes / (t3 - t2) / 1e6);
    }
    MPI_File_close(&fh);
    if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Type_free(&filetype);
    MPI_Type_free(&vec);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}

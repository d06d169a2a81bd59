package org.atollmpi.bench.io;

import java.util.Arrays;

import mpi.Datatype;
import mpi.File;
import mpi.MPI;
import mpi.MPIException;

/**
 * MPI-IO collective strided write and read, statement for statement the Java twin of
 * {@code benchmarks/c/io_strided.c} (issue 26; run both with {@code benchmarks/io-strided.sh}).
 * Each rank's view is a vector file type of {@code block}-byte blocks interleaved by rank (block
 * k of rank r at byte {@code (k * size + r) * block}); every round times {@code writeAtAll} of
 * {@code total / size} bytes per rank, then {@code readAtAll} of them back (checked), each between
 * barriers, and rank 0 prints {@code write <MB/s> read <MB/s>} (MB = 10^6 bytes of the whole file).
 *
 * <p>Usage: {@code bin/mpirun -np 4 java -cp lib/atoll-mpi-benchmarks.jar
 * org.atollmpi.bench.io.IoStrided <file> [total MiB, 256] [block KiB, 64] [rounds, 3]}
 */
public final class IoStrided {
    private IoStrided() {
    }

    public static void main(String[] args) throws MPIException {
        String[] a = MPI.Init(args);
        if (a == null) {
            a = args;
        }
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (a.length < 1) {
            if (rank == 0) {
                System.err.println("usage: IoStrided <file> [total MiB] [block KiB] [rounds]");
            }
            MPI.COMM_WORLD.abort(2);
        }
        String path = a[0];
        long total = (a.length > 1 ? Long.parseLong(a[1]) : 256) << 20;
        int block = (a.length > 2 ? Integer.parseInt(a[2]) : 64) << 10;
        int rounds = a.length > 3 ? Integer.parseInt(a[3]) : 3;
        int blocks = (int) (total / size / block);
        int mine = blocks * block;

        byte[] out = new byte[mine];
        byte[] in = new byte[mine];
        for (int i = 0; i < mine; i++) {
            out[i] = (byte) (rank * 31 + i * 7);
        }
        Datatype vec = Datatype.createVector(blocks, block, block * size, MPI.BYTE);
        Datatype filetype = Datatype.createResized(vec, 0, blocks * block * size);
        filetype.commit();

        if (rank == 0) {
            try {
                File.delete(path);
            } catch (MPIException absent) {
                // MPI_File_delete of a missing file: as the C program, ignored
            }
        }
        MPI.COMM_WORLD.barrier();
        File fh = new File(MPI.COMM_WORLD, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
        fh.setView((long) rank * block, MPI.BYTE, filetype, "native");

        for (int r = 0; r < rounds; r++) {
            MPI.COMM_WORLD.barrier();
            double t0 = MPI.wtime();
            fh.writeAtAll(0, out, mine, MPI.BYTE);
            MPI.COMM_WORLD.barrier();
            double t1 = MPI.wtime();
            Arrays.fill(in, (byte) 0);
            MPI.COMM_WORLD.barrier();
            double t2 = MPI.wtime();
            fh.readAtAll(0, in, mine, MPI.BYTE);
            MPI.COMM_WORLD.barrier();
            double t3 = MPI.wtime();
            if (!Arrays.equals(in, out)) {
                System.err.println("rank " + rank + ": data read back differ");
                MPI.COMM_WORLD.abort(1);
            }
            double bytes = (double) mine * size;
            if (rank == 0) {
                System.out.printf("write %.1f read %.1f%n", bytes / (t1 - t0) / 1e6, bytes / (t3 - t2) / 1e6);
            }
        }
        fh.close();
        if (rank == 0) {
            File.delete(path);
        }
        filetype.free();
        vec.free();
        MPI.Finalize();
    }
}

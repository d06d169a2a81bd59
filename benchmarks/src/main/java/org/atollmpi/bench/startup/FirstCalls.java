package org.atollmpi.bench.startup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.MPI;
import mpi.MPIException;

/**
 * What a program's first calls cost: an 8-byte ping-pong between ranks 0 and 1 started cold
 * (no warm-up, as a user's own loop starts), each iteration timed on its own. Rank 0 prints one
 * line per iteration, {@code iteration half-round-trip-ns}, after the loop (the loop itself only
 * stores into an array allocated before it). Written against the Open MPI Java bindings' API
 * alone, so the same class runs on them ({@code shared/bench/ompi-java/run.sh}) for the picture
 * in {@code docs/BENCHMARKS.md} ("The first calls").
 *
 * <pre>FirstCalls [iterations (20000)] [direct|arrays (direct)] [size (8)]</pre>
 */
public final class FirstCalls {
    private FirstCalls() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        boolean arrays = args.length > 1 && args[1].equals("arrays");
        int size = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        int rank = MPI.COMM_WORLD.getRank();
        long[] nanos = new long[iterations];
        if (rank < 2) {
            int peer = 1 - rank;
            if (arrays) {
                byte[] out = new byte[size];
                byte[] in = new byte[size];
                for (int i = 0; i < iterations; i++) {
                    long t = System.nanoTime();
                    if (rank == 0) {
                        MPI.COMM_WORLD.send(out, size, MPI.BYTE, peer, 1);
                        MPI.COMM_WORLD.recv(in, size, MPI.BYTE, peer, 1);
                    } else {
                        MPI.COMM_WORLD.recv(in, size, MPI.BYTE, peer, 1);
                        MPI.COMM_WORLD.send(out, size, MPI.BYTE, peer, 1);
                    }
                    nanos[i] = System.nanoTime() - t;
                }
            } else {
                ByteBuffer out = ByteBuffer.allocateDirect(Math.max(size, 1)).order(ByteOrder.nativeOrder());
                ByteBuffer in = ByteBuffer.allocateDirect(Math.max(size, 1)).order(ByteOrder.nativeOrder());
                for (int i = 0; i < iterations; i++) {
                    long t = System.nanoTime();
                    if (rank == 0) {
                        MPI.COMM_WORLD.send(out, size, MPI.BYTE, peer, 1);
                        MPI.COMM_WORLD.recv(in, size, MPI.BYTE, peer, 1);
                    } else {
                        MPI.COMM_WORLD.recv(in, size, MPI.BYTE, peer, 1);
                        MPI.COMM_WORLD.send(out, size, MPI.BYTE, peer, 1);
                    }
                    nanos[i] = System.nanoTime() - t;
                }
            }
        }
        if (rank == 0) {
            StringBuilder lines = new StringBuilder(iterations * 12);
            for (int i = 0; i < iterations; i++) {
                lines.append(i).append(' ').append(nanos[i] / 2).append('\n');
            }
            System.out.print(lines);
        }
        MPI.Finalize();
    }
}

package org.atollmpi.bench.memory;

import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.MPIException;

/**
 * What {@code MPI.newByteBuffer} costs once the board is full: each rank allocates {@code count}
 * buffers of {@code bytes} and holds them all, every call timed on its own, then ranks 0 and 1
 * exchange the last buffer (it must still work). Run with a board smaller than the buffers (for
 * example {@code -x ATOLL_SHM_HEAP_BYTES=32m}) so that most of them lie beyond it; on the Open MPI
 * Java bindings ({@code shared/bench/ompi-java/run.sh}), where every such buffer is
 * {@code allocateDirect}'s, the same class gives the cost to compare with. Each rank prints
 * {@code rank R: N x B bytes in S s, slowest call I: M ms}.
 *
 * <pre>BuffersBeyondTheBoard [count (200)] [bytes (1 MiB)]</pre>
 */
public final class BuffersBeyondTheBoard {
    private BuffersBeyondTheBoard() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int bytes = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 20;
        int rank = MPI.COMM_WORLD.getRank();
        ByteBuffer[] held = new ByteBuffer[count];
        long slowest = 0;
        int slowestAt = -1;
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long t = System.nanoTime();
            held[i] = MPI.newByteBuffer(bytes);
            long took = System.nanoTime() - t;
            if (took > slowest) {
                slowest = took;
                slowestAt = i;
            }
            held[i].put(0, (byte) i);
        }
        long total = System.nanoTime() - start;
        ByteBuffer last = held[count - 1];
        if (rank == 0) {
            MPI.COMM_WORLD.send(last, bytes, MPI.BYTE, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(last, bytes, MPI.BYTE, 0, 0);
        }
        if (last.get(0) != (byte) (count - 1)) {
            throw new AssertionError("rank " + rank + ": the exchanged buffer holds " + last.get(0));
        }
        System.out.printf("rank %d: %d x %d bytes in %.3f s, slowest call %d: %.1f ms%n",
            rank, count, bytes, total / 1e9, slowestAt, slowest / 1e6);
        MPI.Finalize();
    }
}

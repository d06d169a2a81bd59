package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.Request;

/**
 * One collective of an OSU benchmark over buffers allocated once for the largest size: the
 * blocking call, the nonblocking one, and what validation puts in and expects out. The calls are
 * the public {@code mpi} API's, as a program writes them: OSU's arguments (root 0, {@code size}
 * bytes of {@code MPI.BYTE} per rank, or {@code size / 4} {@code MPI.FLOAT}s summed), on
 * {@link Payload#buffer()} (a direct buffer or an array, through the calls' {@code Object}
 * overloads, which take both).
 *
 * <p>Validation: {@link #prepare} writes round-specific data from every rank and clears what it
 * receives, the benchmark runs the call, {@link #check} counts what this rank received wrong.
 */
abstract class Collective {
    final Comm comm;
    final int rank;
    final int ranks;

    Collective(Comm comm) {
        this.comm = comm;
        this.rank = comm.getRank();
        this.ranks = comm.getSize();
    }

    /** The smallest size the call can move: 4 bytes (one float) for the reductions, else 1. */
    int unit() {
        return 1;
    }

    /** The element of the data: "byte" or "float" (the arrays of {@code -a arrays}, what {@code -c} counts). */
    String element() {
        return "byte";
    }

    /**
     * Whether the call leaves the ranks in step by itself (the barrier); otherwise the
     * benchmark puts a barrier between iterations, outside the timed call, as OSU does.
     */
    boolean synchronizes() {
        return false;
    }

    abstract void call(int size);

    abstract Request start(int size);

    /** Writes this rank's data for {@code round} and clears the memory it receives into. */
    abstract void prepare(int size, int round);

    /** The elements this rank received wrong in {@code round}. */
    abstract long check(int size, int round);

    /** Damages one element this rank receives, if it receives any: the {@code atoll.osu.corrupt} seam. */
    abstract void corrupt(int size);

    /** The seed of the data that {@code source} sends to {@code dest} in {@code round}. */
    static int seed(int size, int round, int source, int dest) {
        return ((size * 31 + round) * 1021 + source) * 1021 + dest;
    }

    /**
     * {@code bytes} as a buffer capacity; the same on every rank, so a size too large for the
     * rank count stops every rank before any allocates.
     */
    static int capacity(long bytes) {
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("-m: the largest size needs buffers of " + bytes
                    + " bytes on this many ranks, more than a buffer holds");
        }
        return (int) bytes;
    }
}

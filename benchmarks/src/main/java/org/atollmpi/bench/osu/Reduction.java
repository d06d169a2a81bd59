package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_reduce} / {@code osu_ireduce} (to rank 0) and {@code osu_allreduce} /
 * {@code osu_iallreduce}: {@code size / 4} floats summed over the ranks, from a send buffer into
 * a separate receive buffer, as OSU's.
 */
final class Reduction extends Collective {
    static final int ROOT = 0;
    private final boolean all;
    private final FloatPayload send;
    private final FloatPayload recv;

    Reduction(OsuOptions options, Comm comm, boolean all) {
        super(comm);
        this.all = all;
        int elements = Math.max(1, options.maxSize / Float.BYTES);
        send = FloatPayload.allocate(options.buffers, elements);
        recv = FloatPayload.allocate(options.buffers, elements);
    }

    @Override
    int unit() {
        return Float.BYTES;
    }

    @Override
    String element() {
        return "float";
    }

    @Override
    void call(int size) {
        if (all) {
            comm.allReduce(send.buffer(), recv.buffer(), size / Float.BYTES, MPI.FLOAT, MPI.SUM);
        } else {
            comm.reduce(send.buffer(), recv.buffer(), size / Float.BYTES, MPI.FLOAT, MPI.SUM, ROOT);
        }
    }

    @Override
    Request start(int size) {
        return all
                ? comm.iAllReduce(send.buffer(), recv.buffer(), size / Float.BYTES, MPI.FLOAT, MPI.SUM)
                : comm.iReduce(send.buffer(), recv.buffer(), size / Float.BYTES, MPI.FLOAT, MPI.SUM, ROOT);
    }

    @Override
    void prepare(int size, int round) {
        send.fill(size / Float.BYTES, seed(size, round, rank, 0));
        recv.clear(size / Float.BYTES);
    }

    /** Where the sum arrives (every rank, or the root): each element against the sum of what every rank sent. */
    @Override
    long check(int size, int round) {
        if (!all && rank != ROOT) {
            return 0;
        }
        long errors = 0;
        for (int i = 0; i < size / Float.BYTES; i++) {
            float expected = 0;
            for (int r = 0; r < ranks; r++) {
                expected += FloatPayload.value(seed(size, round, r, 0), i);
            }
            if (recv.get(i) != expected) {
                errors++;
            }
        }
        return errors;
    }

    @Override
    void corrupt(int size) {
        if ((all || rank == ROOT) && size >= Float.BYTES) {
            recv.spoil(0);
        }
    }
}

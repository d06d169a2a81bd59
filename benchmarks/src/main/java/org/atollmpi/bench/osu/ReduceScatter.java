package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_reduce_scatter}, {@code osu_ireduce_scatter}: {@code size / 4} floats summed over the
 * ranks, rank {@code r} receiving its share of the sums; the shares are as even as OSU makes them
 * (the first {@code count % ranks} ranks get one more).
 */
final class ReduceScatter extends Collective {
    private final FloatPayload send;
    private final FloatPayload recv;
    private final int[] counts;
    private int countsSize = -1;
    /** Where this rank's share starts among the sums. */
    private int first;

    ReduceScatter(OsuOptions options, Comm comm) {
        super(comm);
        int elements = Math.max(1, options.maxSize / Float.BYTES);
        send = FloatPayload.allocate(options.buffers, elements);
        recv = FloatPayload.allocate(options.buffers, elements / ranks + 1);
        counts = new int[ranks];
    }

    @Override
    int unit() {
        return Float.BYTES;
    }

    @Override
    String element() {
        return "float";
    }

    /** The shares for {@code size} bytes, computed again only when the size changes. */
    private int[] counts(int size) {
        if (size != countsSize) {
            int count = size / Float.BYTES;
            first = 0;
            for (int r = 0; r < ranks; r++) {
                counts[r] = count / ranks + (r < count % ranks ? 1 : 0);
                if (r < rank) {
                    first += counts[r];
                }
            }
            countsSize = size;
        }
        return counts;
    }

    @Override
    void call(int size) {
        comm.reduceScatter(send.buffer(), recv.buffer(), counts(size), MPI.FLOAT, MPI.SUM);
    }

    @Override
    Request start(int size) {
        return comm.iReduceScatter(send.buffer(), recv.buffer(), counts(size), MPI.FLOAT, MPI.SUM);
    }

    @Override
    void prepare(int size, int round) {
        send.fill(size / Float.BYTES, seed(size, round, rank, 0));
        recv.clear(counts(size)[rank]);
    }

    @Override
    long check(int size, int round) {
        int mine = counts(size)[rank];
        long errors = 0;
        for (int i = 0; i < mine; i++) {
            float expected = 0;
            for (int r = 0; r < ranks; r++) {
                expected += FloatPayload.value(seed(size, round, r, 0), first + i);
            }
            if (recv.get(i) != expected) {
                errors++;
            }
        }
        return errors;
    }

    @Override
    void corrupt(int size) {
        if (counts(size)[rank] > 0) {
            recv.spoil(0);
        }
    }
}

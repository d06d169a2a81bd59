package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_allgather}, {@code osu_iallgather} and the v-forms {@code osu_allgatherv},
 * {@code osu_iallgatherv}: {@code size} bytes from every rank to every rank, rank {@code r}'s at
 * {@code r * size}.
 */
final class Allgather extends Collective {
    private final boolean vector;
    private final Payload send;
    private final Payload recv;
    private final Blocks blocks;

    Allgather(OsuOptions options, Comm comm, boolean vector) {
        super(comm);
        this.vector = vector;
        int total = capacity((long) Math.max(1, options.maxSize) * ranks);
        send = Payload.allocate(options.buffers, Math.max(1, options.maxSize));
        recv = Payload.allocate(options.buffers, total);
        blocks = new Blocks(ranks);
    }

    @Override
    void call(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            comm.allGatherv(send.buffer(), size, MPI.BYTE, recv.buffer(), b.counts, b.displs, MPI.BYTE);
        } else {
            comm.allGather(send.buffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE);
        }
    }

    @Override
    Request start(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            return comm.iAllGatherv(send.buffer(), size, MPI.BYTE, recv.buffer(), b.counts, b.displs, MPI.BYTE);
        }
        return comm.iAllGather(send.buffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE);
    }

    @Override
    void prepare(int size, int round) {
        send.fill(0, size, seed(size, round, rank, 0));
        recv.clear(size * ranks);
    }

    @Override
    long check(int size, int round) {
        long errors = 0;
        for (int r = 0; r < ranks; r++) {
            errors += recv.check(r * size, size, seed(size, round, r, 0));
        }
        return errors;
    }

    @Override
    void corrupt(int size) {
        if (size > 0) {
            recv.spoil(0);
        }
    }
}

package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_alltoall}, {@code osu_ialltoall} and the v-forms {@code osu_alltoallv},
 * {@code osu_ialltoallv}: every rank sends {@code size} distinct bytes to every rank, block
 * {@code d} of the send buffer to rank {@code d}, into block {@code s} (the sender) of the
 * receive buffer.
 */
final class Alltoall extends Collective {
    private final boolean vector;
    private final Payload send;
    private final Payload recv;
    private final Blocks blocks;

    Alltoall(OsuOptions options, Comm comm, boolean vector) {
        super(comm);
        this.vector = vector;
        int total = capacity((long) Math.max(1, options.maxSize) * ranks);
        send = Payload.allocate(options.buffers, total);
        recv = Payload.allocate(options.buffers, total);
        blocks = new Blocks(ranks);
    }

    @Override
    void call(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            comm.allToAllv(send.buffer(), b.counts, b.displs, MPI.BYTE, recv.buffer(), b.counts, b.displs, MPI.BYTE);
        } else {
            comm.allToAll(send.buffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE);
        }
    }

    @Override
    Request start(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            return comm.iAllToAllv(send.buffer(), b.counts, b.displs, MPI.BYTE, recv.buffer(), b.counts, b.displs, MPI.BYTE);
        }
        return comm.iAllToAll(send.buffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE);
    }

    @Override
    void prepare(int size, int round) {
        for (int d = 0; d < ranks; d++) {
            send.fill(d * size, size, seed(size, round, rank, d));
        }
        recv.clear(size * ranks);
    }

    @Override
    long check(int size, int round) {
        long errors = 0;
        for (int s = 0; s < ranks; s++) {
            errors += recv.check(s * size, size, seed(size, round, s, rank));
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

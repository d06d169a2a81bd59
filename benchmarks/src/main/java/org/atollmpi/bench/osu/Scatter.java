package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_scatter}, {@code osu_iscatter} and the v-forms {@code osu_scatterv},
 * {@code osu_iscatterv}: rank 0 sends {@code size} bytes to every rank, rank {@code r}'s from
 * {@code r * size}. Only the root has a send buffer (the others pass null, which MPI allows).
 */
final class Scatter extends Collective {
    static final int ROOT = 0;
    private final boolean vector;
    private final Payload send;
    private final Payload recv;
    private final Blocks blocks;

    Scatter(OsuOptions options, Comm comm, boolean vector) {
        super(comm);
        this.vector = vector;
        int total = capacity((long) Math.max(1, options.maxSize) * ranks);
        send = rank == ROOT ? Payload.allocate(options.buffers, total) : null;
        recv = Payload.allocate(options.buffers, Math.max(1, options.maxSize));
        blocks = new Blocks(ranks);
    }

    private Object sendBuffer() {
        return send == null ? null : send.buffer();
    }

    @Override
    void call(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            comm.scatterv(sendBuffer(), b.counts, b.displs, MPI.BYTE, recv.buffer(), size, MPI.BYTE, ROOT);
        } else {
            comm.scatter(sendBuffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE, ROOT);
        }
    }

    @Override
    Request start(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            return comm.iScatterv(sendBuffer(), b.counts, b.displs, MPI.BYTE, recv.buffer(), size, MPI.BYTE, ROOT);
        }
        return comm.iScatter(sendBuffer(), size, MPI.BYTE, recv.buffer(), size, MPI.BYTE, ROOT);
    }

    @Override
    void prepare(int size, int round) {
        if (send != null) {
            for (int r = 0; r < ranks; r++) {
                send.fill(r * size, size, seed(size, round, ROOT, r));
            }
        }
        recv.clear(size);
    }

    @Override
    long check(int size, int round) {
        return recv.check(0, size, seed(size, round, ROOT, rank));
    }

    @Override
    void corrupt(int size) {
        if (size > 0) {
            recv.spoil(0);
        }
    }
}

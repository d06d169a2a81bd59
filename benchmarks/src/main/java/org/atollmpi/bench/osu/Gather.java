package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * {@code osu_gather}, {@code osu_igather} and the v-forms {@code osu_gatherv}, {@code osu_igatherv}:
 * {@code size} bytes from every rank into rank 0, rank {@code r}'s at {@code r * size}. Only the
 * root has a receive buffer (the others pass null, which MPI allows: it is not looked at there).
 */
final class Gather extends Collective {
    static final int ROOT = 0;
    private final boolean vector;
    private final Payload send;
    private final Payload recv;
    private final Blocks blocks;

    Gather(OsuOptions options, Comm comm, boolean vector) {
        super(comm);
        this.vector = vector;
        int total = capacity((long) Math.max(1, options.maxSize) * ranks);
        send = Payload.allocate(options.buffers, Math.max(1, options.maxSize));
        recv = rank == ROOT ? Payload.allocate(options.buffers, total) : null;
        blocks = new Blocks(ranks);
    }

    private Object recvBuffer() {
        return recv == null ? null : recv.buffer();
    }

    @Override
    void call(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            comm.gatherv(send.buffer(), size, MPI.BYTE, recvBuffer(), b.counts, b.displs, MPI.BYTE, ROOT);
        } else {
            comm.gather(send.buffer(), size, MPI.BYTE, recvBuffer(), size, MPI.BYTE, ROOT);
        }
    }

    @Override
    Request start(int size) {
        if (vector) {
            Blocks b = blocks.of(size);
            return comm.iGatherv(send.buffer(), size, MPI.BYTE, recvBuffer(), b.counts, b.displs, MPI.BYTE, ROOT);
        }
        return comm.iGather(send.buffer(), size, MPI.BYTE, recvBuffer(), size, MPI.BYTE, ROOT);
    }

    @Override
    void prepare(int size, int round) {
        send.fill(0, size, seed(size, round, rank, ROOT));
        if (recv != null) {
            recv.clear(size * ranks);
        }
    }

    @Override
    long check(int size, int round) {
        long errors = 0;
        if (recv != null) {
            for (int r = 0; r < ranks; r++) {
                errors += recv.check(r * size, size, seed(size, round, r, ROOT));
            }
        }
        return errors;
    }

    @Override
    void corrupt(int size) {
        if (recv != null && size > 0) {
            recv.spoil(0);
        }
    }
}

package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/** {@code osu_bcast}, {@code osu_ibcast}: {@code size} bytes from rank 0 to every rank. */
final class Bcast extends Collective {
    static final int ROOT = 0;
    private final Payload data;

    Bcast(OsuOptions options, Comm comm) {
        super(comm);
        data = Payload.allocate(options.buffers, Math.max(1, options.maxSize));
    }

    @Override
    void call(int size) {
        comm.bcast(data.buffer(), size, MPI.BYTE, ROOT);
    }

    @Override
    Request start(int size) {
        return comm.iBcast(data.buffer(), size, MPI.BYTE, ROOT);
    }

    @Override
    void prepare(int size, int round) {
        if (rank == ROOT) {
            data.fill(0, size, seed(size, round, ROOT, 0));
        } else {
            data.clear(size);
        }
    }

    /** Every rank, the root included (its data must come through unchanged). */
    @Override
    long check(int size, int round) {
        return data.check(0, size, seed(size, round, ROOT, 0));
    }

    @Override
    void corrupt(int size) {
        if (size > 0) {
            data.spoil(0);
        }
    }
}

package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.Request;

/**
 * {@code osu_barrier}, {@code osu_ibarrier}: {@code barrier()} / {@code iBarrier()}. No data:
 * {@code -c} checks only that every round completes.
 */
final class Barrier extends Collective {
    Barrier(Comm comm) {
        super(comm);
    }

    @Override
    boolean synchronizes() {
        return true;
    }

    @Override
    void call(int size) {
        comm.barrier();
    }

    @Override
    Request start(int size) {
        return comm.iBarrier();
    }

    @Override
    void prepare(int size, int round) {
        // nothing is sent
    }

    @Override
    long check(int size, int round) {
        return 0;
    }

    @Override
    void corrupt(int size) {
        // nothing is received
    }
}

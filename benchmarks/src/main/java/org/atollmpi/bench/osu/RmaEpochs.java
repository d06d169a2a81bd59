package org.atollmpi.bench.osu;

import java.util.function.IntConsumer;

import mpi.Group;
import mpi.MPI;
import mpi.Win;

/**
 * Carries out a one-sided benchmark's synchronisation ({@link RmaSync}) around its operations, as
 * OSU 7's loops do, for one of three traffic patterns ({@link Traffic}). A loop is
 * {@link #open}, {@link #iteration} as often as asked on the ranks that {@link #iterates}, then
 * {@link #close}; the operations of an iteration are the {@code operations} callback, which gets
 * the message size and targets the peer.
 */
final class RmaEpochs {
    /** Who operates on whom in an iteration. */
    enum Traffic {
        /**
         * Latency: the first rank operates on the second; under an active-target synchronisation
         * the second then operates on the first in the same iteration (OSU's fence and pscw
         * latency loops), so an iteration holds two operations.
         */
        TURNS,
        /** Bandwidth: the first rank operates on the second; the second at most synchronises. */
        ONE_WAY,
        /** Bi-directional bandwidth (active target only): both operate on each other at once. */
        BOTH_WAYS
    }

    private final Win win;
    private final RmaSync sync;
    private final Traffic traffic;
    private final boolean first;
    private final int peer;
    /** The peer alone: the group of post and start. */
    private final Group peerGroup;
    private final IntConsumer operations;

    RmaEpochs(Win win, RmaSync sync, Traffic traffic, boolean first, int peer, Group peerGroup,
              IntConsumer operations) {
        if (traffic == Traffic.BOTH_WAYS && !sync.active()) {
            throw new IllegalArgumentException("-s: traffic both ways needs fence or pscw, not " + sync.option);
        }
        this.win = win;
        this.sync = sync;
        this.traffic = traffic;
        this.first = first;
        this.peer = peer;
        this.peerGroup = peerGroup;
        this.operations = operations;
    }

    /** Whether this rank runs the loop: both under fence and pscw, only the origin under passive target. */
    boolean iterates() {
        return first || sync.active();
    }

    /** Whether this rank's operations reach the peer in an iteration. */
    boolean originates() {
        return first || traffic == Traffic.BOTH_WAYS || (traffic == Traffic.TURNS && sync.active());
    }

    /** Whether the peer's operations reach this rank's window in an iteration. */
    boolean isTarget() {
        return !first || traffic == Traffic.BOTH_WAYS || (traffic == Traffic.TURNS && sync.active());
    }

    /** Operations an iteration holds over both ranks: what a latency row divides by. */
    int operationsPerIteration() {
        return traffic == Traffic.TURNS && sync.active() ? 2 : 1;
    }

    /** Before the loop: the epoch that spans it (one lock, lockAll, the first fence). */
    void open() {
        switch (sync) {
            case FLUSH, FLUSH_LOCAL -> {
                if (first) {
                    win.lock(MPI.LOCK_SHARED, peer, 0);
                }
            }
            case LOCK_ALL -> {
                if (first) {
                    win.lockAll(0);
                }
            }
            case FENCE -> win.fence(0);
            default -> {
            }
        }
    }

    /** After the loop: the epoch that spanned it ends, every operation complete at the target. */
    void close() {
        switch (sync) {
            case FLUSH, FLUSH_LOCAL -> {
                if (first) {
                    win.unlock(peer);
                }
            }
            case LOCK_ALL -> {
                if (first) {
                    win.unlockAll();
                }
            }
            default -> {
            }
        }
    }

    /** One iteration of {@code size}-byte operations with its synchronisation. */
    void iteration(int size) {
        switch (sync) {
            case LOCK -> {
                win.lock(MPI.LOCK_SHARED, peer, 0);
                operations.accept(size);
                win.unlock(peer);
            }
            case FLUSH -> {
                operations.accept(size);
                win.flush(peer);
            }
            case FLUSH_LOCAL -> {
                operations.accept(size);
                win.flushLocal(peer);
            }
            case LOCK_ALL -> {
                operations.accept(size);
                if (traffic == Traffic.TURNS) {
                    win.flush(peer);
                } else {
                    win.flushAll();
                }
            }
            case FENCE -> fence(size);
            case PSCW -> pscw(size);
        }
    }

    private void fence(int size) {
        switch (traffic) {
            case TURNS -> {
                if (first) {
                    operations.accept(size);
                    win.fence(0);
                    win.fence(0);
                } else {
                    win.fence(0);
                    operations.accept(size);
                    win.fence(0);
                }
            }
            case ONE_WAY -> {
                if (first) {
                    operations.accept(size);
                }
                win.fence(0);
            }
            case BOTH_WAYS -> {
                operations.accept(size);
                win.fence(0);
            }
        }
    }

    private void pscw(int size) {
        switch (traffic) {
            case TURNS -> {
                if (first) {
                    access(size);
                    exposure();
                } else {
                    exposure();
                    access(size);
                }
            }
            case ONE_WAY -> {
                if (first) {
                    access(size);
                } else {
                    exposure();
                }
            }
            case BOTH_WAYS -> {
                win.post(peerGroup, 0);
                access(size);
                win.waitFor();
            }
        }
    }

    /** An access epoch on the peer: start, the operations, complete. */
    private void access(int size) {
        win.start(peerGroup, 0);
        operations.accept(size);
        win.complete();
    }

    /** An exposure epoch to the peer: post, wait for its complete. */
    private void exposure() {
        win.post(peerGroup, 0);
        win.waitFor();
    }
}

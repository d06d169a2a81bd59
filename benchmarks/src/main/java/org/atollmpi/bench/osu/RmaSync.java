package org.atollmpi.bench.osu;

import java.util.Locale;

/**
 * The synchronisation of a one-sided benchmark ({@code -s}), as OSU 7's {@code -s} option:
 * passive target ({@link #LOCK}, {@link #FLUSH}, {@link #FLUSH_LOCAL}, {@link #LOCK_ALL}), where
 * only the origin calls MPI in the timed loop, or active target ({@link #FENCE}, {@link #PSCW}),
 * where both ranks synchronise every iteration and, in the latency benchmarks, take turns as the
 * origin (so a row is half an iteration). {@link RmaEpochs} carries each one out.
 */
enum RmaSync {
    /** {@code Win.lock(LOCK_SHARED)} and {@code Win.unlock} around every iteration's operations. */
    LOCK("lock", "Win.lock/unlock"),
    /** One shared lock for the whole loop; {@code Win.flush} after every iteration's operations. */
    FLUSH("flush", "Win.flush"),
    /** One shared lock for the whole loop; {@code Win.flushLocal} after every iteration's operations. */
    FLUSH_LOCAL("flush_local", "Win.flushLocal"),
    /** {@code Win.lockAll} for the whole loop; {@code Win.flush} (bandwidth: {@code flushAll}) every iteration. */
    LOCK_ALL("lock_all", "Win.lockAll/unlockAll"),
    /** {@code Win.fence} on both ranks every iteration. */
    FENCE("fence", "Win.fence"),
    /** {@code Win.post}/{@code start}/{@code complete}/{@code waitFor} every iteration. */
    PSCW("pscw", "Win.post/start/complete/waitFor");

    /** The name {@code -s} takes, OSU's. */
    final String option;
    /** What the "# Synchronization:" line says. */
    final String description;

    RmaSync(String option, String description) {
        this.option = option;
        this.description = description;
    }

    /** Whether both ranks synchronise every iteration (active target). */
    boolean active() {
        return this == FENCE || this == PSCW;
    }

    static RmaSync parse(String text, String option) {
        String name = text.toLowerCase(Locale.ROOT);
        for (RmaSync sync : values()) {
            if (sync.option.equals(name)) {
                return sync;
            }
        }
        throw new IllegalArgumentException(option + ": expected lock, flush, flush_local, lock_all, fence or pscw,"
                + " got '" + text + "'");
    }
}

package org.atollmpi.nic.tcp;

import java.util.concurrent.TimeUnit;

import org.agrona.collections.ArrayUtil;
import org.agrona.concurrent.NanoClock;

/**
 * Decides who reads a port's sockets: the rank's thread ("hot") or the event loops ("cold").
 *
 * <pre>
 *            empty poll, waiting &lt; coldAfter
 *   COLD ─────────────────────────────────────▶ HOT   the rank reads up to READS_PER_POLL
 *    ▲                                            │    sockets per empty poll; loop reads off
 *    │  empty polls for coldAfter, or the watcher │
 *    └──── sees no poll for coldAfter ◀───────────┘
 * </pre>
 *
 * While the rank's polls have found nothing for less than {@code coldAfter}, it reads its sockets
 * itself, in turn, rather than wait for an event loop to read one and wake it (two thread wake-ups
 * per message, most of a small message's latency). While it does, the event loops do not read
 * (Netty's auto-read is off): an arrival they were woken for would be read by two threads. After
 * waiting longer, or when a watcher (run by the {@link Scheduler}, an event loop) sees that it no
 * longer polls (it computes, outside MPI), the event loops read again and wake it on arrival, so
 * one-sided operations are served and a parked rank is woken.
 *
 * <p>The clock and the scheduler are injected so that a test can drive the policy step by step.
 * {@link #emptyPoll} and {@link #delivered} are the rank's thread's; the others take this
 * object's monitor.
 */
final class ReadPolicy {
    /** A socket the rank's thread may read ({@link LinkReader}). */
    interface Reader {
        /** Reads what the socket holds now, unless another thread is reading it. @return whether anything was read */
        boolean readNow();

        /** Turns the event loop's reading of this socket on or off. */
        void loopReads(boolean on);
    }

    /** Runs {@code check} on another thread after {@code nanos} (an event loop; the test runs it by hand). */
    interface Scheduler {
        void after(long nanos, Runnable check);
    }

    /** The most sockets one poll reads; the others are read by the next polls, in turn. */
    static final int READS_PER_POLL = 4;
    /**
     * How long the rank's thread goes on reading its sockets while its polls find nothing, and how
     * long it may stay away from its port while it does, before the event loops read them again.
     */
    static final long COLD_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long NOT_WAITING = Long.MIN_VALUE;

    private final NanoClock clock;
    private final Scheduler scheduler;
    private final long coldAfterNanos;
    /** The sockets the rank's thread reads when its poll finds nothing queued. */
    private volatile Reader[] readers = new Reader[0];
    /** Where the next poll starts reading (the rank's thread only). */
    private int nextReader;
    private volatile boolean hot;
    /** Counts the hot rank's polls, so that its watcher can tell it still polls. */
    private volatile long hotPolls;
    /** Each turn to hot has a number; a watcher of an earlier turn ends. */
    private long heat;
    /** When the rank's polls began to find nothing ({@link #NOT_WAITING}: the last poll delivered). Rank's thread only. */
    private long emptySince = NOT_WAITING;
    private boolean closed;

    ReadPolicy(NanoClock clock, Scheduler scheduler, long coldAfterNanos) {
        this.clock = clock;
        this.scheduler = scheduler;
        this.coldAfterNanos = coldAfterNanos;
    }

    /**
     * The rank's poll found nothing queued: reads sockets while the port is, or turns, hot.
     *
     * @return whether anything was read
     */
    boolean emptyPoll() {
        Reader[] now = readers;
        int n = now.length;
        if (n == 0) {
            return false;
        }
        long t = clock.nanoTime();
        if (emptySince == NOT_WAITING) {
            emptySince = t;
        }
        if (t - emptySince >= coldAfterNanos) {
            if (hot) {
                cool(heat);
            }
            return false; // a long wait: the event loops read and wake the rank
        }
        if (!hot) {
            heat();
        }
        hotPolls++;
        boolean read = false;
        int start = nextReader;
        int tries = Math.min(n, READS_PER_POLL);
        for (int i = 0; i < tries; i++) {
            if (now[(start + i) % n].readNow()) {
                read = true;
            }
        }
        nextReader = (start + tries) % n;
        return read;
    }

    /** The rank's poll delivered something: its wait, if any, is over. */
    void delivered() {
        emptySince = NOT_WAITING;
    }

    /** Whether the rank's thread reads its sockets now. */
    boolean hot() {
        return hot;
    }

    /** A socket the rank's thread may read from now on; the event loop stops reading it if the port is hot. */
    synchronized void add(Reader reader) {
        if (closed) {
            return;
        }
        readers = ArrayUtil.add(readers, reader);
        if (hot) {
            reader.loopReads(false);
        }
    }

    synchronized void remove(Reader reader) {
        readers = ArrayUtil.remove(readers, reader);
    }

    /** The port closed: it turns hot no more. */
    synchronized void close() {
        closed = true;
    }

    /** The rank's thread reads its sockets from now on; a watcher sees that it goes on polling. */
    private synchronized void heat() {
        if (hot || closed) {
            return;
        }
        hot = true;
        long turn = ++heat;
        for (Reader r : readers) {
            r.loopReads(false);
        }
        watch(turn, hotPolls);
    }

    /** Every {@code coldAfter}: a rank that has not polled since is away, and the event loops read again. */
    private void watch(long turn, long polls) {
        scheduler.after(coldAfterNanos, () -> {
            long seen = hotPolls;
            if (seen == polls) {
                cool(turn);
            } else if (hot) {
                watch(turn, seen);
            }
        });
    }

    /** The event loops read the sockets again (unless the rank turned hot again since turn {@code turn}). */
    private synchronized void cool(long turn) {
        if (!hot || heat != turn) {
            return;
        }
        hot = false;
        for (Reader r : readers) {
            r.loopReads(true);
        }
    }
}

package org.atollmpi.engine;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;

/**
 * Direct buffers over board memory ({@code MPI.newByteBuffer} and the typed forms), given back to
 * the board when the program drops them. A direct buffer over native memory that someone else
 * owns has no cleaner of its own; this registers one on the root buffer, which every slice,
 * duplicate and typed view keeps reachable (they hold it as their attachment), so the region is
 * freed only when no view is left. The program's requests hold the buffers they use, so memory
 * a transfer still reads is never freed under it.
 *
 * <p>When the board has no room, the caller does not wait: it takes ordinary memory, and a
 * collection runs on a thread of its own so that dropped buffers' memory is back for later calls.
 * If that collection gives back less than was asked for, the board counts as full (and is said
 * to be) until some buffer's memory does come back; calls meanwhile start no collection, so a
 * program that keeps allocating past a full board pays {@code allocateDirect}'s cost each time.
 */
final class BoardBuffers {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "atoll-board-cleaner");
        t.setDaemon(true);
        return t;
    });

    /**
     * How long a reclaim waits, after its collection, for dropped buffers' memory to come back:
     * their cleaners run within milliseconds of it, later on a loaded machine. Nobody waits for
     * this but the reclaiming thread (and {@code close}, should the job end meanwhile).
     */
    private static final long RELEASE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final AtomicInteger live = new AtomicInteger();
    /** Buffers whose memory went back to the board, ever; {@link #releases} is waited on for it. */
    private final AtomicLong released = new AtomicLong();
    /** Their bytes, ever. */
    private final AtomicLong releasedBytes = new AtomicLong();
    private final Object releases = new Object();
    /** {@link #released} when a reclaim last gave back too little; -1 while none has. */
    private volatile long fullAt = -1;
    /** The thread collecting now, or null. */
    private final AtomicReference<Thread> reclaimer = new AtomicReference<>();

    /** A zeroed buffer of {@code capacity} bytes over {@code region}, or null (region freed) when the board's memory is not native. */
    ByteBuffer wrap(BoardRegion region, int capacity) {
        ByteBuffer root = region.asByteBuffer();
        if (!root.isDirect() || root.capacity() < capacity) {
            region.free();
            return null;
        }
        live.incrementAndGet();
        CLEANER.register(root, new Release(region, capacity, this));
        ByteBuffer b = root.duplicate();
        b.clear().limit(capacity);
        b = b.slice().order(ByteOrder.nativeOrder());
        Memory.setMemory(Memory.addressOf(b), capacity, (byte) 0);
        return b;
    }

    /** Buffers handed out and not yet given back. */
    int live() {
        return live.get();
    }

    /** How many buffers' memory has come back, ever: read before an allocation for {@link #reclaim}. */
    long released() {
        return released.get();
    }

    /**
     * An allocation made after {@link #released()} said {@code seen} found no room for
     * {@code capacity} bytes. Unless the board is known to be full, starts a collection on a thread
     * of its own (none if one runs already) and returns at once. When the board is full, or that
     * collection gives back fewer than {@code capacity} bytes, or no buffer is out for one to give
     * back, {@code whenFull} hears of it: at once, or from that thread (the {@code whenFull} of
     * the call that started the collection).
     *
     * @return true when some buffer's memory came back since {@code seen}: allocate again
     */
    boolean reclaim(int capacity, long seen, IntConsumer whenFull) {
        if (released.get() != seen) {
            return true;
        }
        if (full()) {
            whenFull.accept(capacity);
            return false;
        }
        if (live.get() == 0) {
            fullAt = seen; // nothing out that a collection could give back
            if (released.get() != seen) {
                return true;
            }
            whenFull.accept(capacity);
            return false;
        }
        if (reclaimer.get() != null) {
            return false;
        }
        Thread collector = new Thread(() -> collect(capacity, whenFull), "atoll-board-reclaim");
        collector.setDaemon(true);
        if (reclaimer.compareAndSet(null, collector)) {
            collector.start();
        }
        return false;
    }

    private void collect(int capacity, IntConsumer whenFull) {
        try {
            long enough = releasedBytes.get() + capacity;
            System.gc(); // dropped board buffers go back once their cleaners run
            long deadline = System.nanoTime() + RELEASE_WAIT_NANOS;
            synchronized (releases) {
                long left;
                while (releasedBytes.get() < enough && (left = deadline - System.nanoTime()) > 0) {
                    releases.wait(Math.max(1, left / 1_000_000));
                }
            }
            if (releasedBytes.get() < enough) {
                fullAt = released.get();
                whenFull.accept(capacity);
            }
        } catch (InterruptedException e) {
            // nothing of ours interrupts this thread; if something does, it ends without a verdict
        } finally {
            reclaimer.set(null);
        }
    }

    /** Whether a collection gave back too little and no buffer's memory has come back since. */
    boolean full() {
        return fullAt == released.get();
    }

    /** Lets a collection running now finish (and say what it found) before the board goes away. */
    void awaitReclaim() {
        Thread t = reclaimer.get();
        if (t == null) {
            return;
        }
        try {
            t.join(TimeUnit.NANOSECONDS.toMillis(RELEASE_WAIT_NANOS) * 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void giveBack(int capacity) {
        // counted before live drops: reclaim() reading live 0 with released unchanged means
        // no buffer was out, not one on its way back
        releasedBytes.addAndGet(capacity);
        released.incrementAndGet();
        live.decrementAndGet();
        synchronized (releases) {
            releases.notifyAll();
        }
    }

    /** Holds no reference to the buffer, only to its region, so the buffer can become unreachable. */
    private record Release(BoardRegion region, int capacity, BoardBuffers buffers) implements Runnable {
        @Override
        public void run() {
            region.free();
            buffers.giveBack(capacity);
        }
    }
}

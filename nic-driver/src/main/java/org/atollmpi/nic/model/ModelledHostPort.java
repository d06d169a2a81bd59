package org.atollmpi.nic.model;

import java.nio.ByteBuffer;
import java.util.function.LongSupplier;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.ForwardingHostPort;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;

/**
 * A port that takes as long as the modelled NIC would ({@code mpirun --nic-model}): in front of a
 * board, it adds {@link NicTiming}'s costs to each operation over the routes of
 * {@link SourceRoutes}, so that a job on one machine runs at the modelled network's pace.
 *
 * <p>A deposit is stamped with the time it would arrive: the sender's NIC takes it when the
 * previous one has left ({@link NicTiming#occupancy}), it arrives {@link NicTiming#latency} later.
 * The stamp travels as the first 8 bytes of the payload (so a fast send carries 8 bytes less), and
 * the receiver's poll hands the message on no sooner than the stamp says: a ping-pong takes the
 * modelled latency, a stream the modelled bandwidth. The sender's CPU is held for what the
 * hardware asks of it ({@link NicTiming#hostInject}: the PIO writes, a doorbell). Stamps are
 * {@code System.nanoTime}, one clock for every process of a machine: the model runs jobs on one
 * machine (pretend nodes included). Notifications carry no payload to stamp: the sender waits the
 * latency of a small message before posting one. One-sided operations hold the issuing thread for
 * their round trip. No two ranks share memory on the modelled network, so collectives go through
 * its messages ({@link #sharesMemoryWith} is false).
 */
public final class ModelledHostPort extends ForwardingHostPort {
    /** Bytes of the arrival stamp in front of each payload. */
    static final int STAMP = Long.BYTES;
    /**
     * The stamp's top byte: a message from a port that is not modelled (a rank started without the
     * model) is told apart and refused as a fault, not misread. The clock keeps the other 56 bits
     * (2.3 years of nanoseconds; differences are taken in 56 bits, so a wrap is harmless).
     */
    static final long STAMP_TAG = 0xA7L << 56;
    private static final long CLOCK_BITS = (1L << 56) - 1;
    /** A stamp further ahead than this comes from another clock (another machine): not waited for. */
    private static final long MAX_AHEAD_NANOS = 1_000_000_000L;
    /** The size the model charges for a notification: its three 64-bit arguments. */
    private static final int NOTIFICATION_BYTES = 24;

    private final NicTiming timing;
    private final SourceRoutes routes;
    private final LongSupplier clock;
    private final int rank;
    /** Per target: where a stamped payload is put together (deposits to one target never overlap). */
    private final byte[][] scratch;
    private final Holding holding = new Holding();
    /** When the sender's NIC is free for the next message (nanoTime); deposits to several targets may race. */
    private final java.util.concurrent.atomic.AtomicLong nicFree = new java.util.concurrent.atomic.AtomicLong();

    public ModelledHostPort(HostPort port, NicTiming timing, SourceRoutes routes, LongSupplier clock) {
        super(port);
        if (port.fastSendCapacity() < STAMP || port.maxSendLength() < STAMP) {
            throw new IllegalArgumentException(port + " has no room for the model's stamp");
        }
        this.timing = timing;
        this.routes = routes;
        this.clock = clock;
        this.rank = port.rank();
        this.scratch = new byte[port.size()][];
    }

    /** {@code port} with the costs of {@code timing} on a torus of its ranks, in real time. */
    public static ModelledHostPort of(HostPort port, NicTiming timing) {
        return new ModelledHostPort(port, timing, SourceRoutes.torusFor(port.size()), System::nanoTime);
    }

    public NicTiming timing() {
        return timing;
    }

    public SourceRoutes routes() {
        return routes;
    }

    @Override
    public int fastSendCapacity() {
        return port.fastSendCapacity() - STAMP;
    }

    @Override
    public int maxSendLength() {
        return port.maxSendLength() - STAMP;
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return deposit(true, target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return deposit(false, target, header0, header1, srcBase, srcOffset, length);
    }

    private boolean deposit(boolean fast, int target, long header0, long header1, Object srcBase, long srcOffset,
                            int length) {
        int hops = routes.hops(rank, target);
        long now = clock.getAsLong();
        // to itself a message crosses no NIC: due at once, behind nothing
        long start = hops == 0 ? now : Math.max(now, nicFree.get());
        long arrival = start + (long) timing.latency(length, hops);
        byte[] buffer = scratchFor(target, length);
        Memory.putLong(buffer, Memory.BYTE_ARRAY_BASE, STAMP_TAG | (arrival & CLOCK_BITS));
        Memory.copy(srcBase, srcOffset, buffer, Memory.BYTE_ARRAY_BASE + STAMP, length);
        boolean sent = fast
            ? port.fastSend(target, header0, header1, buffer, Memory.BYTE_ARRAY_BASE, length + STAMP)
            : port.send(target, header0, header1, buffer, Memory.BYTE_ARRAY_BASE, length + STAMP);
        if (sent && hops > 0) {
            nicFree.accumulateAndGet(start + (long) timing.occupancy(length, hops), Math::max);
            spinUntil(now + (long) timing.hostInject(length, hops));
        }
        return sent;
    }

    private byte[] scratchFor(int target, int length) {
        byte[] b = scratch[target];
        if (b == null || b.length < length + STAMP) {
            b = new byte[Math.max(length + STAMP, Math.min(4096, port.maxSendLength()))];
            scratch[target] = b;
        }
        return b;
    }

    /**
     * Holds the calling thread until {@code deadline}. No pause instruction between looks: reading
     * the clock takes long enough, and a pause (up to ~40 ns) would be added to every wait.
     */
    private void spinUntil(long deadline) {
        while (clock.getAsLong() < deadline) {
            // the clock's own cost paces the loop
        }
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        spinUntil(clock.getAsLong() + (long) timing.latency(NOTIFICATION_BYTES, routes.hops(rank, target)));
        return port.notify(target, type, arg0, arg1, arg2);
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        Holding h = holding;
        h.handler = handler;
        return port.poll(h, limit);
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        long now = clock.getAsLong();
        return charged(now, timing.get(length, routes.hops(rank, target)),
            port.get(target, windowId, capability, offset, dstBase, dstOffset, length, token));
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        long now = clock.getAsLong();
        return charged(now, timing.put(length, routes.hops(rank, target)),
            port.put(target, windowId, capability, offset, srcBase, srcOffset, length, token));
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        long now = clock.getAsLong();
        return charged(now, timing.atomic(routes.hops(rank, target)),
            port.fetchAndAdd(target, windowId, capability, offset, delta, token));
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        long now = clock.getAsLong();
        return charged(now, timing.atomic(routes.hops(rank, target)),
            port.compareAndSwap(target, windowId, capability, offset, expected, value, token));
    }

    /**
     * Holds the issuer until the operation's round trip, counted from {@code now}, has passed;
     * one that was not issued ({@code BUSY}: poll, then issue again) costs nothing.
     */
    private int charged(long now, double nanos, int status) {
        if (status != org.atollmpi.nic.NicStatus.BUSY) {
            spinUntil(now + (long) nanos);
        }
        return status;
    }

    /** On the modelled network only a rank itself is reached without the NIC. */
    @Override
    public boolean sharesMemoryWith(int other) {
        return other == rank;
    }

    /** Only this rank's own windows: another's memory is reached through the modelled NIC. */
    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        return target == rank ? port.mapWindow(target, windowId, capability, length) : null;
    }

    @Override
    public String toString() {
        return port + " as " + timing.name() + " on a " + routes;
    }

    /** Nanoseconds from now until {@code due} (56 bits of the clock), negative once it has passed. */
    private long ahead(long due) {
        return ((due - (clock.getAsLong() & CLOCK_BITS)) << 8) >> 8;
    }

    /** Hands each message on once its stamp has come, without the stamp. */
    private final class Holding implements ArrivalHandler {
        ArrivalHandler handler;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            if (length < STAMP) {
                handler.onBoardFault(source, "a message of " + length + " bytes has no room for the NIC model's stamp");
                return;
            }
            long stamp = Memory.getLong(base, offset);
            if ((stamp & ~CLOCK_BITS) != STAMP_TAG) {
                handler.onBoardFault(source, "a message without the NIC model's stamp (every rank must run with the"
                    + " same --nic-model, " + timing.name() + " here)");
                return;
            }
            long due = stamp & CLOCK_BITS;
            if (ahead(due) < MAX_AHEAD_NANOS) {
                while (ahead(due) > 0) {
                    // the clock's own cost paces the loop (see spinUntil)
                }
            }
            handler.onMessage(source, header0, header1, base, offset + STAMP, length - STAMP);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            handler.onNotification(source, type, arg0, arg1, arg2);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            handler.onCompletion(token, status, value);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            handler.onBoardFault(peer, field);
        }
    }
}

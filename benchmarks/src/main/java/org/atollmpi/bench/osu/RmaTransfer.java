package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;
import java.util.Set;

import mpi.Comm;

/**
 * The put and get benchmarks: {@code messages} operations of {@code MPI.BYTE} an iteration (one
 * for latency, {@code -W} for bandwidth), each from its own part of the origin memory to its own
 * slot of the peer's window, as OSU's ({@code rbuf + j * size} at displacement {@code j * size}).
 * OSU's window holds {@code -W} messages of the largest size (256 MiB at 4 MiB); this one holds
 * at most {@value #WINDOW_BYTES} bytes, as many slots as fit, and larger windows of messages go
 * round the slots.
 *
 * <p>Validation: a put writes a pattern of the origin's into each slot of the target's window;
 * a get reads the target's pattern of each slot into the origin's parts.
 */
abstract class RmaTransfer extends RmaBenchmark {
    /** The most window memory a bandwidth benchmark takes (board memory is finite). */
    static final int WINDOW_BYTES = 16 << 20;

    /** Which way the data goes. */
    enum Direction {
        PUT, GET
    }

    private final Direction direction;
    private final int messages;
    private final int slots;
    private final Payload origin;
    private Payload windowMemory;
    /** The origin parts of the current size, one a slot; remade when the size changes. */
    private Payload[] parts;
    private int partsSize = -1;

    RmaTransfer(OsuOptions options, Comm comm, Direction direction, RmaEpochs.Traffic traffic, int messages,
                Set<RmaSync> offered, RmaSync byDefault) {
        super(options, comm, traffic, offered, byDefault);
        this.direction = direction;
        this.messages = messages;
        int largest = Math.max(options.maxSize, 1);
        slots = Math.max(1, Math.min(messages, WINDOW_BYTES / largest));
        origin = Payload.allocate(options.buffers, Math.multiplyExact(slots, largest));
    }

    @Override
    final RmaWindow openWindow() {
        int bytes = origin.capacity;
        Object own = options.window == WindowCreation.ALLOCATE ? null : Payload.allocate(options.buffers, bytes).buffer();
        RmaWindow w = RmaWindow.open(options.window, own, bytes, comm);
        windowMemory = w.memory instanceof ByteBuffer b ? new Payload.Direct(b) : new Payload.Arrays((byte[]) w.memory);
        return w;
    }

    /** The row's figure from the seconds of {@code iterations} timed iterations of {@code size} bytes. */
    abstract double figure(int size, int iterations, double seconds);

    @Override
    final double measure(int size, int iterations, int warmup) {
        partsFor(size);
        return figure(size, iterations, seconds(size, iterations, warmup));
    }

    private void partsFor(int size) {
        if (partsSize != size) {
            parts = origin.split(Math.max(size, 1), slots);
            partsSize = size;
        }
    }

    @Override
    final void operations(int size) {
        final Payload[] p = parts;
        for (int j = 0; j < messages; j++) {
            int slot = j % slots;
            int disp = window.disp(slot * size);
            if (direction == Direction.PUT) {
                p[slot].putTo(window.win, size, peer, disp);
            } else {
                p[slot].getFrom(window.win, size, peer, disp);
            }
        }
    }

    /** The slots an iteration reaches. */
    private int usedSlots() {
        return Math.min(messages, slots);
    }

    @Override
    final void prepare(int size, int round) {
        partsFor(size);
        if (direction == Direction.PUT) {
            for (int k = 0; k < usedSlots(); k++) {
                parts[k].fill(size, seed(size, round, k, rank));
            }
            windowMemory.clear(usedSlots() * size);
        } else {
            for (int k = 0; k < usedSlots(); k++) {
                windowMemory.fill(k * size, size, seed(size, round, k, rank));
                parts[k].clear(size);
            }
        }
    }

    @Override
    final long check(int size, int round) {
        long errors = 0;
        if (direction == Direction.PUT && epochs.isTarget()) {
            for (int k = 0; k < usedSlots(); k++) {
                errors += windowMemory.check(k * size, size, seed(size, round, k, peer));
            }
        } else if (direction == Direction.GET && epochs.originates()) {
            for (int k = 0; k < usedSlots(); k++) {
                errors += parts[k].check(size, seed(size, round, k, peer));
            }
        }
        return errors;
    }

    @Override
    final void spoil(int size) {
        if (direction == Direction.PUT && epochs.isTarget()) {
            windowMemory.spoil(0);
        } else if (direction == Direction.GET && epochs.originates()) {
            parts[0].spoil(0);
        }
    }
}

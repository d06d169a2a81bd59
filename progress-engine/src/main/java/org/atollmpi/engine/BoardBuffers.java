package org.atollmpi.engine;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicInteger;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;

/**
 * Direct buffers over board memory ({@code MPI.newByteBuffer} and the typed forms), given back to
 * the board when the program drops them. A direct buffer over native memory that someone else
 * owns has no cleaner of its own; this registers one on the root buffer, which every slice,
 * duplicate and typed view keeps reachable (they hold it as their attachment), so the region is
 * freed only when no view is left. The program's requests hold the buffers they use, so memory
 * a transfer still reads is never freed under it.
 */
final class BoardBuffers {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "atoll-board-cleaner");
        t.setDaemon(true);
        return t;
    });

    private final AtomicInteger live = new AtomicInteger();

    /** A zeroed buffer of {@code capacity} bytes over {@code region}, or null (region freed) when the board's memory is not native. */
    ByteBuffer wrap(BoardRegion region, int capacity) {
        ByteBuffer root = region.asByteBuffer();
        if (!root.isDirect() || root.capacity() < capacity) {
            region.free();
            return null;
        }
        live.incrementAndGet();
        CLEANER.register(root, new Release(region, live));
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

    /** Holds no reference to the buffer, only to its region, so the buffer can become unreachable. */
    private record Release(BoardRegion region, AtomicInteger live) implements Runnable {
        @Override
        public void run() {
            region.free();
            live.decrementAndGet();
        }
    }
}

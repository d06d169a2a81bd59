package org.atollmpi.nic.tcp;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.atollmpi.nic.KernelRandom;
import org.atollmpi.nic.NicStatus;

/**
 * A port's window descriptor table. The owner registers and deregisters on its own thread; the
 * event-loop threads that play the NIC resolve accesses concurrently, so each entry is an
 * immutable descriptor published through an atomic array: a reader sees a whole descriptor or
 * none. Ids are {@code generation << 16 | index} as on the shm board, so a key kept after its
 * window was deregistered names nothing even when the entry is reused.
 */
final class TcpWindows {
    private static final int INDEX_BITS = 16;
    private static final int INDEX_MASK = (1 << INDEX_BITS) - 1;
    private static final int GENERATION_MASK = 0x7FFF;

    private record Descriptor(int id, long address, long length, int rights, long capability) {
    }

    private final AtomicReferenceArray<Descriptor> table;
    private final int[] generations;
    private final int[] free;
    private int freeCount;
    private final SplittableRandom capabilities = new SplittableRandom(KernelRandom.nextLong());

    TcpWindows(int entries) {
        if (entries < 1 || entries > INDEX_MASK + 1) {
            throw new IllegalArgumentException("window entries must be 1.." + (INDEX_MASK + 1) + ": " + entries);
        }
        table = new AtomicReferenceArray<>(entries);
        generations = new int[entries];
        free = new int[entries];
        for (int index = entries - 1; index >= 0; index--) {
            free[freeCount++] = index;
        }
    }

    int capacity() {
        return free.length;
    }

    /** Owner only. @return the window id, or -1 when every entry is in use; {@code capabilityOut[0]} gets the capability */
    int register(long address, long length, int rights, long[] capabilityOut) {
        if (freeCount == 0) {
            return -1;
        }
        int index = free[--freeCount];
        int generation = (generations[index] + 1) & GENERATION_MASK;
        generations[index] = generation == 0 ? 1 : generation; // generation 0 never names a window
        int id = generations[index] << INDEX_BITS | index;
        long capability = capabilities.nextLong();
        table.set(index, new Descriptor(id, address, length, rights, capability));
        capabilityOut[0] = capability;
        return id;
    }

    /** Owner only. @return {@code false} if {@code id} names no window registered now */
    boolean deregister(int id) {
        int index = id & INDEX_MASK;
        if (id <= 0 || index >= free.length) {
            return false;
        }
        Descriptor d = table.get(index);
        if (d == null || d.id() != id) {
            return false;
        }
        table.set(index, null);
        free[freeCount++] = index;
        return true;
    }

    /**
     * Checks an access the way the NIC's responder does, in the order of the NACK codes (as the
     * shm board's window table): id, capability, rights, offset, length, alignment. Touches no
     * memory.
     *
     * @return the native address of the first byte, or {@code -status}
     */
    long resolve(int id, long capability, long offset, long length, int right, boolean atomic) {
        int index = id & INDEX_MASK;
        Descriptor d = id < 0 || index >= free.length ? null : table.get(index);
        if (d == null || d.id() != id) {
            return -NicStatus.TWID;
        }
        if (d.capability() != capability) {
            return -NicStatus.TWID_CAPA;
        }
        if ((d.rights() & right) != right) {
            return -NicStatus.TRIGHTS;
        }
        if (offset < 0 || offset > d.length()) {
            return -NicStatus.TOFFSET;
        }
        if (length < 0 || length > d.length() - offset) {
            return -NicStatus.TLENGTH;
        }
        long address = d.address() + offset;
        if (atomic && (address & (Long.BYTES - 1)) != 0) {
            return -NicStatus.TALIGN;
        }
        return address;
    }
}

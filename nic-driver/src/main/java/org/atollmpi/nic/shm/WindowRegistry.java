package org.atollmpi.nic.shm;

import java.util.SplittableRandom;

import org.atollmpi.nic.KernelRandom;
import org.atollmpi.nic.WindowRights;

/**
 * The owner's side of its window descriptor table: which entries are free and the next
 * generation of each, on the owner's heap. Only the owning rank registers and deregisters, so
 * nothing here is shared; other ranks only read the table through {@link WindowTable}.
 */
final class WindowRegistry {
    private final WindowTable table;
    private final int[] freeIndexes;
    private int freeCount;
    private final SplittableRandom capabilities = new SplittableRandom(KernelRandom.nextLong());

    /** Rebuilds the free list from the table, so a port reopened on a used board keeps its windows. */
    WindowRegistry(WindowTable table) {
        this.table = table;
        this.freeIndexes = new int[table.entries()];
        // Highest index first, so registration hands out index 0 first.
        for (int index = table.entries() - 1; index >= 0; index--) {
            if (!table.isValid(index)) {
                freeIndexes[freeCount++] = index;
            }
        }
    }

    int capacity() {
        return freeIndexes.length;
    }

    /** @return the new window's id, or -1 if every entry is in use */
    int register(long boardOffset, long length, int rights, long[] capabilityOut) {
        return register(WindowDescriptor.KIND_BOARD, boardOffset, length, rights, capabilityOut);
    }

    /** A read-only window over {@code length} bytes at {@code address} of this process: see {@link ProcessMemory}. */
    int registerProcessMemory(long address, long length, long[] capabilityOut) {
        return register(WindowDescriptor.KIND_PROCESS, address, length, WindowRights.READ, capabilityOut);
    }

    private int register(int kind, long base, long length, int rights, long[] capabilityOut) {
        if (freeCount == 0) {
            return -1;
        }
        int index = freeIndexes[--freeCount];
        int generation = (WindowDescriptor.generation(table.storedId(index)) + 1) & WindowDescriptor.GENERATION_MASK;
        // Generation 0 never names a valid window, so id 0 and zeroed keys are always rejected.
        int windowId = WindowDescriptor.windowId(generation == 0 ? 1 : generation, index);
        long capability = capabilities.nextLong();
        table.publish(index, windowId, kind, base, length, rights, capability);
        capabilityOut[0] = capability;
        return windowId;
    }

    /** @return {@code false} if {@code windowId} names no window registered now */
    boolean deregister(int windowId) {
        int index = WindowDescriptor.index(windowId);
        if (windowId <= 0 || index >= table.entries() || !table.isValid(index) || table.storedId(index) != windowId) {
            return false;
        }
        table.revoke(index, windowId);
        freeIndexes[freeCount++] = index;
        return true;
    }
}

package org.atollmpi.nic.shm;

import static org.atollmpi.nic.shm.WindowDescriptor.BASE_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.CAPABILITY_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.CONTROL_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.ENTRY_LENGTH;
import static org.atollmpi.nic.shm.WindowDescriptor.KIND_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.LENGTH_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.LOCK_OFFSET;
import static org.atollmpi.nic.shm.WindowDescriptor.RIGHTS_OFFSET;

import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowRights;

/**
 * A view of one port's window descriptor table (layout in {@link WindowDescriptor}): what a
 * rank uses to check an access to the owner's windows, and what the owner uses to write them.
 */
final class WindowTable {
    /**
     * Marks what {@link #resolve} returns for a window of the owner's process memory: user-space
     * addresses stay below 2^57, so the bit never belongs to one.
     */
    static final long IN_OWNER_PROCESS = 1L << 62;

    private final long boardAddress;
    private final long table;
    private final int entries;

    /** Board offsets of the owner's heap partition: every window the owner registers lies inside. */
    private final long heapStart;
    private final long heapEnd;

    /**
     * @param heapStart the board offset of the table owner's heap partition
     * @param heapBytes its size
     */
    WindowTable(long boardAddress, long tableAddress, int entries, long heapStart, long heapBytes) {
        WindowDescriptor.checkEntries(entries);
        this.heapStart = heapStart;
        this.heapEnd = heapStart + heapBytes;
        this.boardAddress = boardAddress;
        this.table = tableAddress;
        this.entries = entries;
    }

    int entries() {
        return entries;
    }

    /**
     * Checks an access the way the NIC's responder does, in the order of the NACK codes: window
     * id, capability, rights, offset, length, alignment; a descriptor whose base or length lies
     * outside the owner's heap partition answers {@link NicStatus#TDESC} after the id check.
     *
     * @param right   the {@link org.atollmpi.nic.WindowRights} the access needs
     * @param atomic  whether the access is an atomic, which must be 8-byte aligned
     * @param process whether the access may reach a window of the owner's process memory (a
     *                Get through {@link ProcessMemory}); others answer {@link NicStatus#TRIGHTS}
     * @return the address of the first byte to access in this process, or, for a window of the
     *         owner's process memory, {@link #IN_OWNER_PROCESS} and the address there; or {@code -status}
     */
    long resolve(int windowId, long capability, long offset, long length, int right, boolean atomic,
                 boolean process) {
        int index = WindowDescriptor.index(windowId);
        if (windowId < 0 || index >= entries) {
            return -NicStatus.TWID;
        }
        long entry = table + (long) index * ENTRY_LENGTH;
        long lock = Memory.getLongAcquire(entry + LOCK_OFFSET);
        if ((lock & 1) != 0) {
            return -NicStatus.TWID;
        }
        long control = Memory.getLong(entry + CONTROL_OFFSET);
        long base = Memory.getLong(entry + BASE_OFFSET);
        long windowLength = Memory.getLong(entry + LENGTH_OFFSET);
        int rights = Memory.getInt(entry + RIGHTS_OFFSET);
        int kind = Memory.getInt(entry + KIND_OFFSET);
        long windowCapability = Memory.getLong(entry + CAPABILITY_OFFSET);
        Memory.loadFence();
        if (Memory.getLong(entry + LOCK_OFFSET) != lock || control != WindowDescriptor.control(windowId)) {
            return -NicStatus.TWID;
        }
        // The owner wrote the entry whole (the lock word held): a base or length outside its heap
        // partition was not written by this code, and following it would touch anything mapped.
        // Memory of the owner's process is only ever read through the kernel, which checks it.
        boolean inOwner = kind == WindowDescriptor.KIND_PROCESS;
        if (inOwner ? base <= 0 || windowLength < 0 || windowLength > Long.MAX_VALUE - base
            || (rights & ~WindowRights.READ) != 0
            : kind != WindowDescriptor.KIND_BOARD || base < heapStart || base > heapEnd || windowLength < 0
            || windowLength > heapEnd - base) {
            return -NicStatus.TDESC;
        }
        if (windowCapability != capability) {
            return -NicStatus.TWID_CAPA;
        }
        if ((rights & right) != right || inOwner && !process) {
            return -NicStatus.TRIGHTS;
        }
        if (offset < 0 || offset > windowLength) {
            return -NicStatus.TOFFSET;
        }
        if (length < 0 || length > windowLength - offset) {
            return -NicStatus.TLENGTH;
        }
        if (inOwner) {
            return IN_OWNER_PROCESS | (base + offset);
        }
        long address = boardAddress + base + offset;
        if (atomic && (address & (Long.BYTES - 1)) != 0) {
            return -NicStatus.TALIGN;
        }
        return address;
    }

    /**
     * Owner only: fills entry {@code index} and makes it valid under {@code windowId}: a window of
     * {@code kind} {@link WindowDescriptor#KIND_BOARD} at a board offset, or of
     * {@link WindowDescriptor#KIND_PROCESS} at an address of the owner's process.
     */
    void publish(int index, int windowId, int kind, long base, long length, int rights, long capability) {
        long entry = lock(index);
        Memory.putLong(entry + BASE_OFFSET, base);
        Memory.putLong(entry + LENGTH_OFFSET, length);
        Memory.putInt(entry + RIGHTS_OFFSET, rights);
        Memory.putInt(entry + KIND_OFFSET, kind);
        Memory.putLong(entry + CAPABILITY_OFFSET, capability);
        Memory.putLong(entry + CONTROL_OFFSET, WindowDescriptor.control(windowId));
        unlock(entry);
    }

    /** Owner only: invalidates entry {@code index}, keeping its id so the generation survives. */
    void revoke(int index, int windowId) {
        long entry = lock(index);
        Memory.putLong(entry + CONTROL_OFFSET, windowId & 0xFFFF_FFFFL);
        Memory.putLong(entry + CAPABILITY_OFFSET, 0);
        unlock(entry);
    }

    /** The id entry {@code index} holds (valid or not), 0 for an entry never used. */
    int storedId(int index) {
        return (int) Memory.getLongVolatile(table + (long) index * ENTRY_LENGTH + CONTROL_OFFSET);
    }

    boolean isValid(int index) {
        return (Memory.getLongVolatile(table + (long) index * ENTRY_LENGTH + CONTROL_OFFSET) & WindowDescriptor.VALID) != 0;
    }

    private long lock(int index) {
        long entry = table + (long) index * ENTRY_LENGTH;
        long lock = Memory.getLong(entry + LOCK_OFFSET);
        Memory.putLong(entry + LOCK_OFFSET, lock + 1);
        Memory.storeFence();
        return entry;
    }

    private static void unlock(long entry) {
        Memory.putLongRelease(entry + LOCK_OFFSET, Memory.getLong(entry + LOCK_OFFSET) + 1);
    }
}

package org.atollmpi.nic.shm;

/**
 * Layout of one window descriptor: one cache line, as ULTRA keeps every descriptor (seed 000,
 * 4.1.6). A port's window descriptor table is an array of them, indexed by the low bits of the
 * window id.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |0| Generation (15 bits)        |   Table index (16 bits)       |   0  window id
 *  +---------------------------------------------------------------+
 *  |                         (reserved)                          |V|   4  valid bit
 *  +---------------------------------------------------------------+
 *  |          Base: board offset of the window's first byte        |   8
 *  +---------------------------------------------------------------+
 *  |                       Length (64 bits)                        |  16
 *  +---------------------------------------------------------------+
 *  |                  Rights (READ | WRITE | ATOMIC)                |  24
 *  +---------------------------------------------------------------+
 *  |      Kind: 0 board memory, 1 memory of the owner's process      |  28
 *  +---------------------------------------------------------------+
 *  |                     Capability (64 bits)                      |  32
 *  +---------------------------------------------------------------+
 *  |       Lock word (64 bits): odd while the owner rewrites       |  40
 *  +---------------------------------------------------------------+
 *  |                     (padding to 64 bytes)                     |  48
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The first eight bytes are read as one control word: {@code VALID | id}. The base is a board
 * offset, not an address, because every process maps the board at its own address. A window of
 * kind 1 lies outside the board, in memory of the owner's process (a direct buffer's): its base
 * is the address there, read-only, and a rank reaches it through the kernel, by cross-memory
 * attach, with the owner's process id from its port state ({@link ProcessMemory}); this is how a
 * large message from memory the board does not own crosses with one copy, as ATOLL's and
 * ULTRA's DMA engines read user memory directly.
 *
 * <p>The lock word is ATOLL's "locked" field used as a sequence lock: the owner makes it odd
 * before it rewrites an entry and even again (with release) after, so a rank that read the entry
 * while it was locked or changing sees a different lock word afterwards and answers TWID
 * instead of acting on a half-written descriptor. The generation in the id changes on every
 * deregistration, so a stale key names an id the entry no longer holds.
 */
final class WindowDescriptor {
    static final int CONTROL_OFFSET = 0;
    static final int BASE_OFFSET = 8;
    static final int LENGTH_OFFSET = 16;
    static final int RIGHTS_OFFSET = 24;
    static final int KIND_OFFSET = 28;
    static final int CAPABILITY_OFFSET = 32;
    static final int LOCK_OFFSET = 40;
    static final int ENTRY_LENGTH = 64;

    static final int KIND_BOARD = 0;
    static final int KIND_PROCESS = 1;

    static final long VALID = 1L << 32;
    static final int INDEX_BITS = 16;
    static final int INDEX_MASK = (1 << INDEX_BITS) - 1;
    static final int MAX_ENTRIES = 1 << INDEX_BITS;
    static final int GENERATION_MASK = 0x7FFF;

    private WindowDescriptor() {
    }

    static void checkEntries(int entries) {
        if (entries < 1 || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                "window descriptor entries must be between 1 and " + MAX_ENTRIES + ": " + entries);
        }
    }

    static int windowId(int generation, int index) {
        return (generation << INDEX_BITS) | index;
    }

    static int generation(int windowId) {
        return (windowId >>> INDEX_BITS) & GENERATION_MASK;
    }

    static int index(int windowId) {
        return windowId & INDEX_MASK;
    }

    static long control(int windowId) {
        return VALID | (windowId & 0xFFFF_FFFFL);
    }
}

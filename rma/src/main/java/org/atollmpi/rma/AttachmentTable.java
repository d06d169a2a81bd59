package org.atollmpi.rma;

import java.lang.invoke.VarHandle;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.RemoteKey;

/**
 * The layout of a dynamic window's attachment table: what one member has attached, in board
 * memory of its own, which the owner rewrites on every attach and detach and the origins read
 * with a get ({@link RegionCache}), so that a put or a get to attached board memory stays one
 * copy by the origin and the owner never has to call MPI.
 *
 * <pre>
 *  0          sequence   even when the table is stable, odd while the owner rewrites it
 *  8          count      entries in use
 *  16 + 40 i  entry i:   [ displacement | length | key id | key capability | served ]
 * </pre>
 *
 * The sequence makes a reader's copy consistent without a lock: the owner makes it odd, rewrites
 * the entries and makes it even again, with store fences between; a reader gets the sequence, the
 * table and the sequence again and keeps the copy only when both are the same even number.
 */
final class AttachmentTable {
    static final int HEADER = 16;
    static final int ENTRY = 40;
    static final int FIELDS = ENTRY / 8;

    private AttachmentTable() {
    }

    /** Bytes of a table of {@code maxRegions} entries. */
    static long bytes(int maxRegions) {
        return HEADER + (long) ENTRY * maxRegions;
    }

    /** Entries the table of {@code bytes} bytes has room for. */
    static int capacity(long bytes) {
        return (int) ((bytes - HEADER) / ENTRY);
    }

    /** One entry, as the owner writes it. */
    record Entry(long displacement, long length, RemoteKey key, boolean served) {
    }

    /** Rewrites the table at {@code (base, address)} under the sequence (the owner only). */
    static void write(Object base, long address, Entry[] entries, int count) {
        long sequence = Addresses.getLong(base, address);
        Addresses.putLong(base, address, sequence + 1);
        VarHandle.fullFence();
        Addresses.putLong(base, address + 8, count);
        for (int i = 0; i < count; i++) {
            Entry e = entries[i];
            long at = address + HEADER + (long) ENTRY * i;
            Addresses.putLong(base, at, e.displacement());
            Addresses.putLong(base, at + 8, e.length());
            Addresses.putLong(base, at + 16, e.key() == null ? 0 : e.key().id());
            Addresses.putLong(base, at + 24, e.key() == null ? 0 : e.key().capability());
            Addresses.putLong(base, at + 32, e.served() ? 1 : 0);
        }
        VarHandle.fullFence();
        Addresses.putLong(base, address, sequence + 2);
    }
}

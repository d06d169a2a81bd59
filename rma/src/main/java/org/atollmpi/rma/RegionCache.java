package org.atollmpi.rma;

import org.atollmpi.engine.RemoteKey;

/**
 * An origin's copy of one member's {@link AttachmentTable}: where that member's attached regions
 * are, read with a get when an access names a displacement the copy does not cover (the member
 * attached since), never on a hit. A hit on a region the member has detached since (which MPI
 * calls erroneous: the program accessed memory it had not synchronised on) is refused by the
 * NIC's descriptor check, or by the member's server, and raised by the next completing call.
 */
final class RegionCache {
    private final int owner;
    private long[] entries = new long[0];
    private int count;

    RegionCache(int ownerWorldRank) {
        this.owner = ownerWorldRank;
    }

    /** Takes a consistent copy of the table (the longs from offset 0, header included). */
    void load(long[] table) {
        count = (int) table[1];
        entries = table;
    }

    /** The entry whose region holds all of {@code [at, at + length)}, or -1. */
    int find(long at, long length) {
        for (int i = 0; i < count; i++) {
            long disp = field(i, 0);
            long size = field(i, 1);
            if (at >= disp && length <= size && at - disp <= size - length) {
                return i;
            }
        }
        return -1;
    }

    long displacement(int entry) {
        return field(entry, 0);
    }

    RemoteKey key(int entry) {
        return new RemoteKey(owner, (int) field(entry, 2), field(entry, 3));
    }

    boolean served(int entry) {
        return field(entry, 4) != 0;
    }

    private long field(int entry, int f) {
        return entries[AttachmentTable.HEADER / 8 + entry * AttachmentTable.FIELDS + f];
    }
}

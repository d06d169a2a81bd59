package org.atollmpi.rma;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.RemoteKey;

/**
 * What every member of a window exposed, indexed by rank in the window's group: its world rank,
 * the key and size of its window memory, its displacement unit, and the key of its control words
 * (the passive-target lock word and the accumulate lock word, {@link LockWord}). Built once at
 * creation from what each member contributed ({@link #describe}) through an allgather of
 * {@link #FIELDS} longs per member that the {@code mpi} layer runs; immutable.
 *
 * <pre>
 *  per member: [ memory id | memory capability | size | disp unit | control id | control capability | served ]
 *
 * A member whose window memory is not board memory is <em>served</em>: its engine answers the
 * others' puts and gets ({@link WindowServer}), its memory key names no descriptor.
 * </pre>
 */
public final class WindowMembers {
    /** Longs per member in the creation exchange. */
    public static final int FIELDS = 7;

    private final int[] worldRanks;
    private final RemoteKey[] memory;
    private final long[] sizes;
    private final int[] dispUnits;
    private final RemoteKey[] control;
    private final boolean[] served;

    private WindowMembers(int[] worldRanks, RemoteKey[] memory, long[] sizes, int[] dispUnits, RemoteKey[] control,
                          boolean[] served) {
        this.worldRanks = worldRanks;
        this.memory = memory;
        this.sizes = sizes;
        this.dispUnits = dispUnits;
        this.control = control;
        this.served = served;
    }

    /** This member's contribution to the creation exchange. */
    public static long[] describe(RemoteKey memory, long size, int dispUnit, RemoteKey control, boolean served) {
        return new long[] {memory.id(), memory.capability(), size, dispUnit, control.id(), control.capability(),
            served ? 1 : 0};
    }

    /** The table from the exchange: {@code all} holds every member's {@link #describe} in rank order. */
    public static WindowMembers fromExchange(int[] worldRanks, long[] all) {
        int n = worldRanks.length;
        if (all.length != n * FIELDS) {
            throw new EngineException(ErrorClass.INTERN, "window exchange of " + all.length + " longs for "
                + n + " members");
        }
        RemoteKey[] memory = new RemoteKey[n];
        RemoteKey[] control = new RemoteKey[n];
        long[] sizes = new long[n];
        boolean[] served = new boolean[n];
        int[] units = new int[n];
        for (int m = 0; m < n; m++) {
            int at = m * FIELDS;
            memory[m] = new RemoteKey(worldRanks[m], (int) all[at], all[at + 1]);
            sizes[m] = all[at + 2];
            units[m] = (int) all[at + 3];
            control[m] = new RemoteKey(worldRanks[m], (int) all[at + 4], all[at + 5]);
            served[m] = all[at + 6] != 0;
        }
        return new WindowMembers(worldRanks.clone(), memory, sizes, units, control, served);
    }

    public int size() {
        return worldRanks.length;
    }

    public int worldRank(int member) {
        return worldRanks[member];
    }

    public RemoteKey memory(int member) {
        return memory[member];
    }

    /** Bytes of window memory the member exposed. */
    public long windowBytes(int member) {
        return sizes[member];
    }

    public int dispUnit(int member) {
        return dispUnits[member];
    }

    public RemoteKey control(int member) {
        return control[member];
    }

    /** Whether the member's engine serves accesses to its memory (not board memory). */
    public boolean served(int member) {
        return served[member];
    }
}

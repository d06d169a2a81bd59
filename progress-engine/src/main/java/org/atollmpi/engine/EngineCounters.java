package org.atollmpi.engine;

/**
 * How this rank's messages mapped onto the NIC: which rung of the protocol ladder each send took,
 * and how often the never-stall rules stepped in. Counted under the engine's lock, except the
 * fast and eager sends: those are counted per target under that target's deposit guard (a
 * thread-safe engine deposits them without the lock, see {@link TargetGuards}). Reading from
 * another thread gives a recent, not an exact, picture. {@code ATOLL_STATS=1} prints them at
 * {@code MPI.Finalize}.
 */
public final class EngineCounters {
    /** Longs per target: a cache line, so threads sending to different targets write different lines. */
    private static final int STRIDE = 8;

    /** Per target, at {@code (target + 1) * STRIDE}: fast sends, then eager records. */
    private final long[] depositsTo;
    long rendezvousSends;
    long rtsWindows;
    long crossMemorySends;
    long crossMemoryRefused;
    long inPlaceSends;
    long stagedSends;
    long ringSends;
    long cancelledSends;

    EngineCounters(int ranks) {
        this.depositsTo = new long[(ranks + 2) * STRIDE];
    }

    /** One more fast send ({@code fast}) or eager record to {@code target}; its deposit guard is held. */
    void deposited(int target, boolean fast) {
        depositsTo[(target + 1) * STRIDE + (fast ? 0 : 1)]++;
    }

    /** Messages of at most one slot, as one fast send. */
    public long fastSends() {
        return sum(0);
    }

    /** Messages as one record in the receiver's ring. */
    public long eagerSends() {
        return sum(1);
    }

    private long sum(int which) {
        long n = 0;
        for (int i = STRIDE + which; i < depositsTo.length - STRIDE; i += STRIDE) {
            n += depositsTo[i];
        }
        return n;
    }

    /** Messages announced by an RTS. */
    public long rendezvousSends() {
        return rendezvousSends;
    }

    /** RTSs that named a window over the message itself (no CTS round trip). */
    public long rtsWindows() {
        return rtsWindows;
    }

    /** RTSs that named a private direct buffer, which the receiver read by cross-memory attach. */
    public long crossMemorySends() {
        return crossMemorySends;
    }

    /** Of those, the ones whose read the kernel refused (they went through the board after all). */
    public long crossMemoryRefused() {
        return crossMemoryRefused;
    }

    /** Matched rendezvous whose data the receiver read in place (board memory), after a CTS. */
    public long inPlaceSends() {
        return inPlaceSends;
    }

    /** Matched rendezvous copied through staging memory. */
    public long stagedSends() {
        return stagedSends;
    }

    /**
     * Matched rendezvous sent as FRAG records through the receiver's ring: data outside board
     * memory (the default way), or any data when no window descriptor or board memory could be had.
     */
    public long ringSends() {
        return ringSends;
    }

    /** Sends that completed cancelled. */
    public long cancelledSends() {
        return cancelledSends;
    }

    /**
     * Starts every count again from zero: after MPI_Init's training pass, whose messages are the
     * library's, not the program's. Called with no traffic in flight from other threads.
     */
    public void clear() {
        java.util.Arrays.fill(depositsTo, 0);
        rendezvousSends = 0;
        rtsWindows = 0;
        crossMemorySends = 0;
        crossMemoryRefused = 0;
        inPlaceSends = 0;
        stagedSends = 0;
        ringSends = 0;
        cancelledSends = 0;
    }

    @Override
    public String toString() {
        return "fast " + fastSends() + ", eager " + eagerSends() + ", rendezvous " + rendezvousSends + " (RTS windows "
            + rtsWindows + ", of them cross-memory " + crossMemorySends
            + (crossMemoryRefused > 0 ? " (" + crossMemoryRefused + " refused)" : "") + ", in place " + inPlaceSends + ", staged " + stagedSends + ", through the ring "
            + ringSends + "), cancelled " + cancelledSends;
    }
}

package org.atollmpi.nic.stat;

import static org.atollmpi.nic.stat.NicCountersDescriptor.*;

import java.nio.charset.StandardCharsets;

import org.atollmpi.nic.Memory;

/**
 * A host port's counter page ({@link NicCountersDescriptor}) as calls: the writer's increments,
 * which the port and the engine make on their hot paths (a load and a store each, no atomic,
 * nothing allocated), and the reader's snapshot. The page is addressed the {@link Memory} way: a
 * {@code long[]} when no one outside this process is to read it (a singleton world, tests), or
 * native memory mapped from a file ({@link CounterPage}) that {@code bin/atoll-stat} maps too.
 */
public final class NicCounters {
    private final Object base;
    private final long address;
    private final int ranks;
    private final long peers;

    private NicCounters(Object base, long address, int ranks) {
        this.base = base;
        this.address = address;
        this.ranks = ranks;
        this.peers = address + PEERS_OFFSET;
    }

    /** A fresh page of this process's heap, for a port of {@code ranks} targets on {@code board}. */
    public static NicCounters inHeap(int rank, int ranks, String board) {
        long[] words = new long[(int) ((pageLength(ranks) + 7) / 8)];
        NicCounters c = new NicCounters(words, Memory.LONG_ARRAY_BASE, ranks);
        c.format(rank, ranks, board);
        return c;
    }

    /** Formats {@code length} bytes of zeroed native memory at {@code address} as a fresh page. */
    static NicCounters format(long address, long length, int rank, int ranks, String board) {
        if (length < pageLength(ranks)) {
            throw new IllegalArgumentException("a counter page of " + ranks + " ranks takes " + pageLength(ranks)
                + " bytes, not " + length);
        }
        NicCounters c = new NicCounters(null, address, ranks);
        c.format(rank, ranks, board);
        return c;
    }

    private void format(int rank, int ranks, String board) {
        Memory.putInt(base, address + VERSION_OFFSET, VERSION);
        Memory.putInt(base, address + RANK_OFFSET, rank);
        Memory.putInt(base, address + RANKS_OFFSET, ranks);
        Memory.putLong(base, address + PID_OFFSET, ProcessHandle.current().pid());
        Memory.putLong(base, address + STARTED_OFFSET, System.currentTimeMillis());
        Memory.putInt(base, address + WORD_COUNT_OFFSET, NicCounter.values().length);
        Memory.putInt(base, address + PEER_COUNT_OFFSET, PeerCounter.values().length);
        byte[] name = boardBytes(board);
        for (int i = 0; i < name.length; i++) {
            Memory.putByte(base, address + BOARD_OFFSET + i, name[i]);
        }
        state(STATE_RUNNING);
        Memory.storeFence();
        // the magic last: a reader that sees it sees a formatted header
        Memory.putInt(base, address + MAGIC_OFFSET, MAGIC);
    }

    // ---------------------------------------------------------------------------- the writer

    /** {@code n} more of {@code c}; the calling thread is the one that writes {@code c}'s group. */
    public void add(NicCounter c, long n) {
        long at = address + offset(c);
        Memory.putLong(base, at, Memory.getLong(base, at) + n);
    }

    /** One more of {@code c}. */
    public void increment(NicCounter c) {
        add(c, 1);
    }

    /** Raises {@code c} to {@code value} if that is more (a high-water mark). */
    public void max(NicCounter c, long value) {
        long at = address + offset(c);
        if (value > Memory.getLong(base, at)) {
            Memory.putLong(base, at, value);
        }
    }

    /** One more deposit of {@code bytes} to {@code target}: {@code count} and then {@code count}'s bytes. */
    public void deposited(int target, PeerCounter count, int bytes) {
        long at = peers + (long) target * PEER_STRIDE + (long) count.ordinal() * Long.BYTES;
        Memory.putLong(base, at, Memory.getLong(base, at) + 1);
        Memory.putLong(base, at + Long.BYTES, Memory.getLong(base, at + Long.BYTES) + bytes);
    }

    /** One more of {@code c} for {@code target}. */
    public void increment(int target, PeerCounter c) {
        long at = peers + (long) target * PEER_STRIDE + (long) c.ordinal() * Long.BYTES;
        Memory.putLong(base, at, Memory.getLong(base, at) + 1);
    }

    /** Says where the rank is (starting, running, finalized), for a reader outside the job. */
    public void state(int state) {
        Memory.putIntRelease(base, address + STATE_OFFSET, state);
    }

    /**
     * Starts every count from zero: after MPI_Init's training pass, whose traffic is the
     * library's, not the program's. The caller has no traffic in flight.
     */
    public void clear() {
        for (NicCounter c : NicCounter.values()) {
            Memory.putLong(base, address + offset(c), 0);
        }
        for (int t = 0; t < ranks; t++) {
            for (PeerCounter c : PeerCounter.values()) {
                Memory.putLong(base, address + peerOffset(t, c), 0);
            }
        }
    }

    // ---------------------------------------------------------------------------- the reader

    /** The number of targets the page has a line for. */
    public int ranks() {
        return ranks;
    }

    public long get(NicCounter c) {
        return Memory.getLongAcquire(base, address + offset(c));
    }

    public long get(int target, PeerCounter c) {
        if (target < 0 || target >= ranks) {
            throw new IndexOutOfBoundsException("target " + target + " of " + ranks);
        }
        return Memory.getLongAcquire(base, address + peerOffset(target, c));
    }

    /** {@code c} over every target. */
    public long total(PeerCounter c) {
        long n = 0;
        for (int t = 0; t < ranks; t++) {
            n += get(t, c);
        }
        return n;
    }

    /** What the page says now, copied out. */
    public NicSnapshot snapshot() {
        long[] words = new long[NicCounter.values().length];
        for (NicCounter c : NicCounter.values()) {
            words[c.ordinal()] = get(c);
        }
        long[] totals = new long[PeerCounter.values().length];
        for (PeerCounter c : PeerCounter.values()) {
            totals[c.ordinal()] = total(c);
        }
        byte[] name = new byte[BOARD_LENGTH];
        int n = 0;
        for (; n < name.length; n++) {
            name[n] = Memory.getByte(base, address + BOARD_OFFSET + n);
            if (name[n] == 0) {
                break;
            }
        }
        return new NicSnapshot(Memory.getInt(base, address + RANK_OFFSET), ranks,
            new String(name, 0, n, StandardCharsets.US_ASCII), Memory.getLong(base, address + PID_OFFSET),
            Memory.getIntAcquire(base, address + STATE_OFFSET), words, totals);
    }
}

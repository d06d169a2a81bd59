package org.atollmpi.nic.stat;

import static org.atollmpi.nic.stat.NicCountersDescriptor.*;

import java.nio.charset.StandardCharsets;

import org.atollmpi.nic.Memory;

/**
 * A host port's counter page ({@link NicCountersDescriptor}) as calls: the writer's increments,
 * which the port and the engine make on their hot paths (a load and a store each, no atomic,
 * nothing allocated), and the reader's snapshot. The page is addressed the {@link Memory} way: a
 * direct buffer of its own when no one outside this process is to read it (a singleton world,
 * tests), or memory mapped from a file ({@link CounterPage}) that {@code bin/atoll-stat} maps
 * too; native memory either way, so every access is an absolute address.
 */
public final class NicCounters {
    private final long address;
    /** Keeps a page of this process's own alive (null for a mapped page, which CounterPage keeps). */
    private final java.nio.ByteBuffer owned;
    private final int ranks;
    private final long peers;

    private static final int PEER_SHIFT = 6; // PEER_STRIDE = 64
    private static final long FAST_SENDS_AT = (long) PeerCounter.FAST_SENDS.ordinal() * Long.BYTES;
    private static final long FAST_BYTES_AT = (long) PeerCounter.FAST_BYTES.ordinal() * Long.BYTES;
    private static final long EAGER_RECORDS_AT = (long) PeerCounter.EAGER_RECORDS.ordinal() * Long.BYTES;
    private static final long EAGER_BYTES_AT = (long) PeerCounter.EAGER_BYTES.ordinal() * Long.BYTES;
    private static final long MESSAGES_IN_AT = offset(NicCounter.MESSAGES_IN);

    static {
        if (1 << PEER_SHIFT != PEER_STRIDE || offset(NicCounter.BYTES_IN) != MESSAGES_IN_AT + Long.BYTES
            || FAST_BYTES_AT != FAST_SENDS_AT + Long.BYTES || EAGER_BYTES_AT != EAGER_RECORDS_AT + Long.BYTES) {
            throw new AssertionError("the counter page's hot words moved");
        }
    }

    private NicCounters(java.nio.ByteBuffer owned, long address, int ranks) {
        this.owned = owned;
        this.address = address;
        this.ranks = ranks;
        this.peers = address + PEERS_OFFSET;
    }

    /**
     * A fresh page in this process's own memory (a direct buffer, freed with the counters), for a
     * port of {@code ranks} targets on {@code board}: no one outside the process reads it.
     */
    public static NicCounters inHeap(int rank, int ranks, String board) {
        java.nio.ByteBuffer page = java.nio.ByteBuffer.allocateDirect((int) pageLength(ranks) + NicCountersDescriptor.LINE);
        long address = (Memory.addressOf(page) + NicCountersDescriptor.LINE - 1) & -NicCountersDescriptor.LINE;
        NicCounters c = new NicCounters(page, address, ranks);
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
        Memory.putInt(null, address + VERSION_OFFSET, VERSION);
        Memory.putInt(null, address + RANK_OFFSET, rank);
        Memory.putInt(null, address + RANKS_OFFSET, ranks);
        Memory.putLong(null, address + PID_OFFSET, ProcessHandle.current().pid());
        Memory.putLong(null, address + STARTED_OFFSET, System.currentTimeMillis());
        Memory.putInt(null, address + WORD_COUNT_OFFSET, NicCounter.values().length);
        Memory.putInt(null, address + PEER_COUNT_OFFSET, PeerCounter.values().length);
        byte[] name = boardBytes(board);
        for (int i = 0; i < name.length; i++) {
            Memory.putByte(null, address + BOARD_OFFSET + i, name[i]);
        }
        state(STATE_RUNNING);
        Memory.storeFence();
        // the magic last: a reader that sees it sees a formatted header
        Memory.putInt(null, address + MAGIC_OFFSET, MAGIC);
    }

    // ---------------------------------------------------------------------------- the writer

    /** {@code n} more of {@code c}; the calling thread is the one that writes {@code c}'s group. */
    public void add(NicCounter c, long n) {
        long at = address + offset(c);
        Memory.putLong(null, at, Memory.getLong(null, at) + n);
    }

    /** {@code n} more of {@code c}, by a writer that may not be alone (an atomic add: for rare updates). */
    public void addAtomic(NicCounter c, long n) {
        Memory.getAndAddLong(address + offset(c), n);
    }

    /** One more of {@code c}. */
    public void increment(NicCounter c) {
        add(c, 1);
    }

    /** Raises {@code c} to {@code value} if that is more (a high-water mark). */
    public void max(NicCounter c, long value) {
        long at = address + offset(c);
        if (value > Memory.getLong(null, at)) {
            Memory.putLong(null, at, value);
        }
    }

    /** One more deposit of {@code bytes} to {@code target}: {@code count} and then {@code count}'s bytes. */
    public void deposited(int target, PeerCounter count, int bytes) {
        long at = peers + (long) target * PEER_STRIDE + (long) count.ordinal() * Long.BYTES;
        Memory.putLong(null, at, Memory.getLong(null, at) + 1);
        Memory.putLong(null, at + Long.BYTES, Memory.getLong(null, at + Long.BYTES) + bytes);
    }

    /** One more fast send of {@code bytes} to {@code target} (the hot path: offsets are constants). */
    public void fastSent(int target, int bytes) {
        long at = peers + ((long) target << PEER_SHIFT);
        Memory.putLong(null, at + FAST_SENDS_AT, Memory.getLong(null, at + FAST_SENDS_AT) + 1);
        Memory.putLong(null, at + FAST_BYTES_AT, Memory.getLong(null, at + FAST_BYTES_AT) + bytes);
    }

    /** One more eager record of {@code bytes} to {@code target}. */
    public void eagerSent(int target, int bytes) {
        long at = peers + ((long) target << PEER_SHIFT);
        Memory.putLong(null, at + EAGER_RECORDS_AT, Memory.getLong(null, at + EAGER_RECORDS_AT) + 1);
        Memory.putLong(null, at + EAGER_BYTES_AT, Memory.getLong(null, at + EAGER_BYTES_AT) + bytes);
    }

    /** One more message of {@code bytes} handed on by a poll (the receive side's hot path). */
    public void received(int bytes) {
        long at = address + MESSAGES_IN_AT;
        Memory.putLong(null, at, Memory.getLong(null, at) + 1);
        Memory.putLong(null, at + Long.BYTES, Memory.getLong(null, at + Long.BYTES) + bytes);
    }

    /** One more of {@code c} for {@code target}. */
    public void increment(int target, PeerCounter c) {
        long at = peers + (long) target * PEER_STRIDE + (long) c.ordinal() * Long.BYTES;
        Memory.putLong(null, at, Memory.getLong(null, at) + 1);
    }

    /** Says where the rank is (starting, running, finalized), for a reader outside the job. */
    public void state(int state) {
        Memory.putIntRelease(null, address + STATE_OFFSET, state);
    }

    /**
     * Starts every count from zero: after MPI_Init's training pass, whose traffic is the
     * library's, not the program's. The caller has no traffic in flight.
     */
    public void clear() {
        for (NicCounter c : NicCounter.values()) {
            Memory.putLong(null, address + offset(c), 0);
        }
        for (int t = 0; t < ranks; t++) {
            for (PeerCounter c : PeerCounter.values()) {
                Memory.putLong(null, address + peerOffset(t, c), 0);
            }
        }
    }

    // ---------------------------------------------------------------------------- the reader

    /** The number of targets the page has a line for. */
    public int ranks() {
        return ranks;
    }

    public long get(NicCounter c) {
        return Memory.getLongAcquire(null, address + offset(c));
    }

    public long get(int target, PeerCounter c) {
        if (target < 0 || target >= ranks) {
            throw new IndexOutOfBoundsException("target " + target + " of " + ranks);
        }
        return Memory.getLongAcquire(null, address + peerOffset(target, c));
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
            name[n] = Memory.getByte(null, address + BOARD_OFFSET + n);
            if (name[n] == 0) {
                break;
            }
        }
        return new NicSnapshot(Memory.getInt(null, address + RANK_OFFSET), ranks,
            new String(name, 0, n, StandardCharsets.US_ASCII), Memory.getLong(null, address + PID_OFFSET),
            Memory.getIntAcquire(null, address + STATE_OFFSET), words, totals);
    }
}

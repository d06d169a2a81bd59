package org.atollmpi.nic.stat;

import java.nio.charset.StandardCharsets;

/**
 * Layout of one host port's counter page: what the port did, counted as it happens, in memory a
 * process outside the job can map and read while the job runs ({@code bin/atoll-stat}).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |        Magic "ATNC"           |           Version             |   0
 *  +---------------------------------------------------------------+
 *  |            Rank               |            Ranks              |   8
 *  +---------------------------------------------------------------+
 *  |                   Process id (64 bits)                        |  16
 *  +---------------------------------------------------------------+
 *  |           Started (ms since the epoch, 64 bits)               |  24
 *  +---------------------------------------------------------------+
 *  |   State (starting, running, finalized)  | Word counters (n)   |  32
 *  +---------------------------------------------------------------+
 *  |     Peer counters (m)         |        (reserved)             |  40
 *  +---------------------------------------------------------------+
 *  |              Board name (16 bytes of ASCII, NUL padded)      ...  48
 *  +---------------------------------------------------------------+
 *  |                    (reserved to 128)                         ...  64
 *  +---------------------------------------------------------------+
 *  |  Word counters, one group per writer, each group from a      ... 128
 *  |  64-byte line of its own: poller, one-sided, engine           |
 *  +---------------------------------------------------------------+
 *  |  Per target, one 64-byte line of m = 8 counters: fast sends,  ... PEERS_OFFSET
 *  |  their bytes, eager records, their bytes, notifications, fast |
 *  |  ring full, receive ring full, notification queue full        |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Every counter is a 64-bit word in the machine's byte order. The words of the messages and
 * operations have one writer at a time (the port's threading rules) and are incremented with a
 * plain load and store: no atomic instruction on the paths they count, which is what keeps the
 * counters on always. The idle counts, which several waiting threads share, are added
 * atomically, once a yield rather than once a spin. A reader in another process sees each word
 * whole (aligned 64-bit stores) and a recent, not a consistent, picture of the page. The page is written by this rank and read
 * by everyone else; nothing here is trusted by a reader beyond the sizes the header gives, which
 * it checks against the page's length.
 */
public final class NicCountersDescriptor {
    public static final int MAGIC = 0x434E5441; // "ATNC" little-endian
    public static final int VERSION = 1;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int RANK_OFFSET = 8;
    static final int RANKS_OFFSET = 12;
    static final int PID_OFFSET = 16;
    static final int STARTED_OFFSET = 24;
    static final int STATE_OFFSET = 32;
    static final int WORD_COUNT_OFFSET = 36;
    static final int PEER_COUNT_OFFSET = 40;
    static final int BOARD_OFFSET = 48;
    static final int BOARD_LENGTH = 16;
    static final int HEADER_LENGTH = 128;

    public static final int STATE_STARTING = 0;
    public static final int STATE_RUNNING = 1;
    public static final int STATE_FINALIZED = 2;

    static final int LINE = 64;
    static final int PEER_STRIDE = LINE;

    /** Byte offset of each word counter, by ordinal. */
    private static final int[] WORD_OFFSETS = new int[NicCounter.values().length];
    /** Where the per-target lines start. */
    static final int PEERS_OFFSET;

    static {
        int at = HEADER_LENGTH;
        NicCounter.Writer group = null;
        for (NicCounter c : NicCounter.values()) {
            if (c.writer != group) {
                at = align(at);
                group = c.writer;
            }
            WORD_OFFSETS[c.ordinal()] = at;
            at += Long.BYTES;
        }
        PEERS_OFFSET = align(at);
        if (PeerCounter.values().length * Long.BYTES > PEER_STRIDE) {
            throw new AssertionError("peer counters do not fit a line");
        }
    }

    private NicCountersDescriptor() {
    }

    private static int align(int at) {
        return (at + LINE - 1) & -LINE;
    }

    static int offset(NicCounter c) {
        return WORD_OFFSETS[c.ordinal()];
    }

    static long peerOffset(int target, PeerCounter c) {
        return PEERS_OFFSET + (long) target * PEER_STRIDE + (long) c.ordinal() * Long.BYTES;
    }

    /** Bytes of the page of a port with {@code ranks} targets. */
    public static long pageLength(int ranks) {
        return PEERS_OFFSET + (long) ranks * PEER_STRIDE;
    }

    /** The board name as the header stores it: ASCII, at most {@link #BOARD_LENGTH} bytes. */
    static byte[] boardBytes(String board) {
        byte[] b = new byte[BOARD_LENGTH];
        byte[] name = board.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, b, 0, Math.min(name.length, BOARD_LENGTH));
        return b;
    }
}

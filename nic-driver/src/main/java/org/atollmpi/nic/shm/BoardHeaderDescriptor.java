package org.atollmpi.nic.shm;

/**
 * Layout of the board header: the first page of the board file, written once by the creating
 * rank. Every other rank reads the layout from here instead of computing it from its own
 * configuration, so one creator decides the sizes for the whole job.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                    Magic "ATOLLSHM" (64 bits)                 |   0
 *  +---------------------------------------------------------------+
 *  |                           Version                             |   8
 *  +---------------------------------------------------------------+
 *  |                          Rank count                           |  12
 *  +---------------------------------------------------------------+
 *  |                        Job key (64 bits)                      |  16
 *  +---------------------------------------------------------------+
 *  |                     Fast-send slots per ring                  |  24
 *  +---------------------------------------------------------------+
 *  |                   Notification queue entries                  |  28
 *  +---------------------------------------------------------------+
 *  |                     Window descriptor entries                 |  32
 *  +---------------------------------------------------------------+
 *  |                           (reserved)                          |  36
 *  +---------------------------------------------------------------+
 *  |                 Receive ring capacity (64 bits)               |  40
 *  |                   Heap bytes per rank (64 bits)               |  48
 *  |        Offset of port 0 from the board start (64 bits)        |  56
 *  |                    Bytes per port (64 bits)                   |  64
 *  |       Offset of the heap partitions (64 bits)                 |  72
 *  |                  Total board size (64 bits)                   |  80
 *  |     In each port: offset of the slot consumed counters        |  88
 *  |     In each port: offset of the fast-send slot rings          |  96
 *  |     In each port: offset of the receive ring                  | 104
 *  |     In each port: offset of the notification queue            | 112
 *  |     In each port: offset of the window descriptor table       | 120
 *  +---------------------------------------------------------------+
 *  |     State (64 bits): 0 blank, INITIALIZING, READY             | 128  own cache line
 *  +---------------------------------------------------------------+
 *  |     Attached ranks (64 bits, incremented by each attach)      | 192  own cache line
 *  +---------------------------------------------------------------+
 *  |                    (unused up to one page)                    |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The creator writes every field, then the state {@link #STATE_READY} with a release store; an
 * attaching rank reads the state with an acquire load before it reads anything else, so it sees
 * a complete header. The job key lets a board that outlives jobs (a device file) tell a previous
 * job's READY from this job's.
 */
final class BoardHeaderDescriptor {
    /** "ATOLLSHM" in ASCII, as a little-endian long reads it. */
    static final long MAGIC = 0x4D48534C4C4F5441L;
    static final int VERSION = 1;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int RANKS_OFFSET = 12;
    static final int JOB_KEY_OFFSET = 16;
    static final int SLOTS_OFFSET = 24;
    static final int NOTIFICATION_ENTRIES_OFFSET = 28;
    static final int WINDOW_ENTRIES_OFFSET = 32;
    static final int RING_CAPACITY_OFFSET = 40;
    static final int HEAP_BYTES_OFFSET = 48;
    static final int PORTS_OFFSET_OFFSET = 56;
    static final int PORT_STRIDE_OFFSET = 64;
    static final int HEAP_OFFSET_OFFSET = 72;
    static final int TOTAL_SIZE_OFFSET = 80;
    static final int SLOT_COUNTERS_OFFSET_OFFSET = 88;
    static final int SLOT_RINGS_OFFSET_OFFSET = 96;
    static final int RECEIVE_RING_OFFSET_OFFSET = 104;
    static final int NOTIFICATIONS_OFFSET_OFFSET = 112;
    static final int WINDOW_TABLE_OFFSET_OFFSET = 120;
    static final int STATE_OFFSET = 128;
    static final int ATTACHED_OFFSET = 192;

    /** The header takes one page so that the ports start page-aligned. */
    static final int LENGTH = 4096;

    static final long STATE_BLANK = 0;
    static final long STATE_INITIALIZING = 1;
    static final long STATE_READY = 2;

    private BoardHeaderDescriptor() {
    }

    static String stateName(long state) {
        if (state == STATE_BLANK) {
            return "blank";
        }
        if (state == STATE_INITIALIZING) {
            return "INITIALIZING";
        }
        return state == STATE_READY ? "READY" : "corrupt state " + state;
    }
}

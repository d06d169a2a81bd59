package org.atollmpi.nic.shm;

import static org.atollmpi.nic.shm.BoardHeaderDescriptor.*;

import org.agrona.BitUtil;
import org.atollmpi.nic.Memory;

/**
 * Where everything is on a board: the header page, one port region per rank, then one heap
 * partition per rank.
 *
 * <pre>
 *  +--------------------+  0
 *  | header (one page)  |
 *  +--------------------+  portsOffset
 *  | port 0             |  portStride bytes each (page multiple), holding in order:
 *  | port 1             |    port state word          64 B (non-zero while a process has it open)
 *  | ...                |    slot consumed counters   ranks x 64 B
 *  +--------------------+    fast-send slot rings     ranks x slots x 64 B
 *  | heap of rank 0     |    receive ring             capacity + 384 B (starts page-aligned)
 *  | heap of rank 1     |    notification queue       256 + entries x 64 B
 *  | ...                |    window descriptor table  entries x 64 B
 *  +--------------------+  totalSize; heapBytesPerRank (page multiple) per heap partition
 * </pre>
 *
 * Every structure counts zeroed memory as empty, so a fresh (sparse) board file needs no
 * initialisation beyond the header.
 */
final class ShmLayout {
    static final int PAGE = 4096;
    /** Ranks are node-local processes; the bound keeps every product below in range. */
    static final int MAX_RANKS = 1 << 16;
    /** The first line of every port: the port state word (0 when no process has it open). */
    static final int PORT_STATE_OFFSET = 0;
    static final int PORT_STATE_LENGTH = 64;

    final int ranks;
    final int slotsPerRing;
    final int receiveRingBytes;
    final int notificationEntries;
    final int windowEntries;
    final long heapBytesPerRank;

    final long slotCountersOffset;
    final long slotRingsOffset;
    final long receiveRingOffset;
    final long notificationsOffset;
    final long windowTableOffset;
    final long portsOffset;
    final long portStride;
    final long heapOffset;
    final long totalSize;

    private ShmLayout(int ranks, int slotsPerRing, int receiveRingBytes, int notificationEntries, int windowEntries,
                      long heapBytesPerRank) {
        if (ranks < 1 || ranks > MAX_RANKS) {
            throw new IllegalArgumentException("ranks must be between 1 and " + MAX_RANKS + ": " + ranks);
        }
        this.ranks = ranks;
        this.slotsPerRing = slotsPerRing;
        this.receiveRingBytes = receiveRingBytes;
        this.notificationEntries = notificationEntries;
        this.windowEntries = windowEntries;
        this.heapBytesPerRank = BitUtil.align(heapBytesPerRank, PAGE);

        long ringBytesPerPair = (long) slotsPerRing * FastSlotDescriptor.SLOT_LENGTH;
        slotCountersOffset = PORT_STATE_LENGTH;
        slotRingsOffset = slotCountersOffset + (long) ranks * FastSlotDescriptor.COUNTER_LENGTH;
        receiveRingOffset = BitUtil.align(slotRingsOffset + ranks * ringBytesPerPair, PAGE);
        notificationsOffset = receiveRingOffset + receiveRingBytes + ReceiveRingDescriptor.TRAILER_LENGTH;
        windowTableOffset = notificationsOffset + NotificationQueueDescriptor.length(notificationEntries);
        portStride = BitUtil.align(windowTableOffset + (long) windowEntries * WindowDescriptor.ENTRY_LENGTH, PAGE);
        portsOffset = BoardHeaderDescriptor.LENGTH;
        heapOffset = portsOffset + ranks * portStride;
        totalSize = heapOffset + ranks * this.heapBytesPerRank;
    }

    /**
     * The layout for {@code config}, with the heap partitions shrunk (page-aligned) if needed so
     * the board fits in {@code maxTotalSize} bytes.
     */
    static ShmLayout compute(int ranks, ShmBoardConfig config, long maxTotalSize) {
        ShmLayout layout = new ShmLayout(ranks, config.slotsPerRing(), config.receiveRingBytes(),
            config.notificationEntries(), config.windowEntries(), config.heapBytesPerRank());
        if (layout.totalSize <= maxTotalSize) {
            return layout;
        }
        long heap = (maxTotalSize - layout.heapOffset) / ranks / PAGE * PAGE;
        if (heap < 0) {
            throw new IllegalArgumentException("a board for " + ranks + " ranks needs " + layout.heapOffset
                + " bytes for its ports alone, more than the " + maxTotalSize + " bytes this JVM can map");
        }
        return new ShmLayout(ranks, config.slotsPerRing(), config.receiveRingBytes(), config.notificationEntries(),
            config.windowEntries(), heap);
    }

    /** Writes every header field except the state. */
    void writeHeader(long header, long jobKey) {
        Memory.putLong(header + MAGIC_OFFSET, MAGIC);
        Memory.putInt(header + VERSION_OFFSET, VERSION);
        Memory.putInt(header + RANKS_OFFSET, ranks);
        Memory.putLong(header + JOB_KEY_OFFSET, jobKey);
        Memory.putInt(header + SLOTS_OFFSET, slotsPerRing);
        Memory.putInt(header + NOTIFICATION_ENTRIES_OFFSET, notificationEntries);
        Memory.putInt(header + WINDOW_ENTRIES_OFFSET, windowEntries);
        Memory.putLong(header + RING_CAPACITY_OFFSET, receiveRingBytes);
        Memory.putLong(header + HEAP_BYTES_OFFSET, heapBytesPerRank);
        Memory.putLong(header + PORTS_OFFSET_OFFSET, portsOffset);
        Memory.putLong(header + PORT_STRIDE_OFFSET, portStride);
        Memory.putLong(header + HEAP_OFFSET_OFFSET, heapOffset);
        Memory.putLong(header + TOTAL_SIZE_OFFSET, totalSize);
        Memory.putLong(header + SLOT_COUNTERS_OFFSET_OFFSET, slotCountersOffset);
        Memory.putLong(header + SLOT_RINGS_OFFSET_OFFSET, slotRingsOffset);
        Memory.putLong(header + RECEIVE_RING_OFFSET_OFFSET, receiveRingOffset);
        Memory.putLong(header + NOTIFICATIONS_OFFSET_OFFSET, notificationsOffset);
        Memory.putLong(header + WINDOW_TABLE_OFFSET_OFFSET, windowTableOffset);
    }

    /**
     * Reads the layout a creator wrote; call after seeing {@link BoardHeaderDescriptor#STATE_READY}
     * with an acquire load.
     *
     * @param what names the board in error messages
     * @throws IllegalStateException if the header is not one this code wrote
     */
    static ShmLayout readHeader(long header, String what) {
        long magic = Memory.getLong(header + MAGIC_OFFSET);
        int version = Memory.getInt(header + VERSION_OFFSET);
        if (magic != MAGIC) {
            throw new IllegalStateException(what + " is not an atoll-mpi shm board (magic 0x" + Long.toHexString(magic) + ")");
        }
        if (version != VERSION) {
            throw new IllegalStateException(what + " has board layout version " + version + ", this atoll-mpi reads "
                + VERSION + ": every rank must run the same atoll-mpi");
        }
        ShmLayout layout;
        try {
            int slots = Memory.getInt(header + SLOTS_OFFSET);
            long ringBytes = Memory.getLong(header + RING_CAPACITY_OFFSET);
            int notifications = Memory.getInt(header + NOTIFICATION_ENTRIES_OFFSET);
            int windows = Memory.getInt(header + WINDOW_ENTRIES_OFFSET);
            long heapBytes = Memory.getLong(header + HEAP_BYTES_OFFSET);
            ShmBoardConfig.checkSizes(slots, ringBytes, notifications, windows, heapBytes);
            layout = new ShmLayout(Memory.getInt(header + RANKS_OFFSET), slots, (int) ringBytes, notifications, windows,
                heapBytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(what + " has a corrupt header: " + e.getMessage(), e);
        }
        if (layout.portsOffset != Memory.getLong(header + PORTS_OFFSET_OFFSET)
            || layout.portStride != Memory.getLong(header + PORT_STRIDE_OFFSET)
            || layout.heapOffset != Memory.getLong(header + HEAP_OFFSET_OFFSET)
            || layout.totalSize != Memory.getLong(header + TOTAL_SIZE_OFFSET)
            || layout.slotCountersOffset != Memory.getLong(header + SLOT_COUNTERS_OFFSET_OFFSET)
            || layout.slotRingsOffset != Memory.getLong(header + SLOT_RINGS_OFFSET_OFFSET)
            || layout.receiveRingOffset != Memory.getLong(header + RECEIVE_RING_OFFSET_OFFSET)
            || layout.notificationsOffset != Memory.getLong(header + NOTIFICATIONS_OFFSET_OFFSET)
            || layout.windowTableOffset != Memory.getLong(header + WINDOW_TABLE_OFFSET_OFFSET)) {
            throw new IllegalStateException(what + " has section offsets this atoll-mpi would not compute for its "
                + "sizes: a different build wrote it, or it is corrupt");
        }
        return layout;
    }

    long portAddress(long board, int rank) {
        return board + portsOffset + rank * portStride;
    }

    long heapAddress(long board, int rank) {
        return board + heapOffset + rank * heapBytesPerRank;
    }

    /** Within a port: the counter its owner publishes for the ring of {@code source}. */
    long slotCounterOffset(int source) {
        return slotCountersOffset + (long) source * FastSlotDescriptor.COUNTER_LENGTH;
    }

    /** Within a port: the slot ring of {@code source}. */
    long slotRingOffset(int source) {
        return slotRingsOffset + (long) source * slotsPerRing * FastSlotDescriptor.SLOT_LENGTH;
    }

    @Override
    public String toString() {
        return ranks + " ranks, " + slotsPerRing + " slots per ring, receive ring " + receiveRingBytes
            + " B, " + notificationEntries + " notifications, " + windowEntries + " windows, heap "
            + heapBytesPerRank + " B per rank, " + totalSize + " B in all";
    }
}

package org.atollmpi.nic.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Paths;

import org.atollmpi.nic.Memory;

/**
 * What a hostile or broken rank can do to the board it maps: finds this process's mapping of the
 * job's board file in {@code /proc/self/maps}, reads the layout from the board's own header, and
 * writes garbage into a peer's structure through that mapping, the way a correct writer would
 * claim and publish an entry. For the multi-process corruption tests only.
 */
public final class HostileBoardWriter {
    private final long board;
    private final ShmLayout layout;

    private HostileBoardWriter(long board, ShmLayout layout) {
        this.board = board;
        this.layout = layout;
    }

    /** This process's view of its job's shm board. */
    public static HostileBoardWriter ofThisProcess() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/maps"))) {
                String[] f = line.trim().split("\\s+", 6);
                if (f.length == 6 && f[5].startsWith(ShmBoard.SHM_DIRECTORY + "/atoll-") && Long.parseLong(f[2], 16) == 0) {
                    long start = Long.parseUnsignedLong(f[0].substring(0, f[0].indexOf('-')), 16);
                    return new HostileBoardWriter(start, ShmLayout.readHeader(start, f[5]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no mapping of an atoll shm board in /proc/self/maps");
    }

    /**
     * Appends to {@code victim}'s receive ring a record from {@code source} whose length is
     * {@code length} and whose header words are {@code header0} and {@code header1}: claimed at the
     * tail with a CAS and published with release, as a producer does.
     */
    public void receiveRingRecord(int victim, int source, int length, long header0, long header1) {
        long ring = layout.portAddress(board, victim) + layout.receiveRingOffset;
        int capacity = layout.receiveRingBytes;
        long tailAddress = ring + capacity + ReceiveRingDescriptor.TAIL_OFFSET;
        long tail;
        do {
            tail = Memory.getLongVolatile(tailAddress);
            if (capacity - ((int) tail & (capacity - 1)) < 64) {
                throw new IllegalStateException("the ring's tail is too close to its end for this test: " + tail);
            }
        } while (!Memory.compareAndSetLong(tailAddress, tail, tail + 64));
        long record = ring + ((int) tail & (capacity - 1));
        Memory.putInt(record + ReceiveRingDescriptor.TYPE_OFFSET, ReceiveRingDescriptor.TYPE_MESSAGE);
        Memory.putInt(record + ReceiveRingDescriptor.SOURCE_OFFSET, source);
        Memory.putLong(record + ReceiveRingDescriptor.HEADER0_OFFSET, header0);
        Memory.putLong(record + ReceiveRingDescriptor.HEADER1_OFFSET, header1);
        Memory.putIntRelease(record + ReceiveRingDescriptor.LENGTH_OFFSET, length);
    }

    /** Publishes, as {@code source}'s next fast send to {@code victim}, a slot of {@code length} bytes. */
    public void fastSlot(int victim, int source, int length, long header0, long header1) {
        long ring = layout.portAddress(board, victim) + layout.slotRingOffset(source);
        long last = 0;
        for (int i = 0; i < layout.slotsPerRing; i++) {
            last = Math.max(last, FastSlotDescriptor.sequence(
                Memory.getLongAcquire(ring + (long) i * FastSlotDescriptor.SLOT_LENGTH + FastSlotDescriptor.STATUS_OFFSET)));
        }
        long sequence = last + 1;
        long slot = ring + ((sequence - 1) & (layout.slotsPerRing - 1)) * FastSlotDescriptor.SLOT_LENGTH;
        Memory.putLong(slot + FastSlotDescriptor.HEADER0_OFFSET, header0);
        Memory.putLong(slot + FastSlotDescriptor.HEADER1_OFFSET, header1);
        Memory.putLongRelease(slot + FastSlotDescriptor.STATUS_OFFSET, FastSlotDescriptor.status(sequence, length));
    }

    /** Posts into {@code victim}'s notification queue an entry whose source is {@code source}. */
    public void notification(int victim, int source) {
        long queue = layout.portAddress(board, victim) + layout.notificationsOffset;
        int entries = layout.notificationEntries;
        long tailAddress = queue + NotificationQueueDescriptor.TAIL_OFFSET;
        while (true) {
            long tail = Memory.getLongVolatile(tailAddress);
            long entry = queue + NotificationQueueDescriptor.ENTRIES_OFFSET
                + (tail & (entries - 1)) * NotificationQueueDescriptor.ENTRY_LENGTH;
            long lap = tail >>> Integer.numberOfTrailingZeros(entries);
            if (Memory.getLongAcquire(entry + NotificationQueueDescriptor.SEQUENCE_OFFSET)
                    == NotificationQueueDescriptor.freeWord(lap)
                && Memory.compareAndSetLong(tailAddress, tail, tail + 1)) {
                Memory.putInt(entry + NotificationQueueDescriptor.SOURCE_OFFSET, source);
                Memory.putInt(entry + NotificationQueueDescriptor.TYPE_OFFSET, 1);
                Memory.putLongRelease(entry + NotificationQueueDescriptor.SEQUENCE_OFFSET,
                    NotificationQueueDescriptor.publishedWord(lap));
                return;
            }
        }
    }

    /**
     * Points every valid window descriptor of {@code owner} at board offset {@code base}, as a
     * broken owner would: under the entry's lock word, so readers take it as written whole.
     *
     * @return how many descriptors were rewritten
     */
    public int windowBases(int owner, long base) {
        long table = layout.portAddress(board, owner) + layout.windowTableOffset;
        int rewritten = 0;
        for (int i = 0; i < layout.windowEntries; i++) {
            long entry = table + (long) i * WindowDescriptor.ENTRY_LENGTH;
            if ((Memory.getLongVolatile(entry + WindowDescriptor.CONTROL_OFFSET) & WindowDescriptor.VALID) != 0) {
                long lock = Memory.getLong(entry + WindowDescriptor.LOCK_OFFSET);
                Memory.putLongVolatile(entry + WindowDescriptor.LOCK_OFFSET, lock + 1);
                Memory.putLong(entry + WindowDescriptor.BASE_OFFSET, base);
                Memory.putLongRelease(entry + WindowDescriptor.LOCK_OFFSET, lock + 2);
                rewritten++;
            }
        }
        return rewritten;
    }
}

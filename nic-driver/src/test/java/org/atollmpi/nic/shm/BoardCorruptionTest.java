package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A hostile peer writes garbage into each field of each board structure through its own mapping
 * of a real board file, then the victim polls or accesses: every corrupt field is a fault naming
 * the peer and the field (or, for a window descriptor, the TDESC NACK), nothing of the bad entry
 * is delivered, the entries before it are, and every byte of the board outside the structure the
 * garbage was written into is unchanged (checksummed, with the heaps full of a pattern so that a
 * stray zeroing or copy shows). A writer that stops half way (killed) leaves an entry the
 * victim does not read until its status word says it is whole.
 */
@Timeout(30)
class BoardCorruptionTest {
    private static final int RANKS = 3;
    private static final int VICTIM = 0;
    private static final int HOSTILE = 1;
    private static final int BYSTANDER = 2;
    private static final int SLOTS = 16;

    private final Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-test-" + UUID.randomUUID());
    private ShmBoard victimBoard;
    private ShmBoard hostileBoard;
    private ShmLayout layout;
    private ShmHostPort victim;
    private ShmHostPort hostile;
    private ShmHostPort bystander;
    private long hostileBase;
    private final Recorder recorder = new Recorder();

    @BeforeEach
    void setUp() {
        ShmBoardConfig config = Recorder.smallConfig().withSlotsPerRing(SLOTS).withNotificationEntries(8)
            .withWindowEntries(8);
        victimBoard = ShmBoard.attach(file, RANKS, config, true);
        hostileBoard = ShmBoard.attach(file, RANKS, config, false);
        assertTrue(victimBoard.awaitAttached(2, 5_000));
        victimBoard.unlink();
        layout = victimBoard.layout();
        victim = victimBoard.open(VICTIM);
        bystander = victimBoard.open(BYSTANDER);
        hostile = hostileBoard.open(HOSTILE);
        hostileBase = hostileBoard.address();
        for (int rank = 0; rank < RANKS; rank++) {
            long heap = layout.heapAddress(victimBoard.address(), rank);
            for (long i = 0; i < layout.heapBytesPerRank; i += Long.BYTES) {
                Memory.putLong(heap + i, 0x5EED_0000_0000_0000L ^ (heap + i) * 31);
            }
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        hostileBoard.close();
        victimBoard.close();
        Files.deleteIfExists(file);
    }

    // ------------------------------------------------------------------------------------------
    // Receive ring
    // ------------------------------------------------------------------------------------------

    private long victimRing() {
        return layout.portAddress(hostileBase, VICTIM) + layout.receiveRingOffset;
    }

    private int capacity() {
        return layout.receiveRingBytes;
    }

    /** Moves an empty ring's positions, as a ring that has already carried traffic has them. */
    private void startRingAt(long position) {
        long trailer = victimRing() + capacity();
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.TAIL_OFFSET, position);
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.HEAD_CACHE_OFFSET, position);
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.HEAD_OFFSET, position);
    }

    /** Claims {@code claimed} bytes at the tail as a producer does and returns the record's address. */
    private long claimRecord(int claimed) {
        long tailAddress = victimRing() + capacity() + ReceiveRingDescriptor.TAIL_OFFSET;
        long tail = Memory.getLongVolatile(tailAddress);
        Memory.putLongVolatile(tailAddress, tail + claimed);
        return victimRing() + ((int) tail & (capacity() - 1));
    }

    private static void writeRecordFields(long record, int type, int source, long header0) {
        Memory.putInt(record + ReceiveRingDescriptor.TYPE_OFFSET, type);
        Memory.putLong(record + ReceiveRingDescriptor.HEADER0_OFFSET, header0);
        Memory.putLong(record + ReceiveRingDescriptor.HEADER1_OFFSET, ~header0);
        Memory.putInt(record + ReceiveRingDescriptor.SOURCE_OFFSET, source);
    }

    static Stream<Arguments> corruptRecords() {
        int message = ReceiveRingDescriptor.TYPE_MESSAGE;
        int padding = ReceiveRingDescriptor.TYPE_PADDING;
        return Stream.of(
            Arguments.of("length of hundreds of MiB", 0, 64, 0x3000_0000, message, HOSTILE, HOSTILE, "record length 805306368"),
            Arguments.of("length of 2 GiB", 0, 64, Integer.MAX_VALUE, message, HOSTILE, HOSTILE, "record length 2147483647"),
            Arguments.of("length below the record header", 0, 64, 5, message, HOSTILE, HOSTILE, "record length 5"),
            Arguments.of("length past the end of the ring", -64, 32, 64, message, HOSTILE, HOSTILE,
                "runs past the end of the ring (32 bytes left)"),
            Arguments.of("unknown type", 0, 64, 64, 9, HOSTILE, HOSTILE, "record type 9"),
            Arguments.of("padding that stops short of the end", 0, 64, 64, padding, HOSTILE, HOSTILE,
                "padding record length 64"),
            Arguments.of("source past the last rank", 0, 64, 64, message, 77, -1, "source 77"),
            Arguments.of("negative source", 0, 64, 64, message, -3, -1, "source -3"));
    }

    @ParameterizedTest(name = "receive ring record: {0}")
    @MethodSource("corruptRecords")
    void aCorruptRecordIsAFaultNamingThePeerAndNothingOutsideTheRingChanges(String what, int start, int claimed,
                                                                            int length, int type, int source,
                                                                            int expectedPeer, String expectedField) {
        long startPosition = start < 0 ? capacity() + start : start;
        startRingAt(startPosition);
        long[] word = {42};
        assertTrue(hostile.send(VICTIM, 1, 0, word, Memory.LONG_ARRAY_BASE, 0), "a good record first (32 bytes)");
        long record = claimRecord(claimed);
        writeRecordFields(record, type, source, 2);
        Memory.putIntRelease(record + ReceiveRingDescriptor.LENGTH_OFFSET, length);
        assertTrue(bystander.send(VICTIM, 3, 0, word, Memory.LONG_ARRAY_BASE, 8), "a good record after it");

        long ringStart = victimRing() - hostileBase;
        long ringEnd = ringStart + capacity() + ReceiveRingDescriptor.TRAILER_LENGTH;
        long outside = checksumExcept(ringStart, ringEnd);
        byte[] fromBadRecord = copy(record, victimRing() + capacity() - record);

        assertEquals(1, victim.poll(recorder, 100), what);
        assertEquals(List.of(1L), recorder.messages.stream().map(Recorder.Message::header0).toList(),
            "the record before the corrupt one is delivered, nothing from it on");
        assertFault(expectedPeer, expectedField, "receive ring");
        assertEquals(outside, checksumExcept(ringStart, ringEnd), "nothing outside the ring changed");
        assertArrayEquals(fromBadRecord, copy(record, victimRing() + capacity() - record),
            "the corrupt record and what follows it are left as they were");

        recorder.clear();
        assertEquals(0, victim.poll(recorder, 100));
        assertFault(expectedPeer, expectedField, "every later poll reports it again");
        assertTrue(recorder.messages.isEmpty());
        assertEquals(outside, checksumExcept(ringStart, ringEnd));
    }

    @Test
    void aRecordWhoseWriterStoppedHalfWayIsNeverRead() {
        long[] word = {7};
        assertTrue(hostile.send(VICTIM, 1, 0, word, Memory.LONG_ARRAY_BASE, 8));
        // Claimed but nothing written yet (killed right after the CAS on the tail).
        long claimedOnly = claimRecord(64);
        assertTrue(bystander.send(VICTIM, 3, 0, word, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(1, victim.poll(recorder, 100));
        assertEquals(1, recorder.messages.get(0).header0());
        assertTrue(recorder.faults.isEmpty(), "an unfinished record is not a fault: " + recorder.faults);

        // Killed while writing: the length is still negative (the in-progress mark), fields half there.
        writeRecordFields(claimedOnly, ReceiveRingDescriptor.TYPE_MESSAGE, HOSTILE, 2);
        Memory.putInt(claimedOnly + ReceiveRingDescriptor.LENGTH_OFFSET, -ReceiveRingDescriptor.recordLength(32));
        recorder.clear();
        assertEquals(0, victim.poll(recorder, 100), "nothing behind an unfinished record is read either");
        assertTrue(recorder.faults.isEmpty());

        // The writer finishes: its length, with release, is the last store.
        Memory.putIntRelease(claimedOnly + ReceiveRingDescriptor.LENGTH_OFFSET, ReceiveRingDescriptor.recordLength(32));
        assertEquals(2, victim.poll(recorder, 100));
        assertEquals(List.of(2L, 3L), recorder.messages.stream().map(Recorder.Message::header0).toList());
        assertEquals(32, recorder.messages.get(0).payload().length);
    }

    // ------------------------------------------------------------------------------------------
    // Fast-send slots
    // ------------------------------------------------------------------------------------------

    private long victimSlot(long sequence) {
        return layout.portAddress(hostileBase, VICTIM) + layout.slotRingOffset(HOSTILE)
            + ((sequence - 1) & (SLOTS - 1)) * FastSlotDescriptor.SLOT_LENGTH;
    }

    @ParameterizedTest(name = "fast-send slot payload length {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {41, 56, 200, 255})
    void aSlotLengthOverTheMaximumIsAFaultNamingTheSender(int length) {
        long[] word = {42};
        assertTrue(hostile.fastSend(VICTIM, 1, 0, word, Memory.LONG_ARRAY_BASE, 8));
        long slot = victimSlot(2);
        Memory.putLong(slot + FastSlotDescriptor.HEADER0_OFFSET, 2);
        Memory.putLongRelease(slot + FastSlotDescriptor.STATUS_OFFSET, FastSlotDescriptor.status(2, length));

        long port = layout.portAddress(hostileBase, VICTIM) - hostileBase;
        long ringStart = port + layout.slotRingOffset(HOSTILE);
        long counter = port + layout.slotCounterOffset(HOSTILE);
        long outside = checksumExcept(counter, counter + FastSlotDescriptor.COUNTER_LENGTH,
            ringStart, ringStart + (long) SLOTS * FastSlotDescriptor.SLOT_LENGTH);

        assertEquals(1, victim.poll(recorder, 100));
        assertEquals(1, recorder.messages.get(0).header0());
        assertFault(HOSTILE, "payload length " + length, "fast-send slot");
        assertTrue(recorder.faults.get(0).field().contains("fast-send slot 1 (message 2)"), recorder.faults.toString());
        assertEquals(outside, checksumExcept(counter, counter + FastSlotDescriptor.COUNTER_LENGTH,
            ringStart, ringStart + (long) SLOTS * FastSlotDescriptor.SLOT_LENGTH), "nothing outside the slot ring changed");
        assertEquals(1, Memory.getLongVolatile(layout.portAddress(hostileBase, VICTIM) + layout.slotCounterOffset(HOSTILE)),
            "the good slot before it was handed back to the sender");
        recorder.clear();
        assertEquals(0, victim.poll(recorder, 100));
        assertFault(HOSTILE, "payload length " + length, "reported again");
    }

    @Test
    void aSlotWhoseWriterStoppedHalfWayIsNeverRead() {
        long[] word = {42};
        assertTrue(hostile.fastSend(VICTIM, 1, 0, word, Memory.LONG_ARRAY_BASE, 8));
        long slot = victimSlot(2);
        Memory.putLong(slot + FastSlotDescriptor.HEADER0_OFFSET, 2);
        Memory.putLong(slot + FastSlotDescriptor.PAYLOAD_OFFSET, 0x1122_3344_5566_7788L);
        // The status still holds nothing (this slot's first lap): killed before its last store.
        assertEquals(1, victim.poll(recorder, 100));
        Memory.putLongRelease(slot + FastSlotDescriptor.STATUS_OFFSET, FastSlotDescriptor.status(1, 8));
        assertEquals(0, victim.poll(recorder, 100), "another message's sequence is not this message");
        Memory.putLongRelease(slot + FastSlotDescriptor.STATUS_OFFSET, FastSlotDescriptor.status(2 + SLOTS, 8));
        assertEquals(0, victim.poll(recorder, 100), "nor a later lap's");
        assertTrue(recorder.faults.isEmpty(), recorder.faults.toString());
        Memory.putLongRelease(slot + FastSlotDescriptor.STATUS_OFFSET, FastSlotDescriptor.status(2, 8));
        assertEquals(1, victim.poll(recorder, 100), "whole once the status word says so");
        Recorder.Message m = recorder.messages.get(1);
        assertEquals(2, m.header0());
        assertEquals(0x1122_3344_5566_7788L, Memory.getLong(m.payload(), Memory.BYTE_ARRAY_BASE));
    }

    // ------------------------------------------------------------------------------------------
    // Notification queue
    // ------------------------------------------------------------------------------------------

    private long victimNotificationEntry(int position) {
        return layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset
            + NotificationQueueDescriptor.ENTRIES_OFFSET + (long) position * NotificationQueueDescriptor.ENTRY_LENGTH;
    }

    @ParameterizedTest(name = "notification source {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {RANKS, 1000, -1, Integer.MIN_VALUE})
    void aNotificationFromNoRankIsAFault(int source) {
        assertTrue(hostile.notify(VICTIM, 5, 1, 0, 0));
        long queueTail = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset
            + NotificationQueueDescriptor.TAIL_OFFSET;
        Memory.putLongVolatile(queueTail, 2);
        long entry = victimNotificationEntry(1);
        Memory.putInt(entry + NotificationQueueDescriptor.SOURCE_OFFSET, source);
        Memory.putInt(entry + NotificationQueueDescriptor.TYPE_OFFSET, 5);
        Memory.putLongRelease(entry + NotificationQueueDescriptor.SEQUENCE_OFFSET, NotificationQueueDescriptor.publishedWord(0));

        long queueStart = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset - hostileBase;
        long queueEnd = queueStart + NotificationQueueDescriptor.length(8);
        long outside = checksumExcept(queueStart, queueEnd);
        assertEquals(1, victim.poll(recorder, 100));
        assertEquals(1, recorder.notifications.get(0).arg0());
        assertFault(-1, "source " + source + " of the notification at position 1", "notification queue");
        assertEquals(outside, checksumExcept(queueStart, queueEnd));
    }

    @Test
    void aNotificationWhoseWriterStoppedHalfWayIsNeverRead() {
        long queueTail = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset
            + NotificationQueueDescriptor.TAIL_OFFSET;
        Memory.putLongVolatile(queueTail, 1); // claimed position 0, then killed before publishing
        long entry = victimNotificationEntry(0);
        Memory.putInt(entry + NotificationQueueDescriptor.SOURCE_OFFSET, HOSTILE);
        Memory.putInt(entry + NotificationQueueDescriptor.TYPE_OFFSET, 5);
        Memory.putLong(entry + NotificationQueueDescriptor.ARG0_OFFSET, 77);
        assertEquals(0, victim.poll(recorder, 100));
        assertTrue(recorder.faults.isEmpty());
        Memory.putLongRelease(entry + NotificationQueueDescriptor.SEQUENCE_OFFSET, NotificationQueueDescriptor.publishedWord(0));
        assertEquals(1, victim.poll(recorder, 100));
        assertEquals(new Recorder.Notification(HOSTILE, 5, 77, 0, 0), recorder.notifications.get(0));
    }

    // ------------------------------------------------------------------------------------------
    // Window descriptors
    // ------------------------------------------------------------------------------------------

    static Stream<Arguments> corruptDescriptors() {
        return Stream.of(
            Arguments.of("base at the board header", (Corruption) (l, base, len) -> new long[] {0, len}),
            Arguments.of("base in the victim's port", (Corruption) (l, base, len) -> new long[] {l.portsOffset, len}),
            Arguments.of("base just before the owner's heap", (Corruption) (l, base, len) ->
                new long[] {l.heapOffset + HOSTILE * l.heapBytesPerRank - 8, len}),
            Arguments.of("base in the next rank's heap", (Corruption) (l, base, len) ->
                new long[] {l.heapOffset + (HOSTILE + 1) * l.heapBytesPerRank, len}),
            Arguments.of("base past the mapping", (Corruption) (l, base, len) -> new long[] {l.totalSize + 4096, len}),
            Arguments.of("negative base", (Corruption) (l, base, len) -> new long[] {-4096, len}),
            Arguments.of("huge base", (Corruption) (l, base, len) -> new long[] {Long.MAX_VALUE - 16, len}),
            Arguments.of("length past the owner's heap", (Corruption) (l, base, len) ->
                new long[] {base, l.heapOffset + (HOSTILE + 1) * l.heapBytesPerRank - base + 8}),
            Arguments.of("length of hundreds of MiB", (Corruption) (l, base, len) -> new long[] {base, 400L << 20}),
            Arguments.of("negative length", (Corruption) (l, base, len) -> new long[] {base, -1}));
    }

    interface Corruption {
        long[] baseAndLength(ShmLayout layout, long base, long length);
    }

    @ParameterizedTest(name = "window descriptor: {0}")
    @MethodSource("corruptDescriptors")
    void aCorruptWindowDescriptorIsRefusedWithoutTouchingMemory(String what, Corruption corruption) {
        BoardRegion region = hostile.allocate(4096);
        WindowKey key = hostile.register(region, 0, 4096, WindowRights.ALL);
        Memory.putLong(region.address(), 0);
        long[] out = new long[1];
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(victim, HOSTILE, key.id(), key.capability(), 0, 1, out),
            "the window works before the owner's table is corrupted");

        long entry = layout.portAddress(hostileBase, HOSTILE) + layout.windowTableOffset
            + (long) WindowDescriptor.index(key.id()) * WindowDescriptor.ENTRY_LENGTH;
        long base = Memory.getLong(entry + WindowDescriptor.BASE_OFFSET);
        long length = Memory.getLong(entry + WindowDescriptor.LENGTH_OFFSET);
        long[] bad = corruption.baseAndLength(layout, base, length);
        Memory.putLong(entry + WindowDescriptor.BASE_OFFSET, bad[0]);
        Memory.putLong(entry + WindowDescriptor.LENGTH_OFFSET, bad[1]);
        long everything = checksumExcept();

        byte[] into = new byte[64];
        byte[] from = Recorder.pattern(64, 3);
        long anywhere = Math.max(0, Math.min(bad[1], 1 << 20) - 64) & ~7L;
        assertEquals(NicStatus.TDESC, OneSided.get(victim, HOSTILE, key.id(), key.capability(), anywhere, into,
            Memory.BYTE_ARRAY_BASE, 64), what);
        assertArrayEquals(new byte[64], into, "nothing copied out");
        assertEquals(NicStatus.TDESC, OneSided.put(victim, HOSTILE, key.id(), key.capability(), anywhere, from,
            Memory.BYTE_ARRAY_BASE, 64));
        assertEquals(NicStatus.TDESC, OneSided.fetchAndAdd(victim, HOSTILE, key.id(), key.capability(), 0, 1, out));
        assertEquals(NicStatus.TDESC, OneSided.compareAndSwap(victim, HOSTILE, key.id(), key.capability(), 0, 0, 1, out));
        assertNull(victim.mapWindow(HOSTILE, key.id(), key.capability(), 64));
        assertEquals(everything, checksumExcept(), "no byte of the board changed");
        assertTrue(NicStatus.describe(NicStatus.TDESC).contains("descriptor is corrupt"));

        // The owner rewrites its descriptor whole: the window works again.
        Memory.putLong(entry + WindowDescriptor.BASE_OFFSET, base);
        Memory.putLong(entry + WindowDescriptor.LENGTH_OFFSET, length);
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(victim, HOSTILE, key.id(), key.capability(), 0, 1, out));
        assertEquals(1, out[0]);
        assertNotNull(victim.mapWindow(HOSTILE, key.id(), key.capability(), 64));
    }

    @Test
    void aWindowCoveringTheWholeHeapPartitionIsNotCorrupt() {
        BoardRegion region = hostile.allocate(1024);
        WindowKey key = hostile.register(region, 0, 1024, WindowRights.ALL);
        long entry = layout.portAddress(hostileBase, HOSTILE) + layout.windowTableOffset
            + (long) WindowDescriptor.index(key.id()) * WindowDescriptor.ENTRY_LENGTH;
        long heapStart = layout.heapOffset + HOSTILE * layout.heapBytesPerRank;
        Memory.putLong(entry + WindowDescriptor.BASE_OFFSET, heapStart);
        Memory.putLong(entry + WindowDescriptor.LENGTH_OFFSET, layout.heapBytesPerRank);
        long[] out = new long[1];
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(victim, HOSTILE, key.id(), key.capability(),
            layout.heapBytesPerRank - 8, 0, out));
        Memory.putLong(entry + WindowDescriptor.BASE_OFFSET, heapStart + layout.heapBytesPerRank);
        Memory.putLong(entry + WindowDescriptor.LENGTH_OFFSET, 0);
        assertEquals(NicStatus.OK, OneSided.get(victim, HOSTILE, key.id(), key.capability(), 0, out,
            Memory.LONG_ARRAY_BASE, 0), "an empty window at the very end");
    }

    // ------------------------------------------------------------------------------------------
    // Header (read by every rank that joins)
    // ------------------------------------------------------------------------------------------

    static Stream<Arguments> corruptHeaders() {
        return Stream.of(
            Arguments.of("ranks", BoardHeaderDescriptor.RANKS_OFFSET, 4, 0L, "ranks must be between 1 and"),
            Arguments.of("ranks", BoardHeaderDescriptor.RANKS_OFFSET, 4, -1L, "ranks must be between 1 and"),
            Arguments.of("slots per ring", BoardHeaderDescriptor.SLOTS_OFFSET, 4, 0L, "slots per ring must be a power of two"),
            Arguments.of("slots per ring", BoardHeaderDescriptor.SLOTS_OFFSET, 4, 3L, "slots per ring must be a power of two"),
            Arguments.of("slots per ring", BoardHeaderDescriptor.SLOTS_OFFSET, 4, -16L, "slots per ring must be a power of two"),
            Arguments.of("ring capacity", BoardHeaderDescriptor.RING_CAPACITY_OFFSET, 8, 0L, "receive ring capacity"),
            Arguments.of("ring capacity", BoardHeaderDescriptor.RING_CAPACITY_OFFSET, 8, (1L << 32) + 4096, "receive ring capacity"),
            Arguments.of("notification entries", BoardHeaderDescriptor.NOTIFICATION_ENTRIES_OFFSET, 4, 0L,
                "notification queue entries"),
            Arguments.of("window entries", BoardHeaderDescriptor.WINDOW_ENTRIES_OFFSET, 4, 0L,
                "window descriptor entries"),
            Arguments.of("heap bytes", BoardHeaderDescriptor.HEAP_BYTES_OFFSET, 8, -4096L, "heap bytes per rank"),
            Arguments.of("port stride", BoardHeaderDescriptor.PORT_STRIDE_OFFSET, 8, 64L, "section offsets"));
    }

    @ParameterizedTest(name = "header {0} = {3}")
    @MethodSource("corruptHeaders")
    void aJoiningRankRefusesACorruptHeader(String what, int offset, int width, long value, String message) {
        long field = hostileBase + offset;
        long saved = width == 4 ? Memory.getInt(field) : Memory.getLong(field);
        try {
            if (width == 4) {
                Memory.putInt(field, (int) value);
            } else {
                Memory.putLong(field, value);
            }
            IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> ShmLayout.readHeader(hostileBase, "shm board " + file));
            assertTrue(e.getMessage().contains(message) && e.getMessage().contains(file.toString()), e.getMessage());
        } finally {
            if (width == 4) {
                Memory.putInt(field, (int) saved);
            } else {
                Memory.putLong(field, saved);
            }
        }
        assertEquals(layout.toString(), ShmLayout.readHeader(hostileBase, "board").toString(), "restored");
    }

    // ------------------------------------------------------------------------------------------
    // Positions a producer reads from the target's port (the victim corrupts its own port: the
    // bystander, depositing into it, must refuse, name the victim, and write nothing)
    // ------------------------------------------------------------------------------------------

    static Stream<Arguments> corruptRingPositions() {
        return Stream.of(
            Arguments.of("head ahead of the tail", 1_000L, 5_000L),
            Arguments.of("head more than the ring behind the tail", 1L << 40, 0L),
            Arguments.of("head far below zero", 64L, -(1L << 20)));
    }

    @ParameterizedTest(name = "receive ring positions: {0}")
    @MethodSource("corruptRingPositions")
    void aProducerFindingImpossibleRingPositionsRefusesAndNamesTheOwner(String what, long tail, long head) {
        long trailer = victimRing() + capacity();
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.TAIL_OFFSET, tail);
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.HEAD_CACHE_OFFSET, head);
        Memory.putLongVolatile(trailer + ReceiveRingDescriptor.HEAD_OFFSET, head);
        long ringStart = victimRing() - hostileBase;
        long outside = checksumExcept(ringStart, ringStart + capacity() + ReceiveRingDescriptor.TRAILER_LENGTH);
        long[] word = {42};
        assertFalse(bystander.send(VICTIM, 1, 2, word, Memory.LONG_ARRAY_BASE, 8), what + ": the deposit was taken");
        assertEquals(0, bystander.poll(recorder, 100));
        assertFault(VICTIM, "of its receive ring are not", what);
        assertTrue(recorder.faults.get(0).field().contains("in the port of rank " + VICTIM), recorder.faults.toString());
        assertEquals(outside, checksumExcept(ringStart, ringStart + capacity() + ReceiveRingDescriptor.TRAILER_LENGTH),
            "nothing outside the ring changed");
        assertEquals(tail, Memory.getLongVolatile(trailer + ReceiveRingDescriptor.TAIL_OFFSET), "no record was claimed");
    }

    @ParameterizedTest(name = "fast-send consumed count {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {SLOTS + 5, 1L << 50, -7})
    void aProducerFindingAnImpossibleConsumedCountRefusesAndNamesTheOwner(long consumed) {
        long[] word = {42};
        for (int i = 0; i < SLOTS; i++) {
            assertTrue(bystander.fastSend(VICTIM, i, 0, word, Memory.LONG_ARRAY_BASE, 8), "slot " + i);
        }
        long counter = layout.portAddress(hostileBase, VICTIM) + layout.slotCounterOffset(BYSTANDER);
        Memory.putLongVolatile(counter, consumed); // the ring is full: the producer must read it
        long ringStart = layout.portAddress(hostileBase, VICTIM) + layout.slotRingOffset(BYSTANDER) - hostileBase;
        byte[] before = copy(hostileBase + ringStart, (long) SLOTS * FastSlotDescriptor.SLOT_LENGTH);
        assertFalse(bystander.fastSend(VICTIM, 99, 0, word, Memory.LONG_ARRAY_BASE, 8), "the deposit was taken");
        assertEquals(0, bystander.poll(recorder, 100));
        assertFault(VICTIM, "consumed count " + consumed, "fast-send slots");
        assertArrayEquals(before, copy(hostileBase + ringStart, (long) SLOTS * FastSlotDescriptor.SLOT_LENGTH),
            "no unread slot was overwritten");
    }

    @ParameterizedTest(name = "notification sequence word {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {9, 1L << 40, -3})
    void aProducerFindingAnImpossibleSequenceWordRefusesAndNamesTheOwner(long sequence) {
        long queueTail = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset
            + NotificationQueueDescriptor.TAIL_OFFSET;
        Memory.putLongVolatile(queueTail, 8 * 3 + 2); // lap 3, entry 2: expected word 6
        Memory.putLongVolatile(victimNotificationEntry(2) + NotificationQueueDescriptor.SEQUENCE_OFFSET, sequence);
        long queueStart = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset - hostileBase;
        long queueEnd = queueStart + NotificationQueueDescriptor.length(8);
        long outside = checksumExcept(queueStart, queueEnd);
        assertFalse(bystander.notify(VICTIM, 5, 1, 2, 3), "the notification was taken");
        assertEquals(0, bystander.poll(recorder, 100));
        assertFault(VICTIM, "sequence word " + sequence, "notification queue");
        assertEquals(outside, checksumExcept(queueStart, queueEnd));
        assertEquals(8 * 3 + 2, Memory.getLongVolatile(queueTail), "no position was claimed");
    }

    @Test
    void aQueueStillHoldingThePreviousLapIsFullNotCorrupt() {
        long queueTail = layout.portAddress(hostileBase, VICTIM) + layout.notificationsOffset
            + NotificationQueueDescriptor.TAIL_OFFSET;
        Memory.putLongVolatile(queueTail, 8 * 3 + 2);
        long sequence = victimNotificationEntry(2) + NotificationQueueDescriptor.SEQUENCE_OFFSET;
        Memory.putLongVolatile(sequence, NotificationQueueDescriptor.publishedWord(2)); // lap 2 unread
        assertFalse(bystander.notify(VICTIM, 5, 1, 2, 3));
        Memory.putLongVolatile(sequence, NotificationQueueDescriptor.freeWord(2)); // lap 2 claimed, unpublished
        assertFalse(bystander.notify(VICTIM, 5, 1, 2, 3));
        assertEquals(0, bystander.poll(recorder, 100));
        assertTrue(recorder.faults.isEmpty(), recorder.faults.toString());
    }

    // ------------------------------------------------------------------------------------------

    private void assertFault(int peer, String field, String where) {
        assertEquals(1, recorder.faults.size(), where + ": " + recorder.faults);
        Recorder.Fault fault = recorder.faults.get(0);
        assertEquals(peer, fault.peer(), where + ": " + fault);
        assertTrue(fault.field().contains(field), where + ": expected \"" + field + "\" in: " + fault.field());
    }

    private static byte[] copy(long address, long length) {
        byte[] b = new byte[(int) length];
        Memory.copy(null, address, b, Memory.BYTE_ARRAY_BASE, b.length);
        return b;
    }

    /** CRC-32 of the whole board except the given board offset ranges {@code [from, to)}, in ascending order. */
    private long checksumExcept(long... ranges) {
        CRC32 crc = new CRC32();
        long at = 0;
        for (int i = 0; i <= ranges.length; i += 2) {
            long end = i < ranges.length ? ranges[i] : layout.totalSize;
            while (at < end) {
                int chunk = (int) Math.min(end - at, 1 << 20);
                crc.update(Memory.wrap(hostileBase + at, chunk));
                at += chunk;
            }
            if (i < ranges.length) {
                at = ranges[i + 1];
            }
        }
        return crc.getValue();
    }
}

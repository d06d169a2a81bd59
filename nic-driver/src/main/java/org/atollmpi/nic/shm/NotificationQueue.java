package org.atollmpi.nic.shm;

import static org.atollmpi.nic.shm.NotificationQueueDescriptor.ARG0_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.ARG1_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.ARG2_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.ENTRIES_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.ENTRY_LENGTH;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.HEAD_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.SEQUENCE_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.SOURCE_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.TAIL_OFFSET;
import static org.atollmpi.nic.shm.NotificationQueueDescriptor.TYPE_OFFSET;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/**
 * A view of one port's notification queue (layout in {@link NotificationQueueDescriptor}).
 * Stateless like {@link ReceiveRing}: producers in any process write through their own views.
 */
final class NotificationQueue {
    private final long tailAddress;
    private final long headAddress;
    private final long entries;
    private final int mask;
    private final int lapShift;

    /** Sources must be below it. */
    private final int ranks;

    /** @param ranks the ranks that may post into it (an entry's source must name one) */
    NotificationQueue(long address, int entryCount, int ranks) {
        NotificationQueueDescriptor.checkEntries(entryCount);
        this.ranks = ranks;
        this.tailAddress = address + TAIL_OFFSET;
        this.headAddress = address + HEAD_OFFSET;
        this.entries = address + ENTRIES_OFFSET;
        this.mask = entryCount - 1;
        this.lapShift = Integer.numberOfTrailingZeros(entryCount);
    }

    /** @return {@code false} if every entry holds an unread notification; nothing was written */
    boolean offer(int source, int type, long arg0, long arg1, long arg2) {
        while (true) {
            long tail = Memory.getLongVolatile(tailAddress);
            long entry = entry(tail);
            long free = NotificationQueueDescriptor.freeWord(tail >>> lapShift);
            long sequence = Memory.getLongAcquire(entry + SEQUENCE_OFFSET);
            if (sequence == free) {
                if (Memory.compareAndSetLong(tailAddress, tail, tail + 1)) {
                    Memory.putInt(entry + SOURCE_OFFSET, source);
                    Memory.putInt(entry + TYPE_OFFSET, type);
                    Memory.putLong(entry + ARG0_OFFSET, arg0);
                    Memory.putLong(entry + ARG1_OFFSET, arg1);
                    Memory.putLong(entry + ARG2_OFFSET, arg2);
                    Memory.putLongRelease(entry + SEQUENCE_OFFSET, free | 1);
                    return true;
                }
            } else if (sequence < free) {
                // The entry still holds (or is being given) the notification of the previous lap;
                // a word older than that lap's is corrupt (the queue would look full for ever).
                if (free - sequence > 2) {
                    throw corruptSequence(tail, sequence, free);
                }
                return false;
            } else if (Memory.getLongVolatile(tailAddress) == tail) {
                // A word ahead of the tail that no producer has claimed: corrupt (rereading the
                // tail for ever would spin here).
                throw corruptSequence(tail, sequence, free);
            }
            // Otherwise another producer took this position after we read the tail: reread it.
        }
    }

    /**
     * Hands up to {@code limit} notifications to {@code handler}, oldest first.
     *
     * @throws CorruptBoard at an entry whose source is not a rank, leaving it unread
     */
    int poll(ArrivalHandler handler, int limit) {
        long head = Memory.getLong(headAddress);
        int delivered = 0;
        while (delivered < limit) {
            long entry = entry(head);
            long lap = head >>> lapShift;
            if (Memory.getLongAcquire(entry + SEQUENCE_OFFSET) != NotificationQueueDescriptor.publishedWord(lap)) {
                break;
            }
            int source = Memory.getInt(entry + SOURCE_OFFSET);
            if (Integer.compareUnsigned(source, ranks) >= 0) {
                // Left unconsumed: the port reads this queue no more.
                throw new CorruptBoard(-1, delivered, "source " + source + " of the notification at position " + head
                    + " of the notification queue is not a rank (0.." + (ranks - 1) + ")");
            }
            int type = Memory.getInt(entry + TYPE_OFFSET);
            long arg0 = Memory.getLong(entry + ARG0_OFFSET);
            long arg1 = Memory.getLong(entry + ARG1_OFFSET);
            long arg2 = Memory.getLong(entry + ARG2_OFFSET);
            // Free the entry before the handler runs: the fields are in locals, and a handler that
            // answers with a notification to this port then finds room.
            Memory.putLongRelease(entry + SEQUENCE_OFFSET, NotificationQueueDescriptor.freeWord(lap + 1));
            head++;
            Memory.putLongRelease(headAddress, head);
            delivered++;
            handler.onNotification(source, type, arg0, arg1, arg2);
        }
        return delivered;
    }

    private static CorruptBoard corruptSequence(long tail, long sequence, long free) {
        return new CorruptBoard(-1, 0, "sequence word " + sequence + " of the entry at tail " + tail
            + " of its notification queue (expected " + free + ", or one lap behind)");
    }

    private long entry(long position) {
        return entries + (long) ((int) position & mask) * ENTRY_LENGTH;
    }
}

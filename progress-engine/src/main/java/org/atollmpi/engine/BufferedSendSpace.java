package org.atollmpi.engine;

import org.atollmpi.nic.Memory;

/**
 * The buffer attached for buffered-mode sends (MPI_Buffer_attach): messages are copied into it and
 * leave from there, so the user's buffer is free at once. First-fit over the gaps between blocks
 * in use, each block charged {@link Engine#BSEND_OVERHEAD} bytes as MPI prescribes.
 */
final class BufferedSendSpace {
    final Object base;
    final long offset;
    final int capacity;
    private long[] blocks = new long[16]; // (start << 32 | length), sorted by start
    private int count;

    BufferedSendSpace(Object base, long offset, int capacity) {
        this.base = base;
        this.offset = offset;
        this.capacity = capacity;
    }

    /** Reserves {@code bytes + BSEND_OVERHEAD}; returns the start of the data, or -1 when full. */
    int reserve(int bytes) {
        long need = (long) bytes + Engine.BSEND_OVERHEAD;
        long at = 0;
        int insert = 0;
        for (; insert < count; insert++) {
            long start = blocks[insert] >>> 32;
            if (start - at >= need) {
                break;
            }
            at = start + (blocks[insert] & 0xFFFF_FFFFL);
        }
        if (capacity - at < need && insert == count) {
            return -1;
        }
        if (count == blocks.length) {
            blocks = java.util.Arrays.copyOf(blocks, count * 2);
        }
        System.arraycopy(blocks, insert, blocks, insert + 1, count - insert);
        blocks[insert] = (at << 32) | need;
        count++;
        return (int) at;
    }

    void release(int start) {
        for (int i = 0; i < count; i++) {
            if ((blocks[i] >>> 32) == start) {
                System.arraycopy(blocks, i + 1, blocks, i, count - i - 1);
                count--;
                return;
            }
        }
        throw new IllegalStateException("no buffered block at " + start);
    }

    int blocksInUse() {
        return count;
    }

    long freeBytes() {
        long used = 0;
        for (int i = 0; i < count; i++) {
            used += blocks[i] & 0xFFFF_FFFFL;
        }
        return capacity - used;
    }

    void copyIn(int start, Object srcBase, long srcOffset, int bytes) {
        if (bytes > 0) {
            Memory.copy(srcBase, srcOffset, base, offset + start, bytes);
        }
    }
}

package org.atollmpi.nic.shm;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.BitUtil;
import org.agrona.collections.Long2LongHashMap;

/**
 * First-fit allocator over one rank's heap partition of the board. Blocks are 64-byte aligned
 * so that no two allocations share a cache line. The bookkeeping lives on the owner's Java heap:
 * only the owner allocates from its partition, so other processes never need to read it.
 *
 * <p>Not a hot path (buffers for {@code MPI.newByteBuffer}, windows and rendezvous staging are
 * allocated rarely), so it favours simplicity; it is synchronized because a region may be freed
 * from a thread other than the one driving the port. The TCP board uses it too, over each rank's
 * native heap.
 */
public final class BoardAllocator {
    public static final int ALIGNMENT = 64;
    public static final long NO_MEMORY = -1;

    private final long start;
    private final long length;
    /** Free blocks by start address; adjacent free blocks are always merged. */
    private final TreeMap<Long, Long> free = new TreeMap<>();
    private final Long2LongHashMap allocated = new Long2LongHashMap(NO_MEMORY);

    /** @param start first byte of the partition, 64-byte aligned */
    public BoardAllocator(long start, long length) {
        if ((start & (ALIGNMENT - 1)) != 0) {
            throw new IllegalArgumentException("heap partition is not 64-byte aligned: " + Long.toHexString(start));
        }
        this.start = start;
        this.length = length & ~(ALIGNMENT - 1L);
        if (this.length > 0) {
            free.put(start, this.length);
        }
    }

    public boolean contains(long address, long bytes) {
        return bytes >= 0 && address >= start && address <= start + length && bytes <= start + length - address;
    }

    /**
     * @return the address of at least {@code bytes} bytes (a zero-byte request still gets a
     *         distinct block), or {@link #NO_MEMORY}
     */
    public synchronized long allocate(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative allocation: " + bytes);
        }
        if (bytes > length) {
            return NO_MEMORY;
        }
        long size = BitUtil.align(Math.max(bytes, 1), ALIGNMENT);
        for (Iterator<Map.Entry<Long, Long>> it = free.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Long> block = it.next();
            long blockSize = block.getValue();
            if (blockSize >= size) {
                long address = block.getKey();
                it.remove();
                if (blockSize > size) {
                    free.put(address + size, blockSize - size);
                }
                allocated.put(address, size);
                return address;
            }
        }
        return NO_MEMORY;
    }

    /** @throws IllegalStateException if {@code address} is not the start of a live allocation */
    public synchronized void free(long address) {
        long size = allocated.remove(address);
        if (size == NO_MEMORY) {
            throw new IllegalStateException("board memory at 0x" + Long.toHexString(address)
                + " is not an allocation of this rank (freed twice?)");
        }
        long blockStart = address;
        long blockSize = size;
        Map.Entry<Long, Long> below = free.floorEntry(address);
        if (below != null && below.getKey() + below.getValue() == address) {
            blockStart = below.getKey();
            blockSize += below.getValue();
        }
        Long above = free.remove(address + size);
        if (above != null) {
            blockSize += above;
        }
        free.put(blockStart, blockSize);
    }

    /** Bytes not allocated (possibly in several blocks). */
    synchronized long freeBytes() {
        long sum = 0;
        for (long blockSize : free.values()) {
            sum += blockSize;
        }
        return sum;
    }

    synchronized int freeBlocks() {
        return free.size();
    }
}

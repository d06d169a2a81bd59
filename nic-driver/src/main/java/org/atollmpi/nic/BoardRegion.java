package org.atollmpi.nic;

import java.nio.ByteBuffer;

/**
 * A piece of board memory owned by one rank: reachable by other ranks on the board through a
 * window over it. Addressed the {@link Memory} way by {@link #base()} and {@link #address()}.
 */
public interface BoardRegion {
    /** {@code null} for native (mapped) memory, or the backing array of an in-process board. */
    Object base();

    /** Offset of the first byte, relative to {@link #base()} (an absolute address when base is null). */
    long address();

    long length();

    /**
     * A direct buffer over the region (native-order), for {@code MPI.newByteBuffer}. Boards whose
     * memory is not native return a heap buffer over the backing array.
     */
    ByteBuffer asByteBuffer();

    /** Returns the memory to the board's allocator; the region must not be used afterwards. */
    void free();
}

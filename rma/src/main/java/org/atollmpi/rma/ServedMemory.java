package org.atollmpi.rma;

/**
 * The memory a {@link WindowServer} serves, by window address: one span for a window over a heap
 * array or an ordinary direct buffer, the attached regions that are not board memory for a
 * dynamic window. Called under the engine's lock (from the server's completion hook).
 */
interface ServedMemory {
    /** Whether one region holds all of {@code [at, at + length)}. */
    boolean covers(long at, long length);

    /** The base of the memory at window address {@code at} (null for native memory). */
    Object base(long at);

    /** The address (offset from {@link #base}) of window address {@code at}. */
    long address(long at);

    /** A window's memory as one span of {@code size} bytes at {@code (base, offset)}. */
    static ServedMemory span(Object base, long offset, long size) {
        return new ServedMemory() {
            @Override
            public boolean covers(long at, long length) {
                return at >= 0 && length >= 0 && at <= size && length <= size - at;
            }

            @Override
            public Object base(long at) {
                return base;
            }

            @Override
            public long address(long at) {
                return offset + at;
            }
        };
    }
}

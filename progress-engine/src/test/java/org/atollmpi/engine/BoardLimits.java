package org.atollmpi.engine;

/**
 * What a test board holds, in terms every board understands: fast-send slots per pair, receive
 * ring bytes, notification entries, window descriptors and board memory per rank. Each board of
 * the contract suite maps these onto its own configuration.
 */
record BoardLimits(int slots, int ringBytes, int notifications, int windows, long heapBytes) {
    static final BoardLimits DEFAULT = new BoardLimits(8, 1 << 18, 64, 1024, 64L << 20);
    /** Every queue as small as it can be: every deposit meets back-pressure. */
    static final BoardLimits TINY_QUEUES = new BoardLimits(1, 1 << 14, 2, 1024, 64L << 20);
    /** Few descriptors and little board memory: what the never-stall rules are for. */
    static final BoardLimits SCARCE = new BoardLimits(8, 1 << 18, 64, 8, 64L << 10);

    BoardLimits withHeapBytes(long bytes) {
        return new BoardLimits(slots, ringBytes, notifications, windows, bytes);
    }

    /** The largest record payload a ring of {@link #ringBytes} takes (an eighth, less the header). */
    int maxRecord() {
        return ringBytes / 8 - 32;
    }
}

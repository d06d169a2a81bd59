package org.atollmpi.nic;

/**
 * What a test board holds, in terms every board understands: fast-send slots per pair, receive
 * ring bytes, notification entries, window descriptors and board memory per rank. Each board of
 * the {@link BoardMatrix} maps these onto its own configuration.
 */
public record BoardLimits(int slots, int ringBytes, int notifications, int windows, long heapBytes) {
    public static final BoardLimits DEFAULT = new BoardLimits(8, 1 << 18, 64, 1024, 64L << 20);
    /** Every queue as small as it can be: every deposit meets back-pressure. */
    public static final BoardLimits TINY_QUEUES = new BoardLimits(1, 1 << 14, 2, 1024, 64L << 20);
    /** Few descriptors and little board memory: what the never-stall rules are for. */
    public static final BoardLimits SCARCE = new BoardLimits(8, 1 << 18, 64, 8, 64L << 10);

    public BoardLimits withHeapBytes(long bytes) {
        return new BoardLimits(slots, ringBytes, notifications, windows, bytes);
    }

    public BoardLimits withWindows(int entries) {
        return new BoardLimits(slots, ringBytes, notifications, entries, heapBytes);
    }

    /** The largest record payload a ring of {@link #ringBytes} takes (an eighth, less the header). */
    public int maxRecord() {
        return ringBytes / 8 - 32;
    }
}

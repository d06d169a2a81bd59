package mpi;

/**
 * What the API knows of {@code java.lang.foreign.MemorySegment} buffers. This is the Java 17
 * version: there are no segments, so nothing is one. The jar is multi-release: on Java 22 and
 * later the JVM loads {@code META-INF/versions/22/mpi/SegmentAccess.class} instead (source in
 * {@code src/main/java22}), which knows them. Both have the same methods; the others are only
 * called for an object {@link #isSegment} accepted.
 */
final class SegmentAccess {
    private SegmentAccess() {
    }

    /** True when {@code buf} is a memory segment. */
    static boolean isSegment(Object buf) {
        return false;
    }

    /** The segment's heap array, or {@code null} for native memory (or a read-only heap segment, {@link #hiddenArray}). */
    static Object base(Object segment) {
        throw notASegment(segment);
    }

    /** The engine offset of the segment's first byte: its native address, or its array's base plus its offset. */
    static long address(Object segment) {
        throw notASegment(segment);
    }

    static long byteSize(Object segment) {
        throw notASegment(segment);
    }

    static boolean isReadOnly(Object segment) {
        throw notASegment(segment);
    }

    /** False once the segment's arena is closed: its memory may be gone. */
    static boolean isAlive(Object segment) {
        throw notASegment(segment);
    }

    static boolean isNative(Object segment) {
        throw notASegment(segment);
    }

    /** A heap segment whose array the API does not hand out (a read-only one): no address to give the engine. */
    static boolean hiddenArray(Object segment) {
        throw notASegment(segment);
    }

    /** "native MemorySegment of 64 bytes", for messages. */
    static String describe(Object segment) {
        throw notASegment(segment);
    }

    private static IllegalStateException notASegment(Object o) {
        return new IllegalStateException("not a memory segment on this Java: " + o);
    }
}

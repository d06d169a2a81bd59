package mpi;

import java.lang.foreign.MemorySegment;

/**
 * What the API knows of {@link MemorySegment} buffers, on Java 22 and later (the multi-release
 * jar's {@code META-INF/versions/22}; the Java 17 version in {@code src/main/java} knows none).
 * A native segment is addressed as a direct buffer is, by its address; a heap segment as the
 * array behind it is, at its offset in that array, so that it behaves as the array does.
 */
final class SegmentAccess {
    private SegmentAccess() {
    }

    static boolean isSegment(Object buf) {
        return buf instanceof MemorySegment;
    }

    static Object base(Object segment) {
        MemorySegment s = (MemorySegment) segment;
        return s.isNative() ? null : s.heapBase().orElse(null);
    }

    static long address(Object segment) {
        MemorySegment s = (MemorySegment) segment;
        if (s.isNative()) {
            return s.address();
        }
        Object array = s.heapBase().orElseThrow();
        // A heap segment's address is its offset in bytes from the array's first element.
        return Buffers.arrayBase(array.getClass()) + s.address();
    }

    static long byteSize(Object segment) {
        return ((MemorySegment) segment).byteSize();
    }

    static boolean isReadOnly(Object segment) {
        return ((MemorySegment) segment).isReadOnly();
    }

    /** False once the segment's arena is closed: its memory may be gone. */
    static boolean isAlive(Object segment) {
        return ((MemorySegment) segment).scope().isAlive();
    }

    static boolean isNative(Object segment) {
        return ((MemorySegment) segment).isNative();
    }

    static boolean hiddenArray(Object segment) {
        MemorySegment s = (MemorySegment) segment;
        return !s.isNative() && s.heapBase().isEmpty();
    }

    static String describe(Object segment) {
        MemorySegment s = (MemorySegment) segment;
        if (s.isNative()) {
            return (s.isReadOnly() ? "read-only " : "") + "native MemorySegment of " + s.byteSize() + " bytes";
        }
        return (s.isReadOnly() ? "read-only " : "") + "heap MemorySegment of " + s.byteSize() + " bytes"
            + s.heapBase().map(a -> " over a " + a.getClass().getComponentType() + "[]").orElse("");
    }
}

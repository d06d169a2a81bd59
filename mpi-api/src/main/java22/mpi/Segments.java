package mpi;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * Memory segments for MPI, on Java 22 and later (this class is in the jar's
 * {@code META-INF/versions/22} only). Any {@link MemorySegment} is a buffer wherever the API
 * takes an {@code Object} buffer: point-to-point, collectives, windows, files. Native segments
 * from any {@code Arena} (confined, shared, global, automatic) are read and written in place, as
 * direct buffers are; heap segments ({@link MemorySegment#ofArray}) as the arrays behind them.
 * Counts are of the datatype's items, an mpiJava offset counts bytes, and the program keeps the
 * segment's arena open until the operation completes, as with any buffer.
 */
public final class Segments {
    private Segments() {
    }

    /**
     * {@code byteSize} bytes of board memory ({@link MPI#newByteBuffer}) as a segment: the memory
     * the NIC reaches itself, so large messages and window accesses from it take one copy. It lives
     * as long as the segment (or a view of it) is reachable.
     *
     * @throws MPIException ERR_ARG when {@code byteSize} is negative or over 2 GiB - 1
     */
    public static MemorySegment allocate(long byteSize) {
        if (byteSize < 0 || byteSize > Integer.MAX_VALUE) {
            throw MPI.COMM_WORLD.raise(org.atollmpi.engine.ErrorClass.ARG, "Segments.allocate: byteSize " + byteSize
                + " is negative or more than a buffer holds (2147483647)");
        }
        ByteBuffer board = MPI.newByteBuffer((int) byteSize);
        return MemorySegment.ofBuffer(board);
    }
}

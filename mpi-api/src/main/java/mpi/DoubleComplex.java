package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * Open MPI: a view of one {@code MPI.DOUBLE_COMPLEX} (real, imaginary) in a buffer or
 * an array: complex number {@code index} is elements {@code 2 * index} and {@code 2 * index + 1}.
 * Writes go through to the buffer or array.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;
    private final int offset;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        if (buffer == null) {
            throw MPI.COMM_WORLD.raise(MPI.ERR_BUFFER, "DoubleComplex.get: buffer is null");
        }
        if (index < 0 || 2L * index + 2 > buffer.capacity()) {
            throw MPI.COMM_WORLD.raise(MPI.ERR_BUFFER, "DoubleComplex.get: index " + index + " is outside the buffer of "
                + buffer.capacity() / 2 + " complex numbers");
        }
        this.buffer = buffer;
        this.offset = 2 * index;
    }

    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    public static DoubleComplex get(double[] array) {
        return get(array, 0);
    }

    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(array == null ? null : DoubleBuffer.wrap(array), index);
    }

    /** A view of a byte buffer as doubles in the buffer's byte order (MPI.newByteBuffer's is native). */
    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer == null ? null : buffer.duplicate().order(buffer.order()).clear().asDoubleBuffer(), index);
    }

    public double getReal() {
        return buffer.get(offset);
    }

    public double getImag() {
        return buffer.get(offset + 1);
    }

    public void putReal(double real) {
        buffer.put(offset, real);
    }

    public void putImag(double imag) {
        buffer.put(offset + 1, imag);
    }

    /** The buffer from this number's real part. */
    public DoubleBuffer getBuffer() {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}

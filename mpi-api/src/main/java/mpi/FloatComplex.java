package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * Open MPI: a view of one {@code MPI.FLOAT_COMPLEX} (real, imaginary) in a buffer or
 * an array: complex number {@code index} is elements {@code 2 * index} and {@code 2 * index + 1}.
 * Writes go through to the buffer or array.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;
    private final int offset;

    private FloatComplex(FloatBuffer buffer, int index) {
        if (buffer == null) {
            throw MPI.COMM_WORLD.raise(MPI.ERR_BUFFER, "FloatComplex.get: buffer is null");
        }
        if (index < 0 || 2L * index + 2 > buffer.capacity()) {
            throw MPI.COMM_WORLD.raise(MPI.ERR_BUFFER, "FloatComplex.get: index " + index + " is outside the buffer of "
                + buffer.capacity() / 2 + " complex numbers");
        }
        this.buffer = buffer;
        this.offset = 2 * index;
    }

    public static FloatComplex get(FloatBuffer buffer) {
        return new FloatComplex(buffer, 0);
    }

    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    public static FloatComplex get(float[] array) {
        return get(array, 0);
    }

    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(array == null ? null : FloatBuffer.wrap(array), index);
    }

    /** A view of a byte buffer as floats in the buffer's byte order (MPI.newByteBuffer's is native). */
    public static FloatComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    public static FloatComplex get(ByteBuffer buffer, int index) {
        return new FloatComplex(buffer == null ? null : buffer.duplicate().order(buffer.order()).clear().asFloatBuffer(), index);
    }

    public float getReal() {
        return buffer.get(offset);
    }

    public float getImag() {
        return buffer.get(offset + 1);
    }

    public void putReal(float real) {
        buffer.put(offset, real);
    }

    public void putImag(float imag) {
        buffer.put(offset + 1, imag);
    }

    /** The buffer from this number's real part. */
    public FloatBuffer getBuffer() {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}

package mpi;

import java.nio.*;

public final class FloatComplex {
    public static FloatComplex get(FloatBuffer buffer) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public static FloatComplex get(FloatBuffer buffer, int index) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public static FloatComplex get(float[] array) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public static FloatComplex get(float[] array, int index) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public static FloatComplex get(ByteBuffer buffer) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public static FloatComplex get(ByteBuffer buffer, int index) {
        throw Unsupported.notYet("FloatComplex.get");
    }

    public float getReal() {
        throw Unsupported.notYet("FloatComplex.getReal");
    }

    public float getImag() {
        throw Unsupported.notYet("FloatComplex.getImag");
    }

    public void putReal(float real) {
        throw Unsupported.notYet("FloatComplex.putReal");
    }

    public void putImag(float imag) {
        throw Unsupported.notYet("FloatComplex.putImag");
    }

    public FloatBuffer getBuffer() {
        throw Unsupported.notYet("FloatComplex.getBuffer");
    }
}

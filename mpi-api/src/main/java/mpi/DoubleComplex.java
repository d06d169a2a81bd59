package mpi;

import java.nio.*;

public final class DoubleComplex {
    public static DoubleComplex get(DoubleBuffer buffer) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public static DoubleComplex get(double[] array) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public static DoubleComplex get(double[] array, int index) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public static DoubleComplex get(ByteBuffer buffer) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public static DoubleComplex get(ByteBuffer buffer, int index) {
        throw Unsupported.notYet("DoubleComplex.get");
    }

    public double getReal() {
        throw Unsupported.notYet("DoubleComplex.getReal");
    }

    public double getImag() {
        throw Unsupported.notYet("DoubleComplex.getImag");
    }

    public void putReal(double real) {
        throw Unsupported.notYet("DoubleComplex.putReal");
    }

    public void putImag(double imag) {
        throw Unsupported.notYet("DoubleComplex.putImag");
    }

    public DoubleBuffer getBuffer() {
        throw Unsupported.notYet("DoubleComplex.getBuffer");
    }
}

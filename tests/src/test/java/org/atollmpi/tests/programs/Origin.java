package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.Request;
import mpi.Win;

/**
 * Origin memory of {@code int}s for the one-sided test programs: an {@code int[]} or a direct
 * buffer from {@code MPI.newByteBuffer}, with each {@link Win} call made through the overload
 * that fits it (the {@code Buffer} one or the array one), as a program holding either would.
 */
final class Origin {
    private final ByteBuffer buffer;
    private final int[] array;

    private Origin(ByteBuffer buffer, int[] array) {
        this.buffer = buffer;
        this.array = array;
    }

    /** {@code ints} ints, on an array or in board memory. */
    static Origin of(boolean arrays, int ints) {
        return arrays ? new Origin(null, new int[ints]) : new Origin(MPI.newByteBuffer(ints * Integer.BYTES), null);
    }

    int get(int i) {
        return array != null ? array[i] : buffer.getInt(i * Integer.BYTES);
    }

    void set(int i, int value) {
        if (array != null) {
            array[i] = value;
        } else {
            buffer.putInt(i * Integer.BYTES, value);
        }
    }

    void put(Win w, int count, Datatype type, int target, int disp, int tcount, Datatype ttype) {
        if (array == null) {
            w.put(buffer, count, type, target, disp, tcount, ttype);
        } else {
            w.put(array, count, type, target, disp, tcount, ttype);
        }
    }

    void put(Win w, int count, int target, int disp) {
        put(w, count, MPI.INT, target, disp, count, MPI.INT);
    }

    void get(Win w, int count, Datatype type, int target, int disp, int tcount, Datatype ttype) {
        if (array == null) {
            w.get(buffer, count, type, target, disp, tcount, ttype);
        } else {
            w.get(array, count, type, target, disp, tcount, ttype);
        }
    }

    void get(Win w, int count, int target, int disp) {
        get(w, count, MPI.INT, target, disp, count, MPI.INT);
    }

    void accumulate(Win w, int count, Datatype type, int target, int disp, int tcount, Datatype ttype, Op op) {
        if (array == null) {
            w.accumulate(buffer, count, type, target, disp, tcount, ttype, op);
        } else {
            w.accumulate(array, count, type, target, disp, tcount, ttype, op);
        }
    }

    void accumulate(Win w, int count, int target, int disp, Op op) {
        if (array == null) {
            w.accumulate(buffer, count, MPI.INT, target, disp, count, MPI.INT, op);
        } else {
            w.accumulate(array, count, MPI.INT, target, disp, count, MPI.INT, op);
        }
    }

    void getAccumulate(Win w, Origin result, int count, int target, int disp, Op op) {
        if (array == null) {
            w.getAccumulate(buffer, count, MPI.INT, result.buffer, count, MPI.INT, target, disp, count, MPI.INT, op);
        } else {
            w.getAccumulate(array, count, MPI.INT, result.array, count, MPI.INT, target, disp, count, MPI.INT, op);
        }
    }

    void fetchAndOp(Win w, Origin result, int target, int disp, Op op) {
        if (array == null) {
            w.fetchAndOp(buffer, result.buffer, MPI.INT, target, disp, op);
        } else {
            w.fetchAndOp(array, result.array, MPI.INT, target, disp, op);
        }
    }

    void compareAndSwap(Win w, Origin compare, Origin result, int target, int disp) {
        if (array == null) {
            w.compareAndSwap(buffer, compare.buffer, result.buffer, MPI.INT, target, disp);
        } else {
            w.compareAndSwap(array, compare.array, result.array, MPI.INT, target, disp);
        }
    }

    Request rPut(Win w, int count, int target, int disp) {
        return array == null ? w.rPut(buffer, count, MPI.INT, target, disp, count, MPI.INT)
            : w.rPut(array, count, MPI.INT, target, disp, count, MPI.INT);
    }

    Request rGet(Win w, int count, int target, int disp) {
        return array == null ? w.rGet(buffer, count, MPI.INT, target, disp, count, MPI.INT)
            : w.rGet(array, count, MPI.INT, target, disp, count, MPI.INT);
    }

    Request rAccumulate(Win w, int count, int target, int disp, Op op) {
        return array == null ? w.rAccumulate(buffer, count, MPI.INT, target, disp, count, MPI.INT, op)
            : w.rAccumulate(array, count, MPI.INT, target, disp, count, MPI.INT, op);
    }

    Request rGetAccumulate(Win w, Origin result, int count, int target, int disp, Op op) {
        return array == null
            ? w.rGetAccumulate(buffer, count, MPI.INT, result.buffer, count, MPI.INT, target, disp, count, MPI.INT, op)
            : w.rGetAccumulate(array, count, MPI.INT, result.array, count, MPI.INT, target, disp, count, MPI.INT, op);
    }
}

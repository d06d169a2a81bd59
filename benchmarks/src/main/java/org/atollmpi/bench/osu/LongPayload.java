package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.Op;
import mpi.Win;

/**
 * The memory of an atomic one-sided benchmark, {@code MPI.LONG}s ({@code MPI.BYTE} has no
 * {@code SUM} in MPI, and fetch-and-op and compare-and-swap are single instructions on 8-byte
 * integers): a direct buffer in native order from {@link MPI#newByteBuffer} or
 * {@code ByteBuffer.allocateDirect}, or a {@code long[]}. Its calls of {@link Win} allocate nothing.
 *
 * <p>Validation values ({@link #value}) are small whole numbers, so sums of them are exact and
 * never wrap.
 */
abstract class LongPayload {
    final int elements;

    LongPayload(int elements) {
        this.elements = elements;
    }

    static LongPayload allocate(OsuOptions.BufferKind kind, int elements) {
        return kind == OsuOptions.BufferKind.ARRAYS
                ? new Arrays(new long[elements])
                : new Direct(kind.directBuffer(Math.multiplyExact(elements, Long.BYTES)));
    }

    /** The value the data seeded {@code seed} has at {@code index}: a whole number in 0..127. */
    static long value(int seed, int index) {
        return Payload.pattern(seed, index) & 0x7F;
    }

    /** What an MPI call takes: the direct {@link ByteBuffer} or the {@code long[]}. */
    abstract Object buffer();

    abstract long get(int index);

    abstract void put(int index, long value);

    /** {@code Win.accumulate} of the first {@code count} elements into {@code target}'s window at {@code disp}. */
    abstract void accumulate(Win win, int count, int target, int disp, Op op);

    /** {@code Win.getAccumulate}: the target's old elements into {@code result}. */
    abstract void getAccumulate(Win win, LongPayload result, int count, int target, int disp, Op op);

    /** {@code Win.fetchAndOp} of element 0; the old target element into {@code result}'s element 0. */
    abstract void fetchAndOp(Win win, LongPayload result, int target, int disp, Op op);

    /** {@code Win.compareAndSwap} of element 0 against {@code compare}'s element 0. */
    abstract void compareAndSwap(Win win, LongPayload compare, LongPayload result, int target, int disp);

    /** Writes {@code offset + value(seed, i)} into the first {@code count} elements. */
    void fill(int count, int seed, long offset) {
        for (int i = 0; i < count; i++) {
            put(i, offset + value(seed, i));
        }
    }

    /** Adds one to element {@code index}: the {@code atoll.osu.corrupt} seam that proves validation can fail. */
    void spoil(int index) {
        put(index, get(index) + 1);
    }

    static final class Direct extends LongPayload {
        private final ByteBuffer buffer;

        Direct(ByteBuffer buffer) {
            super(buffer.capacity() / Long.BYTES);
            this.buffer = buffer;
        }

        @Override
        Object buffer() {
            return buffer;
        }

        @Override
        long get(int index) {
            return buffer.getLong(index * Long.BYTES);
        }

        @Override
        void put(int index, long value) {
            buffer.putLong(index * Long.BYTES, value);
        }

        @Override
        void accumulate(Win win, int count, int target, int disp, Op op) {
            win.accumulate(buffer, count, MPI.LONG, target, disp, count, MPI.LONG, op);
        }

        @Override
        void getAccumulate(Win win, LongPayload result, int count, int target, int disp, Op op) {
            win.getAccumulate(buffer, count, MPI.LONG, ((Direct) result).buffer, count, MPI.LONG, target, disp, count,
                    MPI.LONG, op);
        }

        @Override
        void fetchAndOp(Win win, LongPayload result, int target, int disp, Op op) {
            win.fetchAndOp(buffer, ((Direct) result).buffer, MPI.LONG, target, disp, op);
        }

        @Override
        void compareAndSwap(Win win, LongPayload compare, LongPayload result, int target, int disp) {
            win.compareAndSwap(buffer, ((Direct) compare).buffer, ((Direct) result).buffer, MPI.LONG, target, disp);
        }
    }

    static final class Arrays extends LongPayload {
        private final long[] array;

        Arrays(long[] array) {
            super(array.length);
            this.array = array;
        }

        @Override
        Object buffer() {
            return array;
        }

        @Override
        long get(int index) {
            return array[index];
        }

        @Override
        void put(int index, long value) {
            array[index] = value;
        }

        @Override
        void accumulate(Win win, int count, int target, int disp, Op op) {
            win.accumulate(array, count, MPI.LONG, target, disp, count, MPI.LONG, op);
        }

        @Override
        void getAccumulate(Win win, LongPayload result, int count, int target, int disp, Op op) {
            win.getAccumulate(array, count, MPI.LONG, ((Arrays) result).array, count, MPI.LONG, target, disp, count,
                    MPI.LONG, op);
        }

        @Override
        void fetchAndOp(Win win, LongPayload result, int target, int disp, Op op) {
            win.fetchAndOp(array, ((Arrays) result).array, MPI.LONG, target, disp, op);
        }

        @Override
        void compareAndSwap(Win win, LongPayload compare, LongPayload result, int target, int disp) {
            win.compareAndSwap(array, ((Arrays) compare).array, ((Arrays) result).array, MPI.LONG, target, disp);
        }
    }
}

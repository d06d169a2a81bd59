package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;

import mpi.MPI;

/**
 * The memory of a reduction benchmark, which sums {@code MPI.FLOAT}s as OSU's do: a direct buffer
 * from {@link MPI#newByteBuffer} ({@code -a buffer}) or {@code ByteBuffer.allocateDirect}
 * ({@code -a direct}) read in its native order, or a {@code float[]}
 * ({@code -a arrays}, what a Java program reduces).
 *
 * <p>Validation values are small whole numbers ({@link #value}), so a sum over any number of ranks
 * in any order is exact and the check can ask for equality.
 */
abstract class FloatPayload {
    /** What the receive side holds before the call: no {@link #value} is negative. */
    static final float CLEARED = -1f;

    static FloatPayload allocate(OsuOptions.BufferKind kind, int elements) {
        return kind == OsuOptions.BufferKind.ARRAYS
                ? new Arrays(new float[elements])
                : new Direct(kind.directBuffer(Math.multiplyExact(elements, Float.BYTES)));
    }

    /** What an MPI call takes: the direct {@link ByteBuffer} or the {@code float[]}. */
    abstract Object buffer();

    abstract float get(int index);

    abstract void put(int index, float value);

    /** The value that the data seeded {@code seed} has at {@code index}: a whole number in 0..127. */
    static float value(int seed, int index) {
        return Payload.pattern(seed, index) & 0x7F;
    }

    void fill(int count, int seed) {
        for (int i = 0; i < count; i++) {
            put(i, value(seed, i));
        }
    }

    void clear(int count) {
        for (int i = 0; i < count; i++) {
            put(i, CLEARED);
        }
    }

    /** Negates element {@code index}: the {@code atoll.osu.corrupt} seam that proves validation can fail. */
    void spoil(int index) {
        put(index, -1 - get(index));
    }

    static final class Direct extends FloatPayload {
        private final ByteBuffer buffer;

        Direct(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        Object buffer() {
            return buffer;
        }

        @Override
        float get(int index) {
            return buffer.getFloat(index * Float.BYTES);
        }

        @Override
        void put(int index, float value) {
            buffer.putFloat(index * Float.BYTES, value);
        }
    }

    static final class Arrays extends FloatPayload {
        private final float[] array;

        Arrays(float[] array) {
            this.array = array;
        }

        @Override
        Object buffer() {
            return array;
        }

        @Override
        float get(int index) {
            return array[index];
        }

        @Override
        void put(int index, float value) {
            array[index] = value;
        }
    }
}

package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;
import mpi.Win;

/**
 * The message memory of a benchmark: a direct buffer from {@link MPI#newByteBuffer} (OSU's
 * {@code -a buffer}, board memory), one from {@link ByteBuffer#allocateDirect} ({@code -a direct},
 * what a user's program has) or a {@code byte[]} ({@code -a arrays}, the MVAPICH2-J array form of
 * the nonblocking calls). The point-to-point and one-sided calls below allocate nothing
 * themselves, so what {@code -g} measures is the library's own allocation; the collectives pass
 * {@link #buffer()}.
 *
 * <p>Validation data: {@link #fill} writes a pattern that depends on a seed and on the index
 * within the block, so a block checks the same wherever it lands in a larger buffer.
 */
abstract class Payload {
    final int capacity;

    Payload(int capacity) {
        this.capacity = capacity;
    }

    static Payload allocate(OsuOptions.BufferKind kind, int capacity) {
        return kind == OsuOptions.BufferKind.ARRAYS
                ? new Arrays(new byte[capacity])
                : new Direct(kind.directBuffer(capacity));
    }

    /** What an MPI call takes: the direct {@link ByteBuffer} or the {@code byte[]}. */
    abstract Object buffer();

    abstract void send(Comm comm, int size, int dest, int tag);

    abstract void recv(Comm comm, int size, int source, int tag);

    abstract Request iSend(Comm comm, int size, int dest, int tag);

    abstract Request iRecv(Comm comm, int size, int source, int tag);

    /** {@code Win.put} of the first {@code size} bytes to {@code target}'s window at byte {@code disp}. */
    abstract void putTo(Win win, int size, int target, int disp);

    /** {@code Win.get} of {@code size} bytes from {@code target}'s window at byte {@code disp} into these. */
    abstract void getFrom(Win win, int size, int target, int disp);

    abstract byte get(int index);

    abstract void put(int index, byte value);

    /**
     * {@code count} independent payloads of {@code size} bytes for a validation window: views of
     * this buffer (direct) or fresh arrays. Needs {@code size * count <= capacity} for buffers.
     */
    abstract Payload[] split(int size, int count);

    /** The byte the pattern {@code seed} has at {@code index}. */
    static byte pattern(int seed, int index) {
        int h = (index + 1) * 0x9E3779B1 ^ seed * 0x85EBCA6B;
        return (byte) (h ^ (h >>> 15));
    }

    void fill(int size, int seed) {
        fill(0, size, seed);
    }

    /** Writes the pattern {@code seed} into the {@code size} bytes from {@code offset}. */
    void fill(int offset, int size, int seed) {
        for (int i = 0; i < size; i++) {
            put(offset + i, pattern(seed, i));
        }
    }

    /** Overwrites the first {@code size} bytes with something no pattern produces everywhere. */
    void clear(int size) {
        for (int i = 0; i < size; i++) {
            put(i, (byte) ~pattern(-1, i));
        }
    }

    /** Number of the first {@code size} bytes that differ from the pattern {@code seed}. */
    int check(int size, int seed) {
        return check(0, size, seed);
    }

    /** Number of the {@code size} bytes from {@code offset} that differ from the pattern {@code seed}. */
    int check(int offset, int size, int seed) {
        int errors = 0;
        for (int i = 0; i < size; i++) {
            if (get(offset + i) != pattern(seed, i)) {
                errors++;
            }
        }
        return errors;
    }

    /** Inverts byte {@code index}: the {@code atoll.osu.corrupt} seam that proves validation can fail. */
    void spoil(int index) {
        put(index, (byte) ~get(index));
    }

    static final class Direct extends Payload {
        private final ByteBuffer buffer;

        Direct(ByteBuffer buffer) {
            super(buffer.capacity());
            this.buffer = buffer;
        }

        @Override
        Object buffer() {
            return buffer;
        }

        @Override
        void send(Comm comm, int size, int dest, int tag) {
            comm.send(buffer, size, MPI.BYTE, dest, tag);
        }

        @Override
        void recv(Comm comm, int size, int source, int tag) {
            comm.recv(buffer, size, MPI.BYTE, source, tag);
        }

        @Override
        Request iSend(Comm comm, int size, int dest, int tag) {
            return comm.iSend(buffer, size, MPI.BYTE, dest, tag);
        }

        @Override
        Request iRecv(Comm comm, int size, int source, int tag) {
            return comm.iRecv(buffer, size, MPI.BYTE, source, tag);
        }

        @Override
        void putTo(Win win, int size, int target, int disp) {
            win.put(buffer, size, MPI.BYTE, target, disp, size, MPI.BYTE);
        }

        @Override
        void getFrom(Win win, int size, int target, int disp) {
            win.get(buffer, size, MPI.BYTE, target, disp, size, MPI.BYTE);
        }

        @Override
        byte get(int index) {
            return buffer.get(index);
        }

        @Override
        void put(int index, byte value) {
            buffer.put(index, value);
        }

        @Override
        Payload[] split(int size, int count) {
            if ((long) size * count > capacity) {
                throw new IllegalArgumentException(count + " x " + size + " bytes exceed " + capacity);
            }
            Payload[] parts = new Payload[count];
            for (int k = 0; k < count; k++) {
                parts[k] = new Direct(buffer.slice(k * size, size));
            }
            return parts;
        }
    }

    static final class Arrays extends Payload {
        private final byte[] array;

        Arrays(byte[] array) {
            super(array.length);
            this.array = array;
        }

        @Override
        Object buffer() {
            return array;
        }

        @Override
        void send(Comm comm, int size, int dest, int tag) {
            comm.send(array, size, MPI.BYTE, dest, tag);
        }

        @Override
        void recv(Comm comm, int size, int source, int tag) {
            comm.recv(array, size, MPI.BYTE, source, tag);
        }

        @Override
        Request iSend(Comm comm, int size, int dest, int tag) {
            return comm.iSend(array, size, MPI.BYTE, dest, tag);
        }

        @Override
        Request iRecv(Comm comm, int size, int source, int tag) {
            return comm.iRecv(array, size, MPI.BYTE, source, tag);
        }

        @Override
        void putTo(Win win, int size, int target, int disp) {
            win.put(array, size, MPI.BYTE, target, disp, size, MPI.BYTE);
        }

        @Override
        void getFrom(Win win, int size, int target, int disp) {
            win.get(array, size, MPI.BYTE, target, disp, size, MPI.BYTE);
        }

        @Override
        byte get(int index) {
            return array[index];
        }

        @Override
        void put(int index, byte value) {
            array[index] = value;
        }

        @Override
        Payload[] split(int size, int count) {
            Payload[] parts = new Payload[count];
            for (int k = 0; k < count; k++) {
                parts[k] = new Arrays(new byte[size]);
            }
            return parts;
        }
    }
}

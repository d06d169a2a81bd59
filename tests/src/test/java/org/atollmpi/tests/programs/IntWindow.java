package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * A window of {@code int}s on every rank of a communicator, made in one of the ways a program
 * makes one ({@link Kind}), with what the one-sided test programs need beside the {@link Win}:
 * the owner's own reads and writes of its window memory, the target displacement of element
 * {@code i}, and a checksum of the whole memory.
 *
 * <p>Window memory of the create kinds and the attached memory of a dynamic window is memory the
 * program owns; {@code Win.allocate}'s is the board memory that {@code getAttr(MPI.WIN_BASE)} hands
 * back. Sizes and displacement units follow the Open MPI Java bindings: counted in elements of
 * the buffer or array given (a ByteBuffer counts bytes).
 */
final class IntWindow {
    /** How the window is made. */
    enum Kind {
        /** {@code new Win(buffer, ...)} over {@code MPI.newByteBuffer}: board memory the program owns. */
        NEW_BUFFER("newbuffer"),
        /** {@code new Win(buffer, ...)} over {@code ByteBuffer.allocateDirect}: memory outside the board. */
        DIRECT("direct"),
        /** {@code new Win(int[], ...)}: a Java array. */
        ARRAY("arrays"),
        /** {@code new Win(size, dispUnit, info, comm, base, FLAVOR_PRIVATE)}: the library's board memory. */
        ALLOCATE("allocate"),
        /** {@code new Win(info, comm)}, then a direct buffer attached. */
        DYNAMIC("dynamic");

        final String word;

        Kind(String word) {
            this.word = word;
        }

        static Kind of(String word) {
            for (Kind k : values()) {
                if (k.word.equals(word)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("window kind '" + word + "': expected one of "
                + Arrays.stream(values()).map(k -> k.word).toList());
        }

    }

    final Kind kind;
    final Win win;
    final int ints;
    /** The memory: a native-order ByteBuffer or the int[]. */
    private final ByteBuffer buffer;
    private final int[] array;

    private IntWindow(Kind kind, Win win, int ints, ByteBuffer buffer, int[] array) {
        this.kind = kind;
        this.win = win;
        this.ints = ints;
        this.buffer = buffer;
        this.array = array;
    }

    /** A window of {@code ints} ints on every rank of {@code comm} (collective), zero-filled. */
    static IntWindow create(Kind kind, int ints, Comm comm) {
        int bytes = ints * Integer.BYTES;
        return switch (kind) {
            case NEW_BUFFER -> overBuffer(kind, MPI.newByteBuffer(bytes), comm);
            case DIRECT -> overBuffer(kind, ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder()), comm);
            case ARRAY -> {
                int[] a = new int[ints];
                yield new IntWindow(kind, new Win(a, ints, 1, MPI.INFO_NULL, comm), ints, null, a);
            }
            case ALLOCATE -> {
                Win w = new Win(bytes, Integer.BYTES, MPI.INFO_NULL, comm, (Buffer) null, Win.FLAVOR_PRIVATE);
                ByteBuffer base = ((ByteBuffer) w.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
                Check.that(base.capacity() >= bytes, "Win.allocate: WIN_BASE has %d bytes, asked %d", base.capacity(), bytes);
                yield new IntWindow(kind, w, ints, base, null);
            }
            case DYNAMIC -> {
                ByteBuffer b = MPI.newByteBuffer(bytes);
                Win w = new Win(MPI.INFO_NULL, comm);
                w.attach(b, bytes);
                yield new IntWindow(kind, w, ints, b, null);
            }
        };
    }

    private static IntWindow overBuffer(Kind kind, ByteBuffer b, Comm comm) {
        return new IntWindow(kind, new Win(b, b.capacity(), Integer.BYTES, MPI.INFO_NULL, comm), b.capacity() / 4, b, null);
    }

    /**
     * The target displacement of element {@code i}: in ints, or in bytes for a dynamic window (unit
     * 1), saturating at Integer.MAX_VALUE so that an element far past the end stays far past it.
     */
    int disp(int i) {
        return kind == Kind.DYNAMIC ? (int) Math.min((long) i * Integer.BYTES, Integer.MAX_VALUE) : i;
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

    void fill(int value) {
        for (int i = 0; i < ints; i++) {
            set(i, value);
        }
    }

    /** A checksum of every byte of the memory (CRC-32 of the ints in order). */
    long checksum() {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        for (int i = 0; i < ints; i++) {
            int v = get(i);
            crc.update(v);
            crc.update(v >>> 8);
            crc.update(v >>> 16);
            crc.update(v >>> 24);
        }
        return crc.getValue();
    }

    /** Frees the window (collective), detaching a dynamic window's memory first. */
    void free() {
        if (kind == Kind.DYNAMIC) {
            win.detach(buffer);
        }
        win.free();
    }
}

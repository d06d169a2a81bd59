package org.atollmpi.bench.osu;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * The window of a one-sided benchmark, made on every rank as {@code -w} says: over memory of the
 * {@code -a} kind ({@link WindowCreation#CREATE}), allocated by the library in board memory
 * ({@link WindowCreation#ALLOCATE}), or created empty with that memory attached
 * ({@link WindowCreation#DYNAMIC}). Displacements are bytes from the start of the memory
 * ({@link #disp}).
 */
final class RmaWindow {
    final Win win;
    /** This rank's window memory: a direct {@link ByteBuffer} in native order, or the array given. */
    final Object memory;
    private final WindowCreation creation;

    private RmaWindow(WindowCreation creation, Win win, Object memory) {
        this.creation = creation;
        this.win = win;
        this.memory = memory;
    }

    /**
     * The window of {@code bytes} bytes on every rank of {@code comm} (collective).
     *
     * @param own the memory for {@link WindowCreation#CREATE} and {@link WindowCreation#DYNAMIC}:
     *            a direct {@link ByteBuffer}, a {@code byte[]} or a {@code long[]} of {@code bytes}
     *            bytes; {@link WindowCreation#ALLOCATE} leaves it unused
     */
    static RmaWindow open(WindowCreation creation, Object own, int bytes, Comm comm) {
        return switch (creation) {
            case CREATE -> new RmaWindow(creation, own instanceof Buffer b
                    ? new Win(b, elements(own), 1, MPI.INFO_NULL, comm)
                    : new Win(own, elements(own), 1, MPI.INFO_NULL, comm), own);
            case ALLOCATE -> {
                Win win = new Win(bytes, 1, MPI.INFO_NULL, comm, (Buffer) null, Win.FLAVOR_PRIVATE);
                ByteBuffer base = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
                yield new RmaWindow(creation, win, base);
            }
            case DYNAMIC -> {
                Win win = new Win(MPI.INFO_NULL, comm);
                if (own instanceof Buffer b) {
                    win.attach(b, elements(own));
                } else {
                    win.attach(own, elements(own));
                }
                yield new RmaWindow(creation, win, own);
            }
        };
    }

    /** The size argument of a window over {@code memory}: its elements, as the Open MPI Java bindings count. */
    private static int elements(Object memory) {
        if (memory instanceof Buffer b) {
            return b.capacity();
        }
        return memory instanceof long[] longs ? longs.length : ((byte[]) memory).length;
    }

    /**
     * The target displacement of byte {@code offset} of the peer's window memory: the offset
     * itself (displacement unit 1). A dynamic window has its one attached region at displacement
     * 0, regions being addressed in attach order (the Java API has no MPI_Get_address).
     */
    int disp(int offset) {
        return offset;
    }

    /** Frees the window (collective); a dynamic one's memory is detached first. */
    void free() {
        if (creation == WindowCreation.DYNAMIC) {
            if (memory instanceof Buffer b) {
                win.detach(b);
            } else {
                win.detach(memory);
            }
        }
        win.free();
    }
}

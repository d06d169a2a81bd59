package mpi;

import java.util.Arrays;

/**
 * A list of {@code (file offset, length)} pieces in the order a view's data meets them (which, a
 * view's file type being monotonic, is ascending file order). {@link #add} merges a piece that
 * starts where the last one ends, so a dense view is one piece however many blocks it spans.
 */
final class FilePieces {
    long[] offsets;
    long[] lengths;
    int count;

    FilePieces() {
        this(8);
    }

    FilePieces(int capacity) {
        offsets = new long[Math.max(1, capacity)];
        lengths = new long[Math.max(1, capacity)];
    }

    void clear() {
        count = 0;
    }

    void add(long offset, long length) {
        if (length <= 0) {
            return;
        }
        if (count > 0 && offsets[count - 1] + lengths[count - 1] == offset) {
            lengths[count - 1] += length;
            return;
        }
        if (count == offsets.length) {
            offsets = Arrays.copyOf(offsets, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        offsets[count] = offset;
        lengths[count] = length;
        count++;
    }

    /** Bytes in all pieces. */
    long bytes() {
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += lengths[i];
        }
        return total;
    }

    /** The first byte of the first piece; meaningless when empty. */
    long low() {
        return offsets[0];
    }

    /** One past the last byte of the last piece; meaningless when empty. */
    long high() {
        return offsets[count - 1] + lengths[count - 1];
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? "" : ", ").append(offsets[i]).append('+').append(lengths[i]);
        }
        return b.append(']').toString();
    }
}

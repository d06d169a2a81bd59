package mpi;

import java.util.Arrays;

import org.atollmpi.engine.types.PackPlan;

/**
 * Where a file view's data lie in the file: the view's file type flattened into byte blocks
 * (the pack plan's merged blocks), tiled from the displacement every extent. A view offset
 * counts bytes of the view's data ({@code etype offset * etype size}); {@link #pieces} turns a
 * run of them into file pieces, {@link #fileOffset} maps one, {@link #dataBefore} maps back.
 *
 * <p>MPI requires the file type's displacements to be non-negative and monotonically
 * non-decreasing, so that the data of a view go forward through the file; {@link #check} says
 * whether a flattened type keeps that rule (across its tiles too).
 */
final class FileViewMap {
    /** The default view: bytes from 0, no holes. */
    static final FileViewMap BYTES = new FileViewMap(0, 1, new long[] {0}, new int[] {1});

    final long disp;
    final long extent;
    /** Data bytes in one tile (the file type's size). */
    final long tileSize;
    private final long[] blockOffsets;
    private final int[] blockLengths;
    /** Data bytes before each block, within a tile. */
    private final long[] blockStarts;
    /** One block as long as the extent: the view is one run from {@code disp + blockOffsets[0]}. */
    private final boolean linear;

    FileViewMap(long disp, long extent, long[] blockOffsets, int[] blockLengths) {
        this.disp = disp;
        this.extent = extent;
        this.blockOffsets = blockOffsets.clone();
        this.blockLengths = blockLengths.clone();
        this.blockStarts = new long[blockLengths.length];
        long size = 0;
        for (int b = 0; b < blockLengths.length; b++) {
            blockStarts[b] = size;
            size += blockLengths[b];
        }
        this.tileSize = size;
        this.linear = blockLengths.length == 1 && blockLengths[0] == extent;
    }

    /** The map of a view of {@code filetype}'s plan at {@code disp}. */
    static FileViewMap of(long disp, long extent, PackPlan plan) {
        int n = plan.blockCount();
        long[] offsets = new long[n];
        int[] lengths = new int[n];
        int blocks = 0;
        for (int b = 0; b < n; b++) {
            if (plan.blockLength(b) == 0) {
                continue;
            }
            offsets[blocks] = plan.blockOffset(b);
            lengths[blocks] = plan.blockLength(b);
            blocks++;
        }
        return new FileViewMap(disp, extent, Arrays.copyOf(offsets, blocks), Arrays.copyOf(lengths, blocks));
    }

    /**
     * Null when blocks of this shape make a legal file type; otherwise why not: a negative
     * displacement, blocks going backwards or overlapping, a tile reaching into the next, no data.
     */
    static String check(long extent, long[] offsets, int[] lengths) {
        if (offsets.length == 0) {
            return "it holds no data";
        }
        if (offsets[0] < 0) {
            return "its first block has a negative displacement (" + offsets[0] + ")";
        }
        for (int b = 1; b < offsets.length; b++) {
            if (offsets[b] < offsets[b - 1] + lengths[b - 1]) {
                return "its displacements are not monotonically non-decreasing (block " + b + " at byte "
                    + offsets[b] + " starts before block " + (b - 1) + " ends at byte "
                    + (offsets[b - 1] + lengths[b - 1]) + ")";
            }
        }
        long end = offsets[offsets.length - 1] + lengths[lengths.length - 1];
        if (extent <= 0 || end - offsets[0] > extent) {
            return "its data span " + (end - offsets[0]) + " bytes but its extent is " + extent
                + ", so one tile overlaps the next";
        }
        return null;
    }

    String check() {
        return check(extent, blockOffsets, blockLengths);
    }

    /** The file offset of view data byte {@code dataByte}. */
    long fileOffset(long dataByte) {
        if (linear) {
            return disp + blockOffsets[0] + dataByte;
        }
        long tile = dataByte / tileSize;
        long rest = dataByte - tile * tileSize;
        int b = blockOf(rest);
        return disp + tile * extent + blockOffsets[b] + (rest - blockStarts[b]);
    }

    /** The block holding data byte {@code rest} of a tile. */
    private int blockOf(long rest) {
        int b = Arrays.binarySearch(blockStarts, rest);
        return b >= 0 ? b : -b - 2;
    }

    /** Appends the file pieces of view data bytes {@code [dataStart, dataStart + bytes)} to {@code out}. */
    void pieces(long dataStart, long bytes, FilePieces out) {
        if (bytes <= 0) {
            return;
        }
        if (linear) {
            out.add(disp + blockOffsets[0] + dataStart, bytes);
            return;
        }
        long tile = dataStart / tileSize;
        long rest = dataStart - tile * tileSize;
        int b = blockOf(rest);
        long into = rest - blockStarts[b];
        long remaining = bytes;
        while (remaining > 0) {
            long n = Math.min(blockLengths[b] - into, remaining);
            out.add(disp + tile * extent + blockOffsets[b] + into, n);
            remaining -= n;
            into = 0;
            if (++b == blockOffsets.length) {
                b = 0;
                tile++;
            }
        }
    }

    /** View data bytes at file offsets below {@code fileOffset}: where the view's data end in a file of that size. */
    long dataBefore(long fileOffset) {
        long rel = fileOffset - disp;
        if (linear) {
            return Math.max(0, rel - blockOffsets[0]);
        }
        long first = blockOffsets[0];
        long last = blockOffsets[blockOffsets.length - 1] + blockLengths[blockLengths.length - 1];
        if (rel <= first) {
            return 0;
        }
        long whole = rel < last ? 0 : (rel - last) / extent + 1; // tiles entirely below
        long data = whole * tileSize;
        for (long t = whole; t * extent + first < rel; t++) {
            long base = t * extent;
            for (int b = 0; b < blockOffsets.length; b++) {
                long start = base + blockOffsets[b];
                if (start >= rel) {
                    break;
                }
                data += Math.min(blockLengths[b], rel - start);
            }
        }
        return data;
    }
}

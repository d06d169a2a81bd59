package org.atollmpi.bench.osu;

import java.util.Arrays;

/**
 * The counts and displacements of a v-form call ({@code gatherv}, {@code alltoallv}, ...) as OSU
 * sets them: {@code size} elements for every rank, block {@code r} at {@code r * size}. Filled
 * again only when the size changes, so the timed call does no setup work.
 */
final class Blocks {
    final int[] counts;
    final int[] displs;
    private int size = -1;

    Blocks(int ranks) {
        counts = new int[ranks];
        displs = new int[ranks];
    }

    Blocks of(int size) {
        if (size != this.size) {
            Arrays.fill(counts, size);
            for (int r = 0; r < displs.length; r++) {
                displs[r] = r * size;
            }
            this.size = size;
        }
        return this;
    }
}

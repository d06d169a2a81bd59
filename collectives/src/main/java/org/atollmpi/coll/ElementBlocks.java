package org.atollmpi.coll;

/**
 * Cuts of a reduction's vector into consecutive blocks, as element boundaries: block {@code i}
 * is elements {@code b[i]} to {@code b[i+1]}, so an array of {@code k + 1} describes {@code k}
 * blocks and {@code b[k]} is the whole count.
 */
final class ElementBlocks {
    private ElementBlocks() {
    }

    /** {@code parts} blocks of {@code count / parts} elements, the first {@code count % parts} one longer. */
    static int[] even(int count, int parts) {
        int[] b = new int[parts + 1];
        int base = count / parts;
        int extra = count % parts;
        for (int i = 0; i < parts; i++) {
            b[i + 1] = b[i] + base + (i < extra ? 1 : 0);
        }
        return b;
    }

    /** Blocks of {@code counts[i]} elements each. */
    static int[] of(int[] counts) {
        int[] b = new int[counts.length + 1];
        for (int i = 0; i < counts.length; i++) {
            b[i + 1] = Math.addExact(b[i], counts[i]);
        }
        return b;
    }
}

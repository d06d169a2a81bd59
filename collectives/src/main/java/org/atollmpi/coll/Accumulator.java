package org.atollmpi.coll;

/**
 * The vector that the parts of a folded reduction ({@link FoldIn}, {@link RecursiveDoublingExchange},
 * {@link HalvingReduceScatter}, {@link DoublingBlockGather}, {@link BinomialBlockGather},
 * {@link FoldOut}) combine into and pass on, one part after the other: this member's input,
 * where the running result is, and one scratch array for what arrives.
 *
 * <p>The running result starts in a buffer that the reduction may write (the receive buffer,
 * or an array of the call's own); {@link FoldIn} copies the input there. A part may move it
 * (recursive doubling swaps it with its receive area rather than copy), so a part reads
 * {@link #base}/{@link #offset} when it runs, not when it is built.
 */
final class Accumulator {
    final Reduction op;
    final int count;
    final PairFold fold;
    /** This member's input vector, never written unless it is also where the result goes. */
    final Object inputBase;
    final long inputOffset;
    /** Where the running result is. */
    Object base;
    long offset;
    private byte[] scratch;

    /**
     * {@code base}/{@code offset}: where the running result starts, which {@link FoldIn} fills
     * with the input; anything for a member that {@link PairFold#handsOff}, which never uses it.
     */
    Accumulator(Reduction op, int count, PairFold fold, Object inputBase, long inputOffset, Object base, long offset) {
        this.op = op;
        this.count = count;
        this.fold = fold;
        this.inputBase = inputBase;
        this.inputOffset = inputOffset;
        this.base = base;
        this.offset = offset;
    }

    /** Address of element {@code element} of the running result. */
    long at(int element) {
        return offset + (long) element * op.elementBytes();
    }

    /** Bytes of {@code elements} elements. */
    int bytes(int elements) {
        return op.bytes(elements);
    }

    /**
     * A scratch array of at least {@code bytes}, allocated on first use and kept for the later
     * parts; the first user needs the most (the fold a whole vector, halving its first half).
     */
    byte[] scratch(int bytes) {
        if (scratch == null || scratch.length < bytes) {
            scratch = new byte[bytes];
        }
        return scratch;
    }

    /**
     * {@link #scratch} for a part that may make it the running result: the array is the
     * caller's from now on, and a later part gets a new one.
     */
    byte[] takeScratch(int bytes) {
        byte[] a = scratch(bytes);
        scratch = null;
        return a;
    }
}

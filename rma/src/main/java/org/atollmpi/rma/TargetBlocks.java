package org.atollmpi.rma;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * Where an operation's bytes go in the target window: contiguous blocks, as byte offsets from the
 * target displacement (negative ones allowed: a datatype with a negative lower bound), in the
 * order of the packed origin data. The {@code mpi} layer builds them from the target datatype's
 * pack plan; a contiguous target is one block.
 */
public record TargetBlocks(long[] offsets, int[] lengths) {
    public TargetBlocks {
        if (offsets.length != lengths.length) {
            throw new EngineException(ErrorClass.INTERN, offsets.length + " block offsets for " + lengths.length
                + " block lengths");
        }
    }

    /** {@code bytes} bytes at the displacement itself. */
    public static TargetBlocks contiguous(long shift, int bytes) {
        return new TargetBlocks(new long[] {shift}, new int[] {bytes});
    }

    /**
     * One contiguous block whose shift and length the caller sets before each use
     * ({@code offsets()[0]}, {@code lengths()[0]}): a scratch the hot path reuses instead of
     * allocating, owned by one object that is used by one thread at a time.
     */
    public static TargetBlocks scratch() {
        return new TargetBlocks(new long[1], new int[1]);
    }

    public int count() {
        return offsets.length;
    }

    /** Bytes in all blocks. */
    public long bytes() {
        long n = 0;
        for (int length : lengths) {
            n += length;
        }
        return n;
    }
}

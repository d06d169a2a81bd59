package org.atollmpi.coll;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The collectives whose algorithm is chosen per call, each with the algorithms it can run. The
 * {@code v} and {@code w} forms, whose block sizes only the root (or each pair) knows, have one
 * algorithm each and are not listed: every member must reach the same choice from what it
 * knows, and for them that is the group size alone.
 */
public enum Collective {
    BARRIER(Algorithm.DISSEMINATION),
    BCAST(Algorithm.BINOMIAL, Algorithm.SCATTER_ALLGATHER, Algorithm.BOARD),
    GATHER(Algorithm.BINOMIAL, Algorithm.LINEAR),
    SCATTER(Algorithm.BINOMIAL, Algorithm.LINEAR),
    REDUCE(Algorithm.BINOMIAL, Algorithm.RABENSEIFNER),
    ALLREDUCE(Algorithm.RECURSIVE_DOUBLING, Algorithm.RABENSEIFNER, Algorithm.RING, Algorithm.REDUCE_BCAST),
    ALLGATHER(Algorithm.RECURSIVE_DOUBLING, Algorithm.BRUCK, Algorithm.RING),
    ALLTOALL(Algorithm.BRUCK, Algorithm.PAIRWISE),
    REDUCE_SCATTER(Algorithm.RECURSIVE_HALVING, Algorithm.PAIRWISE, Algorithm.REDUCE_BCAST),
    SCAN(Algorithm.RECURSIVE_DOUBLING, Algorithm.CHAIN),
    EXSCAN(Algorithm.RECURSIVE_DOUBLING, Algorithm.CHAIN);

    private final Set<Algorithm> algorithms;

    Collective(Algorithm first, Algorithm... rest) {
        this.algorithms = EnumSet.of(first, rest);
    }

    /** What this collective can run. */
    public Set<Algorithm> algorithms() {
        return algorithms;
    }

    /** The system property that forces an algorithm: {@code atoll.coll.allreduce.algorithm}, {@code atoll.coll.reduce_scatter.algorithm}. */
    public String property() {
        return "atoll.coll." + name().toLowerCase(Locale.ROOT) + ".algorithm";
    }

    /** The environment variable that does the same: {@code ATOLL_COLL_ALLREDUCE_ALGORITHM}. */
    public String variable() {
        return "ATOLL_COLL_" + name() + "_ALGORITHM";
    }
}

package org.atollmpi.coll;

import java.util.Locale;

/**
 * The algorithms the collectives run. Which collective can run which is
 * {@link Collective#algorithms()}; {@link Tuning} picks one per call. The lower-case name with
 * underscores ({@link #settingName()}) is what {@code atoll.coll.<name>.algorithm} takes.
 */
public enum Algorithm {
    /** Every member talks to the root directly (gather, scatter); all blocks at once. */
    LINEAR,
    /** A binomial tree rooted at the root: {@code ceil(log2 n)} rounds. */
    BINOMIAL,
    /** Dissemination (barrier): round {@code k} signals {@code 2^k} ahead. */
    DISSEMINATION,
    /** Broadcast as a binomial scatter of the buffer's pieces, then an allgather of them (van de Geijn). */
    SCATTER_ALLGATHER,
    /** Reduce-scatter by recursive halving, then a gather (reduce) or allgather (allreduce) by recursive doubling. */
    RABENSEIFNER,
    /** Pairs at distance 1, 2, 4, ... exchange what they have (allreduce, allgather, scan). */
    RECURSIVE_DOUBLING,
    /** Recursive halving: pairs at distance n/2, n/4, ... exchange and reduce the half they keep. */
    RECURSIVE_HALVING,
    /** A ring: n-1 steps, each passing one block to the next member. */
    RING,
    /** Bruck: {@code ceil(log2 n)} rounds of exchanges at distance 2^k, with local rotations. */
    BRUCK,
    /** n-1 rounds, round {@code r} exchanging with {@code me +- r}. */
    PAIRWISE,
    /** One copy in board memory that every member reads (members that share the board). */
    BOARD,
    /** A reduction to member 0, then a broadcast from it. */
    REDUCE_BCAST,
    /** A chain in rank order: member i waits for i-1's prefix (scan). */
    CHAIN;

    /** The name used in settings: {@code recursive_doubling}. */
    public String settingName() {
        return name().toLowerCase(Locale.ROOT);
    }
}

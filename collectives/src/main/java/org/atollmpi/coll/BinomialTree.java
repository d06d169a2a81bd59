package org.atollmpi.coll;

/**
 * The binomial tree of the rooted algorithms, in ranks counted from the root
 * ({@code v = (me - root) mod n}): the parent of {@code v > 0} is {@code v} minus its lowest set
 * bit; the children of {@code v} are {@code v + m} for {@code m = 1, 2, 4, ...} below
 * {@link #subtree subtree(v)}; and the subtree of {@code v} is the contiguous run of members
 * {@code [v, v + subtree(v))}. The root's children head subtrees of 1, 2, 4, ... members (the
 * last one clipped to the group), so data reach everyone in {@code ceil(log2 n)} hops, and a
 * member's subtree is one range of blocks that a gather or scatter moves as one message.
 */
final class BinomialTree {
    private BinomialTree() {
    }

    /** The parent of member {@code v > 0}. */
    static int parent(int v) {
        return v - (v & -v);
    }

    /** How many members the subtree of {@code v} holds: itself and those below it. */
    static int subtree(int v, int n) {
        return v == 0 ? n : Math.min(v & -v, n - v);
    }
}

package mpi;

import java.util.Arrays;
import java.util.TreeMap;

import org.atollmpi.engine.ErrorClass;

/**
 * This process's free engine contexts, and the agreement that gives a new communicator a context
 * free at every one of its members (MPICH's algorithm).
 *
 * <p>Contexts go in PAIRS: pair {@code p} is point-to-point context {@code 2p} and collective
 * context {@code 2p + 1}. Pairs 0 (COMM_WORLD: contexts 0 and 1), 1 (COMM_SELF: 2 and 3) and 2
 * (ports: 4 and 5) are reserved. The engine's matcher keeps an array indexed by context, so ids stay small: a new
 * communicator takes the LOWEST pair free at all its members, and a freed communicator returns its
 * pair for reuse. {@value #PAIRS} pairs: up to {@value #PAIRS} - 3 communicators alive at once.
 *
 * <p>Each process keeps a bitmap ({@code 1} = free). To create a communicator, the members
 * AND their bitmaps ({@link Agreement#allgather} over the parent, then a local AND) and each takes
 * the lowest bit of the result, which is the same everywhere. The bitmap is one per process, so
 * under {@code THREAD_MULTIPLE} two threads creating communicators at once must not both offer it:
 * a thread offers the real bitmap only when it holds it ({@code inUse}) and otherwise offers all
 * zeros, and a last word ANDs "every member offered its real bitmap". An agreement in which some
 * member offered zeros picks nothing and is repeated. Only the waiting operation with the lowest
 * key (the parent's collective context, then the tag of {@code createGroup}) may take the bitmap,
 * so the operation that is lowest across the job eventually holds it at all its members and
 * completes: no deadlock, no livelock (MPICH's "lowest context id gets the mask"). A process with
 * one thread always holds the bitmap and agrees in one round.
 */
final class ContextIds {
    /** Context pairs (so 2 * PAIRS contexts; the wire carries 24 bits). */
    static final int PAIRS = 4096;
    /** 32-bit words of the bitmap, plus one word for the "everyone offered its bitmap" flag. */
    static final int WORDS = PAIRS / 32;
    static final int OFFER_LENGTH = WORDS + 1;
    /** Pairs 0 and 1 belong to COMM_WORLD and COMM_SELF, pair 2 to ports ({@link #DYNAMIC_PAIR}). */
    static final int RESERVED_PAIRS = 3;
    /** The pair of the dynamic-process traffic: port requests and the joins of accept and connect ({@link Ports}). */
    static final int DYNAMIC_PAIR = 2;

    private static ContextIds instance = new ContextIds();

    private final int[] free = new int[WORDS];
    private boolean inUse;
    /** The operations waiting for the bitmap in this process, by key (a multiset: key, count). */
    private final TreeMap<Long, Integer> waiting = new TreeMap<>();

    ContextIds() {
        Arrays.fill(free, -1);
        for (int p = 0; p < RESERVED_PAIRS; p++) {
            clear(free, p);
        }
    }

    /** This process's bitmap. */
    static ContextIds get() {
        synchronized (ContextIds.class) {
            return instance;
        }
    }

    /** A fresh bitmap (MPI starting again, in the unit tests). */
    static void reset() {
        synchronized (ContextIds.class) {
            instance = new ContextIds();
        }
    }

    static int p2pContext(int pair) {
        return 2 * pair;
    }

    static int collContext(int pair) {
        return 2 * pair + 1;
    }

    /** The priority key of an operation: the parent's collective context, then a tag. */
    static long key(int context, int tag) {
        return ((long) context << 32) | (tag & 0xFFFFFFFFL);
    }

    synchronized void register(long key) {
        waiting.merge(key, 1, Integer::sum);
    }

    synchronized void unregister(long key) {
        waiting.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }

    /**
     * What this process contributes to one round: its bitmap and the flag 1 when it may take the
     * bitmap (nobody holds it and {@code key} is the lowest waiting), otherwise all zeros.
     */
    synchronized int[] offer(long key) {
        int[] offer = new int[OFFER_LENGTH];
        if (!inUse && (waiting.isEmpty() || waiting.firstKey() >= key)) {
            inUse = true;
            System.arraycopy(free, 0, offer, 0, WORDS);
            offer[WORDS] = 1;
        }
        return offer;
    }

    /**
     * Ends a round: {@code agreed} is the AND of every member's offer. When all offered their
     * bitmaps and a pair is free at all, takes it (every member takes the same) and returns it;
     * returns -1 when the round must be repeated, -2 when no pair is free at all members.
     */
    synchronized int settle(int[] offer, int[] agreed) {
        boolean mine = offer[WORDS] == 1;
        int pair = -1;
        if (agreed[WORDS] == 1) {
            pair = lowest(agreed);
            if (pair < 0) {
                pair = -2;
            } else if (mine) {
                clear(free, pair);
            }
        }
        if (mine) {
            inUse = false;
        }
        return pair;
    }

    /** Returns {@code pair} (a communicator freed, or a new one this process is not a member of). */
    synchronized void release(int pair) {
        if (pair < RESERVED_PAIRS || pair >= PAIRS) {
            throw new IllegalArgumentException("context pair " + pair + " was never handed out");
        }
        free[pair >>> 5] |= 1 << (pair & 31);
    }

    synchronized boolean isFree(int pair) {
        return (free[pair >>> 5] & (1 << (pair & 31))) != 0;
    }

    /** The number of free pairs (for tests and messages). */
    synchronized int freeCount() {
        int n = 0;
        for (int w : free) {
            n += Integer.bitCount(w);
        }
        return n;
    }

    /** ANDs {@code offers} (members' offers, {@link #OFFER_LENGTH} ints each, end to end). */
    static int[] and(int[] offers) {
        int[] and = new int[OFFER_LENGTH];
        Arrays.fill(and, -1);
        for (int m = 0; m < offers.length; m += OFFER_LENGTH) {
            for (int i = 0; i < OFFER_LENGTH; i++) {
                and[i] &= offers[m + i];
            }
        }
        return and;
    }

    /** ANDs two offers. */
    static int[] and(int[] a, int[] b) {
        int[] and = new int[OFFER_LENGTH];
        for (int i = 0; i < OFFER_LENGTH; i++) {
            and[i] = a[i] & b[i];
        }
        return and;
    }

    /** The lowest pair set in the bitmap part of {@code bits}, or -1. */
    static int lowest(int[] bits) {
        for (int w = 0; w < WORDS; w++) {
            if (bits[w] != 0) {
                return (w << 5) + Integer.numberOfTrailingZeros(bits[w]);
            }
        }
        return -1;
    }

    private static void clear(int[] bits, int pair) {
        bits[pair >>> 5] &= ~(1 << (pair & 31));
    }

    /**
     * Runs the agreement until it yields a pair: each round offers, lets {@code combine} turn this
     * member's offer into the AND of all members' offers (a collective over the parent), and
     * settles. Raises ERR_OTHER on {@code scope} when no pair is free at every member.
     */
    static int allocate(Comm scope, String call, long key, java.util.function.UnaryOperator<int[]> combine) {
        ContextIds ids = get();
        ids.register(key);
        try {
            for (;;) {
                int[] offer = ids.offer(key);
                int[] agreed;
                try {
                    agreed = combine.apply(offer);
                } catch (RuntimeException e) {
                    ids.settle(offer, new int[OFFER_LENGTH]);
                    throw e;
                }
                int pair = ids.settle(offer, agreed);
                if (pair >= 0) {
                    return pair;
                }
                if (pair == -2) {
                    throw scope.raise(ErrorClass.OTHER, call + ": no communicator context is free at every member ("
                        + (PAIRS - RESERVED_PAIRS) + " communicators can be alive at once; " + ids.freeCount()
                        + " free here): free communicators that are no longer used");
                }
                Thread.yield();
            }
        } finally {
            ids.unregister(key);
        }
    }
}

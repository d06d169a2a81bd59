package org.atollmpi.coll;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Picks the algorithm of each collective call from the group size and the message size, unless
 * one is forced with {@code atoll.coll.<name>.algorithm} (system property) or
 * {@code ATOLL_COLL_<NAME>_ALGORITHM} (environment; {@code mpirun -x} forwards it), for example
 * {@code -Datoll.coll.allreduce.algorithm=ring}. Every member of a group must reach the same
 * choice, so a choice depends only on what all of them know alike: the group size, the total
 * bytes of the call, and whether the operation commutes.
 *
 * <p>The broadcast and allreduce thresholds come from measurements on a 2-core machine
 * ({@code benchmarks/compare-coll.sh} and {@code coll-scaling.sh}, in {@code docs/BENCHMARKS.md},
 * "Collectives"); the others are MPICH's defaults, not yet measured here. An algorithm forced where it cannot serve (a
 * Rabenseifner reduction of a non-commutative operation, a count smaller than the group) runs
 * its collective's safe default instead; the algorithms say which in their documentation.
 */
public final class Tuning {
    private static volatile Map<Collective, Algorithm> forced;

    private Tuning() {
    }

    /**
     * The algorithm for one call.
     *
     * @param members     the group size
     * @param bytes       the bytes of the call as every member sees it: the buffer of a broadcast,
     *                    the vector of a reduction, one member's block of a gather, scatter,
     *                    allgather or alltoall
     * @param commutative whether the reduction's operation commutes (true where there is none)
     */
    public static Algorithm select(Collective c, int members, long bytes, boolean commutative) {
        Algorithm a = forced().get(c);
        if (a != null) {
            return a;
        }
        boolean pof2 = Integer.bitCount(members) == 1;
        switch (c) {
            case BARRIER:
                return Algorithm.DISSEMINATION;
            case BCAST:
                // Past the board's eager limit a send from board memory is one Get per member;
                // below it, eager copies through each member's ring cost the root n-1 deposits.
                return bytes <= 16 * 1024 || members < 3 ? Algorithm.BINOMIAL : Algorithm.BOARD;
            case GATHER:
            case SCATTER:
                return bytes * members < 64 * 1024 ? Algorithm.BINOMIAL : Algorithm.LINEAR;
            case REDUCE:
                return bytes < 2048 || !commutative ? Algorithm.BINOMIAL : Algorithm.RABENSEIFNER;
            case ALLREDUCE:
                if (bytes < 2048 || !commutative) {
                    return Algorithm.RECURSIVE_DOUBLING;
                }
                // The ring's 2(n-1) steps each cost a context switch when ranks share cores (this
                // machine: 2 cores); on few members a tree's 2 log n steps win even for long vectors.
                if (bytes < 256 * 1024) {
                    return Algorithm.RABENSEIFNER;
                }
                return members <= 4 ? Algorithm.REDUCE_BCAST : members >= 16 ? Algorithm.RING : Algorithm.RABENSEIFNER;
            case ALLGATHER:
                if (bytes * members < 80 * 1024) {
                    return pof2 ? Algorithm.RECURSIVE_DOUBLING : Algorithm.BRUCK;
                }
                return Algorithm.RING;
            case ALLTOALL:
                return bytes <= 256 && members >= 8 ? Algorithm.BRUCK : Algorithm.PAIRWISE;
            case REDUCE_SCATTER:
                if (!commutative) {
                    return Algorithm.REDUCE_BCAST;
                }
                return bytes < 512 * 1024 ? Algorithm.RECURSIVE_HALVING : Algorithm.PAIRWISE;
            case SCAN:
            case EXSCAN:
                return Algorithm.RECURSIVE_DOUBLING;
            default:
                throw new AssertionError(c);
        }
    }

    /**
     * Whether a blocking {@code c} of {@code bytes} (as for {@link #select}) among
     * {@code members} that all share one board runs on the group's shared area
     * ({@link BoardCollectives}) rather than as messages. Every member reaches the same answer.
     */
    public static boolean onBoard(Collective c, int members, long bytes) {
        return bytes <= onBoardUpTo(c, members);
    }

    /**
     * The most bytes (as for {@link #select}) with which a blocking {@code c} among
     * {@code members} runs on the group's shared area; -1: never (an algorithm is forced for
     * {@code c}, or shared areas are turned off: {@code atoll.coll.shared} /
     * {@code ATOLL_COLL_SHARED} {@code off}).
     */
    public static long onBoardUpTo(Collective c, int members) {
        if (!sharedAreas() || forced().containsKey(c)) {
            return -1;
        }
        // Staging costs a copy in and a copy out, each moving freshly written lines between cores;
        // past these sizes one copy straight out of the sender's memory (a Get of board memory,
        // cross-memory attach) wins. Measured on 2 and 4 ranks, docs/BENCHMARKS.md ("The board's
        // collective engine"): a broadcast of 8 KiB 1.21 µs staged against 0.84 as messages, an
        // alltoall of 16 KiB blocks 4.0 against 3.5, 1 MiB 209 against 53; reductions gain at
        // every size (they read every member's vector anyway: 1 MiB allreduce 238 against 362).
        return switch (c) {
            case BCAST -> 4096;
            case ALLTOALL, SCATTER, ALLGATHER, GATHER -> 8192;
            case BARRIER, REDUCE, ALLREDUCE -> Long.MAX_VALUE;
            default -> -1;
        };
    }

    /**
     * Whether groups open shared areas at all ({@code atoll.coll.shared} /
     * {@code ATOLL_COLL_SHARED}: {@code auto}, the default, or {@code off}), read once.
     *
     * @throws IllegalArgumentException naming the setting, for another value
     */
    public static boolean sharedAreas() {
        Boolean on = sharedAreas;
        if (on == null) {
            String where = "atoll.coll.shared";
            String v = System.getProperty(where);
            if (v == null) {
                where = "ATOLL_COLL_SHARED";
                v = System.getenv(where);
            }
            v = v == null ? "auto" : v.trim().toLowerCase(Locale.ROOT);
            if (!v.equals("auto") && !v.equals("off") && !v.isEmpty()) {
                throw new IllegalArgumentException(where + " must be auto or off, not '" + v + "'");
            }
            on = !v.equals("off");
            sharedAreas = on;
        }
        return on;
    }

    private static volatile Boolean sharedAreas;

    /**
     * Turns shared areas on or off in this JVM from now on ({@code null}: back to the setting);
     * for tests whose peers speak the collectives' messages only. Every member must do the same.
     */
    public static void useSharedAreas(Boolean on) {
        sharedAreas = on;
    }

    /**
     * Forces {@code c} to run {@code a} in this JVM from now on ({@code null}: back to selection);
     * for tests that run every algorithm in turn. Every member must force the same.
     */
    public static void force(Collective c, Algorithm a) {
        if (a != null && !c.algorithms().contains(a)) {
            throw new IllegalArgumentException(c + " has no algorithm " + a + "; it has " + c.algorithms());
        }
        EnumMap<Collective, Algorithm> m = new EnumMap<>(Collective.class);
        m.putAll(forced());
        if (a == null) {
            m.remove(c);
        } else {
            m.put(c, a);
        }
        forced = m;
    }

    /**
     * Reads the settings now, so that a bad one is reported when MPI starts rather than at the
     * first collective.
     *
     * @throws IllegalArgumentException naming the setting and the names it accepts
     */
    public static void readSettings() {
        forced();
        sharedAreas();
    }

    /** The algorithms forced by settings, read once. */
    private static Map<Collective, Algorithm> forced() {
        Map<Collective, Algorithm> m = forced;
        if (m == null) {
            m = fromSettings(System.getenv(), System.getProperties());
            forced = m;
        }
        return m;
    }

    /**
     * The algorithms that properties (first) or environment variables force.
     *
     * @throws IllegalArgumentException naming the setting and what it accepts, for a name that is
     *                                  not one of the collective's algorithms
     */
    static Map<Collective, Algorithm> fromSettings(Map<String, String> env, java.util.Properties properties) {
        EnumMap<Collective, Algorithm> m = new EnumMap<>(Collective.class);
        for (Collective c : Collective.values()) {
            String v = properties.getProperty(c.property());
            String where = c.property();
            if (v == null) {
                v = env.get(c.variable());
                where = c.variable();
            }
            if (v == null || v.isBlank() || v.trim().equalsIgnoreCase("auto")) {
                continue;
            }
            m.put(c, parse(c, where, v.trim()));
        }
        return m;
    }

    private static Algorithm parse(Collective c, String where, String v) {
        for (Algorithm a : c.algorithms()) {
            if (a.settingName().equals(v.toLowerCase(Locale.ROOT).replace('-', '_'))) {
                return a;
            }
        }
        StringBuilder names = new StringBuilder("auto");
        for (Algorithm a : c.algorithms()) {
            names.append(", ").append(a.settingName());
        }
        throw new IllegalArgumentException(where + " must be one of " + names + ", not '" + v + "'");
    }
}

package org.atollmpi.runtime;

import java.util.Locale;

/**
 * How much of the library MPI_Init's training pass drives through the JIT on this rank (the layer
 * above runs the pass, over the public API): the program's first loops then run compiled code
 * instead of paying for the interpreter and for compilations that take the core its rank spins
 * on (docs/BENCHMARKS.md, "The first calls").
 *
 * <p>The pass costs start-up CPU, so by default ({@code auto}) it runs only where it pays: in a
 * rank {@code mpirun} started with its JIT directives ({@link #SCALING_PROPERTY}), everything where
 * every rank has a core of its own, nothing where ranks share cores
 * (there the compilations of every rank compete for the cores: four ranks on two cores took 0.6 s
 * longer to start, twice Open MPI Java's whole start, and their collectives were no faster; 64
 * ranks start as before) and nothing in a world of one rank. {@code atoll.training} /
 * {@code ATOLL_TRAINING} chooses otherwise: {@code auto}, {@code full}, {@code collectives} or
 * {@code off}.
 *
 * <p>Every rank of a job must run the same pass (it communicates); nodes of a job may decide
 * differently, so the pass agrees on the smallest decision first.
 */
public enum Training {
    /** No pass. */
    OFF,
    /** Barrier, broadcast and allreduce. */
    COLLECTIVES,
    /** Point-to-point, collectives and one-sided. */
    FULL;

    static final String PROPERTY = "atoll.training";
    static final String ENV = "ATOLL_TRAINING";
    /**
     * The system property {@code mpirun} sets, beside its JIT directives for the library
     * ({@code RankCompilerHints}), to the factor it scaled the library's thresholds by. Without
     * those directives (a rank started by another launcher) the pass cost 1.6 s of {@code MPI.Init}
     * on two ranks and bought little (C2 compiling the library, a program's loops inlining it):
     * automatically, it runs only where they are.
     */
    public static final String SCALING_PROPERTY = "atoll.jit.libraryScaling";

    /**
     * The pass for a rank of a world of {@code worldSize} on a node of {@code nodeRanks} ranks and
     * {@code nodeCores} cores, as {@code setting} (null, or auto, full, collectives, off) asks;
     * {@code hinted}: the JVM has mpirun's directives for the library ({@link #SCALING_PROPERTY}).
     */
    static Training choose(String setting, int worldSize, int nodeRanks, int nodeCores, boolean hinted) {
        String s = setting == null || setting.isBlank() ? "auto" : setting.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "full", "on", "1", "true" -> FULL;
            case "collectives" -> COLLECTIVES;
            case "off", "0", "false", "none" -> OFF;
            case "auto" -> worldSize < 2 || nodeRanks > nodeCores || !hinted ? OFF : FULL;
            default -> throw new IllegalArgumentException(PROPERTY + " / " + ENV
                + " must be auto, full, collectives or off, not '" + setting + "'");
        };
    }
}

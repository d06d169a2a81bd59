package org.atollmpi.tests.programs;

import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;

/**
 * What every test program shares: start-up, named steps, assertions that say which rank saw what,
 * expected MPI errors, and the closing {@code OK rank r} line the harness looks for.
 *
 * <p>A failed check throws {@link AssertionError}; it is left uncaught, so the rank dies, the
 * launcher ends the job, and the harness shows the message and the stack trace.
 */
public final class Check {
    private static int rank = -1;
    private static int size = -1;

    private Check() {
    }

    /** {@code MPI.Init}; returns the arguments. */
    public static String[] init(String[] args) {
        String[] rest = MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        return rest == null ? args : rest;
    }

    /** {@code MPI.InitThread}; returns the level provided. */
    public static int initThread(String[] args, int required) {
        int provided = MPI.InitThread(args, required);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        return provided;
    }

    public static int rank() {
        return rank;
    }

    public static int size() {
        return size;
    }

    /** Asserts the world has at least {@code n} ranks. */
    public static void needRanks(int n) {
        that(size >= n, "this program needs at least %d ranks, has %d", n, size);
    }

    /**
     * Runs one named check on every rank, between two barriers, so that no message of one step is
     * seen by another; a failure names the step and the rank.
     */
    public static void step(String name, Runnable body) {
        MPI.COMM_WORLD.barrier();
        try {
            body.run();
        } catch (RuntimeException | AssertionError e) {
            AssertionError failure = new AssertionError("step '" + name + "' failed on rank " + rank + ": " + e, e);
            throw failure;
        }
        MPI.COMM_WORLD.barrier();
    }

    /**
     * Rank 0 prints {@code JOB=<id>} from {@code $ATOLL_JOB_ID} (set by mpirun), so a test can
     * look for exactly this job's board files.
     */
    public static void printJobId() {
        if (rank == 0) {
            System.out.println("JOB=" + System.getenv("ATOLL_JOB_ID"));
            System.out.flush();
        }
    }

    /** Prints {@code OK rank r}, finalizes, and checks that MPI says it is finalized. */
    public static void done() {
        MPI.Finalize();
        that(MPI.isFinalized(), "isFinalized() is false after Finalize");
        System.out.println("OK rank " + rank);
        System.out.flush();
    }

    public static void that(boolean condition, String format, Object... args) {
        if (!condition) {
            throw new AssertionError("rank " + rank + ": " + String.format(Locale.ROOT, format, args));
        }
    }

    public static void equal(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError("rank " + rank + ": " + what + " is " + actual + ", expected " + expected);
        }
    }

    public static void equal(Object expected, Object actual, String what) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            throw new AssertionError("rank " + rank + ": " + what + " is " + actual + ", expected " + expected);
        }
    }

    /**
     * Runs {@code call}, which must throw an {@link MPIException} of {@code errorClass} whose
     * message mentions every word of {@code mentions} (case-insensitive). Returns it.
     */
    public static MPIException expectError(int errorClass, String what, Runnable call, String... mentions) {
        try {
            call.run();
        } catch (MPIException e) {
            that(e.getErrorClass() == errorClass, "%s: error class %d (%s), expected %d",
                    what, e.getErrorClass(), e.getMessage(), errorClass);
            String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            for (String word : mentions) {
                that(message.contains(word.toLowerCase(Locale.ROOT)),
                        "%s: message '%s' does not mention '%s'", what, e.getMessage(), word);
            }
            return e;
        }
        throw new AssertionError("rank " + rank + ": " + what + ": no MPIException (expected class "
                + errorClass + ")");
    }

    /** Sleeps without excuses (for the timing checks of synchronous and buffered sends). */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Milliseconds since {@code startNanos}. */
    public static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}

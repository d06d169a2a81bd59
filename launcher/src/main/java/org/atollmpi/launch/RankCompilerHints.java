package org.atollmpi.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * JIT directives every rank's JVM gets from {@code mpirun}, before the user's own options. They
 * say how the library's code is compiled; the program's own code is compiled as the JVM always
 * does. Three groups, each with its reason:
 *
 * <ol>
 * <li><b>Entry points inlined</b> ({@link #INLINED}): the small entry points of the nonblocking
 * calls, {@code Request.waitFor} and the blocking {@code recv} are always inlined into the
 * program's code. They allocate the {@code mpi.Request} (the {@code Status}) themselves, around
 * an operation a larger method started ({@code mpi.Comm}, "nonblocking"), so that a loop that
 * awaits its requests at once ({@code comm.iSend(...).waitFor()}) allocates nothing: C2's escape
 * analysis removes the request once it sees its whole life in the loop. Left to its own
 * heuristics C2 often compiles an entry point on its own first, with the larger method inlined,
 * and then declines to inline that "big method" into the loop, so the request escapes. JMH
 * {@code PointToPointAllocation -prof gc}, which forks with these options: {@code mpiWaitFor}
 * 0.001 B a message against 80 without them (docs/BENCHMARKS.md).</li>
 * <li><b>The library compiled early, by C1</b> ({@link #LIBRARY}): the library's classes reach
 * the JIT's thresholds fifty times sooner ({@code CompileThresholdScaling} {@value #SCALING},
 * {@link #trainingOptions}, where the node trains), and are compiled by C1 only (C2 gives up on them at once: {@code MaxNodeLimit} 1 for them as
 * the root of a compilation, and tiered compilation then compiles them with C1 at full
 * optimisation), except the reduction kernels ({@link #C2_LOOPS}), whose loops C2 vectorises.
 * Why: MPI_Init's training pass ({@code mpi.JitTraining}) compiles the library before the
 * program's first call, while the ranks wait for it; C2 took 0.6-0.9 s of CPU per rank for what
 * C1 compiles in 0.15-0.2 s. C1's code is slower once warm (an 8-byte ping-pong 0.19-0.21 µs a
 * message against C2's 0.12-0.13), but the first calls, which is what programs and benchmarks
 * time, were no faster with everything compiled by C2 (docs/BENCHMARKS.md "The first calls"). The
 * training pass itself is never compiled ({@code exclude}): its loops run once, as a program's
 * {@code main} does, so the JIT compiles the library as a program calls it.</li>
 * <li><b>The library not inlined into the program</b> ({@link #NOT_INLINED}): when C2 compiles a
 * loop of the program, it stops at the library's internal entry points instead of copying the
 * library's call tree into the loop. That compilation happens thousands of iterations into the
 * program's first loop, on the core its rank spins on: small, it costs a fraction of a
 * millisecond there instead of tens. Most of the methods named are larger than C1 inlines anyway
 * (35 bytes); the engine's few small ones cost the library's C1 code a call each.</li>
 * </ol>
 */
public final class RankCompilerHints {
    /** Methods (all overloads) always inlined: each only allocates the request (status) around a call. */
    static final List<String> INLINED = List.of(
        "mpi.Comm::iSend", "mpi.Comm::ibSend", "mpi.Comm::isSend", "mpi.Comm::irSend", "mpi.Comm::iRecv",
        "mpi.Comm::Isend", "mpi.Comm::Ibsend", "mpi.Comm::Issend", "mpi.Comm::Irsend", "mpi.Comm::Irecv",
        "mpi.Request::waitFor", "mpi.Comm::recv", "mpi.Comm::Recv");
    /** The library's packages: compiled early, by C1. */
    static final List<String> LIBRARY = List.of("mpi.*::*", "org.atollmpi.engine.*::*", "org.atollmpi.nic.*::*",
        "org.atollmpi.coll.*::*", "org.atollmpi.rma.*::*", "org.atollmpi.runtime.*::*", "org.agrona.*::*",
        "io.netty.*::*");
    /** Of the library, what C2 compiles: loops it vectorises. */
    static final List<String> C2_LOOPS = List.of("org.atollmpi.coll.ReduceKernels::*");
    /** Where a program's C2-compiled loop stops inlining the library (the entry points above excepted). */
    static final List<String> NOT_INLINED = List.of(
        "org.atollmpi.engine.Engine::*", "mpi.Comm::send", "mpi.Comm::isend", "mpi.Comm::receive",
        "mpi.Comm::contiguousRecv", "mpi.Comm::irecv", "mpi.CommCollectives::*", "mpi.IntercommCollectives::*",
        "mpi.Win::access", "mpi.Win::accessSerially", "mpi.Win::flush", "mpi.Win::flushAll", "mpi.Request::waitAll",
        "mpi.Request::waitAllStatus");
    /** The training pass: interpreted, as a program's main. */
    static final String TRAINING = "mpi.JitTraining::*";
    static final String SCALING = "0.02";
    /** The property that tells the training pass the scaling ({@code mpi.JitTraining}). */
    static final String SCALING_PROPERTY = org.atollmpi.runtime.Training.SCALING_PROPERTY;
    /** C2's default node limit, given back to {@link #C2_LOOPS}. */
    private static final String C2_NODE_LIMIT = "80000";

    private RankCompilerHints() {
    }

    /**
     * Prints the options of a rank with a core of its own, on one line, for a launcher other
     * than mpirun: {@code mpiexec.hydra -n 2 java $(java -cp lib/atoll-mpi.jar
     * org.atollmpi.launch.RankCompilerHints) -cp lib/atoll-mpi.jar:. MyProgram} (docs/PORTING.md).
     * With them, MPI_Init's training pass runs as under mpirun.
     */
    public static void main(String[] args) {
        List<String> all = new ArrayList<>(trainingOptions());
        all.addAll(options());
        System.out.println(String.join(" ", all));
    }

    /**
     * The JVM options of every rank, in order (of two CompileCommands of one option for a method,
     * the later wins): all of the above but the early thresholds, which {@link #trainingOptions}
     * adds where the node trains.
     */
    public static List<String> options() {
        List<String> options = new ArrayList<>();
        options.add("-XX:CompileCommand=quiet");
        for (String method : INLINED) {
            options.add("-XX:CompileCommand=inline," + method);
        }
        for (String pattern : LIBRARY) {
            options.add("-XX:CompileCommand=MaxNodeLimit," + pattern + ",1");
        }
        for (String pattern : C2_LOOPS) {
            options.add("-XX:CompileCommand=MaxNodeLimit," + pattern + "," + C2_NODE_LIMIT);
        }
        for (String method : NOT_INLINED) {
            options.add("-XX:CompileCommand=dontinline," + method);
        }
        options.add("-XX:CompileCommand=exclude," + TRAINING);
        return options;
    }

    /**
     * The library's early thresholds, for a rank whose node runs MPI_Init's training pass (a core
     * a rank, {@code org.atollmpi.runtime.Training}): the pass then ends after three short
     * rounds. Where the node does not train (ranks share cores) they would only make every rank
     * compile more while the job starts, when the cores are shortest.
     */
    public static List<String> trainingOptions() {
        List<String> options = new ArrayList<>(LIBRARY.size() + 1);
        options.add("-XX:CompileCommand=quiet"); // these come first on the command line: quiet before them
        for (String pattern : LIBRARY) {
            options.add("-XX:CompileCommand=CompileThresholdScaling," + pattern + "," + SCALING);
        }
        options.add("-D" + SCALING_PROPERTY + "=" + SCALING); // how long the training pass runs
        return options;
    }
}

package org.atollmpi.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * JIT directives every rank's JVM gets, before the user's own options: the small entry points of
 * the nonblocking calls, {@code Request.waitFor} and the blocking {@code recv} are always inlined
 * into the program's code.
 *
 * <p>Why: those entry points allocate the {@code mpi.Request} themselves, around an operation a
 * larger method started ({@code mpi.Comm}, "nonblocking"), so that a loop that awaits its requests
 * at once ({@code comm.iSend(...).waitFor()}) allocates nothing: C2's escape analysis removes the
 * request once it sees its whole life in the loop. Left to its own heuristics C2 often compiles an
 * entry point on its own first (it is called once per iteration and reaches the compile threshold
 * before the loop does), with the larger method inlined, and then declines to inline that "big
 * method" into the loop, so the request escapes. The same holds for the {@code Status} that
 * {@code recv} returns and a ping-pong ignores. JMH {@code PointToPointAllocation -prof gc}, which
 * forks with these options: {@code mpiWaitFor} 0.001 B a message against 80 without them,
 * {@code mpiBlocking} on arrays 0.001 against 48 (docs/BENCHMARKS.md). {@code quiet} keeps the JVM
 * from printing each directive on stdout.
 */
public final class RankCompilerHints {
    /** Methods (all overloads) always inlined: each only allocates the request (status) around a call. */
    static final List<String> INLINED = List.of(
        "mpi.Comm::iSend", "mpi.Comm::ibSend", "mpi.Comm::isSend", "mpi.Comm::irSend", "mpi.Comm::iRecv",
        "mpi.Comm::Isend", "mpi.Comm::Ibsend", "mpi.Comm::Issend", "mpi.Comm::Irsend", "mpi.Comm::Irecv",
        "mpi.Request::waitFor", "mpi.Comm::recv", "mpi.Comm::Recv");

    private RankCompilerHints() {
    }

    /** The JVM options, in order. */
    public static List<String> options() {
        List<String> options = new ArrayList<>(INLINED.size() + 1);
        options.add("-XX:CompileCommand=quiet");
        for (String method : INLINED) {
            options.add("-XX:CompileCommand=inline," + method);
        }
        return options;
    }
}

package mpi;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.trace.MessageTrace;

/**
 * The collectives' spans in a message trace ({@code mpirun --trace}): each public collective of
 * {@link CommCollectives} records one span named as MPI names it ({@code MPI_Allreduce},
 * {@code MPI_Iallreduce}), blocking ones from the call to its return, nonblocking ones from the
 * call to the completion of their request's operation (the engine ends it). Recorded through the
 * engine's {@link MessageTrace}; without one (tracing off) a call costs a static read and a branch.
 */
final class CollectiveSpans {
    /** The trace of this rank, set by Init (null: off). */
    static MessageTrace trace;

    /** MPI's names, by the API's call names lower-cased without underscores ("allreduce", "reduce_scatter"). */
    private static final Map<String, String> MPI_NAMES = new ConcurrentHashMap<>();

    static {
        for (String n : new String[] {"Barrier", "Bcast", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather",
            "Allgatherv", "Alltoall", "Alltoallv", "Alltoallw", "Reduce", "Allreduce", "Reduce_scatter",
            "Reduce_scatter_block", "Scan", "Exscan"}) {
            String key = n.toLowerCase(Locale.ROOT).replace("_", "");
            MPI_NAMES.put(key, "MPI_" + n);
            MPI_NAMES.put("i" + key, "MPI_I" + n.toLowerCase(Locale.ROOT));
        }
    }

    private CollectiveSpans() {
    }

    /** A collective named {@code call} (the API's name of it) begins on {@code c}: its span, or -1. */
    static int begin(String call, Comm c) {
        MessageTrace t = trace;
        if (t == null) {
            return -1;
        }
        return t.beginSpan(t.spanName(mpiName(call)), c.collContext);
    }

    /**
     * The collective of {@code span} returned {@code r}: null (blocking, over now) or its request,
     * whose operation's completion ends the span.
     */
    static Request end(int span, Request r) {
        if (span < 0) {
            return r;
        }
        Engine e = MPI.engineOrNull();
        if (r == null || r.op == null || e == null) {
            trace.completed(span, false);
        } else {
            e.endSpanWith(r.op, span);
        }
        return r;
    }

    /** The collective of {@code span} failed: its span ends now. */
    static void failed(int span) {
        if (span >= 0) {
            trace.completed(span, false);
        }
    }

    /** {@code allReduce} → {@code MPI_Allreduce}, {@code iReduceScatterBlock} → {@code MPI_Ireduce_scatter_block}. */
    static String mpiName(String call) {
        String key = call.toLowerCase(Locale.ROOT).replace("_", "");
        String name = MPI_NAMES.get(key);
        return name != null ? name : "MPI_" + call;
    }
}

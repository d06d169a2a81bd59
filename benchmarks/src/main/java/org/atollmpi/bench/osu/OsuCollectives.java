package org.atollmpi.bench.osu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

import mpi.Comm;
import mpi.MPI;

/**
 * The OSU collective benchmarks, one program each, named by the first argument: the blocking
 * {@code osu_<name>} (latency: {@link CollectiveLatency}) and the nonblocking {@code osu_i<name>}
 * (overlap: {@link CollectiveOverlap}) of every {@link Operation}. {@code bin/mpirun} knows the
 * names, so
 *
 * <pre>
 * bin/mpirun -np 4 osu_allreduce [-m [min:]max] [-i n] [-x n] [-a buffer|arrays] [-c] [-f]
 * bin/mpirun -np 4 --async-progress osu_iallreduce -m 1024:1048576
 * </pre>
 *
 * runs {@code OsuCollectives osu_allreduce ...} with the benchmarks jar on the class path.
 */
public final class OsuCollectives {
    /** The collectives: the id after {@code osu_} / {@code osu_i}, OSU's title and the call's builder. */
    enum Operation {
        BARRIER("barrier", "Barrier", (o, c) -> new Barrier(c)),
        BCAST("bcast", "Broadcast", Bcast::new),
        REDUCE("reduce", "Reduce", (o, c) -> new Reduction(o, c, false)),
        ALLREDUCE("allreduce", "Allreduce", (o, c) -> new Reduction(o, c, true)),
        GATHER("gather", "Gather", (o, c) -> new Gather(o, c, false)),
        GATHERV("gatherv", "Gatherv", (o, c) -> new Gather(o, c, true)),
        SCATTER("scatter", "Scatter", (o, c) -> new Scatter(o, c, false)),
        SCATTERV("scatterv", "Scatterv", (o, c) -> new Scatter(o, c, true)),
        ALLGATHER("allgather", "Allgather", (o, c) -> new Allgather(o, c, false)),
        ALLGATHERV("allgatherv", "Allgatherv", (o, c) -> new Allgather(o, c, true)),
        ALLTOALL("alltoall", "All-to-All Personalized Exchange", (o, c) -> new Alltoall(o, c, false)),
        ALLTOALLV("alltoallv", "All-to-Allv Personalized Exchange", (o, c) -> new Alltoall(o, c, true)),
        REDUCE_SCATTER("reduce_scatter", "Reduce_scatter", ReduceScatter::new);

        final String id;
        final String title;
        final BiFunction<OsuOptions, Comm, Collective> builder;

        Operation(String id, String title, BiFunction<OsuOptions, Comm, Collective> builder) {
            this.id = id;
            this.title = title;
            this.builder = builder;
        }

        OsuOptions.Kind kind() {
            return this == BARRIER ? OsuOptions.Kind.BARRIER : OsuOptions.Kind.COLLECTIVE;
        }
    }

    /** A program: an operation, blocking or not. */
    record Program(Operation operation, boolean nonblocking) {
        String name() {
            return (nonblocking ? "osu_i" : "osu_") + operation.id;
        }

        String title() {
            return (nonblocking ? "Non-blocking " : "") + operation.title + " Latency";
        }

        OsuBenchmark create(OsuOptions options, Comm comm) {
            Collective collective = operation.builder.apply(options, comm);
            return nonblocking
                    ? new CollectiveOverlap(options, comm, title(), collective)
                    : new CollectiveLatency(options, comm, title(), collective);
        }
    }

    private OsuCollectives() {
    }

    /** Every program, the blocking ones first. */
    static List<Program> programs() {
        List<Program> programs = new ArrayList<>();
        for (boolean nonblocking : new boolean[] {false, true}) {
            for (Operation operation : Operation.values()) {
                programs.add(new Program(operation, nonblocking));
            }
        }
        return programs;
    }

    /** The program called {@code name}, or null. */
    static Program find(String name) {
        for (Program program : programs()) {
            if (program.name().equals(name)) {
                return program;
            }
        }
        return null;
    }

    /** {@code OsuCollectives <program> [options]}. */
    public static void main(String[] args) {
        Program program = args.length == 0 ? null : find(args[0]);
        if (program == null) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.getRank() == 0) {
                System.err.println("OsuCollectives: " + (args.length == 0 ? "no benchmark named" : "no benchmark '" + args[0] + "'")
                        + "; the first argument is one of: " + String.join(" ", programs().stream().map(Program::name).toList()));
            }
            MPI.Finalize();
            System.exit(1);
        }
        OsuBenchmark.main(program.operation().kind(), program.name(), Arrays.copyOfRange(args, 1, args.length),
                program::create);
    }
}

package org.atollmpi.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds each rank to cores of its own when every rank has at least one, as Open MPI does by
 * default: a spinning rank that the scheduler moves between cores loses its cache and, on a VM,
 * may land on a sibling of the other rank's core. Done with {@code taskset}, which execs the rank's
 * JVM in place (same pid). {@code mpirun --bind-to none} turns it off.
 *
 * <p>Unlike a C rank, a JVM is many threads: its JIT compilers and garbage collector work beside
 * the thread that spins in MPI. Bound to one core, they take that core from it in scheduler
 * slices of milliseconds while the program's first calls are being compiled (measured on a quiet
 * 16-core machine, 2 ranks: iterations of 2-8 ms at every size of a user's latency loop, none when
 * the JVM had cores to spare; docs/BENCHMARKS.md). So the cores are shared out: with {@code c}
 * cores and {@code n} ranks, rank {@code r} gets the {@code c / n} consecutive cores from
 * {@code r * (c / n)}: one each when the ranks fill the machine, more when there are spare ones.
 */
final class Binding {
    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    private Binding() {
    }

    /** The cores {@code [first, first + count)} a rank is bound to. */
    record Cores(int first, int count) {
        /** {@code taskset}'s list form: {@code 3} or {@code 8-15}. */
        String list() {
            return count == 1 ? Integer.toString(first) : first + "-" + (first + count - 1);
        }

        /** What {@code --report-bindings} and {@code --display-map} say: {@code core 3}, {@code cores 8-15}. */
        String describe() {
            return (count == 1 ? "core " : "cores ") + list();
        }
    }

    /** The command that runs {@code command} bound to {@link #cores}; {@code command} itself when unbound. */
    static List<String> bind(List<String> command, int rank, int ranks) {
        Cores cores = cores(rank, ranks);
        if (cores == null) {
            return command;
        }
        List<String> bound = new ArrayList<>(command.size() + 3);
        bound.add(TASKSET.toString());
        bound.add("-c");
        bound.add(cores.list());
        bound.addAll(command);
        return bound;
    }

    /** The cores rank {@code rank} of {@code ranks} is bound to, or {@code null} when the ranks are left unbound. */
    static Cores cores(int rank, int ranks) {
        return cores(rank, ranks, Runtime.getRuntime().availableProcessors(), Files.isExecutable(TASKSET));
    }

    static Cores cores(int rank, int ranks, int machineCores, boolean canBind) {
        if (ranks > machineCores || !canBind) {
            return null;
        }
        int each = machineCores / ranks;
        return new Cores(rank * each, each);
    }
}

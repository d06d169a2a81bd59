package org.atollmpi.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds rank {@code r} to core {@code r} when every rank has a core of its own, as Open MPI does
 * by default: a spinning rank that the scheduler moves between cores loses its cache and, on a VM,
 * may land on a sibling of the other rank's core. Done with {@code taskset}, which execs the rank's
 * JVM in place (same pid). {@code mpirun --bind-to none} turns it off: a rank with busy threads of
 * its own wants more than one core.
 */
final class Binding {
    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    private Binding() {
    }

    /** The command that runs {@code command} bound to {@link #core}; {@code command} itself when unbound. */
    static List<String> bind(List<String> command, int rank, int ranks) {
        int core = core(rank, ranks);
        if (core < 0) {
            return command;
        }
        List<String> bound = new ArrayList<>(command.size() + 3);
        bound.add(TASKSET.toString());
        bound.add("-c");
        bound.add(Integer.toString(core));
        bound.addAll(command);
        return bound;
    }

    /** The core rank {@code rank} of {@code ranks} is bound to, or -1 when the ranks are left unbound. */
    static int core(int rank, int ranks) {
        int cores = Runtime.getRuntime().availableProcessors();
        return ranks > cores || !Files.isExecutable(TASKSET) ? -1 : rank;
    }
}

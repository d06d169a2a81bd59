package org.atollmpi.launch;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.launch.RankCommand.Installation;
import picocli.CommandLine.ParameterException;

/**
 * {@code mpirun} / {@code mpiexec}: starts the ranks of a Java MPI program on this machine and
 * exits with the job's status. See {@code mpirun --help}.
 */
public final class Mpirun {
    private Mpirun() {
    }

    public static void main(String[] args) {
        TerminationSignals.install();
        System.exit(run(args));
    }

    /** Runs mpirun with this command line; returns its exit status. */
    static int run(String... args) {
        // the bin/ scripts say which name the user typed, for messages
        String name = System.getProperty("atoll.launcher.name", "mpirun");
        PrintStream err = System.err;
        Map<String, String> env = System.getenv();
        JobSpec spec;
        List<String> command;
        try {
            spec = MpirunArgs.parse(name, args);
            if (spec == null) {
                return 0;
            }
            command = RankCommand.command(spec, Installation.current(), env.get("CLASSPATH"));
        } catch (ParameterException | UsageError e) {
            err.println(name + ": " + e.getMessage());
            err.println("Try '" + name + " --help' for more information.");
            return 1;
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (spec.np() > cores && !spec.oversubscribe()) {
            err.println(name + ": there are not enough slots available in the system to satisfy the " + spec.np()
                    + " slots\nthat were requested by the application: this machine has " + cores + " cores.\n"
                    + "Either request fewer ranks (-np " + cores + " or less), or allow more ranks than cores"
                    + " with --oversubscribe.");
            return 1;
        }
        Map<String, String> exported = RankCommand.exports(spec.exports(), env, w -> err.println(name + ": " + w));
        return new Job(name, spec, command, exported, System.out, err).run();
    }
}

package org.atollmpi.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.launch.ProgramLookup.ProgramNotFound;
import org.atollmpi.launch.RankCommand.Installation;

/**
 * {@code mpirun} / {@code mpiexec}: starts the ranks of an MPI program (a Java class, a jar or an
 * executable) on this machine or the hosts of {@code -H/--hostfile} and exits with the job's status. See {@code mpirun --help}.
 */
public final class Mpirun {
    private Mpirun() {
    }

    /** Jobs the ranks spawned (MPI_Comm_spawn): mpirun ends after them. */
    private static final List<Thread> SPAWNED = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Those jobs, once made: ended when the job that spawned them fails. */
    private static final List<Job> SPAWNED_JOBS = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The first non-zero status of a spawned job whose ranks ran. */
    private static final java.util.concurrent.atomic.AtomicInteger SPAWNED_STATUS =
        new java.util.concurrent.atomic.AtomicInteger();

    public static void main(String[] args) {
        TerminationSignals.install();
        int status = run(args);
        status = afterSpawnedJobs(status);
        // A signal's exit may be under way (its hooks ending the job is what made run return):
        // exiting with the job's status now would race it, and a JVM already shut down takes
        // whichever nonzero status comes first. Exit with the signal's.
        int signalled = TerminationSignals.exitStatus();
        System.exit(signalled != 0 ? signalled : status);
    }

    /** Runs mpirun with this command line; returns its exit status. */
    static int run(String... args) {
        return run(job -> { }, args);
    }

    /** As {@link #run(String...)}; {@code started} gets the job before it starts its ranks. */
    static int run(java.util.function.Consumer<Job> started, String... args) {
        // the bin/ scripts say which name the user typed, for messages
        String name = System.getProperty("atoll.launcher.name", "mpirun");
        PrintStream err = System.err;
        Map<String, String> env = System.getenv();
        JobSpec spec;
        List<String> command;
        Installation installation;
        try {
            spec = MpirunArgs.parse(name, args);
            if (spec == null) {
                return 0;
            }
            installation = Installation.current();
            String classPathEnv = env.get("CLASSPATH");
            spec = ProgramLookup.resolve(spec, RankCommand.classPath(spec, installation, classPathEnv), env.get("PATH"));
            command = RankCommand.command(spec, installation, classPathEnv);
        } catch (UsageError e) {
            err.println(name + ": " + e.getMessage());
            err.println("Try '" + name + " --help' for more information.");
            return 1;
        } catch (ProgramNotFound e) {
            err.println(name + ": " + e.getMessage());
            return 1;
        }
        for (String warning : spec.warnings()) {
            err.println(name + ": warning: " + warning);
        }
        String slotError = slotError(spec);
        if (slotError != null) {
            err.println(name + ": " + slotError);
            return 1;
        }
        if (spec.verbose()) {
            err.println(name + ": every rank runs: " + String.join(" ", command));
        }
        List<InetAddress> serverAddresses;
        try {
            serverAddresses = JobServer.addressesFor(spec.placement(), spec.serverInterfaces());
        } catch (UsageError e) {
            err.println(name + ": " + e.getMessage());
            return 1;
        }
        Map<String, String> exported = RankCommand.exports(spec.exports(), env, w -> err.println(name + ": " + w));
        Job job = new Job(name, spec, command, exported, serverAddresses, System.out, err)
                .withLocalEnvironment(RankCommand.localEnvironment(spec, installation, env, exported))
                .withSpawner(spawner(spec));
        started.accept(job);
        int status = job.run();
        if (spec.trace() != null) {
            mergeTrace(name, spec, err);
        }
        return status;
    }

    /**
     * Merges the ranks' trace parts into the {@code --trace} file, whatever the job's status: a
     * rank that died left no part, which the merge names; the others are still worth reading.
     */
    private static void mergeTrace(String name, JobSpec spec, PrintStream err) {
        try {
            TraceMerge.Result merged = TraceMerge.merge(spec.trace(), spec.np());
            for (String warning : merged.warnings()) {
                err.println(name + ": warning: trace: " + warning);
            }
            err.println(name + ": trace of " + merged.ranks() + " of " + spec.np() + " ranks (" + merged.messages()
                + " message events, " + merged.flows() + " send-receive pairs, " + merged.spans() + " collectives)"
                + " written to " + spec.trace());
        } catch (IOException | RuntimeException e) {
            err.println(name + ": cannot write the trace " + spec.trace() + " (the ranks' parts are left beside it): "
                + e);
        }
    }

    /**
     * Waits for the jobs the ranks spawned (as Open MPI's mpirun waits for its children): the
     * status is the job's, or a spawned job's failure when the job itself succeeded.
     */
    static int afterSpawnedJobs(int status) {
        if (status != 0) {
            for (Job j : SPAWNED_JOBS) {
                j.stop("the job that spawned it failed");
            }
        }
        for (Thread t : SPAWNED) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return status != 0 ? status : SPAWNED_STATUS.get();
    }

    /**
     * Starts a spawned job as {@code mpirun <args>} would, on a thread of this mpirun, with what the
     * parent job was given that its children need too: its exports, board, working directory and
     * time limit. The children find their parent through the port in their environment.
     */
    static Job.Spawner spawner(JobSpec parent) {
        return (args, ended) -> {
            List<String> full = new java.util.ArrayList<>();
            for (String x : parent.exports()) {
                full.add("-x");
                full.add(x);
            }
            if (parent.board() != null) {
                full.add("--board");
                full.add(parent.board());
            }
            if (parent.workDir() != null) {
                full.add("--wdir");
                full.add(parent.workDir().toString());
            }
            if (parent.timeout() != null) {
                full.add("--timeout");
                full.add(Long.toString(Math.max(1, parent.timeout().toSeconds())));
            }
            full.addAll(args);
            Thread t = new Thread(() -> {
                int status = 1;
                String message = "";
                Job[] made = {null};
                try {
                    status = run(job -> {
                        made[0] = job;
                        SPAWNED_JOBS.add(job);
                    }, full.toArray(new String[0]));
                } catch (RuntimeException | Error e) {
                    message = e.toString();
                } finally {
                    // a job that never reached MPI_Init failed to start: its parent raised ERR_SPAWN
                    // (the program's to handle); one that ran and failed fails mpirun too
                    if (status != 0 && made[0] != null && made[0].anyJoined()) {
                        SPAWNED_STATUS.compareAndSet(0, status);
                    }
                    ended.accept(status, message);
                }
            }, "atoll-spawned-job");
            SPAWNED.add(t);
            t.start();
        };
    }

    /**
     * Why the job does not fit its slots (the cores, or the slots of {@code -H/--hostfile}), or null
     * when it does. As with Open MPI, {@code --oversubscribe} lifts the limit of the slots but not
     * that of a hostfile's {@code max_slots}.
     */
    static String slotError(JobSpec spec) {
        HostList hosts = spec.hosts();
        int slots = hosts != null ? hosts.slots() : Runtime.getRuntime().availableProcessors();
        String what = hosts != null ? "the host list gives " + slots + " slots" : "this machine has " + slots + " cores";
        if (spec.np() > slots && !spec.oversubscribe()) {
            return "there are not enough slots available in the system to satisfy the " + spec.np()
                    + " slots\nthat were requested by the application: " + what + ".\n"
                    + "Either request fewer ranks (-np " + slots + " or less), or allow more ranks than slots"
                    + " with --oversubscribe.";
        }
        if (hosts != null && hosts.maxSlots() > 0 && spec.np() > hosts.maxSlots()) {
            return "-np " + spec.np() + " is more than the hostfile's max_slots allow (" + hosts.maxSlots()
                    + "), --oversubscribe or not";
        }
        return null;
    }
}

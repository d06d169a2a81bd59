package org.atollmpi.launch;

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

    public static void main(String[] args) {
        TerminationSignals.install();
        int status = run(args);
        // A signal's exit may be under way (its hooks ending the job is what made run return):
        // exiting with the job's status now would race it, and a JVM already shut down takes
        // whichever nonzero status comes first. Exit with the signal's.
        int signalled = TerminationSignals.exitStatus();
        System.exit(signalled != 0 ? signalled : status);
    }

    /** Runs mpirun with this command line; returns its exit status. */
    static int run(String... args) {
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
        return new Job(name, spec, command, exported, serverAddresses, System.out, err)
                .withLocalEnvironment(RankCommand.localEnvironment(spec, installation, env, exported)).run();
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

package org.atollmpi.launch;

import sun.misc.Signal;

/**
 * SIGINT, SIGTERM and SIGHUP end mpirun as they end any JVM (the shutdown hooks run, which end
 * the job; the exit status is 128 + the signal's number, 130 for SIGINT and 143 for SIGTERM, as a
 * shell reports a command killed by it), and remember which signal it was, so that the message
 * can name it. A signal ignored when the JVM started stays ignored (the JVM installs no handler
 * for it): {@code nohup mpirun} keeps running when the terminal goes; {@code bin/mpirun} resets
 * an ignored SIGINT and SIGTERM before it starts java.
 */
final class TerminationSignals {
    private static final String[] NAMES = {"INT", "TERM", "HUP"};

    private static volatile String received;
    private static volatile int exitStatus;

    private TerminationSignals() {
    }

    /** Takes over the three signals from the JVM's own handler; for mpirun's main only. */
    static void install() {
        for (String name : NAMES) {
            try {
                Signal.handle(new Signal(name), TerminationSignals::terminate);
            } catch (IllegalArgumentException e) {
                // reserved (java -Xrs): the JVM's default handling, which also runs the hooks, stays
            }
        }
    }

    /** {@code "SIGINT"} if that signal is ending mpirun; null if none is. */
    static String received() {
        return received;
    }

    /** 128 + the number of the signal that is ending mpirun; 0 if none is. */
    static int exitStatus() {
        return exitStatus;
    }

    private static void terminate(Signal signal) {
        received = "SIG" + signal.getName();
        exitStatus = 128 + signal.getNumber();
        System.exit(exitStatus);
    }
}

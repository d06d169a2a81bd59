package org.atollmpi.bench.startup;

import java.lang.management.ManagementFactory;

import mpi.MPI;

/**
 * Where a job's start-up goes, per rank: a Hello that notes the wall clock on entering
 * {@code main}, after {@code MPI.Init} and after {@code MPI.Finalize}, and then (the JVM's own
 * start time, from the runtime MXBean, read last because it loads JMX) prints them all in
 * milliseconds since the epoch. {@code benchmarks/startup.sh} sets them beside the moment it
 * started mpirun and the moment mpirun exited.
 *
 * <pre>rank R jvm T0 main T1 init T2 finalize T3</pre>
 */
public final class StartUpPhases {
    private StartUpPhases() {
    }

    public static void main(String[] args) {
        long main = System.currentTimeMillis();
        MPI.Init(args);
        long init = System.currentTimeMillis();
        int rank = MPI.COMM_WORLD.getRank();
        MPI.Finalize();
        long finalized = System.currentTimeMillis();
        long jvm = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("rank " + rank + " jvm " + jvm + " main " + main + " init " + init + " finalize " + finalized);
    }
}

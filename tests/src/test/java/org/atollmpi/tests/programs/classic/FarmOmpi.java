package org.atollmpi.tests.programs.classic;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Master-worker task farm, Open MPI style (no MPI.OBJECT there: tasks and results are long
 * arrays). Rank 0 hands a task to each worker, then, for every result that comes back
 * (ANY_SOURCE; the status says who), the next task to that worker, and finally a STOP tag to
 * each. A task is a number k; its result is {@link #work}(k). Rank 0 checks every result against
 * the serial computation and that every worker did some; a one-rank job does the work itself.
 * Argument: number of tasks (100).
 */
public class FarmOmpi {
    static final int TASK = 1;
    static final int RESULT = 2;
    static final int STOP = 3;

    /** Some work: the sum of i*i mod 1009 for i up to 1000 + 37k. */
    static long work(long k) {
        long s = 0;
        for (long i = 1; i <= 1000 + 37 * k; i++) {
            s += i * i % 1009;
        }
        return s;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        if (rank == 0) {
            long[] results = new long[tasks];
            int[] done = new int[size];
            if (size == 1) {
                for (int k = 0; k < tasks; k++) {
                    results[k] = work(k);
                }
            } else {
                int next = 0;
                int outstanding = 0;
                for (int w = 1; w < size; w++) {
                    if (next < tasks) {
                        MPI.COMM_WORLD.send(new long[] {next++}, 1, MPI.LONG, w, TASK);
                        outstanding++;
                    }
                }
                long[] result = new long[2];
                while (outstanding > 0) {
                    Status s = MPI.COMM_WORLD.recv(result, 2, MPI.LONG, MPI.ANY_SOURCE, RESULT);
                    outstanding--;
                    int worker = s.getSource();
                    results[(int) result[0]] = result[1];
                    done[worker]++;
                    if (next < tasks) {
                        MPI.COMM_WORLD.send(new long[] {next++}, 1, MPI.LONG, worker, TASK);
                        outstanding++;
                    }
                }
                for (int w = 1; w < size; w++) {
                    MPI.COMM_WORLD.send(new long[0], 0, MPI.LONG, w, STOP);
                }
            }
            for (int k = 0; k < tasks; k++) {
                if (results[k] != work(k)) {
                    throw new AssertionError("rank 0: task " + k + " gave " + results[k] + ", expected " + work(k));
                }
            }
            for (int w = 1; w < size && w <= tasks; w++) {
                if (done[w] == 0) {
                    throw new AssertionError("rank 0: worker " + w + " did no task");
                }
            }
        } else {
            long[] task = new long[1];
            int count = 0;
            while (true) {
                Status s = MPI.COMM_WORLD.recv(task, 1, MPI.LONG, 0, MPI.ANY_TAG);
                if (s.getTag() == STOP) {
                    break;
                }
                MPI.COMM_WORLD.send(new long[] {task[0], work(task[0])}, 2, MPI.LONG, 0, RESULT);
                count++;
            }
            System.out.println("worker " + rank + " did " + count + " tasks");
        }
        MPI.Finalize();
        System.out.println("OK rank " + rank);
    }
}

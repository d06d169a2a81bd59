package org.atollmpi.tests.programs.classic;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.Status;

/**
 * Master-worker task farm in the mpiJava style, sending objects with MPI.OBJECT: a
 * {@link Task} (an id and a list of numbers) goes to a worker, a {@link Result} (the id, the
 * worker, the sum of {@link FarmOmpi#work} over the numbers) comes back; a null task stops a
 * worker. Rank 0 checks every result against the serial computation. Argument: tasks (60).
 */
public class FarmMpj {
    static final int TAG = 10;

    static final class Task implements Serializable {
        private static final long serialVersionUID = 1L;
        final int id;
        final List<Long> numbers;

        Task(int id, List<Long> numbers) {
            this.id = id;
            this.numbers = numbers;
        }
    }

    static final class Result implements Serializable {
        private static final long serialVersionUID = 1L;
        final int id;
        final int worker;
        final long value;

        Result(int id, int worker, long value) {
            this.id = id;
            this.worker = worker;
            this.value = value;
        }
    }

    static Task task(int id) {
        List<Long> numbers = new ArrayList<>();
        for (int i = 0; i <= id % 5; i++) {
            numbers.add((long) (id + i));
        }
        return new Task(id, numbers);
    }

    static long solve(Task t) {
        long s = 0;
        for (long k : t.numbers) {
            s += FarmOmpi.work(k);
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int tasks = rest != null && rest.length > 0 ? Integer.parseInt(rest[0]) : 60;
        if (me == 0) {
            Result[] results = new Result[tasks];
            if (size == 1) {
                for (int id = 0; id < tasks; id++) {
                    results[id] = new Result(id, 0, solve(task(id)));
                }
            } else {
                int next = 0;
                int outstanding = 0;
                Object[] out = new Object[2];  // the object travels from offset 1
                for (int w = 1; w < size && next < tasks; w++) {
                    out[1] = task(next++);
                    MPI.COMM_WORLD.Send(out, 1, 1, MPI.OBJECT, w, TAG);
                    outstanding++;
                }
                Object[] in = new Object[1];
                while (outstanding > 0) {
                    Status s = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, TAG);
                    outstanding--;
                    Result r = (Result) in[0];
                    if (r.worker != s.source) {
                        throw new AssertionError("rank 0: result from " + s.source + " says worker " + r.worker);
                    }
                    results[r.id] = r;
                    out[1] = next < tasks ? task(next++) : null;
                    MPI.COMM_WORLD.Send(out, 1, 1, MPI.OBJECT, s.source, TAG);
                    if (out[1] != null) {
                        outstanding++;
                    }
                }
                // workers that never got a task (more workers than tasks) still need their stop
                for (int w = tasks + 1; w < size; w++) {
                    MPI.COMM_WORLD.Send(new Object[] {null}, 0, 1, MPI.OBJECT, w, TAG);
                }
            }
            for (int id = 0; id < tasks; id++) {
                long expected = solve(task(id));
                if (results[id] == null || results[id].value != expected) {
                    throw new AssertionError("rank 0: task " + id + " gave "
                            + (results[id] == null ? "nothing" : results[id].value) + ", expected " + expected);
                }
            }
        } else {
            Object[] in = new Object[1];
            int count = 0;
            while (true) {
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, 0, TAG);
                Task t = (Task) in[0];
                if (t == null) {
                    break;
                }
                MPI.COMM_WORLD.Send(new Object[] {new Result(t.id, me, solve(t))}, 0, 1, MPI.OBJECT, 0, TAG);
                count++;
            }
            System.out.println("worker " + me + " did " + count + " tasks");
        }
        MPI.Finalize();
        System.out.println("OK rank " + me);
    }
}

package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Passive target needs no help from the target: the last rank computes for {@value #COMPUTE_MS}
 * ms without any MPI call (a busy loop) while every other rank locks its window, puts, gets,
 * accumulates and unlocks, {@value #ROUNDS} times, exclusive and shared in turn. Each records the
 * wall-clock time it finished; after the target's loop they are gathered, and each must have
 * finished at least {@value #MARGIN_MS} ms before the target's computation ended. The data is
 * checked too.
 *
 * <p>The argument names the target's window: {@code allocate} (default) or {@code newbuffer}
 * (create over MPI.newByteBuffer), board memory that origins reach by themselves; {@code direct}
 * (create over ByteBuffer.allocateDirect), memory the target's progress engine serves, which
 * finishes early only with a progress thread ({@code --async-progress}). A second argument
 * {@code rounds=N} changes the rounds.
 */
public final class OneSidedPassiveTarget {
    static final long COMPUTE_MS = 3000;
    static final long MARGIN_MS = 1000;
    static final int ROUNDS = 200;
    static final int INTS = 16;

    private OneSidedPassiveTarget() {
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        String kind = args.length > 0 ? args[0] : "allocate";
        int rounds = args.length > 1 && args[1].startsWith("rounds=") ? Integer.parseInt(args[1].substring(7)) : ROUNDS;
        int me = Check.rank();
        int n = Check.size();
        int target = n - 1;
        Intracomm world = MPI.COMM_WORLD;
        int bytes = 4 * INTS * n;
        Win win;
        ByteBuffer memory;
        switch (kind) {
            case "allocate" -> {
                win = new Win(bytes, 4, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_PRIVATE);
                memory = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
            }
            case "newbuffer" -> {
                memory = MPI.newByteBuffer(bytes);
                win = new Win(memory, bytes, 4, MPI.INFO_NULL, world);
            }
            case "direct" -> {
                memory = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
                win = new Win(memory, bytes, 4, MPI.INFO_NULL, world);
            }
            default -> throw new IllegalArgumentException("window '" + kind + "': allocate, newbuffer or direct");
        }
        for (int i = 0; i < INTS * n; i++) {
            memory.putInt(4 * i, 0);
        }
        world.barrier();

        long[] times = new long[2];
        if (me == target) {
            long start = System.currentTimeMillis();
            long spins = compute(COMPUTE_MS);
            times[0] = start;
            times[1] = System.currentTimeMillis();
            Check.that(spins > 0, "the computation did not run");
        } else {
            ByteBuffer out = MPI.newByteBuffer(4 * INTS);
            ByteBuffer in = MPI.newByteBuffer(4 * INTS);
            ByteBuffer one = MPI.newByteBuffer(4);
            one.putInt(0, 1);
            for (int r = 0; r < rounds; r++) {
                for (int j = 0; j < INTS; j++) {
                    out.putInt(4 * j, me * 100_000 + r * 100 + j);
                }
                win.lock(r % 2 == 0 ? MPI.LOCK_EXCLUSIVE : MPI.LOCK_SHARED, target, 0);
                win.put(out, INTS, MPI.INT, target, me * INTS, INTS, MPI.INT);
                win.flush(target);
                win.get(in, INTS, MPI.INT, target, me * INTS, INTS, MPI.INT);
                win.accumulate(one, 1, MPI.INT, target, target * INTS, 1, MPI.INT, MPI.SUM);
                win.unlock(target);
                for (int j = 0; j < INTS; j++) {
                    Check.equal(me * 100_000 + r * 100 + j, in.getInt(4 * j), "round " + r + ": get of the put [" + j
                        + "]");
                }
            }
            times[1] = System.currentTimeMillis();
        }
        long[] all = new long[2 * n];
        world.allGather(times, 2, MPI.LONG, all, 2, MPI.LONG);
        long computeEnd = all[2 * target + 1];
        for (int r = 0; r < n; r++) {
            if (r != target) {
                long early = computeEnd - all[2 * r + 1];
                Check.that(early >= MARGIN_MS, "rank %d finished its %d locked rounds %d ms before the target's %d ms"
                    + " computation ended, not %d ms or more: the origins waited for the target", r, rounds, early,
                    COMPUTE_MS, MARGIN_MS);
            }
        }
        if (me == target) {
            System.out.printf("target computed %d ms; origins finished %s ms before its end%n",
                all[2 * target + 1] - all[2 * target], earliness(all, target));
            for (int r = 0; r < n - 1; r++) {
                for (int j = 0; j < INTS; j++) {
                    Check.equal(r * 100_000 + (rounds - 1) * 100 + j, memory.getInt(4 * (r * INTS + j)),
                        "rank " + r + "'s last put [" + j + "]");
                }
            }
            Check.equal((long) (n - 1) * rounds, memory.getInt(4 * target * INTS), "the accumulated count");
        }
        win.free();
        Check.done();
    }

    /** Busy work for {@code millis} ms with no MPI call; returns the rounds done (so none is optimised away). */
    static long compute(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 1;
        long rounds = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            rounds++;
        }
        return x == 0 ? -rounds : rounds;
    }

    private static String earliness(long[] all, int target) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < all.length / 2; r++) {
            if (r != target) {
                b.append(b.length() == 0 ? "" : ", ").append(all[2 * target + 1] - all[2 * r + 1]);
            }
        }
        return b.toString();
    }
}

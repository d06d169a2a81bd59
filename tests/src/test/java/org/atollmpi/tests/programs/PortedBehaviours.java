package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Datatype;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;
import mpi.Win;

/**
 * What programs written for the Open MPI Java bindings (argument {@code ompi}) or MPJ Express
 * ({@code mpj}) rely on, each a step: {@code MPI.slice} moves the buffer's position as Open MPI's
 * does and the buffer is still addressed from its start; the same array as send and receive
 * buffer of allreduce, reduce, allgather, alltoall and gather gives the answer of distinct arrays;
 * a derived type whose lower bound is negative, used at an offset, reaches back before it;
 * {@code MPI.INFO_ENV} names the main class; a window created with {@code no_locks=true} refuses
 * lock and lockAll; windows over read-only buffers are refused; memory attached to a dynamic
 * window stays alive when the program drops it; and under ERRORS_RETURN a user reduction that
 * throws on one rank is an error on every rank. Started with {@code mpirun --mpj-args}, main's
 * arguments begin with MPJ Express's three and Init returns the program's own.
 */
public final class PortedBehaviours {
    private PortedBehaviours() {
    }

    public static void main(String[] args) {
        String[] own = Check.init(args);
        String dialect = own[0];
        boolean mpj = dialect.equals("mpj");
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;

        if (args.length == 3 + own.length) {
            step("mpirun --mpj-args: MPJ Express's three arguments first, removed by Init", () -> {
                equal(Integer.toString(me), args[0], "args[0], the rank");
                equal(dialect, args[3], "args[3], the program's first");
                equal(1, own.length, "what Init returned");
            });
        }

        step("the same array as send and receive buffer", () -> {
            int[] a = {me + 1, 10 * (me + 1)};
            if (mpj) {
                world.Allreduce(a, 0, a, 0, 2, MPI.INT, MPI.SUM);
            } else {
                world.allReduce(a, a, 2, MPI.INT, MPI.SUM);
            }
            equal(n * (n + 1) / 2, a[0], "allreduce(a, a) element 0");
            equal(10 * n * (n + 1) / 2, a[1], "allreduce(a, a) element 1");

            double[] d = {me, 1, 2};
            if (mpj) {
                world.Reduce(d, 1, d, 0, 2, MPI.DOUBLE, MPI.MAX, 0); // overlapping: reads d[1..2], writes d[0..1]
            } else {
                world.reduce(d, d, 3, MPI.DOUBLE, MPI.MAX, 0);
            }
            if (me == 0) {
                if (mpj) {
                    equal(1.0, d[0], "Reduce(d, 1, d, 0) element 0");
                    equal(2.0, d[1], "Reduce(d, 1, d, 0) element 1");
                } else {
                    equal((double) (n - 1), d[0], "reduce(d, d) element 0");
                }
            }

            long[] g = new long[n];
            g[me] = 100 + me;
            if (mpj) {
                world.Allgather(g, me, 1, MPI.LONG, g, 0, 1, MPI.LONG);
            } else {
                long[] mine = g;
                world.allGather(mine, 1, MPI.LONG, mine, 1, MPI.LONG); // sends element 0, as Open MPI's
            }
            for (int r = 0; r < n; r++) {
                long expected = mpj ? 100 + r : (r == 0 ? 100 : 0);
                equal(expected, g[r], "allgather with one array, block " + r);
            }

            int[] t = new int[n];
            for (int r = 0; r < n; r++) {
                t[r] = me * 1000 + r;
            }
            if (mpj) {
                world.Alltoall(t, 0, 1, MPI.INT, t, 0, 1, MPI.INT);
            } else {
                world.allToAll(t, 1, MPI.INT, t, 1, MPI.INT);
            }
            for (int r = 0; r < n; r++) {
                equal(r * 1000 + me, t[r], "alltoall(t, t) block " + r);
            }
        });

        step("a type with a negative lower bound reaches back before the offset", () -> {
            // two ints: one 2 ints before the start, one at it (lb = -8 bytes, extent 12)
            Datatype back = mpj ? Datatype.Indexed(new int[] {1, 1}, new int[] {-2, 0}, MPI.INT)
                : Datatype.createIndexed(new int[] {1, 1}, new int[] {-2, 0}, MPI.INT);
            back.commit();
            int[] out = {0, 0, 0, 0, 0, 0};
            int[] in = new int[6];
            int peer = (me + 1) % n;
            int from = (me + n - 1) % n;
            out[1] = 11 + me;
            out[3] = 33 + me;
            if (mpj) {
                mpi.Request r = world.Irecv(in, 4, 1, back, from, 5);
                world.Send(out, 3, 1, back, peer, 5);
                r.Wait();
            } else { // the Open MPI form has no offset: from the array's start it reaches outside
                world.setErrhandler(MPI.ERRORS_RETURN);
                expectError(MPI.ERR_BUFFER, "a type reaching before the array's start",
                    () -> world.send(out, 1, back, peer, 5), "does not fit");
                world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            }
            int[] expected = mpj ? new int[] {0, 0, 11 + from, 0, 33 + from, 0} : null;
            if (mpj) {
                for (int i = 0; i < 6; i++) {
                    equal(expected[i], in[i], "received int " + i);
                }
                int[] b = {0, 0, 0, 0, 0};
                if (me == 0) {
                    b[1] = 7;
                    b[3] = 9;
                }
                world.Bcast(b, 3, 1, back, 0);
                equal(7, b[1], "Bcast of the type at offset 3: int 1");
                equal(9, b[3], "Bcast of the type at offset 3: int 3");
                // block r lands at element 2 + 3r (the extent is 3 ints), reaching back to 3r
                int[] all = new int[3 * n];
                int[] mine = {-1, 0, 100 + me};
                world.Allgather(mine, 2, 1, back, all, 2, 1, back);
                for (int r = 0; r < n; r++) {
                    equal(-1, all[3 * r], "Allgather block " + r + ", its first int");
                    equal(100 + r, all[3 * r + 2], "Allgather block " + r + ", its second int");
                }
            }
            back.free();
        });

        if (!mpj) {
            step("MPI.slice moves the position as Open MPI's; calls address the buffer from its start", () -> {
                ByteBuffer b = MPI.newByteBuffer(64).order(ByteOrder.nativeOrder());
                b.putInt(0, 1000 + me);
                ByteBuffer tail = MPI.slice(b, 16);
                equal(16, b.position(), "position after slice");
                equal(64, b.limit(), "limit after slice");
                tail.putInt(0, 2000 + me);
                ByteBuffer got = MPI.newByteBuffer(64).order(ByteOrder.nativeOrder());
                got.position(8); // ignored by the calls
                int peer = (me + 1) % n;
                int from = (me + n - 1) % n;
                world.sendRecv(b, 20, MPI.BYTE, peer, 6, got, 20, MPI.BYTE, from, 6);
                equal(1000 + from, got.getInt(0), "bytes 0-3 of the buffer passed after its slice");
                equal(2000 + from, got.getInt(16), "bytes 16-19");
            });

            step("MPI.INFO_ENV names the main class and the world", () -> {
                equal(PortedBehaviours.class.getName(), MPI.INFO_ENV.get("command"), "INFO_ENV command");
                equal(Integer.toString(n), MPI.INFO_ENV.get("maxprocs"), "INFO_ENV maxprocs");
                equal("MPI_THREAD_SINGLE", MPI.INFO_ENV.get("thread_level"), "INFO_ENV thread_level");
                that(MPI.INFO_ENV.get("wdir") != null && MPI.INFO_ENV.get("host") != null, "wdir and host are set");
                equal(dialect, MPI.INFO_ENV.get("argv"), "INFO_ENV argv");
            });

            step("windows: no_locks refuses locks; read-only memory is refused; attached memory stays alive", () -> {
                Info info = new Info();
                info.set("no_locks", "true");
                Win noLocks = new Win(8, 1, info, world, ByteBuffer.allocateDirect(0), Win.FLAVOR_PRIVATE);
                noLocks.setErrhandler(MPI.ERRORS_RETURN);
                expectError(MPI.ERR_RMA_SYNC, "lock of a no_locks window", () -> noLocks.lock(MPI.LOCK_SHARED, 0, 0),
                    "no_locks");
                expectError(MPI.ERR_RMA_SYNC, "lockAll of a no_locks window", () -> noLocks.lockAll(0), "no_locks");
                noLocks.fence(0);
                noLocks.fence(MPI.MODE_NOSUCCEED);
                noLocks.free();

                world.setErrhandler(MPI.ERRORS_RETURN);
                ByteBuffer readOnly = ByteBuffer.allocateDirect(64).asReadOnlyBuffer();
                expectError(MPI.ERR_BUFFER, "a window over a read-only buffer",
                    () -> new Win(readOnly, 64, 1, MPI.INFO_NULL, world), "read-only");
                // only rank 0's is read-only: every member raises (none waits for it)
                ByteBuffer mine = me == 0 ? readOnly : ByteBuffer.allocateDirect(64);
                MPIException refused = null;
                try {
                    new Win(mine, 64, 1, MPI.INFO_NULL, world);
                } catch (MPIException x) {
                    refused = x;
                }
                that(refused != null, "a window with one read-only member was created");
                equal(me == 0 ? MPI.ERR_BUFFER : MPI.ERR_WIN, refused.getErrorClass(),
                    "error class of a window with a read-only member: " + refused.getMessage());
                // only the last rank's size is larger than its buffer: the same
                int bad = n - 1;
                MPIException tooLarge = null;
                try {
                    new Win(ByteBuffer.allocateDirect(64), me == bad ? 65 : 64, 1, MPI.INFO_NULL, world);
                } catch (MPIException x) {
                    tooLarge = x;
                }
                that(tooLarge != null, "a window with one member's size past its buffer was created");
                equal(me == bad ? MPI.ERR_SIZE : MPI.ERR_WIN, tooLarge.getErrorClass(),
                    "error class of a window with one bad size: " + tooLarge.getMessage());
                Win dynamic = new Win(MPI.INFO_NULL, world);
                dynamic.setErrhandler(MPI.ERRORS_RETURN);
                expectError(MPI.ERR_BUFFER, "attach of a read-only buffer", () -> dynamic.attach(readOnly, 64),
                    "read-only");
                world.setErrhandler(MPI.ERRORS_ARE_FATAL);

                // Attach memory and drop every reference of ours: the window holds it.
                for (int i = 0; i < 8; i++) {
                    ByteBuffer m = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.nativeOrder());
                    dynamic.attach(m, 1 << 20);
                }
                for (int i = 0; i < 5; i++) {
                    System.gc();
                    byte[][] churn = new byte[64][];
                    for (int k = 0; k < churn.length; k++) {
                        churn[k] = new byte[1 << 20];
                    }
                }
                int peer = (me + 1) % n;
                long[] word = {0x5151_0000L + me};
                dynamic.lockAll(0);
                for (int i = 0; i < 8; i++) {
                    dynamic.put(word, 1, MPI.LONG, peer, i * (1 << 20) + 8, 1, MPI.LONG);
                }
                dynamic.unlockAll();
                world.barrier();
                long[] back = new long[1];
                int from = (me + n - 1) % n;
                dynamic.lockAll(0);
                dynamic.get(back, 1, MPI.LONG, me, 7 * (1 << 20) + 8, 1, MPI.LONG);
                dynamic.unlockAll();
                equal(0x5151_0000L + from, back[0], "the word put into the last attached region");
                world.barrier();
                dynamic.free();
            });
        }

        if (n >= 2) {
            userReductionFailures(world, mpj, me, n);
        }

        Check.done();
    }

    private static void userReductionFailures(Intracomm world, boolean mpj, int me, int n) {
        step("under ERRORS_RETURN a user reduction that throws on one rank is an error on every rank", () -> {
            world.setErrhandler(MPI.ERRORS_RETURN);
            UserFunction sumUnlessRank1 = new UserFunction() {
                @Override
                public void call(Object in, Object inout, int count, Datatype type) {
                    if (MPI.COMM_WORLD.getRank() == 1) {
                        throw new IllegalArgumentException("rank 1 refuses to reduce");
                    }
                    int[] a = (int[]) in;
                    int[] b = (int[]) inout;
                    for (int i = 0; i < count; i++) {
                        b[i] += a[i];
                    }
                }
            };
            Op op = new Op(sumUnlessRank1, true);
            for (int round = 0; round < 3; round++) {
                int[] in = {me, me};
                int[] out = new int[2];
                MPIException e = null;
                try {
                    if (mpj) {
                        world.Allreduce(in, 0, out, 0, 2, MPI.INT, op);
                    } else {
                        world.allReduce(in, out, 2, MPI.INT, op);
                    }
                } catch (MPIException x) {
                    e = x;
                }
                that(e != null, "allreduce with a failing user function returned successfully (%d, %d)", out[0],
                    out[1]);
                equal(MPI.ERR_OP, e.getErrorClass(), "error class of the failed user reduction");
                that(e.getMessage().contains("user function"), "message: %s", e.getMessage());
            }
            if (!mpj) {
                // nonblocking: the request completes with the error at every rank
                for (int round = 0; round < 2; round++) {
                    int[] in = {me, me};
                    int[] out = new int[2];
                    MPIException e = null;
                    try {
                        world.iAllReduce(in, out, 2, MPI.INT, op).waitFor();
                    } catch (MPIException x) {
                        e = x;
                    }
                    that(e != null, "iAllReduce with a failing user function completed successfully");
                    equal(MPI.ERR_OP, e.getErrorClass(), "error class of the failed nonblocking user reduction");
                }
            }
            if (!mpj && n >= 4) {
                // an intercommunicator's reduction fails in the lower group: both groups raise
                boolean lower = me < n / 2;
                Intracomm half = world.split(lower ? 0 : 1, me);
                Intercomm inter = world.createIntercomm(half, 0, lower ? n / 2 : 0, 5);
                inter.setErrhandler(MPI.ERRORS_RETURN);
                Op failsBelow = new Op(new UserFunction() {
                    @Override
                    public void call(Object in, Object inout, int count, Datatype type) {
                        if (MPI.COMM_WORLD.getRank() < MPI.COMM_WORLD.getSize() / 2) {
                            throw new IllegalArgumentException("the lower group refuses to reduce");
                        }
                        int[] a = (int[]) in;
                        int[] b = (int[]) inout;
                        for (int i = 0; i < count; i++) {
                            b[i] += a[i];
                        }
                    }
                }, true);
                int[] out = new int[1];
                MPIException e = null;
                try {
                    inter.allReduce(new int[] {me}, out, 1, MPI.INT, failsBelow);
                } catch (MPIException x) {
                    e = x;
                }
                that(e != null, "an intercommunicator allreduce whose user function failed in the lower group"
                    + " returned successfully (%d)", out[0]);
                equal(MPI.ERR_OP, e.getErrorClass(), "error class of the failed intercommunicator reduction");
                e = null;
                try {
                    inter.iAllReduce(new int[] {me}, out, 1, MPI.INT, failsBelow).waitFor();
                } catch (MPIException x) {
                    e = x;
                }
                that(e != null, "a nonblocking intercommunicator allreduce whose user function failed in the lower"
                    + " group completed successfully (%d)", out[0]);
                equal(MPI.ERR_OP, e.getErrorClass(), "error class of the failed nonblocking intercommunicator reduction");
                inter.free();
                half.free();
            }
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            int[] one = {1};
            world.allReduce(one, 1, MPI.INT, MPI.SUM);
            equal(n, one[0], "an allreduce after the failures");
        });
    }
}

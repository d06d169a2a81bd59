package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * The legal programs that hung on the foundation's engine, each with its data checked; 2 ranks,
 * Open MPI dialect. One scenario per run, named by the argument:
 *
 * <ul>
 * <li>{@code reverse-arrays}: rank 0 {@code iSend}s 1,100 messages of 128 KiB from one
 *     {@code byte[]}; rank 1 receives them in reverse tag order;</li>
 * <li>{@code reverse-large}: the same with 300 messages of 1 MiB;</li>
 * <li>{@code reverse-board}: 1,100 messages of 20 KB from one {@code MPI.newByteBuffer};</li>
 * <li>{@code barrier}: 1,100 {@code iSend}s of 128 KiB, then both ranks call {@code barrier()},
 *     then rank 1 receives them in order;</li>
 * <li>{@code dropped-buffers}: both ranks allocate a 1 MiB {@code newDoubleBuffer} 300 times and
 *     drop it (more than the board holds), then exchange a plain 1 MiB {@code double[]};</li>
 * <li>{@code board-full}: after {@code newByteBuffer(256 MiB)} takes the whole board, array
 *     sends above 128 KiB still complete;</li>
 * <li>{@code cancel}: 300 cancelled unmatched sends of 1 MiB (standard and synchronous) and 300
 *     cancelled small synchronous ones, each waited for: the waits return cancelled, the
 *     receiver never sees them, and a real 1 MiB send afterwards is the first thing it gets.</li>
 * </ul>
 */
public final class NeverStall {
    static final Comm WORLD = MPI.COMM_WORLD;
    static final int KIB = 1024;

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        Check.printJobId();
        int me = Check.rank();
        String scenario = args.length > 0 ? args[0] : "";
        switch (scenario) {
            case "reverse-arrays" -> step("1,100 x 128 KiB byte[] iSends received in reverse order",
                () -> reverseArrays(me, 1100, 128 * KIB));
            case "reverse-large" -> step("300 x 1 MiB byte[] iSends received in reverse order",
                () -> reverseArrays(me, 300, 1024 * KIB));
            case "reverse-board" -> step("1,100 x 20 KB newByteBuffer iSends received in reverse order",
                () -> reverseBoard(me, 1100, 20_000));
            case "barrier" -> barrierBetween(me, 1100, 128 * KIB);
            case "dropped-buffers" -> step("300 dropped 1 MiB newDoubleBuffers, then a 1 MiB double[] exchange",
                () -> droppedBuffers(me));
            case "board-full" -> step("array sends above 128 KiB with the whole board allocated",
                () -> boardFull(me));
            case "cancel" -> step("cancelled unmatched sends return, hold nothing, and are never received",
                () -> cancelled(me));
            default -> throw new AssertionError("usage: NeverStall reverse-arrays|reverse-large|reverse-board|barrier|"
                + "dropped-buffers|board-full|cancel");
        }
        Check.done();
    }

    private static void reverseArrays(int me, int count, int size) {
        byte[] data = new byte[size];
        Kind.fillBytes(data, size);
        long crc = Kind.crc(data);
        if (me == 0) {
            Request[] sends = new Request[count];
            for (int i = 0; i < count; i++) {
                sends[i] = WORLD.iSend(data, size, MPI.BYTE, 1, i);
            }
            Request.waitAll(sends);
        } else if (me == 1) {
            byte[] got = new byte[size];
            for (int i = count - 1; i >= 0; i--) {
                java.util.Arrays.fill(got, (byte) 0);
                Status s = WORLD.recv(got, size, MPI.BYTE, 0, i);
                equal(i, s.getTag(), "tag");
                equal(crc, Kind.crc(got), "crc of message " + i);
            }
        }
    }

    private static void reverseBoard(int me, int count, int size) {
        ByteBuffer buf = MPI.newByteBuffer(size);
        byte[] data = new byte[size];
        Kind.fillBytes(data, size + 1);
        long crc = Kind.crc(data);
        if (me == 0) {
            buf.put(data).clear();
            Request[] sends = new Request[count];
            for (int i = 0; i < count; i++) {
                sends[i] = WORLD.iSend(buf, size, MPI.BYTE, 1, i);
            }
            Request.waitAll(sends);
        } else if (me == 1) {
            byte[] got = new byte[size];
            for (int i = count - 1; i >= 0; i--) {
                buf.clear();
                buf.put(new byte[size]).clear();
                WORLD.recv(buf, size, MPI.BYTE, 0, i);
                buf.get(got).clear();
                equal(crc, Kind.crc(got), "crc of message " + i);
            }
        }
    }

    private static void barrierBetween(int me, int count, int size) {
        byte[] data = new byte[size];
        Kind.fillBytes(data, 3);
        long crc = Kind.crc(data);
        Request[] sends = new Request[count];
        step("1,100 x 128 KiB iSends, then barrier, then receives in order", () -> {
            if (me == 0) {
                for (int i = 0; i < count; i++) {
                    sends[i] = WORLD.iSend(data, size, MPI.BYTE, 1, 7);
                }
            }
            WORLD.barrier(); // must not wait behind the unmatched rendezvous sends
            if (me == 0) {
                Request.waitAll(sends);
            } else if (me == 1) {
                byte[] got = new byte[size];
                for (int i = 0; i < count; i++) {
                    WORLD.recv(got, size, MPI.BYTE, 0, 7);
                    equal(crc, Kind.crc(got), "crc of message " + i);
                }
            }
        });
    }

    private static void droppedBuffers(int me) {
        int doubles = 128 * KIB; // 1 MiB
        for (int i = 0; i < 300; i++) {
            DoubleBuffer dropped = MPI.newDoubleBuffer(doubles);
            dropped.put(0, i);
        }
        if (me > 1) {
            return;
        }
        double[] out = new double[doubles];
        double[] in = new double[doubles];
        for (int i = 0; i < doubles; i++) {
            out[i] = i * 0.5 + me;
        }
        Request r = WORLD.iSend(out, doubles, MPI.DOUBLE, 1 - me, 1);
        WORLD.recv(in, doubles, MPI.DOUBLE, 1 - me, 1);
        r.waitFor();
        for (int i = 0; i < doubles; i++) {
            if (in[i] != i * 0.5 + (1 - me)) {
                throw new AssertionError("rank " + me + ": double " + i + " is " + in[i]);
            }
        }
        // Had the board not taken the dropped buffers back, the 257th would have come from
        // ordinary memory with a "board memory is full" line on stderr: BoardMemoryTest looks.
    }

    private static void boardFull(int me) {
        ByteBuffer whole = MPI.newByteBuffer(256 << 20);
        whole.put(0, (byte) 1);
        if (me > 1) {
            return;
        }
        for (int size : new int[] {129 * KIB, 1 << 20, 4 << 20}) {
            byte[] out = new byte[size];
            byte[] in = new byte[size];
            Kind.fillBytes(out, size + me);
            Request r = WORLD.iSend(out, size, MPI.BYTE, 1 - me, 2);
            WORLD.recv(in, size, MPI.BYTE, 1 - me, 2);
            r.waitFor();
            byte[] expected = new byte[size];
            Kind.fillBytes(expected, size + 1 - me);
            equal(Kind.crc(expected), Kind.crc(in), "crc of " + size + " bytes");
        }
        equal(1, whole.get(0), "the 256 MiB buffer's first byte");
    }

    private static void cancelled(int me) {
        int big = 1 << 20;
        if (me == 0) {
            byte[] data = new byte[big];
            for (int i = 0; i < 300; i++) {
                Request[] rs = {
                    WORLD.iSend(data, big, MPI.BYTE, 1, 5),
                    WORLD.isSend(data, big, MPI.BYTE, 1, 5),
                    WORLD.isSend(data, 16, MPI.BYTE, 1, 5),
                };
                for (Request r : rs) {
                    r.cancel();
                    Status s = r.waitStatus(); // returns: rank 1's engine answers from its barrier
                    that(s.isCancelled(), "send %d was not cancelled", i);
                }
            }
        }
        WORLD.barrier();
        if (me == 0) {
            byte[] data = new byte[big];
            Kind.fillBytes(data, 77);
            WORLD.send(data, big, MPI.BYTE, 1, 5);
        } else if (me == 1) {
            byte[] got = new byte[big];
            Status s = WORLD.recv(got, big, MPI.BYTE, 0, 5);
            equal(big, s.getCount(MPI.BYTE), "bytes received");
            byte[] expected = new byte[big];
            Kind.fillBytes(expected, 77);
            equal(Kind.crc(expected), Kind.crc(got), "crc of the one message not cancelled");
            that(WORLD.iProbe(0, 5) == null, "a cancelled message was delivered");
        }
    }
}

package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Two jobs, started by separate mpirun runs, connect through a port (Open MPI's API): run once as
 * {@code accept FILE} and once as {@code connect FILE}. The accepting job's rank 0 opens a port and
 * writes its name to FILE; the connecting job's rank 0 reads it there (as a program passes a port
 * name out of band). Across the intercommunicator: point-to-point both ways, short (eager) and
 * long (rendezvous over the bridge: a Get of the sender's board memory) messages from arrays and
 * direct buffers, a rooted bcast each way, an allreduce across (first a stranger's connection to
 * the port, which proves nothing, and the job's own connect with a wrong secret are refused, and
 * accept goes on waiting); then the two merge into one
 * intracommunicator (the accepting job first) that runs an allreduce, an allgather and a barrier,
 * and both disconnect. The connecting job then tries a port whose listener is gone: ERR_PORT on
 * every member. With a third argument {@code refused}, one of the jobs has no room for the other's
 * processes: both raise ERR_PORT instead of connecting.
 */
public final class AcrossJobs {
    private static final int LONG = 1 << 20;

    private AcrossJobs() {
    }

    public static void main(String[] args) {
        args = Check.init(args);
        boolean accepting = args[0].equals("accept");
        Path file = Path.of(args[1]);
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;

        String[] port = {null};
        step("the port name passes out of band", () -> {
            if (accepting && me == 0) {
                port[0] = Intracomm.openPort();
                that(port[0].length() <= MPI.MAX_PORT_NAME, "port name longer than MAX_PORT_NAME: %s", port[0]);
                publish(file, port[0]);
            } else if (me == 0) {
                port[0] = await(file);
                // a stranger knocks first with bytes that prove nothing: the port refuses it and
                // goes on waiting for this job
                knock(port[0]);
            }
        });

        if (!accepting) {
            step("a port name with a wrong secret is refused: ERR_PORT on every member", () -> {
                world.setErrhandler(MPI.ERRORS_RETURN);
                String forged = me == 0 ? port[0].substring(0, port[0].length() - 32) + "0".repeat(32) : null;
                expectError(MPI.ERR_PORT, "connect with a wrong secret", () -> world.connect(forged, 0), "refused");
                world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            });
        }

        if (args.length > 2 && args[2].equals("refused")) {
            // one side has no room for the other's processes (ATOLL_DYNAMIC_PEERS): ERR_PORT at every
            // member of both jobs, naming the setting on the side that lacks it, and no wait
            step("a job without room for the other's processes: ERR_PORT on both sides", () -> {
                world.setErrhandler(MPI.ERRORS_RETURN);
                expectError(MPI.ERR_PORT, "a bridge with no slots left",
                    () -> {
                        if (accepting) {
                            world.accept(port[0], 0);
                        } else {
                            world.connect(port[0], 0);
                        }
                    }, "other job");
                world.setErrhandler(MPI.ERRORS_ARE_FATAL);
                if (accepting && me == 0) {
                    Intracomm.closePort(port[0]);
                }
            });
            Check.done();
            return;
        }

        Intercomm[] inter = {null};
        step(accepting ? "accept a connection of another job" : "connect to another job's port", () -> {
            inter[0] = accepting ? world.accept(port[0], 0) : world.connect(port[0], 0);
            that(inter[0].isInter(), "no intercommunicator");
            equal(n, inter[0].getSize(), "local group size");
        });
        Intercomm c = inter[0];
        int remote = c.getRemoteSize();

        step("point-to-point both ways: short and long, arrays and direct buffers", () -> {
            if (me < remote) {
                int[] got = new int[1];
                c.sendRecv(new int[] {(accepting ? 1000 : 2000) + me}, 1, MPI.INT, me, 3, got, 1, MPI.INT, me, 3);
                equal((accepting ? 2000 : 1000) + me, got[0], "short message from remote rank " + me);
                byte[] out = pattern(LONG, accepting ? 1 : 2);
                byte[] in = new byte[LONG];
                c.sendRecv(out, LONG, MPI.BYTE, me, 4, in, LONG, MPI.BYTE, me, 4);
                that(java.util.Arrays.equals(pattern(LONG, accepting ? 2 : 1), in), "long array message garbled");
                ByteBuffer dout = ByteBuffer.allocateDirect(LONG).put(pattern(LONG, accepting ? 3 : 4));
                ByteBuffer din = ByteBuffer.allocateDirect(LONG);
                c.sendRecv(dout, LONG, MPI.BYTE, me, 5, din, LONG, MPI.BYTE, me, 5);
                byte[] seen = new byte[LONG];
                din.get(0, seen);
                that(java.util.Arrays.equals(pattern(LONG, accepting ? 4 : 3), seen), "long direct message garbled");
            }
        });

        step("rooted bcast each way and an allreduce across", () -> {
            long[] value = {accepting ? 77 : 88};
            for (boolean fromAccepting : new boolean[] {true, false}) {
                long[] v = {accepting == fromAccepting ? value[0] : 0};
                if (accepting == fromAccepting) {
                    c.bcast(v, 1, MPI.LONG, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
                } else {
                    c.bcast(v, 1, MPI.LONG, 0);
                    equal(fromAccepting ? 77L : 88L, v[0], "bcast from the other job's root");
                }
            }
            int[] sum = new int[1];
            c.allReduce(new int[] {accepting ? 1 : 10}, sum, 1, MPI.INT, MPI.SUM);
            equal(accepting ? 10 * remote : remote, sum[0], "allreduce across: the other job's sum");
        });

        step("merged into one intracommunicator, the accepting job first", () -> {
            Intracomm all = c.merge(!accepting);
            int total = n + remote;
            equal(total, all.getSize(), "merged size");
            equal(accepting ? me : remote + me, all.getRank(), "merged rank");
            int[] sum = new int[1];
            all.allReduce(new int[] {all.getRank()}, sum, 1, MPI.INT, MPI.SUM);
            equal(total * (total - 1) / 2, sum[0], "allreduce over both jobs");
            int[] ranks = new int[total];
            all.allGather(new int[] {all.getRank() * 3}, 1, MPI.INT, ranks, 1, MPI.INT);
            for (int i = 0; i < total; i++) {
                equal(3 * i, ranks[i], "allgather entry " + i);
            }
            all.barrier();
            all.free();
        });

        step("disconnect", () -> {
            c.disconnect();
            that(c.isNull(), "the intercommunicator is not null after disconnect");
            if (accepting && me == 0) {
                Intracomm.closePort(port[0]);
            }
        });

        if (!accepting) {
            step("a port of another job that is closed is ERR_PORT on every member", () -> {
                world.setErrhandler(MPI.ERRORS_RETURN);
                expectError(MPI.ERR_PORT, "connect to a closed port of another job",
                    () -> world.connect(me == 0 ? port[0] : null, 0), "port");
                world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            });
        }
        Check.done();
    }

    /** Connects to the port's listener, sends what is no handshake, and hangs up. */
    private static void knock(String portName) {
        String contact = portName.split(":")[4];
        int dot = contact.indexOf('.');
        try (java.net.Socket s = new java.net.Socket(
                java.net.InetAddress.getByAddress(java.util.HexFormat.of().parseHex(contact.substring(0, dot))),
                Integer.parseInt(contact.substring(dot + 1)))) {
            s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 13 + seed * 7 + (i >>> 11));
        }
        return b;
    }

    /** Writes {@code text} to {@code file} at once (a rename), so a reader never sees half of it. */
    private static void publish(Path file, String text) {
        try {
            Path staged = Files.createTempFile(file.toAbsolutePath().getParent(), "port", ".tmp");
            Files.writeString(staged, text, StandardCharsets.UTF_8);
            Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port name in {@code file}, once the other job has written it (two minutes at most). */
    private static String await(Path file) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!Files.exists(file)) {
            that(System.nanoTime() < deadline, "no port name in %s after two minutes", file);
            Check.sleep(20);
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

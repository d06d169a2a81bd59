package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Ports between the two halves of one job (Open MPI's API; at least two ranks): the lower half opens a port at its rank 0 and passes the name in a message to the upper
 * half's rank 0, the halves accept and connect, and the intercommunicator carries point-to-point
 * messages and collectives (bcast from a root, allreduce across the groups) before both
 * disconnect; then the same through a published service name, twice on one port (two connections
 * in turn). Bad port names, a port of another job that cannot be reached, and accept on a closed port are ERR_PORT on
 * every member; an unknown service is ERR_NAME; getParent is null.
 */
public final class PortsInOneJob {
    private PortsInOneJob() {
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        boolean lower = me < n / 2;
        Intracomm half = world.split(lower ? 0 : 1, me);
        int lowerSize = n / 2;
        int upperSize = n - lowerSize;
        int upperRoot = lowerSize; // world rank of the upper half's rank 0

        step("getParent of a rank started by mpirun is null", () ->
            that(Intercomm.getParent().isNull(), "getParent is not null"));

        step("a port name passed in a message: accept and connect, then traffic across", () -> {
            String port = null;
            if (lower && half.getRank() == 0) {
                port = Intracomm.openPort();
                that(port.length() <= MPI.MAX_PORT_NAME, "port name longer than MAX_PORT_NAME: %s", port);
                char[] name = port.toCharArray();
                world.send(new int[] {name.length}, 1, MPI.INT, upperRoot, 1);
                world.send(name, name.length, MPI.CHAR, upperRoot, 2);
            } else if (!lower && half.getRank() == 0) {
                int[] length = new int[1];
                world.recv(length, 1, MPI.INT, 0, 1);
                char[] name = new char[length[0]];
                world.recv(name, name.length, MPI.CHAR, 0, 2);
                port = new String(name);
            }
            Intercomm inter = lower ? half.accept(port, 0) : half.connect(port, 0);
            check(inter, lower, half, lowerSize, upperSize);
            inter.disconnect();
            that(inter.isNull(), "the intercommunicator is not null after disconnect");
            if (lower && half.getRank() == 0) {
                Intracomm.closePort(port);
            }
        });

        step("a published service: two connections in turn on one port", () -> {
            String service = "ports-test-" + n;
            String port = null;
            if (lower && half.getRank() == 0) {
                port = Intracomm.openPort();
                Intracomm.publishName(service, port);
            }
            world.barrier();
            if (!lower && half.getRank() == 0) {
                port = Intracomm.lookupName(service);
            }
            for (int round = 0; round < 2; round++) {
                Intercomm inter = lower ? half.accept(port, 0) : half.connect(port, 0);
                check(inter, lower, half, lowerSize, upperSize);
                inter.disconnect();
            }
            world.barrier();
            if (lower && half.getRank() == 0) {
                Intracomm.unpublishName(service, port);
                Intracomm.closePort(port);
            }
            world.barrier();
            world.setErrhandler(MPI.ERRORS_RETURN);
            expectError(MPI.ERR_NAME, "lookup of an unpublished service", () -> Intracomm.lookupName(service),
                service);
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
        });

        step("bad ports are ERR_PORT on every member", () -> {
            half.setErrhandler(MPI.ERRORS_RETURN);
            expectError(MPI.ERR_PORT, "connect to a name that is no port",
                () -> half.connect("not a port", 0), "port");
            expectError(MPI.ERR_PORT, "connect to a port of another job that other jobs cannot reach",
                () -> half.connect("atoll-port:99999x0000:0:1:-:" + "0".repeat(32), 0), "port");
            expectError(MPI.ERR_PORT, "connect to a port name cut short",
                () -> half.connect("atoll-port:99999x0000:0:1", 0), "port");
            String closed = Intracomm.openPort();
            Intracomm.closePort(closed);
            expectError(MPI.ERR_PORT, "accept on a closed port", () -> half.accept(closed, 0), "port");
            half.setErrhandler(MPI.ERRORS_ARE_FATAL);
        });

        half.free();
        Check.done();
    }

    /** Point-to-point both ways, a rooted bcast from each side, an allreduce across. */
    private static void check(Intercomm inter, boolean lower, Intracomm half, int lowerSize, int upperSize) {
        int local = half.getRank();
        equal(lower ? lowerSize : upperSize, inter.getSize(), "local group size");
        equal(lower ? upperSize : lowerSize, inter.getRemoteSize(), "remote group size");
        that(inter.isInter(), "accept/connect gave no intercommunicator");
        // rank i of each group exchanges with rank i of the other (where the other has one)
        int remoteSize = inter.getRemoteSize();
        if (local < remoteSize) {
            int[] got = new int[1];
            inter.sendRecv(new int[] {(lower ? 1000 : 2000) + local}, 1, MPI.INT, local, 3, got, 1, MPI.INT, local, 3);
            equal((lower ? 2000 : 1000) + local, got[0], "message from the remote rank " + local);
        }
        long[] value = {lower ? 77 : 0};
        if (lower) {
            inter.bcast(value, 1, MPI.LONG, local == 0 ? MPI.ROOT : MPI.PROC_NULL);
        } else {
            inter.bcast(value, 1, MPI.LONG, 0);
            equal(77L, value[0], "bcast from the accepting group's root");
        }
        int[] sum = new int[1];
        inter.allReduce(new int[] {lower ? 1 : 10}, sum, 1, MPI.INT, MPI.SUM);
        equal(lower ? 10 * upperSize : lowerSize, sum[0], "allreduce across: the remote group's sum");
    }
}

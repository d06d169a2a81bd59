package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * Intercommunicators between the lower and the upper half of the world (at least 2 ranks), one
 * dialect: created through leaders over COMM_WORLD; local size and rank, remote size and group;
 * point-to-point both ways with remote ranks (statuses name remote ranks, ANY_SOURCE included);
 * dup is its own matching space; merge with the upper half high puts the lower half first;
 * compare; free; errors (a local leader out of range, an intercommunicator as the local
 * communicator).
 */
public final class Intercomms {
    static final Intracomm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        boolean mpj = d.name().equals("mpj");
        Check.needRanks(2);
        int me = Check.rank();
        int n = Check.size();
        d.setErrorsReturn(WORLD);
        int lowSize = n / 2;
        boolean upper = me >= lowSize;
        int localSize = upper ? n - lowSize : lowSize;
        int remoteSize = n - localSize;
        int firstRemote = upper ? 0 : lowSize;
        Intracomm local = WORLD.split(upper ? 1 : 0, me);
        Intercomm[] ic = new Intercomm[1];

        step("create between the halves", () -> {
            ic[0] = mpj ? WORLD.Create_intercomm(local, 0, firstRemote, 99)
                    : WORLD.createIntercomm(local, 0, firstRemote, 99);
            Intercomm c = ic[0];
            that(mpj ? c.Test_inter() : c.isInter(), "isInter");
            equal(localSize, c.getSize(), "local size");
            equal(me - (upper ? lowSize : 0), c.getRank(), "local rank");
            equal(remoteSize, mpj ? c.Remote_size() : c.getRemoteSize(), "remote size");
            Group remote = mpj ? c.Remote_group() : c.getRemoteGroup();
            equal(remoteSize, remote.getSize(), "remote group size");
            equal(MPI.UNDEFINED, remote.getRank(), "my rank in the remote group");
            int[] world = Group.translateRanks(remote, new int[] {0}, WORLD.getGroup());
            equal(firstRemote, world[0], "world rank of remote rank 0");
            equal(localSize, c.getGroup().getSize(), "local group size");
        });

        step("point-to-point both ways, ranks are remote ranks", () -> {
            Intercomm c = ic[0];
            Request[] sends = new Request[remoteSize];
            for (int i = 0; i < remoteSize; i++) {
                sends[i] = d.iSend(c, new int[] {me}, 0, 1, MPI.INT, i, 7);
            }
            for (int i = 0; i < remoteSize; i++) {
                int[] got = {-1};
                d.recv(c, got, 0, 1, MPI.INT, i, 7).expect(i, 7, 1, MPI.INT, "from remote rank " + i);
                equal(firstRemote + i, got[0], "value from remote rank " + i);
            }
            d.waitAll(sends);
            // ANY_SOURCE: the status names a remote rank (local rank r sends to remote rank r % remoteSize)
            int to = c.getRank() % remoteSize;
            Request s = d.iSend(c, new int[] {me}, 0, 1, MPI.INT, to, 8);
            int incoming = 0;
            for (int r = 0; r < remoteSize; r++) {
                if (r % localSize == c.getRank()) {
                    incoming++;
                }
            }
            for (int k = 0; k < incoming; k++) {
                int[] got = {-1};
                St st = d.recv(c, got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 8);
                that(st.source >= 0 && st.source < remoteSize, "ANY_SOURCE status source %d is a remote rank", st.source);
                equal(firstRemote + st.source, got[0], "value from remote rank " + st.source);
            }
            d.waitFor(s);
        });

        step("dup is its own matching space", () -> {
            Intercomm c = ic[0];
            Intercomm x = mpj ? (Intercomm) c.clone() : c.dup();
            that(x.isInter(), "dup of an intercommunicator is one");
            equal(MPI.CONGRUENT, Comm.compare(c, x), "compare(intercomm, dup)");
            Request a = d.iSend(x, new int[] {1}, 0, 1, MPI.INT, 0, 1);
            Request b = d.iSend(c, new int[] {2}, 0, 1, MPI.INT, 0, 1);
            if (c.getRank() == 0) {
                for (int i = 0; i < remoteSize; i++) {
                    int[] got = {-1};
                    d.recv(c, got, 0, 1, MPI.INT, i, 1);
                    equal(2, got[0], "message on the original");
                    d.recv(x, got, 0, 1, MPI.INT, i, 1);
                    equal(1, got[0], "message on the dup");
                }
            }
            d.waitFor(a);
            d.waitFor(b);
            x.free();
            that(x.isNull(), "freed");
        });

        step("merge", () -> {
            Intercomm c = ic[0];
            Intracomm m = mpj ? c.Merge(upper) : c.merge(upper);
            that(!m.isInter(), "a merged communicator is an intracommunicator");
            equal(n, m.getSize(), "merged size");
            equal(me, m.getRank(), "merged rank (lower half first)");
            equal(MPI.CONGRUENT, Comm.compare(WORLD, m), "compare(world, merged)");
            Intracomm r = c.merge(!upper);
            equal(upper ? me - lowSize : me + (n - lowSize), r.getRank(), "merged rank (upper half first)");
            int[] v = {me};
            int[] w = {-1};
            d.sendRecv(r, v, 0, 1, MPI.INT, (r.getRank() + 1) % n, 2, w, 0, 1, MPI.INT, (r.getRank() - 1 + n) % n, 2);
            r.barrier();
            m.free();
            r.free();
        });

        step("errors", () -> {
            expectError(MPI.ERR_RANK, "local leader out of range",
                    () -> WORLD.createIntercomm(local, local.getSize(), firstRemote, 1), "localLeader");
            expectError(MPI.ERR_COMM, "an intercommunicator as the local communicator",
                    () -> WORLD.createIntercomm(ic[0], 0, firstRemote, 1), "localComm");
        });

        ic[0].free();
        that(ic[0].isNull(), "the intercommunicator is freed");
        local.free();
        Check.done();
    }
}

package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.Buffer;
import java.util.ArrayList;
import java.util.List;

import mpi.Comm;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * Groups and communicators on any number of ranks, one dialect ({@code ompi}: Open MPI names,
 * {@code mpj}: mpiJava / MPJ Express names where they exist): world group, incl/excl/range,
 * translate and compare; split by parity with keys reversing the order (and a ring in each half);
 * create from a group (null elsewhere); createGroup among the odd ranks; dup copies attributes
 * through their callbacks and free runs the delete callbacks; compare IDENT/CONGRUENT/SIMILAR/
 * UNEQUAL; names, info, iDup, splitType; 2,000 dup+free in a loop and 200 communicators alive at
 * once, each its own matching space; error cases (bad group ranks, free of COMM_WORLD, a negative
 * colour) with class and message.
 */
public final class Communicators {
    static final Intracomm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        boolean mpj = d.name().equals("mpj");
        int me = Check.rank();
        int n = Check.size();
        d.setErrorsReturn(WORLD);

        step("the world group", () -> {
            Group g = mpj ? WORLD.Group() : WORLD.getGroup();
            equal(n, mpj ? g.Size() : g.getSize(), "world group size");
            equal(me, mpj ? g.Rank() : g.getRank(), "world group rank");
            if (mpj) {
                equal(n, WORLD.group.Size(), "Comm.group (MPJ's field) size");
            }
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = n - 1 - i;
            }
            Group reversed = mpj ? g.Incl(all) : g.incl(all);
            equal(n - 1 - me, reversed.getRank(), "rank in the reversed group");
            equal(n == 1 ? MPI.IDENT : MPI.SIMILAR, mpj ? Group.Compare(g, reversed) : Group.compare(g, reversed),
                    "compare(world, reversed)");
            int[] back = mpj ? Group.Translate_ranks(reversed, new int[] {0, MPI.PROC_NULL}, g)
                    : Group.translateRanks(reversed, new int[] {0, MPI.PROC_NULL}, g);
            equal(n - 1, back[0], "translate rank 0 of reversed");
            equal(MPI.PROC_NULL, back[1], "translate PROC_NULL");
            Group evens = g.rangeIncl(new int[][] {{0, n - 1, 2}});
            equal((n + 1) / 2, evens.getSize(), "range of even ranks");
            Group odds = mpj ? g.Range_excl(new int[][] {{0, n - 1, 2}}) : g.rangeExcl(new int[][] {{0, n - 1, 2}});
            equal(n / 2, odds.getSize(), "range excluding the even ranks");
            equal(0, Group.intersection(evens, odds).getSize(), "evens and odds intersect");
            equal(n, Group.union(odds, evens).getSize(), "evens and odds together");
            equal(n == 1 ? MPI.IDENT : MPI.UNEQUAL, Group.compare(evens, g), "compare(evens, world)");
            g.free();
            that(g.isNull(), "a freed group is null");
        });

        step("split by parity, keys reversing the order", () -> {
            int colour = me % 2;
            Intracomm half = mpj ? WORLD.Split(colour, -me) : WORLD.split(colour, -me);
            int members = colour == 0 ? (n + 1) / 2 : n / 2;
            equal(members, half.getSize(), "size of my half");
            equal(members - 1 - me / 2, half.getRank(), "rank in my half (reversed)");
            that(!half.isInter(), "a split is an intracommunicator");
            equal("", half.getName(), "the name of a new communicator");
            // a ring in each half: the value of the previous member
            int r = half.getRank();
            int[] out = {me};
            int[] in = {-1};
            d.sendRecv(half, out, 0, 1, MPI.INT, (r + 1) % members, 3, in, 0, 1, MPI.INT,
                    (r - 1 + members) % members, 3).expect((r - 1 + members) % members, 3, 1, MPI.INT, "half ring");
            int prevWorld = r == 0 ? colour : me + 2;
            equal(prevWorld, in[0], "world rank of the previous member of my half");
            half.barrier();
            if (n > 1) {
                equal(MPI.UNEQUAL, Comm.compare(WORLD, half), "compare(world, half)");
            }
            Intracomm none = WORLD.split(MPI.UNDEFINED, 0);
            that(none.isNull(), "split with MPI.UNDEFINED gives a null communicator");
            half.free();
            that(half.isNull(), "a freed communicator is null");
        });

        step("create from a group; createGroup among the odd ranks", () -> {
            Group evens = WORLD.getGroup().rangeIncl(new int[][] {{0, n - 1, 2}});
            Intracomm c = mpj ? WORLD.Create(evens) : WORLD.create(evens);
            if (me % 2 == 0) {
                equal(me / 2, c.getRank(), "rank in the evens");
                int[] v = {me == 0 ? 77 : 0};
                if (c.getSize() > 1) {
                    if (c.getRank() == 0) {
                        for (int i = 1; i < c.getSize(); i++) {
                            d.send(c, v, 0, 1, MPI.INT, i, 1);
                        }
                    } else {
                        d.recv(c, v, 0, 1, MPI.INT, 0, 1);
                    }
                }
                equal(77, v[0], "value from the first even rank");
                c.free();
            } else {
                that(c.isNull(), "create gives a null communicator outside the group");
                Group odds = WORLD.getGroup().rangeExcl(new int[][] {{0, n - 1, 2}});
                Intracomm o = WORLD.createGroup(odds, 5);
                equal(me / 2, o.getRank(), "rank in the odds (createGroup)");
                o.barrier();
                o.free();
            }
        });

        step("dup copies attributes through their callbacks; free deletes them", () -> {
            List<String> deleted = new ArrayList<>();
            int plain = Comm.createKeyval();
            int counted = Comm.createKeyval((comm, key, value) -> (Integer) value + 1,
                    (comm, key, value) -> deleted.add("counted=" + value));
            Intracomm a = WORLD.dup();
            Object shared = new int[] {1, 2, 3};
            a.setAttr(plain, shared);
            a.setAttr(counted, 10);
            a.setErrhandler(MPI.ERRORS_RETURN);
            a.setName("a");
            Intracomm b = mpj ? (Intracomm) a.clone() : a.dup();
            that(b.getAttr(plain) == shared, "the default keyval copies the reference");
            equal(11, b.getAttr(counted), "the copy callback's value");
            equal("", b.getName(), "dup does not copy the name");
            equal(MPI.ERRORS_RETURN, b.getErrhandler(), "dup copies the error handler");
            equal(MPI.CONGRUENT, Comm.compare(a, b), "compare(a, dup of a)");
            equal(MPI.IDENT, mpj ? Comm.Compare(b, b) : Comm.compare(b, b), "compare(b, b)");
            equal(n == 1 ? MPI.CONGRUENT : MPI.SIMILAR,
                    Comm.compare(WORLD, WORLD.split(0, n - me)), "compare(world, reversed world)");
            a.free();
            equal(List.of("counted=10"), deleted, "delete callbacks after a.free()");
            if (mpj) {
                b.Attr_delete(counted);
            } else {
                b.deleteAttr(counted);
            }
            equal(List.of("counted=10", "counted=11"), deleted, "delete callbacks after deleteAttr");
            b.free();
            equal(2, deleted.size(), "callbacks after b.free() (nothing left to delete)");
            Comm.freeKeyval(plain);
            Comm.freeKeyval(counted);
            equal(MPI.TAG_UB, WORLD.getAttr(MPI.TAG_UB), "TAG_UB");
            // as Open MPI's: the slots mpirun has for the job (its cores here), never fewer than the world
            Object universe = mpj ? WORLD.Attr_get(MPI.UNIVERSE_SIZE) : WORLD.getAttr(MPI.UNIVERSE_SIZE);
            that(universe instanceof Integer && (Integer) universe >= n, "UNIVERSE_SIZE %s for a world of %d",
                universe, n);
        });

        step("names, info, iDup, splitType", () -> {
            equal("MPI_COMM_WORLD", WORLD.getName(), "world's name");
            equal("MPI_COMM_SELF", MPI.COMM_SELF.getName(), "self's name");
            Info info = new Info();
            info.set("hint", "yes");
            Intracomm c = WORLD.dupWithInfo(info);
            equal("yes", c.getInfo().get("hint"), "dupWithInfo's hint");
            c.setName("named");
            equal("named", c.getName(), "the name set");
            Intracomm i = c.iDup();
            Request r = i.getRequest();
            r.waitFor();
            equal(MPI.CONGRUENT, Comm.compare(c, i), "compare(c, iDup of c)");
            Intracomm shared = WORLD.splitType(Comm.TYPE_SHARED, me, MPI.INFO_NULL);
            // TYPE_SHARED holds the ranks whose board memory this rank maps: every rank on the one
            // node's shm board, this rank alone on the TCP board, its node's ranks in a job across nodes.
            Win all = new Win(8, 1, MPI.INFO_NULL, WORLD, (Buffer) null, Win.FLAVOR_PRIVATE);
            all.setErrhandler(MPI.ERRORS_RETURN);
            int mapped = 0;
            for (int peer = 0; peer < n; peer++) {
                try {
                    all.sharedQuery(peer);
                    mapped++;
                } catch (MPIException e) {
                    equal(MPI.ERR_RMA_SHARED, e.getErrorClass(), "sharedQuery(" + peer + ")'s error class");
                }
            }
            all.free();
            equal(mapped, shared.getSize(), "splitType(TYPE_SHARED): the ranks whose memory this rank maps");
            Win sharedWindow = new Win(8, 1, MPI.INFO_NULL, shared, (Buffer) null, Win.FLAVOR_SHARED);
            for (int member = 0; member < shared.getSize(); member++) {
                that(sharedWindow.sharedQuery(member).capacity() == 8, "a shared window maps member %d", member);
            }
            sharedWindow.free();
            for (Comm x : new Comm[] {c, i, shared}) {
                x.free();
            }
        });

        step("2,000 dup + free in a loop", () -> {
            for (int k = 0; k < 2000; k++) {
                Intracomm c = WORLD.dup();
                if (k % 250 == 0 && n > 1) {
                    int[] v = {k + me};
                    int[] w = {-1};
                    d.sendRecv(c, v, 0, 1, MPI.INT, (me + 1) % n, 0, w, 0, 1, MPI.INT, (me - 1 + n) % n, 0);
                    equal(k + (me - 1 + n) % n, w[0], "value on dup " + k);
                }
                c.free();
            }
        });

        step("200 communicators alive at once, each its own matching space", () -> {
            Intracomm[] many = new Intracomm[200];
            for (int k = 0; k < many.length; k++) {
                many[k] = k % 2 == 0 ? WORLD.dup() : WORLD.split(0, me);
            }
            int right = (me + 1) % n;
            int left = (me - 1 + n) % n;
            Request[] sends = new Request[many.length];
            for (int k = 0; k < many.length; k++) {
                sends[k] = d.iSend(many[k], new int[] {k}, 0, 1, MPI.INT, right, 9);
            }
            // receive in reverse order of communicators, with ANY_SOURCE/ANY_TAG: each matches its own
            for (int k = many.length - 1; k >= 0; k--) {
                int[] got = {-1};
                d.recv(many[k], got, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(left, 9, 1, MPI.INT, "comm " + k);
                equal(k, got[0], "message on communicator " + k);
            }
            d.waitAll(sends);
            for (Intracomm c : many) {
                c.free();
            }
        });

        step("errors name the argument", () -> {
            Group g = WORLD.getGroup();
            expectError(MPI.ERR_RANK, "incl of rank n", () -> g.incl(new int[] {0, n}), "incl", "ranks[1] = " + n);
            expectError(MPI.ERR_RANK, "Excl of a rank twice", () -> g.Excl(new int[] {0, 0}), "Excl", "twice");
            expectError(MPI.ERR_ARG, "rangeIncl with stride 0", () -> g.rangeIncl(new int[][] {{0, 0, 0}}), "stride 0");
            expectError(MPI.ERR_COMM, "free of COMM_WORLD", () -> {
                if (mpj) {
                    WORLD.Free();
                } else {
                    WORLD.free();
                }
            }, "MPI_COMM_WORLD", "predefined");
            expectError(MPI.ERR_ARG, "split with colour -5", () -> WORLD.split(-5, 0), "split", "colour -5");
            Intracomm c = WORLD.dup();
            c.free();
            expectError(MPI.ERR_COMM, "dup of a freed communicator", c::dup, "dup", "null");
            expectError(MPI.ERR_KEYVAL, "getAttr of an unknown keyval", () -> WORLD.getAttr(4242), "getAttr", "4242");
        });

        Check.done();
    }
}

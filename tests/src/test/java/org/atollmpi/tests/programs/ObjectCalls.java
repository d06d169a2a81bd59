package org.atollmpi.tests.programs;

import java.util.Arrays;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.UserFunction;
import mpi.User_function;

/**
 * MPI.OBJECT where MPJ Express takes it beyond plain sends (mpiJava dialect, any number of ranks):
 * persistent requests started several times (standard, synchronous and ready, one- and two-part
 * messages), Alltoall and Alltoallv, and the reductions with user operations over Object[]
 * (Reduce, Allreduce, Scan, Exscan, Reduce_scatter; a non-commutative concatenation that shows
 * the rank order, and an Open MPI-style UserFunction), Op.Call on objects, and the errors:
 * a predefined operation (ERR_OP), a nonblocking collective (ERR_TYPE), a failing user function
 * (ERR_OP), more objects than the receive count (ERR_TRUNCATE).
 */
public final class ObjectCalls {
    private ObjectCalls() {
    }

    /** {@code inout[i] = in[i] + "|" + inout[i]}: not commutative, so the result spells the order. */
    static final class Concat extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            Check.that(datatype == MPI.OBJECT, "the user function sees MPI.OBJECT, not %s", datatype);
            Object[] in = (Object[]) invec;
            Object[] inout = (Object[]) inoutvec;
            for (int i = 0; i < count; i++) {
                inout[inoutoffset + i] = in[inoffset + i] + "|" + inout[inoutoffset + i];
            }
        }
    }

    /** Open MPI style: Integer sums over arrays of exactly {@code count} objects. */
    static final class Sum extends UserFunction {
        @Override
        public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
            Object[] in = (Object[]) inVec;
            Object[] inout = (Object[]) inOutVec;
            Check.equal(count, in.length, "the UserFunction's array length");
            for (int i = 0; i < count; i++) {
                inout[i] = (Integer) in[i] + (Integer) inout[i];
            }
        }
    }

    /** "0|1|...|last", from rank {@code first}, each element suffixed with {@code suffix}. */
    static String chain(int first, int last, String suffix) {
        StringBuilder b = new StringBuilder();
        for (int i = first; i <= last; i++) {
            b.append(i == first ? "" : "|").append(i).append(suffix);
        }
        return b.toString();
    }

    public static void main(String[] args) {
        Check.init(args);
        Intracomm w = MPI.COMM_WORLD;
        w.Errhandler_set(MPI.ERRORS_RETURN);
        int r = Check.rank();
        int n = Check.size();
        int right = (r + 1) % n;
        int left = (r + n - 1) % n;

        Check.step("persistent object requests started several times", () -> {
            Object[] out = new Object[3];
            Object[] in = new Object[4];
            Prequest recv = w.Recv_init(in, 1, 3, MPI.OBJECT, left, 30);
            Prequest send = w.Send_init(out, 0, 3, MPI.OBJECT, right, 30);
            Prequest sync = w.Ssend_init(out, 0, 3, MPI.OBJECT, right, 30);
            for (int k = 0; k < 6; k++) {
                // the objects as they are at each start travel: changed between starts
                out[0] = "start " + k + " from " + r;
                out[1] = k;
                out[2] = new long[k % 2 == 0 ? 2 : 30_000]; // odd starts: a two-part message
                ((long[]) out[2])[1] = 1000L * r + k;
                Prequest sender = k % 3 == 2 ? sync : send;
                Prequest.Startall(new Prequest[] {recv, sender});
                Status[] s = Request.Waitall(new Request[] {recv, sender});
                Check.equal(3, s[0].Get_count(MPI.OBJECT), "objects of start " + k);
                Check.equal(left, s[0].source, "source of start " + k);
                Check.equal("start " + k + " from " + left, in[1], "element 0 of start " + k);
                Check.equal(k, in[2], "element 1 of start " + k);
                long[] got = (long[]) in[3];
                Check.equal(k % 2 == 0 ? 2 : 30_000, got.length, "array length of start " + k);
                Check.equal(1000L * left + k, got[1], "array element of start " + k);
                Check.equal(null, in[0], "element before the offset");
            }
            recv.Free();
            send.Free();
            sync.Free();
        });

        Check.step("persistent ready send of objects", () -> {
            Object[] in = new Object[1];
            Prequest recv = w.Recv_init(in, 0, 1, MPI.OBJECT, left, 31);
            Prequest ready = w.Rsend_init(new Object[] {"ready from " + r}, 0, 1, MPI.OBJECT, right, 31);
            for (int k = 0; k < 3; k++) {
                recv.Start();
                w.Barrier(); // every receive is posted
                ready.Start();
                ready.Wait();
                Status s = recv.Wait();
                Check.equal(1, s.Get_count(MPI.OBJECT), "objects of ready start " + k);
                Check.equal("ready from " + left, in[0], "ready start " + k);
                in[0] = null;
            }
            recv.Free();
            ready.Free();
        });

        Check.step("derived types built on MPI.OBJECT in point-to-point calls", () -> {
            Object[] out = new Object[12];
            for (int i = 0; i < out.length; i++) {
                out[i] = r + ":" + i;
            }
            // send the odd elements 1, 3, 5, 7 (a vector), receive them into blocks of an indexed type
            Datatype odd = Datatype.Vector(4, 1, 2, MPI.OBJECT);
            odd.Commit();
            Datatype blocks = Datatype.Indexed(new int[] {2, 1, 1}, new int[] {0, 3, 6}, MPI.OBJECT);
            blocks.Commit();
            Check.equal(4, odd.Size(), "objects in the vector");
            Object[] in = new Object[9];
            Request rq = w.Irecv(in, 1, 1, blocks, left, 40);
            w.Send(out, 1, 1, odd, right, 40);
            Status s = rq.Wait();
            Check.equal(1, s.Get_count(blocks), "items of the indexed type");
            Check.equal(4, s.Get_elements(blocks), "objects received");
            Object[] want = {null, left + ":1", left + ":3", null, left + ":5", null, null, left + ":7", null};
            Check.equal(Arrays.toString(want), Arrays.toString(in), "objects at the indexed positions");
            // a struct with an upper bound marker: two objects at 0 and 2, extent 3; two items
            Datatype spaced = Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 2, 3},
                new Datatype[] {MPI.OBJECT, MPI.OBJECT, MPI.UB});
            spaced.Commit();
            Check.equal(3, spaced.Extent(), "extent with the UB marker");
            Datatype pairs = Datatype.Contiguous(2, MPI.OBJECT);
            pairs.Commit();
            Object[] got = new Object[5];
            Status s2 = w.Sendrecv(out, 0, 2, spaced, right, 41, got, 1, 2, pairs, left, 41);
            Check.equal(2, s2.Get_count(pairs), "items of the contiguous type");
            Check.equal(Arrays.toString(new Object[] {null, left + ":0", left + ":2", left + ":3", left + ":5"}),
                Arrays.toString(got), "struct items received as pairs");
            // persistent, twice, with a hvector (stride in elements of the base type: objects)
            Datatype every3 = Datatype.Hvector(3, 1, 3, MPI.OBJECT);
            every3.Commit();
            Object[] back = new Object[9];
            Prequest pr = w.Recv_init(back, 0, 1, every3, left, 42);
            Prequest ps = w.Send_init(out, 0, 3, MPI.OBJECT, right, 42);
            for (int k = 0; k < 2; k++) {
                out[1] = "start " + k + " of " + r;
                Prequest.Startall(new Prequest[] {pr, ps});
                Request.Waitall(new Request[] {pr, ps});
                Check.equal(left + ":0", back[0], "hvector element 0, start " + k);
                Check.equal("start " + k + " of " + left, back[3], "hvector element 1, start " + k);
                Check.equal(left + ":2", back[6], "hvector element 2, start " + k);
                Check.equal(null, back[1], "between the hvector's elements");
            }
            out[1] = r + ":1";
            pr.Free();
            ps.Free();
            Check.expectError(MPI.ERR_BUFFER, "a derived type past the end of the buffer",
                () -> w.Send(new Object[6], 0, 1, odd, right, 43), "Send", "outside the buffer");
            Check.expectError(MPI.ERR_TRUNCATE, "more objects than the derived receive holds", () -> {
                Request small = w.Irecv(new Object[9], 0, 1, spaced, left, 44);
                w.Send(out, 0, 3, MPI.OBJECT, right, 44);
                small.Wait();
            }, "more objects");
            Check.expectError(MPI.ERR_TYPE, "a reduction with a derived object type",
                () -> w.Allreduce(new Object[2], 0, new Object[2], 0, 1, pairs, new Op(new Concat(), true)),
                "Allreduce", "built on MPI.OBJECT");
            Check.expectError(MPI.ERR_TYPE, "a struct mixing MPI.OBJECT with MPI.INT",
                () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.OBJECT, MPI.INT}),
                "Struct", "MPI.OBJECT");
            Check.expectError(MPI.ERR_TYPE, "an Open MPI struct of MPI.OBJECT",
                () -> Datatype.createStruct(new int[] {1}, new int[] {0}, new Datatype[] {MPI.OBJECT}),
                "createStruct", "MPI.OBJECT");
        });

        Check.step("collectives with derived types built on MPI.OBJECT", () -> {
            Datatype pairs = Datatype.Contiguous(2, MPI.OBJECT);
            pairs.Commit();
            Datatype odd = Datatype.Vector(2, 1, 2, MPI.OBJECT); // elements 0 and 2, extent 3
            odd.Commit();
            Datatype spaced = Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 2, 3},
                new Datatype[] {MPI.OBJECT, MPI.OBJECT, MPI.UB}); // elements 0 and 2, extent 3
            spaced.Commit();
            Object[] mine = {r + "/a", r + "/b", r + "/c", r + "/d"};
            // Bcast of two pairs from offset 1 of the root's array
            Object[] cast = new Object[5];
            if (r == 0) {
                System.arraycopy(new Object[] {"p", "q", "s", "t"}, 0, cast, 1, 4);
            }
            w.Bcast(cast, 1, 2, pairs, 0);
            Check.equal(Arrays.toString(new Object[] {null, "p", "q", "s", "t"}), Arrays.toString(cast), "Bcast");
            // Gather: every rank sends its elements 0 and 2 (a vector), the root takes them in a row
            Object[] all = new Object[2 * n];
            w.Gather(mine, 0, 1, odd, all, 0, 2, MPI.OBJECT, n - 1);
            if (r == n - 1) {
                for (int i = 0; i < n; i++) {
                    Check.equal(i + "/a", all[2 * i], "Gather element 0 of rank " + i);
                    Check.equal(i + "/c", all[2 * i + 1], "Gather element 1 of rank " + i);
                }
            }
            // Allgather into spaced items: rank i's two objects at 3i and 3i + 2
            Object[] spread = new Object[3 * n];
            w.Allgather(mine, 1, 2, MPI.OBJECT, spread, 0, 1, spaced);
            for (int i = 0; i < n; i++) {
                Check.equal(i + "/b", spread[3 * i], "Allgather element 0 of rank " + i);
                Check.equal(null, spread[3 * i + 1], "Allgather gap of rank " + i);
                Check.equal(i + "/c", spread[3 * i + 2], "Allgather element 1 of rank " + i);
            }
            // Scatter from spaced items: rank j gets the root's objects at 3j and 3j + 2
            Object[] parts = new Object[3 * n];
            for (int k = 0; k < parts.length; k++) {
                parts[k] = "part " + k;
            }
            Object[] part = new Object[2];
            w.Scatter(parts, 0, 1, spaced, part, 0, 2, MPI.OBJECT, 0);
            Check.equal("part " + 3 * r, part[0], "Scatter element 0");
            Check.equal("part " + (3 * r + 2), part[1], "Scatter element 1");
            // Alltoall of pairs into plain objects
            Object[] send = new Object[2 * n];
            for (int j = 0; j < n; j++) {
                send[2 * j] = r + ">" + j + "#0";
                send[2 * j + 1] = r + ">" + j + "#1";
            }
            Object[] recv = new Object[2 * n];
            w.Alltoall(send, 0, 1, pairs, recv, 0, 2, MPI.OBJECT);
            for (int i = 0; i < n; i++) {
                Check.equal(i + ">" + r + "#0", recv[2 * i], "Alltoall element 0 from rank " + i);
                Check.equal(i + ">" + r + "#1", recv[2 * i + 1], "Alltoall element 1 from rank " + i);
            }
        });

        Check.step("Alltoall of objects", () -> {
            Object[] send = new Object[2 * n + 1];
            for (int j = 0; j < n; j++) {
                send[1 + 2 * j] = r + "->" + j;
                send[2 + 2 * j] = r * 100 + j;
            }
            Object[] recv = new Object[2 * n + 2];
            w.Alltoall(send, 1, 2, MPI.OBJECT, recv, 2, 2, MPI.OBJECT);
            for (int i = 0; i < n; i++) {
                Check.equal(i + "->" + r, recv[2 + 2 * i], "object 0 from rank " + i);
                Check.equal(i * 100 + r, recv[3 + 2 * i], "object 1 from rank " + i);
            }
            Check.equal(null, recv[0], "before the offset");
            Check.equal(null, recv[1], "before the offset");
        });

        Check.step("Alltoallv of objects: different counts, gaps between blocks", () -> {
            int[] scounts = new int[n];
            int[] sdispls = new int[n];
            int[] rcounts = new int[n];
            int[] rdispls = new int[n];
            int sat = 0;
            int rat = 0;
            for (int j = 0; j < n; j++) {
                scounts[j] = (r + j) % 3;     // to j
                rcounts[j] = (j + r) % 3;     // from j: what j sends to r
                sdispls[j] = sat;
                rdispls[j] = rat;
                sat += scounts[j] + 1;
                rat += rcounts[j] + 1;
            }
            Object[] send = new Object[sat];
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < scounts[j]; k++) {
                    send[sdispls[j] + k] = Arrays.asList(r, j, k);
                }
            }
            Object[] recv = new Object[rat + 1];
            w.Alltoallv(send, 0, scounts, sdispls, MPI.OBJECT, recv, 1, rcounts, rdispls, MPI.OBJECT);
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < rcounts[i]; k++) {
                    Check.equal(Arrays.asList(i, r, k), recv[1 + rdispls[i] + k], "object " + k + " from rank " + i);
                }
                Check.equal(null, recv[1 + rdispls[i] + rcounts[i]], "the gap after the block of rank " + i);
            }
        });

        Op concat = new Op(new Concat(), false);
        Op sum = new Op(new Sum(), true);

        Check.step("Reduce, Allreduce, Scan, Exscan over objects: rank order", () -> {
            Object[] mine = {"x", r + "a", r + "b"};
            for (int root : new int[] {0, n - 1}) {
                Object[] result = {"untouched", "untouched", "untouched"};
                w.Reduce(mine, 1, result, 0, 2, MPI.OBJECT, concat, root);
                if (r == root) {
                    Check.equal(chain(0, n - 1, "a"), result[0], "Reduce to " + root + ", element 0");
                    Check.equal(chain(0, n - 1, "b"), result[1], "Reduce to " + root + ", element 1");
                } else {
                    Check.equal("untouched", result[0], "the receive buffer of a non-root");
                }
                Check.equal("untouched", result[2], "past the count");
            }
            Object[] all = new Object[3];
            w.Allreduce(mine, 1, all, 1, 2, MPI.OBJECT, concat);
            Check.equal(chain(0, n - 1, "a"), all[1], "Allreduce element 0");
            Check.equal(chain(0, n - 1, "b"), all[2], "Allreduce element 1");
            Object[] scan = new Object[2];
            w.Scan(mine, 1, scan, 0, 2, MPI.OBJECT, concat);
            Check.equal(chain(0, r, "a"), scan[0], "Scan element 0");
            Check.equal(chain(0, r, "b"), scan[1], "Scan element 1");
            Object[] ex = {"rank 0 keeps this", null};
            w.exScan(new Object[] {r + "a", r + "b"}, ex, 2, MPI.OBJECT, concat);
            Check.equal(r == 0 ? "rank 0 keeps this" : chain(0, r - 1, "a"), ex[0], "Exscan element 0");
            Object[] inPlace = {r + "a", r + "b"};
            w.allReduce(inPlace, 2, MPI.OBJECT, concat); // in place (Open MPI form)
            Check.equal(chain(0, n - 1, "b"), inPlace[1], "Allreduce in place, element 1");
            Object[] sums = new Object[1];
            w.Allreduce(new Object[] {r + 1}, 0, sums, 0, 1, MPI.OBJECT, sum);
            Check.equal(n * (n + 1) / 2, sums[0], "Allreduce with an Open MPI UserFunction");
        });

        Check.step("Reduce_scatter over objects", () -> {
            int[] counts = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++) {
                counts[i] = i % 2 + 1;
                total += counts[i];
            }
            Object[] mine = new Object[total];
            for (int k = 0; k < total; k++) {
                mine[k] = r + "." + k;
            }
            Object[] got = new Object[counts[r] + 1];
            w.Reduce_scatter(mine, 0, got, 1, counts, MPI.OBJECT, concat);
            int start = 0;
            for (int i = 0; i < r; i++) {
                start += counts[i];
            }
            for (int k = 0; k < counts[r]; k++) {
                Check.equal(chain(0, n - 1, "." + (start + k)), got[1 + k], "Reduce_scatter element " + k);
            }
        });

        Check.step("Op.Call on objects", () -> {
            Object[] in = {"skip", "a", "b"};
            Object[] inout = {"c", "d"};
            concat.Call(in, 1, inout, 0, 2, MPI.OBJECT);
            Check.equal("a|c", inout[0], "Call element 0");
            Check.equal("b|d", inout[1], "Call element 1");
        });

        Check.step("errors", () -> {
            Check.expectError(MPI.ERR_OP, "a predefined operation on objects",
                () -> w.Allreduce(new Object[] {1}, 0, new Object[1], 0, 1, MPI.OBJECT, MPI.SUM),
                "Allreduce", "MPI_SUM", "OBJECT");
            Check.expectError(MPI.ERR_TYPE, "a nonblocking reduction of objects",
                () -> w.iAllReduce(new Object[1], new Object[1], 1, MPI.OBJECT, concat), "iAllReduce", "nonblocking");
            Op failing = new Op(new User_function() {
                @Override
                public void Call(Object a, int ao, Object b, int bo, int count, Datatype t) {
                    throw new IllegalStateException("refused on purpose");
                }
            }, true);
            if (n > 1) {
                Check.expectError(MPI.ERR_OP, "a failing user function",
                    () -> w.Allreduce(new Object[] {1}, 0, new Object[1], 0, 1, MPI.OBJECT, failing),
                    "Allreduce", "refused on purpose");
            }
            Check.expectError(MPI.ERR_TRUNCATE, "more objects than the receive count",
                () -> w.Alltoall(new Object[2 * n], 0, 2, MPI.OBJECT, new Object[2 * n], 0, 1, MPI.OBJECT),
                "Alltoall", "receive count 1");
            Check.expectError(MPI.ERR_TYPE, "an Object[] buffer",
                () -> w.Reduce(new int[1], 0, new Object[1], 0, 1, MPI.OBJECT, concat, 0), "Reduce", "Object[]");
        });

        Check.done();
    }
}

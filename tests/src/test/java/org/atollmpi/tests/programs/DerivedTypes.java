package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;

/**
 * Derived datatypes through the point-to-point calls, in either dialect, on any number of ranks:
 * every rank sends to its right neighbour and receives from its left (itself on one rank), the
 * receive posted first. Matrix columns (vector) with blocking calls and sendRecv, indexed types
 * on direct buffers (ompi) or arrays with offsets (mpj), persistent requests with a struct,
 * resized strides, a short receive with getElements, an int[] sent as MPI.BYTE, PACKED, MPI.OBJECT
 * (mpj) and the errors (uncommitted type, buffer too small, freeing a predefined type).
 */
public final class DerivedTypes {
    private DerivedTypes() {
    }

    public static void main(String[] args) {
        String[] rest = Check.init(args);
        Dialect d = Dialect.of(rest[0]);
        boolean mpj = d.name().equals("mpj");
        Comm w = MPI.COMM_WORLD;
        d.setErrorsReturn(w);
        int r = Check.rank();
        int n = Check.size();
        int right = (r + 1) % n;
        int left = (r + n - 1) % n;

        Datatype column = mpj ? Datatype.Vector(4, 1, 5, MPI.INT) : Datatype.createVector(4, 1, 5, MPI.INT);
        Check.step("uncommitted type is refused", () -> {
            Check.expectError(MPI.ERR_TYPE, "send with an uncommitted type",
                () -> d.send(w, new int[20], 0, 1, column, right, 9), "not committed", mpj ? "Send" : "send");
        });
        column.commit();

        Check.step("sizes and extents: bytes (Open MPI), base elements (mpiJava)", () -> {
            Check.equal(mpj ? 4 : 16, mpj ? column.Size() : column.getSize(), "column size");
            Check.equal(mpj ? 16 : 64, mpj ? column.Extent() : column.getExtent(), "column extent");
            Check.equal(4, column.getByteSize(), "column byte size");
        });

        int[] m = new int[20];
        for (int i = 0; i < 20; i++) {
            m[i] = r * 100 + i;
        }

        Check.step("column, blocking send into a preposted receive", () -> {
            int[] back = new int[20];
            Request rq = d.iRecv(w, back, 0, 1, column, left, 1);
            d.send(w, m, 3, 1, column, right, 1);
            St s = d.waitFor(rq);
            s.expect(left, 1, 1, column, "column");
            Check.equal(4, s.status.getElements(column), "column elements");
            for (int row = 0; row < 4; row++) {
                Check.equal(left * 100 + row * 5 + 3, back[row * 5], "row " + row);
                Check.equal(0, back[row * 5 + 1], "untouched " + row);
            }
        });

        Check.step("column exchange with sendRecv, offsets on both sides", () -> {
            int[] back = new int[20];
            St s = d.sendRecv(w, m, 1, 1, column, right, 2, back, 2, 1, column, left, 2);
            s.expect(left, 2, 1, column, "sendRecv");
            for (int i = 0; i < 20; i++) {
                Check.equal(i % 5 == 2 ? left * 100 + i - 1 : 0, back[i], "element " + i);
            }
            int[] replace = m.clone();
            d.sendRecvReplace(w, replace, 0, 1, column, right, 3, left, 3);
            for (int i = 0; i < 20; i++) {
                Check.equal(i % 5 == 0 ? left * 100 + i : r * 100 + i, replace[i], "replaced " + i);
            }
        });

        Datatype idx = mpj ? Datatype.Indexed(new int[] {2, 1}, new int[] {0, 5}, MPI.DOUBLE)
            : Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 5}, MPI.DOUBLE);
        idx.commit();
        Check.step("indexed, nonblocking, " + (mpj ? "arrays with offsets" : "direct buffers"), () -> {
            int off = d.nonblockingOffset();
            Object out;
            Object in;
            if (mpj) {
                double[] o = new double[off + 12];
                for (int i = 0; i < o.length; i++) {
                    o[i] = r + i / 10.0;
                }
                out = o;
                in = new double[off + 12];
            } else {
                DoubleBuffer o = MPI.newDoubleBuffer(12);
                for (int i = 0; i < 12; i++) {
                    o.put(i, r + i / 10.0);
                }
                out = o;
                in = MPI.newDoubleBuffer(12);
            }
            Request rq = d.iRecv(w, in, off, 2, idx, left, 4);
            Request sq = d.iSend(w, out, off, 2, idx, right, 4);
            d.waitAll(new Request[] {sq, rq});
            boolean[] picked = new boolean[12];
            for (int p : new int[] {0, 1, 5, 6, 7, 11}) {
                picked[p] = true;
            }
            for (int i = 0; i < 12; i++) {
                double got = mpj ? ((double[]) in)[off + i] : ((DoubleBuffer) in).get(i);
                boolean sent = picked[i];
                double want = sent ? left + (mpj ? off + i : i) / 10.0 : 0;
                Check.that(got == want, "indexed element %d is %s, expected %s", i, got, want);
            }
        });

        // ompi: {int @0, double @8} on byte[]; mpj: ints at 0 and 2, extent 4 ints (UB marker)
        Datatype struct = mpj
            ? Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 2, 4}, new Datatype[] {MPI.INT, MPI.INT, MPI.UB})
            : Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        struct.commit();
        Check.step("struct through persistent requests", () -> {
            Object out = mpj ? new int[12] : new byte[48];
            Object in = mpj ? new int[12] : new byte[48];
            Prequest rq = d.recvInit(w, in, 0, 3, struct, left, 5);
            Prequest sq = d.sendInit(w, out, 0, 3, struct, right, 5);
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < 3; k++) {
                    if (mpj) {
                        ((int[]) out)[k * 4] = r * 1000 + round * 10 + k;
                        ((int[]) out)[k * 4 + 2] = -k;
                    } else {
                        ByteBuffer b = ByteBuffer.wrap((byte[]) out).order(ByteOrder.nativeOrder());
                        b.putInt(k * 16, r * 1000 + round * 10 + k);
                        b.putDouble(k * 16 + 8, k + 0.5);
                    }
                }
                d.startAll(new Prequest[] {rq, sq});
                d.waitFor(sq);
                d.waitFor(rq).expect(left, 5, 3, struct, "round " + round);
                for (int k = 0; k < 3; k++) {
                    int want = left * 1000 + round * 10 + k;
                    if (mpj) {
                        Check.equal(want, ((int[]) in)[k * 4], "int of item " + k);
                        Check.equal(-k, ((int[]) in)[k * 4 + 2], "second int of item " + k);
                        Check.equal(0, ((int[]) in)[k * 4 + 1], "gap of item " + k);
                    } else {
                        ByteBuffer b = ByteBuffer.wrap((byte[]) in).order(ByteOrder.nativeOrder());
                        Check.equal(want, b.getInt(k * 16), "int of item " + k);
                        Check.that(b.getDouble(k * 16 + 8) == k + 0.5, "double of item %d", k);
                        Check.equal(0, b.getInt(k * 16 + 4), "gap of item " + k);
                    }
                }
            }
            rq.free();
            sq.free();
        });

        Check.step("resized stride, short receive, getElements", () -> {
            Datatype every3 = mpj ? Datatype.Struct(new int[] {1, 1}, new int[] {0, 3}, new Datatype[] {MPI.INT, MPI.UB})
                : Datatype.createResized(MPI.INT, 0, 12);
            every3.commit();
            Check.equal(mpj ? 3 : 12, mpj ? every3.Extent() : every3.getExtent(), "resized extent");
            int[] in = new int[12];
            Arrays.fill(in, -1);
            Request rq = d.iRecv(w, in, 0, 4, every3, left, 6);
            d.send(w, m, 0, 3, MPI.INT, right, 6); // three ints: a short message
            St s = d.waitFor(rq);
            Check.equal(3, s.count(every3), "items");
            Check.equal(3, s.status.getElements(every3), "elements");
            for (int i = 0; i < 12; i++) {
                Check.equal(i % 3 == 0 && i < 9 ? left * 100 + i / 3 : -1, in[i], "element " + i);
            }
            int[] cols = new int[40];
            rq = d.iRecv(w, cols, 0, 2, column, left, 7);
            d.send(w, m, 0, 5, MPI.INT, right, 7); // one column and one int of the next
            s = d.waitFor(rq);
            Check.equal(MPI.UNDEFINED, s.count(column), "count of a partial column");
            Check.equal(5, s.status.getElements(column), "elements of a partial column");
            Check.equal(left * 100 + 4, cols[16], "first element of the second column");
            Check.equal(0, cols[21], "second element of the second column (never arrived)");
        });

        Check.step("int[] sent as MPI.BYTE", () -> {
            byte[] in = new byte[16];
            Request rq = d.iRecv(w, in, 0, 10, MPI.BYTE, left, 8);
            d.send(w, m, 1, 10, MPI.BYTE, right, 8); // from int 1: 2.5 ints
            St s = d.waitFor(rq);
            s.expect(left, 8, 10, MPI.BYTE, "bytes");
            Check.equal(MPI.UNDEFINED, s.count(MPI.INT), "ints in 10 bytes");
            ByteBuffer b = ByteBuffer.wrap(in).order(ByteOrder.nativeOrder());
            Check.equal(left * 100 + 1, b.getInt(0), "first int");
            Check.equal(left * 100 + 2, b.getInt(4), "second int");
            int[] ints = new int[3];
            rq = d.iRecv(w, ints, 0, 6, MPI.CHAR, left, 9);
            d.send(w, m, 2, 3, MPI.INT, right, 9);
            d.waitFor(rq).expect(left, 9, 6, MPI.CHAR, "chars");
            Check.equal(left * 100 + 4, ints[2], "int received as chars");
        });

        Check.step("PACKED: pack, send, unpack", () -> {
            byte[] packed = new byte[mpj ? w.Pack_size(1, column) + w.Pack_size(2, MPI.INT)
                : w.packSize(1, column) + w.packSize(2, MPI.INT)];
            int pos = mpj ? w.Pack(m, 0, 1, column, packed, 0) : w.pack(m, 1, column, packed, 0);
            Check.equal(16, pos, "position after the column");
            pos = mpj ? w.Pack(new int[] {r, -r}, 0, 2, MPI.INT, packed, pos) : w.pack(new int[] {r, -r}, 2, MPI.INT, packed, pos);
            Check.equal(24, pos, "position after the ints");
            byte[] in = new byte[64];
            Request rq = d.iRecv(w, in, 0, 64, MPI.PACKED, left, 10);
            d.send(w, packed, 0, pos, MPI.PACKED, right, 10);
            Check.equal(24, d.waitFor(rq).count(MPI.PACKED), "packed bytes");
            int[] col = new int[20];
            int p = mpj ? w.Unpack(in, 0, col, 0, 1, column) : w.unpack(in, 0, col, 1, column);
            int[] two = new int[2];
            p = mpj ? w.Unpack(in, p, two, 0, 2, MPI.INT) : w.unpack(in, p, two, 2, MPI.INT);
            Check.equal(24, p, "unpack position");
            Check.equal(left * 100 + 15, col[15], "unpacked column");
            Check.equal(-left, two[1], "unpacked int");
            Check.expectError(MPI.ERR_TRUNCATE, "pack into a short outbuf",
                () -> { if (mpj) w.Pack(m, 0, 1, column, new byte[8], 0); else w.pack(m, 1, column, new byte[8], 0); },
                "outbuf");
        });

        if (mpj) {
            Check.step("MPI.OBJECT: nulls, a HashMap, nonblocking and Sendrecv", () -> {
                HashMap<String, List<Integer>> map = new HashMap<>();
                map.put("rank", new ArrayList<>(List.of(r, r * r)));
                Object[] out = {"from " + r, null, map, r * 0.5};
                Object[] in = new Object[6];
                Request rq = w.Irecv(in, 1, 4, MPI.OBJECT, left, 11);
                w.Send(out, 0, 4, MPI.OBJECT, right, 11);
                St s = new St(rq.Wait(), true);
                Check.equal(4, s.count(MPI.OBJECT), "objects received");
                Check.equal("from " + left, in[1], "string");
                Check.that(in[2] == null, "null stays null");
                Check.equal(List.of(left, left * left), ((HashMap<?, ?>) in[3]).get("rank"), "map");
                Check.equal(left * 0.5, in[4], "double");
                Object[] back = new Object[2];
                w.Sendrecv(out, 0, 2, MPI.OBJECT, right, 12, back, 0, 2, MPI.OBJECT, left, 12);
                Check.equal("from " + left, back[0], "sendrecv object");
                Check.expectError(MPI.ERR_TYPE, "a thread is not serializable",
                    () -> w.Send(new Object[] {"ok", new Thread()}, 0, 2, MPI.OBJECT, right, 13), "element 1");
            });
        }

        Check.step("errors: buffer too small for the type, freeing a predefined type", () -> {
            Check.expectError(MPI.ERR_BUFFER, "two columns in 20 ints",
                () -> d.send(w, new int[20], 0, 2, column, right, 14), "count 2", "int[20]");
            Check.expectError(MPI.ERR_BUFFER, "receive of a column in 15 ints (it spans 16)",
                () -> d.iRecv(w, new int[15], 0, 1, column, left, 14), "count 1");
            Check.expectError(MPI.ERR_TYPE, "free MPI.INT", () -> MPI.INT.free(), "MPI_INT", "predefined");
            Datatype dup = column.dup();
            dup.free();
            Check.expectError(MPI.ERR_TYPE, "send with a freed type",
                () -> d.send(w, new int[20], 0, 1, dup, right, 14), "freed");
        });
        Check.done();
    }
}

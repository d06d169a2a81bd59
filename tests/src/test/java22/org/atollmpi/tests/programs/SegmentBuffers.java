package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.function.Function;

import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Segments;
import mpi.Win;

/**
 * {@link MemorySegment}s as buffers (Java 22+; compiled from src/test/java22): native segments of
 * confined, shared, global and automatic arenas, board memory as a segment, heap segments over
 * arrays (whole, and slices at an offset) through point-to-point (blocking, nonblocking, large
 * messages), collectives and windows; and the errors a wrong segment gets. 2 or more ranks.
 */
public final class SegmentBuffers {
    private static final int SMALL = 16;          // longs: an eager message
    private static final int LARGE = 64 * 1024;   // longs: 512 KiB, a rendezvous

    /** A named way of making a segment of n longs. */
    private record Kind(String name, Function<Integer, MemorySegment> make) {
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        int rank = Check.rank();
        int size = Check.size();
        Arena confined = Arena.ofConfined();
        Arena shared = Arena.ofShared();
        List<Kind> kinds = List.of(
            new Kind("confined arena", n -> confined.allocate(8L * n, 8)),
            new Kind("shared arena", n -> shared.allocate(8L * n, 8)),
            new Kind("global arena", n -> Arena.global().allocate(8L * n, 8)),
            new Kind("automatic arena", n -> Arena.ofAuto().allocate(8L * n, 8)),
            new Kind("board memory", n -> Segments.allocate(8L * n)),
            new Kind("heap long[]", n -> MemorySegment.ofArray(new long[n])),
            new Kind("heap byte[] slice", n -> MemorySegment.ofArray(new byte[8 * n + 24]).asSlice(24, 8L * n)));

        for (Kind k : kinds) {
            Check.step("point-to-point, " + k.name(), () -> {
                for (int n : new int[] {SMALL, LARGE}) {
                    MemorySegment out = k.make().apply(n);
                    MemorySegment in = k.make().apply(n);
                    fill(out, rank, n);
                    int right = (rank + 1) % size;
                    int left = (rank + size - 1) % size;
                    MPI.COMM_WORLD.sendRecv(out, n, MPI.LONG, right, 1, in, n, MPI.LONG, left, 1);
                    check(in, left, n, "sendRecv of " + n + " longs");
                    Request r = MPI.COMM_WORLD.iRecv(in, n, MPI.LONG, left, 2);
                    MPI.COMM_WORLD.send(out, n, MPI.LONG, right, 2);
                    r.waitFor();
                    check(in, left, n, "iRecv/send of " + n + " longs");
                    Request s = MPI.COMM_WORLD.iSend(out, n, MPI.LONG, right, 3);
                    MPI.COMM_WORLD.recv(in, n, MPI.LONG, left, 3);
                    s.waitFor();
                    check(in, left, n, "iSend/recv of " + n + " longs");
                }
            });
            Check.step("collectives, " + k.name(), () -> {
                MemorySegment mine = k.make().apply(SMALL);
                MemorySegment sum = k.make().apply(SMALL);
                fill(mine, rank, SMALL);
                MPI.COMM_WORLD.allReduce(mine, sum, SMALL, MPI.LONG, MPI.SUM);
                for (int i = 0; i < SMALL; i++) {
                    long expected = 0;
                    for (int r = 0; r < size; r++) {
                        expected += value(r, i);
                    }
                    equal(expected, sum.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i), "allReduce element " + i);
                }
                MemorySegment b = k.make().apply(LARGE);
                if (rank == 0) {
                    fill(b, 42, LARGE);
                }
                MPI.COMM_WORLD.bcast(b, LARGE, MPI.LONG, 0);
                check(b, 42, LARGE, "bcast of " + LARGE + " longs");
                MemorySegment all = k.make().apply(SMALL * size);
                MPI.COMM_WORLD.allGather(mine, SMALL, MPI.LONG, all, SMALL, MPI.LONG);
                for (int r = 0; r < size; r++) {
                    check(all.asSlice(8L * SMALL * r, 8L * SMALL), r, SMALL, "allGather block " + r);
                }
            });
            Check.step("window, " + k.name(), () -> {
                MemorySegment memory = k.make().apply(SMALL * size);
                // A segment's window size counts bytes, as a ByteBuffer's does.
                Win win = new Win(memory, 8 * SMALL * size, 8, new Info(), MPI.COMM_WORLD);
                MemorySegment mine = k.make().apply(SMALL);
                fill(mine, rank, SMALL);
                win.fence(0);
                for (int r = 0; r < size; r++) {
                    win.put(mine, SMALL, MPI.LONG, r, SMALL * rank, SMALL, MPI.LONG);
                }
                win.fence(0);
                for (int r = 0; r < size; r++) {
                    check(memory.asSlice(8L * SMALL * r, 8L * SMALL), r, SMALL, "put from rank " + r);
                }
                MemorySegment got = k.make().apply(SMALL);
                int right = (rank + 1) % size;
                win.get(got, SMALL, MPI.LONG, right, SMALL * rank, SMALL, MPI.LONG);
                win.fence(0);
                check(got, rank, SMALL, "get from rank " + right);
                win.accumulate(mine, SMALL, MPI.LONG, right, SMALL * rank, SMALL, MPI.LONG, MPI.SUM);
                win.fence(0);
                int left = (rank + size - 1) % size;
                for (int i = 0; i < SMALL; i++) {
                    equal(2 * value(left, i), memory.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, SMALL * left + i),
                        "accumulated element " + i);
                }
                win.fence(MPI.MODE_NOSUCCEED);
                win.free();
            });
        }

        Check.step("MPI-IO from and into segments", () -> {
            String job = System.getenv("ATOLL_JOB_ID");
            String name = System.getProperty("java.io.tmpdir") + "/atoll-segments-" + (job != null ? job : "local");
            for (Kind k : kinds) {
                mpi.File file = new mpi.File(MPI.COMM_WORLD, name, MPI.MODE_CREATE | MPI.MODE_RDWR);
                MemorySegment out = k.make().apply(SMALL);
                fill(out, rank, SMALL);
                file.writeAtAll(8L * SMALL * rank, out, SMALL, MPI.LONG);
                file.sync();
                MPI.COMM_WORLD.barrier();
                file.sync();
                MemorySegment in = k.make().apply(SMALL);
                int peer = (rank + 1) % size;
                file.readAt(8L * SMALL * peer, in, SMALL, MPI.LONG);
                check(in, peer, SMALL, "file read of rank " + peer + "'s block, " + k.name());
                file.close();
                MPI.COMM_WORLD.barrier();
            }
            if (rank == 0) {
                mpi.File.delete(name);
            }
        });

        Check.step("heap segment over int[] as the array", () -> {
            int[] array = new int[8];
            MemorySegment seg = MemorySegment.ofArray(array);
            if (rank == 0) {
                for (int i = 0; i < 8; i++) {
                    array[i] = 100 + i;
                }
            }
            MPI.COMM_WORLD.bcast(seg, 8, MPI.INT, 0);
            for (int i = 0; i < 8; i++) {
                equal(100 + i, array[i], "the array behind the segment, element " + i);
            }
        });

        Check.step("wrong segments are refused", () -> {
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            MemorySegment small = Arena.ofAuto().allocate(8);
            MPIException e = Check.expectError(MPI.ERR_BUFFER, "a receive longer than the segment",
                () -> MPI.COMM_WORLD.recv(small, 2, MPI.LONG, 0, 9), "does not fit", "native MemorySegment of 8 bytes");
            MemorySegment readOnly = Arena.ofAuto().allocate(64).asReadOnly();
            Check.expectError(MPI.ERR_BUFFER, "a receive into a read-only segment",
                () -> MPI.COMM_WORLD.recv(readOnly, 1, MPI.LONG, 0, 9), "read-only");
            Arena closed = Arena.ofConfined();
            MemorySegment gone = closed.allocate(64);
            closed.close();
            Check.expectError(MPI.ERR_BUFFER, "a send from a closed arena's segment",
                () -> MPI.COMM_WORLD.send(gone, 1, MPI.LONG, 0, 9), "closed");
            Check.expectError(MPI.ERR_BUFFER, "a heap read-only segment (no array to address)",
                () -> MPI.COMM_WORLD.send(MemorySegment.ofArray(new long[1]).asReadOnly(), 1, MPI.LONG, 0, 9),
                "no accessible array");
            Check.expectError(MPI.ERR_ARG, "board memory of a negative size",
                () -> Segments.allocate(-1), "byteSize -1");
            that(e != null, "error raised");
        });

        confined.close();
        shared.close();
        Check.done();
    }

    private static long value(int rank, int i) {
        return rank * 1_000_003L + i;
    }

    private static void fill(MemorySegment s, int rank, int n) {
        for (int i = 0; i < n; i++) {
            s.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, value(rank, i));
        }
    }

    private static void check(MemorySegment s, int rank, int n, String what) {
        for (int i = 0; i < n; i++) {
            long v = s.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
            if (v != value(rank, i)) {
                throw new AssertionError(what + ": element " + i + " is " + v + ", expected " + value(rank, i));
            }
        }
    }
}

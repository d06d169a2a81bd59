package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

import mpi.Datatype;
import mpi.File;
import mpi.FileView;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * MPI-IO on any number of ranks (Open MPI dialect): open modes and their errors, independent and
 * collective reads and writes through strided views with holes (contiguous and derived memory
 * types, arrays and direct buffers), individual and shared file pointers, ordered calls, split
 * collectives, nonblocking calls, sizes, delete-on-close. Every file written is read back byte by
 * byte by rank 0 with plain java.nio after a barrier. Files live in a directory of the job under
 * java.io.tmpdir, removed at the end.
 */
public final class FileIO {
    static final Intracomm WORLD = MPI.COMM_WORLD;
    static final int B = 5; // ints per block of a strided view
    static final int BLOCKS = 400; // blocks per rank (several 4 KiB two-phase rounds on 2 ranks and more)

    static int me;
    static int size;
    static Path dir;

    public static void main(String[] args) {
        Check.init(args);
        me = Check.rank();
        size = Check.size();
        String job = System.getenv("ATOLL_JOB_ID");
        dir = Paths.get(System.getProperty("java.io.tmpdir"), "atoll-fileio-" + (job != null ? job : "local"));
        if (me == 0) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
        WORLD.barrier();

        step("opening a missing file without MODE_CREATE is ERR_NO_SUCH_FILE naming it", () -> {
            String missing = name("missing");
            expectError(MPI.ERR_NO_SUCH_FILE, "open missing",
                () -> new File(WORLD, missing, MPI.MODE_RDONLY), "missing");
            expectError(MPI.ERR_NO_SUCH_FILE, "delete missing", () -> File.delete(missing), "missing");
        });

        step("bad amodes are ERR_AMODE", () -> {
            expectError(MPI.ERR_AMODE, "no access mode", () -> new File(WORLD, name("a"), MPI.MODE_CREATE), "amode");
            expectError(MPI.ERR_AMODE, "RDONLY with CREATE",
                () -> new File(WORLD, name("a"), MPI.MODE_RDONLY | MPI.MODE_CREATE), "MODE_RDONLY");
            expectError(MPI.ERR_AMODE, "RDWR with SEQUENTIAL",
                () -> new File(WORLD, name("a"), MPI.MODE_RDWR | MPI.MODE_SEQUENTIAL | MPI.MODE_CREATE), "SEQUENTIAL");
        });

        step("independent writeAt by each rank, read back byte by byte; statuses count items", () -> {
            String f = name("independent");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            equal(MPI.ERRORS_RETURN, file.getErrhandler(), "a file's default error handler");
            equal(MPI.MODE_CREATE | MPI.MODE_RDWR, file.getAMode(), "amode");
            equal(size, file.getGroup().getSize(), "group size");
            int[] data = values(me, 10);
            Status s = file.writeAt(me * 40L, data, 10, MPI.INT);
            equal(10, s.getCount(MPI.INT), "items written");
            equal(40, s.getCount(MPI.BYTE), "bytes written");
            file.sync();
            equal(40L * size, file.getSize(), "file size");
            int[] back = new int[10];
            int peer = (me + 1) % size;
            Status r = file.readAt(peer * 40L, back, 10, MPI.INT);
            equal(10, r.getCount(MPI.INT), "items read");
            that(Arrays.equals(values(peer, 10), back), "rank %d's data read back: %s", peer, Arrays.toString(back));
            // past the end: a short read reports what it got
            Status tail = file.readAt(40L * size - 8, back, 10, MPI.INT);
            equal(2, tail.getCount(MPI.INT), "items read at the end of the file");
            file.close();
            WORLD.barrier();
            if (me == 0) {
                int[] all = ints(f);
                equal(10L * size, all.length, "ints in the file");
                for (int r0 = 0; r0 < size; r0++) {
                    for (int i = 0; i < 10; i++) {
                        equal(values(r0, 10)[i], all[r0 * 10 + i], "int " + (r0 * 10 + i));
                    }
                }
            }
        });

        step("MODE_EXCL on an existing file is ERR_FILE_EXISTS on every rank", () -> {
            expectError(MPI.ERR_FILE_EXISTS, "EXCL", () -> new File(WORLD, name("independent"),
                MPI.MODE_CREATE | MPI.MODE_EXCL | MPI.MODE_WRONLY), "exists");
        });

        step("MODE_RDONLY: writes are ERR_READ_ONLY, datarep other than native ERR_UNSUPPORTED_DATAREP", () -> {
            File file = new File(WORLD, name("independent"), MPI.MODE_RDONLY);
            int[] one = {1};
            expectError(MPI.ERR_READ_ONLY, "write on RDONLY", () -> file.writeAt(0, one, 1, MPI.INT), "RDONLY",
                "independent");
            expectError(MPI.ERR_READ_ONLY, "setSize on RDONLY", () -> file.setSize(0), "RDONLY");
            expectError(MPI.ERR_UNSUPPORTED_DATAREP, "external32",
                () -> file.setView(0, MPI.INT, MPI.INT, "external32"), "external32", "native");
            expectError(MPI.ERR_TYPE, "a count that is no whole etype",
                () -> { file.setView(0, MPI.INT, MPI.INT, "native"); file.readAt(0, new byte[3], 3, MPI.BYTE); },
                "etype");
            int[] back = new int[10];
            file.readAt(0, back, 10, MPI.INT);
            that(Arrays.equals(values(0, 10), back), "read on RDONLY: %s", Arrays.toString(back));
            file.close();
            expectError(MPI.ERR_FILE, "a closed file", () -> file.getSize(), "closed");
        });

        step("collective writeAll/readAll through strided views with holes (vector of ints, disp, resized)", () -> {
            String f = name("strided");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            Datatype ft = stridedType();
            long disp = 16;
            file.setView(disp + me * B * 4L, MPI.INT, ft, "native");
            FileView v = file.getView();
            equal(disp + me * B * 4L, v.getDisp(), "view displacement");
            equal("native", v.getDataRep(), "view datarep");
            int[] data = values(me, B * BLOCKS);
            Status s = file.writeAll(data, data.length, MPI.INT);
            equal(data.length, s.getCount(MPI.INT), "items written collectively");
            equal(data.length, file.getPosition(), "individual pointer after writeAll (etypes)");
            equal(disp + me * B * 4L + (long) B * 4 * size, file.getByteOffset(B), "byte offset of etype B");
            file.seek(0, MPI.SEEK_SET);
            int[] back = new int[data.length];
            Status r = file.readAll(back, back.length, MPI.INT);
            equal(back.length, r.getCount(MPI.INT), "items read collectively");
            that(Arrays.equals(data, back), "readAll back: %s", Arrays.toString(back));
            // SEEK_END: the view's data end where the last rank's last block ends
            file.seek(0, MPI.SEEK_END);
            equal(data.length, file.getPosition(), "position at SEEK_END (every rank's data lie before the end)");
            file.close();
            WORLD.barrier();
            if (me == 0) {
                checkStrided(f, disp);
            }
        });

        step("collective writeAtAll of a derived memory type (every other int), readAtAll into one", () -> {
            String f = name("derivedmemory");
            // tiny two-phase rounds (4 KiB windows) and fewer aggregators than ranks
            mpi.Info hints = new mpi.Info();
            hints.set("cb_buffer_size", "4096");
            hints.set("cb_nodes", "2");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR, hints);
            equal("4096", file.getInfo().get("cb_buffer_size"), "hint kept");
            file.setView(me * B * 4L, MPI.INT, stridedType(), "native");
            Datatype everyOther = Datatype.createVector(B * BLOCKS, 1, 2, MPI.INT);
            everyOther.commit();
            int[] spread = new int[2 * B * BLOCKS];
            int[] data = values(me, B * BLOCKS);
            for (int i = 0; i < data.length; i++) {
                spread[2 * i] = data[i];
                spread[2 * i + 1] = -1;
            }
            Status s = file.writeAtAll(0, spread, 1, everyOther);
            equal(1, s.getCount(everyOther), "one derived item written");
            int[] back = new int[2 * B * BLOCKS];
            Arrays.fill(back, 7);
            file.readAtAll(0, back, 1, everyOther);
            for (int i = 0; i < data.length; i++) {
                equal(data[i], back[2 * i], "int " + i + " read through the derived type");
                equal(7, back[2 * i + 1], "hole " + i + " of the derived type untouched");
            }
            file.close();
            WORLD.barrier();
            if (me == 0) {
                checkStrided(f, 0);
            }
        });

        step("collective calls over holes nobody fills, overlapping ranks, a read past the end", () -> {
            String f = name("holes");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            // rank r: one int every 8 * size bytes, from byte 8 * r: bytes 4..7 of each rank's slot stay holes
            Datatype one = Datatype.createResized(MPI.INT, 0, 8 * size);
            one.commit();
            file.setView(8L * me, MPI.INT, one, "native");
            int[] data = {me * 10 + 1, me * 10 + 2, me * 10 + 3};
            equal(3, file.writeAtAll(0, data, 3, MPI.INT).getCount(MPI.INT), "ints written over holes");
            int[] back = new int[5];
            Arrays.fill(back, -9);
            Status r = file.readAtAll(0, back, 5, MPI.INT);
            equal(3, r.getCount(MPI.INT), "ints read collectively before the end of the file");
            that(Arrays.equals(data, Arrays.copyOf(back, 3)), "read back over holes: %s", Arrays.toString(back));
            // every rank writes the same 16 bytes at offset 0 of the byte view: overlapping pieces
            file.setView(0, MPI.BYTE, MPI.BYTE, "native");
            byte[] same = new byte[16];
            Arrays.fill(same, (byte) 0x5a);
            file.writeAtAll(0, same, 16, MPI.BYTE);
            byte[] got = new byte[16];
            file.readAtAll(0, got, 16, MPI.BYTE);
            that(Arrays.equals(same, got), "overlapping collective write read back: %s", Arrays.toString(got));
            file.close();
            WORLD.barrier();
            if (me == 0) {
                byte[] raw = bytes(f);
                equal(8L * size * 2 + 8L * (size - 1) + 4, raw.length, "file length");
                ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
                for (int k = 0; k < 3; k++) {
                    for (int q = 0; q < size; q++) {
                        int at = 8 * (k * size + q);
                        if (at < 16) {
                            equal(0x5a5a5a5a, b.getInt(at), "overlapped int at " + at);
                        } else {
                            equal(q * 10 + k + 1, b.getInt(at), "int " + k + " of rank " + q);
                        }
                        if (at + 4 < raw.length && at + 4 >= 16) {
                            equal(0, b.getInt(at + 4), "hole at " + (at + 4));
                        }
                    }
                }
            }
        });

        step("collective calls where only even ranks move data, from and into direct int buffers", () -> {
            String f = name("someranks");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
            int n = me % 2 == 0 ? 6 : 0;
            java.nio.IntBuffer out = MPI.newIntBuffer(6);
            for (int i = 0; i < 6; i++) {
                out.put(i, me * 100 + i);
            }
            equal(n, file.writeAtAll(me * 24L, out, n, MPI.INT).getCount(MPI.INT), "ints written");
            java.nio.IntBuffer in = MPI.newIntBuffer(6);
            int peer = me % 2 == 0 ? (me + 2) % (size % 2 == 0 ? size : size + 1) : me;
            int want = peer % 2 == 0 && peer < size ? 6 : 0;
            Request r = file.iReadAtAll(peer * 24L, in, want, MPI.INT);
            equal(want, r.waitStatus().getCount(MPI.INT), "ints read");
            for (int i = 0; i < want; i++) {
                equal(peer * 100 + i, in.get(i), "int " + i + " of rank " + peer);
            }
            // a direct ByteBuffer moves with no staging copy: from byte 3 of it, every rank
            ByteBuffer bytesOut = MPI.newByteBuffer(20);
            for (int i = 0; i < 20; i++) {
                bytesOut.put(i, (byte) (me * 20 + i));
            }
            long region = 24L * size;
            file.writeAtAll(region + me * 17L, MPI.slice(bytesOut, 3), 17, MPI.BYTE);
            ByteBuffer bytesIn = MPI.newByteBuffer(20);
            int next = (me + 1) % size;
            equal(17, file.readAtAll(region + next * 17L, MPI.slice(bytesIn, 2), 17, MPI.BYTE).getCount(MPI.BYTE),
                "bytes read into a direct buffer");
            for (int i = 0; i < 17; i++) {
                equal((byte) (next * 20 + 3 + i), bytesIn.get(2 + i), "direct byte " + i + " of rank " + next);
            }
            equal(0, bytesIn.get(0), "byte before the slice untouched");
            equal(0, bytesIn.get(19), "byte after the data untouched");
            file.close();
        });

        step("nonblocking and split collective calls; direct buffers", () -> {
            String f = name("nonblocking");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            ByteBuffer out = MPI.newByteBuffer(64);
            for (int i = 0; i < 64; i++) {
                out.put(i, (byte) (me * 64 + i));
            }
            Request w = file.iWriteAt(me * 64L, out, 64, MPI.BYTE);
            Status ws = w.waitStatus();
            equal(64, ws.getCount(MPI.BYTE), "iWriteAt count");
            file.sync();
            WORLD.barrier();
            file.sync();
            ByteBuffer in = MPI.newByteBuffer(64);
            int peer = (me + size - 1) % size;
            Request rr = file.iReadAt(peer * 64L, in, 64, MPI.BYTE);
            equal(64, rr.waitStatus().getCount(MPI.BYTE), "iReadAt count");
            for (int i = 0; i < 64; i++) {
                equal((byte) (peer * 64 + i), in.get(i), "direct byte " + i);
            }
            // split collectives over a second region
            long base = 64L * size;
            byte[] mine = new byte[32];
            Arrays.fill(mine, (byte) (100 + me));
            file.writeAtAllBegin(base + me * 32L, mine, 32, MPI.BYTE);
            equal(32, file.writeAtAllEnd(mine).getCount(MPI.BYTE), "writeAtAllEnd count");
            byte[] got = new byte[32];
            file.readAtAllBegin(base + peer * 32L, got, 32, MPI.BYTE);
            equal(32, file.readAtAllEnd(got).getCount(MPI.BYTE), "readAtAllEnd count");
            for (byte b : got) {
                equal((byte) (100 + peer), b, "split-collective byte");
            }
            expectError(MPI.ERR_OTHER, "End without Begin", () -> file.readAllEnd(got), "readAllBegin");
            // collective nonblocking, individual pointer
            file.seek(base + 32L * size + me * 8L, MPI.SEEK_SET);
            long[] l = {me * 11L};
            equal(1, file.iWriteAll(l, 1, MPI.LONG).waitStatus().getCount(MPI.LONG), "iWriteAll count");
            equal(base + 32L * size + me * 8L + 8, file.getPosition(), "pointer after iWriteAll");
            file.close();
            WORLD.barrier();
            if (me == 0) {
                byte[] all = bytes(f);
                equal(64L * size + 32L * size + 8L * size, all.length, "file length");
                for (int r = 0; r < size; r++) {
                    for (int i = 0; i < 64; i++) {
                        equal((byte) (r * 64 + i), all[r * 64 + i], "byte " + (r * 64 + i));
                    }
                    for (int i = 0; i < 32; i++) {
                        equal((byte) (100 + r), all[(int) base + r * 32 + i], "split byte of rank " + r);
                    }
                    long v = ByteBuffer.wrap(all, (int) base + 32 * size + 8 * r, 8).order(ByteOrder.nativeOrder()).getLong();
                    equal(r * 11L, v, "long of rank " + r);
                }
            }
        });

        step("shared file pointer: writeOrdered in rank order, writeShared each once, readOrdered", () -> {
            String f = name("shared");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            file.setView(0, MPI.INT, MPI.INT, "native");
            int[] mine = new int[me + 1];
            Arrays.fill(mine, me);
            Status s = file.writeOrdered(mine, mine.length, MPI.INT);
            equal(me + 1, s.getCount(MPI.INT), "writeOrdered count");
            long ordered = (long) size * (size + 1) / 2;
            WORLD.barrier();
            equal(ordered, file.getPositionShared(), "shared pointer after writeOrdered");
            WORLD.barrier(); // every rank has looked before any moves it again
            file.writeShared(new int[] {1000 + me}, 1, MPI.INT);
            WORLD.barrier();
            equal(ordered + size, file.getPositionShared(), "shared pointer after writeShared");
            file.seekShared(0, MPI.SEEK_SET);
            int[] back = new int[me + 1];
            file.readOrdered(back, back.length, MPI.INT);
            for (int v : back) {
                equal(me, v, "readOrdered value");
            }
            equal(ordered, file.getPositionShared(), "shared pointer after readOrdered");
            file.close();
            WORLD.barrier();
            if (me == 0) {
                int[] all = ints(f);
                equal(ordered + size, all.length, "ints in the file");
                int i = 0;
                for (int r = 0; r < size; r++) {
                    for (int k = 0; k <= r; k++) {
                        equal(r, all[i++], "writeOrdered int " + (i - 1));
                    }
                }
                int[] tail = Arrays.copyOfRange(all, i, all.length);
                Arrays.sort(tail);
                for (int r = 0; r < size; r++) {
                    equal(1000 + r, tail[r], "writeShared value " + r);
                }
            }
        });

        step("setSize, preallocate, MODE_APPEND, MODE_DELETE_ON_CLOSE", () -> {
            String f = name("sizes");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_RDWR);
            file.setSize(1000);
            equal(1000, file.getSize(), "size after setSize(1000)");
            file.preallocate(10);
            equal(1000, file.getSize(), "preallocate never shrinks");
            file.preallocate(2000);
            equal(2000, file.getSize(), "size after preallocate(2000)");
            file.setSize(100);
            equal(100, file.getSize(), "size after setSize(100)");
            file.setAtomicity(true);
            that(file.getAtomicity(), "atomic mode set");
            file.writeAt(me, new byte[] {(byte) me}, 1, MPI.BYTE);
            file.setAtomicity(false);
            file.close();
            File append = new File(WORLD, f, MPI.MODE_WRONLY | MPI.MODE_APPEND | MPI.MODE_DELETE_ON_CLOSE);
            equal(100, append.getPosition(), "MODE_APPEND starts at the end");
            expectError(MPI.ERR_ACCESS, "read on WRONLY", () -> append.readAt(0, new byte[1], 1, MPI.BYTE), "WRONLY");
            append.setErrhandler(MPI.ERRORS_RETURN);
            equal(MPI.ERRORS_RETURN, append.getErrhandler(), "file error handler set");
            expectError(MPI.ERR_IO, "callErrhandler", () -> append.callErrhandler(MPI.ERR_IO), "callErrhandler");
            expectError(MPI.ERR_ARG, "seek with a bad whence", () -> append.seek(0, 12345), "whence");
            append.close();
            WORLD.barrier();
            that(!Files.exists(Paths.get(f)), "MODE_DELETE_ON_CLOSE left %s", f);
        });

        step("MODE_SEQUENTIAL: shared-pointer calls only", () -> {
            String f = name("sequential");
            File file = new File(WORLD, f, MPI.MODE_CREATE | MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL
                | MPI.MODE_DELETE_ON_CLOSE);
            expectError(MPI.ERR_UNSUPPORTED_OPERATION, "writeAt on SEQUENTIAL",
                () -> file.writeAt(0, new byte[1], 1, MPI.BYTE), "writeAt", "SEQUENTIAL");
            expectError(MPI.ERR_UNSUPPORTED_OPERATION, "seek on SEQUENTIAL", () -> file.seek(0, MPI.SEEK_SET), "seek");
            file.writeOrdered(new byte[] {(byte) me}, 1, MPI.BYTE);
            WORLD.barrier();
            equal(size, file.getSize(), "size after writeOrdered on a SEQUENTIAL file");
            file.close();
        });

        step("clean up", () -> {
            WORLD.barrier();
            if (me == 0) {
                try (Stream<Path> all = Files.walk(dir)) {
                    all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
        });
        Check.done();
    }

    static String name(String what) {
        return dir.resolve(what).toString();
    }

    /** {@code n} ints of {@code rank}: rank * 1_000_000 + i. */
    static int[] values(int rank, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = rank * 1_000_000 + i;
        }
        return v;
    }

    /** Blocks of B ints every B * size ints, extent B * size ints: the ranks' blocks interleave. */
    static Datatype stridedType() {
        Datatype v = Datatype.createVector(BLOCKS, B, B * size, MPI.INT);
        Datatype t = Datatype.createResized(v, 0, BLOCKS * B * size * 4);
        t.commit();
        return t;
    }

    /** The interleaved file: after {@code disp} bytes, block k of rank r at int (k * size + r) * B. */
    static void checkStrided(String f, long disp) {
        byte[] raw = bytes(f);
        for (int i = 0; i < disp; i++) {
            equal(0, raw[i], "byte " + i + " before the displacement");
        }
        int[] all = ints(raw, (int) disp);
        equal((long) B * BLOCKS * size, all.length, "ints after the displacement");
        for (int k = 0; k < BLOCKS; k++) {
            for (int r = 0; r < size; r++) {
                for (int j = 0; j < B; j++) {
                    equal(r * 1_000_000 + k * B + j, all[(k * size + r) * B + j], "block " + k + " of rank " + r);
                }
            }
        }
    }

    static byte[] bytes(String f) {
        try {
            return Files.readAllBytes(Paths.get(f));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static int[] ints(String f) {
        return ints(bytes(f), 0);
    }

    static int[] ints(byte[] raw, int from) {
        ByteBuffer b = ByteBuffer.wrap(raw, from, raw.length - from).order(ByteOrder.nativeOrder());
        int[] out = new int[(raw.length - from) / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getInt();
        }
        return out;
    }
}

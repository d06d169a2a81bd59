package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;

import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Windows made every way, and what a window tells about itself: create over
 * {@code MPI.newByteBuffer}, over {@code ByteBuffer.allocateDirect}, over {@code byte[]} and
 * {@code int[]}, with a size of 0 on some ranks; allocate (its memory through WIN_BASE); dynamic
 * with two regions attached, one detached again; the attributes WIN_BASE, WIN_SIZE,
 * WIN_DISP_UNIT; the name (empty until set); the group (the communicator's, and a window on a
 * split communicator addressed by ranks in it); info; keyvals and attributes of the program's;
 * the error handler. Every window moves data once with fence, to show it works.
 *
 * <p>The arguments pick the parts (all by default): {@code board} (windows over board memory and
 * allocated ones, attributes, names, groups), {@code user} (over allocateDirect buffers and arrays),
 * {@code dynamic}.
 */
public final class OneSidedWindows {
    private OneSidedWindows() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        Set<String> parts = Set.of(args.length > 0 ? args : new String[] {"board", "user", "dynamic"});

        if (parts.contains("board")) {
            Check.step("create over MPI.newByteBuffer: attributes and a put", () -> overBuffer(MPI.newByteBuffer(40)));
        }

        if (parts.contains("user")) {
            Check.step("create over ByteBuffer.allocateDirect: attributes and a put",
                () -> overBuffer(ByteBuffer.allocateDirect(40).order(ByteOrder.nativeOrder())));
        }

        if (parts.contains("user")) {
            Check.step("create over byte[] and int[]: sizes and units count elements", () -> {
                byte[] bytes = new byte[16];
                Win byteWin = new Win(bytes, 16, 1, MPI.INFO_NULL, world);
                Check.equal(16L, ((Number) byteWin.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE over byte[16]");
                byteWin.fence(0);
                byteWin.put(new byte[] {(byte) (10 + me)}, 1, MPI.BYTE, next, 5, 1, MPI.BYTE);
                byteWin.fence(0);
                Check.equal(10 + prev, bytes[5], "a byte put into byte[]");
                byteWin.free();

                int[] ints = new int[10];
                Win intWin = new Win(ints, 10, 1, MPI.INFO_NULL, world);
                Check.equal(40L, ((Number) intWin.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE over int[10], in bytes");
                Check.equal(4L, ((Number) intWin.getAttr(MPI.WIN_DISP_UNIT)).longValue(), "WIN_DISP_UNIT of one int");
                intWin.fence(0);
                intWin.put(new int[] {1000 + me}, 1, MPI.INT, next, 9, 1, MPI.INT);
                intWin.fence(0);
                Check.equal(1000 + prev, ints[9], "an int put into int[] at element 9");
                intWin.free();
            });
        }

        if (parts.contains("board")) {
            Check.step("create with size 0 on odd ranks: the even ones are reached", () -> {
                ByteBuffer memory = MPI.newByteBuffer(8);
                int size = me % 2 == 0 ? 8 : 0;
                Win win = new Win(memory, size, 1, MPI.INFO_NULL, world);
                Check.equal(size, ((Number) win.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE");
                ByteBuffer v = MPI.newByteBuffer(4);
                v.putInt(0, 77);
                win.fence(0);
                if (me != 0) {
                    win.accumulate(v, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
                }
                win.fence(0);
                if (me == 0) {
                    Check.equal(77L * (n - 1), memory.getInt(0), "accumulates into rank 0");
                }
                win.free();
            });
        }

        if (parts.contains("board")) {
            Check.step("allocate: board memory through WIN_BASE, WIN_SIZE, WIN_DISP_UNIT", () -> {
                Win win = new Win(40, 4, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_PRIVATE);
                Check.equal(40L, ((Number) win.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE");
                Check.equal(4L, ((Number) win.getAttr(MPI.WIN_DISP_UNIT)).longValue(), "WIN_DISP_UNIT");
                ByteBuffer base = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
                Check.that(base.isDirect() && base.capacity() >= 40, "WIN_BASE: %s", base);
                ringPut(win, next, 9);
                Check.equal(1000 + prev, base.getInt(36), "the put from " + prev + " seen through WIN_BASE");
                win.free();
            });
        }

        if (parts.contains("dynamic")) {
            Check.step("dynamic: two regions attached, reached in attach order; one detached", () -> {
                Win win = new Win(MPI.INFO_NULL, world);
                ByteBuffer first = MPI.newByteBuffer(16);
                ByteBuffer second = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
                win.attach(first, 16);
                win.attach(second, 16);
                ByteBuffer v = MPI.newByteBuffer(8);
                v.putInt(0, 500 + me);
                v.putInt(4, 600 + me);
                win.fence(0);
                win.put(v, 1, MPI.INT, next, 4, 1, MPI.INT);                  // byte 4 of the first region
                win.put(v.slice(4, 4).order(ByteOrder.nativeOrder()), 1, MPI.INT, next, 16 + 8, 1, MPI.INT); // byte 8 of the second
                win.fence(0);
                Check.equal(500 + prev, first.getInt(4), "a put into the first attached region");
                Check.equal(600 + prev, second.getInt(8), "a put into the second attached region");
                win.detach(second);
                win.fence(0);
                win.put(v, 1, MPI.INT, next, 0, 1, MPI.INT);
                win.fence(0);
                Check.equal(500 + prev, first.getInt(0), "a put after the other region was detached");
                win.detach(first);
                win.free();
            });
        }

        if (parts.contains("board")) {
            Check.step("name, group, info, error handler, keyvals", () -> {
                ByteBuffer memory = MPI.newByteBuffer(8);
                Win win = new Win(memory, 8, 1, MPI.INFO_NULL, world);
                Check.equal("", win.getName(), "a new window's name");
                win.setName("window of rank " + me);
                Check.equal("window of rank " + me, win.getName(), "the name set");
                Group g = win.getGroup();
                Group w = world.getGroup();
                Check.equal(MPI.IDENT, Group.compare(g, w), "the window's group against the communicator's");
                g.free();
                w.free();
                Info info = win.getInfo();
                Check.that(info != null, "getInfo returned null");
                Info hint = new Info();
                hint.set("no_locks", "false");
                win.setInfo(hint);
                hint.free();
                Check.equal(MPI.ERRORS_ARE_FATAL, win.getErrhandler(), "a new window's error handler");
                win.setErrhandler(MPI.ERRORS_RETURN);
                Check.equal(MPI.ERRORS_RETURN, win.getErrhandler(), "the error handler set");
                int key = Win.createKeyval();
                Check.that(win.getAttr(key) == null, "an attribute never set is %s", win.getAttr(key));
                win.setAttr(key, "value " + me);
                Check.equal("value " + me, win.getAttr(key), "the attribute set");
                win.deleteAttr(key);
                win.setErrhandler(MPI.ERRORS_RETURN);
                Check.expectError(MPI.ERR_OTHER, "callErrhandler(ERR_OTHER)", () -> win.callErrhandler(MPI.ERR_OTHER),
                    "callErrhandler");
                Check.that(win.getAttr(key) == null, "a deleted attribute is %s", win.getAttr(key));
                Win.freeKeyval(key);
                win.free();
            });
        }

        if (parts.contains("board")) {
            Check.step("a window on a split communicator: target ranks are the window group's", () -> {
                Intracomm half = world.split(me % 2, -me);      // reversed: world rank order is not the window's
                int hn = half.getSize();
                int hme = half.getRank();
                ByteBuffer memory = MPI.newByteBuffer(4);
                Win win = new Win(memory, 4, 1, MPI.INFO_NULL, half);
                Group g = win.getGroup();
                Check.equal(hn, g.getSize(), "the window group's size");
                ByteBuffer v = MPI.newByteBuffer(4);
                v.putInt(0, me + 1);
                win.fence(0);
                win.accumulate(v, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
                win.fence(0);
                int[] worldOfZero = Group.translateRanks(g, new int[] {0}, world.getGroup());
                int highest = me % 2 + (n - 1 - me % 2) / 2 * 2;
                Check.equal(highest, worldOfZero[0], "world rank of the window group's rank 0 (keys reversed)");
                g.free();
                if (hme == 0) {
                    int expected = 0;
                    for (int r = me % 2; r < n; r += 2) {
                        expected += r + 1;
                    }
                    Check.equal(expected, memory.getInt(0), "accumulates of the half " + me % 2 + " into its rank 0");
                }
                win.free();
                half.free();
            });
        }

        Check.done();
    }

    /** A window over 40 bytes of {@code memory} in units of 4: its attributes, and a put from the previous rank. */
    private static void overBuffer(ByteBuffer memory) {
        int prev = (Check.rank() + Check.size() - 1) % Check.size();
        Win win = new Win(memory, 40, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
        Check.equal(40L, ((Number) win.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE of a 40-byte window");
        Check.equal(4L, ((Number) win.getAttr(MPI.WIN_DISP_UNIT)).longValue(), "WIN_DISP_UNIT");
        Check.that(win.getAttr(MPI.WIN_BASE) != null, "WIN_BASE of a window over a buffer is null");
        ringPut(win, (Check.rank() + 1) % Check.size(), 9);
        Check.equal(1000 + prev, memory.getInt(9 * 4), "the put from " + prev);
        win.free();
    }

    /** Each rank puts {@code 1000 + rank} as int element {@code element} of the next rank's window, in a fence epoch. */
    private static void ringPut(Win win, int next, int element) {
        ByteBuffer v = MPI.newByteBuffer(4);
        v.putInt(0, 1000 + Check.rank());
        win.fence(0);
        win.put(v, 1, MPI.INT, next, element, 1, MPI.INT);
        win.fence(0);
    }
}

package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Large and awkward one-sided transfers: {@value #BIG} bytes put and got back whole on an allocated
 * window and on windows over a direct buffer and a byte array (which the target's engine serves),
 * each under a lock; unaligned displacements and odd lengths on a byte window; a vector of
 * {@value #BLOCKS} one-int blocks at the target (argument {@code blocks=N}), and contiguous and
 * strided accumulates of as many ints, on board memory, and the same with {@code served-blocks=N}
 * blocks ({@value #SERVED_BLOCKS}) on an int[] window that the target's engine serves. Data are
 * random (seeded by rank) and compared byte for byte.
 */
public final class OneSidedLarge {
    static final int BIG = 4 << 20;
    static final int BLOCKS = 100_000;
    /** Blocks of the vector on the served window, by default (argument {@code served-blocks=N}). */
    static final int SERVED_BLOCKS = 2_000;

    private OneSidedLarge() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int servedBlocks = SERVED_BLOCKS;
        int boardBlocks = BLOCKS;
        for (String a : args) {
            if (a.startsWith("served-blocks=")) {
                servedBlocks = Integer.parseInt(a.substring(14));
            } else if (a.startsWith("blocks=")) {
                boardBlocks = Integer.parseInt(a.substring(7));
            }
        }
        int vectorBlocks = boardBlocks;
        int me = Check.rank();
        int n = Check.size();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        Intracomm world = MPI.COMM_WORLD;

        for (String kind : new String[] {"allocate", "direct", "arrays"}) {
            Check.step(BIG + " bytes put and got back on a window of kind " + kind, () -> {
                byte[] array = kind.equals("arrays") ? new byte[BIG] : null;
                ByteBuffer direct = kind.equals("direct") ? ByteBuffer.allocateDirect(BIG) : null;
                Win win = switch (kind) {
                    case "allocate" -> new Win(BIG, 1, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_PRIVATE);
                    case "direct" -> new Win(direct, BIG, 1, MPI.INFO_NULL, world);
                    default -> new Win(array, BIG, 1, MPI.INFO_NULL, world);
                };
                byte[] data = random(me, BIG);
                byte[] back = new byte[BIG];
                win.lock(MPI.LOCK_EXCLUSIVE, next, 0);
                win.put(data, BIG, MPI.BYTE, next, 0, BIG, MPI.BYTE);
                win.flush(next);
                win.get(back, BIG, MPI.BYTE, next, 0, BIG, MPI.BYTE);
                win.unlock(next);
                Check.that(Arrays.equals(data, back), "the %d bytes got back differ from those put", BIG);
                world.barrier();
                byte[] mine = new byte[BIG];
                if (array != null) {
                    mine = array;
                } else {
                    ByteBuffer b = direct != null ? direct : (ByteBuffer) win.getAttr(MPI.WIN_BASE);
                    b.get(0, mine);
                }
                Check.that(Arrays.equals(random(prev, BIG), mine), "the %d bytes rank %d put differ", BIG, prev);
                win.free();
            });
        }

        Check.step("unaligned displacements and odd lengths on a byte window", () -> {
            ByteBuffer memory = MPI.newByteBuffer(4096);
            Win win = new Win(memory, 4096, 1, MPI.INFO_NULL, world);
            byte[] data = random(me + 100, 1001);
            byte[] back = new byte[7];
            win.fence(0);
            win.put(data, 1001, MPI.BYTE, next, 3, 1001, MPI.BYTE);
            win.fence(0);
            win.get(back, 7, MPI.BYTE, next, 1000, 7, MPI.BYTE);
            win.fence(0);
            Check.that(Arrays.equals(Arrays.copyOfRange(data, 997, 1001), Arrays.copyOfRange(back, 0, 4)),
                "the 7 bytes got at 1000 do not start with the last 4 put");
            Check.that(back[4] == 0 && back[5] == 0 && back[6] == 0, "bytes past the put are not zero");
            byte[] got = new byte[1001];
            memory.get(3, got);
            Check.that(Arrays.equals(random(prev + 100, 1001), got), "the 1001 bytes at 3 differ");
            Check.equal(0, memory.get(2), "the byte before the put");
            Check.equal(0, memory.get(1004), "the byte after the put");
            win.free();
        });

        for (String kind : new String[] {"newbuffer", "arrays"}) {
            int blocks = kind.equals("arrays") ? servedBlocks : vectorBlocks;
            Check.step("a vector of " + blocks + " one-int blocks at the target, accumulates of as many, on " + kind, () -> {
                ByteBuffer buffer = kind.equals("newbuffer") ? MPI.newByteBuffer(8 * blocks) : null;
                int[] array = buffer == null ? new int[2 * blocks] : null;
                Win win = buffer != null ? new Win(buffer, 8 * blocks, 4, MPI.INFO_NULL, world)
                    : new Win(array, 2 * blocks, 1, MPI.INFO_NULL, world);
                java.util.function.IntUnaryOperator element = buffer != null ? i -> buffer.getInt(4 * i) : i -> array[i];
                Datatype strided = Datatype.createVector(blocks, 1, 2, MPI.INT);
                strided.commit();
                int[] values = new int[blocks];
                for (int i = 0; i < blocks; i++) {
                    values[i] = me * 1_000_000 + i;
                }
                win.fence(0);
                win.put(values, blocks, MPI.INT, next, 1, 1, strided);
                win.fence(0);
                for (int i = 0; i < blocks; i++) {
                    Check.equal(0, element.applyAsInt(2 * i), "even element " + 2 * i);
                    Check.equal(prev * 1_000_000 + i, element.applyAsInt(2 * i + 1), "odd element " + (2 * i + 1));
                }
                int[] ones = new int[2 * blocks];
                Arrays.fill(ones, 1);
                win.fence(0);
                win.accumulate(ones, 2 * blocks, MPI.INT, 0, 0, 2 * blocks, MPI.INT, MPI.SUM);
                win.accumulate(ones, blocks, MPI.INT, 0, 0, 1, strided, MPI.SUM);
                win.fence(0);
                if (me == 0) {
                    for (int i = 0; i < blocks; i++) {
                        Check.equal(2L * n, element.applyAsInt(2 * i), "accumulated even element " + 2 * i);
                        Check.equal(prev * 1_000_000 + i + n, element.applyAsInt(2 * i + 1),
                            "accumulated odd element " + (2 * i + 1));
                    }
                }
                strided.free();
                win.free();
            });
        }

        Check.done();
    }

    static byte[] random(int seed, int length) {
        byte[] b = new byte[length];
        new Random(seed * 7919L + length).nextBytes(b);
        return b;
    }
}

package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;

import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * 0 B and 64 MiB messages, 2 ranks, Open MPI dialect: byte[] arrays, a board buffer from
 * {@code MPI.newByteBuffer} and a plain {@code ByteBuffer.allocateDirect}, each checked by CRC-32
 * against the sender's and against the pattern; and both ranks {@code iSend} then {@code recv} to
 * each other at sizes up to 64 MiB (must not deadlock), as arrays and as buffers.
 */
public final class LargeMessages {
    static final Comm WORLD = MPI.COMM_WORLD;
    static final int BIG = 64 << 20;

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        int me = Check.rank();
        int other = 1 - me;

        step("0 B messages, arrays and buffers", () -> {
            if (me == 0) {
                WORLD.send(new byte[0], 0, MPI.BYTE, 1, 1);
                WORLD.send(MPI.newByteBuffer(0), 0, MPI.BYTE, 1, 2);
                WORLD.iSend(ByteBuffer.allocateDirect(0), 0, MPI.BYTE, 1, 3).waitFor();
            } else if (me == 1) {
                equal(0, WORLD.recv(new byte[0], 0, MPI.BYTE, 0, 1).getCount(MPI.BYTE), "0 B array");
                equal(0, WORLD.recv(MPI.newByteBuffer(0), 0, MPI.BYTE, 0, 2).getCount(MPI.BYTE), "0 B buffer");
                equal(0, WORLD.iRecv(ByteBuffer.allocateDirect(0), 0, MPI.BYTE, 0, 3).waitStatus().getCount(MPI.BYTE),
                        "0 B iRecv");
            }
        });

        step("64 MiB byte[] arrives intact", () -> transfer(me, new byte[BIG], new byte[BIG], 10));
        step("64 MiB MPI.newByteBuffer to allocateDirect arrives intact",
                () -> transfer(me, MPI.newByteBuffer(BIG), ByteBuffer.allocateDirect(BIG), 11));

        for (int size : new int[] {64 << 10, 1 << 20, 16 << 20, BIG}) {
            step("exchange of " + size + " bytes, iSend then recv, arrays", () -> {
                if (me > 1) {
                    return;
                }
                byte[] out = new byte[size];
                byte[] in = new byte[size];
                Kind.fillBytes(out, size + me);
                Request r = WORLD.iSend(out, size, MPI.BYTE, other, 20);
                WORLD.recv(in, size, MPI.BYTE, other, 20);
                r.waitFor();
                byte[] expected = new byte[size];
                Kind.fillBytes(expected, size + other);
                equal(Kind.crc(expected), Kind.crc(in), "crc of the exchanged message");
            });
        }
        step("exchange of 64 MiB, iSend then recv, direct buffers", () -> {
            if (me > 1) {
                return;
            }
            ByteBuffer out = ByteBuffer.allocateDirect(BIG);
            ByteBuffer in = ByteBuffer.allocateDirect(BIG);
            Kind.fillBytes(out, 30 + me);
            Request r = WORLD.iSend(out, BIG, MPI.BYTE, other, 21);
            WORLD.recv(in, BIG, MPI.BYTE, other, 21);
            r.waitFor();
            ByteBuffer expected = ByteBuffer.allocateDirect(BIG);
            Kind.fillBytes(expected, 30 + other);
            equal(Kind.crc(expected), Kind.crc(in), "crc of the exchanged buffer");
        });
        step("exchange of 64 MiB with sendRecv", () -> {
            if (me > 1) {
                return;
            }
            byte[] out = new byte[BIG];
            byte[] in = new byte[BIG];
            Kind.fillBytes(out, 40 + me);
            WORLD.sendRecv(out, BIG, MPI.BYTE, other, 22, in, BIG, MPI.BYTE, other, 22);
            byte[] expected = new byte[BIG];
            Kind.fillBytes(expected, 40 + other);
            equal(Kind.crc(expected), Kind.crc(in), "crc after sendRecv");
        });
        Check.done();
    }

    /** Rank 0 sends {@code out} (pattern {@code seed}) and its CRC; rank 1 checks both. */
    private static void transfer(int me, Object out, Object in, int seed) {
        long[] crc = new long[1];
        if (me == 0) {
            long mine = fill(out, seed);
            crc[0] = mine;
            WORLD.send(crc, 1, MPI.LONG, 1, seed);
            WORLD.send(out, BIG, MPI.BYTE, 1, seed);
        } else if (me == 1) {
            WORLD.recv(crc, 1, MPI.LONG, 0, seed);
            equal(BIG, WORLD.recv(in, BIG, MPI.BYTE, 0, seed).getCount(MPI.BYTE), "bytes received");
            long got = in instanceof byte[] a ? Kind.crc(a) : Kind.crc((ByteBuffer) in);
            equal(crc[0], got, "crc received vs the sender's");
            byte[] expected = new byte[BIG];
            Kind.fillBytes(expected, seed);
            equal(Kind.crc(expected), got, "crc received vs the pattern");
        }
    }

    private static long fill(Object data, int seed) {
        if (data instanceof byte[] a) {
            Kind.fillBytes(a, seed);
            return Kind.crc(a);
        }
        ByteBuffer b = (ByteBuffer) data;
        Kind.fillBytes(b, seed);
        return Kind.crc(b);
    }
}

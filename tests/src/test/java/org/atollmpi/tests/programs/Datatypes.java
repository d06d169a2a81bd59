package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * Every Java primitive type (byte, char, short, boolean, int, long, float, double), 2 ranks, in one
 * dialect: blocking and nonblocking on arrays with offsets (elements outside the message must stay
 * untouched); in the Open MPI dialect also on direct buffers from {@code MPI.new*Buffer}, with
 * {@code MPI.slice} offsets, and array to buffer and back.
 */
public final class Datatypes {
    static final int COUNT = 37;
    static final Comm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        Check.needRanks(2);
        int me = Check.rank();
        boolean ompi = d instanceof Ompi;

        step("MPI.newByteBuffer is direct and in native order", () -> {
            ByteBuffer b = MPI.newByteBuffer(64);
            that(b.isDirect(), "not direct");
            equal(ByteOrder.nativeOrder(), b.order(), "byte order");
            for (Kind k : Kind.values()) {
                if (k.hasBuffer()) {
                    k.buffer(10);
                }
            }
        });

        for (Kind k : Kind.values()) {
            int seed = 100 + k.ordinal();
            // Open MPI has no slice of boolean[]: booleans go at offset 0 there
            int sendOff = ompi && k == Kind.BOOLEAN ? 0 : 5;
            int recvOff = ompi && k == Kind.BOOLEAN ? 0 : 7;
            int total = COUNT + 12;

            step(k + " arrays with offsets, blocking", () -> {
                Object buf = k.array(total);
                if (me == 0) {
                    k.fill(buf, sendOff, COUNT, seed);
                    d.send(WORLD, buf, sendOff, COUNT, k.type(), 1, k.ordinal());
                } else if (me == 1) {
                    St st = d.recv(WORLD, buf, recvOff, COUNT, k.type(), 0, k.ordinal())
                            .expect(0, k.ordinal(), COUNT, k.type(), k + " recv");
                    k.verify(buf, recvOff, COUNT, seed, k + " recv");
                    k.verifyCleared(buf, 0, recvOff, k + " before the offset");
                    k.verifyCleared(buf, recvOff + COUNT, total, k + " after the message");
                    if (k != Kind.BOOLEAN) {
                        equal((long) COUNT * k.bytes, st.count(MPI.BYTE), k + " message size in bytes");
                    }
                }
            });

            step(k + " arrays, nonblocking", () -> {
                int off = d.nonblockingOffset();
                Object buf = k.array(COUNT + off);
                if (me == 0) {
                    k.fill(buf, off, COUNT, seed + 1);
                    d.waitFor(d.iSend(WORLD, buf, off, COUNT, k.type(), 1, 20 + k.ordinal()));
                } else if (me == 1) {
                    Request r = d.iRecv(WORLD, buf, off, COUNT, k.type(), 0, 20 + k.ordinal());
                    d.waitFor(r).expect(0, 20 + k.ordinal(), COUNT, k.type(), k + " iRecv");
                    k.verify(buf, off, COUNT, seed + 1, k + " iRecv");
                }
            });

            if (ompi && k.hasBuffer()) {
                step(k + " direct buffers, blocking and nonblocking, with slices", () -> {
                    Object buf = k.buffer(total);
                    k.clear(buf);
                    if (me == 0) {
                        k.fill(buf, 0, COUNT, seed + 2);
                        d.send(WORLD, buf, 0, COUNT, k.type(), 1, 40);
                        k.fill(buf, 3, COUNT, seed + 3);
                        d.send(WORLD, buf, 3, COUNT, k.type(), 1, 41);
                        k.fill(buf, 2, COUNT, seed + 4);
                        d.waitFor(d.iSend(WORLD, buf, 2, COUNT, k.type(), 1, 42));
                    } else if (me == 1) {
                        d.recv(WORLD, buf, 0, COUNT, k.type(), 0, 40).expect(0, 40, COUNT, k.type(), k + " buffer");
                        k.verify(buf, 0, COUNT, seed + 2, k + " buffer");
                        k.clear(buf);
                        d.recv(WORLD, buf, 6, COUNT, k.type(), 0, 41).expect(0, 41, COUNT, k.type(), k + " slice");
                        k.verify(buf, 6, COUNT, seed + 3, k + " slice");
                        k.verifyCleared(buf, 0, 6, k + " before the slice");
                        k.verifyCleared(buf, 6 + COUNT, total, k + " after the slice");
                        k.clear(buf);
                        d.waitFor(d.iRecv(WORLD, buf, 4, COUNT, k.type(), 0, 42)).expect(0, 42, COUNT, k.type(), k + " iRecv slice");
                        k.verify(buf, 4, COUNT, seed + 4, k + " iRecv slice");
                        k.verifyCleared(buf, 0, 4, k + " before the iRecv slice");
                    }
                });

                step(k + " array to direct buffer and back", () -> {
                    Object array = k.array(COUNT);
                    Object buffer = k.buffer(COUNT);
                    if (me == 0) {
                        k.fill(array, 0, COUNT, seed + 5);
                        d.send(WORLD, array, 0, COUNT, k.type(), 1, 43);
                        d.recv(WORLD, array, 0, COUNT, k.type(), 1, 44);
                        k.verify(array, 0, COUNT, seed + 6, k + " buffer to array");
                    } else if (me == 1) {
                        d.recv(WORLD, buffer, 0, COUNT, k.type(), 0, 43);
                        k.verify(buffer, 0, COUNT, seed + 5, k + " array to buffer");
                        k.fill(buffer, 0, COUNT, seed + 6);
                        d.waitFor(d.iSend(WORLD, buffer, 0, COUNT, k.type(), 0, 44));
                    }
                });
            }
        }
        Check.done();
    }
}

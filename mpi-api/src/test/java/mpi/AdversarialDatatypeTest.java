package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.atollmpi.engine.ErrorClass;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bad input and awkward datatypes through the point-to-point calls over the real engine (rank 1
 * is a bare engine echoing each message back byte for byte; a small eager limit so that
 * rendezvous is exercised). Out-of-bounds writes are caught with guard bytes around the buffer.
 */
@Timeout(60)
class AdversarialDatatypeTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;
    private ScriptedPeer world;

    @BeforeEach
    void start() {
        world = new ScriptedPeer();
    }

    @AfterEach
    void stop() throws Exception {
        world.close();
    }

    /** The peer sends back each of {@code n} messages, same tag, same bytes. */
    private void echo(int n) {
        world.echo(n);
    }

    private static void assertError(int errorClass, String fragment, Runnable call) {
        MPIException e = assertThrows(MPIException.class, call::run);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void matchedReceivesScatterNonContiguousTypes() throws MPIException {
        echo(2);
        Intracomm w = MPI.COMM_WORLD;
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 7);
        Message m = new Message();
        Status p = m.mProbe(1, 7, w);
        assertEquals(1, p.getCount(every2));
        int[] got = {-1, -1, -1, -1, -1, -1};
        Status s = m.mRecv(got, 1, every2);
        assertArrayEquals(new int[] {1, -1, 2, -1, 3, -1}, got);
        assertEquals(3, s.getElements(every2));

        w.send(new int[] {4, 5, 6}, 3, MPI.INT, 1, 8);
        int[] got2 = {-1, -1, -1, -1, -1, -1};
        m.mProbe(1, 8, w);
        Request r = m.imRecv(got2, 1, every2);
        Status t = r.waitStatus();
        assertArrayEquals(new int[] {4, -1, 5, -1, 6, -1}, got2);
        assertEquals(1, t.getCount(every2));
    }

    @Test
    void matchedReceiveOfAnOverlappingTypeStaysInItsBuffer() throws MPIException {
        echo(1);
        Intracomm w = MPI.COMM_WORLD;
        // two ints at the same place: 8 bytes of data over a span of 4 (a send is legal, a receive
        // erroneous MPI, but it must not write past the 4 bytes)
        Datatype twice = Datatype.createIndexed(new int[] {1, 1}, new int[] {0, 0}, MPI.INT);
        twice.commit();
        ByteBuffer whole = ByteBuffer.allocateDirect(12).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 12; i++) {
            whole.put(i, (byte) 0x5a);
        }
        ByteBuffer middle = MPI.slice(whole, 4);
        middle.limit(4);
        ByteBuffer inner = middle.slice().order(ByteOrder.nativeOrder()); // capacity 4, bytes 4..8 of whole
        w.send(new int[] {11, 22}, 2, MPI.INT, 1, 9);
        Message m = new Message();
        m.mProbe(1, 9, w);
        m.mRecv(inner, 1, twice);
        for (int i = 8; i < 12; i++) {
            assertEquals((byte) 0x5a, whole.get(i), "guard byte " + i);
        }
        assertEquals(22, inner.getInt(0));
    }

    @Test
    void typesSpanningMoreThanALongAreRefusedNotCopied() {
        Intracomm w = MPI.COMM_WORLD;
        // two bytes 2^62 - 2^31 apart; three items span more than 2^63 bytes
        Datatype wide = Datatype.createResized(MPI.BYTE, 0, Integer.MAX_VALUE);
        Datatype far = Datatype.createVector(2, 1, Integer.MAX_VALUE, wide);
        far.commit();
        byte[] in = new byte[16];
        byte[] out = new byte[16];
        for (int count = 1; count <= 4; count++) {
            int n = count;
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.pack(in, n, far, out, 0));
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.unpack(out, 0, in, n, far));
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.send(in, n, far, 1, 0));
        }
        // a type whose bounds would pass 2^63 cannot be built
        assertError(ErrorClass.ARG, "createVector: ", () -> Datatype.createVector(3, 1, 1, far));
    }

    @Test
    void aFreedReceiveOfANonContiguousTypeStillDeliversItsData() {
        echo(4);
        Intracomm w = MPI.COMM_WORLD;
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        int[] got = {-1, -1, -1, -1, -1, -1};
        Request r = w.iRecv(got, 1, every2, 1, 5);
        r.free(); // MPI: the receive still completes, into the buffer
        assertTrue(r.isNull());
        w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 5);
        // a later message from the same peer and tag is received after the first
        w.send(new int[] {9}, 1, MPI.INT, 1, 5);
        w.recv(new int[1], 1, MPI.INT, 1, 5);
        assertArrayEquals(new int[] {1, -1, 2, -1, 3, -1}, got);

        int[] got2 = {-1, -1, -1, -1, -1, -1};
        Prequest p = w.recvInit(got2, 1, every2, 1, 6);
        p.start();
        p.free();
        w.send(new int[] {4, 5, 6}, 3, MPI.INT, 1, 6);
        w.send(new int[] {9}, 1, MPI.INT, 1, 6);
        w.recv(new int[1], 1, MPI.INT, 1, 6);
        assertArrayEquals(new int[] {4, -1, 5, -1, 6, -1}, got2);
    }

    /** {short a; (gap) double b[2]; } : 2 + pad to 4 + 16 = 20 bytes, extent 24. */
    static final class Inner extends Struct {
        final int a = addShort();
        final int b;

        Inner() {
            setOffset(4);
            b = addDouble(2);
            setOffset(24);
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            short a() {
                return getShort(a);
            }

            double b(int i) {
                return getDouble(b, i);
            }

            void put(short x, double y0, double y1) {
                putShort(a, x);
                putDouble(b, 0, y0);
                putDouble(b, 1, y1);
            }
        }
    }

    /** {int n; Inner in[2]; char c; } */
    static final class Outer extends Struct {
        static final Inner INNER = new Inner();
        final int n = addInt();
        final int in = addStruct(INNER, 2);
        final int c = addChar();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int n() {
                return getInt(n);
            }

            Inner.Data in(int i) {
                return getData(INNER, in, i);
            }

            char c() {
                return getChar(c);
            }

            void putN(int v) {
                putInt(n, v);
            }

            void putC(char v) {
                putChar(c, v);
            }
        }
    }

    @Test
    void nestedStructViewsTravelOnDirectBuffersAndArrays() {
        echo(3);
        Intracomm w = MPI.COMM_WORLD;
        Outer outer = new Outer();
        Datatype t = outer.getType();
        assertEquals(4 + 2 * 24 + 2, outer.getExtent());
        assertEquals(4 + 2 * (2 + 16) + 2, t.getSize());
        int n = 4;
        ByteBuffer src = MPI.newByteBuffer(outer.getExtent() * n);
        for (int i = 0; i < n; i++) {
            Outer.Data d = outer.getData(src, i);
            d.putN(100 + i);
            d.in(0).put((short) i, i + 0.5, i + 0.25);
            d.in(1).put((short) -i, -i - 0.5, -i - 0.25);
            d.putC((char) ('a' + i));
        }
        byte[] dst = new byte[outer.getExtent() * n];
        Arrays.fill(dst, (byte) 0x77);
        w.send(src, n, t, 1, 3);
        w.recv(dst, n, t, 1, 3);
        for (int i = 0; i < n; i++) {
            Outer.Data d = outer.getData(dst, i);
            assertEquals(100 + i, d.n());
            assertEquals((short) i, d.in(0).a());
            assertEquals(i + 0.25, d.in(0).b(1));
            assertEquals(-i - 0.5, d.in(1).b(0));
            assertEquals((char) ('a' + i), d.c());
            // the gap after each short is not data: untouched
            assertEquals((byte) 0x77, dst[i * outer.getExtent() + 4 + 2]);
        }
        // a slice of a direct buffer, nonblocking, struct 1 and 2 only
        ByteBuffer back = MPI.newByteBuffer(outer.getExtent() * n);
        Request r = w.iRecv(MPI.slice(back, outer.getExtent()), 2, t, 1, 4);
        w.iSend(MPI.slice(src, outer.getExtent()), 2, t, 1, 4).waitFor();
        r.waitFor();
        assertEquals(0, outer.<Outer.Data>getData(back, 0).n());
        assertEquals(101, outer.<Outer.Data>getData(back, 1).n());
        assertEquals(-2.25, outer.<Outer.Data>getData(back, 2).in(1).b(1));
        assertEquals(0, outer.<Outer.Data>getData(back, 3).n());
        // pairs and complex numbers
        ByteBuffer pairs = MPI.newByteBuffer(16 * 3);
        for (int i = 0; i < 3; i++) {
            DoubleInt.Data d = MPI.doubleInt.getData(pairs, i);
            d.putValue(i * 1.5);
            d.putIndex(i);
        }
        ByteBuffer pairsBack = MPI.newByteBuffer(16 * 3);
        w.sendRecv(pairs, 3, MPI.DOUBLE_INT, 1, 5, pairsBack, 3, MPI.DOUBLE_INT, 1, 5);
        for (int i = 0; i < 3; i++) {
            DoubleInt.Data d = MPI.doubleInt.getData(pairsBack, i);
            assertEquals(i * 1.5, d.getValue());
            assertEquals(i, d.getIndex());
        }
    }

    @Test
    void badBuffersAreClearErrors() {
        Intracomm w = MPI.COMM_WORLD;
        Datatype before = Datatype.createStruct(new int[] {1, 1}, new int[] {-4, 4}, new Datatype[] {MPI.INT, MPI.INT});
        before.commit();
        int[] a = new int[8];
        assertError(ErrorClass.BUFFER, "send: count 1 of", () -> w.send(a, 1, before, 1, 0));
        assertError(ErrorClass.BUFFER, "span bytes [-4, 8)", () -> w.recv(a, 1, before, 1, 0));
        assertError(ErrorClass.BUFFER, "Recv: count 1 of", () -> w.Recv(a, 0, 1, before, 1, 0));
        // at element 1 it fits
        Datatype back = Datatype.createResized(MPI.INT, 0, -8);
        back.commit();
        assertError(ErrorClass.BUFFER, "does not fit", () -> w.send(a, 2, back, 1, 0));
        assertError(ErrorClass.BUFFER, "does not fit", () -> w.Send(a, 1, 2, back, 1, 0));
        assertError(ErrorClass.BUFFER, "offset 9", () -> w.Send(a, 9, 0, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "offset -1", () -> w.Send(a, -1, 1, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "does not fit", () -> w.Send(a, 8, 1, MPI.INT, 1, 0));
        Datatype big = Datatype.createContiguous(1 << 20, MPI.INT);
        big.commit();
        assertError(ErrorClass.COUNT, "more than one message carries", () -> w.send(a, 1 << 12, big, 1, 0));
        assertError(ErrorClass.COUNT, "more than an int", () -> w.packSize(1 << 12, big));
        assertError(ErrorClass.COUNT, "count -1", () -> w.send(a, -1, MPI.INT, 1, 0));
        ByteBuffer direct = MPI.newByteBuffer(16);
        assertError(ErrorClass.BUFFER, "direct ByteBuffer of capacity 16", () -> w.send(direct, 5, MPI.INT, 1, 0));
        ByteBuffer sliced = MPI.slice(MPI.newByteBuffer(32), 20);
        assertError(ErrorClass.BUFFER, "capacity 12", () -> w.recv(sliced, 4, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "read-only", () -> w.recv(direct.asReadOnlyBuffer(), 1, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "read-only", () -> w.iRecv(direct.asReadOnlyBuffer(), 1, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "read-only", () -> w.recvInit(direct.asReadOnlyBuffer(), 1, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "read-only",
            () -> w.unpack(new byte[4], 0, direct.asReadOnlyBuffer(), 1, MPI.INT));
        assertError(ErrorClass.BUFFER, "not a buffer", () -> w.send("text", 1, MPI.BYTE, 1, 0));
        assertError(ErrorClass.BUFFER, "not a buffer", () -> w.send(new Integer[4], 1, MPI.INT, 1, 0));
        assertError(ErrorClass.BUFFER, "null but count is 1", () -> w.send(null, 1, MPI.INT, 1, 0));
        // packed positions
        byte[] packed = new byte[8];
        assertError(ErrorClass.ARG, "position -1", () -> w.pack(a, 1, MPI.INT, packed, -1));
        assertError(ErrorClass.ARG, "position 9", () -> w.pack(a, 1, MPI.INT, packed, 9));
        assertError(ErrorClass.TRUNCATE, "from position 6", () -> w.pack(a, 1, MPI.INT, packed, 6));
        assertError(ErrorClass.TRUNCATE, "from position 8", () -> w.unpack(packed, 8, a, 1, MPI.INT));
        assertError(ErrorClass.ARG, "position " + Integer.MIN_VALUE, () -> w.unpack(packed, Integer.MIN_VALUE, a, 1, MPI.INT));
        assertEquals(8, w.pack(a, 1, MPI.INT, packed, 4));
    }

    @Test
    void freedAndUncommittedTypesAreTypeErrorsEverywhere() {
        Intracomm w = MPI.COMM_WORLD;
        Datatype raw = Datatype.createVector(2, 1, 2, MPI.INT);
        Datatype freed = Datatype.createVector(2, 1, 2, MPI.INT);
        freed.commit();
        freed.free();
        int[] a = new int[8];
        byte[] p = new byte[64];
        for (Datatype t : new Datatype[] {raw, freed}) {
            String what = t == raw ? "not committed" : "freed";
            assertError(ErrorClass.TYPE, what, () -> w.send(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.recv(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.iSend(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.iRecv(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.sendInit(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.recvInit(a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.sendRecv(a, 1, t, 1, 0, a, 1, MPI.INT, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.sendRecv(a, 1, MPI.INT, 1, 0, a, 1, t, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.sendRecvReplace(a, 1, t, 1, 0, 1, 0));
            assertError(ErrorClass.TYPE, what, () -> w.pack(a, 1, t, p, 0));
            assertError(ErrorClass.TYPE, what, () -> w.unpack(p, 0, a, 1, t));
            assertError(ErrorClass.TYPE, what, () -> w.packSize(1, t));
            assertError(ErrorClass.TYPE, what, () -> w.send(a, 0, t, MPI.PROC_NULL, 0));
            assertError(ErrorClass.TYPE, what, () -> w.recv(a, 0, t, MPI.PROC_NULL, 0));
        }
        assertError(ErrorClass.TYPE, "freed", () -> Datatype.createContiguous(2, freed));
        assertError(ErrorClass.TYPE, "freed", () -> new Status().getCount(freed));
        assertError(ErrorClass.TYPE, "freed", () -> new Status().getElements(freed));
        assertError(ErrorClass.TYPE, "freed", freed::free);
        assertError(ErrorClass.TYPE, "freed", freed::commit);
        assertError(ErrorClass.TYPE, "null", () -> w.send(a, 1, null, 1, 0));
        assertError(ErrorClass.TYPE, "MPI_DATATYPE_NULL", () -> w.send(a, 1, MPI.DATATYPE_NULL, 1, 0));
    }

    static final class Opaque {
        int x;
    }

    @Test
    void objectErrorsNameTheElement() {
        echo(1);
        Intracomm w = MPI.COMM_WORLD;
        Object[] bad = {"ok", new Opaque()};
        assertError(ErrorClass.TYPE, "element 1", () -> w.send(bad, 2, MPI.OBJECT, 1, 0));
        assertError(ErrorClass.TYPE, "element 1", () -> w.iSend(bad, 2, MPI.OBJECT, 1, 0));
        assertError(ErrorClass.TYPE, "element 1", () -> w.Send(bad, 1, 1, MPI.OBJECT, 1, 0));
        assertError(ErrorClass.BUFFER, "does not fit", () -> w.Send(bad, 1, 2, MPI.OBJECT, 1, 0));
        assertError(ErrorClass.TYPE, "Object[]", () -> w.send(new int[2], 2, MPI.OBJECT, 1, 0));
        assertError(ErrorClass.TYPE, "element 1", () -> w.sendInit(bad, 2, MPI.OBJECT, 1, 0).start());
        assertError(ErrorClass.TYPE, "MPI.OBJECT", () -> w.pack(bad, 1, MPI.OBJECT, new byte[8], 0));
        // three objects sent, two received: ERR_TRUNCATE, the first two stored
        w.send(new Object[] {"a", "b", "c"}, 3, MPI.OBJECT, 1, 1);
        Object[] two = new Object[2];
        assertError(ErrorClass.TRUNCATE, "more objects than", () -> w.recv(two, 2, MPI.OBJECT, 1, 1));
        assertArrayEquals(new Object[] {"a", "b"}, two);
    }

    @Test
    void shortTruncatedAndCancelledNonContiguousReceives() {
        echo(4);
        Intracomm w = MPI.COMM_WORLD;
        // {int, double} with a 4-byte gap: 12 bytes of data, extent 16, base BYTE
        Datatype pair = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        pair.commit();
        ByteBuffer src = MPI.newByteBuffer(64);
        for (int i = 0; i < 4; i++) {
            src.putInt(16 * i, i + 1);
            src.putDouble(16 * i + 8, i + 0.5);
        }
        // the items pack to 12 bytes: 28 bytes are 2 items and the int of a third
        byte[] packed = new byte[48];
        assertEquals(48, w.pack(src, 4, pair, packed, 0));
        w.send(packed, 28, MPI.BYTE, 1, 1);
        Status p = w.probe(1, 1);
        assertEquals(MPI.UNDEFINED, p.getCount(pair));
        assertEquals(5, p.getElements(pair));
        assertEquals(28, p.getCount(MPI.BYTE));
        ByteBuffer dst = MPI.newByteBuffer(64);
        for (int i = 0; i < 64; i++) {
            dst.put(i, (byte) -1);
        }
        Status s = w.recv(dst, 4, pair, 1, 1);
        assertEquals(MPI.UNDEFINED, s.getCount(pair));
        assertEquals(28, s.getCount(MPI.BYTE));
        assertEquals(2, dst.getInt(16));
        assertEquals(3, dst.getInt(32));
        assertEquals(-1, dst.getLong(40)); // the double of item 2 not reached
        assertEquals(-1, dst.getInt(48));
        // 1 item, the int and half the double of another: no whole number of elements
        w.send(packed, 20, MPI.BYTE, 1, 2);
        Status e = w.recv(dst, 4, pair, 1, 2);
        assertEquals(MPI.UNDEFINED, e.getElements(pair));
        assertEquals(MPI.UNDEFINED, e.getElementsX(pair).getCount());
        // truncation: 3 items sent, 2 posted; the two that fit are stored
        ByteBuffer small = MPI.newByteBuffer(48);
        w.send(src, 3, pair, 1, 3);
        assertError(ErrorClass.TRUNCATE, "recv", () -> w.recv(small, 2, pair, 1, 3));
        assertEquals(0.5, small.getDouble(8));
        assertEquals(1.5, small.getDouble(24));
        assertEquals(0, small.getInt(32));
        Request tr = w.iRecv(small, 1, pair, 1, 4);
        w.send(src, 2, pair, 1, 4);
        assertError(ErrorClass.TRUNCATE, "", tr::waitStatus);
        // cancelled before any message: nothing written
        ByteBuffer none = MPI.newByteBuffer(32);
        Request c = w.iRecv(none, 2, pair, 1, 99);
        c.cancel();
        Status cs = c.waitStatus();
        assertTrue(cs.isCancelled());
        assertEquals(0, cs.getElements(pair));
        for (int i = 0; i < 32; i++) {
            assertEquals(0, none.get(i));
        }
    }

    @Test
    void manyOutstandingNonContiguousReceivesPostedInReverse() {
        int n = 500;
        echo(n);
        Intracomm w = MPI.COMM_WORLD;
        Datatype column = Datatype.createVector(3, 1, 4, MPI.DOUBLE);
        column.commit();
        double[][] got = new double[n][12];
        Request[] r = new Request[n];
        for (int i = n - 1; i >= 0; i--) {
            r[i] = w.iRecv(got[i], 1, column, 1, i);
        }
        for (int i = 0; i < n; i++) {
            w.send(new double[] {i, i + 0.25, i + 0.5}, 3, MPI.DOUBLE, 1, i);
        }
        Status[] all = Request.waitAllStatus(r);
        for (int i = 0; i < n; i++) {
            assertEquals(i, all[i].getTag());
            assertEquals(3, all[i].getElements(column));
            assertEquals(i + 0.5, got[i][8]);
            assertEquals(0.0, got[i][9]);
        }
    }

    @Test
    void persistentNonContiguousRequestsRestartedManyTimes() {
        int rounds = 50;
        echo(2 * rounds);
        Intracomm w = MPI.COMM_WORLD;
        Datatype every3 = Datatype.createResized(MPI.LONG, 0, 24);
        every3.commit();
        long[] out = new long[12];
        long[] in = new long[12];
        Prequest send = w.sendInit(out, 4, every3, 1, 7);
        Prequest recv = w.recvInit(in, 4, every3, 1, 7);
        Prequest send2 = w.Send_init(out, 1, 4, every3, 1, 8);
        Prequest recv2 = w.Recv_init(in, 2, 4, every3, 1, 8);
        for (int k = 0; k < rounds; k++) {
            Arrays.fill(in, -1);
            for (int i = 0; i < 12; i++) {
                out[i] = 1000L * k + i;
            }
            Prequest.startAll(new Prequest[] {recv, recv2, send, send2});
            Request.waitAll(new Request[] {send, send2, recv, recv2});
            for (int i = 0; i < 4; i++) {
                assertEquals(1000L * k + 3 * i, in[3 * i], "round " + k);
                assertEquals(1000L * k + 3 * i + 1, in[3 * i + 2], "round " + k);
                assertEquals(-1, in[3 * i + 1]);
            }
        }
        send.free();
        recv.free();
        send2.free();
        recv2.free();
    }

    @Test
    void largeDerivedAndObjectMessagesGoByRendezvous() {
        echo(4);
        Intracomm w = MPI.COMM_WORLD;
        int n = 1 << 16; // 512 KiB of doubles from a 1 MiB array (the echo's buffer is 1 MiB)
        Datatype every2 = Datatype.createResized(MPI.DOUBLE, 0, 16);
        every2.commit();
        double[] src = new double[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            src[i] = i;
        }
        double[] dst = new double[2 * n + 1];
        Arrays.fill(dst, -1);
        Request r = w.Irecv(dst, 1, n, every2, 1, 1);
        w.send(src, n, every2, 1, 1);
        Status s = r.waitStatus();
        assertEquals(n, s.getCount(every2));
        for (int i = 0; i < n; i++) {
            assertEquals(2.0 * i, dst[1 + 2 * i]);
            assertEquals(-1.0, dst[2 + 2 * i]);
        }
        assertEquals(-1.0, dst[0]);
        // sendRecvReplace of a non-contiguous type, large
        double[] rep = src.clone();
        w.sendRecvReplace(rep, n, every2, 1, 2, 1, 2);
        assertArrayEquals(src, rep);
        // many objects
        Object[] objects = new Object[20000];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = "object " + i;
        }
        Object[] back = new Object[objects.length];
        Request ro = w.iRecv(back, objects.length, MPI.OBJECT, 1, 3);
        w.send(objects, objects.length, MPI.OBJECT, 1, 3);
        Status so = ro.waitStatus();
        assertEquals(objects.length, so.getCount(MPI.OBJECT));
        assertArrayEquals(objects, back);
        Object[] back2 = new Object[objects.length + 2];
        w.iSend(objects, objects.length, MPI.OBJECT, 1, 4).waitFor();
        Status s2 = w.Recv(back2, 2, objects.length, MPI.OBJECT, 1, 4);
        assertEquals(objects.length, s2.getCount(MPI.OBJECT));
        assertEquals("object 0", back2[2]);
    }

    @Test
    void zeroSizeTypesMoveNoBytes() {
        echo(3);
        Intracomm w = MPI.COMM_WORLD;
        Datatype nothing = Datatype.createContiguous(0, MPI.INT);
        nothing.commit();
        Datatype markers = Datatype.Struct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.LB, MPI.UB});
        markers.commit();
        int[] a = {7, 7};
        w.send(a, 5, nothing, 1, 1);
        Status s = w.recv(a, 5, nothing, 1, 1);
        assertEquals(0, s.getCount(nothing));
        assertEquals(0, s.getCount(MPI.BYTE));
        Request r = w.iRecv(null, 3, markers, 1, 2);
        w.iSend(null, 3, markers, 1, 2).waitFor();
        assertEquals(0, r.waitStatus().getElements(markers));
        Prequest p = w.sendInit(a, 2, nothing, 1, 3);
        p.start();
        p.waitFor();
        w.recv(a, 2, nothing, 1, 3);
        assertArrayEquals(new int[] {7, 7}, a);
        assertEquals(0, w.packSize(9, nothing));
        assertEquals(3, w.pack(a, 9, nothing, new byte[4], 3));
        assertError(ErrorClass.TYPE, "MPI_DATATYPE_NULL", () -> w.send(a, 1, MPI.DATATYPE_NULL, 1, 0));
        assertError(ErrorClass.TYPE, "MPI_DATATYPE_NULL", () -> w.recv(a, 0, MPI.DATATYPE_NULL, 1, 0));
    }

    @Test
    void heapBuffersWithArrayOffsetsAndDirectViews() {
        echo(3);
        Intracomm w = MPI.COMM_WORLD;
        int[] backing = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        java.nio.IntBuffer heap = java.nio.IntBuffer.wrap(backing, 3, 5).slice(); // arrayOffset 3, capacity 5
        assertEquals(3, heap.arrayOffset());
        Datatype every2 = Datatype.createVector(2, 1, 2, MPI.INT);
        every2.commit();
        int[] got = new int[3];
        w.Send(heap, 1, 1, every2, 1, 1); // elements 1 and 3 of the view: 4 and 6
        w.recv(got, 2, MPI.INT, 1, 1);
        assertArrayEquals(new int[] {4, 6, 0}, got);
        assertError(ErrorClass.BUFFER, "heap IntBuffer of capacity 5", () -> w.Send(heap, 4, 2, MPI.INT, 1, 1));
        int[] target = new int[10];
        java.nio.IntBuffer into = java.nio.IntBuffer.wrap(target, 6, 4).slice();
        w.send(new int[] {41, 42}, 2, MPI.INT, 1, 2);
        w.recv(into, 1, every2, 1, 2);
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 41, 0, 42, 0}, target);
        // a direct int view of a byte slice
        ByteBuffer bytes = MPI.newByteBuffer(64);
        ByteBuffer tail = MPI.slice(bytes, 40);
        java.nio.IntBuffer view = tail.asIntBuffer(); // 6 ints, bytes 40..64
        w.send(new int[] {5, 6, 7}, 3, MPI.INT, 1, 3);
        w.Recv(view, 3, 3, MPI.INT, 1, 3);
        assertEquals(5, bytes.getInt(52));
        assertEquals(7, bytes.getInt(60));
        assertEquals(0, bytes.getInt(48));
        assertError(ErrorClass.BUFFER, "direct IntBuffer of capacity 6", () -> w.Recv(view, 4, 3, MPI.INT, 1, 3));
    }
}

package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.HashMap;

import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Derived datatypes, PACKED and MPI.OBJECT through the point-to-point calls over the real engine
 * (in-process board; rank 1 is a bare engine echoing each message back byte for byte, small eager
 * limit so that rendezvous is exercised).
 */
@Timeout(60)
class DerivedOverEngineTest {
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

    private static int[] iota(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
        }
        return a;
    }

    @Test
    void vectorColumnsOnArraysAndDirectBuffersEveryCall() {
        echo(6);
        Intracomm w = MPI.COMM_WORLD;
        // a 4x5 matrix of ints; a column is a vector(4, 1, 5)
        Datatype column = Datatype.createVector(4, 1, 5, MPI.INT);
        column.commit();
        int[] m = iota(20);
        int[] back = new int[20];
        w.send(m, 1, column, 1, 1); // column 0
        w.Recv(back, 2, 1, column, 1, 1); // into column 2
        for (int r = 0; r < 4; r++) {
            assertEquals(m[r * 5], back[r * 5 + 2]);
            assertEquals(0, back[r * 5 + 1]);
        }
        // nonblocking
        int[] back2 = new int[20];
        Request rr = w.iRecv(back2, 1, column, 1, 2);
        w.Isend(m, 3, 1, column, 1, 2).waitFor();
        Status s = rr.waitStatus();
        assertEquals(16, s.countInBytes);
        assertEquals(1, s.getCount(column));
        assertEquals(4, s.getElements(column));
        for (int r = 0; r < 4; r++) {
            assertEquals(m[r * 5 + 3], back2[r * 5]);
        }
        // direct buffers, persistent
        IntBuffer direct = ByteBuffer.allocateDirect(80).order(ByteOrder.nativeOrder()).asIntBuffer();
        direct.put(m);
        IntBuffer dback = ByteBuffer.allocateDirect(80).order(ByteOrder.nativeOrder()).asIntBuffer();
        Prequest pr = w.recvInit(dback, 1, column, 1, 3);
        Prequest ps = w.sendInit(direct, 1, column, 1, 3);
        for (int round = 0; round < 2; round++) {
            direct.put(0, 100 + round);
            pr.start();
            ps.start();
            ps.waitFor();
            pr.waitFor();
            assertEquals(100 + round, dback.get(0));
            assertEquals(m[15], dback.get(15));
            assertEquals(0, dback.get(1));
        }
        // sendRecv, then sendRecvReplace with a resized type of stride 2
        Datatype every2 = Datatype.createResized(MPI.INT, 0, 8);
        every2.commit();
        int[] replace = iota(6);
        w.sendRecvReplace(replace, 3, every2, 1, 4, 1, 4);
        assertArrayEquals(iota(6), replace);
        int[] got = new int[6];
        Status t = w.sendRecv(m, 3, every2, 1, 5, got, 3, MPI.INT, 1, 5);
        assertArrayEquals(new int[] {1, 3, 5, 0, 0, 0}, got);
        assertEquals(3, t.getCount(MPI.INT));
    }

    @Test
    void shortMessagesUnpackOnlyWhatArrived() {
        echo(2);
        Intracomm w = MPI.COMM_WORLD;
        Datatype pairs = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 16},
            new Datatype[] {MPI.INT, MPI.DOUBLE});
        pairs.commit(); // {int @0, double @16}: extent 24, size 12
        byte[] out = new byte[48];
        ByteBuffer ob = ByteBuffer.wrap(out).order(ByteOrder.nativeOrder());
        ob.putInt(0, 7).putDouble(16, 1.25).putInt(24, 8).putDouble(40, 2.5);
        w.send(out, 1, pairs, 1, 1); // one item: 12 bytes
        byte[] in = new byte[48];
        java.util.Arrays.fill(in, (byte) -1);
        Status s = w.recv(in, 2, pairs, 1, 1);
        assertEquals(12, s.countInBytes);
        assertEquals(1, s.getCount(pairs));
        assertEquals(2, s.getElements(pairs));
        ByteBuffer ib = ByteBuffer.wrap(in).order(ByteOrder.nativeOrder());
        assertEquals(7, ib.getInt(0));
        assertEquals(1.25, ib.getDouble(16));
        assertEquals(-1, ib.getInt(24)); // the second item never arrived: untouched
        // an int array sent as bytes (type mismatch accepted), received as a struct: 1 item + the int
        int[] ints = {5, 6, 7, 8};
        w.send(ints, 16, MPI.BYTE, 1, 2);
        Request r = w.iRecv(ByteBuffer.wrap(in), 2, pairs, 1, 2);
        Status t = r.waitStatus();
        assertEquals(MPI.UNDEFINED, t.getCount(pairs));
        assertEquals(3, t.getElements(pairs)); // one whole item (2) and the int of the next
        assertEquals(ints[3], ByteBuffer.wrap(in).order(ByteOrder.nativeOrder()).getInt(24));
    }

    @Test
    void packUnpackPositionsAndPackedMessages() {
        echo(1);
        Intracomm w = MPI.COMM_WORLD;
        Datatype column = Datatype.createVector(3, 1, 3, MPI.DOUBLE);
        column.commit();
        double[] m = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        assertEquals(24, w.packSize(1, column));
        assertEquals(8, w.Pack_size(2, MPI.INT));
        byte[] packed = new byte[w.packSize(1, column) + w.packSize(2, MPI.INT)];
        int pos = w.pack(m, 1, column, packed, 0);
        assertEquals(24, pos);
        pos = w.Pack(new int[] {0, 41, 42}, 1, 2, MPI.INT, packed, pos);
        assertEquals(32, pos);
        MPIException e = assertThrows(MPIException.class, () -> w.pack(m, 1, column, packed, 16));
        assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
        assertTrue(e.getMessage().contains("pack: outbuf"), e.getMessage());
        w.send(packed, pos, MPI.PACKED, 1, 3);
        byte[] in = new byte[64];
        Status s = w.recv(in, 64, MPI.PACKED, 1, 3);
        assertEquals(32, s.getCount(MPI.PACKED));
        double[] col = new double[9];
        int p = w.unpack(in, 0, col, 1, column.dup());
        assertEquals(24, p);
        assertArrayEquals(new double[] {1, 0, 0, 4, 0, 0, 7, 0, 0}, col);
        int[] two = new int[4];
        assertEquals(32, w.Unpack(in, p, two, 2, 2, MPI.INT));
        assertArrayEquals(new int[] {0, 0, 41, 42}, two);
        e = assertThrows(MPIException.class, () -> w.unpack(in, 60, two, 2, MPI.INT));
        assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
        assertTrue(e.getMessage().contains("unpack: inbuf"), e.getMessage());
    }

    @Test
    void objectsBlockingNonblockingAndSendRecv() {
        echo(3);
        Intracomm w = MPI.COMM_WORLD;
        HashMap<String, Integer> map = new HashMap<>();
        map.put("a", 1);
        Object[] out = {"x", null, map, 3.5, new int[] {1, 2}};
        w.Send(out, 1, 3, MPI.OBJECT, 1, 1);
        Object[] in = new Object[5];
        Status s = w.Recv(in, 2, 3, MPI.OBJECT, 1, 1);
        assertEquals(3, s.Get_count(MPI.OBJECT));
        assertNull(in[2]);
        assertEquals(map, in[3]);
        assertEquals(3.5, in[4]);
        Object[] in2 = new Object[2];
        Request r = w.Irecv(in2, 0, 2, MPI.OBJECT, MPI.ANY_SOURCE, 2);
        assertNull(r.Test());
        w.Isend(out, 0, 2, MPI.OBJECT, 1, 2).Wait();
        Status t = r.Wait();
        assertEquals("x", in2[0]);
        assertEquals(2, t.Get_count(MPI.OBJECT));
        // more objects than the receive's count: truncation
        Object[] small = new Object[1];
        MPIException e = assertThrows(MPIException.class,
            () -> w.Sendrecv(out, 0, 2, MPI.OBJECT, 1, 3, small, 0, 1, MPI.OBJECT, 1, 3));
        assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
        assertEquals("x", small[0]);
        e = assertThrows(MPIException.class, () -> w.Send(new Object[] {"ok", new Object()}, 0, 2, MPI.OBJECT, 1, 4));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("element 1"), e.getMessage());
        byte[] ser = w.Object_Serialize(out, 0, 3, MPI.OBJECT);
        Object[] de = new Object[3];
        w.Object_Deserialize(de, ser, 0, 3, MPI.OBJECT);
        assertEquals(map, de[2]);
    }

    @Test
    void errorsNameTheCallAndArgument() {
        Intracomm w = MPI.COMM_WORLD;
        Datatype v = Datatype.createVector(2, 1, 4, MPI.INT);
        MPIException e = assertThrows(MPIException.class, () -> w.send(new int[8], 1, v, 1, 0));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("send: datatype") && e.getMessage().contains("not committed"),
            e.getMessage());
        v.commit();
        e = assertThrows(MPIException.class, () -> w.iRecv(new int[8], 2, v, 1, 0));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("iRecv: count 2 of derived vector type"), e.getMessage());
        e = assertThrows(MPIException.class, () -> w.Recv(new int[8], 4, 1, v, 1, 0));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        v.free();
        e = assertThrows(MPIException.class, () -> w.send(new int[8], 1, v, 1, 0));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("freed"), e.getMessage());
        // persistent requests take MPI.OBJECT; their arguments are checked at init
        e = assertThrows(MPIException.class, () -> w.Send_init(new Object[1], 0, 2, MPI.OBJECT, 1, 0));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("Send_init: count 2 of MPI_OBJECT"), e.getMessage());
    }
}

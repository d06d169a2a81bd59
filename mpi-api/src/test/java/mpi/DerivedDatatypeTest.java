package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.atollmpi.engine.types.BasicKind;
import org.junit.jupiter.api.Test;

/** Derived datatypes without communication: units of both dialects, errors, pairs, Struct views. */
class DerivedDatatypeTest {
    private static MPIException error(Runnable r) {
        return assertThrows(MPIException.class, r::run);
    }

    @Test
    void openMpiGettersReportBytesAndMpiJavaGettersBaseElements() {
        Datatype v = Datatype.createVector(2, 1, 3, MPI.INT);
        assertEquals(8, v.getSize());
        assertEquals(16, v.getExtent());
        assertEquals(0, v.getLb());
        assertEquals(16, v.getUb());
        assertEquals(16, v.getTrueExtent());
        assertEquals(2, v.Size());
        assertEquals(4, v.Extent());
        assertEquals(4, v.Ub());
        assertEquals(8, v.size);
        assertEquals(4, v.getByteSize());
        assertEquals(MPI.INT.getType(), v.getType());

        Datatype hv = Datatype.createHVector(2, 1, 12, MPI.INT); // stride in bytes: same as v
        assertEquals(v.layout.extent(), hv.layout.extent());
        Datatype hi = Datatype.createHIndexed(new int[] {1, 2}, new int[] {8, 0}, MPI.DOUBLE);
        assertEquals(24, hi.getSize());
        assertEquals(16, hi.getExtent());
        assertEquals(3, hi.Size());
        assertEquals(2, hi.Extent());
        Datatype idx = Datatype.createIndexed(new int[] {2, 1}, new int[] {1, 4}, MPI.SHORT);
        assertEquals(6, idx.getSize());
        assertEquals(2, idx.getLb());
        assertEquals(10, idx.getUb());
        assertEquals(2, idx.getTrueLb());
        assertEquals(1, idx.Lb());
        assertEquals(5, idx.Ub());

        Datatype s = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        assertEquals(12, s.getSize()); // base BYTE: bytes
        assertEquals(16, s.getExtent());
        assertEquals(1, s.getByteSize());

        Datatype r = Datatype.createResized(MPI.INT, -4, 12); // bytes
        assertEquals(-4, r.getLb());
        assertEquals(12, r.getExtent());
        assertEquals(4, r.getSize());
        assertEquals(0, r.getTrueLb());
        assertEquals(-1, r.Lb());
        assertEquals(3, r.Extent());

        Datatype c = Datatype.createContiguous(3, v);
        assertEquals(24, c.getSize());
        assertEquals(48, c.getExtent());
    }

    @Test
    void mpiJavaConstructorsCountElementsOfTheBaseType() {
        Datatype hv = Datatype.Hvector(2, 1, 3, MPI.DOUBLE); // stride 3 doubles
        assertEquals(4, hv.Extent());
        assertEquals(2, hv.Size());
        assertEquals(32, hv.layout.extent());
        Datatype hi = Datatype.Hindexed(new int[] {1, 1}, new int[] {0, 5}, MPI.INT);
        assertEquals(6, hi.Extent());
        Datatype st = Datatype.Struct(new int[] {1, 2, 1}, new int[] {0, 2, 6},
            new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        assertEquals(0, st.Lb());
        assertEquals(6, st.Ub());
        assertEquals(6, st.Extent());
        assertEquals(2, st.Size());
        assertEquals(8, st.layout.trueLb());
        MPIException e = error(() -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1},
            new Datatype[] {MPI.INT, MPI.DOUBLE}));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("Struct: types[1]"), e.getMessage());
        Datatype c = Datatype.Contiguous(4, MPI.LONG);
        assertEquals(4, c.Size());
        assertEquals(4, c.Extent());
        assertTrue(c.isContiguous());
    }

    @Test
    void lifecycleCommitFreeDupNamesAttributes() {
        Datatype v = Datatype.createVector(2, 2, 4, MPI.INT);
        assertEquals("", v.getName());
        v.setName("pairs");
        assertEquals("pairs", v.getName());
        Datatype d = v.dup();
        assertEquals("", d.getName());
        assertEquals(v.layout.extent(), d.layout.extent());
        v.commit();
        Datatype d2 = v.clone();
        assertEquals(MPI.ERR_OTHER, error(Datatype::createKeyval).getErrorClass()); // keyvals need Init
        MPI.enter(null, null, 0, 1, MPI.THREAD_SINGLE);
        try {
            attributesFollowDup(v);
        } finally {
            MPI.leave(false);
        }
        d2.free();
        assertTrue(d2.isNull());
        MPIException e = error(d2::free);
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        e = error(MPI.DOUBLE::free);
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("MPI_DOUBLE is predefined"), e.getMessage());
        e = error(() -> Datatype.createVector(-1, 1, 1, MPI.INT));
        assertEquals(MPI.ERR_COUNT, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("createVector: count is negative (-1)"), e.getMessage());
        e = error(() -> Datatype.createContiguous(2, null));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("createContiguous: oldType is null"), e.getMessage());
    }

    private static void attributesFollowDup(Datatype v) {
        int key = Datatype.createKeyval();
        assertNull(v.getAttr(key));
        v.setAttr(key, "x");
        assertEquals("x", v.getAttr(key));
        assertEquals("x", v.dup().getAttr(key));
        v.deleteAttr(key);
        assertNull(v.getAttr(key));
        Datatype.freeKeyval(key);
        assertEquals(MPI.ERR_KEYVAL, error(() -> v.setAttr(key, 1)).getErrorClass());
    }

    @Test
    void pairAndComplexTypes() {
        assertEquals(8, MPI.INT2.size);
        assertTrue(MPI.INT2.isContiguous());
        assertEquals(8, MPI.INT2.getSize());
        assertEquals(2, MPI.INT2.Size());
        assertEquals(BasicKind.INT, MPI.INT2.elementKind());
        assertEquals(Datatype.CODE_INT2, MPI.INT2.pairCode());
        assertEquals(6, MPI.SHORT_INT.size);
        assertEquals(8, MPI.SHORT_INT.getExtent());
        assertEquals(12, MPI.LONG_INT.size);
        assertEquals(16, MPI.LONG_INT.getExtent());
        assertEquals(16, MPI.DOUBLE_INT.getExtent());
        assertEquals(8, MPI.DOUBLE_INT.pairIndexOffset());
        assertEquals(BasicKind.DOUBLE, MPI.DOUBLE_INT.pairValueKind());
        assertNull(MPI.DOUBLE_INT.elementKind());
        assertEquals(Datatype.PAIR_NONE, MPI.INT.pairCode());
        assertTrue(MPI.DOUBLE_COMPLEX.isComplex());
        assertEquals(16, MPI.DOUBLE_COMPLEX.size);
        assertEquals(8, MPI.FLOAT2.getSize());
        assertEquals(2, MPI.FLOAT2.Size());
        assertEquals(MPI.LONG_INT.pairCode(), MPI.LONG_INT.dup().pairCode());
        assertSame(MPI.INT2, MPI.int2.getType());
        assertSame(MPI.DOUBLE_INT, MPI.doubleInt.getType());
        assertEquals(16, MPI.doubleInt.getExtent());
        assertEquals(8, MPI.shortInt.getExtent());
    }

    @Test
    void pairViewsReadWhatTheTypesDescribe() {
        ByteBuffer b = ByteBuffer.allocate(3 * 16).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 3; i++) {
            DoubleInt.Data d = MPI.doubleInt.getData(b, i);
            d.putValue(i + 0.5);
            d.putIndex(10 + i);
        }
        assertEquals(1.5, b.getDouble(16));
        assertEquals(11, b.getInt(24));
        assertEquals(12, MPI.doubleInt.<DoubleInt.Data>getData(b, 2).getIndex());
        byte[] raw = new byte[16];
        ShortInt.Data s = MPI.shortInt.getData(raw, 1);
        s.putValue((short) 7);
        s.putIndex(-3);
        assertEquals(7, MPI.shortInt.<ShortInt.Data>getData(raw, 1).getValue());
        assertEquals(-3, MPI.shortInt.<ShortInt.Data>getData(raw, 1).getIndex());
    }

    /** A user struct with an array field and a nested struct. */
    static final class Point extends Struct {
        final int x = addInt();
        final int tags = addShort(3);
        final int weight = addDouble();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int x() {
                return getInt(x);
            }

            void x(int v) {
                putInt(x, v);
            }

            short tag(int i) {
                return getShort(tags, i);
            }

            void tag(int i, short v) {
                putShort(tags, i, v);
            }

            double weight() {
                return getDouble(weight);
            }

            void weight(double v) {
                putDouble(weight, v);
            }
        }
    }

    static final class Segment extends Struct {
        final Point point = new Point();
        final int id = addLong();
        final int ends = addStruct(point, 2);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            Point.Data end(int i) {
                return getData(point, ends, i);
            }

            long id() {
                return getLong(id);
            }
        }
    }

    @Test
    void structFieldsOffsetsExtentAndNestedViews() {
        Point p = new Point();
        assertEquals(0, p.x);
        assertEquals(4, p.tags);
        assertEquals(10, p.weight);
        assertEquals(18, p.getExtent());
        Datatype t = p.getType();
        assertEquals(18, t.getSize());
        MPIException e = error(p::addInt);
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());

        ByteBuffer b = MPI.newByteBuffer(2 * 18);
        Point.Data d = p.getData(b, 1);
        d.x(42);
        d.tag(2, (short) 9);
        d.weight(2.5);
        assertEquals(42, b.getInt(18));
        assertEquals(9, b.getShort(18 + 4 + 4));
        assertEquals(2.5, b.getDouble(28));
        assertEquals(42, d.getBuffer().getInt(0));

        Segment s = new Segment();
        assertEquals(8 + 36, s.getExtent());
        byte[] raw = new byte[s.getExtent()];
        Segment.Data sd = s.getData(raw);
        sd.end(1).x(-7);
        sd.end(1).weight(0.25);
        assertEquals(-7, s.<Segment.Data>getData(raw).end(1).x());
        ByteBuffer view = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
        assertEquals(-7, view.getInt(8 + 18));

        Struct padded = new Struct() {
            {
                addDouble();
                addInt();
                setOffset(16);
            }

            @Override
            protected Data newData() {
                return null;
            }
        };
        assertEquals(16, padded.getExtent());
        assertEquals(12, padded.getType().getSize());
    }

    @Test
    void complexViews() {
        double[] a = new double[6];
        DoubleComplex z = DoubleComplex.get(a, 2);
        z.putReal(1.5);
        z.putImag(-2);
        assertArrayEquals(new double[] {0, 0, 0, 0, 1.5, -2}, a);
        assertEquals(-2, DoubleComplex.get(a, 2).getImag());
        ByteBuffer b = MPI.newByteBuffer(16);
        FloatComplex f = FloatComplex.get(b, 1);
        f.putImag(3f);
        assertEquals(3f, b.getFloat(12));
        assertEquals(3f, f.getBuffer().get(1));
        assertEquals(MPI.ERR_BUFFER, error(() -> FloatComplex.get(new float[4], 2)).getErrorClass());
    }

    @Test
    void statusCountsAndElementsOfDerivedTypes() {
        Datatype s = Datatype.createStruct(new int[] {1, 2}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        Status st = new Status(0, 0, 20 * 2, MPI.SUCCESS, false, MPI.UNDEFINED);
        assertEquals(2, st.getCount(s));
        assertEquals(6, st.getElements(s));
        st = new Status(0, 0, 20 + 12, MPI.SUCCESS, false, MPI.UNDEFINED); // 1 item + int + double
        assertEquals(MPI.UNDEFINED, st.getCount(s));
        assertEquals(5, st.Get_elements(s));
        st = new Status(0, 0, 20 + 6, MPI.SUCCESS, false, MPI.UNDEFINED); // ends inside a double
        assertEquals(MPI.UNDEFINED, st.getElements(s));
        st.setElements(s, 4);
        assertEquals(20 + 4, st.countInBytes);
        assertEquals(4, st.getElements(s));
        assertEquals(4L, st.getElementsX(s).getCount());
        st.setElementsX(MPI.INT, new Count(3));
        assertEquals(12, st.countInBytes);
    }
}

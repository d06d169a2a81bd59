package org.atollmpi.bench.jmh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.types.PackPlan;
import org.atollmpi.engine.types.TypeLayout;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The datatype engine's compiled pack plans beside the Java loop a program would write for the
 * same gather or scatter. One operation packs (or unpacks) the whole buffer once.
 *
 * <ul>
 * <li>vector: 1024 blocks of 1 double, stride 2 (every other element of a {@code double[2048]}),
 *     8 KiB packed; against {@code packed[i] = matrix[2 * i]}.</li>
 * <li>struct: 256 items of {@code {int @0, double @8, short[3] @16}} with a C-like extent of 24
 *     bytes in a {@code byte[]} (two blocks per item: 4 bytes, then 14), 4.5 KiB packed; against a
 *     field-by-field loop through byte-array view handles.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DatatypePack {
    private static final int VECTOR_BLOCKS = 1024;
    private static final int STRUCT_ITEMS = 256;
    private static final int STRUCT_EXTENT = 24;
    private static final int STRUCT_SIZE = 18;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle DOUBLE =
        MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());
    private static final VarHandle SHORT =
        MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.nativeOrder());

    private PackPlan vector;
    private double[] matrix;
    private double[] column;

    private PackPlan struct;
    private byte[] records;
    private byte[] packedRecords;

    @Setup
    public void setUp() {
        TypeLayout vectorType = TypeLayout.vector(VECTOR_BLOCKS, 1, 2, TypeLayout.DOUBLE);
        vector = vectorType.plan();
        matrix = new double[2 * VECTOR_BLOCKS];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = i;
        }
        column = new double[VECTOR_BLOCKS];

        TypeLayout record = TypeLayout.resized(TypeLayout.struct(new int[] {1, 1, 3}, new int[] {0, 8, 16},
            new TypeLayout[] {TypeLayout.INT, TypeLayout.DOUBLE, TypeLayout.SHORT}), 0, STRUCT_EXTENT);
        struct = record.plan();
        records = new byte[STRUCT_ITEMS * STRUCT_EXTENT];
        for (int i = 0; i < records.length; i++) {
            records[i] = (byte) i;
        }
        packedRecords = new byte[STRUCT_ITEMS * STRUCT_SIZE];
        if (record.size() != STRUCT_SIZE || record.extent() != STRUCT_EXTENT || struct.blockCount() != 2
            || !vectorType.fits(1, 0, matrix.length * 8L) || !record.fits(STRUCT_ITEMS, 0, records.length)) {
            throw new IllegalStateException("layouts are not the benchmark's: " + vectorType + ", " + record);
        }
    }

    @Benchmark
    public double[] vectorPack() {
        vector.pack(matrix, Addresses.DOUBLE_ARRAY_BASE, 1, column, Addresses.DOUBLE_ARRAY_BASE);
        return column;
    }

    @Benchmark
    public double[] vectorPackByHand() {
        double[] m = matrix;
        double[] c = column;
        for (int i = 0; i < VECTOR_BLOCKS; i++) {
            c[i] = m[2 * i];
        }
        return c;
    }

    @Benchmark
    public double[] vectorUnpack() {
        vector.unpack(column, Addresses.DOUBLE_ARRAY_BASE, 1, matrix, Addresses.DOUBLE_ARRAY_BASE);
        return matrix;
    }

    @Benchmark
    public double[] vectorUnpackByHand() {
        double[] m = matrix;
        double[] c = column;
        for (int i = 0; i < VECTOR_BLOCKS; i++) {
            m[2 * i] = c[i];
        }
        return m;
    }

    @Benchmark
    public byte[] structPack() {
        struct.pack(records, Addresses.BYTE_ARRAY_BASE, STRUCT_ITEMS, packedRecords, Addresses.BYTE_ARRAY_BASE);
        return packedRecords;
    }

    @Benchmark
    public byte[] structPackByHand() {
        byte[] src = records;
        byte[] dst = packedRecords;
        for (int i = 0, s = 0, d = 0; i < STRUCT_ITEMS; i++, s += STRUCT_EXTENT, d += STRUCT_SIZE) {
            INT.set(dst, d, (int) INT.get(src, s));
            DOUBLE.set(dst, d + 4, (double) DOUBLE.get(src, s + 8));
            SHORT.set(dst, d + 12, (short) SHORT.get(src, s + 16));
            SHORT.set(dst, d + 14, (short) SHORT.get(src, s + 18));
            SHORT.set(dst, d + 16, (short) SHORT.get(src, s + 20));
        }
        return dst;
    }

    @Benchmark
    public byte[] structUnpack() {
        struct.unpack(packedRecords, Addresses.BYTE_ARRAY_BASE, STRUCT_ITEMS, records, Addresses.BYTE_ARRAY_BASE);
        return records;
    }

    @Benchmark
    public byte[] structUnpackByHand() {
        byte[] src = packedRecords;
        byte[] dst = records;
        for (int i = 0, s = 0, d = 0; i < STRUCT_ITEMS; i++, s += STRUCT_SIZE, d += STRUCT_EXTENT) {
            INT.set(dst, d, (int) INT.get(src, s));
            DOUBLE.set(dst, d + 8, (double) DOUBLE.get(src, s + 4));
            SHORT.set(dst, d + 16, (short) SHORT.get(src, s + 12));
            SHORT.set(dst, d + 18, (short) SHORT.get(src, s + 14));
            SHORT.set(dst, d + 20, (short) SHORT.get(src, s + 16));
        }
        return dst;
    }
}

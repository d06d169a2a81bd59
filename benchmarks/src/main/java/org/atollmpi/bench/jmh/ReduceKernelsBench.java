package org.atollmpi.bench.jmh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import org.atollmpi.coll.ElementKind;
import org.atollmpi.coll.ReduceOp;
import org.atollmpi.coll.Reduction;
import org.atollmpi.engine.Addresses;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The predefined reduction kernels on 4096 elements (32 KiB of doubles: in L1/L2), over the
 * three kinds of memory a collective hands them: Java arrays of the element type (a program's
 * {@code double[]} and a scratch of the same type), byte arrays, and native memory (direct
 * buffers and board memory). Beside them, the loop a program would write over {@code double[]},
 * which C2 vectorises: a kernel that keeps up with it is vectorised too (elements per ns several
 * times a scalar loop's).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReduceKernelsBench {
    static final int N = 4096;

    @Param({"SUM", "MAX"})
    public String op;

    @Param({"INT", "DOUBLE"})
    public String kind;

    @Param({"typed", "bytes", "native"})
    public String memory;

    private Reduction reduction;
    private Object inBase;
    private long inOff;
    private Object ioBase;
    private long ioOff;
    private double[] a;
    private double[] b;
    /** Held so that the native memory stays allocated. */
    private ByteBuffer inBuffer;
    private ByteBuffer ioBuffer;

    @Setup
    public void setUp() {
        ElementKind k = ElementKind.valueOf(kind);
        reduction = Reduction.of(ReduceOp.valueOf(op), k);
        int bytes = N * k.bytes();
        switch (memory) {
            case "typed" -> {
                boolean d = k == ElementKind.DOUBLE;
                inBase = d ? new double[N] : new int[N];
                ioBase = d ? new double[N] : new int[N];
                inOff = d ? Addresses.DOUBLE_ARRAY_BASE : Addresses.INT_ARRAY_BASE;
                ioOff = inOff;
            }
            case "bytes" -> {
                inBase = new byte[bytes];
                ioBase = new byte[bytes];
                inOff = Addresses.BYTE_ARRAY_BASE;
                ioOff = inOff;
            }
            default -> {
                inBase = null;
                ioBase = null;
                inBuffer = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
                ioBuffer = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
                inOff = Addresses.addressOf(inBuffer);
                ioOff = Addresses.addressOf(ioBuffer);
            }
        }
        a = new double[N];
        b = new double[N];
    }

    @Benchmark
    public Object kernel() {
        reduction.apply(inBase, inOff, ioBase, ioOff, N);
        return ioBase;
    }

    public int oa;
    public int ob;

    @Benchmark
    public double[] javaLoopOffsets() {
        double[] x = a;
        double[] y = b;
        int i = oa;
        int j = ob;
        for (int k = 0; k < N; k++) {
            y[j + k] = x[i + k] + y[j + k];
        }
        return y;
    }

    @Benchmark
    public double[] javaLoopSameOffset() {
        double[] x = a;
        double[] y = b;
        int i = oa;
        for (int k = i; k < i + N; k++) {
            y[k] = x[k] + y[k];
        }
        return y;
    }

    /** What a program writes (one variant is enough as the yardstick). */
    @Benchmark
    public double[] javaLoopOnDoubles() {
        for (int i = 0; i < N; i++) {
            b[i] = a[i] + b[i];
        }
        return b;
    }
}

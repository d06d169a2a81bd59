package org.atollmpi.bench.jmh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.Memory;
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
 * The copy primitives that can move a Java array to and from native (board) memory on Java 17,
 * the two copies of every heap-array message: {@code Unsafe.copyMemory} (what {@link Memory#copy}
 * and so the engine use), a direct {@code ByteBuffer}'s bulk {@code put}/{@code get}, and for
 * {@code double[]} a {@code DoubleBuffer} view's bulk transfer (native order). {@code
 * MemorySegment} is an incubator module on Java 17 and is left out. One operation copies
 * {@code bytes} bytes one way.
 *
 * <pre>java -jar benchmarks/target/jmh.jar CopyPrimitives</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public class CopyPrimitives {
    @Param({"64", "4096", "131072", "1048576"})
    public int bytes;

    private byte[] array;
    private double[] doubles;
    private ByteBuffer direct;
    private DoubleBuffer directDoubles;
    private long address;

    @Setup
    public void setUp() {
        array = new byte[bytes];
        doubles = new double[bytes / Double.BYTES];
        direct = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        directDoubles = direct.asDoubleBuffer();
        address = Memory.addressOf(direct);
    }

    @Benchmark
    public void unsafeArrayToNative() {
        Memory.copy(array, Memory.BYTE_ARRAY_BASE, null, address, bytes);
    }

    @Benchmark
    public void unsafeNativeToArray() {
        Memory.copy(null, address, array, Memory.BYTE_ARRAY_BASE, bytes);
    }

    @Benchmark
    public ByteBuffer bufferPutArray() {
        return direct.put(0, array, 0, bytes);
    }

    @Benchmark
    public ByteBuffer bufferGetArray() {
        return direct.get(0, array, 0, bytes);
    }

    @Benchmark
    public void unsafeDoublesToNative() {
        Memory.copy(doubles, Memory.DOUBLE_ARRAY_BASE, null, address, (long) doubles.length * Double.BYTES);
    }

    @Benchmark
    public DoubleBuffer viewPutDoubles() {
        return directDoubles.put(0, doubles, 0, doubles.length);
    }
}

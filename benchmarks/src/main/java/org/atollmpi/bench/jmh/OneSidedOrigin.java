package org.atollmpi.bench.jmh;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.concurrent.TimeUnit;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one small one-sided operation costs its origin, and what it allocates: the loop bodies of
 * {@code osu_put_latency}, {@code osu_get_latency}, {@code osu_acc_latency} and
 * {@code osu_fop_latency} with {@code -s lock_all -w allocate} (an 8-byte operation, then a flush
 * of its target), on a window of {@code Win.allocate} memory in a singleton world (plain
 * {@code java}, the rank its own target: the origin's whole path, NIC operation included, and
 * nobody else's). The OSU benchmarks add the second rank's cache line moving between cores.
 *
 * <pre>java -jar benchmarks/target/jmh.jar OneSidedOrigin -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class OneSidedOrigin {
    private Win win;
    private ByteBuffer bytes;
    private LongBuffer origin;
    private LongBuffer result;
    private LongBuffer compare;

    @Setup(Level.Trial)
    public void setUp() throws MPIException {
        MPI.Init(new String[0]);
        bytes = MPI.newByteBuffer(8);
        origin = MPI.newLongBuffer(1);
        result = MPI.newLongBuffer(1);
        compare = MPI.newLongBuffer(1);
        origin.put(0, 1);
        win = new Win(4096, 1, MPI.INFO_NULL, MPI.COMM_WORLD, (java.nio.Buffer) null, Win.FLAVOR_PRIVATE);
        win.lockAll(0);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws MPIException {
        win.unlockAll();
        win.free();
        MPI.Finalize();
    }

    @Benchmark
    public void putFlush() throws MPIException {
        win.put(bytes, 8, MPI.BYTE, 0, 0, 8, MPI.BYTE);
        win.flush(0);
    }

    @Benchmark
    public void getFlush() throws MPIException {
        win.get(bytes, 8, MPI.BYTE, 0, 0, 8, MPI.BYTE);
        win.flush(0);
    }

    @Benchmark
    public void accumulateFlush() throws MPIException {
        win.accumulate(origin, 1, MPI.LONG, 0, 8, 1, MPI.LONG, MPI.SUM);
        win.flush(0);
    }

    @Benchmark
    public long fetchAndOpFlush() throws MPIException {
        win.fetchAndOp(origin, result, MPI.LONG, 0, 16, MPI.SUM);
        win.flush(0);
        return result.get(0);
    }

    @Benchmark
    public long compareAndSwapFlush() throws MPIException {
        win.compareAndSwap(origin, compare, result, MPI.LONG, 0, 24);
        win.flush(0);
        return result.get(0);
    }
}

package org.atollmpi.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SEND records from rank 0 into rank 1's receive ring (1 MiB) while rank 1's thread drains it.
 * One operation is one record accepted by the ring; when the ring is full the producer spins,
 * so the score is the sustained rate the consumer keeps up with.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReceiveRingThroughput {
    @Param({"8", "1024"})
    public int payloadBytes;

    private BoardPair pair;
    private byte[] payload;
    private long sequence;
    private final Sink sink = new Sink();

    /** Rank 1: touch each record's first word, as a consumer reading its header would. */
    private static final class Sink implements ArrivalHandler {
        long sum;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            sum += header0 + Memory.getLong(base, offset);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        payload = new byte[payloadBytes];
        pair = new BoardPair("ring");
        pair.startPeer(sink);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        pair.close();
    }

    @Benchmark
    public void send() {
        long s = ++sequence;
        while (!pair.rank0.send(1, s, 0, payload, Memory.BYTE_ARRAY_BASE, payloadBytes)) {
            Thread.onSpinWait();
        }
    }
}

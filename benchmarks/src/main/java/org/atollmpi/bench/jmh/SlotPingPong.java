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
 * FAST_SEND ping-pong: rank 0 sends one 8-byte slot, rank 1's thread echoes it from its slot,
 * rank 0 polls for the echo. One operation is one round trip. {@code port}: the bare shm port, or
 * behind the counting port as the engine has it ({@code -p port=raw,counted} shows what the NIC
 * counters cost).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SlotPingPong {
    @Param({"raw", "counted"})
    public String port;

    private BoardPair pair;
    private final long[] payload = new long[1];
    private final Echo echo = new Echo();
    private final Reply reply = new Reply();

    /** Rank 1: send every arrival straight back from its slot. */
    private final class Echo implements ArrivalHandler {
        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            while (!pair.rank1.fastSend(source, header0, header1, base, offset, length) && pair.running()) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    /** Rank 0: remember the echoed payload. */
    private static final class Reply implements ArrivalHandler {
        long value;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            value = Memory.getLong(base, offset);
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
        pair = new BoardPair("pingpong", port.equals("counted"));
        pair.startPeer(echo);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        pair.close();
    }

    @Benchmark
    public long roundTrip() {
        long v = ++payload[0];
        while (!pair.rank0.fastSend(1, v, 0, payload, Memory.LONG_ARRAY_BASE, Long.BYTES)) {
            Thread.onSpinWait();
        }
        while (pair.rank0.poll(reply, 1) == 0) {
            Thread.onSpinWait();
        }
        return reply.value;
    }
}

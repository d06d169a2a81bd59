package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.ForwardingHostPort;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The progress thread as an Agrona agent: one engine pass per {@code doWork}, driven step by step
 * here or by its {@code AgentRunner} thread; two ranks on an in-process board.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AsyncProgressAgentTest {
    private static final int CTX = 0;
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private static EngineConfig config() {
        return new EngineConfig(1024, 1024, EngineConfig.DEFAULT_CHUNK_BYTES, EngineConfig.DEFAULT_STAGING_SLOTS,
            EngineConfig.IdleMode.BACKOFF);
    }

    @Test
    void eachStepIsOnePassAndCountsItsWork() {
        try (LocalBoard board = new LocalBoard(2)) {
            Engine receiver = new Engine(board.open(0), config(), true);
            Engine sender = new Engine(board.open(1), config(), false);
            AsyncProgress agent = new AsyncProgress(receiver);
            assertEquals("atoll-progress-rank-0", agent.roleName());
            assertEquals(0, agent.doWork(), "nothing has arrived");
            byte[] in = new byte[8];
            Operation r = receiver.irecv(in, B, 8, 1, 5, CTX);
            sender.send(Engine.MODE_STANDARD, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, B, 8, 0, 5, CTX);
            assertFalse(r.isComplete(), "only a pass of rank 0 delivers the message");
            assertTrue(agent.doWork() > 0, "the pass that delivers it did work");
            assertTrue(r.isComplete());
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, in);
            assertEquals(0, agent.doWork());
        }
    }

    /**
     * A synchronous send completes only when rank 0 has matched it and sent the SYNC_ACK, and rank
     * 0's program makes no call: only the progress thread can (without it the send never returns).
     */
    @Test
    void theThreadMatchesAndAnswersWhileTheProgramMakesNoCall() {
        try (LocalBoard board = new LocalBoard(2)) {
            Engine receiver = new Engine(board.open(0), config(), true);
            Engine sender = new Engine(board.open(1), config(), false);
            byte[] in = new byte[100];
            Operation r = receiver.irecv(in, B, in.length, 1, 7, CTX);
            byte[] out = new byte[100];
            out[99] = 42;
            try (AsyncProgress progress = AsyncProgress.start(receiver)) {
                sender.send(Engine.MODE_SYNCHRONOUS, out, B, out.length, 0, 7, CTX);
                while (!r.isComplete()) {
                    Thread.onSpinWait(); // the ack leaves before the copy: the thread completes r next
                }
                assertFalse(progress.isClosed());
            }
            assertEquals(42, in[99]);
        }
    }

    @Test
    void closeEndsTheThreadAndTheProgramProgressesOnItsOwn() {
        try (LocalBoard board = new LocalBoard(2)) {
            Engine receiver = new Engine(board.open(0), config(), true);
            Engine sender = new Engine(board.open(1), config(), false);
            AsyncProgress progress = AsyncProgress.start(receiver);
            progress.close();
            assertTrue(progress.isClosed());
            byte[] in = new byte[4];
            Operation r = receiver.irecv(in, B, 4, 1, 1, CTX);
            sender.send(Engine.MODE_STANDARD, new byte[] {9, 9, 9, 9}, B, 4, 0, 1, CTX);
            receiver.await(r);
            assertEquals(9, in[3]);
        }
    }

    /** The engine failing under the thread stops it; the program's own next call meets the failure. */
    @Test
    void aFailingEngineStopsTheThread() {
        try (LocalBoard board = new LocalBoard(1)) {
            BreakablePort port = new BreakablePort(board.open(0));
            Engine engine = new Engine(port, config(), true);
            AsyncProgress progress = AsyncProgress.start(engine);
            port.broken = true;
            while (!progress.isClosed()) {
                Thread.onSpinWait();
            }
            assertThrows(IllegalStateException.class, engine::progress);
            progress.close();
        }
    }

    private static final class BreakablePort extends ForwardingHostPort {
        volatile boolean broken;

        BreakablePort(HostPort port) {
            super(port);
        }

        @Override
        public int poll(ArrivalHandler handler, int limit) {
            if (broken) {
                throw new IllegalStateException("the board went away");
            }
            return super.poll(handler, limit);
        }
    }
}

package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;

/** {@link Engine#describePending}: what {@code mpirun --timeout} prints for each rank. */
class PendingReportTest {
    private static final IntFunction<String> CONTEXTS = c -> "ctx" + c;
    private static final long BASE = Addresses.BYTE_ARRAY_BASE;

    @Test
    void namesPostedReceivesUnexpectedMessagesAndSendsWaitingForTheirMatch() {
        try (LocalBoard board = new LocalBoard(2)) {
            Engine receiver = new Engine(board.open(0), EngineContract.config(1024), false);
            Engine sender = new Engine(board.open(1), EngineContract.config(1024), false);
            assertEquals(List.of(), receiver.describePending(CONTEXTS, 0), "nothing pending at first");

            receiver.irecv(new byte[8], BASE, 8, 1, 5, 0);
            receiver.irecv(new byte[4], BASE, 4, Engine.ANY_SOURCE, Engine.ANY_TAG, 2);
            sender.isend(Engine.MODE_SYNCHRONOUS, new byte[16], BASE, 16, 0, 9, 0);
            sender.isend(Engine.MODE_STANDARD, new byte[1 << 20], BASE, 1 << 20, 0, 3, 0);
            for (int i = 0; i < 20; i++) {
                sender.progress();
                receiver.progress();
            }

            assertEquals(List.of(
                "receive posted: source 1, tag 5, ctx0, up to 8 bytes",
                "unexpected message (arrived, no receive matches it yet): source 1, tag 9, ctx0, 16 bytes",
                "unexpected message (arrived, no receive matches it yet): source 1, tag 3, ctx0, 1048576 bytes"
                    + " (rendezvous, data still at the sender)",
                "receive posted: source ANY_SOURCE, tag ANY_TAG, ctx2, up to 4 bytes"),
                receiver.describePending(CONTEXTS, 0));
            assertEquals(List.of(
                "SyncSend to rank 0: tag 9, 16 bytes, ctx0, state AWAIT_ACK",
                "RendezvousSend to rank 0: tag 3, 1048576 bytes, ctx0, state AWAIT_MATCH"),
                sender.describePending(CONTEXTS, 0));
        }
    }

    @Test
    void aThreadSafeEngineWhoseLockStaysTakenIsReadWithoutItAndSaysSo() throws InterruptedException {
        try (LocalBoard board = new LocalBoard(1)) {
            Engine engine = new Engine(board.open(0), EngineContract.config(1024), true);
            engine.irecv(new byte[4], BASE, 4, 0, 7, 0);
            AtomicReference<List<String>> seen = new AtomicReference<>();
            engine.execute(() -> {
                // the lock is held here, as by a thread that never lets go: another thread reports anyway
                Thread other = new Thread(() -> seen.set(engine.describePending(CONTEXTS, 20)));
                other.start();
                try {
                    other.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertEquals(List.of("(read without the engine's lock, which another thread held: may be stale)",
                "receive posted: source 0, tag 7, ctx0, up to 4 bytes"), seen.get());
            assertEquals(List.of("receive posted: source 0, tag 7, ctx0, up to 4 bytes"),
                engine.describePending(CONTEXTS, 1000), "under the lock once it is free");
        }
    }

    @Test
    void longListsAreCut() {
        try (LocalBoard board = new LocalBoard(1)) {
            Engine engine = new Engine(board.open(0), EngineContract.config(1024), false);
            for (int i = 0; i < PendingReport.MAX_ENTRIES + 10; i++) {
                engine.irecv(new byte[1], BASE, 1, 0, i, 0);
            }
            List<String> lines = engine.describePending(CONTEXTS, 0);
            assertEquals(PendingReport.MAX_ENTRIES + 1, lines.size());
            assertTrue(lines.get(PendingReport.MAX_ENTRIES).startsWith("... and more receives posted on ctx0"), lines.toString());
        }
    }
}

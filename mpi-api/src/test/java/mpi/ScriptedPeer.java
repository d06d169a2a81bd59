package mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.coll.Tuning;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;

/**
 * A two-rank world in one JVM for the API's tests: this JVM's MPI is rank 0 over a real engine
 * on the in-process board, and rank 1 is a bare engine driven by a script on another thread (MPI's
 * state is one per JVM, so only one rank can be the API). A small eager limit (1 KiB) so that
 * rendezvous is exercised. Errors return (ERRORS_RETURN) so that tests can assert them.
 */
final class ScriptedPeer {
    interface Body {
        void run(Engine peer) throws Exception;
    }

    private static final long B = Memory.BYTE_ARRAY_BASE;

    private final LocalBoard board;
    private final Engine peer;
    private Thread thread;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /** Makes the world and enters MPI as rank 0, at thread level SINGLE. */
    ScriptedPeer() {
        this(MPI.THREAD_SINGLE);
    }

    /** At {@code threadLevel}: THREAD_MULTIPLE gives rank 0 a thread-safe engine. */
    ScriptedPeer(int threadLevel) {
        // the peer speaks the collectives' messages only: rank 0 must not wait for a shared area
        Tuning.useSharedAreas(false);
        board = new LocalBoard(2);
        EngineConfig config = new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF);
        Engine mine = new Engine(board.open(0), config, threadLevel == MPI.THREAD_MULTIPLE);
        peer = new Engine(board.open(1), config, false);
        MPI.enter(null, mine, 0, 2, threadLevel);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
    }

    /** The in-process board, for tests that forge what a board delivers. */
    LocalBoard board() {
        return board;
    }

    /** Runs {@code body} as rank 1 on its own thread. */
    void run(Body body) {
        thread = new Thread(() -> {
            try {
                body.run(peer);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                // Rank 0 may be waiting for what the script never sent, past the test's timeout
                // (a spinning wait does not see the interrupt): say why now.
                System.err.println("ScriptedPeer: the script of rank 1 failed; rank 0 may wait for it in vain");
                t.printStackTrace();
            }
        }, "peer");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Rank 1 sends back each of {@code n} messages it receives on COMM_WORLD, same tag, same bytes.
     * An MPI.OBJECT message in two parts ({@link ObjectTransfer}) counts as one: its second part,
     * on COMM_WORLD's collective context, goes back after the first with the same header.
     */
    void echo(int n) {
        run(e -> {
            byte[] buf = new byte[1 << 20];
            for (int i = 0; i < n; i++) {
                Operation op = e.recv(buf, B, buf.length, 0, Engine.ANY_TAG, 0);
                int first = op.byteCount();
                int tag = op.tag(); // read now: the next blocking receive may reuse the operation
                int secondTag = first == ObjectTransfer.FIRST_PART ? ByteBuffer.wrap(buf, 4, 4).getInt() : 0;
                if ((secondTag & ~ObjectTransfer.SEQUENCE_MASK) != ObjectTransfer.SECOND_PART_TAG) {
                    e.send(Engine.MODE_STANDARD, buf, B, first, 0, tag, 0);
                    continue;
                }
                int restBytes = e.recv(buf, B + first, buf.length - first, 0, secondTag, 1).byteCount();
                e.send(Engine.MODE_STANDARD, buf, B, first, 0, tag, 0);
                e.send(Engine.MODE_STANDARD, buf, B + first, restBytes, 0, secondTag, 1);
            }
        });
    }

    /** Waits for the script (30 s at most) and rethrows what it failed with. */
    void join() throws Exception {
        if (thread != null) {
            thread.join(30_000);
            assertFalse(thread.isAlive(), "peer did not finish");
            thread = null;
        }
        if (failure.get() != null) {
            throw new AssertionError("peer failed", failure.get());
        }
    }

    /** Joins the script, leaves MPI and closes the board. */
    void close() throws Exception {
        try {
            join();
        } finally {
            MPI.leave(false);
            board.close();
            Tuning.useSharedAreas(null);
        }
    }
}

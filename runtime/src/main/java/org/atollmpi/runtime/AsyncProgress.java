package org.atollmpi.runtime;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.atollmpi.engine.Engine;

/**
 * The progress thread ({@code mpirun --async-progress}): runs the engine's progress loop while the
 * program computes, so a peer's rendezvous, a collective schedule or an RMA epoch moves on
 * without the program calling MPI. It backs off when idle (spin briefly, yield, then park up to
 * {@link #MAX_PARK_NANOS}), so an idle rank costs little CPU, and a burst of work costs at most one
 * park before it is noticed.
 */
final class AsyncProgress implements Runnable, AutoCloseable {
    static final long MAX_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final Engine engine;
    private final Thread thread;
    private volatile boolean running = true;

    private AsyncProgress(Engine engine) {
        this.engine = engine;
        this.thread = new Thread(this, "atoll-progress-rank-" + engine.rank());
        thread.setDaemon(true);
    }

    static AsyncProgress start(Engine engine) {
        AsyncProgress p = new AsyncProgress(engine);
        p.thread.start();
        return p;
    }

    @Override
    public void run() {
        IdleStrategy idle = new BackoffIdleStrategy(100, 10, 1_000, MAX_PARK_NANOS);
        try {
            while (running) {
                idle.idle(engine.progressInBackground());
            }
        } catch (RuntimeException | Error e) {
            // A fault in the engine itself: the program's own calls still progress (and report it).
            System.err.println("atoll-mpi: rank " + engine.rank() + ": the progress thread stopped: " + e);
        }
    }

    /** Stops the thread and waits for its last pass to end. */
    @Override
    public void close() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

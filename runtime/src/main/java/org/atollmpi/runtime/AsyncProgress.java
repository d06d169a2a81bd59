package org.atollmpi.runtime;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.atollmpi.engine.Engine;

/**
 * The progress thread ({@code mpirun --async-progress}): runs the engine's progress loop while the
 * program computes, so a peer's rendezvous, a collective schedule or an RMA epoch moves on
 * without the program calling MPI. The work is one {@link Agent} (a pass of the engine per
 * {@link #doWork}); Agrona's {@link AgentRunner} drives it on a daemon thread of its own and backs
 * off when idle (spin briefly, yield, then park up to {@link #MAX_PARK_NANOS}), so an idle rank
 * costs little CPU, and a burst of work costs at most one park before it is noticed.
 *
 * <p>A fault in the engine itself stops the thread with one line on stderr: the program's own
 * calls still progress (and report it). A protocol fault is not one: the background pass leaves it
 * for the program's next call to raise.
 */
final class AsyncProgress implements Agent, AutoCloseable {
    static final long MAX_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /** How long {@link #close} waits for the last pass before it says so, interrupts the thread and returns. */
    static final int CLOSE_WAIT_MS = (int) TimeUnit.SECONDS.toMillis(10);

    private final Engine engine;
    private final AgentRunner runner;

    /** Not started: {@link #start} runs it on a thread; a test may call {@link #doWork} itself. */
    AsyncProgress(Engine engine) {
        this.engine = engine;
        this.runner = new AgentRunner(newIdleStrategy(), this::stopped, null, this);
    }

    /** Starts the progress thread of {@code engine} (which must be thread-safe). */
    static AsyncProgress start(Engine engine) {
        AsyncProgress p = new AsyncProgress(engine);
        AgentRunner.startOnThread(p.runner, work -> {
            Thread t = new Thread(work, p.roleName());
            t.setDaemon(true);
            return t;
        });
        return p;
    }

    static IdleStrategy newIdleStrategy() {
        return new BackoffIdleStrategy(100, 10, 1_000, MAX_PARK_NANOS);
    }

    @Override
    public String roleName() {
        return "atoll-progress-rank-" + engine.rank();
    }

    /** One background pass: protocol faults stay for the program's next call. */
    @Override
    public int doWork() {
        try {
            return engine.progressInBackground();
        } catch (RuntimeException | Error e) {
            // the runner would end the thread on an Error with a stack trace: one line, as for the rest
            throw new AgentTerminationException(e);
        }
    }

    /** The runner's error handler: the engine failed, and the runner stops on the termination {@link #doWork} threw. */
    private void stopped(Throwable t) {
        Throwable cause = t instanceof AgentTerminationException && t.getCause() != null ? t.getCause() : t;
        System.err.println("atoll-mpi: rank " + engine.rank() + ": the progress thread stopped: " + cause);
    }

    /** Whether the thread has ended (after {@link #close}, or a fault). */
    boolean isClosed() {
        return runner.isClosed();
    }

    /**
     * Stops the thread and waits for its last pass to end, for {@link #CLOSE_WAIT_MS} at most: then
     * it says so, interrupts the thread and returns, leaving it (a daemon) to end on its own, so a
     * pass that never ends cannot hang the rank's finalize. Agrona's runner alone would wait and
     * retry forever; interrupting the closing thread is what ends its retries, and that interrupt
     * is taken back before returning.
     */
    @Override
    public void close() {
        boolean interruptedBefore = Thread.currentThread().isInterrupted();
        boolean[] gaveUp = {false};
        runner.close(CLOSE_WAIT_MS, thread -> {
            if (!gaveUp[0]) {
                gaveUp[0] = true;
                System.err.println("atoll-mpi: rank " + engine.rank() + ": the progress thread did not stop within "
                    + CLOSE_WAIT_MS + " ms: interrupted and left to end on its own");
                Thread.currentThread().interrupt(); // the runner's next join throws, and it returns
            }
        });
        if (gaveUp[0] && !interruptedBefore) {
            Thread.interrupted();
        }
    }
}

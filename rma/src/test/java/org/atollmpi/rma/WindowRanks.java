package org.atollmpi.rma;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.nic.Board;

/**
 * Ranks of a window test: one thread per rank, each with its own engine on one board, a barrier
 * that progresses while it waits, and the creation exchange the {@code mpi} layer would run; the
 * first failure of any rank fails the test, and every rank must finish within 80 s.
 */
final class WindowRanks {
    private WindowRanks() {
    }

    /** What one rank exposes, made on its thread. */
    interface Memory {
        LocalMemory make(int me, Engine engine);
    }

    interface Body {
        void run(int me, Engine engine, Window win, LocalMemory local) throws Exception;
    }

    static void run(Supplier<Board> boards, int ranks, Memory memory, Body body) throws Exception {
        try (Board board = boards.get()) {
            Phaser phaser = new Phaser(ranks);
            long[] exchange = new long[ranks * WindowMembers.FIELDS];
            int[] world = new int[ranks];
            for (int r = 0; r < ranks; r++) {
                world[r] = r;
            }
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(ranks);
            List<Thread> threads = new ArrayList<>();
            for (int r = 0; r < ranks; r++) {
                int me = r;
                Engine engine = new Engine(board.open(r), new EngineConfig(1024, 1024, 4096, 3,
                    EngineConfig.IdleMode.BACKOFF), false);
                threads.add(new Thread(() -> {
                    try {
                        WindowBarrier barrier = () -> {
                            int phase = phaser.arrive();
                            while (phaser.getPhase() == phase) {
                                engine.idle(engine.progress());
                            }
                        };
                        LocalMemory local = memory.make(me, engine);
                        System.arraycopy(local.describe(), 0, exchange, me * WindowMembers.FIELDS, WindowMembers.FIELDS);
                        barrier.barrier();
                        Window win = new Window(engine, WindowMembers.fromExchange(world, exchange), me, 10, 12, barrier,
                            local);
                        body.run(me, engine, win, local);
                        win.free("free");
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                        phaser.forceTermination();
                    } finally {
                        done.countDown();
                    }
                }, "rank-" + r));
            }
            threads.forEach(t -> {
                t.setDaemon(true);
                t.start();
            });
            boolean finished = done.await(80, TimeUnit.SECONDS);
            if (failure.get() instanceof Exception e) {
                throw e;
            } else if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertTrue(finished, "ranks did not finish");
        }
    }
}

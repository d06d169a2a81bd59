package org.atollmpi.nic.tcp;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/**
 * A probe, not a test: an 8-byte ping-pong between two ports of one in-process TCP board (ranks
 * as threads, each connection on its own event loop), at the host-interface level, with the
 * engine's two idle strategies. {@code java -cp ... org.atollmpi.nic.tcp.TcpPingPong [spin|backoff] [iterations]}
 */
public final class TcpPingPong {
    private static final class Count implements ArrivalHandler {
        int messages;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            messages++;
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    public static void main(String[] args) throws Exception {
        boolean spin = args.length > 0 && args[0].equals("spin");
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        TcpBoardConfig config = new TcpBoardConfig(32, 1 << 20, 1024, 16, 1 << 20, 1 << 20, 64, 2, null, 60_000);
        try (TcpBoard board = new TcpBoard(2, config, 1, m -> { })) {
            TcpHostPort a = (TcpHostPort) board.open(0);
            TcpHostPort b = (TcpHostPort) board.open(1);
            Thread echo = new Thread(() -> bounce(b, 0, spin, 2 * iterations, false));
            echo.setDaemon(true);
            echo.start();
            bounce(a, 1, spin, iterations, true);
            long start = System.nanoTime();
            bounce(a, 1, spin, iterations, true);
            double us = (System.nanoTime() - start) / 1e3 / iterations / 2;
            System.out.printf("%s: %.2f us one way (%d round trips)%n", spin ? "spin" : "backoff", us, iterations);
        }
    }

    private static void bounce(TcpHostPort port, int peer, boolean spin, int rounds, boolean first) {
        IdleStrategy idle = spin ? new BusySpinIdleStrategy() : new BackoffIdleStrategy(64, 16, 1_000, 200_000);
        long[] payload = {42};
        Count in = new Count();
        for (int i = 0; i < rounds; i++) {
            if (first) {
                send(port, peer, payload, idle);
            }
            int want = in.messages + 1;
            idle.reset();
            while (in.messages < want) {
                idle.idle(port.poll(in, 16));
            }
            if (!first) {
                send(port, peer, payload, idle);
            }
        }
    }

    private static void send(TcpHostPort port, int peer, long[] payload, IdleStrategy idle) {
        idle.reset();
        while (!port.fastSend(peer, 1, 2, payload, Memory.LONG_ARRAY_BASE, 8)) {
            idle.idle(port.poll(null, 0));
        }
    }
}
